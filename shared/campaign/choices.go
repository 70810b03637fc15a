package campaign

import (
	"maps"
	"math"
	"slices"
	"strings"

	"chronicler/shared/fault"
	"chronicler/shared/srd"
)

// The choices a character's features ask of its player (srd.Choice): a
// fighting style, expertise, invocations, a favored enemy, a draconic
// ancestry. A choice id may be asked by several features (expertise at a
// rogue's 1st and 6th levels): what each asks adds up, or, for a count
// the class's level table gives (invocations known), is that count.

// ChoiceSpec is one choice a character makes: how many of which options.
type ChoiceSpec struct {
	ID string `json:"id"`
	// Count is how many options the character has chosen in all once
	// the choice is made.
	Count int `json:"count"`
	// Options are what may be chosen: ids and names.
	Options []ChoiceOption `json:"options"`
	// By names the features that ask for the choice.
	By []string `json:"by"`
	// Optional: the player may leave the choice unmade, and the
	// character then has every option (a caster's cantrips and spells
	// known, a spellbook: its class's whole list, as every sheet had
	// before spells were chosen). Once made, it is whole as any other.
	Optional bool `json:"optional,omitempty"`
	// Swap: a level up may give up one option chosen for another
	// (LevelChoice.Replace: a spell known).
	Swap bool `json:"swap,omitempty"`
}

// ChoiceOption is one option of a choice.
type ChoiceOption struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// ChoicesFor are the choices the character's class, level, subclass and
// race ask for, in the data's order, with their options as the
// character stands (expertise is chosen from its skills); the spells
// its features ask it to choose among them (spells.go).
func ChoicesFor(ch Character) []ChoiceSpec {
	var out []ChoiceSpec
	counters := map[string]int{}
	idx := map[string]int{}
	within := map[string]string{}
	add := func(f srd.Feature, c srd.Choice, options []ChoiceOption, optional, swap bool) {
		i, ok := idx[c.ID]
		if !ok {
			i = len(out)
			idx[c.ID] = i
			out = append(out, ChoiceSpec{ID: c.ID, Optional: optional, Swap: swap})
		}
		s := &out[i]
		s.By = append(s.By, f.ID)
		s.Count += c.Count
		if c.Counter != "" {
			counters[c.ID] = max(counters[c.ID], int(math.Floor(ClassCounter(ch, c.Counter))))
		}
		for _, o := range options {
			if !slices.Contains(s.Options, o) {
				s.Options = append(s.Options, o)
			}
		}
	}
	for _, f := range FeaturesOf(ch) {
		if c := f.Choice; c != nil && c.ID != "subclass" {
			add(f, *c, optionsOf(ch, f), false, false)
		}
		for _, sc := range spellChoicesOf(ch, f) {
			add(f, sc.choice, sc.options, sc.spec.Optional, sc.spec.Swap)
			if sc.spec.Within != "" {
				within[sc.choice.ID] = sc.spec.Within
			}
		}
	}
	for id, n := range counters {
		out[idx[id]].Count += n
	}
	withinCount(out, within)
	return slices.DeleteFunc(out, func(s ChoiceSpec) bool { return s.Count <= 0 })
}

// optionsOf are the options feature f's choice offers the character:
// its From list, or the rows whose parent f is; expertise's are the
// character's skills.
func optionsOf(ch Character, f srd.Feature) []ChoiceOption {
	var out []ChoiceOption
	switch {
	case f.Choice.ID == "expertise":
		// Among the skills the character is proficient in: its class's,
		// and those its features give (Bonus Proficiencies, Keen Senses).
		for _, s := range append(slices.Clone(ch.Skills), FeatureSkills(ch)...) {
			if o := (ChoiceOption{ID: s, Name: skillName(s)}); !slices.Contains(out, o) {
				out = append(out, o)
			}
		}
	case len(f.Choice.From) > 0:
		for _, id := range f.Choice.From {
			name := id
			if o, ok := catalog().byID[id]; ok {
				name = o.Name
			}
			out = append(out, ChoiceOption{ID: id, Name: name})
		}
	default:
		for _, o := range catalog().all {
			if o.Parent == f.ID && meets(ch, o) {
				out = append(out, ChoiceOption{ID: o.ID, Name: o.Name})
			}
		}
	}
	return out
}

// meets reports whether the character meets an option's prerequisites: a
// class level and a feature (a pact boon) it has. A cantrip it must know
// is checked only when its sheet lists the cantrips it knows.
func meets(ch Character, o srd.Feature) bool {
	r := o.Requires
	switch {
	case r == nil:
		return true
	case r.Level > ch.Level:
		return false
	case r.Feature != "" && !slices.Contains(ch.Choices[parentChoice(r.Feature)], r.Feature):
		return false
	case r.Spell != "" && ch.Choices["cantrips"] != nil && !slices.Contains(ch.Choices["cantrips"], r.Spell):
		return false
	}
	return true
}

// parentChoice is the choice id an option row is chosen under.
func parentChoice(option string) string {
	cat := catalog()
	if p := cat.byID[cat.byID[option].Parent]; p.Choice != nil {
		return p.Choice.ID
	}
	return ""
}

