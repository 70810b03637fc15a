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

// wrenAt is Wren the wizard at a level, with every slot the level gives.
func wrenAt(level int) campaign.Character {
	c := wren()
	c.Level = level
	c.SpellSlots = map[string]campaign.Slot{}
	for l := 1; l <= min((level+1)/2, 9); l++ {
		c.SpellSlots[string(rune('0'+l))] = campaign.Slot{Max: 2}
	}
	c.HP, c.MaxHP = 60, 60
	return c
}

// lasting puts a spell's effect on a character's sheet, as a casting out
// of the fight left it.
func lasting(ch campaign.Character, fx spell.Effect) campaign.Character {
	fx.TargetID, fx.CasterID = ch.ID, ch.ID
	return ch.WithEffect(encounter.Lasting(fx, 0, 0))
}

func holds(e encounter.Encounter, id, fxID string) bool {
	return slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.TargetID == id && fx.ID == fxID })
}

// Heroes' Feast, eaten before the fight, comes in with the sheet: immune
// to poison and fear, advantage on Wisdom saves.
func TestHeroesFeastComesIntoTheFight(t *testing.T) {
	fed := lasting(mira(), spell.Effect{ID: spell.HeroesFeastID, Spell: "heroes-feast", MaxHP: 11, Ends: "24 hours",
		Immune: rules.SetOf(rules.Poisoned, rules.Frightened), ImmuneDamage: rules.SetOf(rules.Poison)})
	if fed.MaxHP != 39 || fed.HP != 39 {
		t.Fatalf("sheet at %d of %d, want 39 of 39", fed.HP, fed.MaxHP)
	}
	e := casterFirst(t, []campaign.Character{fed}, goblins(1))
	m := participant(t, e, "mira")
	if !m.Combatant.Immunities.Has(rules.Poison) || !m.Combatant.ConditionImmunities.Has(rules.Frightened) {
		t.Errorf("immunities %v, conditions %v; want poison and frightened", m.Combatant.Immunities, m.Combatant.ConditionImmunities)
	}
	if got := encounter.Lasting(e.Effects[0].Effect, 0, 0).ImmuneDamage; !slices.Equal(got, []string{"poison"}) {
		t.Errorf("kept on the sheet as %v, want poison", got)
	}
}

// Foresight: the foreseer attacks with advantage and is attacked with
// disadvantage.
func TestForesightGivesTheEdgeBothWays(t *testing.T) {
	seer := lasting(mira(), spell.Effect{ID: spell.ForesightID, Spell: "foresight", Ends: "8 hours"})
	e := casterFirst(t, []campaign.Character{seer}, goblins(1))
	e, res := act(t, e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword", EndTurn: true}, 2, 1)
	if len(res.Attacks) != 1 || !slices.Contains(res.Attacks[0].Edge.Advantage, "Foresight") {
		t.Fatalf("attacks %+v; want advantage from Foresight", res.Attacks)
	}
	_, res = act(t, e, "goblin-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "Scimitar", EndTurn: true}, 20, 2)
	if len(res.Attacks) != 1 || !slices.Contains(res.Attacks[0].Edge.Disadvantage, "Foresight") || res.Attacks[0].Hit {
		t.Errorf("attacks %+v; want a miss at disadvantage from Foresight", res.Attacks)
	}
}

// Fire Shield: a goblin that hits the wizard with its scimitar takes 2d8
// fire.
func TestFireShieldBurnsTheMeleeAttacker(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wrenAt(7)}, goblins(1))
	e, _ = act(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "fire-shield", SlotLevel: 4, EndTurn: true})
	if w := participant(t, e, "wren"); !w.Combatant.Resistances.Has(rules.Cold) {
		t.Fatalf("resistances %v, want cold", w.Combatant.Resistances)
	}
	// 15 + 4 hits AC 12 for 4 + 2; the shield burns for 3 + 2.
	e, _ = act(t, e, "goblin-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "wren", Weapon: "Scimitar", EndTurn: true}, 15, 4, 3, 2)
	if g := participant(t, e, "goblin-1"); g.HP != 2 {
		t.Errorf("goblin at %d HP, want 2: 5 fire from the shield", g.HP)
	}
}

