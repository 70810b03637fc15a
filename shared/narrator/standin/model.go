package standin

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// The structured answers the narrator asks for, by the names its prompt
// gives them (its tests hold the two lists together).
const (
	formIntent = "read_intent"
	formDefine = "define_terms"
	formFold   = "record_fold"
)

// formRE finds the structured answer a prompt asks for, as the narrator
// states it ("Answer with one JSON object (read_intent) ...").
var formRE = regexp.MustCompile(`Answer with one JSON object \(([a-z_]+)\)`)

// continuation is how a narration prompt says part of the narration was
// shown already (narrator.Request.Told).
const continuation = "The players have already been shown the start of this narration:"

// refusal is what the Refuse fault answers.
const refusal = "I can't help with that."

// prompt is a request as the model reads it, whichever API it came by.
type prompt struct {
	api        string
	model      string
	system     []string
	messages   []Message
	tools      []Tool
	toolChoice string
	stream     bool
	maxTokens  int
	// points are Bedrock's cache points in the system content, in order.
	points    []cachePoint
	streamUse bool // OpenAI: stream_options.include_usage
	// jsonMode is OpenAI's response_format json_object: the answer is
	// one JSON object.
	jsonMode bool
}

// form is the structured answer the prompt asks for, "" for prose.
func (p prompt) form() string {
	for _, t := range p.system {
		if m := formRE.FindStringSubmatch(t); m != nil {
			return m[1]
		}
	}
	if m := formRE.FindStringSubmatch(p.user()); m != nil {
		return m[1]
	}
	return ""
}

// prefill is the start of the answer the request wrote for the model
// (Bedrock: a last assistant message), which the model goes on from.
func (p prompt) prefill() string {
	if n := len(p.messages); n > 0 && p.messages[n-1].Role == "assistant" {
		return p.messages[n-1].Text
	}
	return ""
}

// cachePoint is a Bedrock cache point: after the first after system
// text blocks, kept for ttl ("1h"; "" or "5m" for the default five
// minutes).
type cachePoint struct {
	after int
	ttl   string
}

// text is the whole prompt: the system part, then every message.
func (p prompt) text() string {
	parts := slices.Clone(p.system)
	for _, m := range p.messages {
		parts = append(parts, m.Text)
	}
	return strings.Join(parts, "\n\n")
}

// user is the last user message.
func (p prompt) user() string {
	for i := len(p.messages) - 1; i >= 0; i-- {
		if p.messages[i].Role == "user" {
			return p.messages[i].Text
		}
	}
	return ""
}

// reply is the model's answer before an API writes it: its text, and
// whether it is a structured answer (JSON, or what a fault made of it).
type reply struct {
	text string
	json bool
}

// answer is what the model says to p, playing fault where it applies to
// the call. seed varies the wording.
func answer(p prompt, fault Fault, seed uint64, words Words) reply {
	switch fault {
	case Echo:
		return reply{text: p.text()}
	case Refuse:
		return reply{text: refusal}
	}
	if form := p.form(); form != "" {
		return reply{text: structured(form, p, fault), json: true}
	}
	v := variety{seed: seed, text: p.user()}
	user := p.user()
	var sentences []string
	if strings.Contains(user, "The new turns, oldest first:") {
		sentences = []string{summary(user)}
	} else {
		sentences = narrate(user, v, words)
	}
	if fault == Invent {
		sentences = slices.Insert(sentences, min(1, len(sentences)), invented(p.text(), v))
	}
	if fault == Markup {
		sentences = markup(sentences, field(user, "Acting character: "))
	}
	if fault == Cross {
		sentences = slices.Insert(sentences, min(1, len(sentences)), crossing(p.text())...)
	}
	return reply{text: strings.Join(sentences, " ")}
}

