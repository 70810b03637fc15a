package rules_test

import (
	"testing"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
)

func hit(d ...rules.Damage) rules.Hit { return rules.Hit{Damage: d} }

func dmg(n int, t rules.DamageType) rules.Damage { return rules.Damage{Amount: n, Type: t} }

func TestTakeDamageDefences(t *testing.T) {
	tests := []struct {
		name    string
		target  func(*rules.Combatant)
		hit     rules.Hit
		taken   int
		summary string
	}{
		{"ResistanceHalvesRoundDown", func(c *rules.Combatant) { c.Resistances = rules.SetOf(rules.Fire) },
			hit(dmg(7, rules.Fire)), 3, "Mira takes 7 fire damage, halved to 3 by resistance; Mira is at 25/28 HP."},
		{"VulnerabilityDoubles", func(c *rules.Combatant) { c.Vulnerabilities = rules.SetOf(rules.Cold) },
			hit(dmg(7, rules.Cold)), 14, "Mira takes 7 cold damage, doubled to 14 by vulnerability; Mira is at 14/28 HP."},
		{"ImmunityTakesNothing", func(c *rules.Combatant) { c.Immunities = rules.SetOf(rules.Poison) },
			hit(dmg(9, rules.Poison)), 0, "Mira takes 9 poison damage, ignored by immunity; Mira is unharmed."},
		{"ResistanceThenVulnerability", func(c *rules.Combatant) {
			c.Resistances = rules.SetOf(rules.Fire)
			c.Vulnerabilities = rules.SetOf(rules.Fire)
		}, hit(dmg(7, rules.Fire)), 6, "Mira takes 7 fire damage, halved by resistance and doubled by vulnerability to 6; Mira is at 22/28 HP."},
		{"ResistanceOfOtherTypeIgnored", func(c *rules.Combatant) { c.Resistances = rules.SetOf(rules.Fire) },
			hit(dmg(7, rules.Slashing)), 7, "Mira takes 7 slashing damage; Mira is at 21/28 HP."},
		{"EachTypeAdjustedApart", func(c *rules.Combatant) {
			c.Resistances = rules.SetOf(rules.Fire)
			c.Immunities = rules.SetOf(rules.Poison)
		}, hit(dmg(7, rules.Slashing), dmg(5, rules.Fire), dmg(4, rules.Poison)), 9,
			"Mira takes 7 slashing, 5 fire and 4 poison damage, fire halved to 2 by resistance, poison ignored by immunity, 9 in all; Mira is at 19/28 HP."},
		{"PetrifiedResistsAllDamage", func(c *rules.Combatant) { c.Conditions = rules.SetOf(rules.Petrified) },
			hit(dmg(9, rules.Bludgeoning), dmg(3, 0)), 5, ""},
		{"PetrifiedImmuneToPoisonDamage", func(c *rules.Combatant) { c.Conditions = rules.SetOf(rules.Petrified) },
			hit(dmg(9, rules.Poison)), 0, ""},
		{"UntypedDamageIgnoresResistances", func(c *rules.Combatant) { c.Resistances = rules.SetOf(rules.Fire, rules.Slashing) },
			hit(dmg(6, 0)), 6, "Mira takes 6 damage; Mira is at 22/28 HP."},
		{"ZeroDamageChangesNothing", func(*rules.Combatant) {}, hit(dmg(0, rules.Fire)), 0, "Mira takes 0 fire damage; Mira is unharmed."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mira()
			tt.target(&c)
			r, err := rules.TakeDamage(c, tt.hit, faces(t))
			if err != nil {
				t.Fatal(err)
			}
			if r.Taken != tt.taken {
				t.Errorf("taken = %d, want %d (%+v)", r.Taken, tt.taken, r.Parts)
			}
			if tt.taken == 0 {
				wantChanges(t, r.Changes)
			} else {
				wantChanges(t, r.Changes, change("mira", rules.FieldHP, 28, 28-tt.taken))
			}
			if tt.summary != "" {
				wantSummary(t, r.Summary(), tt.summary)
			}
		})
	}
}

