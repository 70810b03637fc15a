package srd

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"

	"chronicler/shared/fault"
)

const validateOp = "validate overrides"

var (
	idPattern = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)
	// dicePattern is the notation the data uses: "2d6", "1d8+3", "1d4-1" or
	// a flat "20".
	dicePattern    = regexp.MustCompile(`^(?:[1-9][0-9]{0,2}d[1-9][0-9]{0,2}(?:[+-][0-9]{1,4})?|[0-9]{1,4})$`)
	hitDicePattern = regexp.MustCompile(`^[1-9][0-9]{0,2}d(?:4|6|8|10|12|20)$`)

	abilities   = set("str", "dex", "con", "int", "wis", "cha")
	schools     = set("abjuration", "conjuration", "divination", "enchantment", "evocation", "illusion", "necromancy", "transmutation")
	damageTypes = set("acid", "bludgeoning", "cold", "fire", "force", "lightning", "necrotic", "piercing", "poison", "psychic", "radiant", "slashing", "thunder")
	areaTypes   = set("cone", "cube", "cylinder", "line", "sphere")
	sizes       = set("Tiny", "Small", "Medium", "Large", "Huge", "Gargantuan")
	speedModes  = set("walk", "fly", "swim", "climb", "burrow")
	skills      = set("acrobatics", "animal-handling", "arcana", "athletics", "deception", "history", "insight", "intimidation",
		"investigation", "medicine", "nature", "perception", "performance", "persuasion", "religion", "sleight-of-hand", "stealth", "survival")
	weaponProperties = set("ammunition", "finesse", "heavy", "light", "loading", "monk", "reach", "special", "thrown", "two-handed", "versatile")
	usageTypes       = set("per_day", "recharge", "recharge_after_rest", "at_will")
	challengeRatings = func() map[float64]bool {
		m := map[float64]bool{0: true, 0.125: true, 0.25: true, 0.5: true}
		for cr := 1; cr <= 30; cr++ {
			m[float64(cr)] = true
		}
		return m
	}()
)

func set(items ...string) map[string]bool {
	m := make(map[string]bool, len(items))
	for _, it := range items {
		m[it] = true
	}
	return m
}

// checker records the first failed check as an Invalid fault naming the
// field by its path ("spells.fireball.damage.by_slot_level.3").
type checker struct {
	err error
}

func (c *checker) check(ok bool, field, format string, args ...any) bool {
	if !ok && c.err == nil {
		c.err = fault.Field(validateOp, field, format, args...)
	}
	return ok
}

func (c *checker) inRange(v, lo, hi int, field string) {
	c.check(v >= lo && v <= hi, field, "must be from %d to %d, got %d", lo, hi, v)
}

func (c *checker) oneOf(v string, allowed map[string]bool, field string) {
	c.check(allowed[v], field, "must be one of %v, got %q", slices.Sorted(maps.Keys(allowed)), v)
}

func (c *checker) required(v, field string) {
	c.check(v != "", field, "is required")
}

func (c *checker) dice(v, field string) {
	c.check(dicePattern.MatchString(v), field, "must be dice like 2d6 or 1d8+3, got %q", v)
}

// Validate checks every override and returns an Invalid fault naming the
// first bad field, visiting kinds (spells, monsters, weapons) and ids in
// sorted order so the same overrides always report the same field.
func (o Overrides) Validate() error {
	c := &checker{}
	for _, id := range slices.Sorted(maps.Keys(o.Spells)) {
		c.spell(id, o.Spells[id], "spells."+id)
	}
	for _, id := range slices.Sorted(maps.Keys(o.Monsters)) {
		c.monster(id, o.Monsters[id], "monsters."+id)
	}
	for _, id := range slices.Sorted(maps.Keys(o.Weapons)) {
		c.weapon(id, o.Weapons[id], "weapons."+id)
	}
	return c.err
}

func (c *checker) id(key, id, at string) {
	if c.check(idPattern.MatchString(key), at, "id must be lowercase words joined by hyphens") {
		c.check(id == key, at+".id", "must match its key %q, got %q", key, id)
	}
}

