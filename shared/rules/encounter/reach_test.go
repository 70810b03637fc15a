package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// miraAlone is Mira alone against n goblins, Mira first (21; the goblins
// 3, 4, ...).
func miraAlone(t *testing.T, n int) encounter.Encounter {
	t.Helper()
	init := []int{20}
	for i := range n {
		init = append(init, i+1)
	}
	e, _, err := encounter.Start("enc-m", []campaign.Character{mira()}, goblins(n), nil, faces(t, init...), nil)
	if err != nil {
		t.Fatal(err)
	}
	if e.Current != "mira" {
		t.Fatalf("current %q, want Mira", e.Current)
	}
	return e
}

func TestReach(t *testing.T) {
	t.Run("AMeleeAttackEngages", func(t *testing.T) {
		out, _, err := encounter.Act(miraAlone(t, 1), "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword"}, faces(t, 2))
		if err != nil {
			t.Fatal(err)
		}
		if m, g := participant(t, out, "mira"), participant(t, out, "goblin-1"); !slices.Equal(m.Engaged, []string{"goblin-1"}) || !slices.Equal(g.Engaged, []string{"mira"}) {
			t.Errorf("engaged: Mira %v, goblin %v", m.Engaged, g.Engaged)
		}
	})
	t.Run("MovingAwayDrawsAnOpportunityAttack", func(t *testing.T) {
		e := engage(t, miraAlone(t, 1), "mira", "goblin-1")
		// The goblin's scimitar: 15+4 hits AC 16, 1d6+2 rolls 3.
		out, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionMove}, faces(t, 15, 3))
		if err != nil {
			t.Fatal(err)
		}
		m, g := participant(t, out, "mira"), participant(t, out, "goblin-1")
		if !res.Moved || m.HP != 23 || !g.ReactionUsed || len(m.Engaged) != 0 || len(g.Engaged) != 0 || m.Turn.Movement != 0 {
			t.Errorf("moved %v; Mira HP %d engaged %v movement %d; goblin reaction used %v engaged %v: %s",
				res.Moved, m.HP, m.Engaged, m.Turn.Movement, g.ReactionUsed, g.Engaged, res.Summary())
		}
		if !strings.Contains(res.Summary(), "opportunity attack") || out.Current != "mira" {
			t.Errorf("summary %q, current %q (a move leaves the turn open)", res.Summary(), out.Current)
		}
		_, _, err = encounter.Act(out, "mira", encounter.Action{Kind: encounter.ActionMove}, faces(t))
		if fault.ReasonOf(err) != encounter.NotAllowed {
			t.Errorf("a second move without Dash: %v, want not_allowed", err)
		}
	})
	t.Run("DisengageLeavesFreely", func(t *testing.T) {
		e := engage(t, miraAlone(t, 1), "mira", "goblin-1")
		e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionDisengage}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		out, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionMove}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if !res.Moved || participant(t, out, "goblin-1").ReactionUsed || len(res.Rolls) != 0 {
			t.Errorf("a disengaged move drew %+v: %s", res.Rolls, res.Summary())
		}
	})
	t.Run("DashGivesASecondMove", func(t *testing.T) {
		e, _, err := encounter.Act(miraAlone(t, 1), "mira", encounter.Action{Kind: encounter.ActionDash}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionMove}, faces(t)); err != nil {
				t.Fatal(err)
			}
		}
	})
	t.Run("WhatMovementIsLeftStillMoves", func(t *testing.T) {
		// A speed raised during the turn (Longstrider) leaves less than a
		// speed's worth of the allowance the turn began with: one move.
		e := edit(miraAlone(t, 1), "mira", func(p *encounter.Participant) { p.Combatant.Speed = 40 })
		out, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionMove}, faces(t))
		if err != nil || !res.Moved || participant(t, out, "mira").Turn.Movement != 0 {
			t.Fatalf("a move with 30 ft left at speed 40: %v, moved %v", err, res.Moved)
		}
	})
	t.Run("AFallenMoverStays", func(t *testing.T) {
		e := engage(t, miraAlone(t, 1), "mira", "goblin-1")
		e = edit(e, "mira", func(p *encounter.Participant) { p.Combatant.HP, p.HP = 2, 2 })
		// Dropped, she is the last character down: the fight is lost, and
		// her death saves (10, 10, 10) leave her stable.
		out, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionMove}, faces(t, 15, 3, 10, 10, 10))
		if err != nil {
			t.Fatal(err)
		}
		if res.Moved || participant(t, out, "mira").HP != 0 || len(participant(t, out, "mira").Engaged) != 1 {
			t.Errorf("a mover dropped by the opportunity attack moved: %s", res.Summary())
		}
	})
	t.Run("SwitchingTargetsLeavesReach", func(t *testing.T) {
		e := engage(t, miraAlone(t, 2), "mira", "goblin-1")
		// Goblin 1 strikes as Mira goes (2+4 misses), then Mira's
		// longsword at Goblin 2 (2+5 misses).
		out, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-2", Weapon: "longsword"}, faces(t, 2, 2))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Attacks) != 2 || res.Attacks[0].AttackerID != "goblin-1" || res.Attacks[1].TargetID != "goblin-2" {
			t.Fatalf("attacks = %+v", res.Attacks)
		}
		if m := participant(t, out, "mira"); !slices.Equal(m.Engaged, []string{"goblin-2"}) {
			t.Errorf("Mira engaged with %v, want goblin-2 only", m.Engaged)
		}
	})
	t.Run("ARangedAttackInReachHasDisadvantage", func(t *testing.T) {
		e := engage(t, taviFirstIn(t), "tavi", "goblin-2")
		_, res, err := encounter.Act(e, "tavi", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "shortbow"}, faces(t, 18, 2))
		if err != nil {
			t.Fatal(err)
		}
		if a := res.Attacks[0]; !slices.Contains(a.Edge.Disadvantage, "a foe within reach") || a.Natural != 2 {
			t.Errorf("attack = %+v, want disadvantage keeping the 2", a)
		}
	})
	t.Run("SneakAttackNeedsAnAllyInReach", func(t *testing.T) {
		e := taviFirstIn(t) // Mira is in melee with Goblin 1, not Goblin 2
		_, res, err := encounter.Act(e, "tavi", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-2", Weapon: "rapier"}, faces(t, 10, 2))
		if err != nil {
			t.Fatal(err)
		}
		if res.Attacks[0].Sneak {
			t.Errorf("sneak attack on a goblin nobody stands beside: %s", res.Summary())
		}
	})
	t.Run("OnlyCharactersMove", func(t *testing.T) {
		e := goblinFirst(t, mira())
		_, _, err := encounter.Act(e, "goblin-1", encounter.Action{Kind: encounter.ActionMove}, faces(t))
		if fault.ReasonOf(err) != encounter.NotAllowed {
			t.Errorf("a monster's move: %v, want not_allowed", err)
		}
	})
}

