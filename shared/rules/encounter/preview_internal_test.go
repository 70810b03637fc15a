package encounter

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
)

// A feature that gives a reaction, an answer to an attack, a use on one's
// own hit or a saving throw rolled again is previewed by what it does,
// not by its bare name: a feature added to the table without a preview
// fails here.
func TestNoReactionAFeatureGivesIsPreviewedByItsNameAlone(t *testing.T) {
	e := Encounter{Participants: []Participant{
		{ID: "a", Name: "Ash", Kind: KindCharacter, AC: 14},
		{ID: "b", Name: "Bone", Kind: KindMonster, AC: 12},
	}}
	hit := rules.AttackResult{AttackerID: "b", TargetID: "a", Natural: 12, Total: 16, AC: 14, Hit: true, Damage: &rules.DamageResult{Taken: 5, HPAfter: 3}}
	own := rules.AttackResult{AttackerID: "a", TargetID: "b", Natural: 12, Total: 16, AC: 12, Hit: true}
	save := rules.SaveResult{RollerID: "a", DC: 14, Bonus: 3, Natural: 1, Total: 4}
	n := 0
	for id, f := range features {
		var m Moment
		switch {
		case f.reaction != nil, f.answer != nil:
			m.Attack = &hit
		case f.onHit != nil:
			m.Attack = &own
		case f.reroll != nil, f.rerollSave != nil:
			m.Save = &save
		default:
			continue
		}
		n++
		got := Preview(e, 0, id, m)
		if got.Text == ReactionName(id) || got.Effect == "" || (got.Effect == campaign.EffectNone && m.Save == nil) {
			t.Errorf("%s: preview %+v says nothing of what it does", id, got)
		}
	}
	if n < 10 {
		t.Errorf("only %d features give reactions; the walk missed the table", n)
	}
}