func TestTakeDamageHitPoints(t *testing.T) {
	tests := []struct {
		name    string
		target  func() rules.Combatant
		hit     rules.Hit
		changes []rules.Change
		summary string
		check   func(*testing.T, rules.DamageResult)
	}{
		{name: "TempHPAbsorbsFirst",
			target:  func() rules.Combatant { c := mira(); c.TempHP = 5; return c },
			hit:     hit(dmg(7, rules.Slashing)),
			changes: []rules.Change{change("mira", rules.FieldTempHP, 5, 0), change("mira", rules.FieldHP, 28, 26)},
			summary: "Mira takes 7 slashing damage; 5 is absorbed by temporary hit points; Mira is at 26/28 HP."},
		{name: "TempHPAbsorbsAll",
			target:  func() rules.Combatant { c := mira(); c.TempHP = 10; return c },
			hit:     hit(dmg(7, rules.Slashing)),
			changes: []rules.Change{change("mira", rules.FieldTempHP, 10, 3)}},
		{name: "CharacterDroppedToZeroFallsUnconscious",
			target: func() rules.Combatant { c := mira(); c.HP = 5; return c },
			hit:    hit(dmg(9, rules.Piercing)),
			changes: []rules.Change{change("mira", rules.FieldHP, 5, 0),
				gained("mira", rules.Unconscious), gained("mira", rules.Prone)},
			summary: "Mira takes 9 piercing damage; Mira drops to 0 HP and falls unconscious.",
			check: func(t *testing.T, r rules.DamageResult) {
				if !r.Dropped || !r.FellUnconscious || r.Died || r.Leftover != 4 {
					t.Errorf("result = %+v", r)
				}
			}},
		{name: "AlreadyProneCharacterOnlyGainsUnconscious",
			target: func() rules.Combatant { c := with(mira(), rules.Prone); c.HP = 5; return c },
			hit:    hit(dmg(5, rules.Piercing)),
			changes: []rules.Change{change("mira", rules.FieldHP, 5, 0),
				gained("mira", rules.Unconscious)}},
		{name: "MonsterDiesAtZero",
			target:  goblin,
			hit:     hit(dmg(7, rules.Slashing)),
			changes: []rules.Change{change("goblin-1", rules.FieldHP, 7, 0), change("goblin-1", rules.FieldDead, false, true)},
			summary: "The goblin takes 7 slashing damage; the goblin drops to 0 HP and dies."},
		{name: "MassiveDamageKills",
			// The SRD's cleric: 12 max, 6 HP, 18 damage leaves 12 over.
			target: func() rules.Combatant { c := mira(); c.MaxHP, c.HP = 12, 6; return c },
			hit:    hit(dmg(18, rules.Slashing)),
			changes: []rules.Change{change("mira", rules.FieldHP, 6, 0),
				change("mira", rules.FieldDead, false, true)},
			summary: "Mira takes 18 slashing damage; Mira drops to 0 HP and dies outright from massive damage (12 left over, hit point maximum 12).",
			check: func(t *testing.T, r rules.DamageResult) {
				if !r.InstantDeath || !r.Died {
					t.Errorf("result = %+v, want instant death", r)
				}
			}},
		{name: "MassiveDamageOneShortFallsUnconscious",
			target: func() rules.Combatant { c := mira(); c.MaxHP, c.HP = 12, 6; return c },
			hit:    hit(dmg(17, rules.Slashing)),
			changes: []rules.Change{change("mira", rules.FieldHP, 6, 0),
				gained("mira", rules.Unconscious), gained("mira", rules.Prone)}},
		{name: "MassiveDamageUsesExhaustedMaximum",
			// Exhaustion 4 halves 28 to 14: 20 damage at 6 HP leaves 14 over.
			target: func() rules.Combatant { c := mira(); c.Exhaustion, c.HP = 4, 6; return c },
			hit:    hit(dmg(20, rules.Slashing)),
			changes: []rules.Change{change("mira", rules.FieldHP, 6, 0),
				change("mira", rules.FieldDead, false, true)}},
		{name: "KnockOutOverridesMassiveDamage",
			target: func() rules.Combatant { c := mira(); c.MaxHP, c.HP = 12, 6; return c },
			hit:    rules.Hit{Damage: []rules.Damage{dmg(30, rules.Bludgeoning)}, KnockOut: true},
			changes: []rules.Change{change("mira", rules.FieldHP, 6, 0),
				gained("mira", rules.Unconscious), gained("mira", rules.Prone),
				change("mira", rules.FieldStable, false, true)}},
		{name: "DamageAtZeroIsAFailedDeathSave",
			target:  dying,
			hit:     hit(dmg(3, rules.Slashing)),
			changes: []rules.Change{change("mira", rules.FieldDeathFailures, 0, 1)},
			summary: "Mira takes 3 slashing damage; Mira, at 0 HP, suffers a death saving throw failure (1 of 3)."},
		{name: "CriticalDamageAtZeroIsTwoFailedDeathSaves",
			target:  dying,
			hit:     rules.Hit{Damage: []rules.Damage{dmg(3, rules.Slashing)}, Critical: true},
			changes: []rules.Change{change("mira", rules.FieldDeathFailures, 0, 2)}},
		{name: "ThirdFailureFromDamageKills",
			target: func() rules.Combatant { c := dying(); c.DeathSaves.Failures = 2; return c },
			hit:    hit(dmg(1, rules.Slashing)),
			changes: []rules.Change{change("mira", rules.FieldDeathFailures, 2, 3),
				change("mira", rules.FieldDead, false, true)},
			summary: "Mira takes 1 slashing damage; Mira, at 0 HP, suffers a death saving throw failure (3 of 3) and dies."},
		{name: "DamageAtZeroEndsStability",
			target: func() rules.Combatant { c := dying(); c.Stable = true; return c },
			hit:    hit(dmg(2, rules.Fire)),
			changes: []rules.Change{change("mira", rules.FieldDeathFailures, 0, 1),
				change("mira", rules.FieldStable, true, false)},
			summary: "Mira takes 2 fire damage; Mira, at 0 HP, suffers a death saving throw failure (1 of 3) and is no longer stable."},
		{name: "DamageAtZeroAbsorbedByTempHPCostsNoFailure",
			target:  func() rules.Combatant { c := dying(); c.TempHP = 5; return c },
			hit:     hit(dmg(4, rules.Fire)),
			changes: []rules.Change{change("mira", rules.FieldTempHP, 5, 1)}},
		{name: "MassiveDamageAtZeroKills",
			target:  dying,
			hit:     hit(dmg(28, rules.Necrotic)),
			changes: []rules.Change{change("mira", rules.FieldDead, false, true)},
			summary: "Mira takes 28 necrotic damage; Mira, already at 0 HP, dies outright from massive damage (28, hit point maximum 28)."},
		{name: "FloorHoldsHitPointsAtOne",
			target:  mira,
			hit:     rules.Hit{Damage: []rules.Damage{dmg(40, rules.Necrotic)}, Floor: 1},
			changes: []rules.Change{change("mira", rules.FieldHP, 28, 1)},
			summary: "Mira takes 40 necrotic damage; Mira is at 1/28 HP; 13 can't take Mira lower.",
			check: func(t *testing.T, r rules.DamageResult) {
				if r.Taken != 27 || r.Held != 13 || r.Dropped {
					t.Errorf("taken %d, held %d, dropped %v; want 27, 13, false", r.Taken, r.Held, r.Dropped)
				}
			}},
		{name: "FloorLeavesSmallerDamageAlone",
			target:  mira,
			hit:     rules.Hit{Damage: []rules.Damage{dmg(10, rules.Necrotic)}, Floor: 1},
			changes: []rules.Change{change("mira", rules.FieldHP, 28, 18)}},
		{name: "FloorAtOneHitPointTakesNothing",
			target:  func() rules.Combatant { c := mira(); c.HP, c.Concentration = 1, "bless"; return c },
			hit:     rules.Hit{Damage: []rules.Damage{dmg(10, rules.Necrotic)}, Floor: 1},
			summary: "Mira takes 10 necrotic damage; 10 can't take Mira lower."},
		{name: "DroppingToZeroEndsConcentrationWithoutSave",
			target: func() rules.Combatant { c := mira(); c.HP, c.Concentration = 3, "bless"; return c },
			hit:    hit(dmg(30, rules.Fire)),
			changes: []rules.Change{change("mira", rules.FieldHP, 3, 0),
				gained("mira", rules.Unconscious), gained("mira", rules.Prone),
				change("mira", rules.FieldConcentration, "bless", "")},
			// 30 damage at 3 HP leaves 27 over, one short of the maximum.
			summary: "Mira takes 30 fire damage; Mira drops to 0 HP and falls unconscious; Mira loses concentration on bless."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := rules.TakeDamage(tt.target(), tt.hit, faces(t))
			if err != nil {
				t.Fatal(err)
			}
			wantChanges(t, r.Changes, tt.changes...)
			if tt.summary != "" {
				wantSummary(t, r.Summary(), tt.summary)
			}
			if tt.check != nil {
				tt.check(t, r)
			}
		})
	}
}

