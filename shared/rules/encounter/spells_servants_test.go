package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
)

// served is ch with the servants spell id calls at slot (picked as pick),
// cast before the fight (innately: the spell's own slot is not the
// point), kept on its sheet as the cast out of a fight keeps them.
func served(t *testing.T, ch campaign.Character, id string, slot int, pick string) campaign.Character {
	t.Helper()
	r, err := spell.Cast(rules.FromSheet(ch), id, slot, nil, spell.Options{Innate: true, Summon: pick}, seeded(1), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Effects) != 1 {
		t.Fatalf("%s leaves %+v, want the effect that keeps its servants", id, r.Effects)
	}
	return ch.WithEffect(encounter.Lasting(r.Effects[0], slot, 0))
}

// summonedBy are the participants id summoned, standing.
func summonedBy(e encounter.Encounter, id string) []encounter.Participant {
	var out []encounter.Participant
	for _, p := range e.Participants {
		if p.Summoned && p.SummonedBy == id && !p.Defeated {
			out = append(out, p)
		}
	}
	return out
}

// Wren's owl familiar, a fey, comes into the fight with her, rolls its
// own initiative and, since it can't attack, takes the Help action beside
// the goblin: Wren's next attack on the goblin has advantage, once.
func TestFamiliarHelpsItsMasterAttack(t *testing.T) {
	w := served(t, wren(), "find-familiar", 1, "owl")
	// Initiative: Wren 15+2, the goblin 1+2, the owl 20+1.
	e, _, err := encounter.Start("enc-f", []campaign.Character{w}, goblins(1), nil, faces(t, 15, 1, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	owls := summonedBy(e, "wren")
	if len(owls) != 1 || owls[0].ID != "wren-owl-1" || owls[0].Type != "fey" || owls[0].Kind != encounter.KindCharacter || e.Current != "wren-owl-1" {
		t.Fatalf("summoned %+v, current %s: want Wren's fey owl first", owls, e.Current)
	}
	e, res, err := encounter.MonsterTurn(e, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 0 || !strings.Contains(res.Summary(), "next attack against it has advantage") {
		t.Fatalf("the owl's turn: %d attacks: %s", len(res.Attacks), res.Summary())
	}
	stab := encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "dagger"}
	e, res, err = encounter.Act(e, "wren", stab, faces(t, 3, 18, 1))
	if err != nil {
		t.Fatal(err)
	}
	a := res.Attacks[0]
	if !slices.Contains(a.Edge.Advantage, "Help (Owl 1 (Wren))") || a.Natural != 18 || !a.Hit {
		t.Fatalf("Wren's stab: %+v, want the owl's help to give advantage (18 of 3 and 18)", a)
	}
	if slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == "familiar-help" }) {
		t.Errorf("the help outlives the attack it gave advantage to: %+v", e.Effects)
	}
}

// Find Steed's warhorse, a celestial here, fights for its rider: on its
// turn it strikes the foe with its hooves (+6 to hit, 2d6+4).
func TestSteedFightsForItsRider(t *testing.T) {
	w := served(t, wren(), "find-steed", 2, "celestial warhorse")
	e, _, err := encounter.Start("enc-s", []campaign.Character{w}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}}, nil, faces(t, 10, 1, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	if e.Current != "wren-warhorse-1" {
		t.Fatalf("current %s, order %v", e.Current, e.Order)
	}
	steed, _ := e.Participant("wren-warhorse-1")
	if steed.Type != "celestial" || steed.Combatant.Abilities.Int != 6 {
		t.Errorf("steed of type %s, Int %d; want a celestial of Int 6", steed.Type, steed.Combatant.Abilities.Int)
	}
	// Hooves: 15 + 6 hits the ogre's AC 11; 2d6+4 deals 3+4+4.
	_, res, err := encounter.MonsterTurn(e, faces(t, 15, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || res.Attacks[0].AttackerID != "wren-warhorse-1" || res.Attacks[0].TargetID != "ogre-1" ||
		res.Attacks[0].Bonus != 6 || res.Attacks[0].Damage == nil || res.Attacks[0].Damage.Taken != 11 {
		t.Fatalf("the steed's turn: %+v", res.Attacks)
	}
}

// Create Undead's three ghouls come in with their caster; one that falls
// leaves her service, and the two left leave the fight as it ends, kept
// on her sheet for the next.
func TestCreateUndeadGhoulsServeUntilTheyFall(t *testing.T) {
	w := served(t, wren(), "create-undead", 6, "")
	// Initiative: Wren 20+2, the ogre 14-1, the ghouls 8, 5 and 2, +2.
	e, _, err := encounter.Start("enc-u", []campaign.Character{w}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}}, nil, faces(t, 20, 14, 8, 5, 2), nil)
	if err != nil {
		t.Fatal(err)
	}
	ghouls := summonedBy(e, "wren")
	if len(ghouls) != 3 || ghouls[0].SRDID != "ghoul" || ghouls[0].Type != "undead" {
		t.Fatalf("summoned %+v, want three ghouls", ghouls)
	}
	// A ghoul at 1 hit point takes Wren's magic missiles.
	i := slices.IndexFunc(e.Participants, func(p encounter.Participant) bool { return p.ID == "wren-ghoul-1" })
	e.Participants[i].Combatant.HP, e.Participants[i].HP = 1, 1
	e, res, err := encounter.Act(e, "wren", cast("magic-missile", "wren-ghoul-1"), faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(summonedBy(e, "wren")); n != 2 {
		t.Fatalf("%d ghouls stand after the missiles: %s", n, res.Summary())
	}
	k := slices.IndexFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == spell.ServantID })
	if k < 0 || e.Effects[k].Left != 2 {
		t.Fatalf("servant effects %+v, want 2 ghouls left", e.Effects)
	}
	out, diffs, err := encounter.End(e, "fled", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(summonedBy(out, "wren")); n != 0 {
		t.Errorf("%d ghouls stay in the ended fight, want them gone with it", n)
	}
	for _, d := range diffs {
		if d.CharacterID != "wren" {
			continue
		}
		if len(d.Effects) != 1 || d.Effects[0].Summon != "ghoul" || d.Effects[0].Left != 2 {
			t.Errorf("Wren leaves the fight with %+v, want her 2 ghouls", d.Effects)
		}
	}
}

