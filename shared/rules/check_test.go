package rules_test

import (
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/rules"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		name     string
		roller   func() rules.Combatant
		req      rules.CheckRequest
		faces    []int
		edge     string
		total    int
		success  bool
		autoFail string
		summary  string
	}{
		{name: "SkillProficiencyAdds", req: rules.CheckRequest{Skill: rules.Athletics, DC: 15}, faces: []int{10},
			total: 15, success: true, summary: "Mira succeeds on a DC 15 Strength (Athletics) check (15)."},
		{name: "NoProficiencyWithoutTheSkill", req: rules.CheckRequest{Skill: rules.Stealth, DC: 15}, faces: []int{12},
			total: 14, summary: "Mira fails a DC 15 Dexterity (Stealth) check (14)."},
		{name: "ExpertiseDoublesProficiency", roller: goblin, req: rules.CheckRequest{Skill: rules.Stealth, DC: 15}, faces: []int{9},
			total: 15, success: true, summary: "The goblin succeeds on a DC 15 Dexterity (Stealth) check (15)."},
		{name: "VariantAbilityKeepsSkillProficiency", req: rules.CheckRequest{Ability: rules.Con, Skill: rules.Athletics, DC: 10}, faces: []int{6},
			total: 10, success: true, summary: "Mira succeeds on a DC 10 Constitution (Athletics) check (10)."},
		{name: "PlainAbilityCheck", req: rules.CheckRequest{Ability: rules.Int, DC: 10}, faces: []int{9},
			total: 9, summary: "Mira fails a DC 10 Intelligence check (9)."},
		{name: "SituationalBonus", req: rules.CheckRequest{Ability: rules.Int, DC: 10, Bonus: 2}, faces: []int{8},
			total: 10, success: true},
		{name: "NoDCJustATotal", req: rules.CheckRequest{Skill: rules.Perception}, faces: []int{10},
			total: 13, summary: "Mira makes a Wisdom (Perception) check: 13."},
		{name: "PoisonedDisadvantage", roller: func() rules.Combatant { return with(mira(), rules.Poisoned) },
			req: rules.CheckRequest{Skill: rules.Athletics, DC: 10}, faces: []int{15, 3}, edge: "disadvantage", total: 8,
			summary: "Mira fails a DC 10 Strength (Athletics) check (8, with disadvantage)."},
		{name: "FrightenedDisadvantage", roller: func() rules.Combatant { return with(mira(), rules.Frightened) },
			req: rules.CheckRequest{Skill: rules.Athletics}, faces: []int{15, 3}, edge: "disadvantage", total: 8},
		{name: "ExhaustionLevel1DisadvantageOnChecks", roller: func() rules.Combatant { c := mira(); c.Exhaustion = 1; return c },
			req: rules.CheckRequest{Skill: rules.Athletics}, faces: []int{15, 3}, edge: "disadvantage", total: 8},
		{name: "HelpGivesAdvantage", req: rules.CheckRequest{Skill: rules.Athletics, Advantage: []string{"help action"}},
			faces: []int{3, 15}, edge: "advantage", total: 20},
		{name: "HelpCancelsPoison", roller: func() rules.Combatant { return with(mira(), rules.Poisoned) },
			req: rules.CheckRequest{Skill: rules.Athletics, Advantage: []string{"help action"}}, faces: []int{3}, total: 8},
		{name: "BlindedAutoFailsSightCheck", roller: func() rules.Combatant { return with(mira(), rules.Blinded) },
			req: rules.CheckRequest{Skill: rules.Perception, DC: 5, NeedsSight: true}, autoFail: "blinded",
			summary: "Mira automatically fails the DC 5 Wisdom (Perception) check (blinded)."},
		{name: "BlindedRollsHearingCheck", roller: func() rules.Combatant { return with(mira(), rules.Blinded) },
			req: rules.CheckRequest{Skill: rules.Perception, DC: 5, NeedsHearing: true}, faces: []int{2}, total: 5, success: true},
		{name: "DeafenedAutoFailsHearingCheck", roller: func() rules.Combatant { return with(mira(), rules.Deafened) },
			req: rules.CheckRequest{Skill: rules.Perception, DC: 5, NeedsHearing: true}, autoFail: "deafened"},
		// A total below 0 is what it is: a zombie's initiative of 1 - 2
		// is -1, below another's 0 (no feature sets a least total).
		{name: "ATotalBelowZeroStays", roller: func() rules.Combatant { c := mira(); c.Abilities.Cha = 6; return c },
			req: rules.CheckRequest{Ability: rules.Cha}, faces: []int{1}, total: -1},
		{name: "LuckyRerollsANatural1", roller: func() rules.Combatant { c := mira(); c.Lucky = true; return c },
			req: rules.CheckRequest{Skill: rules.Athletics, DC: 10}, faces: []int{1, 12}, total: 17, success: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mira()
			if tt.roller != nil {
				c = tt.roller()
			}
			r, err := rules.Check(c, tt.req, faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if r.Total != tt.total || r.Success != tt.success || r.AutoFail != tt.autoFail {
				t.Errorf("total %d success %v autofail %q, want %d %v %q", r.Total, r.Success, r.AutoFail, tt.total, tt.success, tt.autoFail)
			}
			if tt.autoFail != "" {
				if len(r.Rolls) != 0 {
					t.Errorf("an automatic failure rolled %+v", r.Rolls)
				}
			} else if want := tt.edge; want != "" && edgeOf(r.Rolls[0]) != want {
				t.Errorf("roll is %s, want %s", edgeOf(r.Rolls[0]), want)
			}
			if tt.summary != "" {
				wantSummary(t, r.Summary(), tt.summary)
			}
		})
	}
}

