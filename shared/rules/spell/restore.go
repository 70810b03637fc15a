package spell

import (
	"strconv"
	"strings"

	"chronicler/shared/rules"
)

// The spells that end what ails a creature: the conditions, Greater
// Restoration a level of exhaustion or the hit point maximum a life drain
// took, and the diseases and curses a monster's hit left (afflict.go).
// Lowered ability scores are not kept by the engine: the narrator's.

// MaxHPPick is Greater Restoration's pick (Options.Choice) of the hit
// point maximum a life drain took (rules.Combatant.Drained), which it
// gives back; with no pick it does so when the target has none of the
// spell's conditions.
const MaxHPPick = "hit-point-maximum"

// checkCure refuses a pick (Options.Condition) the spell can't end.
func checkCure(c *cast) error {
	if x := c.opts.Condition; x != 0 && !containsCond(c.sp.cures, x) {
		return refuse(ReasonInvalidArgs, "%s does not end %s", c.spell.Name, x)
	}
	return nil
}

// restore ends one of the spell's cures on the target: the caster's pick,
// or the first the target has (exhaustion counts a level at a time).
func (c *cast) restore() error {
	id := c.ids[0]
	out := c.outcome(id)
	t := c.state[id]
	pick := c.opts.Condition
	if pick == 0 && c.opts.Choice != MaxHPPick {
		for _, cond := range c.sp.cures {
			if afflicted(*t, cond) {
				pick = cond
				break
			}
		}
	}
	if pick == 0 && c.spell.ID == "greater-restoration" && (t.Drained > 0 || c.opts.Choice == MaxHPPick) {
		if t.Drained <= 0 && afflictedBy(*t, "reduction") {
			_, err := c.endAffliction(id, out, false, "reduction")
			return err
		}
		return c.undrain(id, out)
	}
	// With no condition to end, a disease (Lesser Restoration) or a curse
	// or a lowered maximum (Greater Restoration) is what the spell ends.
	if pick == 0 && c.spell.ID == "lesser-restoration" && afflictedBy(*t, "disease") {
		_, err := c.endAffliction(id, out, false, "disease")
		return err
	}
	if pick == 0 && c.spell.ID == "greater-restoration" && afflictedBy(*t, "curse", "reduction") {
		_, err := c.endAffliction(id, out, false, "curse", "reduction")
		return err
	}
	switch {
	case pick == 0:
		out.Note = "not " + joinOr(c.sp.cures)
		return nil
	case !afflicted(*t, pick):
		out.Note = "not " + ailing(pick)
		return nil
	}
	out.Affected = true
	if pick == rules.Exhaustion {
		r, err := rules.ChangeExhaustion(*t, -1)
		if err != nil {
			return internal(err)
		}
		out.Told = "sheds a level of exhaustion (now " + strconv.Itoa(r.To) + ")"
		return c.take(r.Log)
	}
	cr, err := rules.RemoveCondition(*t, pick)
	if err != nil {
		return internal(err)
	}
	out.Conditions = append(out.Conditions, cr)
	return c.take(cr.Log)
}

// undrain gives target id, whose outcome is out, back the hit point
// maximum a life drain took.
func (c *cast) undrain(id string, out *Outcome) error {
	t := c.state[id]
	if t.Drained <= 0 {
		out.Note = "not drained"
		return nil
	}
	out.Affected = true
	out.Told = "has the " + strconv.Itoa(t.Drained) + " hit points a life drain took from its maximum back"
	return c.take(rules.Log{Changes: []rules.Change{{TargetID: id, Field: rules.FieldDrained, From: t.Drained, To: 0}}})
}

// afflicted says t suffers cond (for exhaustion, a level of it).
func afflicted(t rules.Combatant, cond rules.Condition) bool {
	if cond == rules.Exhaustion {
		return t.Exhaustion > 0
	}
	return t.Conditions.Has(cond)
}

// ailing is the condition as it reads after "not": "poisoned",
// "exhausted".
func ailing(c rules.Condition) string {
	if c == rules.Exhaustion {
		return "exhausted"
	}
	return c.String()
}

// joinOr is "blinded, deafened, paralyzed or poisoned".
func joinOr(cs []rules.Condition) string {
	s := make([]string, len(cs))
	for i, x := range cs {
		s[i] = ailing(x)
	}
	if len(s) < 2 {
		return strings.Join(s, "")
	}
	return strings.Join(s[:len(s)-1], ", ") + " or " + s[len(s)-1]
}

// protectionFromPoison ends the target's poisoning and leaves it
// resisting poison damage for the hour (the caller applies the
// resistance while the effect lasts).
func (c *cast) protectionFromPoison() error {
	id := c.ids[0]
	out := c.outcome(id)
	out.Affected = true
	if c.state[id].Conditions.Has(rules.Poisoned) {
		cr, err := rules.RemoveCondition(*c.state[id], rules.Poisoned)
		if err != nil {
			return internal(err)
		}
		if err := c.take(cr.Log); err != nil {
			return err
		}
		out.Conditions = append(out.Conditions, cr)
	}
	c.effect(Effect{ID: c.spell.ID, TargetID: id, Resist: rules.SetOf(rules.Poison),
		Note: "resistance to poison damage, and advantage on saving throws against being poisoned"})
	out.Told = "resists poison damage for the hour"
	c.rider(id)
	return nil
}
