package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
)

// Aid raises the hit point maximum and hit points of its targets while it
// lasts, waking a dying one; its 8 hours go on when the fight ends, and
// the sheets keep its maximum until then.
func TestAidInAFight(t *testing.T) {
	e := fell(casterFirst(t, []campaign.Character{cleo(), mira(), tavi()}, goblins(1)), "tavi", false)
	out, res, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "aid", TargetIDs: []string{"cleo", "mira", "tavi"}}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	c, m, tv := participant(t, out, "cleo"), participant(t, out, "mira"), participant(t, out, "tavi")
	if c.MaxHP != 29 || c.HP != 25 || m.MaxHP != 33 || m.HP != 33 {
		t.Fatalf("cleo %d/%d, mira %d/%d; want 25/29 and 33/33", c.HP, c.MaxHP, m.HP, m.MaxHP)
	}
	if tv.HP != 5 || tv.Combatant.Conditions.Has(rules.Unconscious) || tv.Combatant.DeathSaves.Failures != 0 {
		t.Fatalf("tavi %+v: 5 HP wake her", tv.Combatant)
	}
	if !hasChange(res.Changes, "mira", rules.FieldMaxHP) {
		t.Errorf("changes %v: the maximum's change is recorded", res.Changes)
	}
	ended, diffs, err := encounter.End(out, "fled", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, ended, "mira"); m.MaxHP != 33 || m.HP != 33 {
		t.Errorf("mira after the fight %d/%d, want 33/33: Aid lasts 8 hours", m.HP, m.MaxHP)
	}
	for _, d := range diffs {
		if d.ParticipantID == "tavi" && d.HP.After != 5 {
			t.Errorf("tavi's diff %+v", d.HP)
		}
	}
	sheets := diffs.CharacterUpdates([]campaign.Character{mira(), cleo()})
	if m := sheets[0]; m.MaxHP != 33 || m.HP != 33 || len(m.Effects) != 1 || m.Effects[0].Spell != "aid" || m.Effects[0].MaxHP != 5 || m.Effects[0].Until != 8*campaign.Hour {
		t.Errorf("mira's sheet after the fight %d/%d, effects %+v; want 33/33 with Aid until 8 hours in", m.HP, m.MaxHP, m.Effects)
	}
	// Aid's 5 comes off when its time is up.
	if got := campaign.Expire(sheets, 8*campaign.Hour); len(got) != 2 || got[0].MaxHP != 28 || got[0].HP != 28 || got[1].MaxHP != 24 || got[1].HP != 24 {
		t.Errorf("after 8 hours: %+v", got)
	}
}

func hasChange(chs []rules.Change, id string, f rules.Field) bool {
	for _, ch := range chs {
		if ch.TargetID == id && ch.Field == f {
			return true
		}
	}
	return false
}

// sol is a level 5 wizard: Int 16, spell save DC 14, two 3rd-level slots.
func sol() campaign.Character {
	c := wren()
	c.ID, c.Name, c.Level = "sol", "Sol", 5
	c.SpellSlots = map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 2}}
	return c
}

// Haste lifts Mira's AC from 16 to 18 and doubles her speed while Sol
// concentrates: a goblin's 16 misses her, and her next turn has 60 feet
// of movement.
func TestHasteInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{sol(), mira()}, goblins(1))
	e, _, err := encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "haste", TargetID: "mira", EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, e, "mira"); m.AC != 18 || m.Combatant.Speed != 60 || m.Turn.Movement != 60 {
		t.Fatalf("mira AC %d, speed %d, movement %d; want 18, 60, 60", m.AC, m.Combatant.Speed, m.Turn.Movement)
	}
	e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	// The goblin's scimitar: 12 + 4 = 16 would hit AC 16.
	e, res, err := encounter.Act(e, "goblin-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "Scimitar", EndTurn: true}, faces(t, 12))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || res.Attacks[0].Hit || res.Attacks[0].AC != 18 {
		t.Errorf("attacks %+v, want one miss against AC 18", res.Attacks)
	}
	// The fight ends within Haste's minute: it goes on, and Sol's
	// concentration with it.
	_, diffs, err := encounter.End(e, "fled", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sheets := diffs.CharacterUpdates([]campaign.Character{sol(), mira()})
	if m := sheets[1]; m.AC != 18 || m.Speed != 60 || sheets[0].Concentration == nil {
		t.Errorf("after the fight AC %d, speed %d, Sol concentrating %v; want 18, 60, on haste", m.AC, m.Speed, sheets[0].Concentration)
	}
	if got := campaign.Expire(sheets, campaign.Minute); len(got) != 2 || got[1].AC != 16 || got[1].Speed != 30 || got[0].Concentration != nil {
		t.Errorf("a minute in: %+v", got)
	}
}

