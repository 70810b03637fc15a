package srdgen

import (
	"regexp"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// An attack's hit may put a condition on its target, and the reference
// has no field for it: the stat block's text says it ("If the target is a
// creature, it must succeed on a DC 11 Strength saving throw or be
// knocked prone"). The data reads the conditions from the text after
// "Hit:", each sentence of a few shapes the SRD writes them in, and the
// list of adjustments quotes each sentence read.

// KindHitCondition is a condition a hit's text puts on its target, added
// to the attack (srd.Action.OnHit).
const KindHitCondition = "hit-condition"

// savedCondition is "it must succeed on a DC 10 Constitution saving throw
// or be paralyzed for 1 minute", with the target it needs before it ("If
// the target is a creature other than an elf or undead, ") and the ways
// the SRD words the failure ("or become poisoned", "or be pushed up to 10
// feet away from the dragon turtle and knocked prone", "or take 5 (2d4)
// poison damage and become poisoned").
var savedCondition = regexp.MustCompile(`(?:If the target is ([^,.]+), )?(?:it|the target|The target|the creature) must succeed on a DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw(?: against disease)? or (?:take \d+ \([^)]+\) [a-z]+ damage and )?(?:be|become) (?:pushed up to \d+ feet away from [a-z ]+ and )?(?:knocked )?(paralyzed|prone|poisoned|restrained|blinded|frightened|stunned|charmed|unconscious)(?: for (1 minute|1 hour|24 hours))?`)

// grappledBy is "it is grappled (escape DC 13)", with the target it needs
// before it ("If the target is a Large or smaller creature, ") or after it
// ("if it is a Large or smaller creature").
var grappledBy = regexp.MustCompile(`(?:If the target is ([^,.]+), )?(?:it|the target|The target|The creature) is grappled \(escape DC (\d+)\)(?: if it is ([^.]+?creature))?`)

// restrainedWhileGrappled is the grapple's restraint: "Until this grapple
// ends, the target is restrained", "and restrained until the grapple
// ends", "and the target is restrained until this grapple ends".
var restrainedWhileGrappled = regexp.MustCompile(`Until (?:this|the) grapple ends, the (?:target|creature) is restrained|and (?:the target is )?restrained until (?:this|the) grapple ends`)

// webbed is a web's restraint, escaped with a Strength check: "The
// target is restrained by webbing. As an action, the restrained target
// can make a DC 12 Strength check, escaping from the webbing on a
// success."
var webbed = regexp.MustCompile(`The (?:target|creature) is restrained by webbing\. As an action, the restrained (?:target|creature) can make a DC (\d+) Strength check`)

// repeatsSave is the save the target makes again to end the condition.
var repeatsSave = regexp.MustCompile(`repeat the saving throw at the end of each of its turns`)

// oneTarget is the target an attack line names ("one Large or smaller
// creature"), which the hit's conditions hold to.
var oneTarget = regexp.MustCompile(`one ((?:Tiny|Small|Medium|Large|Huge)) or smaller creature`)

// followConditions reads the conditions a's hit puts on its target from
// its text (desc) into a.OnHit.
func (t *Tables) followConditions(monster, desc string, a *srd.Action) {
	if a.AttackBonus == nil {
		return
	}
	_, hit, ok := strings.Cut(desc, "Hit:")
	if !ok {
		return
	}
	add := func(c srd.HitCondition, sentence string) {
		if size := oneTarget.FindStringSubmatch(desc); size != nil && c.MaxSize == "" {
			c.MaxSize = strings.ToLower(size[1]) // the attack's own target
		}
		a.OnHit = append(a.OnHit, c)
		t.adjust(KindHitCondition, "monster "+monster, strconv.Quote(strings.TrimSpace(sentence)),
			"%q: %s", a.Name, describe(c))
	}
	for _, m := range savedCondition.FindAllStringSubmatchIndex(hit, -1) {
		group := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return hit[m[2*i]:m[2*i+1]]
		}
		dc, _ := strconv.Atoi(group(2))
		c := srd.HitCondition{Condition: group(4), Save: &srd.DC{Ability: abilityIDs[group(3)], Value: dc, Success: "none"}, Duration: group(5)}
		c.MaxSize, c.Except = who(group(1))
		sentence := sentenceAt(hit, m[0], m[1])
		if repeatsSave.MatchString(hit[m[1]:]) && c.Condition != "prone" {
			c.Repeat = true
		}
		add(c, sentence)
	}
	for _, m := range grappledBy.FindAllStringSubmatchIndex(hit, -1) {
		group := func(i int) string {
			if m[2*i] < 0 {
				return ""
			}
			return hit[m[2*i]:m[2*i+1]]
		}
		dc, _ := strconv.Atoi(group(2))
		c := srd.HitCondition{Condition: "grappled", Escape: dc}
		c.MaxSize, c.Except = who(group(1) + group(3))
		c.Restrained = restrainedWhileGrappled.MatchString(hit[m[1]:])
		add(c, sentenceAt(hit, m[0], m[1]))
	}
	if m := webbed.FindStringSubmatchIndex(hit); m != nil {
		dc, _ := strconv.Atoi(hit[m[2]:m[3]])
		add(srd.HitCondition{Condition: "restrained", Escape: dc}, hit[m[0]:m[1]])
	}
}

