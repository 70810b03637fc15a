package intent

import (
	"slices"
	"strings"
)

// giveVerbs hand an item to someone: "I give my potion to Bram", "hand
// Bram the potion", "toss the rope to Ilsa". A potion handed over is the
// use_item that lets its taker drink it; the rules decide whether it
// reaches them.
var giveVerbs = set("give", "hand", "pass", "toss", "throw", "feed", "offer", "slide", "lend")

// give reads "give X to Y" and "give Y X": an item the actor carries and
// a creature present, each named once.
func (p *parser) give(ws []string) (Intent, bool) {
	if len(ws) < 3 || !giveVerbs[ws[0]] {
		return Intent{}, false
	}
	ws = ws[1:]
	if id, ok := p.handTo(ws); ok {
		return Intent{Kind: "help", TargetID: id}, true // "give Ilsa a hand", "lend a hand to Bram"
	}
	// "give Bram advantage on his next attack" is the Help action
	if i := slices.Index(ws, "advantage"); i > 0 {
		if id, o := p.one(ws[:i], p.targets(), false); o == resolved {
			return Intent{Kind: "help", TargetID: id}, true
		}
		return Intent{}, false
	}
	for i, w := range ws {
		if w != "to" {
			continue
		}
		item, o := p.one(ws[:i], p.items(), false)
		if o != resolved {
			return Intent{}, false
		}
		who, o := p.one(ws[i+1:], p.targets(), false)
		if o != resolved {
			return Intent{}, false
		}
		return Intent{Kind: "use_item", Item: item, TargetID: who}, true
	}
	var read []Intent
	for k := 1; k < len(ws); k++ {
		who, o1 := p.one(ws[:k], p.targets(), false)
		item, o2 := p.one(ws[k:], p.items(), false)
		if o1 == resolved && o2 == resolved {
			read = append(read, Intent{Kind: "use_item", Item: item, TargetID: who})
		}
	}
	if len(read) != 1 {
		return Intent{}, false
	}
	return read[0], true
}

// handTo is the creature present that words after a verb of giving lend
// "a hand": "Ilsa a hand", "a hand to Bram", "Bram a hand with the orc".
// What the hand is lent with or against is the Help action's to decide.
func (p *parser) handTo(ws []string) (string, bool) {
	for i, w := range ws {
		if w != "hand" {
			continue // "a" is gone by now: "give Ilsa hand"
		}
		who, after := ws[:i], ws[i+1:]
		if len(who) == 0 && len(after) > 1 && after[0] == "to" {
			who, after = after[1:], nil
			if k := slices.IndexFunc(who, func(w string) bool { return helpStops[w] }); k > 0 {
				who, after = who[:k], who[k:] // "a hand to Ilsa against the chief"
			}
		}
		if len(after) > 0 && !helpStops[after[0]] {
			return "", false
		}
		id, o := p.one(who, p.targets(), false)
		return id, o == resolved && id != p.self
	}
	return "", false
}

// askWords are words that, in a question to the game master ("can I tell
// if he's lying?", "do I notice anything?") or a "see if" ("I try to
// tell whether he's honest"), say which skill answers it.
var askWords = map[string]skill{
	"lying": {"insight", "wis"}, "lies": {"insight", "wis"}, "truth": {"insight", "wis"},
	"truthful": {"insight", "wis"}, "honest": {"insight", "wis"}, "sincere": {"insight", "wis"},
	"bluffing": {"insight", "wis"}, "trustworthy": {"insight", "wis"}, "motives": {"insight", "wis"},
	"intentions": {"insight", "wis"}, "hiding": {"insight", "wis"}, "concealing": {"insight", "wis"},
	"withholding": {"insight", "wis"}, "nervous": {"insight", "wis"}, "afraid": {"insight", "wis"},
	"scared": {"insight", "wis"}, "deceiving": {"insight", "wis"}, "trust": {"insight", "wis"},
	"notice": {"perception", "wis"}, "hear": {"perception", "wis"}, "smell": {"perception", "wis"},
	"spot": {"perception", "wis"}, "sense": {"perception", "wis"}, "see": {"perception", "wis"},
	"track": {"survival", "wis"},
}