// structured is the text of a structured answer: the JSON object, going
// on from the request's prefill as a model does (its own start left
// out). Markup wraps it as a chatty model does (a sentence and a code
// fence before it, a sentence after; after a prefill, the sentence
// after only); Malformed cuts it off half-way.
func structured(form string, p prompt, fault Fault) string {
	obj := string(formArgs(form, p, fault == Invent))
	pre := p.prefill()
	if fault == Malformed {
		obj = obj[:len(obj)/2]
	}
	if fault == Markup {
		if pre == "" {
			obj = "Here is the answer:\n```json\n" + obj + "\n```"
		}
		obj += "\n\nThat is everything the prompt asked for."
	}
	if rest, ok := strings.CutPrefix(obj, pre); ok {
		return rest
	}
	return obj
}

// variety picks wordings, the same for the same seed and prompt.
type variety struct {
	seed uint64
	text string
}

func (v variety) pick(salt string, n int) int {
	h := sha256.New()
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], v.seed)
	h.Write(b[:])
	h.Write([]byte(salt))
	h.Write([]byte(v.text))
	return int(binary.BigEndian.Uint64(h.Sum(nil)[:8]) % uint64(n))
}

// field is the rest of the first line of text that starts with label.
func field(text, label string) string {
	for line := range strings.SplitSeq(text, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), label); ok {
			return strings.TrimSpace(rest)
		}
	}
	return ""
}

// unquote takes the quotation marks off a player's words as the prompt
// gives them.
func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s[1 : len(s)-1]
	}
	return s
}

// narrate tells the current turn of a narration prompt in two to three
// sentences: an opening, the rules result in other words and without its
// numbers, and an invitation; with words set, sentences of the place's
// colour come between them until the narration is as long as words asks.
// An acknowledgement is one or two.
func narrate(user string, v variety, words Words) []string {
	actor := field(user, "Acting character: ")
	if actor == "" {
		actor = "the party"
	}
	place := strings.TrimSuffix(field(user, "Location: "), ".")
	openings := []string{"{actor} wastes no time.", "All eyes turn to {actor}.", "{actor} draws a slow breath and acts."}
	if place != "" {
		openings = append(openings, "In {place}, {actor} makes a move.", "The air of {place} seems to hold still as {actor} acts.")
	}
	closings := []string{"What does {actor} do now?", "The moment is {actor}'s to seize.", "Everyone waits to see what {actor} does next.",
		"The party waits for what comes next."}
	fill := strings.NewReplacer("{actor}", actor, "{place}", place)
	open := capFirst(fill.Replace(openings[v.pick("open", len(openings))]))
	middle := restate(field(user, "Rules result: "), actor, names(user))
	closing := capFirst(fill.Replace(closings[v.pick("close", len(closings))]))
	if strings.Contains(user, "acknowledge it in one or two sentences") || strings.Contains(user, continuation) {
		// A narration asked to go on from what the players were shown
		// needs no new opening.
		return []string{middle, closing}
	}
	body := []string{open, middle}
	if words.Max > 0 {
		body = append(body, colour(user, actor, place, v, words, len(strings.Fields(open+" "+middle+" "+closing)))...)
	}
	return append(body, closing)
}

// Words bounds the length of a narration in words (Config.Words).
type Words struct{ Min, Max int }

