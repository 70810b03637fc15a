package rules_test

import (
	"reflect"
	"testing"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
)

func TestAttackRoll(t *testing.T) {
	tests := []struct {
		name           string
		attacker       func() rules.Combatant
		target         func() rules.Combatant
		req            func(rules.AttackRequest) rules.AttackRequest
		faces          []int
		hit, crit      bool
		total, ac, dmg int
		summary        string
	}{
		{name: "HitWhenTotalMeetsAC", faces: []int{10, 4}, hit: true, total: 15, ac: 15, dmg: 7,
			summary: "Mira hits the goblin with her longsword (15 vs AC 15) for 7 slashing damage; the goblin drops to 0 HP and dies."},
		{name: "MissWhenTotalBelowAC", faces: []int{9}, total: 14, ac: 15,
			summary: "Mira misses the goblin with her longsword (14 vs AC 15)."},
		{name: "HitOnNatural20", faces: []int{20, 1, 1},
			target: func() rules.Combatant { g := goblin(); g.AC = 30; return g },
			hit:    true, crit: true, total: 25, ac: 30, dmg: 5,
			summary: "Mira lands a critical hit on the goblin with her longsword (natural 20, 25 vs AC 30) for 5 slashing damage; the goblin is at 2/7 HP."},
		{name: "MissOnNatural1", faces: []int{1},
			req:   func(r rules.AttackRequest) rules.AttackRequest { r.Bonus = 20; return r },
			total: 21, ac: 15,
			summary: "Mira misses the goblin with her longsword (natural 1, 21 vs AC 15)."},
		{name: "CritDoublesDiceNotModifier", faces: []int{20, 8, 8},
			target: func() rules.Combatant { g := goblin(); g.HP, g.MaxHP = 50, 50; return g },
			hit:    true, crit: true, total: 25, ac: 15, dmg: 19,
			summary: "Mira lands a critical hit on the goblin with her longsword (natural 20, 25 vs AC 15) for 19 slashing damage; the goblin is at 31/50 HP."},
		{name: "HalfCoverAddsTwoToAC", faces: []int{11},
			req:   func(r rules.AttackRequest) rules.AttackRequest { r.Cover = rules.HalfCover; return r },
			total: 16, ac: 17,
			summary: "Mira misses the goblin with her longsword (16 vs AC 17)."},
		{name: "ThreeQuartersCoverAddsFiveToAC", faces: []int{15, 2},
			req: func(r rules.AttackRequest) rules.AttackRequest { r.Cover = rules.ThreeQuartersCover; return r },
			hit: true, total: 20, ac: 20, dmg: 5},
		{name: "AutoCritWithin5FtOnParalyzed", faces: []int{9, 3, 2, 2},
			target: func() rules.Combatant { return tough(rules.Paralyzed) },
			hit:    true, crit: true, total: 14, ac: 12, dmg: 7,
			summary: "Mira lands a critical hit on the goblin with her longsword (14 vs AC 12, with advantage; critical because the target is paralyzed within 5 ft) for 7 slashing damage; the goblin is at 13/20 HP."},
		{name: "AutoCritWithin5FtOnUnconscious", faces: []int{9, 3, 2, 2},
			target: func() rules.Combatant { return tough(rules.Unconscious) },
			hit:    true, crit: true, total: 14, ac: 12, dmg: 7},
		{name: "NoAutoCritBeyond5Ft", faces: []int{9, 3, 2},
			target: func() rules.Combatant { return tough(rules.Paralyzed) },
			req:    func(r rules.AttackRequest) rules.AttackRequest { r.Distance, r.Reach = 10, 10; return r },
			hit:    true, total: 14, ac: 12, dmg: 5},
		{name: "PenaltyTurnsAHitIntoAMiss", faces: []int{12},
			req:   func(r rules.AttackRequest) rules.AttackRequest { r.Penalty = 3; return r },
			total: 14, ac: 15},
		{name: "PenaltyNeverStopsANatural20", faces: []int{20, 1, 1},
			req: func(r rules.AttackRequest) rules.AttackRequest { r.Penalty = 10; return r },
			hit: true, crit: true, total: 15, ac: 15, dmg: 5},
		{name: "HalveDamageRoundsDown", faces: []int{10, 4},
			target: func() rules.Combatant { g := goblin(); g.HP, g.MaxHP = 50, 50; return g },
			req:    func(r rules.AttackRequest) rules.AttackRequest { r.HalveDamage = true; return r },
			hit:    true, total: 15, ac: 15, dmg: 3},
		{name: "SneakAttackWithAnAllyBeside", faces: []int{10, 4, 3, 5},
			target: func() rules.Combatant { g := goblin(); g.HP, g.MaxHP = 50, 50; return g },
			req: func(r rules.AttackRequest) rules.AttackRequest {
				r.Sneak = &rules.SneakAttack{Dice: dice.MustParse("2d6"), AllyAdjacent: true}
				return r
			},
			hit: true, total: 15, ac: 15, dmg: 15,
			summary: "Mira hits the goblin with her longsword (15 vs AC 15), a sneak attack, for 7 slashing and 8 slashing damage; the goblin is at 35/50 HP."},
		{name: "SneakAttackWithAdvantage", faces: []int{10, 3, 4, 2, 2},
			target: func() rules.Combatant { g := goblin(); g.HP, g.MaxHP = 50, 50; return g },
			req: func(r rules.AttackRequest) rules.AttackRequest {
				r.Sneak, r.Advantage = &rules.SneakAttack{Dice: dice.MustParse("2d6")}, []string{"hidden"}
				return r
			},
			hit: true, total: 15, ac: 15, dmg: 11},
		{name: "NoSneakAttackAloneWithoutAdvantage", faces: []int{10, 4},
			target: func() rules.Combatant { g := goblin(); g.HP, g.MaxHP = 50, 50; return g },
			req: func(r rules.AttackRequest) rules.AttackRequest {
				r.Sneak = &rules.SneakAttack{Dice: dice.MustParse("2d6")}
				return r
			},
			hit: true, total: 15, ac: 15, dmg: 7},
		{name: "NoSneakAttackWithDisadvantage", faces: []int{10, 12, 4},
			target: func() rules.Combatant { g := goblin(); g.HP, g.MaxHP = 50, 50; return g },
			req: func(r rules.AttackRequest) rules.AttackRequest {
				r.Sneak, r.Disadvantage = &rules.SneakAttack{Dice: dice.MustParse("2d6"), AllyAdjacent: true}, []string{"blinded"}
				return r
			},
			hit: true, total: 15, ac: 15, dmg: 7},
		{name: "NoAutoCritOnAMiss", faces: []int{3, 2},
			target: func() rules.Combatant { return with(goblin(), rules.Paralyzed) },
			total:  8, ac: 15},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			attacker, target, req := mira(), goblin(), longsword()
			if tt.attacker != nil {
				attacker = tt.attacker()
			}
			if tt.target != nil {
				target = tt.target()
			}
			if tt.req != nil {
				req = tt.req(req)
			}
			r, err := rules.Attack(attacker, target, req, faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if r.Hit != tt.hit || r.Critical != tt.crit || r.Total != tt.total || r.AC != tt.ac {
				t.Errorf("hit %v crit %v total %d AC %d, want hit %v crit %v total %d AC %d",
					r.Hit, r.Critical, r.Total, r.AC, tt.hit, tt.crit, tt.total, tt.ac)
			}
			switch {
			case !tt.hit && r.Damage != nil:
				t.Errorf("a miss dealt damage: %+v", r.Damage)
			case tt.hit && (r.Damage == nil || r.Damage.Taken != tt.dmg):
				t.Errorf("damage = %+v, want %d taken", r.Damage, tt.dmg)
			}
			if tt.summary != "" {
				wantSummary(t, r.Summary(), tt.summary)
			}
			if r.Rolls[0].Reason != "attack roll" || r.Rolls[0].RollerID != "mira" {
				t.Errorf("first roll = %+v, want Mira's attack roll", r.Rolls[0])
			}
		})
	}
}

