package dice

import (
	"fmt"
	"slices"
)

// Option changes how Roll rolls an expression. The zero Option does nothing.
type Option struct {
	kind optionKind
	n    int
}

type optionKind uint8

const (
	optNone optionKind = iota
	optAdvantage
	optDisadvantage
	optCritical
	optRerollBelow
	optLucky
	optRerollLow
)

// Advantage rolls the expression's d20 term twice and keeps the higher. The
// d20 term is the first plain added "1d20" (or "d20"); an expression without
// one, such as "2d6" or "2d20kh1", is rolled normally. With Disadvantage too, the two
// cancel and the d20 is rolled once (5e).
func Advantage() Option { return Option{kind: optAdvantage} }

// Disadvantage is Advantage keeping the lower d20.
func Disadvantage() Option { return Option{kind: optDisadvantage} }

// Critical doubles the number of dice in every dice term (and the number
// kept, if the term keeps some), never the flat modifiers: a critical
// "1d8+3" rolls 2d8+3. A d20 term rolled with advantage or disadvantage is
// not doubled.
func Critical() Option { return Option{kind: optCritical} }

// RerollBelow rerolls, once, every die that shows less than n, and keeps the
// new face even if it is lower; Great Weapon Fighting is RerollBelow(3).
// n <= 1 does nothing; with several, the largest n applies.
func RerollBelow(n int) Option { return Option{kind: optRerollBelow, n: n} }

// RerollLow rerolls, once, up to n of the dice that show less than the
// middle of their range (a d6 showing 1 to 3), the lowest first and, among
// equal faces, the earlier die first; each keeps its new face. The n is
// shared by the terms in order: those the first term rerolls, the next
// may not. Empowered Spell is RerollLow(the caster's Charisma modifier).
// n <= 0 does nothing; with several, the largest n applies.
func RerollLow(n int) Option { return Option{kind: optRerollLow, n: n} }

// Lucky is the halfling trait: a d20 that shows 1 is rerolled once and the
// new face used. Only d20s are affected, and only one die per roll, so with
// advantage and two 1s only the first is rerolled.
func Lucky() Option { return Option{kind: optLucky} }

type options struct {
	adv, dis, crit, lucky bool
	below, low            int
}

// Result is a roll as it is stored in the turn record and sent to clients:
// enough to show every die and, with the same Source, to roll it again
// identically (Parse(Expr) and Options()).
type Result struct {
	// Expr is the expression as requested, in canonical form; options
	// (advantage, critical) show in the Terms, not here.
	Expr string `json:"dice"`
	// Rolls is every face drawn from the Source, in draw order: the
	// Terms' Rolls one after the other.
	Rolls []int `json:"rolls"`
	Total int   `json:"total"`
	// Natural is the kept face of the d20 when the expression has exactly
	// one d20 term, added, keeping one die ("1d20+5", "1d20+1d4+2", a d20
	// rolled with advantage); otherwise 0.
	Natural int `json:"natural,omitempty"`
	// Advantage and Disadvantage say which one changed the roll: neither
	// when both were asked for (they cancel) or there was no d20 term.
	Advantage    bool `json:"advantage,omitempty"`
	Disadvantage bool `json:"disadvantage,omitempty"`
	Critical     bool `json:"critical,omitempty"`
	RerollBelow  int  `json:"reroll_below,omitempty"`
	Lucky        bool `json:"lucky,omitempty"`
	// RerollLow is the most dice RerollLow could reroll (Rerolled says
	// which it did).
	RerollLow int `json:"reroll_low,omitempty"`
	// Terms are the expression's terms as rolled, in order.
	Terms []TermResult `json:"terms"`
}

// TermResult is one term of a Result.
type TermResult struct {
	// Dice is the term as rolled, signed: "1d20", "2d20kh1" for a d20 with
	// advantage, "2d8" for a critical 1d8, "-1d4", or a flat "5".
	Dice string `json:"dice"`
	// Rolls is every face drawn for the term in order: the dice first,
	// then any rerolls.
	Rolls []int `json:"rolls,omitempty"`
	// Kept and Dropped are the final faces (after rerolls) in die order.
	Kept     []int    `json:"kept,omitempty"`
	Dropped  []int    `json:"dropped,omitempty"`
	Rerolled []Reroll `json:"rerolled,omitempty"`
	// Modifier is the signed value of a flat term, 0 for a dice term.
	Modifier int `json:"modifier,omitempty"`
	// Subtotal is the term's signed contribution to the total.
	Subtotal int `json:"subtotal"`
}

// Reroll records that die Die (0-based, within its term) showed From and
// was rerolled to To.
type Reroll struct {
	Die  int `json:"die"`
	From int `json:"from"`
	To   int `json:"to"`
}

// Options returns the options that, with the same Source sequence, roll
// Parse(r.Expr) to r again.
func (r Result) Options() []Option {
	var o []Option
	if r.Advantage {
		o = append(o, Advantage())
	}
	if r.Disadvantage {
		o = append(o, Disadvantage())
	}
	if r.Critical {
		o = append(o, Critical())
	}
	if r.RerollBelow > 1 {
		o = append(o, RerollBelow(r.RerollBelow))
	}
	if r.Lucky {
		o = append(o, Lucky())
	}
	if r.RerollLow > 0 {
		o = append(o, RerollLow(r.RerollLow))
	}
	return o
}

