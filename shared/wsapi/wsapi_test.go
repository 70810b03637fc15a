package wsapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"reflect"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/wsapi"
)

// conn is the connection id of the samples in events/testdata.
const conn = "Cs9rFdFIoAMCJ2w="

func newHandler(f *fake) (*wsapi.Handler, *bytes.Buffer) {
	var buf bytes.Buffer
	return &wsapi.Handler{Svc: f, Log: slog.New(slog.NewTextHandler(&buf, nil))}, &buf
}

// sample reads one of API Gateway's own payloads from events/testdata.
func sample(t *testing.T, name string) wsapi.Request {
	t.Helper()
	data, err := os.ReadFile("../../events/testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var req wsapi.Request
	if err := json.Unmarshal(data, &req); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return req
}

func connectEvent(campaignID, token string) wsapi.Request {
	var req wsapi.Request
	req.RequestContext.ConnectionID = conn
	req.RequestContext.RouteKey = "$connect"
	req.QueryStringParameters = map[string]string{"campaign": campaignID, "token": token}
	return req
}

func messageEvent(body string) wsapi.Request {
	var req wsapi.Request
	req.RequestContext.ConnectionID = conn
	req.Body = body
	return req
}

func decoded(t *testing.T, body string) events.ClientMessage {
	t.Helper()
	msg, err := events.DecodeClient([]byte(body))
	if err != nil {
		t.Fatalf("fixture %s does not decode: %v", body, err)
	}
	return msg
}

func TestConnect(t *testing.T) {
	t.Run("AMemberIsConnected", func(t *testing.T) {
		f := &fake{authenticate: func(string) (game.Player, error) { return aria, nil }}
		h, _ := newHandler(f)
		res, err := h.Connect(context.Background(), sample(t, "websocket-connect.json"))
		if err != nil || res.StatusCode != 200 || res.Body != "" {
			t.Fatalf("Connect = %+v, %v", res, err)
		}
		want := []call{
			{"Authenticate", []any{"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.e30.sig"}},
			{"Connect", []any{conn, aria, "01JD5S7Q0G8Y6M3K2V1T9R4BCE"}},
		}
		if !reflect.DeepEqual(f.calls, want) {
			t.Errorf("calls = %+v, want %+v", f.calls, want)
		}
	})

	// A connect ticket stands in for the token: it is redeemed for the
	// campaign asked for, and the token is not looked at.
	t.Run("ATicketConnectsItsPlayer", func(t *testing.T) {
		f := &fake{redeem: func(ticket, campaignID string) (game.Player, error) {
			if ticket != "tk1" || campaignID != "c1" {
				return game.Player{}, fault.E(fault.Unauthorized, "redeem", "bad")
			}
			return aria, nil
		}}
		h, _ := newHandler(f)
		req := connectEvent("c1", "")
		req.QueryStringParameters["ticket"] = "tk1"
		res, err := h.Connect(context.Background(), req)
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("Connect = %+v, %v", res, err)
		}
		want := []call{{"RedeemTicket", []any{"tk1", "c1"}}, {"Connect", []any{conn, aria, "c1"}}}
		if !reflect.DeepEqual(f.calls, want) {
			t.Errorf("calls = %+v, want %+v", f.calls, want)
		}
	})
	t.Run("ARefusedTicketIsUnauthorizedEvenWithAToken", func(t *testing.T) {
		f := &fake{}
		h, _ := newHandler(f)
		req := connectEvent("c1", goodToken)
		req.QueryStringParameters["ticket"] = "used"
		res, err := h.Connect(context.Background(), req)
		if err != nil || res.StatusCode != 401 {
			t.Fatalf("Connect = %+v, %v", res, err)
		}
		if len(f.calls) != 1 || f.calls[0].name != "RedeemTicket" {
			t.Errorf("calls = %+v, want only RedeemTicket", f.calls)
		}
	})

	// A refusal is an HTTP status and the wire's error body: API Gateway
	// then refuses the upgrade.
	secret := errors.New("sqlite: database is locked at /var/lib/chronicler.db")
	tests := []struct {
		name       string
		campaignID string
		token      string
		connectErr error
		status     int
		code       fault.Kind
		message    string
		calls      []string // the names of the calls made
		logged     bool
	}{
		{"NoCampaignIsInvalid", "", goodToken, nil, 400, fault.Invalid, "campaign: is required", nil, false},
		{"OverlongCampaignIsInvalid", strings.Repeat("c", events.MaxIDLength+1), goodToken, nil, 400, fault.Invalid, "campaign: is required", nil, false},
		{"NoTokenIsUnauthorized", "c1", "", nil, 401, fault.Unauthorized, "invalid or expired token", []string{"Authenticate"}, false},
		{"ForgedTokenIsUnauthorized", "c1", "forged", nil, 401, fault.Unauthorized, "invalid or expired token", []string{"Authenticate"}, false},
		{"ANonMemberIsForbidden", "c1", goodToken, fault.E(fault.Forbidden, "connect", "you are not a member of this campaign"),
			403, fault.Forbidden, "you are not a member of this campaign", []string{"Authenticate", "Connect"}, false},
		{"NoSuchCampaignIsNotFound", "c1", goodToken, fault.E(fault.NotFound, "snapshot", "no such campaign"),
			404, fault.NotFound, "no such campaign", []string{"Authenticate", "Connect"}, false},
		{"ABusyStoreIsUnavailable", "c1", goodToken, fault.Wrap(fault.Unavailable, "connect", secret),
			503, fault.Unavailable, "service unavailable, try again", []string{"Authenticate", "Connect"}, false},
		{"InternalSaysNothing", "c1", goodToken, secret,
			500, fault.Internal, "internal error", []string{"Authenticate", "Connect"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{connect: func(string, game.Player, string) error { return tt.connectErr }}
			h, log := newHandler(f)
			res, err := h.Connect(context.Background(), connectEvent(tt.campaignID, tt.token))
			if err != nil {
				t.Fatal(err)
			}
			if res.StatusCode != tt.status {
				t.Errorf("status = %d, want %d", res.StatusCode, tt.status)
			}
			var body map[string]any
			if err := json.Unmarshal([]byte(res.Body), &body); err != nil {
				t.Fatalf("body %q: %v", res.Body, err)
			}
			if want := map[string]any{"error": map[string]any{"code": string(tt.code), "message": tt.message}}; !reflect.DeepEqual(body, want) {
				t.Errorf("body = %v, want %v", body, want)
			}
			if res.Headers["Content-Type"] != "application/json" {
				t.Errorf("headers = %v", res.Headers)
			}
			var names []string
			for _, c := range f.calls {
				names = append(names, c.name)
			}
			if !reflect.DeepEqual(names, tt.calls) {
				t.Errorf("calls = %q, want %q", names, tt.calls)
			}
			if got := strings.Contains(log.String(), "database is locked"); got != tt.logged {
				t.Errorf("logged = %v: %q", got, log.String())
			}
		})
	}
}

