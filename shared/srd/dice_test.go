package srd_test

import (
	"regexp"
	"strconv"
	"testing"

	"chronicler/shared/srd"
)

// simpleDice is plain dice notation, NdM with an optional +K or -K, or a flat
// number ("1" for a badger's bite, "70" for Heal). It is written here on its
// own rather than taken from shared/dice, which is built in parallel.
var simpleDice = regexp.MustCompile(`^(?:\d+d\d+(?:[+-]\d+)?|\d+)$`)

func TestEveryDiceStringIsSimpleNotation(t *testing.T) {
	n := 0
	check := func(where, dice string) {
		n++
		if !simpleDice.MatchString(dice) {
			t.Errorf("%s: %q is not NdM(+K)", where, dice)
		}
	}
	levels := func(where string, m map[int]string) {
		for l, d := range m {
			check(where+" level "+strconv.Itoa(l), d)
		}
	}
	for _, s := range srd.Spells() {
		for _, d := range []*srd.SpellDamage{s.Damage, s.ExtraDamage} {
			if d != nil {
				levels("spell "+s.ID+" damage", d.BySlotLevel)
				levels("spell "+s.ID+" damage", d.ByCharacterLevel)
			}
		}
		levels("spell "+s.ID+" heal", s.HealAtSlotLevel)
	}
	var actions func(where string, as []srd.Action)
	var damages func(where string, ds []srd.Damage)
	damages = func(where string, ds []srd.Damage) {
		for _, d := range ds {
			if len(d.OneOf) > 0 {
				damages(where, d.OneOf)
				continue
			}
			check(where, d.Dice)
		}
	}
	actions = func(where string, as []srd.Action) {
		for _, a := range as {
			damages(where+" "+a.Name, a.Damage)
			actions(where+" "+a.Name, a.Options)
			actions(where+" "+a.Name, a.Stages)
		}
	}
	for _, m := range srd.Monsters() {
		check("monster "+m.ID+" hit dice", m.HitDice)
		if m.HPRoll != "" {
			check("monster "+m.ID+" hp roll", m.HPRoll)
		}
		for _, list := range [][]srd.Action{m.SpecialAbilities, m.Actions, m.Reactions, m.LegendaryActions} {
			actions("monster "+m.ID, list)
		}
	}
	for _, w := range srd.Weapons() {
		for _, d := range []*srd.Damage{w.Damage, w.TwoHandedDamage} {
			if d != nil {
				check("weapon "+w.ID, d.Dice)
			}
		}
	}
	// 1,749 when written: spell levels, hit dice and hp rolls, every damage
	// roll in the stat blocks, weapon damage.
	if n < 1700 {
		t.Errorf("checked only %d dice strings; the walk is missing some", n)
	}
	t.Logf("%d dice strings checked", n)
}
