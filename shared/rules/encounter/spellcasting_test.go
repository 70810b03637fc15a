package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// wizard5 is a 5th-level wizard (slots 4/3/2, Int 16) with 30 HP.
func wizard5() campaign.Character {
	c := caster("ilsa", "wizard", 5, 30)
	c.SpellSlots = map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 2}}
	return c
}

// mageFirst starts a fight of chars against an SRD mage that acts first.
func mageFirst(t *testing.T, chars ...campaign.Character) encounter.Encounter {
	t.Helper()
	init := make([]int, 0, len(chars)+1)
	for i := range chars {
		init = append(init, i+1)
	}
	e, _, err := encounter.Start("enc-s", chars, []encounter.MonsterSpec{{SRDID: "mage", Count: 1}}, nil, faces(t, append(init, 20)...), nil)
	if err != nil {
		t.Fatal(err)
	}
	if e.Current != "mage-1" {
		t.Fatalf("current %q, want the mage", e.Current)
	}
	return e
}

// spentAbove leaves a monster only its slots of level max and below.
func spentAbove(max int) func(p *encounter.Participant) {
	return func(p *encounter.Participant) {
		for i := max; i < len(p.Combatant.SpellSlots); i++ {
			p.Combatant.SpellSlots[i].Used = p.Combatant.SpellSlots[i].Max
		}
	}
}

func TestMonsterSpellcasting(t *testing.T) {
	t.Run("TheStatBlockIsRead", func(t *testing.T) {
		m := participant(t, mageFirst(t, mira()), "mage-1")
		if len(m.Spellcasting) != 1 || m.Spellcasting[0].DC != 14 || m.Spellcasting[0].AttackBonus != 6 || m.Spellcasting[0].Level != 9 {
			t.Fatalf("spellcasting = %+v", m.Spellcasting)
		}
		if s := m.Combatant.SpellSlots; s[0].Max != 4 || s[2].Max != 3 || s[4].Max != 1 || s[5].Max != 0 {
			t.Errorf("slots = %+v, want the mage's 4/3/3/3/1", s)
		}
	})
	t.Run("TheMostDamagingSpellOnEveryone", func(t *testing.T) {
		out, res, err := encounter.MonsterTurn(mageFirst(t, mira(), tavi()), seeded(5))
		if err != nil {
			t.Fatal(err)
		}
		// Cone of Cold (8d8 on both) beats Fireball, Ice Storm and the dagger.
		if res.Cast == nil || res.Cast.SpellID != "cone-of-cold" || len(res.Cast.Targets) != 2 || res.Cast.DC != 14 || res.Kind != encounter.ActionCast {
			t.Fatalf("cast = %+v: %s", res.Cast, res.Summary())
		}
		m := participant(t, out, "mage-1")
		if m.Combatant.SpellSlots[4].Used != 1 || !m.Turn.ActionUsed {
			t.Errorf("mage slots %+v", m.Combatant.SpellSlots)
		}
		if participant(t, out, "mira").HP == 28 && participant(t, out, "tavi").HP == 20 {
			t.Errorf("nobody was hurt: %s", res.Summary())
		}
	})
	t.Run("DownToCantripsAndTheAttack", func(t *testing.T) {
		e := edit(mageFirst(t, mira()), "mage-1", spentAbove(0))
		_, res, err := encounter.MonsterTurn(e, seeded(5))
		if err != nil {
			t.Fatal(err)
		}
		// Fire Bolt at 9th level is 2d10, more than the dagger's 1d4+2.
		if res.Cast == nil || res.Cast.SpellID != "fire-bolt" || res.Cast.Targets[0].TargetID != "mira" {
			t.Errorf("cast = %+v: %s", res.Cast, res.Summary())
		}
	})
	t.Run("AttacksWhenTheyBeatItsSpells", func(t *testing.T) {
		// A cult fanatic's two daggers (2 x 1d4+2) beat Sacred Flame; its
		// Inflict Wounds needs a target in its reach.
		e, _, err := encounter.Start("enc", []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "cult-fanatic", Count: 1}}, nil, faces(t, 1, 20), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, res, err := encounter.MonsterTurn(e, seeded(2))
		if err != nil {
			t.Fatal(err)
		}
		if res.Cast != nil || len(res.Attacks) != 2 {
			t.Errorf("cult fanatic: cast %+v, %d attacks: %s", res.Cast, len(res.Attacks), res.Summary())
		}
		// In Mira's reach, Inflict Wounds (3d10) beats the daggers.
		_, res, err = encounter.MonsterTurn(engage(t, e, "cult-fanatic-1", "mira"), seeded(2))
		if err != nil {
			t.Fatal(err)
		}
		if res.Cast == nil || res.Cast.SpellID != "inflict-wounds" {
			t.Errorf("cult fanatic in reach: cast %+v: %s", res.Cast, res.Summary())
		}
	})
	t.Run("InnateUsesAreCounted", func(t *testing.T) {
		e, _, err := encounter.Start("enc", []campaign.Character{mira(), tavi()}, []encounter.MonsterSpec{{SRDID: "oni", Count: 1}}, nil, faces(t, 1, 2, 20), nil)
		if err != nil {
			t.Fatal(err)
		}
		out, res, err := encounter.MonsterTurn(e, seeded(4))
		if err != nil {
			t.Fatal(err)
		}
		if res.Cast == nil || res.Cast.SpellID != "cone-of-cold" || res.Cast.SlotSpent {
			t.Fatalf("oni: cast %+v: %s", res.Cast, res.Summary())
		}
		for _, sp := range participant(t, out, "oni-1").Spellcasting[0].Spells {
			if sp.ID == "cone-of-cold" && sp.Left != 0 {
				t.Errorf("cone of cold left %d a day, want 0", sp.Left)
			}
		}
	})
}

