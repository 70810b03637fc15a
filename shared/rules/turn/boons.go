package turn

import (
	"fmt"
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
)

// goodberry is eating one of the goodberries the actor holds, or feeding
// it to the intent's target: an action, in a fight the encounter's (its
// potion action names the berry), out of one the sheets'. The berries
// are Goodberry's lasting effect on the caster's sheet, counted by its
// Left and gone with it when they spoil, not an item of its pack.
func goodberry(r request, d Decision) (Decision, error) {
	if r.v.Encounter != nil {
		e, err := encounter.FromRecord(*r.v.Encounter)
		if err != nil {
			return d, err
		}
		who, err := participantOf(e, r.actor)
		if err != nil {
			return d, err
		}
		act := encounter.Action{Kind: encounter.ActionPotion, Item: spell.GoodberryID, TargetID: r.in.TargetID, EndTurn: !r.in.KeepTurn}
		return r.play(d, *r.v.Encounter, e, who, act)
	}
	k := slices.IndexFunc(r.actor.Effects, func(fx campaign.Effect) bool { return fx.ID == spell.GoodberryID && fx.Left > 0 })
	if k < 0 {
		return d, fault.Refuse(op, "intent.item", fault.NotAllowed, "%s holds no goodberries", r.actor.Name)
	}
	eater := r.actor
	if r.in.TargetID != "" && r.in.TargetID != r.actor.ID {
		t := r.v.character(r.in.TargetID)
		if t == nil || !r.here(*t) {
			return d, fault.Refuse(op, "intent.target_id", fault.OutOfRange, "there is no %q here", r.in.TargetID)
		}
		eater = *t
	}
	if eater.IsDead() {
		return d, fault.Refuse(op, "intent.target_id", fault.NotAllowed, "%s is dead: a goodberry can't help", eater.Name)
	}
	c := rules.FromSheet(eater)
	h, err := rules.Heal(c, dice.MustParse("1"), r.src)
	if err != nil {
		return d, err
	}
	after, err := c.Apply(h.Changes)
	if err != nil {
		return d, err
	}
	eaten := rules.ToSheet(eater, after)
	holder := r.actor
	if eater.ID == holder.ID {
		holder = eaten
	}
	holder.Effects = slices.Clone(holder.Effects)
	holder.Effects[k].Left--
	left := holder.Effects[k].Left
	if left == 0 {
		holder, _ = holder.WithoutEffects(func(fx campaign.Effect) bool { return fx.ID == spell.GoodberryID })
	}
	d.Changed = []campaign.Character{holder}
	who := r.actor.Name + " eats"
	if eater.ID != holder.ID {
		d.Changed = append(d.Changed, eaten)
		who = r.actor.Name + " feeds " + eater.Name
	}
	d.Summary = fmt.Sprintf("%s a goodberry (%d left). %s", who, left, h.Summary())
	return d, nil
}
