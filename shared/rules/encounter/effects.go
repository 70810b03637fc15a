package encounter

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// Effect is a spell's lasting effect on one participant, as the encounter
// keeps it: a blessing, a bane, a condition held by concentration or ended
// by a repeated save. It ends when Until comes, when its caster stops
// concentrating on the spell (Concentration), when its target succeeds on
// the repeated save, when a damage-ended one's target takes damage, and
// when the encounter ends; a condition it imposed goes with it unless
// something else still holds it.
type Effect struct {
	spell.Effect
	// SlotLevel is the level the spell was cast at, which its repeated
	// saves are made against.
	SlotLevel int `json:"slot_level,omitempty"`
	// Until is when the effect's time is up; the zero Until never comes.
	Until Until `json:"until"`
	// Granted are the resistances among Resist that the target did not
	// have already, and GrantedImmune the condition immunities among
	// Immune: the effect gave them, and they go when it does.
	Granted       rules.Set[rules.DamageType] `json:"granted,omitempty"`
	GrantedImmune rules.Set[rules.Condition]  `json:"granted_immune,omitempty"`
	// GrantedImmuneDamage are the damage immunities among ImmuneDamage
	// the target did not have already.
	GrantedImmuneDamage rules.Set[rules.DamageType] `json:"granted_immune_damage,omitempty"`
	// State is a state the effect puts on its target while it lasts, as
	// its Combatant.Features names it (rules.Raging); an effect of a
	// class feature names the feature in Spell. Mark is a count its
	// feature keeps (Rage: its owner's attacks and damage taken as its
	// last turn ended).
	State string `json:"state,omitempty"`
	Mark  int    `json:"mark,omitempty"`
	// Escape is the DC of the Strength check its target makes with its
	// action to end it (a giant spider's web); 0 if none.
	Escape int `json:"escape,omitempty"`
}

// Until is a moment of the fight: the start of participant Turn's turn in
// Round, or its end when End is set.
type Until struct {
	Round int    `json:"round,omitempty"`
	Turn  string `json:"turn,omitempty"`
	End   bool   `json:"end,omitempty"`
}

// The reasons an effect ends, as the summary tells them.
const (
	endTime          = "its time is up"
	endConcentration = "concentration ended"
	endDamage        = "damage"
	endSave          = "save"
	endEncounter     = "the encounter ended"
	endDead          = "dead"
)

// moment orders the points of the fight: by round, then by place in the
// initiative order, the start of a turn before its end.
func (e Encounter) moment(round int, id string, end bool) int {
	m := 2 * (round*len(e.Order) + max(slices.Index(e.Order, id), 0))
	if end {
		m++
	}
	return m
}

func (e Encounter) due(u Until, now int) bool {
	return u.Round > 0 && e.moment(u.Round, u.Turn, u.End) <= now
}

// until is when an effect cast now by casterID ends by the clock: the
// moment its Ends names ("the end of the caster's next turn"), else its
// duration in rounds from the start of the caster's turn; a spell with no
// duration in rounds (instantaneous, until dispelled) never runs out.
func (e Encounter) until(fx spell.Effect, s srd.Spell) Until {
	ends := strings.ToLower(fx.Ends)
	switch {
	case fx.Ends == spell.UntilLongRest:
		return Until{} // no fight outlasts it: a long rest ends it
	case strings.Contains(ends, "end of the caster's next turn"):
		return Until{Round: e.Round + 1, Turn: fx.CasterID, End: true}
	case strings.Contains(ends, "start of the caster's next turn"), strings.Contains(ends, "until the caster's next turn"):
		return Until{Round: e.Round + 1, Turn: fx.CasterID}
	case strings.Contains(ends, "end of its next turn"):
		r := e.Round
		if slices.Index(e.Order, fx.TargetID) <= slices.Index(e.Order, e.Current) {
			r++
		}
		return Until{Round: r, Turn: fx.TargetID, End: true}
	}
	n := rounds(ends)
	if n == 0 {
		n = rounds(strings.ToLower(s.Duration))
	}
	if n == 0 {
		return Until{}
	}
	return Until{Round: e.Round + n, Turn: fx.CasterID}
}

