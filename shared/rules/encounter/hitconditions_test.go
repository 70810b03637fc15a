package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

// claws has the ghoul claw at Mira: its turn, after hers.
func ghoulClaws(t *testing.T, e encounter.Encounter, f ...int) (encounter.Encounter, encounter.Result) {
	t.Helper()
	out, res, err := encounter.Act(e, "ghoul-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "claws", EndTurn: true}, faces(t, f...))
	if err != nil {
		t.Fatal(err)
	}
	return out, res
}

// A ghoul's claws paralyse for a minute behind a DC 10 Constitution save,
// which the target repeats at the end of each of its turns; a hit on the
// paralysed from within 5 feet is a critical hit. They spare elves.
func TestGhoulClawsParalyse(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "ghoul", Count: 1}})
	e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	// 15 + 4 hits AC 16; 2d4 + 2 = 8; Mira's Constitution save, 3 + 4,
	// fails against DC 10.
	e, res := ghoulClaws(t, e, 15, 3, 3, 3)
	m := participant(t, e, "mira")
	if !m.Combatant.Conditions.Has(rules.Paralyzed) || m.HP != 20 || !strings.Contains(res.Summary(), "paralyzed by Ghoul 1's claws") {
		t.Fatalf("after the claws: %v, %d HP: %s", m.Conditions, m.HP, res.Summary())
	}
	// Paralysed, Mira can only end her turn; its end repeats the save: a
	// 2 + 4 fails.
	act, forced := e.Forced()
	if !forced || act.Kind != encounter.ActionEndTurn {
		t.Fatalf("a paralysed character's turn: %+v %v", act, forced)
	}
	e, res, err = encounter.Act(e, "mira", act, faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	if !participant(t, e, "mira").Combatant.Conditions.Has(rules.Paralyzed) || !strings.Contains(res.Summary(), "still paralyzed") {
		t.Fatalf("after a failed repeat save: %s", res.Summary())
	}
	// The ghoul's next claws hit with advantage and, from within 5 feet,
	// critically: 4d4 + 2. Its save is another 3 + 4.
	e, res = ghoulClaws(t, e, 15, 9, 1, 1, 1, 1, 3)
	if a := res.Attacks[0]; !a.Critical || a.Damage == nil || a.Damage.Taken != 6 {
		t.Fatalf("a hit on the paralysed: %+v: %s", a, res.Summary())
	}
	// A save of 15 + 4 at the end of her turn ends it.
	e, res, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t, 15))
	if err != nil {
		t.Fatal(err)
	}
	if participant(t, e, "mira").Combatant.Conditions.Has(rules.Paralyzed) || !strings.Contains(res.Summary(), "shakes off being paralyzed") {
		t.Fatalf("after a successful repeat save: %v: %s", participant(t, e, "mira").Conditions, res.Summary())
	}

	// Tavi is an elf: the claws hurt her and no more (no save is rolled).
	elf := tavi()
	e = casterFirst(t, []campaign.Character{elf}, []encounter.MonsterSpec{{SRDID: "ghoul", Count: 1}})
	e, _, err = encounter.Act(e, "tavi", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, res, err = encounter.Act(e, "ghoul-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "tavi", Weapon: "claws", EndTurn: true}, faces(t, 18, 2, 2))
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, e, "tavi"); p.Combatant.Conditions.Has(rules.Paralyzed) || len(res.Saves) != 0 {
		t.Errorf("an elf clawed: %v, saves %+v", p.Conditions, res.Saves)
	}
}

// A wolf's bite knocks prone behind a DC 11 Strength save; the prone
// creature stands up at the start of its turn with half its movement.
func TestWolfBiteKnocksProne(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "wolf", Count: 1}})
	e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	// 14 + 4 hits; 2d4 + 2 = 6; Mira's Strength save 3 + 5 fails.
	e, res := wolfBite(t, e, 14, 2, 2, 3)
	if !strings.Contains(res.Summary(), "Mira is knocked prone by Wolf 1's bite (Strength save 8 against DC 11).") || e.Current != "mira" {
		t.Fatalf("after the bite: %s", res.Summary())
	}
	m := participant(t, e, "mira")
	if m.Combatant.Conditions.Has(rules.Prone) || m.Turn.Movement != 15 {
		t.Errorf("at the start of her turn Mira is %v with %d ft of movement, want standing with 15", m.Conditions, m.Turn.Movement)
	}
	// A save of 10 + 5 keeps her on her feet.
	e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, res = wolfBite(t, e, 14, 2, 2, 10)
	if m := participant(t, e, "mira"); m.Combatant.Conditions.Has(rules.Prone) || !strings.Contains(res.Summary(), "resists being knocked prone") {
		t.Errorf("after a saved bite: %v: %s", m.Conditions, res.Summary())
	}
}

