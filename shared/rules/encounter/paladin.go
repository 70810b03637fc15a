package encounter

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The paladin's features in a fight.
//
// The auras (Protection, Devotion, Courage) reach "friendly creatures
// within 10 feet" (30 from 18th level) while the paladin is conscious.
// The fight keeps no distances inside its area, so the engine reads an
// aura as reaching the paladin and every other character where the fight
// is (not one that has left it or is on another plane), whatever its
// state, for as long as the paladin is conscious and there itself: a
// party fights together, and the table can keep its paladin near. Each
// aura is reckoned when it matters (a save, a spell cast at a creature),
// so it starts and stops with the paladin's consciousness, with nothing
// to keep up to date. Auras of the same name from two paladins do not
// add up: the best counts.
var paladinFeatures = map[string]classFeature{
	"paladin-extra-attack": {where: "weapon.go: attacksPerAction"},
	// Divine Sense: an action, from its uses: the celestials, fiends and
	// undead where the fight is, by kind. Which of them is which is told
	// by name, since the table sees them all; knowing them apart, and
	// hallowed places, are the narrator's.
	"divine-sense": {use: divineSense},
	// Lay on Hands: an action on a touched creature, not undead nor a
	// construct: hit points from the pool (Action.Choice: how many; ""
	// as many as it lacks, as far as the pool goes), or 5 of the pool to
	// end a poison ("poison": the poisoned condition and the spells that
	// give it, Contagion aside) or a disease ("disease": Contagion, the
	// engine's one). The fight spends one point of the pool by the data
	// (the least a use takes); the rest is spent here.
	"lay-on-hands": {use: layOnHands},
	// Divine Smite: on a melee weapon hit, a spell slot the paladin
	// picks, offered one name per slot level it has left
	// ("divine-smite:2"; the bare id takes the lowest): 2d8 radiant for a
	// 1st-level slot, 1d8 more each level above, at most 5d8, and 1d8
	// more on an undead or a fiend. The dice ride on the attack's damage,
	// so a critical hit doubles them. A choice per level, rather than the
	// lowest slot always, is the paladin's real decision: a big smite on
	// a critical hit or a foe about to fall.
	"divine-smite": {onHit: &onHit{offer: smiteOffered, choices: smiteSlots, pick: smite}},
	// Divine Health: immune to disease, which the engine keeps as
	// Contagion's only.
	"divine-health": {where: "spell/features.go: Contagion passes a creature with Divine Health by"},
	// Sacred Weapon: an action, from Channel Divinity: for a minute the
	// weapon named (Action.Weapon; else the best melee weapon it
	// carries) adds the Charisma modifier, at least +1, to attack rolls
	// made with it, and is magical. It ends as the next turn begins after
	// the paladin falls unconscious (or at 0 hit points), before anyone
	// can heal it back up.
	"channel-divinity-sacred-weapon": {use: sacredWeapon, attack: sacredAim, magical: sacredMagic, anyTurnStarts: sacredLapses},
	// Turn the Unholy: Turn Undead's rule (cleric.go) for fiends and
	// undead, against the paladin's spell save DC, destroying none.
	"channel-divinity-turn-the-unholy": {use: turnTheUnholy, anyTurnStarts: turnedFlee("channel-divinity-turn-the-unholy")},
	// Aura of Protection: the Charisma modifier, at least +1, on every
	// saving throw the fight asks of those the aura reaches (saveMods:
	// spells, repeated saves, breath weapons, an attack's riders). The
	// concentration and death saves the core rules make without the
	// fight are left out.
	"aura-of-protection": {saves: auraOfProtection},
	// Aura of Devotion and Aura of Courage: those the aura reaches can't
	// be charmed, frightened, by a spell cast at them. A condition
	// already on a creature when it comes into the aura stays.
	"aura-of-devotion": {targeted: auraImmunity("aura-of-devotion", rules.Charmed)},
	"aura-of-courage":  {targeted: auraImmunity("aura-of-courage", rules.Frightened)},
	// Improved Divine Smite: 1d8 radiant more on every hit with a melee
	// weapon (not an unarmed strike), beside any Divine Smite.
	"improved-divine-smite": {attack: improvedSmite},
	// Cleansing Touch: an action, from its uses: one spell on the paladin
	// or a character it touches ends there (Action.Choice: the spell, by
	// id or name; "" the first a foe cast on it, or else the first).
	"cleansing-touch": {use: cleansingTouch},
	// Purity of Spirit: protection from evil and good, always: the kinds
	// it wards against attack the paladin with disadvantage, and their
	// spells can't charm or frighten it.
	"purity-of-spirit": {attacked: purityWards, targeted: purityShields},
	// Holy Nimbus: an action, once a long rest: for a minute each foe
	// where the fight is takes 10 radiant damage as its turn starts (the
	// light's 30 feet read as the whole fight, as the auras are), and the
	// paladin has advantage on saves against spells fiends and undead
	// cast.
	"holy-nimbus": {use: holyNimbus, anyTurnStarts: nimbusBurns, targeted: nimbusShields},
}

