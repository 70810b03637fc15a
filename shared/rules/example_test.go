package rules_test

import (
	"fmt"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
)

// fixed is a dice.Source that yields chosen faces, as tests do; play
// seeds dice.NewSeeded with a MAC of the turn under the server's key
// (unpredictable to players, replayable from the stored seed).
type fixed []int

func (f *fixed) Intn(int) int {
	v := (*f)[0] - 1
	*f = (*f)[1:]
	return v
}

func ExampleAttack() {
	mira := rules.Combatant{ID: "mira", Name: "Mira", Level: 3,
		Abilities: campaign.Abilities{Str: 16, Dex: 14, Con: 14, Int: 10, Wis: 12, Cha: 8},
		AC:        16, HP: 28, MaxHP: 28, Speed: 30, ProficiencyBonus: rules.ProficiencyByLevel(3)}
	goblin := rules.Combatant{ID: "goblin-1", Name: "the goblin", Monster: true,
		Abilities: campaign.Abilities{Str: 8, Dex: 14, Con: 10, Int: 10, Wis: 8, Cha: 8},
		AC:        15, HP: 7, MaxHP: 7, Speed: 30, ProficiencyBonus: rules.ProficiencyByCR(0.25)}
	longsword := rules.AttackRequest{Kind: rules.MeleeWeapon, Weapon: "her longsword", Bonus: 5,
		Damage: []rules.DamageRoll{{Dice: dice.MustParse("1d8+3"), Type: rules.Slashing}}}

	src := fixed{14, 4} // the d20, then the d8
	r, err := rules.Attack(mira, goblin, longsword, &src)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Summary())
	for _, roll := range r.Rolls {
		line := fmt.Sprintf("%s: %s %v = %d", roll.Reason, roll.Expr, roll.Rolls, roll.Total)
		if roll.Outcome != "" {
			line += ", " + roll.Outcome
		}
		fmt.Println(line)
	}
	for _, ch := range r.Changes {
		fmt.Println(ch)
	}
	goblin, _ = goblin.Apply(r.Changes)
	fmt.Println(goblin.HP, goblin.Dead)
	// Output:
	// Mira hits the goblin with her longsword (19 vs AC 15) for 7 slashing damage; the goblin drops to 0 HP and dies.
	// attack roll: 1d20+5 [14] = 19, hit
	// damage: 1d8+3 [4] = 7
	// goblin-1.hp: 7 -> 0
	// goblin-1.dead: false -> true
	// 0 true
}
