package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// A mummy's Rotting Fist curses a creature failing a DC 12 Constitution
// save with mummy rot: it can't regain hit points, and the sheet carries
// the curse after the fight.
func TestMummyRotCursesAndHoldsTheHealing(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "mummy", Count: 1}})
	// 15 + 5 hits AC 16; 2d6 + 3 = 5 bludgeoning, 3d6 = 3 necrotic;
	// Mira's save, 3 + 4, fails against 12.
	e, res := drainAt(t, e, "mummy-1", "rotting-fist", 15, 1, 1, 1, 1, 1, 3)
	m := participant(t, e, "mira")
	if m.HP != 20 || len(m.Combatant.Afflictions) != 1 || m.Combatant.Afflictions[0].Name != "mummy rot" {
		t.Fatalf("after the fist: %d HP, afflictions %+v: %s", m.HP, m.Combatant.Afflictions, res.Summary())
	}
	if a := m.Combatant.Afflictions[0]; a.Kind != "curse" || a.NoHealing != "all" || a.Daily != "3d6" || a.From != "mummy" {
		t.Errorf("the curse: %+v", a)
	}
	if !strings.Contains(res.Summary(), "Mira is cursed with mummy rot (Constitution save 7 against DC 12): it can't regain hit points and loses 3d6 of its hit point maximum every 24 hours.") {
		t.Errorf("the curse told: %s", res.Summary())
	}
	if h, err := rules.Heal(m.Combatant, dice.MustParse("10"), faces(t)); err != nil || h.Regained != 0 || h.Unhealed != "mummy rot" {
		t.Errorf("healing the cursed: %+v, %v", h, err)
	}
	// A second fist does not curse her twice, and asks no save.
	e, res = drainAt(t, e, "mummy-1", "rotting-fist", 15, 1, 1, 1, 1, 1)
	if m := participant(t, e, "mira"); len(m.Combatant.Afflictions) != 1 || len(res.Saves) != 0 {
		t.Fatalf("a second curse: %+v, saves %+v", m.Combatant.Afflictions, res.Saves)
	}
	_, ds, err := encounter.End(e, "fled", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if d := diffOf(t, ds, "mira"); d.Afflictions == nil || len(d.Afflictions.Before) != 0 || len(d.Afflictions.After) != 1 {
		t.Fatalf("the diff's afflictions: %+v", d.Afflictions)
	}
	ch := ds.CharacterUpdates([]campaign.Character{mira()})[0]
	if len(ch.Afflictions) != 1 || ch.Afflictions[0].Name != "mummy rot" || ch.HP != 12 {
		t.Fatalf("the sheet after: %d HP, %+v", ch.HP, ch.Afflictions)
	}
	if r, err := rules.LongRest(rules.FromSheet(ch), true); err != nil || r.HPAfter != 12 {
		t.Errorf("a long rest under mummy rot: %+v, %v", r, err)
	}
}

// A clay golem's slam takes the damage it dealt from the maximum of a
// creature failing a DC 15 Constitution save, until Greater Restoration:
// a long rest does not give it back.
func TestClayGolemSlamTakesTheMaximum(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "clay-golem", Count: 1}})
	// 15 + 8 hits; 2d10 + 5 = 15 bludgeoning; the save, 3 + 4, fails.
	e, res := drainAt(t, e, "clay-golem-1", "slam", 15, 5, 5, 3)
	m := participant(t, e, "mira")
	if m.HP != 13 || m.Combatant.CurrentMaxHP() != 13 || m.Combatant.MaxHP != 28 {
		t.Fatalf("after the slam: %d/%d HP: %s", m.HP, m.Combatant.CurrentMaxHP(), res.Summary())
	}
	if !strings.Contains(res.Summary(), "takes 15 from Mira's hit point maximum, now 13 until Greater Restoration") {
		t.Errorf("the slam told: %s", res.Summary())
	}
	_, ds, err := encounter.End(e, "fled", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ch := ds.CharacterUpdates([]campaign.Character{mira()})[0]
	r, err := rules.LongRest(rules.FromSheet(ch), true)
	if err != nil || r.MaxHP != 13 || r.HPAfter != 13 {
		t.Errorf("a long rest after the slam: %d/%d, %v", r.HPAfter, r.MaxHP, err)
	}
}

// A werewolf's bite curses a humanoid failing a DC 12 Constitution save
// with werewolf lycanthropy, which the sheet carries for the narrator.
func TestWerewolfBiteCursesAHumanoid(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "werewolf-wolf", Count: 1}})
	// 15 + 4 hits; 1d8 + 2 = 3; the save, 3 + 4, fails against 12.
	e, res := drainAt(t, e, "werewolf-wolf-1", "bite", 15, 1, 3)
	m := participant(t, e, "mira")
	if len(m.Combatant.Afflictions) != 1 || m.Combatant.Afflictions[0].Name != "werewolf lycanthropy" || m.Combatant.Afflictions[0].NoHealing != "" {
		t.Fatalf("after the bite: %+v: %s", m.Combatant.Afflictions, res.Summary())
	}
	// The same bite on a creature that is not a humanoid asks no save.
	e = edit(e, "mira", func(p *encounter.Participant) { p.Type = "construct"; p.Combatant.Afflictions = nil })
	e, res = drainAt(t, e, "werewolf-wolf-1", "bite", 15, 1)
	if m := participant(t, e, "mira"); len(m.Combatant.Afflictions) != 0 || len(res.Saves) != 0 {
		t.Errorf("a construct bitten: %+v, saves %+v", m.Combatant.Afflictions, res.Saves)
	}
}
