package narrator_test

import (
	"encoding/json"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/fault"
	"chronicler/shared/narrator"
)

var choices = narrator.IntentChoices{
	Areas:   []narrator.Choice{{ID: "cellar", Name: "the cellar"}},
	Targets: []narrator.Choice{{ID: "goblin-1", Name: "Goblin 1"}, {ID: "mira", Name: "Mira"}},
	Weapons: []narrator.Choice{{ID: "handaxe", Name: "handaxe"}},
	Items:   []narrator.Choice{{ID: "rope", Name: "rope"}},
	Spells:  []narrator.Choice{{ID: "cure-wounds", Name: "Cure Wounds"}},
}

func TestDecodeIntentAnswer(t *testing.T) {
	good := map[string]string{
		`{"kind":"attack","target_id":"goblin-1","weapon":"handaxe"}`:               `{"kind":"attack","target_id":"goblin-1","weapon":"handaxe"}`,
		`{"kind":"cast","spell":"cure-wounds","target_ids":["mira"]}`:               `{"kind":"cast","target_ids":["mira"],"spell":"cure-wounds"}`,
		`{"kind":"check","ability":"wis","skill":"perception","difficulty":"hard"}`: `{"kind":"check","ability":"wis","skill":"perception","difficulty":"hard"}`,
		// A task the words describe has a difficulty: medium when the
		// answer names none.
		`{"kind":"check","ability":"wis","skill":"perception"}`: `{"kind":"check","ability":"wis","skill":"perception","difficulty":"medium"}`,
		`{"kind":"move","to_area_id":"cellar"}`:                 `{"kind":"move","to_area_id":"cellar"}`,
		`{"kind":"use_item","item":"rope"}`:                     `{"kind":"use_item","item":"rope"}`,
		`{"kind":"rest","rest":"short"}`:                        `{"kind":"rest","rest":"short"}`,
		`{"kind":"dodge"}`:                                      `{"kind":"dodge"}`,
		`{"kind":"help","target_id":"mira"}`:                    `{"kind":"help","target_id":"mira"}`,
		`{"kind":"say"}`:                                        ``,
	}
	for in, want := range good {
		got, err := narrator.DecodeIntentAnswer([]byte(in), choices)
		if err != nil || string(got) != want {
			t.Errorf("%s: %s, %v; want %s", in, got, err, want)
			continue
		}
		if got != nil {
			if _, err := events.DecodeIntent(got); err != nil {
				t.Errorf("%s: the engine refuses %s: %v", in, got, err)
			}
		}
	}
	bad := map[string]string{
		"NotJSON":             `{"kind":`,
		"UnknownKind":         `{"kind":"teleport"}`,
		"UnknownField":        `{"kind":"dodge","mood":"grim"}`,
		"TargetNotOffered":    `{"kind":"attack","target_id":"innkeeper"}`,
		"WeaponNotOffered":    `{"kind":"attack","target_id":"goblin-1","weapon":"greatsword"}`,
		"AreaNotOffered":      `{"kind":"move","to_area_id":"the-moon"}`,
		"SpellNotOffered":     `{"kind":"cast","spell":"wish"}`,
		"AttackWithoutAim":    `{"kind":"attack"}`,
		"FieldOfOtherKind":    `{"kind":"dodge","target_id":"goblin-1"}`,
		"SayWithATarget":      `{"kind":"say","target_id":"goblin-1"}`,
		"SlotTooHigh":         `{"kind":"cast","spell":"cure-wounds","slot_level":12}`,
		"TooManyTargets":      `{"kind":"cast","spell":"cure-wounds","target_ids":["mira","mira","mira"]}`,
		"AnArray":             `[{"kind":"dodge"}]`,
		"TwoObjects":          `{"kind":"dodge"}{"kind":"dash"}`,
		"CheckWithoutAbility": `{"kind":"check","skill":"stealth"}`,
		"DifficultyAsNumber":  `{"kind":"check","ability":"str","difficulty":"15"}`,
		"DifficultyAsDC":      `{"kind":"check","ability":"str","difficulty":15}`,
		"UnknownDifficulty":   `{"kind":"check","ability":"str","difficulty":"trivial"}`,
		"DifficultyElsewhere": `{"kind":"dodge","difficulty":"easy"}`,
	}
	for name, in := range bad {
		t.Run(name, func(t *testing.T) {
			if got, err := narrator.DecodeIntentAnswer([]byte(in), choices); !fault.Is(err, fault.Invalid) || got != nil {
				t.Errorf("%s = %s, %v; want invalid", in, got, err)
			}
		})
	}
	if !strings.Contains(narrator.IntentBlocks(narrator.IntentRequest{Text: "I run", Choices: choices})[1].Text, "the cellar (id cellar)") {
		t.Error("the prompt does not offer the areas by id")
	}
}

func FuzzDecodeIntentAnswer(f *testing.F) {
	f.Add([]byte(`{"kind":"attack","target_id":"goblin-1","weapon":"handaxe"}`))
	f.Add([]byte(`{"kind":"cast","spell":"cure-wounds","target_ids":["mira"],"slot_level":2}`))
	f.Add([]byte(`{"kind":"say"}`))
	f.Add([]byte(`{"kind":"check","ability":"dex","skill":"stealth","difficulty":"very_hard"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := narrator.DecodeIntentAnswer(b, choices)
		if err != nil {
			if !fault.Is(err, fault.Invalid) {
				t.Fatalf("error of another kind: %v", err)
			}
			return
		}
		if got == nil {
			return
		}
		var in narrator.ReadIntent
		if json.Unmarshal(got, &in) != nil || in.Kind == "" || in.Kind == "say" {
			t.Fatalf("accepted %s as %s", b, got)
		}
	})
}
