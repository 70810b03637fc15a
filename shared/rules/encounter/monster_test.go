package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

func TestMonsterPolicy(t *testing.T) {
	tests := []struct {
		name   string
		init   []int // Mira, Tavi, Goblin 1
		edit   func(e encounter.Encounter) encounter.Encounter
		faces  []int
		target string
	}{
		// Tavi's 20 HP are fewer than Mira's 28.
		{"TargetsTheWeakest", []int{15, 1, 18}, nil, []int{15, 3}, "tavi"},
		{"TiesGoToTheEarlierInInitiative", []int{15, 1, 18}, func(e encounter.Encounter) encounter.Encounter {
			return edit(e, "mira", func(p *encounter.Participant) { p.Combatant.HP, p.HP = 20, 20 })
		}, []int{15, 3}, "mira"},
		{"TiesGoToTheEarlierInInitiativeTheOtherWay", []int{1, 15, 18}, func(e encounter.Encounter) encounter.Encounter {
			return edit(e, "mira", func(p *encounter.Participant) { p.Combatant.HP, p.HP = 20, 20 })
		}, []int{15, 3}, "tavi"},
		{"PassesOverTheUnconscious", []int{15, 1, 18}, func(e encounter.Encounter) encounter.Encounter {
			return edit(e, "tavi", dying)
		}, []int{15, 3}, "mira"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := begin(t, goblins(1), nil, tt.init...)
			if e.Current != "goblin-1" {
				t.Fatalf("current %q", e.Current)
			}
			if tt.edit != nil {
				e = tt.edit(e)
			}
			before := frozen(t, e)
			out, res, err := encounter.MonsterTurn(e, faces(t, tt.faces...))
			if err != nil {
				t.Fatal(err)
			}
			if frozen(t, e) != before {
				t.Error("MonsterTurn changed its input")
			}
			if len(res.Attacks) != 1 || res.Attacks[0].TargetID != tt.target || res.Attacks[0].Weapon != "its scimitar" {
				t.Fatalf("attacks = %+v, want one scimitar attack on %s", res.Attacks, tt.target)
			}
			if !res.TurnEnded || out.Current == "goblin-1" || res.Kind != encounter.ActionAttack {
				t.Errorf("turn ended %v, current %q, kind %q", res.TurnEnded, out.Current, res.Kind)
			}
		})
	}
	t.Run("SummaryTellsTheTurn", func(t *testing.T) {
		e := begin(t, goblins(1), nil, 15, 1, 18)
		_, res, err := encounter.MonsterTurn(e, faces(t, 15, 3))
		if err != nil {
			t.Fatal(err)
		}
		want := "Goblin 1 hits Tavi with its scimitar (19 vs AC 14) for 5 slashing damage; Tavi is at 15/20 HP. Mira is up."
		if res.Summary() != want {
			t.Errorf("summary = %q\n         want %q", res.Summary(), want)
		}
	})
	t.Run("NoOneToAttackEndsTheTurn", func(t *testing.T) {
		e := begin(t, goblins(1), nil, 15, 1, 18)
		// Mira is dying and Tavi asleep: nobody conscious to attack, but
		// a character who will wake, so the fight goes on.
		e = edit(edit(e, "tavi", asleep), "mira", dying)
		out, res, err := encounter.MonsterTurn(e, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if res.Summary() != "Goblin 1 has no one to attack. Mira is up." || len(res.Attacks) != 0 || out.Current != "mira" {
			t.Errorf("summary %q, current %q", res.Summary(), out.Current)
		}
	})
	t.Run("RefusesACharactersTurn", func(t *testing.T) {
		e := begin(t, goblins(1), nil, 18, 1, 1)
		if _, _, err := encounter.MonsterTurn(e, faces(t)); !fault.Is(err, fault.Invalid) || fault.ReasonOf(err) != encounter.NotAllowed {
			t.Errorf("err = %v", err)
		}
	})
}

