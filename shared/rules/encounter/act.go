package encounter

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The reasons an action is refused: the rules' vocabulary (fault.Reason),
// which fault.ReasonOf reads back from an error.
const (
	NotYourTurn          = fault.NotYourTurn
	InvalidArgs          = fault.InvalidArgs
	ActorStateRestricted = fault.ActorStateRestricted
	OutOfRange           = fault.OutOfRange
	NotAllowed           = fault.NotAllowed
	NoSlot               = fault.NoSlot
)

const actOp = "encounter action"

// refuse is a refusal naming the field at fault.
func refuse(reason fault.Reason, field, format string, args ...any) error {
	return fault.Refuse(actOp, field, reason, format, args...)
}

// The kinds of Action.
const (
	ActionAttack    = "attack"
	ActionDodge     = "dodge"
	ActionDash      = "dash"
	ActionDisengage = "disengage"
	ActionDeathSave = "death_save"
	ActionEndTurn   = "end_turn"
	// ActionLegendary is a legendary monster's action at the end of
	// another creature's turn (LegendaryTurn); never an Act.
	ActionLegendary = "legendary"
	// ActionArea is a monster's area action (a breath weapon), which the
	// monster policy plays; never an Act.
	ActionArea = "area"
)

var actionKinds = map[string]bool{ActionAttack: true, ActionDodge: true, ActionDash: true,
	ActionDisengage: true, ActionDeathSave: true, ActionEndTurn: true, ActionMove: true, ActionFirstAid: true, ActionPotion: true,
	ActionGrapple: true, ActionShove: true, ActionEscape: true}

// Limits DecodeAction enforces.
const (
	maxActionBytes = 4096
	maxNameLength  = 100
	// MaxDistance is the farthest an attack may name, in feet: a mile.
	MaxDistance = 5280
)

// Action is what a participant does on its turn; its JSON matches the
// protocol's intents.
type Action struct {
	Kind     string `json:"kind"`
	TargetID string `json:"target_id,omitempty"`
	// Weapon is, for a character, the SRD weapon (id or name) it attacks
	// with, "unarmed" for an unarmed strike, "" for its best weapon (the
	// best melee one, or ranged one beyond 5 feet; unarmed if it carries
	// none); for a monster, a stat block action's name ("Scimitar",
	// "Multiattack"), "" for what MonsterTurn would use.
	Weapon string `json:"weapon,omitempty"`
	// Distance to the target in feet; 0 lets the attack be made from where
	// it works best (package doc).
	Distance int `json:"distance,omitempty"`
	// ToAreaID is where a move goes: out of the encounter's area, the
	// character leaves the fight; into it, it comes back (Encounter.AreaID).
	ToAreaID string `json:"to_area_id,omitempty"`
	// EndTurn ends the turn after the action.
	EndTurn bool `json:"end_turn,omitempty"`
	// Spell, SlotLevel and TargetIDs are a cast's: the SRD spell (id or
	// name), the slot level (0: the spell's own level) and the
	// participants it targets (TargetID counts as one more).
	Spell     string   `json:"spell,omitempty"`
	SlotLevel int      `json:"slot_level,omitempty"`
	TargetIDs []string `json:"target_ids,omitempty"`
	// Bonus takes the action as a bonus action (bonus.go says which a
	// participant has).
	Bonus bool `json:"bonus,omitempty"`
	// Ongoing, with a cast, uses a spell the caster cast earlier in the
	// fight again (Spiritual Weapon's attack, Call Lightning's bolt)
	// rather than casting it.
	Ongoing bool `json:"ongoing,omitempty"`
	// Choice, with an attack, is the grip of a versatile weapon:
	// OneHanded or TwoHanded ("" holds it in two hands when the other
	// hand is free: weapon.go). With a cast, it is the caster's pick
	// where the spell offers one: the condition Lesser or Greater Restoration ends ("poisoned",
	// "exhaustion"), the damage type Protection from Energy wards against
	// ("fire"), the word Command speaks ("halt"). "" lets the spell take
	// its default. With Magic Weapon,
	// Weapon names the weapon it makes magic (the target's best melee
	// weapon if none).
	Choice string `json:"choice,omitempty"`
	// Item is the potion a potion action drinks or gives (an SRD id).
	Item string `json:"item,omitempty"`
	// Feature is the class feature or racial trait a feature action uses
	// (an SRD id: "rage"); TargetID is whom it is used on, where it is
	// used on someone (Lay on Hands), and Choice what it is used for,
	// where it offers a choice (Step of the Wind's "dash").
	Feature string `json:"feature,omitempty"`
	// With, with a cast, are the class features the caster works into
	// the spell, by id: Metamagic options ("metamagic-twinned-spell", or
	// just "twinned"), Elemental Affinity's resistance, Overchannel
	// (casting.go). Spare are the creatures among its targets the caster
	// spares (Careful Spell, Sculpt Spells).
	With  []string `json:"with,omitempty"`
	Spare []string `json:"spare,omitempty"`
}

