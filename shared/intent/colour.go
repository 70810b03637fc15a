package intent

import (
	"slices"
	"strings"
)

// Colour is what a character does that no rule weighs: talking with
// someone, eating and drinking at a table, humming, counting, writing,
// sitting, smiling, nodding, laughing. Such words are told as
// they are, with no roll, so no model need be paid to hear that they
// are speech. A colour read wrongly drops an action the player asked
// for, which costs more than the call it saves: Colour says yes only
// when the words open with a verb of colour and nothing in them asks the
// rules for anything, and no for anything else.

// colourHeads are the verbs of colour, each a clause's head after its
// subject, by family.
var colourHeads = union(
	// talking with someone, the words not quoted (quoted words are speech)
	set("talk", "chat", "ask", "tell", "speak", "converse", "chatter", "gossip", "banter", "discuss", "mention",
		"explain", "greet", "thank", "introduce", "apologize", "apologise", "agree", "reply", "answer", "respond",
		"compliment", "reassure", "comfort", "console", "joke", "say", "whisper", "mutter", "murmur", "shout", "yell",
		"call", "grumble", "complain", "remark", "wish", "bid", "confide", "chit"),
	// the face and the body: gestures, moods, small habits
	set("smile", "grin", "smirk", "frown", "scowl", "grimace", "wince", "pout", "sigh", "groan", "laugh", "chuckle",
		"giggle", "snort", "scoff", "shrug", "nod", "wink", "wave", "blush", "cry", "weep", "sob", "sniff", "yawn",
		"stretch", "cough", "gasp", "beam", "salute", "clap", "cheer", "applaud", "curtsy", "hug", "embrace", "kiss",
		"pat", "pet", "fidget", "pace", "tap", "twirl", "admire", "marvel", "gaze", "blink", "shiver", "smooth"),
	mindVerbs,
	// at table: eating and drinking what is no item of the sheet
	set("eat", "dine", "sip", "feast", "snack", "munch", "nibble", "chew", "drink", "toast", "order", "smoke", "savor", "savour"),
	// music no one is asked to judge (played or sung for an audience, it is Performance: the parser reads it)
	set("hum", "whistle", "sing"),
	// writing and counting
	set("write", "scribble", "jot", "sketch", "doodle", "count", "tally"),
	// idling
	// ("wait" is none: in a fight it may hold an action back, or end the turn)
	set("sit", "lean", "lounge", "loiter", "linger", "idle", "sprawl", "watch"),
)

// colourPhrases are colour said in two words whose first alone would ask
// the rules ("roll", "shake", "keep", "take"), with the words between them
// it may hold after clean ("rolls her eyes": "roll eyes").
var colourPhrases = [][]string{
	{"roll", "eyes"}, {"high", "5"}, {"keep", "watch"}, {"stand", "watch"}, {"shake", "head"}, {"shake", "hands"},
	{"take", "seat"}, {"take", "sip"}, {"clear", "throat"}, {"crack", "knuckles"}, {"raise", "eyebrow"},
	{"raise", "glass"}, {"raise", "toast"}, {"take", "breath"}, {"catch", "up"},
}

// colourWalks are the ways of going that colour what is said while the
// character goes nowhere the words name ("hums to herself as they
// walk"): only in a clause of its own after "as" or "while".
var colourWalks = set("walk", "stroll", "ride", "travel", "march", "wander", "trudge", "amble")

// colourSubjects open a clause as its subject: the actor, or the party;
// after the first clause a pronoun too.
var (
	colourSubjects = set("i", "we", "ill", "id", "im", "lets", "let", "us", "just", "also", "then", "simply", "still")
	laterSubjects  = set("he", "she", "they", "hes", "shes", "theyre")
	colourLeads    = set("would", "like", "want", "wanna", "to", "gonna", "will", "shall", "going")
)

// colourBreaks end a clause of colour.
var colourBreaks = set(",", ".", "and", "then", "so", "while", "as", "but", "before")