// colourLines are sentences a model adds around what the rules decided:
// the place, the weather, the people about. None holds a digit, a hit, a
// miss or a death, so the guard passes them whatever the turn was.
var colourLines = []string{
	"Lamplight pools on the worn flagstones, and the smell of woodsmoke hangs low under the beams.",
	"Somewhere beyond the shutters a cart rattles past, its driver humming an old river song.",
	"A draught carries the faint tang of the marsh through a gap beneath the door.",
	"Shadows gather in the corners where the lamps do not quite reach, and something small scurries along the wall.",
	"The old boards creak underfoot, as if {place} itself were listening.",
	"Far off, a bell tolls once from the direction of the chapel, then falls silent.",
	"{actor} catches the murmur of voices nearby, low and wary, before it fades into the general hum.",
	"Rain needles against the glass while the fire answers with a low, contented crackle.",
	"For a heartbeat nobody moves, and the only sound is the wind worrying at the eaves.",
	"The air is thick with the smells of wet wool, pipe smoke and something sour underneath.",
	"A dog barks twice in the yard and is hushed by a sharp word from someone unseen.",
	"Dust drifts through a shaft of grey light, settling on everything it touches.",
	"{npc} watches from a little way off, arms folded, giving nothing away.",
	"{npc} mutters something under their breath and glances toward the door.",
	"Outside, the mist has thickened until the far side of the lane is only a suggestion.",
	"The floor is slick underfoot, and every step sounds louder than it should.",
	"A cold smell of stone and old water rises from somewhere below.",
	"Someone laughs too loudly across the room, then thinks better of it.",
	"The flame of the nearest candle gutters, leans, and steadies again.",
	"Every face in {place} seems turned just slightly toward {actor}, as if waiting.",
	"The creak of a rope and the slap of water against timber come faintly from the river.",
	"Moths circle the lantern in slow, patient loops.",
	"It is the kind of quiet that makes a careful traveller count the exits.",
	"A gust rattles the shutters hard enough that a few heads turn.",
	// A model names people, things and places as it goes; the memory
	// and the fold have these to keep.
	"A fisherman named Tobin Reed nurses a cup of something dark by the window and pretends not to listen.",
	"An old woman named Hester Vane sells charms of knotted reed from a basket near the door.",
	"Someone has scratched the sign of the Saltmoth Guild into the doorframe, fresh enough that the splinters are pale.",
	"Talk at the bar turns, as it always does, to the Weeping Stair and the lights that walk the causeway at night.",
	"{actor} finds the Tarnished Locket wedged between two boards, its clasp long since broken.",
}

// colour is the sentences of colour that bring a narration of had words
// to a length drawn between words.Min and words.Max, each used once.
func colour(user, actor, place string, v variety, words Words, had int) []string {
	if place == "" {
		place = "the place"
	}
	npc := "A stranger by the wall"
	if present := strings.TrimSuffix(field(user, "Also present: "), "."); present != "" {
		npc, _, _ = strings.Cut(strings.Split(present, ", ")[0], " (")
		npc = capFirst(strings.TrimSpace(npc))
	}
	fill := strings.NewReplacer("{actor}", actor, "{place}", place, "{npc}", npc)
	want := words.Min
	if words.Max > words.Min {
		want += v.pick("length", words.Max-words.Min+1)
	}
	var out []string
	used := map[int]bool{}
	for i := 0; had < want && len(used) < len(colourLines); i++ {
		k := v.pick(fmt.Sprint("colour", i), len(colourLines))
		for used[k] {
			k = (k + 1) % len(colourLines)
		}
		used[k] = true
		line := capFirst(fill.Replace(colourLines[k]))
		if n := len(strings.Fields(line)); had+n > words.Max && had >= words.Min {
			continue
		}
		out = append(out, line)
		had += len(strings.Fields(line))
	}
	return out
}

// names are the creatures the prompt names (the party, the threats, the
// NPCs present), whose names may hold digits ("Goblin 2").
func names(user string) []string {
	var out []string
	inParty := false
	for line := range strings.SplitSeq(user, "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "The party, as it is now:":
			inParty = true
			continue
		case inParty && line != "" && strings.Contains(line, ":"):
			name, _, _ := strings.Cut(line, ":")
			name, _, _ = strings.Cut(name, " (")
			out = append(out, name)
			continue
		}
		inParty = false
		for _, label := range []string{"Threats: ", "Also present: "} {
			if rest, ok := strings.CutPrefix(line, label); ok {
				for n := range strings.SplitSeq(strings.TrimSuffix(rest, "."), ", ") {
					n, _, _ = strings.Cut(n, " (")
					out = append(out, strings.TrimSpace(n))
				}
			}
		}
	}
	return out
}