func TestCheckRejects(t *testing.T) {
	dead := mira()
	dead.Dead = true
	for name, tt := range map[string]struct {
		c   rules.Combatant
		req rules.CheckRequest
	}{
		"DeadRoller":        {dead, rules.CheckRequest{Skill: rules.Athletics}},
		"NoAbilityNorSkill": {mira(), rules.CheckRequest{DC: 10}},
		"UnknownSkill":      {mira(), rules.CheckRequest{Skill: 40}},
		"NegativeDC":        {mira(), rules.CheckRequest{Skill: rules.Athletics, DC: -1}},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := rules.Check(tt.c, tt.req, faces(t)); !fault.Is(err, fault.Invalid) {
				t.Errorf("err = %v, want invalid", err)
			}
		})
	}
}

func TestContest(t *testing.T) {
	ogre := goblin()
	ogre.ID, ogre.Name, ogre.Abilities.Str = "ogre", "the ogre", 19
	ogre.SkillProficiencies = 0
	grapple := rules.CheckRequest{Skill: rules.Athletics}
	tests := []struct {
		name         string
		faces        []int
		winner       string
		initiatorWon bool
		summary      string
	}{
		{"InitiatorWins", []int{14, 8}, "mira", true,
			"Mira's Strength (Athletics) check (19) beats the ogre's Strength (Athletics) check (12): Mira wins the contest."},
		{"DefenderWins", []int{5, 8}, "ogre", false,
			"The ogre's Strength (Athletics) check (12) beats Mira's Strength (Athletics) check (10): the ogre wins the contest."},
		{"TieKeepsStatusQuo", []int{7, 8}, "", false,
			"Mira's Strength (Athletics) check (12) ties the ogre's Strength (Athletics) check (12): the situation stays as it was."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := rules.Contest(mira(), grapple, ogre, grapple, faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if r.WinnerID != tt.winner || r.InitiatorWon() != tt.initiatorWon {
				t.Errorf("winner %q initiatorWon %v, want %q %v", r.WinnerID, r.InitiatorWon(), tt.winner, tt.initiatorWon)
			}
			if len(r.Rolls) != 2 || r.Rolls[0].RollerID != "mira" || r.Rolls[1].RollerID != "ogre" {
				t.Errorf("rolls = %+v, want Mira's then the ogre's", r.Rolls)
			}
			wantSummary(t, r.Summary(), tt.summary)
		})
	}
	t.Run("AutoFailLosesToARoll", func(t *testing.T) {
		see := rules.CheckRequest{Skill: rules.Perception, NeedsSight: true}
		r, err := rules.Contest(mira(), rules.CheckRequest{Skill: rules.Stealth}, with(ogre, rules.Blinded), see, faces(t, 1))
		if err != nil {
			t.Fatal(err)
		}
		if !r.InitiatorWon() {
			t.Errorf("blinded watcher won against %d", r.Initiator.Total)
		}
	})
}

