package intent

import (
	"slices"
	"strconv"
	"strings"
)

// A sentence the ordered readers leave is read once more by its shape: a
// verb of one kind of action and the names that kind takes, wherever they
// stand and whatever colour lies between ("Aria slips down the stairs
// into the cellar", "I tie the rope around the beam", "tie goblin 1 up
// with my rope"). A frame says the shape of one kind; the sentence is
// read only when exactly one frame fits it, every name it holds is one
// its frame takes, and no verb of another kind of action stands in it.

// slot is a list of the context a name in the words comes from.
type slot int

const (
	sTarget slot = iota
	sWeapon
	sArea
	sItem
	sSpell
	sFeature
	nSlots
)

// frame is the shape of sentences of one kind: a verb of its own, the one
// name it needs after the verb, and the names it may hold besides.
type frame struct {
	kind  string
	verbs map[string]bool
	need  slot
	may   [nSlots]bool
	// lead: when not nil, the needed name follows one of these words
	// ("into the cellar") or the verb itself ("enter the cellar").
	lead map[string]bool
}

// moveVerbs carry the character somewhere: a move's verbs, and the ways
// of moving a task may decide when no place is named ("sneak", "creep").
var moveVerbs = union(verbsOf(vMove), motionTasks, set("lead", "guide", "slip", "hurry", "make", "sneak",
	"creep", "tiptoe", "slink", "scramble", "clamber", "duck", "edge", "inch", "pad", "stumble", "stagger",
	"limp", "storm", "barge", "bolt", "dart", "dive", "file", "filter", "traipse", "trudge", "amble", "saunter",
	"mosey", "wade", "roam", "canter", "gallop", "crawl", "shuffle", "plod", "tramp", "drop", "vault"))

// itemVerbs put an item the actor carries to use.
var itemVerbs = set("use", "tie", "bind", "lash", "wrap", "knot", "loop", "secure", "light", "spark", "kindle",
	"ignite", "drink", "quaff", "gulp", "swig", "sip", "chug", "drain", "uncork", "unstopper", "apply",
	"eat", "consume", "munch", "open", "unroll", "rub", "smear")

// frameAttackVerbs strike a creature: the attack's verbs, and the verbs
// that drive a weapon into one ("bring my longsword down on orc 2").
var frameAttackVerbs = func() map[string]bool {
	m := union(verbsOf(vAttack), bladeVerbs)
	for _, w := range []string{"point", "aim", "drop", "engage", "fight", "charge"} {
		delete(m, w) // "I point at the goblin", "charge at": not yet a blow
	}
	return m
}()

// rivalVerbs ask the rules for something no frame reads: a verb of them
// beside a frame's makes two asks.
var rivalVerbs = union(verbsOf(vCast), verbsOf(vDodge), verbsOf(vDash), verbsOf(vDisengage), verbsOf(vHelp),
	verbsOf(vGrapple), verbsOf(vShove), verbsOf(vCheck), verbsOf(vEquip), verbsOf(vUnequip),
	set("give", "hand", "pass", "hide", "search", "rest", "sleep", "heal", "attack", "cast", "say", "shout", "ask", "tell"))

var frames = []frame{
	{kind: "attack", verbs: frameAttackVerbs, need: sTarget, may: slots(sWeapon)},
	{kind: "move", verbs: moveVerbs, need: sArea, lead: moveFillers},
	{kind: "use_item", verbs: itemVerbs, need: sItem, may: slots(sTarget)},
}

// asides open words that say the colour of an action after it: "before
// the orcs notice", "hoping nobody sees".
var asides = set("before", "hoping", "lest", "whilst", "while")

// named is one name the words hold: where it stands, its list and the ids
// it names.
type named struct {
	at   int
	slot slot
	ids  []string
}

// framed reads the words by the one frame that fits them.
func (p *parser) framed(ws []string) (Intent, bool) {
	if p.question && !p.asksToAct() {
		return Intent{}, false
	}
	for i, w := range ws {
		if asides[w] && i > 0 || w == "away" && i > 0 && i+1 < len(ws) && ws[i+1] == "from" {
			ws = ws[:i] // "I hurry down to the cellar before the orcs notice", "... to get away from the orc"
			break
		}
	}
	names, words := p.nameScan(ws)
	var fit []Intent
	for _, f := range frames {
		if in, ok := p.fits(f, ws, names, words); ok {
			fit = append(fit, in)
		}
	}
	if len(fit) != 1 {
		return Intent{}, false
	}
	return fit[0], true
}

