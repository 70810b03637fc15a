package encounter_test

import (
	"slices"
	"strconv"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
)

// magus is Wren at level 13: Int 16, proficiency +5, spell save DC 16,
// a slot of each level up to 8th.
func magus() campaign.Character {
	c := wren()
	c.Level = 13
	c.SpellSlots = map[string]campaign.Slot{}
	for l := 1; l <= 8; l++ {
		c.SpellSlots[strconv.Itoa(l)] = campaign.Slot{Max: 1}
	}
	return c
}

// magusCasts starts Wren the magus and Mira against monsters, Mira
// engaged with the first, and has Wren cast spell on targets (drawing
// f) and end her turn.
func magusCasts(t *testing.T, monsters []encounter.MonsterSpec, in encounter.Action, f ...int) encounter.Encounter {
	t.Helper()
	e := engage(t, casterFirst(t, []campaign.Character{magus(), mira()}, monsters), "mira", monsters[0].SRDID+"-1")
	in.Kind, in.EndTurn = encounter.ActionCast, true
	e, _, err := encounter.Act(e, "wren", in, faces(t, f...))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func orcs() []encounter.MonsterSpec { return []encounter.MonsterSpec{{SRDID: "orc", Count: 1}} }

// miraEnds ends Mira's turn, drawing f as the orc's turn starts.
func miraEnds(t *testing.T, e encounter.Encounter, f ...int) encounter.Encounter {
	t.Helper()
	e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t, f...))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func effectsOf(e encounter.Encounter, id, fxID string) int {
	n := 0
	for _, fx := range e.Effects {
		if fx.TargetID == id && fx.ID == fxID {
			n++
		}
	}
	return n
}

// The dancing orc: Mira's attack on it has advantage; as its turn starts
// it spends its action on a Wisdom save (+0 against DC 16) and has no
// movement: failing, it makes no attack; succeeding, the dance ends.
func TestIrresistibleDanceInAFight(t *testing.T) {
	dancing := magusCasts(t, orcs(), encounter.Action{Spell: "irresistible-dance", TargetID: "orc-1"})
	_, res, err := encounter.Act(dancing, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "orc-1"}, seeded(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) == 0 || !slices.Contains(res.Attacks[0].Edge.Advantage, "Irresistible Dance") {
		t.Errorf("attack on the dancer: %+v", res.Attacks)
	}
	t.Run("FailsAndLosesItsTurn", func(t *testing.T) {
		e := miraEnds(t, dancing, 5)
		if o := participant(t, e, "orc-1"); !o.Turn.ActionUsed || o.Turn.Movement != 0 || effectsOf(e, "orc-1", spell.DancingID) != 1 {
			t.Fatalf("orc turn %+v", o.Turn)
		}
		_, res, err := encounter.MonsterTurn(e, faces(t))
		if err != nil || len(res.Attacks) != 0 {
			t.Errorf("the dancer's turn: %v, %d attacks", err, len(res.Attacks))
		}
	})
	t.Run("SavesAndStops", func(t *testing.T) {
		e := miraEnds(t, dancing, 16)
		if effectsOf(e, "orc-1", spell.DancingID) != 0 || participant(t, e, "wren").Combatant.Concentration != "" {
			t.Errorf("effects %+v", e.Effects)
		}
	})
}

// A confused orc rolls its d10 as its turn starts: on a 4 it neither
// moves nor acts; on a 7 it attacks the one creature in its reach; it
// takes no reactions.
func TestConfusionInAFight(t *testing.T) {
	confused := magusCasts(t, orcs(), encounter.Action{Spell: "confusion", TargetIDs: []string{"orc-1"}}, 3)
	t.Run("IdleOnAFour", func(t *testing.T) {
		e := miraEnds(t, confused, 4)
		if o := participant(t, e, "orc-1"); !o.Turn.ActionUsed || o.Turn.Movement != 0 || !o.ReactionUsed {
			t.Fatalf("orc %+v", o.Turn)
		}
		_, res, err := encounter.MonsterTurn(e, faces(t, 5)) // its Wisdom save at the turn's end fails
		if err != nil || len(res.Attacks) != 0 {
			t.Errorf("the idle orc's turn: %v, %d attacks", err, len(res.Attacks))
		}
	})
	t.Run("LashesOutOnASeven", func(t *testing.T) {
		e := miraEnds(t, confused, 7)
		_, res, err := encounter.MonsterTurn(e, seeded(3))
		if err != nil || len(res.Attacks) != 1 || res.Attacks[0].TargetID != "mira" {
			t.Errorf("the lashing orc's turn: %v, %+v", err, res.Attacks)
		}
	})
}