// roundsPer is how many 6-second rounds make one of a duration's units.
var roundsPer = map[string]int{"round": 1, "minute": 10, "hour": 600, "day": 14400}

// rounds reads the first "N unit" of a duration ("up to 1 minute",
// "1 minute, or until ...") as rounds; 0 if it has none.
func rounds(s string) int {
	f := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '(' || r == ')' })
	for i := 0; i+1 < len(f); i++ {
		n, err := strconv.Atoi(f[i])
		if err != nil || n <= 0 {
			continue
		}
		if per, ok := roundsPer[strings.TrimSuffix(f[i+1], "s")]; ok {
			return min(n*per, 1<<20)
		}
	}
	return 0
}

// keep stores the lasting effects of a spell cast now and, for a spell
// its caster uses again on later turns, that it is under way.
func (e *Encounter) keep(res *Result, sr spell.Result, s srd.Spell, src dice.Source) error {
	if err := e.bodiesKept(res, sr); err != nil {
		return err
	}
	for _, fx := range sr.Effects {
		if err := e.add(res, Effect{Effect: fx, SlotLevel: sr.SlotLevel, Until: e.until(fx, s)}, src); err != nil {
			return err
		}
	}
	if sr.Trigger == spell.TriggerAction {
		fx := spell.Effect{ID: ongoingID, Spell: s.ID, CasterID: sr.CasterID, TargetID: sr.CasterID,
			Concentration: s.Concentration, Ends: s.Duration, Note: "its caster may use it again on later turns"}
		return e.add(res, Effect{Effect: fx, SlotLevel: sr.SlotLevel, Until: e.until(fx, s)}, src)
	}
	return nil
}

// add keeps a lasting effect and makes on its target what the effect
// changes while it lasts: its armor class (Shield of Faith), the
// resistances it gives that the target lacks (Protection from Poison),
// its hit point maximum (Aid), the hit points too when that rises, as
// healing (a dying creature wakes).
func (e *Encounter) add(res *Result, fx Effect, src dice.Source) error {
	if fx.State == "" {
		fx.State = spellState(fx.Effect) // Enhance Ability's, a curse's, a sight's (spells_buffs.go)
	}
	if i := e.index(fx.TargetID); i >= 0 {
		p := &e.Participants[i]
		// Out of reach, aloft, beyond a wall (spells_realms.go).
		if err := e.realmsAdd(res, i, &fx); err != nil {
			return err
		}
		p.Combatant.AC += fx.AC
		p.Combatant.Speed += fx.Speed
		if fx.ID == "slow" {
			p.ReactionUsed = true // a slowed creature takes no reactions
		}
		if fx.Spell == "banishment" && fx.Condition != 0 {
			e.part(i) // gone to a demiplane
		}
		e.controlAdd(i, &fx)
		// A shape change's form (spells_shapes.go).
		e.shapesAdd(res, i, &fx)
		if !fx.Nonmagical { // Stoneskin's holds per attack (attackfx.go)
			fx.Granted = fx.Resist &^ p.Combatant.Resistances
			p.Combatant.Resistances |= fx.Granted
		}
		fx.GrantedImmune = fx.Immune &^ p.Combatant.ConditionImmunities
		p.Combatant.ConditionImmunities |= fx.GrantedImmune
		fx.GrantedImmuneDamage = fx.ImmuneDamage &^ p.Combatant.Immunities
		p.Combatant.Immunities |= fx.GrantedImmuneDamage
		if fx.State != "" && !slices.Contains(p.Combatant.Features, fx.State) {
			p.Combatant.Features = append(slices.Clip(p.Combatant.Features), fx.State)
		}
		p.sync()
		if fx.MaxHP != 0 {
			if err := e.maxHP(res, i, fx.MaxHP, fx.MaxHP > 0, src); err != nil {
				return err
			}
		}
	}
	e.Effects = append(e.Effects, fx)
	return nil
}

