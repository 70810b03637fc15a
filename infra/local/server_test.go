package main

import (
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"chronicler/shared/bedrock"
	"chronicler/shared/narrator/standin"

	"github.com/coder/websocket"
)

// inProcess starts the local server in this process on a free port with
// its state in a temporary directory, and returns its base URL.
func inProcess(tb testing.TB, mutate ...func(*config)) string {
	tb.Helper()
	return "http://" + serveInProcess(tb, mutate...).ln.Addr().String()
}

// standinEnv is a server's environment that has it narrate through the
// model stand-in at url over the OpenAI API; more answers the other
// variables a test sets.
func standinEnv(url string, more map[string]string) func(string) string {
	return func(k string) string {
		switch k {
		case "CHRONICLER_NARRATOR":
			return "openai"
		case "OPENAI_BASE_URL":
			return url + "/v1"
		}
		return more[k]
	}
}

// narratedBy starts the model stand-in as cfg says and a local server
// that narrates through it (standinEnv, with more), the players acting as
// fast as the narration lets them; it returns the stand-in and the
// server's base URL.
func narratedBy(t testing.TB, cfg standin.Config, more map[string]string) (*standin.Server, string) {
	t.Helper()
	model, err := standin.Start(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(model.Close)
	return model, inProcess(t, func(c *config) {
		c.turnRate = 0
		c.getenv = standinEnv(model.URL, more)
	})
}

// pricedTiers names the default tiers' models, so that what the stand-in
// narrates is priced as they are and the table has a cost.
var pricedTiers = map[string]string{
	"CHRONICLER_MODEL_HIGH": bedrock.DefaultHighModel,
	"CHRONICLER_MODEL_LOW":  bedrock.DefaultLowModel,
}

// serveInProcess is inProcess's server, for tests that look inside it.
func serveInProcess(tb testing.TB, mutate ...func(*config)) *server {
	tb.Helper()
	env := func(k string) string {
		if k == "CHRONICLER_NARRATOR" {
			return "offline" // whatever credentials this machine has
		}
		return ""
	}
	cfg, err := parseConfig([]string{"-addr", "127.0.0.1:0", "-data", tb.TempDir(), "-pace", "0"}, env)
	if err != nil {
		tb.Fatal(err)
	}
	for _, m := range mutate {
		m(&cfg)
	}
	ctx, cancel := context.WithCancel(context.Background())
	srv, err := newServer(ctx, cfg)
	if err != nil {
		tb.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.serve(ctx, io.Discard) }()
	tb.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			tb.Errorf("serve: %v", err)
		}
	})
	return srv
}

func TestConnectRefusals(t *testing.T) {
	base := inProcess(t)
	tb := newTable(t, base, "Refusals", "Aria", "Bram")
	stranger := newPlayer(t, base, "Eve")
	cases := map[string]struct {
		p        *player
		campaign string
		status   int
	}{
		"NonMember":       {stranger, tb.id, http.StatusForbidden},
		"UnknownCampaign": {tb.players[0], "01NOSUCHCAMPAIGN", http.StatusNotFound},
		"BadToken":        {&player{t: t, base: base, token: "x.y.z"}, tb.id, http.StatusUnauthorized},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			_, err := c.p.dial(c.campaign)
			if err == nil || !strings.Contains(err.Error(), "status "+strconv.Itoa(c.status)) {
				t.Fatalf("dial = %v, want status %d", err, c.status)
			}
		})
	}
	t.Run("NonMemberGetsForbiddenFromAPI", func(t *testing.T) {
		if got := stranger.do("GET", "/api/campaigns/"+tb.id, nil, nil); got != http.StatusForbidden {
			t.Fatalf("GET = %d", got)
		}
	})
}