// notColour are words that ask the rules, or the game master, wherever
// they stand: an attempt, a roll, the turn's economy, stealth, magic,
// gear, a hedge (a negation, a condition, a choice, an action held back),
// talk of the game itself.
var notColour = union(hedgeWords, set(
	"try", "tries", "trying", "tried", "attempt", "attempts", "attempting", "roll", "rolls", "rolling", "check",
	"checks", "save", "saves", "saving", "dc", "advantage", "disadvantage", "initiative", "turn", "action", "bonus",
	"reaction", "ready", "readies", "readied", "readying", "hide", "hides", "hiding", "hidden", "sneak", "stealth",
	"stealthily", "quietly", "silently", "unseen", "unnoticed", "secretly", "discreetly", "covertly", "carefully",
	"closely", "signs", "sign", "clues", "clue", "trap", "traps", "tracks", "footprints", "notice", "spot", "listen",
	"cast", "casts", "casting", "spell", "spells", "cantrip", "magic", "magical", "conjure", "summon", "invoke",
	"incant", "chant", "ritual", "pray", "prays", "praying", "prayer", "prayers", "channel", "zap", "hex", "curse",
	"arcane", "weave", "heal", "heals", "healing", "cure", "wounds", "wound", "potion", "potions", "elixir", "scroll",
	"scrolls", "wand", "staff", "rod", "orb", "amulet", "symbol", "ring", "oil", "poison", "antitoxin", "vial", "kit",
	"tools", "rope", "torch", "lantern", "rations", "ration", "sword", "bow", "crossbow", "axe", "knife", "blade",
	"weapon", "weapons", "arrow", "arrows", "shield", "armor", "armour", "mail", "hilt", "pommel",
	// a hedge a likeness does not hold (the others: hedgeWords)
	"whichever", "unless", "instead", "maybe", "perhaps", "might", "hypothetically", "whenever",
	"ooc", "brb", "afk", "irl", "gm", "dm",
	"session", "hp", "ac", "xp", "dice", "d20", "nat", "crit", "level", "slot", "distract", "lure", "signal",
	"pretend", "pretends", "disguise", "impersonate", "feign", "feigns", "bribe", "bribes", "steal", "done",
	"end", "pass", "skip", "finish", "knock", "light", "identify", "learn", "discover", "determine", "figure",
	"remember", "recall", "recollect", "recognize", "recognise", "know", "study", "examine", "inspect", "search",
	"investigate", "sense", "feel", "smell", "hear", "see", "spy", "guard", "guards", "enemy", "enemies", "foe",
	"foes", "kill", "dead", "dying", "bleeding", "unconscious", "prone", "grapple", "grappled", "free", "escape",
	// the table, not the character
	"game", "everyone", "everybody", "guys", "folks", "yall", "gg", "whos", "whats", "wheres", "hows",
	// a place to lie in wait, a puzzle, a lock, a purse: a check's
	"shadows", "shadow", "ambush", "cover", "behind", "attention", "riddle", "riddles", "puzzle", "solve", "lock",
	"locks", "rune", "runes", "glyph", "glyphs", "sigil", "frisk", "pocket", "pockets", "purse", "pouch", "wallet",
	// a rest's length
	"hour", "hours", "overnight", "night", "minutes", "dawn",
	// a creature the actor commands
	"familiar", "companion", "summons", "summoned", "steed",
	// a manner that sways or fools someone: Persuasion, Deception, Intimidation
	"nicely", "politely", "sweetly", "charmingly", "firmly", "sternly", "menacingly", "threateningly",
	"convincingly", "persuasively", "innocently", "information", "info", "forge", "forged", "forgery", "fake",
	"counterfeit", "holy", "blessed", "poisoned", "antidote",
))

// notColourPairs are a verb of colour and a word after it that make it
// something else: "pat down" searches, "sit up" rises from prone.
var notColourPairs = map[string]map[string]bool{
	"pat": set("down"), "sit": set("up"), "lean": set("over", "out"), "stretch": set("out"), "nod": set("off"),
}

// purposeFree are the words after "to" that say to whom, not what for:
// "hums to herself", "nods to the innkeeper". Any other word after "to"
// past a verb of colour opens a purpose ("leans on the door to hold it
// shut"), which a check may decide.
var purposeFree = union(determiners, set("me", "myself", "him", "himself", "her", "herself", "them", "themselves",
	"themself", "us", "ourselves", "you", "each", "everyone", "one", "no"))

// hedgeWords are the hedges of notColour a likeness may hold (a
// negation, a condition: "eats like he hasn't eaten in days"): after
// "like" they hedge nothing.
var hedgeWords = set("dont", "not", "never", "cant", "cannot", "wont", "didnt", "doesnt", "shouldnt", "wouldnt",
	"couldnt", "hasnt", "havent", "isnt", "arent", "wasnt", "or", "either", "if", "when", "once", "until", "after")

