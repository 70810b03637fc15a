package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// monstersFirst starts a fight of chars against count monsters of srdID
// that act first (initiative 20 for the monsters, 1, 2, ... for the
// characters).
func monstersFirst(t *testing.T, srdID string, count int, chars ...campaign.Character) encounter.Encounter {
	t.Helper()
	var init []int
	for i := range chars {
		init = append(init, i+1)
	}
	for range count {
		init = append(init, 20)
	}
	e, _, err := encounter.Start("enc-t", chars, []encounter.MonsterSpec{{SRDID: srdID, Count: count}}, nil, faces(t, init...), nil)
	if err != nil {
		t.Fatal(err)
	}
	if e.Current != srdID+"-1" {
		t.Fatalf("current %q, want %s-1", e.Current, srdID)
	}
	return e
}

// A goblin's Nimble Escape: leaving Mira's reach to stab Ilsa, it
// disengages as a bonus action and draws no opportunity attack; in dim
// light it hides after its attack instead (its Dexterity's +2: 15 + 2 =
// 17 against Mira's passive Perception 11) and is hidden.
func TestNimbleEscape(t *testing.T) {
	e := engage(t, goblinFirst(t, mira(), caster("ilsa", "wizard", 1, 6)), "mira", "goblin-1")
	_, res, err := encounter.MonsterTurnWith(e, faces(t, 10, 3), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	drawn := slices.ContainsFunc(res.Openings, func(o encounter.Opening) bool { _, ok := offerOf(o, "mira", encounter.OpportunityAttack); return ok })
	if !strings.Contains(res.Summary(), "disengages as a bonus action (Nimble Escape)") || drawn || res.Attacks[0].TargetID != "ilsa" {
		t.Fatalf("the goblin leaving Mira's reach: openings %+v: %s", res.Openings, res.Summary())
	}

	e = goblinFirst(t, mira(), caster("ilsa", "wizard", 1, 6))
	e.Light = "dim"
	out, res, err := encounter.MonsterTurn(e, faces(t, 10, 3, 15))
	if err != nil {
		t.Fatal(err)
	}
	if g := participant(t, out, "goblin-1"); !g.Hidden || !strings.Contains(res.Summary(), "hides as a bonus action (Nimble Escape) (Stealth 17 against Mira's passive Perception 11)") {
		t.Fatalf("the goblin in dim light: hidden %v: %s", g.Hidden, res.Summary())
	}
	// In bright light it has nowhere to hide: no roll is made.
	if _, _, err := encounter.MonsterTurn(goblinFirst(t, mira(), caster("ilsa", "wizard", 1, 6)), faces(t, 10, 3)); err != nil {
		t.Fatal(err)
	}
}

// A shadow's Shadow Stealth: in darkness it hides as a bonus action, its
// Stealth improved by 2 (a 10, its Dexterity's +2 and 2 make 14).
func TestShadowStealth(t *testing.T) {
	e := monstersFirst(t, "shadow", 1, mira())
	e.Light = "dark"
	// Its Strength Drain at Mira, with advantage in the dark (10 and 3:
	// 14 misses AC 16), then the Hide.
	out, res, err := encounter.MonsterTurn(e, faces(t, 10, 3, 10))
	if err != nil {
		t.Fatal(err)
	}
	if s := participant(t, out, "shadow-1"); !strings.Contains(res.Summary(), "(Shadow Stealth) (Stealth 14") {
		t.Fatalf("the shadow in the dark: hidden %v: %s", s.Hidden, res.Summary())
	}
}

// A gnoll's Rampage: its spear drops Mira (3 HP: 4 + 2 = 6 piercing),
// and it moves on and bites Tavi as a bonus action (15 to hit, 1d4 + 2
// = 4 piercing: 20 to 16).
func TestRampage(t *testing.T) {
	e := monstersFirst(t, "gnoll", 1, mira(), tavi())
	e = edit(e, "mira", func(p *encounter.Participant) { p.Combatant.HP, p.HP = 3, 3 })
	out, res, err := encounter.MonsterTurn(e, faces(t, 15, 4, 15, 2))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 2 || res.Attacks[1].Weapon != "its bite" || res.Attacks[1].TargetID != "tavi" || participant(t, out, "tavi").HP != 16 ||
		!strings.Contains(res.Summary(), "Rampage") {
		t.Fatalf("the gnoll's rampage: attacks %+v: %s", res.Attacks, res.Summary())
	}
	// A spear that drops no one earns no bite.
	_, res, err = encounter.MonsterTurn(monstersFirst(t, "gnoll", 1, mira(), tavi()), faces(t, 15, 4))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 {
		t.Fatalf("a gnoll that dropped no one: %+v", res.Attacks)
	}
}

// A will-o'-wisp's Consume Life: its Shock drops Mira (3 HP: 2 + 2
// lightning), and as a bonus action she makes a DC 10 Constitution save
// (3 + 2 + 2 = 7) or dies, and the wisp regains 3d6 (1 + 2 + 3 = 6); a
// save of 15 keeps her alive.
func TestConsumeLife(t *testing.T) {
	start := func() encounter.Encounter {
		e := monstersFirst(t, "will-o-wisp", 1, mira())
		e = edit(e, "mira", func(p *encounter.Participant) { p.Combatant.HP, p.HP = 3, 3 })
		// Its Invisibility (invisibility.go) would take its first turn.
		return edit(e, "will-o-wisp-1", func(p *encounter.Participant) {
			p.Combatant.HP, p.HP = 10, 10
			p.Actions = slices.DeleteFunc(p.Actions, func(a srd.Action) bool { return a.ID == "invisibility" })
		})
	}
	out, res, err := encounter.MonsterTurn(start(), faces(t, 15, 2, 2, 3, 1, 2, 3))
	if err != nil {
		t.Fatal(err)
	}
	if m, w := participant(t, out, "mira"), participant(t, out, "will-o-wisp-1"); !m.Defeated || w.HP != 16 || !strings.Contains(res.Summary(), "Consume Life: Constitution save 7 against DC 10") {
		t.Fatalf("Mira consumed: defeated %v, wisp at %d: %s", m.Defeated, w.HP, res.Summary())
	}
	// The fight is lost with her down: she rolls out her death saves.
	out, res, err = encounter.MonsterTurn(start(), faces(t, 15, 2, 2, 15, 10, 10, 10))
	if err != nil {
		t.Fatal(err)
	}
	if m, w := participant(t, out, "mira"), participant(t, out, "will-o-wisp-1"); m.Defeated || w.HP != 10 {
		t.Fatalf("Mira's save of 19: defeated %v, wisp at %d: %s", m.Defeated, w.HP, res.Summary())
	}
}

// A priest's Divine Eminence: before its mace attack it spends its
// 1st-level slot, and the hit deals 3d6 radiant more (3 bludgeoning, 1 +
// 2 + 3 radiant: Mira from 28 to 19).
func TestDivineEminence(t *testing.T) {
	e := monstersFirst(t, "priest", 1, mira())
	// Its spells aside, so that it takes up its mace.
	e = edit(e, "priest-1", func(p *encounter.Participant) { p.Spellcasting = nil })
	out, res, err := encounter.MonsterTurn(e, faces(t, 18, 3, 1, 2, 3))
	if err != nil {
		t.Fatal(err)
	}
	p := participant(t, out, "priest-1")
	if m := participant(t, out, "mira"); m.HP != 19 || p.Combatant.SpellSlots[0].Used != 1 || !strings.Contains(res.Summary(), "Divine Eminence") {
		t.Fatalf("the priest's eminence: Mira at %d, slots %+v: %s", m.HP, p.Combatant.SpellSlots[0], res.Summary())
	}
}

// A flesh golem at 40 hit points or fewer goes berserk on a 6 as its turn
// starts, and then attacks the nearest creature, friend or foe: here a
// d2 of 2 turns it on the other golem (its slams, 2d8 + 4 = 10 each).
func TestBerserk(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "flesh-golem", Count: 2}})
	e = edit(e, "flesh-golem-1", func(p *encounter.Participant) { p.Combatant.HP, p.HP = 40, 40 })
	e, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t, 6))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Summary(), "goes berserk (Berserk: a 6 at 40 hit points or fewer)") {
		t.Fatalf("the golem's turn starts: %s", res.Summary())
	}
	out, res, err := encounter.MonsterTurn(e, faces(t, 2, 15, 3, 3, 15, 3, 3))
	if err != nil {
		t.Fatal(err)
	}
	if g := participant(t, out, "flesh-golem-2"); g.HP != g.MaxHP-20 || participant(t, out, "mira").HP != 28 {
		t.Fatalf("the berserk golem: golem 2 at %d of %d: %s", g.HP, g.MaxHP, res.Summary())
	}
	// Whole again at its next turn, it is calm.
	out = edit(out, "flesh-golem-1", func(p *encounter.Participant) { p.Combatant.HP, p.HP = p.MaxHP, p.MaxHP })
	out.Current = "mira"
	_, res, err = encounter.Act(out, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Summary(), "whole again, and calm") {
		t.Fatalf("the healed golem: %s", res.Summary())
	}
}

