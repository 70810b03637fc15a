package campaign

import (
	"fmt"
	"strings"

	"chronicler/shared/srd"
)

// SheetWorking is how the rules make the numbers a character's sheet
// shows, each as the parts a roll's working names (Term): the armour
// class, each saving throw's and skill's bonus, each weapon's attack
// bonus and the spell save DC. It is worked out when asked for, from the
// sheet as stored, never kept.
type SheetWorking struct {
	CharacterID string          `json:"character_id"`
	AC          NumberWorking   `json:"ac"`
	Saves       []NumberWorking `json:"saves"`
	Skills      []NumberWorking `json:"skills"`
	Attacks     []NumberWorking `json:"attacks"`
	// SpellDC is nil for a character that casts no spells.
	SpellDC *NumberWorking `json:"spell_dc,omitempty"`
}

// NumberWorking is one number of the sheet and its parts: Key names it
// for a client ("dex", "stealth", a weapon's id), Label for the table,
// and Terms add up to Value.
type NumberWorking struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Value int    `json:"value"`
	Terms []Term `json:"terms"`
	// Rule is the SRD section the number follows, by its heading.
	Rule string `json:"rule"`
}

// ArmorClassTerms are the parts of ch's armour class: its armour's base
// and the Dexterity it lets count (or 10 and Dexterity, and what its
// class adds without armour), a shield, the magic of what it wears, a
// fighting style's +1 and its lasting effects (Mage Armor's, Shield of
// Faith's). Whatever the stored AC holds beyond them is one more term, so
// the parts always make the sheet's number.
func ArmorClassTerms(ch Character) []Term {
	dex := Modifier(ch.Abilities.Dex)
	var out []Term
	body, _, shield := armorWorn(ch.Inventory, dex)
	switch {
	case body != nil:
		out = append(out, Term{Value: body.BaseAC, Source: strings.ToLower(body.Name), Kind: TermItem})
		if body.DexBonus {
			d, src := dex, "Dexterity"
			if body.DexMax > 0 && dex > body.DexMax {
				d, src = body.DexMax, fmt.Sprintf("Dexterity (at most %d in %s armour)", body.DexMax, body.Category)
			}
			out = append(out, Term{Value: d, Source: src, Kind: TermAbility})
		}
	case ch.Class == "sorcerer":
		out = append(out, Term{Value: 13, Source: "Draconic Resilience", Kind: TermFeature}, Term{Value: dex, Source: "Dexterity", Kind: TermAbility})
	default:
		out = append(out, Term{Value: 10, Source: "unarmoured", Kind: TermBase}, Term{Value: dex, Source: "Dexterity", Kind: TermAbility})
		switch {
		case ch.Class == "barbarian":
			out = append(out, Term{Value: Modifier(ch.Abilities.Con), Source: "Constitution (Unarmored Defense)", Kind: TermAbility})
		case ch.Class == "monk" && !shield:
			out = append(out, Term{Value: Modifier(ch.Abilities.Wis), Source: "Wisdom (Unarmored Defense)", Kind: TermAbility})
		}
	}
	if shield {
		out = append(out, Term{Value: 2, Source: "shield", Kind: TermItem})
	}
	out = append(out, itemACTerms(ch.Inventory)...)
	if n, _ := featureNumbers(ch); n != 0 {
		out = append(out, Term{Value: n, Source: "Defense", Kind: TermFeature})
	}
	for _, fx := range ch.Effects {
		if fx.AC != 0 {
			out = append(out, Term{Value: fx.AC, Source: spellName(fx.Spell), Kind: TermSpell})
		}
	}
	if rest := ch.AC - SumTerms(out); rest != 0 {
		out = append(out, Term{Value: rest, Source: "other", Kind: TermSituation})
	}
	var kept []Term
	for _, t := range out {
		if t.Value != 0 || t.Kind == TermBase || t.Kind == TermItem {
			kept = append(kept, t)
		}
	}
	return kept
}

// itemACTerms are itemAC's parts, each by its magic item's name.
func itemACTerms(inv []Item) []Term {
	var out []Term
	armored := false
	for _, it := range worn(inv) {
		a, isArmor := srd.LookupArmor(it.Item)
		if !isArmor || it.Qty < 1 {
			continue
		}
		armored = armored || a.Category != ""
		if m, ok := works(it); ok && (m.Enchants == "armor" || m.Enchants == "shield") && m.Bonus != 0 {
			out = append(out, Term{Value: m.Bonus, Source: m.Name, Kind: TermItem})
		}
	}
	for _, it := range inv {
		m, ok := works(it)
		if !ok || m.Enchants != "" || m.AC == 0 || (m.Unarmored && armored) {
			continue
		}
		out = append(out, Term{Value: m.AC, Source: m.Name, Kind: TermItem})
	}
	return out
}

// spellName is a spell's SRD name by id, or the id.
func spellName(id string) string {
	if s, ok := srd.LookupSpell(id); ok {
		return s.Name
	}
	return id
}
