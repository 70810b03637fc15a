package encounter

import "chronicler/shared/rules/spell"

// Alarm in a fight (spell/minds.go): a character whose ward holds as a fight
// starts was warned of what came. The fights keep no map, so the ward is
// taken to be the way the foes came, as the table that set it means it:
// a mental alarm wakes its caster alone, an audible one everyone on the
// caster's side, and none of them is surprised.
func (e *Encounter) alarmed() {
	for _, fx := range e.Effects {
		if fx.ID != spell.MentalAlarmID && fx.ID != spell.AudibleAlarmID {
			continue
		}
		ci := e.index(fx.CasterID)
		if ci < 0 || fx.TargetID != fx.CasterID {
			continue
		}
		for i := range e.Participants {
			p := &e.Participants[i]
			if i == ci || (fx.ID == spell.AudibleAlarmID && p.Kind == e.Participants[ci].Kind) {
				p.Surprised, p.ReactionUsed = false, false
			}
		}
	}
}