// A bearded devil's Steadfast: Wren's Fear (a save of 1 and 1, Magic
// Resistance's advantage) frightens a devil alone, not one beside
// another devil.
func TestSteadfast(t *testing.T) {
	for _, n := range []int{1, 2} {
		e := casterFirst(t, []campaign.Character{wrenAt(5)}, []encounter.MonsterSpec{{SRDID: "bearded-devil", Count: n}})
		ids := []string{"bearded-devil-1"}
		out, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "fear", TargetIDs: ids}, faces(t, 1, 1))
		if err != nil {
			t.Fatal(err)
		}
		afraid := slices.Contains(participant(t, out, "bearded-devil-1").Conditions, "frightened")
		if afraid != (n == 1) {
			t.Fatalf("%d devils: the first frightened %v: %s", n, afraid, res.Summary())
		}
	}
}

// A kobold's Sunlight Sensitivity: its attacks in sunlight are at
// disadvantage; in bright light that is not the sun's, they are not.
// A shadow's Sunlight Weakness puts its saves at disadvantage too.
func TestSunlight(t *testing.T) {
	e := monstersFirst(t, "kobold", 1, mira())
	e.Light = "sunlight"
	_, res, err := encounter.MonsterTurn(e, faces(t, 15, 3)) // 3 kept: a miss
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; !slices.Contains(a.Edge.Disadvantage, "sunlight") {
		t.Fatalf("the kobold in sunlight: %+v", a.Edge)
	}
	_, res, err = encounter.MonsterTurn(monstersFirst(t, "kobold", 1, mira()), faces(t, 15, 3))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; len(a.Edge.Disadvantage) != 0 {
		t.Fatalf("the kobold in bright light: %+v", a.Edge)
	}

	e = casterFirst(t, []campaign.Character{cleo()}, []encounter.MonsterSpec{{SRDID: "shadow", Count: 1}})
	e.Light = "sunlight"
	_, res, err = encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "sacred-flame", TargetIDs: []string{"shadow-1"}}, faces(t, 4, 15, 2))
	if err != nil {
		t.Fatal(err)
	}
	if res.Cast == nil || len(res.Cast.Targets) == 0 || res.Cast.Targets[0].Save == nil || !slices.Contains(res.Cast.Targets[0].Save.Edge.Disadvantage, "sunlight weakness") {
		t.Fatalf("the shadow's save in sunlight: %+v: %s", res.Cast, res.Summary())
	}
}

