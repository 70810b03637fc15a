package encounter_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// wren is a level 3 wizard: Int 16, spell attack +5, save DC 13, four
// 1st-level slots and two 2nd, 12 HP, AC 12.
func wren() campaign.Character {
	return campaign.Character{
		ID: "wren", PlayerID: "p3", Name: "Wren", Race: "elf", Class: "wizard", Level: 3,
		Abilities: campaign.Abilities{Str: 8, Dex: 14, Con: 12, Int: 16, Wis: 12, Cha: 10},
		HP:        12, MaxHP: 16, AC: 12, Speed: 30, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 2}}, HitDice: campaign.Pool{Max: 3},
		Inventory: []campaign.Item{{Item: "dagger", Qty: 1}},
	}
}

// cleo is a level 3 cleric: Wis 16, save DC 13, four 1st-level slots and
// two 2nd, 20 HP.
func cleo() campaign.Character {
	return campaign.Character{
		ID: "cleo", PlayerID: "p4", Name: "Cleo", Race: "dwarf", Class: "cleric", Level: 3,
		Abilities: campaign.Abilities{Str: 14, Dex: 10, Con: 14, Int: 10, Wis: 16, Cha: 12},
		HP:        20, MaxHP: 24, AC: 18, Speed: 25, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 2}}, HitDice: campaign.Pool{Max: 3},
		Inventory: []campaign.Item{{Item: "mace", Qty: 1}},
	}
}

// casterFirst starts a fight of the characters against monsters with the
// first character up, the rest in the order given, then the monsters.
func casterFirst(t *testing.T, chars []campaign.Character, monsters []encounter.MonsterSpec) encounter.Encounter {
	t.Helper()
	n := len(chars)
	for _, m := range monsters {
		n += m.Count
	}
	// Gaps of 6 outweigh any difference of Dexterity modifiers here.
	init := make([]int, n)
	for i := range init {
		init[i] = max(20-6*i, 1)
	}
	e, _, err := encounter.Start("enc-s", chars, monsters, nil, faces(t, init...), nil)
	if err != nil {
		t.Fatal(err)
	}
	if e.Current != chars[0].ID {
		t.Fatalf("current %q, order %v", e.Current, e.Order)
	}
	return e
}

func cast(spell string, targets ...string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionCast, Spell: spell, TargetIDs: targets}
}

