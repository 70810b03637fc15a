package turn_test

import (
	"encoding/json"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
	"chronicler/shared/world"
)

// staged is the table's fight, in the common room, edited by f as a
// stored encounter could be.
func staged(t *testing.T, v turn.View, f func(e *encounter.Encounter)) turn.View {
	t.Helper()
	v = fight(t, v)
	e, err := encounter.FromRecord(*v.Encounter)
	if err != nil {
		t.Fatal(err)
	}
	e.AreaID = world.StarterArea
	f(&e)
	rec, err := encounter.Record(e, v.Encounter.Version)
	if err != nil {
		t.Fatal(err)
	}
	v.Encounter = &rec
	return v
}

func setP(e *encounter.Encounter, id string, f func(p *encounter.Participant)) {
	for i := range e.Participants {
		if e.Participants[i].ID == id {
			f(&e.Participants[i])
		}
	}
}

func fallen(p *encounter.Participant) {
	p.Combatant.HP, p.HP = 0, 0
	p.Combatant.Conditions = rules.SetOf(rules.Unconscious, rules.Prone)
	p.Conditions = []string{"prone", "unconscious"}
}

func ended(t *testing.T, d turn.Decision) encounter.Encounter {
	t.Helper()
	if d.Encounter == nil {
		t.Fatal("no encounter decided")
	}
	var e encounter.Encounter
	if err := json.Unmarshal(d.Encounter.Data, &e); err != nil {
		t.Fatal(err)
	}
	return e
}

func sheet(t *testing.T, d turn.Decision, id string) campaign.Character {
	t.Helper()
	for _, ch := range d.Changed {
		if ch.ID == id {
			return ch
		}
	}
	t.Fatalf("no sheet of %s among %+v", id, d.Changed)
	return campaign.Character{}
}

// The last goblin falls to Mira's blow: the turn that fells it ends the
// fight, and the same decision carries the sheets with the goblin's 50
// XP shared by the two who fought.
func TestTheLastBlowEndsTheFight(t *testing.T) {
	v, mira, _ := table(t)
	v = staged(t, v, func(e *encounter.Encounter) {
		setP(e, "goblin-1", func(p *encounter.Participant) { p.Combatant.HP, p.HP = 1, 1 })
	})
	d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "attack", TargetID: "goblin-1", Weapon: "unarmed"}), dicetest.Faces(t, 15))
	if err != nil {
		t.Fatal(err)
	}
	e := ended(t, d)
	if d.Encounter.Status != encounter.Ended || e.Outcome != "victory" || e.XPEach != 25 || !strings.Contains(d.Summary, "The fight is won.") {
		t.Fatalf("status %q outcome %q xp %d: %s", d.Encounter.Status, e.Outcome, e.XPEach, d.Summary)
	}
	if m, b := sheet(t, d, "mira"), sheet(t, d, "bram"); m.XP != 25 || b.XP != 25 {
		t.Errorf("XP on the sheets: Mira %d, Bram %d; want 25 each", m.XP, b.XP)
	}
}

// A monster's turn the server plays that fells the last character: the
// decision ends the fight as a defeat and writes the fallen back, stable
// after their death saves.
func TestPlayedDefeat(t *testing.T) {
	v, _, _ := table(t)
	v = staged(t, v, func(e *encounter.Encounter) {
		e.Current = "goblin-1"
		setP(e, "mira", func(p *encounter.Participant) { p.Combatant.HP, p.HP = 1, 1 })
		setP(e, "bram", fallen)
	})
	e, err := encounter.FromRecord(*v.Encounter)
	if err != nil {
		t.Fatal(err)
	}
	next, res, err := encounter.MonsterTurn(e, dicetest.Faces(t, 15, 3, 10, 10, 10, 10, 10, 10))
	if err != nil {
		t.Fatal(err)
	}
	d, err := turn.Played(v.Characters, *v.Encounter, next, res)
	if err != nil {
		t.Fatal(err)
	}
	if d.Encounter.Status != encounter.Ended || ended(t, d).Outcome != "defeat" || !strings.Contains(d.Summary, "The fight is lost") {
		t.Fatalf("status %q: %s", d.Encounter.Status, d.Summary)
	}
	for _, id := range []string{"mira", "bram"} {
		if ch := sheet(t, d, id); ch.HP != 0 || !ch.Stable || ch.Dead {
			t.Errorf("%s after: %d HP stable %v dead %v", id, ch.HP, ch.Stable, ch.Dead)
		}
	}
}

