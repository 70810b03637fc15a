package srdgen

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

func (t *Tables) buildClasses(refDir string) error {
	var classes []refClass
	var levels []refLevel
	var profs []refProficiency
	if err := readJSON(refDir, "5e-SRD-Classes.json", &classes); err != nil {
		return err
	}
	if err := readJSON(refDir, "5e-SRD-Levels.json", &levels); err != nil {
		return err
	}
	if err := readJSON(refDir, "5e-SRD-Proficiencies.json", &profs); err != nil {
		return err
	}
	profByID := map[string]refProficiency{}
	for _, p := range profs {
		profByID[p.Index] = p
	}
	for _, r := range classes {
		c := srd.Class{ID: r.Index, Name: r.Name, HitDie: r.HitDie, SavingThrows: indexes(r.SavingThrows)}
		// The skills a new character of the class chooses from: the
		// choice whose options are all skills.
		for _, pc := range r.ProficiencyChoices {
			var from []string
			for _, o := range pc.From.Options {
				if id, ok := strings.CutPrefix(o.Item.Index, "skill-"); ok {
					from = append(from, id)
				}
			}
			if len(from) > 0 && len(from) == len(pc.From.Options) && c.SkillChoices == nil {
				c.SkillChoices = &srd.SkillChoice{Choose: pc.Choose, From: from}
			}
		}
		for _, l := range r.Proficiencies {
			p, ok := profByID[l.Index]
			if !ok {
				return fmt.Errorf("class %s: unknown proficiency %s", r.Index, l.Index)
			}
			switch {
			case p.Type == "Saving Throws":
			case p.Index == "all-armor":
				c.ArmorProficiencies = append(c.ArmorProficiencies, "light", "medium", "heavy")
			case p.Type == "Armor":
				c.ArmorProficiencies = append(c.ArmorProficiencies, strings.TrimSuffix(p.Reference.Index, "-armor"))
			case p.Index == "simple-weapons" || p.Index == "martial-weapons":
				c.WeaponProficiencies = append(c.WeaponProficiencies, strings.TrimSuffix(p.Index, "-weapons"))
			case p.Type == "Weapons":
				c.WeaponProficiencies = append(c.WeaponProficiencies, p.Reference.Index)
			default:
				c.ToolProficiencies = append(c.ToolProficiencies, p.Reference.Index)
			}
		}
		if r.Spellcasting != nil {
			c.SpellcastingAbility = r.Spellcasting.Ability.Index
			c.SpellcastingLevel = r.Spellcasting.Level
		}
		asis := map[int]int{} // ability score improvements by the level, counted
		for _, l := range levels {
			if l.Class.Index != r.Index || l.Subclass != nil {
				continue
			}
			asis[l.Level] = l.ASIs
			row := srd.ClassLevel{
				Level:            l.Level,
				ProficiencyBonus: l.ProfBonus,
				CantripsKnown:    l.Spellcasting["cantrips_known"],
				SpellsKnown:      l.Spellcasting["spells_known"],
			}
			for i := 1; i <= 9; i++ {
				n, ok := l.Spellcasting["spell_slots_level_"+strconv.Itoa(i)]
				if !ok {
					break
				}
				row.SpellSlots = append(row.SpellSlots, n)
			}
			for len(row.SpellSlots) > 0 && row.SpellSlots[len(row.SpellSlots)-1] == 0 {
				row.SpellSlots = row.SpellSlots[:len(row.SpellSlots)-1]
			}
			for _, f := range l.Features {
				row.Features = append(row.Features, f.Name)
			}
			counters, err := counters(l.ClassSpecific)
			if err != nil {
				return fmt.Errorf("class %s level %d: %w", r.Index, l.Level, err)
			}
			row.Counters = counters
			c.Levels = append(c.Levels, row)
		}
		slices.SortFunc(c.Levels, func(a, b srd.ClassLevel) int { return a.Level - b.Level })
		for i, l := range c.Levels {
			if l.Level != i+1 {
				return fmt.Errorf("class %s: level table has no level %d", r.Index, i+1)
			}
			// The reference counts the improvements so far; a level whose
			// count rises brings one.
			c.Levels[i].AbilityScoreImprovement = asis[l.Level] > asis[l.Level-1]
		}
		if len(c.Levels) != 20 {
			return fmt.Errorf("class %s: %d levels", r.Index, len(c.Levels))
		}
		kind, err := casterKind(c)
		if err != nil {
			return fmt.Errorf("class %s: %w", r.Index, err)
		}
		c.CasterKind = kind
		t.Classes = append(t.Classes, c)
	}
	byID(t.Classes, func(c srd.Class) string { return c.ID })
	return nil
}