func (c *checker) spell(key string, s Spell, at string) {
	c.id(key, s.ID, at)
	c.required(s.Name, at+".name")
	c.inRange(s.Level, 0, 9, at+".level")
	c.oneOf(s.School, schools, at+".school")
	c.required(s.CastingTime, at+".casting_time")
	c.required(s.Duration, at+".duration")
	c.required(s.Range.Text, at+".range.text")
	if s.Range.Feet != nil {
		c.check(*s.Range.Feet >= 0, at+".range.feet", "must not be negative")
	}
	for i, comp := range s.Components {
		c.oneOf(comp, set("V", "S", "M"), at+".components."+strconv.Itoa(i))
		c.check(!slices.Contains(s.Components[:i], comp), at+".components."+strconv.Itoa(i), "%s is listed twice", comp)
	}
	c.oneOf(s.AttackType, set("", "melee", "ranged"), at+".attack_type")
	if s.Damage != nil {
		c.spellDamage(s, s.Damage, at+".damage")
	}
	if s.ExtraDamage != nil {
		c.check(s.Damage != nil, at+".extra_damage", "needs damage as well")
		c.spellDamage(s, s.ExtraDamage, at+".extra_damage")
	}
	if s.HealAtSlotLevel != nil {
		c.check(s.Level > 0, at+".heal_at_slot_level", "a cantrip has no slot level")
		c.levels(s.HealAtSlotLevel, s.Level, 9, at+".heal_at_slot_level")
	}
	if s.Save != nil {
		c.oneOf(s.Save.Ability, abilities, at+".save.ability")
		c.oneOf(s.Save.OnSuccess, set("half", "none", "other"), at+".save.on_success")
	}
	if s.Area != nil {
		c.oneOf(s.Area.Type, areaTypes, at+".area.type")
		c.inRange(s.Area.Size, 1, 100_000, at+".area.size") // Forbiddance covers 40,000
	}
}

func (c *checker) spellDamage(s Spell, d *SpellDamage, at string) {
	if d.Type != "" {
		c.oneOf(d.Type, damageTypes, at+".type")
	}
	if s.Level == 0 {
		c.check(len(d.BySlotLevel) == 0, at+".by_slot_level", "a cantrip scales by character level")
		c.check(len(d.ByCharacterLevel) > 0, at+".by_character_level", "is required for a cantrip")
		c.levels(d.ByCharacterLevel, 1, 20, at+".by_character_level")
		return
	}
	c.check(len(d.ByCharacterLevel) == 0, at+".by_character_level", "only cantrips scale by character level")
	c.check(len(d.BySlotLevel) > 0, at+".by_slot_level", "is required")
	c.levels(d.BySlotLevel, s.Level, 9, at+".by_slot_level")
}

func (c *checker) levels(m map[int]string, lo, hi int, at string) {
	for _, l := range slices.Sorted(maps.Keys(m)) {
		field := at + "." + strconv.Itoa(l)
		c.check(l >= lo && l <= hi, field, "level must be from %d to %d", lo, hi)
		c.dice(m[l], field)
	}
}

