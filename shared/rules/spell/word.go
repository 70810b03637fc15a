package spell

import (
	"slices"
	"strconv"
	"strings"

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

// Commands are the words Command may speak that the engine plays, the
// default first. A creature that fails its save obeys on its next turn:
// it takes no action or bonus action; grovel also leaves it prone, and
// grovel, halt and drop leave it where it stands. Where approach and flee
// take it is the caller's; what it drops is the narrator's.
var Commands = []string{"grovel", "halt", "drop", "flee", "approach"}

// obeys says what each command has its target do, after "must".
var obeys = map[string]string{
	"grovel":   "grovel on its next turn: fall prone and end its turn",
	"halt":     "halt on its next turn: neither move nor act",
	"drop":     "drop what it holds on its next turn and end its turn",
	"flee":     "flee on its next turn, spending it moving away from {caster}",
	"approach": "approach {caster} on its next turn, spending it moving closer",
}

func checkCommand(c *cast) error {
	if w := c.opts.Command; w != "" && !slices.Contains(Commands, w) {
		return refuse(ReasonInvalidArgs, "%s speaks %s, not %q", c.spell.Name, strings.Join(Commands, ", "), w)
	}
	return nil
}

// command: each target makes a Wisdom save or follows the command on its
// next turn (an Effect the caller plays when that turn starts).
func (c *cast) command() error {
	word := c.opts.Command
	if word == "" {
		word = Commands[0]
	}
	must := strings.ReplaceAll(obeys[word], "{caster}", c.caster().Name)
	return c.onFailedSave(func(id string, out *Outcome) error {
		c.effect(Effect{ID: c.spell.ID, TargetID: id, Ends: "the end of its next turn", Note: word})
		out.Told = "must " + must
		return nil
	})
}
