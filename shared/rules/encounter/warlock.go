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

// The warlock's features in a fight.
var warlockFeatures = func() map[string]classFeature {
	out := map[string]classFeature{
		// The Fiend: temporary hit points for a foe dropped; a d10 on a
		// failed save (offered in the window that save opens); a
		// resistance chosen at a rest; a foe hurled through the lower
		// planes.
		"dark-ones-blessing":  {downs: blessing},
		"dark-ones-own-luck":  {where: "warlock.go: luckOffered, luckTaken, at the failed saves a monster's turn forces"},
		"fiendish-resilience": {enters: resilience},
		"hurl-through-hell":   {onHit: &onHit{after: hurl}, turnEnds: hurledBack},
		// Eldritch Blast's invocations.
		"eldritch-invocation-agonizing-blast": {cast: agonizing},
		"eldritch-invocation-eldritch-spear":  {cast: spear},
		"eldritch-invocation-repelling-blast": {cast: repelling},
		"eldritch-invocation-devils-sight":    {attack: sightAttack, attacked: sightAttacked, cast: sightSpell},
		// The pact boon that changes a number: the blade's weapon (the
		// tome's cantrips are known spells: campaign.Repertoire).
		"pact-of-the-blade":                   {use: pactBlade, attack: pactProficiency},
		"eldritch-invocation-thirsting-blade": {attacks: thirsting},
		"eldritch-invocation-lifedrinker":     {attack: lifedrinker},
		"eldritch-invocation-chains-of-carceri": {pays: invocation("eldritch-invocation-chains-of-carceri"),
			cast: carceri},
		"eldritch-master": {use: func(_ *Encounter, _ *Result, _ int, _ Action, _ dice.Source) error {
			return refuse(NotAllowed, "action.feature", "Eldritch Master takes a minute's entreaty: use it out of a fight")
		}},
	}
	for id := range invocations {
		if _, ok := out[id]; !ok {
			out[id] = classFeature{pays: invocation(id)}
		}
	}
	return out
}()

// invoked is a spell an invocation lets a warlock cast: at will and
// without a slot, or (pool) once per long rest with a warlock slot.
type invoked struct {
	spell string
	self  bool     // on the warlock alone
	level int      // cast as a spell of this level (False Life's 1st)
	pool  string   // the once-a-day pool; "" at will, without a slot
	only  []string // the creature types it is cast on
}

// invocations are the invocations that cast a spell, by id.
var invocations = map[string]invoked{
	"eldritch-invocation-armor-of-shadows":          {spell: "mage-armor", self: true},
	"eldritch-invocation-beast-speech":              {spell: "speak-with-animals"},
	"eldritch-invocation-eldritch-sight":            {spell: "detect-magic"},
	"eldritch-invocation-fiendish-vigor":            {spell: "false-life", self: true, level: 1},
	"eldritch-invocation-mask-of-many-faces":        {spell: "disguise-self"},
	"eldritch-invocation-misty-visions":             {spell: "silent-image"},
	"eldritch-invocation-ascendant-step":            {spell: "levitate", self: true},
	"eldritch-invocation-otherworldly-leap":         {spell: "jump", self: true},
	"eldritch-invocation-whispers-of-the-grave":     {spell: "speak-with-dead"},
	"eldritch-invocation-master-of-myriad-forms":    {spell: "alter-self"},
	"eldritch-invocation-visions-of-distant-realms": {spell: "arcane-eye"},
	"eldritch-invocation-chains-of-carceri":         {spell: "hold-monster", only: []string{"celestial", "fiend", "elemental"}},
	"eldritch-invocation-thief-of-five-fates":       {spell: "bane", pool: "thief-of-five-fates"},
	"eldritch-invocation-mire-the-mind":             {spell: "slow", pool: "mire-the-mind"},
	"eldritch-invocation-sign-of-ill-omen":          {spell: "bestow-curse", pool: "sign-of-ill-omen"},
	"eldritch-invocation-bewitching-whispers":       {spell: "compulsion", pool: "bewitching-whispers"},
	"eldritch-invocation-dreadful-word":             {spell: "confusion", pool: "dreadful-word"},
	"eldritch-invocation-sculptor-of-flesh":         {spell: "polymorph", pool: "sculptor-of-flesh"},
	"eldritch-invocation-minions-of-chaos":          {spell: "conjure-elemental", pool: "minions-of-chaos"},
}