// Slow on a brown bear that fails its Wisdom save: AC 11 to 9, no
// reaction, -2 on its Dexterity saves, one attack instead of its bite and
// claws; it shakes the spell off with a save at the end of its turn.
func TestSlowInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{sol(), wren(), mira()}, []encounter.MonsterSpec{{SRDID: "brown-bear", Count: 1}})
	// The bear's Wisdom save: 5 + 1 fails DC 14.
	e, _, err := encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "slow", TargetID: "brown-bear-1", EndTurn: true}, faces(t, 5))
	if err != nil {
		t.Fatal(err)
	}
	b := participant(t, e, "brown-bear-1")
	if b.AC != 9 || b.Combatant.Speed != 20 || !b.ReactionUsed {
		t.Fatalf("bear AC %d, speed %d, reaction used %v; want 9, 20, true", b.AC, b.Combatant.Speed, b.ReactionUsed)
	}
	// Wren's Burning Hands: 3d6 (1, 1, 1); the bear's Dexterity save (+0)
	// rolls 12, 10 with Slow's -2, failing DC 13.
	e, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "burning-hands", TargetID: "brown-bear-1", EndTurn: true}, faces(t, 1, 1, 1, 12))
	if err != nil {
		t.Fatal(err)
	}
	if sv := res.Cast.Targets[0].Save; sv == nil || sv.Bonus != -2 || sv.Success {
		t.Fatalf("bear's save %+v, want -2 and a failure", sv)
	}
	e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	// One bite at Sol (2 + 5 misses AC 12), then the Wisdom save at the
	// end of its turn: 17 + 1 ends the spell.
	out, res, err := encounter.MonsterTurn(e, faces(t, 2, 17))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || !strings.Contains(res.Summary(), "Slow lets Brown Bear 1 make only one attack.") {
		t.Errorf("attacks %d: %s", len(res.Attacks), res.Summary())
	}
	if b := participant(t, out, "brown-bear-1"); b.AC != 11 || b.Combatant.Speed != 40 || len(out.Effects) != 0 {
		t.Errorf("bear after its save: AC %d, speed %d, effects %+v", b.AC, b.Combatant.Speed, out.Effects)
	}
}

