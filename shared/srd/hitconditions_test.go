package srd_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/srd"
)

// hitConditionsTold are the conditions an attack's hit names in the SRD
// text that the data does not put on the target as a hit condition, each
// with its reason ("monster/action/condition").
var hitConditionsTold = map[string]string{}

// TestHitConditionsFollowTheText reads every attack's hit in the SRD text
// for the conditions it names, and requires each in the attack's data
// (srd.Action.OnHit, with a poison's sleep and a petrification's second
// stage; srd.Action.Downs) or told above with its reason; and every condition
// in the data to be named by its text.
func TestHitConditionsFollowTheText(t *testing.T) {
	var ref []xMonster
	reference(t, "5e-SRD-Monsters.json", &ref)
	conditions := []string{"blinded", "charmed", "deafened", "frightened", "grappled", "incapacitated", "paralyzed",
		"petrified", "poisoned", "prone", "restrained", "stunned", "unconscious"}
	named, data := 0, 0
	for _, r := range ref {
		m, ok := srd.LookupMonster(r.Index)
		if !ok {
			t.Fatalf("no monster %s", r.Index)
		}
		for _, ra := range slices.Concat(r.Actions, r.LegendaryActions, r.Reactions) {
			_, hit, ok := strings.Cut(ra.Desc, "Hit:")
			if !toHit.MatchString(ra.Desc) || !ok {
				continue
			}
			i := slices.IndexFunc(slices.Concat(m.Actions, m.LegendaryActions, m.Reactions), func(a srd.Action) bool { return a.Name == ra.Name })
			if i < 0 {
				continue
			}
			a := slices.Concat(m.Actions, m.LegendaryActions, m.Reactions)[i]
			var have []string
			for _, c := range a.OnHit {
				have = append(have, c.Condition)
				if c.Restrained {
					have = append(have, "restrained")
				}
				if c.Blinded {
					have = append(have, "blinded")
				}
				if c.Sleep != nil {
					have = append(have, "unconscious")
				}
				if c.Worsens != "" {
					have = append(have, c.Worsens)
				}
			}
			if d := a.Downs; d != nil {
				have = append(have, d.Condition, d.While)
			}
			if w := a.Swallow; w != nil {
				// Swallowed, it is restrained (and blinded), and comes out
				// prone; the grapple it needs ends.
				have = append(have, "restrained", "prone")
				if w.Blinded {
					have = append(have, "blinded")
				}
				if w.Grappled {
					have = append(have, "grappled")
				}
			}
			for _, c := range conditions {
				if !strings.Contains(hit, c) {
					continue
				}
				named++
				key := fmt.Sprintf("%s/%s/%s", r.Index, a.ID, c)
				_, told := hitConditionsTold[key]
				switch {
				case slices.Contains(have, c):
					data++
					if told {
						t.Errorf("%s is in the data and told too", key)
					}
				case !told:
					t.Errorf("%s: the hit names %s, and the data has %v", key, c, have)
				}
			}
			for _, c := range have {
				if !strings.Contains(hit, c) {
					t.Errorf("%s/%s: the data puts %s on the target, which the text does not name", r.Index, a.ID, c)
				}
			}
		}
	}
	for k, why := range hitConditionsTold {
		if why == "" {
			t.Errorf("%s is told without a reason", k)
		}
	}
	t.Logf("conditions named by a hit's text: %d; in the data: %d; told: %d", named, data, len(hitConditionsTold))
}
