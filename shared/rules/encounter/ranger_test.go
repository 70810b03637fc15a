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

// fenn is a level-n human ranger with two shortswords (+3 Dex +PB,
// 1d6+3) and a longbow (1d8+3): Dex 16, Wis 14, AC 15, 10 HP a level.
// Level 3 and up, a hunter with the Hunter's Prey option prey; undead
// are its favored enemy.
func fenn(level int, prey string) campaign.Character {
	ch := campaign.Character{
		ID: "fenn", PlayerID: "p-fenn", Name: "Fenn", Race: "human", Class: "ranger", Level: level,
		Abilities: campaign.Abilities{Str: 12, Dex: 16, Con: 14, Int: 10, Wis: 14, Cha: 8},
		HP:        10 * level, MaxHP: 10 * level, AC: 15, Speed: 30, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{}, HitDice: campaign.Pool{Max: level},
		Skills:    []string{"survival", "perception", "stealth"},
		Inventory: []campaign.Item{{Item: "shortsword", Qty: 2}, {Item: "longbow", Qty: 1}, {Item: "arrow", Qty: 20}},
		Choices:   map[string][]string{"favored-enemy": {"undead"}, "favored-terrain": {"forest"}},
	}
	if level >= 2 {
		ch.SpellSlots["1"] = campaign.Slot{Max: 2}
	}
	if prey != "" {
		ch.Choices = map[string][]string{"favored-enemy": {"undead"}, "favored-terrain": {"forest"}, "hunters-prey": {prey}}
	}
	return ch
}

// choose adds options to a character's choice id.
func choose(ch campaign.Character, id string, options ...string) campaign.Character {
	c := map[string][]string{}
	for k, v := range ch.Choices {
		c[k] = v
	}
	c[id] = append(slices.Clone(c[id]), options...)
	ch.Choices = c
	return ch
}

func attackOn(target string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionAttack, TargetID: target, Weapon: "shortsword"}
}

// A level 1 ranger against a skeleton, its favored enemy: the fight
// plays its shortsword; Favored Enemy is the checks' (rules), and a
// check about undead in the fight has advantage (turn's tests).
func TestRangerLevel1(t *testing.T) {
	e := casterFirst(t, []campaign.Character{fenn(1, "")}, []encounter.MonsterSpec{{SRDID: "skeleton", Count: 1}})
	f := participant(t, e, "fenn")
	if !slices.Contains(f.Combatant.Features, "favored-enemy-1-type") || !slices.Equal(f.Combatant.Choices["favored-enemy"], []string{"undead"}) {
		t.Fatalf("fenn's features %v, choices %v", f.Combatant.Features, f.Combatant.Choices)
	}
	// +5 with a shortsword: a 10 hits AC 13 for 1d6+3.
	_, res, err := encounter.Act(e, "fenn", attackOn("skeleton-1"), faces(t, 10, 4))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || res.Attacks[0].Damage.Taken != 7 {
		t.Fatalf("fenn's attack: %+v", res.Attacks)
	}
}