// Branding Smite: the next weapon hit deals 2d6 radiant more and brands
// the creature, which can't turn invisible while the spell lasts.
func TestBrandingSmiteSpendsItselfOnTheHit(t *testing.T) {
	pal := mira()
	pal.ID, pal.Name, pal.Class, pal.Level = "pal", "Pal", "paladin", 5
	pal.SpellSlots = map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 2}}
	e := casterFirst(t, []campaign.Character{pal}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	e, _ = act(t, e, "pal", encounter.Action{Kind: encounter.ActionCast, Spell: "branding-smite", SlotLevel: 2, Bonus: true})
	// The first swing hits for 5 + 3 and 3 + 4 radiant; the second misses.
	e, _ = act(t, e, "pal", encounter.Action{Kind: encounter.ActionAttack, TargetID: "ogre-1", Weapon: "longsword"}, 15, 5, 3, 4, 1)
	if o := participant(t, e, "ogre-1"); o.HP != 59-15 {
		t.Errorf("ogre at %d HP, want %d", o.HP, 59-15)
	}
	if holds(e, "pal", spell.BrandingSmiteID) || !holds(e, "ogre-1", spell.BrandedID) {
		t.Errorf("effects %+v; want the smite spent and the ogre branded", e.Effects)
	}
	if o := participant(t, e, "ogre-1"); !o.Combatant.ConditionImmunities.Has(rules.Invisible) {
		t.Error("the branded ogre can still turn invisible")
	}
}

// Globe of Invulnerability: a cantrip from outside doesn't reach the
// goblin beside the wizard; the wizard's own does.
func TestGlobeTurnsAsideSpellsFromOutside(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wrenAt(11), cleo()}, goblins(1))
	e = engage(t, e, "wren", "goblin-1")
	e, _ = act(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "globe-of-invulnerability", SlotLevel: 6, EndTurn: true})
	e, res := act(t, e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "sacred-flame", TargetID: "goblin-1", EndTurn: true})
	if g := participant(t, e, "goblin-1"); g.HP != g.MaxHP || !strings.Contains(res.Text, "globe of invulnerability") {
		t.Errorf("goblin at %d HP, %q; want the flame turned aside", g.HP, res.Text)
	}
}

// Time Stop: the wizard takes 1d4 + 1 turns in a row before the goblin
// moves.
func TestTimeStopGivesTurnsInARow(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wrenAt(17)}, goblins(1))
	e, _ = act(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "time-stop", SlotLevel: 9, EndTurn: true}, 1)
	for turn := 1; turn <= 2; turn++ {
		if e.Current != "wren" {
			t.Fatalf("turn %d: %s is up, want wren", turn, e.Current)
		}
		e, _ = act(t, e, "wren", encounter.Action{Kind: encounter.ActionEndTurn})
	}
	if e.Current != "goblin-1" || holds(e, "wren", spell.TimeStopID) {
		t.Errorf("%s is up with effects %+v; want the goblin and time running", e.Current, e.Effects)
	}
}

// Time Stop ends when the caster's action affects another creature.
func TestTimeStopEndsOnAnAttack(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wrenAt(17)}, goblins(1))
	e, _ = act(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "time-stop", SlotLevel: 9, EndTurn: true}, 4)
	e, _ = act(t, e, "wren", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "dagger", EndTurn: true}, 1)
	if e.Current != "goblin-1" {
		t.Errorf("%s is up; the attack set time going again", e.Current)
	}
}

// Goodberries: each eaten with an action restores 1 hit point; the last
// ends the effect.
func TestGoodberriesAreEatenOneByOne(t *testing.T) {
	picker := lasting(mira(), spell.Effect{ID: spell.GoodberryID, Spell: "goodberry", Left: 2, Ends: "24 hours"})
	picker.HP = 20
	e := casterFirst(t, []campaign.Character{picker}, goblins(1))
	e, _ = act(t, e, "mira", encounter.Action{Kind: encounter.ActionPotion, Item: spell.GoodberryID})
	if m := participant(t, e, "mira"); m.HP != 21 || e.Effects[0].Left != 1 {
		t.Fatalf("mira at %d HP with %d berries, want 21 and 1", m.HP, e.Effects[0].Left)
	}
	if _, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionPotion, Item: spell.GoodberryID}, faces(t)); err == nil {
		t.Error("a second berry in one turn was eaten: eating takes the action")
	}
}

