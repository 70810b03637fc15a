package encounter

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The barbarian's features in a fight.
var barbarianFeatures = map[string]classFeature{
	// Rage: a bonus action, out of heavy armour, from the uses its level
	// gives (the rage_count counter; unlimited at 20th): for a minute,
	// advantage on Strength checks and saves (rules.Raging), the rage
	// damage bonus on melee weapon attacks made with Strength, resistance
	// to bludgeoning, piercing and slashing damage, and no spells. It
	// ends early when the barbarian falls unconscious (at 0 hit points,
	// at once: rageDropped), or when its turn ends and it has neither
	// attacked nor taken damage since its last turn ended. Used with the
	// choice "frenzy", a berserker's rage is a frenzy.
	"rage": {use: rage, attack: rageDamage, turnEnds: rageLapses, dropped: rageDropped, ends: rageEnds},
	// Reckless Attack: decided before the first attack of a turn (a use
	// that takes no action): advantage on its melee Strength attacks this
	// turn, and attacks on it have advantage until its next turn.
	"reckless-attack": {use: reckless, attack: recklessAdvantage, attacked: recklessExposed},
	// Extra Attack: two attacks with the Attack action.
	"barbarian-extra-attack": {where: "weapon.go: attacksPerAction"},
	// Feral Instinct: advantage on initiative; surprised and not
	// incapacitated, the barbarian acts on its first turn all the same,
	// but only by raging first, which the fight does for it (feralTurn).
	"feral-instinct": {initiative: feral, turnStarts: feralTurn},
	// Brutal Critical: one more weapon damage die on a melee critical
	// hit at 9th level, two at 13th, three at 17th (the
	// brutal_critical_dice counter).
	"brutal-critical-1-die":  {attack: brutalCritical},
	"brutal-critical-2-dice": {where: "barbarian.go: brutalCritical, by the brutal_critical_dice counter"},
	"brutal-critical-3-dice": {where: "barbarian.go: brutalCritical, by the brutal_critical_dice counter"},
	// Relentless Rage: dropped to 0 hit points while raging and not
	// killed outright, a DC 10 Constitution save (5 more for each use
	// since a rest: the relentless-rage pool) leaves it at 1 instead.
	"relentless-rage": {where: "barbarian.go: rageDropped"},
	// Persistent Rage: a rage ends early only when the barbarian falls
	// unconscious.
	"persistent-rage": {where: "barbarian.go: rageLapses"},
	// Frenzy (Berserker): a rage used with the choice "frenzy"; on each
	// turn of it after the first, one melee weapon attack as a bonus
	// action; a level of exhaustion when it ends.
	"frenzy": {use: frenzyAttack},
	// Mindless Rage (Berserker): no charm or fear while raging; one
	// already on the barbarian is suspended until the rage ends.
	"mindless-rage": {where: "barbarian.go: rage, rageEnds"},
	// Intimidating Presence (Berserker): an action: a creature within 30
	// feet saves (Wisdom, DC 8 + proficiency + Charisma) or is frightened
	// of the barbarian until the end of its next turn; later actions
	// extend it; one that saves is not tried again that day.
	"intimidating-presence": {use: intimidate},
	// Retaliation (Berserker): hurt by a creature within 5 feet, a melee
	// weapon attack at it as a reaction.
	"retaliation": {reaction: &featureReaction{offer: retaliationOffer, after: retaliate}},
}

// rageID is the effect a rage leaves on the barbarian; frenzyNote marks
// a frenzied one.
const (
	rageID     = "rage"
	frenzyNote = "frenzy"
)

// mindless are the conditions Mindless Rage keeps off a raging berserker.
var mindless = rules.SetOf(rules.Charmed, rules.Frightened)