// sensed are what a question asks the senses to find: "do I notice
// anything?", "can I hear anyone behind the door?".
var sensed = set("anything", "something", "any", "anyone", "someone", "somebody", "anybody", "movement",
	"danger", "signs", "sign", "footsteps", "voices", "noise", "noises", "sounds", "unusual", "strange", "odd",
	"traps", "trap", "tracks", "hidden", "whether", "if")

// yesNo open a question that asks whether: "can I", "is he", "do I".
var yesNo = set("can", "could", "may", "might", "do", "does", "did", "is", "are", "am", "would", "will",
	"was", "were", "should", "has", "have", "any")

// wouldKnow open the words of a check the actor makes to find out:
// "tell if", "see whether".
var wouldKnow = set("tell", "see", "check", "figure", "find", "know", "judge", "work")

// asks reads a yes-or-no question to the game master, or words that try
// to find something out, whose words name what one skill answers: the
// check of that skill. A question naming none, or two, is left to the
// game master.
func asks(ws []string, question bool) (Intent, bool) {
	if len(ws) < 2 {
		return Intent{}, false
	}
	finds := wouldKnow[ws[0]] && (ws[1] == "if" || ws[1] == "whether" || (ws[1] == "out" && len(ws) > 2 && (ws[2] == "if" || ws[2] == "whether")))
	if !question && !finds {
		return Intent{}, false
	}
	var found skill
	for i, w := range ws {
		if sk, ok := askWords[w]; ok {
			if sk.id == "perception" && (i+1 == len(ws) || !sensed[ws[i+1]] || w == "see" && (ws[i+1] == "if" || ws[i+1] == "whether")) {
				continue // "did you hear that?" asks nothing of the senses' roll
			}
			if found.id != "" && found != sk {
				return Intent{}, false
			}
			found = sk
		}
	}
	if found.id == "" {
		return Intent{}, false
	}
	return Intent{Kind: "check", Ability: found.ability, Skill: found.id}, true
}

// spellFirst reads words that open with a spell's name and go on to its
// targets, without "cast": "fireball the orcs", "magic missile on goblin
// 2", "Shield!", "bless Bram, Ilsa and me". A name that is also one of
// the actor's items or weapons ("shield") is left alone.
func (p *parser) spellFirst(ws []string) (Intent, bool) {
	level, ws, ok := takeLevel(ws)
	if !ok {
		return Intent{}, false
	}
	ws = p.spellAsVerb(ws)
	for _, cs := range [][]cand{p.spells(), p.otherSpells()} {
		best, hit := spellAtHead(ws, cs)
		if best == 0 {
			continue
		}
		if hit < 0 {
			return Intent{}, false
		}
		name := ws[:best]
		if len(name) == 1 && plainVerbs[name[0]] && len(ws) == 1 {
			return Intent{}, false // "I knock", "light!": an ordinary deed, not the spell
		}
		for _, other := range [][]cand{p.items(), p.weapons()} {
			for _, c := range other {
				if equalWords(c.words, name) || c.compact == strings.Join(name, "") {
					return Intent{}, false
				}
			}
		}
		in := Intent{Kind: "cast", Spell: cs[hit].id, SlotLevel: level}
		rest := ws[best:]
		if len(rest) > 0 && (rest[0] == "spell" || rest[0] == "cantrip") {
			rest = rest[1:]
		}
		if item, left, from := p.castFrom(append([]string{"_"}, rest...)); from {
			in.With, rest = []string{item}, left[1:] // "magic missile from the wand, ..."
		}
		if len(rest) == 0 {
			return in, true
		}
		ids, ok := p.castTargets(rest)
		if !ok {
			if len(name) > 1 && directions[rest[0]] && p.namesNoOne(rest) {
				return in, true // "misty step away from the orcs": a way to go, no one cast at
			}
			if p.onThing(rest) {
				return in, true // "light on my dagger", as "cast light on my dagger" reads
			}
			return Intent{}, false
		}
		in.TargetIDs = ids
		return in, true
	}
	return Intent{}, false
}

// spellAsVerb writes a spell's name of two words used as a verb ("misty
// steps away") as the name: the verb's -s off its last word.
func (p *parser) spellAsVerb(ws []string) []string {
	if len(ws) < 2 || !strings.HasSuffix(ws[1], "s") {
		return ws
	}
	for _, cs := range [][]cand{p.spells(), p.otherSpells()} {
		for _, c := range cs {
			if len(c.words) == 2 && ws[0] == c.words[0] && ws[1] == c.words[1]+"s" {
				return append([]string{ws[0], c.words[1]}, ws[2:]...)
			}
		}
	}
	return ws
}