// Pass without Trace: +10 on the hiding rogue's Stealth.
func TestPassWithoutTraceHelpsHide(t *testing.T) {
	veiled := lasting(tavi(), spell.Effect{ID: spell.PassWithoutTraceID, Spell: "pass-without-trace", Bonus: 10})
	e := casterFirst(t, []campaign.Character{veiled}, goblins(1))
	e, res := act(t, e, "tavi", encounter.Action{Kind: encounter.ActionHide}, 1)
	if !participant(t, e, "tavi").Hidden {
		t.Errorf("%q; want a 1 hidden by the veil's +10", res.Text)
	}
}

// Enthrall: an enthralled goblin notices a hider other than its
// enthraller with 5 off its passive Perception.
func TestEnthralledSeekersNoticeLess(t *testing.T) {
	e := casterFirst(t, []campaign.Character{tavi(), cleo()}, goblins(1))
	e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: spell.EnthrallID, Spell: "enthrall", CasterID: "cleo", TargetID: "goblin-1"}})
	// Stealth 4 + 3 + 2 = 9 fails against passive Perception 9 only
	// without the spell: the enthralled goblin's is 4.
	_, res := act(t, e, "tavi", encounter.Action{Kind: encounter.ActionHide}, 4)
	if !strings.Contains(res.Text, "passive Perception 4") {
		t.Errorf("%q; want the goblin's passive Perception at 4", res.Text)
	}
}

// Dispel Evil and Good: a skeleton attacks the warded cleric with
// disadvantage; breaking an enchantment frees a charmed ally and ends
// the spell.
func TestDispelEvilAndGood(t *testing.T) {
	c := cleoAt(9)
	c.SpellSlots["5"] = campaign.Slot{Max: 1}
	charmed := mira()
	charmed.Conditions = []string{"charmed"}
	e := casterFirst(t, []campaign.Character{c, charmed}, []encounter.MonsterSpec{{SRDID: "skeleton", Count: 1}})
	e, _ = act(t, e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "dispel-evil-and-good", SlotLevel: 5, EndTurn: true})
	e, _ = act(t, e, "mira", encounter.Action{Kind: encounter.ActionEndTurn})
	e, res := act(t, e, "skeleton-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "cleo", Weapon: "Shortsword", EndTurn: true}, 15, 1)
	if len(res.Attacks) != 1 || !slices.Contains(res.Attacks[0].Edge.Disadvantage, "Dispel Evil and Good") {
		t.Fatalf("attacks %+v; want disadvantage from the ward", res.Attacks)
	}
	e, _ = act(t, e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "dispel-evil-and-good", Ongoing: true, TargetID: "mira", Choice: "break-enchantment", EndTurn: true})
	if m := participant(t, e, "mira"); m.Combatant.Conditions.Has(rules.Charmed) {
		t.Error("mira is still charmed")
	}
	if holds(e, "cleo", spell.DispelEvilID) || participant(t, e, "cleo").Combatant.Concentration != "" {
		t.Errorf("effects %+v; the spell ends once used", e.Effects)
	}
}

// Delayed Blast Fireball bursts at once and leaves no concentration held.
func TestDelayedBlastFireballHoldsNoConcentration(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wrenAt(13)}, goblins(1))
	e, _, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "delayed-blast-fireball", SlotLevel: 7, TargetID: "goblin-1", EndTurn: true}, seeded(3))
	if err != nil {
		t.Fatal(err)
	}
	if w := participant(t, e, "wren"); w.Combatant.Concentration != "" || !participant(t, e, "goblin-1").Defeated {
		t.Errorf("wren concentrates on %q, goblin %+v; want none and the goblin burnt", w.Combatant.Concentration, participant(t, e, "goblin-1").Combatant)
	}
}