// The effects paladin features leave on creatures.
const (
	sacredWeaponID = "sacred-weapon"
	holyNimbusID   = "holy-nimbus"
)

// charismaBonus is the Charisma modifier a paladin's feature adds: at
// least +1.
func charismaBonus(p Participant) int { return max(p.Combatant.Modifier(rules.Cha), 1) }

// conscious reports whether participant i is up and aware, as an aura
// needs its paladin: above 0 hit points, not unconscious, where the
// fight is.
func (e Encounter) conscious(i int) bool {
	p := e.Participants[i]
	return !p.down() && !p.Combatant.Conditions.Has(rules.Unconscious) && !e.elsewhere(p.ID)
}

// inAura reports whether participant i is within the aura of paladin o:
// o conscious, and i o itself or one of its side where the fight is (the
// reading the file's comment gives).
func (e Encounter) inAura(o, i int) bool {
	if !e.conscious(o) {
		return false
	}
	p, t := e.Participants[o], e.Participants[i]
	return o == i || (t.Kind == p.Kind && !t.Defeated && !e.elsewhere(t.ID))
}

// bestAura is the paladin whose aura id reaches participant i with the
// best Charisma bonus (the first of them on a tie), -1 if none does.
func (e Encounter) bestAura(id string, i int) int {
	best := -1
	for o, p := range e.Participants {
		if slices.Contains(p.Combatant.Features, id) && e.inAura(o, i) && (best < 0 || charismaBonus(p) > charismaBonus(e.Participants[best])) {
			best = o
		}
	}
	return best
}

func auraOfProtection(e Encounter, o, i int, _ rules.Ability) ([]campaign.Term, []string) {
	if e.bestAura("aura-of-protection", i) != o {
		return nil, nil
	}
	return []campaign.Term{{Value: charismaBonus(e.Participants[o]), Source: "Aura of Protection", Kind: campaign.TermFeature}}, nil
}

// auraImmunity is an aura (feature id) that makes those it reaches
// immune to condition c as a spell reaches them.
func auraImmunity(id string, c rules.Condition) func(Encounter, int, int, int, srd.Spell, *rules.Combatant, *spell.Options) {
	return func(e Encounter, o, _, ti int, _ srd.Spell, target *rules.Combatant, _ *spell.Options) {
		if e.bestAura(id, ti) == o {
			target.ConditionImmunities = target.ConditionImmunities.With(c)
		}
	}
}

func divineSense(e *Encounter, res *Result, ai int, _ Action, _ dice.Source) error {
	p := e.Participants[ai]
	found := map[string][]string{}
	for _, t := range e.Participants {
		if (t.Type == "celestial" || t.Type == "fiend" || t.Type == "undead") && !t.Defeated && !e.elsewhere(t.ID) {
			found[t.Type] = append(found[t.Type], t.Name)
		}
	}
	if len(found) == 0 {
		res.say(p.Name + " opens their awareness: no celestial, fiend or undead is near.")
		return nil
	}
	var parts []string
	for _, kind := range []string{"celestial", "fiend", "undead"} {
		if names := found[kind]; len(names) > 0 {
			parts = append(parts, kind+" ("+strings.Join(names, ", ")+")")
		}
	}
	res.say(p.Name + " opens their awareness and senses, until the end of their next turn: " + strings.Join(parts, "; ") + ".")
	return nil
}

// The pool Lay on Hands draws on, and what a cure costs of it.
const (
	layOnHandsID = "lay-on-hands"
	cureCost     = 5
)

