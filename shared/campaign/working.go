package campaign

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// Working is how the rules made a roll's number, recorded where they made
// it so that a player asking "why?" reads the engine's own sums rather
// than a sentence parsed afterwards: every number added to the dice and
// its source, what gave advantage or disadvantage, the number the roll
// had to reach and where that came from, what the target's defences did
// to damage, and the SRD rule the roll follows.
type Working struct {
	// Rule is the SRD rule the roll follows, by its heading ("Attack
	// Rolls", "Saving Throws", "Ability Checks", "Damage Rolls").
	Rule string `json:"rule"`
	// Terms are every number added to the dice, each with its source:
	// those of the expression's flat part first, then those added once
	// the dice had fallen (After). The kept dice and the terms make the
	// roll's total.
	Terms []Term `json:"terms,omitempty"`
	// Advantage and Disadvantage name their causes ("target prone within
	// 5 ft", "poisoned", "Faerie Fire"); with causes on both sides they
	// cancel.
	Advantage    []string `json:"advantage,omitempty"`
	Disadvantage []string `json:"disadvantage,omitempty"`
	// DC is what a d20 roll had to meet or beat: a save's or check's DC,
	// an attack's armor class with cover; nil when it had none.
	DC *DCSource `json:"dc,omitempty"`
	// DamageType is a damage roll's type ("fire"); Applied is what the
	// target's defences did to it ("the goblin resists fire: 9 to 4").
	DamageType string   `json:"damage_type,omitempty"`
	Applied    []string `json:"applied,omitempty"`
}

// Term is one number added to a roll and where it came from.
type Term struct {
	Value int `json:"value"`
	// Source names it as the table would: "Strength", "proficiency",
	// "Bless", "+1 longsword", "half cover", "Archery".
	Source string `json:"source"`
	// Kind is the kind of source, one of TermKinds, for the client to
	// group and colour by.
	Kind string `json:"kind"`
	// After marks a number added once the dice had fallen (a Bardic
	// Inspiration die spent, Cutting Words, Reliable Talent's raise);
	// the others are the expression's flat part.
	After bool `json:"after,omitempty"`
}

// DCSource is the number a roll had to reach and how it was made.
type DCSource struct {
	Value int `json:"value"`
	// Source says whose or what number it is: "Mira's spell save DC",
	// "the goblin's armor class", "a medium task", "the trap".
	Source string `json:"source"`
	// Terms make Value when the rules know its parts (8, the caster's
	// Wisdom and proficiency; an armor class and half cover).
	Terms []Term `json:"terms,omitempty"`
}

// The kinds of source a Term has.
const (
	TermAbility     = "ability"
	TermProficiency = "proficiency"
	TermExpertise   = "expertise"
	TermFeature     = "feature"
	TermSpell       = "spell"
	TermCondition   = "condition"
	TermCover       = "cover"
	TermItem        = "item"
	// TermBase is a number a DC or an armor class starts from (the 8 of a
	// spell save DC), or a stat block's whole bonus the rules have no
	// parts of.
	TermBase = "base"
	// TermSituation is a bonus or penalty the situation gave (the GM's,
	// a reserve's die).
	TermSituation = "situation"
)

// TermKinds are the kinds a Term may have.
var TermKinds = []string{TermAbility, TermProficiency, TermExpertise, TermFeature, TermSpell,
	TermCondition, TermCover, TermItem, TermBase, TermSituation}

// The SRD rules a roll follows, by their headings in the SRD.
const (
	RuleAttackRolls  = "Attack Rolls"
	RuleSavingThrows = "Saving Throws"
	RuleAbilityCheck = "Ability Checks"
	RuleDamageRolls  = "Damage Rolls"
	RuleDeathSaves   = "Death Saving Throws"
	RuleCover        = "Cover"
)

// SumTerms is the terms' values added.
func SumTerms(ts []Term) int {
	n := 0
	for _, t := range ts {
		n += t.Value
	}
	return n
}

// Sum is the terms' values added, those added after the dice fell (after)
// or the expression's flat part (!after).
func (w *Working) Sum(after bool) int {
	n := 0
	for _, t := range w.Terms {
		if t.After == after {
			n += t.Value
		}
	}
	return n
}

// Limits of a working as an imported file may carry it: the engine's own
// never comes near them.
const (
	maxWorkingTerms   = 32
	maxWorkingText    = 120
	maxWorkingReasons = 16
)

// WorkingProblem says what is wrong with a roll's working, "" when
// nothing is or it has none: a term of no known kind, a text too long or
// empty, too many entries, or terms that do not make the roll's total with
// its kept dice.
func (r Roll) WorkingProblem() string {
	w := r.Working
	if w == nil {
		return ""
	}
	switch {
	case w.Rule == "" || !fitText(w.Rule):
		return "the rule must be named, in at most 120 characters"
	case len(w.Terms) > maxWorkingTerms:
		return fmt.Sprintf("at most %d terms", maxWorkingTerms)
	case len(w.Advantage) > maxWorkingReasons || len(w.Disadvantage) > maxWorkingReasons || len(w.Applied) > maxWorkingReasons:
		return fmt.Sprintf("at most %d causes of advantage, of disadvantage and defences applied", maxWorkingReasons)
	case len(w.DamageType) > maxWorkingText:
		return "the damage type is too long"
	}
	for _, t := range w.Terms {
		if why := termProblem(t); why != "" {
			return why
		}
	}
	for _, s := range [][]string{w.Advantage, w.Disadvantage, w.Applied} {
		for _, why := range s {
			if !fitText(why) {
				return "each cause must be named, in at most 120 characters"
			}
		}
	}
	if dc := w.DC; dc != nil {
		if len(dc.Source) > maxWorkingText || len(dc.Terms) > maxWorkingTerms {
			return "the DC's source is too long"
		}
		n := 0
		for _, t := range dc.Terms {
			if why := termProblem(t); why != "" {
				return why
			}
			n += t.Value
		}
		if len(dc.Terms) > 0 && n != dc.Value {
			return fmt.Sprintf("the DC's terms make %d, not %d", n, dc.Value)
		}
	}
	if r.Terms == nil {
		return ""
	}
	dice := 0
	for _, t := range r.Terms {
		if t.Modifier == 0 {
			dice += t.Subtotal
		}
	}
	if got := dice + w.Sum(false) + w.Sum(true); got != r.Total {
		return fmt.Sprintf("the dice and the terms make %d, not %d", got, r.Total)
	}
	return ""
}

func termProblem(t Term) string {
	switch {
	case !fitText(t.Source):
		return "each term's source must be named, in at most 120 characters"
	case !slices.Contains(TermKinds, t.Kind):
		return fmt.Sprintf("a term's kind must be one of %s", strings.Join(TermKinds, ", "))
	case t.Value < -1000 || t.Value > 1000:
		return "a term's value must be between -1000 and 1000"
	}
	return ""
}

func fitText(s string) bool {
	return s != "" && len(s) <= maxWorkingText && utf8.ValidString(s)
}
