// Package revert records what a change to a JSON value replaced, as a
// patch that turns the value after the change back into the value before
// it. A turn keeps such patches of what it changed (the state, the sheets,
// the fight, the memory) rather than the values whole: a turn changes a
// few fields of each, and what is kept is written with every turn.
package revert

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
)

// Patch turns a JSON value back into what it was. The zero Patch changes
// nothing: the value did not change.
type Patch struct {
	// Was is the whole value before, when the change replaced it (a
	// scalar changed, a value of another kind, an array that shrank).
	Was json.RawMessage `json:"was,omitempty"`
	// Keys are the patches of an object's members that changed, and New
	// the members the change added, which the patch removes.
	Keys map[string]Patch `json:"keys,omitempty"`
	New  []string         `json:"new,omitempty"`
	// Len is an array's length before, when the change appended to it or
	// changed its elements (At: by index).
	Len *int          `json:"len,omitempty"`
	At  map[int]Patch `json:"at,omitempty"`
}

// Empty reports whether the patch changes nothing.
func (p Patch) Empty() bool {
	return p.Was == nil && len(p.Keys) == 0 && len(p.New) == 0 && p.Len == nil && len(p.At) == 0
}

// Diff is the patch that turns after back into before. Both must be JSON.
func Diff(before, after []byte) (Patch, error) {
	b, err := decode(before)
	if err != nil {
		return Patch{}, fmt.Errorf("revert: the value before: %w", err)
	}
	a, err := decode(after)
	if err != nil {
		return Patch{}, fmt.Errorf("revert: the value after: %w", err)
	}
	return diff(b, a)
}

// Apply turns after back with p: the value before, as compact JSON (an
// object's members in key order). It fails when after does not have the
// shape the patch was made on.
func Apply(after []byte, p Patch) ([]byte, error) {
	if p.Empty() {
		return after, nil
	}
	a, err := decode(after)
	if err != nil {
		return nil, fmt.Errorf("revert: the value after: %w", err)
	}
	v, err := apply(a, p)
	if err != nil {
		return nil, fmt.Errorf("revert: %w", err)
	}
	return json.Marshal(v)
}

// Of is the patch that turns after back into before, both as JSON.
func Of[T any](before, after T) (Patch, error) {
	b, err := json.Marshal(before)
	if err != nil {
		return Patch{}, err
	}
	a, err := json.Marshal(after)
	if err != nil {
		return Patch{}, err
	}
	return Diff(b, a)
}

// Back turns after back with p. Fields JSON leaves out (`json:"-"`) are
// zero in what it returns, and a json.RawMessage within holds compact JSON
// with its members in key order: the caller sets the one and re-encodes
// the other as its own type does.
func Back[T any](after T, p Patch) (T, error) {
	if p.Empty() {
		return after, nil
	}
	a, err := json.Marshal(after)
	if err != nil {
		return after, err
	}
	b, err := Apply(a, p)
	if err != nil {
		return after, err
	}
	var was T
	if err := json.Unmarshal(b, &was); err != nil {
		return after, fmt.Errorf("revert: the value before: %w", err)
	}
	return was, nil
}

func decode(data []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, fmt.Errorf("more than one JSON value")
	}
	return v, nil
}

func whole(v any) (Patch, error) {
	b, err := json.Marshal(v)
	return Patch{Was: b}, err
}

func diff(before, after any) (Patch, error) {
	switch b := before.(type) {
	case map[string]any:
		a, ok := after.(map[string]any)
		if !ok {
			return whole(before)
		}
		var p Patch
		for k, bv := range b {
			av, ok := a[k]
			if !ok {
				av = missing{}
			}
			kp, err := diff(bv, av)
			if err != nil {
				return Patch{}, err
			}
			if !kp.Empty() {
				if p.Keys == nil {
					p.Keys = map[string]Patch{}
				}
				p.Keys[k] = kp
			}
		}
		for k := range a {
			if _, ok := b[k]; !ok {
				p.New = append(p.New, k)
			}
		}
		slices.Sort(p.New)
		return p, nil
	case []any:
		a, ok := after.([]any)
		if !ok || len(a) < len(b) {
			return whole(before)
		}
		var p Patch
		for i, bv := range b {
			ep, err := diff(bv, a[i])
			if err != nil {
				return Patch{}, err
			}
			if !ep.Empty() {
				if p.At == nil {
					p.At = map[int]Patch{}
				}
				p.At[i] = ep
			}
		}
		if len(a) != len(b) || len(p.At) > 0 {
			n := len(b)
			p.Len = &n
		}
		return p, nil
	default:
		if same(before, after) {
			return Patch{}, nil
		}
		return whole(before)
	}
}

// missing stands for an object's member that the value after lacks: no
// JSON value equals it.
type missing struct{}

func same(x, y any) bool {
	switch x := x.(type) {
	case nil:
		return y == nil
	case bool:
		yv, ok := y.(bool)
		return ok && x == yv
	case string:
		yv, ok := y.(string)
		return ok && x == yv
	case json.Number:
		yv, ok := y.(json.Number)
		return ok && x == yv
	}
	return false
}

func apply(after any, p Patch) (any, error) {
	if p.Was != nil {
		return decode(p.Was)
	}
	if p.Len != nil || len(p.At) > 0 {
		a, ok := after.([]any)
		if !ok || p.Len == nil || *p.Len > len(a) {
			return nil, fmt.Errorf("an array patch of length %v does not fit %T of length %d", p.Len, after, lenOf(after))
		}
		out := slices.Clone(a[:*p.Len])
		for i, ep := range p.At {
			if i < 0 || i >= len(out) {
				return nil, fmt.Errorf("an element patch at %d is past the array's %d", i, len(out))
			}
			v, err := apply(out[i], ep)
			if err != nil {
				return nil, fmt.Errorf("[%d]: %w", i, err)
			}
			out[i] = v
		}
		return out, nil
	}
	if len(p.Keys) == 0 && len(p.New) == 0 {
		return after, nil
	}
	a, ok := after.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("an object patch does not fit %T", after)
	}
	out := make(map[string]any, len(a))
	for k, v := range a {
		out[k] = v
	}
	for _, k := range p.New {
		delete(out, k)
	}
	for k, kp := range p.Keys {
		cur, ok := out[k]
		if !ok && kp.Was == nil {
			return nil, fmt.Errorf("member %q: missing, and its patch is not the whole value", k)
		}
		v, err := apply(cur, kp)
		if err != nil {
			return nil, fmt.Errorf("%q: %w", k, err)
		}
		out[k] = v
	}
	return out, nil
}

func lenOf(v any) int {
	if a, ok := v.([]any); ok {
		return len(a)
	}
	return -1
}
