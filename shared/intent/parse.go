package intent

import (
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
	memo     [7][]cand
	done     [7]bool
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
	if len(text) > 4*MaxActionRunes || !utf8.ValidString(text) || utf8.RuneCountInString(text) > MaxActionRunes {
		return nil, false
	}
	if strings.ContainsAny(text, quoteChars) {
		return one(quoted(text))
	}
	toks := tokenize(text)
	ws := make([]string, len(toks))
	for i, t := range toks {
		ws[i] = t.w
	}
	if i := skipLead(ws, 0); i < len(ws) && sayVerbs[ws[i]] && !notSpeech(ws[i:]) {
		return one(unquoted(text, toks, i))
	}
	p := &parser{ctx: ctx}
	if usableID(ctx.ActorID) {
		p.self = ctx.ActorID
	}
	ws, p.third = p.withoutActor(clean(ws))
	for len(ws) > 0 && (ws[len(ws)-1] == "." || ws[len(ws)-1] == "," || trailing[ws[len(ws)-1]]) {
		ws = ws[:len(ws)-1]
	}
	if len(ws) > 1 && ws[0] == "to" {
		// "to the stables!": a place alone is where to go
		if in, ok := p.move(ws[1:]); ok {
			return []Intent{in}, true
		}
	}
	ws = ws[skipLead(ws, 0):]
	for _, w := range ws {
		if w == "." { // a second sentence: more than one action
			return nil, false
		}
	}
	ws = shorthand(ws)
	if len(ws) == 0 {
		return nil, false
	}
	p.question = strings.HasSuffix(strings.TrimSpace(text), "?") && len(toks) > 0 && yesNo[firstWord(toks, p)]
	read, ok := p.readAll(head(ws, false))
	if !ok {
		// A head word that means nothing may be a verb mistyped: "atack".
		if typo := head(ws, true); !equalWords(typo, head(ws, false)) {
			return p.readAll(typo)
		}
	}
	return read, ok
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
	"should", "make", "do", "perform", "and", "next", ",", ".")

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
	"cast": vCast, "go": vMove, "going": vMove, "move": vMove, "walk": vMove, "head": vMove, "run": vMove,
	"travel": vMove, "return": vMove, "enter": vMove, "step": vMove, "proceed": vMove,
	"descend": vMove, "ascend": vMove, "hurry": vMove, "wander": vMove, "climb": vMove,
	"retreat": vMove, "flee": vMove, "ride": vMove, "sprint": vMove, "jog": vMove, "rush": vMove,
	"race": vMove, "back": vMove, "stroll": vMove, "march": vMove, "venture": vMove,
	"drink": vUse, "quaff": vUse, "use": vUse, "consume": vUse, "eat": vUse, "apply": vUse, "light": vUse,
	"help": vHelp, "aid": vHelp, "assist": vHelp,
	"dodge": vDodge, "dash": vDash, "disengage": vDisengage,
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

