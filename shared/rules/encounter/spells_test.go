package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// lyraOfSpells is a level 10 bard (Cha 16: spell attack +7, save DC 15) who took
// Magic Missile and Fireball, wizard spells, as her Magical Secrets, and
// chose Healing Word and Hold Person among her bard spells.
func lyraOfSpells() campaign.Character {
	return campaign.Character{
		ID: "lyra", PlayerID: "p5", Name: "Lyra", Race: "human", Class: "bard", Level: 10,
		Abilities: campaign.Abilities{Str: 8, Dex: 14, Con: 12, Int: 10, Wis: 10, Cha: 16},
		HP:        50, MaxHP: 50, AC: 13, Speed: 30, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 3}, "4": {Max: 3}, "5": {Max: 2}},
		HitDice:    campaign.Pool{Max: 10},
		Choices: map[string][]string{"magical-secrets": {"magic-missile", "fireball"},
			"cantrips": {"vicious-mockery", "light", "mage-hand", "message"}, "spells": {"healing-word", "hold-person"}},
	}
}

// vexOfSpells is a level 11 warlock (Cha 18: save DC 16) with three 5th-level
// pact slots and Circle of Death as her 6th-level Mystic Arcanum.
func vexOfSpells() campaign.Character {
	return campaign.Character{
		ID: "vex", PlayerID: "p6", Name: "Vex", Race: "human", Class: "warlock", Level: 11,
		Abilities: campaign.Abilities{Str: 8, Dex: 14, Con: 14, Int: 10, Wis: 10, Cha: 18},
		HP:        60, MaxHP: 60, AC: 13, Speed: 30, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{"5": {Max: 3}}, HitDice: campaign.Pool{Max: 11},
		Choices: map[string][]string{"mystic-arcanum-6": {"circle-of-death"}},
	}
}

// A bard casts a spell of another class's list she learnt with Magical
// Secrets as a bard spell (her Charisma, her slots); a bard without that
// secret is refused it, and one she did not choose among her own spells
// is refused too.
func TestMagicalSecretCastInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{lyraOfSpells(), tavi()}, goblins(2))
	// Three darts of 1d4+1, each die a 1: 6 force to the goblin's 7 HP.
	out, res, err := encounter.Act(e, "lyra", cast("magic-missile", "goblin-1"), faces(t, 1, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if g, l := participant(t, out, "goblin-1"), participant(t, out, "lyra"); g.HP != 1 || l.Combatant.SpellSlots[0].Used != 1 || res.Cast == nil {
		t.Errorf("goblin at %d HP, Lyra's slots %+v", g.HP, l.Combatant.SpellSlots[0])
	}

	plain := lyraOfSpells()
	plain.Choices["magical-secrets"] = []string{"counterspell", "fireball"}
	for _, tc := range []struct {
		name  string
		bard  campaign.Character
		spell string
		text  string
	}{
		{"WithoutTheSecret", plain, "magic-missile", "Magic Missile is not a bard spell"},
		{"ABardSpellSheDoesNotKnow", lyraOfSpells(), "cure-wounds", "Lyra does not know Cure Wounds; a bard learns new spells as it gains levels"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{tc.bard, tavi()}, goblins(1))
			_, _, err := encounter.Act(e, "lyra", cast(tc.spell, "goblin-1"), faces(t))
			if fault.ReasonOf(err) != encounter.NotAllowed || err == nil || !strings.Contains(err.Error(), tc.text) {
				t.Errorf("err = %v, want not_allowed %q", err, tc.text)
			}
		})
	}
}

// A cleric casts what she prepared and her domain spells, which are
// always prepared; a cleric spell she did not prepare is refused, saying
// when she prepares.
func TestPreparedSpellsInAFight(t *testing.T) {
	c := cleo()
	c.Prepared = []string{"bless"}
	e := casterFirst(t, []campaign.Character{c, tavi()}, goblins(1))
	_, _, err := encounter.Act(e, "cleo", cast("guiding-bolt", "goblin-1"), faces(t))
	if fault.ReasonOf(err) != encounter.NotAllowed || !strings.Contains(err.Error(), "Cleo has not prepared Guiding Bolt; a cleric prepares spells after a long rest") {
		t.Errorf("err = %v", err)
	}
	tv := tavi()
	tv.HP = 5
	e = casterFirst(t, []campaign.Character{c, tv}, goblins(1))
	// Cure Wounds, a Life domain spell: 1d8 (6) + Wis 3, and Disciple of
	// Life's 2 + the spell's level (3).
	out, _, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "cure-wounds", TargetID: "tavi"}, faces(t, 6))
	if err != nil {
		t.Fatal(err)
	}
	if got := participant(t, out, "tavi").HP; got != 17 {
		t.Errorf("Tavi at %d HP, want 17", got)
	}
}

