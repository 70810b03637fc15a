package turn

import "chronicler/shared/rules/encounter"

// fightPotion is drinking, in a fight, a magic potion whose effect the
// fight plays (encounter.FightPotion: a Potion of Giant Strength, of
// Resistance), or giving it to another: an action on the actor's turn,
// and the actor has one potion fewer. Out of a fight it is the
// narrator's, as any item used.
func fightPotion(r request, d Decision) (Decision, error) {
	e, err := encounter.FromRecord(*r.v.Encounter)
	if err != nil {
		return d, err
	}
	who, err := participantOf(e, r.actor)
	if err != nil {
		return d, err
	}
	act := encounter.Action{Kind: encounter.ActionPotion, Item: r.in.Item, TargetID: r.in.TargetID, Bonus: r.in.Bonus, EndTurn: !r.in.KeepTurn && !r.in.Bonus}
	if d, err = r.play(d, *r.v.Encounter, e, who, act); err != nil {
		return d, err
	}
	spend(&d, r.actor, r.in.Item)
	return d, nil
}
