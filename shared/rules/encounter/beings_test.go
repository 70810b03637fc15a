package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/world"
)

// playUntil plays the turns no player takes, and ends the characters'
// turns, until participant id's turn in round comes.
func playUntil(t *testing.T, e encounter.Encounter, id string, round int, src dice.Source) (encounter.Encounter, []encounter.Result) {
	t.Helper()
	var all []encounter.Result
	for range 200 {
		if e.Status != encounter.Active || (e.Current == id && e.Round >= round) {
			return e, all
		}
		p := participant(t, e, e.Current)
		var res encounter.Result
		var err error
		switch {
		case p.Kind == encounter.KindCharacter && !p.Summoned && p.HP <= 0:
			e, res, err = encounter.Act(e, p.ID, encounter.Action{Kind: encounter.ActionDeathSave}, src)
		case p.Kind == encounter.KindCharacter && !p.Summoned:
			e, res, err = encounter.Act(e, p.ID, encounter.Action{Kind: encounter.ActionEndTurn}, src)
		default:
			e, res, err = encounter.MonsterTurn(e, src)
		}
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, res)
	}
	t.Fatal("the turn never came")
	return e, all
}

// sideOf lists the creatures called by caller standing in the fight.
func sideOf(e encounter.Encounter, caller string) []encounter.Participant {
	var out []encounter.Participant
	for _, p := range e.Participants {
		if p.Summoned && p.SummonedBy == caller && !p.Defeated {
			out = append(out, p)
		}
	}
	return out
}

// A vampire's Children of the Night calls 2d4 swarms of bats (the
// scripted 3 and 4: seven) that arrive 1d4 rounds later (the scripted 2)
// as its turn starts, on its side with their own initiative; they go when
// the vampire dies.
func TestChildrenOfTheNightArriveAndLeaveWithTheVampire(t *testing.T) {
	e := begin(t, []encounter.MonsterSpec{{SRDID: "vampire-vampire", Count: 1}}, nil, 1, 1, 20)
	if e.Current != "vampire-vampire-1" {
		t.Fatalf("the vampire does not go first: %s", e.Current)
	}
	e, res, err := encounter.MonsterTurn(e, faces(t, 3, 4, 2))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Summary(), "7 Swarm of Bats will come in 2 rounds") || len(res.Attacks) != 0 {
		t.Fatalf("the call: %s", res.Summary())
	}
	if n := len(sideOf(e, "vampire-vampire-1")); n != 0 {
		t.Fatalf("%d came at once", n)
	}
	e, _ = playUntil(t, e, "vampire-vampire-1", 2, seeded(4))
	if n := len(sideOf(e, "vampire-vampire-1")); n != 0 {
		t.Fatalf("%d came after one round", n)
	}
	e, _ = playUntil(t, e, "vampire-vampire-1", 3, seeded(5))
	bats := sideOf(e, "vampire-vampire-1")
	if len(bats) != 7 || bats[0].Kind != encounter.KindMonster || bats[0].SRDID != "swarm-of-bats" || len(e.Order) != 10 {
		t.Fatalf("after two rounds: %d called, order %v", len(bats), e.Order)
	}
	// A second use: none, the call is once a day.
	for _, p := range e.Participants {
		if p.ID == "vampire-vampire-1" && !strings.Contains(strings.Join(p.Spent, ","), "children-of-the-night") {
			t.Errorf("the vampire's call is not spent: %v", p.Spent)
		}
	}
	// The vampire falls: its beasts leave with the next action's end.
	e = edit(e, "vampire-vampire-1", kill)
	e, res, err = encounter.MonsterTurn(e, seeded(6))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(sideOf(e, "vampire-vampire-1")); n != 0 || !strings.Contains(res.Summary(), "vanishes") {
		t.Errorf("with the vampire dead, %d bats stay: %s", n, res.Summary())
	}
}

// In sunlight a vampire calls nothing (the text's "provided that the
// sun isn't up"): it attacks.
func TestChildrenOfTheNightNotUnderTheSun(t *testing.T) {
	e := begin(t, []encounter.MonsterSpec{{SRDID: "vampire-vampire", Count: 1}}, nil, 1, 1, 20)
	e.Light = world.LightSunlight
	_, res, err := encounter.MonsterTurn(e, seeded(2))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(res.Summary(), "Children of the Night") || len(res.Attacks) == 0 {
		t.Errorf("under the sun: %s", res.Summary())
	}
}

// A treant animates two trees at once: each with the treant's
// statistics but only its Slam, and Intelligence and Charisma of 1.
func TestAnimateTreesBringsTwoSlammingTrees(t *testing.T) {
	e := begin(t, []encounter.MonsterSpec{{SRDID: "treant", Count: 1}}, nil, 1, 1, 20)
	e, res, err := encounter.MonsterTurn(e, seeded(3))
	if err != nil {
		t.Fatal(err)
	}
	trees := sideOf(e, "treant-1")
	if len(trees) != 2 || !strings.Contains(res.Summary(), "Animate Trees brings") {
		t.Fatalf("%d trees: %s", len(trees), res.Summary())
	}
	tr := trees[0]
	if tr.SRDID != "treant" || tr.MaxHP != 138 || len(tr.Actions) != 1 || tr.Actions[0].Name != "Slam" || tr.Combatant.Abilities.Int != 1 || tr.Combatant.Abilities.Cha != 1 {
		t.Errorf("a tree: %s, %d HP, actions %v, Int %d Cha %d", tr.SRDID, tr.MaxHP, tr.Actions, tr.Combatant.Abilities.Int, tr.Combatant.Abilities.Cha)
	}
}

