package encounter

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// slug is a name as an SRD id: "Light Hammer" -> "light-hammer".
func slug(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '_' || r == '-' }), "-")
}

// lookupWeapon finds an SRD weapon by id or name.
func lookupWeapon(name string) (srd.Weapon, bool) { return srd.LookupWeapon(slug(name)) }

// weaponName is a weapon as a sentence says it: "longsword", "light
// crossbow" (the SRD's "Crossbow, light").
func weaponName(w srd.Weapon) string {
	name := strings.ToLower(w.Name)
	if kind, size, ok := strings.Cut(name, ", "); ok {
		return size + " " + kind
	}
	return name
}

// aWeapon is the weapon with its article: "a longsword", "an axe".
func aWeapon(w srd.Weapon) string { return rules.Article(weaponName(w)) }

// unarmed is how an attack request names an unarmed strike.
const unarmed = "an unarmed strike"

// The grips an attack may name for a versatile weapon (Action.Choice).
const (
	OneHanded = "one-handed"
	TwoHanded = "two-handed"
)

// weaponAttack is a character's attack with a weapon it carries, or an
// unarmed strike, in the grip asked for ("" lets its hands decide:
// twoHands). Beyond the weapon's reach and range, its properties:
// finesse (the better of Strength and Dexterity), thrown (a ranged
// attack beyond reach, with the melee ability), versatile (its
// two-handed damage in a melee attack made in two hands, the grip said
// after the weapon), two-handed and ammunition (wieldable), heavy
// (disadvantage in a Small creature's hands). Loading and the
// ammunition spent are the attack action's (attack).
func weaponAttack(p Participant, name string, distance int, grip string) (rules.AttackRequest, error) {
	c := p.Combatant
	str, dex := c.Modifier(rules.Str), c.Modifier(rules.Dex)
	switch slug(name) {
	case "", "unarmed", "unarmed-strike":
		if distance > 5 {
			return rules.AttackRequest{}, refuse(OutOfRange, "action.distance", "an unarmed strike reaches 5 ft; the target is %d ft away", distance)
		}
		// Everyone is proficient with unarmed strikes.
		req := rules.AttackRequest{Kind: rules.MeleeWeapon, Weapon: unarmed, Ability: rules.Str,
			Damage:   []rules.DamageRoll{{Dice: flat(1 + str), Type: rules.Bludgeoning, Terms: []campaign.Term{{Value: 1, Source: "unarmed strike", Kind: campaign.TermBase}, abilityTerm(rules.Str, str)}}},
			Distance: distance}
		req.AddBonus(str, rules.Str.Name(), campaign.TermAbility)
		req.AddBonus(c.ProficiencyBonus, "proficiency", campaign.TermProficiency)
		p.wielding(srd.Weapon{}, &req)
		return req, nil
	}
	w, ok := lookupWeapon(name)
	switch {
	case !ok:
		return rules.AttackRequest{}, refuse(InvalidArgs, "action.weapon", "unknown weapon %q", truncate(name, 60))
	case !slices.Contains(p.Weapons, w.ID):
		return rules.AttackRequest{}, refuse(NotAllowed, "action.weapon", "%s does not carry %s", p.Name, aWeapon(w))
	case w.Damage == nil || w.Damage.Dice == "":
		return rules.AttackRequest{}, refuse(NotAllowed, "action.weapon", "%s deals no damage, and its other effects are not modelled", aWeapon(w))
	case grip != "" && grip != OneHanded && grip != TwoHanded:
		return rules.AttackRequest{}, refuse(InvalidArgs, "action.choice", "an attack's choice is its grip: %s or %s", OneHanded, TwoHanded)
	}
	if err := wieldable(p, w, grip); err != nil {
		return rules.AttackRequest{}, err
	}
	// A finesse weapon takes the better of the two, thrown or shot too (a
	// dart).
	finesse := slices.Contains(w.Properties, "finesse")
	mod, ability := str, rules.Str
	switch {
	case w.RangeType == "ranged" && !(finesse && str > dex):
		mod, ability = dex, rules.Dex
	case w.RangeType != "ranged" && finesse && dex > str:
		mod, ability = dex, rules.Dex
	}
	req := rules.AttackRequest{Weapon: aWeapon(w), Ability: ability, WeaponID: w.ID, Hands: 1}
	req.AddBonus(mod, ability.Name(), campaign.TermAbility)
	if proficient(p.Class, w) || campaign.TraitWeapons(c.Features, w.ID) {
		req.AddBonus(c.ProficiencyBonus, "proficiency with "+weaponName(w), campaign.TermProficiency)
	}
	if slices.Contains(w.Properties, "two-handed") {
		req.Hands = 2
	}
	reach := 5
	if slices.Contains(w.Properties, "reach") {
		reach = 10
	}
	switch {
	case w.RangeType == "ranged":
		req.Kind = rules.RangedWeapon
		atRange(&req, w.Range, distance)
	case distance <= reach:
		req.Kind, req.Reach, req.Distance = rules.MeleeWeapon, reach, distance
	case w.ThrowRange != nil:
		req.Kind = rules.RangedWeapon
		atRange(&req, w.ThrowRange, distance)
	default:
		return rules.AttackRequest{}, refuse(OutOfRange, "action.distance", "%s reaches %d ft; the target is %d ft away", aWeapon(w), reach, distance)
	}
	damage := w.Damage
	if w.TwoHandedDamage != nil && req.Kind == rules.MeleeWeapon {
		// The damage in two hands is a melee attack's: a spear thrown
		// deals its one-handed damage.
		if twoHands(p, w, grip) {
			damage, req.Hands = w.TwoHandedDamage, 2
			req.Weapon += " in two hands"
		} else {
			req.Weapon += " in one hand"
		}
	}
	// A magic weapon's bonus goes to both rolls (a +1 longsword).
	magic := p.Enchanted[w.ID]
	magicTerm := campaign.Term{Value: magic, Source: fmt.Sprintf("%+d %s", magic, weaponName(w)), Kind: campaign.TermItem}
	if magic != 0 {
		req.AddBonus(magic, magicTerm.Source, magicTerm.Kind)
	}
	if magic > 0 {
		// "a longsword in two hands" is "a +1 longsword in two hands".
		if article, rest, ok := strings.Cut(req.Weapon, " "); ok && (article == "a" || article == "an") {
			req.Weapon = fmt.Sprintf("a +%d %s", magic, rest)
		}
	}
	x, err := dice.Parse(withModifier(damage.Dice, mod+magic))
	if err != nil {
		return rules.AttackRequest{}, fault.Wrap(fault.Internal, actOp, err)
	}
	typ, _ := rules.ParseDamageType(damage.Type)
	req.Damage = []rules.DamageRoll{{Dice: x, Type: typ, Terms: []campaign.Term{abilityTerm(ability, mod), magicTerm}}}
	if slices.Contains(w.Properties, "heavy") && p.Size == "small" {
		// SRD: a heavy weapon is too big for a Small creature to use well.
		req.Disadvantage = append(req.Disadvantage, "a heavy weapon in Small hands")
	}
	p.wielding(w, &req)
	return req, inRange(req)
}