// namesNoOne reports whether words name no creature the context holds,
// fallen or standing: the orcs a step away from are not its targets.
func (p *parser) namesNoOne(ws []string) bool {
	if i := slices.Index(ws, "from"); i >= 0 {
		ws = ws[:i]
	}
	names, _ := p.nameScan(ws)
	for _, nm := range names {
		if nm.slot == sTarget {
			return false
		}
	}
	return true
}

// plainVerbs are spells whose one-word names are also what anyone does:
// said alone without "cast" ("I knock twice"), they are the deed, not the
// spell. With a target after them ("sleep the goblins") they are read as
// the spell.
var plainVerbs = set("knock", "light", "sleep", "fly", "jump", "command", "message", "alarm", "heal", "harm", "slow",
	"haste", "fear", "wish", "silence", "darkness", "shatter", "identify", "mending", "guidance", "resistance",
	"friends", "suggestion", "confusion", "sanctuary", "teleport", "dream", "regenerate", "contingency", "counterspell")

// spellAhead reads words that open with a spell's name of two words or
// more ("fire bolt at goblin 2", "healing word on Bram", "magic missile
// goblin 1"): the name wins over a verb its first word also is ("fire",
// "heal"), and a question that names the spell asks to cast it ("can I
// magic missile goblin 2?"). A one-word name ("sleep", "light") is the
// readers' to weigh against the verb.
func (p *parser) spellAhead(ws []string) (Intent, bool) {
	_, named, ok := takeLevel(ws)
	if !ok {
		return Intent{}, false
	}
	for _, cs := range [][]cand{p.spells(), p.otherSpells()} {
		best, hit := spellAtHead(named, cs)
		if best == 0 {
			continue
		}
		if hit < 0 || len(cs[hit].words) < 2 {
			return Intent{}, false
		}
		return p.spellFirst(ws)
	}
	return Intent{}, false
}

// spellNamed reports whether words are a spell's name whole, as
// spellAtHead finds it: no creature's.
func (p *parser) spellNamed(ws []string) bool {
	best, hit := spellAtHead(ws, p.spells())
	if best != len(ws) || hit < 0 {
		return false
	}
	_, o := p.one(ws, p.targets(), false)
	return o == unknown
}

// spellAtHead finds the spell named by the words' head: its name or id
// whole, written as one word ("firebolt"), or with one letter wrong in a
// word of four or more ("magic missle"). best is how many words name it,
// hit its index, -1 when two spells are named as well.
func spellAtHead(ws []string, cs []cand) (best, hit int) {
	hit = -1
	for i, c := range cs {
		k := 0
		switch {
		case len(c.words) <= len(ws) && equalWords(ws[:len(c.words)], c.words):
			k = len(c.words)
		case len(c.words) > 1 && len(ws) > 0 && ws[0] == c.compact:
			k = 1
		case len(c.words) <= len(ws) && wordsMatch(ws[:len(c.words)], c.words, typoOf) && len(c.words) > 1:
			k = len(c.words)
		case len(c.words) == 1 && len(ws) > 0 && len(c.compact) >= 7 && typoOf(c.compact, ws[0]):
			k = 1 // "firebal": a long name one letter wrong still says which
		}
		if k == 0 {
			continue
		}
		if k > best {
			best, hit = k, i
		} else if k == best && cs[hit].id != c.id {
			hit = -1
		}
	}
	return best, hit
}

// castTargets reads whom a spell is cast at: "at the orcs", "on Bram and
// me", or the names alone ("the orcs").
func (p *parser) castTargets(ws []string) ([]string, bool) {
	ws = withoutLeadingCommas(ws)
	if len(ws) > 1 && aimWords[ws[0]] {
		ws = ws[1:] // "centered on the orcs"
	}
	if len(ws) > 1 && ws[0] == "between" {
		// "between the two orcs": a spell's area set down among creatures
		// of one kind takes them all; between a foe and a friend ("between
		// goblin 1 and Bram") whom it takes is the game master's
		ids, ok := p.many(ws[1:], p.targets(), true)
		if !ok || len(ids) < 2 || !p.oneKind(ids) {
			return nil, false
		}
		return ids, true
	}
	if len(ws) > 0 && (targetPreps[ws[0]] || ws[0] == "over" || ws[0] == "for" || ws[0] == "to") {
		ws = ws[1:]
	}
	if len(ws) == 0 {
		return nil, false
	}
	if party[strings.Join(ws, " ")] {
		return nil, true // "bless over the party": the rules take whom the spell can
	}
	if ids, ok := p.many(ws, p.targets(), true); ok {
		return ids, true
	}
	if shared := withoutShots(ws); len(shared) < len(ws) && len(shared) > 0 {
		// "2 darts at orc 1 and 1 at orc 2", "x2 at orc 1": how the darts
		// or beams are shared is the rules' to count; whom they strike is read
		return p.castTargets(shared)
	}
	if id, ok := p.struck(ws); ok {
		return []string{id}, true // "into goblin 1's ugly face"
	}
	return nil, false
}

