package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// kai is a human monk of the given level: Str 10, Dex 16, Con 14, Wis 14,
// so unarmoured AC 10 + 3 + 2 = 15, attacks +3 Dexterity + proficiency;
// 10 HP at 1st level and 7 more a level; a shortsword in hand and ten
// darts; 30 ft of speed and Unarmored Movement's.
func kai(level int) campaign.Character {
	ch := campaign.Character{
		ID: "kai", PlayerID: "p1", Name: "Kai", Race: "human", Class: "monk", Level: level,
		Abilities: campaign.Abilities{Str: 10, Dex: 16, Con: 14, Int: 10, Wis: 14, Cha: 8},
		HP:        10 + 7*(level-1), MaxHP: 10 + 7*(level-1), AC: 15, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{}, HitDice: campaign.Pool{Max: level},
		Inventory: []campaign.Item{{Item: "shortsword", Qty: 1, Equipped: true}, {Item: "dart", Qty: 10}},
	}
	ch.Speed = 30 + int(campaign.ClassCounter(ch, "unarmored_movement"))
	return ch
}

func monkAttack(target, weapon string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionAttack, TargetID: target, Weapon: weapon}
}

func useOn(id, target string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionFeature, Feature: id, TargetID: target}
}

// chosen is the on-hit choice name, taken by kai on the action's attack k.
func chosen(k int, name string, seed uint64) encounter.Reactions {
	return encounter.Reactions{Taken: []campaign.Reaction{{Attack: k, By: "kai", Name: name}}, Seed: seed}
}

func refusedAs(t *testing.T, err error, want fault.Reason, what string) {
	t.Helper()
	if got := fault.ReasonOf(err); got != want {
		t.Errorf("%s: %v (reason %q), want %q", what, err, got, want)
	}
}

// A 1st-level monk against a goblin (AC 15, 7 HP), by Martial Arts: an
// unarmed strike with Dexterity (+3 + 2 to hit) for 1d4 + 3, a shortsword
// with Dexterity for its own 1d6 + 3, and after the Attack action with
// either an unarmed strike as a bonus action.
func TestMartialArtsAtFirstLevel(t *testing.T) {
	e := casterFirst(t, []campaign.Character{kai(1)}, goblins(2))
	if _, _, err := encounter.Act(e, "kai", useOn("martial-arts", "goblin-1"), faces(t)); err == nil {
		t.Fatal("a bonus unarmed strike before the Attack action")
	}
	e, res, err := encounter.Act(e, "kai", monkAttack("goblin-1", "unarmed"), faces(t, 10, 3))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; a.Total != 15 || !a.Hit || res.Rolls[1].Expr != "1d4+3" || a.Damage.Taken != 6 {
		t.Fatalf("unarmed strike: %+v, rolls %+v", a, res.Rolls)
	}
	// The bonus strike: 10 + 5 hits, 1d4 of 1 + 3 finishes the goblin.
	e, res, err = encounter.Act(e, "kai", useOn("martial-arts", "goblin-1"), faces(t, 10, 1))
	if err != nil {
		t.Fatal(err)
	}
	if k := participant(t, e, "kai"); !k.Turn.BonusActionUsed || !participant(t, e, "goblin-1").Defeated || len(res.Attacks) != 1 {
		t.Fatalf("bonus strike: turn %+v, %s", k.Turn, res.Summary())
	}
	if _, _, err := encounter.Act(e, "kai", useOn("martial-arts", "goblin-2"), faces(t)); err == nil {
		t.Error("a second bonus action")
	}

	// The shortsword, a monk weapon, keeps its d6 (larger than the d4).
	e = casterFirst(t, []campaign.Character{kai(1)}, goblins(1))
	_, res, err = encounter.Act(e, "kai", monkAttack("goblin-1", "shortsword"), faces(t, 10, 2))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; a.Bonus != 5 || res.Rolls[1].Expr != "1d6+3" {
		t.Errorf("shortsword: %+v, rolls %+v", a, res.Rolls)
	}
}