func TestConcentrationDCIsHalfDamageMin10(t *testing.T) {
	for _, tt := range []struct{ damage, dc int }{{0, 10}, {1, 10}, {19, 10}, {21, 10}, {22, 11}, {25, 12}, {40, 20}} {
		if got := rules.ConcentrationDC(tt.damage); got != tt.dc {
			t.Errorf("ConcentrationDC(%d) = %d, want %d", tt.damage, got, tt.dc)
		}
	}
}

func TestConcentrationSaveOnDamage(t *testing.T) {
	caster := func() rules.Combatant {
		c := mira()
		c.HP, c.MaxHP, c.Concentration = 60, 60, "bless"
		return c
	}
	tests := []struct {
		name    string
		target  rules.Combatant
		hit     rules.Hit
		faces   []int
		dc      int
		broken  bool
		summary string
	}{
		{"KeptOnSuccess", caster(), hit(dmg(8, rules.Slashing)), []int{6}, 10, false,
			"Mira takes 8 slashing damage; Mira is at 52/60 HP; Mira keeps concentration on bless (Constitution save 10 vs DC 10)."},
		{"BrokenOnFailure", caster(), hit(dmg(8, rules.Slashing)), []int{5}, 10, true,
			"Mira takes 8 slashing damage; Mira is at 52/60 HP; Mira loses concentration on bless (Constitution save 9 vs DC 10)."},
		{"DCIsHalfOfBigDamage", caster(), hit(dmg(25, rules.Fire), dmg(5, rules.Slashing)), []int{11}, 15, false, ""},
		{"DCUsesDamageAfterResistance", func() rules.Combatant {
			c := caster()
			c.Resistances = rules.SetOf(rules.Fire)
			return c
		}(), hit(dmg(40, rules.Fire)), []int{7}, 10, false, ""},
		{"DamageToTempHPStillTakesASave", func() rules.Combatant {
			c := caster()
			c.TempHP = 10
			return c
		}(), hit(dmg(6, rules.Piercing)), []int{2}, 10, true, ""},
		{"ConSaveProficiencyCounts", caster(), hit(dmg(24, rules.Fire)), []int{8}, 12, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := rules.TakeDamage(tt.target, tt.hit, faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			s := r.ConcentrationSave
			if s == nil || s.DC != tt.dc || s.Ability != rules.Con {
				t.Fatalf("concentration save = %+v, want a Constitution save DC %d", s, tt.dc)
			}
			if r.ConcentrationBroken != tt.broken {
				t.Errorf("broken = %v, want %v", r.ConcentrationBroken, tt.broken)
			}
			last := r.Rolls[len(r.Rolls)-1]
			if last.Reason != "concentration save" || last.RollerID != "mira" {
				t.Errorf("last roll = %+v", last)
			}
			if tt.summary != "" {
				wantSummary(t, r.Summary(), tt.summary)
			}
		})
	}
	t.Run("NoSaveWithoutDamage", func(t *testing.T) {
		c := caster()
		c.Immunities = rules.SetOf(rules.Fire)
		r, err := rules.TakeDamage(c, hit(dmg(30, rules.Fire)), faces(t))
		if err != nil || r.ConcentrationSave != nil || len(r.Rolls) != 0 {
			t.Errorf("result = %+v, %v; want no save", r, err)
		}
	})
}

