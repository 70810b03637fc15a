package intent

import (
	"reflect"
	"slices"
	"strings"
)

// Players wrap an action in words the readers need not see: the action
// economy's jargon ("bonus action:", "I'll use my action to", "this
// turn"), hedges and fillers ("um", "I think I'll go ahead and"), adverbs
// ("quickly", "fully"), a clause of colour around the action ("aiming for
// its neck", ", snarling", "so I can talk to the horses") and a second
// clause that tells how ("I step back and loose an arrow"). This file
// takes them off, and reads a sentence clause by clause when it does not
// read whole. The guards stay: words that hedge what the actor does
// (a negation, a condition, a choice) are never read, and two clauses
// that each ask the rules for something are two actions, refused.

// hedges make the words something other than an action taken now: "I
// don't attack", "attack goblin 1 or goblin 2", "I ready my bow", "should
// I", "instead".
var hedges = set("dont", "not", "never", "cant", "cannot", "wont", "didnt", "doesnt", "shouldnt", "wouldnt",
	"couldnt", "or", "either", "whichever", "unless", "ready", "readies", "readied", "readying", "instead",
	"maybe", "perhaps", "might", "should", "whenever", "hypothetically", "what", "but")

// knowWords are the verbs of knowing: "what she remembers of the rites"
// says what is recalled, not a question.
var knowWords = set("know", "remember", "recall", "recognize", "recognise")

// findOut are the words a check's purpose opens with before "what":
// "to remember what goblins fear", "to figure out what the runes say".
var findOut = set("remember", "recall", "recollect", "know", "recognize", "recognise", "out", "learn", "discover",
	"determine", "see", "tell", "identify", "understand", "work")

// conditions open words that say when, not what: "if the orc moves I
// attack it", "when he comes through the door".
var conditions = set("if", "when", "once", "after", "whenever", "unless", "until")

// hedged reports whether the words hedge what the actor does. "if" and
// "whether" after a word of finding out ("tell if he's lying", "see
// whether") ask a check; "what" opens the one question a check answers
// ("what do I know about bugbears?").
func hedged(ws []string) bool {
	for i, w := range ws {
		switch {
		case takesBack(ws, i):
			return true
		case w == "what" && i+2 < len(ws) && (ws[i+1] == "do" || ws[i+1] == "can") && (ws[i+2] == "i" || ws[i+2] == "we"):
			// "what do I know about bugbears?" asks a check, or the game master
		case w == "what" && i > 0 && i+2 < len(ws) && knowWords[lemma(ws[i+2], func(w string) bool { return knowWords[w] })]:
			// "... what she remembers of the rites": what is recalled, no question
		case w == "what" && i > 0 && findOut[ws[i-1]]:
			// "int check to remember what goblins fear": what the check finds out
		case w == "should" && i > 0 && ws[i-1] == "i" && i+1 < len(ws) && (ws[i+1] == "roll" || ws[i+1] == "make"):
		case w == "or" && i+1 < len(ws) && ws[i+1] == "so" && (i+2 == len(ws) || clauseBreaks[ws[i+2]]):
			// "for an hour or so": about that long, no choice
		case hedges[w]:
			return true
		case (w == "if" || w == "whether") && (i == 0 || !wouldKnow[ws[i-1]] && ws[i-1] != "out" && !askWords[ws[i-1]].known()):
			return true
		case conditions[w] && w != "if" && (i == 0 || ws[i-1] == "," || ws[i-1] == "."):
			return true
		}
	}
	return false
}

func (s skill) known() bool { return s.ability != "" }

// fillers are words that never change what is asked: hesitations and
// intensifiers.
var fillers = set("um", "umm", "uh", "uhh", "erm", "er", "hmm", "ah", "oh", "alright", "yeah", "yep", "yes",
	"actually", "basically", "honestly", "really", "definitely", "simply", "immediately", "gonna", "wanna",
	"gotta", "ahead", "decide", "decides", "choose", "chooses", "opt", "think", "guess", "suppose", "kinda",
	"sorta", "pretty", "very", "as", "hard", "fast", "keep", "keeps", "continue", "continues", "start", "starts",
	"begin", "begins", "resume", "resumes", "hastily", "swiftly")

