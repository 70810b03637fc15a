package storetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"time"
)

var (
	timeType = reflect.TypeFor[time.Time]()
	rawType  = reflect.TypeFor[json.RawMessage]()
)

// same reports whether got equals want as a store may return it, and fails
// the test with both values if not. A store keeps meaning, not Go identity:
// times are compared by instant (a store writes UTC, so the zone may change),
// nil and empty slices and maps are alike (JSON and DynamoDB blur them), and
// JSON is compared in its compact form.
func same(t *testing.T, what string, got, want any) bool {
	t.Helper()
	g, w := canon(reflect.ValueOf(got)), canon(reflect.ValueOf(want))
	if reflect.DeepEqual(g, w) {
		return true
	}
	gj, _ := json.MarshalIndent(g, "", "  ")
	wj, _ := json.MarshalIndent(w, "", "  ")
	t.Errorf("%s differs\n got: %s\nwant: %s", what, gj, wj)
	return false
}

// canon turns v into plain maps, slices and scalars in which equal stored
// values are deeply equal (see same).
func canon(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Invalid:
		return nil
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return canon(v.Elem())
	}
	switch v.Type() {
	case timeType:
		return v.Interface().(time.Time).UTC().Format(time.RFC3339Nano)
	case rawType:
		if v.Len() == 0 {
			return nil
		}
		var buf bytes.Buffer
		if err := json.Compact(&buf, v.Bytes()); err != nil {
			return "invalid JSON: " + string(v.Bytes())
		}
		return "json " + buf.String()
	}
	switch v.Kind() {
	case reflect.Struct:
		m := map[string]any{}
		for i := range v.NumField() {
			if f := v.Type().Field(i); f.IsExported() {
				m[f.Name] = canon(v.Field(i))
			}
		}
		return m
	case reflect.Slice, reflect.Array:
		if v.Len() == 0 {
			return nil
		}
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return "bytes " + string(v.Bytes())
		}
		out := make([]any, v.Len())
		for i := range out {
			out[i] = canon(v.Index(i))
		}
		return out
	case reflect.Map:
		if v.Len() == 0 {
			return nil
		}
		m := map[string]any{}
		for it := v.MapRange(); it.Next(); {
			m[fmt.Sprint(it.Key().Interface())] = canon(it.Value())
		}
		return m
	}
	return v.Interface()
}