func TestAttackEdge(t *testing.T) {
	type setup struct {
		attacker, target rules.Combatant
		req              rules.AttackRequest
	}
	ranged := func(s *setup) { s.req.Kind = rules.RangedWeapon; s.req.Distance = 30 }
	tests := []struct {
		name    string
		setup   func(*setup)
		want    string // advantage, disadvantage or straight
		reasons int    // sources on both sides together
	}{
		{"StraightByDefault", func(*setup) {}, "straight", 0},
		{"BlindedAttackerDisadvantage", func(s *setup) { s.attacker = with(s.attacker, rules.Blinded) }, "disadvantage", 1},
		{"InvisibleAttackerAdvantage", func(s *setup) { s.attacker = with(s.attacker, rules.Invisible) }, "advantage", 1},
		{"PoisonedAttackerDisadvantage", func(s *setup) { s.attacker = with(s.attacker, rules.Poisoned) }, "disadvantage", 1},
		{"FrightenedAttackerDisadvantage", func(s *setup) { s.attacker = with(s.attacker, rules.Frightened) }, "disadvantage", 1},
		{"ProneAttackerDisadvantage", func(s *setup) { s.attacker = with(s.attacker, rules.Prone) }, "disadvantage", 1},
		{"RestrainedAttackerDisadvantage", func(s *setup) { s.attacker = with(s.attacker, rules.Restrained) }, "disadvantage", 1},
		{"BlindedTargetAdvantage", func(s *setup) { s.target = with(s.target, rules.Blinded) }, "advantage", 1},
		{"InvisibleTargetDisadvantage", func(s *setup) { s.target = with(s.target, rules.Invisible) }, "disadvantage", 1},
		{"RestrainedTargetAdvantage", func(s *setup) { s.target = with(s.target, rules.Restrained) }, "advantage", 1},
		{"StunnedTargetAdvantage", func(s *setup) { s.target = with(s.target, rules.Stunned) }, "advantage", 1},
		{"PetrifiedTargetAdvantage", func(s *setup) { s.target = with(s.target, rules.Petrified) }, "advantage", 1},
		{"ProneTargetMeleeWithin5FtAdvantage", func(s *setup) { s.target = with(s.target, rules.Prone) }, "advantage", 1},
		{"ProneTargetRangedDisadvantage", func(s *setup) { ranged(s); s.target = with(s.target, rules.Prone) }, "disadvantage", 1},
		{"DodgingTargetDisadvantage", func(s *setup) { s.target.Dodging = true }, "disadvantage", 1},
		{"DodgeLostWhenTargetGrappled", func(s *setup) { s.target.Dodging = true; s.target = with(s.target, rules.Grappled) }, "straight", 0},
		{"DodgeUselessAgainstUnseenAttacker", func(s *setup) { s.target.Dodging = true; s.attacker = with(s.attacker, rules.Invisible) }, "advantage", 1},
		{"ExhaustionLevel3DisadvantageOnAttacks", func(s *setup) { s.attacker.Exhaustion = 3 }, "disadvantage", 1},
		{"ExhaustionLevel2NoEffectOnAttacks", func(s *setup) { s.attacker.Exhaustion = 2 }, "straight", 0},
		{"AdvantageAndDisadvantageCancel", func(s *setup) {
			s.attacker = with(s.attacker, rules.Poisoned)
			s.target = with(s.target, rules.Restrained)
		}, "straight", 2},
		{"ManyAdvantagesCancelledByOneDisadvantage", func(s *setup) {
			s.attacker = with(s.attacker, rules.Invisible)
			s.target = with(s.target, rules.Restrained, rules.Blinded)
			s.req.Advantage = []string{"help action"}
			s.req.Disadvantage = []string{"heavy weapon, small attacker"}
		}, "straight", 5},
		{"TwoAdvantagesRollOneExtraDie", func(s *setup) {
			s.attacker = with(s.attacker, rules.Invisible)
			s.req.Advantage = []string{"help action"}
		}, "advantage", 2},
		{"RangedBeyondNormalRangeDisadvantage", func(s *setup) {
			ranged(s)
			s.req.Range, s.req.LongRange, s.req.Distance = 80, 320, 100
		}, "disadvantage", 1},
		{"RangedWithin5FtDisadvantage", func(s *setup) { ranged(s); s.req.Distance = 5 }, "disadvantage", 1},
		{"RangedWithin5FtOfIncapacitatedTargetStraight", func(s *setup) {
			ranged(s)
			s.req.Distance = 5
			s.target = with(s.target, rules.Incapacitated)
		}, "straight", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := setup{mira(), goblin(), longsword()}
			s.req.Damage = nil
			tt.setup(&s)
			f := []int{10}
			if tt.want != "straight" {
				f = []int{10, 10}
			}
			r, err := rules.Attack(s.attacker, s.target, s.req, faces(t, f...))
			if err != nil {
				t.Fatal(err)
			}
			if got := edgeOf(r.Rolls[0]); got != tt.want {
				t.Errorf("roll is %s, want %s (edge %+v)", got, tt.want, r.Edge)
			}
			if n := len(r.Edge.Advantage) + len(r.Edge.Disadvantage); n != tt.reasons {
				t.Errorf("%d sources %+v, want %d", n, r.Edge, tt.reasons)
			}
		})
	}
}

