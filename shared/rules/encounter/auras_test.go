package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// auraTurn ends the current participant's turn with the dice f, the next
// turn's start drawing from them.
func auraTurn(t *testing.T, e encounter.Encounter, f ...int) (encounter.Encounter, encounter.Result) {
	t.Helper()
	e, res, err := encounter.Act(e, e.Current, encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t, f...))
	if err != nil {
		t.Fatal(err)
	}
	return e, res
}

// A pit fiend's Fear Aura: a foe starting its turn in the fight saves on
// Wisdom against DC 21 or is frightened until the start of its next
// turn; one that saves is immune and makes no save again.
func TestFearAura(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "pit-fiend", Count: 1}})
	e, _ = auraTurn(t, e) // the fiend's turn
	// Mira's turn: 5 + 1 fails DC 21.
	e, res := auraTurn(t, e, 5)
	if m := participant(t, e, "mira"); !m.Combatant.Conditions.Has(rules.Frightened) || !strings.Contains(res.Summary(), "until the start of its next turn") {
		t.Fatalf("Mira near a pit fiend: %v: %s", m.Conditions, res.Summary())
	}
	e, _ = auraTurn(t, e) // Mira's turn ends
	// Her next turn: the fright ends, and 20 + 1 makes DC 21.
	e, res = auraTurn(t, e, 20)
	if m := participant(t, e, "mira"); m.Combatant.Conditions.Has(rules.Frightened) || !holds(e, "mira", "immune") {
		t.Fatalf("Mira saves against the fear aura: %v: %s", m.Conditions, res.Summary())
	}
	e, _ = auraTurn(t, e)
	// Immune: no save at her next turn (no die drawn).
	e, res = auraTurn(t, e)
	if m := participant(t, e, "mira"); m.Combatant.Conditions.Has(rules.Frightened) || len(res.Saves) > 0 {
		t.Fatalf("Mira immune to the fear aura: %v: %s", m.Conditions, res.Summary())
	}
}

// A gibbering mouther's Gibbering: a DC 10 Wisdom save, failed, and a d8
// of 7 or 8: the creature strikes a creature within its reach, its turn
// spent and no reaction left. Its Aberrant Ground: a DC 10 Strength
// save, failed, holds its speed at 0 until the start of its next turn.
func TestGibbering(t *testing.T) {
	start := func() encounter.Encounter {
		e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "gibbering-mouther", Count: 1}})
		e = engage(t, e, "mira", "gibbering-mouther-1")
		e, _ = auraTurn(t, e) // the mouther's turn
		return e
	}
	// Mira's turn: Strength 15 + 5 saves; Wisdom 2 + 1 fails; d8 8: her
	// longsword at the mouther, 15 + 5 hits AC 9, 1d10 + 3 = 8.
	e, res := auraTurn(t, start(), 15, 2, 8, 15, 5)
	m, g := participant(t, e, "mira"), participant(t, e, "gibbering-mouther-1")
	if g.HP != 67-8 || !m.Turn.ActionUsed || !m.ReactionUsed || !strings.Contains(res.Summary(), "lashes out at Gibbering Mouther") {
		t.Fatalf("Mira maddened: mouther at %d, action used %v, reaction used %v: %s", g.HP, m.Turn.ActionUsed, m.ReactionUsed, res.Summary())
	}
	// Strength 2 + 5 fails; Wisdom 20 + 1 saves: her speed is 0.
	e, res = auraTurn(t, start(), 2, 20)
	if m := participant(t, e, "mira"); m.Combatant.CurrentSpeed() != 0 || m.Turn.Movement != 0 || !strings.Contains(res.Summary(), "stuck fast") {
		t.Fatalf("Mira on the aberrant ground: speed %d, movement %d: %s", m.Combatant.CurrentSpeed(), m.Turn.Movement, res.Summary())
	}
	if _, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionMove}, faces(t)); err == nil {
		t.Fatal("Mira moved with her speed at 0")
	}
	// Her next turn: the ground lets go as it starts; Strength 20 + 5 and
	// Wisdom 20 + 1 save; her speed is back.
	e, _ = auraTurn(t, e)
	e, _ = auraTurn(t, e, 20, 20)
	if m := participant(t, e, "mira"); m.Combatant.CurrentSpeed() != 30 || m.Turn.Movement != 30 {
		t.Fatalf("Mira freed from the ground: speed %d, movement %d", m.Combatant.CurrentSpeed(), m.Turn.Movement)
	}
}

