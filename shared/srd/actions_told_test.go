package srd

import "testing"

// Every told action row decodes, names an action and gives its reason.
func TestToldActionsGiveTheirReasons(t *testing.T) {
	rows := toldActions().all
	if len(rows) == 0 {
		t.Fatal("monster_actions_told.json has no rows")
	}
	for _, r := range rows {
		if r.Action == "" || r.Told == "" {
			t.Errorf("told row %q: an action and its reason are both needed", r.key())
		}
		if r.Monster != "" {
			if _, ok := LookupMonster(r.Monster); !ok {
				t.Errorf("told row %q: no monster %s", r.key(), r.Monster)
			}
		}
	}
	if why, ok := MonsterActionTold("adult-red-dragon", "Detect"); !ok || why == "" {
		t.Error("a dragon's Detect is not told by its name's row")
	}
	if _, ok := MonsterActionTold("vampire-vampire", "Unarmed Strike"); ok {
		t.Error("the vampire-bat's Unarmed Strike row answers for another monster")
	}
}