// asksToAct reports whether a question asks to act: "can I ...", "could I
// ...", "may I ...".
func (p *parser) asksToAct() bool {
	if p.asking {
		return true
	}
	for i := 0; i+1 < len(p.all); i++ {
		if (p.all[i] == "can" || p.all[i] == "could" || p.all[i] == "may") && (p.all[i+1] == "i" || p.all[i+1] == "we") {
			return true
		}
	}
	return false
}

// nameScan finds the names the words hold, longest first from the left,
// and where each word that is not part of a name stands (its lemma).
func (p *parser) nameScan(ws []string) (names []named, words map[int]string) {
	// a spell the actor cannot cast now is named as one it can
	spells := append(slices.Clone(p.spells()), p.otherSpells()...)
	lists := [nSlots][]cand{p.targets(), p.weapons(), p.areas(), p.items(), spells, p.features()}
	words = map[int]string{}
	for i := 0; i < len(ws); {
		w := ws[i]
		if structural[w] || w == "," || w == "." || pronouns[w] {
			i++
			continue
		}
		found := false
		for n := min(4, len(ws)-i); n >= 1 && !found; n-- {
			span := ws[i : i+n]
			if n == 1 && p.verbAt(ws, i) {
				break // a verb is not a name ("light the torch", "fire at goblin 1")
			}
			if strings.ContainsAny(strings.Join(span, " "), ",.") {
				continue
			}
			for s := range nSlots {
				cs := lists[s]
				tiers := 3
				if s == sSpell || s == sFeature {
					tiers = 1 // "by the fire" names no spell; "fire bolt" does
				}
				hits := findTiers(span, cs, tiers)
				if len(hits) == 0 && s == sTarget {
					hits = group(span, cs)
				}
				if s == sTarget && len(hits) > 0 && i+n < len(ws) && isNumber(ws[i+n]) {
					// "orc 2" where only Orc 1 stands names no one here: the
					// number is part of the name, never a word after it.
					names = append(names, named{at: i, slot: s})
					found, n = true, n+1
					break
				}
				if len(hits) == 0 {
					continue
				}
				nm := named{at: i, slot: s}
				for _, h := range hits {
					nm.ids = append(nm.ids, cs[h].id)
				}
				if (span[n-1] == "of" || i+n < len(ws) && ws[i+n] == "of") && len(findTiers(span, cs, 1)) == 0 {
					nm.ids = nil // "my potion of fire breath": another thing than the one "potion" starts
				}
				if s == sItem && n == 1 && i > 0 && strings.HasPrefix(words[i-1], "~") && len(findTiers(span, cs, 1)) == 0 {
					nm.ids = nil // "the strange blue potion": words the item's name lacks describe another
				}
				names = append(names, nm)
				found = true
			}
			if found {
				i += n
			}
		}
		if !found {
			words[i] = frameLemma(w)
			if !p.verbAt(ws, i) {
				words[i] = "~" + words[i] // a thing, not a deed: "by the fire"
			}
			i++
		}
	}
	return names, words
}

// nounAfter are words after which a word is a thing, not a deed: "by the
// fire", "a light".
var nounAfter = set("by", "near", "beside", "around", "of", "from", "a", "an", "toward", "towards", "past")

// verbAt reports whether the word at i is a verb of action in its place.
func (p *parser) verbAt(ws []string, i int) bool {
	l := frameLemma(ws[i])
	if !verbs[l] && !allVerbs[l] {
		return false
	}
	return i == 0 || !nounAfter[ws[i-1]]
}

// frameLemma is w without its tense or person, as a verb of the frames.
func frameLemma(w string) string {
	return lemma(w, func(s string) bool { return isVerb(s) || allVerbs[s] || restCues[s] })
}

// allVerbs are every frame's verbs and the rivals', for nameScan to pass
// over.
var allVerbs = union(moveVerbs, itemVerbs, frameAttackVerbs, rivalVerbs)