func (c *checker) monster(key string, m Monster, at string) {
	c.id(key, m.ID, at)
	c.required(m.Name, at+".name")
	c.oneOf(m.Size, sizes, at+".size")
	c.required(m.Type, at+".type")
	c.inRange(m.AC, 1, 40, at+".ac")
	c.inRange(m.HP, 1, 9999, at+".hp")
	c.check(hitDicePattern.MatchString(m.HitDice), at+".hit_dice", "must be dice like 7d8, got %q", m.HitDice)
	if m.HPRoll != "" {
		c.dice(m.HPRoll, at+".hp_roll")
	}
	c.check(len(m.Speed) > 0, at+".speed", "is required")
	for _, mode := range slices.Sorted(maps.Keys(m.Speed)) {
		c.oneOf(mode, speedModes, at+".speed")
		c.inRange(m.Speed[mode], 0, 1000, at+".speed."+mode)
	}
	scores := []struct {
		ab string
		v  int
	}{{"str", m.Abilities.Str}, {"dex", m.Abilities.Dex}, {"con", m.Abilities.Con}, {"int", m.Abilities.Int}, {"wis", m.Abilities.Wis}, {"cha", m.Abilities.Cha}}
	for _, s := range scores {
		c.inRange(s.v, 1, 30, at+".abilities."+s.ab)
	}
	for _, ab := range slices.Sorted(maps.Keys(m.Saves)) {
		c.oneOf(ab, abilities, at+".saves")
		c.inRange(m.Saves[ab], -5, 30, at+".saves."+ab)
	}
	for _, sk := range slices.Sorted(maps.Keys(m.Skills)) {
		c.oneOf(sk, skills, at+".skills")
		c.inRange(m.Skills[sk], -5, 30, at+".skills."+sk)
	}
	for i, cond := range m.ConditionImmunities {
		_, ok := LookupCondition(cond)
		c.check(ok, at+".condition_immunities."+strconv.Itoa(i), "unknown condition %q", cond)
	}
	c.inRange(m.Senses.PassivePerception, 1, 50, at+".senses.passive_perception")
	c.check(challengeRatings[m.CR], at+".cr", "must be 0, 0.125, 0.25, 0.5 or a whole number from 1 to 30, got %v", m.CR)
	c.inRange(m.XP, 0, 1_000_000, at+".xp")
	c.inRange(m.ProficiencyBonus, 2, 9, at+".proficiency_bonus")
	lists := []struct {
		name string
		list []Action
	}{
		{"special_abilities", m.SpecialAbilities},
		{"actions", m.Actions},
		{"reactions", m.Reactions},
		{"legendary_actions", m.LegendaryActions},
	}
	for _, l := range lists {
		for i, a := range l.list {
			c.action(a, l.name == "legendary_actions", fmt.Sprintf("%s.%s.%d", at, l.name, i))
		}
	}
	// A Charge's attacks are the monster's own.
	has := func(id string) bool {
		return slices.ContainsFunc(m.Actions, func(a Action) bool { return a.ID == id && a.AttackBonus != nil })
	}
	for i, a := range m.SpecialAbilities {
		where := fmt.Sprintf("%s.special_abilities.%d", at, i)
		if a.Follows != "" {
			c.check(has(a.Follows), where+".follows", "names none of the monster's attacks: %q", a.Follows)
		}
		if a.Then != "" {
			c.check(has(a.Then), where+".then", "names none of the monster's attacks: %q", a.Then)
		}
	}
}

// spellcasting checks a monster's spellcasting as the engine casts from
// it: an ability, a DC and attack bonus a spell can use, slots of levels
// 1 to 9, and SRD spells (at will or a few times a day when innate).
func (c *checker) spellcasting(sc Spellcasting, at string) {
	c.oneOf(sc.Ability, abilities, at+".ability")
	c.inRange(sc.DC, 0, 30, at+".dc")
	c.inRange(sc.AttackBonus, 0, 20, at+".attack_bonus")
	c.inRange(sc.Level, 0, 20, at+".level")
	for _, lvl := range slices.Sorted(maps.Keys(sc.Slots)) {
		field := at + ".slots." + strconv.Itoa(lvl)
		c.check(lvl >= 1 && lvl <= 9, field, "a slot level is 1 to 9")
		c.inRange(sc.Slots[lvl], 0, 9, field)
	}
	for i, sp := range sc.Spells {
		field := fmt.Sprintf("%s.spells.%d", at, i)
		_, ok := LookupSpell(sp.ID)
		c.check(ok, field+".id", "unknown spell %q", sp.ID)
		c.inRange(sp.Level, 0, 9, field+".level")
		if u := sp.Usage; u != nil {
			c.oneOf(u.Type, set("at_will", "per_day"), field+".usage.type")
			if u.Type == "per_day" {
				c.inRange(u.Times, 1, 10, field+".usage.times")
			}
		}
	}
}