func TestAttackRejects(t *testing.T) {
	tests := []struct {
		name     string
		attacker rules.Combatant
		target   rules.Combatant
		req      func(rules.AttackRequest) rules.AttackRequest
	}{
		{"StunnedAttacker", with(mira(), rules.Stunned), goblin(), nil},
		{"DeadAttacker", func() rules.Combatant { c := mira(); c.Dead = true; return c }(), goblin(), nil},
		{"DeadTarget", mira(), func() rules.Combatant { g := goblin(); g.Dead, g.HP = true, 0; return g }(), nil},
		{"OutOfReach", mira(), goblin(), func(r rules.AttackRequest) rules.AttackRequest { r.Distance = 10; return r }},
		{"BeyondLongRange", mira(), goblin(), func(r rules.AttackRequest) rules.AttackRequest {
			r.Kind, r.Range, r.LongRange, r.Distance = rules.RangedWeapon, 80, 320, 325
			return r
		}},
		{"TotalCover", mira(), goblin(), func(r rules.AttackRequest) rules.AttackRequest { r.Cover = rules.TotalCover; return r }},
		{"RangedKnockOut", mira(), goblin(), func(r rules.AttackRequest) rules.AttackRequest {
			r.Kind, r.KnockOut = rules.RangedWeapon, true
			return r
		}},
		{"NegativeDistance", mira(), goblin(), func(r rules.AttackRequest) rules.AttackRequest { r.Distance = -5; return r }},
		{"UnknownDamageType", mira(), goblin(), func(r rules.AttackRequest) rules.AttackRequest {
			r.Damage = []rules.DamageRoll{{Dice: dice.MustParse("1d6"), Type: 99}}
			return r
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := longsword()
			if tt.req != nil {
				req = tt.req(req)
			}
			_, err := rules.Attack(tt.attacker, tt.target, req, faces(t))
			if !fault.Is(err, fault.Invalid) {
				t.Errorf("err = %v, want invalid", err)
			}
		})
	}
}

