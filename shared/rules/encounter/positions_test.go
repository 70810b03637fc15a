package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// A balor's whip that hits pulls a target failing its DC 20 Strength
// save into the balor's reach, out of the goblin's: Mira was engaged
// with the goblin, and after the whip only with the balor.
func TestBalorWhipPullsIntoItsReach(t *testing.T) {
	m := mira()
	m.HP, m.MaxHP = 60, 60
	e := casterFirst(t, []campaign.Character{m}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}, {SRDID: "balor", Count: 1}})
	e = engage(t, e, "mira", "goblin-1")
	e, _ = act(t, e, "mira", turnEnd)
	e, _ = monsterTurn(t, e, 1) // the goblin's scimitar misses
	// Longsword: a natural 1. Whip: 15 + 14 hits, 2d6 + 8 and 3d6 fire
	// (all 1s: 13); the Strength save: 1.
	e, res := monsterTurn(t, e, 1, 15, 1, 1, 1, 1, 1, 1)
	p := participant(t, e, "mira")
	if !strings.Contains(res.Summary(), "pulled 25 feet toward Balor 1") || !slices.Equal(p.Engaged, []string{"balor-1"}) || p.HP != 47 {
		t.Fatalf("after the whip: engaged %v, %d HP: %s", p.Engaged, p.HP, res.Summary())
	}
}

// A whip's pull resisted leaves the target where it stands, still in
// the goblin's reach.
func TestBalorWhipResistedPullsNobody(t *testing.T) {
	m := mira()
	m.HP, m.MaxHP = 60, 60
	e := casterFirst(t, []campaign.Character{m}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}, {SRDID: "balor", Count: 1}})
	e = engage(t, e, "mira", "goblin-1")
	e, _ = act(t, e, "mira", turnEnd)
	e, _ = monsterTurn(t, e, 1)
	e, res := monsterTurn(t, e, 1, 15, 1, 1, 1, 1, 1, 20)
	if p := participant(t, e, "mira"); !slices.Contains(p.Engaged, "goblin-1") || !strings.Contains(res.Summary(), "resists the pull") {
		t.Fatalf("after the whip: engaged %v: %s", p.Engaged, res.Summary())
	}
}

// An air elemental's Whirlwind catches those engaged with it: a failed
// DC 13 Strength save deals 3d8 + 2 and flings the creature 20 feet, out
// of everyone's reach and prone, with 2d6 for the fall (1d6 for every 10
// feet); here the die sends it at the ground, not at Tavi.
func TestWhirlwindFlingsThoseInItsSpace(t *testing.T) {
	m := mira()
	m.HP, m.MaxHP = 60, 60
	e := casterFirst(t, []campaign.Character{m, tavi()}, []encounter.MonsterSpec{{SRDID: "air-elemental", Count: 1}})
	e = engage(t, e, "mira", "air-elemental-1")
	e, _ = act(t, e, "mira", turnEnd)
	e, _ = act(t, e, "tavi", turnEnd)
	// 3d8 + 2 = 11 (3, 3, 3); Mira's save 2; the fall 2d6 = 4 (2, 2); the
	// die among Tavi and the ground: 2, the ground.
	e, res := monsterTurn(t, e, 3, 3, 3, 2, 2, 2, 2)
	p := participant(t, e, "mira")
	if p.HP != 45 || len(p.Engaged) != 0 || !strings.Contains(res.Summary(), "Mira is knocked prone") || !strings.Contains(res.Summary(), "flung 20 feet") {
		t.Fatalf("after the whirlwind: %d HP, engaged %v, %v: %s", p.HP, p.Engaged, p.Conditions, res.Summary())
	}
	if tv := participant(t, e, "tavi"); tv.HP != 20 {
		t.Errorf("Tavi, not caught: %d HP", tv.HP)
	}
}

