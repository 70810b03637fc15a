package httpapi

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	awsevents "github.com/aws/aws-lambda-go/events"

	"chronicler/events"
	"chronicler/shared/auth"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/gz"
	"chronicler/shared/headers"
	"chronicler/shared/srd"
)

// Request and Response are API Gateway's HTTP API (payload 2.0) events.
type (
	Request  = awsevents.APIGatewayV2HTTPRequest
	Response = awsevents.APIGatewayV2HTTPResponse
)

// Handler serves /api.
type Handler struct {
	players     Players
	limits      Limits
	probe       Health
	campaigns   Campaigns
	members     Members
	characters  Characters
	encounters  Encounters
	homebrew    Homebrew
	budgets     Budgets
	secrets     Secrets
	safetyTools SafetyTools
	history     History
	archives    Archives

	storeName string
	log       *slog.Logger
	mux       *http.ServeMux
	routes    []string
}

// Routes lists the patterns the API serves ("METHOD /path/{param}").
func (h *Handler) Routes() []string { return h.routes }

// New returns the API handler over the use cases of svc (a *game.Service).
// storeName is reported by /api/health.
func New(svc Service, storeName string, log *slog.Logger) *Handler {
	h := &Handler{
		players: svc, limits: svc, probe: svc, campaigns: svc, members: svc, characters: svc,
		encounters: svc, homebrew: svc, budgets: svc, secrets: svc, safetyTools: svc, history: svc, archives: svc,
		storeName: storeName, log: log, mux: http.NewServeMux(),
	}
	h.route("POST /api/players", h.createPlayer, false)
	h.route("POST /api/players/recover", h.recoverPlayer, false)
	h.route("GET /api/health", h.health, false)
	h.route("GET /api/rules/choices", h.ruleChoices, false)
	h.route("GET /api/players/me", h.me, true)
	h.route("POST /api/players/me/sign-out", h.signOut, true)
	h.route("POST /api/campaigns", h.createCampaign, true)
	h.route("GET /api/campaigns", h.listCampaigns, true)
	h.route("GET /api/campaigns/{id}", h.getCampaign, true)
	h.route("POST /api/campaigns/{id}/join", h.joinCampaign, true)
	h.route("POST /api/campaigns/{id}/connect-ticket", h.connectTicket, true)
	h.route("POST /api/campaigns/{id}/characters", h.createCharacter, true)
	h.route("POST /api/campaigns/{id}/characters/{cid}/give", h.give, true)
	h.route("GET /api/campaigns/{id}/characters/{cid}/working", h.sheetWorking, true)
	h.route("POST /api/campaigns/{id}/characters/{cid}/orders", h.orders, true)
	h.route("GET /api/campaigns/{id}/turns", h.listTurns, true)
	h.route("POST /api/campaigns/{id}/conclude", h.conclude, true)
	h.route("GET /api/campaigns/{id}/export", h.export, true)
	h.route("GET /api/campaigns/{id}/turns/{seq}/context", h.turnContext, true)
	h.route("POST /api/campaigns/{id}/encounters", h.startEncounter, true)
	h.route("POST /api/campaigns/{id}/encounters/{eid}/end", h.endEncounter, true)
	h.route("POST /api/campaigns/{id}/invite", h.rotateInvite, true)
	h.route("POST /api/campaigns/{id}/invite/revoke", h.revokeInvite, true)
	h.route("POST /api/campaigns/{id}/homebrew", h.setHomebrew, true)
	h.route("POST /api/campaigns/{id}/budget", h.setBudget, true)
	h.route("GET /api/campaigns/{id}/secrets", h.listSecrets, true)
	h.route("POST /api/campaigns/{id}/secrets", h.addSecret, true)
	h.route("POST /api/campaigns/{id}/secrets/{sid}/remove", h.removeSecret, true)
	h.route("GET /api/campaigns/{id}/safety", h.safety, true)
	h.route("POST /api/campaigns/{id}/safety", h.addLimit, true)
	h.route("POST /api/campaigns/{id}/safety/{lid}/remove", h.removeLimit, true)
	h.route("POST /api/campaigns/{id}/members/{player}/remove", h.removePlayer, true)
	h.route("POST /api/campaigns/import", h.importCampaign, true)
	h.route("/api/", func(*call) (int, any, error) {
		return 0, nil, fault.E(fault.NotFound, "route", "no such route")
	}, false)
	return h
}

// call is one request being served.
type call struct {
	r      *http.Request
	player auth.Player
	body   []byte
}

