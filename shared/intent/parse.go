package intent

import (
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"
)

// Context is what the parser may resolve names against: what the actor has
// and what is around it now. Lists are tried in order; a ref whose id is
// empty, longer than MaxIDLength or not UTF-8 is ignored.
type Context struct {
	ActorID string // the acting character; "me" and "myself" resolve to it
	// ActorName is the acting character's name: words that begin with it
	// ("Aria swings at goblin 2") are the actor's own, as with "I".
	ActorName string
	Weapons   []Ref // the actor's weapons
	Spells    []Ref // spells the actor knows or has prepared
	Targets   []Ref // creatures present, friend and foe ("Goblin 1", "Bram")
	Areas     []Ref // areas one move away (world.Map.Reachable)
	Items     []Ref // items the actor carries
	// Features are the class features and racial traits words may name
	// ("rage", "lay on hands", "action surge"), the actor's own and
	// others', so that words naming one the actor lacks are read, and the
	// rules answer why not. A Ref marked Quick is used without the turn's
	// action, so words may go on to an action after it ("I rage and
	// attack the brute").
	Features []Ref
	// OtherSpells are spells the actor cannot cast now, tried after
	// Spells: words naming one are read, and the rules answer why not.
	OtherSpells []Ref
}

// parser prepares each of the context's lists on first use: most texts
// need one list or none.
type parser struct {
	ctx  Context
	self string
	// third: the words named the actor ("Aria casts ... on herself").
	third bool
	// question: the words are a yes-or-no question ("can I ...?").
	question bool
	// asking: the words asked leave to act ("is it ok if I ...").
	asking bool
	// asked: the words end in a question mark, a yes-or-no question or not
	// ("mill time?" asks, it does not go).
	asked bool
	// all: the sentence's words, cleaned, for what a reading of part of
	// them must weigh ("a saving throw", "their arcane meaning").
	all  []string
	memo [7][]cand
	done [7]bool
	// actor: the actor's name as words, made on first use.
	actor     []string
	actorDone bool
	// seen: what the texts this sentence's reading reread read as.
	seen map[string]reading
}

func (p *parser) list(i int, refs []Ref) []cand {
	if !p.done[i] {
		p.memo[i], p.done[i] = candidates(refs), true
	}
	return p.memo[i]
}

func (p *parser) weapons() []cand { return p.list(0, p.ctx.Weapons) }
func (p *parser) spells() []cand  { return p.list(1, p.ctx.Spells) }
func (p *parser) targets() []cand { return p.list(2, p.ctx.Targets) }
func (p *parser) areas() []cand   { return p.list(3, p.ctx.Areas) }
func (p *parser) items() []cand   { return p.list(4, p.ctx.Items) }
func (p *parser) features() []cand {
	return p.list(5, p.ctx.Features)
}
func (p *parser) otherSpells() []cand { return p.list(6, p.ctx.OtherSpells) }

// Parse reads text as one structured intent. It returns ok=false for
// anything it cannot read with confidence: an unknown phrasing, a name that
// matches nothing or several things in ctx, more than one action, or text
// over MaxActionRunes. The caller then treats the text as speech
// ({kind:"say"}) or hands it to the narrator; Parse never guesses.
//
// Every intent it returns passes Validate, and the wire's DecodeIntent
// after json.Marshal. It is deterministic: the same text and ctx always give the same intent.
func Parse(text string, ctx Context) (Intent, bool) {
	in, ok := ParseAll(text, ctx)
	if !ok || len(in) != 1 {
		return Intent{}, false
	}
	return in[0], true
}

// ParseAll is Parse that also reads a quick feature followed by an action
// ("I rage and attack the brute", "use action surge and attack goblin 1"):
// two intents, the first keeping the turn open for the second. Anything
// else it reads is one intent, as Parse reads it.
func ParseAll(text string, ctx Context) ([]Intent, bool) {
	return readText(text, ctx, map[string]reading{})
}

// reading is what ParseAll made of a text.
type reading struct {
	in []Intent
	ok bool
}

// readText is ParseAll that remembers, in seen, what each text it was
// given read as. The readers of last resort read parts of a sentence with
// ParseAll, and those parts' parts in turn ("attack goblin. x. x. x"
// tries every prefix at every depth): without seen that is exponential in
// the sentence's breaks, with it each part is read once.
func readText(text string, ctx Context, seen map[string]reading) ([]Intent, bool) {
	if r, ok := seen[text]; ok {
		return slices.Clone(r.in), r.ok
	}
	in, ok := readOnce(text, ctx, seen)
	seen[text] = reading{slices.Clone(in), ok}
	return in, ok
}

// reread is Parse of text within the reading of a sentence.
func (p *parser) reread(text string) (Intent, bool) {
	in, ok := readText(text, p.ctx, p.seen)
	if !ok || len(in) != 1 {
		return Intent{}, false
	}
	return in[0], true
}

// readOnce reads text as ParseAll does, its parts reread through seen.
func readOnce(text string, ctx Context, seen map[string]reading) ([]Intent, bool) {
	read, ok := parseAll(text, ctx, seen)
	if !ok && readable(text) {
		p := newParser(ctx, seen)
		all := clean(p.possessives(tokenize(text)))
		for i := range all {
			if takesBack(all, i) {
				return nil, false // "I cast Fireball... wait no, nevermind"
			}
		}
		for _, r := range []func(string) (Intent, bool){p.skillLabel, p.terseList, p.withColour, p.turnLabel} {
			if in, ok := r(text); ok {
				return []Intent{in}, true
			}
		}
	}
	if ok && asksTheWorld(text) && (len(read) != 1 || read[0].Kind != "check") {
		return nil, false // "who runs the mill these days?" asks about the mill, not to go there
	}
	if ok && len(read) == 1 && read[0].Kind == "attack" && read[0].Weapon == "" && throwsOther(tokenize(text), ctx) {
		return nil, false // "I throw my net over orc 2": a thing the actor holds no weapon of
	}
	if ok && len(read) == 1 && read[0].Kind == "attack" && lacksGear(tokenize(text), ctx) {
		return nil, false // "wand blast orc 1" with no wand: a thing struck with that the actor lacks
	}
	if ok && len(read) == 1 && read[0].Kind == "cast" && read[0].SlotLevel == 0 && upcast(tokenize(text)) {
		return nil, false // "upcast cure wounds on Bram": a higher slot, but which is not said
	}
	return read, ok
}

// gearNouns are the things a blow or a spell is dealt with: the SRD's
// weapons and a caster's focus. One named in an attack that names none of
// the actor's weapons or items is a thing the actor does not have, and
// the attack it would make is not the rules' to guess.
var gearNouns = union(focusNouns, set("club", "greatclub", "javelin", "hammer", "mace", "quarterstaff", "sickle",
	"spear", "shortbow", "sling", "battleaxe", "flail", "glaive", "greataxe", "greatsword", "halberd", "lance",
	"maul", "morningstar", "pike", "rapier", "scimitar", "shortsword", "trident", "warhammer", "whip", "blowgun",
	"wands", "staves", "scroll"))

// ownLeads say the thing after them is the actor's own or at hand: "my
// mace", "a spear", "with the staff".
var ownLeads = set("my", "a", "an", "with", "using")

// othersLeads may say the thing after them is another's: "the club",
// "its axe".
var othersLeads = set("the", "his", "its", "their", "that", "this", "your", "whose")

// lacksGear reports whether the words deal a blow with a weapon or a
// focus that is none of the actor's weapons or items: "wand blast orc 1"
// with no wand, "smash orc 2, mace" with no mace. One said with "the",
// "his" or "its" may be another's ("ducks under the club"); a word that
// is also a verb of attack ("spear the orc", "club goblin 1") is the deed
// unless a word of having comes before it.
func lacksGear(toks []token, ctx Context) bool {
	p := &parser{ctx: ctx}
	own := map[string]bool{}
	for _, cs := range [][]cand{p.weapons(), p.items()} {
		for _, c := range cs {
			for _, w := range c.words {
				own[w] = true
			}
		}
	}
	for i, t := range toks {
		if !gearNouns[t.w] || own[t.w] {
			continue
		}
		lead := ""
		if i > 0 {
			lead = toks[i-1].w
		}
		if verbOf[t.w] != vNone && !ownLeads[lead] || othersLeads[lead] {
			continue
		}
		return true
	}
	return false
}

// upcast reports whether the words cast a spell from a higher slot than
// its own ("upcast", "upcasting"), which the read must then say.
func upcast(toks []token) bool {
	return slices.ContainsFunc(toks, func(t token) bool { return strings.HasPrefix(t.w, "upcast") })
}

// turnLabel reads words that open by saying whose turn it is ("my turn:
// longsword vs goblin 1", "ok my turn - fire bolt at orc 2") as the words
// after the label: the label asks nothing.
func (p *parser) turnLabel(text string) (Intent, bool) {
	toks := tokenize(text)
	i := 0
	for i < len(toks) && (fillers[toks[i].w] || goFill[toks[i].w] || toks[i].w == "," || toks[i].w == ".") {
		i++ // "ok so my turn"
	}
	if i+2 >= len(toks) || toks[i].w != "my" && toks[i].w != "its" || toks[i+1].w != "turn" {
		return Intent{}, false
	}
	return p.reread(text[toks[i+1].end:])
}

// throwVerbs send the thing named after them at a foe.
var throwVerbs = set("throw", "throws", "threw", "hurl", "hurls", "fling", "flings", "flung", "toss", "tosses",
	"lob", "lobs", "chuck", "chucks")

// thrownBlows are things thrown that are no weapon a character holds: a
// punch, a blow.
var thrownBlows = set("punch", "punches", "blow", "blows", "jab", "hook", "haymaker", "kick", "fist", "fists",
	"myself", "herself", "himself", "it", "them", "one", "another", "something", "everything", "whatever")

// throwsOther reports whether the words throw a thing, named right after
// the verb, that is none of the actor's weapons nor their ammunition: a
// net, a chair, a bottle, whose use the rules of a weapon attack do not
// decide.
func throwsOther(toks []token, ctx Context) bool {
	p := &parser{ctx: ctx}
	for i, t := range toks {
		if !throwVerbs[t.w] {
			continue
		}
		j := i + 1
		for j < len(toks) && (toks[j].w == "my" || toks[j].w == "a" || toks[j].w == "an" || toks[j].w == "the" ||
			toks[j].w == "his" || toks[j].w == "her" || toks[j].w == "their" || toks[j].w == "another") {
			j++
		}
		if j >= len(toks) {
			return false
		}
		w := toks[j].w
		if structural[w] || thrownBlows[w] || ammo[w] || w == "," || w == "." || isNumber(w) {
			return false
		}
		for _, cs := range [][]cand{p.weapons(), p.targets(), p.spells(), p.otherSpells()} {
			for _, c := range cs {
				if slices.Contains(c.words, w) || c.compact == w {
					return false
				}
			}
		}
		if generic([]string{w}) || weaponKinds[w] {
			return false
		}
		return true
	}
	return false
}

// whWords open a question about the world: "who runs the mill?".
var whWords = set("who", "whose", "whom", "what", "whats", "why", "when", "which", "where", "wheres", "how", "hows")

// asksTheWorld reports whether text, no speech in it, is a question
// opening with a word that asks who, what or how: such a question may ask
// what a character knows (a check), never for another action.
func asksTheWorld(text string) bool {
	text = strings.TrimSpace(text)
	if !strings.HasSuffix(text, "?") || strings.ContainsAny(text, quoteChars) {
		return false
	}
	toks := tokenize(text)
	return len(toks) > 0 && whWords[toks[0].w]
}

// readable reports whether text is UTF-8 of at most MaxActionRunes: words
// the parser reads at all.
func readable(text string) bool {
	return len(text) <= 4*MaxActionRunes && utf8.ValidString(text) && utf8.RuneCountInString(text) <= MaxActionRunes
}

// newParser is a parser of ctx, its actor's id resolving "me", that
// rereads parts of its text through seen.
func newParser(ctx Context, seen map[string]reading) *parser {
	p := &parser{ctx: ctx, seen: seen}
	if usableID(ctx.ActorID) {
		p.self = ctx.ActorID
	}
	return p
}