// The rules' phrasing of numbers, and how the stand-in says them instead.
var rewrites = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`\s*\([^()]*\)`), ""},
	{regexp.MustCompile(`\bfor \d+(?: [a-z]+)?(?:,? and \d+(?: [a-z]+)?)* damage\b`), "and draws blood"},
	{regexp.MustCompile(`\btakes \d+(?: [a-z]+)?(?:,? and \d+(?: [a-z]+)?)* damage\b`), "takes a wound"},
	{regexp.MustCompile(`\b(drops|falls) to 0 (?:HP|hit points)\b`), "$1"},
	{regexp.MustCompile(`\b(regains?) \d+ (?:HP|hit points)\b`), "$1 some strength"},
	{regexp.MustCompile(`,? (?:and )?(?:is )?(?:now )?at \d+ ?/ ?\d+ (?:HP|hit points)\b`), ""},
	{regexp.MustCompile(`\s*\bDC \d+\b`), ""},
}

var (
	digitsRE = regexp.MustCompile(`\d`)
	numberRE = regexp.MustCompile(`\d+`)
	turnRE   = regexp.MustCompile(`^Turn (\d+), (.+?): (.*)$`)
)

// restate tells a rules result in other words: the same hits, misses and
// deaths, no number but those of the names given. What it cannot tell
// without a number it leaves out; when nothing is left, it says how the
// attempt went.
func restate(result, actor string, names []string) string {
	if result == "" || result == "(none given)" {
		return capFirst(actor + " tries it, and for now nothing is decided.")
	}
	s := result
	for _, r := range rewrites {
		s = r.re.ReplaceAllString(s, r.with)
	}
	var kept []string
	for clause := range strings.FieldsFuncSeq(s, func(r rune) bool { return r == ';' || r == ':' || r == '.' }) {
		clause = strings.Join(strings.Fields(clause), " ")
		masked := clause
		for _, n := range names {
			if n != "" {
				masked = strings.ReplaceAll(masked, n, "")
			}
		}
		if clause == "" || digitsRE.MatchString(masked) {
			continue
		}
		kept = append(kept, clause)
	}
	text := strings.Join(kept, "; ")
	if len(strings.Fields(text)) < 3 {
		lower := strings.ToLower(result)
		switch {
		case strings.Contains(lower, "succe"):
			return capFirst(actor + "'s effort pays off.")
		case strings.Contains(lower, "fail"):
			return capFirst(actor + "'s effort comes to nothing.")
		}
		return capFirst(actor + " sees it through.")
	}
	return capFirst(text) + "."
}

// invented is a sentence with a mechanical number the prompt does not hold.
func invented(promptText string, v variety) string {
	given := map[string]bool{}
	for _, d := range numberRE.FindAllString(promptText, -1) {
		given[d] = true
	}
	n := 42
	for _, c := range []int{42, 37, 58, 73, 64, 91} {
		if !given[strconv.Itoa(c)] {
			n = c
			break
		}
	}
	forms := []string{"It deals %d damage.", "The foe is left with %d hit points."}
	return fmt.Sprintf(forms[v.pick("invent", len(forms))], n)
}

// markup dresses prose in Markdown and HTML, as a model that forgot the
// contract does.
func markup(sentences []string, actor string) []string {
	out := slices.Clone(sentences)
	out[0] = "**" + out[0] + "**"
	if actor != "" && len(out) > 1 {
		out[1] = strings.ReplaceAll(out[1], actor, "<em>"+actor+"</em>")
	}
	if len(out) > 1 {
		out[len(out)-1] = "\n\n- " + out[len(out)-1]
	}
	return out
}

// summary extends a rolling summary with the new turns, one line each,
// within 1,200 characters, dropping the oldest lines first.
func summary(user string) string {
	var lines []string
	prev, _, _ := strings.Cut(after(user, "The previous summary:\n"), "\n\n")
	if prev = strings.TrimSpace(prev); prev != "" && !strings.HasPrefix(prev, "(none") {
		lines = strings.Split(prev, "\n")
	}
	// A turn's line waits for its result, which follows it; a turn
	// without one says only who acted.
	var cur, actor string
	flush := func(result string) {
		if cur != "" {
			lines = append(lines, cur+result)
			cur = ""
		}
	}
	for line := range strings.SplitSeq(after(user, "The new turns, oldest first:\n"), "\n") {
		if m := turnRE.FindStringSubmatch(line); m != nil {
			flush(actor + " acts.")
			cur, actor = "Turn "+m[1]+": ", m[2]
			continue
		}
		if r, ok := strings.CutPrefix(strings.TrimSpace(line), "Result: "); ok {
			flush(r)
		}
	}
	flush(actor + " acts.")
	out := strings.Join(lines, "\n")
	for len(out) > 1200 && len(lines) > 1 {
		lines = lines[1:]
		out = strings.Join(lines, "\n")
	}
	if out == "" {
		return "Nothing has happened yet."
	}
	return out
}

