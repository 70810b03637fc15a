package turn_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/intent"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
	"chronicler/shared/rules/turn"
)

// inEncounter has f change the view's fight as a whole.
func inEncounter(t *testing.T, v *turn.View, f func(e *encounter.Encounter)) {
	t.Helper()
	e, err := encounter.FromRecord(*v.Encounter)
	if err != nil {
		t.Fatal(err)
	}
	f(&e)
	rec, err := encounter.Record(e, v.Encounter.Version)
	if err != nil {
		t.Fatal(err)
	}
	v.Encounter = &rec
}

// shown is everything a roll's working names: its terms' sources, the
// causes of its edge, its DC's source and terms, what defences did, its
// rule.
func shown(w *campaign.Working) []string {
	out := []string{w.Rule}
	for _, t := range w.Terms {
		out = append(out, t.Source)
	}
	out = append(append(append(out, w.Advantage...), w.Disadvantage...), w.Applied...)
	if w.DC != nil {
		out = append(out, w.DC.Source)
		for _, t := range w.DC.Terms {
			out = append(out, t.Source)
		}
	}
	return out
}

// explained reports whether a roll of that reason must have a working:
// every d20 roll against a number and every damage roll.
func explained(reason string) bool {
	for _, k := range []string{"attack roll", "check", "saving throw", "save", "damage"} {
		if strings.Contains(reason, k) {
			return true
		}
	}
	return false
}

