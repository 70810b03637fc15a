package srdgen

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// extraDamageType is the type of the second damage roll of the spells whose
// reference dice read "XdY + ZdW": the reference types only the first.
var extraDamageType = map[string]string{
	"flame-strike": "radiant",
	"ice-storm":    "cold",
	"meteor-swarm": "bludgeoning",
}

var (
	rangeFeet  = regexp.MustCompile(`^(\d+) feet$`)
	rangeMiles = regexp.MustCompile(`^(\d+) miles?$`)
	diceTerm   = regexp.MustCompile(`^\d+d\d+$`)
	flatTerm   = regexp.MustCompile(`^\d+$`)
)

func (t *Tables) buildSpells(refDir string) error {
	var ref []refSpell
	if err := readJSON(refDir, "5e-SRD-Spells.json", &ref); err != nil {
		return err
	}
	for _, r := range ref {
		s, err := t.spell(r)
		if err != nil {
			return fmt.Errorf("spell %s: %w", r.Index, err)
		}
		t.Spells = append(t.Spells, s)
	}
	byID(t.Spells, func(s srd.Spell) string { return s.ID })
	return nil
}

func (t *Tables) spell(r refSpell) (srd.Spell, error) {
	s := srd.Spell{
		ID:            r.Index,
		Name:          r.Name,
		Level:         r.Level,
		School:        r.School.Index,
		CastingTime:   r.CastingTime,
		Range:         spellRange(r.Range),
		Components:    r.Components,
		Duration:      r.Duration,
		Concentration: r.Concentration,
		Ritual:        r.Ritual,
		Classes:       indexes(r.Classes),
		AttackType:    r.AttackType,
	}
	slices.Sort(s.Classes)
	if r.Damage != nil {
		if len(r.Damage.AtSlot) > 0 && len(r.Damage.AtChar) > 0 {
			return s, fmt.Errorf("damage by both slot and character level")
		}
		typ := ""
		if r.Damage.DamageType != nil {
			typ = r.Damage.DamageType.Index
		} else {
			t.adjust(KindSpellUntyped, "spell "+r.Index, "", "reference dice have no damage type; kept with an empty type")
		}
		first := &srd.SpellDamage{Type: typ}
		extra := &srd.SpellDamage{Type: extraDamageType[r.Index]}
		var err error
		first.BySlotLevel, extra.BySlotLevel, first.AddsModifier, err = splitLevels(r.Damage.AtSlot)
		if err != nil {
			return s, fmt.Errorf("damage by slot: %w", err)
		}
		var extraChar map[int]string
		var mod bool
		first.ByCharacterLevel, extraChar, mod, err = splitLevels(r.Damage.AtChar)
		if err != nil {
			return s, fmt.Errorf("damage by character level: %w", err)
		}
		first.AddsModifier = first.AddsModifier || mod
		if extraChar != nil {
			return s, fmt.Errorf("a second damage roll on a cantrip")
		}
		if first.BySlotLevel != nil || first.ByCharacterLevel != nil {
			s.Damage = first
		}
		if extra.BySlotLevel != nil {
			if extra.Type == "" {
				return s, fmt.Errorf("two damage rolls but no type for the second: add it to extraDamageType")
			}
			if err := checkExtraType(r, s.Damage, extra); err != nil {
				return s, err
			}
			s.ExtraDamage = extra
			t.adjust(KindSpellSplit, "spell "+r.Index, "", "%q split into %s and %s damage", r.Damage.AtSlot[r.Level], s.Damage.Type, extra.Type)
		}
	}
	if len(r.Heal) > 0 {
		heal, extra, mod, err := splitLevels(r.Heal)
		if err != nil {
			return s, fmt.Errorf("heal: %w", err)
		}
		if extra != nil {
			return s, fmt.Errorf("heal has two dice terms")
		}
		s.HealAtSlotLevel, s.HealAddsModifier = heal, mod
	}
	if r.DC != nil {
		switch r.DC.Success {
		case "half", "none", "other":
		default:
			return s, fmt.Errorf("unknown save outcome %q", r.DC.Success)
		}
		s.Save = &srd.Save{Ability: r.DC.Type.Index, OnSuccess: r.DC.Success}
	}
	if r.Area != nil {
		s.Area = &srd.Area{Type: r.Area.Type, Size: r.Area.Size}
	}
	if err := t.spellText(r, &s); err != nil {
		return s, err
	}
	return s, nil
}

// KindSpellText is a spell's damage or save the reference leaves in its
// words, read from its text.
const KindSpellText = "spell-text"

// fromText are the spells whose damage and save only their text gives:
// Spirit Guardians' "takes 3d8 radiant damage ... On a successful save,
// the creature takes half as much damage", a die more for each slot
// level above 3rd.
var fromText = map[string]bool{"spirit-guardians": true}