func parseAll(text string, ctx Context, seen map[string]reading) ([]Intent, bool) {
	if !readable(text) {
		return nil, false
	}
	p := newParser(ctx, seen)
	if strings.ContainsAny(text, quoteChars) {
		return p.quoted(text)
	}
	toks := tokenize(text)
	ws := p.possessives(toks)
	ws, p.asking = offPermission(ws)
	p.all = clean(ws)
	i := skipLead(ws, 0)
	if rest, ok := p.withoutActor(ws[i:]); ok {
		i = skipLead(ws, len(ws)-len(rest)) // "Aria says, 'Hello there.'"
	}
	if i < len(ws) && sayVerbs[ws[i]] && !notSpeech(ws[i:]) && !p.actsAfter(ws[i+1:]) && !p.spellObjectOf(ws[i:]) && !p.callsOn(ws[i:]) {
		if in, ok := unquoted(text, toks, i); ok {
			return []Intent{in}, true
		}
		if ws[i] != "speak" {
			return nil, false // speech the words do not set apart: the narrator's
		}
	}
	if hedged(ws) {
		return nil, false // "I don't attack", "if the orc moves I attack it"
	}
	ws, p.third = p.withoutActor(clean(ws))
	ws, bonus := p.offJargon(rewrite(ws))
	for len(ws) > 0 && (ws[len(ws)-1] == "." || ws[len(ws)-1] == "," || trailing[ws[len(ws)-1]] ||
		len(ws) > 2 && urging[ws[len(ws)-1]] && (ws[len(ws)-2] == "," || ws[len(ws)-2] == ".")) {
		ws = ws[:len(ws)-1] // "Off to the Gloamwood, then", "I make for the stables, fast"
	}
	if len(ws) > 1 && moveFillers[ws[0]] {
		// "to the stables!", "downstairs to the cellar": a place alone is where to go
		if in, ok := p.move(ws); ok {
			return p.bonus([]Intent{in}, bonus)
		}
	}
	ws = ws[skipLead(ws, 0):]
	ws = shorthand(ws)
	if len(ws) == 0 {
		return nil, false
	}
	if len(ws) > 1 && moveFillers[ws[0]] && ws[0] != "to" {
		// "we make for the crossroads": "make" is a lead word
		if in, ok := p.move(ws); ok {
			return p.bonus([]Intent{in}, bonus)
		}
	}
	p.asked = strings.HasSuffix(strings.TrimSpace(text), "?")
	p.question = p.asked && len(toks) > 0 && yesNo[firstWord(toks, p)]
	if p.question && asksHowOften(p.all) {
		return nil, false // "can I use the wand twice in one turn?" asks the rules, not to act
	}
	if !slices.Contains(ws, ".") {
		if in, ok := p.spellAhead(ws); ok {
			return p.bonus([]Intent{in}, bonus)
		}
		read, ok := p.readAll(head(ws, false))
		if !ok {
			// A head word that means nothing may be a verb mistyped: "atack".
			if typo := head(ws, true); !equalWords(typo, head(ws, false)) {
				read, ok = p.readAll(typo)
			}
		}
		if ok {
			return p.bonus(read, bonus)
		}
		if in, ok := p.readClause(ws); ok {
			return p.bonus([]Intent{in}, bonus)
		}
	}
	if in, ok := p.byClauses(ws); ok {
		return p.bonus([]Intent{in}, bonus)
	}
	if in, ok := p.restFrame(ws); ok {
		return p.bonus([]Intent{in}, bonus)
	}
	if in, ok := p.framed(ws); ok {
		return p.bonus([]Intent{in}, bonus)
	}
	if in, ok := p.wornGear(ws); ok {
		return p.bonus([]Intent{in}, bonus)
	}
	if in, ok := p.placeCue(ws); ok {
		return p.bonus([]Intent{in}, bonus)
	}
	return nil, false
}

// urging are words set apart after an action that only hurry it: "...,
// then", "..., fast".
var urging = set("then", "fast", "quick", "asap", "hurry")

// bonus marks one intent read from words that ask for the bonus action
// ("bonus action: drink potion"); words asking it of a kind that cannot
// be one are declined.
func (p *parser) bonus(read []Intent, bonus bool) ([]Intent, bool) {
	for i := range read {
		if read[i].Kind == "attack" {
			p.armed(&read[i])
		}
		if read[i].Kind == "use_item" && p.itemSpell(read[i].Item) != "" {
			return nil, false // "I use the wand now": an item that casts, at no one named
		}
		if read[i].Kind != "check" {
			continue
		}
		if slices.ContainsFunc(p.all, func(w string) bool { return notChecks[w] }) {
			return nil, false // "do I roll a dexterity saving throw?": a save is never a check
		}
		if read[i].Ability == "int" && read[i].Skill == "" {
			read[i].Skill = subjectSkill(p.all)
		}
	}
	if !bonus {
		return read, true
	}
	if len(read) != 1 {
		return nil, false
	}
	if read[0].Kind == "feature" && p.quick(read[0].Feature) {
		return read, true // "bonus action: second wind": the feature is used so already
	}
	if k, ok := Lookup(read[0].Kind); !ok || !k.Bonus {
		return nil, false
	}
	read[0].Bonus = true
	return read, true
}

// notChecks are words that name a roll no check is: a saving throw, the
// fight's initiative.
var notChecks = set("save", "saves", "saving", "initiative", "init")

// subjects are what a question of knowledge is about, and the skill of
// Intelligence that knows it: runes are Arcana's, the old gods Religion's.
var subjects = map[string]string{
	"arcane": "arcana", "magic": "arcana", "magical": "arcana", "rune": "arcana", "runes": "arcana",
	"runic": "arcana", "sigil": "arcana", "sigils": "arcana", "glyph": "arcana", "glyphs": "arcana",
	"spell": "arcana", "spells": "arcana", "enchantment": "arcana", "enchanted": "arcana", "ritual": "arcana",
	"history": "history", "historical": "history", "ancient": "history", "legend": "history", "legends": "history",
	"heraldry": "history", "crest": "history", "kingdom": "history", "dynasty": "history", "ruins": "history",
	"god": "religion", "gods": "religion", "goddess": "religion", "deity": "religion", "deities": "religion",
	"religious": "religion", "holy": "religion", "divine": "religion", "temple": "religion", "shrine": "religion",
	"rite": "religion", "rites": "religion", "prayer": "religion", "prayers": "religion", "cult": "religion",
	"plant": "nature", "plants": "nature", "herb": "nature", "herbs": "nature", "flower": "nature",
	"flowers": "nature", "mushroom": "nature", "mushrooms": "nature", "fungus": "nature", "weather": "nature",
	"beast": "nature", "beasts": "nature", "animal": "nature", "animals": "nature", "berries": "nature",
}

// subjectSkill is the one skill of Intelligence the words' subjects
// name, "" when they name none or two.
func subjectSkill(ws []string) string {
	found := ""
	for _, w := range ws {
		if sk, ok := subjects[w]; ok {
			if found != "" && found != sk {
				return ""
			}
			found = sk
		}
	}
	return found
}

// quick reports whether the feature with id is used without the turn's
// action.
func (p *parser) quick(id string) bool {
	i := indexOf(p.ctx.Features, id)
	return i >= 0 && p.ctx.Features[i].Quick
}

// readAll reads the words, their head made plain: one intent, or a quick
// feature and the action after it.
func (p *parser) readAll(ws []string) ([]Intent, bool) {
	if len(ws) == 0 {
		return nil, false
	}
	if first, rest, ok := p.quickFeature(ws); ok {
		then, ok := p.parse(rest)
		if !ok || then.Kind == "say" {
			return nil, false
		}
		first.KeepTurn = true
		return []Intent{first, then}, true
	}
	return one(p.parse(ws))
}

// one is a single intent read, as ParseAll returns it.
func one(in Intent, ok bool) ([]Intent, bool) {
	if !ok {
		return nil, false
	}
	return []Intent{in}, true
}

// leadWords come before the verb and mean nothing to the engine: "I", "I'll
// try to", "let me", "I want to", "make a ...".
var leadWords = set("i", "we", "ill", "well", "lets", "let", "us", "me", "will", "shall",
	"would", "like", "want", "wanna", "to", "gonna", "try", "attempt", "now", "then",
	"quickly", "please", "just", "also", "so", "ok", "okay", "im", "id", "can", "could",
	"should", "make", "do", "and", "next", "must", "need", "lemme", "imma", "am", "hey", "yo", "gm", "dm", ",", ".")

// skipLead returns the index of the first word after the lead words from i.
// "going to" is skipped only before another verb, as in "I'm going to attack",
// since "I'm going to the cellar" is a move.
func skipLead(ws []string, i int) int {
	for i < len(ws) {
		switch {
		case leadWords[ws[i]]:
			i++
		case ws[i] == "going" && i+2 < len(ws) && ws[i+1] == "to" && (verbs[ws[i+2]] || leadWords[ws[i+2]]):
			i += 2
		case ws[i] == "go" && i+2 < len(ws) && (ws[i+1] == "check" && ws[i+2] == "out" || ws[i+1] == "visit" || ws[i+1] == "explore"):
			i++ // "let's go check out the old mill"
		default:
			return i
		}
	}
	return i
}

type verb int

const (
	vNone verb = iota
	vAttack
	vCast
	vMove
	vUse
	vHelp
	vDodge
	vDash
	vDisengage
	vCheck
	vEnd
	vEquip
	vUnequip
	vAttune
	vGrapple
	vShove
)

var verbOf = map[string]verb{
	"attack": vAttack, "hit": vAttack, "strike": vAttack, "stab": vAttack, "slash": vAttack,
	"shoot": vAttack, "fire": vAttack, "swing": vAttack, "slice": vAttack, "hack": vAttack,
	"throw": vAttack, "hurl": vAttack, "fling": vAttack, "lunge": vAttack, "punch": vAttack,
	"kick": vAttack, "smack": vAttack, "bash": vAttack, "whack": vAttack, "chop": vAttack,
	"thrust": vAttack, "charge": vAttack, "loose": vAttack, "smash": vAttack, "jab": vAttack,
	"skewer": vAttack, "impale": vAttack, "cleave": vAttack, "pummel": vAttack, "fight": vAttack,
	"kill": vAttack, "cut": vAttack, "slay": vAttack, "shank": vAttack, "bludgeon": vAttack, "clobber": vAttack,
	"bonk": vAttack, "wallop": vAttack, "thwack": vAttack, "pierce": vAttack, "poke": vAttack, "headbutt": vAttack,
	"zap": vAttack, "blast": vAttack, "snipe": vAttack, "aim": vAttack, "point": vAttack, "drop": vAttack,
	"lob": vAttack, "launch": vAttack, "sling": vAttack, "unleash": vAttack, "toss": vAttack, "crush": vAttack,
	"knife": vAttack, "shiv": vAttack, "maul": vAttack, "spear": vAttack, "stomp": vAttack, "bite": vAttack, "claw": vAttack, "engage": vAttack, "smite": vAttack,
	"cast": vCast, "chant": vCast, "conjure": vCast, "go": vMove, "going": vMove, "move": vMove, "walk": vMove, "head": vMove, "run": vMove,
	"travel": vMove, "return": vMove, "enter": vMove, "step": vMove, "proceed": vMove,
	"descend": vMove, "ascend": vMove, "hurry": vMove, "wander": vMove, "climb": vMove,
	"retreat": vMove, "flee": vMove, "ride": vMove, "sprint": vMove, "jog": vMove, "rush": vMove,
	"race": vMove, "back": vMove, "stroll": vMove, "march": vMove, "venture": vMove,
	"slip": vMove, "follow": vMove, "scurry": vMove, "dart": vMove, "hustle": vMove, "stride": vMove,
	"hop": vMove, "explore": vMove, "scout": vMove, "visit": vMove, "trek": vMove, "hike": vMove, "dash": vDash,
	"retire": vMove, "withdraw": vMove, "advance": vMove, "jump": vMove, "leap": vMove, "down": vUse,
	"drink": vUse, "quaff": vUse, "pour": vUse, "tip": vUse, "administer": vUse, "use": vUse, "consume": vUse, "eat": vUse, "apply": vUse, "light": vUse,
	"help": vHelp, "aid": vHelp, "assist": vHelp,
	"dodge": vDodge, "disengage": vDisengage,
	"roll": vCheck, "check": vCheck,
	"equip": vEquip, "wield": vEquip, "don": vEquip, "wear": vEquip,
	"attune":  vAttune,
	"unequip": vUnequip, "doff": vUnequip, "sheathe": vUnequip, "stow": vUnequip, "remove": vUnequip,
	"grapple": vGrapple, "grab": vGrapple, "seize": vGrapple, "wrestle": vGrapple,
	"shove": vShove, "push": vShove, "knock": vShove, "trip": vShove,
	"end": vEnd, "pass": vEnd, "skip": vEnd, "done": vEnd, "finish": vEnd, "thats": vEnd,
}

var verbs = func() map[string]bool {
	m := make(map[string]bool, len(verbOf))
	for w := range verbOf {
		m[w] = true
	}
	return m
}()

// rushVerbs go for a creature as for a place: "go for the orc", "rush at
// goblin 1".
var rushVerbs = set("go", "going", "run", "rush", "race", "leap", "jump", "dive", "sprint", "head")

// parse tries the readers in turn, each a kind of phrasing; the first
// that reads the words whole wins. The order settles words two readers
// could take: "sleep" is a rest before it is the spell, "shield" worn
// before it is cast.
func (p *parser) parse(ws []string) (Intent, bool) {
	if len(ws) == 0 {
		return Intent{}, false // lead words only: "dm"
	}
	if in, ok := rest(ws); ok {
		return in, true
	}
	if in, rest, ok := p.feature(ws); ok && len(rest) == 0 {
		return in, true
	}
	if in, ok := check(ws); ok {
		return in, true
	}
	if in, ok := p.action(ws); ok {
		return in, true
	}
	if in, ok := p.give(ws); ok {
		return in, true
	}
	if in, ok := p.weaponFirst(ws); ok {
		return in, true
	}
	if in, ok := p.blade(ws); ok {
		return in, true
	}
	if in, ok := p.heal(ws); ok {
		return in, true
	}
	if in, ok := objectCheck(ws); ok {
		return in, true
	}
	if in, ok := p.task(ws); ok {
		return in, true
	}
	if in, ok := asks(ws, p.question); ok {
		return in, true
	}
	if in := p.knowQuestion(ws); in != nil {
		return *in, true
	}
	if p.question {
		return Intent{}, false // "can I fireball them?" asks the game master
	}
	if in, ok := p.spellFirst(ws); ok {
		return in, true
	}
	if in, ok := p.itemFirst(ws); ok {
		return in, true
	}
	return p.weaponTarget(ws)
}

