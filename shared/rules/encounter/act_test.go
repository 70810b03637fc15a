package encounter_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// miraFirst is Mira (19), Tavi (8), Goblin 2 (4), Goblin 1 (3).
func miraFirst(t *testing.T) encounter.Encounter {
	t.Helper()
	e := begin(t, goblins(2), nil, 18, 5, 1, 2)
	if want := []string{"mira", "tavi", "goblin-2", "goblin-1"}; !slices.Equal(e.Order, want) || e.Current != "mira" {
		t.Fatalf("order %v current %q", e.Order, e.Current)
	}
	return e
}

// frozen is the encounter as JSON, to show a call left it alone.
func frozen(t *testing.T, e encounter.Encounter) string {
	t.Helper()
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// edit returns e with the participant id changed by f, as a stored
// encounter could be.
func edit(e encounter.Encounter, id string, f func(p *encounter.Participant)) encounter.Encounter {
	e.Participants = slices.Clone(e.Participants)
	for i := range e.Participants {
		if e.Participants[i].ID == id {
			f(&e.Participants[i])
		}
	}
	return e
}

func kill(p *encounter.Participant) {
	p.Combatant.HP, p.Combatant.Dead, p.HP, p.Defeated = 0, true, 0, true
}

// asleep is unconscious on its feet, as Sleep leaves a creature.
func asleep(p *encounter.Participant) {
	p.Combatant.Conditions = p.Combatant.Conditions.With(rules.Unconscious)
	p.Conditions = append(slices.Clone(p.Conditions), "unconscious")
}

func dying(p *encounter.Participant) {
	p.Combatant.HP, p.HP = 0, 0
	p.Combatant.Conditions = rules.SetOf(rules.Unconscious, rules.Prone)
	p.Conditions = []string{"prone", "unconscious"}
}

func TestAttackThroughTheRules(t *testing.T) {
	tests := []struct {
		name    string
		faces   []int
		hit     bool
		crit    bool
		hpAfter int
		summary string
	}{
		{"HitKillsAGoblin", []int{12, 5}, true, false, 0,
			"Mira hits Goblin 1 with a longsword in two hands (17 vs AC 15) for 8 slashing damage; Goblin 1 drops to 0 HP and dies."},
		{"MissBelowAC", []int{9}, false, false, 7,
			"Mira misses Goblin 1 with a longsword in two hands (14 vs AC 15)."},
		{"MissOnNatural1", []int{1}, false, false, 7,
			"Mira misses Goblin 1 with a longsword in two hands (natural 1, 6 vs AC 15)."},
		{"CritDoublesTheDice", []int{20, 1, 1}, true, true, 2,
			"Mira lands a critical hit on Goblin 1 with a longsword in two hands (natural 20, 25 vs AC 15) for 5 slashing damage; Goblin 1 is at 2/7 HP."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := miraFirst(t)
			before := frozen(t, e)
			out, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword"}, faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if frozen(t, e) != before {
				t.Error("Act changed its input")
			}
			if len(res.Attacks) != 1 || res.Attacks[0].Hit != tt.hit || res.Attacks[0].Critical != tt.crit || res.Attacks[0].Bonus != 5 {
				t.Fatalf("attacks = %+v", res.Attacks)
			}
			if got := res.Summary(); got != tt.summary {
				t.Errorf("summary = %q\n         want %q", got, tt.summary)
			}
			g, m := participant(t, out, "goblin-1"), participant(t, out, "mira")
			if g.HP != tt.hpAfter || g.Combatant.HP != tt.hpAfter || g.Defeated != (tt.hpAfter == 0) {
				t.Errorf("goblin-1 hp %d/%d defeated %v, want %d", g.HP, g.Combatant.HP, g.Defeated, tt.hpAfter)
			}
			if !m.Turn.ActionUsed || out.Current != "mira" || res.TurnEnded {
				t.Errorf("action used %v, current %q, turn ended %v: an attack uses the action and leaves the turn open", m.Turn.ActionUsed, out.Current, res.TurnEnded)
			}
			if tt.hit && (m.Stats.AttacksHit != 1 || g.Stats.DamageTaken != m.Stats.DamageDealt) || !tt.hit && m.Stats.AttacksMissed != 1 {
				t.Errorf("stats mira %+v goblin %+v", m.Stats, g.Stats)
			}
			if len(res.Rolls) != len(tt.faces)-boolInt(tt.crit) || res.Rolls[0].Reason != "attack roll" {
				t.Errorf("rolls = %+v", res.Rolls)
			}
			if last := out.Log[len(out.Log)-1]; last.Text != res.Summary() || last.ActorID != "mira" || last.Round != 1 {
				t.Errorf("log entry = %+v", last)
			}
		})
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestWeaponAttackBonus(t *testing.T) {
	// Tavi (21) goes first: Goblin 2 (4), Goblin 1 (3), Mira (2).
	taviFirst := taviFirstIn
	tests := []struct {
		name   string
		weapon string
		dist   int
		faces  []int
		bonus  int
		kind   rules.AttackKind
	}{
		// Tavi's hits add Sneak Attack's 2d6 (Mira stands beside the target).
		{"FinesseTakesTheBetterOfStrAndDex", "Rapier", 0, []int{10, 2, 1, 1}, 5, rules.MeleeWeapon},
		{"RangedUsesDexAtNormalRangeWithoutDisadvantage", "shortbow", 0, []int{10, 2, 1, 1}, 5, rules.RangedWeapon},
		{"RangedBeyondNormalRangeHasDisadvantage", "shortbow", 200, []int{10, 18, 2}, 5, rules.RangedWeapon},
		{"UnarmedStrikeIsOnePlusStrength", "unarmed", 0, []int{16}, 1, rules.MeleeWeapon},
		// No weapon named: the best one carried for the distance.
		{"NoWeaponIsTheBestMeleeWeapon", "", 0, []int{10, 2, 1, 1}, 5, rules.MeleeWeapon},
		{"NoWeaponAtRangeIsTheBestRangedWeapon", "", 60, []int{10, 2, 1, 1}, 5, rules.RangedWeapon},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, res, err := encounter.Act(taviFirst(t), "tavi", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: tt.weapon, Distance: tt.dist}, faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if a := res.Attacks[0]; a.Bonus != tt.bonus || a.Kind != tt.kind {
				t.Errorf("attack = bonus %d kind %v, want %d %v: %s", a.Bonus, a.Kind, tt.bonus, tt.kind, res.Summary())
			}
		})
	}
	t.Run("NoProficiencyNoBonus", func(t *testing.T) {
		wizard := mira()
		wizard.Class = "wizard"
		e, _, err := encounter.Start("enc", []campaign.Character{wizard}, goblins(1), nil, faces(t, 18, 1), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword"}, faces(t, 2))
		if err != nil {
			t.Fatal(err)
		}
		if b := res.Attacks[0].Bonus; b != 3 {
			t.Errorf("a wizard's longsword bonus = %d, want 3 (Strength only)", b)
		}
	})
}