func TestDisconnect(t *testing.T) {
	for _, tt := range []struct {
		name   string
		err    error
		logged bool
	}{
		{"TheConnectionIsForgotten", nil, false},
		{"AFailureIsLoggedAndStillOK", errors.New("store down"), true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{disconnect: func(string) error { return tt.err }}
			h, log := newHandler(f)
			res, err := h.Disconnect(context.Background(), sample(t, "websocket-disconnect.json"))
			if err != nil || res.StatusCode != 200 {
				t.Errorf("Disconnect = %+v, %v", res, err)
			}
			if want := []call{{"Disconnect", []any{conn}}}; !reflect.DeepEqual(f.calls, want) {
				t.Errorf("calls = %+v, want %+v", f.calls, want)
			}
			if got := strings.Contains(log.String(), "store down"); got != tt.logged {
				t.Errorf("logged = %v: %q", got, log.String())
			}
		})
	}
}

// failAt makes the named use case of f fail with err.
func failAt(f *fake, name string, err error) {
	switch name {
	case "Resume":
		f.resume = func(string, string) error { return err }
	case "TakeTurn":
		f.takeTurn = func(string, events.ClientMessage) error { return err }
	case "EndSession":
		f.endSession = func(string, string) error { return err }
	case "Sync":
		f.sync = func(string, int64, int) error { return err }
	case "Roll":
		f.roll = func(string, events.ClientMessage) error { return err }
	case "React":
		f.react = func(string, events.ClientMessage) error { return err }
	case "Undo", "AskUndo", "XCard", "Pause", "Unpause":
		f.fails = map[string]error{name: err}
	default:
		panic("no use case " + name)
	}
}

