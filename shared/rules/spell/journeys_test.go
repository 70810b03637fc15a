package spell_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// concentrating is c holding spell id, as a caster whose area is set off.
func concentrating(c rules.Combatant, id string) rules.Combatant {
	c.Concentration = id
	return c
}

// The journeys carry the caster and, for Teleport and Word of Recall,
// the willing creatures it names (Result.Teleported); the destination is
// the caller's.
func TestJourneysTakeTheirCompanyAway(t *testing.T) {
	far := spell.Options{Situations: map[string]spell.Situation{"bram": {Distance: 10}}}
	runCases(t, []castCase{
		{name: "TeleportTakesTheCasterAndItsCompany", caster: withSlot(mira(), 7, 1), spell: "teleport", slot: 7,
			targets: []rules.Combatant{bram()}, opts: far, changes: []rules.Change{slot("mira", 7, 0, 1)},
			check: func(t *testing.T, r spell.Result) {
				if !slices.Equal(r.Teleported, []string{"mira", "bram"}) || !strings.Contains(r.Summary(), "Bram teleports away") {
					t.Errorf("teleported %v: %s", r.Teleported, r.Summary())
				}
			}},
		{name: "WordOfRecallTakesTheCasterAlone", caster: withSlot(bram(), 6, 1), spell: "word-of-recall", slot: 6,
			check: func(t *testing.T, r spell.Result) {
				if !slices.Equal(r.Teleported, []string{"bram"}) || !strings.Contains(r.Summary(), "sanctuary") {
					t.Errorf("teleported %v: %s", r.Teleported, r.Summary())
				}
			}},
		{name: "TransportViaPlantsTakesTheCaster", caster: withSlot(bram(), 6, 1), spell: "transport-via-plants", slot: 6,
			check: func(t *testing.T, r spell.Result) {
				if !slices.Equal(r.Teleported, []string{"bram"}) {
					t.Errorf("teleported %v", r.Teleported)
				}
			}},
		{name: "TreeStrideTakesTheCasterAndHoldsConcentration", caster: withSlot(bram(), 5, 1), spell: "tree-stride", slot: 5,
			changes: []rules.Change{slot("bram", 5, 0, 1), change("bram", rules.FieldConcentration, "", "tree-stride")},
			check: func(t *testing.T, r spell.Result) {
				if !slices.Equal(r.Teleported, []string{"bram"}) {
					t.Errorf("teleported %v", r.Teleported)
				}
			}},
	})
	if feet, ok := spell.Departure("tree-stride"); !ok || feet != 500 {
		t.Errorf("tree stride goes %d feet (%v), want 500", feet, ok)
	}
	if _, ok := spell.Departure("misty-step"); ok {
		t.Error("misty step takes its caster out of the fight")
	}
}

// Teleport takes eight along, within 10 feet, and only the willing; Word
// of Recall five, within 5 feet.
func TestJourneysRefuseWhomTheyCannotTake(t *testing.T) {
	nine := make([]rules.Combatant, 9)
	for i := range nine {
		nine[i] = named(bram(), "b"+string(rune('1'+i)), "B")
	}
	for _, tt := range []struct {
		name    string
		caster  rules.Combatant
		spell   string
		slot    int
		targets []rules.Combatant
		opts    spell.Options
	}{
		{"TeleportTakesNoNinth", withSlot(mira(), 7, 1), "teleport", 7, nine, spell.Options{}},
		{"TeleportReachesNoFarther", withSlot(mira(), 7, 1), "teleport", 7, []rules.Combatant{bram()},
			spell.Options{Situations: map[string]spell.Situation{"bram": {Distance: 15}}}},
		{"TeleportTakesNoUnwilling", withSlot(mira(), 7, 1), "teleport", 7, []rules.Combatant{goblin()},
			spell.Options{Situations: map[string]spell.Situation{"goblin-1": {Unwilling: true}}}},
		{"WordOfRecallTakesNoSixth", withSlot(bram(), 6, 1), "word-of-recall", 6, nine[:6], spell.Options{}},
		{"WordOfRecallReachesNoFarther", withSlot(bram(), 6, 1), "word-of-recall", 6, []rules.Combatant{mira()},
			spell.Options{Situations: map[string]spell.Situation{"mira": {Distance: 10}}}},
		{"TreeStrideTakesNobodyElse", withSlot(bram(), 5, 1), "tree-stride", 5, []rules.Combatant{mira()}, spell.Options{}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := spell.Cast(tt.caster, tt.spell, tt.slot, tt.targets, tt.opts, faces(t), nil)
			if fault.ReasonOf(err) == "" {
				t.Errorf("cast: %v, want a refusal", err)
			}
		})
	}
}