// Martial Arts needs the monk unarmoured and without a shield: in leather
// armour its unarmed strike is Strength's (+0 + 2, 1 + 0 damage), and it
// has no bonus strike.
func TestMartialArtsNeedsNoArmour(t *testing.T) {
	armoured := kai(1)
	armoured.Inventory = append(armoured.Inventory, campaign.Item{Item: "leather-armor", Qty: 1, Equipped: true})
	e := casterFirst(t, []campaign.Character{armoured}, goblins(1))
	e, res, err := encounter.Act(e, "kai", monkAttack("goblin-1", "unarmed"), faces(t, 13))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; a.Bonus != 2 || a.Total != 15 || a.Damage == nil || a.Damage.Taken != 1 {
		t.Fatalf("armoured unarmed strike: %+v", a)
	}
	_, _, err = encounter.Act(e, "kai", useOn("martial-arts", "goblin-1"), faces(t))
	refusedAs(t, err, encounter.NotAllowed, "an armoured bonus strike")
}

// Flurry of Blows: after the Attack action, 1 ki (a 2nd-level monk has
// 2) for two unarmed strikes as the bonus action.
func TestFlurryOfBlows(t *testing.T) {
	e := casterFirst(t, []campaign.Character{kai(2)}, goblins(2))
	_, _, err := encounter.Act(e, "kai", useOn("flurry-of-blows", "goblin-1"), faces(t))
	refusedAs(t, err, encounter.NotAllowed, "a flurry before the Attack action")
	e, _, err = encounter.Act(e, "kai", monkAttack("goblin-1", "shortsword"), faces(t, 10, 4))
	if err != nil {
		t.Fatal(err)
	}
	// Two strikes at the second goblin: 4 and 4 of its 7 HP.
	e, res, err := encounter.Act(e, "kai", useOn("flurry-of-blows", "goblin-2"), faces(t, 12, 1, 12, 1))
	if err != nil {
		t.Fatal(err)
	}
	k := participant(t, e, "kai")
	if len(res.Attacks) != 2 || !participant(t, e, "goblin-2").Defeated || k.Pools["ki"] != (campaign.Pool{Max: 2, Used: 1}) || !k.Turn.BonusActionUsed {
		t.Fatalf("flurry: %d attacks, ki %+v, turn %+v: %s", len(res.Attacks), k.Pools["ki"], k.Turn, res.Summary())
	}
	for _, a := range res.Attacks {
		if a.Weapon != "an unarmed strike" {
			t.Errorf("a flurry strike with %q", a.Weapon)
		}
	}
}

