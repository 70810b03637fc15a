// Package srdgen turns the SRD 5.1 reference JSON into Chronicler's compact
// rules data (shared/srd/data). It keeps facts only: numbers, dice, ids and
// short names, never descriptions.
package srdgen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"chronicler/shared/srd"
)

// Tables is everything the generator writes.
type Tables struct {
	Spells     []srd.Spell
	Monsters   []srd.Monster
	Classes    []srd.Class
	Races      []srd.Race
	Weapons    []srd.Weapon
	Armor      []srd.Armor
	Gear       []srd.Gear
	Conditions []srd.Condition
	MagicItems []srd.MagicItem
	// Adjustments lists where the data departs from the reference's
	// structured fields on purpose, each with the SRD text it follows, for
	// the report and the committed list (AdjustmentsFile).
	Adjustments []Adjustment
}

// Build reads the reference folder and converts it.
func Build(refDir string) (*Tables, error) {
	t := &Tables{}
	steps := []struct {
		name string
		fn   func(string) error
	}{
		{"spells", t.buildSpells},
		{"monsters", t.buildMonsters},
		{"classes", t.buildClasses},
		{"races", t.buildRaces},
		{"equipment", t.buildEquipment},
		{"conditions", t.buildConditions},
		{"magic items", t.buildMagicItems}, // after spells: an item's spells start at their own level
	}
	for _, s := range steps {
		if err := s.fn(refDir); err != nil {
			return nil, fmt.Errorf("build %s: %w", s.name, err)
		}
	}
	slices.SortFunc(t.Adjustments, Adjustment.compare)
	return t, nil
}

// Files renders the tables as data files, and the adjustments as
// AdjustmentsFile: file name -> contents.
func (t *Tables) Files() (map[string][]byte, error) {
	encoders := map[string]func() ([]byte, error){
		"spells.json":      func() ([]byte, error) { return encode(t.Spells) },
		"monsters.json":    func() ([]byte, error) { return encode(t.Monsters) },
		"classes.json":     func() ([]byte, error) { return encode(t.Classes) },
		"races.json":       func() ([]byte, error) { return encode(t.Races) },
		"weapons.json":     func() ([]byte, error) { return encode(t.Weapons) },
		"armor.json":       func() ([]byte, error) { return encode(t.Armor) },
		"gear.json":        func() ([]byte, error) { return encode(t.Gear) },
		"conditions.json":  func() ([]byte, error) { return encode(t.Conditions) },
		"magic_items.json": func() ([]byte, error) { return encode(t.MagicItems) },
	}
	out := make(map[string][]byte, len(encoders)+1)
	out[AdjustmentsFile] = t.adjustmentsList()
	for name, enc := range encoders {
		b, err := enc()
		if err != nil {
			return nil, fmt.Errorf("encode %s: %w", name, err)
		}
		out[name] = b
	}
	return out, nil
}

// Generate builds the tables from refDir and writes them into outDir.
func Generate(refDir, outDir string) (*Tables, error) {
	t, err := Build(refDir)
	if err != nil {
		return nil, err
	}
	files, err := t.Files()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", outDir, err)
	}
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(outDir, name), b, 0o644); err != nil {
			return nil, fmt.Errorf("write %s: %w", name, err)
		}
	}
	return t, nil
}

// encode writes one record per line, so the committed files diff by entity
// and regenerate byte for byte (struct fields in order, map keys sorted).
func encode[T any](items []T) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("[\n")
	for i, it := range items {
		var line bytes.Buffer
		enc := json.NewEncoder(&line)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(it); err != nil {
			return nil, fmt.Errorf("record %d: %w", i, err)
		}
		b.Write(bytes.TrimSuffix(line.Bytes(), []byte("\n")))
		if i < len(items)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]\n")
	return b.Bytes(), nil
}

func readJSON(refDir, name string, v any) error {
	b, err := os.ReadFile(filepath.Join(refDir, name))
	if err != nil {
		return fmt.Errorf("read reference: %w", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("decode %s: %w", name, err)
	}
	return nil
}

func indexes(links []refLink) []string {
	if len(links) == 0 {
		return nil
	}
	out := make([]string, len(links))
	for i, l := range links {
		out[i] = l.Index
	}
	return out
}

func byID[T any](items []T, id func(T) string) {
	slices.SortFunc(items, func(a, b T) int { return strings.Compare(id(a), id(b)) })
}
