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

// wardedBy is ch with the ward spell id picked as pick, cast before the
// fight at slot in area, kept on its sheet as the cast out of a fight
// keeps it. Wren's spell save DC is 8 + 2 + 3 = 13.
func wardedBy(t *testing.T, ch campaign.Character, id string, slot int, pick, area string) campaign.Character {
	t.Helper()
	r, err := spell.Cast(rules.FromSheet(ch), id, slot, nil, spell.Options{Innate: true, Ability: rules.Int, Choice: pick}, seeded(1), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Effects) != 1 || r.Effects[0].ID != spell.WardID {
		t.Fatalf("%s leaves %+v, want its ward", id, r.Effects)
	}
	fx := r.Effects[0]
	fx.Area = area
	return ch.WithEffect(encounter.Lasting(fx, slot, 0))
}

// warding starts a fight of Mira against monsters in area, and sets off
// the wards of chars there with dice f.
func warding(t *testing.T, area string, chars []campaign.Character, monsters []encounter.MonsterSpec, f ...int) (encounter.Encounter, []campaign.Character) {
	t.Helper()
	e, _, err := encounter.Start("enc-w", []campaign.Character{mira()}, monsters, nil, seeded(7), nil)
	if err != nil {
		t.Fatal(err)
	}
	e.AreaID = area
	spent, err := e.Wards(chars, faces(t, f...))
	if err != nil {
		t.Fatal(err)
	}
	return e, spent
}

func lastLog(e encounter.Encounter) string {
	if len(e.Log) == 0 {
		return ""
	}
	return e.Log[len(e.Log)-1].Text
}

// Wren's explosive runes of fire in the cellar go off when the goblins
// come there, though Wren is elsewhere: 5d8 rolled once (1+1+1+1+2 =
// 6), the first goblin failing its Dexterity save (2+2 against 13) takes
// 6 fire, the second making it (15+2) takes 3. The glyph is spent: it
// leaves Wren's sheet. In another area it does nothing.
func TestGlyphGoesOffOnTheFoesWhoComeToItsArea(t *testing.T) {
	w := wardedBy(t, wren(), "glyph-of-warding", 3, "fire", "cellar")
	if _, spent := warding(t, "road", []campaign.Character{w}, goblins(2)); len(spent) != 0 {
		t.Fatalf("a fight on the road spent %+v", spent)
	}
	e, spent := warding(t, "cellar", []campaign.Character{w}, goblins(2), 1, 1, 1, 1, 2, 2, 15)
	if hp := participant(t, e, "goblin-1").Combatant.HP; hp != 1 {
		t.Errorf("goblin 1 at %d HP, want 7 - 6 = 1: %s", hp, lastLog(e))
	}
	if hp := participant(t, e, "goblin-2").Combatant.HP; hp != 4 {
		t.Errorf("goblin 2 at %d HP, want 7 - 3 = 4: %s", hp, lastLog(e))
	}
	if len(spent) != 1 || spent[0].ID != "wren" || slices.ContainsFunc(spent[0].Effects, func(fx campaign.Effect) bool { return fx.ID == spell.WardID }) {
		t.Errorf("spent %+v, want Wren's sheet without the glyph", spent)
	}
	if !strings.Contains(lastLog(e), "Glyph of Warding goes off") {
		t.Errorf("log %q, want the glyph going off", lastLog(e))
	}
}

// Symbol of stunning: a goblin failing its Wisdom save (1-1 against 13)
// is stunned for a minute, ten rounds; one that makes it (19-1) is not.
func TestSymbolStunsTheFoesThatFail(t *testing.T) {
	w := wardedBy(t, wren(), "symbol", 7, "stunning", "hall")
	e, spent := warding(t, "hall", []campaign.Character{w}, goblins(2), 1, 19)
	g1, g2 := participant(t, e, "goblin-1"), participant(t, e, "goblin-2")
	if !slices.Contains(g1.Conditions, "stunned") || slices.Contains(g2.Conditions, "stunned") {
		t.Errorf("goblin 1 %v, goblin 2 %v: want only the first stunned: %s", g1.Conditions, g2.Conditions, lastLog(e))
	}
	k := slices.IndexFunc(e.Effects, func(fx encounter.Effect) bool { return fx.TargetID == "goblin-1" && fx.Condition == rules.Stunned })
	if k < 0 || e.Effects[k].Until.Round != e.Round+10 {
		t.Errorf("effects %+v, want goblin 1 stunned until round %d", e.Effects, e.Round+10)
	}
	if len(spent) != 1 {
		t.Errorf("spent %+v, want the symbol gone", spent)
	}
}

// Forbiddance against undead: the skeleton takes 5d10 radiant as it
// comes (1+1+1+1+1) and again as its turn starts there; the goblin, not
// undead, takes none; the ward stays on Wren's sheet for its day.
func TestForbiddanceBurnsTheChosenKindAtEachTurn(t *testing.T) {
	w := wardedBy(t, wren(), "forbiddance", 6, "undead radiant", "crypt")
	e, spent := warding(t, "crypt", []campaign.Character{w}, []encounter.MonsterSpec{{SRDID: "skeleton", Count: 1}, {SRDID: "goblin", Count: 1}}, 1, 1, 1, 1, 1)
	if len(spent) != 0 {
		t.Errorf("spent %+v, want forbiddance kept", spent)
	}
	if hp := participant(t, e, "skeleton-1").Combatant.HP; hp != 8 {
		t.Fatalf("skeleton at %d HP, want 13 - 5 = 8: %s", hp, lastLog(e))
	}
	if hp := participant(t, e, "goblin-1").Combatant.HP; hp != 7 {
		t.Errorf("goblin at %d HP, want untouched", hp)
	}
	// Its turn comes (the others' pass) and starts in the ward.
	burnt := func() bool {
		return slices.ContainsFunc(e.Log, func(l encounter.Entry) bool { return strings.Contains(l.Text, "Forbiddance burns Skeleton 1") })
	}
	for k := 0; k < 4 && !burnt(); k++ {
		var err error
		if e.Current == "mira" {
			e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, seeded(3))
		} else {
			e, _, err = encounter.MonsterTurn(e, seeded(5))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if !burnt() {
		t.Errorf("no forbiddance as the skeleton's turn started: %+v", e.Log)
	}
}

// Antipathy against goblins: the goblin failing its Wisdom save (1-1)
// is frightened while there; the orc, not a goblin, makes none.
// Hallow's energy vulnerability: a goblin failing its Charisma save is
// vulnerable to fire.
func TestAntipathyAndHallowFallOnTheirKind(t *testing.T) {
	w := wardedBy(t, wren(), "antipathy-sympathy", 8, "antipathy goblins", "gate")
	e, _ := warding(t, "gate", []campaign.Character{w}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}, {SRDID: "goblin", Count: 1}}, 1)
	if g, o := participant(t, e, "goblin-1"), participant(t, e, "orc-1"); !slices.Contains(g.Conditions, "frightened") || len(o.Conditions) != 0 {
		t.Errorf("goblin %v, orc %v: want the goblin alone frightened: %s", g.Conditions, o.Conditions, lastLog(e))
	}
	h := wardedBy(t, wren(), "hallow", 5, "energy vulnerability fire", "chapel")
	e, spent := warding(t, "chapel", []campaign.Character{h}, goblins(1), 1)
	if g := participant(t, e, "goblin-1"); !g.Combatant.Vulnerabilities.Has(rules.Fire) || len(spent) != 0 {
		t.Errorf("goblin vulnerable to %v, spent %+v: want fire, hallow kept: %s", g.Combatant.Vulnerabilities, spent, lastLog(e))
	}
}
