package intent_test

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/intent"
)

// The table names only fields an Intent has, each kind once.
func TestKindTableNamesRealFields(t *testing.T) {
	var wire []string
	typ := reflect.TypeFor[intent.Intent]()
	for i := range typ.NumField() {
		wire = append(wire, strings.Split(typ.Field(i).Tag.Get("json"), ",")[0])
	}
	seen := map[string]bool{}
	for _, k := range intent.Kinds() {
		if seen[k.Name] {
			t.Errorf("%s: twice in the table", k.Name)
		}
		seen[k.Name] = true
		for _, f := range k.Fields {
			if !slices.Contains(wire, f.Name) {
				t.Errorf("%s checks %s, which no intent has", k.Name, f.Name)
			}
		}
		for _, f := range k.ReadFields {
			if !slices.Contains(wire, f) {
				t.Errorf("%s reads %s, which no intent has", k.Name, f)
			}
		}
	}
	for _, f := range wire {
		full := intent.Intent{Kind: "x", TargetID: "x", Weapon: "x", Spell: "x", TargetIDs: []string{"x"}, SlotLevel: 1, Ability: "x",
			Skill: "x", Difficulty: "x", ToAreaID: "x", Item: "x", Rest: "x", Text: "x", Bonus: true, KeepTurn: true, Ongoing: true, Choice: "x",
			HP: "x", Increases: map[string]int{"x": 1}, Feature: "x", Subclass: "x", Choices: map[string][]string{"x": {"y"}}, Spells: []string{"x"}, Replace: map[string]string{"x": "y"},
			With: []string{"x"}, Spare: []string{"x"}}
		if !full.Has(f) || (intent.Intent{}).Has(f) {
			t.Errorf("Has(%s) does not tell whether the field is set", f)
		}
	}
}

func TestAllowed(t *testing.T) {
	tests := []struct {
		name      string
		allowlist []string
		kind      string
		want      bool
	}{
		{"EmptyListAllowsAll", nil, "attack", true},
		{"Listed", []string{"check", "move"}, "move", true},
		{"NotListed", []string{"check", "move"}, "attack", false},
		{"SayAlways", []string{"check"}, "say", true},
		{"EndTurnAlways", []string{"check"}, "end_turn", true},
		{"UnknownNotListed", []string{"check"}, "teleport", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := intent.Allowed(tt.allowlist, tt.kind); got != tt.want {
				t.Errorf("Allowed(%v, %s) = %v, want %v", tt.allowlist, tt.kind, got, tt.want)
			}
		})
	}
}

// Validate answers from the row: the field at fault, as the op given.
func TestValidate(t *testing.T) {
	tests := []struct {
		name  string
		in    intent.Intent
		field string
	}{
		{"AttackNeedsTarget", intent.Intent{Kind: "attack"}, "intent.target_id"},
		{"HelpNeedsNothing", intent.Intent{Kind: "help"}, ""},
		{"HideMayBeBonus", intent.Intent{Kind: "hide", Bonus: true}, ""},
		{"DodgeMayNotBeBonus", intent.Intent{Kind: "dodge", Bonus: true}, "intent.bonus"},
		{"ChoiceOnlyWithCast", intent.Intent{Kind: "move", ToAreaID: "a", Choice: "fire"}, "intent.choice"},
		{"CastTakesChoice", intent.Intent{Kind: "cast", Spell: "command", Choice: "halt", Ongoing: true}, ""},
		{"UnknownKind", intent.Intent{Kind: "teleport"}, "intent.kind"},
		{"LevelUpTakesChoices", intent.Intent{Kind: "level_up", HP: "roll", Increases: map[string]int{"str": 1, "con": 1}}, ""},
		{"LevelUpTakesNothing", intent.Intent{Kind: "level_up"}, ""},
		{"LevelUpReplacesASpell", intent.Intent{Kind: "level_up", Replace: map[string]string{"spells": "sleep"}, Choices: map[string][]string{"spells": {"shield"}}}, ""},
		{"ReplaceGoesWithLevelUpOnly", intent.Intent{Kind: "prepare", Spells: []string{"bless"}, Replace: map[string]string{"spells": "sleep"}}, "intent.replace"},
		{"PrepareNamesItsSpells", intent.Intent{Kind: "prepare", Spells: []string{"bless", "cure-wounds"}}, ""},
		{"PrepareNeedsSpells", intent.Intent{Kind: "prepare"}, "intent.spells"},
		{"SpellsGoWithPrepareOnly", intent.Intent{Kind: "cast", Spell: "bless", Spells: []string{"bless"}}, "intent.spells"},
		{"LevelUpHPFixedOrRoll", intent.Intent{Kind: "level_up", HP: "max"}, "intent.hp"},
		{"IncreasesAreAbilities", intent.Intent{Kind: "level_up", Increases: map[string]int{"luck": 2}}, "intent.increases"},
		{"IncreasesAreTwoAtMost", intent.Intent{Kind: "level_up", Increases: map[string]int{"str": 2, "dex": 1}}, "intent.increases"},
		{"IncreasesAreOneOrTwo", intent.Intent{Kind: "level_up", Increases: map[string]int{"str": 3}}, "intent.increases"},
		{"IncreasesOnlyWithLevelUp", intent.Intent{Kind: "check", Ability: "str", Increases: map[string]int{"str": 2}}, "intent.increases"},
		{"HPOnlyWithLevelUp", intent.Intent{Kind: "rest", Rest: "long", HP: "roll"}, "intent.hp"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.in.Validate("check intent")
			var fe *fault.Error
			switch {
			case tt.field == "" && err != nil:
				t.Fatalf("Validate = %v, want nil", err)
			case tt.field != "" && (!fault.Is(err, fault.Invalid) || !errors.As(err, &fe) || fe.Field != tt.field || fe.Op != "check intent"):
				t.Fatalf("Validate = %v, want invalid %s of check intent", err, tt.field)
			}
		})
	}
}

// Kinds are added at the end, never reordered: the allowlist's message
// and the read_intent answer's shape list them in the table's order.
func TestKindsKeepTheirOrder(t *testing.T) {
	was := []string{"attack", "cast", "check", "move", "use_item", "dodge", "dash", "disengage", "help", "end_turn", "rest", "say", "hide", "second_wind"}
	if got := intent.Names(); len(got) < len(was) || !slices.Equal(got[:len(was)], was) {
		t.Fatalf("kinds %v, want them to begin %v", got, was)
	}
}
