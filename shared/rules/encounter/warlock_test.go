package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// vex is a warlock of the Fiend of the level given, Cha 16 (+3), Str 10,
// Dex 14, in leather (AC 13), with the invocations and pact boon given;
// spell attack and save DC by its proficiency bonus (+6 and 14 at 5th
// level), and its Pact Magic slots.
func vex(level int, boon string, invocations ...string) campaign.Character {
	slots := map[string]campaign.Slot{"1": {Max: 1}}
	switch {
	case level >= 11:
		slots = map[string]campaign.Slot{"5": {Max: 3}}
	case level >= 9:
		slots = map[string]campaign.Slot{"5": {Max: 2}}
	case level >= 5:
		slots = map[string]campaign.Slot{"3": {Max: 2}}
	case level >= 2:
		slots = map[string]campaign.Slot{"1": {Max: 2}}
	}
	ids := make([]string, len(invocations))
	for i, inv := range invocations {
		ids[i] = "eldritch-invocation-" + inv
	}
	ch := campaign.Character{
		ID: "vex", PlayerID: "p6", Name: "Vex", Race: "tiefling", Class: "warlock", Level: level,
		Abilities: campaign.Abilities{Str: 10, Dex: 14, Con: 14, Int: 10, Wis: 12, Cha: 16},
		HP:        9 * level, MaxHP: 9 * level, AC: 13, Speed: 30, Conditions: []string{},
		SpellSlots: slots, HitDice: campaign.Pool{Max: level},
		Inventory: []campaign.Item{{Item: "leather-armor", Qty: 1, Equipped: true}, {Item: "dagger", Qty: 2}},
		Choices:   map[string][]string{"eldritch-invocations": ids},
	}
	if boon != "" {
		ch.Choices["pact-boon"] = []string{boon}
	}
	return ch
}

func blast(targets ...string) encounter.Action { return cast("eldritch-blast", targets...) }

// Eldritch Blast's invocations at 5th level (two beams): Agonizing Blast
// adds +3 to each beam's 1d10, Eldritch Spear reaches 250 feet (300 in
// all), and Repelling Blast pushes the ogre out of Mira's reach.
func TestEldritchBlastInvocations(t *testing.T) {
	e := casterFirst(t, []campaign.Character{vex(5, "", "agonizing-blast", "eldritch-spear", "repelling-blast"), mira()},
		[]encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	e = engage(t, e, "mira", "ogre-1")
	in := blast("ogre-1")
	in.Distance = 250
	out, res, err := encounter.Act(e, "vex", in, faces(t, 15, 5, 15, 5))
	if err != nil {
		t.Fatal(err)
	}
	if o := participant(t, out, "ogre-1"); o.HP != 59-16 || len(o.Engaged) != 0 {
		t.Errorf("ogre at %d HP, engaged with %v: %s", o.HP, o.Engaged, res.Summary())
	}
	if res.Rolls[1].Expr != "1d10+3" || !strings.Contains(res.Summary(), "Ogre 1 is pushed 10 feet away, out of reach.") {
		t.Errorf("rolls %+v: %s", res.Rolls, res.Summary())
	}
	if _, _, err := encounter.Act(casterFirst(t, []campaign.Character{vex(5, "")}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}}), "vex", in, faces(t)); err == nil {
		t.Error("an eldritch blast at 250 ft without Eldritch Spear")
	}
}

