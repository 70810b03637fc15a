package httpapi_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/auth"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/httpapi"
	"chronicler/shared/rules/encounter"
)

const bearer = "Bearer " + goodToken

// minimalExport is the smallest file DecodeExport takes.
const minimalExport = `{"format":"chronicler.campaign","version":2,"campaign":{"id":"c0","name":"The Old Crown",` +
	`"status":"paused","settings":{},"owner_id":"p0"},"state":{},"characters":[],"members":[],"sessions":[],"turns":[],"encounters":[]}`

// api is a handler over a fake game, with what it logs.
type api struct {
	h   *httpapi.Handler
	log *bytes.Buffer
}

func newAPI(f *fake) api {
	var buf bytes.Buffer
	return api{h: httpapi.New(f, "memory", slog.New(slog.NewTextHandler(&buf, nil))), log: &buf}
}

// event is an API Gateway request as the cloud and the local server make
// it; auth is the Authorization header ("" for none).
func event(method, target, auth, body string) httpapi.Request {
	path, query, _ := strings.Cut(target, "?")
	r := httpapi.Request{RawPath: path, RawQueryString: query, Body: body, Headers: map[string]string{}}
	r.RequestContext.HTTP.Method = method
	r.RequestContext.HTTP.SourceIP = "203.0.113.7"
	if auth != "" {
		r.Headers["authorization"] = auth
	}
	return r
}

func (a api) serve(t *testing.T, req httpapi.Request) httpapi.Response {
	t.Helper()
	res, err := a.h.Handle(context.Background(), req)
	if err != nil {
		t.Fatalf("Handle: %v", err)
	}
	return res
}

func (a api) do(t *testing.T, method, target, auth, body string) httpapi.Response {
	t.Helper()
	return a.serve(t, event(method, target, auth, body))
}

// object decodes a response body that must be one JSON object.
func object(t *testing.T, res httpapi.Response) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(res.Body), &m); err != nil {
		t.Fatalf("body %q is not a JSON object: %v", res.Body, err)
	}
	return m
}

// encoded is v as the handler's encoder writes a body.
func encoded(t *testing.T, v any) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// keys lists an object's keys, sorted and space-separated.
func keys(m map[string]any) string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, " ")
}

// wantError checks that res is the wire's error body, and nothing more:
// {"error":{"code","message"[,"reason"]}} with the kind's status.
func wantError(t *testing.T, res httpapi.Response, status int, code fault.Kind, message, reason string) {
	t.Helper()
	if res.StatusCode != status {
		t.Errorf("status = %d, want %d (body %s)", res.StatusCode, status, res.Body)
	}
	want := map[string]any{"error": map[string]any{"code": string(code), "message": message}}
	if reason != "" {
		want["error"].(map[string]any)["reason"] = reason
	}
	if got := object(t, res); !reflect.DeepEqual(got, want) {
		t.Errorf("body = %v, want %v", got, want)
	}
	if ct := res.Headers["Content-Type"]; ct != "application/json" {
		t.Errorf("Content-Type = %q", ct)
	}
}

func decoded[T any](t *testing.T, decode func([]byte) (T, error), body string) T {
	t.Helper()
	v, err := decode([]byte(body))
	if err != nil {
		t.Fatalf("fixture %s does not decode: %v", body, err)
	}
	return v
}

