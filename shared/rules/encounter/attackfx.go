package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// attackWith makes an attack roll with what the fight's lasting effects
// add to it: Bless's d4 (Bane's taken off) on the attacker's roll,
// advantage for a hidden attacker, who gives itself away, against a target
// Faerie Fire outlines, Guiding Bolt's advantage, which the attack uses
// up, and True Strike's, used up by its caster's first attack on its next
// turn; disadvantage against a target Blur hides (unless the attacker has
// blindsight or truesight) or Protection from Evil and Good wards from the
// attacker's kind, and on a ranged attack made with a foe within reach
// (reach.go). The d4s are drawn before
// the d20 and recorded after the attack roll, so that roll still comes
// first among the attack's rolls. A monster with Parry or Shield answers
// a character's attack that would hit it (guard.go).
func (e *Encounter) attackWith(res *Result, ai, ti int, req rules.AttackRequest, src dice.Source) (rules.AttackResult, error) {
	a, t := e.Participants[ai], e.Participants[ti]
	guided, outlined, blurred, warded, studied, haloed := false, false, false, false, false, false
	_, extra, notes, _ := e.blessing(ai, "attack roll", src)
	for _, t := range blessTerms(extra) {
		req.AddAfter(t.Value, t.Source, t.Kind)
	}
	for _, fx := range e.Effects {
		if fx.TargetID != t.ID {
			continue
		}
		switch {
		case fx.ID == "faerie-fire" && !outlined:
			outlined = true
			req.Advantage = append(slices.Clip(req.Advantage), "Faerie Fire")
		case fx.ID == "guiding-bolt" && !guided:
			guided = true
			req.Advantage = append(slices.Clip(req.Advantage), "Guiding Bolt")
		case fx.ID == "blur" && !blurred && !slices.Contains(a.Senses, "blindsight") && !slices.Contains(a.Senses, "truesight"):
			blurred = true
			req.Disadvantage = append(slices.Clip(req.Disadvantage), "Blur")
		case fx.ID == "protection-from-evil-and-good" && !warded && slices.Contains(fiendish, a.Type):
			warded = true
			req.Disadvantage = append(slices.Clip(req.Disadvantage), "Protection from Evil and Good")
		case fx.ID == "holy-aura" && !haloed:
			haloed = true
			req.Disadvantage = append(slices.Clip(req.Disadvantage), "Holy Aura")
		case fx.ID == "true-strike" && !studied && fx.CasterID == a.ID && e.Current == a.ID && e.Round == fx.Until.Round:
			studied = true
			req.Advantage = append(slices.Clip(req.Advantage), "True Strike")
		}
	}
	if req.Kind.Ranged() && e.threatened(ai) {
		req.Disadvantage = append(slices.Clip(req.Disadvantage), "a foe within reach")
	}
	req.Reserves = append(slices.Clip(req.Reserves), e.inspiration(ai)...)
	e.featuresAttack(ai, ti, &req)
	e.buffsAttack(ai, ti, &req)
	e.wardsAttack(ai, &req)     // Symbol's discord (spells_wards.go)
	e.boonsAttack(ai, ti, &req) // Foresight, Dispel Evil and Good
	e.controlAttack(ai, ti, &req)
	e.realmsAttack(ai, ti, &req) // Magic Circle
	helped := e.servantsAttack(ai, ti, &req)
	e.lit(ai, ti, &req)
	magic := e.weaponSpells(ai, ti, &req) || e.featuresMagical(ai, req) || e.Participants[ai].Nocked != "" // a magic arrow (items_ammo.go)
	defer e.defend(ti, req, magic)()
	t = e.Participants[ti]
	e.riderSaves(ti, &req)
	gs := e.guards(ai, ti, req)
	if a.Hidden {
		req.Advantage = append(slices.Clip(req.Advantage), "unseen attacker")
		e.Participants[ai].Hidden = false
	}
	var r rules.AttackResult
	var err error
	image, roll := e.mirrored(ai, ti, src)
	if roll != nil {
		extra = append(extra, *roll)
	}
	switch {
	case image != nil:
		// A duplicate takes the blow: it has no hit points to lose, and
		// a hit destroys it.
		req.Damage, req.Sneak, req.Riders = nil, nil, nil
		r, err = rules.Attack(a.Combatant, *image, req, src)
	case len(gs) > 0:
		r, err = e.guarded(res, ai, ti, req, gs, src)
	default:
		r, err = rules.Attack(a.Combatant, e.concentrator(ti, t.Combatant), req, src)
	}
	if err != nil {
		return r, err
	}

	if len(extra) > 0 {
		at := slices.IndexFunc(r.Rolls, func(x rules.Roll) bool { return x.Reason != "attack roll" })
		if at < 0 {
			at = len(r.Rolls)
		}
		r.Rolls = slices.Insert(slices.Clone(r.Rolls), at, extra...)
	}
	for _, n := range notes {
		res.say(n)
	}
	if guided {
		if err := e.forget(res, func(fx Effect) bool { return fx.TargetID == t.ID && fx.ID == "guiding-bolt" }); err != nil {
			return r, err
		}
	}
	if studied {
		if err := e.used(res, func(fx Effect) bool { return fx.TargetID == t.ID && fx.ID == "true-strike" && fx.CasterID == a.ID }); err != nil {
			return r, err
		}
	}
	if helped {
		if err := e.helpUsed(res, ai, ti); err != nil {
			return r, err
		}
	}
	return r, nil
}

