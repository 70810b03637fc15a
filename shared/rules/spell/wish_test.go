package spell_test

import (
	"strings"
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

func TestContactOtherPlaneGlibnessReincarnateWish(t *testing.T) {
	runCases(t, []castCase{
		// Mira's Intelligence save is +5 (+2, proficient +3): 9 + 5 = 14
		// fails DC 15; 6d6 psychic (1+2+3+4+5+6 = 21) leaves 6 of 27.
		{name: "ContactOtherPlaneFailedSaveMaddensTheCaster", caster: withSlot(mira(), 5, 1), spell: "contact-other-plane", slot: 5,
			faces:   []int{9, 1, 2, 3, 4, 5, 6},
			changes: []rules.Change{slot("mira", 5, 0, 1), change("mira", rules.FieldHP, 27, 6), gained("mira", rules.Incapacitated)},
			check: func(t *testing.T, r spell.Result) {
				o := r.Targets[0]
				if o.Save == nil || o.Save.DC != 15 || o.Save.Ability != rules.Int || o.Save.Success {
					t.Errorf("save %+v, want a failed DC 15 Intelligence save", o.Save)
				}
				if len(r.Effects) != 1 || r.Effects[0].ID != spell.InsaneID || r.Effects[0].Condition != rules.Incapacitated ||
					r.Effects[0].Ends != spell.UntilLongRest || r.Effects[0].TargetID != "mira" {
					t.Errorf("effects %+v, want Mira insane (incapacitated) until a long rest", r.Effects)
				}
			}},
		// 10 + 5 = 15 meets DC 15: no damage, no madness.
		{name: "ContactOtherPlaneSavedAsksQuestions", caster: withSlot(mira(), 5, 1), spell: "contact-other-plane", slot: 5,
			faces: []int{10}, changes: []rules.Change{slot("mira", 5, 0, 1)},
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 0 || !strings.Contains(r.Summary(), "five questions") {
					t.Errorf("effects %+v, summary %q: want the questions and no madness", r.Effects, r.Summary())
				}
			}},
		{name: "GlibnessFloorsTheCastersCharismaChecks", caster: withSlot(mira(), 8, 1), spell: "glibness", slot: 8,
			check: func(t *testing.T, r spell.Result) {
				if len(r.Effects) != 1 || r.Effects[0].ID != rules.Glib || r.Effects[0].TargetID != "mira" || r.Effects[0].Ends != "1 hour" {
					t.Errorf("effects %+v, want glibness on Mira for the hour", r.Effects)
				}
			}},
		// A d100 of 50 is a rock gnome, played as the rules' gnome; the
		// new body is whole.
		{name: "ReincarnateReturnsTheDeadInANewRace", caster: withSlot(bram(), 5, 1), spell: "reincarnate", slot: 5,
			targets: []rules.Combatant{fallen(mira())}, faces: []int{50},
			changes: []rules.Change{slot("bram", 5, 0, 1), change("mira", rules.FieldDead, true, false), change("mira", rules.FieldHP, 0, 27),
				change("mira", rules.FieldDeathFailures, 3, 0), lost("mira", rules.Unconscious)},
			check: func(t *testing.T, r spell.Result) {
				if o := r.Targets[0]; o.Race != "gnome" || !strings.Contains(o.Told, "rock gnome") {
					t.Errorf("race %q, told %q: want a rock gnome, as a gnome", o.Race, o.Told)
				}
			}},
		{name: "ReincarnateRollsOnTheTablesLastRow", caster: withSlot(bram(), 5, 1), spell: "reincarnate", slot: 5,
			targets: []rules.Combatant{fallen(mira())}, faces: []int{97},
			check: func(t *testing.T, r spell.Result) {
				if o := r.Targets[0]; o.Race != "tiefling" {
					t.Errorf("race %q, want tiefling on 97", o.Race)
				}
			}},
		// Fireball duplicated: its 3rd-level 8d6 (28) on the goblin, whose
		// Dexterity save 5 + 2 fails Mira's DC 13; the 9th-level slot is
		// Wish's.
		{name: "WishDuplicatesFireballAtItsLevel", caster: withSlot(mira(), 9, 1), spell: "wish", slot: 9,
			targets: []rules.Combatant{goblin()}, opts: spell.Options{Ability: rules.Int, Choice: "Fireball"},
			faces:   []int{1, 2, 3, 4, 5, 6, 6, 1, 5},
			changes: []rules.Change{slot("mira", 9, 0, 1), change("goblin-1", rules.FieldHP, 7, 0), change("goblin-1", rules.FieldDead, false, true)},
			check: func(t *testing.T, r spell.Result) {
				if r.DC != 13 || len(r.Targets) != 1 || r.Targets[0].Damage[0].Taken == 0 {
					t.Errorf("DC %d, targets %+v: want Fireball's save against DC 13", r.DC, r.Targets)
				}
			}},
		{name: "WishTakesUpAConcentrationSpell", caster: withSlot(mira(), 9, 1), spell: "wish", slot: 9,
			targets: []rules.Combatant{goblin()}, opts: spell.Options{Ability: rules.Int, Choice: "hold person"}, faces: []int{2},
			check: func(t *testing.T, r spell.Result) {
				if !r.Concentration || r.Caster != "Mira" || !r.Targets[0].Affected {
					t.Errorf("concentration %v, targets %+v: want Mira holding the goblin", r.Concentration, r.Targets)
				}
			}},
	})
}

func TestWishRefusesWhatItCantDuplicate(t *testing.T) {
	for _, tt := range []struct{ name, choice, why string }{
		{"NoSpellNamed", "", "name it"},
		{"NinthLevel", "meteor-swarm", "8th level or lower"},
		{"ItsOwnSelf", "wish", "8th level or lower"},
		{"LaterUsesOfItsOwn", "spiritual-weapon", "later uses"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := spell.Cast(withSlot(mira(), 9, 1), "wish", 9, []rules.Combatant{goblin()},
				spell.Options{Ability: rules.Int, Choice: tt.choice}, faces(t), nil)
			if fault.ReasonOf(err) == "" || !strings.Contains(err.Error(), tt.why) {
				t.Errorf("err %v, want a refusal saying %q", err, tt.why)
			}
		})
	}
}