// Effects on the attack rolls made at their targets: Blur's disadvantage
// (not for a flying snake, which has blindsight), Protection from Evil
// and Good's against the undead, True Strike's advantage on the caster's
// next turn, and Invisibility, which ends when its target attacks while
// Greater Invisibility does not.
func TestAttackRollWardsInAFight(t *testing.T) {
	t.Run("BlurHidesFromEyesNotBlindsight", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{sol()}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}, {SRDID: "flying-snake", Count: 1}})
		e, _, err := encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "blur", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		// The goblin's two d20s, 18 and 3: it keeps the 3 and misses.
		e, res, err := encounter.Act(e, "goblin-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "sol", Weapon: "Scimitar", EndTurn: true}, faces(t, 18, 3))
		if err != nil {
			t.Fatal(err)
		}
		if a := res.Attacks[0]; a.Hit || a.Natural != 3 || !slices.Contains(a.Edge.Disadvantage, "Blur") {
			t.Fatalf("goblin's attack on blurred Sol %+v", a)
		}
		// The snake rolls once: 1 misses whatever the edge.
		_, res, err = encounter.Act(e, "flying-snake-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "sol", Weapon: "Bite"}, faces(t, 1))
		if err != nil {
			t.Fatal(err)
		}
		if a := res.Attacks[0]; len(a.Edge.Disadvantage) != 0 {
			t.Errorf("the snake's attack %+v: blindsight sees through Blur", a.Edge)
		}
	})
	t.Run("ProtectionFromEvilHindersTheUndead", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{cleo(), mira()}, []encounter.MonsterSpec{{SRDID: "skeleton", Count: 1}, {SRDID: "goblin", Count: 1}})
		e, _, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "protection-from-evil-and-good", TargetID: "mira", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		e, res, err := encounter.Act(e, "skeleton-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "Shortsword", EndTurn: true}, faces(t, 2, 1))
		if err != nil {
			t.Fatal(err)
		}
		if a := res.Attacks[0]; !slices.Contains(a.Edge.Disadvantage, "Protection from Evil and Good") {
			t.Fatalf("the skeleton's attack %+v", a.Edge)
		}
		_, res, err = encounter.Act(e, "goblin-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "Scimitar"}, faces(t, 1))
		if err != nil {
			t.Fatal(err)
		}
		if a := res.Attacks[0]; len(a.Edge.Disadvantage) != 0 {
			t.Errorf("the goblin's attack %+v: a humanoid is not warded against", a.Edge)
		}
	})
	t.Run("TrueStrikeOnTheNextTurn", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{wren()}, goblins(1))
		e, _, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "true-strike", TargetID: "goblin-1", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		e, _, err = encounter.Act(e, "goblin-1", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		// Wren's dagger with advantage: 3 and 17, keeping 17; 1d4+2 (2).
		out, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "dagger"}, faces(t, 3, 17, 2))
		if err != nil {
			t.Fatal(err)
		}
		if a := res.Attacks[0]; a.Natural != 17 || !slices.Contains(a.Edge.Advantage, "True Strike") {
			t.Fatalf("wren's attack %+v", a)
		}
		if w := participant(t, out, "wren"); len(out.Effects) != 0 || w.Combatant.Concentration != "" {
			t.Errorf("effects %+v, concentration %q: the spell is spent", out.Effects, w.Combatant.Concentration)
		}
	})
	t.Run("InvisibilityEndsWithAnAttack", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{wren(), mira()}, goblins(1))
		e, _, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "invisibility", TargetID: "mira", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if m := participant(t, e, "mira"); !slices.Contains(m.Conditions, "invisible") {
			t.Fatalf("mira %v", m.Conditions)
		}
		// Mira attacks unseen: 2 and 15 with advantage, 1d8+3 (5).
		out, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword"}, faces(t, 2, 15, 5))
		if err != nil {
			t.Fatal(err)
		}
		if a := res.Attacks[0]; !slices.Contains(a.Edge.Advantage, "attacker invisible") {
			t.Fatalf("mira's attack %+v", a.Edge)
		}
		m, w := participant(t, out, "mira"), participant(t, out, "wren")
		if slices.Contains(m.Conditions, "invisible") || w.Combatant.Concentration != "" || !strings.Contains(res.Summary(), "Invisibility ends (Mira attacked)") {
			t.Errorf("mira %v, wren concentrating on %q: %s", m.Conditions, w.Combatant.Concentration, res.Summary())
		}
	})
	t.Run("GreaterInvisibilityOutlastsAnAttack", func(t *testing.T) {
		c := sol()
		c.Level, c.SpellSlots["4"] = 7, campaign.Slot{Max: 1}
		e := casterFirst(t, []campaign.Character{c, mira()}, goblins(2))
		e, _, err := encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "greater-invisibility", TargetID: "mira", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword"}, faces(t, 2, 15, 5))
		if err != nil {
			t.Fatal(err)
		}
		if m := participant(t, out, "mira"); !slices.Contains(m.Conditions, "invisible") {
			t.Errorf("mira %v", m.Conditions)
		}
	})
}