// A rakshasa's Limited Magic Immunity: Wren's Fire Bolt (a cantrip) does
// not touch it, and rolls nothing.
func TestLimitedMagicImmunity(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wren()}, []encounter.MonsterSpec{{SRDID: "rakshasa", Count: 1}})
	out, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "fire-bolt", TargetIDs: []string{"rakshasa-1"}}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if r := participant(t, out, "rakshasa-1"); r.HP != r.MaxHP || !strings.Contains(res.Summary(), "Limited Magic Immunity") {
		t.Fatalf("Fire Bolt on a rakshasa: %d of %d: %s", r.HP, r.MaxHP, res.Summary())
	}
}

// A tarrasque's Reflective Carapace: Wren's Fire Bolt glances off on a d6
// of 1 to 5; on a 6 it turns back on Wren.
func TestReflectiveCarapace(t *testing.T) {
	start := func() encounter.Encounter {
		return casterFirst(t, []campaign.Character{wrenAt(5)}, []encounter.MonsterSpec{{SRDID: "tarrasque", Count: 1}})
	}
	out, res, err := encounter.Act(start(), "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "fire-bolt", TargetIDs: []string{"tarrasque-1"}}, faces(t, 5))
	if err != nil {
		t.Fatal(err)
	}
	if tq := participant(t, out, "tarrasque-1"); tq.HP != tq.MaxHP || !strings.Contains(res.Summary(), "glances off") {
		t.Fatalf("a 5: %d of %d: %s", tq.HP, tq.MaxHP, res.Summary())
	}
	out, res, err = encounter.Act(start(), "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "fire-bolt", TargetIDs: []string{"tarrasque-1"}}, faces(t, 6, 19, 5, 5))
	if err != nil {
		t.Fatal(err)
	}
	if w := participant(t, out, "wren"); w.HP != 50 || !strings.Contains(res.Summary(), "turns Fire Bolt back on Wren") {
		t.Fatalf("a 6: Wren at %d: %s", w.HP, res.Summary())
	}
}

// An animated armor's Antimagic Susceptibility: Dispel Magic knocks it
// out on a failed Constitution save (2 + 1 against Wren's DC 14); in an
// antimagic field it does nothing on its turn.
func TestAntimagicSusceptibility(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wrenAt(5)}, []encounter.MonsterSpec{{SRDID: "animated-armor", Count: 1}})
	out, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "dispel-magic", TargetIDs: []string{"animated-armor-1"}}, faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	if a := participant(t, out, "animated-armor-1"); !slices.Contains(a.Conditions, "unconscious") || !strings.Contains(res.Summary(), "falls still for 1 minute") {
		t.Fatalf("dispelled armor: %v: %s", a.Conditions, res.Summary())
	}

	e = casterFirst(t, []campaign.Character{wrenAt(5)}, []encounter.MonsterSpec{{SRDID: "animated-armor", Count: 1}})
	e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: spell.FieldID, Spell: "antimagic-field", CasterID: "wren", TargetID: "wren"}})
	e = engage(t, e, "wren", "animated-armor-1")
	e, res, err = encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	_, res2, err := encounter.MonsterTurn(e, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(res2.Attacks) != 0 || !strings.Contains(res.Summary(), "Antimagic Susceptibility") {
		t.Fatalf("armor in an antimagic field: %s / %s", res.Summary(), res2.Summary())
	}
}