// action reads the actions a verb names: attack, cast, move, use, help,
// dodge, dash, disengage and end turn.
func (p *parser) action(ws []string) (Intent, bool) {
	// "use my action to dodge", "take the dash action", "dodge action"
	if len(ws) >= 2 && (ws[0] == "use" || ws[0] == "take") && ws[1] == "action" {
		ws = ws[skipLead(ws, 2):]
	}
	if len(ws) >= 2 && (ws[0] == "take" || ws[0] == "use") {
		if v := verbOf[ws[1]]; v == vDodge || v == vDash || v == vDisengage || v == vHelp {
			ws = ws[1:]
		}
	}
	if len(ws) == 0 {
		return Intent{}, false
	}
	if in, ok := p.spendSlot(ws); ok {
		return in, true
	}
	if len(ws) > 3 && utterVerbs[ws[0]] && ws[1] == "words" && ws[2] == "of" {
		return p.cast(ws[3:]) // "murmur the words of Sacred Flame over orc 2"
	}
	if in, ok := p.delivered(ws); ok {
		return in, true
	}
	if in, ok := p.putTo(ws); ok {
		return in, true
	}
	if in, ok := p.aimedItem(ws); ok {
		return in, true
	}
	// "put on my chain mail", "take off the shield", "put away my bow"
	if len(ws) >= 3 && (ws[0] == "put" || ws[0] == "take") {
		switch ws[0] + " " + ws[1] {
		case "put on":
			return p.equip("equip", ws[2:])
		case "take off", "put away":
			return p.equip("unequip", ws[2:])
		}
	}
	v, args := verbOf[ws[0]], ws[1:]
	if len(args) > 0 && args[0] == "action" && (v == vAttack || v == vDodge || v == vDash || v == vDisengage || v == vHelp) {
		args = args[1:] // "attack action against orc 1", "help action for Bram"
	}
	if len(args) > 0 && args[len(args)-1] == "action" && (v == vDodge || v == vDash || v == vDisengage || v == vHelp) {
		args = args[:len(args)-1]
	}
	switch v {
	case vAttack:
		in, ok := p.attack(args)
		if ok && in.Kind == "attack" && in.Weapon == "" && (ws[0] == "point" || ws[0] == "aim" || ws[0] == "drop") {
			return Intent{}, false // "I point at the goblin" points; "point my bow at" shoots
		}
		return in, ok
	case vCast:
		return p.cast(args)
	case vMove:
		if in, ok := p.move(args); ok {
			return in, true
		}
		if len(args) > 1 && (args[0] == "for" || args[0] == "at") && rushVerbs[ws[0]] {
			// "go for goblin 1's throat", "rush at the orc": a creature, not a place
			if in, ok := p.attack(args[1:]); ok && in.Kind == "attack" {
				return in, true
			}
		}
		return Intent{}, false
	case vUse:
		if in, ok := p.use(ws[0], args); ok || ws[0] != "down" {
			return in, ok
		}
		return p.move(args) // "down the stairs to the cellar"
	case vHelp:
		return p.help(args)
	case vDodge, vDash:
		if !slices.ContainsFunc(args, func(w string) bool { return !directions[w] }) { // "I dash away"
			if v == vDodge {
				return Intent{Kind: "dodge"}, true
			}
			return Intent{Kind: "dash"}, true
		}
	case vDisengage:
		// Disengage has no target: whom the actor slips away from changes
		// nothing the engine decides.
		if len(args) == 0 || args[0] == "from" {
			return Intent{Kind: "disengage"}, true
		}
	case vGrapple:
		if len(args) == 0 {
			return Intent{}, false
		}
		if id, o := p.one(args, p.targets(), false); o == resolved {
			return Intent{Kind: "grapple", TargetID: id}, true
		}
	case vShove:
		return p.shove(ws[0], args)
	case vEquip:
		return p.equip("equip", args)
	case vUnequip:
		return p.equip("unequip", args)
	case vAttune:
		if len(args) > 0 && (args[0] == "to" || args[0] == "with") {
			args = args[1:]
		}
		return p.equip("attune", args)
	case vEnd:
		if endPhrases[strings.Join(ws, " ")] {
			return Intent{Kind: "end_turn"}, true
		}
		if ws[0] == "finish" && len(args) > 1 && args[len(args)-1] == "off" {
			// "finish the goblin off": the phrase's particle after its object
			if in, ok := p.attack(args[:len(args)-1]); ok && in.Kind == "attack" {
				return in, true
			}
		}
	}
	return Intent{}, false
}

// deliverVerbs cast the spell that is their object: "lay Cure Wounds on
// Bram", "call down sacred flame on orc 1", "call Bless down on Bram and
// Ilsa", "send a fire bolt at goblin 2".
var deliverVerbs = set("lay", "lays", "call", "calls", "send", "sends", "bring", "brings", "unleash", "unleashes",
	"weave", "weaves", "invoke", "invokes", "loose", "looses", "channel", "channels", "work", "works", "hurl", "hurls",
	"fling", "flings", "throw", "throws", "launch", "launches", "release", "releases", "drop", "drops",
	"put", "puts", "place", "places", "plant", "plants", "lob", "lobs")

// delivered reads a deliver verb whose object is a spell the context
// knows, named whole at the object's head: the cast of it. "down" beside
// the name is the verb's.
func (p *parser) delivered(ws []string) (Intent, bool) {
	if len(ws) < 2 || !deliverVerbs[ws[0]] {
		return Intent{}, false
	}
	obj, ok := p.spellObject(ws[1:])
	if !ok {
		return Intent{}, false
	}
	in, ok := p.cast(obj)
	if ok && setDown[ws[0]] && len(in.TargetIDs) == 0 {
		return Intent{}, false // "I put my shield down by the door" sets a thing down
	}
	return in, ok
}

// setDown are the deliver verbs that also set a thing down: they cast only
// a spell laid on creatures ("drop a fireball on the orcs").
var setDown = set("drop", "drops", "put", "puts", "place", "places", "plant", "plants")

// putTo reads "put the goblins to sleep": creatures put "to" a spell's
// name, the last words, are the cast of that spell at them.
func (p *parser) putTo(ws []string) (Intent, bool) {
	if len(ws) < 4 || ws[0] != "put" && ws[0] != "puts" {
		return Intent{}, false
	}
	to := slices.Index(ws, "to")
	if to < 2 || to+1 >= len(ws) {
		return Intent{}, false
	}
	for _, cs := range [][]cand{p.spells(), p.otherSpells()} {
		if best, hit := spellAtHead(ws[to+1:], cs); best > 0 {
			if hit < 0 || to+1+best != len(ws) {
				return Intent{}, false
			}
			ids, ok := p.castTargets(ws[1:to])
			if !ok {
				return Intent{}, false
			}
			return Intent{Kind: "cast", Spell: cs[hit].id, TargetIDs: ids}, true
		}
	}
	return Intent{}, false
}

// spellObject is a verb's object that names a spell the context knows
// whole at its head, as a cast reads it: "down" or "forth" beside the name
// and a determiner before it dropped.
func (p *parser) spellObject(obj []string) ([]string, bool) {
	if len(obj) == 0 {
		return nil, false
	}
	if obj[0] == "down" || obj[0] == "forth" || obj[0] == "up" {
		obj = obj[1:] // "throw up a shield"
	}
	if len(obj) > 1 && spellDeterminers[obj[0]] {
		obj = obj[1:]
	}
	for _, cs := range [][]cand{p.spells(), p.otherSpells()} {
		best, hit := spellAtHead(obj, cs)
		if best == 0 {
			continue
		}
		if hit < 0 {
			return nil, false
		}
		rest := obj[best:]
		if len(rest) > 0 && (rest[0] == "down" || rest[0] == "forth") {
			rest = rest[1:]
		}
		return append(slices.Clone(obj[:best]), rest...), true
	}
	return nil, false
}

// spellObjectOf reports whether a deliver verb's object is a spell:
// "calls down sacred flame on orc 1" casts, it does not speak.
func (p *parser) spellObjectOf(ws []string) bool {
	if len(ws) < 2 || !deliverVerbs[ws[0]] {
		return false
	}
	_, ok := p.spellObject(clean(ws[1:]))
	return ok
}

// aimVerbs aim a thing at a creature: "level the wand at orc 2".
var aimVerbs = set("point", "points", "aim", "aims", "level", "levels", "train", "trains", "turn", "turns", "raise", "raises")

// aimedItem reads an item that holds a spell aimed at creatures without
// the spell named ("levels the wand at orc 2", "point my wand of magic
// missiles at goblin 1"): the cast of its spell with it.
func (p *parser) aimedItem(ws []string) (Intent, bool) {
	if len(ws) < 4 || !aimVerbs[ws[0]] {
		return Intent{}, false
	}
	return p.itemCast(ws[1:])
}

// itemCast reads an item that holds a spell followed by the creatures it
// is turned on ("the wand at goblin 1", "wand on orc 1"): the cast of its
// spell with it. A weapon is no such item.
func (p *parser) itemCast(ws []string) (Intent, bool) {
	for i := 1; i+1 < len(ws); i++ {
		if !fireVerbs[ws[i]] {
			continue
		}
		// "wand blast orc 1", "wand zap at goblin 2": the item, the word
		// that sets it off, whom it strikes
		if in, ok := p.itemCast(append(slices.Clone(ws[:i]), ws[i+1:]...)); ok {
			return in, true
		}
		if id, o := p.one(ws[:i], p.items(), false); o == resolved && p.itemSpell(id) != "" && indexOf(p.ctx.Weapons, id) < 0 {
			if ids, ok := p.castTargets(ws[i+1:]); ok {
				return Intent{Kind: "cast", Spell: p.itemSpell(id), TargetIDs: ids, With: []string{id}}, true
			}
		}
		return Intent{}, false
	}
	for i, w := range ws {
		if !targetPreps[w] || i == 0 || i == len(ws)-1 {
			continue
		}
		id, o := p.one(ws[:i], p.items(), false)
		if o != resolved {
			return Intent{}, false
		}
		spell := p.itemSpell(id)
		if spell == "" || indexOf(p.ctx.Weapons, id) >= 0 {
			return Intent{}, false
		}
		at := ws[i:]
		for k, w := range at {
			if (w == "and" || w == "then" || w == ",") && releases[strings.Join(at[k+1:], " ")] {
				at = at[:k] // "and let it rip": the wand set off, no second deed
				break
			}
		}
		ids, ok := p.castTargets(at)
		if !ok {
			return Intent{}, false
		}
		return Intent{Kind: "cast", Spell: spell, TargetIDs: ids, With: []string{id}}, true
	}
	return Intent{}, false
}

// releases set off an item aimed before them: "point the wand at goblin
// 1 and let it rip".
var releases = set("let it rip", "let rip", "shoot", "shoots", "let loose", "let it loose", "fire", "fire it",
	"fire away", "blast", "blast away", "zap", "zap it", "speak the command word", "speaks the command word",
	"say the command word", "says the command word", "trigger it", "triggers it", "use it", "uses it")

// fireVerbs set off an item that holds a spell, said between it and its
// target: "wand zap at goblin 2".
var fireVerbs = set("shoot", "shoots", "fire", "fires", "blast", "blasts", "zap", "zaps", "pew")

// utterVerbs say a spell's words: "intone the words of Bless".
var utterVerbs = set("murmur", "murmurs", "intone", "intones", "utter", "utters", "speak", "speaks", "recite", "recites",
	"chant", "chants", "whisper", "whispers", "mutter", "mutters", "say", "says")

// spendSlot reads a spell slot spent on a spell: "spend a 2nd level slot
// on shield of faith for Bram", "burn a 3rd level slot for fireball".
func (p *parser) spendSlot(ws []string) (Intent, bool) {
	if len(ws) < 4 || (ws[0] != "spend" && ws[0] != "burn" && ws[0] != "use") || !slices.Contains(ws, "slot") {
		return Intent{}, false
	}
	level, rest, ok := takeLevel(ws[1:])
	if !ok || level == 0 || len(rest) < 2 || (rest[0] != "on" && rest[0] != "for" && rest[0] != "to") {
		return Intent{}, false
	}
	rest = rest[1:]
	if rest[0] == "cast" {
		rest = rest[1:]
	}
	in, ok := p.cast(rest)
	if !ok {
		return Intent{}, false
	}
	in.SlotLevel = level
	return in, true
}

