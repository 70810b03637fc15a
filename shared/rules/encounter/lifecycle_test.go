package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
)

// goblinUp is Mira and Tavi against one goblin whose turn it is (18),
// then Tavi (4), then Mira (2), the fight in the cellar with the monsters'
// intent on victory onDefeat; each participant edited by the edits named.
func goblinUp(t *testing.T, onDefeat string, edits map[string]func(*encounter.Participant)) encounter.Encounter {
	t.Helper()
	e := begin(t, goblins(1), nil, 1, 1, 18)
	if e.Current != "goblin-1" {
		t.Fatalf("current %q", e.Current)
	}
	e.AreaID, e.OnDefeat = "cellar", onDefeat
	for id, f := range edits {
		e = edit(e, id, f)
	}
	return e
}

func hp(n int) func(*encounter.Participant) {
	return func(p *encounter.Participant) { p.Combatant.HP, p.HP = n, n }
}

// The goblin's scimitar (15 to hit, 3 damage: 5) drops Mira, the last
// character on her feet: the fight is lost within the goblin's own turn.
func TestDefeatEndsTheFight(t *testing.T) {
	t.Run("LeaveTheFallenToTheirDeathSaves", func(t *testing.T) {
		e := goblinUp(t, "", map[string]func(*encounter.Participant){"mira": hp(1), "tavi": dying})
		// Mira's death saves: 10, 10, 10 (stable); Tavi's: 1 (two
		// failures), 5 (the third).
		out, res, err := encounter.MonsterTurn(e, faces(t, 15, 3, 10, 10, 10, 1, 5))
		if err != nil {
			t.Fatal(err)
		}
		if out.Status != encounter.Ended || out.Outcome != "defeat" || res.Outcome != "defeat" || out.Current != "" {
			t.Fatalf("status %q outcome %q current %q: %s", out.Status, out.Outcome, out.Current, res.Summary())
		}
		for _, want := range []string{"All the characters are down.", "The fight is lost: every character is down. Goblin 1 leaves the fallen where they lie.",
			"Mira makes a death saving throw: 10, a third success; Mira is stable.", "Tavi dies."} {
			if !strings.Contains(res.Summary(), want) {
				t.Errorf("summary %q lacks %q", res.Summary(), want)
			}
		}
		if strings.Contains(res.Summary(), "is up") || strings.Contains(res.Summary(), "Round") {
			t.Errorf("a turn began after the fight: %q", res.Summary())
		}
		// Every death save is a roll of the turn.
		saves := 0
		for _, r := range res.Rolls {
			if r.Reason == "death save" {
				saves++
			}
		}
		if saves != 5 {
			t.Errorf("%d death saves recorded, want 5", saves)
		}
		ups := out.Diffs().CharacterUpdates([]campaign.Character{mira(), tavi()})
		if len(ups) != 2 || !ups[0].Stable || ups[0].HP != 0 || ups[0].Dead || !ups[1].Dead || ups[1].DeathSaves.Failures != 3 {
			t.Errorf("sheets after: %+v", ups)
		}
	})
	t.Run("TakePrisoners", func(t *testing.T) {
		e := goblinUp(t, campaign.OnDefeatPrisoners, map[string]func(*encounter.Participant){"mira": hp(1), "tavi": dying})
		_, res, err := encounter.MonsterTurn(e, faces(t, 15, 3, 10, 10, 10, 1, 5))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(res.Summary(), "Goblin 1 takes the fallen prisoner.") {
			t.Errorf("summary %q", res.Summary())
		}
	})
	t.Run("MassiveDamageKillsOutright", func(t *testing.T) {
		// Tavi at 1 HP of 4 takes 5: 4 left over reaches her maximum.
		e := goblinUp(t, "", map[string]func(*encounter.Participant){"mira": dying, "tavi": func(p *encounter.Participant) {
			p.Combatant.HP, p.Combatant.MaxHP, p.HP, p.MaxHP = 1, 4, 1, 4
		}})
		out, res, err := encounter.MonsterTurn(e, faces(t, 15, 3, 10, 10, 10))
		if err != nil {
			t.Fatal(err)
		}
		if tv := participant(t, out, "tavi"); !tv.Defeated || !strings.Contains(res.Summary(), "massive damage") || out.Outcome != "defeat" {
			t.Errorf("tavi defeated %v: %s", tv.Defeated, res.Summary())
		}
	})
}

