package srd_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"chronicler/shared/srd"
	"chronicler/shared/srd/internal/srdgen"
)

// handWritten are the data files written by hand, not generated: the
// class features and racial traits with how each is used (the reference
// gives their names and levels, which TestFeaturesFollowTheReference
// holds them to, but not how they play), the resources they spend, and
// what they do with spells.
var handWritten = map[string]bool{"features.json": true, "resources.json": true, "spellcasting.json": true, "monster_traits.json": true, "magic_items_told.json": true, "monster_actions_told.json": true}

// TestGeneratorIsDeterministic regenerates the data from the reference into
// a temporary folder and requires the committed files, byte for byte: the
// data (and the list of its adjustments to the reference) is what the
// generator makes, and making it twice changes nothing.
func TestGeneratorIsDeterministic(t *testing.T) {
	if _, err := os.Stat(refDir); err != nil {
		t.Skipf("SRD reference not found at %s (CI has it beside the repository): %v", refDir, err)
	}
	for run := range 2 {
		out := t.TempDir()
		if _, err := srdgen.Generate(refDir, out); err != nil {
			t.Fatal(err)
		}
		generated, _ := filepath.Glob(filepath.Join(out, "*"))
		all, _ := filepath.Glob(filepath.Join("data", "*"))
		var committed []string
		for _, c := range all {
			if !handWritten[filepath.Base(c)] {
				committed = append(committed, c)
			}
		}
		if len(generated) != len(committed) || len(generated) != 10 {
			t.Fatalf("run %d: generated %d files, data/ has %d, want 10 each (9 tables and %s)", run, len(generated), len(committed), srdgen.AdjustmentsFile)
		}
		for _, g := range generated {
			name := filepath.Base(g)
			want, err := os.ReadFile(filepath.Join("data", name))
			if err != nil {
				t.Fatalf("data/%s: %v", name, err)
			}
			got, err := os.ReadFile(g)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("run %d: data/%s differs from a fresh generation; run go generate ./shared/srd/", run, name)
			}
		}
	}
}

// TestCoverageSummary logs what the data carries (go test -v -run
// Coverage); the same report comes from go run ./internal/gen -report.
func TestCoverageSummary(t *testing.T) {
	tables := &srdgen.Tables{
		Spells: srd.Spells(), Monsters: srd.Monsters(), Classes: srd.Classes(), Races: srd.Races(),
		Weapons: srd.Weapons(), Armor: srd.Armors(), Conditions: srd.Conditions(), MagicItems: srd.MagicItems(),
	}
	if _, err := os.Stat(refDir); err == nil {
		built, err := srdgen.Build(refDir)
		if err != nil {
			t.Fatal(err)
		}
		tables.Adjustments = built.Adjustments
	}
	var b strings.Builder
	tables.Report(&b)
	t.Log("\n" + b.String())
	c := srdgen.CoverSpells(tables.Spells)
	if c.Mechanical+c.NarrativeOnly != 319 || c.Mechanical == 0 {
		t.Errorf("coverage does not add up: %+v", c)
	}
}