// ser is a level 3 paladin with a longsword (+5, 1d10+3 in two hands):
// Cha 14, three 1st-level slots.
func ser() campaign.Character {
	c := mira()
	c.ID, c.Name, c.Class, c.PlayerID = "ser", "Ser", "paladin", "p5"
	c.Abilities.Cha = 14
	c.SpellSlots = map[string]campaign.Slot{"1": {Max: 3}}
	return c
}

// rue is a level 3 ranger with a longbow (+5 with Dex 16, 1d8+3): Wis
// 14, three 1st-level slots.
func rue() campaign.Character {
	c := tavi()
	c.ID, c.Name, c.Class, c.PlayerID = "rue", "Rue", "ranger", "p6"
	c.Abilities.Wis = 14
	c.SpellSlots = map[string]campaign.Slot{"1": {Max: 3}}
	c.Inventory = []campaign.Item{{Item: "longbow", Qty: 1}, {Item: "arrow", Qty: 20}}
	return c
}

// Spells that ride on weapon hits: Divine Favor's radiant d4, Hunter's
// Mark's d6 on the marked quarry, Magic Weapon's +1 that gets through a
// wererat's immunity to nonmagical weapons, Stoneskin's resistance to a
// goblin's blade, and Protection from Energy's to fire.
func TestWeaponAndDamageSpellsInAFight(t *testing.T) {
	t.Run("DivineFavorAddsRadiant", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{ser()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
		e, _, err := encounter.Act(e, "ser", encounter.Action{Kind: encounter.ActionCast, Spell: "divine-favor"}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		// 14 + 5 hits AC 13; 1d8+3 (4) slashing and 1d4 (3) radiant.
		_, res, err := encounter.Act(e, "ser", encounter.Action{Kind: encounter.ActionAttack, TargetID: "orc-1", Weapon: "longsword"}, faces(t, 14, 4, 3))
		if err != nil {
			t.Fatal(err)
		}
		d := res.Attacks[0].Damage
		if d == nil || len(d.Parts) != 2 || d.Parts[1].Type != rules.Radiant || d.Taken != 10 {
			t.Fatalf("damage %+v, want 7 slashing and 3 radiant", d)
		}
	})
	t.Run("HuntersMarkAddsADieOnTheQuarry", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{rue()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 2}})
		e, _, err := encounter.Act(e, "rue", encounter.Action{Kind: encounter.ActionCast, Spell: "hunters-mark", TargetID: "orc-1"}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		// 12 + 5 hits; 1d8+3 (2) and the mark's 1d6 (6), both piercing.
		_, res, err := encounter.Act(e, "rue", encounter.Action{Kind: encounter.ActionAttack, TargetID: "orc-1", Weapon: "longbow"}, faces(t, 12, 2, 6))
		if err != nil {
			t.Fatal(err)
		}
		if d := res.Attacks[0].Damage; d == nil || d.Taken != 11 || d.Parts[1].Type != rules.Piercing {
			t.Fatalf("damage on the quarry %+v, want 11 piercing", d)
		}
		e = edit(e, "rue", func(p *encounter.Participant) { p.Turn.ActionUsed = false })
		_, res, err = encounter.Act(e, "rue", encounter.Action{Kind: encounter.ActionAttack, TargetID: "orc-2", Weapon: "longbow"}, faces(t, 12, 2))
		if err != nil {
			t.Fatal(err)
		}
		if d := res.Attacks[0].Damage; d == nil || len(d.Parts) != 1 {
			t.Errorf("damage on another orc %+v: no mark, no die", d)
		}
	})
	t.Run("MagicWeaponGetsThroughImmunity", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{sol(), mira()}, []encounter.MonsterSpec{{SRDID: "wererat-human", Count: 1}})
		if w := participant(t, e, "wererat-human-1"); !w.MundaneImmune.Has(rules.Slashing) {
			t.Fatalf("wererat %+v", w.MundaneImmune)
		}
		e, _, err := encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "magic-weapon", TargetID: "mira", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if fx := e.Effects[0]; fx.Weapon != "longsword" || fx.Bonus != 1 {
			t.Fatalf("effect %+v: Mira's best weapon, +1", fx)
		}
		// 10 + 5 + 1 = 16 hits AC 12; 1d10+3+1 (4: the longsword in two
		// hands) = 8 slashing, not ignored.
		_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "wererat-human-1", Weapon: "longsword"}, faces(t, 10, 4))
		if err != nil {
			t.Fatal(err)
		}
		if a := res.Attacks[0]; a.Total != 16 || a.Damage == nil || a.Damage.Taken != 8 {
			t.Fatalf("attack %+v", a)
		}
		// Without the spell, the same blow does nothing.
		plain := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "wererat-human", Count: 1}})
		_, res, err = encounter.Act(plain, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "wererat-human-1", Weapon: "longsword"}, faces(t, 10, 4))
		if err != nil {
			t.Fatal(err)
		}
		if d := res.Attacks[0].Damage; d == nil || d.Taken != 0 {
			t.Errorf("a nonmagical blow on the wererat %+v", d)
		}
		if _, _, err := encounter.Act(casterFirst(t, []campaign.Character{sol(), mira()}, goblins(1)), "sol",
			encounter.Action{Kind: encounter.ActionCast, Spell: "magic-weapon", TargetID: "mira", Weapon: "rapier"}, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
			t.Errorf("a weapon Mira does not carry: %v, want not_allowed", err)
		}
	})
	t.Run("StoneskinHalvesABlade", func(t *testing.T) {
		c := sol()
		c.Level, c.SpellSlots["4"] = 7, campaign.Slot{Max: 1}
		e := casterFirst(t, []campaign.Character{c, mira()}, goblins(1))
		e, _, err := encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "stoneskin", TargetID: "mira", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if m := participant(t, e, "mira"); m.Combatant.Resistances != 0 {
			t.Fatalf("mira resists %v outside an attack", m.Combatant.Resistances)
		}
		e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		// 15 + 4 hits AC 16; 1d6+2 (5) = 7 slashing, halved to 3.
		e, res, err := encounter.Act(e, "goblin-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "Scimitar"}, faces(t, 15, 5))
		if err != nil {
			t.Fatal(err)
		}
		if d := res.Attacks[0].Damage; d == nil || d.Taken != 3 || !d.Parts[0].Resisted {
			t.Fatalf("damage %+v", d)
		}
		if m := participant(t, e, "mira"); m.Combatant.Resistances != 0 || m.HP != 25 {
			t.Errorf("mira after the blow: %d HP, resists %v", m.HP, m.Combatant.Resistances)
		}
	})
	t.Run("ProtectionFromEnergyTakesTheChoice", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{sol(), wren(), mira()}, goblins(1))
		e, _, err := encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "protection-from-energy", TargetID: "mira", Choice: "fire", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		// Wren's Burning Hands catches Mira: 3d6 (6, 6, 6) = 18; her
		// Dexterity save (+1) rolls 2 and fails; she takes half, 9.
		out, _, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "burning-hands", TargetID: "mira"}, faces(t, 6, 6, 6, 2))
		if err != nil {
			t.Fatal(err)
		}
		if m := participant(t, out, "mira"); m.HP != 28-9 {
			t.Errorf("mira at %d HP, want 19", m.HP)
		}
	})
}