func TestCastResolvesOnParticipants(t *testing.T) {
	tests := []struct {
		name   string
		action encounter.Action
		faces  []int
		check  func(t *testing.T, e encounter.Encounter, res encounter.Result)
	}{
		{"FireBoltKillsAGoblin", cast("fire-bolt", "goblin-1"), []int{15, 7},
			func(t *testing.T, e encounter.Encounter, res encounter.Result) {
				g, w := participant(t, e, "goblin-1"), participant(t, e, "wren")
				if !g.Defeated || w.Stats.Kills != 1 || w.Stats.DamageDealt != 7 || g.Stats.DamageTaken != 7 || w.Stats.AttacksHit != 1 {
					t.Errorf("goblin %+v, wren stats %+v", g, w.Stats)
				}
				if !w.Turn.ActionUsed || w.Turn.BonusActionUsed || w.Turn.CastAction != "fire-bolt" {
					t.Errorf("turn %+v: a 1-action cantrip uses the action", w.Turn)
				}
				if w.Combatant.SpellSlots[0].Used != 0 {
					t.Errorf("a cantrip spent a slot: %+v", w.Combatant.SpellSlots)
				}
			}},
		{"BurningHandsSpendsASlotAndHalvesOnASave", cast("Burning Hands", "goblin-1", "goblin-2"),
			[]int{2, 2, 2, 5, 18},
			func(t *testing.T, e encounter.Encounter, res encounter.Result) {
				g1, g2, w := participant(t, e, "goblin-1"), participant(t, e, "goblin-2"), participant(t, e, "wren")
				if g1.HP != 1 || g2.HP != 4 {
					t.Errorf("goblins at %d and %d HP, want 1 (6 taken) and 4 (3 on a save)", g1.HP, g2.HP)
				}
				if w.Combatant.SpellSlots[0].Used != 1 || w.Stats.DamageDealt != 9 {
					t.Errorf("slots %+v, stats %+v", w.Combatant.SpellSlots[0], w.Stats)
				}
				if res.Cast == nil || res.Cast.SpellID != "burning-hands" || len(res.Rolls) != 3 {
					t.Errorf("cast %+v, rolls %d", res.Cast, len(res.Rolls))
				}
			}},
		{"MagicMissileUpcastSplitsDarts", encounter.Action{Kind: encounter.ActionCast, Spell: "magic-missile", SlotLevel: 2, TargetIDs: []string{"goblin-1", "goblin-2"}},
			[]int{1, 1, 1, 1},
			func(t *testing.T, e encounter.Encounter, res encounter.Result) {
				g1, g2, w := participant(t, e, "goblin-1"), participant(t, e, "goblin-2"), participant(t, e, "wren")
				if g1.HP != 3 || g2.HP != 3 || w.Combatant.SpellSlots[1].Used != 1 || w.Combatant.SpellSlots[0].Used != 0 {
					t.Errorf("goblins %d, %d; slots %+v", g1.HP, g2.HP, w.Combatant.SpellSlots[:2])
				}
			}},
		{"CureWoundsHealsAnAlly", encounter.Action{Kind: encounter.ActionCast, Spell: "cure-wounds", TargetID: "tavi"}, []int{2},
			func(t *testing.T, e encounter.Encounter, res encounter.Result) {
				if t2 := participant(t, e, "tavi"); t2.HP != 18 { // 10 + 2 + Wis 3 + Disciple of Life's 2 + 1
					t.Errorf("tavi at %d HP", t2.HP)
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chars := []campaign.Character{wren(), tavi()}
			if tt.name == "CureWoundsHealsAnAlly" {
				chars = []campaign.Character{cleo(), tavi()}
				chars[1].HP = 10
				tt.action.Spell = "cure-wounds"
			}
			e := casterFirst(t, chars, goblins(2))
			before := frozen(t, e)
			out, res, err := encounter.Act(e, e.Current, tt.action, faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if frozen(t, e) != before {
				t.Error("Act changed its input")
			}
			if res.Summary() == "" || out.Log[len(out.Log)-1].Text != res.Summary() {
				t.Errorf("summary %q, log %+v", res.Summary(), out.Log[len(out.Log)-1])
			}
			tt.check(t, out, res)
		})
	}
}

func TestCastRefuses(t *testing.T) {
	spent := wren()
	spent.SpellSlots = map[string]campaign.Slot{"1": {Max: 4, Used: 4}, "2": {Max: 2}}
	tests := []struct {
		name   string
		chars  []campaign.Character
		actor  string
		action encounter.Action
		reason fault.Reason
		text   string
	}{
		{"NotYourTurn", nil, "tavi", cast("fire-bolt", "goblin-1"), encounter.NotYourTurn, "Wren's turn"},
		{"UnknownSpell", nil, "wren", cast("wish-for-pie", "goblin-1"), encounter.InvalidArgs, "no spell"},
		{"NotOnTheClassList", nil, "wren", cast("cure-wounds", "tavi"), encounter.NotAllowed, "not a wizard spell"},
		{"ReactionSpellBelongsToAReactionWindow", nil, "wren", cast("shield"), encounter.NotAllowed, "reaction"},
		{"TooLongToCastInATurn", nil, "wren", cast("identify"), encounter.NotAllowed, "longer than a turn"},
		{"UnknownTarget", nil, "wren", cast("fire-bolt", "orc-9"), encounter.InvalidArgs, "no participant"},
		{"DeadTarget", nil, "wren", cast("fire-bolt", "goblin-2"), encounter.NotAllowed, "dead"},
		{"NoSlotLeft", []campaign.Character{spent, tavi()}, "wren", cast("magic-missile", "goblin-1"), encounter.NoSlot, "no 1st-level spell slot left"},
		{"TooManyTargets", nil, "wren", cast("fire-bolt", "goblin-1", "tavi"), encounter.InvalidArgs, "1 target"},
		{"ActionSpellFlaggedBonus", nil, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "fire-bolt", TargetID: "goblin-1", Bonus: true}, encounter.InvalidArgs, "takes an action"},
		{"NonCaster", []campaign.Character{mira(), wren()}, "mira", cast("fire-bolt", "goblin-1"), encounter.NotAllowed, "casts no spells"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			chars := tt.chars
			if chars == nil {
				chars = []campaign.Character{wren(), tavi()}
			}
			e := casterFirst(t, chars, goblins(2))
			e = edit(e, "goblin-2", kill)
			before := frozen(t, e)
			_, _, err := encounter.Act(e, tt.actor, tt.action, faces(t))
			if fault.ReasonOf(err) != tt.reason || err == nil || !strings.Contains(err.Error(), tt.text) {
				t.Fatalf("err = %v (reason %q), want %s mentioning %q", err, fault.ReasonOf(err), tt.reason, tt.text)
			}
			if frozen(t, e) != before {
				t.Error("a refusal changed the encounter")
			}
		})
	}
}