func TestMultiattack(t *testing.T) {
	bear := []encounter.MonsterSpec{{SRDID: "brown-bear", Count: 1}}
	// The bear (18) goes first, then Tavi (4), then Mira (2).
	start := func(t *testing.T) encounter.Encounter {
		e := begin(t, bear, nil, 1, 1, 18)
		if e.Current != "brown-bear-1" {
			t.Fatalf("current %q", e.Current)
		}
		return e
	}
	t.Run("BiteThenClawsOnTheWeakest", func(t *testing.T) {
		// Bite 15+5 hits AC 14 for 4+4; claws 15+5 for 3+3+4.
		out, res, err := encounter.MonsterTurn(start(t), faces(t, 15, 4, 15, 3, 3))
		if err != nil {
			t.Fatal(err)
		}
		var weapons, targets []string
		for _, a := range res.Attacks {
			weapons, targets = append(weapons, a.Weapon), append(targets, a.TargetID)
		}
		if !slices.Equal(weapons, []string{"its bite", "its claws"}) || !slices.Equal(targets, []string{"tavi", "tavi"}) {
			t.Fatalf("attacks %v on %v", weapons, targets)
		}
		if p := participant(t, out, "tavi"); p.HP != 2 || p.Stats.DamageTaken != 18 {
			t.Errorf("tavi at %d HP, took %d", p.HP, p.Stats.DamageTaken)
		}
		if p := participant(t, out, "brown-bear-1"); p.Stats.AttacksHit != 2 || p.Stats.DamageDealt != 18 {
			t.Errorf("bear stats %+v", p.Stats)
		}
	})
	t.Run("RetargetsWhenTheTargetFalls", func(t *testing.T) {
		e := edit(start(t), "tavi", func(p *encounter.Participant) { p.Combatant.HP, p.HP = 5, 5 })
		// The bite drops Tavi; the claws go to Mira (15+5 vs AC 16).
		out, res, err := encounter.MonsterTurn(e, faces(t, 15, 4, 15, 3, 3))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Attacks) != 2 || res.Attacks[0].TargetID != "tavi" || res.Attacks[1].TargetID != "mira" {
			t.Fatalf("attacks = %+v", res.Attacks)
		}
		if tv, m := participant(t, out, "tavi"), participant(t, out, "mira"); tv.HP != 0 || !slices.Contains(tv.Conditions, "unconscious") || m.HP != 18 {
			t.Errorf("tavi %d HP %v, mira %d HP", tv.HP, tv.Conditions, m.HP)
		}
	})
	t.Run("ByNameThroughAct", func(t *testing.T) {
		_, res, err := encounter.Act(start(t), "brown-bear-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "Multiattack"}, faces(t, 1, 1))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Attacks) != 2 || res.Attacks[0].TargetID != "mira" || res.Attacks[1].TargetID != "mira" {
			t.Errorf("attacks = %+v", res.Attacks)
		}
	})
	t.Run("OneNamedAttackThroughAct", func(t *testing.T) {
		_, res, err := encounter.Act(start(t), "brown-bear-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "claws"}, faces(t, 1))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Attacks) != 1 || res.Attacks[0].Weapon != "its claws" {
			t.Errorf("attacks = %+v", res.Attacks)
		}
	})
	t.Run("UnknownActionRefused", func(t *testing.T) {
		_, _, err := encounter.Act(start(t), "brown-bear-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "fire breath"}, faces(t))
		if fault.ReasonOf(err) != encounter.InvalidArgs {
			t.Errorf("err = %v", err)
		}
	})
}