// One die for one roll: Resistance's d4 on Mira's save against a dragon's
// breath (then the spell is over), Bane's d4 off a goblin's save against
// a spell, Guidance's d4 on Tavi's Stealth check; and Heroism's temporary
// hit points at the start of each of Mira's turns, gone with the spell.
func TestOneRollSpellsAndHeroismInAFight(t *testing.T) {
	t.Run("ResistanceAddsToASaveAndEnds", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{cleo(), mira()}, []encounter.MonsterSpec{{SRDID: "red-dragon-wyrmling", Count: 1}})
		e, _, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "resistance", TargetID: "mira", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		// The breath: 7d6 (all 1s); Cleo fails with 5 and keeps her
		// concentration with 15; Mira's d4 (4), then her d20 8 + Dex 1 +
		// 4 = 13 makes DC 13.
		out, res, err := encounter.MonsterTurn(e, faces(t, 1, 1, 1, 1, 1, 1, 1, 5, 15, 4, 8))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Saves) != 2 || !res.Saves[1].Success || res.Saves[1].Total != 13 {
			t.Fatalf("saves %+v", res.Saves)
		}
		if c := participant(t, out, "cleo"); len(out.Effects) != 0 || c.Combatant.Concentration != "" {
			t.Errorf("effects %+v, cleo concentrating on %q: Resistance is spent", out.Effects, c.Combatant.Concentration)
		}
	})
	t.Run("BaneTakesOffASpellSave", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{cleo(), wren()}, goblins(1))
		// The goblin's Charisma save: 2 - 1 fails DC 13.
		e, _, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "bane", TargetID: "goblin-1", EndTurn: true}, faces(t, 2))
		if err != nil {
			t.Fatal(err)
		}
		// Burning Hands: Bane's d4 (3) first, then 3d6 (1, 1, 1) and the
		// goblin's Dexterity save 13 + 2 - 3 = 12, failing DC 13.
		_, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "burning-hands", TargetID: "goblin-1"}, faces(t, 3, 1, 1, 1, 13))
		if err != nil {
			t.Fatal(err)
		}
		if sv := res.Cast.Targets[0].Save; sv == nil || sv.Total != 12 || sv.Success {
			t.Fatalf("save %+v", sv)
		}
		if !strings.Contains(res.Summary(), "Bane takes 3 off Goblin 1's saving throw.") {
			t.Errorf("summary %q", res.Summary())
		}
	})
	t.Run("GuidanceAddsToAStealthCheck", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{cleo(), tavi()}, goblins(1))
		e, _, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "guidance", TargetID: "tavi", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		// Guidance's d4 (4), then Tavi's Stealth 5 + 5 + 4 = 14 beats the
		// goblin's passive Perception 9.
		out, res, err := encounter.Act(e, "tavi", encounter.Action{Kind: encounter.ActionHide}, faces(t, 4, 5))
		if err != nil {
			t.Fatal(err)
		}
		if tv := participant(t, out, "tavi"); !tv.Hidden || !strings.Contains(res.Summary(), "Guidance adds 4 to Tavi's ability check.") || len(out.Effects) != 0 {
			t.Errorf("tavi hidden %v, effects %+v: %s", tv.Hidden, out.Effects, res.Summary())
		}
	})
	t.Run("HeroismGivesTemporaryHitPointsEachTurn", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{ser(), mira()}, goblins(1))
		e, _, err := encounter.Act(e, "ser", encounter.Action{Kind: encounter.ActionCast, Spell: "heroism", TargetID: "mira", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		m := participant(t, e, "mira")
		if m.TempHP != 2 || !m.Combatant.ConditionImmunities.Has(rules.Frightened) {
			t.Fatalf("mira at her turn's start: %d temporary HP, immune to %v", m.TempHP, m.Combatant.ConditionImmunities)
		}
		// Ser loses his concentration: Heroism ends.
		e = edit(e, "ser", func(p *encounter.Participant) { p.Combatant.Concentration = "" })
		e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		ended, _, err := encounter.End(e, "fled", encounter.EndOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if m := participant(t, ended, "mira"); m.TempHP != 0 || m.Combatant.ConditionImmunities.Has(rules.Frightened) {
			t.Errorf("mira after the fight: %d temporary HP, immune to %v", m.TempHP, m.Combatant.ConditionImmunities)
		}
	})
}

