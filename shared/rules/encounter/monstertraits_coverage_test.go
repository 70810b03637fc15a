package encounter_test

import (
	"slices"
	"testing"

	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

// The fight plays every monster trait its row says is played, and no
// trait its row says is told; it prints how many of the stat blocks'
// special abilities (551 entries under 150 names) it plays.
func TestMonsterTraitCoverage(t *testing.T) {
	played := encounter.PlayedTraits()
	names, told := 0, 0
	for _, tr := range srd.Traits() {
		in := slices.Contains(played, tr.ID)
		switch {
		case tr.Told == "" && !in:
			t.Errorf("%s is played by its row, and the fight has no entry for it", tr.ID)
		case tr.Told != "" && in:
			t.Errorf("%s is told by its row (%s), and the fight plays it", tr.ID, tr.Told)
		case in:
			names++
		default:
			told++
		}
	}
	for _, id := range played {
		if _, ok := srd.LookupTrait(id); !ok {
			t.Errorf("the fight plays %s, which has no row", id)
		}
	}
	entries, playedEntries := 0, 0
	for _, m := range srd.Monsters() {
		for _, a := range m.SpecialAbilities {
			entries++
			if slices.Contains(played, a.ID) {
				playedEntries++
			}
		}
	}
	t.Logf("monster traits: %d of %d names played, %d told; %d of %d stat block entries played", names, names+told, told, playedEntries, entries)
}

// The stat blocks' actions without an attack roll are each played or
// told with its reason (monster_actions_told.json), never both and never
// neither: the area actions that deal damage behind a save (a breath),
// those that put a condition on whoever fails one (a Frightful
// Presence), the legendary actions that make one of the monster's
// attacks (Tail Attack) are played; Detect, Change Shape are the
// narrator's. It prints how many play.
func TestMonsterActionCoverage(t *testing.T) {
	all, played, told := 0, 0, 0
	used := map[string]bool{}
	for _, m := range srd.Monsters() {
		for _, a := range slices.Concat(m.Actions, m.LegendaryActions) {
			if a.AttackBonus != nil || a.Multiattack != nil {
				continue
			}
			all++
			reason, isTold := srd.MonsterActionTold(m.ID, a.Name)
			if isTold {
				used[toldKey(m.ID, a.Name)] = true
			}
			switch p := encounter.PlaysAction(m, a); {
			case p && isTold:
				t.Errorf("%s's %s is played and told (%q): drop its told row", m.ID, a.Name, reason)
			case p:
				played++
			case isTold:
				told++
			default:
				t.Errorf("%s's %s is neither played nor told", m.ID, a.Name)
			}
		}
	}
	for _, k := range srd.MonsterActionsTold() {
		if !used[k] {
			t.Errorf("told row %q: no unplayed action of that name", k)
		}
	}
	if played == 0 {
		t.Fatal("no action without an attack roll is played")
	}
	t.Logf("monster actions without an attack roll: %d of %d played, %d told", played, all, told)
}

// toldKey is the key of the told row that answers for monster's action
// name: the monster's own row, else the name's.
func toldKey(monster, name string) string {
	if slices.Contains(srd.MonsterActionsTold(), monster+"/"+name) {
		return monster + "/" + name
	}
	return name
}
