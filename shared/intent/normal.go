package intent

import (
	"slices"
	"strings"
)

// Players write the same action many ways: "Aria swings", "I swung",
// "swinging", "atack". normalize brings the words before the verb's object
// to one form, so the readers after it see "swing", "attack": the actor's
// name is a lead word like "I", the verb loses its tense and person, a
// phrase of several words becomes its one-word verb, and a verb typed
// with one letter wrong is the verb it misses. It changes only the head of
// the words (and a few fillers at their end); the names that follow are
// matched by find, which has its own tolerance.

// trailing words say how, not what: "long rest pls", "attack goblin 1
// again".
var trailing = set("pls", "plz", "please", "again", "already", "now", "quickly", "too", "thanks", "thx", "lol", "lmao", "haha", "xd")

// irregular verbs' other forms, and the shorthand players type.
var irregular = map[string]string{
	"struck": "strike", "shot": "shoot", "swung": "swing", "threw": "throw", "thrown": "throw",
	"went": "go", "gone": "go", "ran": "run", "drank": "drink", "drunk": "drink", "gave": "give", "given": "give",
	"hid": "hide", "hidden": "hide", "took": "take", "taken": "take", "slept": "sleep", "rode": "ride",
	"fled": "flee", "fought": "fight", "made": "make", "left": "leave",
	"upcast": "cast", "atk": "attack", "att": "attack",
	"chug": "drink", "chugs": "drink", "swig": "drink", "gulp": "drink", "sip": "drink",
	"downs": "drink", "downed": "drink", "pop": "use", "pops": "use", "popped": "use", "mv": "move",
	"drew": "draw", "drawn": "draw", "cuts": "cut", "cutting": "cut", "bit": "bite", "stabilise": "stabilize",
	"hits": "hit", "hitting": "hit", "sets": "set", "puts": "put", "putting": "put",
	"glug": "drink", "popping": "use", "casted": "cast",
	"uses": "use", "used": "use", // not "us", a lead word, with -es or -ed
}

