package spell

import "chronicler/shared/rules"

// The buffs' and wards' table entries: spells that leave an effect the
// fight plays on later rolls (Enhance Ability, Bestow Curse, Ray of
// Enfeeblement, Death Ward, Warding Bond, See Invisibility, True Seeing),
// and those that end such effects (Calm Emotions, Remove Curse, Dispel
// Magic). Their resolvers are in buffs.go.
func init() {
	for id, sp := range map[string]spec{
		"enhance-ability": {exact: true},
		"bestow-curse":    {exact: true, rider: "a Remove Curse ends the curse on {target}"},
		"ray-of-enfeeblement": {exact: true, ongoing: TriggerSave,
			ends: "1 minute, or until it succeeds on a Constitution save at the end of one of its turns"},
		"death-ward": {exact: true, rider: "an effect that would kill {target} outright without dealing damage is negated instead, and the ward ends"},
		"warding-bond": {exact: true, rider: "the bond holds while {target} is within 60 feet of {caster}; " +
			"it ends if {caster} drops to 0 hit points or the two are parted by more than 60 feet"},
		"calm-emotions": {exact: true, cures: []rules.Condition{rules.Charmed, rules.Frightened},
			rider: "when the spell ends, what charmed or frightened {target} resumes if its time has not run out"},
		"remove-curse":     {exact: true, rider: "a cursed magic item {target} is attuned to keeps its curse, but the attunement breaks"},
		"dispel-magic":     {exact: true},
		"see-invisibility": {exact: true, rider: "{caster} also sees into the Ethereal Plane"},
		"true-seeing": {exact: true, rider: "{target} has truesight to 120 feet: it sees through illusions and shapechangers, " +
			"notices secret doors hidden by magic and sees into the Ethereal Plane"},
	} {
		if _, dup := specs[id]; dup {
			panic("spell: two specs for " + id)
		}
		specs[id] = sp
	}
	for id, r := range map[string]resolver{
		"enhance-ability":     {targets: perSlot(1, 2), check: checkEnhancement, run: (*cast).enhanceAbility},
		"bestow-curse":        {targets: one, ability: true, check: checkCurse, run: (*cast).bestowCurse},
		"ray-of-enfeeblement": {targets: one, ability: true, run: (*cast).rayOfEnfeeblement},
		"death-ward":          {targets: one, run: (*cast).deathWard},
		"warding-bond":        {targets: one, check: notSelf, run: (*cast).wardingBond},
		"calm-emotions":       {targets: anyIn, ability: true, run: (*cast).calmEmotions},
		"remove-curse":        {targets: one, run: (*cast).removeCurse},
		"dispel-magic":        {targets: one, ability: true, run: (*cast).dispelMagic},
		"see-invisibility":    {targets: self, check: selfOnly, run: (*cast).seeInvisibility},
		"true-seeing":         {targets: one, run: (*cast).trueSeeing},
	} {
		if _, dup := resolvers[id]; dup {
			panic("spell: two resolvers for " + id)
		}
		resolvers[id] = r
	}
}