// TestMonsterLeavingReach: a goblin in melee with Mira goes for Ilsa, the
// weakest; Mira may make an opportunity attack as it goes, a moment of
// the goblin's turn before its attack.
func TestMonsterLeavingReach(t *testing.T) {
	start := func(t *testing.T) encounter.Encounter {
		e := engage(t, goblinFirst(t, mira(), caster("ilsa", "wizard", 1, 6)), "mira", "goblin-1")
		// Without its Nimble Escape, which would disengage first.
		return edit(e, "goblin-1", func(p *encounter.Participant) { p.Traits = nil })
	}
	_, res, err := encounter.MonsterTurnWith(start(t), faces(t, 10, 3), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Openings) < 1 {
		t.Fatalf("openings = %+v", res.Openings)
	}
	o := res.Openings[0]
	if f, ok := offerOf(o, "mira", encounter.OpportunityAttack); !ok || !o.Before || o.Attack != 0 || o.Roll != 0 || f.Changes != encounter.ChangesUnknown ||
		!strings.Contains(o.Trigger, "leaves Mira's reach") {
		t.Errorf("opening = %+v, want Mira's opportunity attack before the goblin's roll", o)
	}
	if a := res.Attacks[0]; a.TargetID != "ilsa" || a.Natural != 10 {
		t.Errorf("the goblin's attack = %+v, want the 10 at Ilsa", a)
	}

	// Mira takes it: her attack comes from the reactions' own dice.
	// Whatever it rolls, the goblin goes on from the same dice if it stands.
	var hit, missed bool
	for seed := uint64(1); seed < 60 && !(hit && missed); seed++ {
		rs := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "mira", Name: encounter.OpportunityAttack}}, Seed: seed}
		out, res, err := encounter.MonsterTurnWith(start(t), scriptAfter(t, 10, 3), rs)
		if err != nil {
			t.Fatal(err)
		}
		m, g := participant(t, out, "mira"), participant(t, out, "goblin-1")
		oa := res.Attacks[0]
		if oa.AttackerID != "mira" || !m.ReactionUsed || len(res.Applied) != 1 || res.Applied[0].CharacterID != "mira" {
			t.Fatalf("seed %d: attacks %+v applied %+v", seed, res.Attacks, res.Applied)
		}
		if oa.Hit {
			hit = true
		} else {
			missed = true
		}
		switch {
		case g.Defeated:
			if len(res.Attacks) != 1 || !strings.Contains(res.Summary(), "falls before it gets there") {
				t.Errorf("seed %d: a felled goblin went on: %s", seed, res.Summary())
			}
		default:
			if len(res.Attacks) != 2 || res.Attacks[1].Natural != 10 || res.Attacks[1].TargetID != "ilsa" {
				t.Errorf("seed %d: the goblin's attack after the opportunity attack = %+v", seed, res.Attacks)
			}
			if !slices.Equal(g.Engaged, []string{"ilsa"}) {
				t.Errorf("seed %d: the goblin is engaged with %v, want Ilsa", seed, g.Engaged)
			}
		}
	}
	if !hit || !missed {
		t.Errorf("no seed made both a hit (%v) and a miss (%v)", hit, missed)
	}

	t.Run("NotOfferedOnceTheReactionIsUsed", func(t *testing.T) {
		e := edit(start(t), "mira", func(p *encounter.Participant) { p.ReactionUsed = true })
		_, res, err := encounter.MonsterTurnWith(e, scriptAfter(t, 10, 3), encounter.Reactions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range res.Openings {
			if _, ok := offerOf(o, "mira", encounter.OpportunityAttack); ok {
				t.Errorf("Mira offered an opportunity attack without her reaction: %+v", o)
			}
		}
	})
	t.Run("ARefusedOpportunityAttackIsInvalid", func(t *testing.T) {
		rs := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "ilsa", Name: encounter.OpportunityAttack}}}
		_, _, err := encounter.MonsterTurnWith(start(t), scriptAfter(t, 10, 3), rs)
		if !fault.Is(err, fault.Invalid) {
			t.Errorf("Ilsa, whose reach the goblin is not leaving: %v, want invalid", err)
		}
	})
}