// Mystic Arcanum: a warlock casts her arcanum at its level without a
// slot, once; the second casting is refused until a long rest, and she
// casts it at its own level only.
func TestMysticArcanumOnceInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{vexOfSpells(), tavi()}, goblins(2))
	// Circle of Death, 8d6 necrotic (eight 1s: 8), Con save DC 16 (2s fail).
	out, res, err := encounter.Act(e, "vex", cast("circle-of-death", "goblin-1", "goblin-2"), faces(t, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2))
	if err != nil {
		t.Fatal(err)
	}
	v := participant(t, out, "vex")
	if !participant(t, out, "goblin-1").Defeated || !participant(t, out, "goblin-2").Defeated {
		t.Errorf("goblins standing after 8 necrotic: %s", res.Summary())
	}
	if p := v.Pools["mystic-arcanum-6"]; p.Max != 1 || p.Used != 1 || v.Combatant.SpellSlots[4].Used != 0 {
		t.Errorf("arcanum pool %+v, slots %+v", p, v.Combatant.SpellSlots[4])
	}
	if !strings.Contains(res.Summary(), "Vex casts Circle of Death without a spell slot, with Mystic Arcanum (6th level).") {
		t.Errorf("summary %q", res.Summary())
	}

	e = casterFirst(t, []campaign.Character{vexOfSpells(), tavi()}, goblins(2))
	e = edit(e, "vex", func(p *encounter.Participant) { p.Pools["mystic-arcanum-6"] = campaign.Pool{Max: 1, Used: 1} })
	for _, tc := range []struct {
		name string
		in   encounter.Action
		text string
	}{
		{"Spent", cast("circle-of-death", "goblin-1"), "Vex has used Mystic Arcanum (6th level) and casts Circle of Death so again after a long rest"},
		{"AtAnotherLevel", encounter.Action{Kind: encounter.ActionCast, Spell: "circle-of-death", SlotLevel: 5, TargetIDs: []string{"goblin-1"}},
			"Vex casts Circle of Death at 6th level only, without a slot"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := encounter.Act(e, "vex", tc.in, faces(t))
			if fault.ReasonOf(err) != encounter.NotAllowed || !strings.Contains(err.Error(), tc.text) {
				t.Errorf("err = %v, want %q", err, tc.text)
			}
		})
	}
}

// A reaction spell is offered only to a character who knows or has
// prepared it: a wizard who did not prepare Shield gets no window.
func TestReactionSpellsOnlyWhenKnown(t *testing.T) {
	without, with := caster("ilsa", "wizard", 1, 6), caster("ilsa", "wizard", 1, 6)
	without.Prepared = []string{"magic-missile", "sleep"}
	with.Prepared = []string{"magic-missile", "shield"}
	for _, tc := range []struct {
		name  string
		ch    campaign.Character
		offer bool
	}{{"NotPrepared", without, false}, {"Prepared", with, true}} {
		t.Run(tc.name, func(t *testing.T) {
			// The goblin's scimitar rolls 10: 14 hits AC 12.
			_, res, err := encounter.MonsterTurnWith(goblinFirst(t, tc.ch), faces(t, 10, 3), encounter.Reactions{})
			if err != nil {
				t.Fatal(err)
			}
			got := len(res.Openings) == 1
			if got {
				_, got = offerOf(res.Openings[0], "ilsa", encounter.Shield)
			}
			if got != tc.offer {
				t.Errorf("Shield offered %v, want %v: %+v", got, tc.offer, res.Openings)
			}
		})
	}
}