// fillerAt reports whether the word at i is a filler there: some mean
// something in some places ("as" in "as a bonus action", taken off
// before; "hard" as a difficulty; "start"/"begin" before a rest).
func fillerAt(ws []string, i int) bool {
	w := ws[i]
	if !fillers[w] {
		return false
	}
	switch w {
	case "as":
		return false // "as" is structural for features ("wild shape as a wolf")
	case "hard", "fast", "pretty", "very":
		return i == 0 || ws[i-1] == "i" || ws[i-1] == "we"
	case "begin", "begins", "start", "starts":
		return i+1 < len(ws) && !restLead[ws[i+1]] && ws[i+1] != "short" && ws[i+1] != "long"
	case "ahead":
		return i > 0 && (ws[i-1] == "go" || ws[i-1] == "goes")
	case "think", "guess", "suppose":
		return i > 0 && (ws[i-1] == "i" || ws[i-1] == "we")
	}
	return true
}

// adverb reports whether w is a manner adverb ("quickly", "fully",
// "carefully") that no name holds.
func (p *parser) adverb(w string) bool {
	if len(w) < 5 || !strings.HasSuffix(w, "ly") || w == "ally" || w == "holy" || w == "only" || w == "early" {
		return false
	}
	return !p.nameWord(w)
}

// nameWord reports whether w is a word of some name in the context.
func (p *parser) nameWord(w string) bool {
	for _, cs := range [][]cand{p.targets(), p.areas(), p.items(), p.weapons(), p.spells(), p.otherSpells(), p.features()} {
		for _, c := range cs {
			if slices.Contains(c.words, w) {
				return true
			}
		}
	}
	return false
}

// jargon is the action economy's words, as clean leaves them: each is
// taken off wherever it stands, and bonus says it asks for the bonus
// action.
var jargon = []struct {
	words []string
	bonus bool
}{
	{strings.Fields("use bonus action to"), true}, {strings.Fields("use bonus action on"), true},
	{strings.Fields("as bonus action"), true}, {strings.Fields("with bonus action"), true},
	{strings.Fields("for bonus action"), true}, {strings.Fields("using bonus action"), true},
	{strings.Fields("bonus action to"), true}, {strings.Fields("bonus action"), true}, {strings.Fields("bonus"), true},
	{strings.Fields("using cunning action"), true}, {strings.Fields("with cunning action"), true},
	{strings.Fields("as cunning action"), true}, {strings.Fields("cunning action"), true}, {strings.Fields("off hand"), true}, {strings.Fields("offhand"), true},
	{strings.Fields("use action to"), false}, {strings.Fields("use action on"), false},
	{strings.Fields("with action"), false}, {strings.Fields("for action"), false}, {strings.Fields("as action"), false},
	{strings.Fields("action is to"), false}, {strings.Fields("action is"), false}, {strings.Fields("move is"), false},
	{strings.Fields("use reaction to"), false}, {strings.Fields("as reaction"), false}, {strings.Fields("with reaction"), false},
	{strings.Fields("reaction"), false}, {strings.Fields("extra attack"), false},
	{strings.Fields("use movement to"), false}, {strings.Fields("with movement"), false}, {strings.Fields("use speed to"), false},
	{strings.Fields("for this turn"), false}, {strings.Fields("on this turn"), false}, {strings.Fields("this turn"), false},
	{strings.Fields("this round"), false}, {strings.Fields("on turn"), false},
}

