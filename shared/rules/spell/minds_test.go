package spell_test

import (
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// Zone of Truth: each creature named makes a Charisma save against the
// caster's DC (Mira's 13); one that fails can't speak a deliberate lie,
// and an effect says so; one that succeeds is left alone.
func TestZoneOfTruthHoldsThoseWhoFailTheirCharismaSave(t *testing.T) {
	// The goblin (Cha -1) rolls 13: 12, a failure; the orc (Cha +0) 13.
	r, err := spell.Cast(mira(), "zone-of-truth", 2, []rules.Combatant{goblin(), orc()}, spell.Options{Ability: rules.Int}, faces(t, 13, 13), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Targets) != 2 || r.Targets[0].Save == nil || r.Targets[0].Save.Ability != rules.Cha || r.Targets[0].Save.DC != 13 {
		t.Fatalf("targets %+v, want Charisma saves against DC 13", r.Targets)
	}
	if !r.Targets[0].Affected || r.Targets[1].Affected {
		t.Errorf("affected: goblin %v, orc %v; want the goblin alone", r.Targets[0].Affected, r.Targets[1].Affected)
	}
	if len(r.Effects) != 1 || r.Effects[0].ID != spell.TruthID || r.Effects[0].TargetID != "goblin-1" || r.Effects[0].Ends != "10 minutes" {
		t.Errorf("effects %+v, want the goblin held 10 minutes", r.Effects)
	}
}

// Detect Thoughts reads surface thoughts as it is cast, not those of a
// creature of Intelligence 3 or lower; probing deeper is a later action
// (Ongoing): a Wisdom save, a failure lays the mind open, a success ends
// the spell.
func TestDetectThoughtsProbesBehindAWisdomSave(t *testing.T) {
	caster := mira()
	r, err := spell.Cast(caster, "detect-thoughts", 2, []rules.Combatant{goblin()}, spell.Options{Ability: rules.Int}, faces(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !r.Concentration || r.Trigger != spell.TriggerAction || !r.Targets[0].Affected || r.Targets[0].Save != nil {
		t.Fatalf("cast %+v, want surface thoughts read without a save, the probe to come", r)
	}
	wolf := goblin()
	wolf.Abilities.Int = 3
	r, err = spell.Cast(caster, "detect-thoughts", 2, []rules.Combatant{wolf}, spell.Options{Ability: rules.Int}, faces(t), nil)
	if err != nil || r.Targets[0].Affected {
		t.Fatalf("an Intelligence of 3: %+v, %v; want it unaffected", r.Targets, err)
	}
	caster.Concentration = "detect-thoughts"
	for _, tt := range []struct {
		name     string
		d20      int
		affected bool
	}{{"AFailedSaveLaysTheMindOpen", 13, true}, {"ASuccessEndsTheSpell", 14, false}} {
		t.Run(tt.name, func(t *testing.T) {
			// The goblin's Wisdom is -1: 13 makes 12, 14 makes 13.
			r, err := spell.Cast(caster, "detect-thoughts", 2, []rules.Combatant{goblin()}, spell.Options{Ability: rules.Int, Ongoing: true}, faces(t, tt.d20), nil)
			if err != nil {
				t.Fatal(err)
			}
			o := r.Targets[0]
			if o.Save == nil || o.Save.Ability != rules.Wis || o.Save.DC != 13 || o.Affected != tt.affected {
				t.Fatalf("probe %+v, want a Wisdom save against 13, affected %v", o, tt.affected)
			}
			if got := len(r.Effects) == 1 && r.Effects[0].ID == spell.ProbedID; got != tt.affected {
				t.Errorf("effects %+v, want the probed effect %v", r.Effects, tt.affected)
			}
		})
	}
	if _, err := spell.Cast(mira(), "detect-thoughts", 2, []rules.Combatant{goblin()}, spell.Options{Ability: rules.Int, Ongoing: true}, faces(t), nil); !fault.Is(err, fault.Invalid) {
		t.Errorf("a probe with no Detect Thoughts held: %v, want a refusal", err)
	}
}

// Seeming: a willing target takes its look without a roll; an unwilling
// one makes a Charisma save and is unaffected on a success. The effect
// carries the caster's DC for the Investigation check that sees through.
func TestSeemingLetsTheUnwillingSave(t *testing.T) {
	opts := spell.Options{Ability: rules.Int}
	opts.Situate("goblin-1", func(s *spell.Situation) { s.Unwilling = true })
	opts.Situate("orc-1", func(s *spell.Situation) { s.Unwilling = true })
	// The goblin (Cha -1) rolls 14: 13, a success; the orc 2.
	r, err := spell.Cast(withSlot(mira(), 5, 1), "seeming", 5, []rules.Combatant{mira(), goblin(), orc()}, opts, faces(t, 14, 2), nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Targets[0].Save != nil || !r.Targets[0].Affected {
		t.Errorf("the caster: %+v, want its look changed without a save", r.Targets[0])
	}
	if r.Targets[1].Affected || !r.Targets[2].Affected || r.Targets[2].Save.Ability != rules.Cha {
		t.Errorf("goblin %+v, orc %+v: want the goblin to resist, the orc to fail a Charisma save", r.Targets[1], r.Targets[2])
	}
	if len(r.Effects) != 2 || r.Effects[1].ID != spell.SeemingID || r.Effects[1].DC != 13 || r.Effects[1].Ends != "8 hours" {
		t.Errorf("effects %+v, want Mira's and the orc's looks for 8 hours, DC 13 to see through", r.Effects)
	}
}

// Alarm wards for 8 hours, kept on its caster: mental by default, or
// audible as the caster chooses.
func TestAlarmLeavesItsWardOnTheCaster(t *testing.T) {
	for _, tt := range []struct{ choice, id string }{{"", spell.MentalAlarmID}, {"audible", spell.AudibleAlarmID}} {
		r, err := spell.Cast(mira(), "alarm", 1, nil, spell.Options{Ritual: true, Choice: tt.choice}, faces(t), nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Effects) != 1 || r.Effects[0].ID != tt.id || r.Effects[0].TargetID != "mira" || r.Effects[0].Ends != "8 hours" || r.SlotSpent {
			t.Errorf("%q: effects %+v, slot spent %v; want %s on Mira for 8 hours, as a ritual", tt.choice, r.Effects, r.SlotSpent, tt.id)
		}
	}
	if _, err := spell.Cast(mira(), "alarm", 1, nil, spell.Options{Choice: "silent"}, faces(t), nil); !fault.Is(err, fault.Invalid) {
		t.Errorf("a silent alarm: %v, want a refusal", err)
	}
}

// Awaken: an awakened shrub or tree, or a Huge or smaller beast of
// Intelligence 3 or less that gains an Intelligence of 10, serves its
// caster charmed for 30 days, kept between fights.
func TestAwakenKeepsTheAwakenedCharmedThirtyDays(t *testing.T) {
	for _, tt := range []struct{ pick, srdID string }{{"", "awakened-shrub"}, {"tree", "awakened-tree"}, {"wolf", "wolf"}, {"tyrannosaurus rex", "tyrannosaurus-rex"}} {
		t.Run(tt.srdID, func(t *testing.T) {
			r, err := spell.Cast(withSlot(mira(), 5, 1), "awaken", 5, nil, spell.Options{Summon: tt.pick}, faces(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Effects) != 1 || r.Effects[0].ID != spell.ServantID || r.Effects[0].Ends[:7] != "30 days" {
				t.Fatalf("effects %+v, want a servant for 30 days", r.Effects)
			}
			call, err := spell.Serving("awaken", r.Effects[0].Summon, 1)
			if err != nil || call.SRDID != tt.srdID || call.Monster == nil || call.Monster.Abilities.Int != 10 {
				t.Errorf("serving %+v, %v: want %s of Intelligence 10", call, err, tt.srdID)
			}
		})
	}
	for _, bad := range []string{"giant-ape", "roc", "ogre"} { // Intelligence 7, Gargantuan, no beast
		if _, err := spell.Cast(withSlot(mira(), 5, 1), "awaken", 5, nil, spell.Options{Summon: bad}, faces(t), nil); !fault.Is(err, fault.Invalid) {
			t.Errorf("awakening %s: %v, want a refusal", bad, err)
		}
	}
}

// Planar Binding: the celestial, elemental, fey or fiend picked makes a
// Charisma save from its stat block (with advantage from Magic
// Resistance); one that fails serves 24 hours, 10 days with a 6th-level
// slot; one that succeeds does not serve.
func TestPlanarBindingBindsOnAFailedCharismaSave(t *testing.T) {
	for _, tt := range []struct {
		name, pick string
		slot       int
		d20s       []int
		ends       string
	}{
		{"ADretchFailsAndServesADay", "dretch", 5, []int{16}, "24 hours"}, // Cha -4: 12 against 13
		{"TenDaysAtSixth", "dretch", 6, []int{1}, "10 days"},
		{"ADretchResists", "dretch", 5, []int{17}, ""},
		{"AnImpResistsWithAdvantage", "imp", 5, []int{2, 11}, ""}, // Cha +2: 13 on the higher
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := spell.Cast(withSlot(mira(), tt.slot, 1), "planar-binding", tt.slot, nil, spell.Options{Ability: rules.Int, Summon: tt.pick}, faces(t, tt.d20s...), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Targets) != 1 || r.Targets[0].Save == nil || r.Targets[0].Save.Ability != rules.Cha || r.Targets[0].Save.DC != 13 {
				t.Fatalf("targets %+v, want the creature's Charisma save against 13", r.Targets)
			}
			if tt.ends == "" {
				if len(r.Summons) != 0 || len(r.Effects) != 0 {
					t.Errorf("resisted, yet summons %+v, effects %+v", r.Summons, r.Effects)
				}
				return
			}
			if len(r.Effects) != 1 || r.Effects[0].ID != spell.ServantID || r.Effects[0].Ends != tt.ends || r.Effects[0].Summon != tt.pick {
				t.Errorf("effects %+v, want the %s serving %s", r.Effects, tt.pick, tt.ends)
			}
		})
	}
	if _, err := spell.Cast(withSlot(mira(), 5, 1), "planar-binding", 5, nil, spell.Options{Ability: rules.Int, Summon: "wolf"}, faces(t), nil); !fault.Is(err, fault.Invalid) {
		t.Errorf("binding a wolf: %v, want a refusal", err)
	}
}