// DecodeAction reads an Action from outside input: one JSON object with
// only Action's fields, a known kind, names of at most 100 bytes and a
// distance in 0..MaxDistance. Anything else is a fault.Invalid error naming
// the field.
func DecodeAction(b []byte) (Action, error) {
	const op = "decode action"
	if len(b) > maxActionBytes {
		return Action{}, fault.Field(op, "action", "is %d bytes; at most %d are allowed", len(b), maxActionBytes)
	}
	var a Action
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return Action{}, fault.Field(op, "action", "is not a valid action object")
	}
	if _, err := dec.Token(); err != io.EOF {
		return Action{}, fault.Field(op, "action", "has data after the object")
	}
	switch {
	case !actionKinds[a.Kind] && !moreKinds[a.Kind]:
		return Action{}, fault.Field(op, "action.kind", "must be attack, cast, feature, move, dodge, dash, disengage, hide, second_wind, first_aid, potion, grapple, shove, escape, death_save or end_turn")
	case len(a.TargetID) > maxNameLength:
		return Action{}, fault.Field(op, "action.target_id", "is longer than %d bytes", maxNameLength)
	case len(a.Weapon) > maxNameLength:
		return Action{}, fault.Field(op, "action.weapon", "is longer than %d bytes", maxNameLength)
	case len(a.ToAreaID) > maxNameLength:
		return Action{}, fault.Field(op, "action.to_area_id", "is longer than %d bytes", maxNameLength)
	case len(a.Item) > maxNameLength:
		return Action{}, fault.Field(op, "action.item", "is longer than %d bytes", maxNameLength)
	case len(a.Feature) > maxNameLength:
		return Action{}, fault.Field(op, "action.feature", "is longer than %d bytes", maxNameLength)
	case a.Kind == ActionFeature && a.Feature == "":
		return Action{}, fault.Field(op, "action.feature", "is required to use a feature")
	case a.Distance < 0 || a.Distance > MaxDistance:
		return Action{}, fault.Field(op, "action.distance", "must be between 0 and %d feet", MaxDistance)
	case a.Kind == ActionAttack && a.TargetID == "":
		return Action{}, fault.Field(op, "action.target_id", "is required for an attack")
	}
	if err := decodeMore(a); err != nil {
		return Action{}, err
	}
	return a, nil
}

// Result is one action (or monster turn) as resolved: every roll and
// change in order, the attacks and death save made, and whether the turn
// ended and who is up.
type Result struct {
	rules.Log
	ActorID string               `json:"actor_id"`
	Actor   string               `json:"actor"`
	Kind    string               `json:"kind"`
	Round   int                  `json:"round"`
	Attacks []rules.AttackResult `json:"attacks,omitempty"`
	// Saves are the saving throws the fight asked for in the action
	// (save.go), each as it stood once its reactions were played.
	Saves     []rules.SaveResult     `json:"saves,omitempty"`
	DeathSave *rules.DeathSaveResult `json:"death_save,omitempty"`
	TurnEnded bool                   `json:"turn_ended,omitempty"`
	// NextID is the participant whose turn it is after the action.
	NextID string `json:"next_id,omitempty"`
	// Decided is the encounter's Decided after the action; Outcome is set
	// when the action ended the encounter (conclude), as Decided was.
	Decided string `json:"decided,omitempty"`
	Outcome string `json:"outcome,omitempty"`
	Text    string `json:"summary"`
	// Openings are the points of a monster's turn where characters may
	// react, and Applied the reactions taken (MonsterTurnWith).
	Openings []Opening `json:"openings,omitempty"`
	Applied  []Applied `json:"applied,omitempty"`
	// Cast is the spell a cast action cast; Ended the lasting effects
	// that ended during the action (effects.go).
	Cast  *spell.Result `json:"cast,omitempty"`
	Ended []Effect      `json:"effects_ended,omitempty"`
	// Moved says the actor moved away (ActionMove) and was still on its
	// feet once the opportunity attacks it drew were made.
	Moved bool `json:"moved,omitempty"`

	moments int // the moments a reaction may answer so far (moment)
}

