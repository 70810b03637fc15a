package spell

import (
	"slices"
	"strconv"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
)

// The curses and diseases a monster's hit left (rules.Combatant.
// Afflictions) end by the spells the SRD names: Remove Curse ends every
// curse, Lesser Restoration one disease, Greater Restoration one curse or
// one effect reducing the hit point maximum (a clay golem's slam).

// endAffliction ends on target id, whose outcome is out, its first affliction of
// one of kinds (every one of them when all); it reports whether one
// ended.
func (c *cast) endAffliction(id string, out *Outcome, all bool, kinds ...string) (bool, error) {
	t := c.state[id]
	var kept, ended []campaign.Affliction
	for _, a := range t.Afflictions {
		if slices.Contains(kinds, a.Kind) && (all || len(ended) == 0) {
			ended = append(ended, a)
			continue
		}
		kept = append(kept, a)
	}
	if len(ended) == 0 {
		return false, nil
	}
	out.Affected = true
	names := make([]string, len(ended))
	for i, a := range ended {
		names[i] = a.Name
	}
	out.Told = "is freed of " + joinAnd(names)
	if n := campaign.AfflictionsReduce(ended); n > 0 {
		out.Told += ", and has the " + strconv.Itoa(n) + " hit points it took from the maximum back"
	}
	return true, c.take(rules.Log{Changes: []rules.Change{rules.AfflictionsChange(*t, kept)}})
}

// afflictedBy says t carries an affliction of one of kinds.
func afflictedBy(t rules.Combatant, kinds ...string) bool {
	return slices.ContainsFunc(t.Afflictions, func(a campaign.Affliction) bool { return slices.Contains(kinds, a.Kind) })
}

// joinAnd is "mummy rot and werewolf lycanthropy".
func joinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	out := s[0]
	for _, x := range s[1 : len(s)-1] {
		out += ", " + x
	}
	return out + " and " + s[len(s)-1]
}