// Fighting to the death, the monsters finish the fallen: each hit on one
// at 0 HP is a failed death save, a critical (any hit from within 5 feet
// on an unconscious creature) two; the fight ends when every character is
// dead.
func TestFightToTheDeath(t *testing.T) {
	e := goblinUp(t, campaign.OnDefeatFightToTheDeath, map[string]func(*encounter.Participant){"mira": dying,
		"tavi": func(p *encounter.Participant) { dying(p); p.Combatant.DeathSaves.Failures = 1 }})
	if e.Decided() != "" {
		t.Fatalf("with the fallen alive the fight goes on: %q", e.Decided())
	}
	// The goblin goes for Tavi, nearest death: advantage on the prone
	// (15, 12), a critical from 5 feet (3, 3): two failures, her third.
	out, res, err := encounter.MonsterTurn(e, faces(t, 15, 12, 3, 3))
	if err != nil {
		t.Fatal(err)
	}
	if tv := participant(t, out, "tavi"); !tv.Defeated || res.Attacks[0].TargetID != "tavi" || !res.Attacks[0].Critical {
		t.Fatalf("tavi defeated %v: %s", tv.Defeated, res.Summary())
	}
	if out.Status != encounter.Active || out.Current != "mira" {
		t.Fatalf("status %q current %q: %s", out.Status, out.Current, res.Summary())
	}
	// Mira's turn is her death save, which the rules make for her.
	act, ok := out.Forced()
	if !ok || act.Kind != encounter.ActionDeathSave {
		t.Fatalf("forced = %+v, %v", act, ok)
	}
	// A natural 1: two failures.
	out, _, err = encounter.Act(out, "mira", act, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	out, res, err = encounter.MonsterTurn(out, faces(t, 15, 12, 3, 3))
	if err != nil {
		t.Fatal(err)
	}
	if out.Status != encounter.Ended || out.Outcome != "defeat" || !strings.Contains(res.Summary(), "The fight is lost: every character is dead.") {
		t.Errorf("status %q outcome %q: %s", out.Status, out.Outcome, res.Summary())
	}
}

// Every character on their feet moving out of the encounter's area is
// the party fleeing: the fight ends. The monsters do not follow one who
// has left.
func TestFlightEndsTheFight(t *testing.T) {
	e := begin(t, goblins(1), nil, 18, 15, 1) // Mira 19, Tavi 18, the goblin 3
	e.AreaID = "cellar"
	out, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionMove, ToAreaID: "common-room", EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, out, "mira"); !m.Left || out.Status != encounter.Active || !strings.Contains(res.Summary(), "Mira leaves the fight.") {
		t.Fatalf("left %v status %q: %s", m.Left, out.Status, res.Summary())
	}
	// Left, Mira can't strike at the fight.
	t.Run("TheOneWhoLeftIsNotAttacked", func(t *testing.T) {
		g := edit(out, "mira", hp(1))
		g.Current = "goblin-1"
		_, res, err := encounter.MonsterTurn(g, faces(t, 2))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Attacks) != 1 || res.Attacks[0].TargetID != "tavi" {
			t.Errorf("the goblin attacked %+v, want Tavi, not Mira who left", res.Attacks)
		}
	})
	out, res, err = encounter.Act(out, "tavi", encounter.Action{Kind: encounter.ActionMove, ToAreaID: "common-room", EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if out.Status != encounter.Ended || out.Outcome != "fled" || !strings.Contains(res.Summary(), "the party has fled") {
		t.Errorf("status %q outcome %q: %s", out.Status, out.Outcome, res.Summary())
	}
}

// A fight won with a companion down: the one still standing gives first
// aid as the fight ends, with a healer's kit if it carries one.
func TestVictoryTendsTheFallen(t *testing.T) {
	t.Run("WisdomMedicine", func(t *testing.T) {
		// Tavi (4) goes before Mira (2): the goblin at 1 HP, Mira dying.
		e := begin(t, goblins(1), nil, 1, 1, 1)
		e.Current = "tavi"
		e = edit(edit(e, "goblin-1", hp(1)), "mira", dying)
		// Tavi's rapier: 15, 3; her first aid (Wisdom 10): 12 against DC 10.
		out, res, err := encounter.Act(e, "tavi", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "rapier", EndTurn: true}, faces(t, 15, 3, 12))
		if err != nil {
			t.Fatal(err)
		}
		if m := participant(t, out, "mira"); !m.Combatant.Stable || out.Outcome != "victory" || !strings.Contains(res.Summary(), "Tavi stabilizes Mira with first aid") {
			t.Errorf("mira stable %v outcome %q: %s", m.Combatant.Stable, out.Outcome, res.Summary())
		}
	})
	t.Run("HealersKit", func(t *testing.T) {
		tv := tavi()
		tv.Inventory = append(tv.Inventory, campaign.Item{Item: "Healer's Kit", Qty: 1, Used: 9}) // its last use
		e, _, err := encounter.Start("enc-k", []campaign.Character{mira(), tv}, goblins(1), nil, faces(t, 1, 1, 1), nil)
		if err != nil {
			t.Fatal(err)
		}
		e.Current = "tavi"
		e = edit(edit(e, "goblin-1", hp(1)), "mira", dying)
		out, res, err := encounter.Act(e, "tavi", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "rapier", EndTurn: true}, faces(t, 15, 3))
		if err != nil {
			t.Fatal(err)
		}
		if m := participant(t, out, "mira"); !m.Combatant.Stable || !strings.Contains(res.Summary(), "Tavi stabilizes Mira with a healer's kit.") {
			t.Errorf("mira stable %v: %s", m.Combatant.Stable, res.Summary())
		}
		// The kit's last use is spent: the fight's end takes it off her sheet.
		if p := participant(t, out, "tavi"); p.Kit || p.KitUses != 0 {
			t.Errorf("tavi's kit after its last use: kit %v, %d uses", p.Kit, p.KitUses)
		}
		ups := out.Diffs().CharacterUpdates([]campaign.Character{mira(), tv})
		if i := slices.IndexFunc(ups, func(c campaign.Character) bool { return c.ID == "tavi" }); i < 0 || campaign.KitUses(ups[i].Inventory) != 0 || len(ups[i].Inventory) != 3 {
			t.Errorf("tavi's sheet after the fight: %+v", ups)
		}
	})
}

