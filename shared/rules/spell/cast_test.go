package spell_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

func TestRefusals(t *testing.T) {
	spent := mira()
	spent.SpellSlots[2].Used = 2
	beaming := mira()
	beaming.Concentration = "moonbeam"
	far := spell.Options{Ability: rules.Int, Situations: map[string]spell.Situation{"orc-1": {Distance: 125}}}
	hidden := spell.Options{Ability: rules.Int, Situations: map[string]spell.Situation{"orc-1": {Cover: rules.TotalCover}}}
	for _, tt := range []struct {
		name    string
		caster  rules.Combatant
		spell   string
		slot    int
		targets []rules.Combatant
		opts    spell.Options
		reason  fault.Reason
		message string // a part of the message
	}{
		{"UnknownSpellRefused", mira(), "frostburn", 1, nil, intel, spell.ReasonInvalidArgs, `"frostburn" is not a spell`},
		{"NoSlotRefused", novice(), "fireball", 3, nil, intel, spell.ReasonNoSlot, "Mira has no 3rd-level spell slots"},
		{"SpentSlotsRefused", spent, "fireball", 3, nil, intel, spell.ReasonNoSlot, "no 3rd-level spell slot left (2 of 2 used)"},
		{"SlotBelowSpellLevelRefused", mira(), "fireball", 2, nil, intel, spell.ReasonInvalidArgs, "a 2nd-level slot is too low"},
		{"SlotAboveNinthRefused", mira(), "fireball", 10, nil, intel, spell.ReasonInvalidArgs, "slot level 10 is not 1 to 9"},
		{"LevelledSpellWithoutSlotRefused", mira(), "magic-missile", 0, []rules.Combatant{orc()}, intel, spell.ReasonInvalidArgs, "slot level 0"},
		{"CantripWithSlotRefused", mira(), "fire-bolt", 1, []rules.Combatant{orc()}, intel, spell.ReasonInvalidArgs, "cantrip and uses no spell slot"},
		{"DeadCasterRefused", func() rules.Combatant { c := mira(); c.Dead = true; return c }(), "fire-bolt", 0, []rules.Combatant{orc()}, intel, spell.ReasonNotAllowed, "Mira is dead"},
		{"IncapacitatedCasterRefused", with(mira(), rules.Stunned), "shield", 1, nil, intel, spell.ReasonNotAllowed, "Mira is stunned and can't cast spells"},
		{"DeadTargetRefused", mira(), "fire-bolt", 0, []rules.Combatant{func() rules.Combatant { o := orc(); o.Dead = true; return o }()}, intel, spell.ReasonNotAllowed, "the orc is dead"},
		{"TooManyTargetsRefused", bram(), "cure-wounds", 1, []rules.Combatant{mira(), orc()}, wis, spell.ReasonInvalidArgs, "Cure Wounds takes 1 target, not 2"},
		{"AttackWithoutTargetRefused", mira(), "fire-bolt", 0, nil, intel, spell.ReasonInvalidArgs, "takes 1 target, not 0"},
		{"HoldPersonSecondTargetAt2ndRefused", mira(), "hold-person", 2, []rules.Combatant{bandit(), orc()}, intel, spell.ReasonInvalidArgs, "takes 1 target, not 2"},
		{"BlessFourthTargetAt1stRefused", bram(), "bless", 1, []rules.Combatant{bram(), mira(), orc(), goblin()}, spell.Options{}, spell.ReasonInvalidArgs, "1 to 3 targets, not 4"},
		{"TargetNamedTwiceRefused", mira(), "bless", 1, []rules.Combatant{orc(), orc()}, intel, spell.ReasonInvalidArgs, "the orc is named twice"},
		{"MissingAbilityRefused", mira(), "fireball", 3, []rules.Combatant{orc()}, spell.Options{}, spell.ReasonInvalidArgs, "spellcasting ability"},
		{"BeyondRangeRefused", mira(), "fire-bolt", 0, []rules.Combatant{orc()}, far, spell.ReasonNotAllowed, "125 ft away, beyond Fire Bolt's range of 120 ft"},
		{"TotalCoverRefused", mira(), "fire-bolt", 0, []rules.Combatant{orc()}, hidden, spell.ReasonNotAllowed, "total cover"},
		{"NonRitualAsRitualRefused", mira(), "fireball", 3, nil, spell.Options{Ability: rules.Int, Ritual: true}, spell.ReasonInvalidArgs, "Fireball is not a ritual"},
		{"RitualUpcastRefused", mira(), "detect-magic", 2, nil, spell.Options{Ritual: true}, spell.ReasonInvalidArgs, "own level"},
		{"IdleSpellWithTargetsRefused", mira(), "moonbeam", 2, []rules.Combatant{orc()}, intel, spell.ReasonInvalidArgs, "no targets when cast"},
		{"OngoingWithoutConcentrationRefused", mira(), "moonbeam", 2, []rules.Combatant{orc()}, spell.Options{Ability: rules.Int, Ongoing: true}, spell.ReasonNotAllowed, "Mira is not concentrating on Moonbeam"},
		{"OngoingOfInstantSpellRefused", mira(), "fireball", 3, []rules.Combatant{orc()}, spell.Options{Ability: rules.Int, Ongoing: true}, spell.ReasonNotAllowed, "no ongoing effect"},
		{"ResaveByCreatureNotHeldRefused", func() rules.Combatant { c := mira(); c.Concentration = "hold-person"; return c }(), "hold-person", 2, []rules.Combatant{bandit()},
			spell.Options{Ability: rules.Int, Ongoing: true}, spell.ReasonNotAllowed, "the bandit is not under Hold Person"},
		{"ConditionChoiceNotOfferedRefused", mira(), "hold-person", 2, []rules.Combatant{bandit()}, spell.Options{Ability: rules.Int, Condition: rules.Blinded}, spell.ReasonInvalidArgs, "choose blinded"},
		{"DartSplitMustSumRefused", mira(), "magic-missile", 1, []rules.Combatant{orc(), goblin()}, spell.Options{Projectiles: []int{1, 1}}, spell.ReasonInvalidArgs, "makes 3 darts, not 2"},
		{"DartSplitNeedsOneEachRefused", mira(), "magic-missile", 1, []rules.Combatant{orc(), goblin()}, spell.Options{Projectiles: []int{3, 0}}, spell.ReasonInvalidArgs, "at least one"},
		{"RevivifyOnTheLivingRefused", withSlot(bram(), 3, 1), "revivify", 3, []rules.Combatant{mira()}, wis, spell.ReasonNotAllowed, "Mira is not dead"},
		{"SpareTheDyingOnTheDeadRefused", bram(), "spare-the-dying", 0, []rules.Combatant{func() rules.Combatant { o := orc(); o.Dead = true; return o }()}, wis, spell.ReasonNotAllowed, "the orc is dead"},
		{"RestorationOfAnotherConditionRefused", bram(), "lesser-restoration", 2, []rules.Combatant{mira()}, spell.Options{Condition: rules.Charmed}, spell.ReasonInvalidArgs, "choose charmed"},
		{"AidOnAFourthRefused", bram(), "aid", 2, []rules.Combatant{bram(), mira(), orc(), goblin()}, wis, spell.ReasonInvalidArgs, "1 to 3 targets, not 4"},
		{"BlurOnAnotherRefused", mira(), "blur", 2, []rules.Combatant{bram()}, intel, spell.ReasonInvalidArgs, "targets only its caster"},
		{"EnergyOtherThanTheFiveRefused", mira(), "protection-from-energy", 3, []rules.Combatant{bram()}, spell.Options{DamageType: rules.Poison}, spell.ReasonInvalidArgs, "not poison"},
		{"MagicWeaponUnknownWeaponRefused", mira(), "magic-weapon", 2, []rules.Combatant{bram()}, spell.Options{Weapon: "lightsaber"}, spell.ReasonInvalidArgs, "not an SRD weapon"},
		{"HeroismWithoutAbilityRefused", bram(), "heroism", 1, []rules.Combatant{mira()}, spell.Options{}, spell.ReasonInvalidArgs, "spellcasting ability"},
		{"DimensionDoorCompanionTooFarRefused", withSlot(mira(), 4, 1), "dimension-door", 4, []rules.Combatant{bram()},
			spell.Options{Situations: map[string]spell.Situation{"bram": {Distance: 10}}}, spell.ReasonNotAllowed, "within 5 ft"},
		{"MistyStepOnAnotherRefused", mira(), "misty-step", 2, []rules.Combatant{bram()}, spell.Options{}, spell.ReasonInvalidArgs, "targets only its caster"},
		{"CommandOfAnUnknownWordRefused", bram(), "command", 1, []rules.Combatant{orc()}, spell.Options{Ability: rules.Wis, Command: "dance"}, spell.ReasonInvalidArgs, `not "dance"`},
		{"ShieldOnAnotherRefused", mira(), "shield", 1, []rules.Combatant{bram()}, spell.Options{}, spell.ReasonInvalidArgs, "targets only its caster"},
		{"CounterspellNeedsTheSpell", mira(), "counterspell", 3, nil, intel, spell.ReasonInvalidArgs, "Options.CounteredSpell"},
		{"CounterspellCheckNeedsAbility", mira(), "counterspell", 3, nil, spell.Options{CounteredSpell: "cone-of-cold", CounteredLevel: 5}, spell.ReasonInvalidArgs, "spellcasting ability"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			// No faces: a refusal draws no dice.
			_, err := spell.Cast(tt.caster, tt.spell, tt.slot, tt.targets, tt.opts, faces(t), nil)
			if err == nil {
				t.Fatal("cast, want a refusal")
			}
			if !fault.Is(err, fault.Invalid) || fault.ReasonOf(err) != tt.reason {
				t.Errorf("error %v (kind %s, reason %q), want invalid with reason %s", err, fault.KindOf(err), fault.ReasonOf(err), tt.reason)
			}
			_, msg := fault.Public(err)
			if !strings.HasPrefix(msg, string(tt.reason)+": ") || !strings.Contains(msg, tt.message) {
				t.Errorf("message %q, want it to start with %q and hold %q", msg, tt.reason+": ", tt.message)
			}
		})
	}
}