// Spike Growth affects nobody as it is cast; set off on a creature that
// moves in it, it deals 2d4 piercing, no save. Plant Growth sets nothing
// off; both are hard going, a half and a quarter of the speed left.
func TestGroundThatHurtsAndSlows(t *testing.T) {
	runCases(t, []castCase{
		{name: "SpikeGrowthAffectsNobodyAsCast", caster: withSlot(bram(), 2, 1), spell: "spike-growth", slot: 2,
			check: func(t *testing.T, r spell.Result) {
				if !r.Idle || r.Trigger != spell.TriggerZone {
					t.Errorf("idle %v, trigger %v", r.Idle, r.Trigger)
				}
			}},
		{name: "SpikeGrowthPiercesAMover", caster: concentrating(bram(), "spike-growth"), spell: "spike-growth", slot: 2,
			targets: []rules.Combatant{goblin()}, opts: spell.Options{Ongoing: true}, faces: []int{3, 2},
			// 2d4 is 3 + 2: 5 of the goblin's 7.
			changes: []rules.Change{change("goblin-1", rules.FieldHP, 7, 2)}},
		{name: "PlantGrowthSetsNothingOff", caster: bram(), spell: "plant-growth", slot: 3,
			targets: []rules.Combatant{goblin()}, opts: spell.Options{Ongoing: true}, changes: []rules.Change{}},
	})
	if g, ok := spell.GroundOf("spike-growth"); !ok || g.Slowed != 2 || !g.Hurts {
		t.Errorf("spike growth's ground %+v", g)
	}
	if g, ok := spell.GroundOf("plant-growth"); !ok || g.Slowed != 4 || g.Hurts {
		t.Errorf("plant growth's ground %+v", g)
	}
}

// Control Water's whirlpool batters those named in it as their turns
// start: a Strength save, 2d8 bludgeoning, half on a success.
func TestWhirlpoolBatters(t *testing.T) {
	runCases(t, []castCase{
		{name: "WhirlpoolAffectsNobodyAsCast", caster: withSlot(bram(), 4, 1), spell: "control-water", slot: 4, opts: spell.Options{Ability: rules.Wis},
			check: func(t *testing.T, r spell.Result) {
				if !r.Idle || r.Trigger != spell.TriggerZone {
					t.Errorf("idle %v, trigger %v", r.Idle, r.Trigger)
				}
			}},
		{name: "WhirlpoolCatchesOnAFailedSave", caster: concentrating(bram(), "control-water"), spell: "control-water", slot: 4,
			targets: []rules.Combatant{orc()}, opts: spell.Options{Ability: rules.Wis, Ongoing: true}, faces: []int{4, 5, 2},
			// 2d8 is 4 + 5; the orc's Strength save, 2 + 3, fails DC 13.
			changes: []rules.Change{change("orc-1", rules.FieldHP, 15, 6)},
			check: func(t *testing.T, r spell.Result) {
				if !strings.Contains(r.Summary(), "caught in the vortex") {
					t.Errorf("summary %s", r.Summary())
				}
			}},
	})
}