func TestAttackRecordsEveryRollAndChange(t *testing.T) {
	target := goblin()
	target.HP, target.MaxHP, target.Concentration = 20, 20, "hold-person"
	req := longsword()
	req.Damage = append(req.Damage, rules.DamageRoll{Dice: dice.MustParse("1d6"), Type: rules.Fire})
	// d20 15 -> 20 hits; 1d8+3 = 8; 1d6 = 4; concentration save d20 5 + 0 = 5 vs DC 10.
	r, err := rules.Attack(mira(), target, req, faces(t, 15, 5, 4, 5))
	if err != nil {
		t.Fatal(err)
	}
	var reasons []string
	for _, x := range r.Rolls {
		reasons = append(reasons, x.Reason+"/"+x.RollerID+"/"+x.Outcome)
	}
	want := []string{"attack roll/mira/hit", "damage/mira/", "damage/mira/", "concentration save/goblin-1/failure"}
	if !reflect.DeepEqual(reasons, want) {
		t.Errorf("rolls = %v, want %v", reasons, want)
	}
	wantChanges(t, r.Changes,
		change("goblin-1", rules.FieldHP, 20, 8),
		change("goblin-1", rules.FieldConcentration, "hold-person", ""))
	wantSummary(t, r.Summary(), "Mira hits the goblin with her longsword (20 vs AC 15) for 8 slashing and 4 fire damage; "+
		"the goblin is at 8/20 HP; the goblin loses concentration on hold-person (Constitution save 5 vs DC 10).")
}