// Both characters walk out of the common room: the party has fled, and
// the sheets say where they went.
func TestFleeingThroughTheFrontDoor(t *testing.T) {
	v, mira, bram := table(t)
	v = staged(t, v, func(*encounter.Encounter) {})
	d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "move", ToAreaID: "cellar"}), dicetest.Faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if d.Encounter.Status != encounter.Active || sheet(t, d, "mira").AreaID != "cellar" {
		t.Fatalf("after Mira's move: %s", d.Summary)
	}
	v.Encounter, v.Characters[0] = d.Encounter, sheet(t, d, "mira")
	// A move leaves the turn open for the action: Mira ends it.
	if d, err = turn.Decide(v, v.Characters[0], act(intent.Intent{Kind: "end_turn"}), dicetest.Faces(t)); err != nil {
		t.Fatal(err)
	}
	v.Encounter = d.Encounter
	d, err = turn.Decide(v, bram, act(intent.Intent{Kind: "move", ToAreaID: "cellar"}), dicetest.Faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if d.Encounter.Status != encounter.Ended || ended(t, d).Outcome != "fled" {
		t.Fatalf("after Bram's move: %s", d.Summary)
	}
	if m, b := sheet(t, d, "mira"), sheet(t, d, "bram"); m.AreaID != "cellar" || b.AreaID != "cellar" {
		t.Errorf("areas after: Mira %q, Bram %q", m.AreaID, b.AreaID)
	}
}