type endpoint func(c *call) (status int, body any, err error)

func (h *Handler) route(pattern string, e endpoint, authed bool) {
	h.routes = append(h.routes, pattern)
	h.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		c := &call{r: r}
		status, body, err := h.serve(c, e, authed)
		if err != nil {
			w := fault.ToWire(err)
			if w.Code == fault.Internal {
				h.log.ErrorContext(r.Context(), "api request failed", "method", r.Method, "path", r.URL.Path, "err", err)
			}
			status, body = fault.Status(w.Code), map[string]any{"error": w}
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(body)
	})
}

func (h *Handler) serve(c *call, e endpoint, authed bool) (int, any, error) {
	if authed {
		tok, err := auth.Bearer(c.r.Header.Get("Authorization"))
		if err != nil {
			return 0, nil, err
		}
		if c.player, err = h.players.Authenticate(c.r.Context(), tok); err != nil {
			return 0, nil, err
		}
	}
	key := "player:" + c.player.ID
	if !authed {
		key = "ip:" + address(c.r)
	}
	if !h.limits.AllowAPI(key) {
		return 0, nil, fault.E(fault.RateLimited, "api", "too many requests; slow down")
	}
	if c.r.Body != nil {
		limit, importing := events.MaxBodyBytes, c.r.URL.Path == "/api/campaigns/import"
		if importing {
			limit = events.MaxImportBytes
		}
		b, err := io.ReadAll(io.LimitReader(c.r.Body, int64(limit)+1))
		if err != nil {
			return 0, nil, fault.Wrap(fault.Invalid, "read body", err)
		}
		if len(b) > limit {
			if importing {
				return 0, nil, fault.E(fault.TooLarge, "read body", "an import is at most %d bytes; send a larger file gzipped (Content-Encoding: gzip)", limit)
			}
			return 0, nil, fault.E(fault.TooLarge, "read body", "body is larger than %d bytes", limit)
		}
		if importing && strings.EqualFold(strings.TrimSpace(c.r.Header.Get("Content-Encoding")), "gzip") {
			if b, err = gz.Decompress(b, events.MaxExportBytes); errors.Is(err, gz.ErrTooLarge) {
				return 0, nil, fault.E(fault.TooLarge, "read body", "the file inflates past %d bytes", events.MaxExportBytes)
			} else if err != nil {
				return 0, nil, fault.E(fault.Invalid, "read body", "the body is not gzip")
			}
		}
		c.body = b
	}
	return e(c)
}

// address is the caller's source address without its port: API Gateway's
// requestContext.http.sourceIp in the cloud, the peer's address on one
// machine. Per-address limits count by it, so one machine's connections
// (each from its own port) are one caller.
func address(r *http.Request) string {
	if host, _, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		return host
	}
	return r.RemoteAddr
}

// tooMany is the refusal of a call past a per-address limit.
func tooMany(what string) error {
	return fault.E(fault.RateLimited, what, "too many %s from this address; wait a while and try again", what)
}

// Handle serves one API Gateway HTTP API event.
func (h *Handler) Handle(ctx context.Context, req Request) (Response, error) {
	body := []byte(req.Body)
	if req.IsBase64Encoded {
		b, err := base64.StdEncoding.DecodeString(req.Body)
		if err != nil {
			return errorResponse(fault.E(fault.Invalid, "read body", "body is not valid base64")), nil
		}
		body = b
	}
	u := req.RawPath
	if req.RawQueryString != "" {
		u += "?" + req.RawQueryString
	}
	r, err := http.NewRequestWithContext(ctx, req.RequestContext.HTTP.Method, u, bytes.NewReader(body))
	if err != nil {
		return errorResponse(fault.E(fault.Invalid, "read request", "malformed request line")), nil
	}
	for k, v := range req.Headers {
		r.Header.Set(k, v)
	}
	r.RemoteAddr = req.RequestContext.HTTP.SourceIP
	rec := &recorder{header: http.Header{}, status: http.StatusOK}
	h.mux.ServeHTTP(rec, r)
	headers.Set(rec.header, headers.APIPolicy)
	out := Response{StatusCode: rec.status, Body: rec.body.String(), Headers: map[string]string{}}
	for k := range rec.header {
		out.Headers[k] = rec.header.Get(k)
	}
	return out, nil
}

