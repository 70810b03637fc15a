package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
)

// Bless's d4 counts on every save its target makes, a stench's as much as
// a breath's: Mira's Constitution save, 3 + 4, fails DC 10; Bless's 4
// makes it.
func TestBlessAddsItsDieToASaveAgainstAStench(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "ghast", Count: 1}})
	e = engage(t, e, "mira", "ghast-1")
	e, _ = actFaces(t, e, "mira", endTurn())
	e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "blessed", Spell: "bless", CasterID: "tavi", TargetID: "mira", Dice: "1d4"}})
	// The bite misses (2); Bless's d4 (4) comes before the save's d20 (3).
	e, res := actFaces(t, e, "ghast-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "bite", EndTurn: true}, 2, 4, 3)
	if m := participant(t, e, "mira"); m.Combatant.Conditions.Has(rules.Poisoned) || !strings.Contains(res.Summary(), "Bless adds 4 to Mira's saving throw") {
		t.Fatalf("blessed Mira beside the ghast: %v: %s", m.Conditions, res.Summary())
	}
}

// Holy Aura gives advantage on every save, the one Sanctuary asks of an
// attacker too: the goblin's 5 and 18 (-1) make DC 13, and it strikes
// Wren after all.
func TestHolyAuraGivesAdvantageOnTheSaveSanctuaryAsks(t *testing.T) {
	e := casterFirst(t, []campaign.Character{cleo(), wren(), mira()}, goblins(1))
	e, _ = actFaces(t, e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "sanctuary", TargetID: "wren", EndTurn: true})
	e, _ = actFaces(t, e, "wren", endTurn())
	e, _ = actFaces(t, e, "mira", endTurn())
	e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "holy-aura", Spell: "holy-aura", TargetID: "goblin-1", DC: 15}})
	_, res, err := encounter.MonsterTurn(e, faces(t, 5, 18, 15, 3))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Saves) != 1 || !res.Saves[0].Success || len(res.Attacks) != 1 || res.Attacks[0].TargetID != "wren" {
		t.Fatalf("saves %+v, attacks %+v: %s", res.Saves, res.Attacks, res.Summary())
	}
}

// A Bardic Inspiration die may be added to any save, a repeated one at
// the end of a turn too: paralysed Mira's 2 + 4 falls short of DC 10,
// and the die's 5 frees her.
func TestBardicInspirationRescuesARepeatedSave(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "ghoul", Count: 1}})
	e, _ = actFaces(t, e, "mira", endTurn())
	e, _ = ghoulClaws(t, e, 15, 3, 3, 3)
	e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "bardic-inspiration", CasterID: "tavi", TargetID: "mira", Dice: "1d8"}})
	e, res := actFaces(t, e, "mira", endTurn(), 2, 5)
	if participant(t, e, "mira").Combatant.Conditions.Has(rules.Paralyzed) || !strings.Contains(res.Summary(), "Bardic Inspiration") {
		t.Fatalf("inspired Mira's repeated save: %s", res.Summary())
	}
	if slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == "bardic-inspiration" }) {
		t.Error("the spent Bardic Inspiration die is still held")
	}
}