// Every route reaches its use case with the bearer's player, the path's
// ids and the decoded body, and answers with the status and body fields
// protocol.md gives it.
func TestRoutes(t *testing.T) {
	tests := []struct {
		name    string
		pattern string // the route it exercises
		method  string
		target  string
		auth    string
		body    string
		want    []call
		status  int
		keys    string // the response's top-level fields; "" skips the check
	}{
		{"RegisterCreatesAPlayer", "POST /api/players", "POST", "/api/players", "", `{"name":" Aria "}`,
			[]call{{"CreatePlayer", []any{events.CreatePlayer{Name: "Aria"}}}}, 201, "name player_id recovery_code token"},
		{"RecoverRestoresAPlayer", "POST /api/players/recover", "POST", "/api/players/recover", "", `{"recovery_code":"p1-CODE","name":"Aria"}`,
			[]call{{"RecoverPlayer", []any{events.RecoverPlayer{RecoveryCode: "p1-CODE", Name: "Aria"}}}}, 200, "name player_id recovery_code token"},
		{"MeIsTheBearer", "GET /api/players/me", "GET", "/api/players/me", bearer, "",
			nil, 200, "name player_id"},
		{"HealthNeedsNoToken", "GET /api/health", "GET", "/api/health", "", "",
			nil, 200, "narrator status store"},
		{"RuleChoicesNeedNoToken", "GET /api/rules/choices", "GET", "/api/rules/choices?class=fighter&race=human", "", "",
			nil, 200, "choices subclass"},
		{"CreateCampaignIsCreated", "POST /api/campaigns", "POST", "/api/campaigns", bearer, `{"name":"The Sunken Crown"}`,
			[]call{{"CreateCampaign", []any{aria, events.CreateCampaign{Name: "The Sunken Crown"}}}}, 201, "campaign invite_code"},
		{"SignOutEverywhereIsTheBearers", "POST /api/players/me/sign-out", "POST", "/api/players/me/sign-out", bearer, "",
			[]call{{"SignOutEverywhere", []any{aria}}}, 200, "signed_out"},
		{"ListCampaignsIsTheBearers", "GET /api/campaigns", "GET", "/api/campaigns", bearer, "",
			[]call{{"ListCampaigns", []any{aria}}}, 200, "campaigns"},
		{"GetCampaignByID", "GET /api/campaigns/{id}", "GET", "/api/campaigns/c1", bearer, "",
			[]call{{"GetCampaign", []any{aria, "c1"}}}, 200, "campaign characters cost encounter last_seq members session sessions state"},
		{"JoinWithTheInviteCode", "POST /api/campaigns/{id}/join", "POST", "/api/campaigns/c1/join", bearer, `{"invite_code":"ABCDEFGHJK"}`,
			[]call{{"JoinCampaign", []any{aria, "c1", events.JoinCampaign{InviteCode: "ABCDEFGHJK", From: "203.0.113.7"}}}}, 200, "campaign"},
		{"ConnectTicketIsCreated", "POST /api/campaigns/{id}/connect-ticket", "POST", "/api/campaigns/c1/connect-ticket", bearer, "",
			[]call{{"ConnectTicket", []any{aria, "c1"}}}, 201, "expires_at ticket"},
		{"CreateCharacterIsCreated", "POST /api/campaigns/{id}/characters", "POST", "/api/campaigns/c1/characters", bearer, `{"name":"Mira","class":"wizard","level":1}`,
			[]call{{"CreateCharacter", []any{aria, "c1", campaign.NewCharacter{Name: "Mira", Class: "wizard", Level: 1}}}}, 201, "character"},
		{"SheetWorkingOfACharacter", "GET /api/campaigns/{id}/characters/{cid}/working", "GET", "/api/campaigns/c1/characters/ch1/working", bearer, "",
			[]call{{"SheetWorking", []any{aria, "c1", "ch1"}}}, 200, "working"},
		{"SetStandingOrders", "POST /api/campaigns/{id}/characters/{cid}/orders", "POST", "/api/campaigns/c1/characters/ch1/orders", bearer, `{"orders":[{"reaction":"shield","when":"changes","keep_last":true}]}`,
			[]call{{"SetOrders", []any{aria, "c1", "ch1", []campaign.Order{{Reaction: "shield", When: campaign.OrderChanges, KeepLast: true}}}}}, 200, "character"},
		{"GiveToACharacter", "POST /api/campaigns/{id}/characters/{cid}/give", "POST", "/api/campaigns/c1/characters/ch1/give", bearer, `{"item":"potion-of-healing","qty":2,"coins":{"gp":10}}`,
			[]call{{"Give", []any{aria, "c1", "ch1", decoded(t, events.DecodeGift, `{"item":"potion-of-healing","qty":2,"coins":{"gp":10}}`)}}}, 200, "character"},
		{"TurnsPageFromTheQuery", "GET /api/campaigns/{id}/turns", "GET", "/api/campaigns/c1/turns?after=5&limit=10", bearer, "",
			[]call{{"Turns", []any{aria, "c1", 5, 10}}}, 200, "turns"},
		{"ConcludeByTheOwner", "POST /api/campaigns/{id}/conclude", "POST", "/api/campaigns/c1/conclude", bearer, "",
			[]call{{"Conclude", []any{aria, "c1"}}}, 200, "campaign"},
		{"ExportIsTheFile", "GET /api/campaigns/{id}/export", "GET", "/api/campaigns/c1/export", bearer, "",
			[]call{{"Export", []any{aria, "c1"}}}, 200, ""},
		{"TurnContextBySequence", "GET /api/campaigns/{id}/turns/{seq}/context", "GET", "/api/campaigns/c1/turns/7/context", bearer, "",
			[]call{{"TurnContext", []any{aria, "c1", 7}}}, 200, ""},
		{"StartEncounterIsCreated", "POST /api/campaigns/{id}/encounters", "POST", "/api/campaigns/c1/encounters", bearer, `{"monsters":[{"srd_id":"goblin","count":2}]}`,
			[]call{{"StartEncounter", []any{aria, "c1", decoded(t, events.DecodeStartEncounter, `{"monsters":[{"srd_id":"goblin","count":2}]}`)}}}, 201, "encounter"},
		{"EndEncounterByID", "POST /api/campaigns/{id}/encounters/{eid}/end", "POST", "/api/campaigns/c1/encounters/e1/end", bearer, `{"outcome":"victory","dry_run":true}`,
			[]call{{"EndEncounter", []any{aria, "c1", "e1", events.EndEncounter{Outcome: "victory", DryRun: true}}}}, 200, "committed diffs"},
		{"RotateInviteGivesANewCode", "POST /api/campaigns/{id}/invite", "POST", "/api/campaigns/c1/invite", bearer, "",
			[]call{{"RotateInvite", []any{aria, "c1"}}}, 200, "expires_at invite_code"},
		{"RevokeInviteLeavesNoCode", "POST /api/campaigns/{id}/invite/revoke", "POST", "/api/campaigns/c1/invite/revoke", bearer, "",
			[]call{{"RevokeInvite", []any{aria, "c1"}}}, 200, "invite_code"},
		{"SetBudgetIsTheCampaign", "POST /api/campaigns/{id}/budget", "POST", "/api/campaigns/c1/budget", bearer, `{"campaign_usd":20}`,
			[]call{{"SetBudget", []any{aria, "c1", decoded(t, events.DecodeBudget, `{"campaign_usd":20}`)}}}, 200, "campaign"},
		{"SetHomebrewIsTheCampaign", "POST /api/campaigns/{id}/homebrew", "POST", "/api/campaigns/c1/homebrew", bearer, `{}`,
			[]call{{"SetHomebrew", []any{aria, "c1", decoded(t, events.DecodeHomebrew, `{}`)}}}, 200, "campaign"},
		{"ListSecrets", "GET /api/campaigns/{id}/secrets", "GET", "/api/campaigns/c1/secrets", bearer, "",
			[]call{{"Secrets", []any{aria, "c1"}}}, 200, "secrets"},
		{"AddSecretIsCreated", "POST /api/campaigns/{id}/secrets", "POST", "/api/campaigns/c1/secrets", bearer, `{"subject":"the king","text":"The king is a lich"}`,
			[]call{{"AddSecret", []any{aria, "c1", events.NewSecret{Subject: "the king", Text: "The king is a lich"}}}}, 201, "secret"},
		{"RemoveSecretByID", "POST /api/campaigns/{id}/secrets/{sid}/remove", "POST", "/api/campaigns/c1/secrets/s9/remove", bearer, "",
			[]call{{"RemoveSecret", []any{aria, "c1", "s9"}}}, 200, "removed"},
		{"SafetyIsWhatThePlayerMaySee", "GET /api/campaigns/{id}/safety", "GET", "/api/campaigns/c1/safety", bearer, "",
			[]call{{"Safety", []any{aria, "c1"}}}, 200, "lines veils"},
		{"AddLimitIsCreated", "POST /api/campaigns/{id}/safety", "POST", "/api/campaigns/c1/safety", bearer, `{"kind":"veil","text":"torture"}`,
			[]call{{"AddLimit", []any{aria, "c1", events.NewLimit{Kind: "veil", Text: "torture"}}}}, 201, "limit"},
		{"RemoveLimitByID", "POST /api/campaigns/{id}/safety/{lid}/remove", "POST", "/api/campaigns/c1/safety/l9/remove", bearer, "",
			[]call{{"RemoveLimit", []any{aria, "c1", "l9"}}}, 200, "removed"},
		{"RemovePlayerByID", "POST /api/campaigns/{id}/members/{player}/remove", "POST", "/api/campaigns/c1/members/p2/remove", bearer, "",
			[]call{{"RemovePlayer", []any{aria, "c1", "p2"}}}, 200, "removed"},
		{"ImportIsCreated", "POST /api/campaigns/import", "POST", "/api/campaigns/import", bearer, minimalExport,
			[]call{{"Import", []any{aria, decoded(t, events.DecodeExport, minimalExport)}}}, 201, "campaign"},
	}
	var covered []string
	for _, tt := range tests {
		covered = append(covered, tt.pattern)
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{}
			res := newAPI(f).do(t, tt.method, tt.target, tt.auth, tt.body)
			if res.StatusCode != tt.status {
				t.Errorf("status = %d, want %d (body %s)", res.StatusCode, tt.status, res.Body)
			}
			if !reflect.DeepEqual(f.calls, tt.want) {
				t.Errorf("calls = %+v, want %+v", f.calls, tt.want)
			}
			if tt.keys != "" {
				if got := keys(object(t, res)); got != tt.keys {
					t.Errorf("body fields = %q, want %q", got, tt.keys)
				}
			}
			if res.Headers["Content-Type"] != "application/json" || res.Headers["Cache-Control"] != "no-store" {
				t.Errorf("headers = %v", res.Headers)
			}
		})
	}
	t.Run("EveryRouteIsHere", func(t *testing.T) {
		for _, r := range newAPI(&fake{}).h.Routes() {
			if r != "/api/" && !slices.Contains(covered, r) {
				t.Errorf("route %q has no case", r)
			}
		}
	})
	// A route that needs a player refuses a request without a token
	// before it calls anything.
	for _, tt := range tests {
		if tt.auth == "" {
			continue
		}
		t.Run(tt.name+"NeedsABearer", func(t *testing.T) {
			f := &fake{}
			res := newAPI(f).do(t, tt.method, tt.target, "", tt.body)
			wantError(t, res, 401, fault.Unauthorized, "missing bearer token", "")
			if len(f.calls) != 0 || len(f.tokens) != 0 {
				t.Errorf("called %+v, authenticated %q", f.calls, f.tokens)
			}
		})
	}
}

