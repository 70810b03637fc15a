package srdgen

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// AdjustmentsFile is the list of adjustments Generate writes beside the
// data, so a reviewer can audit every departure from the reference
// without running the generator.
const AdjustmentsFile = "adjustments.txt"

// Kinds of adjustment.
const (
	// The reference's structured fields disagree with the SRD's text; the
	// data follows the text.
	KindAC        = "ac"         // a monster's armour class leaves out its shield
	KindXP        = "xp"         // a monster's XP is not its challenge rating's
	KindSaveHalf  = "save-half"  // a save the text says halves damage is stored as negating it, or not at all
	KindSaveRider = "save-rider" // a hit's damage behind a save is missing, or stored without its save
	// The reference is kept in substance and reshaped.
	KindNoAttackRoll = "no-attack-roll" // an attack bonus on an entry that makes no attack roll
	KindSpellSplit   = "spell-split"    // a spell's "XdY + XdY" of two types split in two
	KindSpellUntyped = "spell-untyped"  // spell dice with no damage type
)

// Adjustment is one place the data departs from the reference's
// structured fields on purpose: what, where, and the SRD text it follows
// ("" where the change only reshapes the reference).
type Adjustment struct {
	Kind   string
	Where  string // "monster azer", "spell sleep"
	Change string
	Text   string
}

func (a Adjustment) String() string {
	s := fmt.Sprintf("[%s] %s: %s", a.Kind, a.Where, a.Change)
	if a.Text != "" {
		s += "\n    SRD: " + a.Text
	}
	return s
}

func (a Adjustment) compare(b Adjustment) int {
	return cmp.Or(strings.Compare(a.Kind, b.Kind), strings.Compare(a.Where, b.Where),
		strings.Compare(a.Change, b.Change), strings.Compare(a.Text, b.Text))
}

func (t *Tables) adjust(kind, where, text, format string, args ...any) {
	t.Adjustments = append(t.Adjustments, Adjustment{Kind: kind, Where: where, Change: fmt.Sprintf(format, args...), Text: text})
}

// AdjustmentCounts counts the adjustments by kind.
func AdjustmentCounts(as []Adjustment) map[string]int {
	n := map[string]int{}
	for _, a := range as {
		n[a.Kind]++
	}
	return n
}

// adjustmentsList renders AdjustmentsFile: a header with the counts by
// kind, then one entry per adjustment, in kind and place order.
func (t *Tables) adjustmentsList() []byte {
	var b bytes.Buffer
	b.WriteString("# Where shared/srd/data departs from the SRD 5.1 reference's structured\n")
	b.WriteString("# fields, and the SRD text each change follows. Written by the generator\n")
	b.WriteString("# (go generate ./shared/srd/); do not edit.\n#\n")
	n := AdjustmentCounts(t.Adjustments)
	for _, k := range slices.Sorted(maps.Keys(n)) {
		fmt.Fprintf(&b, "# %-15s %3d\n", k, n[k])
	}
	for _, a := range t.Adjustments {
		b.WriteString("\n")
		b.WriteString(a.String())
		b.WriteString("\n")
	}
	return b.Bytes()
}
