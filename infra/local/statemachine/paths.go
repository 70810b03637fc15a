package statemachine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ohler55/ojg/jp"
)

// decodeJSON parses one JSON value into the shapes ojg's JSONPath walks:
// map[string]any, []any, string, bool, nil, and int64 for integers (so ids
// and counters keep every digit) or float64 for the other numbers.
func decodeJSON(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("unexpected data after the JSON value")
	}
	return normalize(v), nil
}

func normalize(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t {
			t[k] = normalize(x)
		}
	case []any:
		for i, x := range t {
			t[i] = normalize(x)
		}
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return i
		}
		f, _ := t.Float64()
		return f
	}
	return v
}

func encodeJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil { // only NaN or Inf could get here, and JSON input holds neither
		return "null"
	}
	return string(b)
}

// deepCopy copies decoded JSON so ResultPath can write into a state's input
// without touching the data an earlier state, the history or the context
// object still holds.
func deepCopy(v any) any {
	switch t := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(t))
		for k, x := range t {
			m[k] = deepCopy(x)
		}
		return m
	case []any:
		s := make([]any, len(t))
		for i, x := range t {
			s[i] = deepCopy(x)
		}
		return s
	}
	return v
}

// path is a parsed JSONPath of the definition: InputPath, OutputPath,
// ResultPath, a ".$" field, a Choice Variable, a *Path field.
type path struct {
	src      string
	null     bool // the field was JSON null: InputPath/OutputPath give {}, ResultPath discards
	context  bool // "$$...": evaluated against the context object
	expr     jp.Expr
	definite bool // selects at most one node: no wildcard, slice, union, filter or descent
}

// parsePath parses s. allowContext admits "$$" paths; reference requires a
// Reference Path (only names and indexes, as ResultPath and the *Path
// fields must be).
func parsePath(s string, allowContext, reference bool) (*path, error) {
	p := &path{src: s}
	if strings.HasPrefix(s, "States.") {
		return nil, fmt.Errorf("%q: intrinsic functions are not supported", s)
	}
	body := s
	if strings.HasPrefix(s, "$$") {
		if !allowContext {
			return nil, fmt.Errorf("%q: the context object ($$) is not allowed here", s)
		}
		p.context = true
		body = s[1:]
	}
	if !strings.HasPrefix(body, "$") {
		return nil, fmt.Errorf("%q is not a JSONPath: it must start with $", s)
	}
	x, err := jp.ParseString(body)
	if err != nil {
		return nil, fmt.Errorf("%q is not a valid JSONPath: %v", s, err)
	}
	if len(x) == 0 {
		return nil, fmt.Errorf("%q is not a valid JSONPath", s)
	}
	if _, ok := x[0].(jp.Root); !ok {
		return nil, fmt.Errorf("%q must start at the root ($)", s)
	}
	p.expr, p.definite = x, true
	for _, f := range x[1:] {
		switch f.(type) {
		case jp.Child, jp.Nth, jp.Bracket:
		default:
			p.definite = false
		}
	}
	if reference && !p.definite {
		return nil, fmt.Errorf("%q must be a Reference Path (names and indexes only, no wildcards, slices, unions, filters or ..)", s)
	}
	return p, nil
}

// get selects from data (or from the context object for "$$" paths). A
// definite path answers one value and whether it exists; any other path
// answers the list of what it matched, which always exists.
func (p *path) get(data, ctx any) (any, bool) {
	if p.context {
		data = ctx
	}
	if p.definite {
		if len(p.expr) == 1 {
			return data, true
		}
		return p.expr.FirstFound(data)
	}
	found := p.expr.Get(data)
	if found == nil {
		found = []any{}
	}
	return found, true
}

// selectInput applies an InputPath or OutputPath: absent means "$", null
// gives {}, and a path that selects nothing is a States.Runtime error.
func selectInput(field string, p *path, data any) (any, *stateError) {
	if p == nil {
		return data, nil
	}
	if p.null {
		return map[string]any{}, nil
	}
	v, ok := p.get(data, nil)
	if !ok {
		return nil, runtimeErr("Invalid path '%s' : the %s references an invalid value", p.src, field)
	}
	return v, nil
}

