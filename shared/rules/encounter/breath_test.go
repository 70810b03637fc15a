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

// A red dragon wyrmling breathes fire on the whole party (7d6, DC 13
// Dexterity for half), then bites while its breath is spent, until a 5 or 6
// on its recharge d6 brings the breath back.
func TestBreathWeapon(t *testing.T) {
	e := begin(t, []encounter.MonsterSpec{{SRDID: "red-dragon-wyrmling", Count: 1}}, nil, 1, 1, 20)
	dragon := e.Current
	if p := participant(t, e, dragon); p.SRDID != "red-dragon-wyrmling" {
		t.Fatalf("current is %+v", p)
	}
	// 7d6 of 3s is 21 fire; in initiative order, Tavi (Dex save +5) rolls
	// 20 and takes half, Mira (+1) rolls 5 and fails.
	out, res, err := encounter.MonsterTurn(e, faces(t, 3, 3, 3, 3, 3, 3, 3, 20, 5))
	if err != nil {
		t.Fatal(err)
	}
	if res.Kind != encounter.ActionArea || len(res.Attacks) != 0 || len(res.Saves) != 2 {
		t.Fatalf("kind %q, %d attacks, %d saves: %s", res.Kind, len(res.Attacks), len(res.Saves), res.Summary())
	}
	if !res.Saves[0].Success || res.Saves[1].Success || res.Saves[0].DC != 13 {
		t.Errorf("saves %+v", res.Saves)
	}
	if m, tv := participant(t, out, "mira"), participant(t, out, "tavi"); m.HP != 7 || tv.HP != 10 {
		t.Errorf("Mira at %d (want 28-21=7), Tavi at %d (want 20-10=10)", m.HP, tv.HP)
	}
	if !strings.HasPrefix(res.Summary(), "Red Dragon Wyrmling 1 uses Fire Breath: DC 13 Dexterity saving throw.") {
		t.Errorf("summary %q", res.Summary())
	}
	if p := participant(t, out, dragon); !slices.Equal(p.Spent, []string{"fire-breath"}) || p.Stats.DamageDealt != 31 {
		t.Errorf("dragon spent %v, dealt %d", p.Spent, p.Stats.DamageDealt)
	}
	if p := participant(t, e, dragon); len(p.Spent) != 0 {
		t.Error("MonsterTurn changed its input")
	}

	round := func(e encounter.Encounter, f ...int) (encounter.Encounter, encounter.Result) {
		t.Helper()
		for e.Current != dragon {
			var err error
			if e, _, err = encounter.Act(e, e.Current, encounter.Action{Kind: encounter.ActionEndTurn}, faces(t)); err != nil {
				t.Fatal(err)
			}
		}
		out, res, err := encounter.MonsterTurn(e, faces(t, f...))
		if err != nil {
			t.Fatal(err)
		}
		return out, res
	}
	// A 4 does not recharge it: it bites, and misses with a 2.
	out, res = round(out, 4, 2)
	if res.Kind != encounter.ActionAttack || len(res.Attacks) != 1 {
		t.Fatalf("with its breath spent: kind %q, %s", res.Kind, res.Summary())
	}
	if res.Rolls[0].Reason != "recharge fire breath" || res.Rolls[0].Outcome != "not recharged" {
		t.Errorf("first roll %+v", res.Rolls[0])
	}
	// A 5 does.
	out, res = round(out, 5, 1, 1, 1, 1, 1, 1, 1, 20, 20)
	if res.Kind != encounter.ActionArea || !strings.Contains(res.Summary(), "Fire Breath recharges (5).") {
		t.Fatalf("after a 5: kind %q, %s", res.Kind, res.Summary())
	}
	if p := participant(t, out, dragon); !slices.Equal(p.Spent, []string{"fire-breath"}) {
		t.Errorf("spent again: %v", p.Spent)
	}
}