// Roll rolls e with faces drawn from src, applying opts. It draws the dice
// of each term in order, then that term's rerolls. It panics only if src
// breaks its contract (returns a value outside [0, n)).
func Roll(e Expr, src Source, opts ...Option) Result {
	var o options
	for _, op := range opts {
		switch op.kind {
		case optAdvantage:
			o.adv = true
		case optDisadvantage:
			o.dis = true
		case optCritical:
			o.crit = true
		case optRerollBelow:
			o.below = max(o.below, op.n)
		case optLucky:
			o.lucky = true
		case optRerollLow:
			o.low = max(o.low, op.n)
		}
	}
	if o.adv && o.dis {
		o.adv, o.dis = false, false
	}
	if o.below <= 1 {
		o.below = 0
	}

	// The terms as rolled, after advantage and critical.
	terms := e.terms
	n := int(e.n)
	advAt := -1
	if o.adv || o.dis {
		for i, t := range terms[:n] {
			if t.sides == 20 && t.count == 1 && t.keep == 0 && !t.neg {
				advAt = i
				terms[i] = term{sides: 20, count: 2, keep: 1, low: o.dis}
				break
			}
		}
		if advAt < 0 {
			o.adv, o.dis = false, false
		}
	}
	dice := 0
	for i := range terms[:n] {
		t := &terms[i]
		if o.crit && t.isDice() && i != advAt {
			t.count *= 2
			t.keep *= 2
		}
		dice += int(t.count)
	}

	r := Result{
		Advantage:    o.adv,
		Disadvantage: o.dis,
		Critical:     o.crit,
		RerollBelow:  o.below,
		Lucky:        o.lucky,
		RerollLow:    o.low,
		Terms:        make([]TermResult, n),
	}

	lowLeft := o.low
	// One allocation for every face: draws (at most two per die) in
	// [0, 2*dice), then each term's kept and dropped faces.
	ints := make([]int, 3*dice)
	draws := ints[: 0 : 2*dice]
	final := ints[2*dice : 2*dice : 3*dice]
	var rerolls []Reroll

	// One allocation for every string: the expression, then each term.
	var textBuf [4 * MaxInput]byte
	text := e.appendTo(textBuf[:0])
	exprEnd := len(text)
	var textEnds [MaxTerms]int

	var faces [2 * MaxDice]int
	var dropped [2 * MaxDice]bool
	luckUsed := false
	d20Terms, natural := 0, 0
	for i, t := range terms[:n] {
		text = t.appendTo(text, true)
		textEnds[i] = len(text)
		tr := &r.Terms[i]
		if !t.isDice() {
			tr.Modifier = int(t.flat)
			tr.Subtotal = int(t.flat)
			r.Total += tr.Subtotal
			continue
		}

		sides, count := int(t.sides), int(t.count)
		start := len(draws)
		for j := range count {
			faces[j] = draw(src, sides)
			draws = append(draws, faces[j])
		}
		rstart := len(rerolls)
		for j, v := range faces[:count] {
			lucky := o.lucky && !luckUsed && sides == 20 && v == 1
			if v >= o.below && !lucky {
				continue
			}
			if lucky {
				luckUsed = true
			}
			if rerolls == nil {
				rerolls = make([]Reroll, 0, dice)
			}
			faces[j] = draw(src, sides)
			draws = append(draws, faces[j])
			rerolls = append(rerolls, Reroll{Die: j, From: v, To: faces[j]})
		}
		for ; lowLeft > 0; lowLeft-- {
			// The lowest face below the middle not rerolled yet.
			at := -1
			for j, v := range faces[:count] {
				if 2*v < sides+1 && (at < 0 || v < faces[at]) && !slices.ContainsFunc(rerolls[rstart:], func(x Reroll) bool { return x.Die == j }) {
					at = j
				}
			}
			if at < 0 {
				break
			}
			if rerolls == nil {
				rerolls = make([]Reroll, 0, dice)
			}
			v := faces[at]
			faces[at] = draw(src, sides)
			draws = append(draws, faces[at])
			rerolls = append(rerolls, Reroll{Die: at, From: v, To: faces[at]})
		}
		tr.Rolls = draws[start:len(draws):len(draws)]
		if len(rerolls) > rstart {
			tr.Rerolled = rerolls[rstart:len(rerolls):len(rerolls)]
		}

		// Drop the lowest (or highest) faces; among equal faces the
		// later die is dropped.
		clear(dropped[:count])
		for range count - t.kept() {
			at := -1
			for j := count - 1; j >= 0; j-- {
				if dropped[j] {
					continue
				}
				if at < 0 || (t.low && faces[j] > faces[at]) || (!t.low && faces[j] < faces[at]) {
					at = j
				}
			}
			dropped[at] = true
		}
		kstart := len(final)
		sum := 0
		for j, v := range faces[:count] {
			if !dropped[j] {
				final = append(final, v)
				sum += v
			}
		}
		kend := len(final)
		for j, v := range faces[:count] {
			if dropped[j] {
				final = append(final, v)
			}
		}
		tr.Kept = final[kstart:kend:kend]
		if len(final) > kend {
			tr.Dropped = final[kend:len(final):len(final)]
		}
		if t.neg {
			sum = -sum
		}
		tr.Subtotal = sum
		r.Total += sum

		if sides == 20 {
			d20Terms++
			if !t.neg && len(tr.Kept) == 1 {
				natural = tr.Kept[0]
			}
		}
	}
	if d20Terms == 1 {
		r.Natural = natural
	}
	r.Rolls = draws[:len(draws):len(draws)]

	s := string(text)
	r.Expr = s[:exprEnd]
	prev := exprEnd
	for i := range r.Terms {
		r.Terms[i].Dice = s[prev:textEnds[i]]
		prev = textEnds[i]
	}
	return r
}

// draw rolls one die with the given number of sides.
func draw(src Source, sides int) int {
	v := src.Intn(sides)
	if v < 0 || v >= sides {
		panic(fmt.Sprintf("dice: Source.Intn(%d) returned %d", sides, v))
	}
	return v + 1
}