// Each action reaches its use case with the connection and what the
// message says, after the connection's campaign is checked; a failed use
// case is told to this connection only, with the request id.
func TestDispatch(t *testing.T) {
	turn := `{"action":"turn","request_id":"r2","campaign_id":"c1","character_id":"ch1","text":"I open the door"}`
	intent := `{"action":"turn","request_id":"r2","character_id":"ch1","intent":{"kind":"attack","target_id":"g1"}}`
	roll := `{"action":"roll","request_id":"r4","turn_id":"t1","roll_id":"d1"}`
	react := `{"action":"react","request_id":"r5","turn_id":"t1","character_id":"ch1","reaction":"shield"}`
	undo := `{"action":"undo","request_id":"r6","turn_id":"t1"}`
	askUndo := `{"action":"ask_undo","request_id":"r7","turn_id":"t1"}`
	xCard := `{"action":"xcard","request_id":"r8","turn_id":"t1"}`
	tests := []struct {
		name      string
		body      string
		campaign  string // what CheckBound is asked
		useCase   string
		args      []any
		requestID string
	}{
		{"ResumeResumes", `{"action":"resume","request_id":"r1"}`, "", "Resume", []any{conn, "r1"}, "r1"},
		{"TurnTakesATurn", turn, "c1", "TakeTurn", []any{conn, decoded(t, turn)}, "r2"},
		{"AnIntentTakesATurn", intent, "", "TakeTurn", []any{conn, decoded(t, intent)}, "r2"},
		{"EndSessionEndsIt", `{"action":"end_session","request_id":"r3"}`, "", "EndSession", []any{conn, "r3"}, "r3"},
		{"SyncSendsWhatCameAfter", `{"action":"sync","after_seq":42}`, "", "Sync", []any{conn, int64(42), 0}, ""},
		{"SyncPagesAsAsked", `{"action":"sync","after_seq":42,"limit":25}`, "", "Sync", []any{conn, int64(42), 25}, ""},
		{"RollRolls", roll, "", "Roll", []any{conn, decoded(t, roll)}, "r4"},
		{"ReactReacts", react, "", "React", []any{conn, decoded(t, react)}, "r5"},
		{"UndoTakesTheTurnBack", undo, "", "Undo", []any{conn, decoded(t, undo)}, "r6"},
		{"AskUndoAsksTheTable", askUndo, "", "AskUndo", []any{conn, decoded(t, askUndo)}, "r7"},
		{"XCardWithdrawsTheNarration", xCard, "", "XCard", []any{conn, decoded(t, xCard)}, "r8"},
		{"PausePauses", `{"action":"pause","request_id":"r9"}`, "", "Pause", []any{conn, "r9"}, "r9"},
		{"UnpauseLetsPlayGoOn", `{"action":"unpause","request_id":"r10"}`, "", "Unpause", []any{conn, "r10"}, "r10"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{}
			h, _ := newHandler(f)
			res, err := h.Message(context.Background(), messageEvent(tt.body))
			if err != nil || res.StatusCode != 200 {
				t.Errorf("Message = %+v, %v", res, err)
			}
			want := []call{{"CheckBound", []any{conn, tt.campaign}}, {tt.useCase, tt.args}}
			if !reflect.DeepEqual(f.calls, want) {
				t.Errorf("calls = %+v, want %+v", f.calls, want)
			}
			if len(f.told) != 0 {
				t.Errorf("told %+v", f.told)
			}
		})
		t.Run(tt.name+"FailureIsToldToTheSender", func(t *testing.T) {
			f := &fake{}
			refusal := fault.Refuse("rules", "intent", fault.NotYourTurn, "it is Bram's turn")
			failAt(f, tt.useCase, refusal)
			h, _ := newHandler(f)
			res, err := h.Message(context.Background(), messageEvent(tt.body))
			if err != nil || res.StatusCode != 200 {
				t.Errorf("Message = %+v, %v", res, err)
			}
			if want := []told{{conn, tt.requestID, refusal}}; !reflect.DeepEqual(f.told, want) {
				t.Errorf("told %+v, want %+v", f.told, want)
			}
		})
	}

	t.Run("TheSampleTurnIsTaken", func(t *testing.T) {
		f := &fake{}
		h, _ := newHandler(f)
		req := sample(t, "websocket-turn.json")
		if _, err := h.Message(context.Background(), req); err != nil {
			t.Fatal(err)
		}
		if len(f.calls) != 2 || f.calls[1].name != "TakeTurn" || f.calls[1].args[0] != conn ||
			f.calls[1].args[1].(events.ClientMessage).Text != "I push open the tavern door and look for the innkeeper." {
			t.Errorf("calls = %+v", f.calls)
		}
	})
	t.Run("AnotherCampaignIsRefusedBeforeItsUseCase", func(t *testing.T) {
		bound := fault.E(fault.Forbidden, "message", "this connection is bound to another campaign")
		f := &fake{checkBound: func(string, string) error { return bound }}
		h, _ := newHandler(f)
		res, _ := h.Message(context.Background(), messageEvent(turn))
		if res.StatusCode != 200 {
			t.Errorf("status = %d", res.StatusCode)
		}
		if want := []call{{"CheckBound", []any{conn, "c1"}}}; !reflect.DeepEqual(f.calls, want) {
			t.Errorf("calls = %+v, want %+v", f.calls, want)
		}
		if want := []told{{conn, "r2", bound}}; !reflect.DeepEqual(f.told, want) {
			t.Errorf("told %+v, want %+v", f.told, want)
		}
	})
}