func rage(e *Encounter, res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	frenzied := in.Choice == frenzyNote
	switch {
	case p.HeavyArmor:
		return refuse(NotAllowed, "action.feature", "%s wears heavy armour, which a rage cannot be fought in", p.Name)
	case e.raging(ai):
		return refuse(NotAllowed, "action.feature", "%s is already raging", p.Name)
	case frenzied && !p.has("frenzy"):
		return refuse(NotAllowed, "action.choice", "only a berserker of 3rd level or higher rages in a frenzy")
	case in.Choice != "" && !frenzied:
		return refuse(InvalidArgs, "action.choice", "a rage's one choice is %q", frenzyNote)
	}
	if p.Combatant.Concentration != "" {
		if err := e.stopConcentrating(res, ai); err != nil {
			return err
		}
	}
	fx := Effect{Effect: spell.Effect{ID: rageID, Spell: "rage", CasterID: p.ID, TargetID: p.ID,
		Resist: rules.SetOf(rules.Bludgeoning, rules.Piercing, rules.Slashing), Ends: "1 minute"},
		Until: Until{Round: e.Round + 10, Turn: p.ID}, State: rules.Raging, Mark: rageTally(p)}
	if frenzied {
		fx.Note = frenzyNote
	}
	if p.has("mindless-rage") {
		fx.Immune = mindless
		if err := e.suspend(res, ai, mindless); err != nil {
			return err
		}
	}
	if err := e.add(res, fx, src); err != nil {
		return err
	}
	how := "flies into a rage"
	if frenzied {
		how = "flies into a frenzied rage"
	}
	res.say(fmt.Sprintf("%s %s (+%d damage with Strength melee attacks, resistance to bludgeoning, piercing and slashing; %s).",
		p.Name, how, rageBonus(p), ragesLeft(e.Participants[ai])))
	return nil
}

// ragesLeft says how many rages the barbarian has left: the rage_count
// counter's 9999 at 20th level is the SRD's "unlimited".
func ragesLeft(p Participant) string {
	pool := p.Pools[rageID]
	switch n := p.left(rageID); {
	case pool.Max >= 9999:
		return "rages unlimited"
	case n == 1:
		return "1 rage left"
	default:
		return strconv.Itoa(n) + " rages left"
	}
}

// has reports whether the participant has feature id.
func (p Participant) has(id string) bool { return slices.Contains(p.Combatant.Features, id) }

// suspend takes the conditions of set off participant i while a rage
// lasts: the effects that hold them give them back when it ends
// (rageEnds).
func (e *Encounter) suspend(res *Result, i int, set rules.Set[rules.Condition]) error {
	for c := range (e.Participants[i].Combatant.Conditions & set).All() {
		if _, err := e.uncondition(res, i, c); err != nil {
			return err
		}
		res.say(fmt.Sprintf("%s's rage drives out being %s for as long as it lasts.", e.Participants[i].Name, c))
	}
	return nil
}

// raging reports whether participant i rages.
func (e Encounter) raging(i int) bool {
	return e.holds(e.Participants[i].ID, rageID)
}

// rageEffect is the index in e.Effects of participant i's rage, -1 if it
// rages not.
func (e Encounter) rageEffect(i int) int {
	id := e.Participants[i].ID
	return slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.ID == rageID && fx.TargetID == id })
}

// rageBonus is the rage damage bonus at the barbarian's level.
func rageBonus(p Participant) int {
	return max(counter(p, "rage_damage_bonus"), 2)
}

// counter is a class counter at the participant's level
// (campaign.ClassCounter), rounded down.
func counter(p Participant, name string) int {
	return int(math.Floor(campaign.ClassCounter(campaign.Character{Class: p.Class, Level: p.Combatant.Level}, name)))
}

func rageDamage(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	if !e.raging(ai) || req.Kind != rules.MeleeWeapon || req.Ability != rules.Str || len(req.Damage) == 0 || e.Participants[ai].HeavyArmor {
		return
	}
	namedDamage(req, rageBonus(e.Participants[ai]), "Rage", campaign.TermFeature)
}

// rageTally counts what keeps a rage going: the barbarian's attacks and
// the damage it has taken.
func rageTally(p Participant) int {
	return p.Stats.AttacksHit + p.Stats.AttacksMissed + p.Stats.DamageTaken
}

// rageLapses ends a rage at the end of its barbarian's turn when it is
// unconscious, or (before Persistent Rage) has not attacked nor taken
// damage since its last turn ended, and otherwise marks the tally.
func rageLapses(e *Encounter, res *Result, i int, _ dice.Source) error {
	p := e.Participants[i]
	k := e.rageEffect(i)
	if k < 0 {
		return nil
	}
	down := p.down() || p.Combatant.Conditions.Has(rules.Unconscious)
	if !down && (rageTally(p) != e.Effects[k].Mark || p.has("persistent-rage")) {
		e.Effects[k].Mark = rageTally(p)
		return nil
	}
	why := "it neither attacked nor took damage this turn"
	if down {
		why = "unconscious"
	}
	return e.endRage(res, i, why)
}

