package encounter

import (
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// ActionPotion is a character's action to drink a potion of healing
// (Action.Item, an srd.Potion id), or to give it to a creature in the
// fight's area (TargetID): the drinker regains the potion's healing, and
// one at 0 HP wakes. Whether the character carries the potion is its
// sheet's, which the rules' front door checks and spends.
const ActionPotion = "potion"

// potion is ActionPotion: participant ai drinks or gives the potion.
func (e *Encounter) potion(res *Result, ai int, in Action, src dice.Source) error {
	if in.Item == spell.GoodberryID {
		return e.eatBerry(res, ai, in, src) // spells_boons.go
	}
	if m, ok := FightPotion(in.Item); ok {
		return e.drinkMagic(res, ai, in, m, src) // items.go
	}
	p := e.Participants[ai]
	pot, ok := srd.LookupPotion(in.Item)
	switch {
	case p.Kind != KindCharacter:
		return refuse(NotAllowed, "action.kind", "%s carries no potions", p.Name)
	case !ok:
		return refuse(InvalidArgs, "action.item", "%q is no potion of healing", truncate(in.Item, 60))
	case p.Turn.ActionUsed && !in.Bonus:
		return refuse(NotAllowed, "action.kind", "%s has already taken an action this turn", p.Name)
	}
	ti, err := e.handedTo(ai, in, func(t Participant) string {
		if t.Defeated || t.Combatant.Dead {
			return "%s is dead: a potion can't help"
		}
		return ""
	})
	if err != nil {
		return err
	}
	t := e.Participants[ti]
	x, err := dice.Parse(pot.Healing)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	h, err := rules.Heal(t.Combatant, x, src)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	if err := e.apply(h.Changes); err != nil {
		return err
	}
	if !in.Bonus { // as a bonus action (Fast Hands), bonusAction spends it
		e.Participants[ai].Turn.ActionUsed = true
	}
	res.Rolls = append(res.Rolls, h.Rolls...)
	res.Changes = append(res.Changes, h.Changes...)
	if ti == ai {
		res.say(p.Name + " drinks " + rules.Article(pot.Name) + ". " + h.Summary())
	} else {
		res.say(p.Name + " gives " + t.Name + " " + rules.Article(pot.Name) + ". " + h.Summary())
	}
	return nil
}

// handedTo is the participant what participant ai hands over (a potion,
// a goodberry) goes to: ai itself when in names none, else the one it
// names, within ai's reach. unfit says why a target can't take it (a
// format of its name), "" when it can.
func (e *Encounter) handedTo(ai int, in Action, unfit func(Participant) string) (int, error) {
	ti := ai
	if in.TargetID != "" {
		if ti = e.index(in.TargetID); ti < 0 {
			return ti, refuse(InvalidArgs, "action.target_id", "no participant %q", truncate(in.TargetID, 60))
		}
	}
	t := e.Participants[ti]
	if why := unfit(t); why != "" {
		return ti, refuse(NotAllowed, "action.target_id", why, t.Name)
	}
	if ti != ai && (e.elsewhere(t.ID) || e.Participants[ai].Left) {
		return ti, refuse(OutOfRange, "action.target_id", "%s is out of reach", t.Name)
	}
	return ti, nil
}