// offJargon takes the jargon and fillers off the words: the words left,
// and whether they ask for the bonus action.
func (p *parser) offJargon(ws []string) ([]string, bool) {
	bonus := false
	out := make([]string, 0, len(ws))
	for i := 0; i < len(ws); {
		hit := false
		for _, j := range jargon {
			if wordsAt(ws, i, j.words) {
				// "dash action" and "take the dodge action" are the readers':
				// only "action" after a word of the economy is jargon here.
				bonus = bonus || j.bonus
				i += len(j.words)
				hit = true
				break
			}
		}
		if hit {
			continue
		}
		if ws[i] == "action" && (i+1 == len(ws) || ws[i+1] == "." || ws[i+1] == ",") && i > 0 && i+1 < len(ws) && (ws[i-1] == "," || ws[i-1] == ".") {
			i++ // "bonus action: hide" after the bonus is taken: "action" before a colon
			continue
		}
		if fillerAt(ws, i) || p.adverb(ws[i]) {
			i++
			continue
		}
		out = append(out, ws[i])
		i++
	}
	// a colon or comma the jargon leaves at either end: "bonus action: drink"
	for len(out) > 0 && (out[0] == "." || out[0] == ",") {
		out = out[1:]
	}
	return out, bonus
}

// possessives turns "Bram's" into "Bram" where the bare word is a word of
// a creature's or an area's name and the word with its "s" is none:
// "Bram's wounds", "the chief's shield", "the orc's grip".
func (p *parser) possessives(toks []token) []string {
	ws := make([]string, len(toks))
	for i, t := range toks {
		ws[i] = t.w
		if !t.poss || len(t.w) < 2 {
			continue
		}
		bare := t.w[:len(t.w)-1]
		if p.nameWord(bare) && !p.nameWord(t.w) {
			ws[i] = bare
		}
	}
	return ws
}

// clauseBreaks end a clause: "I step back and loose an arrow", "fire
// bolt on orc 1 then run", "speak with animals so I can talk".
var clauseBreaks = set(",", ".", "and", "then", "so", "while")

// clauses splits words at the clause breaks, each clause without its
// lead words.
func clauses(ws []string) [][]string {
	var out [][]string
	start := 0
	for i := 0; i <= len(ws); i++ {
		if i < len(ws) && !clauseBreaks[ws[i]] {
			continue
		}
		if i < len(ws) && ws[i] == "and" && !opensClause(ws[i+1:]) {
			continue // "bram and ilsa", "longsword and dagger": one clause's list
		}
		if c := ws[start:i]; len(c) > 0 {
			out = append(out, c)
		}
		start = i + 1
	}
	return out
}

// opensClause reports whether words begin a clause of their own: a verb,
// after lead words.
func opensClause(ws []string) bool {
	i := skipLead(ws, 0)
	if i > 0 && i == len(ws) {
		return true
	}
	if i == len(ws) {
		return false
	}
	v := lemma(ws[i], isVerb)
	_, task := taskVerbs[v]
	if ph := phrased(ws[i:]); len(ph) > 0 && ph[0] != ws[i] {
		return true // "I kneel and patch up Ilsa": a phrase that is a verb
	}
	return isVerb(v) || task || v == "draw" || v == "bring" || deliverVerbs[ws[i]] || wayWords[ws[i]]
}

// wayWords open a way to a place said without its verb: "out the door
// and onto the crossroads".
var wayWords = set("onto", "into", "toward", "towards", "outside", "inside", "downstairs", "upstairs")

// asksRules reports whether words the readers could not read still ask
// the rules for something: a verb of attack, cast, use, a contest or a
// gift with an object, or a spell named whole. Such a clause beside a
// read one makes the sentence two asks, or one misread: it is declined.
func (p *parser) asksRules(c []string) bool {
	c = c[skipLead(c, 0):]
	if len(c) == 0 {
		return false
	}
	v := lemma(c[0], isVerb)
	object := slices.ContainsFunc(c[1:], func(w string) bool { return !directions[w] })
	switch verbOf[v] {
	case vAttack, vCast, vUse, vGrapple, vShove, vEquip, vUnequip, vAttune:
		// "cast bless and attack": the verb attack alone still asks for one
		return object || v == "attack" && len(c) == 1
	}
	if giveVerbs[v] && len(c) > 1 && !(slices.Contains(c, "from") && !slices.Contains(c, "to")) && !handOn[c[1]] {
		// "hand on her sword hilt": a hand resting somewhere hands nothing over
		// "slide my handaxe from my belt" readies it: no one is given it
		return true
	}
	for i := range c {
		for _, cs := range [][]cand{p.spells(), p.otherSpells()} {
			if hits, _ := takeExact(c[i:], cs, castStops); len(hits) > 0 && !(i > 0 && c[i-1] == "with") {
				return true
			}
		}
	}
	return false
}

