package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
)

// holding is ch with a Contingency holding spell id until when, as its
// sheet keeps it.
func holding(ch campaign.Character, id, when string) campaign.Character {
	return ch.WithEffect(encounter.Lasting(spell.Effect{ID: spell.ContingencyID, Spell: "contingency", CasterID: ch.ID, TargetID: ch.ID,
		Held: id, Ends: when}, 6, 0))
}

// Wren's simulacrum of a veteran fights beside her with half the
// veteran's 58 hit points.
func TestSimulacrumFightsWithHalfItsHitPoints(t *testing.T) {
	w := served(t, wren(), "simulacrum", 7, "veteran")
	e, _, err := encounter.Start("enc-s", []campaign.Character{w}, goblins(1), nil, seeded(3), nil)
	if err != nil {
		t.Fatal(err)
	}
	copies := summonedBy(e, "wren")
	if len(copies) != 1 || copies[0].Combatant.HP != 29 || copies[0].Combatant.MaxHP != 29 {
		t.Fatalf("summoned %+v, want one veteran copy of 29 HP", copies)
	}
}

// A Contingency held for a fight's start goes off as the fight starts:
// Mage Armor's AC of 13 + Dex (+2) on Wren, and the Contingency is gone.
func TestContingencyGoesOffAsTheFightStarts(t *testing.T) {
	w := holding(wren(), "mage-armor", spell.ContingencyFight)
	e, _, err := encounter.Start("enc-c", []campaign.Character{w}, goblins(1), nil, seeded(3), nil)
	if err != nil {
		t.Fatal(err)
	}
	if ac := participant(t, e, "wren").Combatant.AC; ac != 15 {
		t.Errorf("AC %d, want Mage Armor's 15", ac)
	}
	if slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == spell.ContingencyID }) {
		t.Error("the Contingency outlasts its spell")
	}
	if !strings.Contains(e.Log[len(e.Log)-1].Text+e.Log[0].Text, "Contingency goes off: Mage Armor") {
		t.Errorf("log %+v, want the contingency told", e.Log)
	}
}

// A Contingency held for 0 hit points waits at a fight's start, then
// goes off as its caster drops: Cure Wounds brings Wren back to her feet.
func TestContingencyCatchesItsCasterFalling(t *testing.T) {
	w := holding(wren(), "cure-wounds", spell.ContingencyDropped)
	w.HP = 1
	// Initiative: Wren 1+2, the goblin 20+2.
	e, _, err := encounter.Start("enc-d", []campaign.Character{w}, goblins(1), nil, faces(t, 1, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == spell.ContingencyID }) {
		t.Fatal("the Contingency went off before its circumstance")
	}
	// The goblin's scimitar: 15+4 hits, 3+2 drops Wren; Cure Wounds: 6+3.
	e, res, err := encounter.MonsterTurn(e, faces(t, 15, 3, 6))
	if err != nil {
		t.Fatal(err)
	}
	wr := participant(t, e, "wren")
	if wr.Combatant.HP != 9 || wr.Combatant.Conditions.Has(rules.Unconscious) {
		t.Errorf("Wren at %d HP, %v: want 9 and awake (%s)", wr.Combatant.HP, wr.Combatant.Conditions, res.Summary())
	}
	if slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == spell.ContingencyID }) {
		t.Error("the Contingency outlasts its spell")
	}
}

// A character dead at a fight's end with a clone on its sheet wakes in
// it: alive, whole, the clone used; one without stays dead.
func TestACloneWakesTheFallenAfterTheFight(t *testing.T) {
	w := wren().WithEffect(campaign.Effect{ID: spell.CloneID, Spell: "clone", CasterID: "wren"})
	dead := encounter.Diffs{{CharacterID: "wren", Commit: true, Dead: true,
		Conditions: encounter.ConditionDiff{Added: []string{"unconscious"}, Removed: []string{}, Active: []string{"unconscious"}}}}
	got := dead.CharacterUpdates([]campaign.Character{w})
	if len(got) != 1 || got[0].IsDead() || got[0].HP != 16 || len(got[0].Conditions) != 0 || len(got[0].Effects) != 0 {
		t.Fatalf("%+v: want Wren alive at 16 HP, no conditions, the clone used", got)
	}
	if got := dead.CharacterUpdates([]campaign.Character{wren()}); !got[0].IsDead() {
		t.Error("Wren with no clone came back")
	}
}
