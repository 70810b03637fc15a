package srd_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"chronicler/shared/srd"
)

// savesTold are the saving throws a monster's text asks that its data
// does not carry, each with its reason ("monster/action/ability DC").
var savesTold = map[string]string{
	"ice-devil/wall-of-ice/con 17":     "a wall of ice and the cold of passing through it: the fight keeps no walls' panels or movement through them",
	"ice-devil/wall-of-ice/dex 17":     "a wall of ice and the cold of passing through it: the fight keeps no walls' panels or movement through them",
	"rust-monster/antennae/dex 11":     "rust on a touched object's metal: the fight keeps no object's wear",
	"stone-giant/rock-catching/dex 10": "catching a hurled rock: the fights hurl none at a giant",
}

// textSave is a saving throw as the SRD words it: "a DC 13 Constitution
// saving throw".
var textSave = regexp.MustCompile(`DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw`)

var abilityOf = map[string]string{"Strength": "str", "Dexterity": "dex", "Constitution": "con",
	"Intelligence": "int", "Wisdom": "wis", "Charisma": "cha"}

// TestMonsterSavesFollowTheText reads every saving throw each monster's
// actions, reactions, legendary actions and special abilities ask in the
// SRD text, and requires each in the data (a save of that ability and DC
// anywhere in the action: its DC, a damage part's, a hit's condition's, a
// drain's...) or told above with its reason. It is the measure of the
// statements the data still misses.
func TestMonsterSavesFollowTheText(t *testing.T) {
	var ref []xMonster
	reference(t, "5e-SRD-Monsters.json", &ref)
	said, data := 0, 0
	var missing []string
	for _, r := range ref {
		m, ok := srd.LookupMonster(r.Index)
		if !ok {
			t.Fatalf("no monster %s", r.Index)
		}
		all := slices.Concat(m.SpecialAbilities, m.Actions, m.Reactions, m.LegendaryActions)
		for _, ra := range slices.Concat(r.SpecialAbilities, r.Actions, r.Reactions, r.LegendaryActions) {
			i := slices.IndexFunc(all, func(a srd.Action) bool { return a.Name == ra.Name })
			for _, sm := range textSave.FindAllStringSubmatch(ra.Desc, -1) {
				said++
				dc, _ := strconv.Atoi(sm[1])
				ability := abilityOf[sm[2]]
				id := ra.Name
				if i >= 0 {
					id = all[i].ID
				}
				key := fmt.Sprintf("%s/%s/%s %d", r.Index, id, ability, dc)
				_, told := savesTold[key]
				carried := i >= 0 && carries(t, all[i], ability, dc)
				switch {
				case carried && told:
					t.Errorf("%s is in the data and told too", key)
				case carried:
					data++
				case !told:
					missing = append(missing, key)
				}
			}
		}
	}
	for _, k := range missing {
		t.Errorf("%s: the text asks this save, and the data does not carry it", k)
	}
	for k, why := range savesTold {
		if why == "" {
			t.Errorf("%s is told without a reason", k)
		}
	}
	t.Logf("saves monsters' texts ask: %d; in the data: %d; told: %d", said, data, len(savesTold))
}

// carries reports whether action a's data holds a save of ability and dc
// anywhere: any object with that ability and value, or a swallower's
// Constitution save to make it regurgitate.
func carries(t *testing.T, a srd.Action, ability string, dc int) bool {
	t.Helper()
	if a.Swallow != nil && ability == "con" && a.Swallow.RegurgitateDC == dc {
		return true
	}
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatal(err)
	}
	var walk func(any) bool
	walk = func(x any) bool {
		switch x := x.(type) {
		case map[string]any:
			if x["ability"] == ability && x["value"] == float64(dc) {
				return true
			}
			for _, y := range x {
				if walk(y) {
					return true
				}
			}
		case []any:
			for _, y := range x {
				if walk(y) {
					return true
				}
			}
		}
		return false
	}
	return walk(v)
}

// alternativesTold are the attacks whose text gives a second damage roll
// the data does not carry, each with its reason ("monster/action").
var alternativesTold = map[string]string{}

// alternativeRoll is a second damage roll in a hit's text: ", or 8 (1d10
// + 3) slashing damage if used with two hands", "in melee or 5 (1d6 + 2)
// piercing damage at range".
var alternativeRoll = regexp.MustCompile(`(?:, or|in melee or) \d+ \(\d+d\d+(?: [+-] \d+)?\) [a-z]+ damage (?:if|while|in|with|at)`)

// TestAlternativeDamagesFollowTheText requires every second damage roll a
// monster's hit gives in its text in the data (a choice, a roll at range,
// a roll at half hit points) or told above with its reason.
func TestAlternativeDamagesFollowTheText(t *testing.T) {
	var ref []xMonster
	reference(t, "5e-SRD-Monsters.json", &ref)
	said, data := 0, 0
	for _, r := range ref {
		m, _ := srd.LookupMonster(r.Index)
		for _, ra := range slices.Concat(r.Actions, r.LegendaryActions) {
			_, hit, ok := strings.Cut(ra.Desc, "Hit:")
			if !ok || !alternativeRoll.MatchString(hit) {
				continue
			}
			said++
			i := slices.IndexFunc(m.Actions, func(a srd.Action) bool { return a.Name == ra.Name })
			key := r.Index + "/" + ra.Name
			if i >= 0 {
				key = r.Index + "/" + m.Actions[i].ID
			}
			carried := i >= 0 && slices.ContainsFunc(m.Actions[i].Damage, func(d srd.Damage) bool {
				return len(d.OneOf) > 1 || d.Ranged != "" || d.HalfHP != "" || d.Instead != nil
			})
			_, told := alternativesTold[key]
			switch {
			case carried && told:
				t.Errorf("%s is in the data and told too", key)
			case carried:
				data++
			case !told:
				t.Errorf("%s: the hit's text gives a second damage roll, and the data has none", key)
			}
		}
	}
	t.Logf("second damage rolls in hits' texts: %d; in the data: %d; told: %d", said, data, len(alternativesTold))
}