// weaponSpells adds to a weapon attack by participant ai on ti what the
// spells on them add: Divine Favor's radiant die, the attacker's Hunter's
// Mark die on its quarry (of the weapon's damage type), and Magic
// Weapon's bonus to the attack and damage rolls of the weapon it made
// magic. It reports whether the attack is magical: a weapon made magic,
// a monster whose own weapons are (Magic Weapons), or one a feature makes
// so (Ki-Empowered Strikes).
func (e Encounter) weaponSpells(ai, ti int, req *rules.AttackRequest) (magic bool) {
	a, t := e.Participants[ai], e.Participants[ti]
	magic = a.Enchanted[req.WeaponID] > 0 || slices.ContainsFunc(a.Traits, func(t string) bool {
		return t == "magic-weapons" || t == "angelic-weapons" || t == "hellish-weapons"
	}) || slices.ContainsFunc(a.featureHooks(), func(f classFeature) bool {
		return f.magic != nil && f.magic(a, *req)
	})
	if req.Kind != rules.MeleeWeapon && req.Kind != rules.RangedWeapon {
		return magic
	}
	defer func() { magic = e.bodyWeapons(ai, req) || magic }() // Shillelagh, Alter Self, Enlarge/Reduce
	// A Flame Tongue's fire, a Dragon Slayer's dice (items.go).
	e.itemHits(ai, ti, req)
	extra := func(fx Effect, typ rules.DamageType) {
		if x, err := dice.Parse(fx.Dice); err == nil {
			req.Damage = append(slices.Clip(req.Damage), rules.DamageRoll{Dice: x, Type: typ})
		}
	}
	for _, fx := range e.Effects {
		switch {
		case (fx.ID == "divine-favor" || fx.ID == "branding-smite") && fx.TargetID == a.ID:
			extra(fx, fx.DamageType) // a smite's is spent on the hit (boonsStruck)
		case fx.ID == "hunters-mark" && fx.TargetID == t.ID && fx.CasterID == a.ID && len(req.Damage) > 0:
			extra(fx, req.Damage[0].Type)
		case fx.ID == pactWeapon && fx.TargetID == a.ID && enchanted(fx.Weapon, req.Weapon):
			magic = true // Pact of the Blade's weapon is magical
		case fx.ID == "magic-weapon" && fx.TargetID == a.ID && enchanted(fx.Weapon, req.Weapon) && !magic:
			magic = true
			req.AddBonus(fx.Bonus, "Magic Weapon", campaign.TermSpell)
			if len(req.Damage) > 0 {
				req.Damage = slices.Clone(req.Damage)
				req.Damage[0] = plusTerm(req.Damage[0], fx.Bonus, "Magic Weapon", campaign.TermSpell)
			}
		}
	}
	return magic
}

// enchanted reports whether an attack made with weapon (as a request
// names it: "a longsword") is with the weapon id Magic Weapon made magic;
// id "" is any weapon but an unarmed strike.
func enchanted(id, weapon string) bool {
	if weapon == unarmed {
		return false
	}
	if id == "" {
		return true
	}
	w, ok := srd.LookupWeapon(id)
	if !ok {
		return false
	}
	// The attack names the weapon, then maybe how it is held: "a
	// longsword in two hands", "a dagger in the off hand".
	name := aWeapon(w)
	return weapon == name || strings.HasPrefix(weapon, name+" in ")
}