// TestBonusActionSpellRule: a turn with a bonus-action spell casts no
// other spell but a 1-action cantrip.
func TestBonusActionSpellRule(t *testing.T) {
	healingWord := encounter.Action{Kind: encounter.ActionCast, Spell: "healing-word", TargetID: "tavi"}
	sacredFlame := cast("sacred-flame", "goblin-1")
	guidingBolt := cast("guiding-bolt", "goblin-1")
	tests := []struct {
		name   string
		first  encounter.Action
		ff     []int
		second encounter.Action
		sf     []int
		reason fault.Reason
	}{
		{"BonusSpellThenCantrip", healingWord, []int{3}, sacredFlame, []int{4, 20}, ""},
		{"CantripThenBonusSpell", sacredFlame, []int{4, 20}, healingWord, []int{3}, ""},
		{"BonusSpellThenLevelledSpell", healingWord, []int{3}, guidingBolt, nil, encounter.NotAllowed},
		{"LevelledSpellThenBonusSpell", guidingBolt, []int{2}, healingWord, nil, encounter.NotAllowed},
		{"TwoBonusActions", healingWord, []int{3}, healingWord, nil, encounter.NotAllowed},
		{"TwoActions", sacredFlame, []int{4, 20}, sacredFlame, nil, encounter.NotAllowed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hurt := tavi()
			hurt.HP = 5
			e := casterFirst(t, []campaign.Character{cleo(), hurt}, goblins(1))
			e, _, err := encounter.Act(e, "cleo", tt.first, faces(t, tt.ff...))
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = encounter.Act(e, "cleo", tt.second, faces(t, tt.sf...))
			if fault.ReasonOf(err) != tt.reason {
				t.Fatalf("second cast: %v, want reason %q", err, tt.reason)
			}
		})
	}
}

// heldGoblin is Cleo's Hold Person on the goblin (it fails its Wisdom
// save with a 2), cast with the end of her turn: the goblin is up.
func heldGoblin(t *testing.T) encounter.Encounter {
	t.Helper()
	e := casterFirst(t, []campaign.Character{cleo(), wren()}, goblins(1))
	in := cast("hold-person", "goblin-1")
	in.EndTurn = true
	e, _, err := encounter.Act(e, "cleo", in, faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	g := participant(t, e, "goblin-1")
	if !g.Combatant.Conditions.Has(rules.Paralyzed) || len(e.Effects) != 1 || e.Current != "goblin-1" {
		t.Fatalf("goblin %v, effects %+v, current %q", g.Conditions, e.Effects, e.Current)
	}
	fx := e.Effects[0]
	if fx.Spell != "hold-person" || fx.Condition != rules.Paralyzed || !fx.Concentration ||
		fx.Until != (encounter.Until{Round: 11, Turn: "cleo"}) || fx.SlotLevel != 2 {
		t.Fatalf("effect %+v: want 10 rounds from Cleo's turn", fx)
	}
	if c := participant(t, e, "cleo"); c.Combatant.Concentration != "hold-person" {
		t.Fatalf("cleo concentrates on %q", c.Combatant.Concentration)
	}
	// The store keeps the encounter as JSON: the effects must survive it.
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var back encounter.Encounter
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back.Effects, e.Effects) {
		t.Fatalf("effects through JSON: %+v, %v; want %+v", back.Effects, err, e.Effects)
	}
	return e
}