// casterKind reads the kind from the slot table: pact magic has slots of a
// single level at every class level; full casters reach 9th-level slots,
// half casters 5th.
func casterKind(c srd.Class) (string, error) {
	if c.SpellcastingAbility == "" {
		return "none", nil
	}
	pact, top := true, 0
	for _, l := range c.Levels {
		levelsWithSlots := 0
		for i, n := range l.SpellSlots {
			if n > 0 {
				levelsWithSlots++
				top = max(top, i+1)
			}
		}
		if levelsWithSlots > 1 {
			pact = false
		}
	}
	switch {
	case pact && top > 0:
		return "pact", nil
	case top == 9:
		return "full", nil
	case top == 5:
		return "half", nil
	}
	return "", fmt.Errorf("cannot tell the caster kind: highest slot level %d", top)
}

func (t *Tables) buildRaces(refDir string) error {
	var races []refRace
	var subraces []refSubrace
	if err := readJSON(refDir, "5e-SRD-Races.json", &races); err != nil {
		return err
	}
	if err := readJSON(refDir, "5e-SRD-Subraces.json", &subraces); err != nil {
		return err
	}
	for _, r := range races {
		race := srd.Race{
			ID:             r.Index,
			Name:           r.Name,
			Speed:          r.Speed,
			Size:           r.Size,
			AbilityBonuses: bonuses(r.AbilityBonuses),
			Traits:         indexes(r.Traits),
			Languages:      indexes(r.Languages),
		}
		if race.AbilityBonuses == nil {
			race.AbilityBonuses = map[string]int{}
		}
		if o := r.AbilityBonusOptions; o != nil {
			ch := &srd.AbilityChoice{Choose: o.Choose}
			for _, b := range o.From.Options {
				if ch.Bonus != 0 && b.Bonus != ch.Bonus {
					return fmt.Errorf("race %s: choice bonuses differ", r.Index)
				}
				ch.Bonus = b.Bonus
				ch.From = append(ch.From, b.AbilityScore.Index)
			}
			race.AbilityBonusChoice = ch
		}
		for _, want := range r.Subraces {
			i := slices.IndexFunc(subraces, func(s refSubrace) bool { return s.Index == want.Index })
			if i < 0 {
				return fmt.Errorf("race %s: unknown subrace %s", r.Index, want.Index)
			}
			s := subraces[i]
			race.Subraces = append(race.Subraces, srd.Subrace{
				ID:             s.Index,
				Name:           s.Name,
				AbilityBonuses: bonuses(s.AbilityBonuses),
				Traits:         indexes(s.RacialTraits),
			})
		}
		t.Races = append(t.Races, race)
	}
	byID(t.Races, func(r srd.Race) string { return r.ID })
	return nil
}

func bonuses(in []refBonus) map[string]int {
	if len(in) == 0 {
		return nil
	}
	out := map[string]int{}
	for _, b := range in {
		out[b.AbilityScore.Index] += b.Bonus
	}
	return out
}

// copper per coin.
var coinCP = map[string]int{"cp": 1, "sp": 10, "ep": 50, "gp": 100, "pp": 1000}

