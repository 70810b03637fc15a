package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// A Periapt of Health makes its wearer immune to contracting a disease:
// a diseased giant rat's bite (15 + 4 hits AC 16 for 1d4 + 2) asks no
// DC 10 Constitution save of Mira wearing it, and leaves no disease;
// without it, a save of 3 + 4 fails and she is diseased.
func TestPeriaptOfHealthWardsOffARatsDisease(t *testing.T) {
	rats := []encounter.MonsterSpec{{SRDID: "giant-rat-diseased", Count: 1}}
	e := casterFirst(t, []campaign.Character{mira()}, rats)
	e, res := drainAt(t, e, "giant-rat-diseased-1", "bite", 15, 1, 3)
	if m := participant(t, e, "mira"); len(m.Combatant.Afflictions) != 1 || m.Combatant.Afflictions[0].Kind != "disease" {
		t.Fatalf("without the periapt: %+v: %s", m.Combatant.Afflictions, res.Summary())
	}
	e = casterFirst(t, []campaign.Character{miraWith(campaign.Item{Item: "periapt-of-health"})}, rats)
	e, res = drainAt(t, e, "giant-rat-diseased-1", "bite", 15, 1)
	m := participant(t, e, "mira")
	if m.HP != 25 || len(m.Combatant.Afflictions) != 0 || len(res.Saves) != 0 {
		t.Fatalf("with the periapt: %d HP, afflictions %+v, saves %+v: %s", m.HP, m.Combatant.Afflictions, res.Saves, res.Summary())
	}
	if !strings.Contains(res.Summary(), "Mira is immune to disease") {
		t.Errorf("the ward told: %s", res.Summary())
	}
	if !rules.DiseaseImmune(rules.FromSheet(miraWith(campaign.Item{Item: "periapt-of-health"})).Features) {
		t.Error("the sheet's wearer is not immune to disease out of the fight")
	}
}