// invocation pays for invocation id's spell: at will at its own level
// (or the invocation's) with no slot and no components to find, or with
// the warlock's pact slot and a use of its pool.
func invocation(id string) func(p Participant, c *casting) bool {
	inv := invocations[id]
	return func(p Participant, c *casting) bool {
		if c.spell.ID != inv.spell {
			return false
		}
		c.listed, c.self, c.only = true, inv.self, inv.only
		if inv.pool != "" {
			if !c.asked {
				c.slot = max(pactSlot(p), c.spell.Level)
			}
			c.pay(inv.pool, 1, id)
			return true
		}
		level := max(inv.level, c.spell.Level)
		if c.asked && c.slot != level {
			return false // at a higher level it takes a slot it may not have
		}
		c.slot, c.free = level, true
		c.by = append(c.by, id)
		return true
	}
}

// pactSlot is the level of a warlock's Pact Magic slots, 0 without any.
func pactSlot(p Participant) int {
	for i := len(p.Combatant.SpellSlots) - 1; i >= 0; i-- {
		if p.Combatant.SpellSlots[i].Max > 0 {
			return i + 1
		}
	}
	return 0
}

// carceri is Chains of Carceri's limit: one creature once until a long
// rest, which the fight keeps (a mark on the creature for the fight).
func carceri(e *Encounter, ai int, _ Action, c *casting) error {
	const id = "eldritch-invocation-chains-of-carceri"
	if c.payer != id {
		return nil
	}
	me := e.Participants[ai].ID
	for _, t := range c.ids {
		if slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.ID == "carceri" && fx.CasterID == me && fx.TargetID == t }) {
			return refuse(NotAllowed, "action.target_ids", "%s has held %s with Chains of Carceri already; a long rest must pass first", e.Participants[ai].Name, e.Participants[e.index(t)].Name)
		}
	}
	c.then(func(e *Encounter, res *Result, ai int, sr spell.Result, src dice.Source) error {
		for _, t := range c.ids {
			fx := Effect{Effect: spell.Effect{ID: "carceri", Spell: id, CasterID: me, TargetID: t, Ends: "a long rest",
				Note: "held once by Chains of Carceri"}}
			e.Effects = append(e.Effects, fx)
		}
		return nil
	})
	return nil
}

// FiendishResilienceChoice is the choice Fiendish Resilience reads that
// the sheet keeps for it: the damage type a rest chose.
const FiendishResilienceChoice = "fiendish-resilience"

// blessing gives the warlock temporary hit points for a hostile creature
// it drops to 0: its Charisma modifier plus its warlock level, at least 1
// (kept only if more than it has).
func blessing(e *Encounter, res *Result, ai, _ int, src dice.Source) error {
	p := e.Participants[ai]
	if p.down() {
		return nil
	}
	n := max(p.Combatant.Modifier(rules.Cha)+p.Combatant.Level, 1)
	tr, err := rules.GrantTempHP(p.Combatant, flat(n), src)
	if err != nil {
		return err
	}
	if err := e.apply(tr.Changes); err != nil {
		return err
	}
	res.Changes = append(res.Changes, tr.Changes...)
	res.say("Dark One's Blessing: " + tr.Summary())
	return nil
}

// resilience gives a warlock coming into a fight the resistance it chose
// at its last rest. (Magical and silvered weapons are not told apart
// from others here: it resists them too.)
func resilience(p *Participant) {
	for _, name := range p.Choices[FiendishResilienceChoice] {
		if t, err := rules.ParseDamageType(name); err == nil {
			p.Combatant.Resistances = p.Combatant.Resistances.With(t)
		}
	}
}

// eldritchBlast reports whether a casting is of Eldritch Blast.
func eldritchBlast(c *casting) bool { return c.spell.ID == "eldritch-blast" }

// agonizing adds the warlock's Charisma modifier to each beam's damage.
func agonizing(e *Encounter, ai int, _ Action, c *casting) error {
	if eldritchBlast(c) {
		c.opts.DamageBonus += e.Participants[ai].Combatant.Modifier(rules.Cha)
	}
	return nil
}

// spear gives Eldritch Blast a range of 300 feet.
func spear(_ *Encounter, _ int, _ Action, c *casting) error {
	if eldritchBlast(c) {
		c.opts.Range = max(c.opts.Range, 300)
	}
	return nil
}

// repelling pushes each creature a beam hit 10 feet away: out of every
// reach (the fight keeps no other distance), with no opportunity attack,
// as a creature moved by force draws none.
func repelling(_ *Encounter, _ int, _ Action, c *casting) error {
	if !eldritchBlast(c) {
		return nil
	}
	c.then(func(e *Encounter, res *Result, _ int, sr spell.Result, _ dice.Source) error {
		for _, o := range sr.Targets {
			ti := e.index(o.TargetID)
			if ti < 0 || e.Participants[ti].down() || !slices.ContainsFunc(o.Attacks, func(a rules.AttackResult) bool { return a.Hit }) {
				continue
			}
			e.part(ti)
			res.say(e.Participants[ti].Name + " is pushed 10 feet away, out of reach.")
		}
		return nil
	})
	return nil
}