func TestActRefuses(t *testing.T) {
	attack := func(target, weapon string) encounter.Action {
		return encounter.Action{Kind: encounter.ActionAttack, TargetID: target, Weapon: weapon}
	}
	ended := func(t *testing.T) encounter.Encounter {
		e, _, err := encounter.End(miraFirst(t), "fled", encounter.EndOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	acted := func(t *testing.T) encounter.Encounter {
		e, _, err := encounter.Act(miraFirst(t), "mira", encounter.Action{Kind: encounter.ActionDodge}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	tests := []struct {
		name   string
		setup  func(t *testing.T) encounter.Encounter
		actor  string
		in     encounter.Action
		reason fault.Reason
	}{
		{"NotYourTurn", miraFirst, "tavi", attack("goblin-1", "rapier"), encounter.NotYourTurn},
		{"UnknownActor", miraFirst, "bram", attack("goblin-1", ""), encounter.InvalidArgs},
		{"UnknownKind", miraFirst, "mira", encounter.Action{Kind: "cast"}, encounter.InvalidArgs},
		{"MissingTarget", miraFirst, "mira", attack("", "longsword"), encounter.InvalidArgs},
		{"UnknownTarget", miraFirst, "mira", attack("goblin-7", "longsword"), encounter.InvalidArgs},
		{"Itself", miraFirst, "mira", attack("mira", "longsword"), encounter.InvalidArgs},
		{"UnknownWeapon", miraFirst, "mira", attack("goblin-1", "lightsaber"), encounter.InvalidArgs},
		{"WeaponNotCarried", miraFirst, "mira", attack("goblin-1", "greataxe"), encounter.NotAllowed},
		{"NegativeDistance", miraFirst, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Distance: -5}, encounter.InvalidArgs},
		{"MeleeBeyondReach", miraFirst, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword", Distance: 30}, encounter.OutOfRange},
		{"UnarmedBeyondReach", miraFirst, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Distance: 10}, encounter.OutOfRange},
		{"DeathSaveWhileNotDying", miraFirst, "mira", encounter.Action{Kind: encounter.ActionDeathSave}, encounter.NotAllowed},
		{"SecondAction", acted, "mira", attack("goblin-1", "longsword"), encounter.NotAllowed},
		{"DeadTarget", func(t *testing.T) encounter.Encounter { return edit(miraFirst(t), "goblin-1", kill) }, "mira", attack("goblin-1", "longsword"), encounter.NotAllowed},
		{"DyingActorAttacks", func(t *testing.T) encounter.Encounter { return edit(miraFirst(t), "mira", dying) }, "mira", attack("goblin-1", "longsword"), encounter.ActorStateRestricted},
		// Down is down whoever's turn it is: told so, not told to wait.
		{"DyingActorAttacksOnAnothersTurn", func(t *testing.T) encounter.Encounter { return edit(miraFirst(t), "tavi", dying) }, "tavi", attack("goblin-1", "rapier"), encounter.ActorStateRestricted},
		{"DeadActorDodgesOnAnothersTurn", func(t *testing.T) encounter.Encounter { return edit(miraFirst(t), "tavi", kill) }, "tavi", encounter.Action{Kind: encounter.ActionDodge}, encounter.ActorStateRestricted},
		{"DyingActorEndsTurnWithoutSaving", func(t *testing.T) encounter.Encounter { return edit(miraFirst(t), "mira", dying) }, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, encounter.ActorStateRestricted},
		{"StunnedActorDodges", func(t *testing.T) encounter.Encounter {
			return edit(miraFirst(t), "mira", func(p *encounter.Participant) { p.Combatant.Conditions = rules.SetOf(rules.Stunned) })
		}, "mira", encounter.Action{Kind: encounter.ActionDodge}, encounter.ActorStateRestricted},
		{"EndedEncounter", ended, "mira", attack("goblin-1", "longsword"), encounter.NotAllowed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := tt.setup(t)
			before := frozen(t, e)
			out, res, err := encounter.Act(e, tt.actor, tt.in, faces(t))
			if !fault.Is(err, fault.Invalid) || fault.ReasonOf(err) != tt.reason {
				t.Fatalf("err = %v (reason %q), want %s", err, fault.ReasonOf(err), tt.reason)
			}
			if !strings.Contains(err.Error(), string(tt.reason)+": ") {
				t.Errorf("message %q does not lead with the reason", err)
			}
			if frozen(t, out) != before || frozen(t, e) != before || res.Text != "" {
				t.Error("a refusal changed the encounter")
			}
		})
	}
}

func TestEconomyActions(t *testing.T) {
	tests := []struct {
		name    string
		kind    string
		check   func(p encounter.Participant) bool
		summary string
	}{
		{"DodgeSetsDodging", encounter.ActionDodge, func(p encounter.Participant) bool { return p.Combatant.Dodging }, "Mira takes the Dodge action."},
		{"DashDoublesMovement", encounter.ActionDash, func(p encounter.Participant) bool { return p.Turn.Dashed && p.Turn.Movement == 60 }, "Mira takes the Dash action (60 ft of movement this turn)."},
		{"DisengageIsRecorded", encounter.ActionDisengage, func(p encounter.Participant) bool { return p.Turn.Disengaged }, "Mira takes the Disengage action."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, res, err := encounter.Act(miraFirst(t), "mira", encounter.Action{Kind: tt.kind}, faces(t))
			if err != nil {
				t.Fatal(err)
			}
			if p := participant(t, out, "mira"); !p.Turn.ActionUsed || !tt.check(p) {
				t.Errorf("mira after %s: %+v", tt.kind, p.Turn)
			}
			if res.Summary() != tt.summary {
				t.Errorf("summary = %q, want %q", res.Summary(), tt.summary)
			}
		})
	}
	t.Run("EndTurnFlagPassesTheTurn", func(t *testing.T) {
		out, res, err := encounter.Act(miraFirst(t), "mira", encounter.Action{Kind: encounter.ActionDodge, EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if out.Current != "tavi" || !res.TurnEnded || res.NextID != "tavi" || res.Summary() != "Mira takes the Dodge action. Tavi is up." {
			t.Errorf("current %q, result %+v", out.Current, res)
		}
	})
	t.Run("DodgeImposesDisadvantageOnAttackers", func(t *testing.T) {
		e := begin(t, goblins(1), nil, 18, 1, 1) // Mira, Tavi, Goblin 1
		e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionDodge, EndTurn: true}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		e = edit(e, "tavi", dying)
		e, _, err = encounter.Act(e, "tavi", encounter.Action{Kind: encounter.ActionDeathSave}, faces(t, 12))
		if err != nil {
			t.Fatal(err)
		}
		_, res, err := encounter.MonsterTurn(e, faces(t, 19, 2))
		if err != nil {
			t.Fatal(err)
		}
		if a := res.Attacks[0]; a.TargetID != "mira" || a.Natural != 2 || a.Hit {
			t.Errorf("goblin's attack on the dodging Mira = %+v", a)
		}
	})
}

func TestDeathSaveTurn(t *testing.T) {
	// Tavi (21) is dying on her turn.
	setup := func(t *testing.T) encounter.Encounter {
		e := begin(t, goblins(2), nil, 1, 18, 1, 2)
		return edit(e, "tavi", dying)
	}
	t.Run("SaveEndsTheTurn", func(t *testing.T) {
		out, res, err := encounter.Act(setup(t), "tavi", encounter.Action{Kind: encounter.ActionDeathSave}, faces(t, 15))
		if err != nil {
			t.Fatal(err)
		}
		p := participant(t, out, "tavi")
		if p.Combatant.DeathSaves.Successes != 1 || !res.TurnEnded || out.Current != "goblin-2" || res.DeathSave == nil {
			t.Errorf("tavi %+v, current %q, result %+v", p.Combatant.DeathSaves, out.Current, res)
		}
	})
	t.Run("Natural20RevivesAndTheTurnGoesOn", func(t *testing.T) {
		out, res, err := encounter.Act(setup(t), "tavi", encounter.Action{Kind: encounter.ActionDeathSave}, faces(t, 20))
		if err != nil {
			t.Fatal(err)
		}
		if p := participant(t, out, "tavi"); p.HP != 1 || res.TurnEnded || out.Current != "tavi" {
			t.Fatalf("tavi at %d HP, turn ended %v, current %q", p.HP, res.TurnEnded, out.Current)
		}
		if _, _, err := encounter.Act(out, "tavi", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "rapier"}, faces(t, 2, 3)); err != nil {
			t.Errorf("a revived character cannot attack: %v", err)
		}
	})
}

func TestNext(t *testing.T) {
	t.Run("WrapsIntoTheNextRound", func(t *testing.T) {
		e := miraFirst(t)
		var seen []string
		for range 5 {
			e = encounter.Next(e)
			seen = append(seen, e.Current)
		}
		if want := []string{"tavi", "goblin-2", "goblin-1", "mira", "tavi"}; !slices.Equal(seen, want) || e.Round != 2 {
			t.Errorf("turns %v round %d, want %v round 2", seen, e.Round, want)
		}
	})
	t.Run("SkipsTheDefeated", func(t *testing.T) {
		e := edit(encounter.Next(miraFirst(t)), "goblin-2", kill)
		if e = encounter.Next(e); e.Current != "goblin-1" {
			t.Errorf("after tavi: %q, want goblin-1", e.Current)
		}
	})
	t.Run("SkipsTheStableAtZero", func(t *testing.T) {
		e := edit(miraFirst(t), "tavi", func(p *encounter.Participant) { dying(p); p.Combatant.Stable = true })
		if e = encounter.Next(e); e.Current != "goblin-2" {
			t.Errorf("after mira: %q, want goblin-2", e.Current)
		}
	})
	t.Run("GivesTheDyingATurn", func(t *testing.T) {
		e := edit(miraFirst(t), "tavi", dying)
		if e = encounter.Next(e); e.Current != "tavi" {
			t.Errorf("after mira: %q, want tavi to make her death save", e.Current)
		}
	})
	t.Run("ResetsTheActionEconomy", func(t *testing.T) {
		e, _, err := encounter.Act(miraFirst(t), "mira", encounter.Action{Kind: encounter.ActionDodge}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		e = edit(e, "mira", func(p *encounter.Participant) { p.ReactionUsed = true })
		for range 4 {
			e = encounter.Next(e)
		}
		p := participant(t, e, "mira")
		if e.Current != "mira" || p.Turn != (encounter.Turn{Movement: 30}) || p.ReactionUsed || p.Combatant.Dodging {
			t.Errorf("mira's new turn: current %q turn %+v reaction %v dodging %v", e.Current, p.Turn, p.ReactionUsed, p.Combatant.Dodging)
		}
	})
	t.Run("LeavesItsInputAlone", func(t *testing.T) {
		e := miraFirst(t)
		before := frozen(t, e)
		_ = encounter.Next(e)
		if frozen(t, e) != before {
			t.Error("Next changed its input")
		}
	})
	t.Run("DoesNothingOnceEnded", func(t *testing.T) {
		e, _, err := encounter.End(miraFirst(t), "other", encounter.EndOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if frozen(t, encounter.Next(e)) != frozen(t, e) {
			t.Error("Next moved an ended encounter")
		}
	})
}

func TestKillingTheLastMonster(t *testing.T) {
	e := begin(t, goblins(1), nil, 18, 5, 1)
	out, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword", EndTurn: true}, faces(t, 12, 5))
	if err != nil {
		t.Fatal(err)
	}
	// The fight ends with the blow that wins it: no one else is up, no
	// round 2 begins, and the goblin's 50 XP go to the two who lived.
	want := "Mira hits Goblin 1 with a longsword in two hands (17 vs AC 15) for 8 slashing damage; Goblin 1 drops to 0 HP and dies. All the monsters are defeated. The fight is won. Each character who took part and lived earns 25 XP."
	if res.Summary() != want || res.Decided != "victory" || res.Outcome != "victory" || out.Decided() != "victory" {
		t.Errorf("summary %q decided %q/%q", res.Summary(), res.Decided, out.Decided())
	}
	if p := participant(t, out, "mira"); p.Stats.Kills != 1 {
		t.Errorf("mira's kills = %d", p.Stats.Kills)
	}
	if out.Status != encounter.Ended || out.Outcome != "victory" || out.Current != "" || res.NextID != "" || out.Round != 1 || out.XPEach != 25 {
		t.Errorf("status %q outcome %q current %q round %d xp each %d", out.Status, out.Outcome, out.Current, out.Round, out.XPEach)
	}
	if !slices.Equal(out.Committed, []string{"mira", "tavi"}) {
		t.Errorf("committed %v", out.Committed)
	}
	ds := out.Diffs()
	if m := diffOf(t, ds, "mira"); !m.Commit || m.XP != 25 {
		t.Errorf("mira's diff %+v", m)
	}
	if _, _, err := encounter.End(out, "victory", encounter.EndOptions{}); !fault.Is(err, fault.Conflict) {
		t.Errorf("the owner's End after = %v, want conflict", err)
	}
}

func TestDecodeAction(t *testing.T) {
	good := []string{
		`{"kind":"attack","target_id":"goblin-1","weapon":"longsword"}`,
		`{"kind":"attack","target_id":"goblin-1","distance":60,"end_turn":true}`,
		`{"kind":"end_turn"}`, `{"kind":"death_save"}`,
	}
	for _, s := range good {
		if _, err := encounter.DecodeAction([]byte(s)); err != nil {
			t.Errorf("DecodeAction(%s) = %v", s, err)
		}
	}
	bad := map[string]string{
		`{"kind":"fly"}`:                                  "action.kind",
		`{"kind":"attack"}`:                               "action.target_id",
		`{"kind":"attack","target_id":"g","x":1}`:         "action",
		`{"kind":"attack","target_id":"g","distance":-1}`: "action.distance",
		`{"kind":"dodge"} {}`:                             "action",
		`[]`:                                              "action",
		`{"kind":"attack","target_id":"` + strings.Repeat("g", 101) + `"}`: "action.target_id",
	}
	for s, field := range bad {
		var fe *fault.Error
		if _, err := encounter.DecodeAction([]byte(s)); !asFault(err, &fe) || fe.Kind != fault.Invalid || fe.Field != field {
			t.Errorf("DecodeAction(%s) = %v, want invalid on %q", s, err, field)
		}
	}
}

func TestExtraAttack(t *testing.T) {
	for _, tt := range []struct {
		class   string
		level   int
		attacks int
	}{
		{"fighter", 4, 1}, {"fighter", 5, 2}, {"fighter", 11, 3}, {"fighter", 20, 4},
		{"paladin", 5, 2}, {"ranger", 12, 2}, {"rogue", 5, 1}, {"wizard", 20, 1},
	} {
		t.Run(fmt.Sprintf("%s%d", tt.class, tt.level), func(t *testing.T) {
			ch := mira()
			ch.Class, ch.Level = tt.class, tt.level
			if tt.class == "rogue" || tt.class == "wizard" {
				ch.Inventory = []campaign.Item{{Item: "dagger", Qty: 1}}
			}
			giant := []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}} // 59 HP: every attack lands on it
			e, _, err := encounter.Start("enc", []campaign.Character{ch}, giant, nil, faces(t, 18, 1), nil)
			if err != nil {
				t.Fatal(err)
			}
			weapon := "longsword"
			if tt.class == "rogue" || tt.class == "wizard" {
				weapon = "dagger"
			}
			_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "ogre-1", Weapon: weapon}, scriptAfter(t, 2))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Attacks) != tt.attacks {
				t.Errorf("%d attacks, want %d: %s", len(res.Attacks), tt.attacks, res.Summary())
			}
		})
	}
}

