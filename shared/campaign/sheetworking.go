package campaign

import "chronicler/shared/srd"

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
	out := armorTerms(ch.Class, ch.Abilities, ch.Inventory)
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

// spellName is a spell's SRD name by id, or the id.
func spellName(id string) string {
	if s, ok := srd.LookupSpell(id); ok {
		return s.Name
	}
	return id
}
