package spell

import (
	"strconv"

	"chronicler/shared/rules"
)

// harm: a Constitution save against 14d6 necrotic damage, half on a
// success, that can't take the target below 1 hit point. A target that
// fails loses as much of its hit point maximum as it took, for an hour
// (an Effect the caller applies and ends; a cure of disease would end it
// early, which the engine leaves to the narrator).
func (c *cast) harm() error {
	id := c.ids[0]
	out := c.outcome(id)
	dmg := c.rollDamage(c.parts)
	sv, err := c.saveFor(id)
	if err != nil {
		return err
	}
	out.Save, out.Affected = &sv, true
	if sv.Success {
		dmg = halved(dmg)
	}
	t := c.state[id]
	d, err := rules.TakeDamage(*t, rules.Hit{Damage: dmg, Floor: 1}, c.src)
	if err != nil {
		return refuseWrap(err)
	}
	if err := c.take(d.Log); err != nil {
		return err
	}
	out.Damage = append(out.Damage, d)
	if loss := min(d.Taken, t.MaxHP-1); !sv.Success && loss > 0 && !c.state[id].Dead {
		c.effect(Effect{ID: c.spell.ID, TargetID: id, MaxHP: -loss, Ends: "1 hour",
			Note: "-" + strconv.Itoa(loss) + " to its hit point maximum"})
		out.Told = "loses " + strconv.Itoa(loss) + " of its hit point maximum for an hour"
	}
	return nil
}

// divineWord: each target makes a Charisma save; one that fails suffers
// by its hit points at that moment: 20 or fewer, it dies; 30 or fewer,
// blinded, deafened and stunned for an hour; 40 or fewer, deafened and
// blinded for 10 minutes; 50 or fewer, deafened for a minute; more, it is
// unharmed. Sending celestials, elementals, fey and fiends home is the
// narrator's.
func (c *cast) divineWord() error {
	sent := false
	err := c.onFailedSave(func(id string, out *Outcome) error {
		t := c.state[id]
		out.HP, sent = t.HP, true
		switch {
		case t.HP <= 20:
			out.Told = "dies"
			return c.slay(id, out)
		case t.HP <= 30:
			return c.give(id, out, []rules.Condition{rules.Blinded, rules.Deafened, rules.Stunned}, "1 hour")
		case t.HP <= 40:
			return c.give(id, out, []rules.Condition{rules.Deafened, rules.Blinded}, "10 minutes")
		case t.HP <= 50:
			return c.give(id, out, []rules.Condition{rules.Deafened}, "1 minute")
		}
		out.Affected = false
		out.Told = "is unharmed, having more than 50 hit points"
		return nil
	})
	if err == nil && sent {
		c.note("a celestial, elemental, fey or fiend that failed is also sent back to its home plane for 24 hours", "")
	}
	return err
}
