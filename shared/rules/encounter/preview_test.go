package encounter_test

import (
	"slices"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

// The goblin's scimitar is +4 and the casters' AC 12: a d20 of 10 makes
// 14, a hit; Shield would make the AC 17.
func TestAWindowPreviewsEachReactionFromTheHeldRoll(t *testing.T) {
	tests := []struct {
		name   string
		chars  []campaign.Character
		faces  []int
		offer  string // "participant/reaction"
		text   string
		effect string
	}{
		{"ShieldTurnsTheHit", []campaign.Character{caster("ilsa", "wizard", 1, 9)}, []int{10, 1},
			"ilsa/shield", "Shield: 14 vs AC 17, a miss", campaign.EffectHitToMiss},
		{"ShieldCannotTurnAHighRoll", []campaign.Character{caster("ilsa", "wizard", 1, 9)}, []int{14, 1},
			"ilsa/shield", "Shield: 18 vs AC 17, still a hit", campaign.EffectNone},
		{"ShieldCannotTurnANatural20", []campaign.Character{caster("ilsa", "wizard", 1, 9)}, []int{20, 1, 1},
			"ilsa/shield", "Shield: AC 17, but a natural 20 hits whatever the AC", campaign.EffectNone},
		{"CuttingWordsNeedsADie", []campaign.Character{caster("ilsa", "wizard", 1, 4), caster("bryn", "bard", 3, 20)}, []int{10, 1},
			"bryn/cutting-words", "Cutting Words: 14 less 1d6 vs AC 12, a miss on 3 or more", campaign.EffectMayMiss},
		{"CuttingWordsSurelyTurnsAnEdgeHit", []campaign.Character{caster("ilsa", "wizard", 1, 4), caster("bryn", "bard", 3, 20)}, []int{8, 1},
			"bryn/cutting-words", "Cutting Words: 12 less 1d6 vs AC 12, a miss", campaign.EffectHitToMiss},
		{"CuttingWordsCannotTurnAHighHit", []campaign.Character{caster("ilsa", "wizard", 1, 4), caster("bryn", "bard", 3, 20)}, []int{15, 1},
			"bryn/cutting-words", "Cutting Words: 19 less 1d6 vs AC 12, still a hit", campaign.EffectNone},
		{"UncannyDodgeHalvesTheDamageTaken", []campaign.Character{caster("rook", "rogue", 5, 9)}, []int{10, 4},
			"rook/uncanny-dodge", "Uncanny Dodge: the hit's 6 damage halved, about 3", campaign.EffectDamageHalved},
		{"HellishRebukeAnswersTheHit", []campaign.Character{caster("vex", "warlock", 1, 12)}, []int{10, 3},
			"vex/hellish-rebuke", "Hellish Rebuke: 2d10 fire at Goblin 1, Dexterity save for half; the hit stands", campaign.EffectStrikeBack},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := goblinFirst(t, tt.chars...)
			_, res, err := encounter.MonsterTurnWith(e, faces(t, tt.faces...), encounter.Reactions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Openings) != 1 {
				t.Fatalf("openings = %+v, want one", res.Openings)
			}
			var got *campaign.Preview
			for _, f := range res.Openings[0].Offers {
				if f.Preview == nil {
					t.Errorf("offer %s/%s has no preview", f.ParticipantID, f.Name)
				}
				if f.ParticipantID+"/"+f.Name == tt.offer {
					got = f.Preview
				}
			}
			if got == nil || got.Text != tt.text || got.Effect != tt.effect {
				t.Errorf("preview of %s = %+v, want %q (%s)", tt.offer, got, tt.text, tt.effect)
			}
		})
	}
}