// Armor of Shadows and Fiendish Vigor: Mage Armor and False Life (as a
// 1st-level spell, 1d4+4) on the warlock alone, at will, with no slot,
// though neither is a warlock spell.
func TestAtWillInvocations(t *testing.T) {
	e := casterFirst(t, []campaign.Character{vex(2, "", "armor-of-shadows", "fiendish-vigor"), mira()}, goblins(1))
	out, res, err := encounter.Act(e, "vex", cast("mage-armor"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if v := participant(t, out, "vex"); v.AC != 15 || v.Combatant.SpellSlots[0].Used != 0 {
		t.Errorf("AC %d slots %+v: %s", v.AC, v.Combatant.SpellSlots[0], res.Summary())
	}
	if _, _, err := encounter.Act(e, "vex", cast("mage-armor", "mira"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("Armor of Shadows on Mira: %v", err)
	}
	out, _, err = encounter.Act(freshTurn(out, "vex"), "vex", cast("false-life"), faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	if v := participant(t, out, "vex"); v.TempHP != 5 || v.Combatant.SpellSlots[0].Used != 0 {
		t.Errorf("temp HP %d slots %+v", v.TempHP, v.Combatant.SpellSlots[0])
	}
	if _, _, err := encounter.Act(casterFirst(t, []campaign.Character{vex(2, "")}, goblins(1)), "vex", cast("mage-armor"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("Mage Armor without the invocation: %v", err)
	}
}

// Thief of Five Fates: Bane with a warlock slot (3rd level at 5th), once
// per long rest.
func TestOnceADayInvocation(t *testing.T) {
	e := casterFirst(t, []campaign.Character{vex(5, "", "thief-of-five-fates")}, goblins(2))
	out, res, err := encounter.Act(e, "vex", cast("bane", "goblin-1", "goblin-2"), faces(t, 1, 20))
	if err != nil {
		t.Fatal(err)
	}
	v := participant(t, out, "vex")
	if v.Combatant.SpellSlots[2].Used != 1 || v.Pools["thief-of-five-fates"].Used != 1 || v.Combatant.Concentration != "bane" {
		t.Fatalf("slots %+v pools %v concentration %q: %s", v.Combatant.SpellSlots, v.Pools, v.Combatant.Concentration, res.Summary())
	}
	if _, _, err := encounter.Act(freshTurn(out, "vex"), "vex", cast("bane", "goblin-1"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed || !strings.Contains(err.Error(), "long rest") {
		t.Errorf("a second Bane before a long rest: %v", err)
	}
}

// Chains of Carceri: Hold Monster at will on a fiend, once per creature;
// not on a goblin.
func TestChainsOfCarceri(t *testing.T) {
	e := casterFirst(t, []campaign.Character{vex(15, "pact-of-the-chain", "chains-of-carceri")},
		[]encounter.MonsterSpec{{SRDID: "imp", Count: 1}, {SRDID: "goblin", Count: 1}})
	// The imp's Magic Resistance: two d20s, a 3 and a 2 against DC 17.
	out, res, err := encounter.Act(e, "vex", cast("hold-monster", "imp-1"), faces(t, 3, 2))
	if err != nil {
		t.Fatal(err)
	}
	if v, i := participant(t, out, "vex"), participant(t, out, "imp-1"); v.Combatant.SpellSlots[4].Used != 0 || !i.Combatant.Conditions.Has(rules.Paralyzed) {
		t.Fatalf("slots %+v, imp %v: %s", v.Combatant.SpellSlots, i.Conditions, res.Summary())
	}
	if _, _, err := encounter.Act(freshTurn(out, "vex"), "vex", cast("hold-monster", "imp-1"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("the imp held twice: %v", err)
	}
	if _, _, err := encounter.Act(e, "vex", cast("hold-monster", "goblin-1"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("a goblin held by Chains of Carceri: %v", err)
	}
}

// Pact of the Blade with Thirsting Blade: a greatsword called up (an
// action) is a pact weapon Vex is proficient with (+0 Str, +3), and the
// Attack action swings it twice.
func TestPactOfTheBlade(t *testing.T) {
	e := casterFirst(t, []campaign.Character{vex(5, "pact-of-the-blade", "thirsting-blade")}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	out, _, err := encounter.Act(e, "vex", useChoice("pact-of-the-blade", "greatsword"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	out = freshTurn(out, "vex")
	out, res, err := encounter.Act(out, "vex", encounter.Action{Kind: encounter.ActionAttack, TargetID: "ogre-1", Weapon: "greatsword"}, faces(t, 10, 3, 3, 10, 3, 3))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 2 || res.Attacks[0].Bonus != 3 || !res.Attacks[1].Hit || participant(t, out, "ogre-1").HP != 59-12 {
		t.Errorf("attacks %+v: %s", res.Attacks, res.Summary())
	}
	if _, _, err := encounter.Act(e, "vex", useChoice("pact-of-the-blade", "longbow"), faces(t)); err == nil {
		t.Error("a longbow as a pact weapon")
	}
}

// Lifedrinker (12th level): a pact weapon's hit deals +3 necrotic too.
func TestLifedrinker(t *testing.T) {
	e := casterFirst(t, []campaign.Character{vex(12, "pact-of-the-blade", "lifedrinker")}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	out, _, err := encounter.Act(e, "vex", useChoice("pact-of-the-blade", "longsword"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	out, res, err := encounter.Act(freshTurn(out, "vex"), "vex", encounter.Action{Kind: encounter.ActionAttack, TargetID: "ogre-1", Weapon: "longsword"}, faces(t, 10, 4))
	if err != nil {
		t.Fatal(err)
	}
	d := res.Attacks[0].Damage
	if d == nil || len(d.Parts) != 2 || d.Parts[1].Type != rules.Necrotic || participant(t, out, "ogre-1").HP != 59-7 {
		t.Errorf("damage %+v: %s", d, res.Summary())
	}
}

// A level 1 fiend warlock against goblins: an eldritch blast (1d10) drops
// one, and Dark One's Blessing gives Vex 3 + 1 temporary hit points.
func TestWarlockLevel1(t *testing.T) {
	e := casterFirst(t, []campaign.Character{vex(1, "")}, goblins(2))
	out, res, err := encounter.Act(e, "vex", encounter.Action{Kind: encounter.ActionCast, Spell: "eldritch-blast", TargetID: "goblin-1", EndTurn: true}, faces(t, 16, 9))
	if err != nil {
		t.Fatal(err)
	}
	if v := participant(t, out, "vex"); !participant(t, out, "goblin-1").Defeated || v.TempHP != 4 || !strings.Contains(res.Summary(), "Dark One's Blessing") {
		t.Fatalf("temp HP %d: %s", v.TempHP, res.Summary())
	}
	// The temporary hit points take the goblin's 6 first.
	out, _, err = encounter.MonsterTurn(out, faces(t, 15, 4))
	if err != nil {
		t.Fatal(err)
	}
	if v := participant(t, out, "vex"); v.TempHP != 0 || v.HP != 9-2 {
		t.Errorf("after a 6: %d temp, %d HP", v.TempHP, v.HP)
	}
}

// Devil's Sight in a Darkness Vex casts: Vex sees, the goblins don't: its
// blasts have advantage, their attacks on it disadvantage.
func TestDevilsSight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{vex(5, "", "devils-sight")}, goblins(1))
	in := encounter.Action{Kind: encounter.ActionCast, Spell: "darkness", SlotLevel: 3, EndTurn: true}
	out, _, err := encounter.Act(e, "vex", in, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	out, res, err := encounter.MonsterTurn(out, faces(t, 18, 3))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; len(a.Edge.Disadvantage) == 0 || a.Hit {
		t.Errorf("the goblin's attack in the dark: %+v", a)
	}
	out = edit(edit(out, "vex", func(p *encounter.Participant) { p.Engaged = nil }), "goblin-1", func(p *encounter.Participant) { p.Engaged = nil })
	_, res, err = encounter.Act(out, "vex", blast("goblin-1"), faces(t, 2, 17, 5, 3, 15, 5))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Cast.Targets[0].Attacks[0]; len(a.Edge.Advantage) == 0 || !a.Hit {
		t.Errorf("Vex's blast in the dark: %+v", a)
	}
}

// Hurl Through Hell (14th level), taken on an eldritch blast's hit: the
// ogre vanishes, out of reach and incapacitated, until the end of Vex's
// next turn, and returns to 10d10 psychic damage. Once per long rest.
func TestHurlThroughHell(t *testing.T) {
	e := casterFirst(t, []campaign.Character{vex(14, "")}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	in := blast("ogre-1")
	in.EndTurn = true
	// Three beams: a hit for 5, two misses.
	turn := []int{15, 5, 1, 1}
	_, res, err := encounter.Act(e, "vex", in, faces(t, turn...))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Openings) != 1 || res.Openings[0].Offers[0].Name != "hurl-through-hell" || res.Rolls[res.Openings[0].Roll].Reason != "attack roll" {
		t.Fatalf("openings %+v", res.Openings)
	}
	out, res, err := encounter.ActWith(e, "vex", in, faces(t, turn...), encounter.Reactions{Seed: 3,
		Taken: []campaign.Reaction{{Attack: 0, By: "vex", Name: "hurl-through-hell"}}})
	if err != nil {
		t.Fatal(err)
	}
	o := participant(t, out, "ogre-1")
	if !o.Combatant.Conditions.Has(rules.Incapacitated) || o.HP != 59-5 || participant(t, out, "vex").Pools["hurl-through-hell"].Used != 1 {
		t.Fatalf("ogre %v at %d: %s", o.Conditions, o.HP, res.Summary())
	}
	// The ogre's turn passes in the lower planes; Vex's next turn ends,
	// and it returns to 10d10 (all 3s: 30).
	out, _, err = encounter.MonsterTurn(out, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	out, res, err = encounter.Act(out, "vex", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3))
	if err != nil {
		t.Fatal(err)
	}
	if o := participant(t, out, "ogre-1"); o.HP != 54-30 || o.Combatant.Conditions.Has(rules.Incapacitated) {
		t.Errorf("ogre back at %d HP, %v: %s", o.HP, o.Conditions, res.Summary())
	}
}

// Dark One's Own Luck (6th level): Vex fails a DC 13 save against a
// wyrmling's fire breath with 5 + 2; the save is offered the d10, and
// taken, it is added to the save from the reactions' own dice.
func TestDarkOnesOwnLuck(t *testing.T) {
	e, _, err := encounter.Start("enc-1", []campaign.Character{vex(6, "")}, []encounter.MonsterSpec{{SRDID: "red-dragon-wyrmling", Count: 1}},
		nil, faces(t, 1, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	turn := []int{3, 3, 3, 3, 3, 3, 3, 5} // 21 fire; Vex rolls a 5
	_, res, err := encounter.MonsterTurnWith(e, faces(t, turn...), encounter.Reactions{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Openings) != 1 || res.Openings[0].Offers[0].Name != "dark-ones-own-luck" || res.Rolls[res.Openings[0].Roll].RollerID != "vex" {
		t.Fatalf("openings %+v", res.Openings)
	}
	for seed := range uint64(12) {
		out, res, err := encounter.MonsterTurnWith(e, faces(t, turn...), encounter.Reactions{Seed: seed,
			Taken: []campaign.Reaction{{Attack: 0, By: "vex", Name: "dark-ones-own-luck"}}})
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(res.Rolls, func(r rules.Roll) bool { return r.Reason == "dark one's own luck" })
		if i < 0 {
			t.Fatalf("no d10: %+v", res.Rolls)
		}
		// Vex is a tiefling: Hellish Resistance halves the fire, 21 to 10
		// on a failure, and the 10 of a success to 5.
		d10, sv := res.Rolls[i].Total, res.Saves[0]
		want := 54 - 10
		if d10 >= 6 {
			want = 54 - 5
		}
		if v := participant(t, out, "vex"); sv.Total != 7+d10 || sv.Success != (d10 >= 6) || v.HP != want || v.Pools["dark-ones-own-luck"].Used != 1 || v.ReactionUsed {
			t.Fatalf("seed %d: d10 %d, save %+v, Vex at %d", seed, d10, sv, v.HP)
		}
	}
	// Spent, it is offered no more until a rest.
	spent := edit(e, "vex", func(p *encounter.Participant) {
		p.Pools = map[string]campaign.Pool{"dark-ones-own-luck": {Max: 1, Used: 1}}
	})
	if _, res, err := encounter.MonsterTurnWith(spent, faces(t, turn...), encounter.Reactions{}); err != nil || len(res.Openings) != 0 {
		t.Errorf("offered with no use left: %v %+v", err, res.Openings)
	}
}

// Fiendish Resilience (10th level): the damage type the last rest chose
// is resisted in the fight.
func TestFiendishResilience(t *testing.T) {
	ch := vex(10, "")
	ch.Choices["fiendish-resilience"] = []string{"cold"}
	e := casterFirst(t, []campaign.Character{ch}, goblins(1))
	if !participant(t, e, "vex").Combatant.Resistances.Has(rules.Cold) {
		t.Error("no cold resistance")
	}
	ch.Level = 9
	if participant(t, casterFirst(t, []campaign.Character{ch}, goblins(1)), "vex").Combatant.Resistances.Has(rules.Cold) {
		t.Error("cold resistance before 10th level")
	}
}

// Dark One's Own Luck against a monster's spell: an acolyte's Sacred
// Flame (DC 12 Dexterity) that Vex fails with 5 + 2 is a moment of its
// own, after the one Counterspell answers, and the d10 taken is added to
// the save.
func TestDarkOnesOwnLuckAgainstASpell(t *testing.T) {
	e, _, err := encounter.Start("enc-1", []campaign.Character{vex(6, "")}, []encounter.MonsterSpec{{SRDID: "acolyte", Count: 1}},
		nil, faces(t, 1, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	turn := []int{4, 5} // 4 radiant; Vex rolls a 5
	_, res, err := encounter.MonsterTurnWith(e, faces(t, turn...), encounter.Reactions{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	k := slices.IndexFunc(res.Openings, func(o encounter.Opening) bool { return o.Offers[0].Name == "dark-ones-own-luck" })
	if k < 0 || res.Openings[k].Attack != 1 || res.Rolls[res.Openings[k].Roll].Reason != "Dexterity saving throw" {
		t.Fatalf("openings %+v", res.Openings)
	}
	for seed := range uint64(12) {
		out, res, err := encounter.MonsterTurnWith(e, faces(t, turn...), encounter.Reactions{Seed: seed,
			Taken: []campaign.Reaction{{Attack: 1, By: "vex", Name: "dark-ones-own-luck"}}})
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(res.Rolls, func(r rules.Roll) bool { return r.Reason == "dark one's own luck" })
		d10, sv := res.Rolls[i].Total, res.Cast.Targets[0].Save
		want := 54 - 4
		if d10 >= 5 {
			want = 54
		}
		if v := participant(t, out, "vex"); sv.Total != 7+d10 || sv.Success != (d10 >= 5) || v.HP != want {
			t.Fatalf("seed %d: d10 %d, save %+v, Vex at %d", seed, d10, sv, v.HP)
		}
	}
}
