package encounter_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// priest is a level 5 cleric: Wis 16, two 3rd-level slots.
func priest() campaign.Character {
	c := cleo()
	c.ID, c.Name, c.Level = "pell", "Pell", 5
	c.SpellSlots = map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 2}}
	return c
}

// fell leaves the character id dead after three failed death saves, or
// dying at 0 HP with one failure.
func fell(e encounter.Encounter, id string, dead bool) encounter.Encounter {
	return edit(e, id, func(p *encounter.Participant) {
		c := &p.Combatant
		c.HP, c.Conditions = 0, c.Conditions.With(rules.Unconscious).With(rules.Prone)
		c.DeathSaves.Failures, c.Dead = 1, dead
		if dead {
			c.DeathSaves.Failures = 3
		}
		p.HP, p.Defeated, p.Conditions = 0, dead, []string{"prone", "unconscious"}
	})
}

// A character who died in the fight comes back with Revivify at 1 HP,
// awake, and takes turns again; a dying one is made stable with Spare the
// Dying and stops making death saves.
func TestRevivalInAFight(t *testing.T) {
	t.Run("RevivifyBringsAFallenAllyBack", func(t *testing.T) {
		e := fell(casterFirst(t, []campaign.Character{priest(), tavi()}, goblins(1)), "tavi", true)
		out, res, err := encounter.Act(e, "pell", encounter.Action{Kind: encounter.ActionCast, Spell: "revivify", TargetID: "tavi", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		tv := participant(t, out, "tavi")
		if tv.Defeated || tv.HP != 1 || slices.Contains(tv.Conditions, "unconscious") || tv.Combatant.DeathSaves.Failures != 0 {
			t.Fatalf("tavi after Revivify: %+v", tv)
		}
		if !strings.Contains(res.Summary(), "Tavi returns to life with 1 HP") || out.Current != "tavi" {
			t.Errorf("summary %q, current %q: Tavi's turn is next", res.Summary(), out.Current)
		}
		if p := participant(t, out, "pell"); p.Combatant.SpellSlots[2].Used != 1 {
			t.Errorf("slots %+v", p.Combatant.SpellSlots[:3])
		}
	})
	t.Run("SpareTheDyingEndsTheDeathSaves", func(t *testing.T) {
		e := fell(casterFirst(t, []campaign.Character{priest(), tavi()}, goblins(1)), "tavi", false)
		out, _, err := encounter.Act(e, "pell", encounter.Action{Kind: encounter.ActionCast, Spell: "spare-the-dying", TargetID: "tavi", EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if tv := participant(t, out, "tavi"); !tv.Combatant.Stable || tv.Combatant.DeathSaves.Failures != 0 || out.Current == "tavi" {
			t.Errorf("tavi %+v, current %q: a stable character's turn is skipped", tv.Combatant, out.Current)
		}
	})
}

// high is priest at level 13 with a slot of each level up to 7th.
func high() campaign.Character {
	c := priest()
	c.Level = 13
	for l := 1; l <= 7; l++ {
		c.SpellSlots[strconv.Itoa(l)] = campaign.Slot{Max: 1}
	}
	return c
}

// Harm leaves an ogre at 1 HP with its maximum cut by what it took, until
// the fight ends; Divine Word kills the weak outright, as a bonus action.
func TestHarmAndDivineWordInAFight(t *testing.T) {
	t.Run("HarmCutsTheMaximum", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{high()}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
		f := make([]int, 15)
		for i := range f {
			f[i] = 6 // 14d6 = 84 necrotic, then the ogre's CON save rolls 6 (+3) against DC 14
		}
		out, _, err := encounter.Act(e, "pell", encounter.Action{Kind: encounter.ActionCast, Spell: "harm", TargetID: "ogre-1"}, faces(t, f...))
		if err != nil {
			t.Fatal(err)
		}
		if o := participant(t, out, "ogre-1"); o.HP != 1 || o.MaxHP != 1 || o.Defeated {
			t.Fatalf("ogre %d/%d HP, want 1/1", o.HP, o.MaxHP)
		}
		ended, _, err := encounter.End(out, "fled", encounter.EndOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if o := participant(t, ended, "ogre-1"); o.HP != 1 || o.MaxHP != 59 {
			t.Errorf("ogre after the fight %d/%d HP, want 1/59", o.HP, o.MaxHP)
		}
	})
	t.Run("DivineWordKillsTheWeak", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{high()}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}, {SRDID: "orc", Count: 1}})
		out, _, err := encounter.Act(e, "pell", encounter.Action{Kind: encounter.ActionCast, Spell: "divine-word", TargetIDs: []string{"goblin-1", "orc-1"}}, faces(t, 1, 1))
		if err != nil {
			t.Fatal(err)
		}
		p := participant(t, out, "pell")
		if g, o := participant(t, out, "goblin-1"), participant(t, out, "orc-1"); !g.Defeated || !o.Defeated || p.Stats.Kills != 2 || !p.Turn.BonusActionUsed {
			t.Errorf("goblin %v, orc %v, kills %d, turn %+v", g.Defeated, o.Defeated, p.Stats.Kills, p.Turn)
		}
	})
}