func layOnHands(e *Encounter, res *Result, ai int, in Action, src dice.Source) error {
	f, _ := srd.LookupFeature(layOnHandsID)
	p := e.Participants[ai]
	ti, err := e.touched(ai, in.TargetID, "Lay on Hands")
	if err != nil {
		return err
	}
	t := e.Participants[ti]
	if t.Type == "undead" || t.Type == "construct" {
		return refuse(NotAllowed, "action.target_id", "Lay on Hands has no effect on %s, and %s is %s", plurals([]string{"undead", "construct"}), t.Name, aType(t.Type))
	}
	// The fight has spent the one point a use takes at least.
	left := p.left(layOnHandsID) + 1
	switch choice := strings.ToLower(strings.TrimSpace(in.Choice)); choice {
	case "poison", "poisoned", "disease":
		if left < cureCost {
			return refuse(NotAllowed, "action.choice", "ending a %s takes %d of Lay on Hands' pool, and %s has %d left", strings.TrimSuffix(choice, "ed"), cureCost, p.Name, left)
		}
		if err := e.cure(res, ti, choice == "disease", "Lay on Hands"); err != nil {
			return err
		}
		return e.spendPool(ai, f, cureCost-1)
	default:
		lacks := t.Combatant.CurrentMaxHP() - t.Combatant.HP
		n := min(lacks, left)
		if choice != "" {
			asked, err := strconv.Atoi(choice)
			switch {
			case err != nil || asked < 1:
				return refuse(InvalidArgs, "action.choice", "Lay on Hands takes a number of hit points, or poison or disease")
			case asked > left:
				return refuse(NotAllowed, "action.choice", "%s has %d hit points left in the pool of Lay on Hands", p.Name, left)
			}
			n = min(asked, lacks)
		}
		if lacks <= 0 {
			return refuse(NotAllowed, "action.target_id", "%s is at full hit points", t.Name)
		}
		h, err := e.heal(res, ti, flat(n), "", src)
		if err != nil {
			return err
		}
		res.say(fmt.Sprintf("%s lays hands on %s (%d of the pool). %s", p.Name, t.Name, n, h.Summary()))
		return e.spendPool(ai, f, n-1)
	}
}

// touched is the participant a touch by participant ai reaches: the one
// it names (itself when "" ), alive and where the fight is.
func (e Encounter) touched(ai int, id, what string) (int, error) {
	if id == "" {
		return ai, nil
	}
	ti := e.index(id)
	switch {
	case ti < 0:
		return -1, refuse(InvalidArgs, "action.target_id", "no participant %q", truncate(id, 60))
	case e.Participants[ti].Defeated:
		return -1, refuse(NotAllowed, "action.target_id", "%s is dead: %s can't help", e.Participants[ti].Name, what)
	case ti != ai && (e.elsewhere(id) || e.Participants[ai].Left):
		return -1, refuse(OutOfRange, "action.target_id", "%s is out of reach", e.Participants[ti].Name)
	}
	return ti, nil
}

// cure ends a poison on participant ti (the spells that poison it, but
// Contagion, or a poisoned condition nothing holds), or with disease its
// disease (Contagion), as by would: refused when it has none.
func (e *Encounter) cure(res *Result, ti int, disease bool, by string) error {
	t := e.Participants[ti]
	ails := func(fx Effect) bool {
		return fx.TargetID == t.ID && (fx.Spell == "contagion") == disease && (disease || fx.Condition == rules.Poisoned)
	}
	held := slices.ContainsFunc(e.Effects, ails)
	// A poisoned condition no effect holds is a poison too (a bite's).
	loose := !disease && t.Combatant.Conditions.Has(rules.Poisoned) &&
		!slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == t.ID && fx.Condition == rules.Poisoned })
	switch {
	case disease && !held:
		return refuse(NotAllowed, "action.choice", "%s has no disease", t.Name)
	case !held && !loose:
		return refuse(NotAllowed, "action.choice", "%s has no poison to end", t.Name)
	}
	what := "poison"
	if disease {
		what = "disease"
	}
	res.say(fmt.Sprintf("%s ends the %s in %s.", by, what, t.Name))
	if err := e.endWhere(res, func(fx Effect) string {
		if ails(fx) {
			return by
		}
		return ""
	}); err != nil {
		return err
	}
	if !loose {
		return nil
	}
	_, err := e.uncondition(res, ti, rules.Poisoned)
	return err
}

// smiteOffered: a melee weapon attack that hit, by a paladin with a spell
// slot left.
func smiteOffered(e Encounter, ai, _ int, r rules.AttackResult) bool {
	return r.Kind == rules.MeleeWeapon && lowestSlot(e.Participants[ai].Combatant) > 0
}

// smiteSlots are the slot levels the paladin has a slot of.
func smiteSlots(e Encounter, ai, _ int, _ rules.AttackResult) []string {
	var out []string
	for i, s := range e.Participants[ai].Combatant.SpellSlots {
		if s.Used < s.Max {
			out = append(out, strconv.Itoa(i+1))
		}
	}
	return out
}

// smiteDice is Divine Smite's d8s with a slot of level on a target of
// kind: two, one more a level above 1st, at most five, and one more on an
// undead or a fiend.
func smiteDice(level int, kind string) int {
	n := min(1+level, 5)
	if kind == "undead" || kind == "fiend" {
		n++
	}
	return n
}