func TestLastingEffects(t *testing.T) {
	t.Run("RepeatSaveFailsAndTheHoldLasts", func(t *testing.T) {
		e := heldGoblin(t)
		out, res, err := encounter.MonsterTurn(e, faces(t, 5))
		if err != nil {
			t.Fatal(err)
		}
		if g := participant(t, out, "goblin-1"); !g.Combatant.Conditions.Has(rules.Paralyzed) || len(out.Effects) != 1 {
			t.Errorf("goblin %v effects %d: a failed save keeps it held", g.Conditions, len(out.Effects))
		}
		if !strings.Contains(res.Summary(), "can't act") || !strings.Contains(res.Summary(), "Hold Person") || len(res.Rolls) != 1 {
			t.Errorf("summary %q, rolls %+v", res.Summary(), res.Rolls)
		}
	})
	t.Run("RepeatSaveSucceedsAndEndsTheHold", func(t *testing.T) {
		e := heldGoblin(t)
		out, res, err := encounter.MonsterTurn(e, faces(t, 19))
		if err != nil {
			t.Fatal(err)
		}
		if g := participant(t, out, "goblin-1"); g.Combatant.Conditions.Has(rules.Paralyzed) || len(out.Effects) != 0 || len(res.Ended) != 1 {
			t.Errorf("goblin %v, effects %+v, ended %+v", g.Conditions, out.Effects, res.Ended)
		}
	})
	t.Run("NewConcentrationSpellEndsTheOld", func(t *testing.T) {
		e := heldGoblin(t)
		e, _, err := encounter.MonsterTurn(e, faces(t, 5))
		if err != nil {
			t.Fatal(err)
		}
		out, res, err := encounter.Act(e, "cleo", cast("bless", "cleo", "wren"), faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if g := participant(t, out, "goblin-1"); g.Combatant.Conditions.Has(rules.Paralyzed) {
			t.Errorf("the goblin is still paralyzed after Cleo turned to Bless")
		}
		if len(out.Effects) != 2 || out.Effects[0].ID != "blessed" || out.Effects[1].TargetID != "wren" {
			t.Errorf("effects %+v, want two blessings", out.Effects)
		}
		if c := participant(t, out, "cleo"); c.Combatant.Concentration != "bless" || c.Combatant.SpellSlots[0].Used != 1 || c.Combatant.SpellSlots[1].Used != 1 {
			t.Errorf("cleo %q slots %+v", c.Combatant.Concentration, c.Combatant.SpellSlots[:2])
		}
		if !strings.Contains(res.Summary(), "Cleo's Hold Person ends (concentration ended)") {
			t.Errorf("summary %q", res.Summary())
		}
	})
	t.Run("BrokenConcentrationEndsTheHold", func(t *testing.T) {
		e := heldGoblin(t)
		e, _, err := encounter.MonsterTurn(e, faces(t, 5))
		if err != nil {
			t.Fatal(err)
		}
		// Wren's Burning Hands catches Cleo (12 fire on a failed save),
		// and Cleo fails the concentration save against DC 10.
		e, _, err = encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		out, res, err := encounter.Act(e, "wren", cast("burning-hands", "cleo"), faces(t, 4, 4, 4, 3, 2))
		if err != nil {
			t.Fatal(err)
		}
		if g := participant(t, out, "goblin-1"); g.Combatant.Conditions.Has(rules.Paralyzed) || len(out.Effects) != 0 {
			t.Errorf("goblin %v effects %+v: broken concentration ends the hold", g.Conditions, out.Effects)
		}
		if c := participant(t, out, "cleo"); c.Combatant.Concentration != "" || c.HP != 8 {
			t.Errorf("cleo %q at %d HP", c.Combatant.Concentration, c.HP)
		}
		if len(res.Ended) != 1 || !strings.Contains(res.Summary(), "Goblin 1 is no longer paralyzed") {
			t.Errorf("ended %+v, summary %q", res.Ended, res.Summary())
		}
	})
	t.Run("EndRemovesEffectsAndConcentration", func(t *testing.T) {
		e := heldGoblin(t)
		before := frozen(t, e)
		_, diffs, err := encounter.End(e, "other", encounter.EndOptions{DryRun: true})
		if err != nil {
			t.Fatal(err)
		}
		if frozen(t, e) != before {
			t.Error("a dry run changed the encounter")
		}
		c := diffOf(t, diffs, "cleo")
		if c.Concentration.After != "" || len(c.SpellSlots) != 1 || c.SpellSlots[0].Level != 2 {
			t.Errorf("cleo diff %+v", c)
		}
		if g := diffOf(t, diffs, "goblin-1"); slices.Contains(g.Conditions.Active, "paralyzed") {
			t.Errorf("goblin conditions %+v", g.Conditions)
		}
		ended, _, err := encounter.End(e, "victory", encounter.EndOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(ended.Effects) != 0 || !strings.Contains(ended.Log[len(ended.Log)-2].Text, "Hold Person ends (the encounter ended)") {
			t.Errorf("effects %+v log %+v", ended.Effects, ended.Log[len(ended.Log)-2:])
		}
	})
}

func TestEffectsRunOut(t *testing.T) {
	t.Run("ColorSprayEndsAtTheEndOfTheCastersNextTurn", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{wren()}, goblins(1))
		in := cast("color-spray", "goblin-1")
		in.EndTurn = true
		e, _, err := encounter.Act(e, "wren", in, faces(t, 1, 1, 1, 1, 1, 5))
		if err != nil {
			t.Fatal(err)
		}
		if len(e.Effects) != 1 || e.Effects[0].Until != (encounter.Until{Round: 2, Turn: "wren", End: true}) {
			t.Fatalf("effects %+v", e.Effects)
		}
		// The blinded goblin attacks with disadvantage and misses.
		e, _, err = encounter.MonsterTurn(e, faces(t, 2, 3))
		if err != nil {
			t.Fatal(err)
		}
		if g := participant(t, e, "goblin-1"); !g.Combatant.Conditions.Has(rules.Blinded) {
			t.Fatal("blinded ended too soon")
		}
		out, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if g := participant(t, out, "goblin-1"); g.Combatant.Conditions.Has(rules.Blinded) || len(out.Effects) != 0 {
			t.Errorf("goblin %v effects %+v", g.Conditions, out.Effects)
		}
		if !strings.Contains(res.Summary(), "Color Spray ends (its time is up)") || len(res.Changes) != 1 {
			t.Errorf("summary %q changes %v", res.Summary(), res.Changes)
		}
	})
	t.Run("SleepEndsWhenTheSleeperTakesDamage", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{wren(), tavi()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
		e, _, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "sleep", TargetIDs: []string{"orc-1"}, EndTurn: true},
			faces(t, 4, 4, 4, 4, 4))
		if err != nil {
			t.Fatal(err)
		}
		if o := participant(t, e, "orc-1"); !o.Combatant.Conditions.Has(rules.Unconscious) {
			t.Fatalf("orc %v", o.Conditions)
		}
		// Tavi's rapier: advantage and a critical hit on the sleeper, with
		// Sneak Attack's 2d6 doubled too: 2 + 3 + 4 = 9 damage.
		out, res, err := encounter.Act(e, "tavi", encounter.Action{Kind: encounter.ActionAttack, TargetID: "orc-1", Weapon: "rapier"}, faces(t, 10, 12, 1, 1, 1, 1, 1, 1))
		if err != nil {
			t.Fatal(err)
		}
		o := participant(t, out, "orc-1")
		if o.HP != 6 || o.Combatant.Conditions.Has(rules.Unconscious) || !o.Combatant.Conditions.Has(rules.Prone) || len(out.Effects) != 0 {
			t.Errorf("orc %d HP %v effects %+v: damage wakes it, still prone", o.HP, o.Conditions, out.Effects)
		}
		if !strings.Contains(res.Summary(), "Sleep ends (damage)") {
			t.Errorf("summary %q", res.Summary())
		}
	})
}