func TestTakeDamageRejects(t *testing.T) {
	dead := mira()
	dead.Dead, dead.HP = true, 0
	if _, err := rules.TakeDamage(dead, hit(dmg(3, rules.Fire)), faces(t)); !fault.Is(err, fault.Invalid) {
		t.Errorf("damage to the dead: err = %v, want invalid", err)
	}
	if _, err := rules.TakeDamage(mira(), hit(dmg(-3, rules.Fire)), faces(t)); !fault.Is(err, fault.Invalid) {
		t.Errorf("negative damage: err = %v, want invalid", err)
	}
}

func TestHeal(t *testing.T) {
	hurt := func(hp int) rules.Combatant { c := mira(); c.HP = hp; return c }
	tests := []struct {
		name     string
		target   rules.Combatant
		healing  string
		faces    []int
		regained int
		changes  []rules.Change
		summary  string
	}{
		{"RegainsRolledHealing", hurt(10), "1d8+3", []int{5}, 8,
			[]rules.Change{change("mira", rules.FieldHP, 10, 18)}, "Mira regains 8 HP (18/28 HP)."},
		{"NotAboveMaximum", hurt(25), "2d4+2", []int{4, 4}, 3,
			[]rules.Change{change("mira", rules.FieldHP, 25, 28)}, "Mira regains 3 HP of 10 rolled, up to the maximum (28/28 HP)."},
		{"NotAboveExhaustedMaximum", func() rules.Combatant { c := hurt(10); c.Exhaustion = 4; return c }(), "10", nil, 4,
			[]rules.Change{change("mira", rules.FieldHP, 10, 14)}, ""},
		{"AtFullHealthRegainsNothing", mira(), "5", nil, 0, nil, "Mira regains no hit points (28/28 HP)."},
		{"RestoresDyingToConsciousness", func() rules.Combatant {
			c := dying()
			c.DeathSaves.Successes, c.DeathSaves.Failures = 1, 2
			return c
		}(), "1d4", []int{3}, 3, []rules.Change{
			change("mira", rules.FieldHP, 0, 3), lost("mira", rules.Unconscious),
			change("mira", rules.FieldDeathSuccesses, 1, 0), change("mira", rules.FieldDeathFailures, 2, 0)},
			"Mira regains 3 HP and regains consciousness (3/28 HP)."},
		{"RestoresStableToConsciousness", func() rules.Combatant { c := dying(); c.Stable = true; return c }(), "1", nil, 1,
			[]rules.Change{change("mira", rules.FieldHP, 0, 1), lost("mira", rules.Unconscious),
				change("mira", rules.FieldStable, true, false)}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := rules.Heal(tt.target, dice.MustParse(tt.healing), faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if r.Regained != tt.regained {
				t.Errorf("regained %d, want %d", r.Regained, tt.regained)
			}
			wantChanges(t, r.Changes, tt.changes...)
			if tt.summary != "" {
				wantSummary(t, r.Summary(), tt.summary)
			}
			if len(r.Rolls) != 1 || r.Rolls[0].Reason != "healing" {
				t.Errorf("rolls = %+v, want the healing roll", r.Rolls)
			}
		})
	}
	t.Run("DeadCannotBeHealed", func(t *testing.T) {
		c := dying()
		c.Dead = true
		if _, err := rules.Heal(c, dice.MustParse("10"), faces(t)); !fault.Is(err, fault.Invalid) {
			t.Errorf("err = %v, want invalid", err)
		}
	})
}