// A d8 of 1 to 4: the maddened creature does nothing this turn.
func TestGibberingIdle(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "gibbering-mouther", Count: 1}})
	e, _ = auraTurn(t, e)
	// Not engaged: no aberrant ground; Wisdom 2 + 1 fails; d8 3.
	e, res := auraTurn(t, e, 2, 3)
	if m := participant(t, e, "mira"); !m.Turn.ActionUsed || !m.Turn.BonusActionUsed || m.Turn.Movement != 0 || !strings.Contains(res.Summary(), "does nothing") {
		t.Fatalf("Mira idle: %+v: %s", m.Turn, res.Summary())
	}
}

// A sea hag's Horrific Appearance: a DC 11 Wisdom save or frightened
// for a minute, saved again at the end of each turn at disadvantage
// while the hag is in sight; one that shakes it off is immune.
func TestHorrificAppearance(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "sea-hag", Count: 1}})
	e, _ = auraTurn(t, e)
	e, res := auraTurn(t, e, 5) // 5 + 1 fails DC 11
	if m := participant(t, e, "mira"); !m.Combatant.Conditions.Has(rules.Frightened) || !strings.Contains(res.Summary(), "horrific appearance") {
		t.Fatalf("Mira sees the hag: %v: %s", m.Conditions, res.Summary())
	}
	// Her turn ends: 18 and 4 at disadvantage, 4 + 1 fails.
	e, res = auraTurn(t, e, 18, 4)
	if m := participant(t, e, "mira"); !m.Combatant.Conditions.Has(rules.Frightened) {
		t.Fatalf("Mira's save at disadvantage: %v: %s", m.Conditions, res.Summary())
	}
	e, _ = auraTurn(t, e) // the hag's turn; Mira, frightened, makes no new save
	e, res = auraTurn(t, e, 15, 12)
	if m := participant(t, e, "mira"); m.Combatant.Conditions.Has(rules.Frightened) || !holds(e, "mira", "immune") {
		t.Fatalf("Mira shakes off the hag: %v: %s", m.Conditions, res.Summary())
	}
}

// A medusa's Petrifying Gaze: a DC 14 Constitution save; failed, the
// creature is restrained, and petrified if it fails again at the end of
// its next turn; failed by 5 or more, petrified at once.
func TestPetrifyingGaze(t *testing.T) {
	start := func() encounter.Encounter {
		e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "medusa", Count: 1}})
		e, _ = auraTurn(t, e)
		return e
	}
	// 8 + 4 = 12 fails by 2: restrained.
	e, res := auraTurn(t, start(), 8)
	if m := participant(t, e, "mira"); !m.Combatant.Conditions.Has(rules.Restrained) || !strings.Contains(res.Summary(), "begins to turn to stone") {
		t.Fatalf("Mira meets the medusa's eyes: %v: %s", m.Conditions, res.Summary())
	}
	// Her turn ends and the medusa's passes; at her next turn's start she
	// makes no new save, and at its end 5 + 4 fails.
	e, _ = auraTurn(t, e)
	e, res = auraTurn(t, e)
	if len(res.Saves) > 0 {
		t.Fatalf("Mira turning to stone saved against the gaze again: %s", res.Summary())
	}
	e, res = auraTurn(t, e, 5)
	if m := participant(t, e, "mira"); !m.Combatant.Conditions.Has(rules.Petrified) || !strings.Contains(res.Summary(), "Greater Restoration") {
		t.Fatalf("Mira's second save: %v: %s", m.Conditions, res.Summary())
	}
	// 2 + 4 = 6 fails by 8: petrified at once.
	e, res = auraTurn(t, start(), 2)
	if m := participant(t, e, "mira"); !m.Combatant.Conditions.Has(rules.Petrified) || !strings.Contains(res.Summary(), "instantly petrified") {
		t.Fatalf("Mira fails by 8: %v: %s", m.Conditions, res.Summary())
	}
	// A blinded creature does not see the eyes: no save.
	e = edit(start(), "mira", func(p *encounter.Participant) { p.Combatant.Conditions = p.Combatant.Conditions.With(rules.Blinded) })
	if _, res = auraTurn(t, e); len(res.Saves) > 0 {
		t.Fatalf("a blinded Mira saved against the gaze: %s", res.Summary())
	}
}

