package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"chronicler/shared/dynamo"
	"chronicler/shared/dynamo/dynamotest"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/httpapi"
)

// instance is one function instance: the API over a real game, with the
// store and the limiters' table it shares with the other instances.
func instance(t *testing.T, store game.Store, limiters func() (*dynamo.Limiter, *dynamo.Limiter)) api {
	t.Helper()
	return gameAPI(t, store, func(svc *game.Service) { svc.PlayerLimit, svc.TicketLimit = limiters() })
}

// shared is what two instances share: one SQLite store, and the
// per-address buckets in a DynamoDB table (the test server), as the
// functions of the stack share theirs.
func shared(t *testing.T, players, tickets game.Rate) (game.Store, func() (*dynamo.Limiter, *dynamo.Limiter)) {
	t.Helper()
	db := sqliteStore(t)
	srv := httptest.NewServer(dynamotest.New())
	t.Cleanup(srv.Close)
	client := dynamotest.Client(srv.URL)
	if err := dynamo.EnsureTable(context.Background(), client, "limits"); err != nil {
		t.Fatal(err)
	}
	return db, func() (*dynamo.Limiter, *dynamo.Limiter) {
		return dynamo.NewLimiter(client, "limits", "players", players.PerSecond(), players.Burst),
			dynamo.NewLimiter(client, "limits", "tickets", tickets.PerSecond(), tickets.Burst)
	}
}

func from(req httpapi.Request, address string) httpapi.Request {
	req.RequestContext.HTTP.SourceIP = address
	return req
}

// A script making players from one address is refused past the limit,
// whichever instance its calls reach; another address is not.
func TestNewPlayersLimitedPerAddressAcrossInstances(t *testing.T) {
	store, limiters := shared(t, game.Rate{Burst: 3, Per: time.Hour}, game.Rate{Burst: 30, Per: time.Minute})
	a, b := instance(t, store, limiters), instance(t, store, limiters)
	made := 0
	for i := range 6 {
		inst := []api{a, b}[i%2]
		res := inst.serve(t, from(event("POST", "/api/players", "", fmt.Sprintf(`{"name":"Bot %d"}`, i)), "198.51.100.9"))
		switch res.StatusCode {
		case 201:
			made++
		case 429:
			wantError(t, res, 429, fault.RateLimited, "too many new players from this address; wait a while and try again", "")
		default:
			t.Fatalf("call %d: %d %s", i, res.StatusCode, res.Body)
		}
	}
	if made != 3 {
		t.Errorf("%d players made from one address across two instances, want the limit of 3", made)
	}
	if res := b.serve(t, from(event("POST", "/api/players", "", `{"name":"Aria"}`), "203.0.113.50")); res.StatusCode != 201 {
		t.Errorf("another address: %d %s", res.StatusCode, res.Body)
	}
	// Recovering a player counts as making one: guessing codes is the
	// same script.
	res := a.serve(t, from(event("POST", "/api/players/recover", "", `{"recovery_code":"X-AAAA","name":"Aria"}`), "198.51.100.9"))
	wantError(t, res, 429, fault.RateLimited, "too many sign-ins from this address; wait a while and try again", "")
}

// Connect tickets are limited per address too, across instances, before
// anything is looked up.
func TestConnectTicketsLimitedPerAddressAcrossInstances(t *testing.T) {
	store, limiters := shared(t, game.Rate{Burst: 10, Per: time.Hour}, game.Rate{Burst: 2, Per: time.Hour})
	a, b := instance(t, store, limiters), instance(t, store, limiters)
	res := a.serve(t, from(event("POST", "/api/players", "", `{"name":"Aria"}`), "198.51.100.9"))
	id := decoded(t, func(b []byte) (map[string]string, error) {
		var m map[string]string
		return m, json.Unmarshal(b, &m)
	}, res.Body)
	bearer := "Bearer " + id["token"]
	res = a.serve(t, from(event("POST", "/api/campaigns", bearer, `{"name":"The Sunken Crown"}`), "198.51.100.9"))
	if res.StatusCode != 201 {
		t.Fatalf("create campaign: %d %s", res.StatusCode, res.Body)
	}
	cid := object(t, res)["campaign"].(map[string]any)["id"].(string)
	got := []int{}
	for i := range 3 {
		inst := []api{a, b}[i%2]
		got = append(got, inst.serve(t, from(event("POST", "/api/campaigns/"+cid+"/connect-ticket", bearer, ""), "198.51.100.9")).StatusCode)
	}
	if fmt.Sprint(got) != "[201 201 429]" {
		t.Errorf("tickets from one address: %v, want [201 201 429]", got)
	}
	res = b.serve(t, from(event("POST", "/api/campaigns/"+cid+"/connect-ticket", bearer, ""), "198.51.100.9"))
	wantError(t, res, 429, fault.RateLimited, "too many connections from this address; wait a while and try again", "")
	if res := a.serve(t, from(event("POST", "/api/campaigns/"+cid+"/connect-ticket", bearer, ""), "203.0.113.50")); res.StatusCode != 201 {
		t.Errorf("the same player from another address: %d %s", res.StatusCode, res.Body)
	}
}

// The rates a deployment configures read over the defaults.
func TestAddressRatesParse(t *testing.T) {
	r, err := game.ParseAddressRates("players=5/30m, tickets=0")
	if err != nil {
		t.Fatal(err)
	}
	want := game.DefaultAddressRates()
	want.Players, want.Tickets = game.Rate{Burst: 5, Per: 30 * time.Minute}, game.Rate{}
	if r != want {
		t.Errorf("rates = %s, want %s", r, want)
	}
	for _, bad := range []string{"players=5", "players=x/1h", "players=5/1ms", "callers=5/1h", "players=-1/1h", "tickets=5/forever"} {
		if _, err := game.ParseAddressRates(bad); err == nil {
			t.Errorf("ParseAddressRates(%q) took it", bad)
		}
	}
	if again, err := game.ParseAddressRates(want.String()); err != nil || again != want {
		t.Errorf("String does not read back: %q -> %s, %v", want.String(), again, err)
	}
}