func after(s, marker string) string {
	_, rest, _ := strings.Cut(s, marker)
	return rest
}

func capFirst(s string) string {
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+len(string(r)):]
	}
	return s
}

// formArgs are the object of a structured answer, built from the
// request; invent makes them name what was never offered.
func formArgs(form string, p prompt, invent bool) []byte {
	var v any
	switch form {
	case formIntent:
		v = readIntent(p.user(), kindsOffered(p.text()), invent)
	case formDefine:
		v = define(p.user(), invent)
	case formFold:
		v = fold(p.user(), invent)
	default:
		v = map[string]any{}
	}
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // the values are ours
	}
	return b
}

var (
	sentenceRE = regexp.MustCompile(`[^.!?]*[.!?]+["”']?\s*|[^.!?]+$`)
	itemRE     = regexp.MustCompile(`\b(?:finds|found|picks up|picked up|takes|took|is given|was given|receives|received|pockets|pocketed)\s+(?:the|a|an)\s+([A-Z][\w'-]*(?:\s+(?:of\s+)?[A-Z][\w'-]*){0,4})`)
	npcRE      = regexp.MustCompile(`\b(?:[Aa]n?|[Tt]he)\s+([a-z]+)\s+named\s+([A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?)`)
)

type thing struct {
	Name     string `json:"name"`
	Evidence string `json:"evidence"`
}

type npc struct {
	Name     string `json:"name"`
	Role     string `json:"role,omitempty"`
	Evidence string `json:"evidence"`
}

// extraction is the facts of one turn a fold records.
type extraction struct {
	NPCs  []npc   `json:"npcs,omitempty"`
	Items []thing `json:"items,omitempty"`
}

// leftOut are the names a prompt says are not to be recorded: the
// player characters and the names already known, in lower case.
func leftOut(user string) map[string]bool {
	leave := map[string]bool{}
	for _, label := range []string{"The player characters (not NPCs): ", "Already known, leave out: "} {
		for n := range strings.SplitSeq(strings.TrimSuffix(field(user, label), "."), ", ") {
			leave[strings.ToLower(strings.TrimSpace(n))] = true
		}
	}
	return leave
}

// found are the items the narration says were found or given and the
// NPCs it names ("a priest named Oswin"), each with its sentence as
// evidence, leaving out the names in leave.
func found(narration string, leave map[string]bool) extraction {
	var x extraction
	for _, s := range sentenceRE.FindAllString(narration, -1) {
		s = strings.TrimSpace(s)
		for _, m := range itemRE.FindAllStringSubmatch(s, -1) {
			if !leave[strings.ToLower(m[1])] && len(x.Items) < 3 {
				x.Items = append(x.Items, thing{Name: m[1], Evidence: s})
			}
		}
		for _, m := range npcRE.FindAllStringSubmatch(s, -1) {
			if !leave[strings.ToLower(m[2])] && len(x.NPCs) < 3 {
				x.NPCs = append(x.NPCs, npc{Name: m[2], Role: m[1], Evidence: s})
			}
		}
	}
	return x
}

// foldTurn is one turn's entry of a record_fold answer.
type foldTurn struct {
	Turn int `json:"turn"`
	extraction
}

// foldAnswer is a record_fold answer.
type foldAnswer struct {
	Summary string     `json:"summary"`
	Turns   []foldTurn `json:"turns,omitempty"`
}

var askedRE = regexp.MustCompile(`\d+`)

