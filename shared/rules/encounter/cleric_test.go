package encounter_test

import (
	"strconv"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

// clericAt is Cleo (Wis 16, a mace: +2 Str) at level n, with the SRD
// cleric's spell slots there and 8 hit points a level. Her domain is
// Life, the SRD's.
func clericAt(t *testing.T, n int) campaign.Character {
	t.Helper()
	c := cleo()
	c.Level, c.HP, c.MaxHP, c.HitDice = n, 8*n, 8*n, campaign.Pool{Max: n}
	class, ok := srd.LookupClass("cleric")
	if !ok {
		t.Fatal("no cleric in the SRD data")
	}
	c.SpellSlots = map[string]campaign.Slot{}
	for i, k := range class.Levels[n-1].SpellSlots {
		c.SpellSlots[strconv.Itoa(i+1)] = campaign.Slot{Max: k}
	}
	return c
}

// Turn Undead: an action from Channel Divinity (one a rest at 2nd
// level): each undead saves (Wisdom, DC 8 + 2 + 3 = 13) or is turned; a
// turned zombie takes no turn until it is hurt. The goblin is passed by,
// and a fight with no undead refuses it.
func TestTurnUndead(t *testing.T) {
	e := casterFirst(t, []campaign.Character{clericAt(t, 2)}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}, {SRDID: "skeleton", Count: 1}, {SRDID: "goblin", Count: 1}})
	// The zombie fails with 5 (+0), the skeleton saves with 14 (-1).
	out, res, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionFeature, Feature: "channel-divinity-turn-undead", EndTurn: true}, faces(t, 5, 14))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Saves) != 2 || res.Saves[0].DC != 13 || res.Saves[0].Success || !res.Saves[1].Success {
		t.Fatalf("saves %+v", res.Saves)
	}
	if c := participant(t, out, "cleo"); c.Pools["cleric-channel-divinity"] != (campaign.Pool{Max: 1, Used: 1}) {
		t.Fatalf("pools %v", c.Pools)
	}
	if _, res, err = encounter.MonsterTurn(out, faces(t)); err != nil || len(res.Attacks) != 0 {
		t.Fatalf("the turned zombie's turn: %v, %s", err, res.Summary())
	}
	e = casterFirst(t, []campaign.Character{clericAt(t, 2)}, goblins(1))
	if _, _, err := encounter.Act(e, "cleo", useFeature("channel-divinity-turn-undead"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("turning goblins: %v", err)
	}
	e = casterFirst(t, []campaign.Character{clericAt(t, 1)}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}})
	if _, _, err := encounter.Act(e, "cleo", useFeature("channel-divinity-turn-undead"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("a level 1 cleric turning: %v", err)
	}
}

// Destroy Undead: an undead that fails its save against Turn Undead is
// destroyed when its challenge rating is at most the cleric level's
// threshold (1/2 at 5th, 1 at 8th, 2 at 11th, 3 at 14th, 4 at 17th);
// one above it is turned.
func TestDestroyUndead(t *testing.T) {
	for _, tc := range []struct {
		level     int
		monster   string
		destroyed bool
	}{
		{5, "skeleton", true}, {5, "shadow", true}, {5, "ghoul", false}, {8, "ghoul", true}, {8, "ghast", false},
		{11, "ghast", true}, {11, "mummy", false}, {14, "mummy", true}, {14, "ghost", false}, {17, "ghost", true}, {20, "wraith", false},
	} {
		t.Run(tc.monster+strconv.Itoa(tc.level), func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{clericAt(t, tc.level)}, []encounter.MonsterSpec{{SRDID: tc.monster, Count: 1}})
			m := tc.monster + "-1"
			script := []int{1}
			if tc.monster == "ghast" {
				script = []int{1, 1} // Turning Defiance: advantage
			}
			out, res, err := encounter.Act(e, "cleo", useFeature("channel-divinity-turn-undead"), faces(t, script...))
			if err != nil {
				t.Fatal(err)
			}
			p := participant(t, out, m)
			if p.Defeated != tc.destroyed {
				t.Fatalf("%s defeated %v: %s", m, p.Defeated, res.Summary())
			}
			if tc.destroyed && participant(t, out, "cleo").Stats.Kills != 1 {
				t.Errorf("kills %+v", participant(t, out, "cleo").Stats)
			}
			if !tc.destroyed && !strings.Contains(res.Summary(), "is turned") {
				t.Errorf("summary %q", res.Summary())
			}
		})
	}
}

