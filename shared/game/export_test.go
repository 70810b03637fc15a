package game

// RollsByHandForTest and NextByHandForTest expose the dice-mode rule to
// the package's tests.
var (
	RollsByHandForTest = rollsByHand
	NextByHandForTest  = nextByHand
)