// wonderWords open a question the character asks someone, not the game
// master ("I ask the others what they think"): only after a verb of
// talking or thinking.
var wonderWords = set("what", "whats", "why", "who", "whose", "whom", "how", "where", "which", "whether", "if")

// talkVerbs are the colour verbs after which words are what is said or
// thought, not done ("tell Bram we should go"): a verb of going there is
// no move.
var talkVerbs = set("talk", "chat", "ask", "tell", "speak", "converse", "gossip", "discuss", "mention", "explain",
	"reply", "answer", "respond", "agree", "say", "whisper", "mutter", "murmur", "shout", "yell", "call",
	"grumble", "complain", "remark", "wish", "confide", "think", "ponder", "wonder", "muse", "reflect",
	"daydream", "reminisce", "brood", "mull", "worry", "fret", "write", "scribble", "jot", "joke", "reassure",
	"comfort", "console", "chit")

// talksInto reports whether the words after a verb of talking sway
// someone to do something, or out of it: "the guard into opening the
// gate", "him out of it" (not "late into the evening").
func talksInto(rest []string) bool {
	for i, w := range rest {
		if w == "into" && i+1 < len(rest) && (strings.HasSuffix(rest[i+1], "ing") || swayed[rest[i+1]]) {
			return true
		}
		if w == "out" && i+1 < len(rest) && rest[i+1] == "of" {
			return true
		}
	}
	return false
}

// swayed are what someone is talked into: "talk him into it".
var swayed = set("it", "this", "that")

// watches are the colour of looking on.
var watches = set("watch", "keep watch", "stand watch", "gaze")

// namesCreature reports whether words name a creature present by its
// whole name.
func (p *parser) namesCreature(ws []string) bool { return namesWhole(ws, p.targets()) }

// namesWhole reports whether words hold the whole name of one of cs.
func namesWhole(ws []string, cs []cand) bool {
	for _, c := range cs {
		for i := range ws {
			if wordsAt(ws, i, c.words) {
				return true
			}
		}
	}
	return false
}

// mindVerbs are the colour of thought, a family of colourHeads: about a
// subject of knowledge, a check of Intelligence.
var mindVerbs = set("think", "ponder", "wonder", "muse", "reflect", "daydream", "reminisce", "brood", "mull", "worry", "fret")

// placeWords say where to: beside a verb of going, a move.
var placeWords = union(wayWords, placeNouns, placeParts, set("north", "south", "east", "west", "upstairs",
	"downstairs", "away", "toward", "towards", "into", "onto", "inside", "outside", "across", "through", "past"))

// particles follow a verb and are no verb themselves: "sit down",
// "lean back".
var particles = set("down", "up", "back", "over", "out", "off", "around", "along", "on", "in")

// determiners make the word after them a thing: "by the fire", "a shot
// of rum".
var determiners = set("the", "a", "an", "my", "his", "her", "our", "their", "its", "your", "some", "this", "that")

// maxColourWords bounds the words Colour weighs: a long text is more
// likely to hide an action, and is not read loosely.
const maxColourWords = 30

// Colour reports whether words a player writes for their character are
// colour: in character, every clause a verb of colour (talking with
// someone, eating, drinking at a table, humming, counting, writing,
// sitting, a smile, a nod, a laugh) or words of manner with no
// verb ("badly", "by the fire"), naming nothing of ctx but the creatures
// present, with no cue of a check ("try to", "carefully"), no question,
// no quotation, no hedge and nothing Parse reads. Such words are told as
// they are, with no roll and no model to read them. It is conservative:
// words it is unsure of are no colour.
func Colour(text string, ctx Context) bool {
	if !readable(text) || strings.ContainsAny(text, quoteChars+"?()[]/:") {
		return false
	}
	toks := tokenize(text)
	ws := tokenWords(toks)
	if len(ws) == 0 || len(ws) > maxColourWords {
		return false
	}
	if yesNo[ws[0]] || whWords[ws[0]] {
		return false // a question without its mark
	}
	if _, ok := ParseAll(text, ctx); ok {
		return false
	}
	p := newParser(ctx, map[string]reading{})
	ws = p.possessives(toks)
	if p.namesGear(clean(ws)) {
		return false
	}
	cs := colourClauses(ws)
	if len(cs) == 0 {
		return false
	}
	for i, c := range cs {
		if in, ok := Parse(strings.Join(c.words, " "), ctx); ok && in.Kind != "say" {
			return false // a clause the parser reads asks for it
		}
		if !p.colourClause(c, i == 0) {
			return false
		}
	}
	return true
}

