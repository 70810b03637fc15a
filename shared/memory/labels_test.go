package memory

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
)

// A later fight's "Goblin 2" is another creature than the first fight's:
// recall brings back neither that fight's turns nor its monsters' turns
// by the engine's label, and still brings back the NPC and the place a
// player names.
func TestRecallSkipsTheEnginesLabels(t *testing.T) {
	var m Memory
	present := []string{"c1"}
	m.Observe(narrated(1, "Kira", "I ask about the road", "A ferryman named Hobb Tallow points the way to Gloamwood, past the drowned mill."), present)
	m.Observe(narrated(2, "Kira", "I attack Goblin 2", "Kira's blade bites into Goblin 2, which howls and staggers back against the cart."), present)
	m.Observe(narrated(3, "Goblin 2", "(Goblin 2's turn)", "Goblin 2 slashes at Kira and the rusty blade scrapes her shoulder."), present)
	for seq := 4; seq <= 30; seq++ {
		m.Observe(narrated(seq, "Kira", "I walk on", "The road winds on through the fog, mile after mile."), present)
	}
	in := func(action string) Input {
		return Input{CampaignName: "Road", Actor: campaign.Character{ID: "c1", Name: "Kira"},
			Characters: []campaign.Character{{ID: "c1", Name: "Kira"}}, Memory: m, Action: action, Turn: 31}
	}
	// No canon: what the turn gets of the past is recall's alone.
	budget := DefaultBudget()
	budget.Canon = 0
	lore := func(action string) string {
		s, _ := Build(in(action), budget)
		return s.Request.Lore
	}
	if got := lore("I attack Goblin 2"); strings.Contains(got, "howls") || strings.Contains(got, "rusty blade") {
		t.Errorf("a later fight's Goblin 2 recalled the first fight's:\n%s", got)
	}
	if got := lore("I ask Hobb Tallow the way"); !strings.Contains(got, "Hobb Tallow") {
		t.Errorf("the ferryman named by the player was not recalled:\n%s", got)
	}
	if got := lore("I set out for Gloamwood, then attack Goblin 2"); !strings.Contains(got, "Gloamwood") || strings.Contains(got, "howls") {
		t.Errorf("the place named beside a label was not recalled, or the label was:\n%s", got)
	}
}
