package srdgen

import (
	"regexp"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// Some hits do more than their damage and a condition, and the reference
// has no field for it either: a devil's infernal wound bleeds at the
// start of each of the target's turns until stanched, a fire elemental's
// touch sets it burning until doused, a giant spider's poison paralyses
// a creature it drops to 0 hit points, a drow's poison puts to sleep on
// a save failed badly, a cockatrice's bite turns to stone over two
// turns, a solar's arrow kills the weakened. The data reads each from
// the text after "Hit:" (srd.Action.Ongoing, Downs, Slays;
// srd.HitCondition.Sleep, Worsens), and the list of adjustments quotes
// each sentence read.

// KindHitRider is what a hit's text does beyond its damage and its
// conditions' first hold, read into the attack.
const KindHitRider = "hit-rider"

var (
	// infernalWound is "If the target is a creature other than an undead
	// or a construct, it must succeed on a DC 12 Constitution saving
	// throw or lose 5 (1d10) hit points at the start of each of its
	// turns due to an infernal wound."
	infernalWound = regexp.MustCompile(`(?:If the target is ([^,.]+), )?it must succeed on a DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw or lose \d+ \((\d+d\d+)\) hit points at the start of each of its turns due to an (infernal wound)`)
	// woundDeepens is "Each time the devil hits the wounded target with
	// this attack, the damage dealt by the wound increases by 5 (1d10)."
	woundDeepens = regexp.MustCompile(`Each time the [a-z ]+ hits the wounded target with this attack, the damage dealt by the wound increases`)
	// stanched is "Any creature can take an action to stanch the wound
	// with a successful DC 12 Wisdom (Medicine) check."
	stanched = regexp.MustCompile(`take an action to stanch the wound with a successful DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) \(([A-Za-z ]+)\) check`)
	// closedByHealing is "The wound also closes if the target receives
	// magical healing."
	closedByHealing = regexp.MustCompile(`closes if the target receives magical healing`)
	// ignites is "If the target is a creature or a flammable object, it
	// ignites. Until a creature takes an action to douse the fire, the
	// target takes 5 (1d10) fire damage at the start of each of its
	// turns."
	// boundHarm is harm at each turn for as long as the hit's condition
	// lasts: "Until this grapple ends, the target is restrained and takes
	// 7 (2d6) piercing damage at the start of each of its turns"; "While
	// poisoned in this way, the target can't regain hit points, and it
	// takes 21 (6d6) poison damage at the start of each of its turns".
	boundHarm = regexp.MustCompile(`(?:Until this (grapple) ends, the target is restrained and takes|While (poisoned) in this way, the target can't regain hit points, and it takes) \d+ \((\d+d\d+)\) ([a-z]+) damage at the start of each of its turns`)
	ignites   = regexp.MustCompile(`it ignites\. Until (?:a creature|a target|someone) takes an action to douse the fire, the target takes \d+ \((\d+d\d+)\) ([a-z]+) damage at the (start|end) of each of its turns`)
	// downedBy is "If the poison damage reduces the target to 0 hit
	// points, the target is stable but poisoned for 1 hour, even after
	// regaining hit points, and is paralyzed while poisoned in this
	// way", or a swarm's "A creature reduced to 0 hit points by a swarm
	// of centipedes is stable but ...".
	downedBy = regexp.MustCompile(`(?:If the ([a-z]+) damage reduces the target to 0 hit points, the target|A creature reduced to 0 hit points by [a-z ]+) is stable but (poisoned) for (1 hour|1 minute|24 hours), even after regaining hit points, and (?:is )?(paralyzed) while poisoned in this way`)
	// slain is "If the target is a creature that has 190 hit points or
	// fewer, it must succeed on a DC 15 Constitution saving throw or
	// die."
	slain = regexp.MustCompile(`If the target is a creature that has (\d+) hit points or fewer, it must succeed on a DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw or die`)
	// sleeps is a poison's sleep: "If the saving throw fails by 5 or
	// more, the target is also unconscious while poisoned in this way",
	// "... is instead poisoned for 5 (1d10) minutes and unconscious
	// while poisoned in this way", "... falls unconscious for the same
	// duration", "If its saving throw result is 5 or lower, the poisoned
	// target falls unconscious ...", "Until this poison ends, the target
	// is unconscious."
	sleeps = regexp.MustCompile(`If (?:the|its) saving throw (?:fails by (\d+) or more|result is (\d+) or lower), the (?:poisoned )?target (?:is also unconscious while poisoned in this way|is instead poisoned for \d+ \((\d+d\d+)\) minutes and unconscious while poisoned in this way|falls unconscious for the same duration)|Until this poison ends, the target is unconscious`)
	// wakesOnDamage and shakenAwake are what ends a sleep early: "The
	// target wakes up if it takes damage or if another creature takes an
	// action to shake it awake."
	wakesOnDamage = regexp.MustCompile(`wakes up if it takes damage|until it takes damage`)
	shakenAwake   = regexp.MustCompile(`(?:another creature|Another creature) (?:takes|uses|can use) an action to shake (?:it|the target) awake`)
	// turnsToStone is a petrification in two stages: "must succeed on a
	// DC 11 Constitution saving throw against being magically petrified.
	// On a failed save, the creature begins to turn to stone and is
	// restrained. It must repeat the saving throw at the end of its next
	// turn. On a success, the effect ends. On a failure, the creature is
	// petrified for 24 hours."
	turnsToStone = regexp.MustCompile(`must succeed on a DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw against being magically petrified\. On a failed save, the creature begins to turn to stone and is (restrained)\. It must repeat the saving throw at the end of its next turn\. On a success, the effect ends\. On a failure, the creature is (petrified) for (1 minute|1 hour|24 hours)`)
)

// skillIDs are the skills a check in the text may name.
var skillIDs = map[string]string{"Medicine": "medicine", "Athletics": "athletics", "Acrobatics": "acrobatics"}

// followRiders reads what a's hit does beyond its damage and the first
// hold of its conditions from its text (desc): the harm it leaves, what
// it does to a creature it drops, its death, and how its conditions go
// on (a poison's sleep, a petrification's second stage).
func (t *Tables) followRiders(monster, desc string, a *srd.Action) {
	if a.AttackBonus == nil {
		return
	}
	_, hit, ok := strings.Cut(desc, "Hit:")
	if !ok {
		return
	}
	where := "monster " + monster
	quote := func(at []int) string {
		p := strings.LastIndex(hit[:at[0]], "\n") + 1 // a paragraph of its own (a swarm's)
		return strconv.Quote(strings.TrimSpace(sentenceAt(hit[p:], at[0]-p, at[1]-p)))
	}
	say := func(at []int, format string, args ...any) {
		t.adjust(KindHitRider, where, quote(at), "%q: "+format, append([]any{a.Name}, args...)...)
	}
	group := func(m []int, i int) string {
		if m[2*i] < 0 {
			return ""
		}
		return hit[m[2*i]:m[2*i+1]]
	}
	if m := infernalWound.FindStringSubmatchIndex(hit); m != nil {
		dc, _ := strconv.Atoi(group(m, 2))
		o := srd.Ongoing{Name: group(m, 5), Dice: group(m, 4), Save: &srd.DC{Ability: abilityIDs[group(m, 3)], Value: dc, Success: "none"}}
		_, o.Except = who(group(m, 1))
		o.Stacks = woundDeepens.MatchString(hit)
		if s := stanched.FindStringSubmatch(hit); s != nil {
			sdc, _ := strconv.Atoi(s[1])
			o.Stanch = &srd.Check{Ability: abilityIDs[s[2]], Skill: skillIDs[s[3]], DC: sdc}
		}
		o.Healing = closedByHealing.MatchString(hit)
		a.Ongoing = &o
		say(m, "%s", describeOngoing(o))
	}
	if m := boundHarm.FindStringSubmatchIndex(hit); m != nil && damageTypeIDs[group(m, 4)] {
		o := srd.Ongoing{Name: strings.ToLower(a.Name), Dice: group(m, 3), Type: group(m, 4), While: "grappled"}
		if group(m, 2) != "" {
			o.Name, o.While = "poison", "poisoned"
		}
		a.Ongoing = &o
		say(m, "%s", describeOngoing(o))
	}
	if m := ignites.FindStringSubmatchIndex(hit); m != nil && damageTypeIDs[group(m, 2)] {
		o := srd.Ongoing{Name: "fire", Dice: group(m, 1), Type: group(m, 2), AtEnd: group(m, 3) == "end"}
		a.Ongoing = &o
		say(m, "%s", describeOngoing(o))
	}
	if m := downedBy.FindStringSubmatchIndex(hit); m != nil {
		d := srd.Downs{Type: group(m, 1), Condition: group(m, 2), Duration: group(m, 3), While: group(m, 4)}
		a.Downs = &d
		by := "its damage"
		if d.Type != "" {
			by = "its " + d.Type + " damage"
		}
		say(m, "a creature %s drops to 0 hit points is stable, %s for %s and %s while %s", by, d.Condition, d.Duration, d.While, d.Condition)
	}
	if m := slain.FindStringSubmatchIndex(hit); m != nil {
		hp, _ := strconv.Atoi(group(m, 1))
		dc, _ := strconv.Atoi(group(m, 2))
		a.Slays = &srd.Slay{HP: hp, Save: srd.DC{Ability: abilityIDs[group(m, 3)], Value: dc, Success: "none"}}
		say(m, "a creature left with %d hit points or fewer dies on a failed DC %d %s save", hp, dc, a.Slays.Save.Ability)
	}
	if m := turnsToStone.FindStringSubmatchIndex(hit); m != nil {
		dc, _ := strconv.Atoi(group(m, 1))
		c := srd.HitCondition{Condition: group(m, 3), Save: &srd.DC{Ability: abilityIDs[group(m, 2)], Value: dc, Success: "none"},
			Worsens: group(m, 4), WorsensFor: group(m, 5)}
		a.OnHit = append(a.OnHit, c)
		t.adjust(KindHitCondition, where, quote(m), "%q: %s", a.Name, describe(c))
	}
	if m := sleeps.FindStringSubmatchIndex(hit); m != nil {
		i := -1
		for k, c := range a.OnHit {
			if c.Condition == "poisoned" && c.Save != nil {
				i = k
			}
		}
		if i < 0 {
			return
		}
		var s srd.Sleep
		s.FailBy, _ = strconv.Atoi(group(m, 1))
		s.AtMost, _ = strconv.Atoi(group(m, 2))
		if d := group(m, 3); d != "" {
			s.Duration = d + " minutes"
		}
		rest := hit[m[0]:]
		s.DamageWakes = wakesOnDamage.MatchString(rest)
		s.ShakeWakes = shakenAwake.MatchString(rest)
		a.OnHit[i].Sleep = &s
		say(m, "%s", describeSleep(s))
	}
}

// describeOngoing is an ongoing harm in the adjustments' words.
func describeOngoing(o srd.Ongoing) string {
	var b strings.Builder
	what := "hit points lost"
	if o.Type != "" {
		what = o.Type + " damage"
	}
	when := "start"
	if o.AtEnd {
		when = "end"
	}
	b.WriteString(o.Name + ": " + o.Dice + " " + what + " at the " + when + " of each of its turns")
	if o.Save != nil {
		b.WriteString(", on a failed DC " + strconv.Itoa(o.Save.Value) + " " + o.Save.Ability + " save")
	}
	if o.Stacks {
		b.WriteString("; each hit adds " + o.Dice)
	}
	switch {
	case o.While != "":
		b.WriteString("; it lasts as long as the target is " + o.While)
	case o.Stanch != nil:
		b.WriteString("; an action and a DC " + strconv.Itoa(o.Stanch.DC) + " " + o.Stanch.Ability + " (" + o.Stanch.Skill + ") check end it")
	default:
		b.WriteString("; an action ends it")
	}
	if o.Healing {
		b.WriteString(", as does magical healing")
	}
	if len(o.Except) > 0 {
		b.WriteString("; not " + strings.Join(o.Except, " or "))
	}
	return b.String()
}

// describeSleep is a poison's sleep in the adjustments' words.
func describeSleep(s srd.Sleep) string {
	var b strings.Builder
	b.WriteString("unconscious while poisoned")
	switch {
	case s.FailBy > 0:
		b.WriteString(" on a save failed by " + strconv.Itoa(s.FailBy) + " or more")
	case s.AtMost > 0:
		b.WriteString(" on a save of " + strconv.Itoa(s.AtMost) + " or lower")
	default:
		b.WriteString(" on any failed save")
	}
	if s.Duration != "" {
		b.WriteString(", both for " + s.Duration)
	}
	if s.DamageWakes {
		b.WriteString("; damage wakes it")
	}
	if s.ShakeWakes {
		b.WriteString("; another's action shakes it awake")
	}
	return b.String()
}
