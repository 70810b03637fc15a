package srd_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"chronicler/shared/srd"
)

// swallowsTold are the entries whose text swallows or engulfs that carry
// no swallowing in the data (srd.Action.Swallow), each with its reason
// ("monster/action").
var swallowsTold = map[string]string{
	"darkmantle/crush":            "the darkmantle attaches by engulfing the head: attaching is not yet a state of the fight",
	"gelatinous-cube/ooze-cube":   "the cube's Engulf carries what it holds; creatures walking into its space and pulling one out need a map the fights do not keep",
	"shambling-mound/multiattack": "the two slams that set off the Engulf, which carries them (attack Slam, hits 2)",
	"tarrasque/multiattack":       "names the Swallow that replaces its bite, which the data's choice of attacks carries",
	"tarrasque/chomp":             "a legendary bite or Swallow: the legendary action bites, and the Swallow plays as part of the tarrasque's action",
}

// TestSwallowsFollowTheText reads every monster entry's text for a
// creature swallowed or engulfed, and requires a swallowing in the data
// or a reason above; and every swallowing in the data to carry the text's
// numbers.
func TestSwallowsFollowTheText(t *testing.T) {
	var ref []xMonster
	reference(t, "5e-SRD-Monsters.json", &ref)
	said, data := 0, 0
	for _, r := range ref {
		m, ok := srd.LookupMonster(r.Index)
		if !ok {
			t.Fatalf("no monster %s", r.Index)
		}
		all := slices.Concat(m.Actions, m.LegendaryActions, m.Reactions, m.SpecialAbilities)
		for _, ra := range slices.Concat(r.Actions, r.LegendaryActions, r.Reactions, r.SpecialAbilities) {
			i := slices.IndexFunc(all, func(a srd.Action) bool { return a.Name == ra.Name })
			if i < 0 {
				continue
			}
			a := all[i]
			key := r.Index + "/" + a.ID
			_, told := swallowsTold[key]
			text := strings.ToLower(ra.Desc)
			swallows := strings.Contains(text, "swallow") || strings.Contains(text, "engulf")
			switch {
			case a.Swallow != nil && !swallows:
				t.Errorf("%s: the data swallows, and the text does not", key)
			case a.Swallow != nil && told:
				t.Errorf("%s is in the data and told too", key)
			case a.Swallow != nil:
				said++
				data++
				checkSwallow(t, key, ra.Desc, *a.Swallow)
			case swallows && !told:
				t.Errorf("%s: the text swallows or engulfs, and the data has no swallowing", key)
			case swallows:
				said++
			}
		}
	}
	for k, why := range swallowsTold {
		if why == "" {
			t.Errorf("%s is told without a reason", k)
		}
	}
	if data < 9 {
		t.Errorf("swallowings in the data: %d, want the 7 swallowers' and the 2 engulfers'", data)
	}
	t.Logf("entries that swallow or engulf in the text: %d; in the data: %d; told: %d", said, data, len(swallowsTold))
}

// checkSwallow holds a swallowing's numbers to its text: its size, its
// digestion's dice and type, its regurgitation, the movement out of the
// corpse, its escape.
func checkSwallow(t *testing.T, key, desc string, w srd.Swallow) {
	t.Helper()
	compact := strings.ReplaceAll(desc, " ", "")
	if !strings.Contains(desc, strings.ToUpper(w.MaxSize[:1])+w.MaxSize[1:]+" or smaller") {
		t.Errorf("%s: the largest it swallows, %s, is not the text's", key, w.MaxSize)
	}
	if !strings.Contains(compact, "("+w.Digest.Dice+")"+w.Digest.Type+"damage") {
		t.Errorf("%s: digesting %s %s is not the text's", key, w.Digest.Dice, w.Digest.Type)
	}
	if w.Regurgitate > 0 && !strings.Contains(desc, "takes "+strconv.Itoa(w.Regurgitate)+" damage or more") {
		t.Errorf("%s: regurgitating at %d is not the text's", key, w.Regurgitate)
	}
	if w.RegurgitateDC > 0 && !strings.Contains(desc, "DC "+strconv.Itoa(w.RegurgitateDC)+" Constitution") {
		t.Errorf("%s: the regurgitation DC %d is not the text's", key, w.RegurgitateDC)
	}
	if w.ExitFeet > 0 && !strings.Contains(desc, strconv.Itoa(w.ExitFeet)+" f") {
		t.Errorf("%s: %d ft out of the corpse is not the text's", key, w.ExitFeet)
	}
	if w.Save != nil && !strings.Contains(desc, "DC "+strconv.Itoa(w.Save.Value)) {
		t.Errorf("%s: the save's DC %d is not the text's", key, w.Save.Value)
	}
	if w.Blinded != strings.Contains(desc, "blinded") {
		t.Errorf("%s: blinded %v, and the text says otherwise", key, w.Blinded)
	}
}
