package campaign

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/fault"
)

func TestCreationChoices(t *testing.T) {
	build := func(n NewCharacter) (Character, error) {
		if n.Name == "" {
			n.Name = "Nim"
		}
		if n.Race == "" {
			n.Race = "human"
		}
		return n.Build("c1", "p1")
	}
	t.Run("ARogueGetsTheExpertiseAskedFor", func(t *testing.T) {
		ch, err := build(NewCharacter{Class: "rogue", Skills: []string{"stealth", "perception", "acrobatics", "deception"},
			Choices: map[string][]string{"expertise": {"stealth", "perception"}}})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(ch.Expertise, []string{"stealth", "perception"}) {
			t.Errorf("expertise %v", ch.Expertise)
		}
	})
	t.Run("ExpertiseComesFromTheCharactersSkills", func(t *testing.T) {
		_, err := build(NewCharacter{Class: "rogue", Skills: []string{"stealth", "perception", "acrobatics", "deception"},
			Choices: map[string][]string{"expertise": {"arcana"}}})
		if fieldOf(err) != "choices.expertise" || !strings.Contains(err.Error(), "stealth") {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("AFighterChoosesAFightingStyle", func(t *testing.T) {
		ch, err := build(NewCharacter{Class: "fighter", Choices: map[string][]string{"fighting-style": {"fighter-fighting-style-defense"}}})
		if err != nil {
			t.Fatal(err)
		}
		if !HasFeature(ch, "fighter-fighting-style-defense") || HasFeature(ch, "fighter-fighting-style-archery") {
			t.Errorf("features %v", FeatureIDs(ch))
		}
	})
	t.Run("AChoiceLeftOutTakesTheFirstOption", func(t *testing.T) {
		ch, err := build(NewCharacter{Class: "fighter"})
		if err != nil {
			t.Fatal(err)
		}
		if got := ch.Choices["fighting-style"]; len(got) != 1 {
			t.Errorf("fighting style %v", got)
		}
	})
	refusals := []struct {
		name  string
		n     NewCharacter
		field string
	}{
		{"AStyleOfAnotherClass", NewCharacter{Class: "fighter", Choices: map[string][]string{"fighting-style": {"fighting-style-defense"}}}, "choices.fighting-style"},
		{"TwoStylesAtFirstLevel", NewCharacter{Class: "fighter", Choices: map[string][]string{"fighting-style": {"fighter-fighting-style-defense", "fighter-fighting-style-archery"}}}, "choices.fighting-style"},
		{"AChoiceTheClassDoesNotMake", NewCharacter{Class: "wizard", Choices: map[string][]string{"fighting-style": {"fighter-fighting-style-defense"}}}, "choices"},
		{"AnInvocationBeforeItsLevel", NewCharacter{Class: "warlock", Level: 2, Choices: map[string][]string{"eldritch-invocations": {"eldritch-invocation-thirsting-blade"}}}, "choices.eldritch-invocations"},
		{"AFavoredEnemyThatIsNoType", NewCharacter{Class: "ranger", Choices: map[string][]string{"favored-enemy": {"goblins"}}}, "choices.favored-enemy"},
		{"AnotherClasssSubclass", NewCharacter{Class: "barbarian", Level: 3, Subclass: "lore"}, "subclass"},
		{"ASubclassBeforeItsLevel", NewCharacter{Class: "barbarian", Level: 2, Subclass: "berserker"}, "subclass"},
		{"MoreImprovementsThanLevels", NewCharacter{Class: "wizard", Level: 4, Increases: []map[string]int{{"int": 2}, {"con": 2}}}, "increases"},
		{"AnImprovementOfThree", NewCharacter{Class: "wizard", Level: 4, Increases: []map[string]int{{"int": 3}}}, "increases[0]"},
	}
	for _, tt := range refusals {
		t.Run("Refuses"+tt.name, func(t *testing.T) {
			_, err := build(tt.n)
			if !fault.Is(err, fault.Invalid) || fieldOf(err) != tt.field {
				t.Errorf("err = %v (field %q), want invalid %s", err, fieldOf(err), tt.field)
			}
		})
	}
	t.Run("AWarlockChoosesHerInvocations", func(t *testing.T) {
		ch, err := build(NewCharacter{Class: "warlock", Level: 5, Choices: map[string][]string{
			"eldritch-invocations": {"eldritch-invocation-agonizing-blast", "eldritch-invocation-armor-of-shadows"},
			"pact-boon":            {"pact-of-the-blade"}}})
		if err != nil {
			t.Fatal(err)
		}
		// Three known at 5th: the third is the first option left.
		if got := ch.Choices["eldritch-invocations"]; len(got) != 3 || got[0] != "eldritch-invocation-agonizing-blast" {
			t.Errorf("invocations %v", got)
		}
		if ch.Subclass != "fiend" {
			t.Errorf("subclass %q", ch.Subclass)
		}
	})
	t.Run("AnEighthLevelFighterHasThreeImprovements", func(t *testing.T) {
		ch, err := build(NewCharacter{Class: "fighter", Level: 8, Increases: []map[string]int{{"str": 2}, {"con": 1, "dex": 1}}})
		if err != nil {
			t.Fatal(err)
		}
		// Human: +1 to all. Str 15+1+2 = 18, Dex 14+1+1 = 16, Con 13+1+1 =
		// 15, and the third (level 8) raises the highest below 20: Str 20.
		if ch.Abilities.Str != 20 || ch.Abilities.Dex != 16 || ch.Abilities.Con != 15 {
			t.Errorf("abilities %+v", ch.Abilities)
		}
	})
}

func TestLevelUpChoices(t *testing.T) {
	bard, err := NewCharacter{Name: "Lia", Race: "human", Class: "bard", Skills: []string{"performance", "persuasion", "history"}}.Build("b", "p")
	if err != nil {
		t.Fatal(err)
	}
	if len(bard.Expertise) != 0 {
		t.Fatalf("a 1st-level bard has expertise %v", bard.Expertise)
	}
	bard.XP = xpFor(3)
	two, _, err := LevelUp(bard, LevelChoice{})
	if err != nil {
		t.Fatal(err)
	}
	three, got, err := LevelUp(two, LevelChoice{Choices: map[string][]string{"expertise": {"persuasion", "history"}}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(three.Expertise, []string{"persuasion", "history"}) || three.Subclass != "lore" || got.Subclass != "lore" ||
		!slices.Equal(got.Choices["expertise"], []string{"persuasion", "history"}) {
		t.Errorf("level 3 bard: expertise %v subclass %q, leveled %+v", three.Expertise, three.Subclass, got)
	}
	if _, _, err := LevelUp(two, LevelChoice{Choices: map[string][]string{"expertise": {"arcana"}}}); fieldOf(err) != "choices.expertise" {
		t.Errorf("expertise in a skill she lacks: %v", err)
	}
}

// fieldOf is the field an error names, "" for none.
func fieldOf(err error) string {
	var fe *fault.Error
	if errors.As(err, &fe) {
		return fe.Field
	}
	return ""
}

// A Lore bard's Bonus Proficiencies are three skills of any list, which
// its expertise may then take.
func TestBonusProficiencies(t *testing.T) {
	ch, err := NewCharacter{Name: "Lia", Race: "human", Class: "bard", Level: 3, Skills: []string{"performance", "persuasion", "history"},
		Choices: map[string][]string{"bonus-proficiencies": {"arcana", "stealth", "medicine"}}}.Build("b", "p")
	if err != nil {
		t.Fatal(err)
	}
	if got := FeatureSkills(ch); !slices.Contains(got, "arcana") || !slices.Contains(got, "medicine") {
		t.Errorf("feature skills %v", got)
	}
	ch.Choices["expertise"] = nil
	ch, err = NewCharacter{Name: "Lia", Race: "human", Class: "bard", Level: 3, Skills: []string{"performance", "persuasion", "history"},
		Choices: map[string][]string{"bonus-proficiencies": {"arcana", "stealth", "medicine"}, "expertise": {"stealth", "persuasion"}}}.Build("b", "p")
	if err != nil || !slices.Equal(ch.Expertise, []string{"stealth", "persuasion"}) {
		t.Errorf("expertise in a bonus proficiency: %v %v", err, ch.Expertise)
	}
	if _, err := (NewCharacter{Name: "Lia", Race: "human", Class: "bard", Level: 3,
		Choices: map[string][]string{"bonus-proficiencies": {"arcana", "arcana", "medicine"}}}).Build("b", "p"); fieldOf(err) != "choices.bonus-proficiencies" {
		t.Errorf("a skill chosen twice: %v", err)
	}
}