// The sample request in events/testdata is API Gateway's own payload.
func TestRealEventIsServed(t *testing.T) {
	data, err := os.ReadFile("../../events/testdata/http-create-campaign.json")
	if err != nil {
		t.Fatal(err)
	}
	var req httpapi.Request
	if err := json.Unmarshal(data, &req); err != nil {
		t.Fatal(err)
	}
	f := &fake{createCampaign: func(p auth.Player, req events.CreateCampaign) (campaign.Campaign, error) {
		return campaign.Campaign{ID: "c1", Name: req.Name, OwnerID: p.ID, InviteCode: "ABCDEFGHJK"}, nil
	}}
	a := newAPI(f)
	res := a.serve(t, req)
	if res.StatusCode != 201 {
		t.Fatalf("status = %d (body %s)", res.StatusCode, res.Body)
	}
	want := []call{{"CreateCampaign", []any{aria, events.CreateCampaign{Name: "The Sunken Crown", WorldSeed: "a drowned kingdom"}}}}
	if !reflect.DeepEqual(f.calls, want) {
		t.Errorf("calls = %+v, want %+v", f.calls, want)
	}
	body := object(t, res)
	if body["invite_code"] != "ABCDEFGHJK" || body["campaign"].(map[string]any)["id"] != "c1" {
		t.Errorf("body = %v", body)
	}
	if !slices.Equal(f.keys, []string{"player:p1"}) {
		t.Errorf("limited by %q, want the player", f.keys)
	}
}

