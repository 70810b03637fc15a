package encounter

import (
	"slices"
	"testing"

	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// A clay golem's Haste gives advantage on its Dexterity saves, a
// duergar's Enlarge on its Strength saves, and neither on the other.
func TestEmpoweringBoonsGiveTheirSavesAdvantage(t *testing.T) {
	for id, want := range map[string]rules.Ability{"clay-golem": rules.Dex, "duergar": rules.Str} {
		m, ok := srd.LookupMonster(id)
		if !ok {
			t.Fatalf("no %s", id)
		}
		p := monsterParticipant(m, id, id)
		e := Encounter{Round: 1, Current: id, Order: []string{id}, Participants: []Participant{p}}
		k := slices.IndexFunc(p.Actions, func(a srd.Action) bool { return a.Boon != nil })
		if k < 0 {
			t.Fatalf("%s has no boon", id)
		}
		var res Result
		if err := e.empower(&res, 0, 0, p.Actions[k]); err != nil {
			t.Fatal(err)
		}
		for _, a := range []rules.Ability{rules.Str, rules.Dex} {
			_, adv, _ := e.saveMods(0, a)
			if (len(adv) > 0) != (a == want) {
				t.Errorf("%s's %s saves: advantage %v", id, a.Name(), adv)
			}
		}
	}
}