// oneKind reports whether the creatures ids names share their name's
// first word: "Orc 1" and "Orc 2" are one kind, "Goblin 1" and "Bram" two.
func (p *parser) oneKind(ids []string) bool {
	kind := ""
	for _, c := range p.targets() {
		if !slices.Contains(ids, c.id) || len(c.words) == 0 {
			continue
		}
		if kind == "" {
			kind = c.words[0]
		} else if c.words[0] != kind {
			return false
		}
	}
	return kind != ""
}

// shots are what a spell of several darts or beams sends: "2 darts",
// "every missile", "two beams".
var shots = set("dart", "darts", "missile", "missiles", "beam", "beams", "ray", "rays", "bolt", "bolts", "blast", "blasts")

// withoutShots is words with the counts of a spell's darts or beams taken
// off, and the preposition a count's share repeats ("and 1 at orc 2").
func withoutShots(ws []string) []string {
	var out []string
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		next := ""
		if i+1 < len(ws) {
			next = ws[i+1]
		}
		switch {
		case (isNumber(w) || quantifiers[w]) && shots[next]:
			i++ // "2 darts", "every dart"
		case shots[w] && (i == 0 || ws[i-1] == "and" || ws[i-1] == ","):
			// "darts at orc 1"
		case timesWord(w):
			// "x2", "2x"
		case isNumber(w) && targetPreps[next] && (i == 0 || ws[i-1] == "and" || ws[i-1] == ","):
			// "and 1 at orc 2"
		case targetPreps[w] && len(out) > 0 && (out[len(out)-1] == "and" || out[len(out)-1] == ","):
			// the share's preposition: "orc 1 and at orc 2" is "orc 1 and orc 2"
		default:
			out = append(out, w)
		}
	}
	for len(out) > 0 && targetPreps[out[0]] {
		out = out[1:]
	}
	return out
}

// timesWord reports whether w counts times: "x2", "2x", "x3".
func timesWord(w string) bool {
	if len(w) < 2 {
		return false
	}
	switch {
	case w[0] == 'x':
		return isNumber(w[1:]) && len(w) == 2
	case w[len(w)-1] == 'x':
		return isNumber(w[:len(w)-1]) && len(w) == 2
	}
	return false
}

// aimWords say where a spell is aimed before the preposition that says
// at whom: "centered on the orcs", "aimed at goblin 1".
var aimWords = set("centered", "centred", "aimed", "targeted", "directed", "pointed", "focused", "right")

func withoutLeadingCommas(ws []string) []string {
	for len(ws) > 0 && ws[0] == "," {
		ws = ws[1:]
	}
	return ws
}

// ammo are what a ranged weapon shoots, named instead of the weapon ("I
// shoot an arrow at orc 2"): they say nothing of which weapon.
var ammo = set("arrow", "arrows", "bolt", "bolts", "bullet", "bullets", "stone", "stones", "dart", "darts")

// attackNouns are the words of an attack named by its weapon: "longsword
// attack on goblin 2", "a longbow shot at the orc".
var attackNouns = set("attack", "swing", "shot", "strike", "stab", "slash", "thrust", "swipe", "chop")

// weaponFirst reads an attack that opens with its weapon: "longsword
// attack on goblin 2", "I make a longbow attack against orc 2".
func (p *parser) weaponFirst(ws []string) (Intent, bool) {
	for k := 1; k < len(ws) && k <= 3; k++ {
		if !attackNouns[ws[k]] {
			continue
		}
		return p.attackWith(ws[:k], ws[k+1:])
	}
	return Intent{}, false
}