func TestReasonOfOtherErrors(t *testing.T) {
	if r := fault.ReasonOf(fault.E(fault.Invalid, "x", "no reason here")); r != "" {
		t.Errorf("reason %q, want none", r)
	}
	if r := fault.ReasonOf(nil); r != "" {
		t.Errorf("reason %q for nil", r)
	}
}

func TestConcentration(t *testing.T) {
	blessing := mira()
	blessing.Concentration = "bless"
	holding := mira()
	holding.Concentration = "hold-person"
	flying := mira()
	flying.Concentration = "fly"
	runCases(t, []castCase{
		{name: "ConcentrationReplaced", caster: blessing, spell: "hold-person", slot: 2, targets: []rules.Combatant{bandit()}, opts: intel,
			faces:   []int{20},
			changes: []rules.Change{slot("mira", 2, 0, 1), change("mira", rules.FieldConcentration, "bless", "hold-person")},
			summary: "Mira casts Hold Person (2nd level): the bandit makes its WIS save (DC 13, rolled 20); Mira stops concentrating on bless.",
			check: func(t *testing.T, r spell.Result) {
				if !r.Concentration || r.ConcentrationEnded != "bless" {
					t.Errorf("concentration %v ended %q", r.Concentration, r.ConcentrationEnded)
				}
			}},
		{name: "RecastingTheSameSpellEndsTheEarlierOne", caster: holding, spell: "hold-person", slot: 2, targets: []rules.Combatant{bandit()}, opts: intel,
			faces:   []int{20},
			changes: []rules.Change{slot("mira", 2, 0, 1)},
			summary: "Mira casts Hold Person (2nd level): the bandit makes its WIS save (DC 13, rolled 20); Mira's earlier Hold Person ends."},
		{name: "InstantSpellKeepsConcentration", caster: blessing, spell: "magic-missile", slot: 1, targets: []rules.Combatant{tough(orc(), 30)},
			faces:   []int{1, 1, 1},
			changes: []rules.Change{slot("mira", 1, 0, 1), change("orc-1", rules.FieldHP, 30, 28), change("orc-1", rules.FieldHP, 28, 26), change("orc-1", rules.FieldHP, 26, 24)}},
		{name: "CasterInOwnFireballSavesConcentration", caster: flying, spell: "fireball", slot: 3, targets: []rules.Combatant{flying, goblin()}, opts: intel,
			// 8d6 = 8; Mira's DEX save 2+2 fails: 8 damage, CON save 3+2
			// against DC 10 fails; the goblin's 20+2 saves: 4.
			faces: []int{1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 20},
			changes: []rules.Change{slot("mira", 3, 0, 1), change("mira", rules.FieldHP, 27, 19), change("mira", rules.FieldConcentration, "fly", ""),
				change("goblin-1", rules.FieldHP, 7, 3)},
			summary: "Mira casts Fireball (3rd level): Mira fails its DEX save (DC 13, rolled 4) and takes 8 fire damage and loses concentration on fly (CON save 5 vs DC 10); the goblin saves (22) and takes 4."},
		{name: "RitualSpendsNoSlot", caster: func() rules.Combatant { c := mira(); c.SpellSlots[0].Used = 4; return c }(), spell: "detect-magic", slot: 1,
			opts:    spell.Options{Ritual: true},
			changes: []rules.Change{change("mira", rules.FieldConcentration, "", "detect-magic")},
			summary: "Mira casts Detect Magic as a ritual. Mira senses magic within 30 feet (blocked by 1 foot of stone, 1 inch of metal, lead or 3 feet of wood or dirt). No creature around bears a magic aura the spell sees."},
	})
}