// fits reads the words by f: its verb first, then its one needed name,
// the names it may hold one each, and no verb of another kind.
func (p *parser) fits(f frame, ws []string, names []named, words map[int]string) (Intent, bool) {
	verbAt := -1
	for i := 0; i < len(ws); i++ {
		w, ok := words[i]
		if !ok {
			continue
		}
		switch {
		case f.verbs[w] || f.verbs[ws[i]]:
			if verbAt < 0 {
				verbAt = i
			}
		case allVerbs[w] && !moveFillers[w]:
			return Intent{}, false // another kind of action asked beside it
		}
	}
	if verbAt < 0 {
		return Intent{}, false
	}
	var got [nSlots]string
	needAt := -1
	both := map[int]int{} // where a name is both a weapon and an item
	for _, nm := range names {
		if nm.slot == sWeapon || nm.slot == sItem {
			both[nm.at]++
		}
	}
	for _, nm := range names {
		if both[nm.at] == 2 && (nm.slot == sWeapon && f.kind == "use_item" || nm.slot == sItem && f.kind != "use_item") {
			continue // a weapon carried is also an item: the frame's own list decides
		}
		if nm.slot != f.need && !f.may[nm.slot] {
			return Intent{}, false
		}
		if len(nm.ids) != 1 || got[nm.slot] != "" && got[nm.slot] != nm.ids[0] {
			return Intent{}, false // "the goblin" of two, or two goblins named
		}
		if nm.at < verbAt {
			return Intent{}, false // a name before the verb: another character acting
		}
		got[nm.slot] = nm.ids[0]
		if nm.slot == f.need && needAt < 0 {
			needAt = nm.at
		}
	}
	if needAt < 0 {
		return Intent{}, false
	}
	for i := verbAt + 1; i+1 < len(ws); i++ {
		if (ws[i] == "with" || ws[i] == "using") && !slices.ContainsFunc(names, func(nm named) bool { return nm.at == i+1 }) {
			return Intent{}, false // "with my greatsword": a thing the context does not hold
		}
	}
	if f.lead != nil && needAt != verbAt+1 && !f.lead[ws[needAt-1]] {
		return Intent{}, false // "I walk past the stables" goes nowhere said
	}
	switch f.kind {
	case "attack":
		if !p.mayAttack(got[sTarget]) {
			return Intent{}, false
		}
		return Intent{Kind: "attack", TargetID: got[sTarget], Weapon: got[sWeapon]}, true
	case "move":
		return Intent{Kind: "move", ToAreaID: got[sArea]}, true
	}
	if lightVerbs[words[verbAt]] && !p.burnsItem(got[sItem]) {
		return Intent{}, false // "light on my sword tip": the Light spell, not the sword put to use
	}
	return Intent{Kind: "use_item", Item: got[sItem], TargetID: got[sTarget]}, true
}

// lightVerbs set a flame to an item, which only a thing that burns takes.
var lightVerbs = set("light", "spark", "kindle", "ignite")

// burnsItem reports whether the item id names burns: a torch, a lantern.
func (p *parser) burnsItem(id string) bool {
	for _, c := range p.items() {
		if c.id == id {
			return burns(c.words)
		}
	}
	return false
}

// mayAttack reports whether id is a creature the actor may strike: not
// the actor.
func (p *parser) mayAttack(id string) bool { return id != p.self }

// restFrame reads a rest by its shape: a word of resting ("rest", "bed
// down", "camp", "sleep") and a length said by name or by time ("for 8
// hours", "1 hr", "for the night"), with any words of place around them
// and no name of a creature, weapon, item or spell, nor a verb of another
// action.
func (p *parser) restFrame(ws []string) (Intent, bool) {
	if p.question && !p.asksToAct() {
		return Intent{}, false
	}
	for i, w := range ws {
		if asides[w] && i > 0 {
			ws = ws[:i] // "can we rest for an hour before going on?"
			break
		}
	}
	ws = restNames(ws)
	names, words := p.nameScan(ws)
	for _, nm := range names {
		if nm.slot != sArea {
			return Intent{}, false
		}
	}
	cue, length, own := false, "", ""
	say := func(l string) bool {
		if length != "" && length != l {
			return false
		}
		length = l
		return true
	}
	for i := 0; i < len(ws); i++ {
		w, ok := words[i]
		if !ok {
			continue
		}
		deed := !strings.HasPrefix(w, "~")
		w = strings.TrimPrefix(w, "~")
		switch {
		case w == "breath" && !caughtBreath(ws, i):
			// "under her breath", "a deep breath": no rest
		case restCues[w] || restPhrase(ws, i):
			cue = true
			w = strings.TrimSuffix(w, "s") // "Aria beds down": the phrase's verb in the third person
			if l := restOwn[w]; l != "" {
				own = l // "a breather" is short, "we camp" long, unless the words say how long
			}
		case hourWords[w] && (i == 0 || !isNumber(ws[i-1])) && (w != "hours" && w != "hrs" || i+1 < len(ws) && ws[i+1] == "rest"):
			// "for an hour", "an hour's rest": one hour
			if !say("short") {
				return Intent{}, false
			}
		case restLength(w) != "" && i+1 < len(ws) && lemma(ws[i+1], isVerb) == "rest":
			if !say(restLength(w)) {
				return Intent{}, false
			}
		case restShort[w] != "":
			if !say(restShort[w]) {
				return Intent{}, false
			}
		case nightWords1[w]:
			if !say("long") {
				return Intent{}, false
			}
		case isNumber(w) && i+1 < len(ws) && hourWords[ws[i+1]]:
			n, _ := strconv.Atoi(w)
			l := "short"
			if n >= 6 {
				l = "long"
			} else if n > 2 {
				return Intent{}, false // three to five hours: not a rest's length
			}
			if !say(l) {
				return Intent{}, false
			}
			i++
		case deed && restRivals[w] && !restColour(ws, i):
			return Intent{}, false
		}
	}
	if length == "" {
		length = own
	}
	if !cue || length == "" {
		return Intent{}, false
	}
	return Intent{Kind: "rest", Rest: length}, true
}