// Bodies, query parameters and path ids are checked before any use case
// runs, and a request the handler cannot read is refused with invalid or
// too_large. A message is checked up to its first words: the rest is the
// decoder's to word.
func TestDecode(t *testing.T) {
	over := func(n int) string { return `{"name":"` + strings.Repeat("a", n) + `"}` }
	tests := []struct {
		name           string
		method, target string
		auth, body     string
		status         int
		code           fault.Kind
		message        string
	}{
		{"MalformedJSONIsInvalid", "POST", "/api/campaigns", bearer, `{"name":`, 400, fault.Invalid, "body is not a valid JSON object"},
		{"TrailingDataIsInvalid", "POST", "/api/campaigns", bearer, `{"name":"a"} {}`, 400, fault.Invalid, "body has trailing data"},
		{"UnknownFieldIsInvalid", "POST", "/api/campaigns", bearer, `{"name":"a","owner_id":"p2"}`, 400, fault.Invalid, `body is not a valid JSON object: unknown field "owner_id"`},
		{"NoBodyIsInvalid", "POST", "/api/players", "", ``, 400, fault.Invalid, "body is not a valid JSON object"},
		{"MissingNameIsInvalid", "POST", "/api/players", "", `{}`, 400, fault.Invalid, "name: is required"},
		{"MissingInviteCodeIsInvalid", "POST", "/api/campaigns/c1/join", bearer, `{}`, 400, fault.Invalid, "invite_code: is required"},
		{"MissingOutcomeIsInvalid", "POST", "/api/campaigns/c1/encounters/e1/end", bearer, `{}`, 400, fault.Invalid, "outcome: is required: victory, defeat, fled, negotiated or other"},
		{"NoMonstersIsInvalid", "POST", "/api/campaigns/c1/encounters", bearer, `{"monsters":[]}`, 400, fault.Invalid, "monsters: name 1 to 10 kinds of monster"},
		{"NotAnExportIsInvalid", "POST", "/api/campaigns/import", bearer, `{"format":"zip"}`, 400, fault.Invalid, `format: must be "chronicler.campaign"`},
		{"OversizeBodyIsTooLarge", "POST", "/api/players", "", over(events.MaxBodyBytes), 413, fault.TooLarge, fmt.Sprintf("body is larger than %d bytes", events.MaxBodyBytes)},
		{"ImportPastWhatLambdaTakesIsTooLarge", "POST", "/api/campaigns/import", bearer, minimalExport + strings.Repeat(" ", events.MaxImportBytes), 413, fault.TooLarge,
			fmt.Sprintf("an import is at most %d bytes; send a larger file gzipped", events.MaxImportBytes)},
		{"ExportAfterThatIsNoNumberIsInvalid", "GET", "/api/campaigns/c1/export?after=x", bearer, "", 400, fault.Invalid, "after: must be a whole number"},
		{"SeqThatIsNoNumberIsInvalid", "GET", "/api/campaigns/c1/turns/seven/context", bearer, "", 400, fault.Invalid, "seq: must be a whole number"},
		{"AfterThatIsNoNumberIsInvalid", "GET", "/api/campaigns/c1/turns?after=x", bearer, "", 400, fault.Invalid, "after: must be a whole number"},
		{"LimitThatIsNoWholeNumberIsInvalid", "GET", "/api/campaigns/c1/turns?limit=1.5", bearer, "", 400, fault.Invalid, "limit: must be a whole number"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{}
			res := newAPI(f).do(t, tt.method, tt.target, tt.auth, tt.body)
			var got struct{ Error fault.Wire }
			if err := json.Unmarshal([]byte(res.Body), &got); err != nil {
				t.Fatalf("body %q: %v", res.Body, err)
			}
			if w := got.Error; res.StatusCode != tt.status || w.Code != tt.code || !strings.HasPrefix(w.Message, tt.message) || w.Reason != "" {
				t.Errorf("%d %+v, want %d %s %q...", res.StatusCode, w, tt.status, tt.code, tt.message)
			}
			if len(f.calls) != 0 {
				t.Errorf("called %+v", f.calls)
			}
		})
	}

	t.Run("AnImportMayBeLargerThanABody", func(t *testing.T) {
		f := &fake{}
		body := minimalExport + strings.Repeat(" ", 2*events.MaxBodyBytes)
		if res := newAPI(f).do(t, "POST", "/api/campaigns/import", bearer, body); res.StatusCode != 201 || len(f.calls) != 1 {
			t.Errorf("status = %d, calls %+v (body %s)", res.StatusCode, f.calls, res.Body)
		}
	})
	t.Run("NoPageParametersAreZero", func(t *testing.T) {
		f := &fake{}
		newAPI(f).do(t, "GET", "/api/campaigns/c1/turns?after=+&limit=", bearer, "")
		if want := []call{{"Turns", []any{aria, "c1", 0, 0}}}; !reflect.DeepEqual(f.calls, want) {
			t.Errorf("calls = %+v, want %+v", f.calls, want)
		}
	})
	t.Run("PathIDsAreUnescaped", func(t *testing.T) {
		f := &fake{}
		newAPI(f).do(t, "POST", "/api/campaigns/c%201/members/p%2F2/remove", bearer, "")
		if want := []call{{"RemovePlayer", []any{aria, "c 1", "p/2"}}}; !reflect.DeepEqual(f.calls, want) {
			t.Errorf("calls = %+v, want %+v", f.calls, want)
		}
	})
	t.Run("Base64BodyIsDecoded", func(t *testing.T) {
		f := &fake{}
		req := event("POST", "/api/players", "", base64.StdEncoding.EncodeToString([]byte(`{"name":"Aria"}`)))
		req.IsBase64Encoded = true
		res := newAPI(f).serve(t, req)
		if want := []call{{"CreatePlayer", []any{events.CreatePlayer{Name: "Aria"}}}}; res.StatusCode != 201 || !reflect.DeepEqual(f.calls, want) {
			t.Errorf("status = %d, calls = %+v", res.StatusCode, f.calls)
		}
	})
	t.Run("BadBase64IsInvalid", func(t *testing.T) {
		f := &fake{}
		req := event("POST", "/api/players", "", `{"name":"Aria"}`)
		req.IsBase64Encoded = true
		wantError(t, newAPI(f).serve(t, req), 400, fault.Invalid, "body is not valid base64", "")
		if len(f.calls) != 0 {
			t.Errorf("called %+v", f.calls)
		}
	})
	t.Run("MalformedRequestLineIsInvalid", func(t *testing.T) {
		f := &fake{}
		wantError(t, newAPI(f).do(t, "GET", "/api/campaigns/%zz", bearer, ""), 400, fault.Invalid, "malformed request line", "")
		if len(f.calls) != 0 {
			t.Errorf("called %+v", f.calls)
		}
	})
}

