package rules

import (
	"chronicler/shared/campaign"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
)

// HitDiceResult is hit dice spent at the end of a short rest.
type HitDiceResult struct {
	Log
	RollerID string `json:"roller_id"`
	Roller   string `json:"roller"`
	Spent    int    `json:"spent"`
	Regained int    `json:"regained"`
	HPBefore int    `json:"hp_before"`
	HPAfter  int    `json:"hp_after"`
	MaxHP    int    `json:"max_hp"`
	Left     int    `json:"left"` // hit dice left to spend
}

// SpendHitDice spends n of c's hit dice at the end of a short rest: each
// rolls the hit die plus the Constitution modifier (at least 0) and heals
// that much, up to the current hit point maximum. A player may decide on
// each die after seeing the last: call it with n = 1 per die. It draws one
// die per hit die spent; a worn Periapt of Wound Closure doubles each
// die's hit points. A dead creature, one at 0 hit points, no hit die
// size, or n outside 1 to the dice left is a fault.Invalid error.
func SpendHitDice(c Combatant, n int, src dice.Source) (HitDiceResult, error) {
	const op = "spend hit dice"
	left := c.HitDice.Max - c.HitDice.Used
	switch {
	case c.Dead:
		return HitDiceResult{}, fault.E(fault.Invalid, op, "%s is dead", c.Name)
	case c.HP <= 0:
		return HitDiceResult{}, fault.E(fault.Invalid, op, "%s is at 0 HP and can't spend hit dice", c.Name)
	case c.HitDie < 2:
		return HitDiceResult{}, fault.Field(op, "hit_die", "%s has no hit die size", c.Name)
	case n < 1:
		return HitDiceResult{}, fault.Field(op, "n", "spend at least one hit die")
	case n > left:
		return HitDiceResult{}, fault.Field(op, "n", "%s has %s left", c.Name, plural(left, "hit die", "hit dice"))
	}
	con := c.Modifier(Con)
	text := "1d" + strconv.Itoa(c.HitDie)
	if con != 0 {
		text += signed(con)
	}
	x, err := dice.Parse(text)
	if err != nil {
		return HitDiceResult{}, fault.Wrap(fault.Invalid, op, err)
	}
	r := HitDiceResult{RollerID: c.ID, Roller: c.Name, Spent: n, HPBefore: c.HP, MaxHP: c.CurrentMaxHP(), Left: left - n}
	for range n {
		res := dice.Roll(x, src)
		r.roll("hit die", c.ID, res)
		got := max(res.Total, 0)
		if slices.Contains(c.Features, WoundClosure) {
			got *= 2 // a Periapt of Wound Closure doubles what a Hit Die restores
		}
		r.Regained += got
	}
	r.HPAfter = max(min(c.HP+r.Regained, r.MaxHP), c.HP)
	if _, ok := campaign.Unhealed(c.Afflictions, false); ok {
		r.HPAfter = c.HP // a curse or disease lets no rest heal
	}
	r.Regained = r.HPAfter - r.HPBefore
	r.change(c.ID, FieldHitDiceUsed, c.HitDice.Used, c.HitDice.Used+n)
	r.change(c.ID, FieldHP, c.HP, r.HPAfter)
	return r, nil
}

// Summary tells the spending in one sentence: "Mira spends 2 hit dice and
// regains 11 HP (18/24 HP; 2 hit dice left)."
func (r HitDiceResult) Summary() string {
	return capital(r.Roller) + " spends " + plural(r.Spent, "hit die", "hit dice") + " and regains " +
		strconv.Itoa(r.Regained) + " HP (" + strconv.Itoa(r.HPAfter) + "/" + strconv.Itoa(r.MaxHP) + " HP; " +
		plural(r.Left, "hit die", "hit dice") + " left)."
}

// LongRestResult is a long rest as finished.
type LongRestResult struct {
	Log
	ID              string `json:"id"`
	Name            string `json:"name"`
	HPBefore        int    `json:"hp_before"`
	HPAfter         int    `json:"hp_after"`
	MaxHP           int    `json:"max_hp"` // after the exhaustion change
	HitDiceRegained int    `json:"hit_dice_regained"`
	HitDiceLeft     int    `json:"hit_dice_left"`
	SlotsRestored   int    `json:"slots_restored"` // spell slots, all levels
	ExhaustionFrom  int    `json:"exhaustion_from,omitempty"`
	ExhaustionTo    int    `json:"exhaustion_to,omitempty"`
	// Undrained is the hit point maximum a life drain had taken, which
	// the rest gives back.
	Undrained int `json:"undrained,omitempty"`
}

