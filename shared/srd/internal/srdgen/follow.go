package srdgen

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// Where the reference's structured fields disagree with the SRD's text,
// the data follows the text, and each correction is an Adjustment that
// quotes what it follows.

// xpByCR is the SRD's table "Experience Points by Challenge Rating".
var xpByCR = map[float64]int{
	0: 10, 0.125: 25, 0.25: 50, 0.5: 100, 1: 200, 2: 450, 3: 700, 4: 1100, 5: 1800,
	6: 2300, 7: 2900, 8: 3900, 9: 5000, 10: 5900, 11: 7200, 12: 8400, 13: 10000,
	14: 11500, 15: 13000, 16: 15000, 17: 18000, 18: 20000, 19: 22000, 20: 25000,
	21: 33000, 22: 41000, 23: 50000, 24: 62000, 25: 75000, 26: 90000, 27: 105000,
	28: 120000, 29: 135000, 30: 155000,
}

// xp is what a monster is worth by its challenge rating. The table gives
// challenge 0 as "0 or 10": 0 for a creature with no effective attack
// (the frog, the sea horse), so the reference's 0 or 10 stands there.
func (t *Tables) xp(r refMonster) (int, error) {
	want, ok := xpByCR[r.ChallengeRating]
	switch {
	case !ok:
		return 0, fmt.Errorf("challenge %v is not in the XP table", r.ChallengeRating)
	case r.ChallengeRating == 0 && (r.XP == 0 || r.XP == 10):
		return r.XP, nil
	case r.XP != want:
		cr := crText(r.ChallengeRating)
		t.adjust(KindXP, "monster "+r.Index,
			fmt.Sprintf("Experience Points by Challenge Rating: challenge %s, %d XP", cr, want),
			"xp %d -> %d (challenge %s)", r.XP, want, cr)
	}
	return want, nil
}

// crText writes a challenge rating as the SRD does: "1/4", "2".
func crText(cr float64) string {
	switch cr {
	case 0.125:
		return "1/8"
	case 0.25:
		return "1/4"
	case 0.5:
		return "1/2"
	}
	return strconv.FormatFloat(cr, 'f', -1, 64)
}

// armorClass is a stat block's armour class and what gives it. The
// reference lists one entry per way the line reads, and its first is not
// always the whole: "Armor Class 17 (natural armor, shield)" comes as
// natural 15, then armor 17 with a shield. The stat block's number is the
// highest entry that always holds; a spell's ("12 (15 with mage armor)")
// or a condition's ("14 (natural armor), 11 while prone") holds only then.
func (t *Tables) armorClass(r refMonster) (int, string, error) {
	if len(r.ArmorClass) == 0 {
		return 0, "", fmt.Errorf("no armor class")
	}
	first, best := r.ArmorClass[0], -1
	var worn []string
	for i, ac := range r.ArmorClass {
		switch ac.Type {
		case "spell", "condition":
			continue
		case "natural":
			worn = append(worn, "natural armor")
		case "armor":
			for _, a := range ac.Armor {
				worn = append(worn, strings.ToLower(a.Name))
			}
			if ac.Desc != "" {
				worn = append(worn, ac.Desc)
			}
		}
		if best < 0 || ac.Value > r.ArmorClass[best].Value {
			best = i
		}
	}
	if best < 0 {
		return first.Value, first.Type, nil
	}
	got := r.ArmorClass[best]
	if got.Value != first.Value {
		t.adjust(KindAC, "monster "+r.Index,
			strconv.Quote(fmt.Sprintf("Armor Class %d (%s)", got.Value, strings.Join(worn, ", "))),
			"ac %d (%s) -> %d (%s)", first.Value, first.Type, got.Value, strings.Join(worn, ", "))
	}
	return got.Value, got.Type, nil
}

// saveForHalf is the SRD's sentence for damage a saving throw halves:
// "... must make a DC 21 Dexterity saving throw, taking 63 (18d6) fire
// damage on a failed save, or half as much damage on a successful one."
// (one stat block says "must make on a DC", some "must succeed on a DC";
// a solar's deals "14 (4d6) fire damage plus 14 (4d6) radiant damage").
var saveForHalf = regexp.MustCompile(`must (?:make|succeed)(?: on)? a DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw(?: against this magic)?, taking \d+ \(([^)]+)\) ([a-z]+) damage(?: plus \d+ \(([^)]+)\) ([a-z]+) damage)? on a failed save, or half as much damage on a successful one\.?`)

// saveOrTake is the SRD's sentence for damage a saving throw avoids: "the
// target must succeed on a DC 11 Constitution saving throw or take 10
// (3d6) poison damage". Only a hit's rider is read by it: an area's text
// may go on to say what a success does ("On a successful save, the target
// takes half the bludgeoning damage").
var saveOrTake = regexp.MustCompile(`must succeed on a DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw or take \d+ \(([^)]+)\) ([a-z]+) damage()()[^.]*\.?`)

var abilityIDs = map[string]string{"Strength": "str", "Dexterity": "dex", "Constitution": "con",
	"Intelligence": "int", "Wisdom": "wis", "Charisma": "cha"}