func TestDecodeCastAndBonusActions(t *testing.T) {
	good := []string{
		`{"kind":"cast","spell":"fire-bolt","target_ids":["goblin-1"]}`,
		`{"kind":"cast","spell":"Magic Missile","slot_level":3,"target_id":"goblin-1","target_ids":["goblin-2"],"end_turn":true}`,
		`{"kind":"dash","bonus":true}`, `{"kind":"hide"}`, `{"kind":"second_wind"}`,
		`{"kind":"attack","target_id":"goblin-1","weapon":"dagger","bonus":true}`,
		`{"kind":"cast","spell":"lesser-restoration","target_id":"mira","choice":"poisoned"}`,
	}
	for _, s := range good {
		if _, err := encounter.DecodeAction([]byte(s)); err != nil {
			t.Errorf("DecodeAction(%s) = %v", s, err)
		}
	}
	bad := map[string]string{
		`{"kind":"cast"}`: "action.spell",
		`{"kind":"cast","spell":"fire-bolt","slot_level":10}`:                                  "action.slot_level",
		`{"kind":"cast","spell":"fire-bolt","slot_level":-1}`:                                  "action.slot_level",
		`{"kind":"cast","spell":"` + strings.Repeat("x", 101) + `"}`:                           "action.spell",
		`{"kind":"cast","spell":"sleep","target_ids":[""]}`:                                    "action.target_ids",
		`{"kind":"dash","ongoing":true}`:                                                       "action.ongoing",
		`{"kind":"dash","choice":"fire"}`:                                                      "action.choice",
		`{"kind":"cast","spell":"sleep","target_ids":[` + strings.Repeat(`"g",`, 50) + `"g"]}`: "action.target_ids",
	}
	for s, field := range bad {
		var fe *fault.Error
		if _, err := encounter.DecodeAction([]byte(s)); !asFault(err, &fe) || fe.Kind != fault.Invalid || fe.Field != field {
			t.Errorf("DecodeAction(%s) = %v, want invalid on %q", s, err, field)
		}
	}
}

