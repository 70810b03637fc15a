package spell_test

import (
	"reflect"
	"slices"
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// The wards do what their SRD text says as a fight starts in their area:
// explosive runes' 5d8 of the chosen type, 1d8 more per slot above 3rd,
// Dexterity save for half; Symbol's glyphs with their saves (Death's
// 10d10 necrotic, Constitution for half; Sleep's 10 minutes until
// damage); Antipathy's Wisdom save or frightened for the chosen kind;
// Forbiddance's 5d10 radiant or necrotic to the chosen kinds at each
// turn's start; Hallow's Charisma save against its bound effect.
func TestWardsDoWhatTheirTextSays(t *testing.T) {
	for _, tt := range []struct {
		name, spell, pick string
		slot              int
		want              spell.Ward
	}{
		{"ExplosiveRunesOfFire", "glyph-of-warding", "fire", 3,
			spell.Ward{Save: rules.Dex, Half: true, Dice: "5d8", Type: rules.Fire, Spent: true}},
		{"RunesGainADiePerSlotAboveThird", "glyph-of-warding", "explosive runes thunder", 5,
			spell.Ward{Save: rules.Dex, Half: true, Dice: "7d8", Type: rules.Thunder, Spent: true}},
		{"RunesAreAcidUnlessPicked", "glyph-of-warding", "", 3,
			spell.Ward{Save: rules.Dex, Half: true, Dice: "5d8", Type: rules.Acid, Spent: true}},
		{"SymbolOfDeath", "symbol", "death", 7,
			spell.Ward{Save: rules.Con, Half: true, Dice: "10d10", Type: rules.Necrotic, Spent: true}},
		{"SymbolOfStunning", "symbol", "stunning", 7,
			spell.Ward{Save: rules.Wis, Condition: rules.Stunned, Ends: "1 minute", Spent: true}},
		{"SymbolOfFear", "symbol", "fear", 7,
			spell.Ward{Save: rules.Wis, Condition: rules.Frightened, Ends: "1 minute", Spent: true}},
		{"SymbolOfPain", "symbol", "pain", 7,
			spell.Ward{Save: rules.Con, Condition: rules.Incapacitated, Ends: "1 minute", Spent: true}},
		{"SymbolOfSleepUntilDamage", "symbol", "sleep", 7,
			spell.Ward{Save: rules.Wis, Condition: rules.Unconscious, Ends: "10 minutes, or until it takes damage", Spent: true}},
		{"SymbolOfDiscord", "symbol", "discord", 7,
			spell.Ward{Save: rules.Con, Discord: true, Ends: "1 minute", Spent: true}},
		{"AntipathyFrightensTheKind", "antipathy-sympathy", "antipathy goblins", 8,
			spell.Ward{Kinds: []string{"goblin"}, Save: rules.Wis, Condition: rules.Frightened, Ends: "while it is in the warded area"}},
		{"ForbiddanceNecroticOnFiendsAndUndead", "forbiddance", "fiends, undead, necrotic", 6,
			spell.Ward{Kinds: []string{"fiend", "undead"}, Dice: "5d10", Type: rules.Necrotic, EachTurn: true}},
		{"HallowedFear", "hallow", "fear", 5,
			spell.Ward{Save: rules.Cha, Condition: rules.Frightened, Ends: "while it is in the hallowed area"}},
		{"HallowedVulnerability", "hallow", "energy vulnerability fire", 5,
			spell.Ward{Save: rules.Cha, Vulnerable: rules.Fire}},
		{"HallowedProtection", "hallow", "energy protection cold", 5, spell.Ward{Resist: rules.Cold}},
		{"HallowedCourage", "hallow", "courage", 5, spell.Ward{Courage: true}},
		{"HallowedDarkness", "hallow", "darkness", 5, spell.Ward{Light: "dark"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w, err := spell.WardOf(tt.spell, tt.pick, tt.slot)
			if err != nil {
				t.Fatal(err)
			}
			w.Told = ""
			if !slices.Equal(w.Kinds, tt.want.Kinds) {
				t.Errorf("kinds %v, want %v", w.Kinds, tt.want.Kinds)
			}
			w.Kinds, tt.want.Kinds = nil, nil
			if !reflect.DeepEqual(w, tt.want) {
				t.Errorf("ward %+v, want %+v", w, tt.want)
			}
		})
	}
}

// A ward cast leaves its effect on its caster with the pick and the
// caster's spell save DC (Mira: 8 + 3 + 2 = 13), to go off later; a
// pick the spell does not offer is refused before any slot is spent.
func TestAWardIsKeptOnItsCaster(t *testing.T) {
	r, err := spell.Cast(withSlot(mira(), 3, 1), "glyph-of-warding", 3, nil, spell.Options{Ability: rules.Int, Choice: "Fire"}, faces(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Effects) != 1 {
		t.Fatalf("effects %+v, want the ward", r.Effects)
	}
	fx := r.Effects[0]
	if fx.ID != spell.WardID || fx.TargetID != "mira" || fx.Pick != "fire" || fx.DC != 13 || fx.Ends != "until it goes off" {
		t.Errorf("effect %+v, want Mira's fire ward at DC 13 until it goes off", fx)
	}
	for _, bad := range []struct{ spell, pick string }{{"glyph-of-warding", "poison"}, {"symbol", "pity"}, {"antipathy-sympathy", "sympathy"}, {"hallow", "energy protection slashing"}} {
		_, err := spell.Cast(withSlot(mira(), 8, 1), bad.spell, 8, nil, spell.Options{Ability: rules.Int, Choice: bad.pick}, faces(t), nil)
		if fault.ReasonOf(err) != spell.ReasonNotAllowed {
			t.Errorf("%s picked %q: %v, want not allowed", bad.spell, bad.pick, err)
		}
	}
}
