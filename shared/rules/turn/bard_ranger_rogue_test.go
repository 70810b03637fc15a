package turn_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
	"chronicler/shared/world"
)

// at is a character of the table raised to level, with choices.
func at(ch campaign.Character, level int, choices map[string][]string) campaign.Character {
	ch.Level, ch.Choices = level, choices
	ch.HitDice = campaign.Pool{Max: level}
	return ch
}

func changed(t *testing.T, d turn.Decision, id string) campaign.Character {
	t.Helper()
	i := slices.IndexFunc(d.Changed, func(ch campaign.Character) bool { return ch.ID == id })
	if i < 0 {
		t.Fatalf("%s's sheet is not changed: %+v", id, d.Changed)
	}
	return d.Changed[i]
}

// Song of Rest (bard 2): a character that spends hit dice in a short
// rest where a conscious bard is regains the bard's d6 more; away from
// the bard, nothing more.
func TestSongOfRest(t *testing.T) {
	v, mira, _ := table(t)
	bard := at(build(t, "lyra", "Lyra", "bard"), 2, nil)
	mira.HP = 1
	v.Characters = []campaign.Character{mira, bard}
	// Mira's hit die (d10+2 Con) rolls 4: 6; the song's d6 rolls 5.
	d := decided(t, v, mira, intent.Intent{Kind: "rest", Rest: "short"}, 4, 5)
	if m := changed(t, d, "mira"); m.HP != 1+6+5 || !strings.Contains(d.Summary, "Song of Rest (Lyra) gives 5 more") || d.Rolls[1].Reason != "song of rest" {
		t.Fatalf("mira at %d: %q %+v", m.HP, d.Summary, d.Rolls)
	}
	bard.AreaID = "cellar"
	v.Characters = []campaign.Character{mira, bard}
	d = decided(t, v, mira, intent.Intent{Kind: "rest", Rest: "short"}, 4)
	if m := changed(t, d, "mira"); m.HP != 1+6 {
		t.Fatalf("a song from another room: mira at %d", m.HP)
	}
}

// Bardic Inspiration out of a fight: the die goes on the ally's sheet
// for 10 minutes; its next check with a DC that falls short by no more
// than a d6 rolls it, and it is gone.
func TestInspirationOutOfAFight(t *testing.T) {
	v, mira, _ := table(t)
	bard := build(t, "lyra", "Lyra", "bard")
	v.Characters = []campaign.Character{mira, bard}
	d := decided(t, v, bard, intent.Intent{Kind: "feature", Feature: "bardic-inspiration-d6", TargetID: "mira"})
	m, b := changed(t, d, "mira"), changed(t, d, "lyra")
	if len(m.Effects) != 1 || m.Effects[0].ID != "bardic-inspiration" || m.Effects[0].Dice != "1d6" || m.Effects[0].Until != 10*campaign.Minute {
		t.Fatalf("mira's effects %+v", m.Effects)
	}
	if b.Resources["bardic-inspiration"].Used != 1 {
		t.Fatalf("lyra's resources %+v", b.Resources)
	}
	v = with(v, d)
	// Athletics +3 (not proficient) at DC 15: a 9 is 12, and the d6's 4
	// makes 16.
	d = decided(t, v, m, intent.Intent{Kind: "check", Ability: "str", Skill: "athletics", Difficulty: "medium"}, 9, 4)
	if !strings.Contains(d.Summary, "succeeds") || len(changed(t, d, "mira").Effects) != 0 {
		t.Fatalf("inspired check: %q, %+v", d.Summary, d.Changed)
	}
	if _, err := turn.Decide(v, bard, act(intent.Intent{Kind: "feature", Feature: "bardic-inspiration-d6", TargetID: "lyra"}), dicetest.Faces(t)); fault.ReasonOf(err) != fault.InvalidArgs {
		t.Fatalf("inspiring herself: %v", err)
	}
}

