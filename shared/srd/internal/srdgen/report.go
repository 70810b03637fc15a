package srdgen

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"chronicler/shared/srd"
)

// SpellCoverage counts which spells carry mechanical data. A spell is
// narrative only when it has no damage, healing, save or spell attack.
type SpellCoverage struct {
	Total         int
	Damage        int // has a damage roll
	BySlot        int // damage scales by slot level
	ByCharacter   int // damage scales by character level (cantrips)
	ExtraDamage   int // a second damage roll of another type
	Heal          int
	Save          int
	SaveOutcomes  map[string]int // on_success -> spells
	Attack        int            // makes a spell attack
	Area          int
	Mechanical    int // any of damage, heal, save, attack
	NarrativeOnly int // none of them
}

// CoverSpells counts spells' mechanical data.
func CoverSpells(spells []srd.Spell) SpellCoverage {
	c := SpellCoverage{Total: len(spells), SaveOutcomes: map[string]int{}}
	for _, s := range spells {
		if s.Damage != nil {
			c.Damage++
			if s.Damage.BySlotLevel != nil {
				c.BySlot++
			}
			if s.Damage.ByCharacterLevel != nil {
				c.ByCharacter++
			}
		}
		if s.ExtraDamage != nil {
			c.ExtraDamage++
		}
		if s.HealAtSlotLevel != nil {
			c.Heal++
		}
		if s.Save != nil {
			c.Save++
			c.SaveOutcomes[s.Save.OnSuccess]++
		}
		if s.AttackType != "" {
			c.Attack++
		}
		if s.Area != nil {
			c.Area++
		}
		if s.Damage != nil || s.HealAtSlotLevel != nil || s.Save != nil || s.AttackType != "" {
			c.Mechanical++
		} else {
			c.NarrativeOnly++
		}
	}
	return c
}

// Report writes the coverage summary: what the data carries and where it
// departs from the reference.
func (t *Tables) Report(w io.Writer) {
	c := CoverSpells(t.Spells)
	fmt.Fprintf(w, "spells: %d\n", c.Total)
	fmt.Fprintf(w, "  damage:        %3d (by slot level %d, by character level %d; second damage type %d)\n", c.Damage, c.BySlot, c.ByCharacter, c.ExtraDamage)
	fmt.Fprintf(w, "  healing:       %3d\n", c.Heal)
	fmt.Fprintf(w, "  saving throw:  %3d (half %d, none %d, other %d)\n", c.Save, c.SaveOutcomes["half"], c.SaveOutcomes["none"], c.SaveOutcomes["other"])
	fmt.Fprintf(w, "  spell attack:  %3d\n", c.Attack)
	fmt.Fprintf(w, "  area:          %3d\n", c.Area)
	fmt.Fprintf(w, "  any of damage/heal/save/attack: %d; narrative only: %d\n", c.Mechanical, c.NarrativeOnly)

	var actions, attacks, damaging, saves, multi, spellcasters, legendary int
	for _, m := range t.Monsters {
		if len(m.LegendaryActions) > 0 {
			legendary++
		}
		for _, a := range m.SpecialAbilities {
			if a.Spellcasting != nil {
				spellcasters++
			}
		}
		for _, a := range m.Actions {
			actions++
			if a.AttackBonus != nil {
				attacks++
			}
			if len(a.Damage) > 0 {
				damaging++
			}
			if a.DC != nil {
				saves++
			}
			if a.Multiattack != nil {
				multi++
			}
		}
	}
	fmt.Fprintf(w, "monsters: %d (legendary %d, spellcasting traits %d)\n", len(t.Monsters), legendary, spellcasters)
	fmt.Fprintf(w, "  actions: %d (attack roll %d, damage %d, save DC %d, multiattack %d)\n", actions, attacks, damaging, saves, multi)
	fmt.Fprintf(w, "classes: %d, races: %d, weapons: %d, armor: %d, conditions: %d\n", len(t.Classes), len(t.Races), len(t.Weapons), len(t.Armor), len(t.Conditions))
	var enchants, bonus, protects, charged, regains, casters, spells int
	for _, m := range t.MagicItems {
		if m.Enchants != "" {
			enchants++
		}
		if m.Bonus > 0 {
			bonus++
		}
		if m.AC > 0 || m.Saves > 0 {
			protects++
		}
		if m.Charges > 0 {
			charged++
		}
		if m.Regain != "" {
			regains++
		}
		if len(m.Spells) > 0 {
			casters++
			spells += len(m.Spells)
		}
	}
	fmt.Fprintf(w, "magic items: %d (enchant a mundane item %d, attack/damage or AC bonus %d, AC or saves when worn %d, charges %d, regained at dawn %d, cast spells %d: %d spells)\n",
		len(t.MagicItems), enchants, bonus, protects, charged, regains, casters, spells)
	n := AdjustmentCounts(t.Adjustments)
	var kinds []string
	for _, k := range slices.Sorted(maps.Keys(n)) {
		kinds = append(kinds, fmt.Sprintf("%s %d", k, n[k]))
	}
	fmt.Fprintf(w, "adjustments to the reference: %d (%s)\n", len(t.Adjustments), strings.Join(kinds, ", "))
	for _, a := range t.Adjustments {
		fmt.Fprintf(w, "  - %s\n", strings.ReplaceAll(a.String(), "\n", "\n  "))
	}
}
