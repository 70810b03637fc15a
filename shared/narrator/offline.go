package narrator

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"
	"unicode"

	"chronicler/shared/campaign"
)

// Offline narrates without a model: plain, deterministic prose built from
// the action, the rules result and the scene. The same request always gives
// the same text, so tests and replays are exact.
type Offline struct {
	// Pace is a pause between sentences, so that on one machine narration
	// streams as a model's would. Zero streams at once.
	Pace time.Duration
}

// Name implements Narrator.
func (Offline) Name() string { return "offline" }

// Narrate implements Narrator. It emits the text a sentence at a time, as a
// model would stream it.
func (o Offline) Narrate(ctx context.Context, req Request, emit func(string) error) (Narration, error) {
	sentences := Tell(req)
	var b strings.Builder
	for i, s := range sentences {
		if i > 0 {
			s = " " + s
		}
		if i > 0 && o.Pace > 0 {
			select {
			case <-ctx.Done():
				return Narration{}, ctx.Err()
			case <-time.After(o.Pace):
			}
		}
		if err := ctx.Err(); err != nil {
			return Narration{}, err
		}
		if err := emit(s); err != nil {
			return Narration{}, err
		}
		b.WriteString(s)
	}
	return Narration{Text: b.String(), Suggestions: NextActions(req)}, nil
}

// Tell is the offline narration of a turn, sentence by sentence: a
// player's remark to the table answered out of character; otherwise, now
// and then, the place (always a place just reached), then the rules result
// in words (or, with none, the action in the third person), then, when
// there is one, whose turn comes next or how someone present reacts.
//
// With req.Told, the turn was begun by another narrator and the table
// has seen it: the narration goes on from there, without an opening, and
// leaves out what the told text already says (see toldOf). It may then
// be empty.
func Tell(req Request) []string {
	v := newVoice(req)
	told := strings.TrimSpace(req.Told)
	if req.OutOfCharacter {
		if told != "" {
			return nil
		}
		return []string{v.ooc()}
	}
	body := v.tell(told)
	if len(body) == 0 && told == "" { // a turn begun was begun with its action
		if a := v.act(); a != "" {
			body = []string{a}
		}
	}
	var out []string
	if told != "" {
		// Going on: no opening, no lead.
	} else if o := v.opening(); o != "" {
		out = append(out, o)
	} else if len(body) > 0 {
		body[0] = v.lead(body[0])
	}
	out = append(out, body...)
	if c := v.closing(); c != "" && !saidIn(told, c) {
		out = append(out, c)
	}
	if len(out) == 0 && told == "" {
		out = []string{"The moment passes."}
	}
	return out
}

// plainAction turns a player's free text into a third-person clause that
// follows the actor's name: "I search the room" becomes "searches the
// room", a quoted line becomes speech, anything else is reported as tried.
// It does not pretend to understand grammar beyond that.
func plainAction(text string) string {
	t := strings.Join(strings.Fields(text), " ")
	t = strings.TrimRight(t, ".!? ")
	switch {
	case t == "":
		return "waits"
	case strings.HasPrefix(t, `"`) || strings.HasPrefix(t, "“"):
		// A line of speech, and what the player says of it: `"Who
		// keeps this inn?" I ask the room.`
		quote, rest := t, ""
		if end := strings.IndexAny(t[1:], `"”`); end >= 0 {
			n := 1 + end + len(string([]rune(t[1+end:])[:1]))
			quote, rest = t[:n], strings.TrimSpace(strings.TrimLeft(t[n:], ",.;: "))
		}
		if strings.HasPrefix(rest, "I ") {
			return plainAction(rest) + ", " + quote
		}
		return "says, " + quote
	case strings.HasPrefix(t, "I "):
		words := strings.SplitN(t[2:], " ", 2)
		verb, rest := words[0], ""
		if len(words) == 2 {
			rest = " " + andVerbs(thirdPersonObjects(words[1]))
		}
		return thirdPerson(verb) + rest
	case strings.HasPrefix(t, "I'm ") || strings.HasPrefix(t, "I’m "):
		return "is " + thirdPersonObjects(t[strings.Index(t, " ")+1:])
	}
	if w, rest, _ := strings.Cut(t, " "); isWord(w) {
		// An order to the character: "look for traps".
		if rest != "" {
			rest = " " + thirdPersonObjects(rest)
		}
		return thirdPerson(w) + rest
	}
	return `acts: "` + strings.ReplaceAll(t, `"`, "'") + `"`
}

// isWord reports whether w is a lower-case word, as a verb opening an
// order is.
func isWord(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if !unicode.IsLower(r) {
			return false
		}
	}
	return true
}

