package srd_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/srd"
)

// Every special ability of every stat block has its row in
// monster_traits.json, and every row is a stat block's: its name the
// ability's, a summary, and a reason where it is told.
func TestTraitsCoverTheStatBlocks(t *testing.T) {
	used := map[string]string{}
	for _, m := range srd.Monsters() {
		for _, a := range m.SpecialAbilities {
			used[a.ID] = a.Name
		}
	}
	var ids []string
	for _, tr := range srd.Traits() {
		ids = append(ids, tr.ID)
		name, ok := used[tr.ID]
		switch {
		case !ok:
			t.Errorf("trait %s: no stat block has it", tr.ID)
		case tr.Name == "" || tr.Summary == "":
			t.Errorf("trait %s: a name and a summary are needed", tr.ID)
		case !strings.HasPrefix(name, tr.Name):
			t.Errorf("trait %s: named %q, the stat blocks %q", tr.ID, tr.Name, name)
		}
	}
	for id := range used {
		if !slices.Contains(ids, id) {
			t.Errorf("special ability %s has no row in monster_traits.json", id)
		}
	}
	if _, ok := srd.LookupTrait("regeneration"); !ok {
		t.Error("no regeneration")
	}
}