func TestDuplicateRequestHasOneEffect(t *testing.T) {
	base := inProcess(t)
	tb := newTable(t, base, "Twice", "Aria", "Bram")
	tb.connect(t)
	tb.socks[0].send(map[string]any{"action": "resume", "request_id": "r0"})
	tb.socks[1].wait(0, "recap", typeIs("recap"))
	first := tb.turn(t, 0, "I knock twice")
	var turns struct {
		Turns []struct {
			RequestID string `json:"request_id"`
		}
	}
	tb.players[0].must("GET", "/api/campaigns/"+tb.id+"/turns", nil, &turns, http.StatusOK)
	rid := turns.Turns[0].RequestID

	mark := tb.socks[0].count()
	tb.socks[0].send(map[string]any{"action": "turn", "request_id": rid, "character_id": tb.chars[0], "text": "I knock twice"})
	again, _ := tb.socks[0].wait(mark, "repeat answer", typeIs("turn.accepted"))
	if again.str("turn_id") != first.str("turn_id") {
		t.Fatalf("repeat answered turn %s, want the original %s", again.str("turn_id"), first.str("turn_id"))
	}
	if again.num("seq") != 0 {
		t.Fatalf("the repeat answer is for one connection and carries no seq: %v", again)
	}
	tb.players[0].must("GET", "/api/campaigns/"+tb.id+"/turns", nil, &turns, http.StatusOK)
	if len(turns.Turns) != 1 {
		t.Fatalf("%d turns after a repeated request, want 1", len(turns.Turns))
	}
}

func TestTurnRefusals(t *testing.T) {
	base := inProcess(t)
	tb := newTable(t, base, "Refused turns", "Aria", "Bram")
	tb.connect(t)
	s := tb.socks[0]
	errorFor := func(rid string) func(event) bool {
		return func(e event) bool { return e.str("type") == "error" && e.str("request_id") == rid }
	}
	cases := []struct {
		name string
		msg  map[string]any
		code string
	}{
		{"BeforeResume", map[string]any{"action": "turn", "request_id": "a", "character_id": tb.chars[0], "text": "hi"}, "conflict"},
		{"NotJSON", nil, "invalid"},
		{"OthersCharacter", map[string]any{"action": "turn", "request_id": "b", "character_id": tb.chars[1], "text": "hi"}, "forbidden"},
		{"OtherCampaign", map[string]any{"action": "turn", "request_id": "c", "campaign_id": "01OTHER", "character_id": tb.chars[0], "text": "hi"}, "forbidden"},
		{"TooLong", map[string]any{"action": "turn", "request_id": "d", "character_id": tb.chars[0], "text": strings.Repeat("a", 2001)}, "invalid"},
		{"RollWithNothingPending", map[string]any{"action": "roll", "request_id": "e", "turn_id": "t", "roll_id": "r"}, "conflict"},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if i == 2 { // the rest need an open session
				s.send(map[string]any{"action": "resume", "request_id": "resume"})
				s.wait(0, "recap", typeIs("recap"))
			}
			mark := s.count()
			if c.msg == nil {
				if err := s.conn.Write(context.Background(), websocket.MessageText, []byte("not json")); err != nil {
					t.Fatal(err)
				}
				ev, _ := s.wait(mark, "error", typeIs("error"))
				if ev.str("code") != c.code {
					t.Fatalf("error = %v", ev)
				}
				return
			}
			s.send(c.msg)
			ev, _ := s.wait(mark, "error", errorFor(c.msg["request_id"].(string)))
			if ev.str("code") != c.code {
				t.Fatalf("error = %v, want %s", ev, c.code)
			}
		})
	}
	t.Run("OversizeFrameClosesNotCuts", func(t *testing.T) {
		big := `{"action":"turn","request_id":"z","character_id":"c","text":"` + strings.Repeat("a", 40*1024) + `"}`
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := s.conn.Write(ctx, websocket.MessageText, []byte(big)); err != nil {
			return // refused while writing is as good
		}
		s.mu.Lock()
		for !s.closed {
			s.cond.Wait()
		}
		s.mu.Unlock()
	})
}