// applyResultPath puts result into a copy of input as ResultPath says:
// absent or "$" replaces the input, null keeps the input, and any other
// Reference Path writes result there, creating the objects on the way.
func applyResultPath(p *path, input, result any) (any, *stateError) {
	if p == nil || len(p.expr) == 1 && !p.null {
		return result, nil
	}
	if p.null {
		return input, nil
	}
	out := deepCopy(input)
	if _, isObj := out.(map[string]any); !isObj {
		if _, isArr := out.([]any); !isArr {
			return nil, &stateError{name: errResultPathMatch, cause: fmt.Sprintf("Unable to apply ResultPath '%s' to input %s: the input is not an object", p.src, encodeJSON(input))}
		}
	}
	if err := p.expr.SetOne(out, deepCopy(result)); err != nil {
		return nil, &stateError{name: errResultPathMatch, cause: fmt.Sprintf("Unable to apply ResultPath '%s' to input %s: %v", p.src, encodeJSON(input), err)}
	}
	return out, nil
}

// template is a Parameters or ResultSelector payload template: JSON in which
// the value of every key ending in ".$" is a path, replaced by what it
// selects (from the input, or from the context object for "$$" paths).
type template struct {
	value any // decoded JSON, with *path in place of the ".$" values
}

func parseTemplate(v any, allowContext bool) (*template, error) {
	t, err := compileTemplate(v, allowContext)
	if err != nil {
		return nil, err
	}
	return &template{value: t}, nil
}

type pathField struct {
	name string
	p    *path
}

type compiledObject struct {
	fields []pathField // ".$" keys, name without the suffix
	plain  map[string]any
}

func compileTemplate(v any, allowContext bool) (any, error) {
	switch t := v.(type) {
	case map[string]any:
		obj := compiledObject{plain: map[string]any{}}
		for k, x := range t {
			if name, ok := strings.CutSuffix(k, ".$"); ok {
				s, isStr := x.(string)
				if !isStr {
					return nil, fmt.Errorf("%q: the value of a key ending in .$ must be a path string", k)
				}
				if _, dup := t[name]; dup {
					return nil, fmt.Errorf("%q and %q are both present", name, k)
				}
				p, err := parsePath(s, allowContext, false)
				if err != nil {
					return nil, fmt.Errorf("%q: %v", k, err)
				}
				obj.fields = append(obj.fields, pathField{name: name, p: p})
				continue
			}
			c, err := compileTemplate(x, allowContext)
			if err != nil {
				return nil, err
			}
			obj.plain[k] = c
		}
		return obj, nil
	case []any:
		out := make([]any, len(t))
		for i, x := range t {
			c, err := compileTemplate(x, allowContext)
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return out, nil
	}
	return v, nil
}

// eval builds the template's value; a path that selects nothing is a
// States.ParameterPathFailure.
func (t *template) eval(input, ctx any) (any, *stateError) {
	return evalTemplate(t.value, input, ctx)
}

func evalTemplate(v, input, ctx any) (any, *stateError) {
	switch t := v.(type) {
	case compiledObject:
		out := make(map[string]any, len(t.plain)+len(t.fields))
		for k, x := range t.plain {
			r, err := evalTemplate(x, input, ctx)
			if err != nil {
				return nil, err
			}
			out[k] = r
		}
		for _, f := range t.fields {
			r, ok := f.p.get(input, ctx)
			if !ok {
				return nil, &stateError{name: errParameterPath, cause: fmt.Sprintf("The JSONPath '%s' specified for the field '%s.$' could not be found in the input %s", f.p.src, f.name, encodeJSON(input))}
			}
			out[f.name] = deepCopy(r)
		}
		return out, nil
	case []any:
		out := make([]any, len(t))
		for i, x := range t {
			r, err := evalTemplate(x, input, ctx)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	}
	return deepCopy(v), nil
}

// usesPath reports whether the template has a ".$" field whose path is src.
func (t *template) usesPath(src string) bool {
	var walk func(v any) bool
	walk = func(v any) bool {
		switch x := v.(type) {
		case compiledObject:
			for _, f := range x.fields {
				if f.p.src == src {
					return true
				}
			}
			for _, c := range x.plain {
				if walk(c) {
					return true
				}
			}
		case []any:
			for _, c := range x {
				if walk(c) {
					return true
				}
			}
		}
		return false
	}
	return t != nil && walk(t.value)
}

// contextPaths lists the "$$" paths the template reads.
func (t *template) contextPaths() []string {
	var out []string
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case compiledObject:
			for _, f := range x.fields {
				if f.p.context {
					out = append(out, f.p.src)
				}
			}
			for _, c := range x.plain {
				walk(c)
			}
		case []any:
			for _, c := range x {
				walk(c)
			}
		}
	}
	if t != nil {
		walk(t.value)
	}
	return out
}