func TestCounterspell(t *testing.T) {
	// The mage has only its 3rd-level slots: it casts Fireball, which
	// Ilsa's 3rd-level Counterspell stops outright.
	start := func(t *testing.T) encounter.Encounter {
		return edit(mageFirst(t, wizard5(), mira()), "mage-1", spentAbove(3))
	}
	_, res, err := encounter.MonsterTurnWith(start(t), seeded(9), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Cast == nil || res.Cast.SpellID != "fireball" || len(res.Openings) == 0 {
		t.Fatalf("cast %+v, openings %+v", res.Cast, res.Openings)
	}
	o := res.Openings[0]
	if f, ok := offerOf(o, "ilsa", encounter.Counterspell); !ok || f.Changes != encounter.ChangesYes || !o.Before || o.Roll != 0 ||
		o.Trigger != "Mage 1 casts Fireball (3rd level)." {
		t.Errorf("opening = %+v, want Ilsa's Counterspell before the fireball's dice", o)
	}
	if _, ok := offerOf(o, "mira", encounter.Counterspell); ok {
		t.Error("Mira, a fighter, was offered Counterspell")
	}

	rs := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "ilsa", Name: encounter.Counterspell}}, Seed: 1}
	out, res, err := encounter.MonsterTurnWith(start(t), seeded(9), rs)
	if err != nil {
		t.Fatal(err)
	}
	ilsa, m := participant(t, out, "ilsa"), participant(t, out, "mage-1")
	if res.Cast != nil || ilsa.HP != 30 || participant(t, out, "mira").HP != 28 || len(res.Rolls) != 0 {
		t.Errorf("a countered fireball did something: %s", res.Summary())
	}
	if ilsa.Combatant.SpellSlots[2].Used != 1 || !ilsa.ReactionUsed || m.Combatant.SpellSlots[2].Used != 1 || !m.Turn.ActionUsed {
		t.Errorf("Ilsa's 3rd slots %+v reaction %v; the mage's %+v", ilsa.Combatant.SpellSlots[2], ilsa.ReactionUsed, m.Combatant.SpellSlots[2])
	}
	if len(res.Applied) != 1 || !strings.Contains(res.Applied[0].Text, "Fireball fails") {
		t.Errorf("applied = %+v", res.Applied)
	}

	t.Run("AHigherSpellNeedsTheCheck", func(t *testing.T) {
		e := edit(mageFirst(t, wizard5(), mira()), "mage-1", spentAbove(5)) // Cone of Cold, 5th level
		_, res, err := encounter.MonsterTurnWith(e, seeded(9), encounter.Reactions{})
		if err != nil {
			t.Fatal(err)
		}
		if f, ok := offerOf(res.Openings[0], "ilsa", encounter.Counterspell); !ok || f.Changes != encounter.ChangesUnknown {
			t.Errorf("offers = %+v, want unknown: a check against DC 15", res.Openings[0].Offers)
		}
	})
	t.Run("NoneWithoutAThirdLevelSlot", func(t *testing.T) {
		e := edit(start(t), "ilsa", func(p *encounter.Participant) { p.Combatant.SpellSlots[2].Used = 2 })
		_, res, err := encounter.MonsterTurnWith(e, seeded(9), encounter.Reactions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range res.Openings {
			if _, ok := offerOf(o, "ilsa", encounter.Counterspell); ok {
				t.Errorf("Counterspell offered without a slot: %+v", o)
			}
		}
	})
}

