package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// Monsters cast spells. A stat block's Spellcasting (or Innate
// Spellcasting) becomes the participant's Casting: its slots are the
// combatant's spell slots, its innate spells' uses a day are counted from
// the fight's start. MonsterTurn's policy casts the damaging spell that
// deals the most on average, if it beats the monster's attacks, on the
// same targets its attacks would choose; and a caster answers the
// characters by rule, with Counterspell and Shield (monsterReact.go).
//
// What the policy casts: a spell of one action that deals damage and
// resolves mechanically (spell.Cast), needs no concentration and leaves
// nothing to use on later turns. An area spell takes in every character
// on their feet, but one that starts at the caster and reaches no more
// than 15 feet takes in only the characters engaged with it; a melee
// spell attack goes at the weakest character engaged with the caster;
// any other spell at the weakest character of all. A character who can
// cast Counterspell may answer the casting in a reaction window, before
// any of its dice are rolled.

// Casting is one spellcasting trait of a monster's, as the engine plays
// it. DC and AttackBonus are the stat block's; Level its spellcaster
// level (cantrips scale with it).
type Casting struct {
	Ability     string         `json:"ability"`
	DC          int            `json:"dc,omitempty"`
	AttackBonus int            `json:"attack_bonus,omitempty"`
	Level       int            `json:"level,omitempty"`
	Spells      []CastingSpell `json:"spells"`
}

// CastingSpell is a spell a monster can cast. A spell cast innately needs
// no slot: AtWill, or with Left uses left.
type CastingSpell struct {
	ID     string `json:"id"`
	Level  int    `json:"level"`
	Innate bool   `json:"innate,omitempty"`
	AtWill bool   `json:"at_will,omitempty"`
	Left   int    `json:"left,omitempty"`
}

// castingOf reads a stat block's spellcasting traits, and fills the
// combatant's spell slots from them.
func castingOf(m srd.Monster, c *rules.Combatant) []Casting {
	var out []Casting
	for _, a := range m.SpecialAbilities {
		sc := a.Spellcasting
		if sc == nil {
			continue
		}
		if _, err := rules.ParseAbility(sc.Ability); err != nil {
			continue
		}
		cs := Casting{Ability: sc.Ability, DC: sc.DC, AttackBonus: sc.AttackBonus, Level: sc.Level}
		for lvl, n := range sc.Slots {
			if lvl >= 1 && lvl <= len(c.SpellSlots) {
				c.SpellSlots[lvl-1].Max = max(c.SpellSlots[lvl-1].Max, n)
			}
		}
		for _, s := range sc.Spells {
			sp := CastingSpell{ID: s.ID, Level: s.Level}
			if u := s.Usage; u != nil {
				sp.Innate = true
				sp.AtWill = u.Type == "at_will"
				if u.Type == "per_day" {
					sp.Left = u.Times
				}
			}
			cs.Spells = append(cs.Spells, sp)
		}
		out = append(out, cs)
	}
	return out
}

// castPlan is a spell the policy casts: trait and index name it in the
// participant's Spellcasting, slot is the level it is cast at (0: a
// cantrip or an innate casting at its own level), targets the
// participants it goes at.
type castPlan struct {
	trait, index int
	spell        srd.Spell
	slot         int
	targets      []int
	score        int // twice its average damage, all targets together
}

// level is the level the spell is cast at.
func (c castPlan) level() int { return max(c.slot, c.spell.Level) }

// offensive reports whether the policy may cast s: one action, damage
// that spell.Cast resolves, no concentration, nothing left to use later.
func offensive(s srd.Spell) bool {
	switch spell.Classify(s) {
	case spell.ShapeAttack, spell.ShapeSaveDamage, spell.ShapeAutoDamage:
	case spell.ShapeExact:
		if !slices.Contains([]string{"magic-missile", "acid-arrow", "scorching-ray"}, s.ID) {
			return false
		}
	default:
		return false
	}
	return strings.EqualFold(s.CastingTime, "1 action") && !s.Concentration && s.Damage != nil &&
		spell.TriggerOf(s) == spell.TriggerNone
}