// followSaves makes a's damage behind a saving throw what its text says
// (desc): half on a successful save where the text says "half as much
// damage on a successful one", none where it says "succeed ... or take".
// On an entry with an attack roll the save is a rider of the hit (a
// poisonous snake's 2d4 poison): its damage is a part of its own with the
// save (srd.Damage.DC), added where the reference leaves it out. On any
// other entry (a breath) the save is the entry's (srd.Action.DC). Entries
// with options (a metallic dragon's Breath Weapons) are left alone: each
// option carries its own save. An entry whose text deals damage the
// reference gives it none of (an ice devil's Wall of Ice) is left as the
// reference has it.
func (t *Tables) followSaves(monster string, desc string, a *srd.Action) error {
	if len(a.Options) > 0 {
		return nil
	}
	sentences := []struct {
		re      *regexp.Regexp
		success string
	}{{saveForHalf, "half"}, {saveOrTake, "none"}}
	for _, s := range sentences {
		if s.success == "none" && (a.AttackBonus == nil || strings.Contains(desc, "half")) {
			continue
		}
		for _, m := range s.re.FindAllStringSubmatchIndex(desc, -1) {
			group := func(i int) string {
				if m[2*i] < 0 {
					return ""
				}
				return desc[m[2*i]:m[2*i+1]]
			}
			value, _ := strconv.Atoi(group(1))
			want := srd.DC{Ability: abilityIDs[group(2)], Value: value, Success: s.success}
			parts := []srd.Damage{{Dice: strings.ReplaceAll(group(3), " ", ""), Type: group(4)}}
			if group(5) != "" {
				parts = append(parts, srd.Damage{Dice: strings.ReplaceAll(group(5), " ", ""), Type: group(6)})
			}
			text := sentence(desc, m[0], m[1])
			where := fmt.Sprintf("monster %s %q", monster, a.Name)
			var err error
			if a.AttackBonus != nil {
				err = t.followRider(where, text, a, want, parts)
			} else {
				err = t.followSave(where, text, a, want, parts)
			}
			if err != nil {
				return err
			}
		}
	}
	return nil
}

// onSuccess says what a successful save does, for the adjustments.
func onSuccess(dc srd.DC) string {
	if dc.Success == "half" {
		return "half on a success"
	}
	return "none on a success"
}

// followRider gives each damage part of a hit's save the save.
func (t *Tables) followRider(where, text string, a *srd.Action, want srd.DC, parts []srd.Damage) error {
	for _, p := range parts {
		i := indexDamage(a.Damage, p)
		switch {
		case i < 0:
			p.DC = &want
			a.Damage = append(a.Damage, p)
			t.adjust(KindSaveRider, where, text, "added %s %s damage behind a DC %d %s save, %s",
				p.Dice, p.Type, want.Value, want.Ability, onSuccess(want))
		case a.Damage[i].DC == nil:
			dc := want
			a.Damage[i].DC = &dc
			t.adjust(KindSaveRider, where, text, "%s %s damage put behind a DC %d %s save, %s",
				p.Dice, p.Type, want.Value, want.Ability, onSuccess(want))
		case *a.Damage[i].DC != want:
			if err := t.fixSuccess(where, text, a.Damage[i].DC, want); err != nil {
				return err
			}
		}
	}
	return nil
}

// followSave makes the entry's own save halve its damage.
func (t *Tables) followSave(where, text string, a *srd.Action, want srd.DC, parts []srd.Damage) error {
	if len(a.Damage) == 0 {
		return nil
	}
	if len(a.Damage) != len(parts) {
		return fmt.Errorf("%s: damage %v, text says %v", where, a.Damage, parts)
	}
	for _, p := range parts {
		if i := indexDamage(a.Damage, p); i < 0 || a.Damage[i].DC != nil {
			return fmt.Errorf("%s: damage %v, text says %v", where, a.Damage, parts)
		}
	}
	if a.DC == nil {
		dc := want
		a.DC = &dc
		t.adjust(KindSaveHalf, where, text, "added its save: DC %d %s, %s", want.Value, want.Ability, onSuccess(want))
		return nil
	}
	return t.fixSuccess(where, text, a.DC, want)
}

// fixSuccess makes a save that disagrees with its text only in what a
// success does halve the damage; any other disagreement is an error.
func (t *Tables) fixSuccess(where, text string, got *srd.DC, want srd.DC) error {
	if got.Ability != want.Ability || got.Value != want.Value {
		return fmt.Errorf("%s: save DC %d %s, text says DC %d %s", where, got.Value, got.Ability, want.Value, want.Ability)
	}
	if got.Success != want.Success {
		t.adjust(KindSaveHalf, where, text, "on a successful save: %s -> %s", got.Success, want.Success)
		got.Success = want.Success
	}
	return nil
}

// indexDamage is the index of the part of ds with p's dice and type, -1
// if none.
func indexDamage(ds []srd.Damage, p srd.Damage) int {
	for i, d := range ds {
		if len(d.OneOf) == 0 && d.Dice == p.Dice && d.Type == p.Type {
			return i
		}
	}
	return -1
}

// sentence is the sentence of desc that holds desc[start:end], from its
// beginning (after the last ". " before start, not the one of "ft. ").
func sentence(desc string, start, end int) string {
	from := 0
	for i := start - 2; i >= 0; i-- {
		if desc[i] == '\n' {
			from = i + 1
			break
		}
		if desc[i] == '.' && desc[i+1] == ' ' && !strings.HasSuffix(desc[:i], "ft") {
			from = i + 2
			break
		}
	}
	return strconv.Quote(strings.TrimSpace(desc[from:end]))
}
