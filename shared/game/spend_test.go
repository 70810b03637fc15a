package game_test

import (
	"context"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
)

// thrifts are the narration.thrift events conn was sent, in order.
func (f *fixture) thrifts(t *testing.T, conn string) []events.NarrationThrift {
	t.Helper()
	f.push.mu.Lock()
	defer f.push.mu.Unlock()
	var out []events.NarrationThrift
	for _, m := range f.push.sent[conn] {
		var h events.Header
		if err := json.Unmarshal(m, &h); err != nil || h.Type != events.TypeNarrationThrift {
			continue
		}
		var e events.NarrationThrift
		if err := json.Unmarshal(m, &e); err != nil {
			t.Fatal(err)
		}
		out = append(out, e)
	}
	return out
}

// A campaign's budget saves in steps as it nears its end: shorter
// narrations past 70%, the low tier past 85%, the offline narrator once
// spent; the table is told each step once, in words.
func TestCampaignBudgetSavesInStepsAndTellsTheTable(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.svc.SummaryEvery = 100 // no fold: the test counts the narrations' cost
	n := &tiered{}
	f.svc.Narrator = n
	c, p := f.table(t, "Thrifty", "c1")
	budget := 0.019 // a high-tier turn costs $0.0045, a low one $0.0015
	if _, err := f.svc.SetBudget(ctx, p, c.ID, events.Budget{CampaignUSD: &budget}); err != nil {
		t.Fatal(err)
	}
	f.play(t, "c1", c, 6)

	// Spent before each turn: 0, 0.0045, 0.009, 0.0135 (71%), 0.018 (95%), 0.0195.
	if len(n.narrated) != 5 {
		t.Fatalf("%d model narrations, want 5: the sixth turn comes after the budget is spent", len(n.narrated))
	}
	for i, want := range []struct {
		tier  narrator.Tier
		brief bool
	}{{narrator.High, false}, {narrator.High, false}, {narrator.High, false}, {narrator.High, true}, {narrator.Low, false}} {
		if got := n.narrated[i]; got.Tier != want.tier || got.Brief != want.brief {
			t.Errorf("turn %d narrated on %s, brief %v; want %s, brief %v", i+1, got.Tier, got.Brief, want.tier, want.brief)
		}
	}
	told := f.thrifts(t, "c1")
	if len(told) != 3 || told[0].Step != campaign.ThriftShorter || told[1].Step != campaign.ThriftLow || told[2].Step != campaign.ThriftOffline {
		t.Fatalf("the table was told %+v, want shorter, low, offline once each", told)
	}
	for _, e := range told {
		if e.Scope != campaign.ScopeCampaign || e.BudgetUSD != budget || e.Text == "" {
			t.Errorf("notice %+v: want the campaign's budget, in words", e)
		}
	}
	st := mustSnap(t, f, c.ID).State
	if st.Thrift.Step != campaign.ThriftOffline || st.Cost.CampaignUSD > budget+0.0015 {
		t.Fatalf("state thrift %+v, campaign cost $%f", st.Thrift, st.Cost.CampaignUSD)
	}

	// The owner raises the budget: narration is back to full, and said so.
	more := 1.0
	if _, err := f.svc.SetBudget(ctx, p, c.ID, events.Budget{CampaignUSD: &more}); err != nil {
		t.Fatal(err)
	}
	f.play(t, "c1", c, 1)
	if last := n.narrated[len(n.narrated)-1]; len(n.narrated) != 6 || last.Tier != narrator.High || last.Brief {
		t.Fatalf("after the budget grew: %d narrations, the last %s brief %v", len(n.narrated), last.Tier, last.Brief)
	}
	if told := f.thrifts(t, "c1"); len(told) != 4 || told[3].Step != "" || !strings.Contains(told[3].Text, "back to full") {
		t.Fatalf("the return to full was not told: %+v", told)
	}
}

// The deployer's daily cap holds across campaigns: every turn's cost is
// counted against the day, and near its end narration saves as for a
// campaign's budget, told as the day's.
func TestDailyBudgetCountsEveryCampaign(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	f.svc.SummaryEvery = 100
	n := &tiered{}
	f.svc.Narrator = n
	f.svc.DaySpend, f.svc.DailyBudgetUSD = f.store, 0.01
	day := f.clock.Now().UTC().Format("2006-01-02")
	c, _ := f.table(t, "Today", "c1")
	f.play(t, "c1", c, 1)
	spent, err := f.store.Spent(ctx, day)
	if err != nil || math.Abs(spent-0.0045) > 1e-9 {
		t.Fatalf("the day's spend after one turn: $%f, %v; want the turn's $0.0045", spent, err)
	}
	// Another table spends most of the rest of the day.
	if err := f.store.AddSpent(ctx, day, 0.004); err != nil {
		t.Fatal(err)
	}
	f.play(t, "c1", c, 2) // at 85%: the low tier; then past the cap: offline
	if len(n.narrated) != 2 || n.narrated[1].Tier != narrator.Low {
		t.Fatalf("%d narrations, the last on %s: want the second on the low tier and the third offline", len(n.narrated), n.narrated[len(n.narrated)-1].Tier)
	}
	told := f.thrifts(t, "c1")
	if len(told) != 2 || told[0].Scope != campaign.ScopeDay || told[1].Step != campaign.ThriftOffline {
		t.Fatalf("the table was told %+v, want the day's budget: low, then offline", told)
	}
}

// countedDay counts the reads of the day's spend.
type countedDay struct {
	game.DaySpend
	reads int
}

func (c *countedDay) Spent(ctx context.Context, day string) (float64, error) {
	c.reads++
	return c.DaySpend.Spent(ctx, day)
}

// A turn whose words go to the low tier asks for its budgets' step twice,
// before it pays for the reading and as it narrates: the day's spend is
// read from the store once.
func TestATurnReadsTheDaysSpendOnce(t *testing.T) {
	f := newFixture(t)
	c, _ := f.table(t, "Once", "c1")
	mira := mustSnap(t, f, c.ID).Characters[0]
	day := &countedDay{DaySpend: f.store}
	f.svc.DaySpend, f.svc.DailyBudgetUSD = day, 10
	r := &reading{}
	f.svc.Narrator = r
	if err := f.act(t, "c1", mira.ID, "w1", "I vault over the bar in one bound", nil); err != nil {
		t.Fatal(err)
	}
	if r.calls != 1 || day.reads != 1 {
		t.Fatalf("%d intent calls, %d reads of the day's spend; want 1 and 1", r.calls, day.reads)
	}
}
