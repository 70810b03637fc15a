package encounter_test

import (
	"slices"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// drunk is a fight where Mira has drunk potion id on her first turn,
// her turn then given back to her (her action again, 30 feet to move).
func drunk(t *testing.T, id string) encounter.Encounter {
	t.Helper()
	m := mira()
	m.Inventory = append(m.Inventory, campaign.Item{Item: id, Qty: 1})
	e := casterFirst(t, []campaign.Character{m}, goblins(1))
	e, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionPotion, Item: id}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Log(res.Summary())
	return edit(e, "mira", func(p *encounter.Participant) { p.Turn = encounter.Turn{Movement: 30} })
}

// potionEffect is the effect id on Mira, failing the test if there is
// none or it holds her concentration.
func potionEffect(t *testing.T, e encounter.Encounter, id string) encounter.Effect {
	t.Helper()
	k := slices.IndexFunc(e.Effects, func(fx encounter.Effect) bool { return fx.TargetID == "mira" && fx.ID == id })
	if k < 0 {
		t.Fatalf("no %s effect on Mira: %+v", id, e.Effects)
	}
	if fx := e.Effects[k]; fx.Concentration || participant(t, e, "mira").Combatant.Concentration != "" {
		t.Fatalf("the potion's %s takes concentration: %+v", id, fx)
	}
	return e.Effects[k]
}

// A Potion of Speed gives Haste's effect for 1 minute with no
// concentration: +2 AC, doubled speed, for 10 rounds.
func TestPotionOfSpeedHastesForAMinute(t *testing.T) {
	e := drunk(t, "potion-of-speed")
	p := participant(t, e, "mira").Combatant
	if p.AC != 18 || p.Speed != 60 {
		t.Fatalf("hasted Mira has AC %d, speed %d; want 18, 60", p.AC, p.Speed)
	}
	if fx := potionEffect(t, e, "haste"); fx.Until.Round != e.Round+10 {
		t.Fatalf("haste lasts until round %d, want %d (a minute)", fx.Until.Round, e.Round+10)
	}
}

// A Potion of Heroism gives 10 temporary hit points and Bless's effect
// with no concentration: Mira's 8 + 5 misses a goblin's AC 15, and with
// Bless's d4 of 3 (rolled first) it hits.
func TestPotionOfHeroismBlessesAndShields(t *testing.T) {
	e := drunk(t, "potion-of-heroism")
	if p := participant(t, e, "mira").Combatant; p.TempHP != 10 {
		t.Fatalf("Mira has %d temporary hit points, want 10", p.TempHP)
	}
	potionEffect(t, e, "blessed")
	_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword"}, faces(t, 3, 8, 4))
	if err != nil {
		t.Fatal(err)
	}
	if !res.Attacks[0].Hit {
		t.Fatalf("a blessed 8 + 5 + 3 misses AC 15: %s", res.Summary())
	}
}

// A Potion of Invisibility makes its drinker invisible, until it attacks.
func TestPotionOfInvisibilityEndsOnAttack(t *testing.T) {
	e := drunk(t, "potion-of-invisibility")
	if !participant(t, e, "mira").Combatant.Conditions.Has(rules.Invisible) {
		t.Fatal("Mira is not invisible after the potion")
	}
	e, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword"}, faces(t, 15, 15, 4))
	if err != nil {
		t.Fatal(err)
	}
	if participant(t, e, "mira").Combatant.Conditions.Has(rules.Invisible) {
		t.Fatalf("Mira is still invisible after attacking: %s", res.Summary())
	}
}

// A Potion of Growth gives Enlarge's effect: a longsword hit deals 1d4
// more (4 + 3 + 2); a Potion of Diminution Reduce's, 1d4 less (4 + 3 - 2).
func TestPotionsOfGrowthAndDiminutionSizeTheDrinker(t *testing.T) {
	for _, tc := range []struct {
		potion, effect string
		want           int
	}{
		{"potion-of-growth", "enlarged", 9},
		{"potion-of-diminution", "reduced", 5},
	} {
		t.Run(tc.effect, func(t *testing.T) {
			e := drunk(t, tc.potion)
			potionEffect(t, e, tc.effect)
			_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword"}, faces(t, 15, 4, 2))
			if err != nil {
				t.Fatal(err)
			}
			if got := dealt(res.Attacks[0])[rules.Slashing]; got != tc.want {
				t.Fatalf("%s: the hit dealt %d, want %d: %s", tc.potion, got, tc.want, res.Summary())
			}
		})
	}
}

// A Cloak of Displacement gives a goblin's attack on its wearer
// disadvantage: of 18 and 17 the 17 hits (21 vs AC 16) for 1d6 3 + 2;
// damaged, the cloak lapses and the second goblin's 15 stands alone;
// at the start of the wearer's turn it works again.
func TestCloakOfDisplacementLapsesWhenTheWearerIsHurt(t *testing.T) {
	e := casterFirst(t, []campaign.Character{miraWith(campaign.Item{Item: "cloak-of-displacement"})}, goblins(2))
	e = encounter.Next(e)
	e, res, err := encounter.MonsterTurn(e, faces(t, 18, 17, 3))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; !slices.Contains(a.Edge.Disadvantage, "Cloak of Displacement") || a.Natural != 17 || !a.Hit {
		t.Fatalf("the first goblin's attack: %+v: %s", a, res.Summary())
	}
	e, res, err = encounter.MonsterTurn(e, faces(t, 15, 3))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; len(a.Edge.Disadvantage) > 0 || a.Natural != 15 {
		t.Fatalf("the cloak works after its wearer took damage: %+v: %s", a, res.Summary())
	}
	if e.Current != "mira" {
		t.Fatalf("current %q, want mira", e.Current)
	}
	if slices.Contains(participant(t, e, "mira").Combatant.Features, "cloak-of-displacement-lapsed") {
		t.Fatal("the cloak still lapses at the start of its wearer's turn")
	}
}

// A Periapt of Wound Closure stabilises its dying wearer as its turn
// starts: no death saving throw is asked.
func TestPeriaptOfWoundClosureStabilisesTheDying(t *testing.T) {
	e := casterFirst(t, []campaign.Character{tavi(), miraWith(campaign.Item{Item: "periapt-of-wound-closure"})}, goblins(1))
	e = edit(e, "mira", func(p *encounter.Participant) {
		p.Combatant.HP, p.HP = 0, 0
		p.Combatant.Conditions = p.Combatant.Conditions.With(rules.Unconscious)
	})
	e, _, err := encounter.Act(e, "tavi", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if e.Current != "mira" {
		t.Fatalf("current %q, want mira", e.Current)
	}
	c := participant(t, e, "mira").Combatant
	if !c.Stable || c.Dying() {
		t.Fatalf("Mira at 0 HP with the periapt is not stable at her turn's start: %+v", c)
	}
	if a, ok := e.Forced(); !ok || a.Kind == encounter.ActionDeathSave {
		t.Fatalf("forced %+v, %v: want her turn ended, no death save", a, ok)
	}
}