// Infernal Legacy: a 3rd-level tiefling, no caster, answers damage with
// Hellish Rebuke as a 2nd-level spell without a slot, once a long rest,
// with her Charisma.
func TestInfernalRebuke(t *testing.T) {
	zed := caster("zed", "fighter", 3, 20)
	zed.Race, zed.SpellSlots = "tiefling", map[string]campaign.Slot{}
	e := goblinFirst(t, zed)
	e = edit(e, "goblin-1", func(p *encounter.Participant) { p.Combatant.HP, p.Combatant.MaxHP, p.HP, p.MaxHP = 40, 40, 40, 40 })
	_, res, err := encounter.MonsterTurnWith(e, faces(t, 10, 3), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Openings) != 1 {
		t.Fatalf("openings %+v", res.Openings)
	}
	if _, ok := offerOf(res.Openings[0], "zed", encounter.HellishRebuke); !ok {
		t.Fatalf("offers %+v, want Hellish Rebuke for Zed", res.Openings[0].Offers)
	}
	rs := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "zed", Name: encounter.HellishRebuke}}, Seed: 3}
	out, res, err := encounter.MonsterTurnWith(e, faces(t, 10, 3), rs)
	if err != nil {
		t.Fatal(err)
	}
	z := participant(t, out, "zed")
	if p := z.Pools["infernal-rebuke"]; p.Used != 1 || participant(t, out, "goblin-1").HP >= 40 || !strings.Contains(res.Summary(), "with Infernal Legacy: Hellish Rebuke") {
		t.Errorf("pool %+v, goblin at %d HP, summary %q", p, participant(t, out, "goblin-1").HP, res.Summary())
	}
	if res.Applied[0].CharacterID != "zed" || res.Rolls[len(res.Rolls)-1].Reason == "" {
		t.Errorf("applied %+v", res.Applied)
	}
	// The use spent, the next hit brings no window.
	spent := edit(e, "zed", func(p *encounter.Participant) { p.Pools["infernal-rebuke"] = campaign.Pool{Max: 1, Used: 1} })
	if _, res, _ := encounter.MonsterTurnWith(spent, faces(t, 10, 3), encounter.Reactions{}); len(res.Openings) != 0 {
		t.Errorf("a spent rebuke offered: %+v", res.Openings)
	}
}

// A level 1 sorcerer who chose her spells and a level 5 cleric who
// prepared hers fight goblins: each casts what the sheet holds, and
// nothing else.
func TestCastersOfFirstAndFifthLevelFight(t *testing.T) {
	sel, err := campaign.NewCharacter{Name: "Sel", Race: "human", Class: "sorcerer", Choices: map[string][]string{
		"cantrips": {"fire-bolt", "light", "mage-hand", "ray-of-frost"}, "spells": {"magic-missile", "shield"}}}.Build("sel", "p-sel")
	if err != nil {
		t.Fatal(err)
	}
	e := casterFirst(t, []campaign.Character{sel}, goblins(2))
	// Fire Bolt: d20 15 + 5 hits AC 15; 1d10 = 7 drops the goblin.
	out, _, err := encounter.Act(e, "sel", cast("fire-bolt", "goblin-1"), faces(t, 15, 7))
	if err != nil || !participant(t, out, "goblin-1").Defeated {
		t.Fatalf("fire bolt: %v", err)
	}
	if _, _, err := encounter.Act(e, "sel", cast("burning-hands", "goblin-1"), faces(t)); err == nil || !strings.Contains(err.Error(), "Sel does not know Burning Hands") {
		t.Errorf("burning hands: %v", err)
	}

	bram, err := campaign.NewCharacter{Name: "Bram", Race: "human", Class: "cleric", Level: 5}.Build("bram", "p-bram")
	if err != nil {
		t.Fatal(err)
	}
	if bram, err = campaign.Prepare(bram, []string{"guiding-bolt"}); err != nil {
		t.Fatal(err)
	}
	e = casterFirst(t, []campaign.Character{bram}, goblins(2))
	// Spiritual Weapon, a domain spell he never named, as a bonus action:
	// its attack rolls 18 and 1d8 (5) + Wis 0 force.
	out, _, err = encounter.Act(e, "bram", encounter.Action{Kind: encounter.ActionCast, Spell: "spiritual-weapon", TargetID: "goblin-1", Bonus: true}, faces(t, 18, 5))
	if err != nil {
		t.Fatal(err)
	}
	if g := participant(t, out, "goblin-1"); g.HP != 2 {
		t.Errorf("goblin at %d HP after the weapon's 5", g.HP)
	}
	// Guiding Bolt, prepared: 4d6 radiant on an 18.
	out, _, err = encounter.Act(e, "bram", cast("guiding-bolt", "goblin-2"), faces(t, 18, 2, 2, 2, 2))
	if err != nil || !participant(t, out, "goblin-2").Defeated {
		t.Fatalf("guiding bolt: %v", err)
	}
	if _, _, err := encounter.Act(e, "bram", cast("inflict-wounds", "goblin-1"), faces(t)); err == nil || !strings.Contains(err.Error(), "Bram has not prepared Inflict Wounds") {
		t.Errorf("inflict wounds: %v", err)
	}
}