// wieldable refuses an attack with a weapon the character cannot make
// now: a two-handed weapon with a shield on its arm (the SRD's shield
// takes an action to doff, and a sheet's gear changes only between
// fights), or in one hand as asked; a versatile one asked for in two
// hands with a shield; one that shoots ammunition with none left. A grip
// asked of any other weapon changes nothing.
func wieldable(p Participant, w srd.Weapon, grip string) error {
	name := aWeapon(w)
	twoHanded := slices.Contains(w.Properties, "two-handed")
	switch {
	case twoHanded && grip == OneHanded:
		return refuse(NotAllowed, "action.choice", "%s needs both hands", name)
	case twoHanded && p.Shield:
		return refuse(NotAllowed, "action.weapon", "%s needs both hands to attack with %s, and has a shield on one arm: put the shield away between fights", p.Name, name)
	case w.TwoHandedDamage != nil && grip == TwoHanded && p.Shield:
		return refuse(NotAllowed, "action.choice", "%s has a shield on one arm, and so only one hand for %s", p.Name, name)
	}
	if a := ammunitionOf(w); a != "" && p.Ammo != nil && p.Ammo[a] < 1 {
		return refuse(NotAllowed, "action.weapon", "%s has no %s left to shoot from %s", p.Name, ammunitionNames(a), name)
	}
	return nil
}