// First aid: a help on a dying ally, or a healer's kit used on them,
// stabilizes them, in a fight (the encounter's, with the helper's action)
// or out of one (the sheets').
func TestFirstAid(t *testing.T) {
	t.Run("HelpInAFight", func(t *testing.T) {
		v, mira, _ := table(t)
		v = staged(t, v, func(e *encounter.Encounter) { setP(e, "bram", fallen) })
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "help", TargetID: "bram"}), dicetest.Faces(t, 14))
		if err != nil {
			t.Fatal(err)
		}
		e := ended(t, d)
		b, _ := e.Participant("bram")
		if !b.Combatant.Stable || e.Current == "mira" || len(d.Rolls) != 1 || !strings.Contains(d.Summary, "Mira stabilizes Bram with first aid") {
			t.Errorf("bram stable %v, current %q: %s", b.Combatant.Stable, e.Current, d.Summary)
		}
	})
	t.Run("HelpOutOfAFight", func(t *testing.T) {
		v, mira, _ := table(t)
		v.Characters[1].HP = 0
		// Medicine 14; then Bram's hours to come to, 3.
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "help", TargetID: "bram"}), dicetest.Faces(t, 14, 3))
		if err != nil {
			t.Fatal(err)
		}
		if b := sheet(t, d, "bram"); !b.Stable || b.HP != 0 || len(d.Rolls) != 2 || b.WakesAt != d.Clock+3*campaign.Hour {
			t.Errorf("bram %+v: %s", b, d.Summary)
		}
	})
	t.Run("HealersKitNeedsNoCheck", func(t *testing.T) {
		v, mira, _ := table(t)
		v.Characters[1].HP = 0
		mira.Inventory = append(mira.Inventory, campaign.Item{Item: "healers-kit", Qty: 1})
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "use_item", Item: "healers-kit", TargetID: "bram"}), dicetest.Faces(t, 2))
		if err != nil {
			t.Fatal(err)
		}
		if b := sheet(t, d, "bram"); !b.Stable || len(d.Rolls) != 1 || d.Summary != "Mira stabilizes Bram with a healer's kit. Bram, stable at 0 HP, will come to in 2 hours." {
			t.Errorf("bram stable %v: %s", b.Stable, d.Summary)
		}
	})
	t.Run("AKitsUseIsSpent", func(t *testing.T) {
		v, mira, _ := table(t)
		v.Characters[1].HP = 0
		mira.Inventory = append(mira.Inventory, campaign.Item{Item: "healers-kit", Qty: 2, Used: 9})
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "help", TargetID: "bram"}), dicetest.Faces(t, 2)) // the d4 of hours until Bram wakes
		if err != nil {
			t.Fatal(err)
		}
		// The first kit's last use: one kit of ten uses is left.
		m := sheet(t, d, "mira")
		if k := m.Inventory[len(m.Inventory)-1]; k.Qty != 1 || k.Used != 0 || campaign.KitUses(m.Inventory) != 10 || !sheet(t, d, "bram").Stable {
			t.Errorf("mira's kit after a use: %+v", k)
		}
	})
	t.Run("AHealerWhoCannotActGivesNoFirstAid", func(t *testing.T) {
		v, mira, _ := table(t)
		v.Characters[1].HP = 0
		mira.Inventory = append(mira.Inventory, campaign.Item{Item: "healers-kit", Qty: 1})
		mira.Conditions = []string{"paralyzed"}
		_, err := turn.Decide(v, mira, act(intent.Intent{Kind: "use_item", Item: "healers-kit", TargetID: "bram"}), dicetest.Faces(t))
		refusal(t, err, fault.ActorStateRestricted, "intent", "Mira is paralyzed and can't give first aid")
	})
	t.Run("HelpOnTheHaleIsTheHelpAction", func(t *testing.T) {
		v, mira, _ := table(t)
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "help", TargetID: "bram"}), dicetest.Faces(t))
		if err != nil || d.Changed != nil || !strings.Contains(d.Summary, "help action") {
			t.Errorf("Decide = %+v, %v", d, err)
		}
	})
}

// A character stable at 0 HP rests as it lies: 1 HP after 1d4 hours,
// awake; the rest after that gives its benefits.
func TestStableRestsBackToOneHP(t *testing.T) {
	v, mira, _ := table(t)
	mira.HP, mira.Stable, mira.Conditions = 0, true, []string{"unconscious", "prone"}
	d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "rest", Rest: "long"}), dicetest.Faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	m := sheet(t, d, "mira")
	if m.HP != 1 || m.Stable || len(d.Rolls) != 1 || !strings.Contains(d.Summary, "regains 1 HP after 2 hours and wakes") {
		t.Fatalf("mira %d HP stable %v conditions %v: %s", m.HP, m.Stable, m.Conditions, d.Summary)
	}
	d, err = turn.Decide(v, m, act(intent.Intent{Kind: "rest", Rest: "long"}), dicetest.Faces(t))
	if err != nil || sheet(t, d, "mira").HP != m.MaxHP {
		t.Fatalf("the long rest after: %+v, %v", d.Changed, err)
	}
}

// Revivify brings a dead character back: the sheet is no longer dead.
func TestRevivifyClearsDead(t *testing.T) {
	v, mira, bram := table(t)
	mira.HP, mira.Dead, mira.DeathSaves = 0, true, campaign.DeathSaves{Failures: 3}
	v.Characters[0] = mira
	bram.Level, bram.SpellSlots = 5, map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 2}}
	d, err := turn.Decide(v, bram, act(intent.Intent{Kind: "cast", Spell: "revivify", TargetIDs: []string{"mira"}}), dicetest.Faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if m := sheet(t, d, "mira"); m.Dead || m.IsDead() || m.HP != 1 || m.DeathSaves.Failures != 0 {
		t.Errorf("mira after Revivify: dead %v, %d HP, %+v", m.Dead, m.HP, m.DeathSaves)
	}
}