func TestAttackKnockOut(t *testing.T) {
	req := longsword()
	req.KnockOut = true
	r, err := rules.Attack(mira(), goblin(), req, faces(t, 12, 6))
	if err != nil {
		t.Fatal(err)
	}
	d := r.Damage
	if !d.KnockedOut || d.Died || !d.FellUnconscious {
		t.Errorf("damage = %+v, want knocked out alive", d)
	}
	wantChanges(t, r.Changes,
		change("goblin-1", rules.FieldHP, 7, 0),
		gained("goblin-1", rules.Unconscious),
		gained("goblin-1", rules.Prone),
		change("goblin-1", rules.FieldStable, false, true))
	wantSummary(t, r.Summary(), "Mira hits the goblin with her longsword (17 vs AC 15) for 9 slashing damage; the goblin drops to 0 HP and is knocked out, unconscious but stable.")
}

func TestAttackOnDyingCharacter(t *testing.T) {
	// Within 5 ft of an unconscious target: advantage, and a hit is a
	// critical hit, so two death save failures.
	orc := goblin()
	orc.ID, orc.Name = "orc", "the orc"
	victim := dying()
	victim.DeathSaves.Failures = 1
	req := longsword()
	req.Weapon = "a greataxe"
	r, err := rules.Attack(orc, victim, req, faces(t, 4, 11, 2, 2))
	if err != nil {
		t.Fatal(err)
	}
	if !r.Critical || r.AutoCritical != "unconscious" || r.Damage.DeathSaveFailures != 2 || !r.Damage.Died {
		t.Errorf("result = %+v, damage %+v", r, r.Damage)
	}
	wantSummary(t, r.Summary(), "The orc lands a critical hit on Mira with a greataxe (16 vs AC 16, with advantage; critical because the target is unconscious within 5 ft) for 7 slashing damage; Mira, at 0 HP, suffers two death saving throw failures (3 of 3) and dies.")
}

func TestAttackReplaysFromSeed(t *testing.T) {
	target := goblin()
	target.HP, target.MaxHP, target.Concentration = 40, 40, "bless"
	req := longsword()
	for seed := range uint64(50) {
		a, err := rules.Attack(mira(), target, req, dice.NewSeeded(seed))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := rules.Attack(mira(), target, req, dice.NewSeeded(seed))
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("seed %d: two resolutions differ", seed)
		}
		// Each recorded roll rolls again from the same draws.
		src := dice.NewSeeded(seed)
		for _, r := range a.Rolls {
			again := dice.Roll(dice.MustParse(r.Expr), src, r.Options()...)
			if !reflect.DeepEqual(again, r.Result) {
				t.Fatalf("seed %d: %s replayed as %+v, stored %+v", seed, r.Reason, again, r.Result)
			}
		}
	}
}

