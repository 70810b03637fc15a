package statemachine

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"
)

// rule is a Choice Rule: a boolean expression (And, Or, Not) or a data-test
// expression (Variable and one comparison operator).
type rule struct {
	next     string
	and, or  []*rule
	not      *rule
	variable *path
	op       string // the comparison operator, e.g. "NumericLessThan"
	value    any    // its literal operand
	operand  *path  // for the *Path operators
}

// compareKind groups operators by the type they compare.
type compareKind int

const (
	kindString compareKind = iota + 1
	kindNumeric
	kindBoolean
	kindTimestamp
	kindTest // IsNull, IsPresent, IsNumeric, IsString, IsBoolean, IsTimestamp: operand is a boolean
	kindMatch
)

var operators = func() map[string]compareKind {
	m := map[string]compareKind{
		"BooleanEquals": kindBoolean, "StringMatches": kindMatch,
		"IsNull": kindTest, "IsPresent": kindTest, "IsNumeric": kindTest,
		"IsString": kindTest, "IsBoolean": kindTest, "IsTimestamp": kindTest,
	}
	for _, rel := range []string{"Equals", "LessThan", "GreaterThan", "LessThanEquals", "GreaterThanEquals"} {
		m["String"+rel] = kindString
		m["Numeric"+rel] = kindNumeric
		m["Timestamp"+rel] = kindTimestamp
	}
	return m
}()

// operatorKind knows the comparison operators and their *Path variants.
func operatorKind(op string) (compareKind, bool, bool) {
	if k, ok := operators[op]; ok {
		return k, false, true
	}
	base, ok := strings.CutSuffix(op, "Path")
	if !ok {
		return 0, false, false
	}
	k, ok := operators[base]
	if !ok || k == kindTest || k == kindMatch {
		return 0, false, false
	}
	return k, true, true
}

func parseRule(raw any, top bool) (*rule, error) {
	obj, ok := raw.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("a Choice Rule must be an object")
	}
	r := &rule{}
	var ops []string
	keys := make([]string, 0, len(obj))
	for k := range obj {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := obj[k]
		switch k {
		case "Comment":
		case "Next":
			s, ok := v.(string)
			if !ok || s == "" {
				return nil, fmt.Errorf("the Next field must be a state name")
			}
			if !top {
				return nil, errors.New("the Next field is only allowed in a top-level Choice Rule, not inside And, Or or Not")
			}
			r.next = s
		case "Variable":
			s, ok := v.(string)
			if !ok {
				return nil, errors.New("the Variable field must be a path string")
			}
			p, err := parsePath(s, true, false)
			if err != nil {
				return nil, fmt.Errorf("the Variable field: %v", err)
			}
			r.variable = p
		case "And", "Or":
			list, ok := v.([]any)
			if !ok || len(list) == 0 {
				return nil, fmt.Errorf("%s must be a non-empty array of Choice Rules", k)
			}
			for i, x := range list {
				sub, err := parseRule(x, false)
				if err != nil {
					return nil, fmt.Errorf("%s[%d]: %v", k, i, err)
				}
				if k == "And" {
					r.and = append(r.and, sub)
				} else {
					r.or = append(r.or, sub)
				}
			}
			ops = append(ops, k)
		case "Not":
			sub, err := parseRule(v, false)
			if err != nil {
				return nil, fmt.Errorf("in Not: %v", err)
			}
			r.not = sub
			ops = append(ops, k)
		default:
			kind, isPath, known := operatorKind(k)
			if !known {
				return nil, fmt.Errorf("%q is not a supported Choice Rule field or comparison operator", k)
			}
			if err := r.setOperator(k, kind, isPath, v); err != nil {
				return nil, err
			}
			ops = append(ops, k)
		}
	}
	switch {
	case len(ops) == 0:
		return nil, fmt.Errorf("a Choice Rule needs And, Or, Not or a comparison operator")
	case len(ops) > 1:
		return nil, fmt.Errorf("a Choice Rule has exactly one of And, Or, Not or a comparison operator, not %s", strings.Join(ops, " and "))
	}
	if r.op != "" && r.variable == nil {
		return nil, fmt.Errorf("%s needs a Variable", r.op)
	}
	if r.op == "" && r.variable != nil {
		return nil, errors.New("the Variable field is only allowed with a comparison operator")
	}
	if top && r.next == "" {
		return nil, fmt.Errorf("a top-level Choice Rule needs Next")
	}
	return r, nil
}

func (r *rule) setOperator(op string, kind compareKind, isPath bool, v any) error {
	r.op = op
	if isPath {
		s, ok := v.(string)
		if !ok {
			return fmt.Errorf("%s must be a path string", op)
		}
		p, err := parsePath(s, true, true)
		if err != nil {
			return fmt.Errorf("%s: %v", op, err)
		}
		r.operand = p
		return nil
	}
	bad := func(want string) error { return fmt.Errorf("%s needs %s, not %s", op, want, encodeJSON(v)) }
	switch kind {
	case kindString, kindMatch:
		if _, ok := v.(string); !ok {
			return bad("a string")
		}
	case kindNumeric:
		if _, ok := number(v); !ok {
			return bad("a number")
		}
	case kindBoolean, kindTest:
		if _, ok := v.(bool); !ok {
			return bad("true or false")
		}
	case kindTimestamp:
		if _, ok := timestamp(v); !ok {
			return bad("an RFC 3339 timestamp (uppercase T and Z)")
		}
	}
	r.value = v
	return nil
}

