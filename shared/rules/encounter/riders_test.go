package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

// actFaces has id take action a with the scripted faces f.
func actFaces(t *testing.T, e encounter.Encounter, id string, a encounter.Action, f ...int) (encounter.Encounter, encounter.Result) {
	t.Helper()
	out, res, err := encounter.Act(e, id, a, faces(t, f...))
	if err != nil {
		t.Fatal(err)
	}
	return out, res
}

func endTurn() encounter.Action {
	return encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}
}

func strikeMira(weapon string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: weapon, EndTurn: true}
}

func tendOn(id string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionFirstAid, TargetID: id, EndTurn: true}
}

// A bearded devil's glaive leaves an infernal wound on a failed DC 12
// Constitution save: 1d10 hit points lost at the start of each of the
// target's turns, 1d10 more for each further hit, with no save. A DC 12
// Wisdom (Medicine) check, with an action, stanches it.
func TestBeardedDevilWoundBleedsUntilStanched(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "bearded-devil", Count: 1}})
	e, _ = actFaces(t, e, "mira", endTurn())
	// 15 + 5 hits AC 16; 1d10 + 3 = 8; Mira's save 3 + 4 fails; at the
	// start of her turn the wound takes 2.
	e, res := actFaces(t, e, "bearded-devil-1", strikeMira("glaive"), 15, 5, 3, 2)
	if m := participant(t, e, "mira"); m.HP != 18 {
		t.Fatalf("after the glaive and the wound: %d HP: %s", m.HP, res.Summary())
	}
	if !strings.Contains(res.Summary(), "leaves Mira with an infernal wound") || !strings.Contains(res.Summary(), "The infernal wound hurts Mira") {
		t.Errorf("the wound told: %s", res.Summary())
	}
	// A second hit (1 + 3) deepens it to 2d10, no save: 4 + 4 at her turn.
	e, _ = actFaces(t, e, "mira", endTurn())
	e, res = actFaces(t, e, "bearded-devil-1", strikeMira("glaive"), 15, 1, 4, 4)
	if m := participant(t, e, "mira"); m.HP != 6 || len(res.Saves) != 0 || !strings.Contains(res.Summary(), "2d10 at each of its turns") {
		t.Fatalf("after a second hit: %d HP, saves %+v: %s", m.HP, res.Saves, res.Summary())
	}
	if got := e.Tends("mira"); len(got) != 1 || got[0] != encounter.TendStanch {
		t.Fatalf("what helps Mira: %v", got)
	}
	// Mira stanches her own wound: Wisdom (Medicine) 10 + 1 fails, then
	// (her next turn, the wound taking 1 + 1) 11 + 1 succeeds.
	e, res = actFaces(t, e, "mira", tendOn("mira"), 10)
	if len(e.Tends("mira")) == 0 || !strings.Contains(res.Summary(), "tries to stanch Mira's infernal wound") {
		t.Fatalf("a failed stanch: %v: %s", e.Tends("mira"), res.Summary())
	}
	e, _ = actFaces(t, e, "bearded-devil-1", endTurn(), 1, 1)
	e, res = actFaces(t, e, "mira", tendOn("mira"), 11)
	if len(e.Tends("mira")) != 0 || !strings.Contains(res.Summary(), "The infernal wound is stanched.") {
		t.Fatalf("a stanch of 12: %v: %s", e.Tends("mira"), res.Summary())
	}
	// Her next turn starts with no loss: 6, less the 1 + 1 before.
	e, _ = actFaces(t, e, "bearded-devil-1", endTurn())
	if m := participant(t, e, "mira"); m.HP != 4 {
		t.Errorf("after the stanch: %d HP", m.HP)
	}
}