// Misty Step and Dimension Door take their travellers out of every reach
// without an opportunity attack: no die is drawn.
func TestTeleportsInAFight(t *testing.T) {
	t.Run("MistyStepSlipsAwayAsABonusAction", func(t *testing.T) {
		e := engage(t, casterFirst(t, []campaign.Character{sol()}, goblins(2)), "sol", "goblin-1")
		e = engage(t, e, "sol", "goblin-2")
		out, res, err := encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "misty-step"}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		s, g := participant(t, out, "sol"), participant(t, out, "goblin-1")
		if len(s.Engaged) != 0 || len(g.Engaged) != 0 || len(res.Attacks) != 0 || !s.Turn.BonusActionUsed || s.Turn.ActionUsed {
			t.Errorf("sol engaged %v, goblin %v, attacks %d, turn %+v", s.Engaged, g.Engaged, len(res.Attacks), s.Turn)
		}
	})
	t.Run("DimensionDoorTakesACompanion", func(t *testing.T) {
		c := sol()
		c.Level, c.SpellSlots["4"] = 7, campaign.Slot{Max: 1}
		e := engage(t, casterFirst(t, []campaign.Character{c, mira()}, goblins(1)), "mira", "goblin-1")
		out, _, err := encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "dimension-door", TargetID: "mira"}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if m, g := participant(t, out, "mira"), participant(t, out, "goblin-1"); len(m.Engaged) != 0 || len(g.Engaged) != 0 {
			t.Errorf("mira engaged %v, goblin %v", m.Engaged, g.Engaged)
		}
	})
}

