package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"chronicler/shared/auth"
	"chronicler/shared/game"
	"chronicler/shared/httpapi"
)

const testKey = "isolation-test-key-0123456789abcdef"

// TestIsolationMatrix calls every campaign route and WebSocket action of
// campaign A as callers who must not reach it — a member of another
// campaign, a non-member, A's owner with an expired token and with a
// tampered one, and (for owner-only routes) A's other player — and checks
// that each is refused with the right code, that nothing of A changed and
// that no answer carries anything of A.
func TestIsolationMatrix(t *testing.T) {
	base := inProcess(t, func(c *config) { c.tokenKey = testKey })
	a := newTable(t, base, "Secret Keep", "Aria", "Bram")
	b := newTable(t, base, "Other Place", "Cato")
	a.connect(t)
	a.socks[0].send(map[string]any{"action": "resume", "request_id": "r"})
	a.socks[1].wait(0, "recap", typeIs("recap"))
	a.turn(t, 0, "I hide the map under the floorboards")
	owner, member := a.players[0], a.players[1]
	before := exportOf(t, owner, a.id)

	stranger := newPlayer(t, base, "Nobody")
	expired := *owner
	past, _ := auth.NewSigner([]byte(testKey), time.Hour, func() time.Time { return time.Now().Add(-2 * time.Hour) })
	expired.token, _ = past.Issue(owner.id, owner.name)
	tampered := *owner
	parts := strings.Split(owner.token, ".")
	tampered.token = parts[0] + "." + strings.TrimRight(parts[1], "=") + "x." + parts[2]
	callers := []struct {
		name string
		p    *player
		want int // for every campaign route
	}{
		{"other campaign's member", b.players[0], http.StatusForbidden},
		{"non-member", stranger, http.StatusForbidden},
		{"expired token", &expired, http.StatusUnauthorized},
		{"tampered token", &tampered, http.StatusUnauthorized},
	}
	type route struct {
		method, path string
		body         any
		ownerOnly    bool
	}
	routes := []route{
		{"GET", "/api/campaigns/" + a.id, nil, false},
		{"POST", "/api/campaigns/" + a.id + "/join", map[string]string{"invite_code": "NOTTHECODE"}, false},
		{"POST", "/api/campaigns/" + a.id + "/characters", map[string]string{"name": "Spy", "race": "elf", "class": "rogue"}, false},
		{"GET", "/api/campaigns/" + a.id + "/turns", nil, false},
		{"GET", "/api/campaigns/" + a.id + "/export", nil, false},
		{"GET", "/api/campaigns/" + a.id + "/turns/1/context", nil, true},
		{"POST", "/api/campaigns/" + a.id + "/encounters", map[string]any{"monsters": []map[string]any{{"srd_id": "goblin", "count": 1}}}, true},
		{"POST", "/api/campaigns/" + a.id + "/encounters/none/end", map[string]any{"outcome": "victory"}, true},
		{"POST", "/api/campaigns/" + a.id + "/conclude", nil, true},
		{"POST", "/api/campaigns/" + a.id + "/invite", nil, true},
		{"POST", "/api/campaigns/" + a.id + "/invite/revoke", nil, true},
		{"POST", "/api/campaigns/" + a.id + "/members/" + member.id + "/remove", nil, true},
	}
	secrets := []string{"Secret Keep", "floorboards", a.chars[0], a.chars[1], a.id}
	var table strings.Builder
	fmt.Fprintf(&table, "\n| route | %s | player (not owner) |\n|---|---|---|---|---|---|\n",
		strings.Join([]string{callers[0].name, callers[1].name, callers[2].name, callers[3].name}, " | "))
	for _, r := range routes {
		row := []string{r.method + " " + strings.ReplaceAll(strings.ReplaceAll(r.path, a.id, "{A}"), member.id, "{player}")}
		check := func(who string, p *player, want int) {
			var body json.RawMessage
			got := p.do(r.method, r.path, r.body, &body)
			row = append(row, fmt.Sprint(got))
			if got != want {
				t.Errorf("%s %s as %s = %d, want %d: %s", r.method, r.path, who, got, want, body)
			}
			for _, s := range secrets[:4] {
				if strings.Contains(string(body), s) {
					t.Errorf("%s %s as %s leaked %q: %s", r.method, r.path, who, s, body)
				}
			}
		}
		for _, c := range callers {
			check(c.name, c.p, c.want)
		}
		if r.ownerOnly {
			check("player", member, http.StatusForbidden)
		} else {
			row = append(row, "—")
		}
		table.WriteString("| " + strings.Join(row, " | ") + " |\n")
	}

	// The campaign list shows each caller their own campaigns only.
	for _, c := range callers[:2] {
		var list struct{ Campaigns []struct{ ID string } }
		c.p.must("GET", "/api/campaigns", nil, &list, http.StatusOK)
		for _, cp := range list.Campaigns {
			if cp.ID == a.id {
				t.Errorf("the campaign list of the %s shows A", c.name)
			}
		}
	}
	for _, c := range callers[2:] {
		if got := c.p.do("GET", "/api/campaigns", nil, nil); got != http.StatusUnauthorized {
			t.Errorf("GET /api/campaigns with an %s = %d", c.name, got)
		}
	}

	// WebSocket: nobody but a member connects; a member of B cannot reach A
	// through B's connection.
	wsRow := []string{"WS connect to A"}
	for _, c := range callers {
		_, err := c.p.dial(a.id)
		want := fmt.Sprintf("status %d", c.want)
		wsRow = append(wsRow, want[len("status "):])
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("WS connect to A as %s = %v, want %s", c.name, err, want)
		}
	}
	table.WriteString("| " + strings.Join(append(wsRow, "—"), " | ") + " |\n")
	b.connect(t)
	sb := b.socks[0]
	sb.send(map[string]any{"action": "resume", "request_id": "rb"})
	sb.wait(0, "recap", typeIs("recap"))
	for _, m := range []struct {
		name string
		msg  map[string]any
		code string
	}{
		{"turn naming A", map[string]any{"action": "turn", "request_id": "x1", "campaign_id": a.id, "character_id": b.chars[0], "text": "I peek"}, "forbidden"},
		{"turn as A's character", map[string]any{"action": "turn", "request_id": "x2", "character_id": a.chars[0], "text": "I peek"}, "invalid"},
		{"resume naming A", map[string]any{"action": "resume", "request_id": "x3", "campaign_id": a.id}, "forbidden"},
		{"end_session naming A", map[string]any{"action": "end_session", "request_id": "x4", "campaign_id": a.id}, "forbidden"},
		{"sync naming A", map[string]any{"action": "sync", "after_seq": 0, "campaign_id": a.id}, "forbidden"},
		{"roll naming A", map[string]any{"action": "roll", "request_id": "x5", "campaign_id": a.id, "turn_id": "t", "roll_id": "r"}, "forbidden"},
		{"react naming A", map[string]any{"action": "react", "request_id": "x6", "campaign_id": a.id, "turn_id": "t", "character_id": a.chars[0], "reaction": "shield"}, "forbidden"},
	} {
		mark := sb.count()
		sb.send(m.msg)
		ev, _ := sb.wait(mark, "error", typeIs("error"))
		if ev.str("code") != m.code {
			t.Errorf("%s over B's connection = %v, want %s", m.name, ev, m.code)
		}
		table.WriteString(fmt.Sprintf("| WS %s (B's member, B's connection) | %s | | | | — |\n", m.name, ev.str("code")))
	}
	for _, ev := range sb.events() {
		data, _ := json.Marshal(ev)
		for _, s := range secrets {
			if strings.Contains(string(data), s) {
				t.Errorf("B's connection received %q: %s", s, data)
			}
		}
	}
	if after := exportOf(t, owner, a.id); after != before {
		t.Errorf("campaign A changed:\n%s\n%s", before, after)
	}
	t.Log(table.String())
}

