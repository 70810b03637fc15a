package turn

import (
	"fmt"
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
)

// The monk's features out of a fight.

// wholeness is Wholeness of Body: three times the monk's level in hit
// points.
func wholeness(r request, d Decision) (Decision, error) {
	n := 3 * max(r.actor.Level, 1)
	h, err := rules.Heal(r.sheet, dice.MustParse(fmt.Sprint(n)), r.src)
	if err != nil {
		return d, fault.Refuse(op, "intent.feature", fault.ActorStateRestricted, "%s", publicMessage(err))
	}
	after, err := r.sheet.Apply(h.Changes)
	if err != nil {
		return d, err
	}
	ch := rules.ToSheet(r.actor, after)
	if h.Regained > 0 && ch.HP > 0 {
		ch.WakesAt = 0
	}
	d.Changed = []campaign.Character{ch}
	d.Summary = fmt.Sprintf("%s uses Wholeness of Body and regains %d HP (%d/%d).", ch.Name, h.Regained, h.HPAfter, h.MaxHP)
	return d, nil
}

// stillness is Stillness of Mind: it ends one lasting effect charming or
// frightening the monk (Choice "charmed" or "frightened"; "" the first
// it is), or the condition itself when no effect holds it.
func stillness(r request, d Decision) (Decision, error) {
	ch := r.actor
	pick := r.in.Choice
	if pick == "" {
		for _, c := range []string{"charmed", "frightened"} {
			if slices.Contains(ch.Conditions, c) {
				pick = c
				break
			}
		}
	}
	switch {
	case pick != "charmed" && pick != "frightened" && pick != "":
		return d, fault.Refuse(op, "intent.choice", fault.InvalidArgs, "Stillness of Mind ends being charmed or frightened: choose charmed or frightened")
	case pick == "" || !slices.Contains(ch.Conditions, pick):
		return d, fault.Refuse(op, "intent.feature", fault.NotAllowed, "%s is neither charmed nor frightened", ch.Name)
	}
	k := slices.IndexFunc(ch.Effects, func(fx campaign.Effect) bool { return fx.Condition == pick })
	if k >= 0 {
		one := ch.Effects[k]
		ch, _ = ch.WithoutEffects(func(fx campaign.Effect) bool {
			return fx.ID == one.ID && fx.Spell == one.Spell && fx.CasterID == one.CasterID
		})
	} else {
		ch.Conditions = slices.DeleteFunc(slices.Clone(ch.Conditions), func(c string) bool { return c == pick })
	}
	d.Changed = []campaign.Character{ch}
	d.Summary = fmt.Sprintf("%s stills the mind (Stillness of Mind).", ch.Name)
	if !slices.Contains(ch.Conditions, pick) {
		d.Summary += fmt.Sprintf(" %s is no longer %s.", ch.Name, pick)
	}
	return d, nil
}

// tranquility is Tranquility: as a long rest ends, Sanctuary on the monk
// until its next long rest (which puts on a new one), against its ki
// save DC. The fight plays the ward, and ends it as the spell ends.
func tranquility(ch campaign.Character) (campaign.Character, string) {
	c := rules.FromSheet(ch)
	dc := 8 + c.ProficiencyBonus + c.Modifier(rules.Wis)
	fx := campaign.Effect{ID: "sanctuary", Spell: "sanctuary", CasterID: ch.ID, DC: dc,
		Ends: "until the next long rest, or until it attacks or casts a spell that affects an enemy",
		Note: "Tranquility: a creature that would attack it or aim a harmful spell at it must first succeed on a Wisdom save"}
	return ch.WithEffect(fx), fmt.Sprintf("%s rises in an aura of peace: Sanctuary (DC %d) until the next long rest.", ch.Name, dc)
}