// Patient Defense (1 ki: the Dodge action as a bonus action) and Step of
// the Wind (1 ki: Dash or Disengage as a bonus action); with no ki left,
// neither.
func TestPatientDefenseAndStepOfTheWind(t *testing.T) {
	e := casterFirst(t, []campaign.Character{kai(2)}, goblins(1))
	e2, _, err := encounter.Act(e, "kai", useFeature("patient-defense"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if k := participant(t, e2, "kai"); !k.Combatant.Dodging || !k.Turn.BonusActionUsed || k.Turn.ActionUsed || k.Pools["ki"].Used != 1 {
		t.Errorf("patient defense: dodging %v, turn %+v, ki %+v", k.Combatant.Dodging, k.Turn, k.Pools["ki"])
	}
	_, _, err = encounter.Act(e, "kai", useFeature("step-of-the-wind"), faces(t))
	refusedAs(t, err, encounter.InvalidArgs, "Step of the Wind with no choice")
	step := useFeature("step-of-the-wind")
	step.Choice = "dash"
	e2, _, err = encounter.Act(e, "kai", step, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	// A 2nd-level monk's speed is 40: a dash makes it 80 this turn.
	if k := participant(t, e2, "kai"); k.Turn.Movement != 80 || !k.Turn.Dashed || k.Turn.ActionUsed {
		t.Errorf("step of the wind, dash: turn %+v", k.Turn)
	}
	step.Choice = "disengage"
	e2, _, err = encounter.Act(e, "kai", step, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if k := participant(t, e2, "kai"); !k.Turn.Disengaged {
		t.Errorf("step of the wind, disengage: turn %+v", k.Turn)
	}
	spent := edit(e, "kai", func(p *encounter.Participant) { p.Pools = map[string]campaign.Pool{"ki": {Max: 2, Used: 2}} })
	_, _, err = encounter.Act(spent, "kai", useFeature("patient-defense"), faces(t))
	refusedAs(t, err, encounter.NotAllowed, "patient defense with no ki")
}

// Deflect Missiles: hit by a ranged weapon attack, the monk's reaction
// takes 1d10 + Dexterity + its level off the damage; brought to 0, it
// catches the missile. A melee hit draws no such offer.
func TestDeflectMissiles(t *testing.T) {
	e, _, err := encounter.Start("enc-m", []campaign.Character{kai(3)}, goblins(1), nil, faces(t, 1, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	archer := edit(e, "goblin-1", func(p *encounter.Participant) {
		p.Actions = slices.DeleteFunc(slices.Clone(p.Actions), func(a srd.Action) bool { return a.Name != "Shortbow" })
	})
	// The shortbow (+4) rolls 15 against AC 15: a hit; its 1d6+2 rolls 4.
	_, res, err := encounter.MonsterTurnWith(archer, faces(t, 15, 4), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Openings) != 1 {
		t.Fatalf("openings %+v", res.Openings)
	}
	if f, ok := offerOf(res.Openings[0], "kai", encounter.DeflectMissiles); !ok || f.Changes != encounter.ChangesYes {
		t.Fatalf("offers %+v", res.Openings[0].Offers)
	}
	out, res, err := encounter.MonsterTurnWith(archer, faces(t, 15, 4), chosen(0, encounter.DeflectMissiles, 7))
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(res.Rolls, func(r rules.Roll) bool { return r.Reason == "deflect missiles" })
	k := participant(t, out, "kai")
	if i < 0 || res.Rolls[i].Total < 1 || res.Rolls[i].Total > 10 || k.HP != k.MaxHP {
		t.Fatalf("deflected: rolls %+v, Kai %d/%d HP", res.Rolls, k.HP, k.MaxHP)
	}
	// 1d10 + 3 + 3 is at least 7, more than the 6 the arrow dealt.
	if !strings.Contains(res.Summary(), "catches the missile") || len(res.Applied) != 1 {
		t.Errorf("summary %q, applied %+v", res.Summary(), res.Applied)
	}
	// The scimitar's hit is a melee one.
	_, res, err = encounter.MonsterTurnWith(e, faces(t, 15, 4), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range res.Openings {
		if _, ok := offerOf(o, "kai", encounter.DeflectMissiles); ok {
			t.Errorf("Deflect Missiles offered against a scimitar: %+v", o)
		}
	}
}

// stunSeed finds, by trying seeds, the choice's dice that make the save
// after the hit come out as want (the save is drawn from the choices' own
// seed, not the turn's faces).
func stunSeed(t *testing.T, try func(seed uint64) bool) uint64 {
	t.Helper()
	for seed := uint64(1); seed < 200; seed++ {
		if try(seed) {
			return seed
		}
	}
	t.Fatal("no seed gives the save wanted")
	return 0
}

// A 5th-level monk against an orc (AC 13, 15 HP, Con +3): Extra Attack
// makes two unarmed strikes (+6, 1d6 + 3), each hit offers Stunning
// Strike; taken, 1 ki, and a failed Constitution save against the ki DC
// (8 + 3 + 2 = 13) stuns the orc until the end of the monk's next turn:
// its turn passes, and the stun ends as the monk's next one does. A save
// that succeeds costs the ki all the same.
func TestStunningStrikeAtFifthLevel(t *testing.T) {
	e := casterFirst(t, []campaign.Character{kai(5)}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	strikes := func() *dicetest.Script { return faces(t, 10, 1, 10, 1) }
	_, res, err := encounter.Act(e, "kai", monkAttack("orc-1", "unarmed"), strikes())
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 2 || res.Rolls[1].Expr != "1d6+3" || len(res.Openings) != 2 {
		t.Fatalf("two strikes: %+v, openings %+v", res.Rolls, res.Openings)
	}
	if f, ok := offerOf(res.Openings[1], "kai", "stunning-strike"); !ok || f.Changes != encounter.ChangesYes {
		t.Fatalf("offers %+v", res.Openings[1].Offers)
	}
	stunned := func(seed uint64) (encounter.Encounter, encounter.Result) {
		out, res, err := encounter.ActWith(e, "kai", monkAttack("orc-1", "unarmed"), strikes(), chosen(1, "stunning-strike", seed))
		if err != nil {
			t.Fatal(err)
		}
		return out, res
	}
	seed := stunSeed(t, func(s uint64) bool {
		out, _ := stunned(s)
		return participant(t, out, "orc-1").Combatant.Conditions.Has(rules.Stunned)
	})
	out, res := stunned(seed)
	i := slices.IndexFunc(res.Rolls, func(r rules.Roll) bool { return r.Reason == "Constitution saving throw against stunning strike" })
	if i < 0 || res.Rolls[i].DC != 13 || res.Rolls[i].Total >= 13 || participant(t, out, "kai").Pools["ki"] != (campaign.Pool{Max: 5, Used: 1}) {
		t.Fatalf("stunning strike: rolls %+v, ki %+v", res.Rolls, participant(t, out, "kai").Pools["ki"])
	}
	out, _, err = encounter.Act(out, "kai", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	out, res, err = encounter.MonsterTurn(out, faces(t))
	if err != nil || !strings.Contains(res.Summary(), "can't act") {
		t.Fatalf("the stunned orc's turn: %v %q", err, res.Summary())
	}
	if !participant(t, out, "orc-1").Combatant.Conditions.Has(rules.Stunned) || out.Current != "kai" {
		t.Fatal("the stun ended before the monk's next turn")
	}
	out, res, err = encounter.Act(out, "kai", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if participant(t, out, "orc-1").Combatant.Conditions.Has(rules.Stunned) {
		t.Fatalf("still stunned after the monk's next turn: %q", res.Summary())
	}

	seed = stunSeed(t, func(s uint64) bool {
		out, _ := stunned(s)
		return !participant(t, out, "orc-1").Combatant.Conditions.Has(rules.Stunned)
	})
	out, res = stunned(seed)
	if participant(t, out, "kai").Pools["ki"].Used != 1 || !strings.Contains(res.Summary(), "shrugs it off") {
		t.Errorf("a saved stunning strike: ki %+v, %q", participant(t, out, "kai").Pools["ki"], res.Summary())
	}
}

// Open Hand Technique: a 3rd-level monk's Flurry of Blows hits (+5, 1d4 +
// 3) each offer three ways, against the ki DC of 8 + 2 + 2 = 12: knocked
// prone on a failed Dexterity save, pushed 15 ft (out of reach) on a
// failed Strength save, or no reactions until the end of the monk's next
// turn, with no save.
func TestOpenHandTechnique(t *testing.T) {
	e := casterFirst(t, []campaign.Character{kai(3)}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	e, _, err := encounter.Act(e, "kai", monkAttack("orc-1", "shortsword"), faces(t, 10, 1))
	if err != nil {
		t.Fatal(err)
	}
	blows := useOn("flurry-of-blows", "orc-1")
	_, res, err := encounter.Act(e, "kai", blows, faces(t, 10, 1, 10, 1))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Openings) != 2 {
		t.Fatalf("openings %+v", res.Openings)
	}
	for _, way := range []string{"prone", "push", "no-reactions"} {
		if _, ok := offerOf(res.Openings[1], "kai", "open-hand-technique:"+way); !ok {
			t.Errorf("no %s offered: %+v", way, res.Openings[1].Offers)
		}
	}
	// The Attack action's hit was no flurry's: no technique there.
	if _, res, err := encounter.Act(casterFirst(t, []campaign.Character{kai(3)}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}}),
		"kai", monkAttack("orc-1", "unarmed"), faces(t, 10, 1)); err != nil || len(res.Openings) != 0 {
		t.Errorf("an Attack action hit offered %+v (%v)", res.Openings, err)
	}
	way := func(name string, seed uint64) (encounter.Encounter, encounter.Result) {
		out, res, err := encounter.ActWith(e, "kai", blows, faces(t, 10, 1, 10, 1), chosen(1, "open-hand-technique:"+name, seed))
		if err != nil {
			t.Fatal(err)
		}
		return out, res
	}

	seed := stunSeed(t, func(s uint64) bool {
		out, _ := way("prone", s)
		return participant(t, out, "orc-1").Combatant.Conditions.Has(rules.Prone)
	})
	_, res = way("prone", seed)
	if i := slices.IndexFunc(res.Rolls, func(r rules.Roll) bool { return strings.HasPrefix(r.Reason, "Dexterity saving throw") }); i < 0 || res.Rolls[i].DC != 12 {
		t.Errorf("prone: rolls %+v", res.Rolls)
	}

	seed = stunSeed(t, func(s uint64) bool {
		out, _ := way("push", s)
		return len(participant(t, out, "orc-1").Engaged) == 0
	})
	if _, res = way("push", seed); !strings.Contains(res.Summary(), "pushed 15 ft") {
		t.Errorf("push: %q", res.Summary())
	}

	out, _ := way("no-reactions", 1)
	if !participant(t, out, "orc-1").ReactionUsed {
		t.Fatal("the orc kept its reaction")
	}
	out, _, err = encounter.Act(out, "kai", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	out, _, err = encounter.MonsterTurn(out, faces(t, 1)) // the greataxe misses
	if err != nil {
		t.Fatal(err)
	}
	if !participant(t, out, "orc-1").ReactionUsed {
		t.Fatal("the orc's own turn gave its reaction back")
	}
	out, _, err = encounter.Act(out, "kai", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if participant(t, out, "orc-1").ReactionUsed {
		t.Error("the orc has no reaction after the monk's next turn")
	}
}

// Ki-Empowered Strikes: from 6th level a monk's unarmed strikes are
// magical, and get through a grick's resistance to nonmagical
// bludgeoning: a 1d6 + 3 of 7 is halved to 3 at 5th level, whole at 6th
// (the second strike of Extra Attack misses on a 1).
func TestKiEmpoweredStrikes(t *testing.T) {
	for _, tc := range []struct {
		level, want int
	}{{5, 3}, {6, 7}} {
		e := casterFirst(t, []campaign.Character{kai(tc.level)}, []encounter.MonsterSpec{{SRDID: "grick", Count: 1}})
		_, res, err := encounter.Act(e, "kai", monkAttack("grick-1", "unarmed"), faces(t, 15, 4, 1))
		if err != nil {
			t.Fatal(err)
		}
		if d := res.Attacks[0].Damage; d == nil || d.Taken != tc.want {
			t.Errorf("level %d: %s", tc.level, res.Summary())
		}
	}
}

// wyrmlingFirst starts a fight of a monk against a red dragon wyrmling
// that acts first, its Fire Breath ready (DC 13 Dexterity, 7d6 fire,
// half on a success).
func wyrmlingFirst(t *testing.T, monk campaign.Character) encounter.Encounter {
	t.Helper()
	e, _, err := encounter.Start("enc-w", []campaign.Character{monk}, []encounter.MonsterSpec{{SRDID: "red-dragon-wyrmling", Count: 1}}, nil, faces(t, 1, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// breath is the wyrmling's 7d6, all 3s: 21 fire.
var breath = []int{3, 3, 3, 3, 3, 3, 3}

// Evasion: a 7th-level monk (Dexterity save +3 + 3) takes none of the
// fire breath on a save it makes, and half (10 of 21) on one it fails.
func TestEvasionAgainstABreath(t *testing.T) {
	e := wyrmlingFirst(t, kai(7))
	out, res, err := encounter.MonsterTurn(e, faces(t, append(slices.Clone(breath), 10)...))
	if err != nil {
		t.Fatal(err)
	}
	if k := participant(t, out, "kai"); k.HP != k.MaxHP || !strings.Contains(res.Summary(), "Evasion") {
		t.Errorf("a made save: %d/%d HP, %q", k.HP, k.MaxHP, res.Summary())
	}
	out, res, err = encounter.MonsterTurn(e, faces(t, append(slices.Clone(breath), 2)...))
	if err != nil {
		t.Fatal(err)
	}
	if k := participant(t, out, "kai"); k.HP != k.MaxHP-10 {
		t.Errorf("a failed save: %d/%d HP, %q", k.HP, k.MaxHP, res.Summary())
	}
	// At 6th level, no Evasion: half on a success.
	out, _, err = encounter.MonsterTurn(wyrmlingFirst(t, kai(6)), faces(t, append(slices.Clone(breath), 10)...))
	if err != nil {
		t.Fatal(err)
	}
	if k := participant(t, out, "kai"); k.HP != k.MaxHP-10 {
		t.Errorf("6th level, a made save: %d/%d HP", k.HP, k.MaxHP)
	}
}

// Diamond Soul: a 14th-level monk proficient in every save (Dexterity +3
// + 5) who fails one may spend 1 ki to roll it again, offered at the save
// like Lucky; the second roll counts.
func TestDiamondSoulRerollsAFailedSave(t *testing.T) {
	e := wyrmlingFirst(t, kai(14))
	_, res, err := encounter.MonsterTurnWith(e, faces(t, append(slices.Clone(breath), 1)...), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Openings) != 1 || len(res.Saves) != 1 || res.Saves[0].Bonus != 8 {
		t.Fatalf("openings %+v, saves %+v", res.Openings, res.Saves)
	}
	if _, ok := offerOf(res.Openings[0], "kai", "diamond-soul"); !ok {
		t.Fatalf("offers %+v", res.Openings[0].Offers)
	}
	out, res, err := encounter.MonsterTurnWith(e, faces(t, append(slices.Clone(breath), 1)...), chosen(0, "diamond-soul", 3))
	if err != nil {
		t.Fatal(err)
	}
	saves := 0
	for _, r := range res.Rolls {
		if strings.HasPrefix(r.Reason, "Dexterity saving throw") {
			saves++
		}
	}
	if k := participant(t, out, "kai"); saves != 2 || k.Pools["ki"] != (campaign.Pool{Max: 14, Used: 1}) || len(res.Applied) != 1 {
		t.Errorf("rerolled: %d saves, ki %+v, applied %+v", saves, k.Pools["ki"], res.Applied)
	}
}

// Stillness of Mind: the monk's action ends one effect that frightens it.
func TestStillnessOfMind(t *testing.T) {
	e := casterFirst(t, []campaign.Character{kai(7)}, goblins(1))
	_, _, err := encounter.Act(e, "kai", useFeature("stillness-of-mind"), faces(t))
	refusedAs(t, err, encounter.NotAllowed, "stillness with nothing to still")
	e = edit(e, "kai", func(p *encounter.Participant) {
		p.Combatant.Conditions = p.Combatant.Conditions.With(rules.Frightened)
		p.Conditions = []string{"frightened"}
	})
	e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "frightened", Spell: "cause-fear", CasterID: "goblin-1",
		TargetID: "kai", Condition: rules.Frightened, Ends: "1 minute"}, Until: encounter.Until{Round: 11, Turn: "goblin-1"}})
	out, res, err := encounter.Act(e, "kai", useFeature("stillness-of-mind"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if k := participant(t, out, "kai"); k.Combatant.Conditions.Has(rules.Frightened) || len(out.Effects) != 0 || !k.Turn.ActionUsed {
		t.Errorf("after stillness: conditions %v, effects %+v, turn %+v: %q", k.Conditions, out.Effects, k.Turn, res.Summary())
	}
}

// Empty Body: an action and 4 ki for a minute (ten rounds) invisible, and
// resisting every damage type but force.
func TestEmptyBody(t *testing.T) {
	e := casterFirst(t, []campaign.Character{kai(18)}, goblins(1))
	out, _, err := encounter.Act(e, "kai", useFeature("empty-body"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	k := participant(t, out, "kai")
	if !k.Combatant.Conditions.Has(rules.Invisible) || k.Pools["ki"].Used != 4 || !k.Turn.ActionUsed {
		t.Fatalf("empty body: %v, ki %+v", k.Conditions, k.Pools["ki"])
	}
	if !k.Combatant.Resistances.Has(rules.Poison) || !k.Combatant.Resistances.Has(rules.Slashing) || k.Combatant.Resistances.Has(rules.Force) {
		t.Errorf("resistances %v", k.Combatant.Resistances)
	}
	if i := slices.IndexFunc(out.Effects, func(fx encounter.Effect) bool { return fx.ID == "empty-body" }); i < 0 || out.Effects[i].Until.Round != 11 {
		t.Errorf("effects %+v", out.Effects)
	}
}

// Perfect Self: a 20th-level monk who rolls initiative with no ki left
// regains 4.
func TestPerfectSelf(t *testing.T) {
	spent := kai(20)
	spent.Resources = map[string]campaign.Pool{"ki": {Max: 20, Used: 20}}
	e := casterFirst(t, []campaign.Character{spent}, goblins(1))
	if k := participant(t, e, "kai"); k.Pools["ki"] != (campaign.Pool{Max: 20, Used: 16}) {
		t.Errorf("ki after initiative: %+v", k.Pools["ki"])
	}
	some := kai(20)
	some.Resources = map[string]campaign.Pool{"ki": {Max: 20, Used: 19}}
	if k := participant(t, casterFirst(t, []campaign.Character{some}, goblins(1)), "kai"); k.Pools["ki"].Used != 19 {
		t.Errorf("a monk with 1 ki left regained some: %+v", k.Pools["ki"])
	}
}

// Wholeness of Body: the action heals three times the monk's level (18 at
// 6th), once until a long rest.
func TestWholenessOfBody(t *testing.T) {
	hurt := kai(6)
	hurt.HP = 10
	e := casterFirst(t, []campaign.Character{hurt}, goblins(1))
	out, _, err := encounter.Act(e, "kai", useFeature("wholeness-of-body"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if k := participant(t, out, "kai"); k.HP != 28 || !k.Turn.ActionUsed || k.Pools["wholeness-of-body"].Used != 1 {
		t.Fatalf("wholeness: %d HP, turn %+v, pools %+v", k.HP, k.Turn, k.Pools)
	}
	out = edit(out, "kai", func(p *encounter.Participant) { p.Turn.ActionUsed = false })
	_, _, err = encounter.Act(out, "kai", useFeature("wholeness-of-body"), faces(t))
	refusedAs(t, err, encounter.NotAllowed, "a second wholeness of body")
}

// Quivering Palm: 3 ki on an unarmed hit set the vibrations; the monk's
// action later sets them off: an ogre (Con +3) that fails its save
// against the ki DC (8 + 6 + 2 = 16) drops to 0 hit points, and one that
// makes it takes 10d10 necrotic. The choice "end" lets them go, taking no
// action.
func TestQuiveringPalm(t *testing.T) {
	e := casterFirst(t, []campaign.Character{kai(17)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	_, _, err := encounter.Act(e, "kai", useFeature("quivering-palm"), faces(t))
	refusedAs(t, err, encounter.NotAllowed, "quivering palm with no vibrations")
	// Two unarmed strikes (+9, 1d10 + 3): 4 and 4 of the ogre's 59.
	strikes := []int{10, 1, 10, 1}
	_, res, err := encounter.Act(e, "kai", monkAttack("ogre-1", "unarmed"), faces(t, strikes...))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := offerOf(res.Openings[0], "kai", "quivering-palm"); !ok {
		t.Fatalf("offers %+v", res.Openings[0].Offers)
	}
	e, _, err = encounter.ActWith(e, "kai", monkAttack("ogre-1", "unarmed"), faces(t, strikes...), chosen(0, "quivering-palm", 1))
	if err != nil {
		t.Fatal(err)
	}
	if k := participant(t, e, "kai"); k.Pools["ki"].Used != 3 || !slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == "quivering-palm" && fx.TargetID == "ogre-1" }) {
		t.Fatalf("vibrations: ki %+v, effects %+v", k.Pools["ki"], e.Effects)
	}
	e, _, err = encounter.Act(e, "kai", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 1)) // the greatclub misses
	if err != nil {
		t.Fatal(err)
	}

	out, res, err := encounter.Act(e, "kai", useFeature("quivering-palm"), faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	if o := participant(t, out, "ogre-1"); !o.Defeated || o.HP != 0 || !participant(t, out, "kai").Turn.ActionUsed {
		t.Errorf("a failed save: ogre %d HP, dead %v: %q", o.HP, o.Defeated, res.Summary())
	}
	out, res, err = encounter.Act(e, "kai", useFeature("quivering-palm"), faces(t, 20, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5))
	if err != nil {
		t.Fatal(err)
	}
	if o := participant(t, out, "ogre-1"); o.HP != 1 || len(out.Effects) != 0 {
		t.Errorf("a made save: ogre %d HP, effects %+v: %q", o.HP, out.Effects, res.Summary())
	}
	let := useFeature("quivering-palm")
	let.Choice = "end"
	out, _, err = encounter.Act(e, "kai", let, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if participant(t, out, "kai").Turn.ActionUsed || len(out.Effects) != 0 {
		t.Errorf("let go: turn %+v, effects %+v", participant(t, out, "kai").Turn, out.Effects)
	}
}