func TestPackTactics(t *testing.T) {
	wolves := func(n int) []encounter.MonsterSpec { return []encounter.MonsterSpec{{SRDID: "wolf", Count: n}} }
	t.Run("WithAPackmate", func(t *testing.T) {
		e, _, err := encounter.Start("enc", []campaign.Character{mira()}, wolves(2), nil, faces(t, 1, 20, 15), nil)
		if err != nil {
			t.Fatal(err)
		}
		e = engage(t, e, "wolf-2", "mira")
		// Advantage: two d20s (3 and 17), the higher kept: 17+4 hits AC 16.
		_, res, err := encounter.MonsterTurn(e, scriptAfter(t, 3, 17))
		if err != nil {
			t.Fatal(err)
		}
		if a := res.Attacks[0]; !slices.Contains(a.Edge.Advantage, "pack tactics") || a.Natural != 17 {
			t.Errorf("attack = %+v, want advantage from pack tactics", a)
		}
	})
	t.Run("Alone", func(t *testing.T) {
		e, _, err := encounter.Start("enc", []campaign.Character{mira()}, wolves(1), nil, faces(t, 1, 20), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, res, err := encounter.MonsterTurn(e, scriptAfter(t, 3))
		if err != nil {
			t.Fatal(err)
		}
		if a := res.Attacks[0]; len(a.Edge.Advantage) != 0 || a.Natural != 3 {
			t.Errorf("a lone wolf's attack = %+v, want a straight roll", a)
		}
	})
}

func TestLegendaryActions(t *testing.T) {
	dragon := []encounter.MonsterSpec{{SRDID: "adult-red-dragon", Count: 1}}
	// Mira first (20), the dragon last; Mira tough enough to outlast it.
	tough := mira()
	tough.HP, tough.MaxHP = 500, 500
	e, _, err := encounter.Start("enc", []campaign.Character{tough}, dragon, nil, faces(t, 20, 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	d := participant(t, e, "adult-red-dragon-1")
	if len(d.Legendary) != 2 || d.Legendary[0].Name != "Tail Attack" || d.Legendary[0].Cost != 1 || d.LegendaryLeft != 3 ||
		d.Legendary[1].Name != "Wing Attack" || d.Legendary[1].Cost != 2 || !d.Legendary[1].Area {
		t.Fatalf("legendary = %+v, left %d", d.Legendary, d.LegendaryLeft)
	}
	if _, _, err := encounter.LegendaryTurn(e, faces(t), encounter.Reactions{}); !fault.Is(err, fault.Invalid) {
		t.Errorf("a legendary action nobody owes: %v", err)
	}
	// Mira ends her turn: the dragon owes her a tail swipe before its own
	// turn (its Wing Attack would catch only her).
	e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(e.LegendaryDue, []string{"adult-red-dragon-1"}) || e.Current != "adult-red-dragon-1" {
		t.Fatalf("due %v, current %q", e.LegendaryDue, e.Current)
	}
	out, res, err := encounter.LegendaryTurn(e, scriptAfter(t, 15), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || res.Attacks[0].Weapon != "its tail" || res.Kind != encounter.ActionLegendary || res.TurnEnded {
		t.Errorf("legendary action = %+v: %s", res.Attacks, res.Summary())
	}
	if d := participant(t, out, "adult-red-dragon-1"); d.LegendaryLeft != 2 || len(out.LegendaryDue) != 0 || out.Current != e.Current {
		t.Errorf("after: left %d, due %v, current %q", d.LegendaryLeft, out.LegendaryDue, out.Current)
	}
	// The dragon's own turn: nothing owed to itself after it, and its
	// legendary actions come back at the start of its next turn.
	out, _, err = encounter.MonsterTurn(out, scriptAfter(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(out.LegendaryDue) != 0 {
		t.Errorf("the dragon owes itself: %v", out.LegendaryDue)
	}
	for out.Current != "adult-red-dragon-1" {
		// Mira's turn may end with a save against the Frightful Presence.
		out, _, err = encounter.Act(out, out.Current, encounter.Action{Kind: encounter.ActionEndTurn}, scriptAfter(t))
		if err != nil {
			t.Fatal(err)
		}
		out.LegendaryDue = nil
	}
	if d := participant(t, out, "adult-red-dragon-1"); d.LegendaryLeft != encounter.LegendaryPerRound {
		t.Errorf("at its turn the dragon has %d legendary actions", d.LegendaryLeft)
	}
}

// A lich owed a legendary action with two characters before it uses
// Disrupt Life (3 actions): 6d6 necrotic to each, a DC 18 Constitution
// save for half, rather than its cheapest attack; with one, Paralyzing
// Touch.
func TestLegendaryAreaAction(t *testing.T) {
	lich := []encounter.MonsterSpec{{SRDID: "lich", Count: 1}}
	tough := func(ch campaign.Character) campaign.Character {
		ch.HP, ch.MaxHP = 500, 500
		return ch
	}
	e, _, err := encounter.Start("enc", []campaign.Character{tough(mira()), tough(tavi())}, lich, nil, faces(t, 20, 19, 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	e.LegendaryDue = []string{"lich-1"}
	out, res, err := encounter.LegendaryTurn(e, seeded(7), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Summary(), "Disrupt Life") || len(res.Saves) != 2 || len(res.Attacks) != 0 {
		t.Fatalf("saves %d attacks %d: %s", len(res.Saves), len(res.Attacks), res.Summary())
	}
	for _, id := range []string{"mira", "tavi"} {
		if p := participant(t, out, id); p.HP >= 500 || p.HP < 500-36 {
			t.Errorf("%s at %d HP after Disrupt Life", id, p.HP)
		}
	}
	if l := participant(t, out, "lich-1"); l.LegendaryLeft != 0 {
		t.Errorf("the lich has %d legendary actions left", l.LegendaryLeft)
	}

	alone := edit(e, "tavi", kill)
	_, res, err = encounter.LegendaryTurn(alone, seeded(7), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || !strings.Contains(res.Summary(), "Paralyzing Touch") {
		t.Errorf("with Mira alone: %s", res.Summary())
	}
}