// taskVerbs are the verbs of a task whose outcome is uncertain, and the
// skill that decides it (SRD ids; "" for a plain ability check). Words
// such as "I try to lift the heavy barrel" call for the check at a medium
// difficulty (DC 15): the parser does not judge how hard the task is.
var taskVerbs = map[string]skill{
	"lift": {"athletics", "str"}, "heave": {"athletics", "str"}, "haul": {"athletics", "str"},
	"drag": {"athletics", "str"}, "pull": {"athletics", "str"}, "push": {"athletics", "str"},
	"force": {"athletics", "str"}, "break": {"athletics", "str"}, "bend": {"athletics", "str"},
	"pry": {"athletics", "str"}, "climb": {"athletics", "str"}, "scale": {"athletics", "str"},
	"swim": {"athletics", "str"}, "jump": {"athletics", "str"}, "leap": {"athletics", "str"},
	"balance": {"acrobatics", "dex"}, "tumble": {"acrobatics", "dex"}, "somersault": {"acrobatics", "dex"},
	"squeeze": {"acrobatics", "dex"},
	"sneak":   {"stealth", "dex"}, "creep": {"stealth", "dex"}, "tiptoe": {"stealth", "dex"},
	"slink": {"stealth", "dex"}, "skulk": {"stealth", "dex"},
	"pickpocket": {"sleight-of-hand", "dex"}, "pilfer": {"sleight-of-hand", "dex"}, "filch": {"sleight-of-hand", "dex"},
	"palm": {"sleight-of-hand", "dex"}, "steal": {"sleight-of-hand", "dex"},
	"search": {"investigation", "int"}, "examine": {"investigation", "int"}, "inspect": {"investigation", "int"},
	"investigate": {"investigation", "int"}, "scrutinize": {"investigation", "int"}, "decipher": {"investigation", "int"},
	"listen": {"perception", "wis"}, "spot": {"perception", "wis"}, "scan": {"perception", "wis"},
	"peer": {"perception", "wis"}, "eavesdrop": {"perception", "wis"},
	"gauge": {"insight", "wis"}, "discern": {"insight", "wis"},
	"persuade": {"persuasion", "cha"}, "convince": {"persuasion", "cha"}, "negotiate": {"persuasion", "cha"},
	"plead": {"persuasion", "cha"}, "haggle": {"persuasion", "cha"}, "bargain": {"persuasion", "cha"},
	"lie": {"deception", "cha"}, "bluff": {"deception", "cha"}, "deceive": {"deception", "cha"},
	"trick": {"deception", "cha"}, "fool": {"deception", "cha"}, "mislead": {"deception", "cha"},
	"intimidate": {"intimidation", "cha"}, "threaten": {"intimidation", "cha"}, "menace": {"intimidation", "cha"},
	"scare": {"intimidation", "cha"}, "frighten": {"intimidation", "cha"}, "coerce": {"intimidation", "cha"},
	"perform": {"performance", "cha"}, "dance": {"performance", "cha"}, "juggle": {"performance", "cha"},
	"entertain": {"performance", "cha"},
	"diagnose":  {"medicine", "wis"},
	"track":     {"survival", "wis"}, "forage": {"survival", "wis"}, "navigate": {"survival", "wis"},
	"tame": {"animal-handling", "wis"}, "soothe": {"animal-handling", "wis"}, "calm": {"animal-handling", "wis"},
}

// forceVerbs are the tasks of strength done to a thing: without the
// thing named they try nothing.
var forceVerbs = set("lift", "heave", "haul", "drag", "pull", "push", "force", "break", "bend", "pry")

// musicVerbs make music or a show of words; musicNouns are what they
// make or play it on.
var (
	musicVerbs = set("play", "sing", "strum", "pluck", "recite", "whistle", "drum", "fiddle", "tell")
	musicNouns = set("song", "songs", "tune", "tunes", "ballad", "ballads", "melody", "jig", "ditty", "shanty", "hymn",
		"music", "lute", "flute", "fiddle", "drum", "lyre", "harp", "pipes", "bagpipes", "viol", "horn", "poem", "verse", "tale", "joke", "jokes")
)

// performs reports whether words open with a verb of making music and
// name what is made or played ("play a tune on my lute", "sing a ballad
// in the square", "tell a few jokes"): a Performance check. The verb
// alone ("I play along", "tell Bram") performs nothing said.
func performs(ws []string) bool {
	if len(ws) < 2 || !musicVerbs[lemma(ws[0], func(w string) bool { return musicVerbs[w] })] {
		return false
	}
	for _, w := range ws[1:min(len(ws), 5)] {
		if musicNouns[w] {
			return true
		}
	}
	return false
}

// carriedTo reports whether the words after a verb of strength take
// what it moves to a place of the map: "Bram to the stables".
func (p *parser) carriedTo(ws []string) bool {
	for i := 1; i < len(ws); i++ {
		if goalPreps[ws[i]] || ws[i] == "into" {
			if _, ok := p.move(ws[i:]); ok {
				return true
			}
		}
	}
	return false
}

// movesSelf reports whether words open with a task of strength done to
// the actor: "drag myself", "hauls herself".
func movesSelf(ws []string) bool {
	if len(ws) < 2 || !forceVerbs[lemma(ws[0], isVerb)] {
		return false
	}
	w := ws[1]
	return selfWords[w] && w != "me" || w == "herself" || w == "himself" || w == "themself" || w == "themselves" || w == "ourselves"
}

// motionTasks are the tasks that carry the character somewhere: toward
// a place named, they are a move.
var motionTasks = set("sneak", "creep", "tiptoe", "slink", "skulk", "climb", "scale", "swim", "jump", "leap",
	"squeeze", "tumble", "balance")

// hidePlaces are the words after "hide" that say where the character
// hides itself.
var hidePlaces = set("behind", "in", "inside", "among", "amid", "under", "beneath", "below", "from",
	"within", "there", "here", "nearby", "away", "myself", "ourselves", "between", "on", "atop")

// taskPhrases are tasks of two words, where the verb alone says too
// little: picking a lock and disarming a trap are Dexterity checks with
// thieves' tools (no skill).
var taskPhrases = map[string]skill{
	"pick lock": {"", "dex"}, "disarm trap": {"", "dex"},
	"look around": {"perception", "wis"},
}

// task reads words that describe something uncertain the character tries
// ("I try to lift the heavy barrel", "I sneak past the guard", "I search
// the desk") as the ability check that decides it, at a medium
// difficulty; "hide" is the Hide action. Words that go on to a second
// action ("... and stab him") are declined.
func (p *parser) task(ws []string) (Intent, bool) {
	if len(ws) == 0 {
		return Intent{}, false
	}
	if v := verbOf[ws[0]]; (v == vShove || v == vAttack || v == vGrapple) && len(ws) > 1 {
		if _, _, ok := p.headTarget(ws[1:]); ok {
			return Intent{}, false // "push the bugbear back 5 ft" shoves, or asks what it cannot read
		}
	}
	for _, w := range ws[1:] {
		if w == "and" || w == "then" || w == "," {
			return Intent{}, false
		}
	}
	at := 1
	if movesSelf(ws) {
		at = 2 // "drag myself to the stables": the actor is what is moved
	}
	if (motionTasks[lemma(ws[0], isVerb)] || at == 2) && len(ws) > at+1 && (moveFillers[ws[at]] || directions[ws[at]]) {
		// "I sneak off toward the stables", "creep down into the cellar",
		// "haul myself over to the cellar": movement toward a named place
		// is a move, however quietly or hard it is done
		to := ws[at:]
		for len(to) > 1 && directions[to[0]] && !moveFillers[to[0]] {
			to = to[1:]
		}
		if in, ok := p.move(to); ok {
			return in, true
		}
		if goalsPlace(to) {
			return Intent{}, false // "I climb up to the tavern's attic": a place the map lacks
		}
	}
	switch strings.Join(ws, " ") {
	case "hide":
		return Intent{Kind: "hide"}, true
	case "escape", "escape grapple", "break free", "break free of grapple", "escape grip", "break grip":
		return Intent{Kind: "escape"}, true
	}
	if ws[0] == "escape" && p.escapeFrom(ws[1:]) {
		return Intent{Kind: "escape"}, true
	}
	if ws[0] == "hide" {
		// "hide behind the crates" is the Hide action; "hide the map"
		// hides something else, which is no check of the character's.
		if hidePlaces[ws[1]] {
			return Intent{Kind: "hide"}, true
		}
		return Intent{}, false
	}
	sk, ok := taskVerbs[ws[0]]
	if performs(ws) {
		sk, ok = skill{"performance", "cha"}, true
	}
	if forceVerbs[ws[0]] && p.carriedTo(ws[1:]) {
		return Intent{}, false // "drag Bram to the stables": a journey with a load, which no check decides
	}
	if len(ws) == 1 && forceVerbs[ws[0]] {
		return Intent{}, false // "make a break for it": nothing named is forced
	}
	if ws[0] == "lie" && len(ws) > 1 && ws[1] != "to" && ws[1] != "about" {
		return Intent{}, false // "lie down", "lie low": no one is deceived
	}
	if len(ws) >= 2 {
		two := ws[0] + " " + ws[1]
		if len(ws) >= 3 && (two == "pick the" || two == "disarm the") {
			two = ws[0] + " " + ws[2]
		}
		if ph, found := taskPhrases[two]; found {
			sk, ok = ph, true
		}
	}
	if !ok {
		return Intent{}, false
	}
	if in, ok := p.wornGear(ws); ok {
		return in, true // "pull my chain mail on": dressed, not a feat of strength
	}
	if ws[0] == "lift" && p.ownThing(ws[1:]) {
		return Intent{}, false // "lift my holy symbol": a thing held up, no strength tried
	}
	if ws[0] == "pull" && (takesOut(p.all) || p.ownThing(ws[1:])) {
		return Intent{}, false // "pull the map out": a thing taken from a pack, no strength tried
	}
	if (ws[0] == "lift" || ws[0] == "pull" || ws[0] == "take") && unnoticed(ws[1:]) {
		sk = skill{"sleight-of-hand", "dex"} // "lift his coin purse without him noticing" is a pickpocket's
	}
	return Intent{Kind: "check", Ability: sk.ability, Skill: sk.id, Difficulty: "medium"}, true
}

// shove reads "shove goblin 1", "knock the goblin prone", "trip the orc",
// "push goblin 1 back": a creature present. A push away is the shove's
// push; anything else knocks prone. Words that name no creature present
// ("push the cart") are not a shove.
func (p *parser) shove(verb string, ws []string) (Intent, bool) {
	if len(ws) > 1 && (ws[0] == "down" || ws[0] == "over") && verb != "push" {
		ws = append(slices.Clone(ws[1:]), ws[0]) // "knock down orc 2": the particle before its object
	}
	id, after, ok := p.headTarget(ws)
	if !ok {
		return Intent{}, false
	}
	after, from := p.shovedFrom(after, id)
	choice := ""
	if verb == "push" || from {
		choice = "push"
	}
	for i := 0; i < len(after); i++ {
		w := after[i]
		if w == "with" && i+1 < len(after) && bodyParts[after[i+1]] && i+2 == len(after) {
			break // "with my shoulder": how, not what
		}
		if landing[w] && i+1 < len(after) && !p.namesOther(after[i+1:], Intent{TargetID: id}) &&
			!slices.ContainsFunc(after[i+1:], func(w string) bool { return isNumber(w) || structural[w] }) {
			break // "prone onto the floorboards": where it lands
		}
		if isNumber(w) && i+1 < len(after) && (after[i+1] == "feet" || after[i+1] == "ft" || after[i+1] == "foot") {
			w = "ft" // "back five feet": a distance, not off its feet
			i++
		}
		switch w {
		case "prone", "down", "over", "trip", "knock", "topple", "ground", "floor", "flat", "off", "feet", "butt", "backside", "rear", "arse", "ass":
			if choice == "push" && verb != "push" || from {
				return Intent{}, false
			}
			choice = "prone"
		case "away", "back", "ft", "foot", "5", "10", "push", "backwards":
			if choice == "prone" {
				return Intent{}, false
			}
			choice = "push"
		case "to", "it", "him", "her", "them", "into", "from", "me", "its", "onto", "on":
		default:
			return Intent{}, false
		}
	}
	return Intent{Kind: "shove", TargetID: id, Choice: choice}, true
}

// landing open where a shoved creature lands: "prone onto the floorboards".
var landing = set("onto", "into", "against", "across")

// shovedFrom takes off the words that say whom a shove pushes a creature
// away from ("off of Bram", "away from Ilsa"): another creature present,
// named last. The words left, and whether there were such words: a shove
// away from someone pushes.
func (p *parser) shovedFrom(ws []string, id string) ([]string, bool) {
	for i, w := range ws {
		if w != "off" && w != "from" {
			continue
		}
		j := i + 1
		if j < len(ws) && ws[j] == "of" {
			j++
		}
		if j == len(ws) {
			return ws, false
		}
		if other, o := p.one(ws[j:], p.targets(), true); o == resolved && other != id {
			k := i
			if w == "from" && k > 0 && ws[k-1] == "away" {
				k--
			}
			return ws[:k], true
		}
	}
	return ws, false
}

// escapeFrom reports whether the words after "escape" say only what from:
// "of the orc's grip", "from goblin 1", "the bugbear's grasp".
func (p *parser) escapeFrom(ws []string) bool {
	var name []string
	for _, w := range ws {
		switch w {
		case "of", "from", "grip", "grasp", "hold", "grapple", "clutches", "arms", "hands", "claws":
		default:
			name = append(name, w)
		}
	}
	if len(name) == 0 {
		return true
	}
	_, o := p.one(name, p.targets(), false)
	return o == resolved || o == ambiguous
}

// equip reads "wield my longsword", "don the chain mail", "put on my
// shield", "take off my armor": an item the actor carries, by name.
func (p *parser) equip(kind string, ws []string) (Intent, bool) {
	if id, o := p.one(ws, p.items(), false); o == resolved {
		return Intent{Kind: kind, Item: id}, true
	}
	return Intent{}, false
}