func smite(e *Encounter, res *Result, ai, ti int, choice string, req *rules.AttackRequest) error {
	p := e.Participants[ai]
	level := lowestSlot(p.Combatant)
	if choice != "" {
		n, err := strconv.Atoi(choice)
		if err != nil || n < 1 || n > len(p.Combatant.SpellSlots) {
			return refuse(InvalidArgs, "reaction", "Divine Smite takes a slot level, 1 to 9: %q", truncate(choice, 20))
		}
		level = n
	}
	if level == 0 || p.Combatant.SpellSlots[level-1].Used >= p.Combatant.SpellSlots[level-1].Max {
		return refuse(NoSlot, "reaction", "%s has no spell slot of level %d left for Divine Smite", p.Name, level)
	}
	if err := e.spendSlot(res, ai, level); err != nil {
		return err
	}
	n := smiteDice(level, e.Participants[ti].Type)
	x, err := dice.Parse(strconv.Itoa(n) + "d8")
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	req.Damage = append(slices.Clip(req.Damage), rules.DamageRoll{Dice: x, Type: rules.Radiant})
	res.say(fmt.Sprintf("%s smites with a level %d slot: %dd8 radiant more.", p.Name, level, n))
	return nil
}

func improvedSmite(_ *Encounter, _, _ int, req *rules.AttackRequest) {
	if req.Kind != rules.MeleeWeapon || req.Weapon == unarmed || len(req.Damage) == 0 {
		return
	}
	req.Damage = append(slices.Clip(req.Damage), rules.DamageRoll{Dice: dice.MustParse("1d8"), Type: rules.Radiant})
}

func sacredWeapon(e *Encounter, res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	id := bestWeapon(p, false, true)
	if in.Weapon != "" {
		w, ok := lookupWeapon(in.Weapon)
		if !ok || !slices.Contains(p.Weapons, w.ID) {
			return refuse(NotAllowed, "action.weapon", "%s does not carry %q", p.Name, truncate(in.Weapon, 40))
		}
		id = w.ID
	}
	w, ok := srd.LookupWeapon(id)
	if !ok {
		return refuse(NotAllowed, "action.weapon", "%s holds no weapon to bless", p.Name)
	}
	// A second blessing replaces the first.
	if err := e.forget(res, func(fx Effect) bool { return fx.ID == sacredWeaponID && fx.TargetID == p.ID }); err != nil {
		return err
	}
	bonus := charismaBonus(p)
	fx := Effect{Effect: spell.Effect{ID: sacredWeaponID, Spell: "channel-divinity-sacred-weapon", CasterID: p.ID, TargetID: p.ID,
		Weapon: w.ID, Bonus: bonus, Ends: "1 minute, or until its wielder falls unconscious",
		Note: "+" + strconv.Itoa(bonus) + " to attack rolls with it, magical, shedding bright light"},
		Until: Until{Round: e.Round + 10, Turn: p.ID}}
	if err := e.add(res, fx, src); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s's %s shines with holy light: +%d to attack rolls with it, and it is magical, for a minute.", p.Name, strings.ToLower(w.Name), bonus))
	return nil
}

// sacred is the Sacred Weapon on participant ai's weapon of the attack
// req, if there is one.
func (e Encounter) sacred(ai int, req rules.AttackRequest) (Effect, bool) {
	id := e.Participants[ai].ID
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool {
		return fx.ID == sacredWeaponID && fx.TargetID == id && enchanted(fx.Weapon, req.Weapon)
	})
	if k < 0 || (req.Kind != rules.MeleeWeapon && req.Kind != rules.RangedWeapon) {
		return Effect{}, false
	}
	return e.Effects[k], true
}

func sacredAim(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	if fx, ok := e.sacred(ai, *req); ok {
		req.AddBonus(fx.Bonus, "Sacred Weapon", campaign.TermFeature)
	}
}

func sacredMagic(e Encounter, ai int, req rules.AttackRequest) bool {
	_, ok := e.sacred(ai, req)
	return ok
}

// sacredLapses ends paladin o's Sacred Weapon once it has fallen
// unconscious.
func sacredLapses(e *Encounter, res *Result, o int, _ dice.Source) error {
	p := e.Participants[o]
	if !p.down() && !p.Combatant.Conditions.Has(rules.Unconscious) {
		return nil
	}
	return e.endWhere(res, func(fx Effect) string {
		if fx.ID == sacredWeaponID && fx.TargetID == p.ID {
			return "unconscious"
		}
		return ""
	})
}