// A path or method the API does not serve is not_found, as JSON: there is
// no DELETE, so a DELETE of a resource is not found either.
func TestUnknownRoutes(t *testing.T) {
	for _, tt := range []struct{ name, method, target string }{
		{"UnknownPathIsNotFound", "GET", "/api/dragons"},
		{"UnknownSubresourceIsNotFound", "GET", "/api/campaigns/c1/dragons"},
		{"WrongMethodIsNotFound", "GET", "/api/players"},
		{"DeleteIsNotFound", "DELETE", "/api/campaigns/c1"},
		{"PutIsNotFound", "PUT", "/api/campaigns/c1/secrets/s9"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{}
			wantError(t, newAPI(f).do(t, tt.method, tt.target, bearer, `{}`), 404, fault.NotFound, "no such route", "")
			if len(f.calls) != 0 || len(f.tokens) != 0 {
				t.Errorf("called %+v, authenticated %q", f.calls, f.tokens)
			}
		})
	}
}

// Only a valid bearer token reaches a player's route, and the player it
// names is the one the use case gets.
func TestAuth(t *testing.T) {
	tests := []struct {
		name       string
		auth       string
		message    string
		wantTokens []string // what Authenticate was asked
	}{
		{"NoHeaderIsUnauthorized", "", "missing bearer token", nil},
		{"BasicIsUnauthorized", "Basic dXNlcjpwdw==", "missing bearer token", nil},
		{"EmptyBearerIsUnauthorized", "Bearer ", "missing bearer token", nil},
		{"ForgedTokenIsUnauthorized", "Bearer forged", "invalid or expired token", []string{"forged"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{}
			res := newAPI(f).do(t, "GET", "/api/campaigns", tt.auth, "")
			wantError(t, res, 401, fault.Unauthorized, tt.message, "")
			if !slices.Equal(f.tokens, tt.wantTokens) || len(f.calls) != 0 || len(f.keys) != 0 {
				t.Errorf("authenticated %q, called %+v, limited %q", f.tokens, f.calls, f.keys)
			}
		})
	}
	t.Run("BearerIsAnyCase", func(t *testing.T) {
		f := &fake{}
		if res := newAPI(f).do(t, "GET", "/api/campaigns", "bearer  "+goodToken, ""); res.StatusCode != 200 {
			t.Errorf("status = %d (body %s)", res.StatusCode, res.Body)
		}
		if !slices.Equal(f.tokens, []string{goodToken}) {
			t.Errorf("authenticated %q", f.tokens)
		}
	})
	t.Run("TheTokensPlayerIsTheCaller", func(t *testing.T) {
		bram := auth.Player{ID: "p2", Name: "Bram"}
		f := &fake{authenticate: func(string) (auth.Player, error) { return bram, nil }}
		a := newAPI(f)
		a.do(t, "GET", "/api/campaigns", "Bearer bram", "")
		res := a.do(t, "GET", "/api/players/me", "Bearer bram", "")
		if want := []call{{"ListCampaigns", []any{bram}}}; !reflect.DeepEqual(f.calls, want) {
			t.Errorf("calls = %+v, want %+v", f.calls, want)
		}
		if got := object(t, res); got["player_id"] != "p2" || got["name"] != "Bram" {
			t.Errorf("me = %v", got)
		}
	})
	t.Run("OpenRoutesAskForNoToken", func(t *testing.T) {
		f := &fake{}
		a := newAPI(f)
		a.do(t, "POST", "/api/players", "Bearer forged", `{"name":"Aria"}`)
		a.do(t, "POST", "/api/players/recover", "", `{"recovery_code":"x","name":"Aria"}`)
		a.do(t, "GET", "/api/health", "", "")
		if len(f.tokens) != 0 || len(f.calls) != 2 {
			t.Errorf("authenticated %q, called %+v", f.tokens, f.calls)
		}
	})
}