// fold answers a record_fold prompt: the summary as a summary prompt gets
// it, and, for each turn whose facts are asked for, what found reads in
// its narration, a name recorded once; invent records a fact no turn
// states.
func fold(user string, invent bool) foldAnswer {
	out := foldAnswer{Summary: summary(user)}
	asked := map[string]bool{}
	for _, n := range askedRE.FindAllString(field(user, "Facts are asked for turns: "), -1) {
		asked[n] = true
	}
	leave := leftOut(user)
	turn := ""
	for line := range strings.SplitSeq(after(user, "The new turns, oldest first:\n"), "\n") {
		if m := turnRE.FindStringSubmatch(line); m != nil {
			turn = m[1]
			continue
		}
		told, ok := strings.CutPrefix(strings.TrimSpace(line), "Narrated: ")
		if !ok || !asked[turn] {
			continue
		}
		x := found(told, leave)
		if len(x.NPCs)+len(x.Items) == 0 {
			continue
		}
		for _, n := range x.NPCs {
			leave[strings.ToLower(n.Name)] = true
		}
		seq, _ := strconv.Atoi(turn)
		out.Turns = append(out.Turns, foldTurn{Turn: seq, extraction: x})
	}
	if invent {
		for n := range asked {
			seq, _ := strconv.Atoi(n)
			out.Turns = append(out.Turns, foldTurn{Turn: seq, extraction: extraction{NPCs: []npc{{Name: "Vexor", Evidence: "Vexor the lich rises from the floor."}}}})
			break
		}
	}
	return out
}

// choice is one thing an action may name, as the intent prompt lists it:
// "Goblin 1 (id goblin-1)".
type choice struct{ id, name string }

var choiceRE = regexp.MustCompile(`^(.*) \(id (.*)\)$`)

func choices(user, label string) []choice {
	var out []choice
	for part := range strings.SplitSeq(strings.TrimSuffix(field(user, label), "."), "; ") {
		if m := choiceRE.FindStringSubmatch(strings.TrimSpace(part)); m != nil {
			out = append(out, choice{id: m[2], name: m[1]})
		}
	}
	return out
}

// kindsOffered are the kinds a read_intent prompt offers: its shape's
// kind line ("kind: attack | cast | ... | say. The one action...").
func kindsOffered(prompt string) []string {
	line := field(prompt, "kind: ")
	list, _, _ := strings.Cut(line, ". ")
	var out []string
	for k := range strings.SplitSeq(list, " | ") {
		if k = strings.TrimSpace(k); k != "" {
			out = append(out, k)
		}
	}
	return out
}

