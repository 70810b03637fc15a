package events

import (
	"strings"
	"testing"
	"unicode/utf8"

	"chronicler/shared/fault"
)

func TestDecodeLimit(t *testing.T) {
	for _, tt := range []struct {
		name, body, kind, text string
		bad                    string // the field an error names
	}{
		{name: "LineAccepted", body: `{"kind":"line","text":"spiders"}`, kind: "line", text: "spiders"},
		{name: "VeilFoldsItsWhiteSpace", body: `{"kind":"veil","text":"  the torture\n of prisoners "}`, kind: "veil", text: "the torture of prisoners"},
		{name: "UnknownKindRefused", body: `{"kind":"star","text":"x"}`, bad: "kind"},
		{name: "EmptyTextRefused", body: `{"kind":"line","text":"   "}`, bad: "text"},
		{name: "LongTextRefused", body: `{"kind":"line","text":"` + strings.Repeat("a", MaxLimitRunes+1) + `"}`, bad: "text"},
		{name: "ControlCharacterRefused", body: `{"kind":"line","text":"a\u0007b"}`, bad: "text"},
		{name: "UnknownFieldRefused", body: `{"kind":"line","text":"x","by":"p1"}`, bad: "-"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeLimit([]byte(tt.body))
			if tt.bad != "" {
				if fault.KindOf(err) != fault.Invalid {
					t.Fatalf("DecodeLimit(%s) = %+v, %v; want Invalid", tt.body, got, err)
				}
				if tt.bad != "-" && !strings.Contains(err.Error(), tt.bad) {
					t.Fatalf("error %q does not name %s", err, tt.bad)
				}
				return
			}
			if err != nil || got.Kind != tt.kind || got.Text != tt.text {
				t.Fatalf("DecodeLimit(%s) = %+v, %v; want %s %q", tt.body, got, err, tt.kind, tt.text)
			}
		})
	}
}

// FuzzDecodeLimit: no body panics the decoder, and what it accepts is a
// line or a veil of one line within the bound.
func FuzzDecodeLimit(f *testing.F) {
	for _, s := range []string{`{"kind":"line","text":"spiders"}`, `{"kind":"veil","text":"a\nb"}`, `{}`, `null`, `{"kind":"line","text":1}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := DecodeLimit(data)
		if err != nil {
			if k := fault.KindOf(err); k != fault.Invalid && k != fault.TooLarge {
				t.Fatalf("error kind %s: %v", k, err)
			}
			return
		}
		if b.Kind != "line" && b.Kind != "veil" {
			t.Fatalf("accepted kind %q", b.Kind)
		}
		if b.Text == "" || utf8.RuneCountInString(b.Text) > MaxLimitRunes || strings.ContainsAny(b.Text, "\n\r\t") {
			t.Fatalf("accepted text %q", b.Text)
		}
	})
}