// The reactions offered at a save, a spell and a creature's leaving
// reach, and those features give, each previewed from the moment as the
// rules hold it.
func TestEveryReactionTheRulesOfferIsPreviewed(t *testing.T) {
	e := goblinFirst(t, caster("ilsa", "wizard", 5, 20), caster("oda", "fighter", 9, 30))
	e = edit(e, "ilsa", func(p *encounter.Participant) {
		p.Combatant.SpellSlots = [9]campaign.Slot{{Max: 4}, {Max: 3}, {Max: 2}}
	})
	ilsa, oda := index(t, e, "ilsa"), index(t, e, "oda")
	hit := rules.AttackResult{AttackerID: "goblin-1", TargetID: "ilsa", Kind: rules.RangedWeapon, Natural: 11, Total: 15, AC: 12, Hit: true,
		Damage: &rules.DamageResult{Taken: 7, HPBefore: 20, HPAfter: 13}}
	miss := rules.AttackResult{AttackerID: "goblin-1", TargetID: "oda", Kind: rules.MeleeWeapon, Natural: 5, Total: 9, AC: 12}
	save := rules.SaveResult{RollerID: "oda", Ability: rules.Dex, DC: 13, Bonus: 2, Natural: 1, Total: 3}
	fireball, _ := srd.LookupSpell("fireball")
	wall, _ := srd.LookupSpell("wall-of-fire")
	tests := []struct {
		name   string
		by     int
		offer  string
		m      encounter.Moment
		text   string
		effect string
	}{
		{"DeflectMissilesTakesADieOffTheDamage", ilsa, encounter.DeflectMissiles, encounter.Moment{Attack: &hit},
			"Deflect Missiles: 1d10 + 6 off the 7 damage, all of it", campaign.EffectDamageReduced},
		{"ProtectionRollsTheHitAgainWithDisadvantage", oda, "fighting-style-protection", encounter.Moment{Attack: &hit},
			"Protection: disadvantage on the 15 vs AC 12: a miss unless a second d20 rolls 8 or more", campaign.EffectDisadvantage},
		{"RetaliationStrikesBack", ilsa, "retaliation", encounter.Moment{Attack: &hit},
			"Retaliation: a melee attack back at Goblin 1 (AC 15); the hit stands", campaign.EffectStrikeBack},
		{"GiantKillerStrikesBack", ilsa, "hunters-prey-giant-killer", encounter.Moment{Attack: &hit},
			"Hunter's Prey: Giant Killer: a melee attack back at Goblin 1 (AC 15); the hit stands", campaign.EffectStrikeBack},
		{"StandAgainstTheTideTurnsTheMiss", oda, "superior-hunters-defense-stand-against-the-tide", encounter.Moment{Attack: &miss},
			"Stand Against the Tide: Goblin 1's missed attack is made again at another creature", campaign.EffectRedirect},
		{"CounterspellStopsASpellOfItsLevel", ilsa, encounter.Counterspell, encounter.Moment{Spell: &fireball, Level: 3},
			"Counterspell (3rd level): Fireball fails", campaign.EffectSpellStopped},
		{"CounterspellRestsOnACheckAboveItsSlot", ilsa, encounter.Counterspell, encounter.Moment{Spell: &wall, Level: 4},
			"Counterspell (3rd level): Wall of Fire fails on a DC 14 Intelligence check, 11 or more on the d20 (+3)", campaign.EffectSpellMayStop},
		{"LuckyRollsTheOneAgain", oda, encounter.Lucky, encounter.Moment{Save: &save},
			"Lucky: the save rolled again, a success on 11 or more (DC 13, +2)", campaign.EffectSaveMaySucceed},
		{"IndomitableRollsTheSaveAgain", oda, "indomitable-1-use", encounter.Moment{Save: &save},
			"Indomitable (1 use): the save rolled again, a success on 11 or more (DC 13, +2)", campaign.EffectSaveMaySucceed},
		{"DiamondSoulRollsTheSaveAgain", oda, "diamond-soul", encounter.Moment{Save: &save},
			"Diamond Soul: the save rolled again, a success on 11 or more (DC 13, +2)", campaign.EffectSaveMaySucceed},
		{"DarkOnesOwnLuckAddsAD10", oda, "dark-ones-own-luck", encounter.Moment{Save: &save},
			"Dark One's Own Luck: 3 + 1d10 vs DC 13, a success on 10 or more", campaign.EffectSaveMaySucceed},
		{"RingOfEvasionMakesTheSave", oda, "ring-of-evasion", encounter.Moment{Save: &save},
			"Ring of Evasion: the failed 3 vs DC 13 becomes a success (a charge of 0)", campaign.EffectSaveSucceeds},
		{"AnOpportunityAttackAtTheLeaver", oda, encounter.OpportunityAttack, encounter.Moment{Leaving: "goblin-1"},
			"Opportunity attack: a melee attack at Goblin 1 (AC 15) as it leaves", campaign.EffectStrikeBack},
		{"DivineSmiteAddsRadiantDice", oda, "divine-smite:2", encounter.Moment{Attack: &rules.AttackResult{AttackerID: "oda", TargetID: "goblin-1", Hit: true}},
			"Divine Smite (2nd-level slot): 3d8 radiant more on Goblin 1", campaign.EffectOnHit},
		{"StunningStrikeAsksASave", oda, "stunning-strike", encounter.Moment{Attack: &rules.AttackResult{AttackerID: "oda", TargetID: "goblin-1", Hit: true}},
			"Stunning Strike: Goblin 1 makes a Constitution save against DC 12 or is stunned", campaign.EffectOnHit},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := encounter.Preview(e, tt.by, tt.offer, tt.m)
			if got.Text != tt.text || got.Effect != tt.effect {
				t.Errorf("preview = %q (%s), want %q (%s)", got.Text, got.Effect, tt.text, tt.effect)
			}
		})
	}
}

func index(t *testing.T, e encounter.Encounter, id string) int {
	t.Helper()
	i := slices.IndexFunc(e.Participants, func(p encounter.Participant) bool { return p.ID == id })
	if i < 0 {
		t.Fatalf("no participant %q", id)
	}
	return i
}
