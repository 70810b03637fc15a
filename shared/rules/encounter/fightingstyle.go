package encounter

import (
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// The fighting styles, of every class that chooses one (the fighter at
// 1st level and a champion's second at 10th; the paladin and the ranger
// at 2nd): a style is the option row its character chose
// (campaign.FeaturesOf), one id per class that offers it, played alike.
// Defense (+1 AC in armour) is the sheet's (campaign.ArmorClass).
var fightingStyles = map[string]classFeature{
	// The feature that asks for the choice plays through the chosen
	// style's row.
	"fighter-fighting-style":    {where: "fightingstyle.go: the chosen style's row"},
	"paladin-fighting-style":    {where: "fightingstyle.go: the chosen style's row"},
	"ranger-fighting-style":     {where: "fightingstyle.go: the chosen style's row"},
	"additional-fighting-style": {where: "fightingstyle.go: the chosen style's row"},
	// Archery: +2 to attack rolls with ranged weapons.
	"fighter-fighting-style-archery": {attack: archery},
	"ranger-fighting-style-archery":  {attack: archery},
	// Dueling: +2 damage with a melee weapon wielded in one hand and no
	// other weapon.
	"fighter-fighting-style-dueling": {attack: dueling},
	"fighting-style-dueling":         {attack: dueling},
	"ranger-fighting-style-dueling":  {attack: dueling},
	// Great Weapon Fighting: damage dice of 1 or 2 rolled again (once,
	// the new face kept) on an attack with a melee weapon held in two
	// hands, which must be two-handed or versatile.
	"fighter-fighting-style-great-weapon-fighting": {attack: greatWeapon},
	"fighting-style-great-weapon-fighting":         {attack: greatWeapon},
	// Protection: a reaction, with a shield, giving disadvantage to an
	// attack on an ally within 5 feet.
	"fighter-fighting-style-protection": {reaction: protection},
	"fighting-style-protection":         {reaction: protection},
	// Two-Weapon Fighting: the ability modifier added to the off-hand
	// attack's damage.
	"fighter-fighting-style-two-weapon-fighting": {attack: twoWeapon},
	"ranger-fighting-style-two-weapon-fighting":  {attack: twoWeapon},
}

// styleWeapon is the SRD weapon a character's attack req is made with,
// among those it carries (as weaponAttack names it, "a longsword", with
// offHandText after it for an off-hand attack); false for an unarmed
// strike.
func styleWeapon(p Participant, req rules.AttackRequest) (srd.Weapon, bool) {
	if req.WeaponID == "" || !slices.Contains(p.Weapons, req.WeaponID) {
		return srd.Weapon{}, false
	}
	return srd.LookupWeapon(req.WeaponID)
}

// duelingStyles are the Dueling styles' rows.
var duelingStyles = map[string]bool{"fighter-fighting-style-dueling": true, "fighting-style-dueling": true, "ranger-fighting-style-dueling": true}

// alone reports whether weapon id is the only weapon the character
// wields: its sheet marks no other wielded (one that marks none holds
// only the weapon it attacks with).
func alone(p Participant, id string) bool {
	return !slices.ContainsFunc(p.Wielded, func(w string) bool { return w != id })
}

func archery(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	if w, ok := styleWeapon(e.Participants[ai], *req); ok && w.RangeType == "ranged" && req.Kind == rules.RangedWeapon {
		req.AddBonus(2, "Archery", campaign.TermFeature)
	}
}

// oneHanded reports whether the character's melee attack req is made with
// a weapon in one hand and no other: not two-handed, not off-hand, the
// only weapon it wields. A versatile weapon counts as in one hand, as the
// fight rolls its one-handed damage.
func oneHanded(p Participant, req rules.AttackRequest) bool {
	w, ok := styleWeapon(p, req)
	return ok && req.Kind == rules.MeleeWeapon && !req.OffHand && req.Hands == 1 && alone(p, w.ID)
}

func dueling(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	if oneHanded(e.Participants[ai], *req) {
		namedDamage(req, 2, "Dueling", campaign.TermFeature)
	}
}

// greatWeapon rerolls the low damage dice of a melee attack with a
// two-handed weapon, or a versatile one held alone without a shield, and
// without Dueling's bonus on it: a character with both styles holding a
// versatile weapon is taken to hold it in one hand, as its damage is
// rolled.
func greatWeapon(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	p := e.Participants[ai]
	w, ok := styleWeapon(p, *req)
	if !ok || req.Kind != rules.MeleeWeapon {
		return
	}
	if req.Hands == 2 && !req.OffHand && slices.Contains(p.Weapons, w.ID) {
		req.RerollDamageBelow = max(req.RerollDamageBelow, 3)
	}
}

func twoWeapon(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	if !req.OffHand {
		return
	}
	// The off hand's damage already holds a negative modifier.
	if mod := e.Participants[ai].Combatant.Modifier(req.Ability); mod > 0 {
		namedDamage(req, mod, req.Ability.Name()+" (Two-Weapon Fighting)", campaign.TermAbility)
	}
}

// protection is the Protection style's reaction.
var protection = &featureReaction{offer: protectOffer, before: protect}

// protectOffer offers Protection to a character with a shield (pi) beside
// the ally that attack r hit: with disadvantage it may miss.
func protectOffer(e Encounter, pi int, r rules.AttackResult) (string, bool) {
	p := e.Participants[pi]
	ti := e.index(r.TargetID)
	if ti < 0 || ti == pi || !p.Shield || !r.Hit || e.Participants[ti].Kind != p.Kind || !e.beside(pi, ti) {
		return "", false
	}
	return ChangesUnknown, true
}

func protect(e *Encounter, _ *Result, pi, ti int, req *rules.AttackRequest) error {
	p := e.Participants[pi]
	switch {
	case pi == ti || e.Participants[ti].Kind != p.Kind:
		return refuse(NotAllowed, "reaction", "Protection guards an ally, not its fighter")
	case !p.Shield:
		return refuse(NotAllowed, "reaction", "Protection needs a shield, and %s carries none", p.Name)
	case !e.beside(pi, ti):
		return refuse(NotAllowed, "reaction", "%s is not within 5 ft of %s", p.Name, e.Participants[ti].Name)
	}
	req.Disadvantage = append(slices.Clip(req.Disadvantage), "Protection")
	return nil
}