// handOn are the words after "hand" that make it a noun: "hand on
// her hip", "hand in his pocket".
var handOn = set("on", "upon", "in", "at", "over", "resting")

// aimsIt reports whether a clause only aims what another clause names:
// "aim it at both goblins", "send them into goblin 1".
func aimsIt(c []string) bool {
	c = c[skipLead(c, 0):]
	return len(c) >= 3 && (c[1] == "it" || c[1] == "them") && targetPreps[c[2]]
}

// directions say which way, not at what: "I lunge forward".
var directions = set("forward", "forwards", "ahead", "back", "backward", "backwards", "in", "out", "away", "up",
	"down", "aside", "around", "over", "off", "again", "wildly", "blindly")

// A player's action is a few words: longer words, or more clauses, are
// not read loosely, which keeps a long text's reading short.
const (
	maxLooseWords = 24
	maxClauses    = 6
)

// trimAt are the words a trailing phrase of colour may begin with: "in
// the face", "to distract the crowd", "for an hour", "aiming for its
// neck".
var trimAt = set("to", "in", "for", "into", "toward", "towards", "across", "through", "from", "over", "under",
	"behind", "near", "by", "like", "because", "before", "after", "until", "without", "again", "right",
	"hoping", "trying", "aiming", "making", "letting", "screaming", "yelling", "shouting", "snarling", "laughing",
	"grinning", "roaring", "just", "real", "one", "once", "twice", "hard")

// readClause reads one clause: whole, or its head before a trailing
// phrase of colour that names nothing the context holds.
func (p *parser) readClause(c []string) (Intent, bool) {
	if in, ok := p.strict(c); ok {
		return in, true
	}
	if len(c) > maxLooseWords {
		return Intent{}, false
	}
	for end := len(c) - 1; end >= 1; end-- {
		if !trimAt[c[end]] && !(strings.HasSuffix(c[end], "ing") && len(c[end]) > 5 && !isVerb(lemma(c[end], isVerb))) {
			continue
		}
		in, ok := p.strict(c[:end])
		if !ok {
			continue
		}
		tail := c[end:]
		if i := slices.Index(tail, "from"); i >= 0 && in.Kind == "move" {
			tail = tail[:i] // "into the cellar to get away from the orc": what a move leaves is no one it meets
		}
		if in.Kind == "use_item" && in.TargetID == "" && slices.ContainsFunc(tail, func(w string) bool { return healVerbs[lemma(w, isVerb)] }) {
			return Intent{}, false // "uses her kit to stabilize her": someone tended, not named
		}
		if p.namesOther(tail, in) {
			return Intent{}, false
		}
		if goalsPlace(c[end:]) && in.Kind == "check" && (slices.ContainsFunc(c[:end], func(w string) bool { return motionTasks[lemma(w, isVerb)] }) ||
			movesSelf(c[skipLead(c, 0):end])) {
			return Intent{}, false // "I climb up to the tavern's attic": a place the map lacks
		}
		return in, true
	}
	return Intent{}, false
}

// strict reads words as the readers do, a typed verb's typo after.
func (p *parser) strict(ws []string) (Intent, bool) {
	ws = ws[skipLead(ws, 0):]
	if rest, ok := p.withoutActor(ws); ok {
		ws = rest[skipLead(rest, 0):]
	}
	if len(ws) == 0 {
		return Intent{}, false
	}
	if in, ok := p.spellAhead(ws); ok {
		return in, true
	}
	if len(ws) > 1 && moveFillers[ws[0]] && ws[0] != "for" {
		// "out the door and onto the crossroads": a way to a place, said alone
		if in, ok := p.move(ws); ok {
			return in, true
		}
	}
	if in, ok := p.parse(head(ws, false)); ok {
		return in, true
	}
	if typo := head(ws, true); !equalWords(typo, head(ws, false)) {
		return p.parse(typo)
	}
	return Intent{}, false
}