// dark reports whether a Darkness lies on the fight.
func (e Encounter) dark() bool {
	return slices.ContainsFunc(e.Effects, func(fx Effect) bool { return fx.ID == spell.DarknessID })
}

// seesInDarkness reports whether p sees through magical darkness.
func seesInDarkness(p Participant) bool {
	return slices.Contains(p.Combatant.Features, "eldritch-invocation-devils-sight") || slices.Contains(p.Traits, "devils-sight") ||
		slices.Contains(p.Senses, "blindsight") || slices.Contains(p.Senses, "truesight") || truly(p)
}

// sightAttack: in darkness, a warlock with Devil's Sight sees a foe that
// can't see it, and its attack has advantage.
func sightAttack(e *Encounter, _, ti int, req *rules.AttackRequest) {
	if e.dark() && !seesInDarkness(e.Participants[ti]) {
		req.Advantage = append(slices.Clip(req.Advantage), "unseen in the darkness")
	}
}

// sightSpell: in darkness, the warlock's spell attacks on foes that can't
// see it have advantage too.
func sightSpell(e *Encounter, _ int, _ Action, c *casting) error {
	if !e.dark() || c.spell.AttackType == "" {
		return nil
	}
	for _, id := range c.ids {
		if i := e.index(id); i >= 0 && !seesInDarkness(e.Participants[i]) {
			c.opts.Situate(id, func(sit *spell.Situation) {
				sit.Advantage = append(slices.Clip(sit.Advantage), "unseen in the darkness")
			})
		}
	}
	return nil
}

// sightAttacked: in darkness, a foe that can't see attacks a warlock with
// Devil's Sight, which sees it, with disadvantage.
func sightAttacked(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	if e.dark() && !seesInDarkness(e.Participants[ai]) {
		req.Disadvantage = append(slices.Clip(req.Disadvantage), "blind in the darkness")
	}
}

// pactWeapon is the effect of Pact of the Blade on its warlock: Weapon
// is the form the pact weapon took; Note is "summoned" when the warlock
// carried no such weapon before.
const pactWeapon = "pact-weapon"

// pactBlade summons the pact weapon in the form the warlock chooses (a
// melee weapon; the one it wields when it names none): it is proficient
// with it, and it is magical.
func pactBlade(e *Encounter, res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	name := in.Choice
	if name == "" && len(p.Wielded) > 0 {
		name = p.Wielded[0]
	}
	w, ok := lookupWeapon(name)
	switch {
	case name == "":
		return refuse(InvalidArgs, "action.choice", "name the melee weapon the pact weapon becomes")
	case !ok:
		return refuse(InvalidArgs, "action.choice", "unknown weapon %q", truncate(name, 60))
	case w.RangeType != "melee":
		return refuse(NotAllowed, "action.choice", "a pact weapon is a melee weapon, and %s is not", rules.Article(strings.ToLower(w.Name)))
	}
	// A new pact weapon takes the old one's place, which goes if it was
	// summoned rather than carried.
	mine := func(fx Effect) bool { return fx.ID == pactWeapon && fx.TargetID == p.ID }
	var old []Effect
	for _, fx := range e.Effects {
		if mine(fx) {
			old = append(old, fx)
		}
	}
	if err := e.forget(res, mine); err != nil {
		return err
	}
	me := &e.Participants[ai]
	for _, fx := range old {
		if fx.Note == "summoned" && fx.Weapon != w.ID {
			me.Weapons = slices.DeleteFunc(slices.Clone(me.Weapons), func(id string) bool { return id == fx.Weapon })
			me.Wielded = slices.DeleteFunc(slices.Clone(me.Wielded), func(id string) bool { return id == fx.Weapon })
		}
	}
	note := ""
	if !slices.Contains(me.Weapons, w.ID) {
		me.Weapons, note = append(slices.Clip(me.Weapons), w.ID), "summoned"
	}
	me.Wielded = append([]string{w.ID}, slices.DeleteFunc(slices.Clone(me.Wielded), func(id string) bool { return id == w.ID })...)
	fx := Effect{Effect: spell.Effect{ID: pactWeapon, Spell: "pact-of-the-blade", CasterID: p.ID, TargetID: p.ID, Weapon: w.ID,
		Ends: "until dismissed or summoned again", Note: note}}
	if err := e.add(res, fx, src); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s calls up a pact weapon: %s.", p.Name, rules.Article(strings.ToLower(w.Name))))
	return nil
}

