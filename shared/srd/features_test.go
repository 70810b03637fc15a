package srd_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/srd"
)

type xFeature struct {
	Index    string  `json:"index"`
	Name     string  `json:"name"`
	Level    int     `json:"level"`
	Class    xLink   `json:"class"`
	Subclass *xLink  `json:"subclass"`
	Parent   *xLink  `json:"parent"`
	Races    []xLink `json:"races"`
	Subraces []xLink `json:"subraces"`
}

// TestFeaturesFollowTheReference holds features.json, which is written by
// hand, to the reference: every class feature and racial trait of the SRD
// is there once, under its id, with the reference's name, class,
// subclass, level, parent and races, and nothing else is.
func TestFeaturesFollowTheReference(t *testing.T) {
	var feats, traits []xFeature
	reference(t, "5e-SRD-Features.json", &feats)
	reference(t, "5e-SRD-Traits.json", &traits)
	want := map[string]srd.Feature{}
	for _, x := range feats {
		f := srd.Feature{ID: x.Index, Name: x.Name, Class: x.Class.Index, Level: x.Level}
		if x.Subclass != nil {
			f.Subclass = x.Subclass.Index
		}
		if x.Parent != nil {
			f.Parent = x.Parent.Index
		}
		want[f.ID] = f
	}
	for _, x := range traits {
		f := srd.Feature{ID: x.Index, Name: x.Name, Level: 1}
		for _, r := range append(slices.Clone(x.Races), x.Subraces...) {
			f.Races = append(f.Races, r.Index)
		}
		slices.Sort(f.Races)
		if x.Parent != nil {
			f.Parent = x.Parent.Index
		}
		want[f.ID] = f
	}
	// Where the data follows the SRD's text over the reference's links.
	corrected := map[string]string{
		// "Metamagic ... you gain the ability to twist your spells ...
		// Twinned Spell": the reference lists it without its parent.
		"metamagic-twinned-spell": "metamagic-1",
	}
	for id, parent := range corrected {
		f := want[id]
		f.Parent = parent
		want[id] = f
	}
	got := srd.Features()
	if len(got) != len(want) {
		t.Errorf("features.json has %d rows; the reference has %d features and traits", len(got), len(want))
	}
	for _, f := range got {
		w, ok := want[f.ID]
		if !ok {
			t.Errorf("%s is not in the reference", f.ID)
			continue
		}
		races := slices.Sorted(slices.Values(f.Races))
		if f.Name != w.Name || f.Class != w.Class || f.Subclass != w.Subclass || f.Parent != w.Parent ||
			!slices.Equal(races, w.Races) || (f.Class != "" && f.Level != w.Level) {
			t.Errorf("%s: name %q class %q subclass %q level %d parent %q races %v; the reference says %q %q %q %d %q %v",
				f.ID, f.Name, f.Class, f.Subclass, f.Level, f.Parent, races, w.Name, w.Class, w.Subclass, w.Level, w.Parent, w.Races)
		}
	}
}

// TestFeaturesAreWellFormed checks what the hand-written rows add: a known
// use, a resource that exists (resources.json) and belongs to the same
// class or race, a choice's options that name features of its own, and
// every told feature's reason; and every resource's recharge and size.
func TestFeaturesAreWellFormed(t *testing.T) {
	uses := []string{srd.UsePassive, srd.UseAction, srd.UseBonus, srd.UseFree, srd.UseReact, srd.UseOnHit, srd.UseRest}
	for _, f := range srd.Features() {
		if !slices.Contains(uses, f.Use) {
			t.Errorf("%s: use %q is not one of %q", f.ID, f.Use, uses)
		}
		if f.Resource != "" {
			r, ok := srd.LookupResource(f.Resource)
			switch {
			case !ok:
				t.Errorf("%s: no resource %q", f.ID, f.Resource)
			case r.Class != "" && r.Class != f.Class:
				t.Errorf("%s: resource %s is a %s's, not a %s's", f.ID, r.ID, r.Class, f.Class)
			}
		}
		if f.Cost < 0 {
			t.Errorf("%s: cost %d", f.ID, f.Cost)
		}
		if c := f.Choice; c != nil {
			if c.ID == "" || (c.Count < 1 && c.Counter == "") {
				t.Errorf("%s: a choice needs an id and a count or counter: %+v", f.ID, *c)
			}
		}
		if f.Told != "" && strings.TrimSpace(f.Told) != f.Told {
			t.Errorf("%s: told reason %q has stray spaces", f.ID, f.Told)
		}
		if f.Parent != "" {
			if _, ok := srd.LookupFeature(f.Parent); !ok {
				t.Errorf("%s: parent %q is no feature", f.ID, f.Parent)
			}
		}
	}
	for _, r := range srd.Resources() {
		switch {
		case r.Recharge != "short" && r.Recharge != "long" && r.Recharge != "short_from":
			t.Errorf("resource %s: recharge %q", r.ID, r.Recharge)
		case r.Recharge == "short_from" && r.ShortFrom < 1:
			t.Errorf("resource %s: short_from needs the level", r.ID)
		case (r.Class == "") == (r.Race == ""):
			t.Errorf("resource %s: a class's or a race's, not both or neither", r.ID)
		case r.Max == srd.ResourceMax{}:
			t.Errorf("resource %s: no size", r.ID)
		}
		if r.Max.Counter != "" {
			c, _ := srd.LookupClass(r.Class)
			if _, ok := c.Levels[19].Counters[r.Max.Counter]; !ok {
				t.Errorf("resource %s: the %s has no counter %q", r.ID, r.Class, r.Max.Counter)
			}
		}
	}
}