// spellPlan is the policy's best spell for monster ai this turn, if it
// has one it can cast at anyone.
func (e Encounter) spellPlan(ai int) (castPlan, bool) {
	p := e.Participants[ai]
	var best castPlan
	found := false
	for t, cs := range p.Spellcasting {
		for k := range cs.Spells {
			plan, ok := p.ready(t, k)
			if !ok || !offensive(plan.spell) {
				continue
			}
			plan.targets = e.spellTargets(ai, plan.spell, plan.slot)
			if len(plan.targets) == 0 {
				continue
			}
			plan.score = spellScore(plan.spell, plan.level(), cs.Level) * len(plan.targets)
			if !found || plan.score > best.score {
				best, found = plan, true
			}
		}
	}
	return best, found
}

// ready is the spell k of monster p's spellcasting trait t as it can cast
// it now, and whether it can: a cantrip, an innate spell with a use left,
// or a spell with a slot of its level or higher left (the lowest such).
func (p Participant) ready(t, k int) (castPlan, bool) {
	sp := p.Spellcasting[t].Spells[k]
	s, ok := srd.LookupSpell(sp.ID)
	if !ok {
		return castPlan{}, false
	}
	plan := castPlan{trait: t, index: k, spell: s}
	switch {
	case s.Level == 0:
		return plan, true
	case sp.Innate:
		return plan, sp.AtWill || sp.Left > 0
	}
	plan.slot = slotFrom(p.Combatant, s.Level)
	return plan, plan.slot > 0
}

// castable is how monster p can cast spell id now, and whether it can.
func (p Participant) castable(id string) (castPlan, bool) {
	for t, cs := range p.Spellcasting {
		for k, sp := range cs.Spells {
			if sp.ID != id {
				continue
			}
			if plan, ok := p.ready(t, k); ok {
				return plan, true
			}
		}
	}
	return castPlan{}, false
}

// monsterCastsReaction has monster i cast a reaction spell as plan says,
// with opts (Counterspell's spell to counter), paying its slot or use and
// its reaction.
func (e *Encounter) monsterCastsReaction(res *Result, i int, plan castPlan, opts spell.Options, src dice.Source) (spell.Result, error) {
	cs := e.Participants[i].Spellcasting[plan.trait]
	ability, err := rules.ParseAbility(cs.Ability)
	if err != nil {
		return spell.Result{}, fault.Wrap(fault.Internal, actOp, err)
	}
	opts.Ability, opts.DC, opts.AttackBonus, opts.CasterLevel = ability, cs.DC, cs.AttackBonus, max(cs.Level, 1)
	slot := plan.slot
	if slot == 0 && plan.spell.Level > 0 {
		opts.Innate, slot = true, plan.spell.Level
	}
	sr, err := e.castAt(res, i, plan.spell.ID, slot, nil, opts, src)
	if err != nil {
		return sr, fault.Wrap(fault.Internal, actOp, err)
	}
	if err := e.spend(res, i, plan, false); err != nil {
		return sr, err
	}
	e.Participants[i].ReactionUsed = true
	return sr, nil
}

// monsterCounters is the monsters' Counterspell, by rule, against
// character ai's spell s cast at level on the participants ids: a monster
// that can counters a spell of 1st level or higher aimed at one of its
// side, in initiative order until one counters it. It reports whether
// one did.
func (e *Encounter) monsterCounters(res *Result, ai int, s srd.Spell, level int, ids []string, src dice.Source) (bool, error) {
	if level == 0 || !slices.ContainsFunc(ids, func(id string) bool { return e.Participants[e.index(id)].Kind == KindMonster }) {
		return false, nil
	}
	for _, id := range e.Order {
		i := e.index(id)
		if i < 0 || !canGuard(e.Participants[ai], e.Participants[i]) {
			continue
		}
		m := e.Participants[i]
		plan, ok := m.castable(Counterspell)
		if !ok {
			continue
		}
		if plan.slot > 0 {
			plan.slot = counterSlot(m.Combatant, level)
		}
		sr, err := e.monsterCastsReaction(res, i, plan, spell.Options{CounteredSpell: s.ID, CounteredLevel: level}, src)
		if err != nil {
			return false, err
		}
		if sr.Counter != nil && sr.Counter.Countered {
			res.say(fmt.Sprintf("%s casts Counterspell, and %s's %s fails.", m.Name, e.Participants[ai].Name, s.Name))
			return true, nil
		}
		res.say(fmt.Sprintf("%s casts Counterspell, but %s's %s goes on.", m.Name, e.Participants[ai].Name, s.Name))
	}
	return false, nil
}