func TestSneakAttack(t *testing.T) {
	t.Run("WithAnAllyStanding", func(t *testing.T) {
		// Tavi's rapier: 10+5 hits the goblin's AC 15; 1d8+3 rolls 2; 2d6 rolls 1 and 1.
		out, res, err := encounter.Act(taviFirstIn(t), "tavi", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "rapier", EndTurn: false}, faces(t, 10, 2, 1, 1))
		if err != nil {
			t.Fatal(err)
		}
		a := res.Attacks[0]
		if !a.Sneak || a.Damage.Taken != 7 || res.Rolls[len(res.Rolls)-1].Reason != "sneak attack" {
			t.Errorf("attack = sneak %v, %d damage, rolls %+v", a.Sneak, a.Damage.Taken, res.Rolls)
		}
		if p := participant(t, out, "tavi"); !p.Turn.SneakUsed {
			t.Error("Sneak Attack not marked used for the turn")
		}
	})
	t.Run("NotAloneWithoutAdvantage", func(t *testing.T) {
		e := edit(taviFirstIn(t), "mira", dying)
		_, res, err := encounter.Act(e, "tavi", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "rapier"}, faces(t, 10, 2))
		if err != nil {
			t.Fatal(err)
		}
		if res.Attacks[0].Sneak {
			t.Errorf("a sneak attack with nobody beside the target: %s", res.Summary())
		}
	})
	t.Run("NotWithAHeavyWeapon", func(t *testing.T) {
		e := edit(taviFirstIn(t), "tavi", func(p *encounter.Participant) { p.Weapons = append(p.Weapons, "club") })
		_, res, err := encounter.Act(e, "tavi", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "club"}, faces(t, 14, 2))
		if err != nil {
			t.Fatal(err)
		}
		if res.Attacks[0].Sneak {
			t.Errorf("a sneak attack with a club: %s", res.Summary())
		}
	})
}

// taviFirstIn is Mira and Tavi against two goblins, Tavi acting first.
// taviFirstIn is a fight of Mira and Tavi against two goblins where Tavi
// (21) goes first: Goblin 2 (4), Goblin 1 (3), Mira (2). Mira is in
// melee with Goblin 1.
func taviFirstIn(t *testing.T) encounter.Encounter {
	t.Helper()
	e := begin(t, goblins(2), nil, 1, 18, 1, 2)
	if e.Current != "tavi" {
		t.Fatalf("current %q", e.Current)
	}
	return engage(t, e, "mira", "goblin-1")
}