func (c *checker) action(a Action, legendary bool, at string) {
	c.required(a.Name, at+".name")
	c.check(idPattern.MatchString(a.ID), at+".id", "must be lowercase words joined by hyphens, got %q", a.ID)
	if a.AttackBonus != nil {
		c.inRange(*a.AttackBonus, -5, 30, at+".attack_bonus")
		c.oneOf(a.AttackType, set("melee", "ranged", "melee_or_ranged"), at+".attack_type")
	}
	if a.Range != nil {
		c.check(a.Range.Normal > 0 && (a.Range.Long == 0 || a.Range.Long >= a.Range.Normal), at+".range", "needs normal > 0 and long >= normal")
	}
	for i, d := range a.Damage {
		c.damage(d, fmt.Sprintf("%s.damage.%d", at, i))
	}
	if a.DC != nil {
		c.dc(*a.DC, at+".dc")
	}
	if a.Usage != nil {
		c.oneOf(a.Usage.Type, usageTypes, at+".usage.type")
		switch a.Usage.Type {
		case "per_day":
			c.inRange(a.Usage.Times, 1, 10, at+".usage.times")
		case "recharge":
			c.inRange(a.Usage.RechargeMin, 2, 6, at+".usage.recharge_min")
		}
	}
	if m := a.Multiattack; m != nil {
		for _, name := range slices.Sorted(maps.Keys(m.Actions)) {
			c.inRange(m.Actions[name], 1, 20, at+".multiattack.actions."+name)
		}
	}
	if a.Spellcasting != nil {
		c.spellcasting(*a.Spellcasting, at+".spellcasting")
	}
	if legendary {
		c.inRange(a.Cost, 1, 3, at+".cost")
	} else {
		c.check(a.Cost == 0, at+".cost", "only legendary actions have a cost")
	}
	c.inRange(a.Amount, 0, 100, at+".amount")
	if a.Dice != "" {
		c.dice(a.Dice, at+".dice")
	}
	c.check(len(a.StoppedBy) <= 4, at+".stopped_by", "lists at most 4 damage types")
	for i, typ := range a.StoppedBy {
		c.oneOf(typ, damageTypes, fmt.Sprintf("%s.stopped_by.%d", at, i))
	}
	c.check(len(a.OnHit) <= 4, at+".on_hit", "lists at most 4 conditions")
	for i, hc := range a.OnHit {
		// A Charge's conditions go with the attack it follows.
		c.hitCondition(hc, a.AttackBonus != nil || a.Follows != "", fmt.Sprintf("%s.on_hit.%d", at, i))
	}
	c.check(a.Then == "" || a.Follows != "", at+".then", "goes with follows")
	if d := a.Drain; d != nil {
		c.check(a.AttackBonus != nil, at+".drain", "goes with an attack roll")
		if d.Save != nil {
			c.dc(*d.Save, at+".drain.save")
		}
		if d.Type != "" {
			c.oneOf(d.Type, damageTypes, at+".drain.type")
		}
	}
	if w := a.Swallow; w != nil {
		c.swallow(*w, a.AttackBonus != nil, at+".swallow")
	}
	if o := a.Ongoing; o != nil {
		c.ongoing(*o, a.AttackBonus != nil, at+".ongoing")
	}
	if d := a.Downs; d != nil {
		c.check(a.AttackBonus != nil, at+".downs", "goes with an attack roll")
		if d.Type != "" {
			c.oneOf(d.Type, damageTypes, at+".downs.type")
		}
		c.oneOf(d.Condition, hitConditions, at+".downs.condition")
		c.check(d.Duration != "", at+".downs.duration", "is required")
		c.oneOf(d.Duration, hitDurations, at+".downs.duration")
		if d.While != "" {
			c.oneOf(d.While, hitConditions, at+".downs.while")
		}
	}
	if f := a.Affliction; f != nil {
		c.affliction(*f, a.AttackBonus != nil, at+".affliction")
	}
	if a.Move != nil || a.Lure != nil {
		c.positions(a, at) // validate_positions.go
	}
	if a.Call != nil {
		c.call(a, at) // validate_beings.go
	}
	c.boons(a, at)      // validate_boons.go
	c.hindrances(a, at) // validate_hindrances.go
	if sl := a.Slays; sl != nil {
		c.check(a.AttackBonus != nil, at+".slays", "goes with an attack roll")
		c.inRange(sl.HP, 1, 1000, at+".slays.hp")
		c.dc(sl.Save, at+".slays.save")
	}
	if a.Aura != nil {
		c.aura(a, at+".aura")
	}
	if a.Flinch != nil {
		c.flinch(*a.Flinch, at+".flinch")
	}
	c.check(len(a.Inflicts) <= 4, at+".inflicts", "lists at most 4 conditions")
	for i, hc := range a.Inflicts {
		where := fmt.Sprintf("%s.inflicts.%d", at, i)
		c.check(a.AttackBonus == nil && a.DC != nil, where, "goes with an action that forces a save and makes no attack roll")
		own := hc
		if a.DC != nil {
			save := *a.DC // the action's save is the condition's, whatever a success does to its damage
			save.Success = "none"
			own.Save = &save
		}
		c.hitCondition(own, true, where)
		c.check(hc.Save == nil && hc.Escape == 0 && hc.Condition != "grappled", where, "the action's own save decides it: no save, escape or grapple of its own")
	}
	for i, o := range a.Options {
		c.action(o, false, fmt.Sprintf("%s.options.%d", at, i))
	}
	for i, s := range a.Stages {
		c.action(s, false, fmt.Sprintf("%s.stages.%d", at, i))
	}
}