// endRage ends participant i's rage, for the reason why.
func (e *Encounter) endRage(res *Result, i int, why string) error {
	id := e.Participants[i].ID
	return e.endWhere(res, func(fx Effect) string {
		if fx.ID == rageID && fx.TargetID == id {
			return why
		}
		return ""
	})
}

// rageDropped plays a raging barbarian's drop to 0 hit points: with
// Relentless Rage, a Constitution save against DC 10, 5 more for each
// use since its last rest, leaves it at 1 hit point; otherwise it falls
// unconscious, and the rage ends at once.
func rageDropped(e *Encounter, res *Result, i int, src dice.Source) error {
	if !e.raging(i) {
		return nil
	}
	p := e.Participants[i]
	if p.has("relentless-rage") && p.left(relentlessID) > 0 {
		uses := p.Pools[relentlessID].Used
		dc := 10 + 5*uses
		f := srd.Feature{Name: "Relentless Rage", Resource: relentlessID}
		if err := e.spendPool(i, f, 1); err != nil {
			return err
		}
		sv, err := e.save(res, i, saveCall{ability: rules.Con, dc: dc, reason: "Constitution saving throw for relentless rage"}, src)
		if err != nil {
			return err
		}
		if sv.Success {
			if _, err := e.heal(res, i, flat(1), "", src); err != nil {
				return err
			}
			if err := e.unfall(res, i); err != nil {
				return err
			}
			res.say(fmt.Sprintf("%s's rage keeps them on their feet: Relentless Rage, DC %d Constitution save (%d), and %s stands at 1 HP.",
				p.Name, dc, sv.Total, p.Name))
			return nil
		}
		res.say(fmt.Sprintf("%s fails the DC %d Constitution save of Relentless Rage (%d).", p.Name, dc, sv.Total))
	}
	return e.endRage(res, i, "unconscious")
}

// unfall takes back the prone condition a drop to 0 hit points gave
// participant i in this action, the drop Relentless Rage turned into 1
// hit point.
func (e *Encounter) unfall(res *Result, i int) error {
	c := e.Participants[i].Combatant
	fell := slices.ContainsFunc(res.Changes, func(ch rules.Change) bool {
		return ch.TargetID == c.ID && ch.Field == rules.FieldCondition && ch.To == rules.Prone
	})
	if !fell || !c.Conditions.Has(rules.Prone) {
		return nil
	}
	_, err := e.uncondition(res, i, rules.Prone)
	return err
}

// relentlessID is the pool that counts Relentless Rage's uses since a
// rest, which raise its DC.
const relentlessID = "relentless-rage"

// rageEnds plays what follows a rage's end: a frenzy's level of
// exhaustion, and the charm and fear Mindless Rage suspended, back on
// the berserker where an effect still holds them.
func rageEnds(e *Encounter, res *Result, fx Effect) error {
	i := e.index(fx.TargetID)
	p := e.Participants[i]
	if p.Defeated {
		return nil
	}
	for _, o := range e.Effects {
		if o.TargetID != p.ID || !fx.Immune.Has(o.Condition) || e.Participants[i].Combatant.Conditions.Has(o.Condition) {
			continue
		}
		cr, err := rules.AddCondition(e.Participants[i].Combatant, o.Condition)
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		if err := e.apply(cr.Changes); err != nil {
			return err
		}
		if cr.Changed {
			res.Changes = append(res.Changes, cr.Changes...)
			res.say(fmt.Sprintf("With the rage gone, %s is %s again.", p.Name, o.Condition))
		}
	}
	if fx.Note != frenzyNote {
		return nil
	}
	x, err := rules.ChangeExhaustion(e.Participants[i].Combatant, 1)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	if err := e.apply(x.Changes); err != nil {
		return err
	}
	res.Changes = append(res.Changes, x.Changes...)
	res.say(fmt.Sprintf("The frenzy leaves %s with a level of exhaustion (now %d).", p.Name, x.To))
	return nil
}