// spellTargets are the participants the policy casts s at.
func (e Encounter) spellTargets(ai int, s srd.Spell, slot int) []int {
	var feet int
	if s.Range.Feet != nil {
		feet = *s.Range.Feet
	}
	standing := e.standing
	var out []int
	switch {
	case s.Area != nil:
		near := feet == 0 && s.Area.Size <= 15
		_, hi := spell.TargetsFor(s, slot)
		for _, id := range e.Order {
			if i := e.index(id); i >= 0 && standing(i) && (!near || e.engaged(ai, i)) && len(out) < hi {
				out = append(out, i)
			}
		}
	case spell.Classify(s) == spell.ShapeAttack && s.AttackType == "melee":
		best := -1
		for i := range e.Participants {
			if standing(i) && e.engaged(ai, i) && (best < 0 || e.Participants[i].Combatant.HP < e.Participants[best].Combatant.HP) {
				best = i
			}
		}
		if best >= 0 {
			out = []int{best}
		}
	default:
		if w := e.weakest(); w >= 0 {
			out = []int{w}
		}
	}
	return out
}

// spellScore is twice the average damage one target takes from s cast at
// level (cantrips by the caster's level).
func spellScore(s srd.Spell, level, casterLevel int) int {
	score := 0
	for _, d := range []*srd.SpellDamage{s.Damage, s.ExtraDamage} {
		if d == nil {
			continue
		}
		if x, err := dice.Parse(damageAt(d, level, casterLevel)); err == nil {
			score += x.Min() + x.Max()
		}
	}
	switch s.ID {
	case "scorching-ray":
		score *= level + 1 // three rays at 2nd level, one more each level above
	}
	return score
}

// damageAt is a spell's damage dice at a slot level or, for a cantrip, at
// a caster level: the entry for the highest level not above it.
func damageAt(d *srd.SpellDamage, level, casterLevel int) string {
	table, at := d.BySlotLevel, level
	if len(table) == 0 {
		table, at = d.ByCharacterLevel, max(casterLevel, 1)
	}
	best, out := -1, ""
	for l, x := range table {
		if l <= at && l > best {
			best, out = l, x
		}
	}
	return out
}

// attackScore is twice the average damage of the attacks the policy
// would make instead.
func attackScore(p Participant) int {
	score := 0
	for _, a := range p.Actions {
		if a.Multiattack != nil {
			counts := fixedCounts(*a.Multiattack)
			s := 0
			for _, b := range p.Actions {
				if b.AttackBonus != nil && !limited(b) {
					s += damageScore(b.Damage) * min(max(counts[strings.ToLower(b.Name)], 0), maxAttacksPerAction)
				}
			}
			score = max(score, s)
		}
	}
	if a, ok := bestAttack(p.Actions); ok {
		score = max(score, damageScore(a.Damage))
	}
	return score
}

