package encounter_test

import (
	"slices"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// cleoAt is Cleo the cleric at a level, with its slots up to 4th.
func cleoAt(level int) campaign.Character {
	c := cleo()
	c.Level = level
	c.SpellSlots = map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 3}, "4": {Max: 1}}
	return c
}

func act(t *testing.T, e encounter.Encounter, id string, a encounter.Action, f ...int) (encounter.Encounter, encounter.Result) {
	t.Helper()
	out, res, err := encounter.Act(e, id, a, faces(t, f...))
	if err != nil {
		t.Fatal(err)
	}
	return out, res
}

// Warding Bond: +1 AC to its target, which resists all damage, and its
// caster takes as much as the target took.
func TestWardingBondSharesTheDamage(t *testing.T) {
	e := casterFirst(t, []campaign.Character{cleo(), mira()}, goblins(1))
	e, _ = act(t, e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "warding-bond", TargetID: "mira", EndTurn: true})
	if m := participant(t, e, "mira"); m.AC != 17 || !m.Combatant.Resistances.Has(rules.Slashing) {
		t.Fatalf("mira AC %d, resistances %v; want 17 and all damage resisted", m.AC, m.Combatant.Resistances)
	}
	e, _ = act(t, e, "mira", encounter.Action{Kind: encounter.ActionEndTurn})
	// The scimitar: 15 + 4 = 19 hits; 4 + 2 = 6 slashing, resisted to 3.
	e, _ = act(t, e, "goblin-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "Scimitar", EndTurn: true}, 15, 4)
	if m, c := participant(t, e, "mira"), participant(t, e, "cleo"); m.HP != 25 || c.HP != 17 {
		t.Errorf("mira at %d, cleo at %d; want 25 and 17: both take the 3", m.HP, c.HP)
	}
}

// Death Ward: the first drop to 0 hit points leaves the target at 1, on
// its feet, and the ward is gone.
func TestDeathWardHoldsAtOneHitPoint(t *testing.T) {
	e := casterFirst(t, []campaign.Character{cleoAt(7), mira()}, goblins(1))
	e, _ = act(t, e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "death-ward", TargetID: "mira", SlotLevel: 4, EndTurn: true})
	e = edit(e, "mira", func(p *encounter.Participant) { p.Combatant.HP, p.HP = 3, 3 })
	e, _ = act(t, e, "mira", encounter.Action{Kind: encounter.ActionEndTurn})
	e, _ = act(t, e, "goblin-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "Scimitar", EndTurn: true}, 15, 4)
	m := participant(t, e, "mira")
	if m.HP != 1 || m.Combatant.Conditions.Has(rules.Unconscious) || m.Defeated {
		t.Fatalf("mira %+v; want up at 1 HP", m.Combatant)
	}
	if slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == "death-ward" }) {
		t.Errorf("effects %+v: the ward is spent", e.Effects)
	}
}

// Bestow Curse on attacks: the cursed goblin attacks its curser with
// disadvantage, until Remove Curse ends it (and the concentration on it).
func TestBestowCurseUntilRemoveCurse(t *testing.T) {
	e := casterFirst(t, []campaign.Character{cleoAt(5), mira()}, goblins(1))
	// The goblin's Wisdom save (-1) rolls 2 against DC 14.
	e, _ = act(t, e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "bestow-curse", TargetID: "goblin-1", SlotLevel: 3, Choice: "attacks", EndTurn: true}, 2)
	e, _ = act(t, e, "mira", encounter.Action{Kind: encounter.ActionEndTurn})
	// Disadvantage: 15 and 3, the 3 counts; 3 + 4 misses AC 18.
	e, res := act(t, e, "goblin-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "cleo", Weapon: "Scimitar", EndTurn: true}, 15, 3)
	if len(res.Attacks) != 1 || !slices.Contains(res.Attacks[0].Edge.Disadvantage, "Bestow Curse") || res.Attacks[0].Hit {
		t.Fatalf("attacks %+v; want a miss at disadvantage from the curse", res.Attacks)
	}
	e, _ = act(t, e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "remove-curse", TargetID: "goblin-1", SlotLevel: 3})
	if slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.Spell == "bestow-curse" }) {
		t.Errorf("effects %+v: Remove Curse ends the curse", e.Effects)
	}
	if c := participant(t, e, "cleo"); c.Combatant.Concentration != "" {
		t.Errorf("cleo concentrates on %q; the curse is gone", c.Combatant.Concentration)
	}
}

// Enhance Ability: Bear's Endurance gives 2d6 temporary hit points and
// advantage on Constitution checks, which the sheet's state carries;
// Dispel Magic takes both away.
func TestEnhanceAbilityUntilDispelled(t *testing.T) {
	e := casterFirst(t, []campaign.Character{cleoAt(5), mira()}, goblins(1))
	e, _ = act(t, e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "enhance-ability", TargetID: "mira", Choice: "bears-endurance", EndTurn: true}, 3, 5)
	m := participant(t, e, "mira")
	if m.TempHP != 8 || !slices.Contains(m.Combatant.Features, rules.Enhanced(rules.Con)) {
		t.Fatalf("mira temp HP %d, features %v; want 8 and the enhanced state", m.TempHP, m.Combatant.Features)
	}
	e, _ = act(t, e, "mira", encounter.Action{Kind: encounter.ActionEndTurn})
	e, _ = act(t, e, "goblin-1", encounter.Action{Kind: encounter.ActionEndTurn})
	e, _ = act(t, e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "dispel-magic", TargetID: "mira", SlotLevel: 3})
	m = participant(t, e, "mira")
	if m.TempHP != 0 || slices.Contains(m.Combatant.Features, rules.Enhanced(rules.Con)) {
		t.Errorf("mira temp HP %d, features %v; Dispel Magic ends both", m.TempHP, m.Combatant.Features)
	}
	if slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.Spell == "enhance-ability" }) {
		t.Errorf("effects %+v, want Enhance Ability dispelled", e.Effects)
	}
}

// Ray of Enfeeblement: the enfeebled orc's greataxe deals half damage.
func TestRayOfEnfeeblementHalvesStrengthAttacks(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wren(), mira()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	// 15 + 5 hits the orc's AC 13.
	e, _ = act(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "ray-of-enfeeblement", TargetID: "orc-1", EndTurn: true}, 15)
	if !slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == "ray-of-enfeeblement" && fx.TargetID == "orc-1" }) {
		t.Fatalf("effects %+v, want the orc enfeebled", e.Effects)
	}
	e, _ = act(t, e, "mira", encounter.Action{Kind: encounter.ActionEndTurn})
	// The greataxe: 15 + 5 hits; 9 + 3 = 12 slashing, halved to 6.
	e, res := act(t, e, "orc-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "Greataxe"}, 15, 9)
	if m := participant(t, e, "mira"); m.HP != 22 {
		t.Errorf("mira at %d, want 22 (%v)", m.HP, res.Summary())
	}
}