// frenzyAttack is a frenzied berserker's bonus action: one melee weapon
// attack (the weapon named, or its best melee one), on any turn of the
// frenzy after the one it began.
func frenzyAttack(e *Encounter, res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	k := e.rageEffect(ai)
	switch {
	case k < 0 || e.Effects[k].Note != frenzyNote:
		return refuse(NotAllowed, "action.feature", "%s is not in a frenzy: rage with the choice %q first", p.Name, frenzyNote)
	case e.Effects[k].Until.Round-10 == e.Round:
		return refuse(NotAllowed, "action.feature", "the frenzy's bonus attack comes on the turns after the one it began")
	}
	ti, err := e.target(ai, in)
	if err != nil {
		return err
	}
	weapon := in.Weapon
	if weapon == "" {
		weapon = bestWeapon(p, false, true)
	}
	req, err := weaponAttack(p, weapon, in.Distance, "")
	if err != nil {
		return err
	}
	if req.Kind != rules.MeleeWeapon {
		return refuse(NotAllowed, "action.weapon", "the frenzy's attack is a melee weapon attack")
	}
	if ok, err := e.approachedBy(res, ai, ti, src); err != nil || !ok {
		return err
	}
	res.say(p.Name + " strikes again in a frenzy.")
	if err := e.strike(res, ai, ti, req, src); err != nil {
		return err
	}
	e.Participants[ai].Hidden = false
	return nil
}

// feralSurprised is the state Feral Instinct leaves on a barbarian
// caught by surprise: its first turn is its own, if it rages first.
const feralSurprised = "feral-surprised"

// feral gives the barbarian advantage on initiative and, surprised but
// able to act, its first turn.
func feral(p *Participant, req *rules.CheckRequest) {
	req.Advantage = append(slices.Clip(req.Advantage), "Feral Instinct")
	if p.Surprised && !p.Combatant.Incapacitated() {
		p.Surprised = false // its reaction still waits for its first turn
		p.Combatant.Features = append(slices.Clip(p.Combatant.Features), feralSurprised)
	}
}

// feralTurn is a surprised barbarian's first turn: it rages before
// anything else, as Feral Instinct asks, or, unable to, the surprise
// takes the turn.
func feralTurn(e *Encounter, res *Result, i int, src dice.Source) error {
	p := &e.Participants[i]
	if !p.has(feralSurprised) {
		return nil
	}
	p.Combatant.Features = slices.DeleteFunc(slices.Clone(p.Combatant.Features), func(id string) bool { return id == feralSurprised })
	if e.Round != 1 {
		return nil
	}
	f, _ := srd.LookupFeature(rageID)
	if !p.HeavyArmor && !e.raging(i) && p.left(rageID) > 0 && p.canAct() {
		if err := e.spendPool(i, f, 1); err != nil {
			return err
		}
		e.Participants[i].Turn.BonusActionUsed = true
		res.say(p.Name + " shakes off the surprise with Feral Instinct, raging at once.")
		return rage(e, res, i, Action{}, src)
	}
	p.Turn.ActionUsed, p.Turn.BonusActionUsed, p.Turn.Movement = true, true, 0
	res.say(p.Name + " is surprised and cannot rage to shake it off: the turn passes.")
	return nil
}

// brutalCritical adds the barbarian's Brutal Critical dice to a melee
// weapon attack's critical hit.
func brutalCritical(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	if req.Kind == rules.MeleeWeapon {
		req.CriticalDice += counter(e.Participants[ai], "brutal_critical_dice")
	}
}

