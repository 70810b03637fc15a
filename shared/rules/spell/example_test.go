package spell_test

import (
	"fmt"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// fixed is a dice.Source that yields chosen faces, as tests do; play uses
// dice.Crypto() and replays dice.NewSeeded(seed).
type fixed []int

func (f *fixed) Intn(int) int {
	v := (*f)[0] - 1
	*f = (*f)[1:]
	return v
}

func ExampleCast() {
	mira := rules.Combatant{ID: "mira", Name: "Mira", Level: 5, ProficiencyBonus: 3,
		Abilities: campaign.Abilities{Str: 8, Dex: 14, Con: 14, Int: 15, Wis: 12, Cha: 10},
		AC:        12, HP: 27, MaxHP: 27}
	mira.SpellSlots[2] = campaign.Slot{Max: 2} // two 3rd-level slots
	goblin := rules.Combatant{ID: "goblin-1", Name: "the goblin", Monster: true,
		Abilities: campaign.Abilities{Str: 8, Dex: 14, Con: 10, Int: 10, Wis: 8, Cha: 8}, AC: 15, HP: 7, MaxHP: 7}
	orc := rules.Combatant{ID: "orc-1", Name: "the orc", Monster: true,
		Abilities: campaign.Abilities{Str: 16, Dex: 12, Con: 16, Int: 7, Wis: 11, Cha: 10}, AC: 13, HP: 15, MaxHP: 15}

	src := fixed{3, 4, 3, 4, 3, 4, 3, 4, 5, 14} // 8d6, then each DEX save's d20
	r, err := spell.Cast(mira, "fireball", 3, []rules.Combatant{goblin, orc},
		spell.Options{Ability: rules.Int}, &src, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Summary())
	for _, ch := range r.Changes {
		fmt.Println(ch)
	}
	// Output:
	// Mira casts Fireball (3rd level): the goblin fails its DEX save (DC 13, rolled 7) and takes 28 fire damage and dies; the orc saves (15) and takes 14.
	// mira.spell_slots_used[3]: 0 -> 1
	// goblin-1.hp: 7 -> 0
	// goblin-1.dead: false -> true
	// orc-1.hp: 15 -> 1
}