func TestEffectsOnAttackRolls(t *testing.T) {
	t.Run("BlessAddsADieToTheAttackRoll", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{cleo(), mira()}, goblins(1))
		e, _, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "bless", TargetIDs: []string{"mira"}, EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		// The d4 (3) is drawn first; the d20's 7 + 5 + 3 = 15 hits AC 15.
		_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword"}, faces(t, 3, 7, 1))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Attacks) != 1 || res.Attacks[0].Total != 15 || !res.Attacks[0].Hit {
			t.Fatalf("attacks %+v", res.Attacks)
		}
		if len(res.Rolls) != 3 || res.Rolls[0].Reason != "attack roll" || res.Rolls[1].Reason != "bless" || res.Rolls[1].Total != 3 {
			t.Errorf("rolls %+v: the attack roll first, then Bless's d4", res.Rolls)
		}
		if !strings.HasPrefix(res.Summary(), "Bless adds 3 to Mira's attack roll.") {
			t.Errorf("summary %q", res.Summary())
		}
	})
	t.Run("GuidingBoltGivesOneAttackAdvantage", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{cleo(), mira()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
		in := cast("guiding-bolt", "orc-1")
		in.EndTurn = true
		e, _, err := encounter.Act(e, "cleo", in, faces(t, 15, 1, 1, 1, 1))
		if err != nil {
			t.Fatal(err)
		}
		if len(e.Effects) != 1 || e.Effects[0].ID != "guiding-bolt" {
			t.Fatalf("effects %+v", e.Effects)
		}
		out, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "orc-1", Weapon: "longsword"}, faces(t, 3, 12, 1))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Attacks) != 1 || res.Attacks[0].Natural != 12 || len(out.Effects) != 0 || len(res.Ended) != 1 {
			t.Errorf("attacks %+v, effects %+v: the advantage is used up", res.Attacks, out.Effects)
		}
	})
}

