// Package dice parses the dice notation players type ("1d20+5", "4d6kh3",
// "2d6-1d4") and rolls it with an injected Source, so every roll in a turn
// record can be shown die by die and replayed exactly from its seed. It knows
// the 5e roll mechanics that change which dice are rolled or kept (advantage,
// disadvantage, critical hits, rerolls) and nothing about when they apply.
package dice