// defend sets participant ti's resistances and immunities for one attack
// and returns what puts them back: a magic attack gets through those
// that hold only against nonmagical attacks (MundaneResist and
// MundaneImmune), and a nonmagical weapon attack meets the resistances
// Stoneskin gives.
func (e *Encounter) defend(ti int, req rules.AttackRequest, magic bool) func() {
	p := &e.Participants[ti]
	resist, immune := p.Combatant.Resistances, p.Combatant.Immunities
	switch {
	case magic:
		p.Combatant.Resistances &^= p.MundaneResist
		p.Combatant.Immunities &^= p.MundaneImmune
	case req.Kind == rules.MeleeWeapon || req.Kind == rules.RangedWeapon:
		for _, fx := range e.Effects {
			if fx.TargetID == p.ID && fx.Nonmagical {
				p.Combatant.Resistances |= fx.Resist
			}
		}
	}
	return func() {
		p := &e.Participants[ti]
		p.Combatant.Resistances, p.Combatant.Immunities = resist, immune
	}
}

// imageOdds is the d20 Mirror Image needs to turn an attack onto a
// duplicate, by the duplicates left.
var imageOdds = map[int]int{3: 6, 2: 8, 1: 11}

// mirrored rolls, for an attack by participant ai on ti under Mirror
// Image, whether it strikes a duplicate instead, and returns that
// duplicate (nil if the attack goes to ti) and the roll (nil if none was
// made: no duplicates, or an attacker that can't see them for what they
// seem, being blind or having blindsight or truesight).
func (e *Encounter) mirrored(ai, ti int, src dice.Source) (*rules.Combatant, *rules.Roll) {
	if image, roll, ok := e.phantasm(ai, ti, src); ok { // a cloaker's Phantasms (phantasms.go)
		return image, roll
	}
	a, t := e.Participants[ai], e.Participants[ti]
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == t.ID && fx.ID == "mirror-image" && fx.Left > 0 })
	if k < 0 || a.unfooled() {
		return nil, nil
	}
	roll := rules.Roll{Reason: "mirror image", RollerID: t.ID, Result: dice.Roll(d20, src)}
	if roll.Total < imageOdds[min(e.Effects[k].Left, 3)] {
		roll.Outcome = "the real one"
		return nil, &roll
	}
	roll.Outcome = "a duplicate"
	return duplicateOf(t, 10+t.Combatant.Modifier(rules.Dex)), &roll
}

// unfooled reports whether attacker a sees illusory duplicates for what
// they are (Mirror Image's, a cloaker's Phantasms): blind, or seeing by
// blindsight or truesight.
func (a Participant) unfooled() bool {
	return a.Combatant.Conditions.Has(rules.Blinded) || slices.Contains(a.Senses, "blindsight") || slices.Contains(a.Senses, "truesight")
}

// duplicateOf is one of participant t's illusory duplicates, with armor
// class ac, which a hit destroys.
func duplicateOf(t Participant, ac int) *rules.Combatant {
	return &rules.Combatant{ID: t.ID + "-image", Name: "one of " + possessive(t.Name) + " duplicates", Monster: true,
		AC: ac, HP: 1, MaxHP: 1}
}

// shatter destroys one of participant ti's duplicates; the last ends the
// spell.
func (e *Encounter) shatter(res *Result, ti int) error {
	if had, err := e.shatterPhantasm(res, ti); had || err != nil { // a cloaker's Phantasms (phantasms.go)
		return err
	}
	id := e.Participants[ti].ID
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == id && fx.ID == "mirror-image" })
	if k < 0 {
		return nil
	}
	e.Effects[k].Left--
	res.say(fmt.Sprintf("The duplicate vanishes; %s has %d left.", e.Participants[ti].Name, e.Effects[k].Left))
	if e.Effects[k].Left > 0 {
		return nil
	}
	return e.forget(res, func(fx Effect) bool { return fx.TargetID == id && fx.ID == "mirror-image" })
}

// fiendish are the creature types Protection from Evil and Good wards
// against.
var fiendish = []string{"aberration", "celestial", "elemental", "fey", "fiend", "undead"}

// The deeds that end Invisibility and Sanctuary, as reveal's reasons end:
// "Mira attacked".
const (
	attacked = "attacked"
	castOne  = "cast a spell"
)

// reveal ends the spells on participant i that end when it attacks or
// casts a spell (did says which: "attacked"): Invisibility, and
// Sanctuary if the deed touched an enemy (hostile).
func (e *Encounter) reveal(res *Result, i int, did string, hostile bool) error {
	id := e.Participants[i].ID
	return e.endWhere(res, func(fx Effect) string {
		if fx.TargetID == id && (fx.Spell == "invisibility" || fx.Spell == "mislead" || (fx.Spell == "sanctuary" && hostile)) {
			return e.Participants[i].Name + " " + did
		}
		return ""
	})
}