// twoHands reports whether a versatile weapon is held in two hands: as
// the attack asks, or else whenever the other hand is free and the
// character fights without the Dueling style, since two hands then deal
// more and the engine has nothing else to hold in it (a
// versatile weapon is never light, so no off-hand attack follows it). A
// hand is busy with a shield, or with another weapon the sheet marks
// wielded (a second of a pair wielded too).
func twoHands(p Participant, w srd.Weapon, grip string) bool {
	switch {
	case grip != "":
		return grip == TwoHanded
	case p.Shield:
		return false
	case slices.ContainsFunc(p.Combatant.Features, func(id string) bool { return duelingStyles[id] }):
		return false // the Dueling style's +2 in one hand beats a bigger die
	}
	for _, id := range p.Wielded {
		if id != w.ID || slices.Contains(p.Pairs, id) {
			return false
		}
	}
	return true
}

// ammunition is what each SRD weapon with the ammunition property shoots,
// by gear id. A homebrew weapon missing here spends none.
var ammunition = map[string]string{
	"shortbow": "arrow", "longbow": "arrow",
	"crossbow-light": "crossbow-bolt", "crossbow-hand": "crossbow-bolt", "crossbow-heavy": "crossbow-bolt",
	"sling": "sling-bullet", "blowgun": "blowgun-needle",
}

// ammunitionOf is the ammunition an attack with w spends, "" for none.
func ammunitionOf(w srd.Weapon) string {
	if !slices.Contains(w.Properties, "ammunition") {
		return ""
	}
	return ammunition[w.ID]
}

// ammunitionNames are pieces of ammunition as a sentence says them:
// "arrows", "crossbow bolts".
func ammunitionNames(id string) string {
	name := strings.ReplaceAll(id, "-", " ")
	if g, ok := srd.LookupGear(id); ok {
		name = strings.ToLower(g.Name)
	}
	return name + "s"
}

// shoot spends a piece of the ammunition participant ai's weapon shoots,
// before an attack with it: false, said, when none is left, and the
// attack is not made. A weapon that shoots none, or a participant whose
// ammunition the encounter does not count, always shoots.
func (e *Encounter) shoot(res *Result, ai int, w srd.Weapon) bool {
	p := &e.Participants[ai]
	a := ammunitionOf(w)
	if a == "" || p.Ammo == nil {
		return true
	}
	if p.Ammo[a] < 1 {
		res.say(fmt.Sprintf("%s has no %s left.", p.Name, ammunitionNames(a)))
		return false
	}
	p.Ammo = maps.Clone(p.Ammo)
	p.Ammo[a]--
	return true
}

// loads is how many attacks an Attack action makes with a weapon: those
// Extra Attack gives (n), or one with a loading weapon, which takes the
// time of the whole action to load (SRD), told when it costs an attack.
func loads(res *Result, p Participant, w srd.Weapon, n int) int {
	if n <= 1 || !slices.Contains(w.Properties, "loading") {
		return n
	}
	res.say(fmt.Sprintf("%s %s is loaded after each shot: one attack with it this action.", possessive(p.Name), weaponName(w)))
	return 1
}

// wielding lets p's features change its attack with w (the zero Weapon:
// an unarmed strike), as classFeature.wield says.
func (p Participant) wielding(w srd.Weapon, req *rules.AttackRequest) {
	for _, f := range p.featureHooks() {
		if f.wield != nil {
			f.wield(p, w, req)
		}
	}
}