// Tavi, a halfling, fails her save against the breath with a 1: the save is
// an opening where only she is offered Lucky. Taken, her d20 is rolled again
// from the reactions' own dice, the turn's other dice stay the same, and
// her reaction is still hers.
func TestLuckyAgainstABreath(t *testing.T) {
	halfling := tavi()
	halfling.Race = "halfling"
	// Initiative: Mira 2, Tavi 4 (her 1 rolled again with Lucky: 1), the dragon 20.
	e, _, err := encounter.Start("enc-1", []campaign.Character{mira(), halfling}, []encounter.MonsterSpec{{SRDID: "red-dragon-wyrmling", Count: 1}},
		nil, faces(t, 1, 1, 1, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	turn := []int{3, 3, 3, 3, 3, 3, 3, 1, 1} // 21 fire; Tavi rolls a 1, Mira a 1
	_, res, err := encounter.MonsterTurnWith(e, faces(t, turn...), encounter.Reactions{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Openings) != 1 {
		t.Fatalf("openings %+v, want one: Tavi's save (Mira is no halfling)", res.Openings)
	}
	o := res.Openings[0]
	if o.Attack != 0 || o.TargetID != "tavi" || len(o.Offers) != 1 || o.Offers[0].Name != encounter.Lucky || o.Offers[0].CharacterID != "tavi" ||
		res.Rolls[o.Roll].RollerID != "tavi" || res.Rolls[o.Roll].Result.Natural != 1 {
		t.Fatalf("opening %+v (roll %+v)", o, res.Rolls[o.Roll])
	}

	// Mira cannot take Tavi's luck.
	// (refused at her save, before Mira's is rolled)
	if _, _, err := encounter.MonsterTurnWith(e, faces(t, turn[:8]...), encounter.Reactions{Seed: 7,
		Taken: []campaign.Reaction{{Attack: 0, By: "mira", Name: encounter.Lucky}}}); err == nil {
		t.Fatal("Mira rerolled Tavi's die")
	}

	for seed := range uint64(20) {
		out, res, err := encounter.MonsterTurnWith(e, faces(t, turn...), encounter.Reactions{Seed: seed,
			Taken: []campaign.Reaction{{Attack: 0, By: "tavi", Name: encounter.Lucky}}})
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(res.Rolls, func(r rules.Roll) bool { return r.Outcome == "rerolled (lucky)" })
		if i < 0 || res.Rolls[i].RollerID != "tavi" || res.Rolls[i+1].RollerID != "tavi" || len(res.Applied) != 1 || res.Applied[0].Reaction != encounter.Lucky {
			t.Fatalf("seed %d: rolls %+v, applied %+v", seed, res.Rolls, res.Applied)
		}
		tavi, mira := res.Saves[0], res.Saves[1]
		if tavi.Natural != res.Rolls[i+1].Result.Natural || mira.Natural != 1 || mira.Success {
			t.Fatalf("seed %d: saves %+v", seed, res.Saves)
		}
		want := 20 - 21
		if tavi.Success {
			want = 20 - 10
		}
		if got := participant(t, out, "tavi"); got.HP != max(want, 0) || got.ReactionUsed {
			t.Fatalf("seed %d: Tavi at %d HP (save %v), reaction used %v", seed, got.HP, tavi.Success, got.ReactionUsed)
		}
	}
}

// Bless adds its d4 to a saving throw against a breath: Mira's 8 (+1) fails
// DC 13 alone and makes it with the 4.
func TestBlessAgainstABreath(t *testing.T) {
	e := begin(t, []encounter.MonsterSpec{{SRDID: "red-dragon-wyrmling", Count: 1}}, nil, 1, 1, 20)
	e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "blessed", Spell: "bless", CasterID: "tavi", TargetID: "mira", Dice: "1d4", Concentration: true}})
	_, res, err := encounter.MonsterTurn(e, faces(t, 3, 3, 3, 3, 3, 3, 3, 20, 4, 8))
	if err != nil {
		t.Fatal(err)
	}
	mira := res.Saves[1]
	if mira.RollerID != "mira" || !mira.Success || mira.Total != 13 {
		t.Fatalf("Mira's save %+v", mira)
	}
	if !strings.Contains(res.Summary(), "Bless adds 4 to Mira's saving throw.") {
		t.Errorf("summary %q", res.Summary())
	}
	i := slices.IndexFunc(res.Rolls, func(r rules.Roll) bool { return r.Reason == "bless" })
	if i < 1 || res.Rolls[i-1].RollerID != "mira" {
		t.Errorf("the bless d4 is not recorded after Mira's save: %+v", res.Rolls)
	}
}
