package srd_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"chronicler/shared/srd"
)

// swallowsTold are the entries whose text swallows or engulfs that carry
// no swallowing in the data (srd.Action.Swallow), nor name another entry
// of the monster that does (a Multiattack's, a legendary action's), nor
// attach (a darkmantle's "engulfing" of a head: an attaching hit,
// srd.HitCondition.Advantage), each with its reason ("monster/action").
var swallowsTold = map[string]string{
	"gelatinous-cube/ooze-cube": "the cube's Engulf carries what it holds; creatures walking into its space and pulling one out need a map the fights do not keep",
}

// TestSwallowsFollowTheText reads every monster entry's text for a
// creature swallowed or engulfed, and requires a swallowing in the data
// or a reason above; and every swallowing in the data to carry the text's
// numbers.
func TestSwallowsFollowTheText(t *testing.T) {
	said, data, named := 0, 0, 0
	referenceEntries(t, func(r xMonster, m srd.Monster, all []srd.Action, ra xAction, a srd.Action) {
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
		case swallows && (names(m, a) && namesASwallow(all, ra.Desc) || attaches(a)) && told:
			t.Errorf("%s names a swallowing of the data, or attaches, and is told too", key)
		case swallows && (names(m, a) && namesASwallow(all, ra.Desc) || attaches(a)):
			said++
			named++
		case swallows && !told:
			t.Errorf("%s: the text swallows or engulfs, and the data has no swallowing", key)
		case swallows:
			said++
		}
	})
	for k, why := range swallowsTold {
		if why == "" {
			t.Errorf("%s is told without a reason", k)
		}
	}
	if data < 9 {
		t.Errorf("swallowings in the data: %d, want the 7 swallowers' and the 2 engulfers'", data)
	}
	t.Logf("entries that swallow or engulf in the text: %d; in the data: %d (%d swallowings, %d naming one or attaching); told: %d", said, data+named, data, named, len(swallowsTold))
}

// names reports whether a is an entry that makes the monster's other
// actions: a Multiattack, a legendary action.
func names(m srd.Monster, a srd.Action) bool {
	return a.Multiattack != nil || slices.ContainsFunc(m.LegendaryActions, func(l srd.Action) bool { return l.ID == a.ID })
}

// namesASwallow reports whether text names another entry of the monster
// (all) whose data swallows: a Multiattack's "Swallow", a legendary
// bite that is the swallowing bite.
func namesASwallow(all []srd.Action, text string) bool {
	return slices.ContainsFunc(all, func(a srd.Action) bool {
		return a.Swallow != nil && (strings.Contains(text, a.Name) || a.Swallow.Attack != "" && strings.Contains(text, strings.ToLower(a.Swallow.Attack)))
	})
}

// attaches reports whether a's hit attaches to its target's head (a
// darkmantle's), which the data carries as a condition that comes with
// a hit made with advantage.
func attaches(a srd.Action) bool {
	return slices.ContainsFunc(a.OnHit, func(hc srd.HitCondition) bool { return hc.Advantage })
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

// referenceEntries calls f for each entry of every monster in the
// reference (its actions, legendary actions, reactions and special
// abilities) that the data has by the same name: the reference's
// monster and entry, the data's monster, all its entries, and the one.
func referenceEntries(t *testing.T, f func(r xMonster, m srd.Monster, all []srd.Action, ra xAction, a srd.Action)) {
	t.Helper()
	var ref []xMonster
	reference(t, "5e-SRD-Monsters.json", &ref)
	for _, r := range ref {
		m, ok := srd.LookupMonster(r.Index)
		if !ok {
			t.Fatalf("no monster %s", r.Index)
		}
		all := slices.Concat(m.Actions, m.LegendaryActions, m.Reactions, m.SpecialAbilities)
		for _, ra := range slices.Concat(r.Actions, r.LegendaryActions, r.Reactions, r.SpecialAbilities) {
			if i := slices.IndexFunc(all, func(a srd.Action) bool { return a.Name == ra.Name }); i >= 0 {
				f(r, m, all, ra, all[i])
			}
		}
	}
}
