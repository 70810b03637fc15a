package encounter_test

import (
	"slices"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
)

// Wren the magus has spell attack +8 and save DC 16 throughout; the orc
// has AC 13, Strength and Constitution +3, Dexterity +1, Charisma +0.

// grove is the magus as a druid: Wisdom 16 for her Intelligence, the
// same spell save DC 16.
func grove() campaign.Character {
	c := magus()
	c.Class = "druid"
	c.Abilities.Int, c.Abilities.Wis = 12, 16
	return c
}

func twoOrcs() []encounter.MonsterSpec { return []encounter.MonsterSpec{{SRDID: "orc", Count: 2}} }

func wantRefused(t *testing.T, e encounter.Encounter, actor string, in encounter.Action) {
	t.Helper()
	if _, _, err := encounter.Act(e, actor, in, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("%s's %s: %v, want not_allowed", actor, in.Kind, err)
	}
}

func meleeOn(id string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionAttack, TargetID: id}
}

// Plane Shift hits (18) and the orc fails its Charisma save (5): it is
// out of reach for good, and with the last orc gone the fight is won.
func TestPlaneShiftSendsAFoeAwayForGood(t *testing.T) {
	shift := encounter.Action{Spell: "plane-shift", TargetID: "orc-1", SlotLevel: 7}
	e := magusCasts(t, twoOrcs(), shift, 10, 5)
	if o := participant(t, e, "orc-1"); len(o.Engaged) != 0 || effectsOf(e, "orc-1", spell.ShiftedID) != 1 {
		t.Fatalf("orc %v engaged %v", o.Conditions, o.Engaged)
	}
	wantRefused(t, e, "mira", meleeOn("orc-1"))
	if e.Decided() != "" {
		t.Errorf("decided %q with the second orc fighting on", e.Decided())
	}
	e = magusCasts(t, orcs(), shift, 10, 5)
	if e.Status != encounter.Ended && e.Decided() != "victory" {
		t.Errorf("status %v, decided %q: the shifted orc still counts", e.Status, e.Decided())
	}
}

// Etherealness takes Wren out of reach: on her next turn she can't cast
// out of it, and with her action she returns.
func TestEtherealnessHoldsTheCasterApartUntilSheReturns(t *testing.T) {
	e := magusCasts(t, orcs(), encounter.Action{Spell: "etherealness", SlotLevel: 7})
	if effectsOf(e, "wren", "ethereal") != 1 {
		t.Fatalf("effects %+v", e.Effects)
	}
	wantRefused(t, e, "mira", encounter.Action{Kind: encounter.ActionCast, Spell: "cure-wounds", TargetID: "wren"})
	e = miraEnds(t, e)
	e, _, err := encounter.MonsterTurn(e, seeded(2))
	if err != nil {
		t.Fatal(err)
	}
	if e.Current != "wren" {
		t.Fatalf("current %q", e.Current)
	}
	wantRefused(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "fire-bolt", TargetID: "orc-1"})
	e, _, err = encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "etherealness", Ongoing: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if effectsOf(e, "wren", "ethereal") != 0 {
		t.Errorf("still ethereal: %+v", e.Effects)
	}
}

// Levitate (the orc's Constitution save 8 against DC 16) lifts the orc
// out of Mira's melee reach, and it can't walk.
func TestLevitateLiftsOutOfMeleeReach(t *testing.T) {
	e := magusCasts(t, orcs(), encounter.Action{Spell: "levitate", TargetID: "orc-1", SlotLevel: 2}, 5)
	o := participant(t, e, "orc-1")
	if len(o.Engaged) != 0 || o.Combatant.CurrentSpeed() != 0 {
		t.Fatalf("orc engaged %v, speed %d", o.Engaged, o.Combatant.CurrentSpeed())
	}
	wantRefused(t, e, "mira", meleeOn("orc-1"))
}