// Summary tells the action in a few sentences: "Mira hits Goblin 1 with a
// longsword (17 vs AC 15) for 8 slashing damage; Goblin 1 drops to 0 HP and
// dies. Goblin 2 is up."
func (r Result) Summary() string { return r.Text }

func (r *Result) say(s string) {
	if r.Text != "" {
		r.Text += " "
	}
	r.Text += s
}

// Act has the participant actorID, whose turn it is, take an action:
// attack (a character with a weapon, a monster with a named action or
// Multiattack), dodge, dash or disengage (each uses the turn's action),
// move (a character leaves everyone's reach: reach.go; to another area
// than the encounter's, it leaves the fight), first_aid (aid.go),
// death_save (a dying character's turn, which the caller plays for it:
// Forced; it ends the turn unless a natural 20 revives it), or end_turn.
// Attacks go through rules.Attack and rules.TakeDamage. Casting, Hide,
// Second Wind and bonus actions are cast.go's and bonus.go's (actMore).
// An action that decides the fight ends the encounter (conclude).
//
// A refusal changes nothing and is a fault.Invalid error whose Reason is
// NotYourTurn, InvalidArgs (unknown kind, target or weapon), OutOfRange,
// ActorStateRestricted (dead, dying, incapacitated or at 0 HP) or
// NotAllowed (the action already used, a dead target, a weapon not carried,
// an ended encounter, a fight the actor has left). Anything else is a
// fault.Internal error.
func Act(e Encounter, actorID string, in Action, src dice.Source) (Encounter, Result, error) {
	return ActWith(e, actorID, in, src, Reactions{})
}

