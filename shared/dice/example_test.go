package dice_test

import (
	"fmt"

	"chronicler/shared/dice"
)

func Example() {
	e, err := dice.Parse("d20 + 5")
	if err != nil {
		fmt.Println(err)
		return
	}
	// Tests and replays use a seeded source; play uses dice.Crypto().
	r := dice.Roll(e, dice.NewSeeded(1), dice.Advantage())
	fmt.Println(r.Expr, r.Terms[0].Dice, r.Terms[0].Rolls, r.Total, r.Natural)

	_, err = dice.Parse("4d6kh5")
	fmt.Println(err)
	// Output:
	// 1d20+5 2d20kh1 [6 9] 14 9
	// parse dice: dice: "4d6kh5": cannot keep 5 of 4 dice
}