// blessing is the d4s participant i's effects add to its roll (what:
// "attack roll", "saving throw", "ability check"): Bless's on an attack
// roll or a save, Bane's taken off them, Resistance's on a save and
// Guidance's on a check. It returns their net bonus, drawn from src, their
// rolls, what to say of them, and the one-roll effects it used up
// (Resistance, Guidance), which the caller ends with used once the roll
// is made.
func (e *Encounter) blessing(i int, what string, src dice.Source) (int, []rules.Roll, []string, []Effect) {
	p := e.Participants[i]
	bonus := 0
	var rolls []rules.Roll
	var notes []string
	var spent []Effect
	for _, b := range e.blessings(i, what) {
		fx, name := b.fx, b.name()
		r := dice.Roll(b.dice, src)
		// The die's working names its spell, which the blessed roll's
		// working names as the source of what it adds (blessTerms).
		rolls = append(rolls, rules.Roll{Reason: strings.ToLower(name), RollerID: p.ID, Result: r, Working: &campaign.Working{Rule: name}})
		switch fx.ID {
		case "baned":
			bonus -= r.Total
			notes = append(notes, fmt.Sprintf("%s takes %d off %s's %s.", name, r.Total, p.Name, what))
		case "resistance", "guidance":
			spent = append(spent, fx)
			fallthrough
		default:
			bonus += r.Total
			notes = append(notes, fmt.Sprintf("%s adds %d to %s's %s.", name, r.Total, p.Name, what))
		}
	}
	return bonus, rolls, notes, spent
}

// blessTerms are what the dice blessing drew add to the roll they blessed,
// each named by its spell (Bane's taken off), as that roll's working
// shows them.
func blessTerms(rolls []rules.Roll) []campaign.Term {
	var out []campaign.Term
	for _, r := range rolls {
		if r.Working == nil {
			continue
		}
		t := campaign.Term{Value: r.Total, Source: r.Working.Rule, Kind: campaign.TermSpell}
		switch r.Reason {
		case "bane":
			t.Value = -t.Value
		case "leadership":
			t.Kind = campaign.TermFeature
		}
		out = append(out, t)
	}
	return out
}

// blessEffect is one effect that adds a die to a roll, with its dice.
type blessEffect struct {
	fx   Effect
	dice dice.Expr
}

// name is what the roll's working calls the die's source: its spell's
// name, or Leadership.
func (b blessEffect) name() string {
	if b.fx.ID == leadershipID {
		return "Leadership"
	}
	return spellName(b.fx.Spell)
}

// blessings are the effects on participant i that add a die to a roll of
// the kind what (blesses), one of each however many cast it, whether the
// dice are drawn now (blessing) or by the roll itself (blessDice).
func (e Encounter) blessings(i int, what string) []blessEffect {
	id := e.Participants[i].ID
	var out []blessEffect
	var seen []string
	for _, fx := range e.Effects {
		if fx.TargetID != id || slices.Contains(seen, fx.ID) || !blesses(fx.ID, what) {
			continue
		}
		seen = append(seen, fx.ID)
		x, err := dice.Parse(fx.Dice)
		if err != nil {
			continue
		}
		out = append(out, blessEffect{fx: fx, dice: x})
	}
	return out
}

// blesses reports whether the effect fxID adds its die to a roll of the
// kind what.
func blesses(fxID, what string) bool {
	switch fxID {
	case "blessed", "baned", leadershipID:
		return what == "attack roll" || what == "saving throw"
	case "resistance":
		return what == "saving throw"
	case "guidance":
		return what == "ability check"
	}
	return false
}

// spellName is a spell's name by id ("Bless"), the id if unknown.
func spellName(id string) string {
	if s, ok := srd.LookupSpell(id); ok {
		return s.Name
	}
	return id
}

// useUp ends the one-roll effects a roll used (Resistance, Guidance):
// each goes, and with it its caster's concentration.
func (e *Encounter) useUp(res *Result, spent []Effect) error {
	if len(spent) == 0 {
		return nil
	}
	return e.used(res, func(fx Effect) bool {
		return slices.ContainsFunc(spent, func(s Effect) bool { return s.ID == fx.ID && s.TargetID == fx.TargetID && s.CasterID == fx.CasterID })
	})
}