// A message that does not decode reaches no use case: the sender is told
// why, with its request id when the message got as far as naming one.
func TestUndecodable(t *testing.T) {
	tests := []struct {
		name      string
		body      string
		kind      fault.Kind
		field     string
		requestID string
	}{
		{"UnknownActionIsInvalid", `{"action":"dance","request_id":"r1"}`, fault.Invalid, "action", "r1"},
		{"NoActionIsInvalid", `{"request_id":"r1"}`, fault.Invalid, "action", "r1"},
		{"MalformedJSONIsInvalid", `{"action":"resume",`, fault.Invalid, "", ""},
		{"UnknownFieldIsInvalid", `{"action":"resume","request_id":"r1","admin":true}`, fault.Invalid, "", ""},
		{"MissingRequestIDIsInvalid", `{"action":"resume"}`, fault.Invalid, "request_id", ""},
		{"OverlongCampaignIDIsInvalid", `{"action":"resume","request_id":"r1","campaign_id":"` + strings.Repeat("c", events.MaxIDLength+1) + `"}`, fault.Invalid, "campaign_id", "r1"},
		{"MissingFieldKeepsTheRequestID", `{"action":"roll","request_id":"r7","turn_id":"t1"}`, fault.Invalid, "roll_id", "r7"},
		{"NegativeSyncIsInvalid", `{"action":"sync","request_id":"r8","after_seq":-1}`, fault.Invalid, "after_seq", "r8"},
		{"TextAndIntentIsInvalid", `{"action":"turn","request_id":"r9","character_id":"ch1","text":"hi","intent":{"kind":"dodge"}}`, fault.Invalid, "text", "r9"},
		{"OversizeFrameIsTooLarge", `{"action":"turn","request_id":"r1","text":"` + strings.Repeat("a", events.MaxFrameBytes) + `"}`, fault.TooLarge, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{}
			h, _ := newHandler(f)
			res, err := h.Message(context.Background(), messageEvent(tt.body))
			if err != nil || res.StatusCode != 200 {
				t.Errorf("Message = %+v, %v", res, err)
			}
			if len(f.calls) != 0 {
				t.Errorf("called %+v", f.calls)
			}
			if len(f.told) != 1 {
				t.Fatalf("told %+v, want one error", f.told)
			}
			got := f.told[0]
			var fe *fault.Error
			if got.conn != conn || got.requestID != tt.requestID || !errors.As(got.err, &fe) || fe.Kind != tt.kind || fe.Field != tt.field {
				t.Errorf("told %s %q %v, want %s %q, %s on %q", got.conn, got.requestID, got.err, conn, tt.requestID, tt.kind, tt.field)
			}
		})
	}
}