// phrases of several words that are one verb: the words and what they
// become. Longer phrases come first where one begins another.
var phrases = []struct{ from, to []string }{
	{strings.Fields("take a swing"), []string{"swing"}},
	{strings.Fields("take swing"), []string{"swing"}},
	{strings.Fields("take a shot"), []string{"shoot"}},
	{strings.Fields("take shot"), []string{"shoot"}},
	{strings.Fields("take a stab"), []string{"stab"}},
	{strings.Fields("take stab"), []string{"stab"}},
	{strings.Fields("make way"), []string{"go"}},
	{strings.Fields("way"), []string{"go"}}, // "make my way over to": "make" is a lead word
	{strings.Fields("make our way"), []string{"go"}},
	{strings.Fields("set off"), []string{"go"}},
	{strings.Fields("leave for"), []string{"go"}},        // "leave the cellar" goes elsewhere: only "leave for" says where
	{strings.Fields("break for"), []string{"go", "for"}}, // "make a break for the door" runs there: no strength tried
	{strings.Fields("set out"), []string{"go"}},
	{strings.Fields("check out"), []string{"visit"}},
	{strings.Fields("fall back"), []string{"retreat"}},
	{strings.Fields("pull back"), []string{"retreat"}},
	{strings.Fields("hand over"), []string{"give"}},
	{strings.Fields("pass over"), []string{"give"}},
	{strings.Fields("fire off"), []string{"shoot"}},
	{strings.Fields("let fly"), []string{"shoot"}},
	{strings.Fields("let loose"), []string{"shoot"}},
	{strings.Fields("open fire"), []string{"shoot"}},
	{strings.Fields("take potshot"), []string{"shoot"}},
	{strings.Fields("go after"), []string{"attack"}},
	{strings.Fields("finish off"), []string{"attack"}},
	{strings.Fields("take out"), []string{"attack"}},
	{strings.Fields("lay into"), []string{"attack"}},
	{strings.Fields("double move"), []string{"dash"}},
	{strings.Fields("go full defensive"), []string{"dodge"}},
	{strings.Fields("go defensive"), []string{"dodge"}},
	{strings.Fields("full defensive"), []string{"dodge"}},
	{strings.Fields("full defense"), []string{"dodge"}},
	{strings.Fields("total defense"), []string{"dodge"}},
	{strings.Fields("defend myself"), []string{"dodge"}},
	{strings.Fields("shoulder check"), []string{"shove"}},
	{strings.Fields("shoulder charge"), []string{"shove"}},
	{strings.Fields("shoulder barge"), []string{"shove"}},
	{strings.Fields("body check"), []string{"shove"}},
	{strings.Fields("wriggle free"), []string{"escape"}},
	{strings.Fields("slip free"), []string{"escape"}},
	{strings.Fields("struggle free"), []string{"escape"}},
	{strings.Fields("pull free"), []string{"escape"}},
	{strings.Fields("twist free"), []string{"escape"}},
	{strings.Fields("squirm free"), []string{"escape"}},
	{strings.Fields("wrench free"), []string{"escape"}},
	{strings.Fields("get free"), []string{"escape"}},
	{strings.Fields("break free"), []string{"escape"}},
	{strings.Fields("break out"), []string{"escape"}},
	{strings.Fields("patch up"), []string{"heal"}},
	{strings.Fields("call down"), []string{"cast"}},
	{strings.Fields("spark up"), []string{"light"}},
	{strings.Fields("light up"), []string{"light"}},
	{strings.Fields("get to"), []string{"go", "to"}},
	{strings.Fields("get into"), []string{"go", "into"}},
	{strings.Fields("focus on defense"), []string{"dodge"}},
	{strings.Fields("focus on defending"), []string{"dodge"}},
	{strings.Fields("focus on dodging"), []string{"dodge"}},
	{strings.Fields("tend to"), []string{"heal"}},
	{strings.Fields("full dodge"), []string{"dodge"}},
	{strings.Fields("sweet talk"), []string{"persuade"}},
	{strings.Fields("smooth talk"), []string{"persuade"}},
	{strings.Fields("suit up in"), []string{"don"}},
}

// lemma is a known verb that w is a form of ("swings", "swinging",
// "stabbed", "dodges", "struck"), or w itself. known says which words are
// verbs.
func lemma(w string, known func(string) bool) string {
	if v, ok := irregular[w]; ok {
		return v
	}
	if known(w) {
		return w
	}
	try := func(stem string) (string, bool) {
		for _, s := range []string{stem, stem + "e"} {
			if len(s) >= 2 && known(s) {
				return s, true
			}
		}
		// a doubled last letter: "stabbed", "stabbing"
		if n := len(stem); n >= 3 && stem[n-1] == stem[n-2] && known(stem[:n-1]) {
			return stem[:n-1], true
		}
		return "", false
	}
	for _, suf := range []string{"ing", "ed", "es", "s", "d"} {
		if stem, ok := strings.CutSuffix(w, suf); ok {
			if v, ok := try(stem); ok {
				return v
			}
		}
	}
	if strings.HasSuffix(w, "ies") {
		if v, ok := try(w[:len(w)-3] + "y"); ok {
			return v
		}
	}
	return w
}

// typoVerbs are the verbs a misspelt head word may be taken for: the
// verbs of action and of the longer tasks, long enough that one letter wrong still says which
// ("atack", "drnk"; not "dash" for "bash").
var typoVerbs = func() []string {
	var vs []string
	for v := range verbOf {
		if len(v) >= 5 {
			vs = append(vs, v)
		}
	}
	for v := range taskVerbs {
		if len(v) >= 7 && !slices.Contains(vs, v) {
			vs = append(vs, v) // "investagate", "intimdate": long enough to say which
		}
	}
	slices.Sort(vs)
	return vs
}()

// typoVerb is the one of typoVerbs that w is typed for.
func typoVerb(w string) (string, bool) {
	if len(w) < 4 || knownWord(w) {
		return "", false
	}
	found := ""
	for _, v := range typoVerbs {
		if within1(w, v) {
			if found != "" && found != v {
				return "", false
			}
			found = v
		}
	}
	return found, found != ""
}

