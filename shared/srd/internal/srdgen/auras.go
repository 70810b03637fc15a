package srdgen

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// KindAura is a special ability's reach over the creatures around the
// monster (srd.Action.Aura), or what a damage type does to the monster
// itself (srd.Action.Flinch), read from its text; and the save such an
// ability asks that the reference leaves in its words.
const KindAura = "aura"

var (
	// theirTurn is a creature starting its own turn near the monster:
	// "starts its turn within 20 feet of the pit fiend", "starts its turn
	// in that area" (after "a 10-foot radius").
	theirTurn = regexp.MustCompile(`starts its turn (?:within (\d+) (?:feet|ft\.)|in that area)`)
	radius    = regexp.MustCompile(`in a (\d+)-foot radius`)
	// itsTurn is the monster's own turn starting: "At the start of each
	// of the balor's turns, each creature within 5 feet of it takes".
	itsTurn     = regexp.MustCompile(`At the start of each of (?:its|the [a-z ]+'s) turns,[^.]*?(?:within (\d+) feet|creature (grappling) it)`)
	struckBy    = regexp.MustCompile(`touches (?:it|the [a-z ]+) or hits it with a melee attack`)
	seesIt      = regexp.MustCompile(`can see (?:the [a-z]+'s (?:eyes|true form)|each other)`)
	hearsIt     = regexp.MustCompile(`can hear the`)
	onlyKind    = regexp.MustCompile(`^Any (humanoid) that`)
	failsBy     = regexp.MustCompile(`fails by (\d+) or more`)
	auraFright  = regexp.MustCompile(`the creature is (frightened) (until the start of its next turn|for 1 minute)`)
	auraStone   = regexp.MustCompile(`and is (restrained)\.`)
	stoneAfter  = regexp.MustCompile(`(?:is|becoming) (petrified)`)
	speedToZero = regexp.MustCompile(`speed reduced to 0 until the start of its next turn`)
	// textDC is a save the text asks: "must succeed on a DC 10 Strength
	// saving throw".
	textDC = regexp.MustCompile(`DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw`)
	// flinches is damage of a type that hampers the monster until the
	// end of its next turn: "If the golem takes fire damage, it has
	// disadvantage on attack rolls and ability checks until the end of
	// its next turn"; "If the elemental takes cold damage, ... its speed
	// is reduced by 20 ft. until the end of its next turn".
	flinches = regexp.MustCompile(`^If the [a-z ]+ takes ([a-z]+) damage, [^.]*?(?:speed is reduced by (\d+) ft\.|(disadvantage on attack rolls and ability checks)) until the end of its next turn`)
)

// followAura reads a special ability's reach over the creatures around
// the monster, and what a damage type does to the monster itself, from
// its text (desc) into a.Aura and a.Flinch; and the save it asks when
// the reference gives it none (a sea hag's Horrific Appearance).
func (t *Tables) followAura(monster, desc string, a *srd.Action) {
	where := "monster " + monster
	if m := flinches.FindStringSubmatch(desc); m != nil {
		f := &srd.Flinch{Type: m[1], Disadvantage: m[3] != ""}
		f.Slowed, _ = strconv.Atoi(m[2])
		a.Flinch = f
		t.adjust(KindAura, where, strconv.Quote(desc), "%q: %s damage %s until the end of its next turn", a.Name, f.Type, flinchSays(*f))
		return
	}
	w := srd.Aura{Struck: struckBy.MatchString(desc) && len(a.Damage) > 0}
	if m := itsTurn.FindStringSubmatch(desc); m != nil {
		w.Starts, w.Does, w.Grappling = srd.AuraItsTurn, srd.AuraDamage, m[2] != ""
		w.Feet, _ = strconv.Atoi(m[1])
	} else if m := theirTurn.FindStringSubmatch(desc); m != nil {
		w.Starts = srd.AuraTheirTurn
		w.Feet, _ = strconv.Atoi(m[1])
		if r := radius.FindStringSubmatch(desc); w.Feet == 0 && r != nil {
			w.Feet, _ = strconv.Atoi(r[1])
		}
	}
	if w.Starts == "" && !w.Struck {
		return
	}
	if w.Starts == srd.AuraTheirTurn {
		if !t.auraDoes(desc, &w) {
			return // a turn's start the fights do not read: left to the narrator
		}
		if a.DC == nil {
			if m := textDC.FindStringSubmatch(desc); m != nil {
				value, _ := strconv.Atoi(m[1])
				a.DC = &srd.DC{Ability: abilityIDs[m[2]], Value: value, Success: "none"}
				t.adjust(KindAura, where, strconv.Quote(sentenceAt(desc, strings.Index(desc, m[0]), strings.Index(desc, m[0])+len(m[0]))),
					"%q: its save, DC %d %s, which the reference leaves in the words", a.Name, value, a.DC.Ability)
			}
		}
	}
	a.Aura = &w
	t.adjust(KindAura, where, strconv.Quote(desc), "%q: %s", a.Name, auraSays(w))
}

