package wsapi

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"slices"

	awsevents "github.com/aws/aws-lambda-go/events"

	"chronicler/events"
	"chronicler/shared/auth"
	"chronicler/shared/fault"
	"chronicler/shared/redact"
)

// Handler serves the WebSocket routes.
type Handler struct {
	Svc Service // a *game.Service
	Log *slog.Logger
}

// Response is what a WebSocket route handler answers API Gateway.
type Response = awsevents.APIGatewayProxyResponse

// Request is the event API Gateway sends a WebSocket route handler.
type Request = awsevents.APIGatewayWebsocketProxyRequest

// Connect handles $connect: the campaign and who connects come in the query
// string (browsers cannot set headers on a WebSocket): a single-use connect
// ticket from the HTTP API, or the bearer token itself as protocol.md has
// it. A refusal is an HTTP status, and API Gateway then refuses the upgrade.
func (h *Handler) Connect(ctx context.Context, req Request) (Response, error) {
	q := req.QueryStringParameters
	campaignID, token, ticket := q["campaign"], q["token"], q["ticket"]
	if campaignID == "" || len(campaignID) > events.MaxIDLength {
		return refuse(fault.Field("connect", "campaign", "is required")), nil
	}
	var p auth.Player
	var err error
	if ticket != "" {
		p, err = h.Svc.RedeemTicket(ctx, ticket, campaignID)
	} else {
		p, err = h.Svc.Authenticate(ctx, token)
	}
	if err != nil {
		return refuse(err), nil
	}
	if err := h.Svc.Connect(ctx, req.RequestContext.ConnectionID, p, campaignID); err != nil {
		if fault.KindOf(err) == fault.Internal {
			h.Log.ErrorContext(ctx, "connect failed", "campaign", campaignID, "err", err)
		}
		return refuse(err), nil
	}
	return Response{StatusCode: http.StatusOK}, nil
}

func refuse(err error) Response {
	w := fault.ToWire(err)
	body, _ := json.Marshal(map[string]any{"error": w})
	return Response{StatusCode: fault.Status(w.Code), Body: string(body), Headers: map[string]string{"Content-Type": "application/json"}}
}

// Disconnect handles $disconnect.
func (h *Handler) Disconnect(ctx context.Context, req Request) (Response, error) {
	if err := h.Svc.Disconnect(ctx, req.RequestContext.ConnectionID); err != nil {
		h.Log.ErrorContext(ctx, "disconnect failed", "connection", redact.Conn(req.RequestContext.ConnectionID), "err", err)
	}
	return Response{StatusCode: http.StatusOK}, nil
}

// Message handles every client action (and $default): it decodes and
// validates the message, runs the use case and answers a failure with an
// error event to this connection only.
func (h *Handler) Message(ctx context.Context, req Request) (Response, error) {
	conn := req.RequestContext.ConnectionID
	msg, err := events.DecodeClient([]byte(req.Body))
	if err == nil {
		err = h.Svc.CheckBound(ctx, conn, msg.CampaignID)
	}
	if err == nil {
		err = h.dispatch(ctx, conn, msg)
	}
	if err != nil {
		h.Svc.TellError(ctx, conn, msg.RequestID, err)
	}
	return Response{StatusCode: http.StatusOK}, nil
}

func (h *Handler) dispatch(ctx context.Context, conn string, msg events.ClientMessage) error {
	if run, ok := useCases[msg.Action]; ok {
		return run(h, ctx, conn, msg)
	}
	return fault.Field("message", "action", "unknown action")
}

// useCases runs each client action's use case. Its keys are the actions
// of events.Routes, every one of which Message serves.
var useCases = map[string]func(h *Handler, ctx context.Context, conn string, msg events.ClientMessage) error{
	events.ActionResume: func(h *Handler, ctx context.Context, conn string, msg events.ClientMessage) error {
		return h.Svc.Resume(ctx, conn, msg.RequestID)
	},
	events.ActionTurn: func(h *Handler, ctx context.Context, conn string, msg events.ClientMessage) error {
		return h.Svc.TakeTurn(ctx, conn, msg)
	},
	events.ActionUndo: func(h *Handler, ctx context.Context, conn string, msg events.ClientMessage) error {
		return h.Svc.Undo(ctx, conn, msg)
	},
	events.ActionAskUndo: func(h *Handler, ctx context.Context, conn string, msg events.ClientMessage) error {
		return h.Svc.AskUndo(ctx, conn, msg)
	},
	events.ActionXCard: func(h *Handler, ctx context.Context, conn string, msg events.ClientMessage) error {
		return h.Svc.XCard(ctx, conn, msg)
	},
	events.ActionEndSession: func(h *Handler, ctx context.Context, conn string, msg events.ClientMessage) error {
		return h.Svc.EndSession(ctx, conn, msg.RequestID)
	},
	events.ActionSync: func(h *Handler, ctx context.Context, conn string, msg events.ClientMessage) error {
		limit := 0
		if msg.Limit != nil {
			limit = *msg.Limit
		}
		return h.Svc.Sync(ctx, conn, *msg.AfterSeq, limit)
	},
	events.ActionRoll: func(h *Handler, ctx context.Context, conn string, msg events.ClientMessage) error {
		return h.Svc.Roll(ctx, conn, msg)
	},
	events.ActionReact: func(h *Handler, ctx context.Context, conn string, msg events.ClientMessage) error {
		return h.Svc.React(ctx, conn, msg)
	},
	events.ActionPause: func(h *Handler, ctx context.Context, conn string, msg events.ClientMessage) error {
		return h.Svc.Pause(ctx, conn, msg.RequestID)
	},
	events.ActionUnpause: func(h *Handler, ctx context.Context, conn string, msg events.ClientMessage) error {
		return h.Svc.Unpause(ctx, conn, msg.RequestID)
	},
}

// Route returns the handler of a route key of events.Routes: Connect for
// $connect, Disconnect for $disconnect and Message for the others
// ($default and every action); nil for a key the table does not have.
func (h *Handler) Route(key string) func(context.Context, Request) (Response, error) {
	if !slices.ContainsFunc(events.Routes(), func(r events.Route) bool { return r.Key == key }) {
		return nil
	}
	switch key {
	case events.RouteConnect:
		return h.Connect
	case events.RouteDisconnect:
		return h.Disconnect
	}
	return h.Message
}

// Function returns the handler a function of events.Routes (an
// events.Function* name) serves all its routes with: what its Lambda
// starts. It panics when no route names the function, or its routes need
// different handlers: a wiring mistake, found as the function starts.
func (h *Handler) Function(name string) func(context.Context, Request) (Response, error) {
	var keys []string
	for _, r := range events.Routes() {
		if r.Function == name {
			keys = append(keys, r.Key)
		}
	}
	if len(keys) == 0 {
		panic(fmt.Sprintf("wsapi: no route names the function %q", name))
	}
	if len(keys) > 1 && (slices.Contains(keys, events.RouteConnect) || slices.Contains(keys, events.RouteDisconnect)) {
		panic(fmt.Sprintf("wsapi: the function %q serves routes %v, which need different handlers", name, keys))
	}
	return h.Route(keys[0])
}
