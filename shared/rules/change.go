package rules

import (
	"encoding/json"
	"fmt"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
)

// Roll is one roll a resolver made, as stored in the turn record: why, who
// rolled, how it turned out and the dice themselves (which replay from the
// turn's seed with the same options).
type Roll struct {
	// Reason says what the roll was for: "attack roll", "damage",
	// "concentration save", "death save" and so on.
	Reason   string `json:"reason"`
	RollerID string `json:"roller_id"`
	// Outcome is "hit", "critical hit", "miss", "success" or "failure" for
	// a d20 roll compared with a number, "" otherwise.
	Outcome string `json:"outcome,omitempty"`
	// DC is the number an ability check or saving throw had to meet or
	// beat; 0 for any other roll, and for a check with no DC.
	DC int `json:"dc,omitempty"`
	dice.Result
	// Working is how the rules made the number, recorded as they made it;
	// nil for a roll that has none (a Bless die is its own working).
	Working *campaign.Working `json:"working,omitempty"`
}

// Field names what a Change changed. Its comment gives the Go type of the
// Change's From and To.
type Field string

// The fields a resolver changes.
const (
	FieldHP             Field = "hp"               // int
	FieldMaxHP          Field = "max_hp"           // int: the maximum before exhaustion
	FieldTempHP         Field = "temp_hp"          // int
	FieldExhaustion     Field = "exhaustion"       // int
	FieldDrained        Field = "drained"          // int: the hit point maximum a life drain took
	FieldDeathSuccesses Field = "death_successes"  // int
	FieldDeathFailures  Field = "death_failures"   // int
	FieldHitDiceUsed    Field = "hit_dice_used"    // int
	FieldSpellSlotsUsed Field = "spell_slots_used" // int, of the slot level in Change.Slot
	FieldStable         Field = "stable"           // bool
	FieldDead           Field = "dead"             // bool
	FieldConcentration  Field = "concentration"    // string: the spell id, "" for none
	// FieldCondition is a Condition gained (From 0, To the condition) or
	// lost (From the condition, To 0).
	FieldCondition Field = "condition"
)

// Change is one field of one combatant changed by a resolver, with its
// value before and after. From and To hold the Go type FieldX's comment
// gives; JSON round-trips them to that type.
type Change struct {
	TargetID string `json:"target_id"`
	Field    Field  `json:"field"`
	Slot     int    `json:"slot,omitempty"` // spell slot level, for FieldSpellSlotsUsed only
	From     any    `json:"from"`
	To       any    `json:"to"`
}

// String is the change for logs and tests: "goblin-1.hp: 7 -> 0",
// "mira.spell_slots_used[1]: 2 -> 0", "mira.condition: +prone".
func (ch Change) String() string {
	switch ch.Field {
	case FieldSpellSlotsUsed:
		return fmt.Sprintf("%s.%s[%d]: %v -> %v", ch.TargetID, ch.Field, ch.Slot, ch.From, ch.To)
	case FieldCondition:
		if c, ok := ch.From.(Condition); ok && c != 0 {
			return fmt.Sprintf("%s.%s: -%v", ch.TargetID, ch.Field, c)
		}
		return fmt.Sprintf("%s.%s: +%v", ch.TargetID, ch.Field, ch.To)
	}
	return fmt.Sprintf("%s.%s: %v -> %v", ch.TargetID, ch.Field, ch.From, ch.To)
}

