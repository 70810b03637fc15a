package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// What the fight's lasting effects do to a creature beyond its armor
// class, speed and resistances (effects.go) and attack rolls
// (attackfx.go): its saving throws (Haste, Slow, Beacon of Hope, Holy
// Aura), Slow's hold on its turn, Sanctuary's ward, Banishment's absence.

// holds reports whether participant id is under an effect with fxID.
func (e Encounter) holds(id, fxID string) bool {
	return slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == id && fx.ID == fxID })
}

// slowed holds participant i to Slow's rules for the turn so far: an
// action or a bonus action, not both (taking one spends the other).
func (e *Encounter) slowed(i int) {
	p := &e.Participants[i]
	if !e.holds(p.ID, "slow") && !e.hindered(p.ID).ActionOrBonus { // a stone golem's Slow (hindrances.go)
		return
	}
	if p.Turn.ActionUsed || p.Turn.BonusActionUsed {
		p.Turn.ActionUsed, p.Turn.BonusActionUsed = true, true
	}
}

// elsewhere reports whether participant id is out of the fight, beyond
// every attack and spell, until it returns: on another plane (on
// Banishment's demiplane, blinked to the Ethereal Plane or hurled
// through the lower planes), or a
// character that has left the encounter's area (Participant.Left).
func (e Encounter) elsewhere(id string) bool {
	if i := e.index(id); i >= 0 && e.Participants[i].Left {
		return true
	}
	if e.swallowed(id) { // swallowed: only its swallower reaches it (swallow.go)
		return true
	}
	return slices.ContainsFunc(e.Effects, func(fx Effect) bool {
		return fx.TargetID == id && ((fx.Spell == "banishment" && fx.Condition != 0) || fx.ID == ethereal || fx.ID == hurled || shut(fx) || away(fx))
	})
}

// ethereal is the effect of a creature Blink has taken to the Ethereal
// Plane until the start of its next turn.
const ethereal = spell.EtherealID

// blink rolls Blink's d20 at the end of participant i's turn: on 11 or
// more it vanishes to the Ethereal Plane, out of every reach, until the
// start of its next turn.
func (e *Encounter) blink(res *Result, i int, src dice.Source) error {
	p := e.Participants[i]
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == p.ID && fx.ID == "blink" })
	if k < 0 || p.down() || e.elsewhere(p.ID) {
		return nil
	}
	roll := rules.Roll{Reason: "blink", RollerID: p.ID, Result: dice.Roll(d20, src)}
	if roll.Total < 11 {
		roll.Outcome = "stays"
		res.Rolls = append(res.Rolls, roll)
		return nil
	}
	roll.Outcome = "vanishes"
	res.Rolls = append(res.Rolls, roll)
	res.say(fmt.Sprintf("%s blinks out to the Ethereal Plane (%d).", p.Name, roll.Total))
	e.part(i)
	b := e.Effects[k]
	fx := spell.Effect{ID: ethereal, Spell: b.Spell, CasterID: p.ID, TargetID: p.ID, Ends: "the start of the caster's next turn"}
	s, _ := srd.LookupSpell(b.Spell)
	return e.add(res, Effect{Effect: fx, SlotLevel: b.SlotLevel, Until: e.until(fx, s)}, src)
}

// oneIfSlowed is the attacks participant ai makes with its action: all of
// them, or under Slow only the first.
func oneIfSlowed[T any](e *Encounter, res *Result, ai int, attacks []T) []T {
	if len(attacks) < 2 || (!e.holds(e.Participants[ai].ID, "slow") && !e.hindered(e.Participants[ai].ID).OneAttack) {
		return attacks
	}
	res.say("Slow lets " + e.Participants[ai].Name + " make only one attack.")
	return attacks[:1]
}