// hitConditions are the conditions a hit may put on its target.
var hitConditions = set("blinded", "charmed", "deafened", "frightened", "grappled", "incapacitated", "paralyzed",
	"petrified", "poisoned", "prone", "restrained", "stunned", "unconscious")

// hitDurations are the durations a hit's condition may last.
var hitDurations = set("", "1 minute", "1 hour", "24 hours", "its next turn", "the source's next turn")

func (c *checker) hitCondition(hc HitCondition, attack bool, at string) {
	c.check(attack, at, "goes with an attack roll only")
	c.oneOf(hc.Condition, hitConditions, at+".condition")
	if hc.Save != nil {
		c.oneOf(hc.Save.Ability, abilities, at+".save.ability")
		c.inRange(hc.Save.Value, 1, 30, at+".save.value")
		c.check(hc.Save.Success == "" || hc.Save.Success == "none", at+".save.success", "must be none (a save avoids the condition)")
	}
	c.oneOf(hc.Duration, hitDurations, at+".duration")
	c.check(!hc.Repeat || hc.Save != nil, at+".repeat", "needs a save to repeat")
	if hc.Condition == "grappled" {
		c.inRange(hc.Escape, 1, 30, at+".escape")
	} else {
		c.check(hc.Escape == 0 || hc.Condition == "restrained" || hc.Advantage, at+".escape", "goes with grappled, restrained or an attachment only")
		c.inRange(hc.Escape, 0, 30, at+".escape")
		c.check(!hc.Restrained, at+".restrained", "goes with grappled only")
		c.check(!hc.Blinded, at+".blinded", "goes with grappled only")
	}
	if hc.MaxSize != "" {
		c.oneOf(hc.MaxSize, set("tiny", "small", "medium", "large", "huge"), at+".max_size")
	}
	c.except(hc.Except, at+".except")
	if sl := hc.Sleep; sl != nil {
		c.check(hc.Save != nil, at+".sleep", "needs a save to fail")
		c.inRange(sl.FailBy, 0, 30, at+".sleep.fail_by")
		c.inRange(sl.AtMost, 0, 30, at+".sleep.at_most")
		c.check(sl.Duration == "" || hitDurations[sl.Duration] || sleepDice.MatchString(sl.Duration), at+".sleep.duration",
			"must be a hit's duration or dice of minutes (\"1d10 minutes\")")
	}
	if hc.Worsens != "" {
		c.check(hc.Save != nil && !hc.Repeat, at+".worsens", "needs a save, repeated once")
		c.oneOf(hc.Worsens, hitConditions, at+".worsens")
		c.oneOf(hc.WorsensFor, hitDurations, at+".worsens_for")
	} else {
		c.check(hc.WorsensFor == "", at+".worsens_for", "goes with worsens only")
	}
}

// sleepDice is a sleep's rolled duration: "1d10 minutes".
var sleepDice = regexp.MustCompile(`^[1-9]d(?:4|6|8|10|12) minutes$`)

func (c *checker) except(kinds []string, at string) {
	c.check(len(kinds) <= 4, at, "lists at most 4 kinds")
	for i, x := range kinds {
		c.check(idPattern.MatchString(x) && len(x) <= 40, fmt.Sprintf("%s.%d", at, i), "must be a race or creature type id, got %q", x)
	}
}

func (c *checker) ongoing(o Ongoing, attack bool, at string) {
	c.check(attack, at, "goes with an attack roll")
	c.check(o.Name != "" && len(o.Name) <= 40, at+".name", "is required, at most 40 bytes")
	c.check(hitDicePattern.MatchString(o.Dice), at+".dice", "must be dice (\"1d10\"), got %q", o.Dice)
	if o.Type != "" {
		c.oneOf(o.Type, damageTypes, at+".type")
	}
	if o.Save != nil {
		c.dc(*o.Save, at+".save")
	}
	if o.Shake != nil {
		c.dc(*o.Shake, at+".shake")
	}
	if o.Stanch != nil {
		c.oneOf(o.Stanch.Ability, abilities, at+".stanch.ability")
		if o.Stanch.Skill != "" {
			c.oneOf(o.Stanch.Skill, skills, at+".stanch.skill")
		}
		c.inRange(o.Stanch.DC, 1, 30, at+".stanch.dc")
	}
	c.except(o.Except, at+".except")
	if o.While != "" {
		c.oneOf(o.While, set("grappled", "poisoned"), at+".while")
	}
}

