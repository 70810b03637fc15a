package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// The racial traits in a fight.
var raceFeatures = map[string]classFeature{
	"lucky": {where: "rules: Combatant.Lucky; breath.go: a failed save's reroll"},
	// Dwarven Combat Training, Elf Weapon Training: proficiency with
	// their weapons whatever the class (campaign.TraitWeapons).
	"dwarven-combat-training": {where: "weapon.go: weaponAttack asks campaign.TraitWeapons"},
	"elf-weapon-training":     {where: "weapon.go: weaponAttack asks campaign.TraitWeapons"},
	// Darkvision: darkness is dim light to it (light.go).
	Darkvision: {where: "light.go: seesInDark"},
	// Savage Attacks: a melee weapon critical hit rolls one more of the
	// weapon's damage dice.
	"savage-attacks": {attack: savageAttacks},
	// Relentless Endurance: once per long rest, a half-orc dropped to 0
	// hit points and not killed outright drops to 1 instead.
	"relentless-endurance": {damaged: relentless},
	// Breath Weapon: an action, once per short rest: the ancestry's
	// damage on the creatures named in its area, a save for half.
	"breath-weapon": {use: breathWeapon},
	// Infernal Legacy: Hellish Rebuke once a day from 3rd level (a
	// reaction, reaction.go), Darkness once a day from 5th (its use).
	"infernal-legacy": {use: infernalDarkness},
}

func savageAttacks(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	if e.Participants[ai].Form == nil && req.Kind == rules.MeleeWeapon && req.Weapon != unarmed {
		req.CriticalDice++
	}
}

// relentless answers a drop to 0 hit points: with the use left, and the
// half-orc alive at 0 (not killed outright), it is at 1 and on its feet.
func relentless(e *Encounter, res *Result, ti int, d rules.DamageResult, _ dice.Source) error {
	p := &e.Participants[ti]
	c := &p.Combatant
	const pool = "relentless-endurance"
	if !d.Dropped || c.Dead || c.HP != 0 || p.left(pool) < 1 {
		return nil
	}
	ch := []rules.Change{{TargetID: p.ID, Field: rules.FieldHP, From: 0, To: 1}}
	for _, cond := range []rules.Condition{rules.Unconscious, rules.Prone} {
		if c.Conditions.Has(cond) && slices.ContainsFunc(d.Changes, func(x rules.Change) bool {
			return x.Field == rules.FieldCondition && x.To == cond
		}) {
			ch = append(ch, rules.Change{TargetID: p.ID, Field: rules.FieldCondition, From: cond, To: rules.Condition(0)})
		}
	}
	if err := e.apply(ch); err != nil {
		return err
	}
	p = &e.Participants[ti]
	used := p.Pools[pool]
	used.Used++
	p.Pools = clonePools(p.Pools)
	p.Pools[pool] = used
	res.Changes = append(res.Changes, ch...)
	res.say(p.Name + " refuses to fall (Relentless Endurance) and stays up at 1 HP.")
	return nil
}

