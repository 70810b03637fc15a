package game

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
)

// In a fight the narrator sees a character as the fight holds it: hit
// points, conditions, death saves, concentration, and the spell effects
// on it; not the sheet as it was when the fight began.
func TestInFightIsTheFightsState(t *testing.T) {
	sheet := campaign.Character{ID: "c1", Name: "Mira", HP: 9, MaxHP: 9, AC: 12,
		SpellSlots: map[string]campaign.Slot{"1": {Max: 2}}}
	c := rules.Combatant{HP: 0, MaxHP: 9, Conditions: rules.SetOf(rules.Unconscious), Concentration: "bless",
		DeathSaves: campaign.DeathSaves{Successes: 1, Failures: 2}}
	c.SpellSlots[0] = campaign.Slot{Max: 2, Used: 1}
	mira := encounter.Participant{ID: "c1", Name: "Mira", Kind: encounter.KindCharacter, CharacterID: "c1", Combatant: c}
	mira.HP, mira.MaxHP, mira.AC, mira.Conditions = 0, 9, 12, []string{"unconscious"}
	brok := encounter.Participant{ID: "c2", Name: "Brok", Kind: encounter.KindCharacter, CharacterID: "c2"}
	e := encounter.Encounter{Participants: []encounter.Participant{mira, brok},
		Effects: []encounter.Effect{{Effect: spell.Effect{ID: "blessed", Spell: "bless", CasterID: "c1", TargetID: "c2"}}}}

	got := inFight(sheet, mira)
	if got.HP != 0 || got.DeathSaves.Failures != 2 || got.Concentration == nil || *got.Concentration != "Bless" ||
		len(got.Conditions) != 1 || got.Conditions[0] != "unconscious" || got.SpellSlots["1"].Used != 1 {
		t.Fatalf("in the fight Mira is %+v", got)
	}
	if sheet.HP != 9 || sheet.SpellSlots["1"].Used != 0 {
		t.Fatal("the sheet was changed")
	}
	fx := effectsOf(e)
	if len(fx["c2"]) != 1 || !strings.Contains(fx["c2"][0], "blessed (Bless, from Mira)") || len(fx["c1"]) != 0 {
		t.Fatalf("effects = %v", fx)
	}
}