// A dying character's turn is its death save, which the rules make: any
// action its player asks for is refused, never turned into the save.
func TestDyingCharacterTurn(t *testing.T) {
	e := begin(t, goblins(1), nil, 18, 1, 1)
	e = edit(e, "mira", dying)
	if e.Current != "mira" {
		t.Fatalf("current %q", e.Current)
	}
	for _, kind := range []string{encounter.ActionAttack, encounter.ActionDodge, encounter.ActionEndTurn} {
		_, _, err := encounter.Act(e, "mira", encounter.Action{Kind: kind, TargetID: "goblin-1"}, faces(t))
		if fault.ReasonOf(err) != encounter.ActorStateRestricted || !strings.Contains(err.Error(), "Mira is unconscious and dying") {
			t.Errorf("%s: %v", kind, err)
		}
	}
	act, ok := e.Forced()
	if !ok || act.Kind != encounter.ActionDeathSave || !act.EndTurn {
		t.Fatalf("forced = %+v, %v", act, ok)
	}
	out, res, err := encounter.Act(e, "mira", act, faces(t, 12))
	if err != nil || res.DeathSave == nil || out.Current == "mira" {
		t.Fatalf("death save: %v, %+v, current %q", err, res.DeathSave, out.Current)
	}
	t.Run("AsleepEndsItsTurn", func(t *testing.T) {
		act, ok := edit(begin(t, goblins(1), nil, 18, 1, 1), "mira", asleep).Forced()
		if !ok || act.Kind != encounter.ActionEndTurn {
			t.Errorf("forced = %+v, %v", act, ok)
		}
	})
	t.Run("StandingChooses", func(t *testing.T) {
		if _, ok := begin(t, goblins(1), nil, 18, 1, 1).Forced(); ok {
			t.Error("a character on her feet was forced")
		}
	})
}