// A session whose players all left is closed as connection_lost once the
// grace period passes, ended at the time of its last turn, and the campaign
// is Paused; a player who comes back is not resumed by connecting alone.
func TestLostSessionIsClosed(t *testing.T) {
	base := inProcess(t, func(c *config) { c.lostGrace, c.sweep = 50*time.Millisecond, 10*time.Millisecond })
	tb := newTable(t, base, "Lost", "Aria", "Bram")
	tb.connect(t)
	tb.socks[0].send(map[string]any{"action": "resume", "request_id": "r"})
	tb.socks[1].wait(0, "recap", typeIs("recap"))
	last := tb.turn(t, 1, "I wander off")
	tb.socks[1].close()
	absent, _ := tb.socks[0].wait(0, "absent", func(e event) bool { return e.str("type") == "presence" && e.str("state") == "absent" })
	if absent.str("character_id") != tb.chars[1] {
		t.Fatalf("presence = %v", absent)
	}
	tb.socks[0].close()

	type session struct {
		EndedAt   *time.Time `json:"ended_at"`
		EndReason string     `json:"end_reason"`
	}
	var view struct {
		Campaign struct{ Status string }
		Sessions []session
	}
	deadline := time.Now().Add(20 * time.Second)
	for view.Campaign.Status != "paused" {
		if time.Now().After(deadline) {
			t.Fatalf("the lost session was never closed: %+v", view)
		}
		time.Sleep(10 * time.Millisecond)
		tb.players[0].must("GET", "/api/campaigns/"+tb.id, nil, &view, http.StatusOK)
	}
	var turns struct {
		Turns []struct {
			CreatedAt time.Time `json:"created_at"`
		}
	}
	tb.players[0].must("GET", "/api/campaigns/"+tb.id+"/turns", nil, &turns, http.StatusOK)
	s := view.Sessions[len(view.Sessions)-1]
	if s.EndReason != "connection_lost" || s.EndedAt == nil || !s.EndedAt.Equal(turns.Turns[0].CreatedAt) {
		t.Fatalf("session = %+v, last turn at %v (%s)", s, turns.Turns[0].CreatedAt, last.str("turn_id"))
	}
	back := tb.players[0].mustDial(tb.id)
	back.send(map[string]any{"action": "sync", "after_seq": 0})
	sess, _ := back.wait(0, "session event", func(e event) bool { return e.str("type") == "session" && e.str("status") == "paused" })
	if sess.str("end_reason") != "connection_lost" {
		t.Fatalf("session event = %v", sess)
	}
	tb.players[0].must("GET", "/api/campaigns/"+tb.id, nil, &view, http.StatusOK)
	if view.Campaign.Status != "paused" {
		t.Fatalf("connecting alone resumed the campaign: %s", view.Campaign.Status)
	}
}

