package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// lyra is a level-n human bard (of the College of Lore from 3rd level)
// with a rapier: Dex 14, Cha 16 (three Bardic Inspiration uses), AC 13,
// 8 HP a level.
func lyra(level int) campaign.Character {
	return campaign.Character{
		ID: "lyra", PlayerID: "p-lyra", Name: "Lyra", Race: "human", Class: "bard", Level: level,
		Abilities: campaign.Abilities{Str: 8, Dex: 14, Con: 12, Int: 10, Wis: 10, Cha: 16},
		HP:        8 * level, MaxHP: 8 * level, AC: 13, Speed: 30, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{"1": {Max: 2}}, HitDice: campaign.Pool{Max: level},
		Skills:    []string{"stealth", "performance", "persuasion"},
		Inventory: []campaign.Item{{Item: "rapier", Qty: 1}},
	}
}

func inspireAction(target string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionFeature, Feature: "bardic-inspiration-d6", TargetID: target}
}

// A level 1 bard inspires Mira (a bonus action and a use, a d6); Mira's
// longsword misses by 2, the die (a 4) turns it into a hit and is gone.
// The bard can't inspire itself, nor Mira twice.
func TestBardLevel1(t *testing.T) {
	e := casterFirst(t, []campaign.Character{lyra(1), mira()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	if _, _, err := encounter.Act(e, "lyra", inspireAction("lyra"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("inspiring herself: %v", err)
	}
	e, res, err := encounter.Act(e, "lyra", inspireAction("mira"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	l := participant(t, e, "lyra")
	if !l.Turn.BonusActionUsed || l.Pools["bardic-inspiration"] != (campaign.Pool{Max: 3, Used: 1}) || !strings.Contains(res.Summary(), "1d6") {
		t.Fatalf("after inspiring: %+v %v %q", l.Turn, l.Pools, res.Summary())
	}
	if _, _, err := encounter.Act(e, "lyra", inspireAction("mira"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("a second die for Mira: %v", err)
	}
	e, _, err = encounter.Act(e, "lyra", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	// Mira (+5) rolls 6: 11 misses AC 13; the d6 (4) makes 15.
	e, res, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "orc-1"}, faces(t, 6, 4, 5))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; !a.Hit || a.Total != 15 || !slices.Equal(a.Reserved, []string{"bardic-inspiration"}) {
		t.Fatalf("inspired attack: %+v", a)
	}
	if slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.TargetID == "mira" && fx.ID == "bardic-inspiration" }) {
		t.Fatal("the die was not used up")
	}
}

// A level 5 bard's die is a d8 (the counter): so is Cutting Words'.
func TestBardLevel5(t *testing.T) {
	e := casterFirst(t, []campaign.Character{lyra(5), mira()}, goblins(1))
	out, res, err := encounter.Act(e, "lyra", inspireAction("mira"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Summary(), "1d8") || !slices.ContainsFunc(out.Effects, func(fx encounter.Effect) bool {
		return fx.TargetID == "mira" && fx.Dice == "1d8" && fx.Spell == "bardic-inspiration-d8"
	}) {
		t.Fatalf("level 5 inspiration: %q %+v", res.Summary(), out.Effects)
	}
	// The goblin (+4) rolls 11 on Lyra's AC 13: 15, a hit a d8 may undo.
	g := goblinFirst(t, lyra(5))
	_, res, err = encounter.MonsterTurnWith(g, faces(t, 11, 3), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := offerOf(res.Openings[0], "lyra", encounter.CuttingWords); !ok || f.Changes != encounter.ChangesUnknown {
		t.Fatalf("cutting words offer: %+v", res.Openings)
	}
}

// An inspired creature's failed save against a breath takes the die
// when it could save it: Mira's Dexterity save (+1) of 9 against DC 13,
// plus the d6's 3, succeeds.
func TestInspirationOnASave(t *testing.T) {
	e, _, err := encounter.Start("enc-i", []campaign.Character{lyra(1), mira()}, []encounter.MonsterSpec{{SRDID: "red-dragon-wyrmling", Count: 1}}, nil, faces(t, 20, 2, 10), nil)
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.Act(e, "lyra", encounter.Action{Kind: encounter.ActionFeature, Feature: "bardic-inspiration-d6", TargetID: "mira", EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if e.Current != "red-dragon-wyrmling-1" {
		t.Fatalf("current %s", e.Current)
	}
	// 7d6 of 2s (14 fire); Lyra fails (1), Mira rolls 9 and the die 3.
	out, res, err := encounter.MonsterTurn(e, faces(t, 2, 2, 2, 2, 2, 2, 2, 1, 9, 3))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, out, "mira"); m.HP != 28-7 {
		t.Fatalf("mira at %d: %s", m.HP, res.Summary())
	}
	if !res.Saves[1].Success || !slices.Equal(res.Saves[1].Reserved, []string{"bardic-inspiration"}) {
		t.Fatalf("mira's save: %+v", res.Saves[1])
	}
}

// Countercharm (bard 6): an action; the bard and its companions hold the
// performance (advantage on saves against being frightened or charmed)
// until the end of its next turn.
func TestCountercharm(t *testing.T) {
	e := casterFirst(t, []campaign.Character{lyra(6), mira()}, goblins(1))
	out, _, err := encounter.Act(e, "lyra", useFeature("countercharm"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"lyra", "mira"} {
		if p := participant(t, out, id); !slices.Contains(p.Combatant.Features, rules.Countercharmed) {
			t.Fatalf("%s has no countercharm: %v", id, p.Combatant.Features)
		}
	}
	if g := participant(t, out, "goblin-1"); slices.Contains(g.Combatant.Features, rules.Countercharmed) {
		t.Fatal("the goblin heard the countercharm as a friend")
	}
	if !participant(t, out, "lyra").Turn.ActionUsed {
		t.Fatal("countercharm took no action")
	}
	// Through Lyra's next turn, then gone.
	for range 4 {
		cur := participant(t, out, out.Current)
		if cur.Kind == encounter.KindMonster {
			out, _, err = encounter.MonsterTurn(out, faces(t, 1))
		} else {
			out, _, err = encounter.Act(out, cur.ID, encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if p := participant(t, out, "mira"); slices.Contains(p.Combatant.Features, rules.Countercharmed) {
		t.Fatalf("the countercharm outlasted the bard's next turn (round %d, %s)", out.Round, out.Current)
	}
}

// Peerless Skill (lore 14): the bard's own hide check that falls short by
// no more than its d10 takes a use and the die.
func TestPeerlessSkill(t *testing.T) {
	e := casterFirst(t, []campaign.Character{lyra(14)}, goblins(1))
	e = edit(e, "lyra", func(p *encounter.Participant) { p.Combatant.Abilities.Dex = 10 })
	// Stealth +5 (proficient): a 2 is 7 against the goblin's 9; the d10
	// adds 5.
	out, res, err := encounter.Act(e, "lyra", encounter.Action{Kind: encounter.ActionHide}, faces(t, 2, 5))
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, out, "lyra"); !p.Hidden || p.Pools["bardic-inspiration"].Used != 1 || !strings.Contains(res.Summary(), "Peerless Skill") {
		t.Fatalf("peerless skill: hidden %v pools %v: %s", p.Hidden, p.Pools, res.Summary())
	}
}

// Superior Inspiration (bard 20): rolling initiative with no Bardic
// Inspiration left gives one back; with one left, nothing.
func TestSuperiorInspiration(t *testing.T) {
	spent := lyra(20)
	spent.Resources = map[string]campaign.Pool{"bardic-inspiration": {Max: 3, Used: 3}}
	e := casterFirst(t, []campaign.Character{spent}, goblins(1))
	if p := participant(t, e, "lyra").Pools["bardic-inspiration"]; p.Used != 2 {
		t.Fatalf("pool %+v, want one back", p)
	}
	some := lyra(20)
	some.Resources = map[string]campaign.Pool{"bardic-inspiration": {Max: 3, Used: 2}}
	e = casterFirst(t, []campaign.Character{some}, goblins(1))
	if p := participant(t, e, "lyra").Pools["bardic-inspiration"]; p.Used != 2 {
		t.Fatalf("pool %+v, want it as it was", p)
	}
}