// maxHP moves participant i's hit point maximum by n, with as many hit
// points regained if heal is set (drawing nothing from src); the hit
// points above a lowered maximum are lost.
func (e *Encounter) maxHP(res *Result, i, n int, heal bool, src dice.Source) error {
	c := e.Participants[i].Combatant
	l := rules.Log{Changes: []rules.Change{{TargetID: c.ID, Field: rules.FieldMaxHP, From: c.MaxHP, To: c.MaxHP + n}}}
	c.MaxHP += n
	switch {
	case heal && n > 0:
		h, err := rules.Heal(c, flat(n), src)
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		l.Changes = append(l.Changes, h.Changes...)
	case c.HP > c.CurrentMaxHP():
		l.Changes = append(l.Changes, rules.Change{TargetID: c.ID, Field: rules.FieldHP, From: c.HP, To: c.CurrentMaxHP()})
	}
	if err := e.apply(l.Changes); err != nil {
		return err
	}
	res.Changes = append(res.Changes, l.Changes...)
	return nil
}

// revoke takes back what an effect that has left e.Effects changed on
// its target. A resistance another effect on it still gives stays, as
// that effect's to take back.
func (e *Encounter) revoke(res *Result, fx Effect) error {
	i := e.index(fx.TargetID)
	if i < 0 {
		return nil
	}
	if fx.ID == summonedFX {
		return e.dismissed(res, i, fx)
	}
	e.realmsRevoke(fx) // Reverse Gravity's fall back down
	e.shapesRevoke(res, i, fx)
	p := &e.Participants[i]
	p.Combatant.AC -= fx.AC
	p.Combatant.Speed -= fx.Speed
	for t := range fx.Granted.All() {
		k := slices.IndexFunc(e.Effects, func(o Effect) bool { return o.TargetID == fx.TargetID && !o.Nonmagical && o.Resist.Has(t) })
		if k >= 0 {
			e.Effects[k].Granted = e.Effects[k].Granted.With(t)
			continue
		}
		p.Combatant.Resistances = p.Combatant.Resistances.Without(t)
	}
	for c := range fx.GrantedImmune.All() {
		k := slices.IndexFunc(e.Effects, func(o Effect) bool { return o.TargetID == fx.TargetID && o.Immune.Has(c) })
		if k >= 0 {
			e.Effects[k].GrantedImmune = e.Effects[k].GrantedImmune.With(c)
			continue
		}
		p.Combatant.ConditionImmunities = p.Combatant.ConditionImmunities.Without(c)
	}
	for t := range fx.GrantedImmuneDamage.All() {
		k := slices.IndexFunc(e.Effects, func(o Effect) bool { return o.TargetID == fx.TargetID && o.ImmuneDamage.Has(t) })
		if k >= 0 {
			e.Effects[k].GrantedImmuneDamage = e.Effects[k].GrantedImmuneDamage.With(t)
			continue
		}
		p.Combatant.Immunities = p.Combatant.Immunities.Without(t)
	}
	if fx.State != "" && !slices.ContainsFunc(e.Effects, func(o Effect) bool { return o.TargetID == fx.TargetID && o.State == fx.State }) {
		p.Combatant.Features = slices.DeleteFunc(slices.Clone(p.Combatant.Features), func(id string) bool { return id == fx.State })
	}
	p.sync()
	if (fx.ID == "heroism" || fx.ID == "enhance-ability") && fx.Dice != "" {
		// The temporary hit points Heroism (or Bear's Endurance) gave go with it; the engine
		// keeps no source, so any no more than its grant are taken as its.
		if n, err := strconv.Atoi(fx.Dice); err == nil && p.Combatant.TempHP > 0 && p.Combatant.TempHP <= n {
			ch := []rules.Change{{TargetID: p.ID, Field: rules.FieldTempHP, From: p.Combatant.TempHP, To: 0}}
			if err := e.apply(ch); err != nil {
				return err
			}
			res.Changes = append(res.Changes, ch...)
		}
	}
	if fx.MaxHP != 0 {
		// Aid's hit points go with it as far as the maximum falls; a
		// maximum Harm lowered comes back with no hit points.
		return e.maxHP(res, i, -fx.MaxHP, false, nil)
	}
	return nil
}