// knownWord reports whether w means something already to some reader: a
// misspelling is only looked for in a word that means nothing.
func knownWord(w string) bool {
	if verbs[w] || leadWords[w] || sayVerbs[w] || structural[w] || dropped[w] || trailing[w] || restCues[w] || giveVerbs[w] {
		return true
	}
	_, task := taskVerbs[w]
	_, irr := irregular[w]
	return task || irr
}

// isVerb reports whether some reader takes w as its verb.
func isVerb(w string) bool {
	if verbs[w] || sayVerbs[w] || giveVerbs[w] || restCues[w] || leadWords[w] || healVerbs[w] || bladeVerbs[w] || w == "hide" || w == "take" || w == "put" || w == "escape" || w == "pour" || w == "draw" {
		return true
	}
	_, task := taskVerbs[w]
	return task
}

// within1 reports whether a and b differ by at most one edit: a letter
// added, dropped, changed, or two neighbours swapped.
func within1(a, b string) bool {
	if a == b {
		return true
	}
	la, lb := len(a), len(b)
	if la > lb {
		a, b, la, lb = b, a, lb, la
	}
	if lb-la > 1 {
		return false
	}
	i := 0
	for i < la && a[i] == b[i] {
		i++
	}
	if la == lb {
		if a[i+1:] == b[i+1:] {
			return true
		}
		return i+1 < la && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	}
	return a[i:] == b[i+1:]
}

// head brings the words' head to its one form: the phrase or verb it is,
// lead words after it skipped ("Aria makes a perception check" is "perception
// check").
func head(ws []string, typos bool) []string {
	for range 3 { // a phrase may give a lead word, a lead word a verb
		ws = phrased(ws)
		if len(ws) == 0 {
			return ws
		}
		v := lemma(ws[0], isVerb)
		if v == ws[0] && typos {
			if t, ok := typoVerb(ws[0]); ok {
				v = t
			}
		}
		if v != ws[0] {
			ws = phrased(append([]string{v}, ws[1:]...)) // "finishes off": the phrase of the verb made plain
		}
		i := skipLead(ws, 0)
		if i == 0 {
			return ws
		}
		ws = ws[i:]
	}
	return ws
}

// phrased is ws with the phrase it opens with made its verb.
func phrased(ws []string) []string {
	for _, ph := range phrases {
		if wordsAt(ws, 0, ph.from) {
			return append(append([]string{}, ph.to...), ws[len(ph.from):]...)
		}
	}
	return ws
}

// withoutActor drops the actor's name where it opens the words ("Aria
// swings at goblin 2"), and says whether it did.
func (p *parser) withoutActor(ws []string) ([]string, bool) {
	if p.ctx.ActorName == "" {
		return ws, false
	}
	if !p.actorDone {
		p.actor, p.actorDone = words(p.ctx.ActorName), true
	}
	name := p.actor
	if len(name) == 0 || len(ws) <= len(name) || !equalWords(ws[:len(name)], name) {
		// a first name alone: "Aria" for "Aria Swiftwind"
		if len(name) > 1 && len(ws) > 1 && ws[0] == name[0] {
			return ws[1:], true
		}
		return ws, false
	}
	return ws[len(name):], true
}

// nicknames are what players call a kind of creature: "gobbo 1".
var nicknames = map[string]string{"gobbo": "goblin", "gobbos": "goblins", "gobo": "goblin", "gobos": "goblins",
	"skelly": "skeleton", "skellies": "skeletons", "hobgob": "hobgoblin", "hobgobs": "hobgoblins"}