// First aid in a fight: a character's action, a DC 10 Wisdom (Medicine)
// check that makes a dying ally stable.
func TestFirstAidInAFight(t *testing.T) {
	e := begin(t, goblins(1), nil, 1, 18, 1) // Tavi 21, Mira 2, the goblin 3
	e = edit(e, "mira", dying)
	out, res, err := encounter.Act(e, "tavi", encounter.Action{Kind: encounter.ActionFirstAid, TargetID: "mira", EndTurn: true}, faces(t, 14))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, out, "mira"); !m.Combatant.Stable || len(res.Rolls) != 1 || out.Current == "tavi" {
		t.Errorf("mira stable %v, rolls %d: %s", m.Combatant.Stable, len(res.Rolls), res.Summary())
	}
	for name, tc := range map[string]struct {
		target string
		reason fault.Reason
	}{"NotDying": {"goblin-1", encounter.NotAllowed}, "Nobody": {"", encounter.InvalidArgs}} {
		if _, _, err := encounter.Act(e, "tavi", encounter.Action{Kind: encounter.ActionFirstAid, TargetID: tc.target}, faces(t)); fault.ReasonOf(err) != tc.reason {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// An encounter stored decided but under way (before fights ended by
// themselves) is ended by Conclude, as the deciding action would have.
func TestConcludeADecidedFight(t *testing.T) {
	e := edit(begin(t, goblins(1), nil, 18, 1, 1), "goblin-1", kill)
	if e.Status != encounter.Active || e.Decided() != "victory" {
		t.Fatalf("status %q decided %q", e.Status, e.Decided())
	}
	out, res, err := encounter.Conclude(e, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if out.Status != encounter.Ended || out.Outcome != "victory" || out.XPEach != 25 || !slices.Equal(out.Committed, []string{"mira", "tavi"}) || res.ActorID != "mira" {
		t.Errorf("%+v: %s", out, res.Summary())
	}
	if _, _, err := encounter.Conclude(begin(t, goblins(1), nil, 18, 1, 1), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("conclude an open fight = %v", err)
	}
}

// Fighting to the death, the fallen the monsters cannot reach (banished
// to a demiplane) are not theirs to finish: with Mira dead and Tavi down
// and banished, the fight is lost, not left waiting on monsters with no
// one to strike.
func TestFightToTheDeathLeavesTheFallenOutOfReach(t *testing.T) {
	e := goblinUp(t, campaign.OnDefeatFightToTheDeath, map[string]func(*encounter.Participant){"mira": kill,
		"tavi": func(p *encounter.Participant) { dying(p); p.Combatant.Stable = true }})
	e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "incapacitated", Spell: "banishment",
		CasterID: "goblin-1", TargetID: "tavi", Condition: rules.Incapacitated}})
	if got := e.Decided(); got != "defeat" {
		t.Fatalf("decided %q with the only fallen out of reach, want defeat", got)
	}
	out, res, err := encounter.MonsterTurn(e, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if out.Status != encounter.Ended || out.Outcome != "defeat" {
		t.Fatalf("the goblin's turn left the fight %q %q: %s", out.Status, out.Outcome, res.Summary())
	}
}
