package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

// drainAt has monster id bite Mira with its action weapon, after her turn.
func drainAt(t *testing.T, e encounter.Encounter, id, weapon string, f ...int) (encounter.Encounter, encounter.Result) {
	t.Helper()
	e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, res, err := encounter.Act(e, id, encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: weapon, EndTurn: true}, faces(t, f...))
	if err != nil {
		t.Fatal(err)
	}
	return e, res
}

// A wight's Life Drain takes the necrotic damage it deals from the hit
// point maximum of a target that fails a DC 13 Constitution save, until a
// long rest: the sheet keeps it after the fight.
func TestWightDrainsTheMaximum(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "wight", Count: 1}})
	// 15 + 4 hits AC 16; 1d6 + 2 = 6 necrotic; Mira's save, 3 + 4, fails.
	e, res := drainAt(t, e, "wight-1", "life-drain", 15, 4, 3)
	m := participant(t, e, "mira")
	if m.HP != 22 || m.MaxHP != 22 || m.Combatant.Drained != 6 || m.Combatant.MaxHP != 28 {
		t.Fatalf("after the drain: %d/%d HP, drained %d: %s", m.HP, m.MaxHP, m.Combatant.Drained, res.Summary())
	}
	if !strings.Contains(res.Summary(), "drains 6 from Mira's hit point maximum, now 22 until a long rest") {
		t.Errorf("the drain told: %s", res.Summary())
	}
	// Healing stops at the lowered maximum.
	e = edit(e, "mira", func(p *encounter.Participant) { p.Combatant.HP = 10 })
	// A second drain she saves against (15 + 4) costs hit points only.
	e, res = drainAt(t, e, "wight-1", "life-drain", 15, 4, 15)
	if m := participant(t, e, "mira"); m.HP != 4 || m.MaxHP != 22 || !strings.Contains(res.Summary(), "the hit point maximum holds") {
		t.Fatalf("after a saved drain: %d/%d: %s", m.HP, m.MaxHP, res.Summary())
	}
	_, ds, err := encounter.End(e, "fled", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d := diffOf(t, ds, "mira")
	if d.Drained == nil || d.Drained.Before != 0 || d.Drained.After != 6 {
		t.Fatalf("the diff's drain: %+v", d.Drained)
	}
	ch := ds.CharacterUpdates([]campaign.Character{mira()})[0]
	if ch.Drained != 6 || ch.MaxHP != 28 || ch.HP != 4 {
		t.Fatalf("the sheet after: %d/%d HP, drained %d", ch.HP, ch.MaxHP, ch.Drained)
	}
	if c := rules.FromSheet(ch); c.CurrentMaxHP() != 22 {
		t.Errorf("the sheet's maximum now: %d, want 22", c.CurrentMaxHP())
	}
	// The next fight starts from the lowered maximum.
	e = casterFirst(t, []campaign.Character{ch}, []encounter.MonsterSpec{{SRDID: "wight", Count: 1}})
	if m := participant(t, e, "mira"); m.MaxHP != 22 {
		t.Errorf("the next fight's maximum: %d, want 22", m.MaxHP)
	}
}

// A vampire spawn's bite drains its necrotic damage with no save, and the
// spawn regains as much (on top of the 10 its Regeneration gave as its
// turn started).
func TestVampireBiteDrainsAndHeals(t *testing.T) {
	e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "vampire-spawn", Count: 1}})
	e = edit(e, "vampire-spawn-1", func(p *encounter.Participant) { p.Combatant.HP = 40 })
	// 15 + 6 hits; 1d6 + 3 = 5 piercing, 2d6 = 7 necrotic.
	e, res := drainAt(t, e, "vampire-spawn-1", "bite", 15, 2, 3, 4)
	m, v := participant(t, e, "mira"), participant(t, e, "vampire-spawn-1")
	if m.HP != 16 || m.MaxHP != 21 || len(res.Saves) != 0 {
		t.Fatalf("Mira after the bite: %d/%d, saves %+v: %s", m.HP, m.MaxHP, res.Saves, res.Summary())
	}
	if v.HP != 57 || !strings.Contains(res.Summary(), "Vampire Spawn 1 regains 7 hit points") {
		t.Fatalf("the spawn after: %d HP: %s", v.HP, res.Summary())
	}
}

// A drain that takes the maximum to 0 kills, whatever the hit points.
func TestDrainToZeroKills(t *testing.T) {
	low := mira()
	low.HP, low.MaxHP, low.Drained = 5, 8, 3
	e := casterFirst(t, []campaign.Character{low}, []encounter.MonsterSpec{{SRDID: "wight", Count: 1}})
	e, res := drainAt(t, e, "wight-1", "life-drain", 15, 4, 3)
	if m := participant(t, e, "mira"); !m.Defeated || !m.Combatant.Dead || m.MaxHP != 0 || !strings.Contains(res.Summary(), "to 0, and Mira dies") {
		t.Fatalf("drained to 0: defeated %v dead %v max %d: %s", m.Defeated, m.Combatant.Dead, m.MaxHP, res.Summary())
	}
}

// Every life drain in the data plays: its hit takes from the maximum.
func TestEveryDrainPlays(t *testing.T) {
	n := 0
	for _, m := range srd.Monsters() {
		for _, a := range m.Actions {
			if a.Drain == nil {
				continue
			}
			n++
			e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: m.ID, Count: 1}})
			e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
			if err != nil {
				t.Fatal(err)
			}
			id := e.Current
			e, res, err := encounter.Act(e, id, encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: a.ID, EndTurn: true}, seeded(7))
			if err != nil {
				t.Fatalf("%s/%s: %v", m.ID, a.ID, err)
			}
			hit := len(res.Attacks) > 0 && res.Attacks[0].Hit
			saved := len(res.Saves) > 0 && res.Saves[0].Success
			if got := participant(t, e, "mira").Combatant.Drained; hit && !saved && got == 0 {
				t.Errorf("%s/%s hit and drained nothing: %s", m.ID, a.ID, res.Summary())
			}
		}
	}
	if n < 6 {
		t.Errorf("drains played: %d, want 6", n)
	}
}
