package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// A Periapt of Health makes its wearer immune to contracting a disease:
// a diseased giant rat's bite (15 + 4 hits AC 16 for 1d4 + 2) asks no
// DC 10 Constitution save of Mira wearing it, and leaves no disease;
// without it, a save of 3 + 4 fails and she is diseased.
func TestPeriaptOfHealthWardsOffARatsDisease(t *testing.T) {
	rats := []encounter.MonsterSpec{{SRDID: "giant-rat-diseased", Count: 1}}
	e := casterFirst(t, []campaign.Character{mira()}, rats)
	e, res := drainAt(t, e, "giant-rat-diseased-1", "bite", 15, 1, 3)
	if m := participant(t, e, "mira"); len(m.Combatant.Afflictions) != 1 || m.Combatant.Afflictions[0].Kind != "disease" {
		t.Fatalf("without the periapt: %+v: %s", m.Combatant.Afflictions, res.Summary())
	}
	e = casterFirst(t, []campaign.Character{miraWith(campaign.Item{Item: "periapt-of-health"})}, rats)
	e, res = drainAt(t, e, "giant-rat-diseased-1", "bite", 15, 1)
	m := participant(t, e, "mira")
	if m.HP != 25 || len(m.Combatant.Afflictions) != 0 || len(res.Saves) != 0 {
		t.Fatalf("with the periapt: %d HP, afflictions %+v, saves %+v: %s", m.HP, m.Combatant.Afflictions, res.Saves, res.Summary())
	}
	if !strings.Contains(res.Summary(), "Mira is immune to disease") {
		t.Errorf("the ward told: %s", res.Summary())
	}
	if !rules.DiseaseImmune(rules.FromSheet(miraWith(campaign.Item{Item: "periapt-of-health"})).Features) {
		t.Error("the sheet's wearer is not immune to disease out of the fight")
	}
}

// A Ring of Evasion: Mira fails the DC 13 Dexterity save against a red
// dragon wyrmling's Fire Breath (5 + 1; 7d6 of 3s, 21 fire) and is
// offered the ring; taken, her reaction and one of its 3 charges make
// the save a success, and she takes half, 10. With no charge left it is
// not offered.
func TestRingOfEvasionTurnsAFailedDexSave(t *testing.T) {
	dragon := []encounter.MonsterSpec{{SRDID: "red-dragon-wyrmling", Count: 1}}
	e, _, err := encounter.Start("enc-r", []campaign.Character{miraWith(campaign.Item{Item: "ring-of-evasion"})}, dragon, nil, faces(t, 1, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	breath := []int{3, 3, 3, 3, 3, 3, 3, 5}
	_, res, err := encounter.MonsterTurn(e, faces(t, breath...))
	if err != nil {
		t.Fatal(err)
	}
	k := slices.IndexFunc(res.Openings, func(o encounter.Opening) bool {
		return slices.ContainsFunc(o.Offers, func(of encounter.Offer) bool { return of.Name == "ring-of-evasion" })
	})
	if k < 0 || res.Saves[0].Success {
		t.Fatalf("no Ring of Evasion offered at a failed save: %+v, saves %+v", res.Openings, res.Saves)
	}
	rs := encounter.Reactions{Taken: []campaign.Reaction{{Attack: res.Openings[k].Attack, By: "mira", Name: "ring-of-evasion"}}, Seed: 3}
	out, res, err := encounter.MonsterTurnWith(e, faces(t, breath...), rs)
	if err != nil {
		t.Fatal(err)
	}
	p := participant(t, out, "mira")
	if !res.Saves[0].Success || p.HP != 28-10 || p.Pools["item:ring-of-evasion"] != (campaign.Pool{Max: 3, Used: 1}) || len(res.Applied) != 1 {
		t.Fatalf("after the ring: %d HP, pools %v, saves %+v: %s", p.HP, p.Pools, res.Saves, res.Summary())
	}
	spent := miraWith(campaign.Item{Item: "ring-of-evasion"})
	spent.Inventory[len(spent.Inventory)-1].Used = 3
	if e, _, err = encounter.Start("enc-r", []campaign.Character{spent}, dragon, nil, faces(t, 1, 20), nil); err != nil {
		t.Fatal(err)
	}
	if _, res, err = encounter.MonsterTurn(e, faces(t, breath...)); err != nil || len(res.Openings) != 0 {
		t.Fatalf("no charge left: %v, openings %+v", err, res.Openings)
	}
}