var (
	textDamage = regexp.MustCompile(`takes (\d+)d(\d+) ([a-z]+) damage`)
	textSave   = regexp.MustCompile(`(?i)must make a (strength|dexterity|constitution|intelligence|wisdom|charisma) saving throw`)
	textPerDie = regexp.MustCompile(`increases by 1d(\d+) for each slot level above`)
)

// spellText reads the damage and save of a spell in fromText from its
// text, slot level by slot level.
func (t *Tables) spellText(r refSpell, s *srd.Spell) error {
	if !fromText[r.Index] || s.Damage != nil {
		return nil
	}
	text := strings.Join(r.Desc, " ")
	d, sv := textDamage.FindStringSubmatch(text), textSave.FindStringSubmatch(text)
	if d == nil || sv == nil {
		return fmt.Errorf("no damage or save in the text")
	}
	n, _ := strconv.Atoi(d[1])
	sides := d[2]
	by := map[int]string{r.Level: d[1] + "d" + sides}
	if per := textPerDie.FindStringSubmatch(strings.Join(r.HigherLevel, " ")); per != nil && per[1] == sides {
		for lvl := r.Level + 1; lvl <= 9; lvl++ {
			by[lvl] = strconv.Itoa(n+lvl-r.Level) + "d" + sides
		}
	}
	success := "none"
	if strings.Contains(text, "half as much damage") {
		success = "half"
	}
	s.Damage = &srd.SpellDamage{Type: d[3], BySlotLevel: by}
	s.Save = &srd.Save{Ability: abilityIDs[strings.ToUpper(sv[1][:1])+strings.ToLower(sv[1][1:])], OnSuccess: success}
	t.adjust(KindSpellText, "spell "+r.Index, strconv.Quote(d[0]+"; "+sv[0]), "damage %s %s from level %d, %s save for %s", by[r.Level], d[3], r.Level, s.Save.Ability, success)
	return nil
}

// checkExtraType confirms, from the spell's own text, that each roll deals
// the type we give it ("4d6 radiant damage"); the text itself is not kept.
func checkExtraType(r refSpell, first, extra *srd.SpellDamage) error {
	text := strings.Join(r.Desc, " ")
	for _, d := range []*srd.SpellDamage{first, extra} {
		want := d.BySlotLevel[r.Level] + " " + d.Type + " damage"
		if !strings.Contains(text, want) {
			return fmt.Errorf("description does not say %q", want)
		}
	}
	return nil
}

// splitLevels normalises each level's dice ("1d8 + MOD", "4d6 + 5d6",
// "10d6 + 40") into a first roll, an optional second roll and whether the
// caster's modifier is added, which must be the same at every level.
func splitLevels(in map[int]string) (first, second map[int]string, mod bool, err error) {
	if len(in) == 0 {
		return nil, nil, false, nil
	}
	levels := make([]int, 0, len(in))
	for l := range in {
		levels = append(levels, l)
	}
	slices.Sort(levels)
	first = map[int]string{}
	for i, l := range levels {
		a, b, m, err := splitDice(in[l])
		if err != nil {
			return nil, nil, false, fmt.Errorf("level %d: %w", l, err)
		}
		if i == 0 {
			mod = m
		} else if m != mod || (b != "") != (second != nil) {
			return nil, nil, false, fmt.Errorf("level %d: %q changes shape from the lower levels", l, in[l])
		}
		first[l] = a
		if b != "" {
			if second == nil {
				second = map[int]string{}
			}
			second[l] = b
		}
	}
	return first, second, mod, nil
}

func splitDice(s string) (first, second string, mod bool, err error) {
	var dice []string
	flat := ""
	for _, term := range strings.Split(s, "+") {
		term = strings.TrimSpace(term)
		switch {
		case term == "MOD":
			mod = true
		case diceTerm.MatchString(term):
			dice = append(dice, term)
		case flatTerm.MatchString(term) && flat == "":
			flat = term
		default:
			return "", "", false, fmt.Errorf("unreadable dice %q", s)
		}
	}
	switch len(dice) {
	case 0:
		if flat == "" {
			return "", "", false, fmt.Errorf("no dice in %q", s)
		}
		return flat, "", mod, nil
	case 1, 2:
		first = dice[0]
		if flat != "" {
			first += "+" + flat
		}
		if len(dice) == 2 {
			second = dice[1]
		}
		return first, second, mod, nil
	}
	return "", "", false, fmt.Errorf("more than two dice terms in %q", s)
}

func spellRange(text string) srd.SpellRange {
	r := srd.SpellRange{Text: text}
	feet := -1
	switch {
	case text == "Self":
		feet = 0
	case text == "Touch":
		feet = 5
	case rangeFeet.MatchString(text):
		feet, _ = strconv.Atoi(rangeFeet.FindStringSubmatch(text)[1])
	case rangeMiles.MatchString(text):
		miles, _ := strconv.Atoi(rangeMiles.FindStringSubmatch(text)[1])
		feet = miles * 5280
	}
	if feet >= 0 {
		r.Feet = &feet
	}
	return r
}
