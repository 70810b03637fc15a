package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
	"chronicler/shared/rules/turn"
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

// A blessed concentrator hit in the fight keeps Bless's d4 on its save to
// keep concentrating, as on its other saves: the goblin hits Cleo for 8,
// Bless's d4 (3) is drawn before the save's d20 (5), and the working
// names it and adds up to the total.
func TestBlessAddsItsDieToAConcentrationSaveInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{cleo()}, goblins(1))
	e, _ = actFaces(t, e, "cleo", endTurn())
	e = edit(e, "cleo", func(p *encounter.Participant) { p.Combatant.Concentration = "spirit-guardians" })
	e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "blessed", Spell: "bless", CasterID: "cleo", TargetID: "cleo", Dice: "1d4"}})
	_, res, err := encounter.MonsterTurn(e, faces(t, 15, 6, 3, 5))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || res.Attacks[0].Damage == nil || res.Attacks[0].Damage.ConcentrationSave == nil {
		t.Fatalf("no concentration save: %s", res.Summary())
	}
	sv := res.Attacks[0].Damage.ConcentrationSave
	con := participant(t, e, "cleo").Combatant.SaveBonus(rules.Con)
	if sv.Total != 5+con+3 {
		t.Errorf("concentration save %d, want 5 %+d and Bless's 3: %s", sv.Total, con, res.Summary())
	}
	assertNamedSave(t, sv, 5+con+3, "Bless")
}

// A paladin's Aura of Protection and Warding Bond count on the
// concentration save of the creature they guard, as on any save.
func TestAurasAndBondsCountOnAConcentrationSaveInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{cleo()}, goblins(1))
	e, _ = actFaces(t, e, "cleo", endTurn())
	e = edit(e, "cleo", func(p *encounter.Participant) { p.Combatant.Concentration = "spirit-guardians" })
	e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "warding-bond", Spell: "warding-bond", TargetID: "cleo"}})
	_, res, err := encounter.MonsterTurn(e, faces(t, 15, 6, 5))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || res.Attacks[0].Damage == nil || res.Attacks[0].Damage.ConcentrationSave == nil {
		t.Fatalf("no concentration save: %s", res.Summary())
	}
	con := participant(t, e, "cleo").Combatant.SaveBonus(rules.Con)
	assertNamedSave(t, res.Attacks[0].Damage.ConcentrationSave, 5+con+1, "Warding Bond")
}

// assertNamedSave holds save sv's roll to its working: the total is
// want, the working names source and replays.
func assertNamedSave(t *testing.T, sv *rules.SaveResult, want int, source string) {
	t.Helper()
	if sv.Total != want {
		t.Errorf("save total %d, want %d", sv.Total, want)
	}
	var r *rules.Roll
	for i := range sv.Rolls {
		if sv.Rolls[i].Reason == "concentration save" {
			r = &sv.Rolls[i]
		}
	}
	if r == nil || r.Working == nil {
		t.Fatalf("no worked concentration roll in %+v", sv.Rolls)
	}
	if !slices.ContainsFunc(r.Working.Terms, func(term campaign.Term) bool { return term.Source == source }) {
		t.Errorf("the working's terms %+v do not name %s", r.Working.Terms, source)
	}
	if err := turn.Rolls([]rules.Roll{*r})[0].Verify(); err != nil {
		t.Errorf("the roll does not replay with its working: %v", err)
	}
}