// catchWords take a breath that is a rest: "catch our breath", "get my
// breath back".
var catchWords = set("catch", "catches", "catching", "caught", "get", "gets", "getting", "regain", "regains", "recover", "recovers")

// caughtBreath reports whether the breath at i is caught: a catching word
// at most two words before it ("catch our breath").
func caughtBreath(ws []string, i int) bool {
	for j := max(0, i-2); j < i; j++ {
		if catchWords[ws[j]] {
			return true
		}
	}
	return false
}

// restPhrase reports whether a phrase of resting opens at i: "bed down",
// "turns in", "call it (a night)".
func restPhrase(ws []string, i int) bool {
	if i+1 >= len(ws) {
		return false
	}
	switch strings.TrimSuffix(ws[i], "s") + " " + ws[i+1] {
	case "bed down", "turn in", "call it":
		return true
	}
	return false
}

// restNames writes a rest's length said by name ("long rest", "short
// rest") as its shorthand, so that "long" is not read as the start of a
// longsword's name: "time for a long rest, we're wiped".
func restNames(ws []string) []string {
	out := slices.Clone(ws)
	for i := 0; i+1 < len(out); i++ {
		if l := restLength(out[i]); l != "" && lemma(out[i+1], isVerb) == "rest" {
			out[i] = restShorthand[l]
		}
	}
	return out
}

// restShorthand is the shorthand of a rest's length, restShort's other way.
var restShorthand = map[string]string{"long": "lr", "short": "sr"}

// restColour reports whether the verb at i is no action of its own
// beside a rest: the rest's own verb ("grab a short rest", "catch some
// sleep"), a verb with nothing after it in its sentence ("I'm beat. long
// rest at the inn?"), or a word of a rest's rules ("I need my hit dice").
func restColour(ws []string, i int) bool {
	if i+1 >= len(ws) || ws[i+1] == "." {
		return true
	}
	if ws[i] == "hit" && (ws[i+1] == "dice" || ws[i+1] == "die") {
		return true
	}
	j := i + 1
	for j < len(ws) && (ws[j] == "a" || ws[j] == "an" || ws[j] == "some" || ws[j] == "the") {
		j++
	}
	if j < len(ws) && restShort[ws[j]] != "" {
		return true
	}
	return j < len(ws) && restCues[lemma(ws[j], isVerb)] && (j+1 >= len(ws) || !isNumber(ws[j+1]))
}

// restRivals are the verbs of other actions a rest is not said with.
var restRivals = func() map[string]bool {
	m := union(frameAttackVerbs, rivalVerbs, moveVerbs)
	for _, w := range []string{"rest", "sleep", "make", "settle", "lie", "lay", "hole", "take", "have", "down", "back", "in", "up"} {
		delete(m, w)
	}
	return m
}()

// restCues are the words of resting.
var restCues = set("rest", "sleep", "camp", "nap", "doze", "slumber", "breather", "breath", "kip", "settle", "crash")

