package encounter

import (
	"slices"
	"strings"

	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The creature types spells care about, which spell.Cast leaves to its
// caller: the types a spell's targets must be, the types it has no effect
// on, and those with disadvantage on its save.
var (
	onlyTypes = map[string][]string{
		"hold-person": {"humanoid"}, "charm-person": {"humanoid"}, "dominate-person": {"humanoid"},
		"animal-friendship": {"beast"}, "dominate-beast": {"beast"},
	}
	notTypes = map[string][]string{
		"cure-wounds": {"undead", "construct"}, "healing-word": {"undead", "construct"},
		"mass-cure-wounds": {"undead", "construct"}, "mass-healing-word": {"undead", "construct"},
		"prayer-of-healing": {"undead", "construct"}, "heal": {"undead", "construct"},
		"mass-heal": {"undead", "construct"}, "blight": {"undead", "construct"},
		"hold-monster": {"undead"}, "spare-the-dying": {"undead", "construct"}, "command": {"undead"},
	}
	// passedBy are area spells that leave creatures of these types out
	// rather than being refused for them.
	passedBy     = map[string][]string{"sleep": {"undead"}}
	saveHindered = map[string][]string{"sunbeam": {"undead", "ooze"}, "sunburst": {"undead", "ooze"}}
)

// kinded sorts a spell's targets by creature type: it refuses a target
// the spell can't be cast on, returns the ids it goes on with (those an
// area spell passes by left out, each told in a sentence), and sets the
// save disadvantage some types have. A participant of unknown type (an
// encounter stored before types were kept) is let through.
func (e *Encounter) kinded(s srd.Spell, ids []string, opts *spell.Options) ([]string, []string, error) {
	var keep, told []string
	for _, id := range ids {
		p := e.Participants[e.index(id)]
		t := p.Type
		switch {
		case t == "":
		case onlyTypes[s.ID] != nil && !slices.Contains(onlyTypes[s.ID], t):
			return nil, nil, refuse(NotAllowed, "action.target_ids", "%s affects only %s, and %s is %s", s.Name,
				plurals(onlyTypes[s.ID]), p.Name, aType(t))
		case slices.Contains(notTypes[s.ID], t):
			return nil, nil, refuse(NotAllowed, "action.target_ids", "%s has no effect on %s, and %s is %s", s.Name,
				plurals(notTypes[s.ID]), p.Name, aType(t))
		case slices.Contains(passedBy[s.ID], t):
			told = append(told, p.Name+" is "+aType(t)+", and "+s.Name+" passes it by.")
			continue
		case slices.Contains(saveHindered[s.ID], t):
			opts.Situate(id, func(sit *spell.Situation) { sit.Disadvantage = append(sit.Disadvantage, t) })
		}
		keep = append(keep, id)
	}
	return keep, told, nil
}

// plurals is "humanoids", "undead or constructs".
func plurals(types []string) string {
	out := make([]string, len(types))
	for i, t := range types {
		out[i] = t
		if t != "undead" {
			out[i] += "s"
		}
	}
	return strings.Join(out, " or ")
}

// aType is "a giant", "undead".
func aType(t string) string {
	if t == "undead" {
		return t
	}
	return rules.Article(t)
}