// An orc that fails its save against Banishment leaves the fight: out of
// Mira's reach, beyond her attacks, unable to act; when Sol's
// concentration moves to another spell, it is back.
func TestBanishmentInAFight(t *testing.T) {
	c := sol()
	c.Level, c.SpellSlots["4"] = 7, campaign.Slot{Max: 1}
	e := engage(t, casterFirst(t, []campaign.Character{c, mira()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}}), "mira", "orc-1")
	// The orc's Charisma save: 3 + 0 fails DC 14.
	e, _, err := encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "banishment", TargetID: "orc-1", EndTurn: true}, faces(t, 3))
	if err != nil {
		t.Fatal(err)
	}
	if o := participant(t, e, "orc-1"); len(o.Engaged) != 0 || !slices.Contains(o.Conditions, "incapacitated") {
		t.Fatalf("orc engaged %v, conditions %v", o.Engaged, o.Conditions)
	}
	if _, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "orc-1"}, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("an attack on the banished orc: %v, want not_allowed", err)
	}
	e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, res, err := encounter.MonsterTurn(e, faces(t))
	if err != nil || !strings.Contains(res.Summary(), "can't act") {
		t.Fatalf("the orc's turn: %v, %q", err, res.Summary())
	}
	out, _, err := encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "haste", TargetID: "mira"}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if o := participant(t, out, "orc-1"); len(o.Conditions) != 0 {
		t.Errorf("orc back from the demiplane: %v", o.Conditions)
	}
}

// An orc commanded to grovel falls prone at the start of its turn and
// makes no attack; one told to halt makes none either; the undead are
// not commanded.
func TestCommandInAFight(t *testing.T) {
	for _, tc := range []struct {
		name, word string
		prone      bool
	}{{"GrovelsByDefault", "", true}, {"Halts", "halt", false}} {
		t.Run(tc.name, func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{cleo(), mira()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
			// The orc's Wisdom save: 4 + 0 fails DC 13.
			e, _, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "command", TargetID: "orc-1", Choice: tc.word, EndTurn: true}, faces(t, 4))
			if err != nil {
				t.Fatal(err)
			}
			e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
			if err != nil {
				t.Fatal(err)
			}
			if o := participant(t, e, "orc-1"); slices.Contains(o.Conditions, "prone") != tc.prone || !o.Turn.ActionUsed || o.Turn.Movement != 0 {
				t.Fatalf("orc at its turn's start: %v, turn %+v", o.Conditions, o.Turn)
			}
			_, res, err := encounter.MonsterTurn(e, faces(t))
			if err != nil || len(res.Attacks) != 0 {
				t.Errorf("the orc's turn: %v, %d attacks", err, len(res.Attacks))
			}
		})
	}
	t.Run("TheUndeadRefuse", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{cleo()}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}})
		if _, _, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "command", TargetID: "zombie-1"}, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
			t.Errorf("err = %v, want not_allowed", err)
		}
	})
}

// Beacon of Hope: dying Tavi rolls her death save with advantage and
// Cure Wounds gives her its most, 11; Holy Aura: a skeleton attacks Mira
// with disadvantage, and hitting her, is blinded by the flash.
func TestHopeAndHolyAuraInAFight(t *testing.T) {
	t.Run("BeaconOfHope", func(t *testing.T) {
		e := fell(casterFirst(t, []campaign.Character{priest(), tavi()}, goblins(1)), "tavi", false)
		e, _, err := encounter.Act(e, "pell", encounter.Action{Kind: encounter.ActionCast, Spell: "beacon-of-hope", TargetIDs: []string{"pell", "tavi"}, EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		e, res, err := encounter.Act(e, "tavi", encounter.Action{Kind: encounter.ActionDeathSave, EndTurn: true}, faces(t, 3, 12))
		if err != nil {
			t.Fatal(err)
		}
		if ds := res.DeathSave; ds == nil || ds.Natural != 12 || !ds.Success {
			t.Fatalf("death save %+v", ds)
		}
		e, _, err = encounter.Act(e, "goblin-1", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := encounter.Act(e, "pell", encounter.Action{Kind: encounter.ActionCast, Spell: "cure-wounds", TargetID: "tavi"}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if tv := participant(t, out, "tavi"); tv.HP != 14 {
			t.Errorf("tavi at %d HP, want 1d8+3 at its most and Disciple of Life's 2 + 1, 14", tv.HP)
		}
	})
	t.Run("HolyAura", func(t *testing.T) {
		c := high()
		c.Level = 15
		c.SpellSlots["8"] = campaign.Slot{Max: 1}
		e := casterFirst(t, []campaign.Character{c, mira()}, []encounter.MonsterSpec{{SRDID: "skeleton", Count: 1}})
		e, _, err := encounter.Act(e, "pell", encounter.Action{Kind: encounter.ActionCast, Spell: "holy-aura", TargetIDs: []string{"pell", "mira"}, EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		// 18 and 17 with disadvantage: 17 + 4 hits AC 16 for 1d6+2 (3);
		// the skeleton's Constitution save, 2 + 2, fails DC 16.
		out, res, err := encounter.Act(e, "skeleton-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "Shortsword"}, faces(t, 18, 17, 3, 2))
		if err != nil {
			t.Fatal(err)
		}
		if a := res.Attacks[0]; !slices.Contains(a.Edge.Disadvantage, "Holy Aura") || !a.Hit {
			t.Fatalf("attack %+v", a)
		}
		if s := participant(t, out, "skeleton-1"); !slices.Contains(s.Conditions, "blinded") {
			t.Errorf("skeleton %v: %s", s.Conditions, res.Summary())
		}
	})
}
