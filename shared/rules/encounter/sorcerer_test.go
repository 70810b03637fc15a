package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// allMetamagic are every Metamagic option, chosen so each test may use
// the one it is about.
var allMetamagic = []string{"metamagic-careful-spell", "metamagic-distant-spell", "metamagic-empowered-spell", "metamagic-extended-spell",
	"metamagic-heightened-spell", "metamagic-quickened-spell", "metamagic-subtle-spell", "metamagic-twinned-spell"}

// seren is a draconic sorcerer (a red dragon ancestor: fire) of the level
// given, Cha 16 (+3), Dex 14: at 5th level spell attack +6, save DC 14,
// slots 4/3/2 and 5 sorcery points; AC 13 + 2 unarmoured (Draconic
// Resilience).
func seren(level int) campaign.Character {
	slots := map[int]map[string]campaign.Slot{
		1:  {"1": {Max: 2}},
		5:  {"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 2}},
		6:  {"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 3}},
		18: {"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 3}, "4": {Max: 3}, "5": {Max: 3}, "6": {Max: 1}, "7": {Max: 1}, "8": {Max: 1}, "9": {Max: 1}},
	}[level]
	return campaign.Character{
		ID: "seren", PlayerID: "p5", Name: "Seren", Race: "human", Class: "sorcerer", Level: level,
		Abilities: campaign.Abilities{Str: 8, Dex: 14, Con: 14, Int: 10, Wis: 12, Cha: 16},
		HP:        8 * level, MaxHP: 8 * level, AC: 15, Speed: 30, Conditions: []string{},
		SpellSlots: slots, HitDice: campaign.Pool{Max: level},
		Inventory: []campaign.Item{{Item: "dagger", Qty: 2}},
		Choices:   map[string][]string{"metamagic": allMetamagic, "dragon-ancestor": {"dragon-ancestor-red---fire-damage"}},
	}
}

func castWith(spell string, with []string, targets ...string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionCast, Spell: spell, TargetIDs: targets, With: with}
}

func useChoice(id, choice string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionFeature, Feature: id, Choice: choice}
}

// freshTurn gives participant id its action and bonus action back, as a
// new turn would.
func freshTurn(e encounter.Encounter, id string) encounter.Encounter {
	return edit(e, id, func(p *encounter.Participant) { p.Turn = encounter.Turn{} })
}

// Flexible Casting as the SRD's table has it: a bonus action makes a
// 1st-level slot of 2 sorcery points (above the slots' maximum, for a
// long rest to take away), or turns a 3rd-level slot into 3 points, never
// past the sorcerer's 5; a 5th-level slot costs 7, and none is made above
// 5th.
func TestFlexibleCasting(t *testing.T) {
	e := casterFirst(t, []campaign.Character{seren(5)}, goblins(1))
	if _, _, err := encounter.Act(e, "seren", useChoice("flexible-casting-converting-spell-slot", "2"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("a slot turned into points with all 5 left: %v", err)
	}
	e, res, err := encounter.Act(e, "seren", useChoice("flexible-casting-creating-spell-slots", "1st"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	s := participant(t, e, "seren")
	if s.Pools["sorcery-points"].Used != 2 || s.Combatant.SpellSlots[0] != (campaign.Slot{Max: 4, Used: -1}) || !s.Turn.BonusActionUsed || s.Turn.ActionUsed {
		t.Fatalf("after making a 1st-level slot: pools %v slots %+v turn %+v", s.Pools, s.Combatant.SpellSlots[0], s.Turn)
	}
	if !strings.Contains(res.Summary(), "2 sorcery points into a 1st-level spell slot (3 of 5 points left)") {
		t.Errorf("summary %q", res.Summary())
	}
	if _, _, err := encounter.Act(e, "seren", useChoice("flexible-casting-converting-spell-slot", "3"), faces(t)); err == nil {
		t.Error("a second bonus action in the turn")
	}
	e = freshTurn(e, "seren")
	e, res, err = encounter.Act(e, "seren", useChoice("flexible-casting-converting-spell-slot", "3"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	s = participant(t, e, "seren")
	if s.Pools["sorcery-points"].Used != 0 || s.Combatant.SpellSlots[2].Used != 1 || !strings.Contains(res.Summary(), "into 2 sorcery points") {
		t.Errorf("after spending a 3rd-level slot with 2 points missing: pools %v slot %+v: %s", s.Pools, s.Combatant.SpellSlots[2], res.Summary())
	}
	e = freshTurn(e, "seren")
	for _, bad := range []string{"5", "6", "tenth"} {
		if _, _, err := encounter.Act(e, "seren", useChoice("flexible-casting-creating-spell-slots", bad), faces(t)); err == nil {
			t.Errorf("a slot of %q made from 5 points", bad)
		}
	}
	if _, _, err := encounter.Act(e, "seren", useChoice("flexible-casting-creating-spell-slots", "3"), faces(t)); err != nil {
		t.Errorf("a 3rd-level slot from 5 points: %v", err)
	}
}

// Quickened Spell (2 points): Fireball as a bonus action. 8d6 of 1s is 8
// fire: the first goblin fails its DC 14 save and dies, the second makes
// it and takes 4. The action is left for a cantrip only.
func TestQuickenedSpell(t *testing.T) {
	e := casterFirst(t, []campaign.Character{seren(5)}, goblins(2))
	in := castWith("fireball", []string{"quickened"}, "goblin-1", "goblin-2")
	if !in.TakesBonusAction() {
		t.Error("a quickened cast does not take the bonus action")
	}
	e, res, err := encounter.Act(e, "seren", in, faces(t, 1, 1, 1, 1, 1, 1, 1, 1, 3, 20))
	if err != nil {
		t.Fatal(err)
	}
	s := participant(t, e, "seren")
	if !s.Turn.BonusActionUsed || s.Turn.ActionUsed || s.Pools["sorcery-points"].Used != 2 || s.Combatant.SpellSlots[2].Used != 1 {
		t.Fatalf("turn %+v pools %v slots %+v", s.Turn, s.Pools, s.Combatant.SpellSlots)
	}
	if g := participant(t, e, "goblin-2"); !participant(t, e, "goblin-1").Defeated || g.HP != 3 {
		t.Errorf("goblins after 8 fire: %s", res.Summary())
	}
	if !strings.Contains(res.Summary(), "Seren casts Fireball with Quickened Spell (2 sorcery points).") {
		t.Errorf("summary %q", res.Summary())
	}
	if _, _, err := encounter.Act(e, "seren", cast("magic-missile", "goblin-2"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("a 1st-level spell after a quickened one: %v", err)
	}
	if _, _, err := encounter.Act(e, "seren", cast("fire-bolt", "goblin-2"), faces(t, 15, 5, 5)); err != nil {
		t.Errorf("a cantrip after a quickened spell: %v", err)
	}
	// Hold Person takes an action: quickened, it takes the bonus action.
	if _, _, err := encounter.Act(freshTurn(e, "seren"), "seren", castWith("hold-person", []string{"quickened"}, "goblin-2"), faces(t, 20)); err != nil {
		t.Errorf("a quickened Hold Person: %v", err)
	}
}

// Twinned Spell: a spell of one target at its level takes a second, for
// points equal to its level (1 for a cantrip); Fireball can't be twinned,
// and a spell takes one Metamagic option (Empowered Spell besides).
func TestTwinnedSpell(t *testing.T) {
	e := casterFirst(t, []campaign.Character{seren(5)}, goblins(2))
	// Two fire bolts (2d10 at 5th level): 15+6 hits AC 15 twice.
	out, res, err := encounter.Act(e, "seren", castWith("fire-bolt", []string{"twinned"}, "goblin-1", "goblin-2"), faces(t, 15, 4, 4, 15, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if s := participant(t, out, "seren"); s.Pools["sorcery-points"].Used != 1 || len(res.Cast.Targets) != 2 {
		t.Fatalf("pools %v, targets %+v", s.Pools, res.Cast.Targets)
	}
	if !participant(t, out, "goblin-1").Defeated || participant(t, out, "goblin-2").HP != 5 {
		t.Errorf("twinned fire bolts: %s", res.Summary())
	}
	// Hold Person at 2nd level: 2 points.
	out, _, err = encounter.Act(e, "seren", castWith("hold-person", []string{"metamagic-twinned-spell"}, "goblin-1", "goblin-2"), faces(t, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if s := participant(t, out, "seren"); s.Pools["sorcery-points"].Used != 2 {
		t.Errorf("a twinned 2nd-level spell cost %d points", s.Pools["sorcery-points"].Used)
	}
	for name, in := range map[string]encounter.Action{
		"Fireball":          castWith("fireball", []string{"twinned"}, "goblin-1", "goblin-2"),
		"OneTarget":         castWith("fire-bolt", []string{"twinned"}, "goblin-1"),
		"TwoOptions":        castWith("fire-bolt", []string{"twinned", "quickened"}, "goblin-1", "goblin-2"),
		"AnOptionNotChosen": {Kind: encounter.ActionCast, Spell: "fire-bolt", TargetID: "goblin-1", With: []string{"overchannel"}},
	} {
		if _, _, err := encounter.Act(e, "seren", in, faces(t)); err == nil {
			t.Errorf("%s: cast", name)
		}
	}
	if _, _, err := encounter.Act(e, "seren", castWith("fire-bolt", []string{"twinned", "empowered"}, "goblin-1", "goblin-2"), faces(t, 1, 1)); err != nil {
		t.Errorf("Empowered Spell besides Twinned: %v", err)
	}
}

// Careful Spell (1 point): up to Cha modifier creatures the spell makes
// save succeed on it without a roll: Mira, caught in the fireball, takes
// half of 8; the goblin rolls and fails.
func TestCarefulSpell(t *testing.T) {
	e := casterFirst(t, []campaign.Character{seren(5), mira()}, goblins(1))
	in := castWith("fireball", []string{"careful"}, "goblin-1", "mira")
	in.Spare = []string{"mira"}
	out, res, err := encounter.Act(e, "seren", in, faces(t, 1, 1, 1, 1, 1, 1, 1, 1, 2))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, out, "mira"); m.HP != 24 || !res.Cast.Targets[1].Spared || res.Cast.Targets[1].Save == nil || !res.Cast.Targets[1].Save.Success {
		t.Errorf("Mira at %d HP, outcome %+v", m.HP, res.Cast.Targets[1])
	}
	if !strings.Contains(res.Summary(), "Seren casts Fireball with Careful Spell (1 sorcery point). Seren casts Fireball (3rd level): Goblin 1 fails its DEX save (DC 14, rolled 4) and takes 8 fire damage and dies; Mira is spared by the caster and takes 4.") {
		t.Errorf("summary %q", res.Summary())
	}
	in.Spare = []string{"tavi"}
	if _, _, err := encounter.Act(e, "seren", in, faces(t)); err == nil {
		t.Error("a creature outside the spell spared")
	}
	in = cast("fireball", "goblin-1", "mira")
	in.Spare = []string{"mira"}
	if _, _, err := encounter.Act(e, "seren", in, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("spared without Careful Spell: %v", err)
	}
}

// Heightened Spell (3 points): the target rolls its first save against
// the spell with disadvantage.
func TestHeightenedSpell(t *testing.T) {
	e := casterFirst(t, []campaign.Character{seren(5)}, []encounter.MonsterSpec{{SRDID: "bandit", Count: 1}})
	out, res, err := encounter.Act(e, "seren", castWith("hold-person", []string{"heightened"}, "bandit-1"), faces(t, 18, 4))
	if err != nil {
		t.Fatal(err)
	}
	sv := res.Cast.Targets[0].Save
	if sv == nil || sv.Success || len(sv.Edge.Disadvantage) == 0 || participant(t, out, "seren").Pools["sorcery-points"].Used != 3 {
		t.Errorf("save %+v", sv)
	}
	if !participant(t, out, "bandit-1").Combatant.Conditions.Has(rules.Paralyzed) {
		t.Errorf("the bandit is not held: %s", res.Summary())
	}
}

// Distant Spell (1 point): Fire Bolt's 120 feet become 240.
func TestDistantSpell(t *testing.T) {
	e := casterFirst(t, []campaign.Character{seren(5)}, goblins(1))
	far := cast("fire-bolt", "goblin-1")
	far.Distance = 200
	if _, _, err := encounter.Act(e, "seren", far, faces(t)); err == nil {
		t.Fatal("a fire bolt at 200 ft")
	}
	far.With = []string{"distant"}
	if _, res, err := encounter.Act(e, "seren", far, faces(t, 15, 1, 1)); err != nil || !res.Cast.Targets[0].Attacks[0].Hit {
		t.Fatalf("a distant fire bolt at 200 ft: %v", err)
	}
	if _, _, err := encounter.Act(e, "seren", castWith("shield", []string{"distant"}), faces(t)); err == nil {
		t.Error("Distant Spell on a spell of self")
	}
}

// Empowered Spell (1 point): up to Cha modifier (3) of the damage dice
// below their average roll again, the lowest first: of 1 6 2 6 3 6 6 6
// the 1, 2 and 3 become 6s, 48 fire in all.
func TestEmpoweredSpell(t *testing.T) {
	e := casterFirst(t, []campaign.Character{seren(5)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	out, res, err := encounter.Act(e, "seren", castWith("fireball", []string{"empowered"}, "ogre-1"), faces(t, 1, 6, 2, 6, 3, 6, 6, 6, 6, 6, 6, 2))
	if err != nil {
		t.Fatal(err)
	}
	if o := participant(t, out, "ogre-1"); o.HP != 59-48 {
		t.Errorf("ogre at %d HP: %s", o.HP, res.Summary())
	}
	if r := res.Rolls[0]; r.RerollLow != 3 || len(r.Terms[0].Rerolled) != 3 {
		t.Errorf("damage roll %+v", r)
	}
}

// Extended Spell (1 point): Blur's minute lasts two.
func TestExtendedSpell(t *testing.T) {
	e := casterFirst(t, []campaign.Character{seren(5)}, goblins(1))
	out, _, err := encounter.Act(e, "seren", castWith("blur", []string{"extended"}), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if fx := out.Effects; len(fx) != 1 || fx[0].Until.Round != e.Round+20 {
		t.Errorf("effects %+v", fx)
	}
	if _, _, err := encounter.Act(e, "seren", castWith("fire-bolt", []string{"extended"}, "goblin-1"), faces(t)); err == nil {
		t.Error("an instant spell extended")
	}
}

// Subtle Spell (1 point): no words, no gestures, and the mage that would
// counter a Magic Missile sees nothing to counter.
func TestSubtleSpell(t *testing.T) {
	e, _, err := encounter.Start("enc", []campaign.Character{seren(5)}, []encounter.MonsterSpec{{SRDID: "mage", Count: 1}}, nil, faces(t, 20, 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, res, err := encounter.Act(e, "seren", castWith("magic-missile", []string{"subtle"}, "mage-1"), faces(t, 4, 4, 4))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, out, "mage-1"); m.HP != 40-15 || m.ReactionUsed {
		t.Errorf("mage at %d HP, reaction used %v: %s", m.HP, m.ReactionUsed, res.Summary())
	}
}

// Elemental Affinity (6th level): the Charisma modifier on one damage roll
// of a fire spell for a red dragon's heir, and for a point, resistance to
// fire for an hour.
func TestElementalAffinity(t *testing.T) {
	e := casterFirst(t, []campaign.Character{seren(6)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	out, res, err := encounter.Act(e, "seren", castWith("fire-bolt", []string{"elemental-affinity"}, "ogre-1"), faces(t, 15, 5, 5))
	if err != nil {
		t.Fatal(err)
	}
	if res.Rolls[1].Expr != "2d10+3" || participant(t, out, "ogre-1").HP != 59-13 {
		t.Errorf("rolls %+v", res.Rolls)
	}
	s := participant(t, out, "seren")
	if !s.Combatant.Resistances.Has(rules.Fire) || s.Pools["sorcery-points"].Used != 1 {
		t.Errorf("resistances %v pools %v", s.Combatant.Resistances, s.Pools)
	}
	// A cold spell is not the red dragon's.
	_, res, err = encounter.Act(e, "seren", cast("ray-of-frost", "ogre-1"), faces(t, 15, 5, 5))
	if err != nil || res.Rolls[1].Expr != "2d8" {
		t.Errorf("ray of frost: %v %+v", err, res.Rolls)
	}
	if encounter.Ancestry([]string{"dragon-ancestor-black---acid-damage"}) != rules.Acid {
		t.Error("a black dragon's heir does not deal acid")
	}
}

// Draconic Presence (18th level): an action and 5 points, an aura of fear
// held by concentration; a goblin starting its turn in it fails its DC 17
// Wisdom save and is frightened until the aura ends.
func TestDraconicPresence(t *testing.T) {
	e := casterFirst(t, []campaign.Character{seren(18)}, goblins(1))
	in := useChoice("draconic-presence", "fear")
	in.EndTurn = true
	out, res, err := encounter.Act(e, "seren", in, faces(t, 10))
	if err != nil {
		t.Fatal(err)
	}
	s, g := participant(t, out, "seren"), participant(t, out, "goblin-1")
	if s.Pools["sorcery-points"].Used != 5 || s.Combatant.Concentration != "draconic-presence" || !g.Combatant.Conditions.Has(rules.Frightened) {
		t.Fatalf("pools %v concentration %q goblin %v: %s", s.Pools, s.Combatant.Concentration, g.Conditions, res.Summary())
	}
	if !strings.Contains(res.Summary(), "DC 17") {
		t.Errorf("summary %q", res.Summary())
	}
}

// A level 1 sorcerer against a goblin: its Draconic Resilience (AC 15
// unarmoured) turns the goblin's 14 + 4; its fire bolt (1d10) burns it.
func TestSorcererLevel1(t *testing.T) {
	ch, err := campaign.NewCharacter{Name: "Ember", Race: "human", Class: "sorcerer",
		Abilities: &campaign.Abilities{Str: 8, Dex: 14, Con: 13, Int: 10, Wis: 12, Cha: 15}}.Build("ember", "p1")
	if err != nil {
		t.Fatal(err)
	}
	ch.Choices = map[string][]string{"dragon-ancestor": {"dragon-ancestor-gold---fire-damage"}}
	if ch.AC != 15 || ch.MaxHP != 6+2+1 {
		t.Fatalf("AC %d, HP %d; want 13 + 2 and 6 + 2 + 1", ch.AC, ch.MaxHP)
	}
	e := casterFirst(t, []campaign.Character{ch}, goblins(1))
	e, res, err := encounter.Act(e, "ember", encounter.Action{Kind: encounter.ActionCast, Spell: "fire-bolt", TargetID: "goblin-1", EndTurn: true}, faces(t, 12, 3))
	if err != nil {
		t.Fatal(err)
	}
	if g := participant(t, e, "goblin-1"); g.HP != 4 {
		t.Fatalf("goblin at %d: %s", g.HP, res.Summary())
	}
	_, res, err = encounter.MonsterTurn(e, faces(t, 10))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || res.Attacks[0].Hit || res.Attacks[0].AC != 15 {
		t.Errorf("the goblin's attack: %+v", res.Attacks)
	}
}