var endPhrases = set("end turn", "end", "end of turn", "end turn now", "pass", "pass turn",
	"skip turn", "done", "done for now", "finish turn", "thats it", "thats all", "end round",
	"thats turn", "thats it for me", "thats all for me", "done for turn", "done this turn", "end turn there",
	"thats it for turn", "thats it for now", "thats all for turn", "done here", "im done", "all done",
	"nothing else", "nothing more", "i pass", "done with turn", "ending turn", "end of turn for me")

// rest reads "take a short rest", "long rest", "we begin a long rest here".
func rest(ws []string) (Intent, bool) {
	if len(ws) == 1 && restShort[ws[0]] != "" {
		return Intent{Kind: "rest", Rest: restShort[ws[0]]}, true // "lr?", "sr pls"
	}
	for i := 0; i+1 < len(ws); i++ {
		if ws[i+1] != "rest" {
			continue
		}
		length := restLength(ws[i])
		if length == "" {
			continue
		}
		for _, w := range ws[:i] {
			if !restLead[w] {
				return Intent{}, false
			}
		}
		for _, w := range ws[i+2:] {
			if w != "here" && w != "now" {
				return Intent{}, false
			}
		}
		return Intent{Kind: "rest", Rest: length}, true
	}
	return Intent{}, false
}

// restShort are the shorthands of a rest's name.
var restShort = map[string]string{"lr": "long", "sr": "short"}

// restLength is the rest's length a word says, typed with a letter wrong
// or missing at most ("shrt", "lnog"), "" when none.
func restLength(w string) string {
	for _, l := range []string{"short", "long"} {
		if w == l || len(w) >= 3 && within1(w, l) && !(l == "long" && w == "lone") {
			return l
		}
	}
	return ""
}

var restLead = set("take", "have", "begin", "start", "go", "for", "settle", "in", "down", "we")

type skill struct{ id, ability string }

var skills = map[string]skill{
	"acrobatics": {"acrobatics", "dex"}, "animal handling": {"animal-handling", "wis"},
	"arcana": {"arcana", "int"}, "athletics": {"athletics", "str"}, "deception": {"deception", "cha"},
	"history": {"history", "int"}, "insight": {"insight", "wis"}, "intimidation": {"intimidation", "cha"},
	"investigation": {"investigation", "int"}, "medicine": {"medicine", "wis"}, "nature": {"nature", "int"},
	"perception": {"perception", "wis"}, "performance": {"performance", "cha"}, "persuasion": {"persuasion", "cha"},
	"religion": {"religion", "int"}, "sleight of hand": {"sleight-of-hand", "dex"}, "stealth": {"stealth", "dex"},
	"survival": {"survival", "wis"},
}

var abilities = map[string]string{
	"strength": "str", "str": "str", "dexterity": "dex", "dex": "dex", "constitution": "con", "con": "con",
	"intelligence": "int", "int": "int", "intel": "int", "wisdom": "wis", "wis": "wis", "charisma": "cha", "cha": "cha",
}

// check reads an ability check: "make a perception check", "roll
// athletics", "roll for stealth", "dexterity (acrobatics) check", "check
// perception", "strength check". Saving throws and initiative are not
// checks and are declined. Skill ids are the srd's ("sleight-of-hand").
// checkLead and checkTrail are words around a check's name that only say
// how it is asked: "gimme a perception roll real quick", "quick insight
// check".
var (
	checkLead  = set("quick", "gimme", "another", "a", "an")
	checkTrail = set("here", "quick", "real", "now", "please", "pls", "quickly", "again", "too")
)

func check(ws []string) (Intent, bool) {
	ws = withoutCommas(ws) // "wisdom (perception) check": the brackets are commas
	for len(ws) > 1 && checkTrail[ws[len(ws)-1]] {
		ws = ws[:len(ws)-1] // "a perception roll real quick"
	}
	i, lead := 0, false
	for i < len(ws)-1 && checkLead[ws[i]] {
		i, lead = i+1, ws[i] == "gimme" // "gimme a perception roll", "quick perception check"
	}
	if i < len(ws) && (ws[i] == "roll" || ws[i] == "check" || ws[i] == "perform" || ws[i] == "attempt" || ws[i] == "use") {
		i, lead = i+1, ws[i] != "use"
	}
	if i < len(ws)-1 && lead && (ws[i] == "me" || ws[i] == "us") {
		i++ // "roll me an arcana": whom the roll is for is the asker
	}
	if i < len(ws)-1 && (ws[i] == "a" || ws[i] == "an" || ws[i] == "another" || ws[i] == "some") {
		i++ // "roll a stealth check", "roll some athletics"
	}
	var in Intent
	if i < len(ws) && difficulty[ws[i]] != "" {
		in.Difficulty, i = difficulty[ws[i]], i+1 // "a hard athletics check"
	}
	if i < len(ws) && (ws[i] == "for" || ws[i] == "of") {
		i++ // "roll for stealth", "make check of perception"
	}
	for i < len(ws) {
		if ab, ok := abilities[ws[i]]; ok && in.Ability == "" {
			in.Ability, i = ab, i+1
			continue
		}
		if sk, n := skillAt(ws[i:]); n > 0 && in.Skill == "" {
			in.Skill, i = sk.id, i+n
			continue
		}
		break
	}
	tail := i < len(ws) && (ws[i] == "check" || ws[i] == "roll" || ws[i] == "test")
	if tail {
		i++
	}
	// a skill named alone asks its check: "insight on the innkeeper", "perception?"
	bare := in.Skill != "" && !lead && !tail
	if i < len(ws) && i > 0 && (lead || tail || bare) && checkAbout[ws[i]] {
		i = len(ws) // "insight check on the innkeeper": whom or what for is the narrator's
	}
	if i != len(ws) || (in.Skill == "" && in.Ability == "") || (!lead && !tail && !bare) {
		return Intent{}, false
	}
	if in.Ability == "" {
		// A named ability wins ("strength (intimidation)"); otherwise the
		// skill's own.
		in.Ability = skills[skillName(in.Skill)].ability
	}
	in.Kind = "check"
	return in, true
}

// difficulty are the words that say how hard a check is, as the wire
// spells it.
var difficulty = map[string]string{"easy": "easy", "medium": "medium", "moderate": "medium", "hard": "hard",
	"difficult": "hard", "tough": "hard"}

func skillAt(ws []string) (skill, int) {
	for n := 3; n >= 1; n-- {
		if n <= len(ws) {
			if sk, ok := skills[strings.Join(ws[:n], " ")]; ok {
				return sk, n
			}
		}
	}
	if len(ws) > 0 {
		if name, ok := skillShort[ws[0]]; ok {
			return skills[name], 1
		}
		if name, ok := skillTypo(ws[0]); ok {
			return skills[name], 1
		}
	}
	return skill{}, 0
}

// skillTypo is the one skill of one word that w is typed for: one letter
// wrong in a name of six or more ("perseption"), or its "cs" written "x"
// ("athletix"). A word some reader knows is no typo.
func skillTypo(w string) (string, bool) {
	if len(w) < 6 || knownWord(w) || abilities[w] != "" {
		return "", false
	}
	sounded := w
	if strings.HasSuffix(w, "x") {
		sounded = strings.TrimSuffix(w, "x") + "cs"
	}
	found := ""
	for name := range skills {
		if len(name) < 6 || strings.Contains(name, " ") || !within1(w, name) && sounded != name {
			continue
		}
		if found != "" {
			return "", false
		}
		found = name
	}
	return found, found != ""
}

// skillShort are the shorthands players type for skills ("perc check").
var skillShort = map[string]string{
	"perc": "perception", "percep": "perception", "invest": "investigation", "investig": "investigation",
	"sleight": "sleight of hand", "acro": "acrobatics", "athl": "athletics", "intim": "intimidation",
	"animal": "animal handling", "persuade": "persuasion", "stealthy": "stealth",
}

// checkAbout follow a check to say what it is about: "on the innkeeper",
// "to keep my footing".
var checkAbout = set("on", "for", "against", "to", "at", "with", "while", "when", "about", "of", "in")

func skillName(id string) string { return strings.ReplaceAll(id, "-", " ") }

var attackPreps = set("at", "against", "on", "into", "with", "using")

// bodyParts are where a blow lands: "goblin 1's throat".
var bodyParts = set("throat", "head", "neck", "face", "chest", "leg", "legs", "arm", "arms", "back", "side", "gut",
	"belly", "heart", "eye", "eyes", "knee", "knees", "flank", "skull", "ribs", "shoulder", "hand", "foot", "feet", "hip", "elbow")

// bladeVerbs take the weapon as their object and the creature after a
// preposition: "drive my longsword into orc 1", "bring her axe down on
// orc 2", "sink my dagger into the goblin".
var bladeVerbs = set("drive", "bring", "plunge", "sink", "bury", "ram", "slam", "thrust", "jam", "stick", "put")

// blade reads a bladeVerb's attack: the weapon, a word of direction at
// most, a preposition and the creature.
func (p *parser) blade(ws []string) (Intent, bool) {
	if len(ws) < 4 || !bladeVerbs[ws[0]] {
		return Intent{}, false
	}
	for i := 2; i < len(ws)-1; i++ {
		if ws[i] != "into" && ws[i] != "on" && ws[i] != "at" && ws[i] != "through" && ws[i] != "against" && ws[i] != "onto" && ws[i] != "in" {
			continue
		}
		if len(ws[1:i]) == 1 && ammo[ws[1]] {
			// "put an arrow in the orc": the weapon that shoots it, if one does
			in, ok := p.attack(ws[i+1:])
			if !ok || in.Kind != "attack" || in.Weapon != "" {
				return Intent{}, false
			}
			in.Weapon = p.ammoWeapon(ws[1])
			return in, true
		}
		weapon := ws[1:i]
		if len(weapon) > 1 && (weapon[len(weapon)-1] == "down" || weapon[len(weapon)-1] == "deep" || weapon[len(weapon)-1] == "hard") {
			weapon = weapon[:len(weapon)-1]
		}
		wid, o := p.one(weapon, p.weapons(), false)
		if o != resolved {
			return Intent{}, false
		}
		in, ok := p.attack(ws[i+1:])
		if !ok || in.Kind != "attack" || in.Weapon != "" {
			return Intent{}, false
		}
		in.Weapon = wid
		return in, true
	}
	return Intent{}, false
}

// attack reads "attack the goblin with my longsword", "hit goblin 2",
// "shoot the orc with my bow", "swing my axe at the goblin". A named weapon
// that is none of the actor's weapons but one of its spells makes a cast
// ("hit the goblin with fire bolt").
func (p *parser) attack(ws []string) (Intent, bool) {
	var lead, target, weapon []string
	prep := ""
	start := 0
	assign := func(end int) bool {
		seg := ws[start:end]
		switch prep {
		case "":
			lead = seg
			return true
		case "at", "against", "on", "into":
			if target != nil || len(seg) == 0 {
				return false
			}
			target = seg
		default:
			if weapon != nil || len(seg) == 0 {
				return false
			}
			weapon = seg
		}
		return true
	}
	for i, w := range ws {
		if attackPreps[w] {
			if !assign(i) {
				return Intent{}, false
			}
			prep, start = w, i+1
		}
	}
	if !assign(len(ws)) {
		return Intent{}, false
	}
	if len(lead) > 0 {
		switch {
		case target == nil:
			target = lead
		case weapon == nil:
			weapon = lead
		default:
			return Intent{}, false
		}
	}
	if len(target) > 1 && target[0] == "to" {
		target = target[1:] // "attack to the orc"
	}
	if weapon == nil && len(target) > 1 {
		// "goblin 1 longsword", "longbow, goblin 2": a creature and a
		// weapon side by side, each whole
		if t, w, ok := p.sideBySide(target); ok {
			target, weapon = t, w
		}
	}
	if i := slices.Index(weapon, "of"); i > 0 && i+1 < len(weapon) && generic(weapon[:i]) {
		weapon = weapon[i+1:] // "with the flat of my longsword", "the pommel of her dagger": that weapon
	}
	if len(weapon) > 0 && generic(weapon) {
		weapon = nil // "with the flat of my blade": which weapon, the words do not say
	}
	fromAmmo := ""
	if len(weapon) == 1 && ammo[weapon[0]] {
		// "shoot an arrow at orc 2": the one weapon that shoots it, if any
		fromAmmo, weapon = p.ammoWeapon(weapon[0]), nil
	}
	if weapon != nil {
		if in, ok, done := p.castAsWeapon(weapon, target); done {
			return in, ok
		}
	}
	if weapon == nil && fromAmmo == "" {
		// "fire a magic missile", "throw a fireball": the spell, at no one named
		if sid, o := p.one(target, p.spells(), false); o == resolved && p.spellNamed(target) {
			return Intent{Kind: "cast", Spell: sid}, true
		}
	}
	tid, o := p.one(target, p.targets(), false)
	if o == unknown {
		// "goblin 1's throat", "the orc in the legs": where it is struck
		for len(target) > 1 && (bodyParts[target[len(target)-1]] || target[len(target)-1] == "in") {
			target = target[:len(target)-1]
		}
		tid, o = p.one(target, p.targets(), false)
	}
	if o != resolved {
		return Intent{}, false
	}
	in := Intent{Kind: "attack", TargetID: tid, Weapon: fromAmmo}
	if weapon == nil {
		return in, true
	}
	if wid, o := p.one(weapon, p.weapons(), false); o == resolved {
		in.Weapon = wid
		return in, true
	}
	return Intent{}, false
}