// skillName is a skill id as a name: "sleight-of-hand" -> "Sleight of
// Hand".
func skillName(id string) string {
	words := strings.Split(id, "-")
	for i, w := range words {
		if w != "of" && w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// choose checks what a player chose against what the character's features
// ask (ChoicesFor) and returns the character's choices: those it already
// had, those asked, and for a choice left short the first options not
// taken, so a sheet is always whole. An unknown choice id, an option not
// offered, one chosen twice, or more than the count is a fault.Invalid
// naming field ("choices.fighting-style").
func choose(op string, ch Character, asked map[string][]string) (map[string][]string, error) {
	specs := ChoicesFor(withAsked(ch, asked))
	for _, id := range slices.Sorted(maps.Keys(asked)) {
		if !slices.ContainsFunc(specs, func(s ChoiceSpec) bool { return s.ID == id }) {
			var ids []string
			for _, s := range specs {
				ids = append(ids, s.ID)
			}
			if len(ids) == 0 {
				return nil, fault.Field(op, "choices", "a %s of level %d has no choice %q to make", ch.Class, ch.Level, clipID(id))
			}
			return nil, fault.Field(op, "choices", "%q is not a choice this character makes; its choices are %s", clipID(id), strings.Join(ids, ", "))
		}
	}
	out := map[string][]string{}
	for k, v := range ch.Choices {
		out[k] = slices.Clone(v)
	}
	for _, s := range specs {
		field := "choices." + s.ID
		have := out[s.ID]
		for _, v := range asked[s.ID] {
			v = strings.ToLower(strings.TrimSpace(v))
			switch {
			case !slices.ContainsFunc(s.Options, func(o ChoiceOption) bool { return o.ID == v }):
				return nil, fault.Field(op, field, "%q is not an option; choose from %s", clipID(v), optionList(s.Options))
			case slices.Contains(have, v):
				return nil, fault.Field(op, field, "%s is chosen twice", v)
			}
			have = append(have, v)
		}
		if len(have) > s.Count {
			return nil, fault.Field(op, field, "choose %d in all; %d are chosen", s.Count, len(have))
		}
		if s.Optional && len(have) == 0 {
			continue // unmade: every option counts until the player chooses
		}
		for _, o := range s.Options {
			if len(have) >= s.Count {
				break
			}
			if !slices.Contains(have, o.ID) && !chosenElsewhere(out, s.ID, o.ID) {
				have = append(have, o.ID)
			}
		}
		if len(have) > 0 {
			out[s.ID] = have
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out, nil
}

// withAsked is ch as if what its player asks were chosen, so a choice
// that comes with another one made in the same breath is asked for too
// (a Pact of the Tome's cantrips with the pact boon); choose checks each
// option against what is then offered.
func withAsked(ch Character, asked map[string][]string) Character {
	if len(asked) == 0 {
		return ch
	}
	all := map[string][]string{}
	for k, v := range ch.Choices {
		all[k] = slices.Clone(v)
	}
	for k, v := range asked {
		for _, o := range v {
			all[k] = append(all[k], strings.ToLower(strings.TrimSpace(o)))
		}
	}
	ch.Choices = all
	return ch
}

// chosenElsewhere reports whether option is chosen under a choice other
// than id: a default never takes twice what two choices offer alike (a
// spell among a bard's spells known and its Magical Secrets).
func chosenElsewhere(chosen map[string][]string, id, option string) bool {
	for k, v := range chosen {
		if k != id && slices.Contains(v, option) {
			return true
		}
	}
	return false
}

// optionList names a choice's options for a refusal.
func optionList(opts []ChoiceOption) string {
	ids := make([]string, len(opts))
	for i, o := range opts {
		ids[i] = o.ID
	}
	return strings.Join(ids, ", ")
}

// clipID shortens what a refusal echoes of an id.
func clipID(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// chooseSubclass checks a subclass asked for: the SRD's one of the class,
// at or after its level; "" takes it once the level comes.
func chooseSubclass(op string, class string, level int, asked string) (string, error) {
	s, ok := Subclasses[class]
	asked = strings.ToLower(strings.TrimSpace(asked))
	switch {
	case !ok:
		return "", nil
	case asked != "" && asked != s.ID:
		return "", fault.Field(op, "subclass", "the SRD's %s subclass is %s", class, s.ID)
	case asked != "" && level < s.Level:
		return "", fault.Field(op, "subclass", "a %s chooses its subclass at level %d", class, s.Level)
	case level >= s.Level:
		return s.ID, nil
	}
	return "", nil
}

// Asked is what a new character of a class, race and level is asked to
// choose (GET /api/rules/choices): its subclass, when its level brings
// one, and its features' choices, with expertise chosen among skills (the
// class's first ones when none are named). The same faults as Build's.
func Asked(class, race string, level int, skills []string) (subclass string, choices []ChoiceSpec, err error) {
	ch, err := NewCharacter{Name: "asked", Race: race, Class: class, Level: level, Skills: skills}.Build("asked", "asked")
	if err != nil {
		return "", nil, err
	}
	ch.Choices = nil
	return ch.Subclass, ChoicesFor(ch), nil
}