// Preserve Life: an action from Channel Divinity: five times the cleric
// level (10 at 2nd), the most hurt first, none above half its maximum.
func TestPreserveLife(t *testing.T) {
	preserve := encounter.Action{Kind: encounter.ActionFeature, Feature: "channel-divinity-preserve-life"}
	t.Run("SharedMostHurtFirst", func(t *testing.T) {
		// Tavi (max 20) at 5 takes 5 to 10; Mira (max 28) at 10 takes 4 to 14.
		e := casterFirst(t, []campaign.Character{clericAt(t, 2), hurt(mira(), 10), hurt(tavi(), 5)}, goblins(1))
		out, res, err := encounter.Act(e, "cleo", preserve, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if m, tv, c := participant(t, out, "mira"), participant(t, out, "tavi"), participant(t, out, "cleo"); m.HP != 14 || tv.HP != 10 || c.HP != 16 {
			t.Fatalf("Mira %d, Tavi %d, Cleo %d: %s", m.HP, tv.HP, c.HP, res.Summary())
		}
		if !strings.Contains(res.Summary(), "9 of 10") {
			t.Errorf("summary %q", res.Summary())
		}
	})
	t.Run("PoolRunsOut", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{clericAt(t, 2), hurt(mira(), 1), hurt(tavi(), 5)}, goblins(1))
		out, _, err := encounter.Act(e, "cleo", preserve, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if m, tv := participant(t, out, "mira"), participant(t, out, "tavi"); m.HP != 11 || tv.HP != 5 {
			t.Fatalf("Mira %d, Tavi %d", m.HP, tv.HP)
		}
	})
	t.Run("NoneBelowHalfRefused", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{clericAt(t, 2), mira()}, goblins(1))
		if _, _, err := encounter.Act(e, "cleo", preserve, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
			t.Fatalf("Act = %v", err)
		}
	})
	t.Run("UndeadPassedBy", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{clericAt(t, 2), hurt(mira(), 1)}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}})
		e = edit(e, "zombie-1", func(p *encounter.Participant) { p.Combatant.HP = 1 })
		in := preserve
		in.TargetIDs = []string{"zombie-1", "mira"}
		out, res, err := encounter.Act(e, "cleo", in, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if z := participant(t, out, "zombie-1"); z.Combatant.HP != 1 || !strings.Contains(res.Summary(), "passes it by") {
			t.Fatalf("zombie at %d: %s", z.Combatant.HP, res.Summary())
		}
	})
}

// Divine Strike: once on each of the cleric's turns, on a weapon hit,
// 1d8 radiant more (2d8 from 14th level), offered on the hit.
func TestDivineStrike(t *testing.T) {
	for _, tc := range []struct {
		level   int
		script  []int
		radiant int
	}{{8, []int{15, 2, 5}, 5}, {14, []int{15, 2, 5, 6}, 11}} {
		t.Run(strconv.Itoa(tc.level), func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{clericAt(t, tc.level)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
			attack := encounter.Action{Kind: encounter.ActionAttack, TargetID: "ogre-1"}
			_, res, err := encounter.Act(e, "cleo", attack, faces(t, 15, 2))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Openings) != 1 || len(res.Openings[0].Offers) != 1 || res.Openings[0].Offers[0].Name != "divine-strike" {
				t.Fatalf("openings %+v", res.Openings)
			}
			strike := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "cleo", Name: "divine-strike"}}}
			out, res, err := encounter.ActWith(e, "cleo", attack, faces(t, tc.script...), strike)
			if err != nil {
				t.Fatal(err)
			}
			// The mace's 2 + 2 bludgeoning, and the radiant dice.
			if o := participant(t, out, "ogre-1"); o.HP != 59-4-tc.radiant || !participant(t, out, "cleo").Turn.DivineStrike {
				t.Fatalf("ogre at %d HP: %s", o.HP, res.Summary())
			}
		})
	}
}