// sideBySide splits words into a creature and a weapon named one after
// the other, in either order, each by its whole name or id: "goblin 1
// longsword", "longbow , goblin 2".
func (p *parser) sideBySide(ws []string) (target, weapon []string, ok bool) {
	ws = withoutCommas(ws)
	found := 0
	for k := 1; k < len(ws); k++ {
		for _, pair := range [][2][]string{{ws[:k], ws[k:]}, {ws[k:], ws[:k]}} {
			if len(findTiers(pair[0], p.targets(), 1)) == 1 && len(findTiers(pair[1], p.weapons(), 3)) == 1 {
				target, weapon = pair[0], pair[1]
				found++
			}
		}
	}
	return target, weapon, found == 1
}

// genericWeapon are the words of a weapon named by its part or kind,
// which says none of the actor's: "the flat of my blade", "my weapon".
var genericWeapon = set("flat", "of", "blade", "weapon", "pommel", "hilt", "edge", "steel", "point", "tip",
	"fist", "fists", "bare", "hands", "hand", "butt", "haft", "shaft", "grip", "handle", "cross", "crossguard", "guard")

func generic(ws []string) bool {
	for _, w := range ws {
		if !genericWeapon[w] {
			return false
		}
	}
	return true
}

// castAsWeapon reads an attack whose weapon is a spell ("hurl a fire
// bolt at the bugbear", "throw a fireball at the orcs and the chief") or
// an item that holds one ("zap goblin 1 with my wand of magic missiles"):
// the cast at the targets named. done is false when the weapon is one of
// the actor's weapons or names nothing cast.
func (p *parser) castAsWeapon(weapon, target []string) (in Intent, ok, done bool) {
	switch _, o := p.one(weapon, p.weapons(), false); o {
	case resolved:
		return Intent{}, false, false
	case ambiguous:
		return Intent{}, false, true
	}
	if sid, o := p.one(weapon, p.spells(), false); o == resolved {
		in = Intent{Kind: "cast", Spell: sid}
	} else if item, o := p.one(weapon, p.items(), false); o == resolved && p.itemSpell(item) != "" {
		in = Intent{Kind: "cast", Spell: p.itemSpell(item), With: []string{item}}
	} else {
		return Intent{}, false, false
	}
	ids, ok := p.many(target, p.targets(), true)
	if !ok {
		return Intent{}, false, true
	}
	in.TargetIDs = ids
	return in, true, true
}

// ammoWeapon is the one weapon of the actor's that shoots ammunition
// ("arrow": a bow, not a crossbow; "bolt": a crossbow), "" when none or
// several do.
func (p *parser) ammoWeapon(a string) string {
	shoots := func(name string) bool {
		switch strings.TrimSuffix(a, "s") {
		case "arrow":
			return strings.HasSuffix(name, "bow") && !strings.HasSuffix(name, "crossbow")
		case "bolt":
			return strings.HasSuffix(name, "crossbow")
		case "bullet", "stone":
			return strings.HasSuffix(name, "sling")
		case "dart":
			return name == "dart" || name == "darts"
		}
		return false
	}
	found := ""
	for _, c := range p.weapons() {
		if shoots(c.words[len(c.words)-1]) {
			if found != "" {
				return ""
			}
			found = c.id
		}
	}
	return found
}

var (
	targetPreps = set("at", "on", "upon", "onto", "against", "targeting", "toward", "towards", "into")
	castStops   = union(targetPreps, set("spell", "cantrip", "to", "for", "over",
		"centered", "centred", "aimed", "targeted", "directed", "pointed", "focused"))
)

// cast reads "cast fireball at the orcs", "cast cure wounds on Bram", "cast
// shield", "cast magic missile at level 3 on the goblin".
func (p *parser) cast(ws []string) (Intent, bool) {
	level, ws, ok := takeLevel(ws)
	if !ok {
		return Intent{}, false
	}
	// The item it is cast from goes first: its name may hold the spell's
	// ("a wand of magic missiles").
	item, ws, from := p.castFrom(ws)
	spells := p.spells()
	hits, rest := takeName(ws, spells, castStops)
	if len(hits) == 0 {
		// "cast fireball orc 1 orc 2": the name, then the targets bare
		if best, hit := spellAtHead(ws, spells); hit >= 0 {
			hits, rest = []int{hit}, ws[best:]
		}
	}
	if len(hits) == 0 {
		// A spell the actor cannot cast now is read all the same: the
		// rules then say why it cannot.
		spells = p.otherSpells()
		hits, rest = takeExact(ws, spells, castStops)
	}
	if len(hits) != 1 {
		return Intent{}, false
	}
	in := Intent{Kind: "cast", Spell: spells[hits[0]].id, SlotLevel: level}
	if len(rest) > 0 && (rest[0] == "spell" || rest[0] == "cantrip") {
		rest = rest[1:]
	}
	if from {
		in.With = []string{item}
	}
	if len(rest) == 0 {
		return in, true
	}
	ids, ok := p.castTargets(rest)
	if !ok {
		if p.onThing(rest) {
			return in, true // "cast light on the tip of my dagger"
		}
		return Intent{}, false
	}
	in.TargetIDs = ids
	return in, true
}

// thingPreps lay a spell on a thing: "light on my dagger".
var thingPreps = set("on", "upon", "onto")

// onThing reports whether words after a spell's name lay it on a thing
// that is no creature, place, spell or feature of the context, named in
// plain words: "on the tip of my dagger", "on the milestone". The spell is
// then cast with no target, and whether it can be laid there is the
// rules'. Words that could name a creature present, by a word of its name,
// a number, a pronoun or a count, are left to the readers of targets.
func (p *parser) onThing(ws []string) bool {
	if len(ws) < 2 || !thingPreps[ws[0]] {
		return false
	}
	thing := ws[1:]
	for _, w := range thing {
		if clauseBreaks[w] || structural[w] && w != "of" || isNumber(w) || pronouns[w] || thirdSelf[w] || quantifiers[w] ||
			w == "me" || w == "myself" || w == "us" || w == "everyone" || w == "party" {
			return false
		}
	}
	if p.namesOther(thing, Intent{}) && !p.ownGear(thing) {
		return false
	}
	for _, cs := range [][]cand{p.features()} {
		if _, o := p.one(thing, cs, false); o != unknown {
			return false
		}
	}
	return true
}

// ownGear reports whether words name one of the actor's weapons or items
// and nothing of the context else: "the tip of my longsword".
func (p *parser) ownGear(ws []string) bool {
	var gear Intent
	for _, cs := range [][]cand{p.weapons(), p.items()} {
		for i := range ws {
			if hits, _ := takeExact(ws[i:], cs, structural); len(hits) == 1 {
				gear.Weapon, gear.Item = cs[hits[0]].id, cs[hits[0]].id
			}
		}
	}
	return gear.Item != "" && !p.namesOther(ws, gear)
}

// castFrom finds the item a spell is cast from among the words after it
// ("from my wand of magic missiles", "with the wand"), an item the
// character carries, and removes it: the item and the words left.
func (p *parser) castFrom(ws []string) (string, []string, bool) {
	for i, w := range ws {
		if i == 0 || (w != "from" && w != "with" && w != "using") {
			continue
		}
		// The item's name runs to the end, or to the targets' preposition.
		end := len(ws)
		for j := i + 1; j < len(ws); j++ {
			if targetPreps[ws[j]] {
				end = j
				break
			}
		}
		if id, o := p.one(ws[i+1:end], p.items(), false); o == resolved {
			return id, append(slices.Clone(ws[:i]), ws[end:]...), true
		}
	}
	return "", ws, false
}