// Every caller is rate limited: players by id, anyone else by address.
func TestRateLimit(t *testing.T) {
	t.Run("OverTheLimitIsRateLimited", func(t *testing.T) {
		f := &fake{allowAPI: func(string) bool { return false }}
		wantError(t, newAPI(f).do(t, "GET", "/api/campaigns", bearer, ""), 429, fault.RateLimited, "too many requests; slow down", "")
		if len(f.calls) != 0 {
			t.Errorf("called %+v", f.calls)
		}
	})
	t.Run("APlayerIsCountedByID", func(t *testing.T) {
		f := &fake{}
		newAPI(f).do(t, "GET", "/api/campaigns", bearer, "")
		if !slices.Equal(f.keys, []string{"player:p1"}) {
			t.Errorf("keys = %q", f.keys)
		}
	})
	t.Run("AnyoneElseIsCountedByAddress", func(t *testing.T) {
		f := &fake{}
		newAPI(f).do(t, "POST", "/api/players", "", `{"name":"Aria"}`)
		if !slices.Equal(f.keys, []string{"ip:203.0.113.7"}) {
			t.Errorf("keys = %q", f.keys)
		}
	})
}

// Each kind of failure is its status and the wire's error body; internal
// failures say nothing but "internal error" and are logged.
func TestErrors(t *testing.T) {
	secret := errors.New("dynamodb: table chronicler-prod throttled at 10.0.3.7")
	tests := []struct {
		name    string
		err     error
		status  int
		code    fault.Kind
		message string
		reason  string
	}{
		{"InvalidIsBadRequest", fault.Field("turn context", "seq", "must be 1 or more"), 400, fault.Invalid, "seq: must be 1 or more", ""},
		{"ARefusalCarriesItsReason", fault.Refuse("start encounter", "intent", fault.OutOfRange, "the goblin is two rooms away"), 400, fault.Invalid, "intent: out_of_range: the goblin is two rooms away", "out_of_range"},
		{"UnauthorizedIs401", fault.E(fault.Unauthorized, "x", "who are you"), 401, fault.Unauthorized, "who are you", ""},
		{"ForbiddenIs403", fault.E(fault.Forbidden, "get campaign", "you are not a member of this campaign"), 403, fault.Forbidden, "you are not a member of this campaign", ""},
		{"NotFoundIs404", fault.E(fault.NotFound, "get campaign", "no such campaign"), 404, fault.NotFound, "no such campaign", ""},
		{"ConflictIs409", fault.E(fault.Conflict, "x", "not_allowed: try again"), 409, fault.Conflict, "not_allowed: try again", ""},
		{"ReadOnlyIs409", fault.E(fault.ReadOnly, "x", "the campaign is concluded and read-only"), 409, fault.ReadOnly, "the campaign is concluded and read-only", ""},
		{"TooLargeIs413", fault.E(fault.TooLarge, "x", "too big"), 413, fault.TooLarge, "too big", ""},
		{"RateLimitedIs429", fault.E(fault.RateLimited, "x", "slow down"), 429, fault.RateLimited, "slow down", ""},
		{"UnavailableIs503", fault.Wrap(fault.Unavailable, "store", secret), 503, fault.Unavailable, "service unavailable, try again", ""},
		{"WrappedKeepsItsKind", fmt.Errorf("get campaign: %w", fault.E(fault.NotFound, "snapshot", "no such campaign")), 404, fault.NotFound, "no such campaign", ""},
		{"PlainErrorIsInternal", secret, 500, fault.Internal, "internal error", ""},
		{"InternalSaysNothing", fault.Wrap(fault.Internal, "get campaign", secret), 500, fault.Internal, "internal error", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fake{getCampaign: func(auth.Player, string) (events.CampaignView, error) { return events.CampaignView{}, tt.err }}
			a := newAPI(f)
			res := a.do(t, "GET", "/api/campaigns/c1", bearer, "")
			wantError(t, res, tt.status, tt.code, tt.message, tt.reason)
			if res.Headers["Cache-Control"] != "no-store" {
				t.Errorf("headers = %v", res.Headers)
			}
			logged := strings.Contains(a.log.String(), "api request failed")
			if logged != (tt.code == fault.Internal) {
				t.Errorf("logged %v for %s: %q", logged, tt.code, a.log.String())
			}
			if tt.code == fault.Internal && !strings.Contains(a.log.String(), "throttled at 10.0.3.7") {
				t.Errorf("the log lacks the cause: %q", a.log.String())
			}
		})
	}
}

