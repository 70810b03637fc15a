package spell

import (
	"strconv"

	"chronicler/shared/rules"
)

// The spells that bring back the dead or hold back the dying.
//
// The engine keeps no time of death and no cause of it: Revivify's minute,
// Raise Dead's ten days, Resurrection's century and True Resurrection's
// two hundred years are not checked, nor death by old age or a missing
// head. Every dead target is taken to qualify; the narrator says when one
// does not. Whether the soul is willing is the narrator's too.

// neutralized are the conditions the greater revivals' cure of poisons
// ends.
var neutralized = []rules.Condition{rules.Poisoned}

// revive returns each dead target to life: with 1 hit point, or with its
// whole hit point maximum when full is set. A returning creature wakes
// (unconscious goes, prone stays: it is lying where it fell), its death
// saves reset, and the conditions in cures end.
func revive(full bool, cures []rules.Condition) func(c *cast) error {
	return func(c *cast) error {
		for _, id := range c.ids {
			t := c.state[id]
			out := c.outcome(id)
			hp := 1
			if full {
				hp = max(t.CurrentMaxHP(), 1)
			}
			chs := []rules.Change{{TargetID: id, Field: rules.FieldDead, From: true, To: false}}
			if t.HP != hp {
				chs = append(chs, rules.Change{TargetID: id, Field: rules.FieldHP, From: t.HP, To: hp})
			}
			if t.DeathSaves.Successes != 0 {
				chs = append(chs, rules.Change{TargetID: id, Field: rules.FieldDeathSuccesses, From: t.DeathSaves.Successes, To: 0})
			}
			if t.DeathSaves.Failures != 0 {
				chs = append(chs, rules.Change{TargetID: id, Field: rules.FieldDeathFailures, From: t.DeathSaves.Failures, To: 0})
			}
			if t.Stable {
				chs = append(chs, rules.Change{TargetID: id, Field: rules.FieldStable, From: true, To: false})
			}
			if t.Conditions.Has(rules.Unconscious) {
				chs = append(chs, rules.Change{TargetID: id, Field: rules.FieldCondition, From: rules.Unconscious, To: rules.Condition(0)})
			}
			// rules.RemoveCondition refuses the dead, so the cures are
			// written here as the creature comes back.
			for _, cond := range cures {
				if !t.Conditions.Has(cond) {
					continue
				}
				ch := rules.Change{TargetID: id, Field: rules.FieldCondition, From: cond, To: rules.Condition(0)}
				chs = append(chs, ch)
				out.Conditions = append(out.Conditions, rules.ConditionResult{Log: rules.Log{Changes: []rules.Change{ch}},
					TargetID: id, Target: t.Name, Condition: cond, Removal: true, Changed: true})
			}
			if err := c.take(rules.Log{Changes: chs}); err != nil {
				return err
			}
			out.Affected = true
			out.Told = "returns to life with " + strconv.Itoa(hp) + " HP"
			c.rider(id)
		}
		return nil
	}
}

// spareTheDying makes a dying creature (at 0 hit points, alive, not yet
// stable) stable. One with hit points, or already stable, is unaffected.
func (c *cast) spareTheDying() error {
	id := c.ids[0]
	out := c.outcome(id)
	t := c.state[id]
	switch {
	case t.HP > 0:
		out.Note = "not at 0 hit points"
		return nil
	case !t.Dying():
		out.Note = "already stable"
		return nil
	}
	r, err := rules.Stabilize(*t, "spare the dying")
	if err != nil {
		return internal(err)
	}
	out.Affected, out.Told = true, "is stable"
	return c.take(r.Log)
}