func wolfBite(t *testing.T, e encounter.Encounter, f ...int) (encounter.Encounter, encounter.Result) {
	t.Helper()
	out, res, err := encounter.Act(e, "wolf-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "bite", EndTurn: true}, faces(t, f...))
	if err != nil {
		t.Fatal(err)
	}
	return out, res
}

// A constrictor snake's constriction grapples (escape DC 14) and
// restrains until the grapple ends; the escape is an Athletics or
// Acrobatics check against the DC, with the creature's action.
func TestConstrictGrapplesAndRestrains(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "constrictor-snake", Count: 1}})
	e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, res, err := encounter.Act(e, "constrictor-snake-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "constrict", EndTurn: true}, faces(t, 16, 4))
	if err != nil {
		t.Fatal(err)
	}
	m := participant(t, e, "mira")
	if !m.Combatant.Conditions.Has(rules.Grappled) || !m.Combatant.Conditions.Has(rules.Restrained) || m.GrappledBy != "constrictor-snake-1" || m.EscapeDC != 14 {
		t.Fatalf("after the constriction: %v by %q (escape DC %d): %s", m.Conditions, m.GrappledBy, m.EscapeDC, res.Summary())
	}
	if m.Turn.Movement != 0 {
		t.Errorf("a grappled creature's movement: %d", m.Turn.Movement)
	}
	// Athletics: 8 + 5 fails DC 14; next turn 12 + 5 succeeds.
	e, res, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEscape, EndTurn: true}, faces(t, 8))
	if err != nil {
		t.Fatal(err)
	}
	if !participant(t, e, "mira").Combatant.Conditions.Has(rules.Grappled) {
		t.Fatalf("a failed escape freed Mira: %s", res.Summary())
	}
	e, _, err = encounter.Act(e, "constrictor-snake-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "bite", EndTurn: true}, faces(t, 1, 1)) // with advantage on the restrained
	if err != nil {
		t.Fatal(err)
	}
	e, res, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEscape}, faces(t, 12))
	if err != nil {
		t.Fatal(err)
	}
	m = participant(t, e, "mira")
	if m.Combatant.Conditions.Has(rules.Grappled) || m.Combatant.Conditions.Has(rules.Restrained) || m.GrappledBy != "" {
		t.Errorf("after escaping: %v by %q: %s", m.Conditions, m.GrappledBy, res.Summary())
	}
}

// A giant spider's web restrains a creature until it breaks free with a
// DC 12 Strength check, its action.
func TestWebRestrainsUntilBroken(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "giant-spider", Count: 1}})
	e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, res, err := encounter.Act(e, "giant-spider-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "web", Distance: 30, EndTurn: true}, faces(t, 15))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, e, "mira"); !m.Combatant.Conditions.Has(rules.Restrained) {
		t.Fatalf("after the web: %v: %s", m.Conditions, res.Summary())
	}
	// Strength: 9 + 3 meets DC 12.
	e, res, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEscape}, faces(t, 9))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, e, "mira"); m.Combatant.Conditions.Has(rules.Restrained) || !m.Turn.ActionUsed {
		t.Errorf("after breaking the web: %v, turn %+v: %s", m.Conditions, m.Turn, res.Summary())
	}
}

