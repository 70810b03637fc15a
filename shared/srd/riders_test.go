package srd_test

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"chronicler/shared/srd"
)

// ridersTold are the attacks whose hit harms again at each of the
// target's turns, or kills outright, that the data does not carry as an
// ongoing harm (srd.Action.Ongoing) or a death (srd.Action.Slays), each
// with its reason ("monster/action").
var ridersTold = map[string]string{}

// eachTurn is harm dealt again at each of the target's turns: "lose 5
// (1d10) hit points at the start of each of its turns", "takes 3 (1d6)
// fire damage at the end of each of its turns".
var eachTurn = regexp.MustCompile(`(?:damage|hit points) at the (?:start|end) of each of its turns`)

// TestRidersFollowTheText reads every attack's hit in the SRD text for
// harm it deals again at the start or end of each of the target's turns,
// or a death behind a save, and requires it in the data or told above;
// and every ongoing harm and death in the data to be the text's, with
// its dice and DC.
func TestRidersFollowTheText(t *testing.T) {
	var ref []xMonster
	reference(t, "5e-SRD-Monsters.json", &ref)
	said, data := 0, 0
	for _, r := range ref {
		m, ok := srd.LookupMonster(r.Index)
		if !ok {
			t.Fatalf("no monster %s", r.Index)
		}
		all := slices.Concat(m.Actions, m.LegendaryActions, m.Reactions)
		for _, ra := range slices.Concat(r.Actions, r.LegendaryActions, r.Reactions) {
			_, hit, ok := strings.Cut(ra.Desc, "Hit:")
			if !toHit.MatchString(ra.Desc) || !ok {
				continue
			}
			i := slices.IndexFunc(all, func(a srd.Action) bool { return a.Name == ra.Name })
			if i < 0 {
				continue
			}
			a := all[i]
			key := r.Index + "/" + a.ID
			_, told := ridersTold[key]
			recurs := eachTurn.MatchString(hit)
			slays := strings.Contains(hit, "saving throw or die")
			if recurs || slays {
				said++
			}
			if a.Ongoing != nil || a.Slays != nil {
				data++
			}
			switch {
			case (a.Ongoing != nil || a.Slays != nil) && told:
				t.Errorf("%s is in the data and told too", key)
			case a.Ongoing != nil && !recurs:
				t.Errorf("%s: the data leaves an ongoing harm, and the text deals none at each turn", key)
			case a.Ongoing != nil && !strings.Contains(hit, "("+a.Ongoing.Dice+")"):
				t.Errorf("%s: the ongoing %s is not the text's", key, a.Ongoing.Dice)
			case a.Ongoing != nil && a.Ongoing.Save != nil && !strings.Contains(hit, "DC "+strconv.Itoa(a.Ongoing.Save.Value)):
				t.Errorf("%s: the ongoing harm's DC %d is not the text's", key, a.Ongoing.Save.Value)
			case a.Slays != nil && (!slays || !strings.Contains(hit, strconv.Itoa(a.Slays.HP)+" hit points or fewer")):
				t.Errorf("%s: the data slays below %d, and the text does not", key, a.Slays.HP)
			case recurs && a.Ongoing == nil && !told:
				t.Errorf("%s: the hit harms at each turn, and the data has no ongoing harm", key)
			case slays && a.Slays == nil && !told:
				t.Errorf("%s: the hit kills behind a save, and the data has no death", key)
			}
		}
	}
	for k, why := range ridersTold {
		if why == "" {
			t.Errorf("%s is told without a reason", k)
		}
	}
	if data < 5 {
		t.Errorf("riders in the data: %d, want the two devils' wounds, the fire elemental's and the magmin's fire and the solar's arrow", data)
	}
	t.Logf("hits that harm at each turn or slay, by the text: %d; in the data: %d; told: %d", said, data, len(ridersTold))
}