// namesOther reports whether words name a creature, an area or a weapon
// the intent does not carry, or a spell or an item whole: a trailing
// phrase that does is no colour ("cast fireball in the middle of the
// goblins").
func (p *parser) namesOther(ws []string, in Intent) bool {
	carried := map[string]bool{in.TargetID: true, in.Weapon: true, in.ToAreaID: true, in.Item: true, in.Spell: true}
	for _, id := range in.TargetIDs {
		carried[id] = true
	}
	for _, cs := range [][]cand{p.targets(), p.areas(), p.weapons()} {
		for _, c := range cs {
			if carried[c.id] {
				continue
			}
			for _, w := range ws {
				if len(w) >= 3 && !isNumber(w) && (slices.Contains(c.words, w) || slices.ContainsFunc(singulars(w), func(s string) bool { return slices.Contains(c.words, s) })) {
					return true
				}
			}
		}
	}
	for _, cs := range [][]cand{p.spells(), p.otherSpells(), p.items()} {
		for i := range ws {
			if hits, _ := takeExact(ws[i:], cs, structural); len(hits) > 0 && !carried[cs[hits[0]].id] {
				return true
			}
		}
	}
	return false
}

// clause is what one clause of a sentence read as.
type clause struct {
	words []string
	in    Intent
	ok    bool
}

// byClauses reads a sentence that does not read whole clause by clause.
// One action, with clauses of colour or of movement without a place
// around it, is that action ("I step back and loose an arrow at orc 2",
// "disengage and back off"); a move alone among colour is the move ("I
// leave the inn and go to the stables"); a check alone, or the same
// check twice, is the check ("is he lying? insight"). Two clauses that
// ask the rules for something, read or not, are declined.
func (p *parser) byClauses(ws []string) (Intent, bool) {
	cs := clauses(ws)
	if len(cs) < 2 || len(cs) > maxClauses {
		return Intent{}, false
	}
	var reads []clause
	var main *clause
	level := 0
	for _, c := range cs {
		if l, ok := levelOnly(c); ok && level == 0 {
			level = l // "guiding bolt at orc 2, upcast to 2nd level"
			continue
		}
		in, ok := p.readClause(c)
		if !ok {
			if p.asksRules(c) && !aimsIt(c) {
				return Intent{}, false
			}
			reads = append(reads, clause{words: c})
			continue
		}
		if in.Kind == "say" {
			reads = append(reads, clause{words: c})
			continue // words said beside an action are the action's colour
		}
		reads = append(reads, clause{words: c, in: in, ok: true})
	}
	for i := range reads {
		r := &reads[i]
		if !r.ok {
			continue
		}
		if main != nil {
			if sameCheck(main.in, r.in) {
				if main.in.Skill == "" {
					main = r
				}
				continue // "I try to read his face, is he bluffing?"
			}
			if sameCast(main.in, r.in) {
				if len(main.in.TargetIDs) == 0 {
					main = r
				}
				continue // "I point my wand at orc 1 and fire a magic missile"
			}
			if r.in.Kind == "end_turn" || reflect.DeepEqual(main.in, r.in) {
				r.ok = false
				continue // "Dodge. That's it.": the turn told, then its end
			}
			if main.in.Kind == "end_turn" {
				main.ok, main = false, r
				continue
			}
			return Intent{}, false // two things asked: the rules refuse them in words
		}
		main = r
	}
	if main == nil {
		return Intent{}, false
	}
	if level > 0 {
		if main.in.Kind != "cast" || main.in.SlotLevel != 0 && main.in.SlotLevel != level {
			return Intent{}, false // a slot said beside no cast, or two slots
		}
		main.in.SlotLevel = level
	}
	if main.in.Kind == "cast" && len(main.in.TargetIDs) == 0 {
		// "Fireball! Aim it at both goblins.", "magic missile, all three
		// darts into goblin 1": the spell's targets in a clause of their own
		in, ok := p.castBeside(reads, main)
		if !ok {
			return Intent{}, false
		}
		main.in = in
	}
	if main.in.Kind == "check" && main.in.Skill != "" && p.actsBeside(reads, main) {
		return Intent{}, false // "I climb the wall, then jump down": what follows may change the roll
	}
	in := main.in
	if in.Kind == "feature" && in.TargetID == "" && !p.quick(in.Feature) {
		// "I press my palms to Bram's chest and use Lay on Hands": the one
		// creature the other clauses name is whom it is used on
		in.TargetID = p.creatureBeside(reads, main)
	}
	if in.Kind == "attack" && in.Weapon == "" {
		in.Weapon = p.weaponBeside(reads, main)
	}
	return in, true
}

