package game

// RollsByHandForTest exposes the dice-mode rule to the package's tests.
var RollsByHandForTest = rollsByHand