var (
	levelPreps = set("at", "using", "with", "as", "in", "to")
	ordinals   = map[string]int{"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
		"1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7, "8th": 8, "9th": 9}
)

// takeLevel finds a slot level ("at level 3", "at 3rd level", "using a
// 5th-level slot", "with a level 2 spell slot") and removes it from ws. ok is
// false when "level" comes without a level from 1 to 9, or twice.
func takeLevel(ws []string) (level int, rest []string, ok bool) {
	at := -1
	for i, w := range ws {
		if w == "level" {
			if at >= 0 {
				return 0, nil, false
			}
			at = i
		}
	}
	if at < 0 {
		return bareOrdinal(ws)
	}
	from, to := at, at+1
	switch {
	case at+1 < len(ws) && ordinals[ws[at+1]] > 0:
		level, to = ordinals[ws[at+1]], at+2
	case at > 0 && ordinals[ws[at-1]] > 0:
		level, from = ordinals[ws[at-1]], at-1
	default:
		return 0, nil, false
	}
	if from > 0 && levelPreps[ws[from-1]] {
		from--
	}
	switch {
	case to+1 < len(ws) && ws[to] == "spell" && ws[to+1] == "slot":
		to += 2
	case to < len(ws) && ws[to] == "slot":
		to++
	}
	rest = append(append(make([]string, 0, len(ws)), ws[:from]...), ws[to:]...)
	return level, rest, true
}

// slotLeads may stand between a level's preposition and its ordinal: "as a
// 3rd", "with my 2nd".
var slotLeads = set("a", "an", "my", "the", "her", "his")

// bareOrdinal finds a slot level said by its ordinal alone, without
// "level": after a preposition of level ("at 2nd", "as a 3rd", "with my
// 2nd") or before "slot" ("a 4th slot"). A spell's level is the one thing
// an ordinal beside a cast can say, and leaving it out casts at the
// wrong level. An ordinal with neither is no level, and the words are
// left to the readers as they are (an ordinal said twice is declined).
func bareOrdinal(ws []string) (level int, rest []string, ok bool) {
	from, to := -1, -1
	for i, w := range ws {
		n := ordinals[w]
		if n == 0 || len(w) == 1 {
			continue // a bare digit is a count or a name's number
		}
		f, t := i, i+1
		j := i - 1
		if j >= 0 && slotLeads[ws[j]] {
			j--
		}
		switch {
		case j >= 0 && levelPreps[ws[j]]:
			f = j
		case t < len(ws) && ws[t] == "slot":
		default:
			continue
		}
		if t < len(ws) && ws[t] == "slot" {
			t++
		}
		if from >= 0 {
			return 0, nil, false
		}
		level, from, to = n, f, t
	}
	if from < 0 {
		return 0, ws, true
	}
	return level, append(append(make([]string, 0, len(ws)), ws[:from]...), ws[to:]...), true
}

// ownThing reports whether words name a weapon or an item the character
// has before where it comes from: "pull the dagger from her boot" draws it.
func (p *parser) ownThing(ws []string) bool {
	for i, w := range ws {
		if w == "from" || w == "out" || w == "free" || w == "loose" {
			ws = ws[:i]
			break
		}
	}
	if len(ws) == 0 {
		return false
	}
	if slices.ContainsFunc(ws, func(w string) bool { return focusNouns[w] }) {
		return true
	}
	for _, cs := range [][]cand{p.weapons(), p.items()} {
		if _, o := p.one(ws, cs, false); o == resolved {
			return true
		}
	}
	return false
}

// focusNouns are what a caster holds up to cast through: "raise her holy
// symbol", "lift my staff".
var focusNouns = set("symbol", "amulet", "focus", "staff", "orb", "rod", "wand", "talisman", "emblem", "reliquary", "totem")

// goalPreps name where a movement ends.
var goalPreps = set("to", "toward", "towards")

// placeNouns are places one goes to, not things one steals up to: a
// movement's goal that names one the map lacks is no check ("climb up to
// the attic"), while "sneak up to the window" still is.
var placeNouns = set("attic", "attics", "loft", "hayloft", "rafters", "roof", "rooftop", "rooftops", "tower", "belfry",
	"room", "rooms", "chamber", "hall", "gallery", "upstairs", "floor", "storey", "story", "cave", "crypt", "tunnel", "tunnels")

// goalsPlace reports whether words open with a goal preposition and name
// a place noun: where a movement ends.
func goalsPlace(ws []string) bool {
	return len(ws) > 1 && goalPreps[ws[0]] && slices.ContainsFunc(ws[1:], func(w string) bool { return placeNouns[w] })
}

// placeParts are the ways into a place: a move to "the cellar door" or
// "the mill's gate" goes to the place.
var placeParts = set("door", "doors", "doorway", "gate", "gates", "stairs", "staircase", "steps", "stair",
	"entrance", "entry", "threshold", "trapdoor", "hatch")

// moveFillers may come between a move verb and the area: "go back down to
// the cellar", "head out to the road".
var moveFillers = set("back", "down", "up", "over", "out", "outside", "inside", "downstairs",
	"upstairs", "in", "into", "to", "toward", "towards", "onto", "through", "across", "along", "on", "off", "for")

// move reads "go to the cellar", "I move to the stables", "enter the
// cellar". Only areas one move away are in the context, so a move it returns
// names a reachable area; any other place is declined.
func (p *parser) move(ws []string) (Intent, bool) {
	for len(ws) > 1 && moveFillers[ws[0]] {
		ws = ws[1:]
	}
	if id, o := p.one(ws, p.areas(), false); o == resolved {
		return Intent{Kind: "move", ToAreaID: id}, true
	}
	if len(ws) > 1 && placeParts[ws[len(ws)-1]] {
		// "run for the cellar door": the way into a place is where one goes
		if id, o := p.one(ws[:len(ws)-1], p.areas(), false); o == resolved {
			return Intent{Kind: "move", ToAreaID: id}, true
		}
	}
	// "follow Bram down to the cellar", "go with Ilsa to the stables": a
	// companion, then the place.
	for i := 1; i < len(ws)-1; i++ {
		if ws[i] != "to" && ws[i] != "into" && ws[i] != "toward" && ws[i] != "towards" {
			continue
		}
		who := ws[:i]
		if who[0] == "with" {
			who = who[1:]
		}
		for len(who) > 1 && moveFillers[who[len(who)-1]] {
			who = who[:len(who)-1]
		}
		if _, o := p.one(who, p.targets(), false); o != resolved {
			return Intent{}, false
		}
		if id, o := p.one(ws[i+1:], p.areas(), false); o == resolved {
			return Intent{Kind: "move", ToAreaID: id}, true
		}
		return Intent{}, false
	}
	return Intent{}, false
}

// burnWords name what is lit with a flame: "light my torch".
var burnWords = set("torch", "torches", "lantern", "lamp", "candle", "candles", "pipe", "fire", "campfire", "brazier",
	"oil", "fuse", "tinderbox", "taper", "wick", "beacon", "bonfire", "incense")

// burns reports whether an item's name says it burns.
func burns(name []string) bool {
	return slices.ContainsFunc(name, func(w string) bool { return burnWords[w] })
}

var useStops = set("on", "to", "at", "down", "into", "in", "between", "onto", "over")

// pourVerbs put an item into someone: "pour the potion down Bram's
// throat".
var pourVerbs = set("pour", "tip", "force", "dribble", "administer", "feed")

// bodyWords are where a potion goes: "down his throat".
var bodyWords = set("throat", "mouth", "lips", "gullet", "wound", "wounds")

// pouredInto reads whom an item is poured into: the words after the item
// are a preposition, a creature present and where in it.
func (p *parser) pouredInto(in Intent, rest []string) (Intent, bool) {
	if len(rest) < 2 || !useStops[rest[0]] {
		return Intent{}, false
	}
	who := rest[1:]
	for len(who) > 1 && bodyWords[who[len(who)-1]] {
		who = who[:len(who)-1]
	}
	if id, o := p.one(who, p.targets(), true); o == resolved {
		in.TargetID = id
		return in, true
	}
	return Intent{}, false
}

// usedTo reads what an item is used to do: "use the rope to tie up
// goblin 1" names whom it is used on (the creature the words end with);
// "use the torch to light the way" names no one. An attack verb is the
// weapons' reading, not an item's; words naming anything else of the
// context are declined.
func (p *parser) usedTo(in Intent, purpose []string) (Intent, bool) {
	if verbOf[lemma(purpose[0], isVerb)] == vAttack {
		return Intent{}, false
	}
	for k := 1; k < len(purpose); k++ {
		if id, o := p.one(purpose[k:], p.targets(), true); o == resolved && (k == 1 || !p.namesOther(purpose[:k], in)) {
			in.TargetID = id
			return in, true
		}
	}
	if p.namesOther(purpose, in) || healVerbs[lemma(purpose[0], isVerb)] {
		return Intent{}, false // "to stabilize her": whom it tends, the words leave to a pronoun
	}
	return in, true
}

// use reads "drink my potion of healing", "use the healer's kit on Bram",
// and, for "use", a spell ("use fire bolt on the goblin") or a weapon ("use
// my longsword to attack the goblin").
func (p *parser) use(verb string, ws []string) (Intent, bool) {
	hits, rest := takeName(ws, p.items(), useStops)
	switch {
	case len(hits) == 1:
		in := Intent{Kind: "use_item", Item: p.items()[hits[0]].id}
		if lightVerbs[verb] && !burns(p.items()[hits[0]].words) {
			// "light on my sword", "light my dagger": a blade is not lit,
			// it is what the Light spell is laid on
			return Intent{}, false
		}
		if spell := p.itemSpell(in.Item); spell != "" && verb == "use" {
			// "use my wand of magic missiles on goblin 2" casts what it holds
			cast := Intent{Kind: "cast", Spell: spell, With: []string{in.Item}}
			if len(rest) == 0 {
				return Intent{}, false // "I use the wand now": at whom, the words do not say
			}
			ids, ok := p.castTargets(rest)
			if !ok {
				return Intent{}, false
			}
			cast.TargetIDs = ids
			return cast, true
		}
		if len(rest) == 0 {
			return in, true
		}
		if (verb == "use" || verb == "apply") && (rest[0] == "on" || rest[0] == "to") {
			if id, o := p.one(rest[1:], p.targets(), true); o == resolved {
				in.TargetID = id
				return in, true
			}
		}
		if verb == "use" && rest[0] == "to" && len(rest) > 1 {
			return p.usedTo(in, rest[1:])
		}
		if pourVerbs[verb] {
			return p.pouredInto(in, rest)
		}
		return Intent{}, false
	case len(hits) > 1 || verb != "use":
		return Intent{}, false
	}
	if len(ws) > 0 && !p.question {
		// "pop shield": a spell said without "cast"
		if in, ok := p.spellFirst(ws); ok {
			return in, true
		}
	}
	for i := 0; i+1 < len(ws); i++ {
		if ws[i] == "to" && verbOf[ws[i+1]] == vAttack {
			return p.attackWith(ws[:i], ws[i+2:]) // "use my longsword to strike goblin 1"
		}
	}
	return p.cast(ws)
}

var helpStops = set("with", "to", "against", "on", "in", "by", "attack", "attacking", "fight", "fighting")

// help reads "help", "help Bram", "help Bram with the lock", "help Bram
// attack the goblin". The Help action's target is the creature helped; what
// with is the narrator's to tell.
func (p *parser) help(ws []string) (Intent, bool) {
	if len(ws) > 0 && (ws[0] == "out" || ws[0] == "for") {
		ws = ws[1:] // "help out Bram", "help action for Bram"
	}
	if len(ws) == 0 {
		return Intent{Kind: "help"}, true
	}
	hits, _ := takeName(ws, p.targets(), helpStops)
	if len(hits) == 1 {
		return Intent{Kind: "help", TargetID: p.targets()[hits[0]].id}, true
	}
	// "help Ilsa line up her shot on the chief": whom, then how
	if id, _, ok := p.headTarget(ws); ok && len(hits) == 0 {
		return Intent{Kind: "help", TargetID: id}, true
	}
	return Intent{}, false
}

const quoteChars = "\"“”„«»"

var sayVerbs = set("say", "says", "shout", "shouts", "yell", "yells", "whisper", "whispers",
	"mutter", "mutters", "exclaim", "exclaims", "reply", "replies", "ask", "asks", "tell",
	"tells", "call", "calls", "cry", "cries", "scream", "screams", "sing", "sings",
	"announce", "announces", "declare", "declares", "answer", "answers", "speak", "speaks", "murmur", "murmurs",
	"demand", "demands", "bellow", "bellows", "hiss", "hisses", "insist", "insists", "plead", "pleads",
	"beg", "begs", "urge", "urges", "retort", "retorts", "inquire", "inquires")

// quoted reads speech in double quotes: `I say "hello"`, `"Hello," I say.`,
// `I tell the innkeeper "two rooms, please"`, a quotation alone. The
// words outside the quotes must be nothing or a speech verb with its
// addressee; one quoted passage only. Words said beside an action are
// its colour: `Aria shouts "For the Crossroads!" and charges the bugbear
// chief` is the charge.
func (p *parser) quoted(text string) ([]Intent, bool) {
	open := strings.IndexAny(text, quoteChars)
	_, w := utf8.DecodeRuneInString(text[open:])
	body := text[open+w:]
	var speech, after string
	if end := strings.IndexAny(body, quoteChars); end >= 0 {
		_, cw := utf8.DecodeRuneInString(body[end:])
		speech, after = body[:end], body[end+cw:]
	} else {
		speech = body // an unclosed quote runs to the end
	}
	if strings.ContainsAny(after, quoteChars) {
		return nil, false
	}
	if !p.speechFrame(text[:open]) || !p.speechFrame(after) && !(p.speaks(text[:open]) && p.speechManner(after)) {
		// `With a cry of "Ilmater guide me!" Aria brings her longsword
		// down on orc 2`: the words around the cry are the action
		if len(body) == len(speech) {
			return nil, false
		}
		read, ok := readText(p.unspoken(text[:open])+", "+p.unspoken(after), p.ctx, p.seen)
		if !ok || read[0].Kind == "say" {
			return nil, false
		}
		return read, true
	}
	// `"Hello," I say.`: the comma belongs to the sentence around the quote.
	speech = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(speech), ","))
	if speech == "" {
		return nil, false
	}
	return []Intent{{Kind: "say", Text: speech}}, true
}

// callsOn reports whether a speech verb calls on a feature ("calls on her
// action surge"): a power drawn on, no words spoken.
func (p *parser) callsOn(ws []string) bool {
	if len(ws) < 3 || (ws[0] != "call" && ws[0] != "calls") || (ws[1] != "on" && ws[1] != "upon") {
		return false
	}
	obj := clean(ws[2:])
	for len(obj) > 0 && (obj[len(obj)-1] == "." || obj[len(obj)-1] == ",") {
		obj = obj[:len(obj)-1]
	}
	if len(obj) == 0 {
		return false
	}
	_, _, ok := p.feature(obj)
	return ok
}

// unspoken is words beside a quotation without the speech verb's clause
// that frames it: "I shout, and attack goblin 1" is "attack goblin 1",
// "I attack goblin 1 and shout" is "I attack goblin 1".
func (p *parser) unspoken(s string) string {
	toks := tokenize(s)
	ws := tokenWords(toks)
	i := skipLead(ws, 0)
	if rest, ok := p.withoutActor(ws[i:]); ok {
		i = skipLead(ws, len(ws)-len(rest))
	}
	if i < len(ws) && sayVerbs[ws[i]] {
		for k := i + 1; k < len(ws); k++ {
			if clauseBreaks[ws[k]] && opensClause(ws[k+1:]) {
				return s[toks[k].end:]
			}
		}
		return ""
	}
	for k := len(ws) - 1; k > 1; k-- {
		if sayVerbs[ws[k]] && clauseBreaks[ws[k-1]] {
			return s[:toks[k-2].end] // the speech verb's clause ends the words
		}
	}
	return s
}

// speechFrame reports whether the words around a quotation only say that
// it is spoken: nothing, or lead words and a speech verb followed by anything
// (an addressee, "quietly").
func (p *parser) speechFrame(s string) bool {
	ws := p.withoutSpeaker(tokenWords(tokenize(s)))
	i := skipLead(ws, 0)
	if i == len(ws) {
		return true
	}
	if !sayVerbs[ws[i]] {
		return false
	}
	for k := i + 1; k < len(ws); k++ {
		if clauseBreaks[ws[k]] && opensClause(ws[k+1:]) && !sayVerbs[ws[skipLead(ws, k+1)]] {
			return false // `I shout, and attack goblin 1`: an action after the speech
		}
	}
	return true
}

// withoutSpeaker is the words before a speech verb without the actor who
// speaks: its name, or "she" or "he" as third-person narration calls it
// (`she mutters "..."`); another character's name stays, and frames no
// speech of the actor's.
func (p *parser) withoutSpeaker(ws []string) []string {
	if rest, ok := p.withoutActor(ws); ok {
		return rest
	}
	if len(ws) > 1 && (ws[0] == "she" || ws[0] == "he") && sayVerbs[ws[1]] {
		return ws[1:]
	}
	return ws
}

// speaks reports whether the words before a quotation are a speech verb
// with its speaker: `she mutters "..."`.
func (p *parser) speaks(s string) bool {
	ws := p.withoutSpeaker(tokenWords(tokenize(s)))
	i := skipLead(ws, 0)
	return i < len(ws) && sayVerbs[ws[i]]
}

// mannerPreps open the words after a quotation that say how or to whom
// it is spoken: "under her breath", "to Bram", "at the goblins".
var mannerPreps = set("under", "to", "at", "toward", "towards", "in", "with", "through", "from", "across", "over")

// speechManner reports whether the words after a quotation a speech verb
// frames only say how or to whom it is spoken: adverbs ("quietly") or a
// phrase that opens with a preposition and names no weapon, spell, item or
// feature, with no verb after it. A rest's or a move's words there
// ("under her breath", "across the room") are the speech's, not an act.
func (p *parser) speechManner(s string) bool {
	ws := tokenWords(tokenize(s))
	for len(ws) > 0 && (ws[len(ws)-1] == "." || ws[len(ws)-1] == "!" || ws[len(ws)-1] == ",") {
		ws = ws[:len(ws)-1]
	}
	if len(ws) == 0 {
		return true
	}
	if !mannerPreps[ws[0]] && !strings.HasSuffix(ws[0], "ly") {
		return false
	}
	for i, w := range ws {
		if clauseBreaks[w] || i > 0 && verbs[lemma(w, isVerb)] && !mannerPreps[w] {
			return false
		}
	}
	for _, cs := range [][]cand{p.weapons(), p.spells(), p.otherSpells(), p.items(), p.features()} {
		for i := range ws {
			if hits, _ := takeExact(ws[i:], cs, structural); len(hits) > 0 {
				return false
			}
		}
	}
	return true
}

