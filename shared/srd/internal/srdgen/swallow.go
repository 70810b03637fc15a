package srdgen

import (
	"regexp"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// A swallower's bite (a purple worm's, a kraken's), its Swallow action (a
// behir's, a tarrasque's: "makes one bite attack against a Medium or
// smaller target it is grappling") or an engulfer's Engulf (a gelatinous
// cube's, a shambling mound's) takes a creature inside it, and the text
// says how: the largest size, the grapple or the save it needs, the acid
// at the start of each of the monster's turns, the damage from inside
// that makes it regurgitate and the DC of its save, the movement to crawl
// out of its corpse. The reference has no field for any of it; the data
// reads it into srd.Action.Swallow, and the list of adjustments quotes
// the text read.

// KindSwallow is a swallowing or engulfing an action's text carries
// (srd.Action.Swallow).
const KindSwallow = "swallow"

var (
	// swallowed is the word that makes an action a swallowing; a
	// darkmantle "engulfing" a head does not.
	swallowed = regexp.MustCompile(`\b(?:is|be|are) (?:also )?(swallowed|engulfed)\b|(?:target|creature) is (swallowed|engulfed)|\bengulfs a\b`)
	// swallowSize is "a Medium or smaller target", "Large or smaller".
	swallowSize = regexp.MustCompile(`(Tiny|Small|Medium|Large|Huge) or smaller`)
	// swallowAttack is "makes one bite attack against".
	swallowAttack = regexp.MustCompile(`makes one ([a-z]+) attack against`)
	// swallowGrappled is "a target it is grappling", "a creature grappled
	// by the kraken", "grappled by it".
	swallowGrappled = regexp.MustCompile(`it is grappling|grappled by (?:the [a-z ]+|it)\b`)
	// swallowSave is the purple worm's "must succeed on a DC 19
	// Dexterity saving throw or be swallowed"; swallowDC the cube's "must
	// make a DC 12 Dexterity saving throw".
	swallowSave = regexp.MustCompile(`must (?:succeed on a DC (\d+) (Strength|Dexterity|Constitution) saving throw or be (?:swallowed|engulfed)|make a DC (\d+) (Strength|Dexterity|Constitution) saving throw)`)
	// digests is "takes 21 (6d6) acid damage at the start of each of";
	// digestsSaved the mound's "must succeed on a DC 14 Constitution
	// saving throw at the start of each of the mound's turns or take 13
	// (2d8 + 4) bludgeoning damage".
	digests      = regexp.MustCompile(`takes \d+ \((\d+d\d+(?: ?[+-] ?\d+)?)\) ([a-z]+) damage at the start of each of`)
	digestsSaved = regexp.MustCompile(`must succeed on a DC (\d+) (Strength|Dexterity|Constitution) saving throw at the start of each of [a-z' ]+ turns or take \d+ \((\d+d\d+(?: ?[+-] ?\d+)?)\) ([a-z]+) damage`)
	// onlyOne is "can have only one creature swallowed at a time".
	onlyOne = regexp.MustCompile(`can have only one (?:creature|target) (?:swallowed|engulfed) at a time`)
	// holdsFour is the cube's "can hold only one Large creature or up to
	// four Medium or smaller creatures inside it at a time".
	holdsFour = regexp.MustCompile(`hold only one Large creature or up to four Medium or smaller creatures`)
	// regurgitates is "If the worm takes 30 damage or more on a single
	// turn from a creature inside it, the worm must succeed on a DC 21
	// Constitution saving throw at the end of that turn or regurgitate".
	regurgitates = regexp.MustCompile(`takes (\d+) damage or more on a single turn from (?:a creature inside it|the swallowed creature), the [a-z ]+ must succeed on a DC (\d+) Constitution saving throw at the end of that turn or regurgitate`)
	// exitsCorpse is "escape from the corpse by using 15 ft. of
	// movement, exiting prone".
	exitsCorpse = regexp.MustCompile(`using (\d+) (?:ft\.|feet) of movement, exiting prone`)
	// escapesCheck is the cube's "try to escape by taking an action to
	// make a DC 12 Strength check".
	escapesCheck = regexp.MustCompile(`escape by taking an action to make a DC (\d+) Strength check`)
	// bothHit is a Multiattack that engulfs: "makes two slam attacks. If
	// both attacks hit a Medium or smaller target, the target is grappled
	// (escape DC 14), and the shambling mound uses its Engulf on it."
	bothHit = regexp.MustCompile(`makes two ([a-z]+) attacks\. If both attacks hit [^,]+, the target is grappled \(escape DC (\d+)\), and the [a-z ]+ uses its ([A-Za-z]+) on it`)
)

// followSwallow reads the swallowing of each action of monster m from
// its stat block's text (r) into the action's Swallow.
func (t *Tables) followSwallow(r refMonster, m *srd.Monster) {
	where := "monster " + r.Index
	special := ""
	for _, ra := range r.SpecialAbilities {
		special += " " + ra.Desc
	}
	for i, ra := range r.Actions {
		a := &m.Actions[i]
		if a.Name != ra.Name || !swallowed.MatchString(ra.Desc) {
			continue
		}
		desc := ra.Desc
		w := srd.Swallow{Engulf: strings.Contains(desc, "engulf")}
		if s := swallowSize.FindStringSubmatch(desc); s != nil {
			w.MaxSize = strings.ToLower(s[1])
		}
		if s := swallowAttack.FindStringSubmatch(desc); s != nil {
			w.Attack = actionCalled(m.Actions, s[1])
		}
		w.Grappled = swallowGrappled.MatchString(desc)
		if s := swallowSave.FindStringSubmatch(desc); s != nil {
			dc, _ := strconv.Atoi(s[1] + s[3])
			w.Save = &srd.DC{Ability: abilityIDs[s[2]+s[4]], Value: dc, Success: "none"}
		}
		w.Blinded = strings.Contains(desc, "blinded")
		if s := digests.FindStringSubmatch(desc); s != nil {
			w.Digest = srd.Damage{Dice: strings.ReplaceAll(s[1], " ", ""), Type: s[2]}
		} else if s := digestsSaved.FindStringSubmatch(desc); s != nil {
			dc, _ := strconv.Atoi(s[1])
			w.Digest = srd.Damage{Dice: strings.ReplaceAll(s[3], " ", ""), Type: s[4], DC: &srd.DC{Ability: abilityIDs[s[2]], Value: dc, Success: "none"}}
		}
		if onlyOne.MatchString(desc) {
			w.Limit = 1
		}
		if holdsFour.MatchString(special) {
			w.Limit = 4
		}
		if s := regurgitates.FindStringSubmatch(desc); s != nil {
			w.Regurgitate, _ = strconv.Atoi(s[1])
			w.RegurgitateDC, _ = strconv.Atoi(s[2])
		}
		if s := exitsCorpse.FindStringSubmatch(desc); s != nil {
			w.ExitFeet, _ = strconv.Atoi(s[1])
		}
		if s := escapesCheck.FindStringSubmatch(desc); s != nil {
			w.Escape, _ = strconv.Atoi(s[1])
		}
		for _, ma := range r.Actions {
			if s := bothHit.FindStringSubmatch(ma.Desc); s != nil && s[3] == a.Name {
				w.Attack, w.Hits = actionCalled(m.Actions, s[1]), 2
				w.Escape, _ = strconv.Atoi(s[2])
				w.Grappled = false // the Multiattack's grapple comes with it
				t.adjust(KindSwallow, where, strconv.Quote(sentenceAt(ma.Desc, strings.Index(ma.Desc, "If both"), strings.Index(ma.Desc, "If both")+1)),
					"%q: follows when both %s attacks of the Multiattack hit one target, escaped as the grapple (DC %d)", a.Name, strings.ToLower(w.Attack), w.Escape)
			}
		}
		if w.MaxSize == "" || w.Digest.Dice == "" || (a.AttackBonus == nil && w.Attack == "" && w.Save == nil) {
			continue // a swallowing the text does not say enough of to play
		}
		a.Swallow = &w
		t.adjust(KindSwallow, where, strconv.Quote(desc), "%q: %s", a.Name, describeSwallow(w))
	}
}

// actionCalled is the name of the action in actions called name in any
// case ("bite": "Bite"); name itself if there is none.
func actionCalled(actions []srd.Action, name string) string {
	for _, a := range actions {
		if strings.EqualFold(a.Name, name) {
			return a.Name
		}
	}
	return name
}

// describeSwallow is a swallowing in the adjustments' words.
func describeSwallow(w srd.Swallow) string {
	var b strings.Builder
	verb := "swallows"
	if w.Engulf {
		verb = "engulfs"
	}
	b.WriteString(verb + " a " + w.MaxSize + " or smaller creature")
	if w.Grappled {
		b.WriteString(" it grapples")
	}
	switch {
	case w.Hits > 1:
		b.WriteString(" on " + strconv.Itoa(w.Hits) + " " + strings.ToLower(w.Attack) + " hits")
	case w.Attack != "":
		b.WriteString(" on a " + strings.ToLower(w.Attack) + " hit")
	}
	if w.Save != nil {
		b.WriteString(" failing a DC " + strconv.Itoa(w.Save.Value) + " " + w.Save.Ability + " save")
	}
	b.WriteString("; restrained")
	if w.Blinded {
		b.WriteString(", blinded")
	}
	b.WriteString(", " + w.Digest.Dice + " " + w.Digest.Type + " at the start of its turns")
	if w.Digest.DC != nil {
		b.WriteString(" behind a DC " + strconv.Itoa(w.Digest.DC.Value) + " " + w.Digest.DC.Ability + " save")
	}
	if w.Limit > 0 {
		b.WriteString(", " + strconv.Itoa(w.Limit) + " at a time")
	}
	if w.Regurgitate > 0 {
		b.WriteString(", regurgitates on " + strconv.Itoa(w.Regurgitate) + " damage from inside and a failed DC " + strconv.Itoa(w.RegurgitateDC) + " con save")
	}
	if w.ExitFeet > 0 {
		b.WriteString(", " + strconv.Itoa(w.ExitFeet) + " ft to crawl out of its corpse")
	}
	if w.Escape > 0 {
		b.WriteString(", escaped with a DC " + strconv.Itoa(w.Escape) + " Strength check")
	}
	return b.String()
}
