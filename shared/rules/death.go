package rules

import (
	"fmt"
	"strconv"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
)

// DeathSaveResult is a death saving throw as made.
type DeathSaveResult struct {
	Log
	RollerID string `json:"roller_id"`
	Roller   string `json:"roller"`
	Edge     Edge   `json:"edge"`
	Natural  int    `json:"natural"`
	Success  bool   `json:"success"`
	// Successes and Failures are the counts after the save (both 0 once
	// the creature is stable or revived).
	Successes int  `json:"successes"`
	Failures  int  `json:"failures"`
	Stable    bool `json:"stable,omitempty"`  // the third success
	Revived   bool `json:"revived,omitempty"` // a natural 20: 1 HP and awake
	Died      bool `json:"died,omitempty"`    // the third failure
}

// DeathSave makes the death saving throw of a dying creature (at 0 hit
// points, neither dead nor stable) at the start of its turn: a d20 with no
// modifier, 10 or higher a success, else a failure. A natural 1 counts as
// two failures; a natural 20 regains 1 hit point, which wakes the creature
// and resets the counts. The third success makes it stable (and resets the
// counts), the third failure kills it. Exhaustion 3+ gives disadvantage, as
// on any saving throw. It draws one d20 (two with disadvantage). A creature
// that is not dying is a fault.Invalid error.
func DeathSave(c Combatant, src dice.Source) (DeathSaveResult, error) {
	return DeathSaveWith(c, nil, nil, src)
}

// DeathSaveWith is DeathSave with situational sources of advantage and
// disadvantage (Beacon of Hope's advantage) besides exhaustion's.
func DeathSaveWith(c Combatant, advantage, disadvantage []string, src dice.Source) (DeathSaveResult, error) {
	const op = "death saving throw"
	if !c.Dying() {
		return DeathSaveResult{}, fault.E(fault.Invalid, op, "%s is not dying", c.Name)
	}
	r := DeathSaveResult{RollerID: c.ID, Roller: c.Name,
		Successes: c.DeathSaves.Successes, Failures: c.DeathSaves.Failures}
	r.Edge.addSaveConditions(c, 0)
	r.Edge.situational(advantage, disadvantage)
	// A death save adds no modifier and has its own fixed 10 to reach.
	roll, err := rollD20(&r.Log, "death save", c, 0, r.Edge,
		r.Edge.working(campaign.RuleDeathSaves, nil, &campaign.DCSource{Value: 10, Source: "a death saving throw's 10"}), src)
	if err != nil {
		return DeathSaveResult{}, fault.Wrap(fault.Internal, op, err)
	}
	r.Natural = roll.Natural
	r.Success = roll.Total >= 10
	roll.Outcome = outcome(r.Success)
	id := c.ID
	switch {
	case r.Natural == 20:
		r.Revived = true
		r.Successes, r.Failures = 0, 0
		r.change(id, FieldHP, c.HP, 1)
		r.revive(c)
	case r.Success:
		r.Successes = min(r.Successes+1, 3)
		if r.Successes < 3 {
			r.change(id, FieldDeathSuccesses, c.DeathSaves.Successes, r.Successes)
			break
		}
		r.Stable = true
		r.Successes, r.Failures = 0, 0
		r.stabilize(c)
	default:
		n := 1
		if r.Natural == 1 {
			n = 2
		}
		r.Failures = min(r.Failures+n, 3)
		r.change(id, FieldDeathFailures, c.DeathSaves.Failures, r.Failures)
		if r.Failures >= 3 {
			r.Died = true
			r.change(id, FieldConcentration, c.Concentration, "")
			r.change(id, FieldDead, false, true)
		}
	}
	return r, nil
}

// stabilize records c becoming stable: the counts reset.
func (l *Log) stabilize(c Combatant) {
	l.change(c.ID, FieldDeathSuccesses, c.DeathSaves.Successes, 0)
	l.change(c.ID, FieldDeathFailures, c.DeathSaves.Failures, 0)
	l.change(c.ID, FieldStable, false, true)
}

// Summary tells the save in one sentence: "Mira makes a death saving
// throw: 12, a success (2 successes, 1 failure)."
func (r DeathSaveResult) Summary() string {
	who := capital(r.Roller)
	s := who + " makes a death saving throw: " + strconv.Itoa(r.Natural) + r.Edge.phrase()
	switch {
	case r.Revived:
		return s + ", a natural 20; " + r.Roller + " regains 1 HP and wakes."
	case r.Stable:
		return s + ", a third success; " + r.Roller + " is stable."
	case r.Died:
		if r.Natural == 1 {
			return s + ", a natural 1 and two failures; " + r.Roller + " dies."
		}
		return s + ", a third failure; " + r.Roller + " dies."
	case r.Success:
		return s + ", a success (" + counts(r.Successes, r.Failures) + ")."
	case r.Natural == 1:
		return s + ", a natural 1 and two failures (" + counts(r.Successes, r.Failures) + ")."
	}
	return s + ", a failure (" + counts(r.Successes, r.Failures) + ")."
}