// lapse ends the effects an action has undone: those whose caster no
// longer concentrates on their spell, those on a dead target, and those
// that end when their target takes damage and it did.
func (e *Encounter) lapse(res *Result) error {
	if len(e.Effects) == 0 {
		return nil
	}
	return e.endWhere(res, func(fx Effect) string {
		if t, ok := e.Participant(fx.TargetID); !ok || t.Defeated {
			return endDead
		}
		if fx.Concentration {
			// A caster out of the fight (an effect a character came in
			// with) holds its concentration out of it.
			if c, ok := e.Participant(fx.CasterID); ok && c.Combatant.Concentration != fx.Spell {
				return endConcentration
			}
		}
		if strings.Contains(fx.Ends, "until it takes damage") && damaged(res.Changes, fx.TargetID) {
			return endDamage
		}
		if e.droppedTo0(fx) {
			return "dropped to 0 hit points"
		}
		if why := e.swallowerDead(fx); why != "" {
			return why
		}
		if why := e.letGoOf(fx); why != "" { // positions.go
			return why
		}
		if why := e.callerFell(fx); why != "" { // beings.go
			return why
		}
		if why := e.boonLapsed(fx); why != "" { // boons.go
			return why
		}
		return ""
	})
}

// damaged reports whether the changes took hit points or temporary hit
// points from id.
func damaged(changes []rules.Change, id string) bool {
	for _, ch := range changes {
		if ch.TargetID != id || (ch.Field != rules.FieldHP && ch.Field != rules.FieldTempHP) {
			continue
		}
		if from, ok := ch.From.(int); ok {
			if to, ok := ch.To.(int); ok && to < from {
				return true
			}
		}
	}
	return false
}

// turnEnds resolves what the end of the current participant's turn sets
// off: the saves it repeats against the spells holding it, Acid Arrow's
// later damage, and the effects whose time is up.
func (e *Encounter) turnEnds(res *Result, src dice.Source) error {
	if err := e.featuresTurnEnds(res, src); err != nil {
		return err
	}
	if err := e.ridersTurnEnds(res, src); err != nil { // a fire, a petrification's second save
		return err
	}
	if len(e.Effects) == 0 {
		return nil
	}
	cur := e.Current
	if err := e.regurgitation(res, src); err != nil { // swallow.go
		return err
	}
	if err := e.repeatSaves(res, cur, src); err != nil {
		return err
	}
	if err := e.controlTurnEnds(res, src); err != nil {
		return err
	}
	now := e.moment(e.Round, cur, true)
	for _, fx := range e.Effects {
		if fx.ID == "acid-arrow" && fx.TargetID == cur && e.due(fx.Until, now) {
			if err := e.acid(res, fx, src); err != nil {
				return err
			}
		}
	}
	if err := e.lapse(res); err != nil {
		return err
	}
	if err := e.endWhere(res, func(fx Effect) string {
		if e.due(fx.Until, now) {
			return endTime
		}
		return ""
	}); err != nil {
		return err
	}
	if err := e.realmsTurnEnds(res, src); err != nil { // Earthquake, falls
		return err
	}
	if i := e.index(cur); i >= 0 {
		return e.blink(res, i, src)
	}
	return nil
}