// who reads the target a condition needs ("a creature other than an elf
// or undead", "a Large or smaller creature", "Medium or smaller"): the
// largest size it works on and what it does not work on.
func who(s string) (maxSize string, except []string) {
	s = strings.TrimSpace(s)
	for _, size := range []string{"Tiny", "Small", "Medium", "Large", "Huge"} {
		if strings.Contains(s, size+" or smaller") {
			maxSize = strings.ToLower(size)
		}
	}
	if _, others, ok := strings.Cut(s, "other than "); ok {
		for _, w := range strings.Split(others, " or ") {
			w = strings.TrimSpace(strings.TrimPrefix(strings.TrimPrefix(w, "an "), "a "))
			if w != "" {
				except = append(except, w)
			}
		}
	}
	return maxSize, except
}

// sentenceAt is the sentence of text around [from, to).
func sentenceAt(text string, from, to int) string {
	start := strings.LastIndex(text[:from], ". ")
	if start < 0 {
		start = 0
	} else {
		start += 2
	}
	end := strings.Index(text[to:], ".")
	if end < 0 {
		return text[start:]
	}
	return text[start : to+end+1]
}

// describe is a hit condition in the adjustments' words.
func describe(c srd.HitCondition) string {
	var b strings.Builder
	b.WriteString(c.Condition)
	if c.Save != nil {
		b.WriteString(" behind DC " + strconv.Itoa(c.Save.Value) + " " + c.Save.Ability)
	}
	if c.Escape > 0 {
		b.WriteString(" (escape DC " + strconv.Itoa(c.Escape) + ")")
	}
	if c.Restrained {
		b.WriteString(", restrained while grappled")
	}
	if c.Duration != "" {
		b.WriteString(" for " + c.Duration)
	}
	if c.Repeat {
		b.WriteString(", save repeated each turn")
	}
	if c.Worsens != "" {
		b.WriteString(", then " + c.Worsens + " for " + c.WorsensFor + " on a second failed save at the end of its next turn")
	}
	if c.MaxSize != "" {
		b.WriteString(", " + c.MaxSize + " or smaller")
	}
	if len(c.Except) > 0 {
		b.WriteString(", not " + strings.Join(c.Except, " or "))
	}
	return b.String()
}

// KindTraitText is a trait's number read from its text, which the
// reference leaves in the words: Regeneration's hit points and what stops
// it, Relentless's most damage, the dice of a Sneak Attack or a Martial
// Advantage.
const KindTraitText = "trait-text"

var (
	// regains is "The troll regains 10 hit points at the start of its turn".
	regains = regexp.MustCompile(`regains (\d+) hit points at the start of its turn`)
	// stoppedBy is "If the troll takes acid or fire damage, this trait
	// doesn't function"; "takes radiant damage or damage from holy water".
	stoppedBy = regexp.MustCompile(`takes ([a-z]+)(?: or ([a-z]+))? damage[^.]*?, this trait doesn't function`)
	// shrugsOff is "If the boar takes 7 damage or less that would reduce
	// it to 0 hit points".
	shrugsOff = regexp.MustCompile(`takes (\d+) damage or less that would reduce it to 0 hit points`)
	// extraDamage is "deals an extra 13 (4d6) damage", "can deal an extra
	// 7 (2d6) damage".
	extraDamage = regexp.MustCompile(`(?:deals?|takes) an extra \d+ \((\d+d\d+)\) damage`)
)