// A creature flung at another: the one struck makes the DC 13
// Dexterity save or takes the fall's damage and falls prone.
func TestWhirlwindThrowsAtAnother(t *testing.T) {
	m := mira()
	m.HP, m.MaxHP = 60, 60
	e := casterFirst(t, []campaign.Character{m, tavi()}, []encounter.MonsterSpec{{SRDID: "air-elemental", Count: 1}})
	e = engage(t, e, "mira", "air-elemental-1")
	e, _ = act(t, e, "mira", turnEnd)
	e, _ = act(t, e, "tavi", turnEnd)
	// As above, but the die picks Tavi (1), whose Dexterity save is 2.
	e, res := monsterTurn(t, e, 3, 3, 3, 2, 2, 2, 1, 2)
	tv := participant(t, e, "tavi")
	if tv.HP != 16 || !strings.Contains(res.Summary(), "Tavi is knocked prone") || !strings.Contains(res.Summary(), "thrown at Tavi") {
		t.Fatalf("Tavi struck: %d HP, %v: %s", tv.HP, tv.Conditions, res.Summary())
	}
}

// A rug of smothering's grapple blinds while it lasts: escaping it ends
// the blindness with the restraint.
func TestSmotheringBlindsWhileTheGrappleLasts(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "rug-of-smothering", Count: 1}})
	e, _ = act(t, e, "mira", turnEnd)
	e, res := monsterTurn(t, e, 15)
	p := participant(t, e, "mira")
	if !slices.Contains(p.Conditions, "blinded") || !slices.Contains(p.Conditions, "restrained") {
		t.Fatalf("smothered: %v: %s", p.Conditions, res.Summary())
	}
	// Mira's turn: her escape, 20 on Athletics against DC 13.
	e, res = act(t, e, "mira", encounter.Action{Kind: encounter.ActionEscape}, 20)
	if p := participant(t, e, "mira"); slices.Contains(p.Conditions, "blinded") || p.GrappledBy != "" {
		t.Fatalf("after the escape: %v: %s", p.Conditions, res.Summary())
	}
}

// A darkmantle's crush blinds only when it struck with advantage
// (attached to the head): at a prone target it does, until a DC 13
// Strength check detaches it; a plain hit does not.
func TestDarkmantleBlindsOnlyWithAdvantage(t *testing.T) {
	m := mira()
	m.HP, m.MaxHP = 60, 60
	e := casterFirst(t, []campaign.Character{m}, []encounter.MonsterSpec{{SRDID: "darkmantle", Count: 1}})
	e, _ = act(t, e, "mira", turnEnd)
	// Crush 15 + 5 hits (1d6 + 3: 1).
	e, res := monsterTurn(t, e, 15, 1)
	if p := participant(t, e, "mira"); slices.Contains(p.Conditions, "blinded") {
		t.Fatalf("a plain bite blinded: %s", res.Summary())
	}
	e = edit(e, "mira", func(p *encounter.Participant) { p.Combatant.Conditions = p.Combatant.Conditions.With(rules.Prone) })
	e, _ = act(t, e, "mira", turnEnd)
	// Crush with advantage (15, 15) hits (1).
	e, res = monsterTurn(t, e, 15, 15, 1)
	if p := participant(t, e, "mira"); !slices.Contains(p.Conditions, "blinded") {
		t.Fatalf("the crush with advantage: %v: %s", p.Conditions, res.Summary())
	}
	// Her action detaches it: 20 on the Strength check against DC 13.
	e, res = act(t, e, "mira", encounter.Action{Kind: encounter.ActionEscape}, 20)
	if p := participant(t, e, "mira"); slices.Contains(p.Conditions, "blinded") {
		t.Errorf("after detaching it: %v: %s", p.Conditions, res.Summary())
	}
}