// turnStarts ends the effects whose time is up by the start of the
// current participant's turn, turns skipped on the way included.
func (e *Encounter) turnStarts(res *Result, src dice.Source) error {
	if err := e.letGo(res); err != nil {
		return err
	}
	if err := e.featuresTurnStarts(res, src); err != nil {
		return err
	}
	if err := e.ridersTurnStarts(res, src); err != nil { // a wound, a fire
		return err
	}
	if len(e.Effects) == 0 {
		return e.standUp(res)
	}
	if err := e.arrivals(res, src); err != nil { // a call's creatures (beings.go)
		return err
	}
	now := e.moment(e.Round, e.Current, false)
	if err := e.endWhere(res, func(fx Effect) string {
		if e.due(fx.Until, now) {
			return endTime
		}
		return ""
	}); err != nil {
		return err
	}
	if err := e.heroism(res, src); err != nil {
		return err
	}
	if err := e.obey(res); err != nil {
		return err
	}
	if err := e.controlTurnStarts(res, src); err != nil {
		return err
	}
	if err := e.zonesStart(res, src); err != nil {
		return err
	}
	if err := e.cloudsStart(res, src); err != nil { // a dretch's Fetid Cloud (hindrances.go)
		return err
	}
	if err := e.wardsTurnStarts(res, src); err != nil { // Forbiddance (spells_wards.go)
		return err
	}
	if err := e.lureWalks(res, src); err != nil { // positions.go
		return err
	}
	if err := e.digest(res, src); err != nil { // a swallower's acid (swallow.go)
		return err
	}
	if err := e.crawlOut(res, true); err != nil {
		return err
	}
	if err := e.realmsTurnStarts(res, src); err != nil {
		return err
	}
	return e.standUp(res)
}

// obey plays a Command on the participant whose turn starts: it takes no
// action or bonus action this turn; grovelling, it falls prone, and
// grovelling, halting or dropping what it holds, it does not move.
func (e *Encounter) obey(res *Result) error {
	i := e.index(e.Current)
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == e.Current && fx.ID == "command" })
	if i < 0 || k < 0 {
		return nil
	}
	word := e.Effects[k].Note
	p := &e.Participants[i]
	p.Turn.ActionUsed, p.Turn.BonusActionUsed = true, true
	if word != "flee" && word != "approach" {
		p.Turn.Movement = 0
	}
	res.say(fmt.Sprintf("%s obeys the command to %s.", p.Name, word))
	if word != "grovel" {
		return nil
	}
	_, err := e.condition(res, i, rules.Prone)
	return err
}

// uncondition takes condition c off participant i, applied and recorded
// in res.
func (e *Encounter) uncondition(res *Result, i int, c rules.Condition) (rules.ConditionResult, error) {
	cr, err := rules.RemoveCondition(e.Participants[i].Combatant, c)
	if err != nil {
		return cr, fault.Wrap(fault.Internal, actOp, err)
	}
	if err := e.apply(cr.Changes); err != nil {
		return cr, err
	}
	res.Changes = append(res.Changes, cr.Changes...)
	return cr, nil
}

// condition gives participant i a condition, applied and recorded in res.
func (e *Encounter) condition(res *Result, i int, c rules.Condition) (rules.ConditionResult, error) {
	who := e.Participants[i].Combatant
	e.traitImmunities(i, &who) // Steadfast (tactics.go)
	cr, err := rules.AddCondition(who, c)
	if err != nil {
		return cr, fault.Wrap(fault.Internal, actOp, err)
	}
	if err := e.apply(cr.Changes); err != nil {
		return cr, err
	}
	res.Changes = append(res.Changes, cr.Changes...)
	return cr, nil
}

// heroism gives the participant whose turn starts the temporary hit
// points Heroism grants each turn (the higher of those and any it has).
func (e *Encounter) heroism(res *Result, src dice.Source) error {
	i := e.index(e.Current)
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == e.Current && fx.ID == "heroism" && fx.Dice != "" })
	if i < 0 || k < 0 || e.Participants[i].down() {
		return nil
	}
	x, err := dice.Parse(e.Effects[k].Dice)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	tr, err := rules.GrantTempHP(e.Participants[i].Combatant, x, src)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	if err := e.apply(tr.Changes); err != nil {
		return err
	}
	res.Rolls = append(res.Rolls, tr.Rolls...)
	res.Changes = append(res.Changes, tr.Changes...)
	res.say("Heroism: " + tr.Summary())
	return nil
}