// proficient reports whether the class is proficient with the weapon. An
// unknown (homebrew) class is given the benefit of the doubt.
func proficient(class string, w srd.Weapon) bool {
	cl, ok := srd.LookupClass(class)
	if !ok {
		return true
	}
	return slices.Contains(cl.WeaponProficiencies, w.Category) || slices.Contains(cl.WeaponProficiencies, w.ID)
}

// atRange sets a ranged attack's ranges and distance; no distance means
// from within its normal range, not adjacent.
func atRange(req *rules.AttackRequest, r *srd.Range, distance int) {
	if r != nil {
		req.Range, req.LongRange = r.Normal, r.Long
	}
	if distance == 0 {
		distance = 30
		if r != nil && r.Normal > 5 {
			distance = r.Normal
		}
	}
	req.Distance = distance
}

// inRange refuses a ranged attack beyond its long range.
func inRange(req rules.AttackRequest) error {
	if req.Kind.Ranged() && req.LongRange > 0 && req.Distance > req.LongRange {
		return refuse(OutOfRange, "action.distance", "the target is %d ft away, beyond %s's %d ft range", req.Distance, req.Weapon, req.LongRange)
	}
	return nil
}

// withModifier is dice plus a signed modifier: "1d8+3", "1d4-1", "1d6".
func withModifier(d string, mod int) string {
	switch {
	case mod > 0:
		return d + "+" + strconv.Itoa(mod)
	case mod < 0:
		return d + strconv.Itoa(mod)
	}
	return d
}

// flat is a fixed amount as dice.
func flat(n int) dice.Expr {
	x, err := dice.Parse(strconv.Itoa(n))
	if err != nil {
		return dice.Expr{}
	}
	return x
}

// attacksPerAction is how many attacks a character's Attack action makes:
// Extra Attack gives a second at 5th level to the classes that have it,
// and the fighter a third at 11th and a fourth at 20th.
func attacksPerAction(class string, level int) int {
	switch {
	case class == "fighter" && level >= 20:
		return 4
	case class == "fighter" && level >= 11:
		return 3
	case level >= 5 && slices.Contains([]string{"fighter", "barbarian", "monk", "paladin", "ranger"}, class):
		return 2
	}
	return 1
}

// sneakDice is a rogue's Sneak Attack with the weapon named, if it may
// deal one this turn: a finesse or ranged weapon, the dice the class's
// sneak_attack_dice and sneak_attack_die counters give at its level (1d6
// at 1st, one more every odd level, 10d6 at 19th).
func sneakDice(p Participant, weapon string, req rules.AttackRequest) (dice.Expr, bool) {
	if p.Class != "rogue" || p.Turn.SneakUsed || p.Combatant.Level < 1 {
		return dice.Expr{}, false
	}
	w, ok := lookupWeapon(weapon)
	if !ok || (req.Kind != rules.RangedWeapon && !slices.Contains(w.Properties, "finesse")) {
		return dice.Expr{}, false
	}
	ch := campaign.Character{Class: p.Class, Level: p.Combatant.Level}
	n, die := int(campaign.ClassCounter(ch, "sneak_attack_dice")), int(campaign.ClassCounter(ch, "sneak_attack_die"))
	if n < 1 || die < 2 {
		return dice.Expr{}, false
	}
	x, err := dice.Parse(strconv.Itoa(n) + "d" + strconv.Itoa(die))
	return x, err == nil
}

// abilityTerm is an ability's modifier as a roll's working names it.
func abilityTerm(a rules.Ability, mod int) campaign.Term {
	return campaign.Term{Value: mod, Source: a.Name(), Kind: campaign.TermAbility}
}

// plusTerm is part with n more of its flat bonus, from source of kind, so
// the damage roll's working names it; the part as it was if the dice
// would not take it.
func plusTerm(part rules.DamageRoll, n int, source, kind string) rules.DamageRoll {
	x, err := dice.Parse(withModifier(part.Dice.String(), n))
	if err != nil || n == 0 {
		return part
	}
	part.Dice = x
	part.Terms = append(slices.Clip(part.Terms), campaign.Term{Value: n, Source: source, Kind: kind})
	return part
}