// unquoted reads "I say hello there" as the words after the verb, as
// typed. Speech with an addressee or a manner but no quotes ("tell Bram we
// should go", "yell at the goblin", "say quietly that ...") is declined:
// where the speech starts is a guess.
func unquoted(text string, toks []token, verb int) (Intent, bool) {
	if verb+1 >= len(toks) || !bareSpeech[toks[verb].w] {
		return Intent{}, false
	}
	if next := toks[verb+1].w; (structural[next] && next != "," && next != ".") || strings.HasSuffix(next, "ly") {
		return Intent{}, false
	}
	speech := strings.TrimLeft(text[toks[verb].end:], " \t\r\n:,-—")
	speech = strings.TrimSpace(speech)
	for _, q := range [][2]string{{"'", "'"}, {"‘", "’"}} {
		// speech in single quotes: the quotes are no part of it
		if inner, ok := strings.CutPrefix(speech, q[0]); ok {
			if inner, ok := strings.CutSuffix(inner, q[1]); ok {
				speech = strings.TrimSpace(inner)
			}
		}
	}
	if speech == "" {
		return Intent{}, false
	}
	return Intent{Kind: "say", Text: speech}, true
}

var bareSpeech = set("say", "says", "shout", "shouts", "yell", "yells", "whisper", "whispers",
	"mutter", "mutters", "exclaim", "exclaims", "announce", "announces", "declare", "declares")

// featureLead are the words before a feature's name that only say it is
// used: "use my action surge", "activate rage", "channel divinity to turn
// undead" reads "turn undead".
var featureLead = set("use", "activate", "invoke", "my", "channel", "divinity", "to", "a", "the", "into", "enter", "fly", "flies", "flew", "go", "goes", "going",
	"call", "calls", "catch", "catches", "pop", "pops", "trigger", "triggers")

// featureStops end a feature's name: what follows names its target, its
// choice or a next action.
var featureStops = set("on", "upon", "at", "to", "for", "as", "and", "then", ",", "into", "time", "now", "mode")

// feature reads words naming a class feature or racial trait ("rage",
// "lay on hands on Bram", "step of the wind to dash", "wild shape into a
// wolf"): its target (a creature present) or its choice (one word, or a
// name the rules check) may follow. rest is what follows "and" or
// "then" after it, for a next action; a feature alone leaves it empty.
func (p *parser) feature(ws []string) (in Intent, rest []string, ok bool) {
	i := 0
	for i < len(ws)-1 && (featureLead[ws[i]] || (ws[i] == "on" || ws[i] == "upon") && i > 0 && (ws[i-1] == "call" || ws[i-1] == "calls")) {
		i++ // "calls on her action surge"
	}
	if len(p.ctx.Features) == 0 {
		return Intent{}, nil, false
	}
	ws = append(slices.Clone(ws[:i]), p.featureSaid(ws[i:])...)
	if !p.mayNameFeature(ws[i]) {
		return Intent{}, nil, false // most words name none
	}
	hits, after := takeExact(ws[i:], p.features(), featureStops)
	ids := map[string]bool{}
	for _, h := range hits {
		ids[p.features()[h].id] = true // a feature said by another of its names
	}
	if len(ids) != 1 {
		return Intent{}, nil, false
	}
	in = Intent{Kind: "feature", Feature: p.features()[hits[0]].id}
	for k, w := range after {
		if w == "and" || w == "then" || w == "," {
			rest = after[skipLead(after, k+1):]
			if len(rest) == 0 {
				return Intent{}, nil, false
			}
			after = after[:k]
			break
		}
	}
	if len(after) == 0 || len(after) == 1 && (after[0] == "time" || after[0] == "now" || after[0] == "mode") {
		return in, rest, true // "second wind time"
	}
	switch {
	case targetPreps[after[0]] && after[0] != "into":
		id, o := p.one(after[1:], p.targets(), true)
		if o != resolved {
			return Intent{}, nil, false
		}
		in.TargetID = id
	case after[0] == "to" && len(after) > 2 && healVerbs[after[1]]:
		// "lay on hands to heal Bram": the one healed is its target
		id, o := p.one(after[2:], p.targets(), true)
		if o != resolved {
			return Intent{}, nil, false
		}
		in.TargetID = id
	case (after[0] == "for" || after[0] == "to") && p.names(after[1:]):
		// "lay on hands for Bram": a creature present is whom it is used on
		id, o := p.one(after[1:], p.targets(), true)
		if o != resolved {
			return Intent{}, nil, false
		}
		in.TargetID = id
	case after[0] == "to" || after[0] == "for" || after[0] == "as" || after[0] == "into":
		choice := strings.Join(without(after[1:], "a", "an", "the"), "-")
		if choice == "" || len(choice) > MaxIDLength {
			return Intent{}, nil, false
		}
		in.Choice = choice
	default:
		return Intent{}, nil, false
	}
	return in, rest, true
}

// featureSaid is words with the feature's name they open with made whole:
// a name of one word said as a verb ("raging", "she rages") is the name,
// and a longer one said without its small words ("lay hands on Bram") is
// the name with them.
func (p *parser) featureSaid(ws []string) []string {
	for _, c := range p.features() {
		switch {
		case len(c.words) == 1 && ws[0] != c.words[0] && lemma(ws[0], func(w string) bool { return w == c.words[0] }) == c.words[0]:
			return append([]string{c.words[0]}, ws[1:]...)
		case len(c.words) > 2:
			short := without(c.words, "on", "of", "the")
			if len(short) < len(c.words) && len(ws) >= len(short) && equalWords(ws[:len(short)], short) {
				return append(slices.Clone(c.words), ws[len(short):]...)
			}
		}
	}
	return ws
}

// names reports whether words name a creature present, one or several:
// after a feature they say whom it is for, never what it is used as.
func (p *parser) names(ws []string) bool {
	_, o := p.one(ws, p.targets(), true)
	return o != unknown
}

// mayNameFeature reports whether a feature's name may begin with word w:
// one of the context's names does, as typed.
func (p *parser) mayNameFeature(w string) bool {
	for _, r := range p.ctx.Features {
		if len(r.Name) >= len(w) && strings.EqualFold(r.Name[:len(w)], w) {
			return true
		}
		// a name whose first word the words spell otherwise: "Second Wind" is "2nd wind"
		if first, _, _ := strings.Cut(r.Name, " "); normalWord(strings.ToLower(first)) == w {
			return true
		}
	}
	return false
}

// quickFeature reads words that begin with a quick feature (one used
// without the turn's action) and go on to an action: the feature and the
// words of the action.
func (p *parser) quickFeature(ws []string) (Intent, []string, bool) {
	in, rest, ok := p.feature(ws)
	if !ok || len(rest) == 0 || !p.quick(in.Feature) {
		return Intent{}, nil, false
	}
	return in, rest, true
}

// without is ws with the words drop left out.
func without(ws []string, drop ...string) []string {
	var out []string
	for _, w := range ws {
		if !slices.Contains(drop, w) {
			out = append(out, w)
		}
	}
	return out
}

// takeExact is takeName without its loose matching: a feature's or an
// unknown spell's name must be said whole ("attack" is no "Reckless
// Attack").
func takeExact(toks []string, cs []cand, stops map[string]bool) (hits []int, rest []string) {
	best := 0
	for i, c := range cs {
		k := len(c.words)
		if k < best || k > len(toks) || !equalWords(toks[:k], c.words) || (k < len(toks) && !stops[toks[k]]) {
			continue
		}
		if k > best {
			best, hits = k, nil
		}
		hits = append(hits, i)
	}
	return hits, toks[best:]
}

// Unread says what words Parse could not read seem to ask of the rules,
// or "" when they ask nothing the rules decide: two actions or more,
// each of which Parse reads alone ("I drink my potion and attack goblin
// 2"; one turn takes one, and which is the player's), a feature named whole
// ("rage"), a spell named whole after "cast", or an attack verb with a
// creature present as its object. The caller answers such words plainly
// rather than letting them be told as done.
func Unread(text string, ctx Context) string {
	ws, ok := unquotedWords(text)
	if !ok {
		return ""
	}
	if kinds := actionsIn(ws, ctx); len(kinds) > 1 {
		return "it asks for " + strings.Join(kinds, " and ")
	}
	ws = clean(ws)
	p := &parser{ctx: ctx}
	for i := range ws {
		if p.mayNameFeature(ws[i]) {
			if hits, _ := takeExact(ws[i:], p.features(), featureStops); len(hits) > 0 {
				return "it names " + p.ctx.Features[indexOf(p.ctx.Features, p.features()[hits[0]].id)].Name
			}
		}
		if ws[i] == "cast" && i+1 < len(ws) {
			for _, cs := range [][]cand{p.spells(), p.otherSpells()} {
				if hits, _ := takeExact(ws[i+1:], cs, castStops); len(hits) > 0 {
					return "it casts a spell"
				}
			}
		}
		if verbOf[ws[i]] == vAttack && len(p.ctx.Targets) > 0 {
			for j := i + 1; j < len(ws); j++ {
				if _, o := p.one(ws[j:min(j+3, len(ws))], p.targets(), false); o == resolved {
					return "it attacks"
				}
			}
		}
	}
	return ""
}

// indexOf is the index of the ref with id, -1 if none.
func indexOf(refs []Ref, id string) int {
	return slices.IndexFunc(refs, func(r Ref) bool { return r.ID == id })
}

// notSpeech reports whether words that open with a speech verb say
// something else: "tell if he's lying" finds out, "call it a night"
// rests, "call down" and "the words of" a spell cast it.
func notSpeech(ws []string) bool {
	ws = clean(ws)
	if performs(ws) {
		return true // "sing a ballad for coins" performs
	}
	return len(ws) > 1 && ((ws[0] == "tell" && (ws[1] == "if" || ws[1] == "whether")) || (ws[0] == "call" && (ws[1] == "it" || ws[1] == "down")) ||
		(len(ws) > 2 && ws[1] == "words" && ws[2] == "of")) // "call down a Bless", "murmur the words of Sacred Flame"
}

// shorthand spells out the shorthand players type: "w/" and "w" for
// "with", "teh" for "the".
func shorthand(ws []string) []string {
	out := ws[:0:0]
	for i, w := range ws {
		switch {
		case w == "w" && i > 0:
			out = append(out, "with")
		case w == "teh" || w == "hte":
		default:
			out = append(out, w)
		}
	}
	return out
}

// firstWord is the first word of the text after the actor's name.
func firstWord(toks []token, p *parser) string {
	ws := tokenWords(toks[:min(len(toks), 4)])
	if rest, ok := p.withoutActor(ws); ok && len(rest) > 0 {
		return rest[0]
	}
	return ws[0]
}

// Actions names the actions of words that ask for more than one ("I
// drink my potion and attack goblin 2": "use item", "attack"), each
// part read alone as Parse reads it; fewer than two when they do not.
// One action said twice ("attack orc 1. attack orc 1") is one, as Parse
// reads it. Such words are refused in words (Unread says why), so no model
// need read them.
func Actions(text string, ctx Context) []string {
	ws, ok := unquotedWords(text)
	if !ok {
		return nil
	}
	return actionsIn(ws, ctx)
}

// unquotedWords is the words of text that Unread and Actions weigh: none
// when it is too long, not UTF-8, or holds a quotation.
func unquotedWords(text string) ([]string, bool) {
	if len(text) > 4*MaxActionRunes || !utf8.ValidString(text) || strings.ContainsAny(text, quoteChars) {
		return nil, false
	}
	return tokenWords(tokenize(text)), true
}

// actionsIn reads each part of words joined by "and", "then", a comma or
// a sentence's end alone, and names the actions of those Parse reads.
// Speech is no action, and neither is a check: "I push open the door and
// look around" tells a scene, and the narrator tells it.
func actionsIn(ws []string, ctx Context) []string {
	var kinds []string
	var read []Intent
	start := 0
	for i := 0; i <= len(ws); i++ {
		if i < len(ws) && ws[i] != "and" && ws[i] != "then" && ws[i] != "," && ws[i] != "." {
			continue
		}
		if i > start {
			in, ok := Parse(strings.Join(ws[start:i], " "), ctx)
			if ok && in.Kind != "say" && in.Kind != "check" &&
				!slices.ContainsFunc(read, func(r Intent) bool { return reflect.DeepEqual(r, in) }) {
				read = append(read, in)
				kinds = append(kinds, strings.ReplaceAll(in.Kind, "_", " "))
			}
		}
		start = i + 1
	}
	return kinds
}

// pocketWords are what a pickpocket takes.
var pocketWords = set("purse", "pouch", "pocket", "pockets", "wallet", "coins", "keys")

// unnoticed reports whether words say a thing is taken unseen: "without
// him noticing", or from someone's purse or pocket.
func unnoticed(ws []string) bool {
	for i, w := range ws {
		if pocketWords[w] {
			return true
		}
		if w == "without" && slices.ContainsFunc(ws[i+1:], func(v string) bool {
			return strings.HasPrefix(v, "notic") || v == "seeing" || v == "knowing"
		}) {
			return true
		}
	}
	return false
}

// takesOut reports whether the words after a pull take something out of
// a pack or a sheath ("out my rope", "the bag out"), not out of anything
// that holds it fast ("the sword out of the stone").
func takesOut(ws []string) bool {
	i := slices.Index(ws, "out")
	return i >= 0 && (i+1 == len(ws) || ws[i+1] != "of")
}