// swallow checks a swallowing: something sets it off (the action's own
// attack, the attack it names, a save), and its numbers are the SRD's
// kind of numbers.
func (c *checker) swallow(w Swallow, attack bool, at string) {
	c.check(attack || w.Attack != "" || w.Save != nil, at, "needs an attack roll, an attack it makes or a save")
	c.check(len(w.Attack) <= 60, at+".attack", "must be at most 60 characters")
	c.inRange(w.Hits, 0, 4, at+".hits")
	c.check(w.Hits == 0 || w.Attack != "", at+".hits", "goes with an attack")
	c.oneOf(w.MaxSize, set("tiny", "small", "medium", "large", "huge"), at+".max_size")
	if w.Save != nil {
		c.dc(*w.Save, at+".save")
	}
	c.check(len(w.Digest.OneOf) == 0, at+".digest", "must be one roll")
	c.damage(w.Digest, at+".digest")
	c.inRange(w.Limit, 0, 20, at+".limit")
	c.inRange(w.Regurgitate, 0, 1000, at+".regurgitate")
	if w.Regurgitate > 0 {
		c.inRange(w.RegurgitateDC, 1, 30, at+".regurgitate_dc")
	} else {
		c.check(w.RegurgitateDC == 0, at+".regurgitate_dc", "goes with a regurgitation threshold")
	}
	c.inRange(w.ExitFeet, 0, 120, at+".exit_feet")
	c.inRange(w.Escape, 0, 30, at+".escape")
}

func (c *checker) damage(d Damage, at string) {
	if len(d.OneOf) > 0 {
		c.check(d.Dice == "" && d.Type == "", at, "has both dice and a choice")
		for i, o := range d.OneOf {
			c.damage(o, fmt.Sprintf("%s.one_of.%d", at, i))
		}
		return
	}
	c.dice(d.Dice, at+".dice")
	if d.Ranged != "" {
		c.dice(d.Ranged, at+".ranged")
	}
	if d.HalfHP != "" {
		c.dice(d.HalfHP, at+".half_hp")
	}
	if d.Instead != nil {
		c.instead(*d.Instead, at+".instead")
	}
	c.oneOf(d.Type, damageTypes, at+".type")
	if d.DC != nil {
		c.dc(*d.DC, at+".dc")
	}
}

func (c *checker) dc(d DC, at string) {
	c.oneOf(d.Ability, abilities, at+".ability")
	c.inRange(d.Value, 1, 30, at+".value")
	c.oneOf(d.Success, set("half", "none"), at+".success")
}

func (c *checker) weapon(key string, w Weapon, at string) {
	c.id(key, w.ID, at)
	c.required(w.Name, at+".name")
	c.oneOf(w.Category, set("simple", "martial"), at+".category")
	c.oneOf(w.RangeType, set("melee", "ranged"), at+".range_type")
	if w.Damage != nil {
		c.damage(*w.Damage, at+".damage")
	}
	for i, p := range w.Properties {
		c.oneOf(p, weaponProperties, at+".properties."+strconv.Itoa(i))
	}
	versatile := slices.Contains(w.Properties, "versatile")
	c.check(versatile == (w.TwoHandedDamage != nil), at+".two_handed_damage", "is required with, and only with, the versatile property")
	if w.TwoHandedDamage != nil {
		c.damage(*w.TwoHandedDamage, at+".two_handed_damage")
	}
	c.check(w.RangeType != "ranged" || w.Range != nil, at+".range", "is required for a ranged weapon")
	c.check(!slices.Contains(w.Properties, "thrown") || w.ThrowRange != nil, at+".throw_range", "is required for a thrown weapon")
	for _, r := range []struct {
		field string
		r     *Range
	}{{".range", w.Range}, {".throw_range", w.ThrowRange}} {
		if r.r != nil {
			c.check(r.r.Normal > 0 && r.r.Long >= r.r.Normal, at+r.field, "needs normal > 0 and long >= normal")
		}
	}
	c.check(w.Weight >= 0 && w.Weight <= 1000, at+".weight", "must be from 0 to 1000 pounds")
	c.check(w.CostCP >= 0, at+".cost_cp", "must not be negative")
}
