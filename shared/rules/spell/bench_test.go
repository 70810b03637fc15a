package spell_test

import (
	"testing"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// BenchmarkCastFireball casts a 3rd-level Fireball on four creatures, one
// of them concentrating: one damage roll, four saves, four hits.
func BenchmarkCastFireball(b *testing.B) {
	caster := mira()
	concentrating := named(tough(orc(), 60), "orc-2", "the second orc")
	concentrating.Concentration = "bless"
	targets := []rules.Combatant{goblin(), orc(), named(goblin(), "goblin-2", "the second goblin"), concentrating}
	opts := spell.Options{Ability: rules.Int}
	src := dice.NewSeeded(1)
	b.ReportAllocs()
	for b.Loop() {
		r, err := spell.Cast(caster, "fireball", 3, targets, opts, src, nil)
		if err != nil {
			b.Fatal(err)
		}
		_ = r.Summary()
	}
}

// BenchmarkCoverage classifies all 319 SRD spells.
func BenchmarkCoverage(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = spell.Coverage(nil)
	}
}