func TestSpellUsedAgain(t *testing.T) {
	weapon := func(ongoing bool) encounter.Action {
		return encounter.Action{Kind: encounter.ActionCast, Spell: "spiritual-weapon", TargetID: "orc-1", Ongoing: ongoing}
	}
	e := casterFirst(t, []campaign.Character{cleo()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	if _, _, err := encounter.Act(e, "cleo", weapon(true), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("a use before the cast = %v, want not_allowed", err)
	}
	// The cast's own attack: 12 + 5 hits AC 13 for 1d8 (4) + 3.
	e, res, err := encounter.Act(e, "cleo", weapon(false), faces(t, 12, 4))
	if err != nil {
		t.Fatal(err)
	}
	c := participant(t, e, "cleo")
	if o := participant(t, e, "orc-1"); o.HP != 8 || !c.Turn.BonusActionUsed || c.Turn.ActionUsed || c.Combatant.SpellSlots[1].Used != 1 {
		t.Fatalf("orc %d HP, cleo turn %+v slots %+v: %q", o.HP, c.Turn, c.Combatant.SpellSlots[:2], res.Summary())
	}
	if len(e.Effects) != 1 || e.Effects[0].ID != "ongoing" || e.Effects[0].SlotLevel != 2 || e.Effects[0].Until.Round != 11 {
		t.Fatalf("effects %+v", e.Effects)
	}
	if _, _, err := encounter.Act(e, "cleo", weapon(true), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("a second bonus action = %v, want not_allowed", err)
	}
	// Next turn: the weapon strikes again with the bonus action, no slot.
	e = edit(e, "cleo", func(p *encounter.Participant) { p.Turn = encounter.Turn{} })
	out, res, err := encounter.Act(e, "cleo", weapon(true), faces(t, 12, 5))
	if err != nil {
		t.Fatal(err)
	}
	c = participant(t, out, "cleo")
	if o := participant(t, out, "orc-1"); o.HP != 0 || !o.Defeated || c.Combatant.SpellSlots[1].Used != 1 || !c.Turn.BonusActionUsed || c.Stats.Kills != 1 {
		t.Errorf("orc %d HP, cleo slots %+v stats %+v: %q", o.HP, c.Combatant.SpellSlots[:2], c.Stats, res.Summary())
	}
}

func TestCreatureTypes(t *testing.T) {
	tests := []struct {
		name     string
		monsters []encounter.MonsterSpec
		caster   campaign.Character
		action   encounter.Action
		faces    []int
		reason   fault.Reason
		text     string
	}{
		{"HoldPersonOnlyHoldsHumanoids", []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}}, cleo(),
			cast("hold-person", "ogre-1"), nil, encounter.NotAllowed, "affects only humanoids, and Ogre 1 is a giant"},
		{"NoHealingForTheUndead", []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}}, cleo(),
			cast("cure-wounds", "zombie-1"), nil, encounter.NotAllowed, "no effect on undead or constructs, and Zombie 1 is undead"},
		{"SleepPassesTheUndeadBy", []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}, {SRDID: "goblin", Count: 1}}, wren(),
			cast("sleep", "zombie-1", "goblin-1"), []int{2, 2, 2, 2, 2}, "", "Zombie 1 is undead, and Sleep passes it by."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{tt.caster}, tt.monsters)
			out, res, err := encounter.Act(e, tt.caster.ID, tt.action, faces(t, tt.faces...))
			if fault.ReasonOf(err) != tt.reason {
				t.Fatalf("err = %v, want reason %q", err, tt.reason)
			}
			if err != nil {
				if !strings.Contains(err.Error(), tt.text) {
					t.Errorf("err = %v, want %q", err, tt.text)
				}
				return
			}
			if !strings.Contains(res.Summary(), tt.text) {
				t.Errorf("summary %q, want %q", res.Summary(), tt.text)
			}
			if z := participant(t, out, "zombie-1"); len(z.Conditions) != 0 {
				t.Errorf("zombie %v", z.Conditions)
			}
			if g := participant(t, out, "goblin-1"); !slices.Contains(g.Conditions, "unconscious") {
				t.Errorf("goblin %v", g.Conditions)
			}
		})
	}
}

// A monster with Magic Resistance makes its saving throws against spells
// with advantage (two d20s), and nobody else does.
func TestMagicResistance(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wren()}, []encounter.MonsterSpec{{SRDID: "imp", Count: 1}, {SRDID: "goblin", Count: 1}})
	_, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "burning-hands", TargetIDs: []string{"imp-1", "goblin-1"}, EndTurn: true}, seeded(3))
	if err != nil {
		t.Fatal(err)
	}
	saves := map[string]int{}
	for _, r := range res.Rolls {
		if strings.Contains(r.Reason, "sav") {
			saves[r.RollerID] = len(r.Result.Rolls)
		}
	}
	if saves["imp-1"] != 2 || saves["goblin-1"] != 1 {
		t.Errorf("d20s rolled for each save: %v; want two for the imp, one for the goblin (rolls %+v)", saves, res.Rolls)
	}
}