// Only the owner concludes, only an Active campaign; afterwards every read
// works and every write is refused as read_only.
func TestConcludedIsReadOnly(t *testing.T) {
	base := inProcess(t)
	tb := newTable(t, base, "The End", "Aria", "Bram")
	tb.connect(t)
	tb.socks[0].send(map[string]any{"action": "resume", "request_id": "r"})
	tb.socks[1].wait(0, "recap", typeIs("recap"))
	tb.turn(t, 0, "I slay the dragon")
	owner, other := tb.players[0], tb.players[1]
	var errBody struct{ Error struct{ Code string } }
	if got := other.do("POST", "/api/campaigns/"+tb.id+"/conclude", nil, &errBody); got != http.StatusForbidden || errBody.Error.Code != "forbidden" {
		t.Fatalf("a player concluded: %d %+v", got, errBody)
	}
	owner.must("POST", "/api/campaigns/"+tb.id+"/conclude", nil, nil, http.StatusOK)
	sess, _ := tb.socks[1].wait(0, "concluded session", func(e event) bool { return e.str("type") == "session" && e.str("status") == "concluded" })
	if sess.str("session_id") == "" {
		t.Fatalf("session = %v", sess)
	}
	writes := map[string]func() int{
		"ConcludeAgain": func() int { return owner.do("POST", "/api/campaigns/"+tb.id+"/conclude", nil, &errBody) },
		"CreateCharacter": func() int {
			return owner.do("POST", "/api/campaigns/"+tb.id+"/characters", map[string]string{"name": "X", "race": "elf", "class": "bard"}, &errBody)
		},
	}
	for name, w := range writes {
		t.Run("Refuses"+name, func(t *testing.T) {
			errBody.Error.Code = ""
			if got := w(); got != http.StatusConflict || errBody.Error.Code != "read_only" {
				t.Fatalf("status %d, code %q", got, errBody.Error.Code)
			}
		})
	}
	for _, action := range []map[string]any{
		{"action": "turn", "request_id": "t2", "character_id": tb.chars[0], "text": "I rise again"},
		{"action": "resume", "request_id": "r2"},
		{"action": "end_session", "request_id": "e2"},
	} {
		t.Run("Refuses_"+action["action"].(string), func(t *testing.T) {
			mark := tb.socks[0].count()
			tb.socks[0].send(action)
			ev, _ := tb.socks[0].wait(mark, "error", typeIs("error"))
			if ev.str("code") != "read_only" {
				t.Fatalf("error = %v", ev)
			}
		})
	}
	t.Run("ReadsWork", func(t *testing.T) {
		var page struct{ Turns []any }
		other.must("GET", "/api/campaigns/"+tb.id+"/turns", nil, &page, http.StatusOK)
		other.must("GET", "/api/campaigns/"+tb.id, nil, nil, http.StatusOK)
		if len(page.Turns) != 1 {
			t.Fatalf("turns = %v", page.Turns)
		}
	})
}

// The owner sees exactly what the narrator was given for a turn; nobody
// else sees it, in the inspector or in the turn history.
func TestContextInspector(t *testing.T) {
	base := inProcess(t)
	tb := newTable(t, base, "Inspected", "Aria", "Bram")
	tb.connect(t)
	tb.socks[0].send(map[string]any{"action": "resume", "request_id": "r"})
	tb.socks[1].wait(0, "recap", typeIs("recap"))
	tb.turn(t, 1, "I ask the innkeeper about the map")
	owner, member := tb.players[0], tb.players[1]
	var tc struct {
		Blocks []struct {
			Name   string
			Text   string
			Tokens int
			Cached bool
		}
		TotalTokens int `json:"total_tokens"`
		Model       string
		CostUSD     float64 `json:"cost_usd"`
	}
	owner.must("GET", "/api/campaigns/"+tb.id+"/turns/1/context", nil, &tc, http.StatusOK)
	names, sum := []string{}, 0
	for _, b := range tc.Blocks {
		names = append(names, b.Name)
		sum += b.Tokens
	}
	last := tc.Blocks[len(tc.Blocks)-1]
	if tc.Model != "offline" || sum != tc.TotalTokens || sum == 0 || names[0] != "system" || !tc.Blocks[0].Cached ||
		last.Name != "turn" || !strings.Contains(last.Text, "I ask the innkeeper about the map") {
		t.Fatalf("context = %+v", tc)
	}
	if got := member.do("GET", "/api/campaigns/"+tb.id+"/turns/1/context", nil, nil); got != http.StatusForbidden {
		t.Fatalf("a player inspected the context: %d", got)
	}
	if got := owner.do("GET", "/api/campaigns/"+tb.id+"/turns/2/context", nil, nil); got != http.StatusNotFound {
		t.Fatalf("context of a turn not played = %d", got)
	}
	var page struct{ Turns []map[string]any }
	member.must("GET", "/api/campaigns/"+tb.id+"/turns", nil, &page, http.StatusOK)
	if _, ok := page.Turns[0]["context"]; ok {
		t.Fatal("the turn history shows a player the narrator's context")
	}
	owner.must("GET", "/api/campaigns/"+tb.id+"/turns", nil, &page, http.StatusOK)
	if _, ok := page.Turns[0]["context"]; !ok {
		t.Fatal("the owner's turn history has no context")
	}
}