func TestMonstersAnswerCharacters(t *testing.T) {
	// Ilsa (first) against a mage, which has Counterspell and Shield.
	ilsaFirst := func(t *testing.T) encounter.Encounter {
		e, _, err := encounter.Start("enc", []campaign.Character{wizard5(), mira()}, []encounter.MonsterSpec{{SRDID: "mage", Count: 1}}, nil, faces(t, 20, 19, 1), nil)
		if err != nil {
			t.Fatal(err)
		}
		if e.Current != "ilsa" {
			t.Fatalf("current %q", e.Current)
		}
		return e
	}
	t.Run("ACounterspellStopsALevelledSpell", func(t *testing.T) {
		out, res, err := encounter.Act(ilsaFirst(t), "ilsa", encounter.Action{Kind: encounter.ActionCast, Spell: "magic-missile", TargetID: "mage-1"}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		ilsa, m := participant(t, out, "ilsa"), participant(t, out, "mage-1")
		if res.Cast != nil || m.HP != m.MaxHP || ilsa.Combatant.SpellSlots[0].Used != 1 || m.Combatant.SpellSlots[2].Used != 1 || !m.ReactionUsed {
			t.Errorf("Ilsa slots %+v, mage HP %d slots %+v reaction %v: %s", ilsa.Combatant.SpellSlots[0], m.HP, m.Combatant.SpellSlots[2], m.ReactionUsed, res.Summary())
		}
		if !strings.Contains(res.Summary(), "Magic Missile fails") {
			t.Errorf("summary %q", res.Summary())
		}
	})
	t.Run("ACastTheRulesRefuseIsNotCountered", func(t *testing.T) {
		// Hold Person reaches 60 ft: at 300 it is refused, nothing spent,
		// rather than countered at the cost of a slot.
		_, _, err := encounter.Act(ilsaFirst(t), "ilsa", encounter.Action{Kind: encounter.ActionCast, Spell: "hold-person", TargetID: "mage-1", Distance: 300}, faces(t))
		if !fault.Is(err, fault.Invalid) || !strings.Contains(err.Error(), "range") {
			t.Fatalf("Hold Person at 300 ft = %v, want refused as out of range", err)
		}
	})
	t.Run("CantripsAreLetBe", func(t *testing.T) {
		out, res, err := encounter.Act(ilsaFirst(t), "ilsa", encounter.Action{Kind: encounter.ActionCast, Spell: "fire-bolt", TargetID: "mage-1"}, faces(t, 2))
		if err != nil {
			t.Fatal(err)
		}
		if res.Cast == nil || participant(t, out, "mage-1").ReactionUsed {
			t.Errorf("a cantrip countered: %s", res.Summary())
		}
	})
	t.Run("ShieldTurnsAnEdgeHit", func(t *testing.T) {
		e := encounter.Next(ilsaFirst(t)) // Mira's turn
		// 8+5 = 13 hits the mage's AC 12, not 17.
		out, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mage-1", Weapon: "longsword"}, faces(t, 8))
		if err != nil {
			t.Fatal(err)
		}
		m := participant(t, out, "mage-1")
		if res.Attacks[0].Hit || m.AC != 17 || !m.Shielded || m.Combatant.SpellSlots[0].Used != 1 || !strings.Contains(res.Summary(), "casts Shield") {
			t.Errorf("mage AC %d shielded %v slots %+v: %s", m.AC, m.Shielded, m.Combatant.SpellSlots[0], res.Summary())
		}
	})
	t.Run("NoShieldAgainstAHitItCannotTurn", func(t *testing.T) {
		e := encounter.Next(ilsaFirst(t))
		out, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mage-1", Weapon: "longsword"}, faces(t, 15, 4))
		if err != nil {
			t.Fatal(err)
		}
		if m := participant(t, out, "mage-1"); !res.Attacks[0].Hit || m.Shielded || m.Combatant.SpellSlots[0].Used != 0 {
			t.Errorf("a 20 against AC 12: %s", res.Summary())
		}
	})
}