// Freedom of Movement on Mira: a Hold Person that would paralyze her
// finds her immune.
func TestFreedomOfMovementInAFight(t *testing.T) {
	c := priest()
	c.Level, c.SpellSlots["4"] = 7, campaign.Slot{Max: 1}
	e := casterFirst(t, []campaign.Character{c, wren(), mira()}, goblins(1))
	e, _, err := encounter.Act(e, "pell", encounter.Action{Kind: encounter.ActionCast, Spell: "freedom-of-movement", TargetID: "mira", EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	// Mira's Wisdom save against Wren's Hold Person: 2 + 1 fails DC 13.
	out, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "hold-person", TargetID: "mira"}, faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, out, "mira"); slices.Contains(m.Conditions, "paralyzed") || !strings.Contains(res.Summary(), "immune to being paralyzed") {
		t.Errorf("mira %v: %s", m.Conditions, res.Summary())
	}
}

// Mirror Image: a goblin's attack on Sol turns onto a duplicate on a 6 or
// more, and hitting it (AC 10 + Dex 2) destroys it; a 5 lets the attack
// go to Sol; a flying snake's blindsight sees through the images.
func TestMirrorImageInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{sol()}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}, {SRDID: "flying-snake", Count: 1}})
	e, _, err := encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "mirror-image", EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	// The images' d20 (10), then the goblin's 9 + 4 = 13 hits AC 12.
	e, res, err := encounter.Act(e, "goblin-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "sol", Weapon: "Scimitar"}, faces(t, 10, 9))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; !a.Hit || a.TargetID == "sol" || participant(t, e, "sol").HP != 12 || e.Effects[0].Left != 2 {
		t.Fatalf("attack %+v, sol %d HP, effects %+v", a, participant(t, e, "sol").HP, e.Effects)
	}
	// With two left the images need 8: a 5 sends the next blow to Sol.
	e = edit(e, "goblin-1", func(p *encounter.Participant) { p.Turn.ActionUsed = false })
	_, res, err = encounter.Act(e, "goblin-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "sol", Weapon: "Scimitar"}, faces(t, 5, 9, 3))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; a.TargetID != "sol" || !a.Hit {
		t.Errorf("attack %+v, want a hit on Sol", a)
	}
	// The snake draws no d20 for the images: 1 misses outright.
	e, _, err = encounter.Act(e, "goblin-1", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	_, res, err = encounter.Act(e, "flying-snake-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "sol", Weapon: "Bite"}, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; a.TargetID != "sol" {
		t.Errorf("the snake's attack went to %s", a.TargetID)
	}
}