// Every condition a stat block's hit puts on its target is one the fight
// plays: a known condition, a save of a known ability, a size it knows.
func TestEveryHitConditionPlays(t *testing.T) {
	n := 0
	for _, m := range srd.Monsters() {
		for _, a := range m.Actions {
			for _, hc := range a.OnHit {
				n++
				where := m.ID + "/" + a.ID
				if _, err := rules.ParseCondition(hc.Condition); err != nil {
					t.Errorf("%s: %v", where, err)
				}
				if hc.Save != nil {
					if _, err := rules.ParseAbility(hc.Save.Ability); err != nil || hc.Save.Value < 1 {
						t.Errorf("%s: save %+v", where, hc.Save)
					}
				}
				if hc.MaxSize != "" && !slices.Contains([]string{"tiny", "small", "medium", "large", "huge"}, hc.MaxSize) {
					t.Errorf("%s: size %q", where, hc.MaxSize)
				}
				if hc.Condition == "grappled" && hc.Escape < 1 {
					t.Errorf("%s: a grapple without an escape DC", where)
				}
			}
		}
	}
	if n < 50 {
		t.Errorf("%d hit conditions in the monsters' data", n)
	}
}

// The policy plays a monster's hold: a ghoul claws (to paralyse) rather
// than bites for more damage; a giant spider opens with its web, then
// bites while the web recharges.
func TestPolicyPlaysTheHold(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "ghoul", Count: 1}})
	e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	_, res, err := encounter.MonsterTurn(e, seeded(7))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || res.Attacks[0].Weapon != "its claws" {
		t.Errorf("the ghoul attacks with %+v", res.Attacks)
	}
	e = casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "giant-spider", Count: 1}})
	e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, res, err = encounter.MonsterTurn(e, faces(t, 15))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || res.Attacks[0].Weapon != "its web" || !participant(t, e, "mira").Combatant.Conditions.Has(rules.Restrained) {
		t.Fatalf("the spider's first turn: %s", res.Summary())
	}
	if p := participant(t, e, "giant-spider-1"); !slices.Contains(p.Spent, "web") {
		t.Errorf("the web is not spent: %v", p.Spent)
	}
}

// A dragon's Frightful Presence, with its Multiattack: each character
// fails a DC 16 Wisdom save or is frightened for a minute, repeating the
// save at the end of each of its turns; one that saves, or shakes it off,
// is immune to it for the day and is not asked again.
func TestFrightfulPresence(t *testing.T) {
	tough := func(ch campaign.Character) campaign.Character {
		ch.HP, ch.MaxHP = 500, 500
		return ch
	}
	e, _, err := encounter.Start("enc", []campaign.Character{tough(mira()), tough(tavi())}, []encounter.MonsterSpec{{SRDID: "adult-red-dragon", Count: 1}}, nil, faces(t, 20, 19, 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	for e.Current != "adult-red-dragon-1" {
		e, _, err = encounter.Act(e, e.Current, encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		e.LegendaryDue = nil
	}
	// DC 19: Tavi's Wisdom save, 2, fails; Mira's, 20, succeeds; then the
	// dragon's breath or bites, from seeded dice.
	e, res, err := encounter.MonsterTurn(e, scriptAfter(t, 2, 20))
	if err != nil {
		t.Fatal(err)
	}
	m, tv := participant(t, e, "mira"), participant(t, e, "tavi")
	if m.Combatant.Conditions.Has(rules.Frightened) || !tv.Combatant.Conditions.Has(rules.Frightened) || !strings.Contains(res.Summary(), "Frightful Presence") {
		t.Fatalf("after the presence: Mira %v, Tavi %v: %s", m.Conditions, tv.Conditions, res.Summary())
	}
	// Mira saved: immune, she is not asked again on the dragon's next
	// turn (Tavi, still frightened, is not either).
	before := len(res.Saves)
	for e.Current != "adult-red-dragon-1" {
		e, _, err = encounter.Act(e, e.Current, encounter.Action{Kind: encounter.ActionEndTurn}, scriptAfter(t, 1)) // Tavi's repeat save fails
		if err != nil {
			t.Fatal(err)
		}
		e.LegendaryDue = nil
	}
	_, res, err = encounter.MonsterTurn(e, scriptAfter(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res.Rolls {
		if strings.Contains(r.Reason, "frightful presence") {
			t.Errorf("a second presence save: %+v (the first turn had %d saves): %s", r, before, res.Summary())
		}
	}
}