// pactWeaponOf is the SRD id of participant ai's pact weapon, "" without
// one.
func (e Encounter) pactWeaponOf(ai int) string {
	id := e.Participants[ai].ID
	for _, fx := range e.Effects {
		if fx.ID == pactWeapon && fx.TargetID == id {
			return fx.Weapon
		}
	}
	return ""
}

// withPactWeapon reports whether req is made with participant ai's pact
// weapon.
func (e Encounter) withPactWeapon(ai int, req rules.AttackRequest) bool {
	id := e.pactWeaponOf(ai)
	return id != "" && req.Kind == rules.MeleeWeapon && enchanted(id, req.Weapon)
}

// pactProficiency: the warlock is proficient with its pact weapon.
func pactProficiency(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	if !e.withPactWeapon(ai, *req) {
		return
	}
	p := e.Participants[ai]
	if w, ok := srd.LookupWeapon(e.pactWeaponOf(ai)); ok && !proficient(p.Class, w) {
		req.Bonus += p.Combatant.ProficiencyBonus
	}
}

// thirsting: the Attack action makes two attacks with the pact weapon.
func thirsting(e Encounter, ai int, req rules.AttackRequest) int {
	if e.withPactWeapon(ai, req) {
		return 2
	}
	return 0
}

// lifedrinker: a pact weapon's hit deals necrotic damage equal to the
// warlock's Charisma modifier, at least 1, besides its own.
func lifedrinker(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	if e.withPactWeapon(ai, *req) {
		n := max(e.Participants[ai].Combatant.Modifier(rules.Cha), 1)
		req.Damage = append(slices.Clip(req.Damage), rules.DamageRoll{Dice: flat(n), Type: rules.Necrotic})
	}
}

// hurled is the effect of Hurl Through Hell on its target: gone through
// the lower planes, incapacitated there and out of every reach, until
// the end of the warlock's next turn.
const hurled = "hurled"

func hurl(e *Encounter, res *Result, ai, ti int, _ rules.AttackResult, src dice.Source) error {
	p, t := e.Participants[ai], e.Participants[ti]
	if t.down() {
		return nil
	}
	cr, err := e.condition(res, ti, rules.Incapacitated)
	if err != nil {
		return err
	}
	fx := Effect{Effect: spell.Effect{ID: hurled, Spell: "hurl-through-hell", CasterID: p.ID, TargetID: t.ID,
		Ends: "the end of the caster's next turn", Note: "hurtling through the lower planes"},
		Until: Until{Round: e.Round + 1, Turn: p.ID, End: true}}
	if cr.Changed {
		fx.Condition = rules.Incapacitated
	}
	if err := e.add(res, fx, src); err != nil {
		return err
	}
	e.part(ti)
	res.say(fmt.Sprintf("%s vanishes, hurled through the lower planes until the end of %s's next turn.", t.Name, p.Name))
	return nil
}

// hurledBack brings back, as warlock i's turn ends, the creatures it
// hurled whose time is up: each takes 10d10 psychic damage unless it is
// a fiend.
func hurledBack(e *Encounter, res *Result, i int, src dice.Source) error {
	me := e.Participants[i].ID
	now := e.moment(e.Round, me, true)
	var back []string
	for _, fx := range e.Effects {
		if fx.ID == hurled && fx.CasterID == me && e.due(fx.Until, now) {
			back = append(back, fx.TargetID)
		}
	}
	if len(back) == 0 {
		return nil
	}
	if err := e.endWhere(res, func(fx Effect) string {
		if fx.ID == hurled && slices.Contains(back, fx.TargetID) && fx.CasterID == me {
			return "it returns"
		}
		return ""
	}); err != nil {
		return err
	}
	for _, id := range back {
		ti := e.index(id)
		t := e.Participants[ti]
		if t.Defeated {
			continue
		}
		if t.Type == "fiend" {
			res.say(t.Name + " returns unshaken: the lower planes are a fiend's home.")
			continue
		}
		dmg, rolls := rules.RollDamage(me, []rules.DamageRoll{{Dice: dice.MustParse("10d10"), Type: rules.Psychic}}, false, src)
		res.Rolls = append(res.Rolls, rolls...)
		d, err := e.damage(res, i, ti, t.Combatant, rules.Hit{Damage: dmg}, t.Name+" returns, reeling from the lower planes: ", src)
		if err != nil {
			return err
		}
		if d.Dropped {
			if err := e.featuresDown(res, i, ti, src); err != nil {
				return err
			}
		}
	}
	return nil
}