// LongRest finishes a long rest for c: one level of exhaustion goes if c ate
// and drank (fed), the hit point maximum a life drain took comes back, then c regains all lost hit points up to the resulting
// maximum, loses its temporary hit points, regains spent hit dice up to
// half its total (at least one) and every spent spell slot. It rolls
// nothing. A dead creature, or one at 0 hit points (which gains nothing
// from the rest), is a fault.Invalid error.
func LongRest(c Combatant, fed bool) (LongRestResult, error) {
	const op = "long rest"
	switch {
	case c.Dead:
		return LongRestResult{}, fault.E(fault.Invalid, op, "%s is dead", c.Name)
	case c.HP <= 0:
		return LongRestResult{}, fault.E(fault.Invalid, op, "%s is at 0 HP and gains nothing from a long rest", c.Name)
	}
	id := c.ID
	r := LongRestResult{ID: id, Name: c.Name, HPBefore: c.HP, ExhaustionFrom: c.Exhaustion, ExhaustionTo: c.Exhaustion}
	if fed && c.Exhaustion > 0 {
		r.ExhaustionTo = c.Exhaustion - 1
		r.change(id, FieldExhaustion, c.Exhaustion, r.ExhaustionTo)
	}
	after := c
	after.Exhaustion = r.ExhaustionTo
	if c.Drained > 0 {
		r.Undrained, after.Drained = c.Drained, 0
		r.change(id, FieldDrained, c.Drained, 0)
	}
	r.MaxHP = after.CurrentMaxHP()
	r.HPAfter = max(r.MaxHP, c.HP)
	if _, ok := campaign.Unhealed(c.Afflictions, false); ok {
		r.HPAfter = min(c.HP, r.MaxHP) // a curse or disease lets no rest heal
	}
	r.change(id, FieldHP, c.HP, r.HPAfter)
	r.change(id, FieldTempHP, c.TempHP, 0)
	r.HitDiceRegained = min(c.HitDice.Used, max(1, c.HitDice.Max/2))
	r.change(id, FieldHitDiceUsed, c.HitDice.Used, c.HitDice.Used-r.HitDiceRegained)
	r.HitDiceLeft = c.HitDice.Max - c.HitDice.Used + r.HitDiceRegained
	for i, s := range c.SpellSlots {
		if s.Used != 0 {
			// A slot made beyond the maximum (a use below zero: Flexible
			// Casting's) is gone, not restored.
			r.SlotsRestored += max(s.Used, 0)
			r.Changes = append(r.Changes, Change{TargetID: id, Field: FieldSpellSlotsUsed, Slot: i + 1, From: s.Used, To: 0})
		}
	}
	return r, nil
}

// Summary tells the rest in one sentence: "Mira finishes a long rest: 24/24
// HP, 2 hit dice regained (4 left), 3 spell slots restored."
func (r LongRestResult) Summary() string {
	parts := []string{strconv.Itoa(r.HPAfter) + "/" + strconv.Itoa(r.MaxHP) + " HP"}
	if r.HitDiceRegained > 0 {
		parts = append(parts, plural(r.HitDiceRegained, "hit die", "hit dice")+" regained ("+strconv.Itoa(r.HitDiceLeft)+" left)")
	}
	if r.SlotsRestored > 0 {
		parts = append(parts, plural(r.SlotsRestored, "spell slot", "spell slots")+" restored")
	}
	if r.ExhaustionTo != r.ExhaustionFrom {
		parts = append(parts, "exhaustion down from "+strconv.Itoa(r.ExhaustionFrom)+" to "+strconv.Itoa(r.ExhaustionTo))
	}
	if r.Undrained > 0 {
		parts = append(parts, "the hit point maximum back up by "+strconv.Itoa(r.Undrained)+" from a life drain")
	}
	return capital(r.Name) + " finishes a long rest: " + strings.Join(parts, ", ") + "."
}