// UnmarshalJSON decodes From and To to the type Field calls for; an unknown
// field or a mistyped value is a fault.Invalid error.
func (ch *Change) UnmarshalJSON(b []byte) error {
	const op = "decode change"
	var raw struct {
		TargetID string          `json:"target_id"`
		Field    Field           `json:"field"`
		Slot     int             `json:"slot"`
		From     json.RawMessage `json:"from"`
		To       json.RawMessage `json:"to"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return fault.Wrap(fault.Invalid, op, err)
	}
	decode := func(m json.RawMessage) (any, error) {
		switch raw.Field {
		case FieldHP, FieldMaxHP, FieldTempHP, FieldExhaustion, FieldDrained, FieldDeathSuccesses, FieldDeathFailures, FieldHitDiceUsed, FieldSpellSlotsUsed:
			var v int
			err := json.Unmarshal(m, &v)
			return v, err
		case FieldStable, FieldDead:
			var v bool
			err := json.Unmarshal(m, &v)
			return v, err
		case FieldConcentration:
			var v string
			err := json.Unmarshal(m, &v)
			return v, err
		case FieldCondition:
			var v Condition
			err := json.Unmarshal(m, &v)
			return v, err
		case FieldAfflictions:
			var v []campaign.Affliction
			err := json.Unmarshal(m, &v)
			return v, err
		}
		return nil, fault.Field(op, "field", "unknown field %q", raw.Field)
	}
	from, err := decode(raw.From)
	if err != nil {
		return fault.Wrap(fault.Invalid, op, err)
	}
	to, err := decode(raw.To)
	if err != nil {
		return fault.Wrap(fault.Invalid, op, err)
	}
	*ch = Change{TargetID: raw.TargetID, Field: raw.Field, Slot: raw.Slot, From: from, To: to}
	return nil
}

// Log is what every result records, in the order it happened: the rolls
// made and the changes to state. A result nested in another (an attack's
// damage, a damage's concentration save) is part of its parent's Log too;
// store the outermost result's Log.
type Log struct {
	Rolls   []Roll   `json:"rolls"`
	Changes []Change `json:"changes"`
}

func (l *Log) roll(reason, rollerID string, r dice.Result) *Roll {
	l.Rolls = append(l.Rolls, Roll{Reason: reason, RollerID: rollerID, Result: r})
	return &l.Rolls[len(l.Rolls)-1]
}

func (l *Log) change(id string, f Field, from, to any) {
	if from == to {
		return
	}
	l.Changes = append(l.Changes, Change{TargetID: id, Field: f, From: from, To: to})
}

func (l *Log) gain(c Combatant, cond Condition) {
	if !c.Conditions.Has(cond) {
		l.change(c.ID, FieldCondition, Condition(0), cond)
	}
}

func (l *Log) lose(c Combatant, cond Condition) {
	if c.Conditions.Has(cond) {
		l.change(c.ID, FieldCondition, cond, Condition(0))
	}
}

// merge appends o's entries to l. An empty l takes o's slices as they are
// (capped, so a later append copies rather than writes into o's).
func (l *Log) merge(o Log) {
	l.Rolls = appendOrTake(l.Rolls, o.Rolls)
	l.Changes = appendOrTake(l.Changes, o.Changes)
}

func appendOrTake[T any](dst, src []T) []T {
	if len(dst) == 0 && cap(dst) < len(src) {
		return src[:len(src):len(src)]
	}
	return append(dst, src...)
}

// Apply returns a copy of c with the changes aimed at c (by TargetID)
// made, in order; changes to other combatants are skipped, so one turn's
// whole list can be applied to each combatant. A change whose From is not
// c's current value means c is not the state the change was resolved
// against: Apply returns a fault.Conflict error and c unchanged. A
// mistyped value is a fault.Invalid error.
func (c Combatant) Apply(changes []Change) (Combatant, error) {
	const op = "apply changes"
	out := c
	for _, ch := range changes {
		if ch.TargetID != c.ID {
			continue
		}
		if err := out.apply(ch); err != nil {
			return c, fault.Wrap(fault.Invalid, op, err)
		}
	}
	return out, nil
}

func (c *Combatant) apply(ch Change) error {
	switch ch.Field {
	case FieldHP:
		return set(&c.HP, ch)
	case FieldMaxHP:
		return set(&c.MaxHP, ch)
	case FieldTempHP:
		return set(&c.TempHP, ch)
	case FieldExhaustion:
		return set(&c.Exhaustion, ch)
	case FieldDrained:
		return set(&c.Drained, ch)
	case FieldDeathSuccesses:
		return set(&c.DeathSaves.Successes, ch)
	case FieldDeathFailures:
		return set(&c.DeathSaves.Failures, ch)
	case FieldHitDiceUsed:
		return set(&c.HitDice.Used, ch)
	case FieldSpellSlotsUsed:
		if ch.Slot < 1 || ch.Slot > len(c.SpellSlots) {
			return fault.Field("apply change", "slot", "spell slot level %d is not 1 to 9", ch.Slot)
		}
		return set(&c.SpellSlots[ch.Slot-1].Used, ch)
	case FieldStable:
		return set(&c.Stable, ch)
	case FieldDead:
		return set(&c.Dead, ch)
	case FieldConcentration:
		return set(&c.Concentration, ch)
	case FieldCondition:
		from, ok1 := ch.From.(Condition)
		to, ok2 := ch.To.(Condition)
		switch {
		case !ok1 || !ok2 || (from == 0) == (to == 0):
			return fault.Field("apply change", "condition", "%v: want a condition gained or lost", ch)
		case from != 0 && !c.Conditions.Has(from):
			return fault.E(fault.Conflict, "apply change", "%v: %s is not %s", ch, c.ID, from)
		case to != 0 && c.Conditions.Has(to):
			return fault.E(fault.Conflict, "apply change", "%v: %s is already %s", ch, c.ID, to)
		}
		c.Conditions = c.Conditions.Without(from).With(to)
		return nil
	case FieldAfflictions:
		return c.applyAfflictions(ch)
	}
	return fault.Field("apply change", "field", "unknown field %q", ch.Field)
}

func set[T comparable](p *T, ch Change) error {
	from, ok1 := ch.From.(T)
	to, ok2 := ch.To.(T)
	if !ok1 || !ok2 {
		return fault.Field("apply change", string(ch.Field), "%v: want %T values", ch, *p)
	}
	if *p != from {
		return fault.E(fault.Conflict, "apply change", "%v: the value is %v", ch, *p)
	}
	*p = to
	return nil
}