func errorResponse(err error) Response {
	w := fault.ToWire(err)
	b, _ := json.Marshal(map[string]any{"error": w})
	h := http.Header{"Content-Type": {"application/json"}}
	headers.Set(h, headers.APIPolicy)
	out := Response{StatusCode: fault.Status(w.Code), Body: string(b), Headers: map[string]string{}}
	for k := range h {
		out.Headers[k] = h.Get(k)
	}
	return out
}

// recorder is the ResponseWriter the mux writes into.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }
func (r *recorder) WriteHeader(status int)      { r.status = status }

// campaignJSON is a campaign on the wire.
type campaignJSON struct {
	ID           string            `json:"id"`
	Name         string            `json:"name"`
	Status       campaign.Status   `json:"status"`
	WorldSeed    string            `json:"world_seed,omitempty"`
	DMPersona    string            `json:"dm_persona,omitempty"`
	Settings     campaign.Settings `json:"settings"`
	OwnerID      string            `json:"owner_id"`
	CreatedAt    time.Time         `json:"created_at"`
	LastPlayedAt time.Time         `json:"last_played_at"`
	// Homebrew, beyond protocol.md: the campaign's own stat blocks.
	Homebrew *srd.Overrides `json:"homebrew,omitempty"`
}

func toJSON(c campaign.Campaign) campaignJSON {
	return campaignJSON{ID: c.ID, Name: c.Name, Status: c.Status, WorldSeed: c.WorldSeed, DMPersona: c.DMPersona,
		Settings: c.Settings, OwnerID: c.OwnerID, CreatedAt: c.CreatedAt, LastPlayedAt: c.LastPlayedAt, Homebrew: c.Homebrew}
}

func (h *Handler) health(*call) (int, any, error) {
	return http.StatusOK, map[string]string{"status": "ok", "store": h.storeName, "narrator": h.probe.NarratorName()}, nil
}

func (h *Handler) createPlayer(c *call) (int, any, error) {
	req, err := events.DecodeCreatePlayer(c.body)
	if err != nil {
		return 0, nil, err
	}
	if !h.limits.AllowNewPlayer(address(c.r)) {
		return 0, nil, tooMany("new players")
	}
	id, err := h.players.CreatePlayer(c.r.Context(), req)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, identityJSON(id), nil
}

// me says who the bearer is: a client signed in with an identity provider
// holds only the provider's token and learns its player id here.
func (h *Handler) me(c *call) (int, any, error) {
	return http.StatusOK, map[string]string{"player_id": c.player.ID, "name": c.player.Name}, nil
}

func (h *Handler) signOut(c *call) (int, any, error) {
	if err := h.players.SignOutEverywhere(c.r.Context(), c.player); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]bool{"signed_out": true}, nil
}

func identityJSON(id auth.Credentials) map[string]string {
	return map[string]string{"player_id": id.ID, "name": id.Name, "token": id.Token, "recovery_code": id.RecoveryCode}
}

func (h *Handler) recoverPlayer(c *call) (int, any, error) {
	req, err := events.DecodeRecoverPlayer(c.body)
	if err != nil {
		return 0, nil, err
	}
	if !h.limits.AllowNewPlayer(address(c.r)) {
		return 0, nil, tooMany("sign-ins")
	}
	id, err := h.players.RecoverPlayer(c.r.Context(), req)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, identityJSON(id), nil
}

func (h *Handler) rotateInvite(c *call) (int, any, error) {
	inv, err := h.members.RotateInvite(c.r.Context(), c.player, c.r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, inv, nil
}

func (h *Handler) revokeInvite(c *call) (int, any, error) {
	if err := h.members.RevokeInvite(c.r.Context(), c.player, c.r.PathValue("id")); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]any{"invite_code": nil}, nil
}

func (h *Handler) setBudget(c *call) (int, any, error) {
	b, err := events.DecodeBudget(c.body)
	if err != nil {
		return 0, nil, err
	}
	cp, err := h.budgets.SetBudget(c.r.Context(), c.player, c.r.PathValue("id"), b)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]any{"campaign": toJSON(cp)}, nil
}

func (h *Handler) setHomebrew(c *call) (int, any, error) {
	o, err := events.DecodeHomebrew(c.body)
	if err != nil {
		return 0, nil, err
	}
	cp, err := h.homebrew.SetHomebrew(c.r.Context(), c.player, c.r.PathValue("id"), o)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]any{"campaign": toJSON(cp)}, nil
}

func (h *Handler) listSecrets(c *call) (int, any, error) {
	secrets, err := h.secrets.Secrets(c.r.Context(), c.player, c.r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]any{"secrets": list(secrets)}, nil
}

