package turn_test

import (
	"strings"
	"testing"

	"chronicler/shared/dice/dicetest"
	"chronicler/shared/intent"
	"chronicler/shared/rules/turn"
)

// Words that describe an uncertain task call for a check with a DC from
// the SRD's table, and the result says whether it passed: on the roll
// (dc, outcome) and in the sentence the narrator must agree with.
func TestCheckFromWords(t *testing.T) {
	v, mira, _ := table(t) // Mira: Strength 16, not proficient in Athletics: +3
	for _, tc := range []struct {
		name    string
		face    int
		outcome string
		summary string
	}{
		{"Passes", 12, "success", "Mira succeeds on a DC 15 Strength (Athletics) check (15)."},
		{"Fails", 11, "failure", "Mira fails a DC 15 Strength (Athletics) check (14)."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := turn.Decide(v, mira, turn.Action{Text: "I try to lift the heavy barrel"}, dicetest.Faces(t, tc.face))
			if err != nil {
				t.Fatal(err)
			}
			if d.Intent == nil || d.Intent.Kind != "check" || d.Intent.Skill != "athletics" || d.Intent.Difficulty != "medium" {
				t.Fatalf("intent %+v, want a medium Athletics check", d.Intent)
			}
			if len(d.Rolls) != 1 || d.Rolls[0].DC != 15 || d.Rolls[0].Outcome != tc.outcome {
				t.Fatalf("rolls %+v, want one against DC 15 with outcome %s", d.Rolls, tc.outcome)
			}
			if d.Summary != tc.summary {
				t.Fatalf("summary %q, want %q", d.Summary, tc.summary)
			}
		})
	}
}

// Each difficulty the words or the model may name is the SRD's DC; a
// check asked for without one keeps only its total.
func TestCheckDifficultySetsDC(t *testing.T) {
	v, mira, _ := table(t)
	want := map[string]int{"very_easy": 5, "easy": 10, "medium": 15, "hard": 20, "very_hard": 25, "nearly_impossible": 30}
	if len(want) != len(intent.Difficulties) {
		t.Fatalf("difficulties %v, want the six of the SRD's table", intent.Difficulties)
	}
	for _, diff := range intent.Difficulties {
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "check", Ability: "str", Difficulty: diff}), dicetest.Faces(t, 10))
		if err != nil {
			t.Fatal(err)
		}
		if d.Rolls[0].DC != want[diff] || !strings.Contains(d.Summary, "DC ") {
			t.Errorf("%s: DC %d (%q), want %d", diff, d.Rolls[0].DC, d.Summary, want[diff])
		}
	}
	d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "check", Ability: "str"}), dicetest.Faces(t, 10))
	if err != nil || d.Rolls[0].DC != 0 || d.Rolls[0].Outcome != "" || d.Summary != "Mira makes a Strength check: 13." {
		t.Fatalf("a check without a difficulty: %+v, %v", d, err)
	}
	_, err = turn.Decide(v, mira, act(intent.Intent{Kind: "check", Ability: "str", Difficulty: "15"}), dicetest.Faces(t))
	if err == nil || !strings.Contains(err.Error(), "difficulty") {
		t.Fatalf("a number for a difficulty: %v, want refused", err)
	}
}

// A rogue doubles its proficiency bonus in its expertise; armour that
// hinders stealth gives disadvantage on Stealth, and on hiding.
func TestCheckExpertiseAndArmour(t *testing.T) {
	v, mira, _ := table(t)
	rogue := build(t, "tavi", "Tavi", "rogue") // Athletics: +3 Str, +4 expertise at 1st level
	d, err := turn.Decide(v, rogue, act(intent.Intent{Kind: "check", Ability: "str", Skill: "athletics", Difficulty: "hard"}), dicetest.Faces(t, 13))
	if err != nil {
		t.Fatal(err)
	}
	if d.Rolls[0].Total != 20 || d.Rolls[0].Outcome != "success" {
		t.Fatalf("rogue's Athletics: %+v, want 13+7 = 20, a success against DC 20", d.Rolls[0])
	}
	for _, text := range []string{"I sneak past the guard", "I hide behind the bar"} {
		d, err := turn.Decide(v, mira, turn.Action{Text: text}, dicetest.Faces(t, 18, 4)) // chain mail
		if err != nil {
			t.Fatal(err)
		}
		if !d.Rolls[0].Disadvantage || d.Rolls[0].Total != 6 || !strings.Contains(d.Summary, "disadvantage") {
			t.Fatalf("%q in chain mail: %+v %q, want the lower of 18 and 4 (+2)", text, d.Rolls[0], d.Summary)
		}
	}
}

// In a fight, hiding is Stealth against the foes' best passive
// Perception, with the disadvantage of armour that hinders it.
func TestHideInChainMailInAFight(t *testing.T) {
	v, mira, _ := table(t)
	d, err := turn.Decide(fight(t, v), mira, act(intent.Intent{Kind: "hide"}), dicetest.Faces(t, 18, 4))
	if err != nil {
		t.Fatal(err)
	}
	if !d.Rolls[0].Disadvantage || d.Rolls[0].Total != 6 || !strings.Contains(d.Summary, "passive Perception 9") || !strings.Contains(d.Summary, "noticed") {
		t.Fatalf("hiding in chain mail: %+v %q; want 4+2 = 6 with disadvantage, noticed by passive Perception 9", d.Rolls[0], d.Summary)
	}
}