// repeatSaves has participant id repeat its save against each spell that
// holds it and lets it try at the end of its turns (Hold Person), one save
// a spell; a success ends that spell's effects on it.
func (e *Encounter) repeatSaves(res *Result, id string, src dice.Source) error {
	type key struct{ spell, caster string }
	var done []key
	for _, fx := range slices.Clone(e.Effects) {
		k := key{fx.Spell, fx.CasterID}
		if fx.TargetID != id || fx.RepeatSave == 0 || slices.Contains(done, k) ||
			!strings.Contains(fx.Ends, "at the end of") || strings.Contains(fx.Ends, "can't see") {
			continue
		}
		done = append(done, k)
		ci, ti := e.index(fx.CasterID), e.index(id)
		if ti < 0 {
			continue
		}
		if _, ok := srd.LookupSpell(fx.Spell); !ok {
			// A monster's hit's condition (a ghoul's paralysis): the
			// save alone, whoever made it.
			if err := e.repeatHitSave(res, fx, ti, src); err != nil {
				return err
			}
			continue
		}
		if ci < 0 {
			continue
		}
		caster := e.Participants[ci]
		ability, err := spellAbility(caster)
		if err != nil {
			return err
		}
		opts := spell.Options{Ongoing: true, Ability: ability, CasterLevel: caster.Combatant.Level}
		var sv saved
		if s, ok := srd.LookupSpell(fx.Spell); ok {
			e.saveSituation(ti, s, &opts, &sv, src)
		}
		sr, err := spell.Cast(caster.Combatant, fx.Spell, fx.SlotLevel, []rules.Combatant{e.concentrator(ti, e.Participants[ti].Combatant)}, opts, src, srd.LookupSpell)
		res.Rolls = append(res.Rolls, sv.rolls...) // drawn either way
		if err != nil {
			if fault.ReasonOf(err) == "" {
				return err
			}
			// The spell no longer holds it (its condition was ended
			// some other way): the effect goes.
			if err := e.endWhere(res, func(x Effect) string {
				if x.TargetID == id && x.Spell == fx.Spell && x.CasterID == fx.CasterID {
					return endSave
				}
				return ""
			}); err != nil {
				return err
			}
			continue
		}
		if err := e.take(res, ci, sr, src); err != nil {
			return err
		}
		res.say(sr.Summary())
		for _, n := range sv.notes {
			res.say(n)
		}
		if err := e.useUp(res, sv.spent); err != nil {
			return err
		}
		if len(sr.Targets) == 1 && sr.Targets[0].Save != nil && sr.Targets[0].Save.Success {
			if err := e.forget(res, func(x Effect) bool {
				return x.TargetID == id && x.Spell == fx.Spell && x.CasterID == fx.CasterID
			}); err != nil {
				return err
			}
		}
	}
	return nil
}

// acid deals Acid Arrow's later damage to its target.
func (e *Encounter) acid(res *Result, fx Effect, src dice.Source) error {
	ti := e.index(fx.TargetID)
	if ti < 0 || e.Participants[ti].Defeated {
		return nil
	}
	x, err := dice.Parse(fx.Dice)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	roll := dice.Roll(x, src)
	res.Rolls = append(res.Rolls, rules.Roll{Reason: "acid arrow damage", RollerID: fx.CasterID, Result: roll})
	hit := rules.Hit{Damage: []rules.Damage{{Amount: max(roll.Total, 0), Type: rules.Acid}}}
	_, err = e.damage(res, e.index(fx.CasterID), ti, e.Participants[ti].Combatant, hit, "The acid burns "+e.Participants[ti].Name+": ", src)
	return err
}

// used ends the effects match picks as spent (True Strike's advantage
// taken, Guidance's die rolled): they go, and their casters stop
// concentrating on spells that have nothing left.
func (e *Encounter) used(res *Result, match func(Effect) bool) error {
	gone := slices.DeleteFunc(slices.Clone(e.Effects), func(fx Effect) bool { return !match(fx) })
	if err := e.forget(res, match); err != nil {
		return err
	}
	for _, fx := range gone {
		if err := e.over(res, fx); err != nil {
			return err
		}
	}
	return nil
}