// Divine Intervention: an action, once a long rest: the deity answers a
// percentile roll at or under the cleric level; from 20th level always,
// with no roll.
func TestDivineIntervention(t *testing.T) {
	for _, tc := range []struct {
		level  int
		script []int
		answer string
	}{{10, []int{7}, "the deity intervenes"}, {10, []int{11}, "no answer comes"}, {20, nil, "answers without fail"}} {
		t.Run(strconv.Itoa(tc.level)+tc.answer, func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{clericAt(t, tc.level), mira()}, goblins(1))
			out, res, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionFeature, Feature: "divine-intervention", EndTurn: true}, faces(t, tc.script...))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(res.Summary(), tc.answer) || len(res.Rolls) != len(tc.script) {
				t.Fatalf("summary %q, rolls %+v", res.Summary(), res.Rolls)
			}
			if c := participant(t, out, "cleo"); c.Pools["divine-intervention"] != (campaign.Pool{Max: 1, Used: 1}) {
				t.Fatalf("pools %v", c.Pools)
			}
		})
	}
}

// A level 1 Life cleric's fight: Cleo's Cure Wounds gives Mira 1d8 + 3
// (Wisdom) + 3 (Disciple of Life: 2 + the spell's level), and her mace
// strikes a goblin down.
func TestLevel1ClericFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{clericAt(t, 1), hurt(mira(), 10)}, goblins(1))
	e, res, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "cure-wounds", TargetID: "mira", EndTurn: true}, faces(t, 5))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, e, "mira"); m.HP != 10+5+3+3 {
		t.Fatalf("Mira at %d HP: %s", m.HP, res.Summary())
	}
	e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 1)) // the goblin misses
	if err != nil {
		t.Fatal(err)
	}
	e, res, err = encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1"}, faces(t, 16, 5))
	if err != nil {
		t.Fatal(err)
	}
	if g := participant(t, e, "goblin-1"); !g.Defeated || e.Status != encounter.Ended {
		t.Fatalf("goblin at %d HP: %s", g.HP, res.Summary())
	}
}

// A level 5 cleric's fight: Turn Undead destroys two skeletons (CR 1/4,
// under the 1/2 Destroy Undead reaches) that fail their saves against DC
// 14, and turns the ghoul (CR 1) that fails too; the third skeleton holds.
func TestLevel5ClericFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{clericAt(t, 5)}, []encounter.MonsterSpec{{SRDID: "skeleton", Count: 3}, {SRDID: "ghoul", Count: 1}})
	out, res, err := encounter.Act(e, "cleo", useFeature("channel-divinity-turn-undead"), faces(t, 2, 9, 20, 4))
	if err != nil {
		t.Fatal(err)
	}
	if s1, s2, s3 := participant(t, out, "skeleton-1"), participant(t, out, "skeleton-2"), participant(t, out, "skeleton-3"); !s1.Defeated || !s2.Defeated || s3.Defeated {
		t.Fatalf("skeletons %v %v %v: %s", s1.Defeated, s2.Defeated, s3.Defeated, res.Summary())
	}
	if g := participant(t, out, "ghoul-1"); g.Defeated || !g.ReactionUsed {
		t.Fatalf("ghoul %+v: %s", g, res.Summary())
	}
}

// Blessed Healer and Supreme Healing in a fight: a 17th-level Life
// cleric's Cure Wounds on Mira heals 8 + 3 + 3 with no roll, and Cleo 3.
func TestBlessedAndSupremeHealing(t *testing.T) {
	c := hurt(clericAt(t, 17), 100)
	e := casterFirst(t, []campaign.Character{c, hurt(mira(), 1)}, goblins(1))
	out, res, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "cure-wounds", TargetID: "mira"}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if m, cl := participant(t, out, "mira"), participant(t, out, "cleo"); m.HP != 1+8+3+3 || cl.HP != 103 {
		t.Fatalf("Mira %d, Cleo %d: %s", m.HP, cl.HP, res.Summary())
	}
}
