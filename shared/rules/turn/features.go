package turn

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

// Class features and racial traits used out of a fight (the feature
// intent): each row plays one, by id, after the rules have checked that
// the character has it and spent what it costs from its sheet's
// resources. A feature used in a fight is the encounter's
// (rules/encounter, features.go); one a rest uses is the rest's.
var outOfFight = map[string]resolver{
	encounter.WildShape:              wildShape,
	"natural-recovery":               naturalRecovery,
	"lay-on-hands":                   layOnHandsOut,
	"divine-sense":                   divineSenseOut,
	"channel-divinity-preserve-life": preserveLifeOut,
	"divine-intervention":            divineInterventionOut,
	"wholeness-of-body":              wholeness,
	"stillness-of-mind":              stillness,
	"bardic-inspiration-d6":          inspire,
	"primeval-awareness":             primevalAwareness,
	"hide-in-plain-sight":            hideInPlainSight,
	// Sorcerer: Flexible Casting, a slot for points and back (arcane.go).
	"flexible-casting-converting-spell-slot": convertSlot,
	"flexible-casting-creating-spell-slots":  createSlot,
	// Warlock: Eldritch Master, the pact slots back (arcane.go).
	"eldritch-master": eldritchMaster,
}

// duringRest are the features a rest plays by itself, and where.
var duringRest = map[string]string{
	"song-of-rest-d6":  "explore.go: shortRest, songOfRest",
	"song-of-rest-d8":  "explore.go: shortRest, songOfRest",
	"song-of-rest-d10": "explore.go: shortRest, songOfRest",
	"song-of-rest-d12": "explore.go: shortRest, songOfRest",
}

// afterLongRest are the features that play as a long rest ends, by id:
// each returns the rested sheet as it leaves it and what to say of it
// (Tranquility's Sanctuary).
var afterLongRest = map[string]func(ch campaign.Character) (campaign.Character, string){
	"tranquility": tranquility,
}