// over ends the concentration of fx's caster on fx's spell once none of
// the spell's effects it cast are left: the spell has run its course.
func (e *Encounter) over(res *Result, fx Effect) error {
	if !fx.Concentration || slices.ContainsFunc(e.Effects, func(o Effect) bool { return o.CasterID == fx.CasterID && o.Spell == fx.Spell }) {
		return nil
	}
	i := e.index(fx.CasterID)
	if i < 0 || e.Participants[i].Combatant.Concentration != fx.Spell {
		return nil
	}
	ch := []rules.Change{{TargetID: fx.CasterID, Field: rules.FieldConcentration, From: fx.Spell, To: ""}}
	if err := e.apply(ch); err != nil {
		return err
	}
	res.Changes = append(res.Changes, ch...)
	return nil
}

// forget drops the effects match picks without touching any condition
// (the spell itself has ended it), recording them as ended.
func (e *Encounter) forget(res *Result, match func(Effect) bool) error {
	var gone []Effect
	keep := e.Effects[:0:0]
	for _, fx := range e.Effects {
		if match(fx) {
			gone = append(gone, fx)
			continue
		}
		keep = append(keep, fx)
	}
	e.Effects = keep
	for _, fx := range gone {
		res.Ended = append(res.Ended, fx)
		if err := e.revoke(res, fx); err != nil {
			return err
		}
		if err := e.featureEnds(res, fx); err != nil {
			return err
		}
	}
	return nil
}

// endWhere ends the effects why gives a reason for: they leave the
// encounter and the conditions they imposed are removed, each with its
// change recorded, unless another effect still holds the same condition.
func (e *Encounter) endWhere(res *Result, why func(Effect) string) error {
	type ended struct {
		fx  Effect
		why string
	}
	var gone []ended
	keep := e.Effects[:0:0]
	for _, fx := range e.Effects {
		if w := why(fx); w != "" {
			gone = append(gone, ended{fx, w})
			continue
		}
		keep = append(keep, fx)
	}
	if len(gone) == 0 {
		return nil
	}
	e.Effects = keep
	var text []string
	for i, g := range gone {
		res.Ended = append(res.Ended, g.fx)
		if err := e.revoke(res, g.fx); err != nil {
			return err
		}
		if err := e.featureEnds(res, g.fx); err != nil {
			return err
		}
		if g.why != endDead && !slices.ContainsFunc(gone[:i], func(o ended) bool {
			return o.fx.Spell == g.fx.Spell && o.fx.CasterID == g.fx.CasterID && o.why == g.why
		}) {
			text = append(text, e.endSentence(g.fx, g.why))
		}
		s, err := e.unset(g.fx)
		if err != nil {
			return err
		}
		if s != nil {
			res.Changes = append(res.Changes, s.Changes...)
			text = append(text, s.Summary())
		}
		// A spell whose time is up, or whose invisible target gave
		// itself away, holds its caster's concentration no longer once
		// nothing of it is left.
		if g.why == endTime || strings.HasSuffix(g.why, " "+attacked) || strings.HasSuffix(g.why, " "+castOne) {
			if err := e.over(res, g.fx); err != nil {
				return err
			}
		}
	}
	for _, t := range text {
		res.say(t)
	}
	return nil
}

// endSentence tells why a spell's effects ended: "Mira's Hold Person
// ends (concentration ended)."
func (e Encounter) endSentence(fx Effect, why string) string {
	if fx.ID == swallowedID || fx.ID == insideID {
		if p, ok := e.Participant(fx.TargetID); ok {
			return p.Name + " is no longer held " + fx.Note + " (" + why + ")."
		}
	}
	if fx.ID == ethereal {
		if p, ok := e.Participant(fx.TargetID); ok {
			return p.Name + " returns from the Ethereal Plane."
		}
	}
	name := fx.Spell
	if s, ok := srd.LookupSpell(fx.Spell); ok {
		name = s.Name
	} else if f, ok := srd.LookupFeature(fx.Spell); ok {
		name = f.Name
	}
	who := fx.CasterID
	if c, ok := e.Participant(fx.CasterID); ok {
		who = c.Name
	}
	return possessive(who) + " " + name + " ends (" + why + ")."
}