// A roper's Reel pulls each creature its tendrils grapple into its
// reach, before its bite.
func TestRoperReelsInWhomItGrapples(t *testing.T) {
	m := mira()
	m.HP, m.MaxHP = 80, 80
	e := casterFirst(t, []campaign.Character{m}, []encounter.MonsterSpec{{SRDID: "roper", Count: 1}, {SRDID: "goblin", Count: 1}})
	e = engage(t, e, "mira", "goblin-1")
	e = edit(e, "mira", func(p *encounter.Participant) { p.GrappledBy = "roper-1" })
	e, _ = act(t, e, "mira", turnEnd)
	e, res := monsterTurn(t, e, 1, 1, 1, 1, 1)
	if p := participant(t, e, "mira"); !slices.Equal(p.Engaged, []string{"roper-1"}) || !strings.Contains(res.Summary(), "pulled 25 feet toward Roper 1") {
		t.Fatalf("after the reel: engaged %v: %s", p.Engaged, res.Summary())
	}
}

// A harpy's Luring Song charms Mira on a failed DC 11 Wisdom save:
// incapacitated, she walks to the harpy as her turn starts, leaving the
// goblin's reach (its opportunity attack), and shakes it off with a save
// at the end of her turn.
func TestLuringSongWalksTheCharmedToTheHarpy(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "harpy", Count: 1}, {SRDID: "goblin", Count: 1}})
	e = engage(t, e, "mira", "goblin-1")
	e, _ = act(t, e, "mira", turnEnd)
	e, res := monsterTurn(t, e, 2) // the song: her save 2 + 1
	p := participant(t, e, "mira")
	if !slices.Contains(p.Conditions, "charmed") || !slices.Contains(p.Conditions, "incapacitated") {
		t.Fatalf("after the song: %v: %s", p.Conditions, res.Summary())
	}
	// The goblin misses (1); as her turn starts its opportunity attack
	// misses (1), and she is at the harpy's side.
	e, res = monsterTurn(t, e, 1, 1)
	if !strings.Contains(res.Summary(), "walks toward Harpy 1") {
		t.Fatalf("her turn starts: %s", res.Summary())
	}
	// Her save at the end of her turn: 19.
	e, res = act(t, e, "mira", turnEnd, 19)
	p = participant(t, e, "mira")
	if slices.Contains(p.Conditions, "charmed") || slices.Contains(p.Conditions, "incapacitated") {
		t.Fatalf("her turn: %v, engaged %v: %s", p.Conditions, p.Engaged, res.Summary())
	}
	if !slices.Contains(p.Engaged, "harpy-1") || slices.Contains(p.Engaged, "goblin-1") {
		t.Errorf("she walked to the harpy: engaged %v", p.Engaged)
	}
}

// A kraken's Tentacle Attack or Fling flings, when it grapples two
// creatures, the first of them: free of the grapple, out of reach,
// prone, and 6d6 for its 60 feet (1d6 for every 10); the die sends it at
// the ground, not at Tavi.
func TestKrakenFlingsOneItGrapples(t *testing.T) {
	m := mira()
	m.HP, m.MaxHP = 60, 60
	e := casterFirst(t, []campaign.Character{m, tavi()}, []encounter.MonsterSpec{{SRDID: "kraken", Count: 1}})
	for _, id := range []string{"mira", "tavi"} {
		e = engage(t, e, id, "kraken-1")
		e = edit(e, id, func(p *encounter.Participant) { p.GrappledBy = "kraken-1" })
	}
	e = edit(e, "kraken-1", func(p *encounter.Participant) { p.LegendaryLeft = 1 })
	e.LegendaryDue = []string{"kraken-1"}
	e, res, err := encounter.LegendaryTurn(e, faces(t, 1, 1, 1, 1, 1, 1, 2), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	p := participant(t, e, "mira")
	if p.HP != 54 || p.GrappledBy != "" || len(p.Engaged) != 0 || !slices.Contains(p.Conditions, "prone") || !strings.Contains(res.Summary(), "flung 60 feet") {
		t.Fatalf("after the fling: %d HP, held by %q, engaged %v, %v: %s", p.HP, p.GrappledBy, p.Engaged, p.Conditions, res.Summary())
	}
	if tv := participant(t, e, "tavi"); tv.GrappledBy != "kraken-1" {
		t.Errorf("Tavi is still held: %q", tv.GrappledBy)
	}
}