// A potion of healing is magical healing: it closes a horned devil's
// infernal wound (3d6 a turn, DC 17 Constitution). A saved wound is no
// wound, and an undead has none.
func TestMagicalHealingClosesTheWound(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "horned-devil", Count: 1}})
	e, _ = actFaces(t, e, "mira", endTurn())
	// 10 + 10 hits; 1d8 + 6 = 7; the save 5 + 4 fails; 3d6 = 6 at her turn.
	e, _ = actFaces(t, e, "horned-devil-1", strikeMira("tail"), 10, 1, 5, 2, 2, 2)
	if m := participant(t, e, "mira"); m.HP != 15 {
		t.Fatalf("after the tail and the wound: %d HP", m.HP)
	}
	e, res := actFaces(t, e, "mira", encounter.Action{Kind: encounter.ActionPotion, Item: "potion-of-healing", EndTurn: true}, 2, 2)
	if len(e.Tends("mira")) != 0 || !strings.Contains(res.Summary(), "The magical healing closes Mira's infernal wound.") {
		t.Fatalf("after a potion: %v: %s", e.Tends("mira"), res.Summary())
	}
	// A save of 15 + 4 keeps the wound off.
	e, res = actFaces(t, e, "horned-devil-1", strikeMira("tail"), 10, 1, 15)
	if len(e.Tends("mira")) != 0 || !strings.Contains(res.Summary(), "resists the infernal wound") {
		t.Fatalf("after a saved wound: %s", res.Summary())
	}
}

// A fire elemental's touch sets its target alight: 1d10 fire damage at
// the start of each of its turns until a creature's action douses it,
// no check needed.
func TestFireElementalTouchBurnsUntilDoused(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira(), tavi()}, []encounter.MonsterSpec{{SRDID: "fire-elemental", Count: 1}})
	e, _ = actFaces(t, e, "mira", endTurn())
	e, _ = actFaces(t, e, "tavi", endTurn())
	// 15 + 6 hits; 2d6 + 3 = 7 fire; 4 more as Mira's turn starts.
	e, res := actFaces(t, e, "fire-elemental-1", strikeMira("touch"), 15, 2, 2, 4)
	if m := participant(t, e, "mira"); m.HP != 17 || !strings.Contains(res.Summary(), "leaves Mira with a fire") {
		t.Fatalf("after the touch and the burn: %d HP: %s", m.HP, res.Summary())
	}
	e, _ = actFaces(t, e, "mira", endTurn())
	e, res = actFaces(t, e, "tavi", tendOn("mira"))
	if len(e.Tends("mira")) != 0 || !strings.Contains(res.Summary(), "Tavi douses the fire on Mira.") {
		t.Fatalf("after Tavi douses her: %s", res.Summary())
	}
	// The elemental's miss, and Mira's turn starts unburnt.
	e, _ = actFaces(t, e, "fire-elemental-1", strikeMira("touch"), 2)
	if m := participant(t, e, "mira"); m.HP != 17 {
		t.Errorf("after the fire is out: %d HP", m.HP)
	}
}

// A giant spider's poison that drops its target to 0 hit points leaves
// it stable, poisoned for an hour and paralysed while poisoned, even
// once healed; a creature the piercing alone drops is only dying.
func TestGiantSpiderPoisonParalysesTheDowned(t *testing.T) {
	low := mira()
	low.HP = 10
	e := casterFirst(t, []campaign.Character{low, tavi()}, []encounter.MonsterSpec{{SRDID: "giant-spider", Count: 1}})
	e, _ = actFaces(t, e, "mira", endTurn())
	e, _ = actFaces(t, e, "tavi", endTurn())
	// 15 + 5 hits; 1d8 + 3 = 5 piercing; the save 3 + 4 fails: 2d8 = 6
	// poison drops her.
	e, res := actFaces(t, e, "giant-spider-1", strikeMira("bite"), 15, 2, 3, 3, 3)
	m := participant(t, e, "mira")
	if m.HP != 0 || !m.Combatant.Stable || !m.Combatant.Conditions.Has(rules.Poisoned) || !m.Combatant.Conditions.Has(rules.Paralyzed) {
		t.Fatalf("after the poison: %d HP, stable %v, %v: %s", m.HP, m.Combatant.Stable, m.Conditions, res.Summary())
	}
	if e.Current != "tavi" {
		t.Fatalf("a stable, paralysed Mira's turn is not skipped: %s is up", e.Current)
	}
	// Tavi gives her a potion: 2d4 + 2 = 6 hit points, and still
	// paralysed.
	e, _ = actFaces(t, e, "tavi", encounter.Action{Kind: encounter.ActionPotion, Item: "potion-of-healing", TargetID: "mira", EndTurn: true}, 2, 2)
	if m := participant(t, e, "mira"); m.HP != 6 || !m.Combatant.Conditions.Has(rules.Paralyzed) || !m.Combatant.Conditions.Has(rules.Poisoned) {
		t.Fatalf("healed: %d HP, %v", m.HP, m.Conditions)
	}

	// At 4 HP the 5 piercing drops her first: dying, not stable.
	low.HP = 4
	e = casterFirst(t, []campaign.Character{low, tavi()}, []encounter.MonsterSpec{{SRDID: "giant-spider", Count: 1}})
	e, _ = actFaces(t, e, "mira", endTurn())
	e, _ = actFaces(t, e, "tavi", endTurn())
	e, res = actFaces(t, e, "giant-spider-1", strikeMira("bite"), 15, 2, 3, 3, 3)
	if m := participant(t, e, "mira"); m.Combatant.Stable || m.Combatant.Conditions.Has(rules.Paralyzed) {
		t.Errorf("dropped by the piercing: stable %v, %v: %s", m.Combatant.Stable, m.Conditions, res.Summary())
	}
}

