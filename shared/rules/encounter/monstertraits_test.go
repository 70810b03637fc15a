package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// one has the first character act against one monster of srdID, that
// monster at hp (0 for its own), and returns the fight on the character's
// turn.
func one(t *testing.T, ch campaign.Character, srdID string, hp int) encounter.Encounter {
	t.Helper()
	e := casterFirst(t, []campaign.Character{ch}, []encounter.MonsterSpec{{SRDID: srdID, Count: 1}})
	if hp > 0 {
		e = edit(e, srdID+"-1", func(p *encounter.Participant) { p.Combatant.HP, p.HP = hp, hp })
	}
	return e
}

// A troll regenerates 10 hit points at the start of its turn; dropped to
// 0 it does not die but rises at its turn; fire stops it, and a troll at
// 0 whose regeneration fire stopped dies.
func TestTrollRegenerates(t *testing.T) {
	// Mira's longsword, 15 + 5 against AC 15, 1d10 + 3 = 8 on a troll at
	// 5: it falls, and lives.
	e := one(t, mira(), "troll", 5)
	e, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "troll-1", EndTurn: true}, faces(t, 15, 5))
	if err != nil {
		t.Fatal(err)
	}
	troll := participant(t, e, "troll-1")
	if troll.Defeated || e.Status != encounter.Active || !strings.Contains(res.Summary(), "flesh still knits") {
		t.Fatalf("a troll dropped by a sword: defeated %v, status %s: %s", troll.Defeated, e.Status, res.Summary())
	}
	// Its turn starts: 10 hit points back.
	if troll.HP != 10 || !strings.Contains(res.Summary(), "Troll 1 regenerates 10 hit points") {
		t.Fatalf("the troll's turn: %d HP: %s", troll.HP, res.Summary())
	}

	// Wren's fire bolt (15 + 5 against AC 15, 1d10 fire = 7) drops a
	// troll at 5: fire stops its regeneration, and it dies.
	e = one(t, wren(), "troll", 5)
	e, res, err = encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "fire-bolt", TargetIDs: []string{"troll-1"}, EndTurn: true}, faces(t, 15, 7))
	if err != nil {
		t.Fatal(err)
	}
	if troll := participant(t, e, "troll-1"); !troll.Defeated || e.Status == encounter.Active {
		t.Fatalf("a burned troll at 0: defeated %v, status %s: %s", troll.Defeated, e.Status, res.Summary())
	}

	// Burned above 0, it does not regenerate at its next turn.
	e = one(t, wren(), "troll", 60)
	e, res, err = encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "fire-bolt", TargetIDs: []string{"troll-1"}, EndTurn: true}, faces(t, 15, 7))
	if err != nil {
		t.Fatal(err)
	}
	if troll := participant(t, e, "troll-1"); troll.HP != 53 || !strings.Contains(res.Summary(), "does not regenerate this turn") {
		t.Fatalf("a burned troll's turn: %d HP: %s", troll.HP, res.Summary())
	}
}

// A zombie dropped to 0 makes a Constitution save of DC 5 + the damage
// taken and stays up at 1 on a success; radiant damage gives it none.
func TestUndeadFortitude(t *testing.T) {
	// 8 damage on a zombie at 5: DC 13; its Con save, 12 + 3, makes it.
	e := one(t, mira(), "zombie", 5)
	e, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "zombie-1"}, faces(t, 15, 5, 12))
	if err != nil {
		t.Fatal(err)
	}
	if z := participant(t, e, "zombie-1"); z.Defeated || z.HP != 1 || !strings.Contains(res.Summary(), "Undead Fortitude") {
		t.Fatalf("a zombie's fortitude: defeated %v at %d HP: %s", z.Defeated, z.HP, res.Summary())
	}
	// A save of 2 + 3 fails.
	e = one(t, mira(), "zombie", 5)
	e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "zombie-1"}, faces(t, 15, 5, 2))
	if err != nil {
		t.Fatal(err)
	}
	if z := participant(t, e, "zombie-1"); !z.Defeated {
		t.Fatalf("a zombie that failed its save stands at %d HP", z.HP)
	}
	// A critical hit gives it no save.
	e = one(t, mira(), "zombie", 5)
	e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "zombie-1"}, faces(t, 20, 5, 5))
	if err != nil {
		t.Fatal(err)
	}
	if z := participant(t, e, "zombie-1"); !z.Defeated {
		t.Fatal("a zombie saved against a critical hit")
	}
}