func (h *Handler) addSecret(c *call) (int, any, error) {
	req, err := events.DecodeSecret(c.body)
	if err != nil {
		return 0, nil, err
	}
	sec, err := h.secrets.AddSecret(c.r.Context(), c.player, c.r.PathValue("id"), req)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, map[string]any{"secret": sec}, nil
}

func (h *Handler) removeSecret(c *call) (int, any, error) {
	if err := h.secrets.RemoveSecret(c.r.Context(), c.player, c.r.PathValue("id"), c.r.PathValue("sid")); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]string{"removed": c.r.PathValue("sid")}, nil
}

func (h *Handler) removePlayer(c *call) (int, any, error) {
	if err := h.members.RemovePlayer(c.r.Context(), c.player, c.r.PathValue("id"), c.r.PathValue("player")); err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]string{"removed": c.r.PathValue("player")}, nil
}

func (h *Handler) createCampaign(c *call) (int, any, error) {
	req, err := events.DecodeCreateCampaign(c.body)
	if err != nil {
		return 0, nil, err
	}
	cp, err := h.campaigns.CreateCampaign(c.r.Context(), c.player, req)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, map[string]any{"campaign": toJSON(cp), "invite_code": cp.InviteCode}, nil
}

func (h *Handler) listCampaigns(c *call) (int, any, error) {
	cs, err := h.campaigns.ListCampaigns(c.r.Context(), c.player)
	if err != nil {
		return 0, nil, err
	}
	type item struct {
		ID           string          `json:"id"`
		Name         string          `json:"name"`
		Status       campaign.Status `json:"status"`
		LastPlayedAt time.Time       `json:"last_played_at"`
	}
	out := make([]item, len(cs))
	for i, cp := range cs {
		out[i] = item{cp.ID, cp.Name, cp.Status, cp.LastPlayedAt}
	}
	return http.StatusOK, map[string]any{"campaigns": out}, nil
}

func (h *Handler) getCampaign(c *call) (int, any, error) {
	v, err := h.campaigns.GetCampaign(c.r.Context(), c.player, c.r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	body := map[string]any{
		"campaign": toJSON(v.Campaign), "state": v.State, "characters": list(v.Characters),
		"members": list(v.Members), "last_seq": v.LastSeq, "session": v.Session, "sessions": list(v.Sessions),
		"encounter": v.Encounter, "cost": v.Cost,
	}
	if v.Campaign.OwnerID == c.player.ID && v.Campaign.InviteCode != "" {
		body["invite_code"] = v.Campaign.InviteCode
		body["invite_expires_at"] = v.Campaign.InviteExpiresAt
	}
	return http.StatusOK, body, nil
}

func (h *Handler) connectTicket(c *call) (int, any, error) {
	if !h.limits.AllowTicket(address(c.r)) {
		return 0, nil, tooMany("connections")
	}
	ticket, expires, err := h.players.ConnectTicket(c.r.Context(), c.player, c.r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, map[string]any{"ticket": ticket, "expires_at": expires}, nil
}

func (h *Handler) joinCampaign(c *call) (int, any, error) {
	req, err := events.DecodeJoinCampaign(c.body)
	if err != nil {
		return 0, nil, err
	}
	req.From = address(c.r)
	cp, err := h.members.JoinCampaign(c.r.Context(), c.player, c.r.PathValue("id"), req)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]any{"campaign": toJSON(cp)}, nil
}

// ruleChoices answers GET /api/rules/choices?class=&race=&level=&skills=:
// what a new character of that class, race and level chooses, each
// choice with its options (campaign.Asked).
func (h *Handler) ruleChoices(c *call) (int, any, error) {
	q := c.r.URL.Query()
	level := 1
	if v := q.Get("level"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > campaign.MaxLevel {
			return 0, nil, fault.Field("rule choices", "level", "must be a number from 1 to %d", campaign.MaxLevel)
		}
		level = n
	}
	var skills []string
	if v := q.Get("skills"); v != "" {
		skills = strings.Split(v, ",")
	}
	sub, choices, err := campaign.Asked(q.Get("class"), q.Get("race"), level, skills)
	if err != nil {
		return 0, nil, err
	}
	if choices == nil {
		choices = []campaign.ChoiceSpec{}
	}
	return http.StatusOK, map[string]any{"subclass": sub, "choices": choices}, nil
}

func (h *Handler) createCharacter(c *call) (int, any, error) {
	req, err := events.DecodeNewCharacter(c.body)
	if err != nil {
		return 0, nil, err
	}
	ch, err := h.characters.CreateCharacter(c.r.Context(), c.player, c.r.PathValue("id"), req)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, map[string]any{"character": ch}, nil
}

func (h *Handler) give(c *call) (int, any, error) {
	g, err := events.DecodeGift(c.body)
	if err != nil {
		return 0, nil, err
	}
	ch, err := h.characters.Give(c.r.Context(), c.player, c.r.PathValue("id"), c.r.PathValue("cid"), g)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]any{"character": ch}, nil
}