// TestEveryRollShowsWorkingThatMakesItsTotal makes each kind of roll
// through the real rules, in the situations that give it its modifiers,
// edge, DC and defences, and holds every roll made to its working: the
// kept dice and the terms make the total, the roll replays and the
// working is valid as an import would check them, and it names what the situation put into it.
func TestEveryRollShowsWorkingThatMakesItsTotal(t *testing.T) {
	decide := func(t *testing.T, v turn.View, who campaign.Character, in intent.Intent, faces ...int) []campaign.Roll {
		t.Helper()
		d, err := turn.Decide(v, who, act(in), dicetest.Faces(t, faces...))
		if err != nil {
			t.Fatal(err)
		}
		return d.Rolls
	}
	direct := func(t *testing.T, l rules.Log, err error) []campaign.Roll {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return turn.Rolls(l.Rolls)
	}
	mira := func() rules.Combatant {
		return rules.Combatant{ID: "mira", Name: "Mira", Level: 3, Abilities: campaign.Abilities{Str: 16, Dex: 14, Con: 14, Int: 10, Wis: 12, Cha: 8},
			ProficiencyBonus: 2, AC: 16, HP: 28, MaxHP: 28, Speed: 30, SaveProficiencies: rules.SetOf(rules.Str, rules.Con),
			SkillProficiencies: rules.SetOf(rules.Athletics), Expertise: rules.SetOf(rules.Stealth)}
	}
	goblin := func() rules.Combatant {
		return rules.Combatant{ID: "goblin-1", Name: "the goblin", Monster: true, Abilities: campaign.Abilities{Str: 8, Dex: 14, Con: 10, Int: 10, Wis: 8, Cha: 8},
			ProficiencyBonus: 2, AC: 15, HP: 30, MaxHP: 30, Speed: 30}
	}
	tests := []struct {
		name string
		make func(t *testing.T) []campaign.Roll
		// want are what some roll's working must name, each as part of
		// one of its entries.
		want []string
	}{
		{"CheckNamesAbilityProficiencyAndTheTasksDC", func(t *testing.T) []campaign.Roll {
			v, mira, _ := table(t)
			return decide(t, v, mira, intent.Intent{Kind: "check", Ability: "dex", Skill: "acrobatics", Difficulty: "medium"}, 12)
		}, []string{"Ability Checks", "Dexterity", "proficiency in Acrobatics", "a medium task"}},
		{"CheckNamesExpertiseAndReliableTalentsRaise", func(t *testing.T) []campaign.Roll {
			c := mira()
			c.Features = []string{"reliable-talent"}
			r, err := rules.Check(c, rules.CheckRequest{Skill: rules.Stealth, DC: 15}, dicetest.Faces(t, 3))
			return direct(t, r.Log, err)
		}, []string{"expertise in Stealth", "Reliable Talent"}},
		{"CheckNamesJackOfAllTrades", func(t *testing.T) []campaign.Roll {
			c := mira()
			c.Features = []string{"jack-of-all-trades"}
			r, err := rules.Check(c, rules.CheckRequest{Skill: rules.Persuasion}, dicetest.Faces(t, 9))
			return direct(t, r.Log, err)
		}, []string{"Charisma", "Jack of All Trades"}},
		{"WeaponAttackNamesAbilityProficiencyAndTheArmorClass", func(t *testing.T) []campaign.Roll {
			v, mira, _ := table(t)
			v = fight(t, v)
			return decide(t, v, mira, intent.Intent{Kind: "attack", TargetID: "goblin-1", Weapon: "longsword"}, 19, 6)
		}, []string{"Attack Rolls", "Strength", "proficiency with longsword", "armor class", "Damage Rolls"}},
		{"MagicWeaponAndBlessNameTheirBonuses", func(t *testing.T) []campaign.Roll {
			v, mira, _ := table(t)
			v = fight(t, v)
			inFight(t, &v, "mira", func(p *encounter.Participant) { p.Enchanted = map[string]int{"longsword": 1} })
			inEncounter(t, &v, func(e *encounter.Encounter) {
				e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "blessed", TargetID: "mira", CasterID: "bram", Spell: "bless", Dice: "1d4"}})
			})
			return decide(t, v, mira, intent.Intent{Kind: "attack", TargetID: "goblin-1", Weapon: "longsword"}, 3, 12, 5)
		}, []string{"+1 longsword", "Bless"}},
		{"RageNamesItsDamage", func(t *testing.T) []campaign.Roll {
			v, mira, _ := table(t)
			v = fight(t, v)
			inFight(t, &v, "mira", func(p *encounter.Participant) {
				p.Class, p.HeavyArmor = "barbarian", false
				p.Combatant.Features = append(slices.Clip(p.Combatant.Features), "rage")
			})
			inEncounter(t, &v, func(e *encounter.Encounter) {
				e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "rage", TargetID: "mira", CasterID: "mira"}})
			})
			return decide(t, v, mira, intent.Intent{Kind: "attack", TargetID: "goblin-1", Weapon: "longsword"}, 15, 5)
		}, []string{"Rage"}},
		{"DuelingNamesItsDamage", func(t *testing.T) []campaign.Roll {
			v, mira, _ := table(t)
			v = fight(t, v)
			inFight(t, &v, "mira", func(p *encounter.Participant) {
				p.Combatant.Features = append(slices.Clip(p.Combatant.Features), "fighting-style-dueling")
			})
			return decide(t, v, mira, intent.Intent{Kind: "attack", TargetID: "goblin-1", Weapon: "longsword"}, 15, 5)
		}, []string{"Dueling"}},
		{"SacredWeaponNamesItsBonus", func(t *testing.T) []campaign.Roll {
			v, mira, _ := table(t)
			v = fight(t, v)
			inFight(t, &v, "mira", func(p *encounter.Participant) {
				p.Combatant.Features = append(slices.Clip(p.Combatant.Features), "channel-divinity-sacred-weapon")
			})
			inEncounter(t, &v, func(e *encounter.Encounter) {
				e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "sacred-weapon", TargetID: "mira", CasterID: "mira", Weapon: "longsword", Bonus: 2}})
			})
			return decide(t, v, mira, intent.Intent{Kind: "attack", TargetID: "goblin-1", Weapon: "longsword"}, 15, 5)
		}, []string{"Sacred Weapon"}},
		{"SlowNamesItsPenaltyOnADexteritySave", func(t *testing.T) []campaign.Roll {
			v, _, bram := table(t)
			v = fight(t, v)
			inEncounter(t, &v, func(e *encounter.Encounter) {
				e.Current = "bram"
				e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "slow", Spell: "slow", TargetID: "goblin-1", CasterID: "mira"}})
			})
			return decide(t, v, bram, intent.Intent{Kind: "cast", Spell: "sacred-flame", TargetIDs: []string{"goblin-1"}}, 5, 4)
		}, []string{"Saving Throws", "Slow"}},
		{"AdvantageNamesTheTargetsCondition", func(t *testing.T) []campaign.Roll {
			v, mira, _ := table(t)
			v = fight(t, v)
			inFight(t, &v, "goblin-1", func(p *encounter.Participant) { p.Combatant.Conditions = rules.SetOf(rules.Prone) })
			return decide(t, v, mira, intent.Intent{Kind: "attack", TargetID: "goblin-1", Weapon: "longsword"}, 4, 17, 6)
		}, []string{"target prone within 5 ft"}},
		{"AttackBehindCoverNamesItOnTheArmorClass", func(t *testing.T) []campaign.Roll {
			req := rules.AttackRequest{Weapon: "a bow", Kind: rules.RangedWeapon, Cover: rules.HalfCover, Distance: 30,
				Damage: []rules.DamageRoll{{Dice: dice.MustParse("1d8+2"), Type: rules.Piercing}}}
			req.AddBonus(2, "Dexterity", campaign.TermAbility)
			req.AddBonus(2, "proficiency", campaign.TermProficiency)
			req.AddBonus(2, "Archery", campaign.TermFeature)
			r, err := rules.Attack(mira(), goblin(), req, dicetest.Faces(t, 18, 4))
			return direct(t, r.Log, err)
		}, []string{"Cover", "half cover", "Archery", "damage bonus"}},
		{"CuttingWordsIsTakenOffAfterTheRoll", func(t *testing.T) []campaign.Roll {
			req := rules.AttackRequest{Weapon: "a club", Damage: []rules.DamageRoll{{Dice: dice.MustParse("1d4"), Type: rules.Bludgeoning}}}
			req.AddBonus(4, "Strength", campaign.TermAbility)
			req.AddAfter(-3, "Cutting Words", campaign.TermFeature)
			r, err := rules.Attack(goblin(), mira(), req, dicetest.Faces(t, 15, 2))
			return direct(t, r.Log, err)
		}, []string{"Cutting Words"}},
		{"StatBlockBonusShowsWhole", func(t *testing.T) []campaign.Roll {
			r, err := rules.Attack(goblin(), mira(), rules.AttackRequest{Weapon: "its scimitar", Bonus: 4,
				Damage: []rules.DamageRoll{{Dice: dice.MustParse("1d6+2"), Type: rules.Slashing}}}, dicetest.Faces(t, 14, 3))
			return direct(t, r.Log, err)
		}, []string{"attack bonus", "damage bonus"}},
		{"DamageNamesTheResistanceApplied", func(t *testing.T) []campaign.Roll {
			g := goblin()
			g.Resistances = rules.SetOf(rules.Slashing)
			req := rules.AttackRequest{Weapon: "her longsword", Damage: []rules.DamageRoll{{Dice: dice.MustParse("1d8+3"), Type: rules.Slashing,
				Terms: []campaign.Term{{Value: 3, Source: "Strength", Kind: campaign.TermAbility}}}}}
			req.AddBonus(5, "Strength and proficiency", campaign.TermAbility)
			r, err := rules.Attack(mira(), g, req, dicetest.Faces(t, 16, 7))
			return direct(t, r.Log, err)
		}, []string{"resists slashing: 10 to 5", "Damage Resistance and Vulnerability"}},
		{"SpellSaveNamesTheCastersDC", func(t *testing.T) []campaign.Roll {
			v, _, bram := table(t)
			v = fight(t, v)
			inEncounter(t, &v, func(e *encounter.Encounter) { e.Current = "bram" })
			return decide(t, v, bram, intent.Intent{Kind: "cast", Spell: "sacred-flame", TargetIDs: []string{"goblin-1"}}, 4, 6)
		}, []string{"Saving Throws", "Bram's spell save DC", "Wisdom", "Dexterity"}},
		{"SaveBehindCoverAndBlessedNamesBoth", func(t *testing.T) []campaign.Roll {
			r, err := rules.Save(mira(), rules.SaveRequest{Ability: rules.Dex, DC: 14, Cover: rules.ThreeQuartersCover, Bonus: 2,
				BonusTerms: []campaign.Term{{Value: 2, Source: "Bless", Kind: campaign.TermSpell}},
				DCSource:   rules.SpellDC("the mage", rules.Int, 3, 3)}, dicetest.Faces(t, 8))
			return direct(t, r.Log, err)
		}, []string{"three-quarters cover", "Bless", "the mage's spell save DC", "Intelligence"}},
		{"ConcentrationSaveNamesItsDC", func(t *testing.T) []campaign.Roll {
			c := mira()
			c.Concentration = "bless"
			r, err := rules.TakeDamage(c, rules.Hit{Damage: []rules.Damage{{Amount: 24, Type: rules.Fire}}}, dicetest.Faces(t, 9))
			return direct(t, r.Log, err)
		}, []string{"half the 24 damage taken", "proficiency"}},
		{"BardicInspirationIsAddedAfterTheRoll", func(t *testing.T) []campaign.Roll {
			r, err := rules.Save(mira(), rules.SaveRequest{Ability: rules.Wis, DC: 15,
				Reserves: []rules.Reserve{{ID: "bi", Name: "bardic inspiration", Dice: dice.MustParse("1d8")}}}, dicetest.Faces(t, 12, 5))
			return direct(t, r.Log, err)
		}, []string{"bardic inspiration"}},
		{"DeathSaveNamesItsTen", func(t *testing.T) []campaign.Roll {
			c := mira()
			c.HP, c.Conditions = 0, rules.SetOf(rules.Unconscious)
			r, err := rules.DeathSave(c, dicetest.Faces(t, 11))
			return direct(t, r.Log, err)
		}, []string{"Death Saving Throws", "10"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rolls := tt.make(t)
			var names []string
			worked := 0
			for _, r := range rolls {
				if r.Working == nil {
					if explained(r.Reason) {
						t.Errorf("the %s (%s = %d) has no working", r.Reason, r.Dice, r.Total)
					}
					continue
				}
				worked++
				if why := r.WorkingProblem(); why != "" {
					t.Errorf("the %s (%s = %d): %s; working %+v", r.Reason, r.Dice, r.Total, why, *r.Working)
				}
				if err := r.Verify(); err != nil {
					t.Errorf("the %s does not replay with its working: %v", r.Reason, err)
				}
				names = append(names, shown(r.Working)...)
			}
			if worked == 0 {
				t.Fatalf("rolls %+v: none has a working", rolls)
			}
			for _, w := range tt.want {
				found := false
				for _, n := range names {
					found = found || strings.Contains(n, w)
				}
				if !found {
					t.Errorf("no working names %q; they name %q", w, names)
				}
			}
		})
	}
}
