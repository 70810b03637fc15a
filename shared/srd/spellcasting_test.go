package srd_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/srd"
)

// TestSpellFeaturesAreWellFormed holds spellcasting.json to the rest of
// the data: each row names a feature, each spell and resource exists
// (the resource the feature's class's or race's), a grant's subclass is
// its class's and its feature With an option of the same class, and a
// choice has an id, a count, and options to choose from.
func TestSpellFeaturesAreWellFormed(t *testing.T) {
	subclasses := map[string]string{"life": "cleric", "devotion": "paladin"}
	for _, row := range srd.SpellFeatures() {
		f, ok := srd.LookupFeature(row.Feature)
		if !ok {
			t.Errorf("%s: no such feature", row.Feature)
			continue
		}
		if !f.Played() {
			t.Errorf("%s: the spells play it, yet its row says told (%q)", f.ID, f.Told)
		}
		resource := func(id string) {
			r, ok := srd.LookupResource(id)
			switch {
			case !ok:
				t.Errorf("%s: no resource %q", f.ID, id)
			case r.Class != f.Class || (f.Class == "" && !slices.Contains(f.Races, r.Race)):
				t.Errorf("%s: resource %s is not of its class or race", f.ID, id)
			}
		}
		for _, c := range row.Choices {
			if c.ID == "" || (c.Count < 1 && c.Counter == "") {
				t.Errorf("%s: a choice needs an id and a count or counter: %+v", f.ID, c)
			}
			if !c.Cantrips && !c.Castable && c.Level == 0 {
				t.Errorf("%s: choice %s lets no spell through", f.ID, c.ID)
			}
			if c.Counter != "" {
				cl, _ := srd.LookupClass(f.Class)
				if cl.Levels[19].Counter(c.Counter) <= 0 {
					t.Errorf("%s: the %s has no counter %q", f.ID, f.Class, c.Counter)
				}
			}
			if c.Class != "" {
				if _, ok := srd.LookupClass(c.Class); !ok {
					t.Errorf("%s: no class %q", f.ID, c.Class)
				}
			}
			for _, r := range c.Resources {
				resource(r)
			}
			if len(c.Resources) > 0 && len(c.Resources) != c.Count {
				t.Errorf("%s: %d resources for %d spells", f.ID, len(c.Resources), c.Count)
			}
		}
		for _, g := range row.Grants {
			for _, id := range g.Spells {
				if _, ok := srd.LookupSpell(id); !ok {
					t.Errorf("%s: no spell %q", f.ID, id)
				}
			}
			if g.Subclass != "" && subclasses[g.Subclass] != f.Class {
				t.Errorf("%s: subclass %q is not a %s's", f.ID, g.Subclass, f.Class)
			}
			if g.With != "" {
				w, ok := srd.LookupFeature(g.With)
				if !ok || w.Class != f.Class || w.Parent == "" {
					t.Errorf("%s: %q is no option of a %s's", f.ID, g.With, f.Class)
				}
			}
			if g.Level < f.Level {
				t.Errorf("%s: a grant at level %d, before the feature's %d", f.ID, g.Level, f.Level)
			}
			if g.Resource != "" {
				resource(g.Resource)
				if g.Slot < 1 {
					t.Errorf("%s: a grant cast with %s needs its slot level", f.ID, g.Resource)
				}
			}
		}
	}
}

// TestSubclassSpellsFollowTheReference holds the domain, oath and circle
// spells to the reference's subclasses, by level (and land).
func TestSubclassSpellsFollowTheReference(t *testing.T) {
	var ref []struct {
		Index  string `json:"index"`
		Spells []struct {
			Spell         xLink `json:"spell"`
			Prerequisites []struct {
				Index string `json:"index"`
				Type  string `json:"type"`
			} `json:"prerequisites"`
		} `json:"spells"`
	}
	reference(t, "5e-SRD-Subclasses.json", &ref)
	want := map[string]bool{}
	for _, s := range ref {
		for _, sp := range s.Spells {
			level, with := "", ""
			for _, p := range sp.Prerequisites {
				if p.Type == "level" {
					_, level, _ = strings.Cut(p.Index, "-")
				} else {
					with = p.Index
				}
			}
			want[fmt.Sprintf("%s %s %s %s", s.Index, level, with, sp.Spell.Index)] = true
		}
	}
	// The SRD's Life Domain table gives Guardian of Faith at 7th level
	// with Death Ward; the reference leaves it out.
	want["life 7  guardian-of-faith"] = true
	got := map[string]bool{}
	for _, row := range srd.SpellFeatures() {
		for _, g := range row.Grants {
			sub := g.Subclass
			if g.With != "" {
				sub = "land"
			}
			if sub == "" {
				continue // a racial trait's
			}
			for _, id := range g.Spells {
				got[fmt.Sprintf("%s %d %s %s", sub, g.Level, g.With, id)] = true
			}
		}
	}
	for k := range want {
		if strings.HasPrefix(k, "fiend ") {
			continue // the Fiend's expanded list widens its choices; no grant
		}
		if !got[k] {
			t.Errorf("the reference has %q; spellcasting.json does not", k)
		}
	}
	for k := range got {
		if !want[k] {
			t.Errorf("spellcasting.json has %q; the reference does not", k)
		}
	}
}
