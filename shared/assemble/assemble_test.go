package assemble_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"chronicler/shared/assemble"
	"chronicler/shared/fault"
	"chronicler/shared/game"
)

var key = []byte(strings.Repeat("k", 32))

// env is an environment holding only vars.
func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestService(t *testing.T) {
	t.Run("WiresWhatItIsGiven", func(t *testing.T) {
		svc, err := assemble.Service(context.Background(), assemble.Config{
			TokenKey: key,
			Getenv: env(map[string]string{
				assemble.EnvNarrator: "offline",
				assemble.EnvPrices:   `{"my-model": {"input": 1, "output": 2}}`,
				assemble.EnvStall:    "2500ms",
			}),
		})
		if err != nil {
			t.Fatal(err)
		}
		if svc.Narrator.Name() != "offline" {
			t.Errorf("narrator %s, want offline", svc.Narrator.Name())
		}
		if svc.Teller.Stall != 2500*time.Millisecond || svc.Teller.FirstText != 0 {
			t.Errorf("teller %+v, want the environment's stall and the default first-text timeout", svc.Teller)
		}
		if p, ok := svc.Prices["my-model"]; !ok || p.Output != 2 {
			t.Errorf("prices[my-model] = %+v, %v; want the environment's", p, ok)
		}
		// A nil Workflow stays nil, not a typed nil the game would call.
		if svc.Workflow != nil {
			t.Errorf("workflow %v, want none", svc.Workflow)
		}
		// Players sign in anonymously, with tokens of the key given.
		tok, err := svc.Tokens.Issue("p1", "Aria")
		if err != nil {
			t.Fatal(err)
		}
		if c, err := svc.Identity.Verify(context.Background(), tok); err != nil {
			t.Errorf("Verify(issued token) = %+v, %v", c, err)
		}
	})
	t.Run("TakesTheCallersAddressLimitersOverTheEnvironment", func(t *testing.T) {
		// The caller read the rates and built the limiters where it keeps
		// them; a rate in the environment, even one that would not parse,
		// is not read again.
		players, tickets := game.DefaultAddressRates().Players.Buckets(), game.DefaultAddressRates().Tickets.Buckets()
		svc, err := assemble.Service(context.Background(), assemble.Config{
			TokenKey:  key,
			Getenv:    env(map[string]string{assemble.EnvNarrator: "offline", assemble.EnvAddressRates: "players=many"}),
			Addresses: &assemble.AddressLimiters{Players: players, Tickets: tickets},
		})
		if err != nil {
			t.Fatal(err)
		}
		if svc.PlayerLimit != players || svc.TicketLimit != tickets || svc.InviteLimit != nil {
			t.Errorf("limiters %v %v %v, want the caller's, and none for invites", svc.PlayerLimit, svc.TicketLimit, svc.InviteLimit)
		}
	})
	t.Run("WithoutTheCallersAddressLimitersKeepsTheEnvironmentsInMemory", func(t *testing.T) {
		svc, err := assemble.Service(context.Background(), assemble.Config{
			TokenKey: key,
			Getenv:   env(map[string]string{assemble.EnvNarrator: "offline", assemble.EnvAddressRates: "players=1/1h,tickets=0"}),
		})
		if err != nil {
			t.Fatal(err)
		}
		if svc.TicketLimit != nil {
			t.Errorf("ticket limiter %v, want none: the environment lifts it", svc.TicketLimit)
		}
		if !svc.AllowNewPlayer("192.0.2.1") || svc.AllowNewPlayer("192.0.2.1") {
			t.Error("a second new player from one address within the hour was let through, want the environment's 1/1h")
		}
	})
	refusals := []struct {
		name string
		c    assemble.Config
	}{
		{"ShortKey", assemble.Config{TokenKey: []byte("short")}},
		{"UnknownNarrator", assemble.Config{TokenKey: key, Getenv: env(map[string]string{assemble.EnvNarrator: "oracle"})}},
		{"OpenAIWithoutURL", assemble.Config{TokenKey: key, Getenv: env(map[string]string{assemble.EnvNarrator: "openai"})}},
		{"PricesNotJSON", assemble.Config{TokenKey: key, Getenv: env(map[string]string{assemble.EnvNarrator: "offline", assemble.EnvPrices: "{"})}},
		{"StallNotADuration", assemble.Config{TokenKey: key, Getenv: env(map[string]string{assemble.EnvNarrator: "offline", assemble.EnvStall: "soon"})}},
		{"FirstTextTooLong", assemble.Config{TokenKey: key, Getenv: env(map[string]string{assemble.EnvNarrator: "offline", assemble.EnvFirstText: "5m"})}},
		{"DailyBudgetNotANumber", assemble.Config{TokenKey: key, Getenv: env(map[string]string{assemble.EnvNarrator: "offline", assemble.EnvDailyBudget: "ten"})}},
		{"DailyBudgetNegative", assemble.Config{TokenKey: key, Getenv: env(map[string]string{assemble.EnvNarrator: "offline", assemble.EnvDailyBudget: "-1"})}},
		{"AddressRatesThatDoNotParse", assemble.Config{TokenKey: key, Getenv: env(map[string]string{assemble.EnvNarrator: "offline", assemble.EnvAddressRates: "players=many"})}},
		{"UnknownIdentity", assemble.Config{TokenKey: key, Getenv: env(map[string]string{assemble.EnvNarrator: "offline"}), Identity: "guess"}},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			if svc, err := assemble.Service(context.Background(), tc.c); err == nil {
				t.Fatalf("Service = %v, want an error", svc)
			}
		})
	}
}

func TestStepRefusesWhatIsNoRequest(t *testing.T) {
	svc, err := assemble.Service(context.Background(), assemble.Config{TokenKey: key, Getenv: env(map[string]string{assemble.EnvNarrator: "offline"})})
	if err != nil {
		t.Fatal(err)
	}
	_, err = assemble.Step(svc)(context.Background(), json.RawMessage(`{"action":"later"}`))
	if !fault.Is(err, fault.Invalid) {
		t.Fatalf("Step = %v, want Invalid", err)
	}
}