// readIntent reads a player's words as one of the kinds offered, naming
// only the ids offered, or as say.
func readIntent(user string, kinds []string, invent bool) map[string]any {
	words := strings.Fields(strings.ToLower(strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' {
			return r
		}
		return ' '
	}, unquote(field(user, "The player writes: ")))))
	has := func(ws ...string) bool {
		return slices.ContainsFunc(words, func(w string) bool { return slices.Contains(ws, w) })
	}
	offered := func(k string) bool { return slices.Contains(kinds, k) }
	targets, weapons := choices(user, "Targets: "), choices(user, "Weapons: ")
	areas, items, spells := choices(user, "Areas within reach: "), choices(user, "Items: "), choices(user, "Spells: ")
	if invent && offered("attack") {
		return map[string]any{"kind": "attack", "target_id": "the-innkeeper"}
	}
	attackVerbs := []string{"attack", "hit", "strike", "stab", "slash", "hack", "shoot", "swing", "smash", "punch", "kick", "fire", "charge"}
	moveVerbs := []string{"go", "move", "walk", "run", "head", "climb", "enter", "descend", "step", "return", "follow"}
	directions := []string{"out", "outside", "inside", "in", "back", "up", "down", "upstairs", "downstairs", "away", "over", "after"}
	switch {
	case offered("cast") && best(spells, words) != nil:
		in := map[string]any{"kind": "cast", "spell": best(spells, words).id}
		if t := best(targets, words); t != nil {
			in["target_ids"] = []string{t.id}
		}
		return in
	case offered("attack") && len(targets) > 0 && (has(attackVerbs...) || best(targets, words) != nil):
		t := best(targets, words)
		if t == nil {
			t = &targets[0]
		}
		in := map[string]any{"kind": "attack", "target_id": t.id}
		if w := best(weapons, words); w != nil {
			in["weapon"] = w.id
		}
		return in
	case offered("move") && len(areas) > 0 && (best(areas, words) != nil || (has(moveVerbs...) && has(directions...))):
		// A verb of moving alone ("I go through his pockets") is no move:
		// it needs a place or a way to go.
		a := best(areas, words)
		if a == nil {
			a = &areas[0]
		}
		return map[string]any{"kind": "move", "to_area_id": a.id}
	case offered("use_item") && best(items, words) != nil:
		return map[string]any{"kind": "use_item", "item": best(items, words).id}
	case offered("dodge") && has("dodge"):
		return map[string]any{"kind": "dodge"}
	case offered("dash") && has("dash"):
		return map[string]any{"kind": "dash"}
	case offered("disengage") && has("disengage"):
		return map[string]any{"kind": "disengage"}
	case offered("rest") && has("rest", "sleep", "camp"):
		if has("long", "sleep", "night", "camp") {
			return map[string]any{"kind": "rest", "rest": "long"}
		}
		return map[string]any{"kind": "rest", "rest": "short"}
	case offered("check") && has("search", "examine", "inspect", "investigate"):
		return map[string]any{"kind": "check", "ability": "int", "skill": "investigation", "difficulty": "medium"}
	case offered("check") && has("look", "listen", "watch", "spot", "scan"):
		return map[string]any{"kind": "check", "ability": "wis", "skill": "perception", "difficulty": "medium"}
	case offered("check") && has("sneak", "hide"):
		return map[string]any{"kind": "check", "ability": "dex", "skill": "stealth", "difficulty": "medium"}
	case offered("check") && has("lift", "push", "jump", "force", "break"):
		return map[string]any{"kind": "check", "ability": "str", "skill": "athletics", "difficulty": "medium"}
	}
	return map[string]any{"kind": "say"}
}

// best is the choice whose name shares most words with the player's,
// nil when none shares any.
func best(list []choice, words []string) *choice {
	var out *choice
	top := 0
	for i, c := range list {
		score := 0
		for w := range strings.FieldsSeq(strings.ToLower(c.name + " " + strings.ReplaceAll(c.id, "-", " "))) {
			if (len(w) > 2 || unicode.IsDigit(rune(w[0]))) && w != "the" && slices.Contains(words, w) {
				score++
			}
		}
		if score > top {
			out, top = &list[i], score
		}
	}
	return out
}

type term struct {
	Term       string `json:"term"`
	Definition string `json:"definition"`
}

var termRE = regexp.MustCompile(`^(.+) \(turn \d+\): "(.*)"$`)

// define answers a define_terms prompt: each term asked about, defined by
// the words that follow it in its sentence ("the Moonglass Key, a key of
// pale glass") or, lacking them, plainly.
func define(user string, invent bool) map[string][]term {
	out := []term{}
	for line := range strings.SplitSeq(user, "\n") {
		m := termRE.FindStringSubmatch(strings.TrimSpace(line))
		if m == nil {
			continue
		}
		def := "a name this campaign gave to something in its story"
		appositive := regexp.MustCompile(regexp.QuoteMeta(m[1]) + `, ((?:a|an|the) [a-z][a-z ,'-]{3,80}?)[.,;]`)
		if a := appositive.FindStringSubmatch(m[2]); a != nil && len(strings.Fields(a[1])) <= 12 {
			def = a[1]
		}
		out = append(out, term{Term: m[1], Definition: def})
	}
	if invent {
		out = append(out, term{Term: "Shadow Crown", Definition: "a crown nobody asked about"})
	}
	return map[string][]term{"terms": out}
}

// tokens estimates the tokens of text: four bytes each, as a rough
// tokenizer would, so counts are stable and need no vocabulary.
func tokens(s string) int { return (len(s) + 3) / 4 }
