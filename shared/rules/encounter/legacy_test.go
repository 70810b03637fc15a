package encounter_test

import (
	"encoding/json"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules/encounter"
)

// An encounter stored before resources were pools (a fighter's Second
// Wind kept as second_wind_used) is read into pools, and its end writes
// the use back to the sheet.
func TestLegacyEncounterKeepsItsResources(t *testing.T) {
	e := begin(t, goblins(1), nil, 10, 5, 1)
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	for _, p := range raw["participants"].([]any) {
		m := p.(map[string]any)
		delete(m, "pools")
		if m["id"] == "mira" {
			m["second_wind_used"] = true
		}
	}
	legacy, err := json.Marshal(raw)
	if err != nil {
		t.Fatal(err)
	}
	read, err := encounter.FromRecord(campaign.EncounterRecord{ID: "enc-1", Status: encounter.Active, Data: legacy})
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, read, "mira"); p.Pools[campaign.ResourceSecondWind] != (campaign.Pool{Max: 1, Used: 1}) {
		t.Fatalf("pools read %+v", p.Pools)
	}
	_, ds, err := encounter.End(read, "victory", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d := diffOf(t, ds, "mira")
	if len(d.Resources) != 1 || d.Resources[0] != (encounter.ResourceDiff{ID: campaign.ResourceSecondWind, Before: 0, After: 1}) {
		t.Errorf("resource diffs %+v", d.Resources)
	}
}