// colourClause is one clause of words and the break that opened it.
type colourClause struct {
	words []string
	after string
}

// colourClauses splits words at colourBreaks; "as if" and "as though"
// open a likeness, no clause.
func colourClauses(ws []string) []colourClause {
	var out []colourClause
	start, after := 0, ""
	for i := 0; i <= len(ws); i++ {
		if i < len(ws) && (!colourBreaks[ws[i]] || ws[i] == "as" && i+1 < len(ws) && (ws[i+1] == "if" || ws[i+1] == "though")) {
			continue
		}
		if c := ws[start:i]; len(c) > 0 {
			out = append(out, colourClause{words: c, after: after})
		}
		if i < len(ws) {
			after = ws[i]
		}
		start = i + 1
	}
	return out
}

// colourClause reports whether one clause is colour: its subject (the
// actor, the party, or after the first clause a pronoun), then a verb of
// colour and words that ask nothing; or, after the first, words of
// manner with no verb at all.
func (p *parser) colourClause(c colourClause, first bool) bool {
	ws := c.words
	i := 0
	for i < len(ws) && (colourSubjects[ws[i]] || colourLeads[ws[i]] || !first && laterSubjects[ws[i]]) {
		i++
	}
	if rest, ok := p.withoutActor(ws[i:]); ok {
		i = len(ws) - len(rest)
	}
	subject := i > 0 // a subject or a lead word: a verb follows
	for i < len(ws) && p.adverb(ws[i]) {
		if notColour[ws[i]] {
			return false // "quietly", "carefully": a check's manner
		}
		i++ // "softly hums", "happily munches"
	}
	if i == len(ws) {
		return !first && !subject && verbless(ws) // "..., badly"
	}
	head, rest := p.colourHead(ws[i:])
	for _, w := range likeless(rest) {
		if notColour[w] {
			return false
		}
	}
	switch {
	case head == "" && !first:
		return !subject && verbless(ws)
	case head == "":
		return false
	case colourWalks[head]:
		// "as they walk": going nowhere named, while something else is done
		return !first && (c.after == "as" || c.after == "while") && len(clean(rest)) <= 1 &&
			!slices.ContainsFunc(rest, func(w string) bool { return placeWords[w] })
	}
	talk := talkVerbs[head]
	if len(rest) > 0 && notColourPairs[head][rest[0]] {
		return false
	}
	if watches[head] && p.namesCreature(clean(rest)) {
		return false // "I watch goblin 1", "watch Bram's back": a foe's next move, a friend guarded
	}
	if talk && talksInto(rest) {
		return false // "talk the guard into letting us pass": Persuasion
	}
	for j, w := range rest {
		if w == "to" && !talk && j+1 < len(rest) && !purposeFree[rest[j+1]] && !p.namesCreature(rest[j+1:]) {
			return false // "hum to calm the horse", "lean on the door to hold it shut": a purpose
		}
	}
	for j, w := range rest {
		if mindVerbs[head] && subjects[w] != "" {
			return false // "I think about the old gods": what a check of Religion recalls
		}
		if wonderWords[w] && !talk {
			return false // "wait, what happened": a question to the game master
		}
		if (head == "watch" || head == "keep watch" || head == "stand watch") && (watchOn[w] || askWords[w].known() || objectSkills[w].known()) {
			return false // "watch for movement", "keep watch on the road", "watch his face": Perception, Insight
		}
		if j > 0 && determiners[rest[j-1]] {
			continue // "by the fire", "a charge of": a thing, no verb
		}
		if p.asksInColour(w, talk, rest) {
			return false
		}
	}
	return true
}

// watchOn are the words after a watch that say what it looks out for:
// a Perception check, no colour.
var watchOn = set("for", "on", "over", "out", "at", "peeled", "open", "alert", "eye", "eyes")

// likeless is a clause's words without the hedges of a likeness ("eats
// like he hasn't eaten in days", "as if she's never seen one").
func likeless(ws []string) []string {
	for i, w := range ws {
		if w == "like" || w == "as" && i+1 < len(ws) && (ws[i+1] == "if" || ws[i+1] == "though") {
			out := slices.Clone(ws[:i])
			for _, v := range ws[i:] {
				if !hedgeWords[v] {
					out = append(out, v)
				}
			}
			return out
		}
	}
	return ws
}