// clonePools copies a participant's pools before one is written.
func clonePools(m map[string]campaign.Pool) map[string]campaign.Pool {
	out := make(map[string]campaign.Pool, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// breathDice are a dragonborn's breath weapon's damage dice at level:
// 2d6, 3d6 from 6th, 4d6 from 11th, 5d6 from 16th.
func breathDice(level int) string {
	switch {
	case level >= 16:
		return "5d6"
	case level >= 11:
		return "4d6"
	case level >= 6:
		return "3d6"
	}
	return "2d6"
}

// breathWeapon is a dragonborn's breath on the creatures named (the fight
// keeps no positions: the player names those its line or cone catches):
// one damage roll of its ancestry's type, and each makes the ancestry's
// save against DC 8 + Constitution + proficiency, taking half on a
// success.
func breathWeapon(e *Encounter, res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	anc, ok := campaign.AncestryIn(p.Combatant.Features)
	if !ok {
		return refuse(NotAllowed, "action.feature", "%s has chosen no draconic ancestry, which the breath's damage comes from", p.Name)
	}
	ids := slices.Clone(in.TargetIDs)
	if in.TargetID != "" && !slices.Contains(ids, in.TargetID) {
		ids = append(ids, in.TargetID)
	}
	if len(ids) == 0 {
		return refuse(InvalidArgs, "action.target_ids", "name the creatures in %s", anc.Area)
	}
	for _, id := range ids {
		ti := e.index(id)
		switch {
		case ti < 0:
			return refuse(InvalidArgs, "action.target_ids", "no participant %q", truncate(id, 60))
		case ti == ai:
			return refuse(InvalidArgs, "action.target_ids", "%s's breath is not in its own area", p.Name)
		case e.Participants[ti].Defeated:
			return refuse(NotAllowed, "action.target_ids", "%s is already dead", e.Participants[ti].Name)
		case e.elsewhere(id):
			return refuse(NotAllowed, "action.target_ids", "%s", e.unreachable(ti))
		}
	}
	ability, _ := rules.ParseAbility(anc.Save)
	typ, _ := rules.ParseDamageType(anc.Damage)
	c := p.Combatant
	dc := 8 + c.Modifier(rules.Con) + c.ProficiencyBonus
	res.say(fmt.Sprintf("%s breathes %s in %s: DC %d %s saving throw.", p.Name, anc.Damage, anc.Area, dc, ability.Name()))
	x := dice.MustParse(breathDice(c.Level))
	dmg, rolls := rules.RollDamage(p.ID, []rules.DamageRoll{{Dice: x, Type: typ}}, false, src)
	res.Rolls = append(res.Rolls, rolls...)
	for _, id := range ids {
		ti := e.index(id)
		t := e.Participants[ti]
		sv, err := e.save(res, ti, saveCall{ability: ability, dc: dc, against: []string{"seen", anc.Damage},
			reason: fmt.Sprintf("%s saving throw against %s's breath", ability.Name(), p.Name)}, src)
		if err != nil {
			return err
		}
		res.Changes = append(res.Changes, sv.Changes...)
		res.say(sv.Summary())
		hit, _ := t.Combatant.SavedDamage(dmg, ability, sv.Success, true)
		if len(hit) == 0 {
			continue
		}
		if err := e.areaDamage(res, ai, ti, hit, src); err != nil {
			return err
		}
	}
	return e.reveal(res, ai, attacked, true)
}

// Infernal Legacy's spells, each once per long rest, cast with Charisma.
const (
	poolRebuke   = "infernal-rebuke"
	poolDarkness = "infernal-darkness"
)

// infernalDarkness casts Darkness from a tiefling's Infernal Legacy (5th
// level, once a day): the action, its use, no slot.
func infernalDarkness(e *Encounter, res *Result, ai int, in Action, src dice.Source) error {
	p := e.Participants[ai]
	switch {
	case in.Choice != "" && !strings.EqualFold(in.Choice, "darkness"):
		return refuse(InvalidArgs, "action.choice", "Infernal Legacy casts Darkness on a turn (choice \"darkness\"); Hellish Rebuke is a reaction, offered when %s is hurt", p.Name)
	case p.left(poolDarkness) < 1:
		return refuse(NotAllowed, "action.feature", "%s has no Darkness left from Infernal Legacy (5th level; a long rest brings it back)", p.Name)
	}
	pools := clonePools(p.Pools)
	used := pools[poolDarkness]
	used.Used++
	pools[poolDarkness] = used
	e.Participants[ai].Pools = pools
	sr, err := e.castAt(res, ai, "darkness", 2, nil, spell.Options{Ability: rules.Cha, Innate: true}, src)
	if err != nil {
		return err
	}
	res.say(sr.Summary())
	return nil
}
