package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// sly is a level-n elf rogue (a thief from 3rd level) with a rapier (+3
// Dex +PB, 1d8+3), a shortbow and a potion of healing: Dex 16, AC 14, 8
// HP a level.
func sly(level int) campaign.Character {
	return campaign.Character{
		ID: "sly", PlayerID: "p-sly", Name: "Sly", Race: "elf", Class: "rogue", Level: level,
		Abilities: campaign.Abilities{Str: 8, Dex: 16, Con: 12, Int: 13, Wis: 10, Cha: 14},
		HP:        8 * level, MaxHP: 8 * level, AC: 14, Speed: 30, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{}, HitDice: campaign.Pool{Max: level},
		Skills:    []string{"stealth", "acrobatics"},
		Inventory: []campaign.Item{{Item: "rapier", Qty: 1}, {Item: "shortbow", Qty: 1}, {Item: "potion-of-healing", Qty: 1}},
	}
}

// A level 1 rogue beside Mira against a goblin: Sneak Attack's 1d6, from
// the class's counter, with an ally engaged with the target.
func TestRogueLevel1(t *testing.T) {
	e := casterFirst(t, []campaign.Character{sly(1), mira()}, goblins(1))
	e = engage(t, e, "mira", "goblin-1")
	_, res, err := encounter.Act(e, "sly", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "rapier"}, faces(t, 15, 1, 2))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; !a.Sneak || res.Rolls[2].Expr != "1d6" {
		t.Fatalf("sneak attack: %+v, rolls %+v", a, res.Rolls)
	}
}

// A level 5 rogue against an orc Mira fights: Sneak Attack is 3d6 (the
// class's counter). Uncanny Dodge at 5th level is reaction_test's.
func TestRogueLevel5(t *testing.T) {
	e := casterFirst(t, []campaign.Character{sly(5), mira()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	e = engage(t, e, "mira", "orc-1")
	_, res, err := encounter.Act(e, "sly", encounter.Action{Kind: encounter.ActionAttack, TargetID: "orc-1", Weapon: "rapier", EndTurn: true}, faces(t, 15, 1, 1, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if res.Rolls[2].Expr != "3d6" || res.Attacks[0].Damage.Taken != 4+3 {
		t.Fatalf("level 5 sneak attack: rolls %+v", res.Rolls)
	}
}

// Thief's Reflexes (thief 17): two turns in the first round, the second
// at initiative minus 10, between the goblins; none when surprised.
func TestThiefsReflexes(t *testing.T) {
	e, _, err := encounter.Start("enc-x", []campaign.Character{sly(17)}, goblins(2), nil, faces(t, 18, 14, 5), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Sly 21, goblin 1 16, goblin 2 7: Sly, goblin 1, Sly again (11),
	// goblin 2, then round 2 with Sly.
	var turns []string
	for range 5 {
		turns = append(turns, e.Current)
		p := participant(t, e, e.Current)
		if p.Kind == encounter.KindCharacter {
			if e, _, err = encounter.Act(e, e.Current, encounter.Action{Kind: encounter.ActionEndTurn}, faces(t)); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if e, _, err = encounter.MonsterTurn(e, faces(t, 2)); err != nil {
			t.Fatal(err)
		}
	}
	if want := []string{"sly", "goblin-1", "sly", "goblin-2", "sly"}; !slices.Equal(turns, want) {
		t.Fatalf("turns %v, want %v", turns, want)
	}
	if e.Round != 2 {
		t.Fatalf("round %d", e.Round)
	}
	// Surprised, the rogue has no second turn.
	e, _, err = encounter.Start("enc-y", []campaign.Character{sly(17)}, goblins(2), []string{"sly"}, faces(t, 18, 14, 5), nil)
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.Spell == "thiefs-reflexes" }) {
		t.Fatal("a surprised thief has a second turn")
	}
}

// Stroke of Luck (rogue 20): a miss is offered the feature; taken, the
// same roll hits, and the use is spent until a rest.
func TestStrokeOfLuck(t *testing.T) {
	e := casterFirst(t, []campaign.Character{sly(20)}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	attack := encounter.Action{Kind: encounter.ActionAttack, TargetID: "orc-1", Weapon: "rapier"}
	_, res, err := encounter.Act(e, "sly", attack, faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Openings) != 1 || res.Openings[0].Offers[0].Name != "stroke-of-luck" {
		t.Fatalf("openings %+v", res.Openings)
	}
	k := res.Openings[0].Attack
	out, res, err := encounter.ActWith(e, "sly", attack, faces(t, 2, 2), encounter.Reactions{Taken: []campaign.Reaction{{Attack: k, By: "sly", Name: "stroke-of-luck"}}})
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; !a.Hit || !a.Sure || a.Critical {
		t.Fatalf("the lucky attack: %+v", a)
	}
	if p := participant(t, out, "sly").Pools["stroke-of-luck"]; p.Used != 1 {
		t.Fatalf("pool %+v", p)
	}
}

// Fast Hands (thief 3): a potion drunk as a bonus action, leaving the
// action; a rogue of 2nd level has no such bonus action.
func TestFastHands(t *testing.T) {
	thief := sly(3)
	thief.HP = 5
	e := casterFirst(t, []campaign.Character{thief}, goblins(1))
	out, res, err := encounter.Act(e, "sly", encounter.Action{Kind: encounter.ActionPotion, Item: "potion-of-healing", Bonus: true}, faces(t, 2, 2))
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, out, "sly"); !p.Turn.BonusActionUsed || p.Turn.ActionUsed || p.HP != 5+2+2+2 {
		t.Fatalf("fast hands: %+v HP %d: %s", p.Turn, p.HP, res.Summary())
	}
	second := sly(2)
	e = casterFirst(t, []campaign.Character{second}, goblins(1))
	if _, _, err := encounter.Act(e, "sly", encounter.Action{Kind: encounter.ActionPotion, Item: "potion-of-healing", Bonus: true}, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("a level 2 rogue's potion as a bonus action: %v", err)
	}
}

// Supreme Sneak (thief 9): hiding without having moved has advantage;
// after a move it has none.
func TestSupremeSneakInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{sly(9)}, goblins(1))
	_, res, err := encounter.Act(e, "sly", encounter.Action{Kind: encounter.ActionHide, Bonus: true}, faces(t, 1, 15))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Summary(), "is hidden") {
		t.Fatalf("hide with advantage: %s", res.Summary())
	}
	moved, _, err := encounter.Act(e, "sly", encounter.Action{Kind: encounter.ActionMove}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	_, res, err = encounter.Act(moved, "sly", encounter.Action{Kind: encounter.ActionHide, Bonus: true}, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Summary(), "is noticed") {
		t.Fatalf("hide after moving: %s", res.Summary())
	}
}

// Evasion (rogue 7): the wyrmling's breath misses a rogue that saves.
func TestRogueEvasion(t *testing.T) {
	e, _, err := encounter.Start("enc-e", []campaign.Character{sly(7)}, []encounter.MonsterSpec{{SRDID: "red-dragon-wyrmling", Count: 1}}, nil, faces(t, 2, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, res, err := encounter.MonsterTurn(e, faces(t, 3, 3, 3, 3, 3, 3, 3, 12))
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, out, "sly"); p.HP != p.MaxHP || !strings.Contains(res.Summary(), "Evasion") {
		t.Fatalf("sly at %d/%d: %s", p.HP, p.MaxHP, res.Summary())
	}
}