// monsterCast casts the policy's spell (MonsterTurnWith): the
// characters who could counter it are offered the moment first; a spell
// countered still spends its slot or use. It reports false when the
// monster has no spell worth more than its attacks.
func (e *Encounter) monsterCast(res *Result, ai int, src dice.Source, rs Reactions) (bool, error) {
	plan, ok := e.spellPlan(ai)
	if !ok || plan.score <= attackScore(e.Participants[ai]) || (e.silenced(ai) && slices.Contains(plan.spell.Components, "V")) {
		return false, nil
	}
	m := e.Participants[ai]
	cs := m.Spellcasting[plan.trait]
	ability, err := rules.ParseAbility(cs.Ability)
	if err != nil {
		return false, fault.Wrap(fault.Internal, actOp, err)
	}
	res.Kind = ActionCast
	e.Participants[ai].Turn.ActionUsed = true
	e.Participants[ai].Turn.CastAction = plan.spell.ID
	level := plan.level()
	what := fmt.Sprintf("%s casts %s", m.Name, plan.spell.Name)
	if level > 0 {
		what += fmt.Sprintf(" (%s level)", rules.Ordinal(level))
	}
	countered, err := e.counterMoment(res, ai, plan.spell, level, what, rs)
	if err != nil {
		return false, err
	}
	if err := e.spend(res, ai, plan, countered); err != nil {
		return false, err
	}
	if countered {
		res.say(fmt.Sprintf("%s's %s fails.", m.Name, plan.spell.Name))
		return true, nil
	}
	ids := make([]string, len(plan.targets))
	for i, t := range plan.targets {
		ids[i] = e.Participants[t].ID
	}
	if plan.spell.Area == nil {
		// Aimed at a creature, the spell meets Sanctuary as an attack does.
		if ids, err = e.unspurned(res, ai, ids, src); err != nil || len(ids) == 0 {
			return true, err
		}
	}
	opts := spell.Options{Ability: ability, CasterLevel: max(cs.Level, 1), DC: cs.DC, AttackBonus: cs.AttackBonus, Innate: plan.slot == 0 && plan.spell.Level > 0}
	ids, told, err := e.kinded(plan.spell, ids, &opts)
	if err != nil || len(ids) == 0 {
		return true, err
	}
	slot := plan.slot
	if opts.Innate {
		slot = plan.spell.Level
	}
	moments, err := e.lucks(res, rs, plan.spell, ids, &opts)
	if err != nil {
		return true, err
	}
	from := len(res.Rolls)
	sr, err := e.resolve(res, ai, plan.spell, slot, ids, 0, opts, src)
	if err != nil {
		return true, err
	}
	e.luckAfter(res, moments, ai, sr, from)
	for _, t := range told {
		res.say(t)
	}
	return true, nil
}

// spend pays for the policy's spell: an innate spell's use; the slot of
// a countered one (a casting that goes on spends its own).
func (e *Encounter) spend(res *Result, ai int, plan castPlan, countered bool) error {
	p := &e.Participants[ai]
	sp := p.Spellcasting[plan.trait].Spells[plan.index]
	switch {
	case sp.Innate && !sp.AtWill && plan.spell.Level > 0:
		casting := slices.Clone(p.Spellcasting)
		casting[plan.trait].Spells = slices.Clone(casting[plan.trait].Spells)
		casting[plan.trait].Spells[plan.index].Left--
		p.Spellcasting = casting
	case countered && plan.slot > 0:
		return e.spendSlot(res, ai, plan.slot)
	}
	return nil
}

// spendSlot uses one of participant i's spell slots of level slot: the
// slot of a spell that was cast but countered.
func (e *Encounter) spendSlot(res *Result, i, slot int) error {
	p := e.Participants[i]
	used := p.Combatant.SpellSlots[slot-1].Used
	ch := rules.Change{TargetID: p.ID, Field: rules.FieldSpellSlotsUsed, Slot: slot, From: used, To: used + 1}
	if err := e.apply([]rules.Change{ch}); err != nil {
		return err
	}
	res.Changes = append(res.Changes, ch)
	return nil
}

// counterMoment is the moment before monster ai's spell (s cast at
// level) takes effect: the Counterspells taken to it (rs) are cast in
// order until one counters it, and if none has, the characters who could
// still cast one are offered the moment. It reports whether the spell was
// countered; a countered levelled spell's slot is spent here.
func (e *Encounter) counterMoment(res *Result, ai int, s srd.Spell, level int, what string, rs Reactions) (bool, error) {
	k, at := res.moment(), len(res.Rolls)
	pre := e.clone()
	taken := rs.at(k)
	countered := false
	for _, t := range taken {
		if countered {
			break // it has failed already: the others keep their reaction
		}
		i := e.index(t.By)
		if t.Name != Counterspell || i < 0 || e.Participants[i].Kind != KindCharacter || !slices.Contains(e.Participants[i].canReact(), Counterspell) {
			return false, refuse(NotAllowed, "reaction", "%s cannot counter this spell", truncate(t.By, 40))
		}
		p := e.Participants[i]
		ability, err := spellAbility(p)
		if err != nil {
			return false, err
		}
		slot := counterSlot(p.Combatant, level)
		sr, err := e.castAt(res, i, Counterspell, slot, nil, spell.Options{Ability: ability, CounteredSpell: s.ID, CounteredLevel: level}, rs.source(t))
		if err != nil {
			return false, err
		}
		e.Participants[i].ReactionUsed = true
		countered = sr.Counter != nil && sr.Counter.Countered
		text := fmt.Sprintf("%s casts Counterspell (%s level) and %s fails.", p.Name, rules.Ordinal(slot), s.Name)
		if !countered {
			text = fmt.Sprintf("%s casts Counterspell (%s level), but %s goes on.", p.Name, rules.Ordinal(slot), s.Name)
		}
		res.react(t, &e.Participants[i], text)
	}
	if countered || len(taken) >= MaxReactionsPerAttack {
		return countered, nil
	}
	var offers []Offer
	for _, p := range pre.Participants {
		if p.Kind != KindCharacter || slices.ContainsFunc(taken, func(t campaign.Reaction) bool { return t.By == p.ID }) ||
			!slices.Contains(p.canReact(), Counterspell) {
			continue
		}
		offers = append(offers, offerTo(p, Counterspell, counterChanges(p, level)))
	}
	if len(offers) > 0 {
		offers = pre.previewed(offers, Moment{Spell: &s, Level: level})
		res.Openings = append(res.Openings, Opening{Attack: k, Roll: at, Before: true, AttackerID: pre.Participants[ai].ID,
			Trigger: what + ".", Offers: offers})
	}
	return false, nil
}