// A drow's poisoned bolt: a save failed by 5 or more also puts the
// target to sleep while poisoned, until another creature's action
// shakes it awake or damage wakes it; a save failed by less poisons
// only.
func TestDrowPoisonSleepsOnABadSave(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira(), tavi()}, []encounter.MonsterSpec{{SRDID: "drow", Count: 1}})
	e, _ = actFaces(t, e, "mira", endTurn())
	e, _ = actFaces(t, e, "tavi", endTurn())
	// 15 + 4 hits; 1d6 + 2 = 5; the save 3 + 4 = 7 fails DC 13 by 6.
	shoot := encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "hand-crossbow", Distance: 30, EndTurn: true}
	e, res := actFaces(t, e, "drow-1", shoot, 15, 3, 3)
	m := participant(t, e, "mira")
	if !m.Combatant.Conditions.Has(rules.Unconscious) || !m.Combatant.Conditions.Has(rules.Poisoned) || !strings.Contains(res.Summary(), "Mira falls unconscious from Drow 1's hand crossbow") {
		t.Fatalf("after the bolt: %v: %s", m.Conditions, res.Summary())
	}
	if act, forced := e.Forced(); !forced || act.Kind != encounter.ActionEndTurn {
		t.Fatalf("a sleeping Mira's turn: %+v %v", act, forced)
	}
	e, _ = actFaces(t, e, "mira", endTurn())
	e, res = actFaces(t, e, "tavi", tendOn("mira"))
	if m := participant(t, e, "mira"); m.Combatant.Conditions.Has(rules.Unconscious) || !m.Combatant.Conditions.Has(rules.Poisoned) || !strings.Contains(res.Summary(), "Tavi shakes Mira awake.") {
		t.Fatalf("shaken awake: %v: %s", m.Conditions, res.Summary())
	}
	// Asleep again (the bolt at disadvantage, as she lies prone, and its
	// save 2 + 4), the drow's shortsword wakes her.
	e, _ = actFaces(t, e, "drow-1", shoot, 15, 15, 3, 2)
	e, _ = actFaces(t, e, "mira", endTurn())
	e, _ = actFaces(t, e, "tavi", endTurn())
	e, res = actFaces(t, e, "drow-1", strikeMira("shortsword"), 15, 15, 1, 1) // at advantage, critical
	if m := participant(t, e, "mira"); m.Combatant.Conditions.Has(rules.Unconscious) {
		t.Fatalf("after the shortsword: %v: %s", m.Conditions, res.Summary())
	}

	// A save of 6 + 4 fails by 3: poisoned, awake.
	e = casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "drow", Count: 1}})
	e, _ = actFaces(t, e, "mira", endTurn())
	e, _ = actFaces(t, e, "drow-1", shoot, 15, 3, 6)
	if m := participant(t, e, "mira"); m.Combatant.Conditions.Has(rules.Unconscious) || !m.Combatant.Conditions.Has(rules.Poisoned) {
		t.Errorf("a save failed by 3: %v", m.Conditions)
	}
}