// What the handler itself makes of the use cases' answers.
func TestBodies(t *testing.T) {
	played := time.Date(2026, 11, 20, 21, 0, 0, 0, time.UTC)
	expires := played.Add(game.InviteTTL)
	view := func(owner string) events.CampaignView {
		return events.CampaignView{Campaign: campaign.Campaign{
			ID: "c1", Name: "The Sunken Crown", OwnerID: owner, InviteCode: "ABCDEFGHJK", InviteExpiresAt: &expires,
			Secrets: []campaign.Secret{{ID: "s1", Text: "The king is a lich"}},
		}}
	}
	t.Run("TheOwnerSeesTheInviteCode", func(t *testing.T) {
		f := &fake{getCampaign: func(p auth.Player, _ string) (events.CampaignView, error) { return view(p.ID), nil }}
		body := object(t, newAPI(f).do(t, "GET", "/api/campaigns/c1", bearer, ""))
		if body["invite_code"] != "ABCDEFGHJK" || body["invite_expires_at"] != expires.Format(time.RFC3339) {
			t.Errorf("body = %v", body)
		}
	})
	t.Run("AMemberDoesNotSeeTheInviteCode", func(t *testing.T) {
		f := &fake{getCampaign: func(auth.Player, string) (events.CampaignView, error) { return view("p0"), nil }}
		res := newAPI(f).do(t, "GET", "/api/campaigns/c1", bearer, "")
		if strings.Contains(res.Body, "ABCDEFGHJK") || strings.Contains(res.Body, "invite_expires_at") {
			t.Errorf("body = %s", res.Body)
		}
	})
	t.Run("ACampaignNeverCarriesItsSecrets", func(t *testing.T) {
		f := &fake{getCampaign: func(p auth.Player, _ string) (events.CampaignView, error) { return view(p.ID), nil }}
		if res := newAPI(f).do(t, "GET", "/api/campaigns/c1", bearer, ""); strings.Contains(res.Body, "lich") {
			t.Errorf("body = %s", res.Body)
		}
	})
	t.Run("MissingListsAreEmptyNotNull", func(t *testing.T) {
		a := newAPI(&fake{})
		for target, fields := range map[string][]string{
			"/api/campaigns/c1":         {"characters", "members", "sessions"},
			"/api/campaigns/c1/secrets": {"secrets"},
			"/api/campaigns/c1/turns":   {"turns"},
			"/api/campaigns":            {"campaigns"},
		} {
			body := object(t, a.do(t, "GET", target, bearer, ""))
			for _, field := range fields {
				if l, ok := body[field].([]any); !ok || len(l) != 0 {
					t.Errorf("%s: %s = %#v, want []", target, field, body[field])
				}
			}
		}
	})
	t.Run("ACampaignListIsMetadataOnly", func(t *testing.T) {
		f := &fake{listCampaigns: func(auth.Player) ([]campaign.Campaign, error) {
			return []campaign.Campaign{{ID: "c1", Name: "The Sunken Crown", Status: campaign.Active, OwnerID: "p0", WorldSeed: "a drowned kingdom", LastPlayedAt: played}}, nil
		}}
		body := object(t, newAPI(f).do(t, "GET", "/api/campaigns", bearer, ""))
		want := []any{map[string]any{"id": "c1", "name": "The Sunken Crown", "status": "active", "last_played_at": played.Format(time.RFC3339)}}
		if !reflect.DeepEqual(body["campaigns"], want) {
			t.Errorf("campaigns = %v, want %v", body["campaigns"], want)
		}
	})
	t.Run("NextOnlyWhenThereIsMore", func(t *testing.T) {
		next := 60
		for _, tt := range []struct {
			page events.TurnPage
			want any
		}{{events.TurnPage{}, nil}, {events.TurnPage{Next: &next}, float64(60)}} {
			f := &fake{turns: func(auth.Player, string, int, int) (events.TurnPage, error) { return tt.page, nil }}
			if got := object(t, newAPI(f).do(t, "GET", "/api/campaigns/c1/turns", bearer, ""))["next"]; got != tt.want {
				t.Errorf("next = %v, want %v", got, tt.want)
			}
		}
	})
	t.Run("RemovedNamesWhatWasRemoved", func(t *testing.T) {
		a := newAPI(&fake{})
		if got := object(t, a.do(t, "POST", "/api/campaigns/c1/secrets/s9/remove", bearer, ""))["removed"]; got != "s9" {
			t.Errorf("removed = %v", got)
		}
		if got := object(t, a.do(t, "POST", "/api/campaigns/c1/members/p2/remove", bearer, ""))["removed"]; got != "p2" {
			t.Errorf("removed = %v", got)
		}
	})
	// The handlers name no type of the rules engine, yet write the
	// encounter and its diffs byte for byte as when they wrote the
	// engine's values themselves.
	t.Run("StartEncounterWritesTheEncounterAsStored", func(t *testing.T) {
		e := encounter.Encounter{ID: "e1", Status: encounter.Active, Round: 1, Order: []string{"mira", "goblin-1"}, Current: "mira",
			Participants: []encounter.Participant{{ID: "mira", Name: "Mira <the bold>", Kind: encounter.KindCharacter, HP: 12}}}
		rec, err := encounter.Record(e, 0)
		if err != nil {
			t.Fatal(err)
		}
		f := &fake{startEncounter: func(auth.Player, string, events.StartEncounter) (campaign.EncounterRecord, error) { return rec, nil }}
		res := newAPI(f).do(t, "POST", "/api/campaigns/c1/encounters", bearer, `{"monsters":[{"srd_id":"goblin","count":1}]}`)
		if want := encoded(t, map[string]any{"encounter": e}); res.StatusCode != 201 || res.Body != want {
			t.Errorf("%d %s\nwant %s", res.StatusCode, res.Body, want)
		}
	})
	t.Run("EndEncounterSaysWhetherItCommitted", func(t *testing.T) {
		diffs := encounter.Diffs{{ParticipantID: "g1", Name: "Goblin", Ammunition: []encounter.AmmoDiff{{ID: "arrow", Before: 3, Spent: 2, Recovered: 1, After: 2}}}}
		data, err := json.Marshal(diffs)
		if err != nil {
			t.Fatal(err)
		}
		f := &fake{endEncounter: func(auth.Player, string, string, events.EndEncounter) (events.EncounterEnded, error) {
			return events.EncounterEnded{Committed: true, Diffs: data}, nil
		}}
		res := newAPI(f).do(t, "POST", "/api/campaigns/c1/encounters/e1/end", bearer, `{"outcome":"victory"}`)
		if want := encoded(t, map[string]any{"diffs": diffs, "committed": true}); res.Body != want {
			t.Errorf("body %s\nwant %s", res.Body, want)
		}
	})
	t.Run("HealthNamesStoreAndNarrator", func(t *testing.T) {
		f := &fake{narratorName: func() string { return "bedrock" }}
		body := object(t, newAPI(f).do(t, "GET", "/api/health", "", ""))
		if want := map[string]any{"status": "ok", "store": "memory", "narrator": "bedrock"}; !reflect.DeepEqual(body, want) {
			t.Errorf("health = %v, want %v", body, want)
		}
	})
	t.Run("AnIdentityCarriesItsRecoveryCode", func(t *testing.T) {
		f := &fake{createPlayer: func(req events.CreatePlayer) (auth.Credentials, error) {
			return auth.Credentials{Player: auth.Player{ID: "p1", Name: req.Name}, Token: "tok", RecoveryCode: "p1-CODE"}, nil
		}}
		body := object(t, newAPI(f).do(t, "POST", "/api/players", "", `{"name":"Aria"}`))
		if want := map[string]any{"player_id": "p1", "name": "Aria", "token": "tok", "recovery_code": "p1-CODE"}; !reflect.DeepEqual(body, want) {
			t.Errorf("identity = %v, want %v", body, want)
		}
	})
}