// parse tries the readers in turn, each a kind of phrasing; the first
// that reads the words whole wins. The order settles words two readers
// could take: "sleep" is a rest before it is the spell, "shield" worn
// before it is cast.
func (p *parser) parse(ws []string) (Intent, bool) {
	if in, ok := rest(ws); ok {
		return in, true
	}
	if in, ok := restPhrase(ws); ok {
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
	if in, ok := task(ws); ok {
		return in, true
	}
	if in, ok := asks(ws, p.question); ok {
		return in, true
	}
	if p.question {
		return Intent{}, false // "can I fireball them?" asks the game master
	}
	return p.spellFirst(ws)
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
	if len(args) > 0 && args[len(args)-1] == "action" && (v == vDodge || v == vDash || v == vDisengage || v == vHelp) {
		args = args[:len(args)-1]
	}
	switch v {
	case vAttack:
		return p.attack(args)
	case vCast:
		return p.cast(args)
	case vMove:
		return p.move(args)
	case vUse:
		return p.use(ws[0], args)
	case vHelp:
		return p.help(args)
	case vDodge, vDash:
		if len(args) == 0 {
			return Intent{Kind: map[verb]string{vDodge: "dodge", vDash: "dash"}[v]}, true
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
	}
	return Intent{}, false
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

// hidePlaces are the words after "hide" that say where the character
// hides itself.
var hidePlaces = set("behind", "in", "inside", "among", "amid", "under", "beneath", "below", "from",
	"within", "there", "here", "nearby", "away", "myself", "ourselves", "between", "on", "atop")

// taskPhrases are tasks of two words, where the verb alone says too
// little: picking a lock and disarming a trap are Dexterity checks with
// thieves' tools (no skill).
var taskPhrases = map[string]skill{
	"pick lock": {"", "dex"}, "pick the": {}, "disarm trap": {"", "dex"}, "disarm the": {},
	"look around": {"perception", "wis"},
}

// task reads words that describe something uncertain the character tries
// ("I try to lift the heavy barrel", "I sneak past the guard", "I search
// the desk") as the ability check that decides it, at a medium
// difficulty; "hide" is the Hide action. Words that go on to a second
// action ("... and stab him") are declined.
func task(ws []string) (Intent, bool) {
	if len(ws) == 0 {
		return Intent{}, false
	}
	for _, w := range ws[1:] {
		if w == "and" || w == "then" || w == "," {
			return Intent{}, false
		}
	}
	switch strings.Join(ws, " ") {
	case "hide":
		return Intent{Kind: "hide"}, true
	case "escape", "escape grapple", "break free", "break free of grapple", "escape grip", "break grip":
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
	if ws[0] == "lie" && len(ws) > 1 && ws[1] != "to" && ws[1] != "about" {
		return Intent{}, false // "lie down", "lie low": no one is deceived
	}
	if len(ws) >= 2 {
		two := ws[0] + " " + ws[1]
		if len(ws) >= 3 && (two == "pick the" || two == "disarm the") {
			two = ws[0] + " " + ws[2]
		}
		if ph, found := taskPhrases[two]; found && ph.ability != "" {
			sk, ok = ph, true
		}
	}
	if !ok {
		return Intent{}, false
	}
	return Intent{Kind: "check", Ability: sk.ability, Skill: sk.id, Difficulty: "medium"}, true
}

// shove reads "shove goblin 1", "knock the goblin prone", "trip the orc",
// "push goblin 1 back": a creature present. A push away is the shove's
// push; anything else knocks prone. Words that name no creature present
// ("push the cart") are not a shove.
func (p *parser) shove(verb string, ws []string) (Intent, bool) {
	choice := ""
	for len(ws) > 1 {
		last := ws[len(ws)-1]
		if last == "prone" || last == "down" || last == "over" {
			choice = "prone"
		} else if last == "away" || last == "back" {
			choice = "push"
		} else {
			break
		}
		ws = ws[:len(ws)-1]
	}
	if verb == "push" && choice == "" {
		choice = "push"
	}
	if choice == "prone" {
		choice = ""
	}
	if id, o := p.one(ws, p.targets(), false); o == resolved {
		return Intent{Kind: "shove", TargetID: id, Choice: choice}, true
	}
	return Intent{}, false
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
	"thats turn", "thats it for me", "thats all for me", "done for turn", "done this turn", "end turn there")

// rest reads "take a short rest", "long rest", "we begin a long rest here".
func rest(ws []string) (Intent, bool) {
	for i := 0; i+1 < len(ws); i++ {
		if ws[i+1] != "rest" || (ws[i] != "short" && ws[i] != "long") {
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
		return Intent{Kind: "rest", Rest: ws[i]}, true
	}
	return Intent{}, false
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
	"intelligence": "int", "int": "int", "wisdom": "wis", "wis": "wis", "charisma": "cha", "cha": "cha",
}

// check reads an ability check: "make a perception check", "roll
// athletics", "roll for stealth", "dexterity (acrobatics) check", "check
// perception", "strength check". Saving throws and initiative are not
// checks and are declined. Skill ids are the srd's ("sleight-of-hand").
func check(ws []string) (Intent, bool) {
	i, lead := 0, false
	if i < len(ws) && (ws[i] == "roll" || ws[i] == "check") {
		i, lead = i+1, true
	}
	if i < len(ws) && ws[i] == "for" {
		i++
	}
	var in Intent
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
	if i < len(ws) && i > 0 && (lead || tail) && checkAbout[ws[i]] {
		i = len(ws) // "insight check on the innkeeper": whom or what for is the narrator's
	}
	if i != len(ws) || (in.Skill == "" && in.Ability == "") || (!lead && !tail) {
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
	}
	return skill{}, 0
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

var attackPreps = set("at", "against", "on", "with", "using")

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
		case "at", "against", "on":
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
	if len(weapon) == 1 && ammo[weapon[0]] {
		weapon = nil // "shoot an arrow at orc 2" names no weapon
	}
	tid, o := p.one(target, p.targets(), false)
	if o != resolved {
		return Intent{}, false
	}
	in := Intent{Kind: "attack", TargetID: tid}
	if weapon == nil {
		return in, true
	}
	switch wid, o := p.one(weapon, p.weapons(), false); o {
	case resolved:
		in.Weapon = wid
		return in, true
	case ambiguous:
		return Intent{}, false
	}
	if sid, o := p.one(weapon, p.spells(), false); o == resolved {
		return Intent{Kind: "cast", Spell: sid, TargetIDs: []string{tid}}, true
	}
	return Intent{}, false
}

var (
	targetPreps = set("at", "on", "upon", "onto", "against", "targeting", "toward", "towards", "into")
	castStops   = set("at", "on", "upon", "onto", "against", "targeting", "toward", "towards", "into", "spell", "cantrip")
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
		return Intent{}, false
	}
	in.TargetIDs = ids
	return in, true
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
	levelPreps = set("at", "using", "with", "as", "in")
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
		return 0, ws, true
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
	return Intent{}, false
}

var useStops = set("on", "to", "at")

// use reads "drink my potion of healing", "use the healer's kit on Bram",
// and, for "use", a spell ("use fire bolt on the goblin") or a weapon ("use
// my longsword to attack the goblin").
func (p *parser) use(verb string, ws []string) (Intent, bool) {
	hits, rest := takeName(ws, p.items(), useStops)
	switch {
	case len(hits) == 1:
		in := Intent{Kind: "use_item", Item: p.items()[hits[0]].id}
		if spell := p.itemSpell(in.Item); spell != "" && verb == "use" {
			// "use my wand of magic missiles on goblin 2" casts what it holds
			cast := Intent{Kind: "cast", Spell: spell, With: []string{in.Item}}
			if len(rest) == 0 {
				return cast, true
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
		return Intent{}, false
	case len(hits) > 1 || verb != "use":
		return Intent{}, false
	}
	for i := 0; i+1 < len(ws); i++ {
		if ws[i] == "to" && verbOf[ws[i+1]] == vAttack {
			wid, o := p.one(ws[:i], p.weapons(), false)
			if o != resolved {
				return Intent{}, false
			}
			in, ok := p.attack(ws[i+2:])
			if !ok || in.Kind != "attack" || in.Weapon != "" {
				return Intent{}, false
			}
			in.Weapon = wid
			return in, true
		}
	}
	return p.cast(ws)
}

var helpStops = set("with", "to", "against", "on", "in", "by", "attack", "attacking", "fight", "fighting")

// help reads "help", "help Bram", "help Bram with the lock", "help Bram
// attack the goblin". The Help action's target is the creature helped; what
// with is the narrator's to tell.
func (p *parser) help(ws []string) (Intent, bool) {
	if len(ws) > 0 && ws[0] == "out" {
		ws = ws[1:]
	}
	if len(ws) == 0 {
		return Intent{Kind: "help"}, true
	}
	hits, _ := takeName(ws, p.targets(), helpStops)
	if len(hits) != 1 {
		return Intent{}, false
	}
	return Intent{Kind: "help", TargetID: p.targets()[hits[0]].id}, true
}

const quoteChars = "\"“”„«»"

var sayVerbs = set("say", "says", "shout", "shouts", "yell", "yells", "whisper", "whispers",
	"mutter", "mutters", "exclaim", "exclaims", "reply", "replies", "ask", "asks", "tell",
	"tells", "call", "calls", "cry", "cries", "scream", "screams", "sing", "sings",
	"announce", "announces", "declare", "declares", "answer", "answers", "speak", "speaks")

// quoted reads speech in double quotes: `I say "hello"`, `"Hello," I say.`,
// `I tell the innkeeper "two rooms, please"`. The words outside the quotes
// must be nothing or a speech verb with its addressee; one quoted passage
// only.
func quoted(text string) (Intent, bool) {
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
	if strings.ContainsAny(after, quoteChars) || !speechFrame(text[:open]) || !speechFrame(after) {
		return Intent{}, false
	}
	// `"Hello," I say.`: the comma belongs to the sentence around the quote.
	speech = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(speech), ","))
	if speech == "" {
		return Intent{}, false
	}
	return Intent{Kind: "say", Text: speech}, true
}

// speechFrame reports whether the words around a quotation only say that
// it is spoken: nothing, or lead words and a speech verb followed by anything
// (an addressee, "quietly").
func speechFrame(s string) bool {
	var ws []string
	for _, t := range tokenize(s) {
		ws = append(ws, t.w)
	}
	i := skipLead(ws, 0)
	return i == len(ws) || sayVerbs[ws[i]]
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
var featureLead = set("use", "activate", "invoke", "my", "channel", "divinity", "to", "a", "the", "into", "enter", "fly", "go", "going")

// featureStops end a feature's name: what follows names its target, its
// choice or a next action.
var featureStops = set("on", "upon", "at", "to", "for", "as", "and", "then", ",", "into")

// feature reads words naming a class feature or racial trait ("rage",
// "lay on hands on Bram", "step of the wind to dash", "wild shape into a
// wolf"): its target (a creature present) or its choice (one word, or a
// name the rules check) may follow. rest is what follows "and" or
// "then" after it, for a next action; a feature alone leaves it empty.
func (p *parser) feature(ws []string) (in Intent, rest []string, ok bool) {
	i := 0
	for i < len(ws)-1 && featureLead[ws[i]] {
		i++
	}
	if !p.mayNameFeature(ws[i]) {
		return Intent{}, nil, false // most words name none: no list to build
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
	if len(after) == 0 {
		return in, rest, true
	}
	switch {
	case targetPreps[after[0]] && after[0] != "into":
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
	if !ok || len(rest) == 0 {
		return Intent{}, nil, false
	}
	for _, r := range p.ctx.Features {
		if r.ID == in.Feature && r.Quick {
			return in, rest, true
		}
	}
	return Intent{}, nil, false
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
	if len(text) > 4*MaxActionRunes || !utf8.ValidString(text) || strings.ContainsAny(text, quoteChars) {
		return ""
	}
	toks := tokenize(text)
	ws := make([]string, len(toks))
	for i, t := range toks {
		ws[i] = t.w
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
// rests.
func notSpeech(ws []string) bool {
	return len(ws) > 1 && ((ws[0] == "tell" && (ws[1] == "if" || ws[1] == "whether")) || (ws[0] == "call" && ws[1] == "it"))
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
	ws := make([]string, 0, 3)
	for _, t := range toks[:min(len(toks), 4)] {
		ws = append(ws, t.w)
	}
	if rest, ok := p.withoutActor(ws); ok && len(rest) > 0 {
		return rest[0]
	}
	return ws[0]
}

// Actions names the actions of words that ask for more than one ("I
// drink my potion and attack goblin 2": "use item", "attack"), each
// part read alone as Parse reads it; fewer than two when they do not.
// Such words are refused in words (Unread says why), so no model need
// read them.
func Actions(text string, ctx Context) []string {
	if len(text) > 4*MaxActionRunes || !utf8.ValidString(text) || strings.ContainsAny(text, quoteChars) {
		return nil
	}
	toks := tokenize(text)
	ws := make([]string, len(toks))
	for i, t := range toks {
		ws[i] = t.w
	}
	return actionsIn(ws, ctx)
}

// actionsIn reads each part of words joined by "and", "then", a comma or
// a sentence's end alone, and names the actions of those Parse reads.
// Speech is no action, and neither is a check: "I push open the door and
// look around" tells a scene, and the narrator tells it.
func actionsIn(ws []string, ctx Context) []string {
	var kinds []string
	start := 0
	for i := 0; i <= len(ws); i++ {
		if i < len(ws) && ws[i] != "and" && ws[i] != "then" && ws[i] != "," && ws[i] != "." {
			continue
		}
		if i > start {
			if in, ok := Parse(strings.Join(ws[start:i], " "), ctx); ok && in.Kind != "say" && in.Kind != "check" {
				kinds = append(kinds, strings.ReplaceAll(in.Kind, "_", " "))
			}
		}
		start = i + 1
	}
	return kinds
}