// ActWith is Act with the choices its actor makes when its attacks hit
// (Divine Smite, Stunning Strike: features used on a hit, features.go):
// it plays the action with rs.Taken, each answering one of its attack
// rolls, and lists in Result.Openings every hit a choice could still
// answer, as MonsterTurnWith does for reactions. Played again with the
// same src and more choices, every roll up to the first attack answered
// is the same.
func ActWith(e Encounter, actorID string, in Action, src dice.Source, rs Reactions) (Encounter, Result, error) {
	if e.Status != Active {
		return e, Result{}, refuse(NotAllowed, "encounter", "the encounter has ended")
	}
	ai := e.index(actorID)
	if ai < 0 {
		return e, Result{}, refuse(InvalidArgs, "actor_id", "no participant %q", truncate(actorID, 60))
	}
	// The actor's state first: the dead, the dying and the downed can
	// take none of it whoever's turn it is, and are told why.
	p := e.Participants[ai]
	if err := restricted(p, in.Kind); err != nil {
		return e, Result{}, err
	}
	switch {
	case actorID != e.Current:
		cur, _ := e.Participant(e.Current)
		return e, Result{}, refuse(NotYourTurn, "actor_id", "it is %s's turn", cur.Name)
	case !actionKinds[in.Kind] && !moreKinds[in.Kind]:
		return e, Result{}, refuse(InvalidArgs, "action.kind", "unknown action %q", truncate(in.Kind, 40))
	}
	if err := e.misty(ai, in.Kind); err != nil {
		return e, Result{}, err
	}
	if in.Bonus || moreKinds[in.Kind] {
		return actMore(e, ai, in, src, rs)
	}
	switch in.Kind {
	case ActionAttack, ActionDodge, ActionDash, ActionDisengage:
		if p.Turn.ActionUsed {
			return e, Result{}, refuse(NotAllowed, "action.kind", "%s has already taken an action this turn", p.Name)
		}
	}

	if in.Kind == ActionAttack && p.Kind == KindCharacter && p.Form == nil && in.Weapon == "" {
		in.Weapon = bestWeapon(p, in.Distance > 5, false)
	}
	out := e.clone()
	res := Result{ActorID: p.ID, Actor: p.Name, Kind: in.Kind, Round: out.Round}
	before := out.Decided()
	end := in.EndTurn
	me := &out.Participants[ai]
	switch in.Kind {
	case ActionAttack:
		if err := out.attack(&res, ai, in, src, rs); err != nil {
			return e, Result{}, err
		}
		out.attacked(ai, in)
	case ActionDodge:
		me.Turn.ActionUsed, me.Combatant.Dodging = true, true
		res.say(p.Name + " takes the Dodge action.")
	case ActionDash:
		me.Turn.ActionUsed, me.Turn.Dashed = true, true
		me.Turn.Movement += me.Combatant.CurrentSpeed()
		res.say(fmt.Sprintf("%s takes the Dash action (%d ft of movement this turn).", p.Name, me.Turn.Movement))
	case ActionDisengage:
		me.Turn.ActionUsed, me.Turn.Disengaged = true, true
		res.say(p.Name + " takes the Disengage action.")
	case ActionDeathSave:
		var adv []string
		if out.holds(me.ID, "beacon-of-hope") {
			adv = []string{"Beacon of Hope"}
		}
		r, err := rules.DeathSaveWith(me.Combatant, adv, nil, src)
		if err != nil {
			return e, Result{}, fault.Wrap(fault.Internal, actOp, err)
		}
		if err := out.apply(r.Changes); err != nil {
			return e, Result{}, err
		}
		res.Rolls, res.Changes = r.Rolls, r.Changes
		res.DeathSave = &r
		res.say(r.Summary())
		end = end || !r.Revived
	case ActionMove:
		if err := out.move(&res, ai, in.ToAreaID, src); err != nil {
			return e, Result{}, err
		}
	case ActionFirstAid:
		if err := out.aid(&res, ai, in, src); err != nil {
			return e, Result{}, err
		}
	case ActionPotion:
		if err := out.potion(&res, ai, in, src); err != nil {
			return e, Result{}, err
		}
	case ActionGrapple, ActionShove:
		if err := out.grab(&res, ai, in, src); err != nil {
			return e, Result{}, err
		}
	case ActionEscape:
		if err := out.escape(&res, ai, src); err != nil {
			return e, Result{}, err
		}
	case ActionEndTurn:
		res.say(p.Name + " ends the turn.")
		end = true
	}
	if err := out.finish(&res, before, end, src); err != nil {
		return e, Result{}, err
	}
	return out, res, nil
}

// restricted refuses what the actor's state forbids. A dying character's
// turn is its death saving throw, which the caller rolls for it (Forced):
// whatever its player asks is refused, never turned into the save.
func restricted(p Participant, kind string) error {
	c := p.Combatant
	switch {
	case p.Defeated:
		return refuse(ActorStateRestricted, "actor_id", "%s is dead", p.Name)
	case c.Dying():
		if kind != ActionDeathSave {
			return refuse(ActorStateRestricted, "action.kind", "%s is unconscious and dying: the turn is a death saving throw, which the rules roll", p.Name)
		}
	case kind == ActionDeathSave:
		return refuse(NotAllowed, "action.kind", "%s is not dying", p.Name)
	case c.HP <= 0 || c.Incapacitated():
		if kind != ActionEndTurn {
			return refuse(ActorStateRestricted, "action.kind", "%s is %s and can only end the turn", p.Name, disabledBy(p))
		}
	case p.Left && (kind == ActionAttack || kind == ActionCast || kind == ActionFirstAid):
		return refuse(NotAllowed, "action.kind", "%s has left the fight: move back to it to fight", p.Name)
	}
	return nil
}