// restOwn are the rests whose cue says their length when no other words
// do: a breather is short, a night's camp long.
var restOwn = map[string]string{"breather": "short", "breath": "short", "nap": "short", "sleep": "long",
	"camp": "long", "slumber": "long", "bed": "long", "turn": "long", "call": "long"}

// nightWords1 say a rest lasts the night.
var nightWords1 = set("night", "overnight", "tonight", "dawn", "morning", "daybreak", "sunrise")

// hourWords follow a number of hours.
var hourWords = set("hour", "hours", "hr", "hrs", "h")

// verbsOf are the words verbOf gives v.
func verbsOf(v verb) map[string]bool {
	m := map[string]bool{}
	for w, x := range verbOf {
		if x == v {
			m[w] = true
		}
	}
	return m
}

func union(ms ...map[string]bool) map[string]bool {
	out := map[string]bool{}
	for _, m := range ms {
		for w := range m {
			out[w] = true
		}
	}
	return out
}

func slots(ss ...slot) (out [nSlots]bool) {
	for _, s := range ss {
		out[s] = true
	}
	return out
}

// permissions ask leave to do what follows: "is it ok if I hit the
// goblin?" asks to hit it, as "can I" does.
var permissions = [][]string{
	{"is", "it", "ok", "if"}, {"is", "it", "okay", "if"}, {"is", "it", "alright", "if"}, {"is", "it", "fine", "if"},
	{"would", "it", "be", "ok", "if"}, {"would", "it", "be", "okay", "if"}, {"would", "it", "be", "possible", "to"},
	{"is", "it", "possible", "to"}, {"do", "you", "mind", "if"}, {"mind", "if"}, {"am", "i", "allowed", "to"},
	{"am", "i", "able", "to"}, {"any", "chance", "i", "can"}, {"any", "chance", "i", "could"},
}

// offPermission takes off the words that ask leave at the head of ws
// (after hesitations), and reports whether there were some.
func offPermission(ws []string) ([]string, bool) {
	for i := 0; i < len(ws); i++ {
		for _, pm := range permissions {
			if wordsAt(ws, i, pm) {
				return append(slices.Clone(ws[:i]), ws[i+len(pm):]...), true
			}
		}
		if !fillers[ws[i]] && ws[i] != "," && !leadWords[ws[i]] {
			break
		}
	}
	return ws, false
}

// goCues say a party sets off without a verb of moving: "into the
// Gloamwood we go", "mill time", "off to the square".
var goCues = set("go", "off", "onward", "onwards", "time", "lets")

// goFill are the words such a sentence holds besides its cue and its
// place: who goes, and when.
var goFill = set("we", "i", "us", "now", "ok", "okay", "so", "everyone", "guys", "folks", "all", "right")

// placeCue reads a place said with a cue of going and no verb of another
// kind ("into the gloamwood we go, torches up", "ok mill time, let's go",
// "cellar, now, go go go"): the move there. Each part set apart by a
// comma is the place, the cue, or colour that names nothing of the
// context and does nothing.
func (p *parser) placeCue(ws []string) (Intent, bool) {
	if p.asked && !p.asksToAct() {
		return Intent{}, false
	}
	cue, to := false, ""
	var colour [][]string
	for _, c := range splitAt(ws, ",", ".") {
		var rest []string
		for _, w := range c {
			switch {
			case goCues[w]:
				cue = true
			case goFill[w] || trailing[w] || urging[w]:
			default:
				rest = append(rest, w)
			}
		}
		if len(rest) == 0 {
			continue
		}
		if in, ok := p.move(rest); ok && (to == "" || to == in.ToAreaID) {
			to = in.ToAreaID
			continue
		}
		colour = append(colour, c)
	}
	if !cue || to == "" {
		return Intent{}, false
	}
	for _, c := range colour {
		names, words := p.nameScan(c)
		if len(names) > 0 {
			return Intent{}, false
		}
		for _, w := range words {
			if !strings.HasPrefix(w, "~") {
				return Intent{}, false // "into the gloamwood we go, swords out and hunting": a deed beside it
			}
		}
	}
	return Intent{Kind: "move", ToAreaID: to}, true
}

// splitAt splits words at each of seps, dropping them.
func splitAt(ws []string, seps ...string) [][]string {
	var out [][]string
	start := 0
	for i, w := range ws {
		if slices.Contains(seps, w) {
			out = append(out, ws[start:i])
			start = i + 1
		}
	}
	return append(out, ws[start:])
}