// A homunculus's bite, on a save failed by 5 or more, poisons for 1d10
// minutes instead, asleep all the while; damage does not wake the
// sleeper.
func TestHomunculusSleepLastsItsRolledMinutes(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "homunculus", Count: 1}})
	e, _ = actFaces(t, e, "mira", endTurn())
	// 15 + 4 hits for 1; the save 1 + 4 fails DC 10 by 5; 1d10 = 3 minutes.
	e, res := actFaces(t, e, "homunculus-1", strikeMira("bite"), 15, 1, 3)
	if m := participant(t, e, "mira"); !m.Combatant.Conditions.Has(rules.Unconscious) || !strings.Contains(res.Summary(), "for 3 minutes") {
		t.Fatalf("after the bite: %v: %s", m.Conditions, res.Summary())
	}
	e, _ = actFaces(t, e, "mira", endTurn())
	// At advantage on the sleeper, a critical hit from within 5 feet;
	// the save against the poison, 10 + 4, is made.
	e, res = actFaces(t, e, "homunculus-1", strikeMira("bite"), 15, 15, 10)
	if m := participant(t, e, "mira"); !m.Combatant.Conditions.Has(rules.Unconscious) {
		t.Errorf("bitten while asleep: %v: %s", m.Conditions, res.Summary())
	}
}

// A cockatrice's bite restrains as its target begins to turn to stone;
// the save again at the end of the target's next turn ends it, or leaves
// it petrified for 24 hours.
func TestCockatriceBitePetrifiesInTwoStages(t *testing.T) {
	for _, c := range []struct {
		name   string
		second int
		stone  bool
	}{{"SecondSaveFailedPetrifies", 2, true}, {"SecondSaveMadeEndsIt", 15, false}} {
		t.Run(c.name, func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "cockatrice", Count: 1}})
			e, _ = actFaces(t, e, "mira", endTurn())
			// 15 + 3 hits; 1d4 + 1 = 3; the save 3 + 4 fails DC 11.
			e, res := actFaces(t, e, "cockatrice-1", strikeMira("bite"), 15, 2, 3)
			m := participant(t, e, "mira")
			if !m.Combatant.Conditions.Has(rules.Restrained) || !strings.Contains(res.Summary(), "begins to turn to stone") {
				t.Fatalf("after the bite: %v: %s", m.Conditions, res.Summary())
			}
			e, res = actFaces(t, e, "mira", endTurn(), c.second)
			m = participant(t, e, "mira")
			if m.Combatant.Conditions.Has(rules.Petrified) != c.stone || m.Combatant.Conditions.Has(rules.Restrained) {
				t.Errorf("after the second save (%d + 4): %v: %s", c.second, m.Conditions, res.Summary())
			}
		})
	}
}

// A solar's Slaying Longbow kills a creature it leaves with 190 hit
// points or fewer that fails a DC 15 Constitution save.
func TestSlayingLongbowSlaysOnAFailedSave(t *testing.T) {
	for _, c := range []struct {
		name string
		save int
		dead bool
	}{{"SaveFailedDies", 5, true}, {"SaveMadeLives", 11, false}} {
		t.Run(c.name, func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "solar", Count: 1}})
			e, _ = actFaces(t, e, "mira", endTurn())
			// 10 + 13 hits; 2d8 + 6 and 6d8 of 1s: 14; the save c.save + 4.
			e, res := actFaces(t, e, "solar-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "slaying-longbow", Distance: 150, EndTurn: true},
				10, 1, 1, 1, 1, 1, 1, 1, 1, c.save)
			if m := participant(t, e, "mira"); m.Combatant.Dead != c.dead || (!c.dead && m.HP != 14) {
				t.Errorf("after the arrow (save %d + 4): dead %v, %d HP: %s", c.save, m.Combatant.Dead, m.HP, res.Summary())
			}
		})
	}
}

// Every sleep in the data plays: a hit whose save fails badly enough
// leaves the target unconscious.
func TestEverySleepPlays(t *testing.T) {
	n := 0
	for _, m := range srd.Monsters() {
		for _, a := range m.Actions {
			for _, hc := range a.OnHit {
				if hc.Sleep == nil {
					continue
				}
				n++
				for seed := uint64(1); seed < 40; seed++ {
					e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: m.ID, Count: 1}})
					e, _ = actFaces(t, e, "mira", endTurn())
					e, res, err := encounter.Act(e, e.Current, encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: a.ID}, seeded(seed))
					if err != nil {
						t.Fatalf("%s/%s: %v", m.ID, a.ID, err)
					}
					if len(res.Saves) == 0 || res.Saves[0].Success {
						continue
					}
					sv := res.Saves[0]
					bad := (hc.Sleep.FailBy == 0 && hc.Sleep.AtMost == 0) || (hc.Sleep.FailBy > 0 && sv.DC-sv.Total >= hc.Sleep.FailBy) ||
						(hc.Sleep.AtMost > 0 && sv.Total <= hc.Sleep.AtMost)
					if got := participant(t, e, "mira").Combatant.Conditions.Has(rules.Unconscious); got != bad {
						t.Errorf("%s/%s: save %d against DC %d: unconscious %v: %s", m.ID, a.ID, sv.Total, sv.DC, got, res.Summary())
					}
				}
			}
		}
	}
	if n < 5 {
		t.Errorf("sleeps played: %d, want the drow's, homunculus's, pseudodragon's, sprite's and couatl's", n)
	}
}