func TestCastLeavesInputsAlone(t *testing.T) {
	caster := mira()
	caster.Concentration = "bless"
	targets := []rules.Combatant{orc(), goblin(), named(goblin(), "goblin-2", "the second goblin")}
	keepCaster := caster
	keepTargets := append([]rules.Combatant(nil), targets...)
	opts := spell.Options{Ability: rules.Int, Situations: map[string]spell.Situation{"orc-1": {Advantage: []string{"magic resistance"}}}}
	r, err := spell.Cast(caster, "sleep", 1, targets, opts, faces(t, 8, 8, 8, 8, 8), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(caster, keepCaster) || !reflect.DeepEqual(targets, keepTargets) {
		t.Error("Cast changed its inputs")
	}
	// The log applies to each combatant as it was given.
	for _, c := range append([]rules.Combatant{caster}, targets...) {
		if _, err := c.Apply(r.Changes); err != nil {
			t.Errorf("apply to %s: %v", c.ID, err)
		}
	}
}

func TestChangesApplyInOrder(t *testing.T) {
	caster := mira()
	caster.Concentration = "fly"
	r, err := spell.Cast(caster, "fireball", 3, []rules.Combatant{caster, goblin()}, intel,
		faces(t, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	after, err := caster.Apply(r.Changes)
	if err != nil {
		t.Fatal(err)
	}
	if after.HP != 19 || after.Concentration != "" || after.SpellSlots[2].Used != 1 {
		t.Errorf("Mira after: HP %d, concentration %q, 3rd-level slots used %d", after.HP, after.Concentration, after.SpellSlots[2].Used)
	}
}

func TestHomebrewLookup(t *testing.T) {
	feet := 60
	frostburn := srd.Spell{ID: "frostburn", Name: "Frostburn", Level: 2, School: "evocation", CastingTime: "1 action", Components: []string{"V", "S"},
		Range: srd.SpellRange{Text: "60 feet", Feet: &feet}, Duration: "Instantaneous",
		Damage: &srd.SpellDamage{Type: "cold", BySlotLevel: map[int]string{2: "3d6"}},
		Save:   &srd.Save{Ability: "con", OnSuccess: "half"}}
	book, err := srd.NewBook(srd.Overrides{Spells: map[string]srd.Spell{"frostburn": frostburn}})
	if err != nil {
		t.Fatal(err)
	}
	if sh := spell.Classify(frostburn); sh != spell.ShapeSaveDamage {
		t.Errorf("frostburn is %v, want save_damage", sh)
	}
	r, err := spell.Cast(mira(), "frostburn", 3, []rules.Combatant{tough(orc(), 40)}, intel, faces(t, 2, 2, 2, 1), book.Spell)
	if err != nil {
		t.Fatal(err)
	}
	wantSummary(t, r.Summary(), "Mira casts Frostburn (3rd level): the orc fails its CON save (DC 13, rolled 4) and takes 6 cold damage.")
}

func TestResultRoundTripsThroughJSON(t *testing.T) {
	r, err := spell.Cast(mira(), "fireball", 3, []rules.Combatant{goblin(), orc()}, intel,
		faces(t, 3, 4, 3, 4, 3, 4, 3, 4, 5, 14), nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back spell.Result
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	wantSummary(t, back.Summary(), r.Summary())
	wantChanges(t, back.Changes, r.Changes...)
	if !strings.Contains(string(b), `"shape":"save_damage"`) {
		t.Errorf("json %s lacks the shape id", b)
	}
}

func TestNoSlotsAtAllIsNoSlot(t *testing.T) {
	c := bram()
	c.SpellSlots = [9]campaign.Slot{}
	_, err := spell.Cast(c, "cure-wounds", 1, []rules.Combatant{mira()}, wis, faces(t), nil)
	if fault.ReasonOf(err) != spell.ReasonNoSlot {
		t.Errorf("%v, want no_slot", err)
	}
}