// A familiar that drops to 0 hit points is gone until it is called
// again: its master's effect ends.
func TestFamiliarAtZeroIsGone(t *testing.T) {
	w := served(t, wren(), "find-familiar", 1, "bat")
	e, _, err := encounter.Start("enc-b", []campaign.Character{w}, goblins(1), nil, faces(t, 20, 14, 8), nil)
	if err != nil {
		t.Fatal(err)
	}
	// The first dart downs the bat; the others are wasted.
	e, res, err := encounter.Act(e, "wren", cast("magic-missile", "wren-bat-1"), faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	if len(summonedBy(e, "wren")) != 0 || slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == spell.ServantID }) {
		t.Fatalf("the bat at 0 hit points: %+v: %s", e.Effects, res.Summary())
	}
}

// sage is a level 9 wizard with a 5th-level slot: Int 18 (+4),
// proficiency +4, spell attack +8, 50 hit points at most.
func sage() campaign.Character {
	w := wren()
	w.ID, w.Name, w.Level, w.MaxHP, w.HP = "sage", "Sage", 9, 50, 50
	w.Abilities.Int = 18
	w.SpellSlots = map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 3}, "4": {Max: 3}, "5": {Max: 1}}
	return w
}

// Animate Objects brings ten tiny objects into the fight: each is AC 18
// with 20 hit points and slams at +8 for 1d4+4, as the spell's table says.
func TestAnimatedObjectsHitWithTheTablesNumbers(t *testing.T) {
	e := casterFirst(t, []campaign.Character{sage()}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	act := encounter.Action{Kind: encounter.ActionCast, Spell: "animate-objects", SlotLevel: 5, Choice: "tiny", EndTurn: true}
	e, _, err := encounter.Act(e, "sage", act, seeded(4))
	if err != nil {
		t.Fatal(err)
	}
	objects := summonedBy(e, "sage")
	if len(objects) != 10 || objects[0].AC != 18 || objects[0].MaxHP != 20 || objects[0].Type != "construct" {
		t.Fatalf("animated %d: %+v", len(objects), objects)
	}
	slammed := false
	for e.Current != "sage" && e.Status == encounter.Active {
		var r encounter.Result
		if e, r, err = encounter.MonsterTurn(e, seeded(9)); err != nil {
			t.Fatal(err)
		}
		for _, a := range r.Attacks {
			if strings.HasPrefix(a.AttackerID, "sage-animated-object-tiny-") {
				slammed = true
				if a.Bonus != 8 || a.TargetID != "ogre-1" || (a.Hit && (a.Damage.Taken < 5 || a.Damage.Taken > 8) && !a.Critical) {
					t.Errorf("a slam: %+v, want +8 at the ogre for 1d4+4", a)
				}
			}
		}
	}
	if !slammed {
		t.Fatal("no object slammed the ogre in a round")
	}
}

// Arcane Hand's hand has AC 20 and its caster's hit point maximum, and
// strikes on its turn with the Clenched Fist: a melee spell attack at the
// caster's +8 for 4d8 force. When it falls, the spell ends.
func TestArcaneHandStrikesWithTheCastersAttack(t *testing.T) {
	e := casterFirst(t, []campaign.Character{sage()}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	act := encounter.Action{Kind: encounter.ActionCast, Spell: "arcane-hand", SlotLevel: 5, EndTurn: true}
	// The hand's initiative: 20 puts it before the ogre.
	e, _, err := encounter.Act(e, "sage", act, faces(t, 20))
	if err != nil {
		t.Fatal(err)
	}
	hands := summonedBy(e, "sage")
	if len(hands) != 1 || hands[0].AC != 20 || hands[0].MaxHP != 50 || e.Current != hands[0].ID {
		t.Fatalf("hands %+v, current %s", hands, e.Current)
	}
	// 12 + 8 hits the ogre's AC 11; 4d8 of 1, 2, 3, 4 deal 10 force.
	e, res, err := encounter.MonsterTurn(e, faces(t, 12, 1, 2, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || res.Attacks[0].Bonus != 8 || res.Attacks[0].Kind != rules.MeleeSpell || res.Attacks[0].Damage == nil ||
		res.Attacks[0].Damage.Taken != 10 || res.Attacks[0].Damage.Parts[0].Type != rules.Force {
		t.Fatalf("the fist: %+v", res.Attacks)
	}
	// The ogre's turn, then the sage's: its magic missiles bring the
	// hand down, and the spell ends with it.
	if e, _, err = encounter.MonsterTurn(e, seeded(2)); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(e.Participants, func(p encounter.Participant) bool { return p.ID == hands[0].ID })
	e.Participants[i].Combatant.HP, e.Participants[i].HP = 1, 1
	if e, _, err = encounter.Act(e, "sage", cast("magic-missile", hands[0].ID), faces(t, 1)); err != nil {
		t.Fatal(err)
	}
	if s, _ := e.Participant("sage"); s.Combatant.Concentration != "" || len(summonedBy(e, "sage")) != 0 {
		t.Errorf("the hand fallen: the sage concentrates on %q, %d hands", s.Combatant.Concentration, len(summonedBy(e, "sage")))
	}
}