// joined are common verbs a first-person action joins with "and": "I
// sit by the fire and wait" is "sits by the fire and waits".
var joined = map[string]bool{"wait": true, "watch": true, "listen": true, "look": true, "run": true, "move": true, "go": true,
	"take": true, "head": true, "try": true, "hide": true, "search": true, "sit": true, "stand": true, "draw": true, "step": true,
	"walk": true, "call": true, "shout": true, "ask": true, "say": true, "keep": true, "leave": true, "grab": true, "open": true}

// andVerbs conjugates the verbs joined to the first with "and".
func andVerbs(s string) string {
	words := strings.Split(s, " ")
	for i := 1; i < len(words); i++ {
		core := strings.TrimRight(words[i], ",;:.")
		if words[i-1] == "and" && joined[core] {
			words[i] = thirdPerson(core) + words[i][len(core):]
		}
	}
	return strings.Join(words, " ")
}

// irregular are the verbs whose third person is not a suffix.
var irregular = map[string]string{"am": "is", "have": "has", "do": "does", "go": "goes", "can": "can", "will": "will", "must": "must", "may": "may", "might": "might", "should": "should", "would": "would", "could": "could"}

// thirdPerson conjugates a present-tense verb: "search" -> "searches".
func thirdPerson(verb string) string {
	lower := strings.ToLower(verb)
	if v, ok := irregular[lower]; ok {
		return v
	}
	switch {
	case strings.HasSuffix(lower, "s"), strings.HasSuffix(lower, "sh"), strings.HasSuffix(lower, "ch"),
		strings.HasSuffix(lower, "x"), strings.HasSuffix(lower, "z"), strings.HasSuffix(lower, "o"):
		return verb + "es"
	case len(lower) > 1 && strings.HasSuffix(lower, "y") && !strings.ContainsAny(lower[len(lower)-2:len(lower)-1], "aeiou"):
		return verb[:len(verb)-1] + "ies"
	}
	return verb + "s"
}

// thirdPersonObjects swaps the speaker's own words: "my" -> "their", ...
func thirdPersonObjects(s string) string {
	words := strings.Split(s, " ")
	for i, w := range words {
		core := strings.TrimRight(w, ",;:")
		tail := w[len(core):]
		switch core {
		case "my":
			core = "their"
		case "me":
			core = "them"
		case "myself":
			core = "themself"
		case "mine":
			core = "theirs"
		case "I":
			core = "they"
		}
		words[i] = core + tail
	}
	return strings.Join(words, " ")
}

// sentence ends a clause with a full stop, unless it ends with a quote
// that carries its own punctuation.
func sentence(s string) string {
	if strings.HasSuffix(s, `"`) || strings.HasSuffix(s, "”") {
		return s
	}
	return s + "."
}

// maxSummary bounds the offline rolling summary.
const maxSummary = 1200

// Summarize implements Narrator: it appends one line per turn and keeps the
// most recent lines that fit. It costs nothing: Model and Usage are empty.
func (o Offline) Summarize(ctx context.Context, req SummaryRequest) (Summarized, error) {
	text, err := o.summary(ctx, req)
	return Summarized{Text: text}, err
}

func (Offline) summary(ctx context.Context, req SummaryRequest) (string, error) {
	lines := []string{}
	if req.Previous != "" {
		lines = strings.Split(req.Previous, "\n")
	}
	for _, t := range req.Turns {
		lines = append(lines, fmt.Sprintf("Turn %d: %s", t.Sequence, record(t)))
	}
	for len(lines) > 1 && len(strings.Join(lines, "\n")) > maxSummary {
		lines = lines[1:]
	}
	return strings.Join(lines, "\n"), ctx.Err()
}

// record is a turn in one sentence for the offline summary: the first
// sentence of its rules result without its figures, else the action.
func record(t campaign.Turn) string {
	if ss := ruleSentences(t.RulesResult); len(ss) > 0 {
		if s := strings.TrimSpace(parenNum.ReplaceAllString(ss[0], "")); s != "" {
			return capFirst(strings.TrimRight(s, ".") + ".")
		}
	}
	return sentence(t.ActorName + " " + plainAction(t.Action))
}

var _ Definer = Offline{}