// followTrait reads a special ability's numbers from its text (desc).
func (t *Tables) followTrait(monster, desc string, a *srd.Action) {
	where := "monster " + monster
	switch a.ID {
	case "regeneration":
		if m := regains.FindStringSubmatch(desc); m != nil {
			a.Amount, _ = strconv.Atoi(m[1])
		}
		if m := stoppedBy.FindStringSubmatch(desc); m != nil {
			for _, typ := range m[1:] {
				if damageTypeIDs[typ] {
					a.StoppedBy = append(a.StoppedBy, typ)
				}
			}
		}
		a.HoldsAtZero = strings.Contains(desc, "dies only if it starts its turn with 0 hit points")
		t.adjust(KindTraitText, where, strconv.Quote(desc), "%q: regains %d, stopped by %v, holds at 0 %v", a.Name, a.Amount, a.StoppedBy, a.HoldsAtZero)
	case "relentless":
		if m := shrugsOff.FindStringSubmatch(desc); m != nil {
			a.Amount, _ = strconv.Atoi(m[1])
			t.adjust(KindTraitText, where, strconv.Quote(desc), "%q: %d damage or less", a.Name, a.Amount)
		}
	case "sneak-attack", "martial-advantage", "surprise-attack":
		if m := extraDamage.FindStringSubmatch(desc); m != nil {
			a.Dice = m[1]
			t.adjust(KindTraitText, where, strconv.Quote(desc), "%q: %s extra damage", a.Name, m[1])
		}
	}
}

// damageTypeIDs are the damage types' ids.
var damageTypeIDs = map[string]bool{"acid": true, "bludgeoning": true, "cold": true, "fire": true, "force": true, "lightning": true,
	"necrotic": true, "piercing": true, "poison": true, "psychic": true, "radiant": true, "slashing": true, "thunder": true}

// KindAreaCondition is a condition an action without an attack roll puts
// on the creatures it catches that fail its save, read from its text
// (srd.Action.Inflicts).
const KindAreaCondition = "area-condition"

// areaCondition is an area's "must succeed on a DC 16 Wisdom saving throw
// or become frightened for 1 minute", "or take 13 (2d6 + 6) bludgeoning
// damage and be knocked prone", "or be stunned until the end of the
// mummy lord's next turn".
var areaCondition = regexp.MustCompile(`must succeed on a DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw or (?:take \d+ \([^)]+\) [a-z]+ damage and )?(?:be|become) (?:knocked )?(paralyzed|prone|poisoned|restrained|blinded|frightened|stunned|charmed|unconscious|deafened|incapacitated)(?: for (1 minute|1 hour|24 hours)| until the end of (its|the creature's|the target's|the [a-z' ]+?'s) next turn)?`)

// followAreaConditions reads the conditions an action without an attack
// roll puts on each creature it catches ("Each creature ... must succeed
// ... or become frightened") into a.Inflicts; a single target's (a
// quasit's Scare) is left to the narrator.
func (t *Tables) followAreaConditions(monster, desc string, a *srd.Action) {
	if a.AttackBonus != nil || a.DC == nil || len(a.Options) > 0 || !(strings.Contains(desc, "Each ") || strings.Contains(desc, "Every ")) {
		return
	}
	for _, m := range areaCondition.FindAllStringSubmatch(desc, -1) {
		c := srd.HitCondition{Condition: m[3], Duration: m[4]}
		switch m[5] {
		case "":
		case "its", "the creature's", "the target's":
			c.Duration = "its next turn"
		default:
			c.Duration = "the source's next turn"
		}
		c.Repeat = repeatsSave.MatchString(desc) || strings.Contains(desc, "repeat the saving throw at the end of each of its turns")
		if c.Condition == "prone" {
			c.Repeat = false
		}
		a.Inflicts = append(a.Inflicts, c)
		t.adjust(KindAreaCondition, "monster "+monster, strconv.Quote(sentenceAt(desc, strings.Index(desc, m[0]), strings.Index(desc, m[0])+len(m[0]))),
			"%q: %s", a.Name, describe(c))
	}
	if len(a.Inflicts) > 0 && strings.Contains(desc, "immune to") && strings.Contains(desc, "24 hours") {
		a.ImmuneAfter = true
	}
}