// Favored Enemy (ranger 1): a check names what it is about (its choice,
// or the creature its target is in a fight); Intelligence checks about
// undead have advantage, others not.
func TestFavoredEnemyChecks(t *testing.T) {
	v, _, _ := table(t)
	ranger := at(build(t, "fenn", "Fenn", "ranger"), 1, map[string][]string{"favored-enemy": {"undead"}})
	v.Characters = []campaign.Character{ranger}
	d := decided(t, v, ranger, intent.Intent{Kind: "check", Ability: "int", Skill: "religion", Choice: "undead"}, 3, 17)
	if !strings.Contains(d.Summary, "advantage") || d.Rolls[0].Rolls[1] != 17 {
		t.Fatalf("recalling undead lore: %q", d.Summary)
	}
	d = decided(t, v, ranger, intent.Intent{Kind: "check", Ability: "int", Skill: "religion", Choice: "fiend"}, 3)
	if strings.Contains(d.Summary, "advantage") {
		t.Fatalf("recalling fiend lore: %q", d.Summary)
	}
	// In a fight with a skeleton, on the ranger's own turn, a check at it.
	e, _, err := encounter.Start("enc-s", v.Characters, []encounter.MonsterSpec{{SRDID: "skeleton", Count: 1}}, nil, dicetest.Faces(t, 20, 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := encounter.Record(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	v.Encounter = &rec
	d = decided(t, v, ranger, intent.Intent{Kind: "check", Ability: "int", TargetID: "skeleton-1"}, 3, 17)
	if !strings.Contains(d.Summary, "advantage") {
		t.Fatalf("a check at the skeleton: %q", d.Summary)
	}
}

// Natural Explorer (ranger 1): Wisdom (Survival) about its forest, a
// proficient skill, doubles the proficiency bonus.
func TestNaturalExplorerCheck(t *testing.T) {
	v, _, _ := table(t)
	ranger := at(build(t, "fenn", "Fenn", "ranger"), 1, map[string][]string{"favored-terrain": {"forest"}})
	ranger.Skills = append(slices.Clone(ranger.Skills), "survival")
	v.Characters = []campaign.Character{ranger}
	plain := decided(t, v, ranger, intent.Intent{Kind: "check", Ability: "wis", Skill: "survival"}, 10)
	forest := decided(t, v, ranger, intent.Intent{Kind: "check", Ability: "wis", Skill: "survival", Choice: "forest"}, 10)
	if forest.Rolls[0].Total != plain.Rolls[0].Total+2 {
		t.Fatalf("in the forest %d, elsewhere %d: want 2 more", forest.Rolls[0].Total, plain.Rolls[0].Total)
	}
}

// Primeval Awareness (ranger 3) out of a fight: a slot spent, the rest
// the narrator's; Hide in Plain Sight (ranger 10): a minute, and +10 to
// the Stealth check.
func TestRangerOutOfAFight(t *testing.T) {
	v, _, _ := table(t)
	ranger := at(build(t, "fenn", "Fenn", "ranger"), 10, nil)
	ranger.SpellSlots = map[string]campaign.Slot{"1": {Max: 4, Used: 4}, "2": {Max: 3}}
	v.Characters = []campaign.Character{ranger}
	d := decided(t, v, ranger, intent.Intent{Kind: "feature", Feature: "primeval-awareness"})
	if s := changed(t, d, "fenn").SpellSlots["2"]; s.Used != 1 || !strings.Contains(d.Summary, "level 2 slot") {
		t.Fatalf("primeval awareness: %+v %q", s, d.Summary)
	}
	// Scale mail gives the check disadvantage: two d20s.
	d = decided(t, v, ranger, intent.Intent{Kind: "feature", Feature: "hide-in-plain-sight"}, 10, 10)
	if d.Rolls[0].Total < 20 || d.Clock != campaign.Minute || !strings.Contains(d.Summary, "+10") {
		t.Fatalf("hide in plain sight: %+v, clock %d, %q", d.Rolls, d.Clock, d.Summary)
	}
}

// Peerless Skill (lore 14) out of a fight: a check that falls short by
// no more than the d10 spends a use and adds the die.
func TestPeerlessSkillOutOfAFight(t *testing.T) {
	v, _, _ := table(t)
	bard := at(build(t, "lyra", "Lyra", "bard"), 14, nil)
	v.Characters = []campaign.Character{bard}
	d := decided(t, v, bard, intent.Intent{Kind: "check", Ability: "str", Difficulty: "hard"}, 12, 9)
	if !strings.Contains(d.Summary, "Peerless Skill") || changed(t, d, "lyra").Resources["bardic-inspiration"].Used != 1 {
		t.Fatalf("peerless skill: %q %+v", d.Summary, d.Changed)
	}
}

// Fast Hands (thief 3): a potion as a bonus action in a fight, the turn
// left open for the action.
func TestFastHandsIntent(t *testing.T) {
	v, _, _ := table(t)
	thief := at(build(t, "sly", "Sly", "rogue"), 3, nil)
	thief.HP = 2
	thief.Inventory = campaign.Give(thief.Inventory, "potion-of-healing", 1)
	thief.AreaID = world.StarterArea
	v.Characters = []campaign.Character{thief}
	e, _, err := encounter.Start("enc-1", v.Characters, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}}, nil, dicetest.Faces(t, 20, 2), nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := encounter.Record(e, 7)
	if err != nil {
		t.Fatal(err)
	}
	v.Encounter = &rec
	d := decided(t, v, thief, intent.Intent{Kind: "use_item", Item: "potion-of-healing", Bonus: true}, 2, 2)
	e, err = encounter.FromRecord(*d.Encounter)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := e.Participant("sly")
	if !p.Turn.BonusActionUsed || p.Turn.ActionUsed || e.Current != "sly" || p.Combatant.HP != 2+6 {
		t.Fatalf("fast hands: %+v HP %d current %s", p.Turn, p.Combatant.HP, e.Current)
	}
}
