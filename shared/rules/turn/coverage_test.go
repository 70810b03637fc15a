package turn_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
	"chronicler/shared/srd"
)

// played is every feature id some part of the rules plays, and which.
func played() map[string][]string {
	out := map[string][]string{}
	add := func(where string, ids []string) {
		for _, id := range ids {
			out[id] = append(out[id], where)
		}
	}
	add("rules", rules.PlayedPassives())
	add("encounter", encounter.PlayedFeatures())
	add("turn", turn.PlayedFeatures())
	for _, f := range srd.Features() {
		if campaign.SheetPlayed(f) {
			out[f.ID] = append(out[f.ID], "sheet")
		}
	}
	return out
}

// TestFeatureCoverage holds the feature data to the engine: a feature the
// data says is played (no told reason) has a part of the rules that
// plays it, and one with a told reason has none. It prints, per class,
// the features played, told and in all, and the racial traits played
// (go test -v -run FeatureCoverage ./shared/rules/turn/).
func TestFeatureCoverage(t *testing.T) {
	by := played()
	known := map[string]bool{}
	type count struct{ played, told, total int }
	counts := map[string]*count{}
	var order []string
	for _, f := range srd.Features() {
		known[f.ID] = true
		group := f.Class
		if group == "" {
			group = "race traits"
		}
		c, ok := counts[group]
		if !ok {
			c = &count{}
			counts[group] = c
			order = append(order, group)
		}
		c.total++
		where := by[f.ID]
		switch {
		case f.Played() && len(where) == 0:
			t.Errorf("%s (%s): the data says the engine plays it, and nothing does; give it a resolver or a told reason", f.ID, group)
		case !f.Played() && len(where) > 0:
			t.Errorf("%s (%s): told (%q), yet %s plays it", f.ID, group, f.Told, strings.Join(where, ", "))
		case f.Played():
			c.played++
		default:
			c.told++
		}
	}
	for id := range by {
		if !known[id] && id != rules.Raging {
			t.Errorf("%s is played but is no feature of the data", id)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-12s %7s %5s %6s\n", "", "played", "told", "total")
	all := count{}
	for _, g := range order {
		c := counts[g]
		fmt.Fprintf(&b, "%-12s %7d %5d %6d\n", g, c.played, c.told, c.total)
		if g != "race traits" {
			all.played, all.told, all.total = all.played+c.played, all.told+c.told, all.total+c.total
		}
	}
	fmt.Fprintf(&b, "%-12s %7d %5d %6d\n", "classes", all.played, all.told, all.total)
	t.Log("\n" + b.String())
}

// TestToldFeaturesSayWhy: every feature the narrator tells has its
// reason, and the reasons are listed (go test -v -run ToldFeatures).
func TestToldFeaturesSayWhy(t *testing.T) {
	var lines []string
	for _, f := range srd.Features() {
		if !f.Played() {
			lines = append(lines, fmt.Sprintf("%-45s %s", f.ID, f.Told))
		}
	}
	slices.Sort(lines)
	t.Log("\n" + strings.Join(lines, "\n"))
}