func counts(successes, failures int) string {
	return plural(successes, "success", "successes") + ", " + plural(failures, "failure", "failures")
}

// StabilizeResult is an attempt to stabilize a dying creature.
type StabilizeResult struct {
	Log
	PatientID string `json:"patient_id"`
	Patient   string `json:"patient"`
	// HealerID and Healer are who gave first aid; "" when the creature
	// was stabilized by other means.
	HealerID string `json:"healer_id,omitempty"`
	Healer   string `json:"healer,omitempty"`
	// Means is what stabilized it without a check ("spare the dying").
	Means string `json:"means,omitempty"`
	// Check is the healer's Wisdom (Medicine) check, nil without one.
	Check *CheckResult `json:"check,omitempty"`
	// Kit says the healer used a healer's kit, spending one of its uses.
	Kit        bool `json:"kit,omitempty"`
	Stabilized bool `json:"stabilized"`
}

// FirstAidDC is the DC of the Wisdom (Medicine) check to stabilize a dying
// creature.
const FirstAidDC = 10

// FirstAid is healer's action to stabilize a dying patient: a DC 10
// Wisdom (Medicine) check, made as Check makes it. On a success the patient
// is stable and its death saves reset. A patient that is not dying, or a
// healer that is dead or incapacitated, is a fault.Invalid error.
func FirstAid(healer, patient Combatant, src dice.Source) (StabilizeResult, error) {
	const op = "first aid"
	switch {
	case !patient.Dying():
		return StabilizeResult{}, fault.E(fault.Invalid, op, "%s is not dying", patient.Name)
	case healer.Dead:
		return StabilizeResult{}, fault.E(fault.Invalid, op, "%s is dead", healer.Name)
	case healer.Incapacitated():
		return StabilizeResult{}, fault.E(fault.Invalid, op, "%s is %s and can't act", healer.Name,
			firstOf(healer.Conditions&incapacitating))
	}
	chk, err := Check(healer, CheckRequest{Ability: Wis, Skill: Medicine, DC: FirstAidDC}, src)
	if err != nil {
		return StabilizeResult{}, fault.Wrap(fault.Invalid, op, err)
	}
	r := StabilizeResult{PatientID: patient.ID, Patient: patient.Name, HealerID: healer.ID, Healer: healer.Name,
		Check: &chk, Stabilized: chk.Success}
	r.merge(chk.Log)
	if r.Stabilized {
		r.stabilize(patient)
	}
	return r, nil
}

// FirstAidRefusal is why a healer cannot give a patient first aid: the
// reason, the words players read, and whether the patient (not the
// healer) is the one at fault.
type FirstAidRefusal struct {
	Reason  fault.Reason
	Patient bool
	Message string
}

// CanGiveFirstAid says why healer cannot give patient first aid, false
// when nothing stops it: a healer gives it to another creature, on its
// feet and able to act (not dead, at 0 hit points or incapacitated), and
// the patient must be dying (not dead, hale or already stable).
func CanGiveFirstAid(healer, patient Combatant) (FirstAidRefusal, bool) {
	no := func(r fault.Reason, patient bool, format string, args ...any) (FirstAidRefusal, bool) {
		return FirstAidRefusal{Reason: r, Patient: patient, Message: fmt.Sprintf(format, args...)}, true
	}
	switch {
	case healer.ID == patient.ID:
		return no(fault.InvalidArgs, true, "%s can't give first aid to themselves", healer.Name)
	case healer.Dead:
		return no(fault.ActorStateRestricted, false, "%s is dead", healer.Name)
	case healer.HP <= 0:
		return no(fault.ActorStateRestricted, false, "%s is down and can't give first aid", healer.Name)
	case healer.Incapacitated():
		return no(fault.ActorStateRestricted, false, "%s is %s and can't give first aid", healer.Name, firstOf(healer.Conditions&incapacitating))
	case patient.Dead:
		return no(fault.NotAllowed, true, "%s is dead: first aid can't help; a spell that brings back the dead can", patient.Name)
	case patient.HP > 0:
		return no(fault.NotAllowed, true, "%s is not dying", patient.Name)
	case patient.Stable:
		return no(fault.NotAllowed, true, "%s is already stable", patient.Name)
	}
	return FirstAidRefusal{}, false
}

