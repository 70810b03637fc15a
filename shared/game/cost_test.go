package game_test

import (
	"context"
	"encoding/json"
	"math"
	"reflect"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

// costs are the table's cost as conn was told it, in order: each cost
// event's and each turn.committed's.
func (f *fixture) costs(t *testing.T, conn string) []events.TableCost {
	t.Helper()
	f.push.mu.Lock()
	defer f.push.mu.Unlock()
	var out []events.TableCost
	for _, m := range f.push.sent[conn] {
		var h events.Header
		if err := json.Unmarshal(m, &h); err != nil {
			t.Fatal(err)
		}
		switch h.Type {
		case events.TypeCost:
			var c events.TableCost
			if err := json.Unmarshal(m, &c); err != nil {
				t.Fatal(err)
			}
			out = append(out, c)
		case events.TypeTurnCommitted:
			var tc events.TurnCommitted
			if err := json.Unmarshal(m, &tc); err != nil {
				t.Fatal(err)
			}
			if tc.Cost == nil {
				t.Fatalf("a turn.committed without the table's cost: %s", m)
			}
			out = append(out, *tc.Cost)
		}
	}
	return out
}

// A player who is not the owner is told the table's cost as it grows,
// beside the budget the owner set, and the step narration takes near it
// and the next one.
func TestEveryPlayerSeesTheTablesCost(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.svc.SummaryEvery = 100
	f.svc.Narrator = &tiered{} // $0.0045 a turn at the high tier
	c, owner := f.table(t, "Ledger", "c1")
	bram := game.Player{ID: "p-bram", Name: "Bram"}
	f.member(t, bram, c, "Tobin")
	f.sit(t, bram, c, "b1")

	budget := 0.01
	if _, err := f.svc.SetBudget(ctx, owner, c.ID, events.Budget{SessionUSD: &budget}); err != nil {
		t.Fatal(err)
	}
	told := f.costs(t, "b1")
	if len(told) != 1 || told[0].SessionBudgetUSD == nil || *told[0].SessionBudgetUSD != budget || told[0].Step != "" ||
		told[0].Next == nil || told[0].Next.Step != campaign.ThriftShorter || math.Abs(told[0].Next.AtUSD-0.007) > 1e-9 {
		t.Fatalf("Bram was told of the budget: %+v", told)
	}

	f.play(t, "c1", c, 2) // $0.009 of $0.01: past 85%
	told = f.costs(t, "b1")
	last := told[len(told)-1]
	if len(told) != 3 || math.Abs(last.SessionUSD-0.009) > 1e-9 || last.SessionTurns != 2 || math.Abs(last.CampaignUSD-0.009) > 1e-9 ||
		last.Step != campaign.ThriftLow || last.Scope != campaign.ScopeSession || last.Next == nil || last.Next.Step != campaign.ThriftOffline {
		t.Fatalf("Bram was told after two turns: %+v", told)
	}

	view, err := f.svc.GetCampaign(ctx, bram, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(view.Cost, last) {
		t.Fatalf("GET campaign tells Bram %+v, the last turn %+v", view.Cost, last)
	}
	if _, err := f.svc.SetBudget(ctx, bram, c.ID, events.Budget{SessionUSD: &budget}); err == nil {
		t.Fatal("a player who is not the owner set the budget")
	}
}

// A session's budget set before any session opens is told with the step
// narration will take first and at what spend, counted from nothing: what
// the session about to open may spend before it saves.
func TestASessionsBudgetIsToldBeforeTheSessionOpens(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := game.Player{ID: "p-aria", Name: "Aria"}
	c, err := f.svc.CreateCampaign(ctx, owner, events.CreateCampaign{Name: "Ledger"})
	if err != nil {
		t.Fatal(err)
	}
	budget := 0.01
	if _, err := f.svc.SetBudget(ctx, owner, c.ID, events.Budget{SessionUSD: &budget}); err != nil {
		t.Fatal(err)
	}
	view, err := f.svc.GetCampaign(ctx, owner, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	got := view.Cost
	if got.SessionID != "" || got.SessionBudgetUSD == nil || *got.SessionBudgetUSD != budget || got.Step != "" ||
		got.Next == nil || got.Next.Step != campaign.ThriftShorter || got.Next.Scope != campaign.ScopeSession || math.Abs(got.Next.AtUSD-0.007) > 1e-9 {
		t.Fatalf("before a session opens the table is told %+v: want the session's budget's first step, shorter at $0.007", got)
	}
}
