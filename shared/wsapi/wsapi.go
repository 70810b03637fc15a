package wsapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"

	awsevents "github.com/aws/aws-lambda-go/events"

	"chronicler/events"
	"chronicler/shared/fault"
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

// Connect handles $connect: the token and campaign come in the query string
// (browsers cannot set headers on a WebSocket). A refusal is an HTTP status,
// and API Gateway then refuses the upgrade.
func (h *Handler) Connect(ctx context.Context, req Request) (Response, error) {
	q := req.QueryStringParameters
	campaignID, token := q["campaign"], q["token"]
	if campaignID == "" || len(campaignID) > events.MaxIDLength {
		return refuse(fault.Field("connect", "campaign", "is required")), nil
	}
	p, err := h.Svc.Authenticate(ctx, token)
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
		h.Log.ErrorContext(ctx, "disconnect failed", "connection", req.RequestContext.ConnectionID, "err", err)
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
	switch msg.Action {
	case events.ActionResume:
		return h.Svc.Resume(ctx, conn, msg.RequestID)
	case events.ActionTurn:
		return h.Svc.TakeTurn(ctx, conn, msg)
	case events.ActionEndSession:
		return h.Svc.EndSession(ctx, conn, msg.RequestID)
	case events.ActionSync:
		return h.Svc.Sync(ctx, conn, *msg.AfterSeq)
	case events.ActionRoll:
		return h.Svc.Roll(ctx, conn, msg)
	case events.ActionReact:
		return h.Svc.React(ctx, conn, msg)
	}
	return fault.Field("message", "action", "unknown action")
}