// archmage is a wizard of level (18 or 20) with Int 20 (spell attack +11)
// and slots of the first three levels, who prepared Magic Missile and
// Shield.
func archmage(level int, choices map[string][]string) campaign.Character {
	return campaign.Character{
		ID: "ada", PlayerID: "p7", Name: "Ada", Race: "human", Class: "wizard", Level: level,
		Abilities: campaign.Abilities{Str: 8, Dex: 14, Con: 14, Int: 20, Wis: 12, Cha: 10},
		HP:        90, MaxHP: 90, AC: 12, Speed: 30, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 3}}, HitDice: campaign.Pool{Max: level},
		Choices: choices, Prepared: []string{"magic-missile", "shield"},
	}
}

// Spell Mastery: a mastered 1st-level spell the wizard has prepared is
// cast at its own level without a slot, at will; cast higher, it takes a
// slot.
func TestSpellMasteryAtWill(t *testing.T) {
	ada := archmage(18, map[string][]string{"spell-mastery-1": {"magic-missile"}, "spell-mastery-2": {"misty-step"}})
	e := casterFirst(t, []campaign.Character{ada}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	out, res, err := encounter.Act(e, "ada", cast("magic-missile", "ogre-1"), faces(t, 1, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if a := participant(t, out, "ada"); a.Combatant.SpellSlots[0].Used != 0 || !strings.Contains(res.Summary(), "without a spell slot, at will") {
		t.Errorf("slots %+v, %q", a.Combatant.SpellSlots[0], res.Summary())
	}
	out, _, err = encounter.Act(e, "ada", encounter.Action{Kind: encounter.ActionCast, Spell: "magic-missile", SlotLevel: 2, TargetIDs: []string{"ogre-1"}}, faces(t, 1, 1, 1, 1))
	if err != nil || participant(t, out, "ada").Combatant.SpellSlots[1].Used != 1 {
		t.Errorf("upcast: %v", err)
	}
	// Misty Step is mastered but not prepared: no casting at all.
	if _, _, err := encounter.Act(e, "ada", encounter.Action{Kind: encounter.ActionCast, Spell: "misty-step", Bonus: true}, faces(t)); err == nil ||
		!strings.Contains(err.Error(), "Ada has not prepared Misty Step") {
		t.Errorf("misty step unprepared: %v", err)
	}
}

// Signature Spells: each is always prepared and cast once at 3rd level
// without a slot until a rest; the second casting takes a slot.
func TestSignatureSpellOnceARest(t *testing.T) {
	ada := archmage(20, map[string][]string{"signature-spells": {"lightning-bolt", "fireball"}})
	e := casterFirst(t, []campaign.Character{ada}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	// Fireball: 8d6 fire (eight 1s), the ogre's Dex save rolls 2.
	out, res, err := encounter.Act(e, "ada", cast("fireball", "ogre-1"), faces(t, 1, 1, 1, 1, 1, 1, 1, 1, 2))
	if err != nil {
		t.Fatal(err)
	}
	a := participant(t, out, "ada")
	if a.Combatant.SpellSlots[2].Used != 0 || a.Pools["signature-spell-2"].Used != 1 || a.Pools["signature-spell-1"].Used != 0 ||
		!strings.Contains(res.Summary(), "with Second Signature Spell") {
		t.Errorf("slots %+v pools %+v: %q", a.Combatant.SpellSlots[2], a.Pools, res.Summary())
	}
	again := edit(out, "ada", func(p *encounter.Participant) { p.Turn = encounter.Turn{} })
	out, _, err = encounter.Act(again, "ada", cast("fireball", "ogre-1"), faces(t, 1, 1, 1, 1, 1, 1, 1, 1, 2))
	if err != nil || participant(t, out, "ada").Combatant.SpellSlots[2].Used != 1 {
		t.Errorf("fireball again: %v, slots %+v", err, participant(t, out, "ada").Combatant.SpellSlots[2])
	}
}
