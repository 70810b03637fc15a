package encounter_test

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// Aid raises the hit point maximum and hit points of its targets while it
// lasts, waking a dying one; when the fight ends it goes, and the hit
// points above the old maximum with it.
func TestAidInAFight(t *testing.T) {
	e := fell(casterFirst(t, []campaign.Character{cleo(), mira(), tavi()}, goblins(1)), "tavi", false)
	out, res, err := encounter.Act(e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "aid", TargetIDs: []string{"cleo", "mira", "tavi"}}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	c, m, tv := participant(t, out, "cleo"), participant(t, out, "mira"), participant(t, out, "tavi")
	if c.MaxHP != 29 || c.HP != 25 || m.MaxHP != 33 || m.HP != 33 {
		t.Fatalf("cleo %d/%d, mira %d/%d; want 25/29 and 33/33", c.HP, c.MaxHP, m.HP, m.MaxHP)
	}
	if tv.HP != 5 || tv.Combatant.Conditions.Has(rules.Unconscious) || tv.Combatant.DeathSaves.Failures != 0 {
		t.Fatalf("tavi %+v: 5 HP wake her", tv.Combatant)
	}
	if !hasChange(res.Changes, "mira", rules.FieldMaxHP) {
		t.Errorf("changes %v: the maximum's change is recorded", res.Changes)
	}
	ended, diffs, err := encounter.End(out, "fled", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, ended, "mira"); m.MaxHP != 28 || m.HP != 28 {
		t.Errorf("mira after the fight %d/%d, want 28/28", m.HP, m.MaxHP)
	}
	if c := participant(t, ended, "cleo"); c.MaxHP != 24 || c.HP != 24 {
		t.Errorf("cleo after the fight %d/%d, want 24/24: Aid's 5 is kept up to her own maximum", c.HP, c.MaxHP)
	}
	for _, d := range diffs {
		if d.ParticipantID == "tavi" && d.HP.After != 5 {
			t.Errorf("tavi's diff %+v", d.HP)
		}
	}
}

func hasChange(chs []rules.Change, id string, f rules.Field) bool {
	for _, ch := range chs {
		if ch.TargetID == id && ch.Field == f {
			return true
		}
	}
	return false
}
