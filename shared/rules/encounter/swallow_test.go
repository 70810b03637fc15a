package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules/encounter"
)

// monsterTurn plays the current monster's turn with the dice f.
func monsterTurn(t *testing.T, e encounter.Encounter, f ...int) (encounter.Encounter, encounter.Result) {
	t.Helper()
	e, res, err := encounter.MonsterTurn(e, faces(t, f...))
	if err != nil {
		t.Fatalf("%s's turn: %v", e.Current, err)
	}
	return e, res
}

var turnEnd = encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}

// wormFight is Mira, a level 11 fighter with a greatsword (three attacks
// of +7, 2d6 + 3) and 90 hit points, against a purple worm and a goblin,
// in that order; the worm has swallowed her: its bite hit (15 + 9 against
// AC 16, 3d8 + 9 = 21) and she failed its DC 19 Dexterity save (2 + 1).
func wormFight(t *testing.T) encounter.Encounter {
	t.Helper()
	m := mira()
	m.Level, m.HP, m.MaxHP = 11, 90, 90
	m.Inventory = []campaign.Item{{Item: "greatsword", Qty: 1}}
	e := casterFirst(t, []campaign.Character{m}, []encounter.MonsterSpec{{SRDID: "purple-worm", Count: 1}, {SRDID: "goblin", Count: 1}})
	e, _ = act(t, e, "mira", turnEnd)
	e, res := monsterTurn(t, e, 15, 4, 4, 4, 2)
	if !strings.Contains(res.Summary(), "Mira is swallowed by Purple Worm 1") {
		t.Fatalf("the worm's turn: %s", res.Summary())
	}
	return e
}

func inside(e encounter.Encounter, id string) bool {
	return slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == "swallowed" && fx.TargetID == id })
}

// A purple worm's bite swallows a creature that fails its Dexterity
// save: blinded and restrained, out of the goblin's reach (and the rest
// of the worm's Multiattack finds no one), digested by 6d6 acid at the
// start of each of the worm's turns.
func TestPurpleWormSwallowsAndDigests(t *testing.T) {
	e := wormFight(t)
	m := participant(t, e, "mira")
	if m.HP != 69 || !slices.Contains(m.Conditions, "blinded") || !slices.Contains(m.Conditions, "restrained") || !inside(e, "mira") {
		t.Fatalf("Mira swallowed: %d HP, %v", m.HP, m.Conditions)
	}
	// The goblin can't reach her inside the worm.
	e, res := monsterTurn(t, e)
	if !strings.Contains(res.Summary(), "has no one to attack") || participant(t, e, "mira").HP != 69 {
		t.Fatalf("the goblin's turn: %s", res.Summary())
	}
	// Her turn ends; the worm's starts, and its acid burns her: 6d6 = 18.
	e, res = act(t, e, "mira", turnEnd, 3, 3, 3, 3, 3, 3)
	if m := participant(t, e, "mira"); m.HP != 51 || !strings.Contains(res.Summary(), "Inside Purple Worm 1, Mira") {
		t.Fatalf("after the acid: %d HP: %s", m.HP, res.Summary())
	}
	// The worm bites no one else: she is the only foe, and inside it.
	if _, res = monsterTurn(t, e); !strings.Contains(res.Summary(), "has no one to attack") {
		t.Errorf("the worm's turn with Mira inside: %s", res.Summary())
	}
}

// Nobody outside reaches a swallowed creature, and it reaches only its
// swallower: another's attack on it is refused, and so is its own on
// the goblin.
func TestSwallowedIsOutOfEveryReachButTheSwallowers(t *testing.T) {
	e := wormFight(t)
	e, _ = monsterTurn(t, e) // the goblin's
	_, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "greatsword"}, faces(t))
	if err == nil || !strings.Contains(err.Error(), "inside Purple Worm") {
		t.Errorf("Mira's attack on the goblin from inside: %v", err)
	}
	e.Current = "goblin-1"
	_, _, err = encounter.Act(e, "goblin-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "scimitar"}, faces(t))
	if err == nil || !strings.Contains(err.Error(), "inside Purple Worm") {
		t.Errorf("the goblin's attack on Mira inside: %v", err)
	}
}

// Thirty damage from inside in one turn makes the worm save (DC 21
// Constitution) at the end of that turn; failing (2 + 11), it
// regurgitates her, prone, no longer blinded or restrained.
func TestPurpleWormRegurgitatesAfterThirtyFromInside(t *testing.T) {
	e := wormFight(t)
	e, _ = monsterTurn(t, e) // the goblin's
	// Blinded and restrained, she attacks with disadvantage: 15 and 15
	// hit (+7 against AC 18) twice for 6 + 6 + 3 = 15, then 1 and 1 miss.
	attack := encounter.Action{Kind: encounter.ActionAttack, TargetID: "purple-worm-1", Weapon: "greatsword", EndTurn: true}
	e, res := act(t, e, "mira", attack, 15, 15, 6, 6, 15, 15, 6, 6, 1, 1, 2)
	if w := participant(t, e, "purple-worm-1"); w.HP != w.MaxHP-30 {
		t.Fatalf("the worm took %d: %s", w.MaxHP-w.HP, res.Summary())
	}
	m := participant(t, e, "mira")
	if inside(e, "mira") || !slices.Contains(m.Conditions, "prone") || slices.Contains(m.Conditions, "blinded") || slices.Contains(m.Conditions, "restrained") {
		t.Fatalf("after the regurgitation: %v: %s", m.Conditions, res.Summary())
	}
	if !strings.Contains(res.Summary(), "regurgitates what it swallowed (Constitution save 13 against DC 21)") {
		t.Errorf("the regurgitation told: %s", res.Summary())
	}
}