// Sanctuary on Wren: the goblin fails its Wisdom save and turns on Cleo;
// when Wren attacks, the ward is gone.
func TestSanctuaryInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{cleo(), wren(), mira()}, goblins(1))
	e, _, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "sanctuary", TargetID: "wren", EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"wren", "mira"} {
		if e, _, err = encounter.Act(e, id, encounter.Action{Kind: encounter.ActionEndTurn}, faces(t)); err != nil {
			t.Fatal(err)
		}
	}
	// The goblin would strike Wren (12 HP), but its save, 5 - 1, fails DC
	// 13: it swings at Cleo instead, 15 + 4 against AC 18, for 1d6+2 (3).
	e, res, err := encounter.MonsterTurn(e, faces(t, 5, 15, 3))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || res.Attacks[0].TargetID != "cleo" || !strings.Contains(res.Summary(), "can't bring itself to harm Wren") {
		t.Fatalf("attacks %+v: %s", res.Attacks, res.Summary())
	}
	e, _, err = encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "dagger"}, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Effects) != 0 {
		t.Errorf("effects %+v: Wren's attack ends the ward", out.Effects)
	}
}

// A mage down to its cantrips aims Fire Bolt at Tavi, the weakest; Tavi's
// Sanctuary turns it onto Mira when its Wisdom save fails.
func TestSanctuaryTurnsASpell(t *testing.T) {
	e := edit(mageFirst(t, tavi(), mira()), "mage-1", spentAbove(0))
	e.Effects = []encounter.Effect{{Effect: spell.Effect{ID: "sanctuary", Spell: "sanctuary", CasterID: "mira", TargetID: "tavi", DC: 13, Ends: "1 minute"}}}
	// The mage's save 3 + 1 fails; Fire Bolt at Mira: 10 + 6 hits AC 16, 2d10 (1, 1).
	_, res, err := encounter.MonsterTurn(e, faces(t, 3, 10, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if res.Cast == nil || res.Cast.SpellID != "fire-bolt" || res.Cast.Targets[0].TargetID != "mira" {
		t.Errorf("cast %+v: %s", res.Cast, res.Summary())
	}
}

// Blink: at the end of Sol's turn a 15 sends her to the Ethereal Plane,
// where the goblin finds no one to attack; she is back as her turn starts.
func TestBlinkInAFight(t *testing.T) {
	e := engage(t, casterFirst(t, []campaign.Character{sol()}, goblins(1)), "sol", "goblin-1")
	e, res, err := encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "blink", EndTurn: true}, faces(t, 15))
	if err != nil {
		t.Fatal(err)
	}
	if s := participant(t, e, "sol"); len(s.Engaged) != 0 || !strings.Contains(res.Summary(), "blinks out to the Ethereal Plane") {
		t.Fatalf("sol engaged %v: %s", s.Engaged, res.Summary())
	}
	e, res, err = encounter.MonsterTurn(e, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 0 || !strings.Contains(res.Summary(), "Sol returns from the Ethereal Plane.") {
		t.Errorf("the goblin's turn: %d attacks: %s", len(res.Attacks), res.Summary())
	}
	if len(e.Effects) != 1 || e.Effects[0].ID != "blink" {
		t.Errorf("effects %+v: Blink goes on", e.Effects)
	}
	// A 10 keeps her here.
	e, res, err = encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t, 10))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(res.Summary(), "blinks out") || len(e.Effects) != 1 {
		t.Errorf("%s; effects %+v", res.Summary(), e.Effects)
	}
}

// A spell is magic: Ice Storm's bludgeoning gets through a wererat's
// immunity to nonmagical weapons, though its cold is all the same to it.
func TestSpellsGetThroughMundaneDefences(t *testing.T) {
	c := sol()
	c.Level, c.SpellSlots["4"] = 7, campaign.Slot{Max: 1}
	e := casterFirst(t, []campaign.Character{c}, []encounter.MonsterSpec{{SRDID: "wererat-human", Count: 1}})
	// 2d8 bludgeoning (4, 4) and 4d6 cold (1, 1, 1, 1); the wererat's
	// Dexterity save (+2) rolls 1 and fails.
	out, _, err := encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "ice-storm", TargetID: "wererat-human-1"}, faces(t, 4, 4, 1, 1, 1, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if w := participant(t, out, "wererat-human-1"); w.HP != 33-12 || !w.MundaneImmune.Has(rules.Bludgeoning) {
		t.Errorf("wererat at %d HP, want 21", w.HP)
	}
}
