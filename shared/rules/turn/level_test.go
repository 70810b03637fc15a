package turn_test

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules/turn"
)

// atXP is ch with xp experience points: a level up is waiting when they
// reach a level above its own.
func atXP(ch campaign.Character, xp int) campaign.Character {
	ch.XP = xp
	return ch
}

// levelUp decides a level_up intent for ch, which must be granted.
func levelUp(t *testing.T, v turn.View, ch campaign.Character, in intent.Intent, faces ...int) turn.Decision {
	t.Helper()
	in.Kind = "level_up"
	d, err := turn.Decide(v, ch, act(in), dicetest.Faces(t, faces...))
	if err != nil {
		t.Fatalf("level up %s: %v", ch.Name, err)
	}
	if len(d.Changed) != 1 || len(d.Leveled) != 1 || d.Leveled[0].CharacterID != ch.ID {
		t.Fatalf("level up changed %d sheets, leveled %+v; want the one", len(d.Changed), d.Leveled)
	}
	return d
}

func TestLevelUp(t *testing.T) {
	// Mira is a human fighter from the standard array: Str 16, Dex 15,
	// Con 14 (+2), in chain mail (AC 16), 12 hit points at level 1.
	t.Run("FixedHitPointsAndTheLevelsFeatures", func(t *testing.T) {
		v, mira, _ := table(t)
		mira = atXP(mira, 300)
		if !mira.LevelUpReady() {
			t.Fatal("Mira at 300 XP is not ready to level up")
		}
		d := levelUp(t, v, mira, intent.Intent{})
		up, got := d.Changed[0], d.Leveled[0]
		// A d10's fixed value is 6, +2 for Constitution.
		if up.Level != 2 || up.MaxHP != 20 || up.HP != 20 || up.HitDice.Max != 2 || up.LevelUp || len(d.Rolls) != 0 {
			t.Fatalf("Mira at level 2: level %d HP %d/%d hit dice %d level up %v rolls %d", up.Level, up.HP, up.MaxHP, up.HitDice.Max, up.LevelUp, len(d.Rolls))
		}
		if got.Level != 2 || got.HPGained != 8 || got.HitPoints != "fixed" || got.ProficiencyBonus != 2 || !slices.Equal(got.Features, []string{"Action Surge (1 use)"}) {
			t.Fatalf("leveled %+v", got)
		}
		if !strings.Contains(d.Summary, "Mira reaches level 2: 8 more hit points (maximum 20)") || !strings.Contains(d.Summary, "Action Surge") {
			t.Fatalf("summary %q", d.Summary)
		}
	})
	t.Run("RolledHitPointsAreThePlayersRoll", func(t *testing.T) {
		v, mira, _ := table(t)
		d := levelUp(t, v, atXP(mira, 300), intent.Intent{HP: "roll"}, 3)
		if len(d.Rolls) != 1 || d.Rolls[0].RollerID != "mira" || d.Rolls[0].Rolls[0] != 3 || !strings.Contains(d.Rolls[0].Reason, "hit points") {
			t.Fatalf("rolls %+v, want Mira's d10 of 3", d.Rolls)
		}
		if up := d.Changed[0]; up.MaxHP != 17 || d.Leveled[0].HPGained != 5 || d.Leveled[0].HitPoints != "roll" {
			t.Fatalf("a roll of 3 +2 gave max HP %d, %+v", up.MaxHP, d.Leveled[0])
		}
	})
	t.Run("ARolledLevelGivesAtLeastOne", func(t *testing.T) {
		v, mira, _ := table(t)
		mira.Abilities.Con = 6 // -2
		d := levelUp(t, v, atXP(mira, 300), intent.Intent{HP: "roll"}, 1)
		if d.Leveled[0].HPGained != 1 || d.Changed[0].MaxHP != mira.MaxHP+1 {
			t.Fatalf("a 1 with Con -2 gave %d hit points, want 1", d.Leveled[0].HPGained)
		}
	})
	t.Run("NotReadyIsRefused", func(t *testing.T) {
		v, mira, _ := table(t)
		_, err := turn.Decide(v, atXP(mira, 299), act(intent.Intent{Kind: "level_up"}), dicetest.Faces(t))
		refusal(t, err, fault.NotAllowed, "intent", "Mira has 299 XP; level 2 needs 300")
	})
	t.Run("ImprovementIsTheLevelsChoice", func(t *testing.T) {
		v, mira, _ := table(t)
		mira = atXP(mira, 2700)
		mira.Level, mira.HitDice.Max, mira.MaxHP, mira.HP = 3, 3, 28, 28
		for _, tc := range []struct {
			name string
			inc  map[string]int
		}{
			{"None", nil},
			{"OnePoint", map[string]int{"str": 1}},
		} {
			_, err := turn.Decide(v, mira, act(intent.Intent{Kind: "level_up", Increases: tc.inc}), dicetest.Faces(t))
			refusal(t, err, fault.InvalidArgs, "intent.increases", "")
		}
		mira.Abilities.Str = 19
		_, err := turn.Decide(v, mira, act(intent.Intent{Kind: "level_up", Increases: map[string]int{"str": 2}}), dicetest.Faces(t))
		refusal(t, err, fault.InvalidArgs, "intent.increases", "STR is 19: an ability score improvement takes no score above 20")

		// +1 Strength to 20 and +1 Constitution to 15: the modifier is
		// still +2, so 8 hit points.
		d := levelUp(t, v, mira, intent.Intent{Increases: map[string]int{"str": 1, "con": 1}})
		if up := d.Changed[0]; up.Abilities.Str != 20 || up.Abilities.Con != 15 || up.MaxHP != 36 || up.Level != 4 {
			t.Fatalf("level 4: Str %d Con %d max HP %d level %d", up.Abilities.Str, up.Abilities.Con, up.MaxHP, up.Level)
		}
		if !maps.Equal(d.Leveled[0].Increases, map[string]int{"str": 1, "con": 1}) || !strings.Contains(d.Summary, "Strength 19 to 20") {
			t.Fatalf("leveled %+v, summary %q", d.Leveled[0], d.Summary)
		}
	})
	t.Run("ConstitutionRaisesEveryLevelsHitPoints", func(t *testing.T) {
		v, mira, _ := table(t)
		mira = atXP(mira, 2700)
		mira.Level, mira.HitDice.Max, mira.MaxHP, mira.HP = 3, 3, 28, 28
		// Con 14 to 16: +3 from now on, and +1 for each of the 3 levels before.
		d := levelUp(t, v, mira, intent.Intent{Increases: map[string]int{"con": 2}})
		if got := d.Leveled[0].HPGained; got != 6+3+3 || d.Changed[0].MaxHP != 40 {
			t.Fatalf("gained %d hit points (max %d), want 12 (40)", got, d.Changed[0].MaxHP)
		}
	})
	t.Run("DexterityRaisesLightArmoursAC", func(t *testing.T) {
		v, _, _ := table(t)
		rogue := build(t, "sly", "Sly", "rogue") // leather armour: 11 + Dex
		rogue.Abilities.Dex = 15
		rogue.AC = 13
		rogue = atXP(rogue, 2700)
		rogue.Level, rogue.HitDice.Max = 3, 3
		d := levelUp(t, v, rogue, intent.Intent{Increases: map[string]int{"dex": 1, "wis": 1}})
		if up := d.Changed[0]; up.AC != 14 || up.Abilities.Dex != 16 {
			t.Fatalf("Dex 16 in leather: AC %d", up.AC)
		}
	})
	t.Run("NoImprovementAtOtherLevels", func(t *testing.T) {
		v, mira, _ := table(t)
		_, err := turn.Decide(v, atXP(mira, 300), act(intent.Intent{Kind: "level_up", Increases: map[string]int{"str": 2}}), dicetest.Faces(t))
		refusal(t, err, fault.InvalidArgs, "intent.increases", "level 2 brings no ability score improvement")
	})
	t.Run("ACasterGetsTheLevelsSlots", func(t *testing.T) {
		v, _, bram := table(t)
		bram = atXP(bram, 900)
		bram.Level, bram.HitDice.Max = 2, 2
		bram.SpellSlots = map[string]campaign.Slot{"1": {Max: 3, Used: 2}}
		d := levelUp(t, v, bram, intent.Intent{})
		slots := d.Changed[0].SpellSlots
		if slots["1"] != (campaign.Slot{Max: 4, Used: 2}) || slots["2"] != (campaign.Slot{Max: 2}) || d.Leveled[0].SpellSlots["2"].Max != 2 {
			t.Fatalf("a level 3 cleric's slots %v", slots)
		}
	})
	t.Run("OneLevelAtATime", func(t *testing.T) {
		v, mira, _ := table(t)
		d := levelUp(t, v, atXP(mira, 900), intent.Intent{})
		if up := d.Changed[0]; up.Level != 2 || !up.LevelUpReady() || !strings.Contains(d.Summary, "can level up again") {
			t.Fatalf("900 XP from level 1: level %d, ready again %v, %q", up.Level, up.LevelUpReady(), d.Summary)
		}
	})
	t.Run("NotInAFight", func(t *testing.T) {
		v, mira, _ := table(t)
		v.Characters[0] = atXP(mira, 300)
		v = fight(t, v)
		_, err := turn.Decide(v, v.Characters[0], act(intent.Intent{Kind: "level_up"}), dicetest.Faces(t))
		refusal(t, err, fault.NotAllowed, "intent", "")
	})
	t.Run("TheDeadDoNotLevel", func(t *testing.T) {
		v, mira, _ := table(t)
		mira = atXP(mira, 300)
		mira.HP, mira.Dead = 0, true
		_, err := turn.Decide(v, mira, act(intent.Intent{Kind: "level_up", HP: "roll"}), dicetest.Faces(t))
		refusal(t, err, fault.ActorStateRestricted, "intent", "")
	})
	t.Run("TheDownMayLevel", func(t *testing.T) {
		v, mira, _ := table(t)
		mira = atXP(mira, 300)
		mira.HP, mira.Stable = 0, true
		d := levelUp(t, v, mira, intent.Intent{}, 2) // the d4 of hours until she wakes
		if up := d.Changed[0]; up.HP != 0 || up.MaxHP != 20 {
			t.Fatalf("stable at 0: HP %d/%d, want 0/20", up.HP, up.MaxHP)
		}
	})
	t.Run("TheAllowlistNeverRefusesIt", func(t *testing.T) {
		v, mira, _ := table(t)
		v.Allowlist = []string{"check"}
		levelUp(t, v, atXP(mira, 300), intent.Intent{})
	})
}

// The wire shows a level up waiting on every sheet, whatever wrote it.
func TestSheetShowsLevelUp(t *testing.T) {
	_, mira, _ := table(t)
	for _, tc := range []struct {
		xp   int
		want bool
	}{{299, false}, {300, true}} {
		b, err := json.Marshal(atXP(mira, tc.xp))
		if err != nil {
			t.Fatal(err)
		}
		var back campaign.Character
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(b), `"level_up":true`); got != tc.want || back.LevelUp != tc.want {
			t.Errorf("%d XP: level_up on the wire %v, read back %v; want %v", tc.xp, got, back.LevelUp, tc.want)
		}
	}
}