// Forced is the action the rules take on the current participant's turn
// when a character there has no choice to make: a dying one makes its
// death saving throw; one that cannot act (at 0 HP and stable, or
// incapacitated: paralyzed, stunned, asleep) ends its turn. It is false
// for a character that can act, a monster (MonsterTurn plays it) and an
// ended encounter. The caller plays it at once, present player or not,
// so no turn waits on a participant who cannot act.
func (e Encounter) Forced() (Action, bool) {
	p, ok := e.Participant(e.Current)
	if e.Status != Active || !ok || p.Kind != KindCharacter || p.Summoned || p.Defeated {
		return Action{}, false
	}
	c := p.Combatant
	switch {
	case c.Dying():
		return Action{Kind: ActionDeathSave, EndTurn: true}, true
	case c.HP <= 0 || c.Incapacitated():
		return Action{Kind: ActionEndTurn, EndTurn: true}, true
	}
	return Action{}, false
}

// disabledBy names why a participant that is not dying cannot act.
func disabledBy(p Participant) string {
	for _, c := range []string{"unconscious", "paralyzed", "petrified", "stunned", "incapacitated"} {
		for _, have := range p.Conditions {
			if have == c {
				return c
			}
		}
	}
	return "down"
}

// attack resolves an attack action against in.TargetID.
func (e *Encounter) attack(res *Result, ai int, in Action, src dice.Source, rs Reactions) error {
	if in.TargetID == "" {
		return refuse(InvalidArgs, "action.target_id", "name the target")
	}
	ti := e.index(in.TargetID)
	actor := e.Participants[ai]
	switch {
	case ti < 0:
		return refuse(InvalidArgs, "action.target_id", "no participant %q", truncate(in.TargetID, 60))
	case ti == ai:
		return refuse(InvalidArgs, "action.target_id", "%s can't attack itself", actor.Name)
	case e.Participants[ti].Defeated:
		return refuse(NotAllowed, "action.target_id", "%s is already dead", e.Participants[ti].Name)
	case e.elsewhere(e.Participants[ti].ID):
		return refuse(NotAllowed, "action.target_id", "%s", e.unreachable(ti))
	case e.shutIn(ai) != "":
		return refuse(NotAllowed, "action.target_id", "%s", e.shutIn(ai))
	case in.Distance < 0 || in.Distance > MaxDistance:
		return refuse(InvalidArgs, "action.distance", "must be between 0 and %d feet", MaxDistance)
	}
	var reqs []rules.AttackRequest
	var acts []srd.Action                                 // a monster's stat block attack of each request
	var shot srd.Weapon                                   // whose ammunition each attack spends (shoot)
	if actor.Kind == KindCharacter && actor.Form == nil { // a druid in a beast's shape attacks as the beast
		req, err := weaponAttack(actor, in.Weapon, in.Distance, in.Choice)
		if err != nil {
			return err
		}
		if dice, ok := sneakDice(actor, in.Weapon, req); ok {
			req.Sneak = &rules.SneakAttack{Dice: dice, AllyAdjacent: e.besides(ai, ti)}
		}
		n := max(attacksPerAction(actor.Class, actor.Combatant.Level), e.featureAttacks(ai, req))
		if w, ok := lookupWeapon(in.Weapon); ok {
			n, shot = loads(res, actor, w, n), w
		}
		if err := aimable(actor, shot, in.Item); err != nil { // items_ammo.go
			return err
		}
		for range n {
			reqs = append(reqs, req)
		}
	} else {
		plan, err := monsterPlan(actor, in.Weapon, &res.Log, src)
		if err != nil {
			return err
		}
		e.spendRecharge(ai, plan)
		for _, a := range plan {
			req, err := monsterRequest(e.inState(ai, a), in.Distance, actor.hurt()) // hindrances.go
			if err != nil {
				return err
			}
			e.packTactics(ai, ti, &req)
			reqs = append(reqs, req)
			acts = append(acts, a)
		}
	}
	if why := e.barred(ai, ti, len(reqs) > 0 && !reqs[0].Kind.Ranged()); why != "" {
		return refuse(NotAllowed, "action.target_id", "%s", why) // a wall, a shell, the air (spells_realms.go)
	}
	e.Participants[ai].Turn.ActionUsed = true
	reqs = oneIfSlowed(e, res, ai, reqs)
	switch {
	case len(reqs) == 0 || reqs[0].Kind.Ranged():
	case actor.Kind == KindCharacter:
		if ok, err := e.approachedBy(res, ai, ti, src); err != nil || !ok {
			return err
		}
	default:
		e.runAt(ai, ti) // a monster the caller plays: its policy's moves are MonsterTurn's
	}
	for j, req := range reqs {
		if e.Participants[ti].Defeated {
			break
		}
		if e.Participants[ai].Turn.SneakUsed {
			req.Sneak = nil // once a turn
		}
		if spared, err := e.spared(res, ai, ti, src); err != nil || spared {
			if err != nil {
				return err
			}
			continue // the attack is lost
		}
		if actor.Kind == KindCharacter {
			if !e.shoot(res, ai, shot) {
				break
			}
			at := len(res.Attacks)
			if err := e.strikeWith(res, ai, ti, e.nock(res, ai, shot, in.Item, req), src, rs); err != nil {
				return err
			}
			e.loosed(res, ai, at) // items_ammo.go
			if res.Attacks[len(res.Attacks)-1].Sneak {
				e.Participants[ai].Turn.SneakUsed = true
			}
			continue
		}
		if err := e.strike(res, ai, ti, req, src); err != nil {
			return err
		}
		if j < len(acts) {
			if err := e.afterHit(res, rs, ai, ti, acts[j], res.Attacks[len(res.Attacks)-1], src); err != nil {
				return err
			}
		}
	}
	return nil
}