// rewrites are the phrases rewrite spells out, and what each becomes.
var rewrites = []struct{ from, to []string }{
	{strings.Fields("right on top of"), []string{"on"}}, {strings.Fields("on top of"), []string{"on"}},
	{strings.Fields("right between"), []string{"between"}}, {strings.Fields("right at"), []string{"at"}}, {strings.Fields("straight at"), []string{"at"}},
	{strings.Fields("straight for"), []string{"at"}}, {strings.Fields("right into"), []string{"into"}},
	{strings.Fields("in direction of"), []string{"toward"}}, {strings.Fields("over to"), []string{"to"}},
	{strings.Fields("down to"), []string{"to"}}, {strings.Fields("up to"), []string{"to"}},
	// "can I make it to the cellar?", "swing by the square": going there
	{strings.Fields("make it to"), []string{"go", "to"}}, {strings.Fields("make it into"), []string{"go", "into"}},
	{strings.Fields("swing by"), []string{"go", "to"}},
	// how the weapon is held: the attack's choice (armed), no name of a thing
	{strings.Fields("with both hands"), nil}, {strings.Fields("with two hands"), nil}, {strings.Fields("in both hands"), nil},
	{strings.Fields("two handed"), nil}, {strings.Fields("two hands"), nil}, {strings.Fields("2 handed"), nil}, {strings.Fields("2 hands"), nil}, {strings.Fields("with 2 hands"), nil},
	// "let fly at the chief", "lets it fly at orc 2": a shot
	{strings.Fields("let it fly"), []string{"shoot"}}, {strings.Fields("lets it fly"), []string{"shoot"}},
	{strings.Fields("let fly"), []string{"shoot"}}, {strings.Fields("lets fly"), []string{"shoot"}},
	// a sneak attack is an attack whose extra damage the rules add, no Stealth check
	{strings.Fields("sneak attack"), []string{"attack"}}, {strings.Fields("sneak attacks"), []string{"attack"}},
	// "for an hour or so": about that long, no choice
	{strings.Fields("or so"), nil},
}

// chatWords are the spellings of chat for words the readers know: "b4",
// "till", "em", and "pew" (said once or twice) for a shot.
var chatWords = map[string]string{"b4": "before", "till": "until", "til": "until", "em": "them", "pew": "shoot",
	"vs": "versus", "thru": "through", "tho": "though", "cuz": "because", "bc": "because", "rn": "now"}

// rewrite spells out, anywhere in the words, what a reader would
// otherwise have to know several ways: "right on top of the goblins" is
// "on the goblins", "straight at" is "at", "gobbo" is "goblin", and "2"
// after a verb of moving is "to" ("go 2 the crossroads"), "orc number 2"
// is "orc 2", "lvl" is "level", chat's spellings are words (chatWords),
// and a word said twice over is said once
// ("stab stab stab goblin 1").
func rewrite(ws []string) []string {
	for _, r := range rewrites {
		for i := 0; i+len(r.from) <= len(ws); i++ {
			if wordsAt(ws, i, r.from) {
				ws = append(append(append([]string{}, ws[:i]...), r.to...), ws[i+len(r.from):]...)
			}
		}
	}
	out := make([]string, 0, len(ws))
	for i, w := range ws {
		switch {
		case (w == "number" || w == "num" || w == "no") && i+1 < len(ws) && isNumber(ws[i+1]) && i > 0:
			continue // "orc number 2" is "orc 2"
		case i > 0 && w == ws[i-1] && !isNumber(w) && w != "," && w != ".":
			continue // "stab stab stab goblin 1", "glug glug"
		case (isNumber(w) || w == "both" || w == "all") && i+1 < len(ws) && ws[i+1] == "attacks":
			continue // "two attacks on goblin 1": Extra Attack is the rules' to count
		case w == "lvl" || w == "lv":
			w = "level"
		case chatWords[w] != "":
			w = chatWords[w]
		}
		out = append(out, w)
	}
	ws, out = out, make([]string, len(out))
	for i, w := range ws {
		out[i] = w
		if n, ok := nicknames[w]; ok {
			out[i] = n
		}
		if w == "2" && i > 0 && i+1 < len(ws) && !isNumber(ws[i+1]) && verbOf[lemma(ws[i-1], isVerb)] == vMove {
			out[i] = "to"
		}
	}
	return out
}