// eval decides the rule on input. A Variable or *Path operand that selects
// nothing is a States.Runtime error, except under IsPresent; a value of the
// wrong type makes the comparison false.
func (r *rule) eval(input, ctx any) (bool, *stateError) {
	switch {
	case r.and != nil:
		for _, s := range r.and {
			ok, err := s.eval(input, ctx)
			if err != nil || !ok {
				return false, err
			}
		}
		return true, nil
	case r.or != nil:
		for _, s := range r.or {
			ok, err := s.eval(input, ctx)
			if err != nil || ok {
				return ok, err
			}
		}
		return false, nil
	case r.not != nil:
		ok, err := r.not.eval(input, ctx)
		return !ok, err
	}
	v, present := r.variable.get(input, ctx)
	if r.op == "IsPresent" {
		return present == r.value.(bool), nil
	}
	if !present {
		return false, runtimeErr("Invalid path '%s': The choice state's condition path references an invalid value.", r.variable.src)
	}
	operand := r.value
	if r.operand != nil {
		var ok bool
		if operand, ok = r.operand.get(input, ctx); !ok {
			return false, runtimeErr("Invalid path '%s': The choice state's condition path references an invalid value.", r.operand.src)
		}
	}
	return compare(r.op, v, operand), nil
}

func compare(op string, v, operand any) bool {
	base := strings.TrimSuffix(op, "Path")
	if _, direct := operators[op]; direct {
		base = op
	}
	switch base {
	case "IsNull":
		return (v == nil) == operand.(bool)
	case "IsNumeric":
		_, ok := number(v)
		return ok == operand.(bool)
	case "IsString":
		_, ok := v.(string)
		return ok == operand.(bool)
	case "IsBoolean":
		_, ok := v.(bool)
		return ok == operand.(bool)
	case "IsTimestamp":
		_, ok := timestamp(v)
		return ok == operand.(bool)
	case "BooleanEquals":
		a, ok1 := v.(bool)
		b, ok2 := operand.(bool)
		return ok1 && ok2 && a == b
	case "StringMatches":
		a, ok1 := v.(string)
		pattern, ok2 := operand.(string)
		return ok1 && ok2 && wildcardMatch(pattern, a)
	}
	kind := operators[base]
	rel := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(base, "String"), "Numeric"), "Timestamp")
	var c int
	switch kind {
	case kindString:
		a, ok1 := v.(string)
		b, ok2 := operand.(string)
		if !ok1 || !ok2 {
			return false
		}
		c = strings.Compare(a, b)
	case kindNumeric:
		a, ok1 := number(v)
		b, ok2 := number(operand)
		if !ok1 || !ok2 {
			return false
		}
		c = compareNumbers(a, b)
	case kindTimestamp:
		a, ok1 := timestamp(v)
		b, ok2 := timestamp(operand)
		if !ok1 || !ok2 {
			return false
		}
		c = a.Compare(b)
	default:
		return false
	}
	switch rel {
	case "Equals":
		return c == 0
	case "LessThan":
		return c < 0
	case "GreaterThan":
		return c > 0
	case "LessThanEquals":
		return c <= 0
	case "GreaterThanEquals":
		return c >= 0
	}
	return false
}

// num keeps integers exact: two int64s compare as integers, anything else
// as float64.
type num struct {
	i     int64
	f     float64
	isInt bool
}

func number(v any) (num, bool) {
	switch t := v.(type) {
	case int64:
		return num{i: t, f: float64(t), isInt: true}, true
	case float64:
		if math.IsNaN(t) {
			return num{}, false
		}
		return num{f: t}, true
	case int:
		return num{i: int64(t), f: float64(t), isInt: true}, true
	}
	return num{}, false
}

func compareNumbers(a, b num) int {
	if a.isInt && b.isInt {
		switch {
		case a.i < b.i:
			return -1
		case a.i > b.i:
			return 1
		}
		return 0
	}
	switch {
	case a.f < b.f:
		return -1
	case a.f > b.f:
		return 1
	}
	return 0
}

// timestamp parses the RFC 3339 profile ASL uses: an uppercase T between
// date and time and an uppercase Z when there is no numeric offset.
func timestamp(v any) (time.Time, bool) {
	s, ok := v.(string)
	if !ok || strings.ContainsAny(s, "tz ") {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	return t, err == nil
}

// wildcardMatch implements StringMatches: * matches any run of characters,
// \* a literal star and \\ a literal backslash.
func wildcardMatch(pattern, s string) bool {
	type tok struct {
		star bool
		r    rune
	}
	var toks []tok
	rs := []rune(pattern)
	for i := 0; i < len(rs); i++ {
		switch {
		case rs[i] == '\\' && i+1 < len(rs) && (rs[i+1] == '*' || rs[i+1] == '\\'):
			toks = append(toks, tok{r: rs[i+1]})
			i++
		case rs[i] == '*':
			toks = append(toks, tok{star: true})
		default:
			toks = append(toks, tok{r: rs[i]})
		}
	}
	str := []rune(s)
	// Classic greedy match with backtracking to the last star.
	ti, si, star, mark := 0, 0, -1, 0
	for si < len(str) {
		switch {
		case ti < len(toks) && !toks[ti].star && toks[ti].r == str[si]:
			ti++
			si++
		case ti < len(toks) && toks[ti].star:
			star, mark = ti, si
			ti++
		case star >= 0:
			ti = star + 1
			mark++
			si = mark
		default:
			return false
		}
	}
	for ti < len(toks) && toks[ti].star {
		ti++
	}
	return ti == len(toks)
}
