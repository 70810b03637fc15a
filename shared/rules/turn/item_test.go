package turn_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
)

func qty(ch campaign.Character, item string) int {
	i := slices.IndexFunc(ch.Inventory, func(it campaign.Item) bool { return it.Item == item })
	if i < 0 {
		return 0
	}
	return ch.Inventory[i].Qty
}

// A potion of healing heals 2d4+2 as an action, out of a fight and in
// one, drunk or given to a companion at 0 HP (who wakes); it is used up.
func TestPotionOfHealing(t *testing.T) {
	drink := intent.Intent{Kind: "use_item", Item: "potion-of-healing"}
	t.Run("OutOfAFight", func(t *testing.T) {
		v, mira, _ := table(t)
		mira.HP = 2
		mira.Inventory = campaign.Give(mira.Inventory, "potion-of-healing", 2)
		d, err := turn.Decide(v, mira, act(drink), dicetest.Faces(t, 3, 4))
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Changed) != 1 || d.Changed[0].HP != 11 || qty(d.Changed[0], "potion-of-healing") != 1 {
			t.Fatalf("changed %+v, want Mira at 2+9 HP with one potion left", d.Changed)
		}
		if d.Summary != "Mira drinks a Potion of Healing. Mira regains 9 HP (11/12 HP)." || d.Rolls[0].Dice != "2d4+2" {
			t.Fatalf("summary %q, rolls %+v", d.Summary, d.Rolls)
		}
	})
	t.Run("GivenToTheDying", func(t *testing.T) {
		v, mira, bram := table(t)
		bram.HP, bram.Conditions = 0, []string{"unconscious"}
		v.Characters[1] = bram
		mira.Inventory = campaign.Give(mira.Inventory, "potion-of-healing", 1)
		give := drink
		give.TargetID = bram.ID
		d, err := turn.Decide(v, mira, act(give), dicetest.Faces(t, 1, 1))
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]campaign.Character{}
		for _, ch := range d.Changed {
			got[ch.ID] = ch
		}
		if got["bram"].HP != 4 || slices.Contains(got["bram"].Conditions, "unconscious") || qty(got["mira"], "potion-of-healing") != 0 {
			t.Fatalf("changed %+v, want Bram awake at 4 HP and Mira's potion gone", d.Changed)
		}
	})
	t.Run("InAFightTakesTheAction", func(t *testing.T) {
		v, mira, _ := table(t)
		mira.HP = 2
		mira.Inventory = campaign.Give(mira.Inventory, "potion-of-healing", 1)
		v.Characters[0] = mira
		v = fight(t, v)
		keep := drink
		keep.KeepTurn = true
		d, err := turn.Decide(v, mira, act(keep), dicetest.Faces(t, 3, 3))
		if err != nil {
			t.Fatal(err)
		}
		e, err := encounter.FromRecord(*d.Encounter)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := e.Participant(mira.ID)
		if p.Combatant.HP != 10 || !p.Turn.ActionUsed || len(d.Changed) != 1 || qty(d.Changed[0], "potion-of-healing") != 0 {
			t.Fatalf("participant HP %d, action used %v, changed %+v; want 2+8, the action spent, the potion gone", p.Combatant.HP, p.Turn.ActionUsed, d.Changed)
		}
		_, err = turn.Decide(turn.View{Map: v.Map, Characters: v.Characters, Encounter: d.Encounter}, d.Changed[0],
			act(intent.Intent{Kind: "attack", TargetID: "goblin-1"}), dicetest.Faces(t))
		if fault.ReasonOf(err) != fault.NotAllowed || !strings.Contains(err.Error(), "already taken an action") {
			t.Fatalf("an attack after the potion's action: %v, want refused", err)
		}
	})
	t.Run("ReadFromWords", func(t *testing.T) {
		v, mira, _ := table(t)
		mira.Inventory = campaign.Give(mira.Inventory, "potion-of-healing", 1)
		in, ok := turn.Read(v, mira, "I drink my potion of healing")
		if !ok || in.Kind != "use_item" || in.Item != "potion-of-healing" {
			t.Fatalf("read %+v, %v; want the potion used", in, ok)
		}
	})
	t.Run("NotCarried", func(t *testing.T) {
		v, mira, _ := table(t)
		_, err := turn.Decide(v, mira, act(drink), dicetest.Faces(t))
		if err == nil {
			t.Fatal("a potion Mira does not carry was drunk")
		}
	})
}

// Putting on armour and a shield changes AC; a fighter who takes off
// chain mail stands at 10 + Dexterity; a wielded weapon is the one an
// attack that names none is made with.
func TestEquip(t *testing.T) {
	v, mira, _ := table(t) // chain mail, AC 16; Dex 15 (+2)
	mira.Inventory = campaign.Give(campaign.Give(mira.Inventory, "shield", 1), "handaxe", 1)
	steps := []struct {
		text    string
		ac      int
		summary string
	}{
		{"put on my shield", 18, "Mira puts on Shield. AC 18."},
		{"take off my chain mail", 14, "Mira takes off Chain Mail (5 minutes). AC 14."},
		{"don the chain mail", 18, "Mira puts on Chain Mail (10 minutes). AC 18."},
		{"wield the handaxe", 18, "Mira wields Handaxe, putting away Longsword."},
	}
	for _, s := range steps {
		d, err := turn.Decide(v, mira, turn.Action{Text: s.text}, dicetest.Faces(t))
		if err != nil {
			t.Fatalf("%q: %v", s.text, err)
		}
		if len(d.Changed) != 1 || d.Changed[0].AC != s.ac || d.Summary != s.summary {
			t.Fatalf("%q: AC %d, %q; want %d, %q", s.text, d.Changed[0].AC, d.Summary, s.ac, s.summary)
		}
		mira = d.Changed[0]
	}
	v.Characters[0] = mira
	v = fight(t, v)
	d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "attack", TargetID: "goblin-1"}), dicetest.Faces(t, 15, 4))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(d.Summary, "with a handaxe") {
		t.Fatalf("attack %q, want it made with the handaxe Mira wields", d.Summary)
	}
	_, err = turn.Decide(v, mira, act(intent.Intent{Kind: "equip", Item: "longsword"}), dicetest.Faces(t))
	if fault.ReasonOf(err) != fault.NotAllowed {
		t.Fatalf("equip in a fight: %v, want refused", err)
	}
	out := turn.View{Map: v.Map, Characters: v.Characters}
	if d, err := turn.Decide(out, mira, act(intent.Intent{Kind: "equip", Item: "handaxe"}), dicetest.Faces(t)); err != nil || d.Changed != nil || d.Summary != "Mira is already wielding Handaxe." {
		t.Fatalf("wielding what Mira wields: %+v, %v; want nothing changed", d, err)
	}
	for _, in := range []intent.Intent{{Kind: "equip", Item: "plate-armor"}, {Kind: "equip", Item: "crossbow-bolt"}} {
		if _, err := turn.Decide(out, mira, act(in), dicetest.Faces(t)); fault.ReasonOf(err) != fault.NotAllowed {
			t.Errorf("%+v: %v, want refused", in, err)
		}
	}
}
