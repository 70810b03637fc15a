package httpapi

import (
	"context"
	"net/http"

	"chronicler/events"
	"chronicler/shared/auth"
)

// SafetyTools keeps a campaign's lines and veils. Every member may read
// what is theirs to see and add their own; the owner's are the table's.
type SafetyTools interface {
	// Safety returns the limits p may see and the pause. Forbidden for a
	// non-member.
	Safety(ctx context.Context, p auth.Player, campaignID string) (events.Safety, error)
	// AddLimit returns the limit kept, as p sees it. Invalid when the
	// campaign keeps as many as it may; ReadOnly when it is concluded.
	AddLimit(ctx context.Context, p auth.Player, campaignID string, req events.NewLimit) (events.LimitView, error)
	// RemoveLimit takes one back. NotFound for a limit that is not p's
	// to remove (another player's private one is not found either).
	RemoveLimit(ctx context.Context, p auth.Player, campaignID, limitID string) error
}

func (h *Handler) safety(c *call) (int, any, error) {
	v, err := h.safetyTools.Safety(c.r.Context(), c.player, c.r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, v, nil
}

func (h *Handler) addLimit(c *call) (int, any, error) {
	req, err := events.DecodeLimit(c.body)
	if err != nil {
		return 0, nil, err
	}
	l, err := h.safetyTools.AddLimit(c.r.Context(), c.player, c.r.PathValue("id"), req)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, map[string]any{"limit": l}, nil
}

func (h *Handler) removeLimit(c *call) (int, any, error) {
	if err := h.safetyTools.RemoveLimit(c.r.Context(), c.player, c.r.PathValue("id"), c.r.PathValue("lid")); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]string{"removed": c.r.PathValue("lid")}, nil
}
