package events

import (
	"strings"
	"testing"
)

// An import's effects carry a ward's pick and area and a Contingency's
// held spell unchecked: a 9th-level spell held, a 5,000-byte pick.
func TestAnImportedSheetsWardsAndContingenciesAreChecked(t *testing.T) {
	for name, fx := range map[string]string{
		"LongHeld": `{"id":"contingency","spell":"contingency","caster_id":"ch1","held":"` + strings.Repeat("x", 100) + `","ends":"until a fight starts around its caster, when the held spell goes off"}`,
		"LongPick": `{"id":"ward","spell":"glyph-of-warding","caster_id":"ch1","pick":"` + strings.Repeat("x", 5000) + `","area":"cellar"}`,
		"WardDC":   `{"id":"ward","spell":"glyph-of-warding","caster_id":"ch1","pick":"fire","area":"cellar","dc":99}`,
	} {
		data := strings.Replace(validExport, `"inventory":[]`, `"inventory":[],"effects":[`+fx+`]`, 1)
		if _, err := DecodeExport([]byte(data)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
