package encounter

import (
	"slices"

	"chronicler/shared/campaign"
	"strconv"
	"strings"

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

// unarmed is how an attack request names an unarmed strike.
const unarmed = "an unarmed strike"

// weaponAttack is a character's attack with a weapon it carries, or an
// unarmed strike.
func weaponAttack(p Participant, name string, distance int) (rules.AttackRequest, error) {
	c := p.Combatant
	str, dex := c.Modifier(rules.Str), c.Modifier(rules.Dex)
	switch slug(name) {
	case "", "unarmed", "unarmed-strike":
		if distance > 5 {
			return rules.AttackRequest{}, refuse(OutOfRange, "action.distance", "an unarmed strike reaches 5 ft; the target is %d ft away", distance)
		}
		// Everyone is proficient with unarmed strikes.
		return rules.AttackRequest{Kind: rules.MeleeWeapon, Weapon: unarmed, Bonus: c.ProficiencyBonus + str, Ability: rules.Str,
			Damage:   []rules.DamageRoll{{Dice: flat(1 + str), Type: rules.Bludgeoning}},
			Distance: distance}, nil
	}
	w, ok := lookupWeapon(name)
	switch {
	case !ok:
		return rules.AttackRequest{}, refuse(InvalidArgs, "action.weapon", "unknown weapon %q", truncate(name, 60))
	case !slices.Contains(p.Weapons, w.ID):
		return rules.AttackRequest{}, refuse(NotAllowed, "action.weapon", "%s does not carry %s", p.Name, rules.Article(strings.ToLower(w.Name)))
	case w.Damage == nil || w.Damage.Dice == "":
		return rules.AttackRequest{}, refuse(NotAllowed, "action.weapon", "%s deals no damage, and its other effects are not modelled", rules.Article(strings.ToLower(w.Name)))
	}
	mod, ability := str, rules.Str
	switch {
	case w.RangeType == "ranged":
		mod, ability = dex, rules.Dex
	case slices.Contains(w.Properties, "finesse") && dex > str:
		mod, ability = dex, rules.Dex
	}
	bonus := mod
	if proficient(p.Class, w) {
		bonus += c.ProficiencyBonus
	}
	x, err := dice.Parse(withModifier(w.Damage.Dice, mod))
	if err != nil {
		return rules.AttackRequest{}, fault.Wrap(fault.Internal, actOp, err)
	}
	typ, _ := rules.ParseDamageType(w.Damage.Type)
	req := rules.AttackRequest{Weapon: rules.Article(strings.ToLower(w.Name)), Bonus: bonus, Ability: ability,
		Damage: []rules.DamageRoll{{Dice: x, Type: typ}}}
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
		return rules.AttackRequest{}, refuse(OutOfRange, "action.distance", "%s reaches %d ft; the target is %d ft away", rules.Article(strings.ToLower(w.Name)), reach, distance)
	}
	return req, inRange(req)
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