// colourHead is the verb of colour that opens ws, by a phrase or a word
// of colourHeads in any tense, and the words after it; "" when ws opens
// with none.
func (p *parser) colourHead(ws []string) (string, []string) {
	cw := clean(ws)
	for _, ph := range colourPhrases {
		if len(cw) >= len(ph) && lemma(cw[0], func(w string) bool { return w == ph[0] }) == ph[0] && equalWords(cw[1:len(ph)], ph[1:]) {
			return strings.Join(ph, " "), cw[len(ph):]
		}
	}
	known := func(w string) bool { return colourHeads[w] || colourWalks[w] }
	v := lemma(ws[0], known)
	if !known(v) {
		return "", nil
	}
	return v, ws[1:]
}

// asksInColour reports whether a word after a verb of colour asks the
// rules: a verb of an action or a task, a skill or an ability, a word a
// check's question turns on; a verb of going only beside a place (after
// talk, none: "tell Bram we should go").
func (p *parser) asksInColour(w string, talk bool, rest []string) bool {
	if particles[w] || colourHeads[w] {
		return false
	}
	if _, ok := skills[w]; ok || abilities[w] != "" || askWords[w].known() || objectSkills[w].known() || skillShort[w] != "" {
		return true
	}
	v := lemma(w, isVerb)
	if colourHeads[v] {
		return false // "eats like he hasn't eaten in days"
	}
	if _, ok := taskVerbs[v]; ok || lookVerbs[v] || giveVerbs[v] || healVerbs[v] || restCues[v] || bladeVerbs[v] || forceVerbs[v] {
		return true
	}
	switch verbOf[v] {
	case vNone:
		return false
	case vEnd:
		return v != "thats" // "I'm done", "I pass": the turn's end
	}
	if talk {
		return false // "tell Bram to light the fire": said, not done
	}
	if verbOf[v] == vMove {
		return slices.ContainsFunc(rest, func(w string) bool { return placeWords[w] })
	}
	return true
}

// verbless reports whether a clause after the first is words of manner
// ("badly", "out loud", "by the fire", "like a wolf"): it opens with an
// adverb, a preposition or a determiner, and holds no verb a reader
// knows. Any other word may be a verb no list here holds ("and vault the
// bar"), so words opening otherwise are no colour.
func verbless(ws []string) bool {
	if len(ws) == 0 || len(ws) > 4 || !(strings.HasSuffix(ws[0], "ly") || mannerOpeners[ws[0]] || determiners[ws[0]]) {
		return false
	}
	for i, w := range ws {
		if notColour[w] || wonderWords[w] {
			return false // "wait, what's my AC": a question to the game master
		}
		if i > 0 && determiners[ws[i-1]] {
			continue
		}
		v := lemma(w, isVerb)
		if isVerb(v) && !particles[w] && !leadWords[w] || lookVerbs[v] || forceVerbs[v] {
			return false
		}
	}
	return true
}

// mannerOpeners open words of manner or place after a verb of colour.
var mannerOpeners = set("by", "at", "in", "on", "with", "to", "for", "from", "like", "out", "over", "under", "near",
	"beside", "again", "too", "together", "alone", "still", "all", "without", "of", "about", "around")

// namesGear reports whether words name a weapon, spell, item, area or
// feature of ctx: the whole name anywhere, or for a weapon, item or
// area any word of its name but the small ones ("rope" for Hempen Rope).
func (p *parser) namesGear(ws []string) bool {
	for _, cs := range [][]cand{p.spells(), p.otherSpells(), p.features()} {
		if namesWhole(ws, cs) {
			return true
		}
	}
	for _, cs := range [][]cand{p.weapons(), p.items(), p.areas()} {
		for _, c := range cs {
			for _, nw := range c.words {
				if len(nw) >= 3 && !nameSmall[nw] && !hasDigit(nw) && slices.Contains(ws, nw) {
					return true
				}
			}
		}
		if namesWhole(ws, cs) {
			return true
		}
	}
	return false
}

// nameSmall are words of a thing's or a place's name too common to name
// it alone: "an old song" is no Old Mill.
var nameSmall = set("old", "new", "great", "greater", "lesser", "little", "big", "small", "the", "and", "of", "day",
	"red", "black", "white", "high", "low")