// levelWords may stand beside a slot's level in a clause that says only
// the level: "upcast to 2nd level", "4th level slot", "at level 3".
var levelWords = set("cast", "upcast", "it", "slot", "spell", "using", "use", "burn", "spend", "a", "an", "to", "at")

// levelOnly is the slot level a clause says and nothing else.
func levelOnly(c []string) (int, bool) {
	level, rest, ok := takeLevel(c)
	if !ok || level == 0 {
		return 0, false
	}
	for _, w := range rest {
		if !levelWords[w] && !leadWords[w] {
			return 0, false
		}
	}
	return level, true
}

// castBeside gives a cast read without targets the targets another
// clause names after a preposition of aim ("aim it at both goblins", "all
// three darts into goblin 1"). Clauses that name creatures otherwise, or
// two clauses that name targets, leave it unread: whom the spell strikes
// is not the words' to guess.
func (p *parser) castBeside(reads []clause, main *clause) (Intent, bool) {
	in := main.in
	found := false
	for i := range reads {
		r := &reads[i]
		if r == main || r.ok {
			continue
		}
		at := slices.IndexFunc(r.words, func(w string) bool { return targetPreps[w] || w == "between" })
		if at < 0 {
			if ids, ok := p.many(r.words, p.targets(), true); ok && !found {
				in.TargetIDs, found = ids, true // "magic missile: goblin 2 and orc 1"
				continue
			}
			if p.namesOther(r.words, in) {
				return Intent{}, false
			}
			continue
		}
		ids, ok := p.castTargets(r.words[at:])
		if !ok || found {
			return Intent{}, false
		}
		in.TargetIDs, found = ids, true
	}
	return in, true
}

// sameCast reports whether two clauses cast one spell: the same spell,
// at most one of them naming targets or a slot.
func sameCast(a, b Intent) bool {
	if a.Kind != "cast" || b.Kind != "cast" || a.Spell != b.Spell {
		return false
	}
	if len(a.TargetIDs) > 0 && len(b.TargetIDs) > 0 || a.SlotLevel > 0 && b.SlotLevel > 0 {
		return false
	}
	return true
}

// weaponBeside is the one weapon of the actor's that the sentence's other
// clauses name ("Aria drew her longsword and slashed at the orc"), or ""
// when they name none or several, or drop or put it away.
func (p *parser) weaponBeside(reads []clause, main *clause) string {
	found := ""
	for i := range reads {
		r := &reads[i]
		if r == main {
			continue
		}
		c := r.words[skipLead(r.words, 0):]
		if rest, ok := p.withoutActor(c); ok {
			c = rest
		}
		if len(c) > 0 && (c[0] == "drop" || c[0] == "drops" || c[0] == "dropped" || verbOf[lemma(c[0], isVerb)] == vUnequip) {
			return ""
		}
		for _, w := range c {
			hits := findNear([]string{w}, p.weapons())
			if len(w) < 3 || len(hits) != 1 {
				continue
			}
			id := p.weapons()[hits[0]].id
			if found != "" && found != id {
				return ""
			}
			found = id
		}
	}
	return found
}

// actsBeside reports whether a clause beside the main one does something
// of its own: opens with a verb other than one of speech.
func (p *parser) actsBeside(reads []clause, main *clause) bool {
	for i := range reads {
		r := &reads[i]
		if r == main || r.ok {
			continue
		}
		c := r.words[skipLead(r.words, 0):]
		if rest, ok := p.withoutActor(c); ok {
			c = rest[skipLead(rest, 0):]
		}
		if len(c) > 0 && opensClause(c) && !sayVerbs[c[0]] && !leadWords[c[0]] {
			return true
		}
	}
	return false
}