func (t *Tables) buildEquipment(refDir string) error {
	var items []refEquipment
	if err := readJSON(refDir, "5e-SRD-Equipment.json", &items); err != nil {
		return err
	}
	weight := map[string]float64{} // per piece, for the packs' contents
	for _, r := range items {
		weight[r.Index] = r.Weight / float64(max(r.Quantity, 1))
	}
	for _, r := range items {
		if c := r.EquipmentCategory.Index; c != "weapon" && c != "armor" && c != "adventuring-gear" && c != "tools" {
			continue
		}
		per, ok := coinCP[r.Cost.Unit]
		if !ok {
			return fmt.Errorf("%s: unknown coin %q", r.Index, r.Cost.Unit)
		}
		cost := r.Cost.Quantity * per
		switch r.EquipmentCategory.Index {
		case "weapon":
			w := srd.Weapon{
				ID:         r.Index,
				Name:       r.Name,
				Category:   strings.ToLower(r.WeaponCategory),
				RangeType:  strings.ToLower(r.WeaponRange),
				Properties: indexes(r.Properties),
				Weight:     r.Weight,
				CostCP:     cost,
			}
			if r.Damage != nil {
				w.Damage = &srd.Damage{Dice: r.Damage.DamageDice, Type: r.Damage.DamageType.Index}
			}
			if r.TwoHandedDamage != nil {
				w.TwoHandedDamage = &srd.Damage{Dice: r.TwoHandedDamage.DamageDice, Type: r.TwoHandedDamage.DamageType.Index}
			}
			if w.RangeType == "ranged" && r.Range != nil {
				w.Range = &srd.Range{Normal: r.Range.Normal, Long: r.Range.Long}
			}
			if r.ThrowRange != nil {
				w.ThrowRange = &srd.Range{Normal: r.ThrowRange.Normal, Long: r.ThrowRange.Long}
			}
			t.Weapons = append(t.Weapons, w)
		case "armor":
			if r.ArmorClass == nil {
				return fmt.Errorf("%s: armor without an armor class", r.Index)
			}
			t.Armor = append(t.Armor, srd.Armor{
				ID:                  r.Index,
				Name:                r.Name,
				Category:            strings.ToLower(r.ArmorCategory),
				BaseAC:              r.ArmorClass.Base,
				DexBonus:            r.ArmorClass.DexBonus,
				DexMax:              r.ArmorClass.MaxBonus,
				StrMinimum:          r.StrMinimum,
				StealthDisadvantage: r.StealthDisadvantage,
				Weight:              r.Weight,
				CostCP:              cost,
			})
		default:
			g := srd.Gear{ID: r.Index, Name: r.Name, Category: "tools", Bundle: max(r.Quantity, 1), CostCP: cost}
			if r.GearCategory != nil {
				g.Category = r.GearCategory.Index
			}
			// The weight of one piece (an arrow, not the 20 sold
			// together); a pack weighs what it holds.
			g.Weight = r.Weight / float64(g.Bundle)
			for _, c := range r.Contents {
				g.Weight += weight[c.Item.Index] * float64(c.Quantity)
			}
			t.Gear = append(t.Gear, g)
		}
	}
	byID(t.Weapons, func(w srd.Weapon) string { return w.ID })
	byID(t.Armor, func(a srd.Armor) string { return a.ID })
	byID(t.Gear, func(g srd.Gear) string { return g.ID })
	return nil
}

func (t *Tables) buildConditions(refDir string) error {
	var ref []refLink
	if err := readJSON(refDir, "5e-SRD-Conditions.json", &ref); err != nil {
		return err
	}
	for _, c := range ref {
		t.Conditions = append(t.Conditions, srd.Condition{ID: c.Index, Name: c.Name})
	}
	byID(t.Conditions, func(c srd.Condition) string { return c.ID })
	return nil
}

// counters flattens a level's class-specific values into numbers: a count
// stays as it is ("ki_points": 5), dice become their count and size
// ("martial_arts": {1, 6} is "martial_arts_dice" 1 and "martial_arts_die"
// 6; "sneak_attack" likewise), and a yes or no is 1 or 0. A table
// (creating_spell_slots) is left to the engine, which has it.
func counters(in map[string]json.RawMessage) (map[string]float64, error) {
	if len(in) == 0 {
		return nil, nil
	}
	out := make(map[string]float64, len(in))
	for k, raw := range in {
		if len(raw) > 0 && raw[0] == '[' {
			continue // a table (the sorcerer's slot costs): the engine's
		}
		var n float64
		if err := json.Unmarshal(raw, &n); err == nil {
			out[k] = n
			continue
		}
		var b bool
		if err := json.Unmarshal(raw, &b); err == nil {
			if b {
				out[k] = 1
			} else {
				out[k] = 0
			}
			continue
		}
		var d struct {
			Count int `json:"dice_count"`
			Value int `json:"dice_value"`
		}
		if err := json.Unmarshal(raw, &d); err != nil || d.Value == 0 {
			return nil, fmt.Errorf("class_specific %s: neither a number, a yes or no, nor dice: %s", k, raw)
		}
		out[k+"_dice"], out[k+"_die"] = float64(d.Count), float64(d.Value)
	}
	return out, nil
}