// Flesh to Stone on Mira (Con save +4 against DC 16): after her third
// failed save she is petrified; after a third success she is free.
func TestFleshToStoneInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{magus(), mira()}, orcs())
	e, _, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "flesh-to-stone", TargetID: "mira", EndTurn: true}, faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(participant(t, e, "mira").Conditions, "restrained") {
		t.Fatalf("mira %v", participant(t, e, "mira").Conditions)
	}
	count := func(e encounter.Encounter, left, failed int) encounter.Encounter {
		out := e
		out.Effects = slices.Clone(e.Effects)
		for i, fx := range out.Effects {
			if fx.ID == spell.StoneID {
				out.Effects[i].Left, out.Effects[i].Mark = left, failed
			}
		}
		return out
	}
	t.Run("ThirdFailurePetrifies", func(t *testing.T) {
		out := miraEnds(t, count(e, 3, 2), 2)
		if m := participant(t, out, "mira"); !slices.Contains(m.Conditions, "petrified") || slices.Contains(m.Conditions, "restrained") {
			t.Errorf("mira %v", m.Conditions)
		}
	})
	t.Run("SecondFailureCounts", func(t *testing.T) {
		out := miraEnds(t, e, 2)
		k := slices.IndexFunc(out.Effects, func(fx encounter.Effect) bool { return fx.ID == spell.StoneID })
		if k < 0 || out.Effects[k].Mark != 1 || slices.Contains(participant(t, out, "mira").Conditions, "petrified") {
			t.Errorf("effects %+v", out.Effects)
		}
	})
	t.Run("ThirdSuccessFrees", func(t *testing.T) {
		out := miraEnds(t, count(e, 1, 2), 15)
		if m := participant(t, out, "mira"); len(m.Conditions) != 0 || effectsOf(out, "mira", spell.StoneID) != 0 {
			t.Errorf("mira %v", m.Conditions)
		}
	})
}

// Eyebite's sickened orc is poisoned until it makes its Wisdom save at
// the end of one of its turns.
func TestEyebiteSickensInAFight(t *testing.T) {
	e := magusCasts(t, orcs(), encounter.Action{Spell: "eyebite", TargetID: "orc-1", Choice: "poisoned"}, 3)
	if o := participant(t, e, "orc-1"); !slices.Contains(o.Conditions, "poisoned") {
		t.Fatalf("orc %v", o.Conditions)
	}
	e = miraEnds(t, e)
	e = edit(e, "orc-1", func(p *encounter.Participant) { p.Turn.ActionUsed = true }) // it does nothing but save
	out, _, err := encounter.MonsterTurn(e, faces(t, 18))
	if err != nil {
		t.Fatal(err)
	}
	if o := participant(t, out, "orc-1"); slices.Contains(o.Conditions, "poisoned") {
		t.Errorf("orc still sickened: %v", o.Conditions)
	}
}

// Feeblemind: 4d6 psychic, then the orc's Intelligence save (-2) fails:
// its Intelligence and Charisma read 1 while the fight lasts.
func TestFeeblemindInAFight(t *testing.T) {
	e := magusCasts(t, orcs(), encounter.Action{Spell: "feeblemind", TargetID: "orc-1"}, 1, 1, 1, 1, 5)
	o := participant(t, e, "orc-1")
	if o.HP != 11 || !slices.Contains(o.Combatant.Features, rules.Feebleminded) || o.Combatant.Modifier(rules.Int) != -5 {
		t.Errorf("orc %d HP, features %v", o.HP, o.Combatant.Features)
	}
}

// A sphere or a cage of force takes the orc out of reach: Mira can't
// attack it, and on its turn it attacks nobody.
func TestForcePrisonsInAFight(t *testing.T) {
	for _, tc := range []struct {
		name  string
		in    encounter.Action
		faces []int
	}{
		{"ResilientSphere", encounter.Action{Spell: "resilient-sphere", TargetID: "orc-1"}, []int{2}},
		{"Forcecage", encounter.Action{Spell: "forcecage", TargetIDs: []string{"orc-1"}}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := magusCasts(t, orcs(), tc.in, tc.faces...)
			if o := participant(t, e, "orc-1"); len(o.Engaged) != 0 {
				t.Fatalf("orc still engaged with %v", o.Engaged)
			}
			if _, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "orc-1"}, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
				t.Fatalf("an attack into the prison: %v, want not_allowed", err)
			}
			_, res, err := encounter.MonsterTurn(miraEnds(t, e), faces(t))
			if err != nil || len(res.Attacks) != 0 {
				t.Errorf("the prisoner's turn: %v, %d attacks", err, len(res.Attacks))
			}
		})
	}
}

// Wren in her own sphere can't attack out of it.
func TestEnclosedCharacterCantAttackOut(t *testing.T) {
	e := engage(t, casterFirst(t, []campaign.Character{mira(), magus()}, orcs()), "mira", "orc-1")
	e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "resilient-sphere", TargetID: "wren"}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "fire-bolt", TargetID: "orc-1"}, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("a fire bolt out of the sphere: %v, want not_allowed", err)
	}
}

// Maze: the orc (Int -2) can't make DC 20 even on a 20 and stays lost; a
// minotaur walks straight out as its turn starts, its action spent.
func TestMazeInAFight(t *testing.T) {
	t.Run("TheOrcStaysLost", func(t *testing.T) {
		e := magusCasts(t, orcs(), encounter.Action{Spell: "maze", TargetID: "orc-1"})
		if o := participant(t, e, "orc-1"); len(o.Engaged) != 0 || !slices.Contains(o.Conditions, "incapacitated") {
			t.Fatalf("orc %v engaged %v", o.Conditions, o.Engaged)
		}
		e = miraEnds(t, e, 20)
		if effectsOf(e, "orc-1", spell.MazeID) != 1 {
			t.Errorf("the orc escaped: %+v", e.Effects)
		}
	})
	t.Run("TheMinotaurWalksOut", func(t *testing.T) {
		e := magusCasts(t, []encounter.MonsterSpec{{SRDID: "minotaur", Count: 1}}, encounter.Action{Spell: "maze", TargetID: "minotaur-1"})
		e = miraEnds(t, e)
		if m := participant(t, e, "minotaur-1"); len(m.Conditions) != 0 || effectsOf(e, "minotaur-1", spell.MazeID) != 0 || !m.Turn.ActionUsed {
			t.Errorf("minotaur %v, effects %+v", m.Conditions, e.Effects)
		}
	})
}