// A chain devil's chain grapples (escape DC 14) and restrains, and the
// grappled target takes 2d6 piercing at the start of each of its turns
// until the grapple ends: no hand ends the harm, escaping does.
func TestChainDevilsChainsHurtWhileTheyHold(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "chain-devil", Count: 1}})
	e, _ = actFaces(t, e, "mira", endTurn())
	// 15 + 8 hits AC 16; 2d6 + 4 is 3 + 3 + 4 = 10 slashing; at the start
	// of Mira's turn the chains take 2 + 2.
	e, res := actFaces(t, e, "chain-devil-1", strikeMira("chain"), 15, 3, 3, 2, 2)
	m := participant(t, e, "mira")
	if m.HP != 14 || !m.Combatant.Conditions.Has(rules.Grappled) || !strings.Contains(res.Summary(), "as long as it is grappled") {
		t.Fatalf("after the chain and its first turn: %d HP, %v: %s", m.HP, m.Conditions, res.Summary())
	}
	if got := e.Tends("mira"); len(got) != 0 {
		t.Errorf("a hand could end the chains' harm: %v", got)
	}
	// Mira escapes: Strength (Athletics) 15 + 3 + 2 beats DC 14. The
	// devil's turn passes; hers starts unhurt, the harm gone with the
	// grapple.
	e, res = actFaces(t, e, "mira", encounter.Action{Kind: encounter.ActionEscape, EndTurn: true}, 15)
	if m := participant(t, e, "mira"); m.Combatant.Conditions.Has(rules.Grappled) {
		t.Fatalf("Mira did not escape: %s", res.Summary())
	}
	e, _ = actFaces(t, e, "chain-devil-1", endTurn())
	if m := participant(t, e, "mira"); m.HP != 14 {
		t.Errorf("after the escape: %d HP, want 14", m.HP)
	}
	for _, fx := range e.Effects {
		if fx.TargetID == "mira" && fx.Note == "chain" {
			t.Errorf("the chains' harm outlived the grapple: %+v", fx)
		}
	}
}

// A pit fiend's bite poisons on a failed DC 21 Constitution save, and the
// poisoned target takes 6d6 poison at the start of each of its turns; a
// saved bite leaves no poison, and no harm.
func TestPitFiendPoisonHurtsOnlyThePoisoned(t *testing.T) {
	m := mira()
	m.HP, m.MaxHP = 60, 60
	e := casterFirst(t, []campaign.Character{m}, []encounter.MonsterSpec{{SRDID: "pit-fiend", Count: 1}})
	e, _ = actFaces(t, e, "mira", endTurn())
	// 15 + 14 hits; 4d6 + 8 piercing is 1 + 1 + 1 + 1 + 8 = 12; Mira's
	// save 20 + 4 makes DC 21: no poison, and her turn starts unhurt (but
	// for the fiend's Fear Aura, whose save her 20 makes: immune).
	e, res := actFaces(t, e, "pit-fiend-1", strikeMira("bite"), 15, 1, 1, 1, 1, 20, 20)
	if m := participant(t, e, "mira"); m.HP != 48 || m.Combatant.Conditions.Has(rules.Poisoned) || strings.Contains(res.Summary(), "The poison hurts") {
		t.Fatalf("a saved bite: %d HP, %v: %s", m.HP, m.Conditions, res.Summary())
	}
	// A failed save (2 + 4): poisoned, and 6d6 (all 1s) as her turn starts.
	e, _ = actFaces(t, e, "mira", endTurn())
	e, res = actFaces(t, e, "pit-fiend-1", strikeMira("bite"), 15, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1)
	if m := participant(t, e, "mira"); m.HP != 48-12-6 || !m.Combatant.Conditions.Has(rules.Poisoned) || !strings.Contains(res.Summary(), "The poison hurts Mira") {
		t.Fatalf("a failed save: %d HP, %v: %s", m.HP, m.Conditions, res.Summary())
	}
}