// auraDoes reads what a creature starting its turn near the monster
// suffers into w, reporting whether the text says it in a way read here.
func (t *Tables) auraDoes(desc string, w *srd.Aura) bool {
	w.Sight = seesIt.MatchString(desc)
	w.Hearing = hearsIt.MatchString(desc)
	if m := onlyKind.FindStringSubmatch(desc); m != nil {
		w.Only = m[1]
	}
	w.ImmuneAfter = strings.Contains(desc, "immune to") && strings.Contains(desc, "24 hours")
	switch {
	case strings.Contains(desc, "rolls a d8 to determine what it does"):
		w.Does = srd.AuraMadness
	case speedToZero.MatchString(desc):
		w.Does = srd.AuraHalt
	case auraStone.MatchString(desc) && stoneAfter.MatchString(desc):
		w.Does, w.Condition, w.Worsens = srd.AuraCondition, "restrained", "petrified"
		if f := failsBy.FindStringSubmatch(desc); f != nil {
			w.FailBy, _ = strconv.Atoi(f[1])
		}
	case auraFright.MatchString(desc):
		m := auraFright.FindStringSubmatch(desc)
		w.Does, w.Condition = srd.AuraCondition, m[1]
		w.Duration = map[string]string{"for 1 minute": "1 minute", "until the start of its next turn": srd.AuraNextTurnStart}[m[2]]
		w.Repeat = strings.Contains(desc, "repeat the saving throw at the end of each of its turns")
		w.Glare = w.Repeat && strings.Contains(desc, "with disadvantage if")
	default:
		return false
	}
	return true
}

// auraSays says what an Aura holds, for the adjustments list.
func auraSays(w srd.Aura) string {
	var parts []string
	switch w.Starts {
	case srd.AuraItsTurn:
		parts = append(parts, "at the start of its turns")
	case srd.AuraTheirTurn:
		parts = append(parts, "at the start of each creature's turn")
	}
	switch {
	case w.Grappling:
		parts = append(parts, "on a creature grappling it")
	case w.Feet > 0:
		parts = append(parts, fmt.Sprintf("within %d feet", w.Feet))
	}
	for _, x := range []struct {
		on   bool
		says string
	}{{w.Sight, "that sees it"}, {w.Hearing, "that hears it"}, {w.Only != "", "only a " + w.Only}} {
		if x.on {
			parts = append(parts, x.says)
		}
	}
	if w.Does != "" {
		does := w.Does
		if w.Condition != "" {
			does += " " + w.Condition
		}
		if w.Duration != "" {
			does += " for " + w.Duration
		}
		if w.Repeat {
			does += ", repeated"
		}
		if w.Glare {
			does += " at disadvantage in its sight"
		}
		if w.Worsens != "" {
			does += ", then " + w.Worsens
		}
		if w.FailBy > 0 {
			does += fmt.Sprintf(" (at once on a failure by %d)", w.FailBy)
		}
		if w.ImmuneAfter {
			does += "; immune for 24 hours after"
		}
		parts = append(parts, does)
	}
	if w.Struck {
		parts = append(parts, "its damage to a creature that touches it or hits it in melee")
	}
	return strings.Join(parts, ", ")
}

func flinchSays(f srd.Flinch) string {
	if f.Slowed > 0 {
		return fmt.Sprintf("takes %d feet off its speed", f.Slowed)
	}
	return "gives it disadvantage on attack rolls and ability checks"
}