// exportOf is the campaign's export without its time.
func exportOf(t *testing.T, p *player, id string) string {
	t.Helper()
	var e map[string]any
	p.must("GET", "/api/campaigns/"+id+"/export", nil, &e, http.StatusOK)
	delete(e, "exported_at")
	// Presence is live state, not the campaign's.
	if chars, ok := e["characters"].([]any); ok {
		for _, c := range chars {
			delete(c.(map[string]any), "presence")
		}
	}
	out, _ := json.Marshal(e)
	return string(out)
}

// There is no way to delete anything through the application: no route
// has the DELETE method, a DELETE on every resource path is refused, every
// resource is still there afterwards, and the store has no delete.
func TestNothingDeletes(t *testing.T) {
	base := inProcess(t)
	a := newTable(t, base, "Keep Forever", "Aria", "Bram")
	a.connect(t)
	a.socks[0].send(map[string]any{"action": "resume", "request_id": "r"})
	a.socks[1].wait(0, "recap", typeIs("recap"))
	a.turn(t, 0, "I carve my name in the stone")
	owner := a.players[0]
	before := exportOf(t, owner, a.id)

	h := httpapi.New(&game.Service{}, "", nil)
	var paths []string
	for _, pattern := range h.Routes() {
		method, path, _ := strings.Cut(pattern, " ")
		if method == "DELETE" || path == "" && strings.HasPrefix(pattern, "DELETE") {
			t.Errorf("route %q deletes", pattern)
		}
		if path == "" {
			path = method // a method-less pattern
		}
		path = strings.NewReplacer("{id}", a.id, "{player}", a.players[1].id, "{seq}", "1").Replace(path)
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range append(paths, "/api/campaigns/"+a.id+"/characters/"+a.chars[0], "/api/campaigns/"+a.id+"/turns/1", "/api/players/"+owner.id) {
		if got := owner.do("DELETE", path, nil, nil); got != http.StatusNotFound && got != http.StatusMethodNotAllowed {
			t.Errorf("DELETE %s = %d", path, got)
		}
	}
	if after := exportOf(t, owner, a.id); after != before {
		t.Errorf("a DELETE changed the campaign")
	}
	store := reflect.TypeFor[game.Store]()
	for i := range store.NumMethod() {
		name := store.Method(i).Name
		for _, verb := range []string{"Delete", "Remove", "Drop", "Purge", "Destroy"} {
			if strings.HasPrefix(name, verb) {
				t.Errorf("the store can %s", name)
			}
		}
	}
}