func turnTheUnholy(e *Encounter, res *Result, ai int, _ Action, src dice.Source) error {
	return e.turnOut(res, ai, src, "channel-divinity-turn-the-unholy", []string{"fiend", "undead"}, 0)
}

func purityWards(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	if slices.Contains(fiendish, e.Participants[ai].Type) {
		req.Disadvantage = append(slices.Clip(req.Disadvantage), "Purity of Spirit")
	}
}

func purityShields(e Encounter, o, ai, ti int, _ srd.Spell, target *rules.Combatant, _ *spell.Options) {
	if ti == o && slices.Contains(fiendish, e.Participants[ai].Type) {
		target.ConditionImmunities = target.ConditionImmunities.With(rules.Charmed).With(rules.Frightened)
	}
}

func holyNimbus(e *Encounter, res *Result, ai int, _ Action, src dice.Source) error {
	p := e.Participants[ai]
	fx := Effect{Effect: spell.Effect{ID: holyNimbusID, Spell: "holy-nimbus", CasterID: p.ID, TargetID: p.ID, Ends: "1 minute",
		Note: "10 radiant damage to each foe as its turn starts; advantage on saves against spells of fiends and undead"},
		Until: Until{Round: e.Round + 10, Turn: p.ID}}
	if err := e.add(res, fx, src); err != nil {
		return err
	}
	res.say(p.Name + " blazes with sunlight: each foe takes 10 radiant damage as its turn starts, for a minute.")
	return nil
}

// nimbusBurns deals Holy Nimbus's 10 radiant damage to a foe of paladin
// o whose turn starts where the fight is.
func nimbusBurns(e *Encounter, res *Result, o int, src dice.Source) error {
	p := e.Participants[o]
	ti := e.index(e.Current)
	if ti < 0 || !e.holds(p.ID, holyNimbusID) {
		return nil
	}
	t := e.Participants[ti]
	if t.Kind == p.Kind || t.down() || e.elsewhere(t.ID) {
		return nil
	}
	_, err := e.damage(res, o, ti, t.Combatant, rules.Hit{Damage: []rules.Damage{{Amount: 10, Type: rules.Radiant}}}, possessive(p.Name)+" holy light sears "+t.Name+": ", src)
	return err
}

func nimbusShields(e Encounter, o, ai, ti int, _ srd.Spell, _ *rules.Combatant, opts *spell.Options) {
	kind := e.Participants[ai].Type
	if ti != o || !e.holds(e.Participants[o].ID, holyNimbusID) || (kind != "fiend" && kind != "undead") {
		return
	}
	id := e.Participants[ti].ID
	opts.Situate(id, func(sit *spell.Situation) { sit.Advantage = append(slices.Clip(sit.Advantage), "Holy Nimbus") })
}

func cleansingTouch(e *Encounter, res *Result, ai int, in Action, _ dice.Source) error {
	p := e.Participants[ai]
	ti, err := e.touched(ai, in.TargetID, "Cleansing Touch")
	if err != nil {
		return err
	}
	t := e.Participants[ti]
	if t.Kind != p.Kind {
		return refuse(NotAllowed, "action.target_id", "Cleansing Touch reaches only the paladin or a willing ally, and %s is a foe", t.Name)
	}
	want := strings.ToLower(strings.TrimSpace(in.Choice))
	k := -1
	for j, fx := range e.Effects {
		s, ok := srd.LookupSpell(fx.Spell)
		if fx.TargetID != t.ID || !ok || fx.ID == ongoingID {
			continue
		}
		if want != "" {
			if want == s.ID || want == strings.ToLower(s.Name) {
				k = j
				break
			}
			continue
		}
		if c, ok := e.Participant(fx.CasterID); ok && c.Kind != t.Kind {
			k = j // a foe's spell first
			break
		}
		if k < 0 {
			k = j
		}
	}
	if k < 0 {
		if want != "" {
			return refuse(NotAllowed, "action.choice", "%s is under no spell %q", t.Name, truncate(in.Choice, 40))
		}
		return refuse(NotAllowed, "action.target_id", "%s is under no spell to end", t.Name)
	}
	gone := e.Effects[k]
	res.say(fmt.Sprintf("%s touches %s, and %s ends on them.", p.Name, t.Name, spellName(gone.Spell)))
	match := func(fx Effect) bool {
		return fx.TargetID == t.ID && fx.Spell == gone.Spell && fx.CasterID == gone.CasterID
	}
	if err := e.endWhere(res, func(fx Effect) string {
		if match(fx) {
			return "Cleansing Touch"
		}
		return ""
	}); err != nil {
		return err
	}
	// A spell with nothing left of it holds its caster no longer.
	return e.over(res, gone)
}
