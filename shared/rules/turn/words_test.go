package turn_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
)

// A fight of one level 1 barbarian against an orc, the barbarian first.
func barbarianFight(t *testing.T) (turn.View, campaign.Character) {
	t.Helper()
	urga, err := campaign.NewCharacter{Name: "Urga", Race: "half-orc", Class: "barbarian"}.Build("urga", "p1")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed < 200; seed++ {
		e, _, err := encounter.Start("enc", []campaign.Character{urga}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}}, nil, dice.NewSeeded(seed), nil)
		if err != nil {
			t.Fatal(err)
		}
		if e.Current != "urga" {
			continue
		}
		rec, err := encounter.Record(e, 1)
		if err != nil {
			t.Fatal(err)
		}
		return turn.View{Characters: []campaign.Character{urga}, Encounter: &rec}, urga
	}
	t.Fatal("no seed put Urga first")
	return turn.View{}, campaign.Character{}
}

// "I rage and attack the orc" is both: the rage, keeping the turn, then
// the attack with its rage damage, in one decision.
func TestWordsRageAndAttack(t *testing.T) {
	v, urga := barbarianFight(t)
	d, err := turn.Decide(v, urga, turn.Action{Text: "I rage and attack the orc"}, dice.NewSeeded(7))
	if err != nil {
		t.Fatal(err)
	}
	if d.Intent == nil || d.Intent.Kind != "attack" || !strings.Contains(d.Summary, "rage") || !strings.Contains(d.Summary, "Orc 1") {
		t.Fatalf("intent %+v summary %q", d.Intent, d.Summary)
	}
	e, err := encounter.FromRecord(*d.Encounter)
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := e.Participant("urga"); p.Pools["rage"].Used != 1 || !p.Turn.BonusActionUsed || !p.Turn.ActionUsed {
		t.Errorf("after rage and attack: pools %v turn %+v", p.Pools, p.Turn)
	}
}

// Words naming a feature the character lacks, or a spell it cannot
// cast, are read, and the rules say why not.
func TestWordsNamingWhatTheCharacterCannotDo(t *testing.T) {
	v, urga := barbarianFight(t)
	for text, want := range map[string]string{
		"I attack recklessly":              "Urga does not have Reckless Attack",
		"I cast fireball at the orc":       "casts no spells",
		"I cast eldritch blast at the orc": "casts no spells",
	} {
		_, err := turn.Decide(v, urga, turn.Action{Text: text}, dice.NewSeeded(1))
		if !fault.Is(err, fault.Invalid) || !strings.Contains(strings.ToLower(err.Error()), strings.ToLower(want)) {
			t.Errorf("%q: err = %v, want a refusal saying %q", text, err, want)
		}
	}
}
