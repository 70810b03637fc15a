package spell_test

import (
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The servant spells call what their text says: a familiar or a steed of
// the form picked, as a celestial, fey or fiend; Create Undead's count by
// slot and creature; Animate Objects' objects by size from its table,
// two more for each slot above 5th; one clenched fist with the caster's
// spell attack, 4d8 force and 2d8 more per slot above 5th.
func TestServantsComeAsTheirSpellsSay(t *testing.T) {
	for _, tt := range []struct {
		name, spell, pick string
		slot              int
		srdID             string
		count             int
		check             func(t *testing.T, m *srd.Monster)
	}{
		{"AnOwlFamiliarAsAFeyByDefault", "find-familiar", "", 1, "owl", 1, func(t *testing.T, m *srd.Monster) {
			if m.Type != "fey" || len(m.Actions) != 0 {
				t.Errorf("familiar %s, %d actions: want a fey that makes no attack", m.Type, len(m.Actions))
			}
		}},
		{"AFiendishToadIsAFrog", "find-familiar", "fiend toad", 1, "frog", 1, func(t *testing.T, m *srd.Monster) {
			if m.Type != "fiend" {
				t.Errorf("type %s, want fiend", m.Type)
			}
		}},
		{"ACelestialWarhorseOfIntelligenceSix", "find-steed", "celestial warhorse", 2, "warhorse", 1, func(t *testing.T, m *srd.Monster) {
			if m.Type != "celestial" || m.Abilities.Int != 6 || len(m.Actions) == 0 {
				t.Errorf("steed %s of Int %d with %d actions; want a celestial of Int 6 that attacks", m.Type, m.Abilities.Int, len(m.Actions))
			}
		}},
		{"ThreeGhoulsAtSixth", "create-undead", "", 6, "ghoul", 3, nil},
		{"FourGhoulsAtSeventh", "create-undead", "ghoul", 7, "ghoul", 4, nil},
		{"TwoWightsAtEighth", "create-undead", "wight", 8, "wight", 2, nil},
		{"TwoMummiesAtNinth", "create-undead", "mummy", 9, "mummy", 2, nil},
		{"TenTinyObjects", "animate-objects", "", 5, "animated-object-tiny", 10, func(t *testing.T, m *srd.Monster) {
			wantObject(t, m, 20, 18, 8, "1d4+4")
		}},
		{"SixMediumObjectsAtSixth", "animate-objects", "medium", 6, "animated-object-medium", 6, func(t *testing.T, m *srd.Monster) {
			wantObject(t, m, 40, 13, 5, "2d6+1")
		}},
		{"TwoLargeObjects", "animate-objects", "large", 5, "animated-object-large", 2, func(t *testing.T, m *srd.Monster) {
			wantObject(t, m, 50, 10, 6, "2d10+2")
		}},
		{"OneHugeObject", "animate-objects", "huge objects", 5, "animated-object-huge", 1, func(t *testing.T, m *srd.Monster) {
			wantObject(t, m, 80, 10, 8, "2d12+4")
		}},
		{"SmallObjects", "animate-objects", "small", 5, "animated-object-small", 10, func(t *testing.T, m *srd.Monster) {
			wantObject(t, m, 25, 16, 6, "1d8+2")
		}},
		{"AHandWithTheCastersNumbers", "arcane-hand", "", 7, "arcane-hand", 1, func(t *testing.T, m *srd.Monster) {
			// Mira: hit point maximum 27, spell attack +5; 4d8 and 2d8 twice.
			wantObject(t, m, 27, 20, 5, "8d8")
			if a := m.Actions[0]; !a.SpellAttack || a.Damage[0].Type != "force" {
				t.Errorf("fist %+v, want a melee spell attack for force", a)
			}
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := spell.Cast(withSlot(mira(), tt.slot, 1), tt.spell, tt.slot, nil, spell.Options{Ability: rules.Int, Summon: tt.pick}, faces(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Summons) != 1 || r.Summons[0].SRDID != tt.srdID || r.Summons[0].Count != tt.count {
				t.Fatalf("summons %+v, want %d %s", r.Summons, tt.count, tt.srdID)
			}
			if tt.check != nil {
				if r.Summons[0].Monster == nil {
					t.Fatal("no stat block made")
				}
				tt.check(t, r.Summons[0].Monster)
			}
		})
	}
}

func wantObject(t *testing.T, m *srd.Monster, hp, ac, attack int, damage string) {
	t.Helper()
	if m.HP != hp || m.AC != ac || len(m.Actions) != 1 || *m.Actions[0].AttackBonus != attack || m.Actions[0].Damage[0].Dice != damage {
		t.Errorf("%s: %d HP, AC %d, %+v; want %d HP, AC %d, +%d for %s", m.Name, m.HP, m.AC, m.Actions, hp, ac, attack, damage)
	}
}

// The familiar, the steed and the undead outlast the casting: an effect
// on the caster keeps them, naming the pick and how many, for each fight
// it starts; a slot that calls none of a creature, or a form the spell
// does not know, is refused.
func TestServantsAreKeptOnTheirCaster(t *testing.T) {
	r, err := spell.Cast(mira(), "find-familiar", 1, nil, spell.Options{Ritual: true, Summon: "raven"}, faces(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.SlotSpent || len(r.Effects) != 1 {
		t.Fatalf("a ritual familiar: slot spent %v, effects %+v", r.SlotSpent, r.Effects)
	}
	fx := r.Effects[0]
	if fx.ID != spell.ServantID || fx.TargetID != "mira" || fx.Summon != "fey-raven" || fx.Left != 1 || fx.Concentration {
		t.Errorf("effect %+v, want Mira's servant fey-raven, 1 left, no concentration", fx)
	}
	call, err := spell.Serving(fx.Spell, fx.Summon, fx.Left)
	if err != nil || call.SRDID != "raven" || call.Monster == nil || call.Monster.Type != "fey" {
		t.Errorf("serving %+v, %v: want a fey raven", call, err)
	}
	for _, bad := range []struct {
		spell, pick string
		slot        int
	}{{"create-undead", "mummy", 8}, {"create-undead", "ghast", 7}, {"find-familiar", "wolf", 1}, {"find-steed", "owl", 2}, {"animate-objects", "gargantuan", 5}} {
		_, err := spell.Cast(withSlot(mira(), bad.slot, 1), bad.spell, bad.slot, nil, spell.Options{Summon: bad.pick}, faces(t), nil)
		if !fault.Is(err, fault.Invalid) {
			t.Errorf("%s calling %s at %d: %v, want a refusal", bad.spell, bad.pick, bad.slot, err)
		}
	}
}