// A wraith raises a specter from a humanoid's corpse, one a corpse, and
// none while no humanoid lies dead.
func TestCreateSpecterRaisesTheDead(t *testing.T) {
	e := begin(t, []encounter.MonsterSpec{{SRDID: "wraith", Count: 1}}, nil, 1, 1, 20)
	_, res, err := encounter.MonsterTurn(e, seeded(3))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(res.Summary(), "Create Specter") || len(res.Attacks) == 0 {
		t.Fatalf("with nobody dead: %s", res.Summary())
	}
	e = edit(e, "tavi", kill)
	e, res, err = encounter.MonsterTurn(e, seeded(3))
	if err != nil {
		t.Fatal(err)
	}
	sp := sideOf(e, "wraith-1")
	if len(sp) != 1 || sp[0].SRDID != "specter" || !strings.Contains(sp[0].Name, "Specter of Tavi") {
		t.Fatalf("raised %v: %s", sp, res.Summary())
	}
	// Tavi's spirit has risen: the next turn the wraith attacks Mira.
	e, _ = playUntil(t, e, "wraith-1", 2, seeded(8))
	_, res, err = encounter.MonsterTurn(e, seeded(9))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(res.Summary(), "Create Specter") || len(sideOf(e, "wraith-1")) != 1 {
		t.Errorf("a corpse raised twice: %s", res.Summary())
	}
}

// A creature hiding from a keen-eared or keen-nosed monster meets its
// passive Perception 5 higher (advantage on a passive check): a wolf's
// 11 (the fight's: 10 and its Wisdom) is 16; an eagle's keen sight
// counts only in dim light (12, or 17).
func TestKeenSensesSharpenPassivePerception(t *testing.T) {
	tests := []struct {
		name, monster, light string
		want                 string
	}{
		{"WolfHearsAndSmells", "wolf", world.LightBright, "passive Perception 16"},
		{"EagleSeesNothingMoreInBrightLight", "eagle", world.LightBright, "passive Perception 12"},
		{"EagleSeesInDimLight", "eagle", world.LightDim, "passive Perception 17"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: tt.monster, Count: 1}})
			e.Light = tt.light
			_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionHide}, faces(t, 12))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(res.Summary(), tt.want) {
				t.Errorf("want %s: %s", tt.want, res.Summary())
			}
		})
	}
}

// A rug of smothering grappling Mira takes half of her 10-point blow
// (5) and she the other half; unheld, it takes all 10.
func TestDamageTransferSplitsTheBlow(t *testing.T) {
	for _, held := range []bool{true, false} {
		e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "rug-of-smothering", Count: 1}})
		if held {
			e = edit(e, "mira", func(p *encounter.Participant) { p.GrappledBy = "rug-of-smothering-1" })
		}
		// 15 hits AC 12; the longsword two-handed: 7 + 3 = 10 slashing.
		e, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "rug-of-smothering-1", Weapon: "longsword"}, faces(t, 15, 7))
		if err != nil {
			t.Fatal(err)
		}
		rug, m := participant(t, e, "rug-of-smothering-1"), participant(t, e, "mira")
		want, wantMira := 23, 28
		if held {
			want, wantMira = 28, 23
		}
		if rug.HP != want || m.HP != wantMira {
			t.Errorf("held %v: rug %d HP (want %d), Mira %d (want %d): %s", held, rug.HP, want, m.HP, wantMira, res.Summary())
		}
	}
}

// Freedom of Movement: a kraken grappled slips free as its turn starts;
// a spell can't restrain it.
func TestFreedomOfMovementSlipsTheGrapple(t *testing.T) {
	e := begin(t, []encounter.MonsterSpec{{SRDID: "kraken", Count: 1}}, nil, 20, 1, 10)
	e = edit(e, "kraken-1", func(p *encounter.Participant) { p.GrappledBy = "mira" })
	e, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, seeded(1))
	if err != nil {
		t.Fatal(err)
	}
	if e.Current != "kraken-1" || participant(t, e, "kraken-1").GrappledBy != "" || !strings.Contains(res.Summary(), "Freedom of Movement") {
		t.Errorf("the kraken is still grappled: %s", res.Summary())
	}
}

// Misty Escape: a vampire dropped to 0 hit points turns to mist and
// leaves the fight (the characters' victory), but in sunlight it is
// destroyed.
func TestMistyEscapeLeavesTheFight(t *testing.T) {
	for _, sun := range []bool{false, true} {
		e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "vampire-vampire", Count: 1}})
		if sun {
			e.Light = world.LightSunlight
		}
		e = edit(e, "vampire-vampire-1", func(p *encounter.Participant) { p.Combatant.HP, p.HP = 1, 1 })
		e, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "vampire-vampire-1", Weapon: "longsword"}, faces(t, 19, 7, 7))
		if err != nil {
			t.Fatal(err)
		}
		v := participant(t, e, "vampire-vampire-1")
		if sun {
			if !v.Defeated || v.Left {
				t.Errorf("in sunlight: defeated %v, left %v: %s", v.Defeated, v.Left, res.Summary())
			}
			continue
		}
		if v.Defeated || !v.Left || v.HP != 0 || !strings.Contains(res.Summary(), "turns to mist") || e.Decided() != "victory" {
			t.Errorf("defeated %v, left %v, HP %d, decided %q: %s", v.Defeated, v.Left, v.HP, e.Decided(), res.Summary())
		}
	}
}