// sameCheck reports whether two clauses ask one check: one a task, the
// other a question or the check named ("history check, have I heard of
// this inn?"), of the same ability and skill or a skill only one names.
// Two tasks are two things done ("I climb the wall, then jump down").
func sameCheck(a, b Intent) bool {
	if a.Kind != "check" || b.Kind != "check" || a.Ability != b.Ability || (a.Difficulty != "" && b.Difficulty != "") {
		return false
	}
	return a.Skill == b.Skill || a.Skill == "" || b.Skill == ""
}

// takeBacks are the words of a player taking back what they typed: "I
// cast Fireball... wait no, nevermind", "attack orc 1, actually no".
var takeBacks = [][]string{{"nevermind"}, {"nvm"}, {"wait", "no"}, {"no", "wait"}, {"actually", "no"},
	{"scratch", "that"}, {"forget", "it"}, {"forget", "that"}, {"cancel", "that"}, {"undo", "that"}}

// takesBack reports whether the words at i take back what came before.
func takesBack(ws []string, i int) bool {
	return slices.ContainsFunc(takeBacks, func(t []string) bool { return wordsAt(ws, i, t) })
}

// howOften are words that ask how often or how much the rules allow:
// a question holding one asks the game master, not to act ("can I use
// the wand twice in one turn?", "may I attack more than once?").
var howOften = [][]string{{"twice"}, {"thrice"}, {"per", "turn"}, {"per", "round"}, {"one", "turn"},
	{"same", "turn"}, {"a", "turn"}, {"more", "than", "once"}, {"how", "many"}, {"how", "often"}, {"allowed"},
	{"legal"}, {"rules"}, {"rule"}}

func asksHowOften(ws []string) bool {
	for i := range ws {
		if slices.ContainsFunc(howOften, func(t []string) bool { return wordsAt(ws, i, t) }) {
			return true
		}
	}
	return false
}

// actsAfter reports whether words after a verb of speech go on to attack
// or cast ("whispers a prayer and casts Bless on Bram", "mutters a word
// and misty steps away", a spell's name of two words or more standing as
// its verb): the act is what is asked, the speech its colour.
func (p *parser) actsAfter(ws []string) bool {
	for i, w := range ws {
		if (w != "and" && w != "then" && w != ",") || i+1 >= len(ws) {
			continue
		}
		rest := ws[skipLead(ws, i+1):]
		if len(rest) == 0 {
			continue
		}
		switch verbOf[lemma(rest[0], isVerb)] {
		case vAttack, vCast:
			return true
		}
		for _, cs := range [][]cand{p.spells(), p.otherSpells()} {
			if best, hit := spellAtHead(p.spellAsVerb(rest), cs); best > 1 && hit >= 0 {
				return true
			}
			// "and lays Cure Wounds on Bram": a verb whose object is a spell
			if len(rest) > 1 && !structural[rest[0]] && !spellDeterminers[rest[0]] {
				obj := rest[1:]
				if len(obj) > 1 && spellDeterminers[obj[0]] {
					obj = obj[1:]
				}
				if best, hit := spellAtHead(obj, cs); best > 1 && hit >= 0 {
					return true
				}
			}
		}
	}
	return false
}

// spellDeterminers may stand before a spell named as a verb's object:
// "and lays a Cure Wounds on Bram", "and sends her sacred flame".
var spellDeterminers = set("a", "an", "the", "her", "his", "my", "their", "its")

// creatureBeside is the one creature present that the clauses beside the
// main one name, "" when they name none or several.
func (p *parser) creatureBeside(reads []clause, main *clause) string {
	found := ""
	for i := range reads {
		r := &reads[i]
		if r == main {
			continue
		}
		for _, c := range p.targets() {
			if !slices.ContainsFunc(r.words, func(w string) bool { return len(w) >= 3 && !isNumber(w) && slices.Contains(c.words, w) }) {
				continue
			}
			if found != "" && found != c.id {
				return ""
			}
			found = c.id
		}
	}
	return found
}