// A balor's Fire Aura: 3d6 fire to each creature engaged with it as its
// turn starts, and to a creature that hits it in melee.
func TestFireAura(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "balor", Count: 1}})
	e = engage(t, e, "mira", "balor-1")
	// The balor's turn: 3d6 = 3 + 4 + 5.
	e, res := auraTurn(t, e, 3, 4, 5)
	if m := participant(t, e, "mira"); m.HP != 28-12 || !strings.Contains(res.Summary(), "fire aura hurts Mira") {
		t.Fatalf("Mira beside the balor: %d HP: %s", m.HP, res.Summary())
	}
	e, _ = auraTurn(t, e)
	// Mira's longsword hits (18 + 5 against AC 19), 1d10 = 5; the aura
	// burns her for 2 + 2 + 2.
	_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "balor-1"}, faces(t, 18, 5, 2, 2, 2))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Summary(), "fire aura hurts Mira") {
		t.Fatalf("Mira strikes the balor: %s", res.Summary())
	}
	if m := participant(t, e, "mira"); m.HP != 16 {
		t.Fatalf("the fight before the blow changed: %d", m.HP)
	}
}

// A barbed devil's hide: 1d10 piercing to the creature grappling it as
// the devil's turn starts.
func TestBarbedHide(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "barbed-devil", Count: 1}})
	e = engage(t, e, "mira", "barbed-devil-1")
	e = edit(e, "barbed-devil-1", func(p *encounter.Participant) { p.GrappledBy = "mira" })
	e, res := auraTurn(t, e, 6)
	if m := participant(t, e, "mira"); m.HP != 28-6 || !strings.Contains(res.Summary(), "barbed hide hurts Mira") {
		t.Fatalf("Mira grappling a barbed devil: %d HP: %s", m.HP, res.Summary())
	}
}

// A black pudding's Corrosive Form: 1d8 acid to a creature that hits it
// in melee, and the weapon's corrosion told.
func TestCorrosiveForm(t *testing.T) {
	e := one(t, mira(), "black-pudding", 0)
	e, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "black-pudding-1"}, faces(t, 15, 5, 4))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, e, "mira"); m.HP != 28-4 || !strings.Contains(res.Summary(), "corrodes") {
		t.Fatalf("Mira strikes a black pudding: %d HP: %s", m.HP, res.Summary())
	}
}

// A water elemental's Freeze: cold damage takes 20 feet off its speed
// until the end of its next turn.
func TestFreeze(t *testing.T) {
	e := one(t, wren(), "water-elemental", 0)
	// Ray of Frost: 15 + 5 hits AC 14, 1d8 = 4 cold.
	e, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "ray-of-frost", TargetIDs: []string{"water-elemental-1"}}, faces(t, 15, 4))
	if err != nil {
		t.Fatal(err)
	}
	w := participant(t, e, "water-elemental-1")
	// 30 - 20 (the ray's own 10 feet are told by its rider).
	if w.Combatant.Speed != 10 || !holds(e, "water-elemental-1", "flinching") {
		t.Fatalf("a frozen water elemental: speed %d: %s", w.Combatant.Speed, res.Summary())
	}
}

// A flesh golem's Aversion of Fire: after fire damage its attack rolls
// have disadvantage until the end of its next turn.
func TestAversionOfFire(t *testing.T) {
	e := one(t, wren(), "flesh-golem", 0)
	// Fire Bolt: 15 + 5 hits AC 9, 1d10 = 7 fire.
	e, _, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "fire-bolt", TargetIDs: []string{"flesh-golem-1"}, EndTurn: true}, faces(t, 15, 7))
	if err != nil {
		t.Fatal(err)
	}
	// Its slam at Wren: 18 and 3 at disadvantage, 3 + 7 misses AC 12.
	_, res, err := encounter.Act(e, "flesh-golem-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "wren", Weapon: "slam"}, dice.Source(faces(t, 18, 3)))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; a.Hit || !slices.Contains(a.Edge.Disadvantage, "aversion") {
		t.Fatalf("a burned flesh golem's slam: %s", res.Summary())
	}
}