// counterSlot is the slot a character casts Counterspell with against a
// spell of level: the lowest that counters it outright, else its lowest
// of 3rd level or higher.
func counterSlot(c rules.Combatant, level int) int {
	if s := slotFrom(c, max(level, 3)); s > 0 {
		return s
	}
	return slotFrom(c, 3)
}

// counterChanges is whether p's Counterspell would stop a spell of level:
// yes with a slot that high, else it rests on an ability check, which no
// roll may pass (no) or some may (unknown).
func counterChanges(p Participant, level int) string {
	slot := counterSlot(p.Combatant, level)
	if slot >= level {
		return ChangesYes
	}
	ability, err := spellAbility(p)
	if err != nil {
		return ChangesNo
	}
	if p.Combatant.Modifier(ability)+20 < 10+level {
		return ChangesNo
	}
	return ChangesUnknown
}

// castAt casts a reaction spell of participant i's at slot on targets and
// applies it.
func (e *Encounter) castAt(res *Result, i int, spellID string, slot int, targets []rules.Combatant, opts spell.Options, src dice.Source) (spell.Result, error) {
	targets = slices.Clone(targets)
	for k, t := range targets {
		targets[k] = e.concentrator(e.index(t.ID), t)
	}
	sr, err := spell.Cast(e.Participants[i].Combatant, spellID, slot, targets, opts, src, srd.LookupSpell)
	if err != nil {
		return sr, err
	}
	return sr, e.take(res, i, sr, src)
}

// take applies a spell participant i cast: its changes to the
// participants, its damage to the tallies, its rolls and changes to res;
// then the features of those it damaged answer the damage, and i's what
// it does when it drops a foe (src: their dice).
func (e *Encounter) take(res *Result, i int, sr spell.Result, src dice.Source) error {
	if err := e.apply(sr.Changes); err != nil {
		return err
	}
	e.tally(i, sr)
	if len(sr.Summons) > 0 {
		if err := e.summon(res, i, sr, src); err != nil {
			return err
		}
	}
	res.Rolls = append(res.Rolls, sr.Rolls...)
	res.Changes = append(res.Changes, sr.Changes...)
	for _, o := range sr.Targets {
		ti := e.index(o.TargetID)
		if ti < 0 {
			continue
		}
		if dropped(o) {
			if err := e.featuresDown(res, i, ti, src); err != nil {
				return err
			}
		}
		dealt := slices.Clone(o.Damage)
		for _, a := range o.Attacks {
			if a.Damage != nil {
				dealt = append(dealt, *a.Damage)
			}
		}
		for _, d := range dealt {
			if err := e.featuresDamaged(res, ti, d, src); err != nil {
				return err
			}
		}
	}
	return nil
}

// dropped reports whether the spell dropped its target to 0 hit points.
func dropped(o spell.Outcome) bool {
	for _, a := range o.Attacks {
		if a.Damage != nil && a.Damage.Dropped {
			return true
		}
	}
	return o.Killed || slices.ContainsFunc(o.Damage, func(d rules.DamageResult) bool { return d.Dropped })
}