// strike makes one attack roll and applies what it did.
func (e *Encounter) strike(res *Result, ai, ti int, req rules.AttackRequest, src dice.Source) (err error) {
	r, err := e.attackWith(res, ai, ti, req, src)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	if err := e.apply(r.Changes); err != nil {
		return err
	}
	if r.Damage != nil {
		e.Participants[ai].Stats.AttacksHit++
		e.credit(ai, ti, *r.Damage)
		if r.Damage.Dropped && r.TargetID == e.Participants[ti].ID {
			defer func() {
				if err == nil {
					err = e.featuresDown(res, ai, ti, src)
				}
			}()
		}
	} else {
		e.Participants[ai].Stats.AttacksMissed++
	}
	res.Rolls = append(res.Rolls, r.Rolls...)
	res.Changes = append(res.Changes, r.Changes...)
	res.Attacks = append(res.Attacks, r)
	res.say(r.Summary())
	if r.Damage != nil && r.TargetID == e.Participants[ti].ID {
		if err := e.featuresDamaged(res, ti, *r.Damage, src); err != nil {
			return err
		}
	}
	if err := e.featuresDropped(res, src); err != nil {
		return err
	}
	if err := e.spendReserved(res, ai, r.Reserved); err != nil {
		return err
	}
	e.featuresAttackDone(res, ai, ti, r)
	if err := e.woundWith(res, ai, ti, req, r, src); err != nil { // a Sword of Wounding (items_wounding.go)
		return err
	}
	if r.Hit && r.TargetID != e.Participants[ti].ID {
		// A Mirror Image duplicate took the blow.
		if err := e.shatter(res, ti); err != nil {
			return err
		}
	}
	if r.Hit && r.TargetID == e.Participants[ti].ID && !r.Kind.Ranged() {
		if err := e.flash(res, ai, ti, src); err != nil {
			return err
		}
		for _, f := range e.Participants[ti].featureHooks() {
			if f.struck != nil {
				if err := f.struck(e, res, ai, ti, src); err != nil {
					return err
				}
			}
		}
	}
	if err := e.boonsStruck(res, ai, ti, req, r, src); err != nil { // Branding Smite, Fire Shield
		return err
	}
	// Invisibility and Sanctuary end for a creature that attacks.
	return e.reveal(res, ai, attacked, true)
}

