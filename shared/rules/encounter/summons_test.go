package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules/encounter"
)

// ash is a level 5 druid with two 3rd-level slots.
func ash() campaign.Character {
	return campaign.Character{
		ID: "ash", PlayerID: "p9", Name: "Ash", Race: "human", Class: "druid", Level: 5,
		Abilities: campaign.Abilities{Str: 10, Dex: 12, Con: 14, Int: 10, Wis: 16, Cha: 8},
		HP:        33, MaxHP: 33, AC: 13, Speed: 30, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 2}}, HitDice: campaign.Pool{Max: 5},
	}
}

// Conjure Animals brings eight wolves into the fight on the druid's side:
// they take their turns by the rules, biting the druid's foes, and they
// vanish when her concentration ends.
func TestConjureAnimalsFightsForTheCaster(t *testing.T) {
	e := casterFirst(t, []campaign.Character{ash()}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	e, res, err := encounter.Act(e, "ash", encounter.Action{Kind: encounter.ActionCast, Spell: "conjure-animals", SlotLevel: 3, Choice: "wolf", EndTurn: true}, seeded(3))
	if err != nil {
		t.Fatal(err)
	}
	var wolves []encounter.Participant
	for _, p := range e.Participants {
		if p.Summoned {
			wolves = append(wolves, p)
		}
	}
	if len(wolves) != 8 || wolves[0].Kind != encounter.KindCharacter || wolves[0].SummonedBy != "ash" || !strings.Contains(res.Summary(), "to fight at its side") {
		t.Fatalf("summoned %d: %+v: %s", len(wolves), wolves, res.Summary())
	}
	if e.Decided() != "" {
		t.Fatalf("the fight is decided: %s", e.Decided())
	}
	// Play the turns up to the druid's next: the wolves bite the ogre.
	bitten := false
	for e.Current != "ash" && e.Status == encounter.Active {
		var r encounter.Result
		e, r, err = encounter.MonsterTurn(e, seeded(7))
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range r.Attacks {
			if strings.HasPrefix(a.AttackerID, "ash-wolf-") && a.TargetID == "ogre-1" {
				bitten = true
			}
		}
	}
	if !bitten {
		t.Fatal("no wolf bit the ogre in a round")
	}
	if e.Status != encounter.Active {
		return // the pack brought the ogre down
	}
	// The druid casts another concentration spell: the wolves vanish.
	e, res, err = encounter.Act(e, "ash", encounter.Action{Kind: encounter.ActionCast, Spell: "conjure-animals", SlotLevel: 3, Choice: "brown bear"}, seeded(5))
	if err != nil {
		t.Fatal(err)
	}
	n, bears := 0, 0
	for _, p := range e.Participants {
		switch {
		case p.Summoned && strings.HasPrefix(p.ID, "ash-wolf-") && !p.Defeated:
			n++
		case p.Summoned && strings.HasPrefix(p.ID, "ash-brown-bear-") && !p.Defeated:
			bears++
		}
	}
	if n != 0 || bears != 2 || !strings.Contains(res.Summary(), "vanishes") {
		t.Errorf("after a second casting: %d wolves standing, %d bears: %s", n, bears, res.Summary())
	}
}