// attackWith reads an attack whose weapon the words named apart from the
// rest: the weapon's words, then the attack's ("on goblin 2").
func (p *parser) attackWith(weapon, rest []string) (Intent, bool) {
	wid, o := p.one(weapon, p.weapons(), false)
	if o != resolved {
		return Intent{}, false
	}
	in, ok := p.attack(rest)
	if !ok || in.Kind != "attack" || in.Weapon != "" {
		return Intent{}, false
	}
	in.Weapon = wid
	return in, true
}

// itemSpell is the spell an item's name holds ("Wand of Magic Missiles"
// holds Magic Missile), "" when none does.
func (p *parser) itemSpell(item string) string {
	var words []string
	for _, c := range p.items() {
		if c.id == item {
			words = c.words
		}
	}
	for _, cs := range [][]cand{p.spells(), p.otherSpells()} {
		for _, c := range cs {
			n := len(c.words)
			for i := 0; i+n <= len(words); i++ {
				if equalWords(words[i:i+n-1], c.words[:n-1]) && (words[i+n-1] == c.words[n-1] || words[i+n-1] == c.words[n-1]+"s") {
					return c.id
				}
			}
		}
	}
	return ""
}

// healVerbs tend a creature with a spell or a kit: "heal Ilsa with cure
// wounds", "stabilize Bram with the healer's kit". Without the spell or
// the item named ("heal Bram") nothing says how.
var healVerbs = set("heal", "stabilize", "bandage", "treat", "mend", "revive", "cure", "tend", "doctor")

// heal reads a creature tended with a spell the actor casts or an item
// it carries.
func (p *parser) heal(ws []string) (Intent, bool) {
	if len(ws) < 4 || !healVerbs[ws[0]] {
		return Intent{}, false
	}
	for i := 2; i < len(ws)-1; i++ {
		if ws[i] != "with" && ws[i] != "using" {
			continue
		}
		who := ws[1:i]
		if len(who) > 1 && who[len(who)-1] == "up" {
			who = who[:len(who)-1]
		}
		id, o := p.one(who, p.targets(), true)
		if o != resolved {
			return Intent{}, false
		}
		if sid, o := p.one(ws[i+1:], p.spells(), false); o == resolved {
			return Intent{Kind: "cast", Spell: sid, TargetIDs: []string{id}}, true
		}
		if item, o := p.one(ws[i+1:], p.items(), false); o == resolved {
			return Intent{Kind: "use_item", Item: item, TargetID: id}, true
		}
		return Intent{}, false
	}
	return Intent{}, false
}

// objectSkills are what a look names that says which skill finds it:
// wounds are Medicine's, tracks Survival's, a face Insight's.
var objectSkills = map[string]skill{
	"wounds": {"medicine", "wis"}, "wound": {"medicine", "wis"}, "injuries": {"medicine", "wis"},
	"injury": {"medicine", "wis"}, "pulse": {"medicine", "wis"}, "vitals": {"medicine", "wis"},
	"tracks": {"survival", "wis"}, "footprints": {"survival", "wis"}, "trail": {"survival", "wis"},
	"prints": {"survival", "wis"}, "spoor": {"survival", "wis"},
	"face": {"insight", "wis"}, "expression": {"insight", "wis"}, "intentions": {"insight", "wis"},
	"mood": {"insight", "wis"}, "motives": {"insight", "wis"},
}

// lookVerbs look at or for something.
var lookVerbs = set("check", "examine", "inspect", "look", "search", "study", "follow", "read", "assess",
	"scan", "find", "seek", "hunt", "observe", "watch")

// objectCheck reads a look whose object says the skill: "I check Bram's
// wounds", "look for tracks outside the stables", "read the bugbear's
// face". Two objects of different skills say none.
func objectCheck(ws []string) (Intent, bool) {
	if len(ws) < 2 || !lookVerbs[ws[0]] {
		return Intent{}, false
	}
	var found skill
	for _, w := range ws[1:] {
		if w == "and" || w == "then" || w == "," {
			return Intent{}, false
		}
		if sk, ok := objectSkills[w]; ok {
			if sk.id == "insight" && ws[0] != "read" && ws[0] != "study" && ws[0] != "watch" {
				continue
			}
			if found.id != "" && found != sk {
				return Intent{}, false
			}
			found = sk
		}
	}
	if found.id == "" {
		return Intent{}, false
	}
	return Intent{Kind: "check", Ability: found.ability, Skill: found.id, Difficulty: "medium"}, true
}