// credit adds damage participant ai dealt participant ti (ai -1: no one)
// to both's statistics, and a kill to ai's.
func (e *Encounter) credit(ai, ti int, d rules.DamageResult) {
	e.Participants[ti].Stats.DamageTaken += d.Taken
	if ai < 0 {
		return
	}
	e.Participants[ai].Stats.DamageDealt += d.Taken
	e.fromInside(ai, ti, d.Taken) // a swallower's regurgitation counts it (swallow.go)
	if d.Died {
		e.Participants[ai].Stats.Kills++
	}
}

// heal gives participant ti the healing x rolls and keeps its changes in
// res, and its rolls when x has dice (a fixed amount is no roll); the
// reason, when given, names them.
func (e *Encounter) heal(res *Result, ti int, x dice.Expr, reason string, src dice.Source) (rules.HealResult, error) {
	h, err := rules.Heal(e.Participants[ti].Combatant, x, src)
	if err != nil {
		return h, fault.Wrap(fault.Internal, actOp, err)
	}
	if err := e.apply(h.Changes); err != nil {
		return h, err
	}
	if reason != "" {
		for i := range h.Rolls {
			h.Rolls[i].Reason = reason
		}
	}
	if x.Min() != x.Max() {
		res.Rolls = append(res.Rolls, h.Rolls...)
	}
	res.Changes = append(res.Changes, h.Changes...)
	return h, nil
}

// apply makes changes to the participants they name.
func (e *Encounter) apply(changes []rules.Change) error {
	for i := range e.Participants {
		p := &e.Participants[i]
		touched := false
		for _, ch := range changes {
			if ch.TargetID == p.ID {
				touched = true
				break
			}
		}
		if !touched {
			continue
		}
		c, err := p.Combatant.Apply(changes)
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		p.Combatant = c
		p.sync()
	}
	return nil
}

// finish ends the turn if asked, notes a decided fight and logs the
// action. Lasting effects end as their time comes (effects.go). A fight
// decided by the action, or at the start of the next turn, ends there
// (conclude): no new turn begins.
func (e *Encounter) finish(res *Result, before string, endTurn bool, src dice.Source) error {
	if i := e.index(res.ActorID); i >= 0 {
		e.slowed(i)
	}
	if err := e.timeResumes(res); err != nil {
		return err
	}
	// A blow that was no attack (a spell, a breath) drops its targets
	// here.
	if err := e.featuresDropped(res, src); err != nil {
		return err
	}
	if err := e.lapse(res); err != nil {
		return err
	}
	if err := e.crawlOut(res, false); err != nil { // its swallower died this turn
		return err
	}
	if err := e.ridersLapse(res); err != nil {
		return err
	}
	if endTurn {
		if err := e.turnEnds(res, src); err != nil {
			return err
		}
	}
	res.Decided = e.Decided()
	e.tellDecided(res, before)
	if endTurn {
		res.TurnEnded = true
	}
	if endTurn && res.Decided == "" {
		e.oweLegendary(e.Current)
		next := e.clone()
		if next.stopTime(res) || next.advance(e.place()) {
			*e = next
			p, _ := e.Participant(e.Current)
			if e.Round != res.Round {
				res.say(fmt.Sprintf("Round %d begins: %s is up.", e.Round, p.Name))
			} else {
				res.say(p.Name + " is up.")
			}
			if err := e.turnStarts(res, src); err != nil {
				return err
			}
			res.Decided = e.Decided()
			e.tellDecided(res, "")
		} else {
			res.say("No one is left to take a turn.")
		}
	}
	if res.Decided != "" {
		if err := e.conclude(res, res.Decided, src); err != nil {
			return err
		}
	}
	res.NextID = e.Current
	e.log(res.Round, res.ActorID, res.Text)
	return nil
}

// tellDecided says how the fight stands when the action changed it.
func (e Encounter) tellDecided(res *Result, before string) {
	switch {
	case res.Decided == before:
	case res.Decided == "victory":
		res.say("All the monsters are defeated.")
	case res.Decided == "defeat" && e.toTheDeath():
		res.say("All the characters are dead.")
	case res.Decided == "defeat":
		res.say("All the characters are down.")
	}
}
