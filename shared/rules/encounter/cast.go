package encounter

import (
	"maps"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The kinds of Action beyond the basic ones: casting a spell, hiding and
// a fighter's Second Wind.
const (
	ActionCast       = "cast"
	ActionHide       = "hide"
	ActionSecondWind = "second_wind"
)

var moreKinds = map[string]bool{ActionCast: true, ActionHide: true, ActionSecondWind: true, ActionFeature: true}

// decodeMore checks the fields of the kinds cast.go and bonus.go add.
func decodeMore(a Action) error {
	const op = "decode action"
	switch {
	case len(a.Spell) > maxNameLength:
		return fault.Field(op, "action.spell", "is longer than %d bytes", maxNameLength)
	case a.SlotLevel < 0 || a.SlotLevel > 9:
		return fault.Field(op, "action.slot_level", "must be between 0 and 9")
	case len(a.TargetIDs) > spell.MaxTargets:
		return fault.Field(op, "action.target_ids", "names more than %d targets", spell.MaxTargets)
	case a.Kind == ActionCast && a.Spell == "":
		return fault.Field(op, "action.spell", "is required for a cast")
	case a.Ongoing && a.Kind != ActionCast:
		return fault.Field(op, "action.ongoing", "goes with a cast only")
	case len(a.Choice) > maxNameLength:
		return fault.Field(op, "action.choice", "is longer than %d bytes", maxNameLength)
	case a.Choice != "" && a.Kind != ActionCast && a.Kind != ActionFeature && a.Kind != ActionAttack:
		return fault.Field(op, "action.choice", "goes with an attack, a cast or a feature only")
	}
	for _, id := range a.TargetIDs {
		if id == "" || len(id) > maxNameLength {
			return fault.Field(op, "action.target_ids", "holds an empty id or one longer than %d bytes", maxNameLength)
		}
	}
	switch {
	case (len(a.With) > 0 || len(a.Spare) > 0) && a.Kind != ActionCast:
		return fault.Field(op, "action.with", "and spare go with a cast only")
	case len(a.With) > maxWith:
		return fault.Field(op, "action.with", "names more than %d features", maxWith)
	case len(a.Spare) > spell.MaxTargets:
		return fault.Field(op, "action.spare", "names more than %d creatures", spell.MaxTargets)
	}
	for _, id := range append(slices.Clone(a.With), a.Spare...) {
		if id == "" || len(id) > maxNameLength {
			return fault.Field(op, "action.with", "holds an empty name or one longer than %d bytes", maxNameLength)
		}
	}
	return nil
}

// maxWith bounds the features one cast names: two Metamagic options are
// the most a spell takes.
const maxWith = 4

// actMore resolves the kinds Act leaves to this file and bonus.go: a
// cast (with the choices its spell attacks' hits answer, rs), Hide,
// Second Wind, and any bonus action. Like Act, it changes nothing on a
// refusal.
func actMore(e Encounter, ai int, in Action, src dice.Source, rs Reactions) (Encounter, Result, error) {
	p := e.Participants[ai]
	out := e.clone()
	res := Result{ActorID: p.ID, Actor: p.Name, Kind: in.Kind, Round: out.Round}
	before := out.Decided()
	var err error
	switch {
	case in.Kind == ActionCast:
		err = out.cast(&res, ai, in, src, rs)
	case in.Kind == ActionFeature:
		err = out.useFeature(&res, ai, in, src, rs)
	case in.Bonus || in.Kind == ActionSecondWind:
		err = out.bonusAction(&res, ai, in, src)
	default: // ActionHide with the action
		if p.Turn.ActionUsed {
			return e, Result{}, refuse(NotAllowed, "action.kind", "%s has already taken an action this turn", p.Name)
		}
		out.Participants[ai].Turn.ActionUsed = true
		err = out.hide(&res, ai, "", src)
	}
	if err != nil {
		return e, Result{}, err
	}
	if err := out.finish(&res, before, in.EndTurn, src); err != nil {
		return e, Result{}, err
	}
	return out, res, nil
}

// TakesBonusAction reports whether the action takes the bonus action
// rather than the action: one flagged Bonus, Second Wind, or the cast of a
// spell whose casting time is a bonus action.
func (a Action) TakesBonusAction() bool {
	if a.Bonus || a.Kind == ActionSecondWind {
		return true
	}
	if a.Kind == ActionFeature {
		f, ok := srd.LookupFeature(a.Feature)
		ends := a.Choice == ChoiceEnd && features[f.ID].revert != nil
		return ok && (f.Use == srd.UseBonus || ends)
	}
	if a.Kind != ActionCast {
		return false
	}
	s, ok := lookupSpell(a.Spell)
	if a.Ongoing {
		return ok && usedWithBonus[s.ID]
	}
	return ok && (strings.EqualFold(s.CastingTime, "1 bonus action") || quickened(a.With))
}

// Free reports whether the action takes neither the action nor the bonus
// action: a feature used freely on the turn (Action Surge, Reckless
// Attack), which leaves the turn open.
func (a Action) Free() bool {
	if a.Kind != ActionFeature {
		return false
	}
	f, ok := srd.LookupFeature(a.Feature)
	return ok && f.Use == srd.UseFree
}

// usedWithBonus are the spells whose later uses (spell.TriggerAction)
// take a bonus action; the others' take an action.
var usedWithBonus = map[string]bool{"spiritual-weapon": true, "arcane-sword": true, "heat-metal": true}

// ongoingID is the Effect that says a spell the caster may use again is
// under way.
const ongoingID = "ongoing"

// castTime reads a spell's casting time for a turn in combat: bonus says
// it takes the bonus action rather than the action. Reaction spells are
// cast in reaction windows, and longer castings do not fit a turn.
func castTime(s srd.Spell) (bonus bool, err error) {
	switch ct := strings.ToLower(s.CastingTime); {
	case ct == "1 action":
		return false, nil
	case ct == "1 bonus action":
		return true, nil
	case strings.HasPrefix(ct, "1 reaction"):
		return false, refuse(NotAllowed, "action.spell", "%s is cast as a reaction when its trigger happens, not as an action", s.Name)
	default:
		return false, refuse(NotAllowed, "action.spell", "%s takes %s to cast, longer than a turn in combat", s.Name, ct)
	}
}

// lookupSpell finds an SRD spell by id or name.
func lookupSpell(name string) (srd.Spell, bool) {
	if s, ok := srd.LookupSpell(name); ok {
		return s, true
	}
	return srd.LookupSpell(slug(strings.ReplaceAll(name, "/", "-")))
}

// cast resolves a cast action: the caster's features shape it first
// (casting.go: a spell off its list, no slot, Metamagic); the casting
// time decides whether it takes the action or the bonus action (and the
// SRD's rule that a turn with a bonus-action spell casts no other spell
// but a 1-action cantrip); the spell resolves through spell.Cast on
// participants; the caster's previous concentration, and the effects it
// held, end first when the spell needs concentration; what lasts is kept
// on the encounter.
func (e *Encounter) cast(res *Result, ai int, in Action, src dice.Source, rs Reactions) error {
	p := e.Participants[ai]
	if p.Kind != KindCharacter {
		return refuse(NotAllowed, "action.kind", "%s's spellcasting is not modelled; monsters attack", p.Name)
	}
	s, ok := lookupSpell(in.Spell)
	if !ok {
		return refuse(InvalidArgs, "action.spell", "no spell %q in the rules", truncate(in.Spell, 60))
	}
	if e.silenced(ai) && slices.Contains(s.Components, "V") {
		return refuse(NotAllowed, "action.spell", "%s stands in a magical silence: no spell with a verbal component can be cast there", p.Name)
	}
	if in.Ongoing {
		ability, err := p.castAbility(s)
		if err != nil {
			return err
		}
		return e.useAgain(res, ai, in, s, ability, src)
	}
	ids, err := e.targetIDs(s, in)
	if err != nil {
		return err
	}
	// A feature may pay for the spell another way (an invocation's spell
	// at will) and shape it (Metamagic: casting.go); else only a spell it
	// knows or has prepared is cast (spells.go), and a free casting (a
	// Mystic Arcanum, a Signature Spell) at its own level, no slot.
	c, err := e.shape(ai, in, s, ids)
	if err != nil {
		return err
	}
	var way campaign.Known
	var ability rules.Ability
	if c.payer == "" {
		if way, ability, err = p.castWay(s, in.SlotLevel); err != nil {
			return err
		}
		if way.Free {
			c.free, c.slot = true, way.Level
		}
	} else if ability, err = spellAbility(p); err != nil {
		if !strings.HasPrefix(c.payer, itemPool) {
			return err
		}
		// A wand's spell needs no spellcasting of the wielder's, unless
		// it rolls with the wielder's own numbers (the spell says).
		err = nil
	}
	if ids, err = e.narrowed(ai, c); err != nil {
		return err
	}
	bonus, err := castTime(s)
	if err != nil {
		return err
	}
	bonus = bonus || c.bonus
	if err := economy(p, s, bonus, in.Bonus); err != nil {
		return err
	}
	opts := c.opts
	opts.Ability, opts.CasterLevel, opts.Innate = ability, p.Combatant.Level, c.free
	if err := e.chosen(in, s, ids, &opts); err != nil {
		return err
	}
	if err := e.bodyChoice(ai, in, s, &opts); err != nil {
		return err
	}
	if err := e.shapesChosen(ai, s, ids, &opts); err != nil {
		return err
	}
	slot := c.slot

	if slices.Contains(p.Combatant.Features, rules.Raging) {
		return refuse(NotAllowed, "action.spell", "%s is raging and can cast no spell until the rage ends", p.Name)
	}
	if err := p.shapeAllowsCasting(); err != nil {
		return err
	}
	// A new concentration spell ends the old one, and the effects it held
	// end before the new spell looks at its targets.
	if old := p.Combatant.Concentration; s.Concentration && old != "" {
		if err := e.endWhere(res, func(fx Effect) string {
			if fx.CasterID == p.ID && fx.Spell == old {
				return endConcentration
			}
			return ""
		}); err != nil {
			return err
		}
	}
	ids, told, err := e.kinded(s, ids, &opts)
	if err != nil {
		return err
	}
	// An area creatures set off by being in it (Moonbeam) holds those named
	// as it is cast; one that acts only later affects nobody now.
	occupants := ids
	if spell.TriggerOf(s) == spell.TriggerZone && spell.Idle(s) {
		ids = nil
	}
	// A monster may counter the spell as it is cast: one the rules would
	// cast, so first what they refuse is refused, with nothing spent.
	if err := e.checkCast(ai, s, slot, ids, in.Distance, opts); err != nil {
		return err
	}
	e.spendAll(ai, c)
	if t := c.told(p); t != "" {
		res.say(t)
	}
	if way.Free {
		e.spendFree(res, ai, way, s)
	}
	if !c.subtle {
		countered, err := e.monsterCounters(res, ai, s, slot, ids, src)
		if err != nil {
			return err
		}
		if countered {
			spent := slot
			if c.free {
				spent = 0 // no slot to lose
			}
			return e.fizzle(res, ai, s, spent, bonus)
		}
	}
	sr, err := e.resolve(res, ai, s, slot, ids, in.Distance, opts, src)
	if err != nil {
		return err
	}
	e.depart(res, sr, in.ToAreaID) // a journey out of the fight (spells_journeys.go)
	for _, t := range told {
		res.say(t)
	}
	me := &e.Participants[ai]
	if bonus {
		me.Turn.BonusActionUsed, me.Turn.CastBonus = true, s.ID
	} else {
		me.Turn.ActionUsed, me.Turn.CastAction = true, s.ID
	}
	if err := e.keep(res, sr, s, src); err != nil {
		return err
	}
	if spell.TriggerOf(s) == spell.TriggerZone {
		if err := e.inZone(res, ai, s, sr.SlotLevel, occupants, src); err != nil {
			return err
		}
	}
	for _, f := range c.after {
		if err := f(e, res, ai, sr, src); err != nil {
			return err
		}
	}
	return e.spellHits(res, ai, sr, rs)
}

// narrowed holds a casting's targets to what its features allow: the
// caster alone for a spell cast on itself (named or not), and the
// creature types a feature casts it on.
func (e *Encounter) narrowed(ai int, c *casting) ([]string, error) {
	p := e.Participants[ai]
	ids := c.ids
	if c.self {
		if len(ids) == 0 {
			ids = []string{p.ID}
		}
		if len(ids) > 1 || ids[0] != p.ID {
			return nil, refuse(NotAllowed, "action.target_ids", "%s casts %s on itself alone this way", p.Name, c.spell.Name)
		}
	}
	for _, id := range ids {
		t := e.Participants[e.index(id)]
		if len(c.only) > 0 && t.Type != "" && !slices.Contains(c.only, t.Type) {
			return nil, refuse(NotAllowed, "action.target_ids", "%s casts %s this way only on %s, and %s is %s", p.Name, c.spell.Name,
				plurals(c.only), t.Name, aType(t.Type))
		}
	}
	return ids, nil
}

// checkCast is spell.Check for participant ai's casting of s at slot on
// the participants ids from distance: the refusal spell.Cast would make,
// with no die drawn.
func (e Encounter) checkCast(ai int, s srd.Spell, slot int, ids []string, distance int, opts spell.Options) error {
	targets := make([]rules.Combatant, len(ids))
	for i, id := range ids {
		targets[i] = e.Participants[e.index(id)].Combatant
	}
	if distance > 0 {
		opts.Situations = maps.Clone(opts.Situations) // the caller's stay as they are
		for _, id := range ids {
			opts.Situate(id, func(sit *spell.Situation) { sit.Distance = distance })
		}
	}
	err := spell.Check(e.Participants[ai].Combatant, s.ID, slot, targets, opts, srd.LookupSpell)
	if err != nil && fault.ReasonOf(err) == "" {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	return err
}

// fizzle is character ai's spell s, cast at slot, countered: the slot and
// the action (or bonus action) are spent all the same.
func (e *Encounter) fizzle(res *Result, ai int, s srd.Spell, slot int, bonus bool) error {
	if slot > 0 {
		if err := e.spendSlot(res, ai, slot); err != nil {
			return err
		}
	}
	me := &e.Participants[ai]
	if bonus {
		me.Turn.BonusActionUsed, me.Turn.CastBonus = true, s.ID
	} else {
		me.Turn.ActionUsed, me.Turn.CastAction = true, s.ID
	}
	me.Hidden = false
	return e.reveal(res, ai, castOne, false)
}

// useAgain is a later use of a spell cast earlier in the fight whose
// effect the caster uses on its turns (spell.TriggerAction): no slot, the
// level it was cast at, an action or a bonus action by the spell.
func (e *Encounter) useAgain(res *Result, ai int, in Action, s srd.Spell, ability rules.Ability, src dice.Source) error {
	p := e.Participants[ai]
	if spell.TriggerOf(s) != spell.TriggerAction {
		return refuse(NotAllowed, "action.ongoing", "%s has no effect its caster uses again", s.Name)
	}
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool {
		return fx.ID == ongoingID && fx.CasterID == p.ID && fx.Spell == s.ID
	})
	if k < 0 {
		return refuse(NotAllowed, "action.ongoing", "%s has no %s under way", p.Name, s.Name)
	}
	bonus := usedWithBonus[s.ID]
	switch {
	case bonus && p.Turn.BonusActionUsed:
		return refuse(NotAllowed, "action.ongoing", "%s has already taken a bonus action this turn", p.Name)
	case !bonus && p.Turn.ActionUsed:
		return refuse(NotAllowed, "action.ongoing", "%s has already taken an action this turn", p.Name)
	}
	ids, err := e.targetIDs(s, in)
	if err != nil {
		return err
	}
	opts := spell.Options{Ability: ability, CasterLevel: p.Combatant.Level, Ongoing: true}
	if err := Choose(s, in.Choice, &opts); err != nil { // Shapechange's new form, Dispel Evil and Good's way to end
		return err
	}
	ids, _, err = e.kinded(s, ids, &opts)
	if err != nil {
		return err
	}
	sr, err := e.resolve(res, ai, s, e.Effects[k].SlotLevel, ids, in.Distance, opts, src)
	if err != nil {
		return err
	}
	me := &e.Participants[ai]
	if bonus {
		me.Turn.BonusActionUsed = true
	} else {
		me.Turn.ActionUsed = true
	}
	for _, fx := range sr.Effects {
		if err := e.add(res, Effect{Effect: fx, SlotLevel: sr.SlotLevel, Until: e.until(fx, s)}, src); err != nil {
			return err
		}
	}
	return nil
}

// targetIDs are the participants a cast names, TargetID first.
func (e *Encounter) targetIDs(s srd.Spell, in Action) ([]string, error) {
	ids := slices.Clone(in.TargetIDs)
	if in.TargetID != "" && !slices.Contains(ids, in.TargetID) {
		ids = append([]string{in.TargetID}, ids...)
	}
	if len(ids) > spell.MaxTargets {
		return nil, refuse(InvalidArgs, "action.target_ids", "%s names more than %d targets", s.Name, spell.MaxTargets)
	}
	for _, id := range ids {
		switch i := e.index(id); {
		case i < 0:
			return nil, refuse(InvalidArgs, "action.target_ids", "no participant %q", truncate(id, 60))
		case e.elsewhere(id) && !e.withinOwnWalls(id):
			return nil, refuse(NotAllowed, "action.target_ids", "%s", e.unreachable(i))
		case id != e.Current && e.walledIn(e.Current):
			return nil, refuse(NotAllowed, "action.target_ids", "%s", e.shutIn(e.index(e.Current)))
		}
	}
	if in.Distance < 0 || in.Distance > MaxDistance {
		return nil, refuse(InvalidArgs, "action.distance", "must be between 0 and %d feet", MaxDistance)
	}
	if why := e.unmagical(e.index(e.Current), ids); why != "" {
		return nil, refuse(NotAllowed, "action.target_ids", "%s", why) // an antimagic field, a wall (spells_realms.go)
	}
	return ids, nil
}

// resolve casts s through spell.Cast on the participants ids and applies
// it: changes, statistics, the result.
func (e *Encounter) resolve(res *Result, ai int, s srd.Spell, slot int, ids []string, distance int, opts spell.Options, src dice.Source) (spell.Result, error) {
	if len(ids) > 0 {
		if ids = e.globed(res, ai, s, ids); len(ids) == 0 {
			return e.warded(res, ai, s, slot, opts) // Globe of Invulnerability (spells_boons.go)
		}
		var err error
		if ids, err = e.unaffected(res, ai, s, slot, ids, opts, src); err != nil || len(ids) == 0 { // tactics.go
			if err != nil {
				return spell.Result{}, err
			}
			return e.warded(res, ai, s, slot, opts)
		}
	}
	targets := make([]rules.Combatant, len(ids))
	var sv saved
	for i, id := range ids {
		p := e.Participants[e.index(id)]
		targets[i] = e.concentrator(e.index(id), p.Combatant)
		// A spell is magic: defences against nonmagical weapons don't hold.
		targets[i].Resistances &^= p.MundaneResist
		targets[i].Immunities &^= p.MundaneImmune
		if s.Save != nil && s.AttackType == "" && slices.Contains(p.Traits, "magic-resistance") {
			// Magic Resistance: advantage on saving throws against spells.
			opts.Situate(id, func(sit *spell.Situation) { sit.Advantage = append(sit.Advantage, "magic resistance") })
		}
		if s.AttackType == "ranged" && e.threatened(ai) {
			opts.Situate(id, func(sit *spell.Situation) { sit.Disadvantage = append(sit.Disadvantage, "a foe within reach") })
		}
		e.featuresTargeted(ai, e.index(id), s, &targets[i], &opts)
		e.bodiesTargeted(ai, e.index(id), s, &opts)
		e.saveSituation(e.index(id), s, &opts, &sv, src)
		if held := e.inspiration(e.index(id)); len(held) > 0 {
			opts.Situate(id, func(sit *spell.Situation) { sit.Reserves = append(slices.Clip(sit.Reserves), held...) })
		}
		if spell.Classify(s) == spell.ShapeHeal && e.holds(id, "beacon-of-hope") {
			opts.Situate(id, func(sit *spell.Situation) { sit.MaxHealing = true }) // Beacon of Hope: the most the dice can give
		}
		if distance > 0 {
			opts.Situate(id, func(sit *spell.Situation) { sit.Distance = distance })
		}
	}
	e.buffsTargeted(ai, s, ids, &opts)
	e.divined(s, ids, &opts)            // Nondetection hides from divination (spells_safeguards.go)
	e.realmsTargeted(ai, s, ids, &opts) // Modify Memory's foes
	e.boonsTargeted(ai, s, ids, &opts)
	var resisted []string
	opts.Resist = func(id string) bool {
		i := e.index(id)
		if i < 0 || e.Participants[i].LegendaryResistance <= 0 {
			return false
		}
		e.Participants[i].LegendaryResistance--
		resisted = append(resisted, e.Participants[i].Name)
		return true
	}
	sr, err := spell.Cast(e.Participants[ai].Combatant, s.ID, slot, targets, opts, src, srd.LookupSpell)
	for _, name := range resisted {
		res.say(name + " shrugs the spell off with its Legendary Resistance.")
	}
	if err != nil {
		if fault.ReasonOf(err) != "" {
			return sr, err // already a refusal in the rules' vocabulary
		}
		return sr, fault.Wrap(fault.Internal, actOp, err)
	}
	res.Rolls = append(res.Rolls, sv.rolls...)
	if err := e.take(res, ai, sr, src); err != nil {
		return sr, err
	}
	if err := e.dispelled(res, sr); err != nil {
		return sr, err
	}
	e.Participants[ai].Hidden = false
	res.Cast = &sr
	res.say(sr.Summary())
	for _, o := range sr.Targets {
		if i := e.index(o.TargetID); i >= 0 && o.Save != nil && len(o.Save.Reserved) > 0 {
			if err := e.spendReserved(res, i, o.Save.Reserved); err != nil {
				return sr, err
			}
		}
	}
	for _, n := range sv.notes {
		res.say(n)
	}
	// A teleport leaves every reach at once: no opportunity attack.
	for _, id := range sr.Teleported {
		if i := e.index(id); i >= 0 {
			if len(e.Participants[i].Engaged) > 0 {
				res.say(e.Participants[i].Name + " is out of everyone's reach.")
			}
			e.part(i)
		}
	}
	if err := e.useUp(res, sv.spent); err != nil {
		return sr, err
	}
	// Invisibility ends for a creature that casts a spell (a new
	// Invisibility on itself is kept after this).
	hostile := slices.ContainsFunc(ids, func(id string) bool {
		return e.Participants[e.index(id)].Kind != e.Participants[ai].Kind
	})
	return sr, e.reveal(res, ai, castOne, hostile)
}

// economy refuses a spell the turn has no room for.
func economy(p Participant, s srd.Spell, bonus, asked bool) error {
	t := p.Turn
	switch {
	case asked && !bonus:
		return refuse(InvalidArgs, "action.bonus", "%s takes an action to cast, not a bonus action", s.Name)
	case bonus && t.BonusActionUsed:
		return refuse(NotAllowed, "action.spell", "%s has already taken a bonus action this turn", p.Name)
	case bonus && t.CastAction != "" && !actionCantrip(t.CastAction):
		return refuse(NotAllowed, "action.spell", "%s cast a spell with its action this turn, so it can't cast %s: "+
			"with a bonus-action spell, only a cantrip may be cast with the action", p.Name, s.Name)
	case !bonus && t.ActionUsed:
		return refuse(NotAllowed, "action.spell", "%s has already taken an action this turn", p.Name)
	case !bonus && t.CastBonus != "" && s.Level > 0:
		return refuse(NotAllowed, "action.spell", "%s cast a bonus-action spell this turn, so only a cantrip may be cast with the action, not %s", p.Name, s.Name)
	}
	return nil
}

// actionCantrip reports whether id is a cantrip cast with an action.
func actionCantrip(id string) bool {
	s, ok := srd.LookupSpell(id)
	return ok && s.Level == 0 && strings.EqualFold(s.CastingTime, "1 action")
}

// Choose reads a caster's pick for spell s into its options: Command's
// word, Enlarge/Reduce's or Alter Self's form (a damage type picks Alter
// Self's natural weapons of that type), or a condition (Lesser
// Restoration's; Greater Restoration's "hit point maximum") or a damage
// type (Protection from Energy's). "" leaves the spell its default; anything
// else is an invalid_args refusal.
func Choose(s srd.Spell, choice string, opts *spell.Options) error {
	switch {
	case choice == "":
	case s.ID == "command":
		opts.Command = strings.ToLower(choice)
	case spell.Conjures(s.ID):
		opts.Summon = slug(choice) // the creature called: "wolf", "brown bear"
	case spell.Wards(s.ID):
		opts.Choice = choice // a ward's glyph, type or kinds, which the spell checks (spell/wards.go)
	case spell.Seeks(s.ID):
		opts.Choice = choice // the item, creature or place sought, which the caller finds (spell/seeking.go)
	case spell.Reshapes(s.ID):
		opts.Form = slug(choice) // the form taken: "frog", "giant ape"
	case s.ID == "dispel-evil-and-good":
		if c, err := rules.ParseCondition(choice); err == nil {
			opts.Condition = c // the charm or fright to break
		} else {
			opts.Choice = choice // break-enchantment or dismissal, which the spell checks
		}
	case s.ID == "greater-restoration" && strings.Contains(strings.ToLower(choice), "maximum"):
		opts.Choice = spell.MaxHPPick // the hit point maximum a life drain took
	case s.ID == "enhance-ability" || s.ID == "bestow-curse" || s.ID == "magic-circle" || s.ID == "imprisonment" || s.ID == "wish" || s.ID == "alarm" ||
		s.ID == "contingency" || s.ID == "dream":
		opts.Choice = choice // an enhancement, a curse, the spell Wish duplicates, an alarm's kind, the spell Contingency holds or a nightmare, which the spell checks
	case s.ID == "enlarge-reduce" || s.ID == "fire-shield":
		opts.Form = strings.ToLower(choice) // Fire Shield's warm or chill (or fire or cold)
	case s.ID == "alter-self":
		// Natural weapons of a damage type, or another form.
		if t, err := rules.ParseDamageType(choice); err == nil {
			opts.DamageType = t
		} else {
			opts.Form = strings.ToLower(choice)
		}
	default:
		if c, err := rules.ParseCondition(choice); err == nil {
			opts.Condition = c
		} else if t, err := rules.ParseDamageType(choice); err == nil {
			opts.DamageType = t
		} else {
			return refuse(InvalidArgs, "action.choice", "%q is neither a condition nor a damage type", truncate(choice, 40))
		}
	}
	return nil
}

// chosen reads a cast's picks into the spell's options: Choice as a
// condition or a damage type (Command's word for Command), Weapon as the weapon the spell enchants
// (Magic Weapon: one its target carries, by default its best melee one).
func (e Encounter) chosen(in Action, s srd.Spell, ids []string, opts *spell.Options) error {
	if err := Choose(s, in.Choice, opts); err != nil {
		return err
	}
	if s.ID != "magic-weapon" || len(ids) != 1 {
		return nil
	}
	t := e.Participants[e.index(ids[0])]
	if in.Weapon == "" {
		opts.Weapon = bestWeapon(t, false, true)
		return nil
	}
	w, ok := lookupWeapon(in.Weapon)
	switch {
	case !ok:
		return refuse(InvalidArgs, "action.weapon", "unknown weapon %q", truncate(in.Weapon, 60))
	case t.Kind == KindCharacter && !slices.Contains(t.Weapons, w.ID):
		return refuse(NotAllowed, "action.weapon", "%s does not carry %s", t.Name, aWeapon(w))
	}
	opts.Weapon = w.ID
	return nil
}