// Antilife Shell pushes the orc out of Wren's reach, and its greataxe
// can't reach her.
func TestAntilifeShellHedgesOutTheOrc(t *testing.T) {
	e := engage(t, engage(t, casterFirst(t, []campaign.Character{grove(), mira()}, orcs()), "mira", "orc-1"), "wren", "orc-1")
	e, _, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "antilife-shell", SlotLevel: 5, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if o := participant(t, e, "orc-1"); !slices.Equal(o.Engaged, []string{"mira"}) {
		t.Fatalf("orc engaged %v", o.Engaged)
	}
	e = miraEnds(t, e)
	wantRefused(t, e, "orc-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "wren", Weapon: "greataxe"})
}

// Telekinesis wins its contest (Intelligence 18 against Strength 8): the
// orc is out of reach and restrained until the end of Wren's next turn.
func TestTelekinesisGripsTheOrc(t *testing.T) {
	e := magusCasts(t, orcs(), encounter.Action{Spell: "telekinesis", TargetID: "orc-1", SlotLevel: 5}, 15, 5)
	o := participant(t, e, "orc-1")
	if len(o.Engaged) != 0 || !slices.Contains(o.Conditions, "restrained") || effectsOf(e, "orc-1", spell.GripID) != 1 {
		t.Errorf("orc engaged %v, conditions %v", o.Engaged, o.Conditions)
	}
}

// Reverse Gravity: the orc fails its Dexterity save (3) and rises; when
// Wren's concentration ends it falls back for the 10d6 rolled (all 1s:
// 10), landing prone (it stands as its turn starts).
func TestReverseGravityFallsWhenItEnds(t *testing.T) {
	ones := []int{2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}
	e := magusCasts(t, orcs(), encounter.Action{Spell: "reverse-gravity", TargetIDs: []string{"orc-1"}, SlotLevel: 7}, ones...)
	if o := participant(t, e, "orc-1"); len(o.Engaged) != 0 || o.HP != 15 {
		t.Fatalf("orc engaged %v, %d HP", o.Engaged, o.HP)
	}
	wantRefused(t, e, "mira", meleeOn("orc-1"))
	e = edit(e, "wren", func(p *encounter.Participant) { p.Combatant.Concentration = "" })
	e = miraEnds(t, e)
	if o := participant(t, e, "orc-1"); o.HP != 5 || effectsOf(e, "orc-1", spell.AloftID) != 0 {
		t.Errorf("orc %d HP, effects %+v", o.HP, e.Effects)
	}
}

// Wall of Force with the orc on its far side: Mira is out of its reach
// and can't attack across.
func TestWallOfForceSeparates(t *testing.T) {
	e := magusCasts(t, orcs(), encounter.Action{Spell: "wall-of-force", TargetIDs: []string{"orc-1"}, SlotLevel: 5})
	if o := participant(t, e, "orc-1"); len(o.Engaged) != 0 {
		t.Fatalf("orc engaged %v", o.Engaged)
	}
	wantRefused(t, e, "mira", meleeOn("orc-1"))
}

// Earthquake: both keep their feet as it is cast (16 each against DC
// 16), then at the end of Wren's turn both fail (3) and fall prone: the
// orc lies prone through Mira's turn, and Mira spends half her movement
// to stand as it starts.
func TestEarthquakeShakesAtTheEndOfTheCastersTurn(t *testing.T) {
	e := engage(t, casterFirst(t, []campaign.Character{grove(), mira()}, orcs()), "mira", "orc-1")
	e, _, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "earthquake", TargetIDs: []string{"orc-1", "mira"},
		SlotLevel: 8, EndTurn: true}, faces(t, 15, 15, 2, 2))
	if err != nil {
		t.Fatal(err)
	}
	if o := participant(t, e, "orc-1"); !slices.Contains(o.Conditions, "prone") {
		t.Errorf("orc %v", o.Conditions)
	}
	if m := participant(t, e, "mira"); m.Turn.Movement != 15 {
		t.Errorf("mira has %d feet of movement, want 15 after standing", m.Turn.Movement)
	}
}

// No spell is cast on a creature in Wren's antimagic field.
func TestAntimagicFieldStopsSpells(t *testing.T) {
	e := engage(t, casterFirst(t, []campaign.Character{magus(), cleo()}, orcs()), "wren", "orc-1")
	e, _, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "antimagic-field", SlotLevel: 8, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	wantRefused(t, e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "bane", TargetIDs: []string{"orc-1"}, SlotLevel: 1})
	if _, _, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "bless", TargetIDs: []string{"cleo"}, SlotLevel: 1}, faces(t)); err != nil {
		t.Errorf("bless outside the field: %v", err)
	}
}

// A creature in a magic circle against the orc's kind: the orc's attack
// on it has disadvantage.
func TestMagicCircleHindersItsTypesAttacks(t *testing.T) {
	e := engage(t, casterFirst(t, []campaign.Character{mira()}, orcs()), "mira", "orc-1")
	e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "magic-circle-humanoid", Spell: "magic-circle", CasterID: "mira", TargetID: "mira"}})
	e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	_, res, err := encounter.Act(e, "orc-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "greataxe"}, seeded(4))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) == 0 || !slices.Contains(res.Attacks[0].Edge.Disadvantage, "Magic Circle") {
		t.Errorf("attacks %+v", res.Attacks)
	}
}

// Mislead turns Wren invisible, until she casts a spell.
func TestMisleadIsInvisibility(t *testing.T) {
	e := magusCasts(t, orcs(), encounter.Action{Spell: "mislead", SlotLevel: 5})
	if w := participant(t, e, "wren"); !slices.Contains(w.Conditions, "invisible") {
		t.Errorf("wren %v", w.Conditions)
	}
}