// Less than thirty from inside asks no save: the worm keeps her.
func TestPurpleWormKeepsHerAfterLessThanThirty(t *testing.T) {
	e := wormFight(t)
	e, _ = monsterTurn(t, e)
	attack := encounter.Action{Kind: encounter.ActionAttack, TargetID: "purple-worm-1", Weapon: "greatsword", EndTurn: true}
	e, res := act(t, e, "mira", attack, 15, 15, 6, 6, 1, 1, 1, 1, 3, 3, 3, 3, 3, 3)
	if !inside(e, "mira") || len(res.Saves) != 0 {
		t.Fatalf("after 15 damage from inside: inside %v, saves %+v: %s", inside(e, "mira"), res.Saves, res.Summary())
	}
}

// A dead worm restrains no one: Mira, who killed it from inside, crawls
// out of the corpse as her next turn starts, with 20 of her 30 feet,
// and lies prone (10 feet are not enough to stand).
func TestDeadWormFreesHerProne(t *testing.T) {
	e := wormFight(t)
	e, _ = monsterTurn(t, e)
	e = edit(e, "purple-worm-1", func(p *encounter.Participant) { p.Combatant.HP = 5 })
	attack := encounter.Action{Kind: encounter.ActionAttack, TargetID: "purple-worm-1", Weapon: "greatsword", EndTurn: true}
	e, res := act(t, e, "mira", attack, 15, 15, 6, 6)
	m := participant(t, e, "mira")
	if !participant(t, e, "purple-worm-1").Defeated || slices.Contains(m.Conditions, "restrained") || !inside(e, "mira") {
		t.Fatalf("after the kill: %v, inside %v: %s", m.Conditions, inside(e, "mira"), res.Summary())
	}
	e, _ = monsterTurn(t, e) // the goblin still finds no one
	m = participant(t, e, "mira")
	if e.Current != "mira" || inside(e, "mira") || !slices.Contains(m.Conditions, "prone") || slices.Contains(m.Conditions, "blinded") || m.Turn.Movement != 10 {
		t.Fatalf("her turn: %v, inside %v, %d ft left", m.Conditions, inside(e, "mira"), m.Turn.Movement)
	}
}

// A behir swallows the creature its Constrict grapples with its Swallow,
// a bite at it (15 + 10, 3d10 + 6 = 21), rather than its Multiattack: the grapple ends, and she is
// blinded and restrained inside.
func TestBehirSwallowsWhomItGrapples(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "behir", Count: 1}})
	e, _ = act(t, e, "mira", turnEnd)
	e = edit(e, "mira", func(p *encounter.Participant) { p.GrappledBy, p.EscapeDC = "behir-1", 16 })
	// Its breath is spent, and does not recharge (1).
	e = edit(e, "behir-1", func(p *encounter.Participant) { p.Spent = []string{"lightning-breath"} })
	e, res := monsterTurn(t, e, 1, 15, 5, 5, 5)
	m := participant(t, e, "mira")
	if m.HP != 7 || m.GrappledBy != "" || !inside(e, "mira") || !slices.Contains(m.Conditions, "blinded") {
		t.Fatalf("after the Swallow: %d HP, grappled by %q, %v: %s", m.HP, m.GrappledBy, m.Conditions, res.Summary())
	}
	if len(res.Attacks) != 1 {
		t.Errorf("the Swallow is the behir's action, one bite: %d attacks", len(res.Attacks))
	}
}

// A gelatinous cube engulfs the creature that fails its DC 12 Dexterity
// save: 3d6 acid, restrained but not blinded (a cube's insides can be
// seen), and a DC 12 Strength check with her action gets her out.
func TestGelatinousCubeEngulfsAndIsEscaped(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "gelatinous-cube", Count: 1}})
	e, _ = act(t, e, "mira", turnEnd)
	e, res := monsterTurn(t, e, 2, 3, 3, 3)
	m := participant(t, e, "mira")
	if m.HP != 19 || !inside(e, "mira") || !slices.Contains(m.Conditions, "restrained") || slices.Contains(m.Conditions, "blinded") {
		t.Fatalf("after the Engulf: %d HP, %v: %s", m.HP, m.Conditions, res.Summary())
	}
	// Her turn comes before the cube's next, and its acid: she breaks out
	// (15 + 3 against DC 12).
	e, res = act(t, e, "mira", encounter.Action{Kind: encounter.ActionEscape}, 15)
	if m := participant(t, e, "mira"); inside(e, "mira") || slices.Contains(m.Conditions, "restrained") {
		t.Fatalf("after her escape: %v: %s", m.Conditions, res.Summary())
	}
}