// knowQuestion reads a question of what the actor knows or recalls
// ("what do I know about bugbears?", "do I remember anything about this
// inn?"): an Intelligence check, whose skill the subject decides and the
// game master names. Words that ask nothing of the kind give nil.
func (p *parser) knowQuestion(ws []string) *Intent {
	if rest, ok := p.withoutActor(ws); ok {
		ws = rest // "does Aria recognize this plant?"
	} else if len(ws) > 0 && (ws[0] == "character" || ws[0] == "char" || ws[0] == "pc") {
		ws = ws[1:] // "does my character know anything about ...?"
	}
	if len(ws) < 3 || !(ws[0] == "what" || ws[0] == "have" || ws[0] == "know" || ws[0] == "recall" || ws[0] == "remember" || ws[0] == "recognize" || ws[0] == "does" || ws[0] == "did" || ws[0] == "would") {
		return nil
	}
	for i, w := range ws[:min(len(ws), 4)] {
		if w != "know" && w != "recall" && w != "remember" && w != "heard" && w != "recognize" && w != "recognise" {
			continue
		}
		if slices.Contains(ws, ",") || slices.Contains(ws, "and") {
			return nil
		}
		if _, o := p.one(ws[i+1:], p.areas(), false); o != unknown || slices.ContainsFunc(ws[i+1:], func(w string) bool { return p.areaWord(w) }) {
			return nil // a place on the map is known from the story, not a roll
		}
		return &Intent{Kind: "check", Ability: "int"}
	}
	return nil
}

// areaWord reports whether w is a word of an area's name.
func (p *parser) areaWord(w string) bool {
	for _, c := range p.areas() {
		if slices.Contains(c.words, w) {
			return true
		}
	}
	return false
}

// forStops end an item's name before whom it is for.
var forStops = set("on", "to", "for")

// itemFirst reads an item named before whom it is for: "healer's kit on
// myself", "potion to Bram". An item that is also a weapon is left
// alone: "dagger on goblin 1" may be an attack.
func (p *parser) itemFirst(ws []string) (Intent, bool) {
	if in, ok := p.itemCast(ws); ok {
		return in, true // "wand on orc 1": the wand's spell cast at orc 1
	}
	hits, rest := takeName(ws, p.items(), forStops)
	if len(hits) != 1 || len(rest) < 2 {
		return Intent{}, false
	}
	item := p.items()[hits[0]].id
	for _, c := range p.weapons() {
		if c.id == item {
			return Intent{}, false
		}
	}
	id, o := p.one(rest[1:], p.targets(), true)
	if o != resolved {
		return Intent{}, false
	}
	return Intent{Kind: "use_item", Item: item, TargetID: id}, true
}

// weaponTarget reads a weapon and a creature named alone, in either
// order: "longbow, orc 1", "orc 1 with the longbow".
func (p *parser) weaponTarget(ws []string) (Intent, bool) {
	if len(ws) > 8 {
		return Intent{}, false
	}
	var read []Intent
	for k := 1; k < len(ws); k++ {
		a, b := withoutCommas(ws[:k]), withoutCommas(ws[k:])
		prep := ""
		if len(b) > 0 && (b[0] == "at" || b[0] == "on" || b[0] == "with" || b[0] == "to" || b[0] == "into") {
			prep, b = b[0], b[1:]
		}
		if len(a) == 0 || len(b) == 0 {
			continue
		}
		if len(a) == 1 && ammo[a[0]] && (prep == "at" || prep == "into") {
			// "arrows at the orc": the weapon that shoots them, if one does
			if t, ok := p.struck(b); ok {
				read = append(read, Intent{Kind: "attack", TargetID: t, Weapon: p.ammoWeapon(a[0])})
			}
		}
		if w, o := p.one(a, p.weapons(), false); o == resolved && (prep != "to" || indexOf(p.ctx.Items, w) < 0) {
			// "dagger to the bugbear chief's knee"; a weapon carried as an
			// item may be handed "to" someone, so that reads no blow
			if t, ok := p.struck(b); ok {
				read = append(read, Intent{Kind: "attack", TargetID: t, Weapon: w})
			}
		}
		if t, o := p.one(a, p.targets(), false); o == resolved {
			if w, o := p.one(b, p.weapons(), false); o == resolved {
				read = append(read, Intent{Kind: "attack", TargetID: t, Weapon: w})
			}
		}
	}
	if len(read) == 0 || slices.ContainsFunc(read, func(in Intent) bool { return in.TargetID != read[0].TargetID || in.Weapon != read[0].Weapon }) {
		return Intent{}, false
	}
	return read[0], true
}