// unset removes the condition fx imposed, if its target still has it and
// no other effect holds it, and returns the removal; nil when there is
// nothing to remove.
func (e *Encounter) unset(fx Effect) (*rules.ConditionResult, error) {
	if fx.Condition == 0 {
		return nil, nil
	}
	ti := e.index(fx.TargetID)
	if ti < 0 {
		return nil, nil
	}
	t := e.Participants[ti]
	c := t.Combatant
	switch {
	case c.Dead || !c.Conditions.Has(fx.Condition):
		return nil, nil
	case fx.Condition == rules.Unconscious && c.HP <= 0:
		return nil, nil // at 0 HP it stays unconscious until healed
	case slices.ContainsFunc(e.Effects, func(o Effect) bool { return o.TargetID == fx.TargetID && o.Condition == fx.Condition }):
		return nil, nil
	}
	cr, err := rules.RemoveCondition(c, fx.Condition)
	if err != nil {
		return nil, fault.Wrap(fault.Internal, actOp, err)
	}
	if err := e.apply(cr.Changes); err != nil {
		return nil, err
	}
	return &cr, nil
}

// endAll ends the effects that end with the encounter, and with them the
// casters' concentration on their spells; the characters' spells on
// characters with time left go on out of it (lasts), and so does the
// concentration that holds them. What ended is told in res.
func (e *Encounter) endAll(res *Result) error {
	if len(e.Effects) == 0 {
		return nil
	}
	spells := map[string]string{}
	kept := map[string]string{}
	for _, fx := range e.Effects {
		switch {
		case e.lasts(fx) && fx.Concentration:
			kept[fx.CasterID] = fx.Spell
		case fx.Concentration:
			spells[fx.CasterID] = fx.Spell
		}
	}
	if err := e.endWhere(res, func(fx Effect) string {
		if e.lasts(fx) {
			return ""
		}
		return endEncounter
	}); err != nil {
		return err
	}
	for i := range e.Participants {
		p := &e.Participants[i]
		if s, ok := spells[p.ID]; ok && p.Combatant.Concentration == s && kept[p.ID] != s {
			ch := []rules.Change{{TargetID: p.ID, Field: rules.FieldConcentration, From: s, To: ""}}
			if err := e.apply(ch); err != nil {
				return err
			}
			res.Changes = append(res.Changes, ch...)
		}
	}
	return nil
}

// tally adds a spell's damage, hits and kills to the caster's and the
// targets' statistics.
func (e *Encounter) tally(ci int, sr spell.Result) {
	for _, o := range sr.Targets {
		ti := e.index(o.TargetID)
		if ti < 0 {
			continue
		}
		dealt := slices.Clone(o.Damage)
		for _, a := range o.Attacks {
			if a.Hit {
				e.Participants[ci].Stats.AttacksHit++
			} else {
				e.Participants[ci].Stats.AttacksMissed++
			}
			if a.Damage != nil {
				dealt = append(dealt, *a.Damage)
			}
		}
		killed := o.Killed
		for _, d := range dealt {
			e.Participants[ci].Stats.DamageDealt += d.Taken
			e.Participants[ti].Stats.DamageTaken += d.Taken
			killed = killed || d.Died
		}
		if killed {
			e.Participants[ci].Stats.Kills++
		}
	}
}

// spellAbility is a character's spellcasting ability, by its class.
func spellAbility(p Participant) (rules.Ability, error) {
	class, ok := srd.LookupClass(p.Class)
	if !ok || class.SpellcastingAbility == "" {
		return 0, refuse(NotAllowed, "action.spell", "%s casts no spells", p.Name)
	}
	a, err := rules.ParseAbility(class.SpellcastingAbility)
	if err != nil {
		return 0, fault.Wrap(fault.Internal, actOp, err)
	}
	return a, nil
}

// possessive is "Mira's", "Lars'".
func possessive(s string) string {
	if strings.HasSuffix(s, "s") {
		return s + "'"
	}
	return s + "'s"
}