func TestSave(t *testing.T) {
	tests := []struct {
		name     string
		roller   func() rules.Combatant
		req      rules.SaveRequest
		faces    []int
		edge     string
		total    int
		success  bool
		autoFail string
		summary  string
	}{
		{name: "ProficiencyAdds", req: rules.SaveRequest{Ability: rules.Con, DC: 14}, faces: []int{10}, total: 14, success: true,
			summary: "Mira succeeds on a DC 14 Constitution saving throw (14)."},
		{name: "NoProficiency", req: rules.SaveRequest{Ability: rules.Wis, DC: 14}, faces: []int{12}, total: 13,
			summary: "Mira fails a DC 14 Wisdom saving throw (13)."},
		{name: "Natural20IsNotAutomatic", req: rules.SaveRequest{Ability: rules.Wis, DC: 25}, faces: []int{20}, total: 21},
		{name: "Natural1IsNotAutomatic", req: rules.SaveRequest{Ability: rules.Con, DC: 5}, faces: []int{1}, total: 5, success: true},
		{name: "ParalyzedAutoFailsDexSave", roller: func() rules.Combatant { return with(mira(), rules.Paralyzed) },
			req: rules.SaveRequest{Ability: rules.Dex, DC: 2}, autoFail: "paralyzed",
			summary: "Mira automatically fails the DC 2 Dexterity saving throw (paralyzed)."},
		{name: "StunnedAutoFailsStrSave", roller: func() rules.Combatant { return with(mira(), rules.Stunned) },
			req: rules.SaveRequest{Ability: rules.Str, DC: 2}, autoFail: "stunned"},
		{name: "UnconsciousAutoFailsDexSave", roller: dying, req: rules.SaveRequest{Ability: rules.Dex, DC: 2}, autoFail: "unconscious"},
		{name: "PetrifiedAutoFailsStrSave", roller: func() rules.Combatant { return with(mira(), rules.Petrified) },
			req: rules.SaveRequest{Ability: rules.Str, DC: 2}, autoFail: "petrified"},
		{name: "ParalyzedRollsConSave", roller: func() rules.Combatant { return with(mira(), rules.Paralyzed) },
			req: rules.SaveRequest{Ability: rules.Con, DC: 10}, faces: []int{8}, total: 12, success: true},
		{name: "RestrainedDisadvantageOnDexSave", roller: func() rules.Combatant { return with(mira(), rules.Restrained) },
			req: rules.SaveRequest{Ability: rules.Dex, DC: 10}, faces: []int{15, 4}, edge: "disadvantage", total: 6,
			summary: "Mira fails a DC 10 Dexterity saving throw (6, with disadvantage)."},
		{name: "RestrainedRollsStrSaveStraight", roller: func() rules.Combatant { return with(mira(), rules.Restrained) },
			req: rules.SaveRequest{Ability: rules.Str, DC: 10}, faces: []int{4}, edge: "straight", total: 9},
		{name: "DodgingAdvantageOnDexSave", roller: func() rules.Combatant { c := mira(); c.Dodging = true; return c },
			req: rules.SaveRequest{Ability: rules.Dex, DC: 10}, faces: []int{4, 15}, edge: "advantage", total: 17, success: true},
		{name: "ExhaustionLevel3DisadvantageOnSaves", roller: func() rules.Combatant { c := mira(); c.Exhaustion = 3; return c },
			req: rules.SaveRequest{Ability: rules.Con, DC: 10}, faces: []int{15, 4}, edge: "disadvantage", total: 8},
		{name: "PoisonedRollsSavesStraight", roller: func() rules.Combatant { return with(mira(), rules.Poisoned) },
			req: rules.SaveRequest{Ability: rules.Con, DC: 10}, faces: []int{4}, edge: "straight", total: 8},
		{name: "HalfCoverAddsToDexSave", req: rules.SaveRequest{Ability: rules.Dex, DC: 15, Cover: rules.HalfCover},
			faces: []int{11}, total: 15, success: true},
		{name: "CoverDoesNotAddToOtherSaves", req: rules.SaveRequest{Ability: rules.Con, DC: 15, Cover: rules.ThreeQuartersCover},
			faces: []int{10}, total: 14},
		{name: "SituationalAdvantageAndDisadvantageCancel", req: rules.SaveRequest{Ability: rules.Wis, DC: 10,
			Advantage: []string{"magic resistance"}, Disadvantage: []string{"curse"}}, faces: []int{9}, edge: "straight", total: 10, success: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mira()
			if tt.roller != nil {
				c = tt.roller()
			}
			r, err := rules.Save(c, tt.req, faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if r.Total != tt.total || r.Success != tt.success || r.AutoFail != tt.autoFail {
				t.Errorf("total %d success %v autofail %q, want %d %v %q", r.Total, r.Success, r.AutoFail, tt.total, tt.success, tt.autoFail)
			}
			if tt.autoFail != "" && len(r.Rolls) != 0 {
				t.Errorf("an automatic failure rolled %+v", r.Rolls)
			}
			if tt.edge != "" && edgeOf(r.Rolls[0]) != tt.edge {
				t.Errorf("roll is %s, want %s", edgeOf(r.Rolls[0]), tt.edge)
			}
			if tt.summary != "" {
				wantSummary(t, r.Summary(), tt.summary)
			}
		})
	}
	t.Run("Rejects", func(t *testing.T) {
		for _, req := range []rules.SaveRequest{{DC: 10}, {Ability: rules.Dex}, {Ability: rules.Dex, DC: 10, Cover: rules.TotalCover}} {
			if _, err := rules.Save(mira(), req, faces(t)); !fault.Is(err, fault.Invalid) {
				t.Errorf("Save(%+v): err = %v, want invalid", req, err)
			}
		}
	})
}
