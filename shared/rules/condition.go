package rules

import (
	"strconv"

	"chronicler/shared/fault"
)

// ConditionResult is a condition gained or lost.
type ConditionResult struct {
	Log
	TargetID  string    `json:"target_id"`
	Target    string    `json:"target"`
	Condition Condition `json:"condition"`
	// Removal says the condition was to end rather than begin.
	Removal bool `json:"removal,omitempty"`
	// Changed says the condition began (or ended); false when the target
	// already had it (or did not), or is immune.
	Changed bool `json:"changed"`
	Immune  bool `json:"immune,omitempty"`
	// ConcentrationSpell is the spell whose concentration the condition
	// broke (by incapacitating the target), "" if none.
	ConcentrationSpell string `json:"concentration_spell,omitempty"`
}

// AddCondition gives target a condition, unless it is immune (a petrified
// creature is immune to poisoned) or already has it. Unconscious also
// makes it prone; a condition that incapacitates (incapacitated,
// paralyzed, petrified, stunned, unconscious) ends its concentration.
// Exhaustion, which has levels, is ChangeExhaustion's. A dead target or an
// unknown condition is a fault.Invalid error.
func AddCondition(target Combatant, cond Condition) (ConditionResult, error) {
	const op = "add condition"
	if err := conditionArgs(op, target, cond); err != nil {
		return ConditionResult{}, err
	}
	r := ConditionResult{TargetID: target.ID, Target: target.Name, Condition: cond}
	switch {
	case target.ConditionImmunities.Has(cond) || (cond == Poisoned && target.Conditions.Has(Petrified)):
		r.Immune = true
		return r, nil
	case target.Conditions.Has(cond):
		return r, nil
	}
	r.Changed = true
	r.gain(target, cond)
	if cond == Unconscious {
		r.gain(target, Prone)
	}
	if incapacitating.Has(cond) && target.Concentration != "" {
		r.ConcentrationSpell = target.Concentration
		r.change(target.ID, FieldConcentration, target.Concentration, "")
	}
	return r, nil
}

// RemoveCondition ends a condition on target, if it has it. Unconscious
// stays while the target is at 0 hit points: only healing wakes it. A
// dead target or an unknown condition is a fault.Invalid error.
func RemoveCondition(target Combatant, cond Condition) (ConditionResult, error) {
	const op = "remove condition"
	if err := conditionArgs(op, target, cond); err != nil {
		return ConditionResult{}, err
	}
	if cond == Unconscious && target.HP <= 0 && target.Conditions.Has(Unconscious) {
		return ConditionResult{}, fault.E(fault.Invalid, op, "%s is at 0 HP; only healing wakes them", target.Name)
	}
	r := ConditionResult{TargetID: target.ID, Target: target.Name, Condition: cond, Removal: true}
	if target.Conditions.Has(cond) {
		r.Changed = true
		r.lose(target, cond)
	}
	return r, nil
}

func conditionArgs(op string, target Combatant, cond Condition) error {
	switch {
	case target.Dead:
		return fault.E(fault.Invalid, op, "%s is dead", target.Name)
	case cond == Exhaustion:
		return fault.Field(op, "condition", "exhaustion has levels: use ChangeExhaustion")
	case !cond.valid():
		return fault.Field(op, "condition", "unknown condition %d", cond)
	}
	return nil
}

// Summary tells the change in one sentence: "The goblin is paralyzed."
func (r ConditionResult) Summary() string {
	who, c := capital(r.Target), r.Condition.String()
	var s string
	switch {
	case r.Immune:
		return who + " is immune to being " + c + "."
	case r.Removal && r.Changed:
		return who + " is no longer " + c + "."
	case r.Removal:
		return who + " was not " + c + "."
	case !r.Changed:
		return who + " is already " + c + "."
	case r.Condition == Unconscious && len(r.Changes) > 1 && r.Changes[1].To == Prone:
		s = who + " falls unconscious and prone"
	default:
		s = who + " is " + c
	}
	if r.ConcentrationSpell != "" {
		s += " and loses concentration on " + r.ConcentrationSpell
	}
	return s + "."
}

// ExhaustionResult is a change of exhaustion level.
type ExhaustionResult struct {
	Log
	TargetID string `json:"target_id"`
	Target   string `json:"target"`
	From     int    `json:"from"`
	To       int    `json:"to"`
	Immune   bool   `json:"immune,omitempty"`
	// HPBefore and HPAfter differ when the maximum halved at level 4 cut
	// the hit points down.
	HPBefore int  `json:"hp_before"`
	HPAfter  int  `json:"hp_after"`
	Died     bool `json:"died,omitempty"` // level 6
}

// exhaustionEffects is what each level adds to those below it.
var exhaustionEffects = [...]string{"", "disadvantage on ability checks", "speed halved",
	"disadvantage on attack rolls and saving throws", "hit point maximum halved", "speed 0", "death"}

// ChangeExhaustion raises (by > 0) or lowers (by < 0) target's exhaustion
// level, within 0 to 6; a creature immune to exhaustion ignores a rise.
// Each level adds its effect to those below: 1 disadvantage on ability
// checks, 2 speed halved, 3 disadvantage on attack rolls and saving
// throws, 4 hit point maximum halved (hit points above it are lost), 5
// speed 0, 6 death. A dead target is a fault.Invalid error.
func ChangeExhaustion(target Combatant, by int) (ExhaustionResult, error) {
	const op = "change exhaustion"
	if target.Dead {
		return ExhaustionResult{}, fault.E(fault.Invalid, op, "%s is dead", target.Name)
	}
	r := ExhaustionResult{TargetID: target.ID, Target: target.Name, From: target.Exhaustion,
		To: target.Exhaustion, HPBefore: target.HP, HPAfter: target.HP}
	if by > 0 && target.ConditionImmunities.Has(Exhaustion) {
		r.Immune = true
		return r, nil
	}
	r.To = min(max(target.Exhaustion+by, 0), 6)
	r.change(target.ID, FieldExhaustion, r.From, r.To)
	after := target
	after.Exhaustion = r.To
	if m := after.CurrentMaxHP(); target.HP > m {
		r.HPAfter = m
		r.change(target.ID, FieldHP, target.HP, m)
	}
	if r.To >= 6 {
		r.Died = true
		r.change(target.ID, FieldConcentration, target.Concentration, "")
		r.change(target.ID, FieldDead, false, true)
	}
	return r, nil
}

// Summary tells the change in one sentence: "Mira's exhaustion rises from
// 1 to 2: speed halved."
func (r ExhaustionResult) Summary() string {
	who := capital(r.Target)
	switch {
	case r.Immune:
		return who + " is immune to exhaustion."
	case r.To == r.From:
		return possessive(who) + " exhaustion stays at " + strconv.Itoa(r.To) + "."
	case r.To < r.From:
		if r.To == 0 {
			return possessive(who) + " exhaustion falls from " + strconv.Itoa(r.From) + " to 0: no longer exhausted."
		}
		return possessive(who) + " exhaustion falls from " + strconv.Itoa(r.From) + " to " + strconv.Itoa(r.To) + "."
	}
	s := possessive(who) + " exhaustion rises from " + strconv.Itoa(r.From) + " to " + strconv.Itoa(r.To) + ": "
	for l := r.From + 1; l <= r.To; l++ {
		if l > r.From+1 {
			s += ", "
		}
		s += exhaustionEffects[l]
	}
	if r.Died {
		return s + "; " + r.Target + " dies."
	}
	if r.HPAfter != r.HPBefore {
		s += "; " + r.Target + " is cut to " + strconv.Itoa(r.HPAfter) + " HP"
	}
	return s + "."
}