// PlayedFeatures are the ids of the features played out of a fight (the
// coverage test's), during a rest and as a long rest ends.
func PlayedFeatures() []string {
	ids := slices.Concat(slices.Collect(maps.Keys(outOfFight)), slices.Collect(maps.Keys(afterLongRest)), slices.Collect(maps.Keys(duringRest)))
	for _, f := range restFeatures {
		ids = append(ids, f.id)
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// longRested plays, on a sheet a long rest has just restored, the
// features of afterLongRest the character has, and says what they did.
func longRested(ch campaign.Character) (campaign.Character, string) {
	var said []string
	for _, id := range campaign.FeatureIDs(ch) {
		if play, ok := afterLongRest[id]; ok {
			var s string
			if ch, s = play(ch); s != "" {
				said = append(said, s)
			}
		}
	}
	return ch, strings.Join(said, " ")
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
	case srd.UseReact, srd.UseOnHit, srd.UseOnMiss:
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

// spokenAs are the other names players use for a feature, beside its own
// ("Channel Divinity: Turn Undead" is also "turn undead"; parentheses
// are dropped by themselves).
var spokenAs = map[string][]string{
	"rage":                         {"go into a rage", "fly into a rage", "enter a rage", "rage"},
	"action-surge-1-use":           {"action surge", "surge"},
	"action-surge-2-uses":          {"action surge", "surge"},
	"flurry-of-blows":              {"flurry"},
	"reckless-attack":              {"attack recklessly", "reckless"},
	"channel-divinity-turn-undead": {"turn undead", "turn the undead"},
	"second-wind":                  {"second wind"},
	"lay-on-hands":                 {"lay on hands"},
	"patient-defense":              {"patient defense", "patient defence"},
	"wild-shape-cr-1-4-or-below-no-flying-or-swim-speed": {"wild shape", "wildshape", "shapechange"},
	"wild-shape-cr-1-2-or-below-no-flying-speed":         {"wild shape", "wildshape", "shapechange"},
	"wild-shape-cr-1-or-below":                           {"wild shape", "wildshape", "shapechange"},
}

// spokenFeatures are the features a player's words may name, as the
// parser reads them (intent.Context.Features): every one used on a turn,
// by its name, its name without a parenthesis or a "Channel Divinity:",
// and spokenAs; where rows share a name, the actor's own, else the
// first. Those used without the action are Quick.
func spokenFeatures(actor campaign.Character) []intent.Ref {
	all := spoken()
	var own []srd.Feature
	for _, f := range campaign.FeaturesOf(actor) {
		if f.Told == "" && (f.Use == srd.UseAction || f.Use == srd.UseBonus || f.Use == srd.UseFree) {
			own = append(own, f)
		}
	}
	ownByName := map[string]srd.Feature{}
	for _, f := range own {
		for _, n := range spokenNames(f) {
			ownByName[n] = f
		}
	}
	out := all
	cloned := false
	for i, r := range all {
		// Rows that share a name (a class's and another's): the
		// actor's own is the one its words name.
		if f, ok := ownByName[r.Name]; ok && f.ID != r.ID {
			if !cloned {
				out, cloned = slices.Clone(all), true
			}
			out[i] = intent.Ref{ID: f.ID, Name: r.Name, Quick: f.Use != srd.UseAction}
		}
	}
	return out
}

// spoken are the names every feature used on a turn is said by, each name
// once (the first row that has it), read once: what a player's words may
// name (spokenFeatures prefers the actor's own rows).
var spoken = sync.OnceValue(func() []intent.Ref {
	seen := map[string]bool{}
	var out []intent.Ref
	for _, f := range usable() {
		if f.Told != "" {
			continue
		}
		for _, n := range spokenNames(f) {
			if !seen[n] {
				seen[n] = true
				out = append(out, intent.Ref{ID: f.ID, Name: n, Quick: f.Use != srd.UseAction})
			}
		}
	}
	return out
})

// spokenNames are the names a feature is said by, lower case.
func spokenNames(f srd.Feature) []string {
	var out []string
	for _, n := range append(namesOf(f.Name), spokenAs[f.ID]...) {
		out = append(out, strings.ToLower(n))
	}
	return out
}

// usable are the features used on a turn, read once.
var usable = sync.OnceValue(func() []srd.Feature {
	var out []srd.Feature
	for _, f := range srd.Features() {
		if f.Use == srd.UseAction || f.Use == srd.UseBonus || f.Use == srd.UseFree {
			out = append(out, f)
		}
	}
	return out
})

// namesOf are a feature's name and its short forms: "Wild Shape (CR 1/4
// or below)" is also "Wild Shape", "Channel Divinity: Turn Undead" also
// "Turn Undead".
func namesOf(name string) []string {
	out := []string{name}
	if i := strings.Index(name, " ("); i > 0 {
		name = name[:i]
		out = append(out, name)
	}
	if _, after, ok := strings.Cut(name, ": "); ok {
		out = append(out, after)
	}
	return out
}

// allSpells are every SRD spell by name, read once: the parser tries
// them after the spells the actor can cast (intent.Context.OtherSpells),
// for words that name one it cannot, which the rules then refuse with
// their reason.
var allSpells = sync.OnceValue(func() []intent.Ref {
	var out []intent.Ref
	for _, sp := range spellBook() {
		out = append(out, intent.Ref{ID: sp.ID, Name: sp.Name})
	}
	return out
})

// spellEntry is what words and the castable list need of a spell.
type spellEntry struct {
	ID, Name string
	Level    int
	Classes  []string
}

// spellBook is every SRD spell as a spellEntry, read once.
var spellBook = sync.OnceValue(func() []spellEntry {
	var out []spellEntry
	for _, sp := range srd.Spells() {
		out = append(out, spellEntry{ID: sp.ID, Name: sp.Name, Level: sp.Level, Classes: sp.Classes})
	}
	return out
})

// wildShape out of a fight: the druid takes the beast's shape (the
// intent's choice) for half its level in hours, kept on its sheet as a
// lasting effect; a fight begun while it lasts starts the druid in that
// shape (encounter: shapeCarried), and the shape ends with the fight.
func wildShape(r request, d Decision) (Decision, error) {
	ch := d.Changed[0]
	m, err := encounter.BeastFor(ch, r.in.Choice)
	if err != nil {
		return d, err
	}
	hours := max(ch.Level/2, 1)
	if campaign.HasFeature(ch, "archdruid") {
		ch.Resources = campaign.ResourcesOf(r.actor) // unlimited: nothing spent
	}
	ch = ch.WithEffect(campaign.Effect{ID: encounter.WildShapeEffect, Spell: encounter.WildShape, CasterID: ch.ID,
		Note: m.ID, Ends: fmt.Sprintf("%d hours", hours), Until: r.v.Clock + int64(hours)*campaign.Hour})
	d.Changed = []campaign.Character{ch}
	d.Summary = fmt.Sprintf("%s takes the shape of %s for up to %d hour(s): %d HP, AC %d, speed %d ft, Str %d, Dex %d, Con %d.",
		ch.Name, rules.Article(strings.ToLower(m.Name)), hours, m.HP, m.AC, m.Speed["walk"], m.Abilities.Str, m.Abilities.Dex, m.Abilities.Con)
	return d, nil
}

// naturalRecovery is a short rest with the Circle of the Land's Natural
// Recovery (once a day): the rest's benefits, then spent slots of total
// level up to half the druid level (rounded up), none of 6th level or
// higher, the highest first.
func naturalRecovery(r request, d Decision) (Decision, error) {
	spent := d.Changed[0]
	r.actor = spent
	r.in.Rest = "short"
	d.Changed = nil
	d, err := shortRest(r, d)
	if err != nil {
		return d, err
	}
	ch := spent
	if len(d.Changed) > 0 {
		ch = d.Changed[0]
	}
	budget := (ch.Level + 1) / 2
	slots := maps.Clone(ch.SpellSlots)
	var got []string
	for lvl := min(5, budget); lvl >= 1; lvl-- {
		k := strconv.Itoa(lvl)
		for s := slots[k]; s.Used > 0 && budget >= lvl; s = slots[k] {
			s.Used--
			slots[k] = s
			budget -= lvl
			got = append(got, rules.Ordinal(lvl))
		}
	}
	ch.SpellSlots = slots
	d.Changed = []campaign.Character{ch}
	d.Clock = r.v.Clock + campaign.Hour
	if len(got) == 0 {
		d.Summary += " Natural Recovery finds no spent slot to bring back."
		return d, nil
	}
	d.Summary += fmt.Sprintf(" Natural Recovery brings back %s's spell slots: %s.", ch.Name, strings.Join(got, ", "))
	return d, nil
}

// OwnFeatures are the features the character uses on a turn, by name:
// what the model reading its player's words may name.
func OwnFeatures(actor campaign.Character) []intent.Ref {
	var out []intent.Ref
	for _, f := range campaign.FeaturesOf(actor) {
		if f.Told == "" && (f.Use == srd.UseAction || f.Use == srd.UseBonus || f.Use == srd.UseFree) {
			out = append(out, intent.Ref{ID: f.ID, Name: f.Name, Quick: f.Use != srd.UseAction})
		}
	}
	return out
}
