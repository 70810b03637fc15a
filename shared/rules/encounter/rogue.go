package encounter

// The rogue's features in a fight.
var rogueFeatures = map[string]classFeature{
	"cunning-action": {where: "bonus.go: bonusAction"},
	"sneak-attack":   {where: "weapon.go: sneakDice"},
	"uncanny-dodge":  {where: "reaction.go: UncannyDodge"},
}