func TestGrantTempHP(t *testing.T) {
	tests := []struct {
		name        string
		have        int
		amount      string
		faces       []int
		after       int
		summary     string
		wantChanged bool
	}{
		{"GainsWhenNone", 0, "1d4+4", []int{3}, 7, "Mira gains 7 temporary hit points.", true},
		{"HigherReplaces", 5, "8", nil, 8, "Mira gains 8 temporary hit points.", true},
		{"DoNotStackKeepTheHigher", 10, "8", nil, 10, "Mira keeps 10 temporary hit points rather than 8.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mira()
			c.TempHP = tt.have
			r, err := rules.GrantTempHP(c, dice.MustParse(tt.amount), faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if r.After != tt.after {
				t.Errorf("after = %d, want %d", r.After, tt.after)
			}
			if tt.wantChanged {
				wantChanges(t, r.Changes, change("mira", rules.FieldTempHP, tt.have, tt.after))
			} else {
				wantChanges(t, r.Changes)
			}
			wantSummary(t, r.Summary(), tt.summary)
		})
	}
	t.Run("DoNotWakeTheDying", func(t *testing.T) {
		r, err := rules.GrantTempHP(dying(), dice.MustParse("5"), faces(t))
		if err != nil {
			t.Fatal(err)
		}
		wantChanges(t, r.Changes, change("mira", rules.FieldTempHP, 0, 5))
	})
}