// Colossus Slayer (hunter 3): a weapon hit on a creature below its hit
// point maximum deals 1d8 more, once a turn; a level 5 ranger's two
// attacks (Extra Attack) show the once.
func TestColossusSlayer(t *testing.T) {
	e := casterFirst(t, []campaign.Character{fenn(5, "hunters-prey-colossus-slayer")}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	e = edit(e, "orc-1", func(p *encounter.Participant) { p.Combatant.HP, p.HP = 14, 14 })
	// Two hits (+6 on AC 13): 2 + 3 and the d8's 3 = 8, then 2 + 3 = 5.
	e, res, err := encounter.Act(e, "fenn", attackOn("orc-1"), faces(t, 15, 2, 3, 15, 2))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 2 || res.Attacks[0].Damage.Taken != 8 || res.Attacks[1].Damage.Taken != 5 {
		t.Fatalf("attacks %+v", res.Attacks)
	}
	if o := participant(t, e, "orc-1"); o.HP != 1 {
		t.Fatalf("orc at %d, want 1", o.HP)
	}
	// At full health the extra die is not dealt.
	e2 := casterFirst(t, []campaign.Character{fenn(3, "hunters-prey-colossus-slayer")}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	_, res, err = encounter.Act(e2, "fenn", attackOn("orc-1"), faces(t, 15, 2))
	if err != nil {
		t.Fatal(err)
	}
	if res.Attacks[0].Damage.Taken != 5 {
		t.Fatalf("a hit on an unhurt orc: %+v", res.Attacks[0])
	}
}

// Giant Killer (hunter 3): a Large creature beside the ranger attacks
// it, and the ranger's reaction is an attack back; a Medium one draws
// no offer.
func TestGiantKiller(t *testing.T) {
	ranger := fenn(3, "hunters-prey-giant-killer")
	ranger.HP, ranger.MaxHP = 12, 12
	e, _, err := encounter.Start("enc-g", []campaign.Character{ranger}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}}, nil, faces(t, 2, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	// The ogre's greatclub (+6) rolls 5: 11 misses AC 15.
	_, res, err := encounter.MonsterTurnWith(e, faces(t, 5), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Openings) != 1 {
		t.Fatalf("openings %+v", res.Openings)
	}
	if f, ok := offerOf(res.Openings[0], "fenn", "hunters-prey-giant-killer"); !ok || f.Changes != encounter.ChangesNo {
		t.Fatalf("offers %+v, want Giant Killer", res.Openings[0].Offers)
	}
	taken := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "fenn", Name: "hunters-prey-giant-killer"}}, Seed: 7}
	_, res, err = encounter.MonsterTurnWith(e, faces(t, 5), taken)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 2 || res.Attacks[1].AttackerID != "fenn" || res.Attacks[1].TargetID != "ogre-1" || len(res.Applied) != 1 {
		t.Fatalf("attacks %+v, applied %+v", res.Attacks, res.Applied)
	}
	// An orc is Medium: no offer.
	e, _, err = encounter.Start("enc-o", []campaign.Character{ranger}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}}, nil, faces(t, 2, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, res, err = encounter.MonsterTurnWith(e, faces(t, 5), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range res.Openings {
		if _, ok := offerOf(o, "fenn", "hunters-prey-giant-killer"); ok {
			t.Fatal("Giant Killer offered against a Medium orc")
		}
	}
}

// Horde Breaker (hunter 3): after a weapon attack, once a turn, one more
// with the same weapon at another creature beside the first target.
func TestHordeBreaker(t *testing.T) {
	e := casterFirst(t, []campaign.Character{fenn(3, "hunters-prey-horde-breaker"), mira()}, goblins(3))
	// Goblin 1 and 2 fight Mira; goblin 3 stands apart.
	e = engage(t, engage(t, e, "mira", "goblin-1"), "mira", "goblin-2")
	if _, _, err := encounter.Act(e, "fenn", useFeature("hunters-prey-horde-breaker"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("Horde Breaker before any attack: %v", err)
	}
	e, _, err := encounter.Act(e, "fenn", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longbow"}, faces(t, 15, 2))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := encounter.Act(e, "fenn", encounter.Action{Kind: encounter.ActionFeature, Feature: "hunters-prey-horde-breaker", TargetID: "goblin-3"}, faces(t)); fault.ReasonOf(err) != encounter.OutOfRange {
		t.Fatalf("Horde Breaker at a goblin apart: %v", err)
	}
	e, res, err := encounter.Act(e, "fenn", encounter.Action{Kind: encounter.ActionFeature, Feature: "hunters-prey-horde-breaker", TargetID: "goblin-2"}, faces(t, 15, 3))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || res.Attacks[0].TargetID != "goblin-2" || res.Attacks[0].Weapon != "a longbow" {
		t.Fatalf("horde breaker: %+v", res.Attacks)
	}
	if f := participant(t, e, "fenn"); f.Turn.BonusActionUsed {
		t.Fatal("Horde Breaker took the bonus action")
	}
	if _, _, err := encounter.Act(e, "fenn", encounter.Action{Kind: encounter.ActionFeature, Feature: "hunters-prey-horde-breaker", TargetID: "goblin-2"}, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("a second Horde Breaker in the turn: %v", err)
	}
}

// Escape the Horde (hunter 7): an opportunity attack on the ranger as it
// moves away has disadvantage.
func TestEscapeTheHorde(t *testing.T) {
	ranger := choose(fenn(7, "hunters-prey-colossus-slayer"), "defensive-tactics", "defensive-tactics-escape-the-horde")
	e := casterFirst(t, []campaign.Character{ranger}, goblins(1))
	e = engage(t, e, "fenn", "goblin-1")
	_, res, err := encounter.Act(e, "fenn", encounter.Action{Kind: encounter.ActionMove}, faces(t, 18, 3))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || !slices.Contains(res.Attacks[0].Edge.Disadvantage, "Escape the Horde") || res.Attacks[0].Natural != 3 {
		t.Fatalf("the goblin's opportunity attack: %+v", res.Attacks)
	}
}

// Multiattack Defense (hunter 7): once a creature hits the ranger, its
// later attacks that turn need to beat AC + 4.
func TestMultiattackDefense(t *testing.T) {
	ranger := choose(fenn(7, "hunters-prey-colossus-slayer"), "defensive-tactics", "defensive-tactics-multiattack-defense")
	e, _, err := encounter.Start("enc-m", []campaign.Character{ranger}, []encounter.MonsterSpec{{SRDID: "brown-bear", Count: 1}}, nil, faces(t, 2, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	// The bear's bite (+5) rolls 12: 17 hits AC 15 (1d8+4: 2); its claws
	// roll 12 again: 17 misses AC 19.
	out, res, err := encounter.MonsterTurn(e, faces(t, 12, 2, 12))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 2 || !res.Attacks[0].Hit || res.Attacks[1].Hit || res.Attacks[1].AC != 19 {
		t.Fatalf("the bear's attacks: %+v", res.Attacks)
	}
	// The next turn it is AC 15 again.
	out = encounter.Next(out)
	if out.Current != "brown-bear-1" {
		out = encounter.Next(out)
	}
	_, res, err = encounter.MonsterTurn(out, faces(t, 10, 2, 1))
	if err != nil {
		t.Fatal(err)
	}
	if res.Attacks[0].AC != 15 {
		t.Fatalf("a new turn's first attack: AC %d", res.Attacks[0].AC)
	}
}

// Volley (hunter 11): a ranged attack at a creature and at each foe
// beside it; Whirlwind Attack: a melee attack at each foe within reach.
func TestVolleyAndWhirlwind(t *testing.T) {
	ranger := choose(fenn(11, "hunters-prey-colossus-slayer"), "multiattack", "multiattack-volley")
	e := casterFirst(t, []campaign.Character{ranger, mira()}, goblins(3))
	e = engage(t, engage(t, e, "mira", "goblin-1"), "mira", "goblin-2")
	_, res, err := encounter.Act(e, "fenn", encounter.Action{Kind: encounter.ActionFeature, Feature: "multiattack-volley", TargetID: "goblin-1"}, faces(t, 15, 3, 15, 3))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 2 || res.Attacks[0].TargetID != "goblin-1" || res.Attacks[1].TargetID != "goblin-2" {
		t.Fatalf("volley: %+v", res.Attacks)
	}

	whirl := choose(fenn(11, "hunters-prey-colossus-slayer"), "multiattack", "multiattack-whirlwind-attack")
	e = casterFirst(t, []campaign.Character{whirl}, goblins(3))
	if _, _, err := encounter.Act(e, "fenn", useFeature("multiattack-whirlwind-attack"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("a whirlwind with no one near: %v", err)
	}
	e = engage(t, engage(t, e, "fenn", "goblin-1"), "fenn", "goblin-3")
	out, res, err := encounter.Act(e, "fenn", useFeature("multiattack-whirlwind-attack"), faces(t, 15, 3, 15, 3))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 2 || res.Attacks[0].TargetID != "goblin-1" || res.Attacks[1].TargetID != "goblin-3" || !participant(t, out, "fenn").Turn.ActionUsed {
		t.Fatalf("whirlwind: %+v", res.Attacks)
	}
}

// Stand Against the Tide (hunter 15): a foe's melee miss on the ranger
// is repeated at another foe beside it.
func TestStandAgainstTheTide(t *testing.T) {
	ranger := choose(fenn(15, "hunters-prey-colossus-slayer"), "superior-hunters-defense", "superior-hunters-defense-stand-against-the-tide")
	ranger.HP, ranger.MaxHP = 5, 150
	e, _, err := encounter.Start("enc-t", []campaign.Character{ranger}, goblins(2), nil, faces(t, 2, 20, 19), nil)
	if err != nil {
		t.Fatal(err)
	}
	e = engage(t, e, "fenn", "goblin-2")
	// Goblin 1's scimitar (+4) rolls 3: a miss on AC 15.
	_, res, err := encounter.MonsterTurnWith(e, faces(t, 3), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Openings) == 0 {
		t.Fatal("no opening")
	}
	if _, ok := offerOf(res.Openings[len(res.Openings)-1], "fenn", "superior-hunters-defense-stand-against-the-tide"); !ok {
		t.Fatalf("offers %+v", res.Openings)
	}
	k := res.Openings[len(res.Openings)-1].Attack
	taken := encounter.Reactions{Taken: []campaign.Reaction{{Attack: k, By: "fenn", Name: "superior-hunters-defense-stand-against-the-tide"}}, Seed: 3}
	_, res, err = encounter.MonsterTurnWith(e, faces(t, 3), taken)
	if err != nil {
		t.Fatal(err)
	}
	last := res.Attacks[len(res.Attacks)-1]
	if last.AttackerID != "goblin-1" || last.TargetID != "goblin-2" || !strings.Contains(res.Summary(), "repeats its attack") {
		t.Fatalf("the repeated attack: %+v", res.Attacks)
	}
}

// Uncanny Dodge as a hunter's Superior Hunter's Defense option (15):
// offered on a hit, and it halves the damage.
func TestHunterUncannyDodge(t *testing.T) {
	ranger := choose(fenn(15, "hunters-prey-colossus-slayer"), "superior-hunters-defense", "superior-hunters-defense-uncanny-dodge")
	e, _, err := encounter.Start("enc-u", []campaign.Character{ranger}, goblins(1), nil, faces(t, 2, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, res, err := encounter.MonsterTurnWith(e, faces(t, 15, 6), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Openings) != 1 {
		t.Fatalf("openings %+v", res.Openings)
	}
	if _, ok := offerOf(res.Openings[0], "fenn", encounter.UncannyDodge); !ok {
		t.Fatalf("offers %+v", res.Openings[0].Offers)
	}
	taken := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "fenn", Name: encounter.UncannyDodge}}}
	_, res, err = encounter.MonsterTurnWith(e, faces(t, 15, 6), taken)
	if err != nil {
		t.Fatal(err)
	}
	if res.Attacks[0].Damage.Taken != 4 {
		t.Fatalf("a dodged 8: %+v", res.Attacks[0].Damage)
	}
}

// Evasion (hunter 15, rogue 7, monk 7): a red dragon wyrmling's breath,
// a DC 13 Dexterity save for half: nothing on a success, half on a
// failure.
func TestEvasionAgainstBreath(t *testing.T) {
	ranger := choose(fenn(15, "hunters-prey-colossus-slayer"), "superior-hunters-defense", "superior-hunters-defense-evasion")
	e, _, err := encounter.Start("enc-b", []campaign.Character{ranger, mira()}, []encounter.MonsterSpec{{SRDID: "red-dragon-wyrmling", Count: 1}}, nil, faces(t, 2, 3, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	// 7d6 of 3s = 21 fire; Fenn saves (+3 +5: 12 = 20), Mira fails (2).
	out, res, err := encounter.MonsterTurn(e, faces(t, 3, 3, 3, 3, 3, 3, 3, 12, 2))
	if err != nil {
		t.Fatal(err)
	}
	if f := participant(t, out, "fenn"); f.HP != f.MaxHP {
		t.Fatalf("fenn took %d on a success: %s", f.MaxHP-f.HP, res.Summary())
	}
	if m := participant(t, out, "mira"); m.HP != 28-21 {
		t.Fatalf("mira (no Evasion) at %d: %s", m.HP, res.Summary())
	}
	out, _, err = encounter.MonsterTurn(edit(e, "red-dragon-wyrmling-1", func(p *encounter.Participant) {}), faces(t, 3, 3, 3, 3, 3, 3, 3, 1, 15))
	if err != nil {
		t.Fatal(err)
	}
	if f := participant(t, out, "fenn"); f.MaxHP-f.HP != 10 {
		t.Fatalf("fenn took %d on a failure, want half of 21", f.MaxHP-f.HP)
	}
}

// Foe Slayer (ranger 20): once on its turn, Wis (+2) on an attack at a
// favored enemy (undead): on the roll when it turns a miss into a hit,
// else on the damage.
func TestFoeSlayer(t *testing.T) {
	e := casterFirst(t, []campaign.Character{fenn(20, "hunters-prey-horde-breaker")}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}})
	// +9 with the shortsword at AC 8: a natural 2 hits (11); the +2 goes
	// on the damage: 1 + 3 + 2; the second attack has none.
	_, res, err := encounter.Act(e, "fenn", attackOn("zombie-1"), faces(t, 2, 1, 2, 1))
	if err != nil {
		t.Fatal(err)
	}
	if res.Attacks[0].Damage.Taken != 6 || !slices.Equal(res.Attacks[0].Reserved, []string{"foe-slayer"}) || res.Attacks[1].Damage.Taken != 4 {
		t.Fatalf("foe slayer: %+v", res.Attacks)
	}
	// Against a goblin, not a favored enemy: nothing.
	e = casterFirst(t, []campaign.Character{fenn(20, "hunters-prey-horde-breaker")}, goblins(1))
	_, res, err = encounter.Act(e, "fenn", attackOn("goblin-1"), faces(t, 10, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if res.Attacks[0].Damage.Taken != 4 {
		t.Fatalf("foe slayer on a goblin: %+v", res.Attacks[0])
	}
}

// Primeval Awareness (ranger 3): an action and a slot; in a fight it
// says which kinds it senses are here.
func TestPrimevalAwareness(t *testing.T) {
	e := casterFirst(t, []campaign.Character{fenn(3, "hunters-prey-colossus-slayer")}, []encounter.MonsterSpec{{SRDID: "skeleton", Count: 1}})
	out, res, err := encounter.Act(e, "fenn", useFeature("primeval-awareness"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	f := participant(t, out, "fenn")
	if f.Combatant.SpellSlots[0].Used != 1 || !f.Turn.ActionUsed || !strings.Contains(res.Summary(), "undead") {
		t.Fatalf("primeval awareness: slots %+v, %q", f.Combatant.SpellSlots[0], res.Summary())
	}
	out = edit(out, "fenn", func(p *encounter.Participant) { p.Combatant.SpellSlots[0].Used = 2; p.Turn.ActionUsed = false })
	if _, _, err := encounter.Act(out, "fenn", useFeature("primeval-awareness"), faces(t)); fault.ReasonOf(err) != encounter.NoSlot {
		t.Fatalf("with no slot: %v", err)
	}
}

// Vanish (ranger 14): Hide as a bonus action.
func TestVanish(t *testing.T) {
	e := casterFirst(t, []campaign.Character{fenn(14, "hunters-prey-colossus-slayer")}, goblins(1))
	out, res, err := encounter.Act(e, "fenn", encounter.Action{Kind: encounter.ActionHide, Bonus: true}, faces(t, 15))
	if err != nil {
		t.Fatal(err)
	}
	if f := participant(t, out, "fenn"); !f.Turn.BonusActionUsed || f.Turn.ActionUsed || !strings.Contains(res.Summary(), "Vanish") {
		t.Fatalf("vanish: %+v %q", f.Turn, res.Summary())
	}
	if _, _, err := encounter.Act(casterFirst(t, []campaign.Character{fenn(13, "")}, goblins(1)), "fenn", encounter.Action{Kind: encounter.ActionHide, Bonus: true}, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("a level 13 ranger hid as a bonus action: %v", err)
	}
}

// A level 5 hunter against zombies, its favored enemy: Extra Attack,
// Colossus Slayer on the wounded one, and the zombies' slams.
func TestRangerLevel5(t *testing.T) {
	e := casterFirst(t, []campaign.Character{fenn(5, "hunters-prey-colossus-slayer")}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 2}})
	e, res, err := encounter.Act(e, "fenn", encounter.Action{Kind: encounter.ActionAttack, TargetID: "zombie-1", Weapon: "longbow", Distance: 60, EndTurn: true},
		faces(t, 12, 5, 12, 5, 4))
	if err != nil {
		t.Fatal(err)
	}
	// 5 + 3 = 8, then 5 + 3 + 4 (Colossus Slayer on the now wounded one) = 12.
	if len(res.Attacks) != 2 || res.Attacks[0].Damage.Taken != 8 || res.Attacks[1].Damage.Taken != 12 {
		t.Fatalf("attacks %+v", res.Attacks)
	}
	if z := participant(t, e, "zombie-1"); z.HP != 2 {
		t.Fatalf("zombie at %d", z.HP)
	}
	_ = rules.Dex
}
