package turn_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
)

func participant(t *testing.T, d turn.Decision, id string) encounter.Participant {
	t.Helper()
	e, err := encounter.FromRecord(*d.Encounter)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := e.Participant(id)
	if !ok {
		t.Fatalf("no participant %s", id)
	}
	return p
}

// Grapple and shove are contests of Athletics against the target's better
// of Athletics and Acrobatics (a goblin's Acrobatics, +2); winning one
// grapples the target, knocks it prone or pushes it out of reach, and
// takes the action.
func TestGrappleAndShove(t *testing.T) {
	v, mira, _ := table(t) // Athletics +3
	for _, tc := range []struct {
		name  string
		in    intent.Intent
		faces []int
		want  string
		holds func(encounter.Participant, encounter.Participant) bool
	}{
		{"GrappleWon", intent.Intent{Kind: "grapple", TargetID: "goblin-1"}, []int{15, 5},
			"Goblin 1 is grappled by Mira", func(m, g encounter.Participant) bool {
				return g.GrappledBy == "mira" && g.Combatant.Conditions.Has(rules.Grappled)
			}},
		{"GrappleLost", intent.Intent{Kind: "grapple", TargetID: "goblin-1"}, []int{5, 15},
			"Goblin 1 wins the contest", func(m, g encounter.Participant) bool {
				return g.GrappledBy == "" && !g.Combatant.Conditions.Has(rules.Grappled)
			}},
		{"ShoveProne", intent.Intent{Kind: "shove", TargetID: "goblin-1"}, []int{15, 5},
			"Goblin 1 is prone", func(m, g encounter.Participant) bool { return g.Combatant.Conditions.Has(rules.Prone) }},
		{"ShovePush", intent.Intent{Kind: "shove", TargetID: "goblin-1", Choice: "push"}, []int{15, 5},
			"pushes Goblin 1 5 feet away", func(m, g encounter.Participant) bool { return !slices.Contains(m.Engaged, "goblin-1") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fight(t, v)
			in := tc.in
			in.KeepTurn = true
			d, err := turn.Decide(f, mira, act(in), dicetest.Faces(t, tc.faces...))
			if err != nil {
				t.Fatal(err)
			}
			m, g := participant(t, d, "mira"), participant(t, d, "goblin-1")
			if !strings.Contains(d.Summary, tc.want) || !tc.holds(m, g) || !m.Turn.ActionUsed || len(d.Rolls) != 2 {
				t.Fatalf("summary %q, goblin %+v, action used %v, rolls %d", d.Summary, g, m.Turn.ActionUsed, len(d.Rolls))
			}
			if !strings.Contains(d.Rolls[1].Reason, "Acrobatics") {
				t.Fatalf("the goblin resisted with %q, want its Acrobatics", d.Rolls[1].Reason)
			}
		})
	}
	t.Run("OutOfAFight", func(t *testing.T) {
		if _, err := turn.Decide(v, mira, act(intent.Intent{Kind: "grapple", TargetID: "bram"}), dicetest.Faces(t)); fault.ReasonOf(err) != fault.NotAllowed {
			t.Fatalf("a grapple out of a fight: %v, want refused", err)
		}
	})
	t.Run("ShoveChoiceIsClosed", func(t *testing.T) {
		_, err := turn.Decide(fight(t, v), mira, act(intent.Intent{Kind: "shove", TargetID: "goblin-1", Choice: "sideways"}), dicetest.Faces(t))
		if err == nil || !strings.Contains(err.Error(), "prone, push") {
			t.Fatalf("a shove sideways: %v, want refused", err)
		}
	})
}

// A grappled creature escapes with its action, by the same contest the
// other way round; until then its speed is 0.
func TestEscapeGrapple(t *testing.T) {
	v, mira, bram := table(t)
	f := fight(t, v)
	d, err := turn.Decide(f, mira, act(intent.Intent{Kind: "grapple", TargetID: "bram"}), dicetest.Faces(t, 15, 5))
	if err != nil {
		t.Fatal(err)
	}
	if b := participant(t, d, "bram"); b.GrappledBy != "mira" || b.Combatant.CurrentSpeed() != 0 {
		t.Fatalf("Bram grappled by %q at speed %d, want Mira's and 0", b.GrappledBy, b.Combatant.CurrentSpeed())
	}
	f.Encounter = d.Encounter
	d, err = turn.Decide(f, bram, act(intent.Intent{Kind: "escape"}), dicetest.Faces(t, 18, 2))
	if err != nil {
		t.Fatal(err)
	}
	b := participant(t, d, "bram")
	if b.GrappledBy != "" || b.Combatant.Conditions.Has(rules.Grappled) || !strings.Contains(d.Summary, "Bram is free of the grapple") {
		t.Fatalf("after escaping: %+v, %q", b, d.Summary)
	}
	if _, err := turn.Decide(v, bram, act(intent.Intent{Kind: "escape"}), dicetest.Faces(t)); fault.ReasonOf(err) != fault.NotAllowed {
		t.Fatalf("an escape out of a fight: %v, want refused", err)
	}
}

// A grapple ends by itself when the grappler can no longer hold on: the
// held creature's turn starts free.
func TestGrappleEndsWhenTheGrapplerCannotHold(t *testing.T) {
	v, mira, bram := table(t)
	f := fight(t, v)
	d, err := turn.Decide(f, mira, act(intent.Intent{Kind: "grapple", TargetID: "goblin-1"}), dicetest.Faces(t, 15, 5))
	if err != nil {
		t.Fatal(err)
	}
	e, err := encounter.FromRecord(*d.Encounter)
	if err != nil {
		t.Fatal(err)
	}
	for i := range e.Participants {
		if e.Participants[i].ID == "mira" {
			e.Participants[i].Combatant.Conditions = e.Participants[i].Combatant.Conditions.With(rules.Stunned)
		}
	}
	rec, err := encounter.Record(e, d.Encounter.Version)
	if err != nil {
		t.Fatal(err)
	}
	f.Encounter = &rec
	d, err = turn.Decide(f, bram, act(intent.Intent{Kind: "end_turn"}), dicetest.Faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if g := participant(t, d, "goblin-1"); g.GrappledBy != "" || g.Combatant.Conditions.Has(rules.Grappled) || !strings.Contains(d.Summary, "Goblin 1 is free of the grapple") {
		t.Fatalf("the goblin's turn starts %+v, %q; want it free", g, d.Summary)
	}
}
