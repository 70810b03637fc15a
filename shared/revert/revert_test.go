package revert

import (
	"encoding/json"
	"testing"
)

// canonical is v as compact JSON with members in key order, numbers as
// written: what two equal values share.
func canonical(t testing.TB, v []byte) string {
	t.Helper()
	d, err := decode(v)
	if err != nil {
		t.Fatalf("decode %s: %v", v, err)
	}
	out, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// roundTrip checks that the patch of before and after, kept as JSON and
// read back, turns after into before.
func roundTrip(t testing.TB, before, after string) Patch {
	t.Helper()
	p, err := Diff([]byte(before), []byte(after))
	if err != nil {
		t.Fatalf("diff %s -> %s: %v", before, after, err)
	}
	kept, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var read Patch
	if err := json.Unmarshal(kept, &read); err != nil {
		t.Fatalf("read back %s: %v", kept, err)
	}
	got, err := Apply([]byte(after), read)
	if err != nil {
		t.Fatalf("apply %s to %s: %v", kept, after, err)
	}
	if canonical(t, got) != canonical(t, []byte(before)) {
		t.Fatalf("patch %s turned %s into %s, want %s", kept, after, got, before)
	}
	return read
}

func TestAPatchTurnsTheValueAfterBackIntoTheValueBefore(t *testing.T) {
	cases := []struct{ name, before, after string }{
		{"unchanged", `{"a":1,"b":[1,2]}`, `{"a":1,"b":[1,2]}`},
		{"a scalar changed", `{"a":1,"b":"x"}`, `{"a":2,"b":"x"}`},
		{"a member added", `{"a":1}`, `{"a":1,"b":{"c":true}}`},
		{"a member removed", `{"a":1,"b":[1,{"c":null}]}`, `{"a":1}`},
		{"null before a value", `{"a":null}`, `{"a":[1]}`},
		{"a value before null", `{"a":[1]}`, `{"a":null}`},
		{"appended to an array", `{"a":[1,2]}`, `{"a":[1,2,3,4]}`},
		{"an empty array grown", `{"a":[]}`, `{"a":[{"x":1}]}`},
		{"an array shrank", `{"a":[1,2,3]}`, `{"a":[1]}`},
		{"an element changed inside", `[{"hp":9,"name":"Bram"},{"hp":7}]`, `[{"hp":4,"name":"Bram"},{"hp":7},{"hp":1}]`},
		{"another kind", `{"a":{"b":1}}`, `{"a":"b"}`},
		{"numbers as written", `{"a":1.50}`, `{"a":1.5}`},
		{"a whole scalar", `"x"`, `"y"`},
		{"deep", `{"ix":{"docs":[{"t":1}],"post":{"gob":[0]}}}`, `{"ix":{"docs":[{"t":1},{"t":2}],"post":{"gob":[0,1],"well":[1]}}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := roundTrip(t, c.before, c.after)
			if (c.before == c.after) != p.Empty() {
				t.Fatalf("patch of %s -> %s is empty: %v", c.before, c.after, p.Empty())
			}
		})
	}
}

func TestAPatchOfAnAppendKeepsOnlyWhatChanged(t *testing.T) {
	before := `{"docs":[{"text":"a long excerpt of the first turn's narration"}],"post":{"gob":[0]},"summary":"so far"}`
	after := `{"docs":[{"text":"a long excerpt of the first turn's narration"},{"text":"the second"}],"post":{"gob":[0,1]},"summary":"so far"}`
	p := roundTrip(t, before, after)
	kept, _ := json.Marshal(p)
	if want := `{"keys":{"docs":{"len":1},"post":{"keys":{"gob":{"len":1}}}}}`; string(kept) != want {
		t.Fatalf("patch = %s, want %s", kept, want)
	}
}

func TestAPatchRefusesAValueOfAnotherShape(t *testing.T) {
	p, err := Diff([]byte(`{"a":[1,2]}`), []byte(`{"a":[1,2,3]}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, after := range []string{`{"a":[1]}`, `{"a":"x"}`, `[1]`, `{}`} {
		if got, err := Apply([]byte(after), p); err == nil {
			t.Errorf("apply to %s = %s, want an error", after, got)
		}
	}
}

func TestBackRestoresATypedValue(t *testing.T) {
	type sheet struct {
		Name       string   `json:"name"`
		HP         int      `json:"hp"`
		Conditions []string `json:"conditions,omitempty"`
		Version    int64    `json:"-"`
	}
	before := sheet{Name: "Bram", HP: 9, Version: 3}
	after := sheet{Name: "Bram", HP: 2, Conditions: []string{"prone"}, Version: 4}
	p, err := Of(before, after)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Back(after, p)
	if err != nil {
		t.Fatal(err)
	}
	if got.Name != "Bram" || got.HP != 9 || got.Conditions != nil {
		t.Fatalf("back = %+v, want %+v", got, before)
	}
}

func FuzzAPatchTurnsAfterBackIntoBefore(f *testing.F) {
	f.Add(`{"a":1,"b":[1,2]}`, `{"a":2,"b":[1,2,3],"c":null}`)
	f.Add(`[{"x":[]}]`, `[{"x":[1]},2]`)
	f.Add(`null`, `{}`)
	f.Fuzz(func(t *testing.T, before, after string) {
		if _, err := decode([]byte(before)); err != nil {
			return
		}
		if _, err := decode([]byte(after)); err != nil {
			return
		}
		roundTrip(t, before, after)
	})
}