// A hydra's Multiple Heads: advantage on its save against Fear (a 1, then
// a 15).
func TestMultipleHeads(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wrenAt(5)}, []encounter.MonsterSpec{{SRDID: "hydra", Count: 1}})
	out, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "fear", TargetIDs: []string{"hydra-1"}}, faces(t, 1, 15))
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(participant(t, out, "hydra-1").Conditions, "frightened") {
		t.Fatalf("the hydra against Fear: %s", res.Summary())
	}
}

// A giant spider walks the webs: Web cast on it and a goblin holds only
// the goblin (Web Walker ignores movement restrictions caused by
// webbing), whose Dexterity save, 3 + 2, fails DC 13.
func TestWebWalkerIsNotHeldByWeb(t *testing.T) {
	w := wren()
	w.SpellSlots["2"] = campaign.Slot{Max: 2}
	e := casterFirst(t, []campaign.Character{w}, []encounter.MonsterSpec{{SRDID: "giant-spider", Count: 1}, {SRDID: "goblin", Count: 1}})
	e, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "web", SlotLevel: 2, TargetIDs: []string{"giant-spider-1", "goblin-1"}}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Summary(), "Giant Spider 1 walks the webs unhindered (Web Walker).") {
		t.Fatalf("the cast: %s", res.Summary())
	}
	for _, fx := range e.Effects {
		if fx.Spell == "web" && fx.TargetID == "giant-spider-1" {
			t.Errorf("the webs hold the spider: %+v", fx)
		}
	}
	if !slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.Spell == "web" && fx.TargetID == "goblin-1" }) {
		t.Errorf("the webs hold no goblin: %s", res.Summary())
	}
}