// A boar takes 7 or less that would drop it to 0 and stays at 1, once.
func TestRelentless(t *testing.T) {
	e := one(t, mira(), "boar", 3)
	e, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "boar-1"}, faces(t, 15, 2))
	if err != nil {
		t.Fatal(err)
	}
	if b := participant(t, e, "boar-1"); b.Defeated || b.HP != 1 || !strings.Contains(res.Summary(), "Relentless") {
		t.Fatalf("a relentless boar: %d HP: %s", b.HP, res.Summary())
	}
	e = edit(e, "mira", func(p *encounter.Participant) { p.Turn = encounter.Turn{Movement: 30} })
	e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "boar-1"}, faces(t, 15, 1))
	if err != nil {
		t.Fatal(err)
	}
	if b := participant(t, e, "boar-1"); !b.Defeated {
		t.Fatal("Relentless held twice")
	}
}

// A clay golem absorbs acid: it takes none and regains that much.
func TestAcidAbsorption(t *testing.T) {
	e := one(t, wren(), "clay-golem", 100)
	// Acid Splash: the golem's Dex save, with advantage for its Magic
	// Resistance, 3 or 2, less 1, fails DC 13; then 1d6 acid.
	e, res, err := encounter.Act(e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "acid-splash", TargetIDs: []string{"clay-golem-1"}}, faces(t, 3, 2, 4))
	if err != nil {
		t.Fatal(err)
	}
	dealt := res.Rolls[len(res.Rolls)-1].Result.Total
	if g := participant(t, e, "clay-golem-1"); dealt < 1 || g.HP != 100+dealt || !strings.Contains(res.Summary(), "absorbed: it regains") {
		t.Fatalf("acid on a clay golem: %d HP: %s", g.HP, res.Summary())
	}
}

// A creature that hits a salamander in melee takes 2d6 fire.
func TestHeatedBody(t *testing.T) {
	e := one(t, mira(), "salamander", 0)
	e, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "salamander-1"}, faces(t, 18, 5, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, e, "mira"); m.HP != 28-7 || !strings.Contains(res.Summary(), "heated body burns Mira") {
		t.Fatalf("striking a salamander: Mira at %d: %s", m.HP, res.Summary())
	}
}

// A character that starts its turn beside a ghast saves against its
// stench or is poisoned until its next turn; one that saves is immune.
func TestStench(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "ghast", Count: 1}})
	e = engage(t, e, "mira", "ghast-1")
	e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	// The ghast's bite at Mira misses (2); her turn starts: Con save 3 + 4
	// fails DC 10.
	e, res, err := encounter.Act(e, "ghast-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "bite", EndTurn: true}, faces(t, 2, 3))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, e, "mira"); !m.Combatant.Conditions.Has(rules.Poisoned) || !strings.Contains(res.Summary(), "stench") {
		t.Fatalf("Mira beside the ghast: %v: %s", m.Conditions, res.Summary())
	}
}

// A hobgoblin deals 2d6 more once a turn to a creature beside one of its
// allies.
func TestMartialAdvantage(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "hobgoblin", Count: 2}})
	e = engage(t, e, "mira", "hobgoblin-2")
	e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	// The longsword hits (15 + 3), 1d8 + 1 = 5, and 2d6 = 7 more.
	_, res, err := encounter.Act(e, "hobgoblin-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "longsword", EndTurn: true}, faces(t, 15, 4, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; a.Damage == nil || a.Damage.Taken != 12 {
		t.Fatalf("a hobgoblin's martial advantage: %s", res.Summary())
	}
}

// A magma mephit bursts as it dies: each character beside it makes a DC
// 11 Dexterity save against 2d6 fire, half on a success.
func TestDeathBurst(t *testing.T) {
	e := one(t, mira(), "magma-mephit", 2)
	e = engage(t, e, "mira", "magma-mephit-1")
	// The longsword drops it; the burst's 2d6 is 3 + 4; Mira's save, 5 + 1,
	// fails.
	e, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "magma-mephit-1"}, faces(t, 15, 5, 3, 4, 5))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, e, "mira"); m.HP != 28-7 || !strings.Contains(res.Summary(), "bursts as it dies") {
		t.Fatalf("a mephit's death burst: Mira at %d: %s", m.HP, res.Summary())
	}
}