// Define implements Definer without a model: each term is defined by what
// the sentence it appeared in says of it, deterministically. An
// apposition ("the Hollow Crown, a circlet of black iron") or a copula
// ("the Hollow Crown is a circlet of black iron") gives the definition;
// a naming cue ("a circlet of black iron called the Hollow Crown") gives
// the thing named; otherwise the sentence itself, shortened, stands as
// the definition. It never fails.
func (Offline) Define(ctx context.Context, req DefineRequest) (Defined, error) {
	out := Defined{Definitions: map[string]string{}}
	for _, t := range req.Terms {
		if d := DefineFromSentence(t.Term, t.Sentence); d != "" {
			out.Definitions[t.Term] = d
		}
	}
	return out, ctx.Err()
}

// defineWords bounds an offline definition.
const defineWords = 10

var (
	articlePhrase = `\b((?:a|an|the|one|some)\s+[^,.;:!?"“”()]+)`
	nameCue       = `(?:called|named|known as|dubbed)`
)

// DefineFromSentence is the offline definition of term from the sentence
// it appeared in; "" when either is empty.
func DefineFromSentence(term, sentence string) string {
	term, sentence = oneLine(term), oneLine(sentence)
	if term == "" || sentence == "" {
		return ""
	}
	q := regexp.QuoteMeta(term)
	for _, re := range []*regexp.Regexp{
		regexp.MustCompile(`(?i)` + q + `["”']?\s*,\s+` + articlePhrase),
		regexp.MustCompile(`(?i)` + q + `["”']?\s+(?:is|was|are|were)\s+` + articlePhrase),
		regexp.MustCompile(`(?i)` + articlePhrase + `\s+` + nameCue + `\s+(?:the\s+)?["“]?` + q),
	} {
		if m := re.FindStringSubmatch(sentence); m != nil {
			if d := firstWords(strings.TrimSpace(m[1]), defineWords); d != "" {
				return d
			}
		}
	}
	return "as in: " + firstWords(strings.TrimRight(sentence, ".!?\"”' "), 14)
}

// firstWords is s cut to n words, marked when cut.
func firstWords(s string, n int) string {
	ws := strings.Fields(s)
	if len(ws) <= n {
		return strings.Join(ws, " ")
	}
	return strings.Join(ws[:n], " ") + "..."
}

// ThirdPerson retells a player's own words about their character in the
// third person: "I promise to return" by Mira is "Mira promises to
// return."; "We decide to go north" is "The party decides to go north.".
// Words not in the first person are returned as a sentence.
func ThirdPerson(name, text string) string {
	t := strings.Join(strings.Fields(text), " ")
	switch {
	case strings.HasPrefix(t, "I "), strings.HasPrefix(t, "I'm "), strings.HasPrefix(t, "I’m "):
		return sentence(plain(name) + " " + plainAction(t))
	case strings.HasPrefix(t, "We "), strings.HasPrefix(t, "we "):
		return sentence("The party " + plainAction("I "+t[3:]))
	}
	return sentence(capFirst(strings.TrimRight(t, ".")))
}

// Moment is a key moment of a session, told for a recap.
type Moment struct {
	Turn int
	Text string
}

// KeyMoments are the engine's rulings in turns that a recap tells, in
// words: who fell unconscious or was saved, where the party went, how a
// fight ended. Deaths are the canon's to tell (memory's Moments).
func KeyMoments(turns []campaign.Turn) []Moment {
	var out []Moment
	var slain []string // numbered foes, which the canon does not name
	slainAt := 0
	for _, t := range turns {
		for _, m := range slainRe.FindAllStringSubmatch(t.RulesResult, -1) {
			if len(slain) == 0 {
				slainAt = len(out)
				out = append(out, Moment{Turn: t.Sequence})
			}
			slain = append(slain, m[1])
		}
		v := newVoice(Request{TurnID: t.ID})
		for _, s := range ruleSentences(t.RulesResult) {
			for _, c := range strings.Split(s, "; ") {
				c = strings.TrimSpace(c)
				switch {
				case downKORe.MatchString(c), moveRe.MatchString(c), strings.HasPrefix(c, "The fight is "),
					strings.Contains(c, "is stable"), strings.Contains(c, "stabilizes"), strings.Contains(c, "wakes"):
					if told := v.sentence(c); told != "" {
						out = append(out, Moment{Turn: t.Sequence, Text: told})
					}
				}
			}
		}
	}
	if len(slain) > 0 {
		list := strings.Join(slain, ", ")
		if n := len(slain); n > 1 {
			list = strings.Join(slain[:n-1], ", ") + " and " + slain[n-1]
		}
		out[slainAt].Text = list + " fell in the fighting."
	}
	return out
}

// slainRe finds a numbered foe's death in a rules result: "Goblin 2
// drops to 0 HP and dies".
var slainRe = regexp.MustCompile(`(\p{Lu}[\p{L} ]*? \d+) drops to 0 HP and dies`)