// GiveFirstAid is healer's action to stabilize a dying patient, the one
// first aid in and out of fights: with a healer's kit (kit: it carries one
// with a use left), a use of it and no check (the result's Kit says so);
// without, a DC 10 Wisdom (Medicine) check (FirstAid). What stops it
// (CanGiveFirstAid) is a fault.Invalid refusal with its reason.
func GiveFirstAid(healer Combatant, kit bool, patient Combatant, src dice.Source) (StabilizeResult, error) {
	if why, no := CanGiveFirstAid(healer, patient); no {
		field := "healer"
		if why.Patient {
			field = "patient"
		}
		return StabilizeResult{}, fault.Refuse("first aid", field, why.Reason, "%s", why.Message)
	}
	if !kit {
		return FirstAid(healer, patient, src)
	}
	r, err := Stabilize(patient, "a healer's kit")
	r.HealerID, r.Healer, r.Kit = healer.ID, healer.Name, true
	return r, err
}

// Stabilize makes a dying patient stable without a check, by means such as
// the spare the dying cantrip or a healer's kit; its death saves reset. A
// patient that is not dying is a fault.Invalid error.
func Stabilize(patient Combatant, means string) (StabilizeResult, error) {
	if !patient.Dying() {
		return StabilizeResult{}, fault.E(fault.Invalid, "stabilize", "%s is not dying", patient.Name)
	}
	r := StabilizeResult{PatientID: patient.ID, Patient: patient.Name, Means: means, Stabilized: true}
	r.stabilize(patient)
	return r, nil
}

// Summary tells the attempt in one sentence: "Bran stabilizes Mira with
// first aid (Wisdom (Medicine) 13 vs DC 10)."
func (r StabilizeResult) Summary() string {
	if r.Kit {
		return capital(r.Healer) + " stabilizes " + r.Patient + " with a healer's kit."
	}
	if r.Check == nil {
		s := capital(r.Patient) + " is stabilized"
		if r.Means != "" {
			s += " by " + r.Means
		}
		return s + "."
	}
	chk := " (Wisdom (Medicine) " + strconv.Itoa(r.Check.Total) + r.Check.Edge.phrase() + " vs DC " + strconv.Itoa(r.Check.DC) + ")."
	if r.Check.AutoFail != "" {
		chk = " (automatically failed: " + r.Check.AutoFail + ")."
	}
	if r.Stabilized {
		return capital(r.Healer) + " stabilizes " + r.Patient + " with first aid" + chk
	}
	return capital(r.Healer) + " fails to stabilize " + r.Patient + chk
}

// RecoverResult is a stable creature at 0 hit points coming to.
type RecoverResult struct {
	Log
	ID    string `json:"id"`
	Name  string `json:"name"`
	Hours int    `json:"hours"` // the 1d4 hours it took
}

// recoverDie is the hours a stable creature takes to regain 1 hit point.
var recoverDie = dice.MustParse("1d4")

// Recover is the time a stable creature at 0 hit points lies there
// passing: it regains 1 hit point after 1d4 hours, which wakes it
// (unconscious goes, prone stays) and resets its death saves. It draws
// one d4. A creature that is not stable at 0 hit points (dead, dying, or
// with hit points) is a fault.Invalid error.
func Recover(c Combatant, src dice.Source) (RecoverResult, error) {
	const op = "recover"
	switch {
	case c.Dead:
		return RecoverResult{}, fault.E(fault.Invalid, op, "%s is dead", c.Name)
	case c.HP > 0:
		return RecoverResult{}, fault.E(fault.Invalid, op, "%s is not at 0 HP", c.Name)
	case !c.Stable:
		return RecoverResult{}, fault.E(fault.Invalid, op, "%s is dying, not stable", c.Name)
	}
	r := RecoverResult{ID: c.ID, Name: c.Name}
	roll := dice.Roll(recoverDie, src)
	r.roll("hours to recover", c.ID, roll)
	r.Hours = roll.Total
	r.change(c.ID, FieldHP, c.HP, 1)
	r.revive(c)
	return r, nil
}

// Summary tells it in one sentence: "Mira, stable at 0 HP, regains 1 HP
// after 3 hours and wakes."
func (r RecoverResult) Summary() string {
	return capital(r.Name) + ", stable at 0 HP, regains 1 HP after " + plural(r.Hours, "hour", "hours") + " and wakes."
}