// TestAdvantageNeverLowersHitChance checks, over many seeds, bonuses and
// ACs, that with the same draws advantage hits whenever the straight roll
// does (its first d20 is the straight roll's d20) and that overall it hits
// at least as often; disadvantage the reverse.
func TestAdvantageNeverLowersHitChance(t *testing.T) {
	req := longsword()
	req.Damage = nil
	for _, bonus := range []int{-2, 0, 5, 11} {
		for _, ac := range []int{5, 12, 15, 18, 25} {
			target := goblin()
			target.AC = ac
			req.Bonus = bonus
			straightHits, advHits, disHits := 0, 0, 0
			for seed := range uint64(400) {
				s, _ := rules.Attack(mira(), target, req, dice.NewSeeded(seed))
				adv := req
				adv.Advantage = []string{"test"}
				a, _ := rules.Attack(mira(), target, adv, dice.NewSeeded(seed))
				dis := req
				dis.Disadvantage = []string{"test"}
				d, _ := rules.Attack(mira(), target, dis, dice.NewSeeded(seed))
				if s.Hit && !a.Hit {
					t.Fatalf("bonus %d AC %d seed %d: straight roll hits, advantage misses", bonus, ac, seed)
				}
				if d.Hit && !s.Hit {
					t.Fatalf("bonus %d AC %d seed %d: disadvantage hits, straight roll misses", bonus, ac, seed)
				}
				straightHits += b2i(s.Hit)
				advHits += b2i(a.Hit)
				disHits += b2i(d.Hit)
			}
			if advHits < straightHits || disHits > straightHits {
				t.Errorf("bonus %d AC %d: hits adv %d straight %d dis %d", bonus, ac, advHits, straightHits, disHits)
			}
		}
	}
}

// tough is a goblin with 20 HP and AC 12 under conds.
func tough(conds ...rules.Condition) rules.Combatant {
	g := goblin()
	g.HP, g.MaxHP, g.AC = 20, 20, 12
	return with(g, conds...)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestRollDamage(t *testing.T) {
	parts := []rules.DamageRoll{
		{Dice: dice.MustParse("1d8+3"), Type: rules.Slashing},
		{Dice: dice.MustParse("2d6"), Type: rules.Fire},
		{Dice: dice.MustParse("1d4-5"), Type: rules.Poison},
	}
	t.Run("CritDoublesEveryPartsDice", func(t *testing.T) {
		dmg, rolls := rules.RollDamage("mira", parts, true, faces(t, 1, 2, 3, 4, 5, 6, 1, 1))
		want := []rules.Damage{{Amount: 6, Type: rules.Slashing}, {Amount: 18, Type: rules.Fire}, {Amount: 0, Type: rules.Poison}}
		if !reflect.DeepEqual(dmg, want) {
			t.Errorf("damage = %v, want %v", dmg, want)
		}
		if rolls[1].Terms[0].Dice != "4d6" || !rolls[1].Critical {
			t.Errorf("fire roll = %+v, want 4d6 critical", rolls[1])
		}
	})
	t.Run("NeverBelowZero", func(t *testing.T) {
		dmg, _ := rules.RollDamage("mira", parts[2:], false, faces(t, 1))
		if dmg[0].Amount != 0 {
			t.Errorf("1d4-5 rolled 1 = %d damage, want 0", dmg[0].Amount)
		}
	})
}

// BenchmarkResolveAttack is a whole attack: the roll against AC, two damage
// parts, the target's resistance, and its concentration save.
func BenchmarkResolveAttack(b *testing.B) {
	attacker := mira()
	target := goblin()
	target.AC, target.HP, target.MaxHP = 10, 1000, 1000
	target.Resistances = rules.SetOf(rules.Fire)
	target.Concentration = "bless"
	req := longsword()
	req.Damage = append(req.Damage, rules.DamageRoll{Dice: dice.MustParse("2d6"), Type: rules.Fire})
	src := dice.NewSeeded(1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rules.Attack(attacker, target, req, src); err != nil {
			b.Fatal(err)
		}
	}
}
