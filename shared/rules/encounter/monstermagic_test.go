package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// has reports whether participant id of e bears condition c.
func has(t *testing.T, e encounter.Encounter, id string, c rules.Condition) bool {
	t.Helper()
	return participant(t, e, id).Combatant.Conditions.Has(c)
}

// An androsphinx's roars, DC 18 each: the first frightens Mira (Wisdom
// +1: 5 + 1 fails); she shakes it off at the end of her turn (20), and
// the second deafens and frightens her, and paralyses her while she is
// frightened; deafened, she hears no third roar, and the sphinx claws
// instead. Each roar is a use of its day (Spent).
func TestAndrosphinxRoarsLouderEachTime(t *testing.T) {
	e := monstersFirst(t, "androsphinx", 1, mira())
	e, res, err := encounter.MonsterTurn(e, scriptAfter(t, 5))
	if err != nil {
		t.Fatal(err)
	}
	if !has(t, e, "mira", rules.Frightened) || has(t, e, "mira", rules.Deafened) || len(res.Attacks) != 0 {
		t.Fatalf("after the first roar Mira is %v, attacks %d: %s", participant(t, e, "mira").Conditions, len(res.Attacks), res.Summary())
	}
	if len(res.Saves) != 1 || res.Saves[0].DC != 18 || res.Saves[0].Ability != rules.Wis {
		t.Errorf("the first roar's save: %+v", res.Saves)
	}
	e.LegendaryDue = nil
	e, _ = actFaces(t, e, "mira", endTurn(), 20)
	if has(t, e, "mira", rules.Frightened) {
		t.Fatalf("Mira still frightened after a 20")
	}
	e.LegendaryDue = nil
	e, res, err = encounter.MonsterTurn(e, scriptAfter(t, 5))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []rules.Condition{rules.Deafened, rules.Frightened, rules.Paralyzed} {
		if !has(t, e, "mira", c) {
			t.Errorf("after the second roar Mira is not %s: %s", c, res.Summary())
		}
	}
	if n := strings.Count(strings.Join(participant(t, e, "androsphinx-1").Spent, " "), "roar"); n != 2 {
		t.Errorf("roars spent: %d, want 2", n)
	}
	e.Current = "androsphinx-1"
	e = edit(e, "androsphinx-1", func(p *encounter.Participant) { p.Turn = encounter.Turn{} })
	_, res, err = encounter.MonsterTurn(e, seeded(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) == 0 || len(res.Saves) != 0 && res.Saves[0].DC == 18 && res.Saves[0].Ability == rules.Con {
		t.Errorf("the sphinx roared at a deafened Mira: %s", res.Summary())
	}
}

// The third roar: a DC 18 Constitution save (Mira's +4: 5 + 4 fails),
// 8d10 thunder (eight 1s: 8) and prone on a failure.
func TestAndrosphinxThirdRoarThundersAndKnocksProne(t *testing.T) {
	e := monstersFirst(t, "androsphinx", 1, mira())
	e = edit(e, "androsphinx-1", func(p *encounter.Participant) { p.Spent = []string{"roar", "roar"} })
	e, res, err := encounter.MonsterTurn(e, scriptAfter(t, 1, 1, 1, 1, 1, 1, 1, 1, 5))
	if err != nil {
		t.Fatal(err)
	}
	m := participant(t, e, "mira")
	if m.Combatant.HP != 28-8 || !strings.Contains(res.Summary(), "Mira is knocked prone") || has(t, e, "mira", rules.Frightened) {
		t.Errorf("Mira HP %d, %v: %s", m.Combatant.HP, m.Conditions, res.Summary())
	}
	if len(res.Saves) != 1 || res.Saves[0].Ability != rules.Con || res.Saves[0].DC != 18 {
		t.Errorf("the third roar's save: %+v", res.Saves)
	}
	// Three roars a day: the fourth turn strikes.
	e.Current = "androsphinx-1"
	e.LegendaryDue = nil
	e = edit(e, "androsphinx-1", func(p *encounter.Participant) { p.Turn = encounter.Turn{}; p.Spent = append(p.Spent, "roar") })
	if _, res, err = encounter.MonsterTurn(e, seeded(1)); err != nil || len(res.Attacks) == 0 {
		t.Errorf("after three roars: %v: %s", err, res.Summary())
	}
}

// A blink dog beside Mira bites her (15 + 3 hits AC 16; 1d6 + 1: 3 + 1)
// and teleports away: out of her reach, with no opportunity attack
// offered; its Teleport is spent to its recharge.
func TestBlinkDogBitesAndTeleportsAway(t *testing.T) {
	e := engage(t, monstersFirst(t, "blink-dog", 1, mira()), "mira", "blink-dog-1")
	e, res, err := encounter.MonsterTurnWith(e, faces(t, 15, 3), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	dog, m := participant(t, e, "blink-dog-1"), participant(t, e, "mira")
	if len(res.Attacks) != 1 || !res.Attacks[0].Hit || m.Combatant.HP != 28-4 {
		t.Fatalf("the bite: %+v, Mira HP %d: %s", res.Attacks, m.Combatant.HP, res.Summary())
	}
	if len(dog.Engaged) != 0 || len(m.Engaged) != 0 || len(res.Openings) != 0 || !slices.Contains(dog.Spent, "teleport") {
		t.Errorf("after teleporting the dog is engaged with %v (Mira with %v), openings %v, spent %v", dog.Engaged, m.Engaged, res.Openings, dog.Spent)
	}
}

// Held by Mira, a blink dog goes for Tavi (the weakest, out of its
// reach) by teleporting beside her and biting: Mira gets no opportunity
// attack. Next turn, its Teleport not recharged (a 3, it needs 4), it
// bites as any dog.
func TestBlinkDogTeleportsToItsTarget(t *testing.T) {
	e := engage(t, monstersFirst(t, "blink-dog", 1, mira(), tavi()), "mira", "blink-dog-1")
	e, res, err := encounter.MonsterTurnWith(e, faces(t, 15, 3), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	dog := participant(t, e, "blink-dog-1")
	if !slices.Equal(dog.Engaged, []string{"tavi"}) || len(res.Openings) != 0 || len(res.Attacks) != 1 || res.Attacks[0].TargetID != "tavi" {
		t.Fatalf("the dog is engaged with %v, openings %v, attacks %+v: %s", dog.Engaged, res.Openings, res.Attacks, res.Summary())
	}
	e.Current = "blink-dog-1"
	e = edit(e, "blink-dog-1", func(p *encounter.Participant) { p.Turn = encounter.Turn{} })
	e, res, err = encounter.MonsterTurnWith(e, faces(t, 3, 15, 3), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if dog := participant(t, e, "blink-dog-1"); !slices.Equal(dog.Engaged, []string{"tavi"}) || !slices.Contains(dog.Spent, "teleport") {
		t.Errorf("without its Teleport the dog is engaged with %v, spent %v: %s", dog.Engaged, dog.Spent, res.Summary())
	}
}

// A balor at a quarter of its hit points (66 of 262) held by Mira
// teleports away, its action: no attack, no opportunity attack; once a
// fight, so next turn it fights on.
func TestBadlyHurtBalorTeleportsAway(t *testing.T) {
	e := engage(t, monstersFirst(t, "balor", 1, mira()), "mira", "balor-1")
	e = edit(e, "balor-1", func(p *encounter.Participant) { p.Combatant.HP = 65 })
	e, res, err := encounter.MonsterTurnWith(e, seeded(1), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	b := participant(t, e, "balor-1")
	if len(b.Engaged) != 0 || len(res.Attacks) != 0 || len(res.Openings) != 0 || !strings.Contains(res.Summary(), "teleports away") {
		t.Fatalf("the balor is engaged with %v, attacks %d, openings %d: %s", b.Engaged, len(res.Attacks), len(res.Openings), res.Summary())
	}
	e = engage(t, e, "mira", "balor-1")
	e.Current = "balor-1"
	e.LegendaryDue = nil
	e = edit(e, "balor-1", func(p *encounter.Participant) { p.Turn = encounter.Turn{} })
	if _, res, err = encounter.MonsterTurnWith(e, seeded(1), encounter.Reactions{}); err != nil || len(res.Attacks) == 0 {
		t.Errorf("the balor's next turn: %v: %s", err, res.Summary())
	}
}

// A whole balor held by Mira alone stays and fights.
func TestWholeBalorFightsOn(t *testing.T) {
	e := engage(t, monstersFirst(t, "balor", 1, mira()), "mira", "balor-1")
	_, res, err := encounter.MonsterTurnWith(e, seeded(1), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) == 0 || strings.Contains(res.Summary(), "teleports") {
		t.Errorf("the whole balor: %s", res.Summary())
	}
}

// A solar held by Mira teleports beside Tavi, the weakest, as a
// legendary action (its Teleport, one action): Mira gets no
// opportunity attack.
func TestSolarTeleportsBesideItsTargetAsALegendaryAction(t *testing.T) {
	e := engage(t, monstersFirst(t, "solar", 1, mira(), tavi()), "mira", "solar-1")
	e.Current = "mira"
	e.LegendaryDue = []string{"solar-1"}
	e = edit(e, "solar-1", func(p *encounter.Participant) { p.LegendaryLeft = 3 })
	out, res, err := encounter.LegendaryTurn(e, faces(t), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	s := participant(t, out, "solar-1")
	if !slices.Equal(s.Engaged, []string{"tavi"}) || s.LegendaryLeft != 2 || len(res.Openings) != 0 {
		t.Errorf("the solar is engaged with %v, %d legendary actions left: %s", s.Engaged, s.LegendaryLeft, res.Summary())
	}
}

// A cloaker in dim light makes its three duplicates on its first turn.
// Mira's attack then rolls a d4: a 2 is a duplicate, which her 15 + 5
// hits (the cloaker's AC 14) and destroys; the cloaker takes nothing. A
// 1 is the cloaker itself.
func TestCloakerPhantasmsSpoilAttacks(t *testing.T) {
	e := monstersFirst(t, "cloaker", 1, mira())
	e.Light = "dim"
	e, res, err := encounter.MonsterTurn(e, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	k := slices.IndexFunc(e.Effects, func(fx encounter.Effect) bool {
		return fx.ID == "phantasms" && fx.TargetID == "cloaker-1" && fx.Left == 3
	})
	if k < 0 || len(res.Attacks) != 0 {
		t.Fatalf("the cloaker's first turn: %+v: %s", e.Effects, res.Summary())
	}
	hp := participant(t, e, "cloaker-1").Combatant.HP
	e, res = act(t, e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "cloaker-1", Weapon: "longsword"}, 2, 15)
	if c := participant(t, e, "cloaker-1"); c.Combatant.HP != hp || len(res.Attacks) != 1 || !res.Attacks[0].Hit || res.Attacks[0].TargetID == "cloaker-1" {
		t.Fatalf("Mira's blow at a duplicate: cloaker HP %d of %d, %+v: %s", c.Combatant.HP, hp, res.Attacks, res.Summary())
	}
	if k := slices.IndexFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == "phantasms" }); k < 0 || e.Effects[k].Left != 2 {
		t.Errorf("duplicates left: %+v", e.Effects)
	}
	e = edit(e, "mira", func(p *encounter.Participant) { p.Turn = encounter.Turn{Movement: 30} })
	e, res = act(t, e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "cloaker-1", Weapon: "longsword"}, 1, 15, 4)
	if c := participant(t, e, "cloaker-1"); c.Combatant.HP >= hp || res.Attacks[0].TargetID != "cloaker-1" {
		t.Errorf("Mira's blow at the real cloaker (1 on the d3): HP %d of %d: %s", c.Combatant.HP, hp, res.Summary())
	}
}

// In bright light a cloaker makes no duplicates: it moans instead.
func TestCloakerMakesNoPhantasmsInBrightLight(t *testing.T) {
	e := monstersFirst(t, "cloaker", 1, mira())
	e, res, err := encounter.MonsterTurn(e, seeded(1))
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == "phantasms" }) || !strings.Contains(res.Summary(), "uses Moan") {
		t.Errorf("in bright light: %+v: %s", e.Effects, res.Summary())
	}
}