// A legendary monster turns a failed save against a spell into a success,
// three times a day; the roll stands as rolled.
func TestLegendaryResistance(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wren()}, []encounter.MonsterSpec{{SRDID: "adult-blue-dragon", Count: 1}})
	if p := participant(t, e, "adult-blue-dragon-1"); p.LegendaryResistance != 3 {
		t.Fatalf("the dragon starts with %d uses", p.LegendaryResistance)
	}
	// Burning Hands: 3d6 fire (3, 3, 3); the dragon's DEX save rolls 2: 7 fails DC 13.
	out, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "burning-hands", TargetIDs: []string{"adult-blue-dragon-1"}, EndTurn: true}, faces(t, 3, 3, 3, 2))
	if err != nil {
		t.Fatal(err)
	}
	d := participant(t, out, "adult-blue-dragon-1")
	if d.LegendaryResistance != 2 || d.MaxHP-d.HP != 4 || !strings.Contains(res.Summary(), "Legendary Resistance") {
		t.Errorf("dragon: %d uses left, took %d (want half of 9); %s", d.LegendaryResistance, d.MaxHP-d.HP, res.Summary())
	}
}

// Spells that raise armor class raise it while they last: Cleo's Shield
// of Faith gives Wren +2 AC until Cleo's concentration or the fight ends;
// Mage Armor takes Wren from 12 to 13 + Dex 2; Barkskin lifts her to 16.
func TestWardsRaiseArmorClass(t *testing.T) {
	e := casterFirst(t, []campaign.Character{cleo(), wren()}, goblins(1))
	out, res, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "shield-of-faith", TargetID: "wren"}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if w := participant(t, out, "wren"); w.AC != 14 || w.Combatant.AC != 14 || !strings.Contains(res.Summary(), "Wren gains 2 AC") {
		t.Fatalf("Wren's AC under Shield of Faith: %d (%d), want 14; %s", w.AC, w.Combatant.AC, res.Summary())
	}
	if participant(t, e, "wren").AC != 12 {
		t.Error("Act changed its input")
	}
	// The fight ends within the spell's 10 minutes: it goes on while
	// Cleo concentrates, and ends with her concentration.
	_, diffs, err := encounter.End(out, "victory", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sheets := diffs.CharacterUpdates([]campaign.Character{cleo(), wren()})
	if w := sheets[1]; w.AC != 14 || len(w.Effects) != 1 {
		t.Errorf("Wren's AC after the fight: %d, effects %+v; want 14 under Shield of Faith", w.AC, w.Effects)
	}
	sheets[0].Concentration = nil
	if got := campaign.Expire(sheets, 0); len(got) != 1 || got[0].AC != 12 {
		t.Errorf("Cleo's concentration ends: %+v, want Wren at AC 12", got)
	}

	for _, tc := range []struct {
		spell string
		want  int
	}{{"mage-armor", 15}, {"barkskin", 16}} {
		c := wren()
		c.ID, c.Name, c.Class = "ivo", "Ivo", "druid"
		if tc.spell == "mage-armor" {
			c.Class = "wizard"
		}
		e := casterFirst(t, []campaign.Character{c, wren()}, goblins(1))
		out, res, err := encounter.Act(e, "ivo", encounter.Action{Kind: encounter.ActionCast, Spell: tc.spell, TargetID: "wren"}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if w := participant(t, out, "wren"); w.AC != tc.want {
			t.Errorf("%s: Wren's AC %d, want %d (%s)", tc.spell, w.AC, tc.want, res.Summary())
		}
	}
}

// Faerie Fire outlines a goblin that fails its Dexterity save, and Mira's
// attack on it then rolls with advantage.
func TestFaerieFire(t *testing.T) {
	druid := cleo()
	druid.ID, druid.Name, druid.Class = "dara", "Dara", "druid"
	e := casterFirst(t, []campaign.Character{druid, mira()}, goblins(1))
	// The goblin (Dex +2) rolls a 3 against DC 13.
	out, res, err := encounter.Act(e, "dara", encounter.Action{Kind: encounter.ActionCast, Spell: "faerie-fire", TargetID: "goblin-1", EndTurn: true}, faces(t, 3))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Summary(), "outlined") {
		t.Fatalf("summary %q", res.Summary())
	}
	// Mira's two d20s, 4 and 17: with advantage she keeps the 17 and hits.
	_, res, err = encounter.Act(out, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword"}, faces(t, 4, 17, 5))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; !a.Hit || a.Natural != 17 || !slices.Contains(a.Edge.Advantage, "Faerie Fire") {
		t.Fatalf("attack on the outlined goblin %+v", a)
	}
}
