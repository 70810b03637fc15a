package turn

import (
	"maps"
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/srd"
)

// Class features and racial traits used out of a fight (the feature
// intent): each row plays one, by id, after the rules have checked that
// the character has it and spent what it costs from its sheet's
// resources. A feature used in a fight is the encounter's
// (rules/encounter, features.go); one a rest uses is the rest's.
var outOfFight = map[string]resolver{
	// Sorcerer: Flexible Casting, a slot for points and back (arcane.go).
	"flexible-casting-converting-spell-slot": convertSlot,
	"flexible-casting-creating-spell-slots":  createSlot,
	// Warlock: Eldritch Master, the pact slots back (arcane.go).
	"eldritch-master": eldritchMaster,
}

// PlayedFeatures are the ids of the features played out of a fight (the
// coverage test's): used on their own, and at a rest's end.
func PlayedFeatures() []string {
	out := slices.Collect(maps.Keys(outOfFight))
	for _, f := range restFeatures {
		out = append(out, f.id)
	}
	slices.Sort(out)
	return out
}

// useFeature resolves a feature intent out of a fight.
func useFeature(r request, d Decision) (Decision, error) {
	f, ok := srd.LookupFeature(r.in.Feature)
	switch {
	case !ok:
		return d, fault.Refuse(op, "intent.feature", fault.InvalidArgs, "there is no feature %q", clip(r.in.Feature))
	case !campaign.HasFeature(r.actor, f.ID):
		return d, fault.Refuse(op, "intent.feature", fault.NotAllowed, "%s does not have %s", r.actor.Name, f.Name)
	}
	play, ok := outOfFight[f.ID]
	if !ok {
		return d, fault.Refuse(op, "intent.feature", fault.NotAllowed, "%s", notHere(f))
	}
	actor, err := spendFeature(r.actor, f)
	if err != nil {
		return d, err
	}
	r.actor = actor
	d.Changed = []campaign.Character{actor}
	return play(r, d)
}

// notHere says why a feature is not used out of a fight.
func notHere(f srd.Feature) string {
	switch f.Use {
	case srd.UsePassive:
		return f.Name + " is always on: it is not used on its own"
	case srd.UseRest:
		return f.Name + " is used during a short rest: rest, and it is offered"
	case srd.UseReact, srd.UseOnHit:
		return f.Name + " answers a moment of a fight, where it is offered"
	}
	return f.Name + " is used in a fight, on the character's turn"
}

// spendFeature takes what feature f costs from the character's sheet, or
// refuses when its resource has too little left.
func spendFeature(ch campaign.Character, f srd.Feature) (campaign.Character, error) {
	if f.Resource == "" {
		return ch, nil
	}
	n := max(f.Cost, 1)
	pools := campaign.ResourcesOf(ch)
	p, ok := pools[f.Resource]
	if !ok || p.Max-p.Used < n {
		r, _ := srd.LookupResource(f.Resource)
		return ch, fault.Refuse(op, "intent.feature", fault.NotAllowed, "%s needs %d %s and %s has %d left", f.Name, n, r.Name, ch.Name, max(p.Max-p.Used, 0))
	}
	p.Used += n
	pools[f.Resource] = p
	ch.Resources = pools
	return ch, nil
}

// clip shortens what a refusal echoes.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