// Every answer, served or refused, carries the security headers: nothing
// the API returns is to be sniffed, run, framed or sent on as a referrer.
func TestSecurityHeaders(t *testing.T) {
	a := newAPI(&fake{})
	for name, req := range map[string]httpapi.Request{
		"Served":   event("GET", "/api/health", "", ""),
		"NotFound": event("GET", "/api/dragons", bearer, ""),
		"BadBase64": func() httpapi.Request {
			r := event("POST", "/api/players", "", "%%%")
			r.IsBase64Encoded = true
			return r
		}(),
	} {
		res := a.serve(t, req)
		for k, want := range map[string]string{
			"Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
			"X-Content-Type-Options":  "nosniff",
			"Referrer-Policy":         "no-referrer",
			"X-Frame-Options":         "DENY",
		} {
			if got := res.Headers[k]; got != want {
				t.Errorf("%s: %s = %q, want %q", name, k, got, want)
			}
		}
	}
}

// GET /api/rules/choices tells a client what a new character chooses,
// with each choice's options, and refuses what Build refuses.
func TestRuleChoices(t *testing.T) {
	a := newAPI(&fake{})
	res := a.do(t, "GET", "/api/rules/choices?class=warlock&race=tiefling&level=3", "", "")
	body := object(t, res)
	if res.StatusCode != 200 || body["subclass"] != "fiend" {
		t.Fatalf("status %d body %v", res.StatusCode, body)
	}
	ids := map[string]float64{}
	for _, c := range body["choices"].([]any) {
		m := c.(map[string]any)
		ids[m["id"].(string)] = m["count"].(float64)
	}
	if ids["eldritch-invocations"] != 2 || ids["pact-boon"] != 1 {
		t.Errorf("choices %v", ids)
	}
	// A caster's cantrips and spells known are choices too, from its
	// class's list, optional (unmade, it knows the whole list).
	res = a.do(t, "GET", "/api/rules/choices?class=sorcerer&race=human&level=1", "", "")
	spells := map[string]map[string]any{}
	for _, c := range object(t, res)["choices"].([]any) {
		m := c.(map[string]any)
		spells[m["id"].(string)] = m
	}
	if c, s := spells["cantrips"], spells["spells"]; c == nil || s == nil || c["count"] != 4.0 || s["count"] != 2.0 || s["optional"] != true ||
		len(s["options"].([]any)) != 17 {
		t.Errorf("a sorcerer's spell choices: %v", spells)
	}
	res = a.do(t, "GET", "/api/rules/choices?class=jester&race=human", "", "")
	if e := object(t, res)["error"].(map[string]any); res.StatusCode != 400 || !strings.HasPrefix(e["message"].(string), "class: must be an SRD class") {
		t.Errorf("an unknown class: %d %v", res.StatusCode, e)
	}
	for _, level := range []string{"0", "21", "-3", "five"} {
		res = a.do(t, "GET", "/api/rules/choices?class=fighter&race=human&level="+level, "", "")
		if e := object(t, res)["error"].(map[string]any); res.StatusCode != 400 || e["message"] != "level: must be a number from 1 to 20" {
			t.Errorf("level %s: %d %v", level, res.StatusCode, e)
		}
	}
}
