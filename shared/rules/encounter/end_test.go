package encounter_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

// fought is a short fight: Goblin 1 (20) cuts Tavi for 5, Mira (16) kills
// it; Tavi (4) and Goblin 2 (3) are still to act.
func fought(t *testing.T) encounter.Encounter {
	t.Helper()
	e := begin(t, goblins(2), nil, 15, 1, 18, 1)
	e, _, err := encounter.MonsterTurn(e, faces(t, 15, 3))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword", EndTurn: true}, faces(t, 12, 5))
	if err != nil {
		t.Fatal(err)
	}
	if e.Current != "tavi" {
		t.Fatalf("current %q", e.Current)
	}
	return e
}

func diffOf(t *testing.T, ds encounter.Diffs, id string) encounter.Diff {
	t.Helper()
	for _, d := range ds {
		if d.ParticipantID == id {
			return d
		}
	}
	t.Fatalf("no diff for %s", id)
	return encounter.Diff{}
}

func TestEnd(t *testing.T) {
	t.Run("DiffsEveryParticipant", func(t *testing.T) {
		_, ds, err := encounter.End(fought(t), "victory", encounter.EndOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) != 4 {
			t.Fatalf("%d diffs, want 4", len(ds))
		}
		tv := diffOf(t, ds, "tavi")
		if tv.HP != (encounter.Delta{Before: 20, After: 15, Delta: -5}) || tv.Stats.DamageTaken != 5 || tv.Ephemeral || !tv.Commit || tv.CharacterID != "tavi" {
			t.Errorf("tavi = %+v", tv)
		}
		m := diffOf(t, ds, "mira")
		if m.HP.Delta != 0 || m.Stats != (encounter.Stats{DamageDealt: 8, AttacksHit: 1, Kills: 1}) {
			t.Errorf("mira = %+v", m)
		}
		g := diffOf(t, ds, "goblin-1")
		if !g.Ephemeral || g.Commit || !g.Dead || g.HP.After != 0 || g.SRDID != "goblin" || g.Stats.DamageDealt != 5 {
			t.Errorf("goblin-1 = %+v", g)
		}
		if g2 := diffOf(t, ds, "goblin-2"); g2.HP.Delta != 0 || g2.Dead || len(g2.Conditions.Added) != 0 {
			t.Errorf("goblin-2 = %+v", g2)
		}
	})
	t.Run("DryRunLeavesTheEncounterUnchanged", func(t *testing.T) {
		e := fought(t)
		before := frozen(t, e)
		out, ds, err := encounter.End(e, "victory", encounter.EndOptions{DryRun: true})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(out, e) || frozen(t, e) != before || out.Status != encounter.Active {
			t.Error("a dry run changed the encounter")
		}
		if len(ds) != 4 || !diffOf(t, ds, "tavi").Commit {
			t.Errorf("a dry run's diffs = %+v", ds)
		}
	})
	t.Run("CommitEndsTheEncounter", func(t *testing.T) {
		e := fought(t)
		before := frozen(t, e)
		out, _, err := encounter.End(e, "victory", encounter.EndOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if out.Status != encounter.Ended || out.Outcome != "victory" || out.Current != "" || !slices.Equal(out.Committed, []string{"mira", "tavi"}) {
			t.Errorf("ended: status %q outcome %q current %q committed %v", out.Status, out.Outcome, out.Current, out.Committed)
		}
		if frozen(t, e) != before {
			t.Error("End changed its input")
		}
		if _, _, err := encounter.End(out, "victory", encounter.EndOptions{}); !fault.Is(err, fault.Conflict) {
			t.Errorf("ending twice: %v, want conflict", err)
		}
	})
	filters := []struct {
		name   string
		opts   encounter.EndOptions
		commit []string
	}{
		{"AllCharactersByDefault", encounter.EndOptions{}, []string{"mira", "tavi"}},
		{"OnlyThoseNamed", encounter.EndOptions{Only: []string{"tavi"}}, []string{"tavi"}},
		{"ExcludeLeavesOut", encounter.EndOptions{Exclude: []string{"tavi"}}, []string{"mira"}},
		{"ExcludeWinsOverOnly", encounter.EndOptions{Only: []string{"tavi", "mira"}, Exclude: []string{"mira"}}, []string{"tavi"}},
	}
	for _, tt := range filters {
		t.Run(tt.name, func(t *testing.T) {
			out, ds, err := encounter.End(fought(t), "victory", tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			var commit []string
			for _, d := range ds {
				if d.Commit {
					commit = append(commit, d.CharacterID)
				}
			}
			if !slices.Equal(commit, tt.commit) || !slices.Equal(out.Committed, tt.commit) {
				t.Errorf("committed %v / %v, want %v", commit, out.Committed, tt.commit)
			}
			var updated []string
			for _, ch := range ds.CharacterUpdates([]campaign.Character{mira(), tavi()}) {
				updated = append(updated, ch.ID)
			}
			if !slices.Equal(updated, tt.commit) {
				t.Errorf("updated sheets %v, want %v", updated, tt.commit)
			}
		})
	}
	rejects := []struct {
		name    string
		outcome string
		opts    encounter.EndOptions
		field   string
	}{
		{"UnknownOutcome", "draw", encounter.EndOptions{}, "outcome"},
		{"OnlyAMonster", "victory", encounter.EndOptions{Only: []string{"goblin-1"}}, "only"},
		{"ExcludeAStranger", "victory", encounter.EndOptions{Exclude: []string{"bram"}}, "exclude"},
	}
	for _, tt := range rejects {
		t.Run("Rejects"+tt.name, func(t *testing.T) {
			var fe *fault.Error
			if _, _, err := encounter.End(fought(t), tt.outcome, tt.opts); !asFault(err, &fe) || fe.Kind != fault.Invalid || fe.Field != tt.field {
				t.Errorf("err = %v, want invalid on %q", err, tt.field)
			}
		})
	}
}

func TestCharacterUpdates(t *testing.T) {
	t.Run("WritesHPBack", func(t *testing.T) {
		_, ds, err := encounter.End(fought(t), "victory", encounter.EndOptions{})
		if err != nil {
			t.Fatal(err)
		}
		base := []campaign.Character{mira(), tavi()}
		got := ds.CharacterUpdates(base)
		if len(got) != 2 || got[1].ID != "tavi" || got[1].HP != 15 || got[0].HP != 28 {
			t.Fatalf("updates = %+v", got)
		}
		if !slices.Equal(got[1].Conditions, []string{"blessed-by-the-moon"}) {
			t.Errorf("tavi's conditions = %v: one the engine does not know was lost", got[1].Conditions)
		}
		if !reflect.DeepEqual(base, []campaign.Character{mira(), tavi()}) {
			t.Error("CharacterUpdates changed its base")
		}
	})
	// The owner ends a fight that left Tavi dying and Mira dead: with
	// nobody at hand, Tavi's death saves decide (two successes of 15),
	// as in a fight that ends by itself, and she is written back stable.
	t.Run("WritesTheDyingPlayedOutAndTheDead", func(t *testing.T) {
		e := edit(fought(t), "tavi", func(p *encounter.Participant) {
			dying(p)
			p.Combatant.DeathSaves = campaign.DeathSaves{Successes: 1, Failures: 2}
		})
		e = edit(e, "mira", func(p *encounter.Participant) {
			p.Combatant.HP, p.Combatant.Dead = 0, true
			p.Combatant.Conditions = rules.SetOf(rules.Prone)
		})
		ended, ds, err := encounter.End(e, "defeat", encounter.EndOptions{Dice: faces(t, 15, 15)})
		if err != nil {
			t.Fatal(err)
		}
		got := ds.CharacterUpdates([]campaign.Character{mira(), tavi()})
		m, tv := got[0], got[1]
		if m.HP != 0 || m.DeathSaves.Failures != 3 || !slices.Equal(m.Conditions, []string{"prone"}) {
			t.Errorf("dead mira = %d HP, %+v, %v", m.HP, m.DeathSaves, m.Conditions)
		}
		if tv.HP != 0 || !tv.Stable || tv.IsDead() ||
			!slices.Equal(tv.Conditions, []string{"blessed-by-the-moon", "prone", "unconscious"}) {
			t.Errorf("tavi played out = %d HP, stable %v, %+v, %v", tv.HP, tv.Stable, tv.DeathSaves, tv.Conditions)
		}
		if !slices.ContainsFunc(ended.Log, func(l encounter.Entry) bool { return strings.Contains(l.Text, "Tavi makes a death saving throw") }) {
			t.Errorf("the encounter's log does not tell Tavi's saves: %+v", ended.Log[len(ended.Log)-3:])
		}
		if d := diffOf(t, ds, "tavi"); !slices.Equal(d.Conditions.Added, []string{"prone", "unconscious"}) || len(d.Conditions.Removed) != 0 {
			t.Errorf("tavi's condition diff = %+v", d.Conditions)
		}
	})
	t.Run("WritesTheStable", func(t *testing.T) {
		// Tavi, dying with two successes, rolls a third on her turn.
		e := edit(fought(t), "tavi", func(p *encounter.Participant) {
			dying(p)
			p.Combatant.DeathSaves = campaign.DeathSaves{Successes: 2}
		})
		e, _, err := encounter.Act(e, "tavi", encounter.Action{Kind: encounter.ActionDeathSave, EndTurn: true}, faces(t, 15))
		if err != nil {
			t.Fatal(err)
		}
		_, ds, err := encounter.End(e, "victory", encounter.EndOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if d := diffOf(t, ds, "tavi"); !d.Stable || d.HP.After != 0 {
			t.Errorf("tavi's diff: stable %v at %d HP", d.Stable, d.HP.After)
		}
		tv := ds.CharacterUpdates([]campaign.Character{mira(), tavi()})[1]
		if !tv.Stable || tv.HP != 0 {
			t.Errorf("stable tavi written back as %d HP, stable %v, %+v", tv.HP, tv.Stable, tv.DeathSaves)
		}
		// Read back, she is stable: no more death saving throws.
		again, _, err := encounter.Start("enc-2", []campaign.Character{mira(), tv}, goblins(1), nil, faces(t, 10, 1, 12), nil)
		if err != nil {
			t.Fatal(err)
		}
		if p := participant(t, again, "tavi"); !p.Combatant.Stable || again.Current == "tavi" {
			t.Errorf("tavi read back: stable %v, current %q", p.Combatant.Stable, again.Current)
		}
	})
	t.Run("ADeadCharacterStaysOutOfTheFight", func(t *testing.T) {
		for name, dead := range map[string]campaign.Character{
			"ThreeFailures": func() campaign.Character { c := tavi(); c.HP, c.DeathSaves.Failures = 0, 3; return c }(),
			"MarkedDead":    func() campaign.Character { c := tavi(); c.HP, c.Dead = 0, true; return c }(),
		} {
			_, _, err := encounter.Start("enc", []campaign.Character{mira(), dead}, goblins(1), nil, seeded(1), nil)
			if !fault.Is(err, fault.Invalid) || !strings.Contains(err.Error(), "Tavi is dead") {
				t.Errorf("%s: start = %v, want dead Tavi refused", name, err)
			}
		}
	})
}

// The goblin Mira killed is worth 50 XP, shared by the two characters who
// lived; enough XP makes a character ready to level up, which is its
// player's to do (the level stays), and a dead one gets no share.
func TestEndSharesXP(t *testing.T) {
	_, ds, err := encounter.End(fought(t), "victory", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m, tv, g := diffOf(t, ds, "mira"), diffOf(t, ds, "tavi"), diffOf(t, ds, "goblin-2"); m.XP != 25 || tv.XP != 25 || g.XP != 0 {
		t.Fatalf("XP: mira %d, tavi %d, goblin-2 %d; want 25, 25, 0", m.XP, tv.XP, g.XP)
	}
	// Mira had 2,690 XP: 25 more takes her past 2,700, level 4's; she
	// stays at level 3 with her hit points until her player levels her up.
	m := mira()
	m.XP = 2690
	ups := ds.CharacterUpdates([]campaign.Character{m, tavi()})
	if ups[0].XP != 2715 || ups[0].Level != 3 || ups[0].MaxHP != m.MaxHP || ups[0].HitDice.Max != 3 || !ups[0].LevelUp || !ups[0].LevelUpReady() {
		t.Errorf("mira after the fight: XP %d level %d max HP %d hit dice %d level up %v", ups[0].XP, ups[0].Level, ups[0].MaxHP, ups[0].HitDice.Max, ups[0].LevelUp)
	}
	if ups[1].XP != 25 || ups[1].Level != 3 || ups[1].LevelUp {
		t.Errorf("tavi after the fight: XP %d level %d level up %v", ups[1].XP, ups[1].Level, ups[1].LevelUp)
	}

	dead := edit(fought(t), "tavi", func(p *encounter.Participant) { p.Combatant.Dead = true })
	_, ds, err = encounter.End(dead, "victory", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m, tv := diffOf(t, ds, "mira"), diffOf(t, ds, "tavi"); m.XP != 50 || tv.XP != 0 {
		t.Errorf("with Tavi dead: mira %d, tavi %d; want 50 and 0", m.XP, tv.XP)
	}
}

// A homebrew stat block's XP is what its defeat is worth, not the SRD's.
func TestEndSharesHomebrewXP(t *testing.T) {
	book := func(id string) (srd.Monster, bool) {
		m, ok := srd.LookupMonster(id)
		m.XP = 1000 // the fen's goblins are worth more
		return m, ok
	}
	e, _, err := encounter.Start("enc", []campaign.Character{mira()}, goblins(1), nil, faces(t, 20, 1), book)
	if err != nil {
		t.Fatal(err)
	}
	e = edit(e, "goblin-1", kill)
	_, ds, err := encounter.End(e, "victory", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m := diffOf(t, ds, "mira"); m.XP != 1000 {
		t.Errorf("Mira's share for a homebrew goblin = %d XP, want 1000", m.XP)
	}
}