// intimidate is Intimidating Presence on in.TargetID, within 30 feet: a
// creature already frightened by it stays so until the end of the
// berserker's next turn, without a save; any other saves or is
// frightened that long; one that saved is not tried again (24 hours, so
// not in this fight).
func intimidate(e *Encounter, res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	ti, err := e.target(ai, in)
	if err != nil {
		return err
	}
	t := e.Participants[ti]
	until := Until{Round: e.Round + 1, Turn: p.ID, End: true}
	mine := func(id string) func(Effect) bool {
		return func(fx Effect) bool { return fx.ID == id && fx.CasterID == p.ID && fx.TargetID == t.ID }
	}
	switch {
	case in.Distance > 30:
		return refuse(OutOfRange, "action.distance", "Intimidating Presence reaches a creature within 30 ft; %s is %d ft away", t.Name, in.Distance)
	case slices.ContainsFunc(e.Effects, mine(shrugged)):
		return refuse(NotAllowed, "action.target_id", "%s has already shrugged off %s's presence, and will for a day", t.Name, p.Name)
	}
	if k := slices.IndexFunc(e.Effects, mine(cowed)); k >= 0 {
		e.Effects[k].Until = until
		res.say(fmt.Sprintf("%s looms over %s, who stays frightened until the end of %s's next turn.", p.Name, t.Name, p.Name))
		return nil
	}
	if t.Combatant.ConditionImmunities.Has(rules.Frightened) {
		res.say(fmt.Sprintf("%s bellows at %s, who cannot be frightened.", p.Name, t.Name))
		return nil
	}
	dc := 8 + p.Combatant.ProficiencyBonus + p.Combatant.Modifier(rules.Cha)
	sv, err := e.save(res, ti, saveCall{ability: rules.Wis, dc: dc, against: []string{"frightened"},
		reason: "Wisdom saving throw against intimidating presence"}, src)
	if err != nil {
		return err
	}
	res.say(sv.Summary())
	fx := spell.Effect{Spell: "intimidating-presence", CasterID: p.ID, TargetID: t.ID}
	if sv.Success {
		fx.ID, fx.Ends, fx.Note = shrugged, "24 hours", "not frightened by this berserker's presence again today"
		return e.add(res, Effect{Effect: fx}, src)
	}
	cr, err := rules.AddCondition(t.Combatant, rules.Frightened)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	if err := e.apply(cr.Changes); err != nil {
		return err
	}
	res.Changes = append(res.Changes, cr.Changes...)
	fx.ID, fx.Condition, fx.Ends = cowed, rules.Frightened, "the end of the caster's next turn"
	res.say(fmt.Sprintf("%s is frightened of %s until the end of %s's next turn.", t.Name, p.Name, p.Name))
	return e.add(res, Effect{Effect: fx, Until: until}, src)
}

// The effects Intimidating Presence leaves on its target: frightened,
// or having saved.
const (
	cowed    = "intimidating-presence"
	shrugged = "intimidating-presence-shrugged"
)

// retaliationOffer offers Retaliation to a berserker (pi) that attack r
// hurt and left standing, from a creature within 5 feet (engaged with
// it) that still stands.
func retaliationOffer(e Encounter, pi int, r rules.AttackResult) (string, bool) {
	p := e.Participants[pi]
	ai := e.index(r.AttackerID)
	if p.ID != r.TargetID || r.Damage == nil || r.Damage.Taken == 0 || r.Damage.HPAfter <= 0 || ai < 0 || !e.engaged(pi, ai) {
		return "", false
	}
	return ChangesNo, true // it answers the damage; the hit stands
}

// retaliate is Retaliation's melee attack by participant pi at ai, who
// hurt it.
func retaliate(e *Encounter, res *Result, pi, ai, ti int, r rules.AttackResult, src dice.Source) (string, error) {
	p := e.Participants[pi]
	switch {
	case pi != ti || r.Damage == nil || r.Damage.Taken == 0:
		return "", refuse(NotAllowed, "reaction", "Retaliation answers damage the berserker took")
	case !e.engaged(pi, ai):
		return "", refuse(NotAllowed, "reaction", "Retaliation strikes only a creature within 5 ft")
	case p.down() || e.Participants[ai].down():
		return "", nil
	}
	req, err := bestMelee(p)
	if err != nil {
		return "", err
	}
	n := len(res.Attacks)
	if err := e.strike(res, pi, ai, req, src); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s retaliates: %s", p.Name, res.Attacks[n].Summary()), nil
}

func reckless(e *Encounter, res *Result, ai int, _ Action, _ dice.Source) error {
	me := &e.Participants[ai]
	switch {
	case me.Turn.ActionUsed:
		return refuse(NotAllowed, "action.feature", "Reckless Attack is decided before the first attack of a turn")
	case me.Turn.Reckless:
		return refuse(NotAllowed, "action.feature", "%s already attacks recklessly this turn", me.Name)
	}
	me.Turn.Reckless = true
	res.say(me.Name + " attacks recklessly: advantage on Strength melee attacks this turn, and attacks against them have advantage until their next turn.")
	return nil
}

func recklessAdvantage(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	if e.Participants[ai].Turn.Reckless && req.Kind == rules.MeleeWeapon && req.Ability == rules.Str {
		req.Advantage = append(req.Advantage[:len(req.Advantage):len(req.Advantage)], "Reckless Attack")
	}
}

func recklessExposed(e *Encounter, _, ti int, req *rules.AttackRequest) {
	if e.Participants[ti].Turn.Reckless {
		req.Advantage = append(req.Advantage[:len(req.Advantage):len(req.Advantage)], "attacking a reckless foe")
	}
}
