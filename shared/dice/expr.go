package dice

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"chronicler/shared/fault"
)

// Limits on what Parse accepts. They keep a typed expression cheap to roll
// and its result small enough to store in a turn record.
const (
	MaxInput    = 100  // bytes of input
	MaxTerms    = 20   // dice and flat terms together
	MaxDice     = 100  // dice in one term
	MinSides    = 2    // sides of a die
	MaxSides    = 1000 // sides of a die
	MaxModifier = 1000 // magnitude of one flat term
)

const (
	parseOp    = "parse dice"
	parseField = "dice"
)

// term is one dice term ("4d6kh3", "-1d4") or one flat term ("5", "-1").
// The small fixed-size fields keep Expr comparable and cheap to copy.
type term struct {
	flat  int16  // signed value of a flat term; 0 for a dice term
	sides uint16 // 0 for a flat term
	count uint16 // dice rolled
	keep  uint16 // dice kept; 0 keeps them all
	low   bool   // keep the lowest rather than the highest
	neg   bool   // the dice term is subtracted
}

func (t term) isDice() bool { return t.sides != 0 }

// kept is how many dice of a dice term count toward the total.
func (t term) kept() int {
	if t.keep == 0 {
		return int(t.count)
	}
	return int(t.keep)
}

// bounds is the least and greatest signed contribution of t.
func (t term) bounds() (lo, hi int) {
	if !t.isDice() {
		return int(t.flat), int(t.flat)
	}
	k := t.kept()
	lo, hi = k, k*int(t.sides)
	if t.neg {
		return -hi, -lo
	}
	return lo, hi
}

// appendTo writes t in canonical form; a positive term gets a '+' unless it
// comes first.
func (t term) appendTo(b []byte, first bool) []byte {
	neg := t.neg
	if !t.isDice() {
		neg = t.flat < 0
	}
	switch {
	case neg:
		b = append(b, '-')
	case !first:
		b = append(b, '+')
	}
	if !t.isDice() {
		v := int(t.flat)
		if v < 0 {
			v = -v
		}
		return strconv.AppendInt(b, int64(v), 10)
	}
	b = strconv.AppendInt(b, int64(t.count), 10)
	b = append(b, 'd')
	b = strconv.AppendInt(b, int64(t.sides), 10)
	if t.keep != 0 {
		if t.low {
			b = append(b, "kl"...)
		} else {
			b = append(b, "kh"...)
		}
		b = strconv.AppendInt(b, int64(t.keep), 10)
	}
	return b
}

// Expr is a parsed dice expression: a sum of dice terms and flat terms.
// Exprs are values: comparable with ==, and two Exprs are equal exactly when
// their canonical forms (String) are equal. The zero Expr is the constant 0.
type Expr struct {
	n     uint8
	terms [MaxTerms]term
}

// String returns the canonical form: counts always written ("d20" is
// "1d20"), d% as 1d100, lower-case, no spaces, and a keep that keeps every
// die left out ("4d6kh4" is "4d6"). Parse(e.String()) == e.
func (e Expr) String() string {
	var buf [2 * MaxInput]byte
	return string(e.appendTo(buf[:0]))
}

func (e Expr) appendTo(b []byte) []byte {
	if e.n == 0 {
		return append(b, '0')
	}
	for i, t := range e.terms[:e.n] {
		b = t.appendTo(b, i == 0)
	}
	return b
}

// Min is the least total e can roll.
func (e Expr) Min() int {
	s := 0
	for _, t := range e.terms[:e.n] {
		lo, _ := t.bounds()
		s += lo
	}
	return s
}

// Max is the greatest total e can roll.
func (e Expr) Max() int {
	s := 0
	for _, t := range e.terms[:e.n] {
		_, hi := t.bounds()
		s += hi
	}
	return s
}

// MarshalText returns the canonical form, so an Expr stores as a JSON string.
func (e Expr) MarshalText() ([]byte, error) {
	return e.appendTo(nil), nil
}

// UnmarshalText parses text as Parse does; it returns a fault.Invalid error
// for malformed dice.
func (e *Expr) UnmarshalText(text []byte) error {
	x, err := Parse(string(text))
	if err != nil {
		return err
	}
	*e = x
	return nil
}

// MustParse is Parse for expressions fixed in code (a weapon's "1d8"); it
// panics if s is malformed. Never use it on input from a player.
func MustParse(s string) Expr {
	e, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return e
}