// ownLuck is Dark One's Own Luck: a d10 added to a failed save (or
// check), once per short rest. A monster's turn offers it, as a moment of
// its own, to a warlock whose save it forces failed by no more than a d10
// can make up; taken, the turn is played again with the d10 (from the
// reaction's own dice) added to that save.
const ownLuck = "dark-ones-own-luck"

var d10 = dice.MustParse("1d10")

// lucky reports whether participant p may add Dark One's Own Luck's d10
// to a save now.
func (p Participant) lucky() bool {
	return p.Kind == KindCharacter && slices.Contains(p.Combatant.Features, ownLuck) && p.left(ownLuck) > 0
}

// luckTaken is the d10 warlock ti took Dark One's Own Luck for at moment
// k of the turn, rolled and spent and told; 0 when it took none.
func (e *Encounter) luckTaken(res *Result, rs Reactions, k, ti int) (int, error) {
	for _, r := range rs.at(k) {
		if r.Name != ownLuck {
			continue
		}
		p := e.Participants[ti]
		if r.By != p.ID || !p.lucky() {
			return 0, refuse(NotAllowed, "reaction", "only a warlock with Dark One's Own Luck left adds it, and to its own save")
		}
		roll := rules.Roll{Reason: "dark one's own luck", RollerID: p.ID, Result: dice.Roll(d10, rs.source(r))}
		res.Rolls = append(res.Rolls, roll)
		f, _ := srd.LookupFeature(ownLuck)
		if err := e.spendPool(ti, f, 1); err != nil {
			return 0, err
		}
		res.react(r, &e.Participants[ti], fmt.Sprintf("%s calls on the Dark One's luck: +%d to the save.", p.Name, roll.Total))
		return roll.Total, nil
	}
	return 0, nil
}

// luckOffered offers warlock ti Dark One's Own Luck at moment k of
// monster ai's turn, for its failed save sv at res.Rolls[at], when a d10
// could turn it; an opening already made for the moment (a halfling's
// Lucky) takes the offer beside its own.
func (e Encounter) luckOffered(res *Result, k, at, ai, ti int, sv rules.SaveResult) {
	p := e.Participants[ti]
	if sv.Success || sv.AutoFail != "" || sv.Total+10 < sv.DC || !p.lucky() {
		return
	}
	offer := e.previewed([]Offer{offerTo(p, ownLuck, ChangesUnknown)}, Moment{Save: &sv})[0]
	for i, o := range res.Openings {
		if o.Attack == k {
			res.Openings[i].Offers = append(slices.Clip(o.Offers), offer)
			return
		}
	}
	res.Openings = append(res.Openings, Opening{Attack: k, Roll: at, AttackerID: e.Participants[ai].ID, TargetID: p.ID, Offers: []Offer{offer}})
}

// lucks are the moments of a monster's spell at which each warlock among
// its targets may add Dark One's Own Luck to its save: the moments are
// counted before the spell, each target's d10 taken so far rolled into
// its situation.
func (e *Encounter) lucks(res *Result, rs Reactions, s srd.Spell, ids []string, opts *spell.Options) (map[string]int, error) {
	if spell.SaveAbility(s) == 0 {
		return nil, nil
	}
	var out map[string]int
	for _, id := range ids {
		ti := e.index(id)
		if !e.Participants[ti].lucky() {
			continue
		}
		if out == nil {
			out = map[string]int{}
		}
		k := res.moment()
		out[id] = k
		n, err := e.luckTaken(res, rs, k, ti)
		if err != nil {
			return nil, err
		}
		if n > 0 {
			opts.Situate(id, func(sit *spell.Situation) { sit.Rescue = n })
			delete(out, id) // taken: nothing more to offer
		}
	}
	return out, nil
}

// luckAfter offers Dark One's Own Luck to each warlock of moments whose
// save against monster ai's spell sr failed; the spell's rolls begin at
// res.Rolls[from].
func (e Encounter) luckAfter(res *Result, moments map[string]int, ai int, sr spell.Result, from int) {
	for _, o := range sr.Targets {
		k, ok := moments[o.TargetID]
		if !ok || o.Save == nil {
			continue
		}
		at := from
		for j := from; j < len(res.Rolls); j++ {
			if res.Rolls[j].RollerID == o.TargetID {
				at = j
				break
			}
		}
		e.luckOffered(res, k, at, ai, e.index(o.TargetID), *o.Save)
	}
}