// struck is the one creature present words name as where a blow lands:
// "orc 2", "the bugbear chief's knee", "goblin 1 in the face".
func (p *parser) struck(ws []string) (string, bool) {
	for len(ws) > 1 {
		if id, o := p.one(ws, p.targets(), false); o == resolved {
			return id, p.mayAttack(id)
		}
		if !bodyParts[ws[len(ws)-1]] && ws[len(ws)-1] != "in" {
			break
		}
		ws = ws[:len(ws)-1]
	}
	id, o := p.one(ws, p.targets(), false)
	return id, o == resolved && p.mayAttack(id)
}

// headTarget finds the creature named at the head of the words, the
// longest name first: "Ilsa line up her shot", "goblin 1 to knock it
// prone". The creature and the words after it.
func (p *parser) headTarget(ws []string) (string, []string, bool) {
	for k := min(len(ws), 3); k >= 1; k-- {
		if id, o := p.one(ws[:k], p.targets(), false); o == resolved {
			return id, ws[k:], true
		} else if o == ambiguous {
			return "", nil, false
		}
	}
	return "", nil, false
}

// party are words that name the actor's side as a whole.
var party = set("party", "whole party", "us", "everyone", "group", "allies", "team", "friends", "all of us", "us all")

// weaponKinds are words that name a weapon by its kind, not its name:
// "with my bow" is the longbow of an actor who has one bow.
var weaponKinds = set("bow", "crossbow", "sword", "blade", "axe")

// unarmWords are words that put a weapon away or change it: the weapon
// they name is not the one an attack beside them is made with.
var unarmWords = set("drop", "drops", "dropped", "sheathe", "sheathes", "sheathed", "stow", "stows", "away",
	"switch", "switches", "swap", "swaps", "instead", "holster", "holsters", "unequip")

// armed gives an attack read without a weapon the one weapon of the
// actor's that the sentence names by its kind or its ammunition ("I loose
// two arrows at Orc 2", "shoot the bugbear with my bow", "goblin 2, bow"),
// and marks one made with both hands ("two handed", "with both hands")
// two-handed. Words naming two kinds, or putting a weapon away, give none.
func (p *parser) armed(in *Intent) {
	ws := p.all
	if in.Weapon == "" && !slices.ContainsFunc(ws, func(w string) bool { return unarmWords[w] }) {
		found := ""
		for _, w := range ws {
			id := ""
			switch {
			case ammo[w]:
				id = p.ammoWeapon(w)
			case weaponKinds[w] || weaponKinds[strings.TrimSuffix(w, "s")]:
				id = p.kindWeapon(strings.TrimSuffix(w, "s"))
			default:
				continue
			}
			if id == "" || found != "" && found != id {
				found = ""
				break
			}
			found = id
		}
		in.Weapon = found
	}
	if in.Weapon != "" && in.Choice == "" && bothHands(ws) {
		in.Choice = "two-handed"
	}
}

// kindWeapon is the one weapon of the actor's of kind ("bow": a longbow
// or shortbow, not a crossbow; "sword": a longsword), "" when none or
// several are.
func (p *parser) kindWeapon(kind string) string {
	found := ""
	for _, c := range p.weapons() {
		last := c.words[len(c.words)-1]
		if !strings.HasSuffix(last, kind) || kind == "bow" && strings.HasSuffix(last, "crossbow") {
			continue
		}
		if found != "" {
			return ""
		}
		found = c.id
	}
	return found
}

// bothHands reports whether words say a weapon is held in both hands.
func bothHands(ws []string) bool {
	for i := 0; i+1 < len(ws); i++ {
		a, b := ws[i], ws[i+1]
		if (a == "two" || a == "both" || a == "2") && (b == "hands" || b == "handed" || b == "hand") || a == "twohanded" {
			return true
		}
	}
	return len(ws) > 0 && ws[len(ws)-1] == "twohanded"
}