// spared reports whether Sanctuary on participant ti turns participant
// ai's attack away: ai makes a Wisdom save against the warding caster's
// DC, and on a failure may not attack ti (its rolls and the outcome are
// in res).
func (e *Encounter) spared(res *Result, ai, ti int, src dice.Source) (bool, error) {
	a, t := e.Participants[ai], e.Participants[ti]
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == t.ID && fx.ID == "sanctuary" })
	dc, what := 0, "Sanctuary"
	switch {
	case ai == ti:
	case k >= 0:
		dc = e.Effects[k].DC
	default:
		dc, what = e.sanctuaryDC(ai, ti), "Nature's Sanctuary"
	}
	if dc == 0 {
		return false, nil
	}
	sv, err := e.save(res, ai, saveCall{ability: rules.Wis, dc: dc, reason: "Wisdom saving throw against " + strings.ToLower(what)}, src)
	if err != nil {
		return false, err
	}
	if sv.Success {
		return false, nil
	}
	res.say(fmt.Sprintf("%s can't bring itself to harm %s (Wisdom save %d against %s's DC %d).", a.Name, t.Name, sv.Total, what, dc))
	return true, nil
}

// unspurned are the targets monster ai's spell goes to: each one
// Sanctuary turns it from gives way to the weakest other character it can
// bring itself to target, or is dropped.
func (e *Encounter) unspurned(res *Result, ai int, ids []string, src dice.Source) ([]string, error) {
	var out []string
	var spurned []int
	for _, id := range ids {
		for c := e.index(id); c >= 0; c = e.weakestBut(spurned) {
			if slices.Contains(out, e.Participants[c].ID) {
				spurned = append(spurned, c)
				continue
			}
			spared, err := e.spared(res, ai, c, src)
			if err != nil {
				return nil, err
			}
			if !spared {
				out = append(out, e.Participants[c].ID)
				break
			}
			spurned = append(spurned, c)
		}
	}
	return out, nil
}

// flash is Holy Aura answering a melee hit on participant ti: a fiend or
// undead attacker ai makes a Constitution save against the aura's DC or
// is blinded until the spell ends.
func (e *Encounter) flash(res *Result, ai, ti int, src dice.Source) error {
	a, t := e.Participants[ai], e.Participants[ti]
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == t.ID && fx.ID == "holy-aura" })
	if k < 0 || (a.Type != "fiend" && a.Type != "undead") || a.Defeated {
		return nil
	}
	aura := e.Effects[k]
	sv, err := e.save(res, ai, saveCall{ability: rules.Con, dc: aura.DC, reason: "Constitution saving throw against holy aura"}, src)
	if err != nil {
		return err
	}
	if sv.Success {
		res.say(fmt.Sprintf("The holy aura flashes; %s shields its eyes (Constitution save %d).", a.Name, sv.Total))
		return nil
	}
	cr, err := e.condition(res, ai, rules.Blinded)
	if err != nil {
		return err
	}
	res.say(fmt.Sprintf("The holy aura flashes, and %s is blinded (Constitution save %d against DC %d).", a.Name, sv.Total, aura.DC))
	if !cr.Changed {
		return nil
	}
	fx := spell.Effect{ID: rules.Blinded.String(), Spell: aura.Spell, CasterID: aura.CasterID, TargetID: a.ID, Condition: rules.Blinded,
		Concentration: true, Ends: "until the spell ends"}
	return e.add(res, Effect{Effect: fx, SlotLevel: aura.SlotLevel, Until: aura.Until}, src)
}

// unreachable tells why participant i is out of reach (elsewhere).
func (e Encounter) unreachable(i int) string {
	if p := e.Participants[i]; p.Left {
		return p.Name + " has left the fight"
	}
	if why := e.shutIn(i); why != "" {
		return why
	}
	if si := e.swallowerOf(e.Participants[i].ID); si >= 0 {
		return e.Participants[i].Name + " is inside " + e.Participants[si].Name + ", with total cover against everything outside it"
	}
	return e.Participants[i].Name + " is on another plane and can't be reached"
}