// Parse reads dice notation: terms joined by '+' or '-', each a flat number
// ("5") or dice written [count]d<sides>[kh<n>|kl<n>] ("d20", "2d6", "4d6kh3",
// "2d20kl1", "d%" for 1d100). Letters may be upper-case, spaces may stand
// between any two tokens (never inside a number or "kh"), and the first term
// may carry a sign. Both the input and its canonical form must fit MaxInput
// bytes, so every accepted Expr parses again from its String. Malformed or
// out-of-limit input returns a fault.Invalid error on field "dice" whose
// message says what is wrong.
func Parse(s string) (Expr, error) {
	if len(s) > MaxInput {
		return Expr{}, invalid("is %d bytes long; at most %d are allowed", len(s), MaxInput)
	}
	p := parser{s: s}
	p.skipSpace()
	if p.i == len(s) {
		return Expr{}, invalid("is empty: expected dice such as 1d20+5")
	}
	var e Expr
	var op byte // the operator before the term, 0 for an unsigned first term
	if c := s[p.i]; c == '+' || c == '-' {
		op = c
		p.i++
		p.skipSpace()
	}
	for {
		if int(e.n) == MaxTerms {
			return Expr{}, invalid("has more than %d terms", MaxTerms)
		}
		t, err := p.term(op)
		if err != nil {
			return Expr{}, err
		}
		e.terms[e.n] = t
		e.n++
		p.skipSpace()
		if p.i == len(s) {
			// The canonical form is what gets stored and parsed again, so
			// it must fit the limit too ("d%" grows to "1d100").
			var buf [4 * MaxInput]byte
			if n := len(e.appendTo(buf[:0])); n > MaxInput {
				return Expr{}, invalid("is %d bytes long written out in full; at most %d are allowed", n, MaxInput)
			}
			return e, nil
		}
		if c := s[p.i]; c != '+' && c != '-' {
			return Expr{}, p.unexpected("expected '+', '-' or the end")
		}
		op = s[p.i]
		p.i++
		p.skipSpace()
	}
}

type parser struct {
	s string
	i int
}

func (p *parser) skipSpace() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// text is the input from start to the parser's position, without the
// spaces at its end.
func (p *parser) text(start int) string {
	return strings.TrimRight(p.s[start:p.i], " \t\n\r")
}

// number reads a run of decimal digits. The value saturates rather than
// overflows; callers reject anything that large by its text.
func (p *parser) number() (v int, text string) {
	start := p.i
	for p.i < len(p.s) && '0' <= p.s[p.i] && p.s[p.i] <= '9' {
		if v < 1e8 {
			v = v*10 + int(p.s[p.i]-'0')
		}
		p.i++
	}
	return v, p.s[start:p.i]
}

// peekLower returns the next byte in lower case, or 0 at the end.
func (p *parser) peekLower() byte {
	if p.i == len(p.s) {
		return 0
	}
	c := p.s[p.i]
	if 'A' <= c && c <= 'Z' {
		c += 'a' - 'A'
	}
	return c
}

// term reads one term preceded by operator op ('+', '-' or 0).
func (p *parser) term(op byte) (term, error) {
	start := p.i
	count, countText := p.number()
	if countText != "" {
		p.skipSpace()
	}
	if p.peekLower() != 'd' {
		if countText == "" {
			if p.i == len(p.s) {
				return term{}, invalid("ends with '%c': expected dice or a number after it", op)
			}
			if op != 0 {
				return term{}, p.unexpected("expected dice or a number after '" + string(op) + "'")
			}
			return term{}, p.unexpected("expected dice or a number")
		}
		if count > MaxModifier {
			return term{}, invalid("%q: a number may be at most %d", countText, MaxModifier)
		}
		if op == '-' {
			count = -count
		}
		return term{flat: int16(count)}, nil
	}
	p.i++ // 'd'
	p.skipSpace()
	if countText == "" {
		count = 1
	}

	var sides int
	if p.i < len(p.s) && p.s[p.i] == '%' {
		p.i++
		sides = 100
	} else {
		var sidesText string
		sides, sidesText = p.number()
		if sidesText == "" {
			return term{}, invalid("%q needs the number of sides after 'd'", p.text(start))
		}
	}

	end := p.i
	p.skipSpace()
	var keep int
	var low bool
	var keepText string
	if p.peekLower() != 'k' {
		p.i = end // the spaces belong to what follows
	} else {
		p.i++
		switch p.peekLower() {
		case 'h':
		case 'l':
			low = true
		default:
			return term{}, invalid("%q: expected kh (keep highest) or kl (keep lowest)", p.text(start))
		}
		p.i++
		p.skipSpace()
		keep, keepText = p.number()
		if keepText == "" {
			return term{}, invalid("%q needs the number of dice to keep", p.text(start))
		}
	}

	text := p.text(start)
	switch {
	case count < 1:
		return term{}, invalid("%q: roll at least 1 die", text)
	case count > MaxDice:
		return term{}, invalid("%q: at most %d dice per term", text, MaxDice)
	case sides < MinSides || sides > MaxSides:
		return term{}, invalid("%q: a die has %d to %d sides", text, MinSides, MaxSides)
	case keepText != "" && keep < 1:
		return term{}, invalid("%q: keep at least 1 die", text)
	case keep > count:
		return term{}, invalid("%q: cannot keep %s of %d dice", text, keepText, count)
	}
	if keep == count {
		keep, low = 0, false
	}
	return term{
		sides: uint16(sides),
		count: uint16(count),
		keep:  uint16(keep),
		low:   low,
		neg:   op == '-',
	}, nil
}

// unexpected reports the character at the parser's position.
func (p *parser) unexpected(want string) error {
	r, _ := utf8.DecodeRuneInString(p.s[p.i:])
	return invalid("unexpected %q at column %d: %s", r, p.i+1, want)
}

func invalid(format string, args ...any) error {
	return fault.Field(parseOp, parseField, format, args...)
}