func (h *Handler) sheetWorking(c *call) (int, any, error) {
	w, err := h.characters.SheetWorking(c.r.Context(), c.player, c.r.PathValue("id"), c.r.PathValue("cid"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]any{"working": w}, nil
}

func (h *Handler) orders(c *call) (int, any, error) {
	b, err := events.DecodeOrders(c.body)
	if err != nil {
		return 0, nil, err
	}
	ch, err := h.characters.SetOrders(c.r.Context(), c.player, c.r.PathValue("id"), c.r.PathValue("cid"), b.Orders)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]any{"character": ch}, nil
}

func (h *Handler) listTurns(c *call) (int, any, error) {
	q := c.r.URL.Query()
	after, err := intParam("list turns", "after", q.Get("after"))
	if err != nil {
		return 0, nil, err
	}
	limit, err := intParam("list turns", "limit", q.Get("limit"))
	if err != nil {
		return 0, nil, err
	}
	page, err := h.history.Turns(c.r.Context(), c.player, c.r.PathValue("id"), after, limit)
	if err != nil {
		return 0, nil, err
	}
	body := map[string]any{"turns": list(page.Turns)}
	if page.Next != nil {
		body["next"] = *page.Next
	}
	return http.StatusOK, body, nil
}

// intParam is the whole number of the query parameter name, whose value
// is v, for op: 0 when it is absent or blank, invalid when it is anything
// else.
func intParam(op, name, v string) (int, error) {
	if strings.TrimSpace(v) == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fault.Field(op, name, "must be a whole number")
	}
	return n, nil
}

func (h *Handler) conclude(c *call) (int, any, error) {
	cp, err := h.campaigns.Conclude(c.r.Context(), c.player, c.r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, map[string]any{"campaign": toJSON(cp)}, nil
}

// list makes a missing list an empty one: the wire has [] where a client
// iterates, never null.
func list[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func (h *Handler) export(c *call) (int, any, error) {
	// Without after, the whole export; with it, one page of turns.
	if v := c.r.URL.Query().Get("after"); strings.TrimSpace(v) != "" {
		after, err := intParam("export campaign", "after", v)
		if err != nil {
			return 0, nil, err
		}
		page, err := h.archives.ExportPage(c.r.Context(), c.player, c.r.PathValue("id"), after)
		if err != nil {
			return 0, nil, err
		}
		return http.StatusOK, page, nil
	}
	e, err := h.archives.Export(c.r.Context(), c.player, c.r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, e, nil
}

func (h *Handler) importCampaign(c *call) (int, any, error) {
	e, err := events.DecodeExport(c.body)
	if err != nil {
		return 0, nil, err
	}
	cp, err := h.archives.Import(c.r.Context(), c.player, e)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, map[string]any{"campaign": toJSON(cp)}, nil
}

func (h *Handler) turnContext(c *call) (int, any, error) {
	seq, err := strconv.Atoi(c.r.PathValue("seq"))
	if err != nil {
		return 0, nil, fault.Field("turn context", "seq", "must be a whole number")
	}
	tc, err := h.history.TurnContext(c.r.Context(), c.player, c.r.PathValue("id"), seq)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, tc, nil
}

func (h *Handler) startEncounter(c *call) (int, any, error) {
	req, err := events.DecodeStartEncounter(c.body)
	if err != nil {
		return 0, nil, err
	}
	rec, err := h.encounters.StartEncounter(c.r.Context(), c.player, c.r.PathValue("id"), req)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusCreated, map[string]any{"encounter": rec.Data}, nil
}

func (h *Handler) endEncounter(c *call) (int, any, error) {
	req, err := events.DecodeEndEncounter(c.body)
	if err != nil {
		return 0, nil, err
	}
	ended, err := h.encounters.EndEncounter(c.r.Context(), c.player, c.r.PathValue("id"), c.r.PathValue("eid"), req)
	if err != nil {
		return 0, nil, err
	}
	return http.StatusOK, ended, nil
}
