package narrator

import (
	"hash/fnv"
	"regexp"
	"strconv"
	"strings"
	"unicode"
)

// voice tells one turn as a game master would, without a model: the rules
// result in words (the numbers stay with the rolls and the journal's rules
// line), the creatures by their names with the articles they take, and
// its wording chosen from a few by a choice seeded with the turn, so the
// same turn is always told the same way and the next one differently.
type voice struct {
	req     Request
	seed    string
	foes    map[string]bool   // the threats' names
	last    map[string]string // the numbered foe last named, by kind
	next    string            // whose turn comes next, from the rules result
	newArea bool              // the turn moved the actor
	used    []string          // how the sentences told so far began
}

func newVoice(req Request) *voice {
	v := &voice{req: req, seed: req.TurnID, foes: map[string]bool{}, last: map[string]string{}}
	for _, t := range req.Threats {
		v.foes[oneLine(t.Name)] = true
	}
	return v
}

// pick is one of options, chosen by the turn and salt.
func (v *voice) pick(salt string, options ...string) string {
	h := fnv.New32a()
	h.Write([]byte(v.seed + "\x00" + salt))
	return options[h.Sum32()%uint32(len(options))]
}

// fresh is pick among the options that do not begin or end as the last
// replies did (Request.Avoid), when any is left.
func (v *voice) fresh(salt string, options ...string) string {
	var left []string
	for _, o := range options {
		if !v.stale(o) {
			left = append(left, o)
		}
	}
	if len(left) == 0 {
		left = options
	}
	choice := v.pick(salt, left...)
	if ws := strings.Fields(choice); len(ws) >= 3 {
		v.used = append(v.used, strings.Join(ws[:3], " "))
	}
	return choice
}

// stale reports whether s begins or ends with words a recent reply
// began or ended with.
func (v *voice) stale(s string) bool {
	ws := strings.Fields(strings.ToLower(s))
	for _, a := range append(v.used, v.req.Avoid...) {
		aw := strings.Fields(strings.ToLower(a))
		n := len(aw)
		if n == 0 || n > len(ws) {
			continue
		}
		if strings.Join(ws[:n], " ") == strings.Join(aw, " ") || strings.Join(ws[len(ws)-n:], " ") == strings.Join(aw, " ") {
			return true
		}
	}
	return false
}

// chance is a seeded yes with probability num/den.
func (v *voice) chance(salt string, num, den uint32) bool {
	h := fnv.New32a()
	h.Write([]byte(v.seed + "\x01" + salt))
	return h.Sum32()%den < num
}

// plainName is a name as plain text: the characters that read as markup
// are swapped for look-alikes, so that a name with markup in it is told,
// not taken out with the markup.
var plainName = strings.NewReplacer("<", "‹", ">", "›", "*", "∗", "`", "ʹ", "_", " ", "#", "＃", "[", "(", "]", ")", "~", "-")

// plain is a name as plain text (plainName), and never one that opens a
// line as a list or a heading would: "- Bob" is "Bob", "1. Zed" "1.Zed".
func plain(name string) string {
	s := plainName.Replace(name)
	for mdLineMarker.MatchString(s) {
		t := strings.TrimLeft(s, "-+*>＃ \t")
		if t == s {
			t = strings.Replace(s, " ", "", 1) // "1. Zed"
		}
		if t == s {
			break
		}
		s = t
	}
	return s
}

// numbered is a creature named by its kind and a number: "Goblin 2".
var numbered = regexp.MustCompile(`^(.*\D)\s+(\d+)$`)

// who is how a creature is named in running text: a character or NPC by
// its name; a foe numbered among several by its name the first time
// ("Goblin 2") and by its kind after ("the goblin"), unless another of
// its kind was named in between; a lone foe by its kind ("the ogre").
func (v *voice) who(name string) string {
	name = oneLine(name)
	if !v.foes[name] {
		return plain(name)
	}
	kind := strings.ToLower(name)
	if m := numbered.FindStringSubmatch(name); m != nil {
		kind = strings.ToLower(strings.TrimSpace(m[1]))
		if v.last[kind] != name {
			v.last[kind] = name
			return plain(name)
		}
	}
	return "the " + plain(kind)
}

// place is an area's name as it reads after "in" or "to": "the cellar",
// "The Crossroads", "a misty harbour town".
func place(name string) string {
	name = plain(oneLine(name))
	lower := strings.ToLower(name)
	switch {
	case name == "":
		return "this place"
	case strings.HasPrefix(lower, "the "), strings.HasPrefix(lower, "a "), strings.HasPrefix(lower, "an "):
		return name
	}
	words := strings.Fields(name)
	if len(words) <= 2 { // a room of the map: "Cellar", "Common Room"
		return "the " + lower
	}
	return "the " + name
}

// ruleSentences splits a rules result into its sentences, keeping a
// parenthesis whole ("(8 vs AC 15)").
func ruleSentences(s string) []string {
	s = oneLine(s)
	var out []string
	depth, start := 0, 0
	for i, r := range s {
		switch r {
		case '(':
			depth++
		case ')':
			depth = max(depth-1, 0)
		case '.', '!', '?':
			if depth == 0 && (i+1 == len(s) || s[i+1] == ' ') {
				if t := strings.TrimSpace(s[start:i]); t != "" {
					out = append(out, t)
				}
				start = i + 1
			}
		}
	}
	if t := strings.TrimSpace(s[start:]); t != "" {
		out = append(out, t)
	}
	return out
}

var (
	attackRe   = regexp.MustCompile(`^(.+?) (hits|misses|lands a critical hit on) (.+?) with (.+?) \(([^()]*)\)(?: for [^;]*? damage)?(?:; (.+))?$`)
	hpAtRe     = regexp.MustCompile(`^(.+?) is at (\d+)/(\d+) HP$`)
	downDiesRe = regexp.MustCompile(`^(.+?) drops to 0 HP and dies\b`)
	idleRe     = regexp.MustCompile(`^(.+?) takes the (.+?) action; outside combat it changes nothing$`)
	useRe      = regexp.MustCompile(`^(.+?) uses (.+)$`)
	restRe     = regexp.MustCompile(`^(.+?) takes a short rest of about an hour$`)
	xpRe       = regexp.MustCompile(`^Each character who took part and lived earns \d+ XP$`)
	downKORe   = regexp.MustCompile(`^(.+?) drops to 0 HP and falls unconscious$`)
	upRe       = regexp.MustCompile(`^(?:Round \d+ begins: )?(.+?) is up$`)
	checkRe    = regexp.MustCompile(`^(.+?) (succeeds on|fails|automatically fails) (?:a|the) DC \d+ (.+?) check\b`)
	checkBare  = regexp.MustCompile(`^(.+?) makes an? (.+?) check: \d+`)
	passFail   = regexp.MustCompile(`(?i)\b(pass|passes|passed|success|succeeds)\b|\b(fail|fails|failed|failure)\b`)
	saveRe     = regexp.MustCompile(`^(.+?) makes a death saving throw: (.*)$`)
	moveRe     = regexp.MustCompile(`^(.+?) goes from (.+?) to (.+)$`)
	parenNum   = regexp.MustCompile(`\s*\([^()]*\d[^()]*\)`)
)

// skillWords is what a check of a skill looks like from across the table.
var skillWords = map[string][2]string{
	"perception":      {"looks and listens", "scans the surroundings"},
	"investigation":   {"searches carefully", "goes over every detail"},
	"stealth":         {"moves without a sound", "keeps to the shadows"},
	"athletics":       {"puts their strength into it", "heaves"},
	"acrobatics":      {"tries a nimble move", "balances and twists"},
	"insight":         {"reads the mood", "watches faces closely"},
	"persuasion":      {"makes their case", "chooses their words with care"},
	"deception":       {"spins a tale", "tries a bluff"},
	"intimidation":    {"leans in with a threat", "makes themself look dangerous"},
	"arcana":          {"recalls what lore they know", "searches their memory of magic"},
	"history":         {"searches their memory", "recalls old tales"},
	"nature":          {"reads the signs of the land", "recalls what they know of the wild"},
	"religion":        {"recalls the rites and their gods", "searches their memory of the faiths"},
	"medicine":        {"tends to the wounds", "checks the body with practised hands"},
	"survival":        {"reads the tracks", "studies the ground"},
	"sleight of hand": {"tries a quick hand", "works with nimble fingers"},
	"animal handling": {"calms the animal", "speaks low to the beast"},
	"performance":     {"performs", "takes the stage"},
}

// settled are the rules' fixed sentences, told in other words.
var settled = map[string][]string{
	"All the monsters are defeated":              {"No foe is left standing.", "The last of the foes is down."},
	"The fight is won":                           {"The day is won.", "Victory."},
	"All the characters are down":                {"No one of the party is left standing.", "The whole party lies still."},
	"The fight is lost: every character is down": {"All is lost.", "It is over: the party has fallen."},
}

// weaponVerb is how an attack with a weapon looks: "slashes at".
func weaponVerb(weapon string) string {
	w := strings.ToLower(weapon)
	for _, k := range []struct{ word, verb string }{
		{"bow", "looses an arrow at"}, {"crossbow", "fires a bolt at"}, {"dart", "flings a dart at"}, {"sling", "slings a stone at"},
		{"javelin", "hurls a javelin at"}, {"dagger", "stabs at"}, {"rapier", "lunges at"}, {"spear", "thrusts at"},
		{"scimitar", "slashes at"}, {"sword", "swings at"}, {"axe", "chops at"}, {"bite", "snaps at"}, {"claw", "rakes at"},
		{"staff", "swings at"}, {"club", "swings at"}, {"mace", "swings at"}, {"hammer", "swings at"}, {"fist", "punches at"},
	} {
		if strings.Contains(w, k.word) {
			return k.verb
		}
	}
	return "strikes at"
}

// their is the weapon as its wielder's: "a quarterstaff" -> "their
// quarterstaff", "its scimitar" stays.
func their(weapon string, monster bool) string {
	w := oneLine(weapon)
	for _, a := range []string{"a ", "an ", "the "} {
		if rest, ok := strings.CutPrefix(w, a); ok {
			if monster {
				return "its " + rest
			}
			return "their " + rest
		}
	}
	return w
}

// tell is the sentences of the rules result in words, each rules
// sentence told once; a sentence it has no words for is kept as the rules
// put it, without its parenthesised figures. Those the told text already
// says (toldOf) are left out.
func (v *voice) tell(told string) []string {
	var out []string
	for _, s := range ruleSentences(v.req.RulesResult) {
		if m := attackRe.FindStringSubmatch(s); m != nil && m[6] != "" && toldOf(told, strings.TrimSuffix(s, "; "+m[6])) {
			v.who(m[1]) // named in the told text
			v.who(m[3])
			s = m[6] // the blow was told; what came of it was not
		}
		if t := v.sentence(s); t != "" && !saidIn(told, t) && !toldOf(told, s) {
			out = append(out, t)
		}
	}
	return out
}

// saidIn reports whether the sentence s is in told, as words: case,
// spacing and punctuation aside.
func saidIn(told, s string) bool {
	w := strings.Join(words(s), " ")
	return w != "" && strings.Contains(" "+strings.Join(words(told), " ")+" ", " "+w+" ")
}

// words are s's words, lower-cased, without punctuation; a possessive's
// "s" stands apart ("goblin's" is "goblin", "s").
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

// Words that tell an outcome in a narrator's prose, by their beginnings.
var (
	toldHit   = []string{"hit", "strike", "struck", "land", "bite", "bit", "cut", "wound", "blood", "connect", "slash", "pierc", "gash", "sink", "crit", "smash", "crack"}
	toldMiss  = []string{"miss", "wide", "aside", "dodg", "parr", "glanc", "deflect", "duck", "sidestep", "harmless", "fail"}
	hurtWords = []string{"hurt", "wound", "bleed", "blood", "stagger", "reel", "stand", "feet", "steady", "shrug"}
	deadWords = []string{"dead", "die", "dies", "slain", "kill", "lifeless", "breath", "still", "fall", "fell", "crumpl"}
	downWords = []string{"unconscious", "senseless", "collaps", "fall", "fell", "drop", "crumpl", "faint"}
	passWords = []string{"succeed", "success", "manag", "find", "found", "work", "pays", "spot", "notic"}
	failWords = []string{"fail", "nothing", "useless", "miss", "cannot", "unable", "vain"}
	saveWords = []string{"breath", "cling", "hold", "slip", "stir", "gasp", "death", "brink"}
)

// toldOf reports whether told already says what the rules sentence s
// rules: the creatures it names, by name or kind, and a word for its
// outcome. A sentence of a kind it cannot read is told only in words
// (saidIn).
func toldOf(told, s string) bool {
	if told == "" {
		return false
	}
	ws := words(told)
	named := func(names ...string) bool {
		for _, n := range names {
			if !namedIn(ws, n) {
				return false
			}
		}
		return true
	}
	says := func(stems []string) bool {
		for _, w := range ws {
			for _, st := range stems {
				if strings.HasPrefix(w, st) {
					return true
				}
			}
		}
		return false
	}
	if m := attackRe.FindStringSubmatch(s); m != nil {
		outcome := toldHit
		if m[2] == "misses" {
			outcome = toldMiss
		}
		return named(m[1], m[3]) && says(outcome) && (m[6] == "" || toldOf(told, m[6]))
	}
	switch m := match(s, hpAtRe, downDiesRe, downKORe, checkRe, saveRe, moveRe); {
	case m == nil:
		return false
	case m.re == hpAtRe:
		return named(m.sub[1]) && says(hurtWords)
	case m.re == downDiesRe:
		return named(m.sub[1]) && says(deadWords)
	case m.re == downKORe:
		return named(m.sub[1]) && says(downWords)
	case m.re == checkRe && m.sub[2] == "succeeds on":
		return named(m.sub[1]) && says(passWords)
	case m.re == checkRe:
		return named(m.sub[1]) && says(failWords)
	case m.re == saveRe:
		return named(m.sub[1]) && says(saveWords)
	case m.re == moveRe:
		return named(m.sub[1], m.sub[3])
	}
	return false
}

// matched is the first of several patterns that matched, with its groups.
type matched struct {
	re  *regexp.Regexp
	sub []string
}

func match(s string, res ...*regexp.Regexp) *matched {
	for _, re := range res {
		if m := re.FindStringSubmatch(s); m != nil {
			return &matched{re, m}
		}
	}
	return nil
}

// namedIn reports whether ws (words) name a creature: by its name, its
// first name, or, for one of several numbered ("Goblin 2"), its kind.
func namedIn(ws []string, name string) bool {
	nw := words(name)
	if len(nw) == 0 {
		return true
	}
	if m := numbered.FindStringSubmatch(oneLine(name)); m != nil {
		nw = words(m[1]) // "goblin" names Goblin 2 in prose
	}
	text := " " + strings.Join(ws, " ") + " "
	if strings.Contains(text, " "+strings.Join(nw, " ")+" ") {
		return true
	}
	return len(nw) > 1 && len(nw[0]) > 2 && strings.Contains(text, " "+nw[0]+" ")
}

func (v *voice) sentence(s string) string {
	if m := attackRe.FindStringSubmatch(s); m != nil {
		out := v.attack(m[1], m[2], m[3], m[4])
		if m[6] != "" {
			if more := v.sentence(m[6]); more != "" {
				out += " " + more
			}
		}
		return out
	}
	if m := hpAtRe.FindStringSubmatch(s); m != nil {
		hp, _ := strconv.Atoi(m[2])
		maxHP, _ := strconv.Atoi(m[3])
		w := v.who(m[1])
		if 2*hp >= maxHP {
			return capFirst(v.fresh("hp"+m[1], w+" is still on their feet.", w+" shrugs off the worst of it.", w+" stays standing, hurt but steady."))
		}
		return capFirst(v.fresh("hp"+m[1], w+" staggers, badly hurt.", w+" is bleeding badly now.", w+" reels from the blow."))
	}
	if m := downDiesRe.FindStringSubmatch(s); m != nil {
		w := v.who(m[1])
		return capFirst(v.fresh("dies"+m[1], w+" falls dead.", w+" crumples and dies.", w+" goes down and does not rise: dead."))
	}
	if m := downKORe.FindStringSubmatch(s); m != nil {
		w := v.who(m[1])
		return capFirst(v.fresh("ko"+m[1], w+" collapses, unconscious.", w+" drops senseless to the ground."))
	}
	if m := upRe.FindStringSubmatch(s); m != nil {
		v.next = m[1]
		return "" // told as the closing
	}
	if m := checkRe.FindStringSubmatch(s); m != nil {
		return v.check(m[1], m[3], m[2] == "succeeds on")
	}
	if m := checkBare.FindStringSubmatch(s); m != nil {
		// A check against no DC: its pass or fail, when the rules say it.
		pass := 0
		if pf := passFail.FindStringSubmatch(s[len(m[0]):]); pf != nil {
			pass = 2
			if pf[1] != "" {
				pass = 1
			}
		}
		return v.checkOutcome(m[1], m[2], pass)
	}
	if m := saveRe.FindStringSubmatch(s); m != nil {
		w, rest := v.who(m[1]), strings.ToLower(m[2])
		switch {
		case strings.Contains(rest, "dies"):
			return capFirst(w + " breathes their last. " + w + " dies.")
		case strings.Contains(rest, "regains 1 hp"), strings.Contains(rest, "natural 20"):
			return capFirst(v.fresh("save", w+" gasps and stirs, back from the brink.", w+"'s eyes flutter open."))
		case strings.Contains(rest, "success"):
			return capFirst(v.fresh("save", w+" clings to life.", w+" holds on, barely."))
		}
		return capFirst(v.fresh("save", w+" slips further toward death.", w+"'s breath grows shallow."))
	}
	if m := moveRe.FindStringSubmatch(s); m != nil {
		v.newArea = true
		w := v.who(m[1])
		return capFirst(v.fresh("move", w+" leaves "+place(m[2])+" for "+place(m[3])+".",
			w+" makes for "+place(m[3])+".", w+" heads into "+place(m[3])+"."))
	}
	if m := idleRe.FindStringSubmatch(s); m != nil {
		w := v.who(m[1])
		switch m[2] {
		case "dodge":
			return capFirst(v.fresh("idle", w+" keeps their guard up, though nothing threatens yet.", w+" stays light on their feet, watching."))
		case "dash":
			return capFirst(v.fresh("idle", w+" hurries on.", w+" breaks into a run."))
		case "end turn":
			return capFirst(v.fresh("idle", w+" waits.", w+" lets the moment pass."))
		}
		return capFirst(v.fresh("idle", w+" makes ready, but nothing comes of it.", w+" bides their time."))
	}
	if m := restRe.FindStringSubmatch(s); m != nil {
		w := v.who(m[1])
		return capFirst(v.fresh("rest", w+" rests for an hour or so.", w+" settles down to rest a while."))
	}
	if m := useRe.FindStringSubmatch(s); m != nil && !strings.ContainsAny(m[2], "0123456789;:") {
		w := v.who(m[1])
		return capFirst(v.fresh("use", w+" puts "+m[2]+" to use.", w+" reaches for "+m[2]+"."))
	}
	if xpRe.MatchString(s) {
		return v.fresh("xp", "Every survivor is the wiser for it.", "The survivors have learned something today.")
	}
	if t, ok := settled[s]; ok {
		return v.fresh("settled"+s, t...)
	}
	if strings.HasPrefix(s, "Initiative:") {
		return v.fresh("init", "Weapons come out: the fight is on.", "Steel is drawn, and the fight begins.", "In a heartbeat, it comes to blows.")
	}
	t := strings.TrimSpace(parenNum.ReplaceAllString(s, ""))
	if t == "" {
		return ""
	}
	return capFirst(strings.TrimRight(t, ".") + ".")
}

func (v *voice) attack(attacker, how, target, weapon string) string {
	a, t := v.who(attacker), v.who(target)
	monster := v.foes[oneLine(attacker)]
	w := their(weapon, monster)
	verb := weaponVerb(weapon)
	switch how {
	case "lands a critical hit on":
		return capFirst(v.fresh("crit", a+" finds the gap in "+t+"'s guard: a critical hit with "+w+".",
			a+" "+verb+" "+t+" and lands a blow that tells: a critical hit."))
	case "hits":
		return capFirst(v.fresh("hit", a+" "+verb+" "+t+", and "+w+" bites into flesh.",
			a+" "+verb+" "+t+" and draws blood.", a+"'s "+strings.TrimPrefix(strings.TrimPrefix(w, "its "), "their ")+" cuts into "+t+"."))
	}
	return capFirst(v.fresh("miss", a+" "+verb+" "+t+", but the blow goes wide.",
		a+" "+verb+" "+t+" and misses.", t+" twists aside from "+a+"'s "+strings.TrimPrefix(strings.TrimPrefix(w, "its "), "their ")+"."))
}

func (v *voice) check(who, what string, pass bool) string {
	p := 2
	if pass {
		p = 1
	}
	return v.checkOutcome(who, what, p)
}

// checkOutcome tells a check: pass 1 for a success, 2 for a failure, 0
// when the rules result does not say (the check was against no DC).
func (v *voice) checkOutcome(who, what string, pass int) string {
	w := v.who(who)
	skill := strings.ToLower(what)
	if i := strings.Index(skill, "("); i >= 0 {
		skill = strings.TrimSuffix(skill[i+1:], ")")
	}
	act := "tries"
	if ws, ok := skillWords[skill]; ok {
		act = v.fresh("skill", ws[0], ws[1])
	}
	switch pass {
	case 1:
		return capFirst(v.fresh("pass", w+" "+act+", and it pays off.", w+" "+act+" and succeeds.", w+" "+act+"; it works."))
	case 2:
		return capFirst(v.fresh("fail", w+" "+act+", but it comes to nothing.", w+" "+act+" and fails.", w+" "+act+"; it is no use."))
	}
	return capFirst(w + " " + act + ".")
}

func capFirst(s string) string {
	r := []rune(s)
	if len(r) == 0 {
		return s
	}
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// lead begins a turn's first sentence, now and then, with how it is
// done, so that turns do not all open on the actor's name.
func (v *voice) lead(s string) string {
	if s == "" || strings.HasPrefix(s, "(") || !v.chance("lead", 1, 2) {
		return s
	}
	var leads []string
	switch {
	case len(v.req.Threats) > 0:
		leads = []string{"With a grunt,", "Quick as thought,", "In the press of the fight,", "Without a word,", "Teeth gritted,", "In a blur of motion,"}
	case strings.TrimSpace(v.req.RulesResult) == "":
		leads = []string{"Carefully,", "Without hurry,", "For a while,", "Quietly,", "With a glance at the others,", "Unhurried,"}
	default:
		leads = []string{"Carefully,", "Without a word,", "With practised ease,", "After a moment,"}
	}
	first, _, _ := strings.Cut(s, " ")
	if first != "The" && first != "A" && first != "An" { // a name keeps its capital
		return v.fresh("lead", leads...) + " " + s
	}
	return v.fresh("lead", leads...) + " " + strings.ToLower(s[:1]) + s[1:]
}

// opening sets the scene, now and then: a place just reached is always
// described; elsewhere, a turn in three or so opens on the place.
func (v *voice) opening() string {
	a := v.req.Area
	name := a.Name
	if name == "" {
		name = v.req.Scene.Location
	}
	if desc := firstSentence(a.Description); desc != "" && (v.newArea || v.req.Purpose == PurposeScene) {
		return desc
	}
	often := uint32(1) // a turn the rules told opens on the place now and then
	if strings.TrimSpace(v.req.RulesResult) == "" {
		often = 2 // one told by the action alone, more often
	}
	if name == "" || !v.chance("open", often, 4) || len(v.req.Threats) > 0 {
		return ""
	}
	p := place(name)
	lines := []string{"The air in " + p + " is close and still.", "Somewhere in " + p + ", a board creaks.",
		"A draught stirs through " + p + ".", "For a moment " + p + " is quiet."}
	for _, d := range ruleSentences(a.Description)[min(1, len(ruleSentences(a.Description))):] {
		lines = append(lines, capFirst(strings.TrimRight(d, ".")+".")) // the place's own details
	}
	if tm := strings.ToLower(oneLine(v.req.Scene.Time)); tm != "" {
		lines = append(lines, capFirst(tm)+" light falls across "+p+".")
	}
	return v.fresh("ambient", lines...)
}

func firstSentence(s string) string {
	ss := ruleSentences(s)
	if len(ss) == 0 {
		return ""
	}
	return capFirst(strings.TrimRight(ss[0], ".") + ".")
}

// closing hands the table on: whose turn comes next, when the rules say;
// else, now and then, someone present reacts; else nothing.
func (v *voice) closing() string {
	if v.next != "" {
		n := oneLine(v.next)
		if v.foes[n] {
			w := v.who(n) // once: a second naming would be "the goblin"
			return capFirst(v.fresh("next", w+" readies itself.", "Now "+w+" moves.", "The fight turns to "+w+".",
				w+" circles, looking for an opening.", "Across the fray, "+w+" bares its teeth."))
		}
		w := plain(n)
		return v.fresh("next", "Now it is "+w+"'s move.", w+", you're up.", "All eyes turn to "+w+".",
			"The moment belongs to "+w+".", "It falls to "+w+" to answer.")
	}
	var others []string
	for _, c := range v.req.Characters {
		if c.ID != v.req.Actor.ID && c.Name != v.req.Actor.Name && (c.Presence == "" || c.Presence == "present") && !c.Down() {
			others = append(others, plain(oneLine(c.Name)))
		}
	}
	if len(others) > 0 && len(v.req.Threats) == 0 && v.chance("react", 1, 2) {
		o := v.fresh("who", others...)
		return v.fresh("react", o+" watches closely.", o+" raises an eyebrow.", o+" keeps a hand near their weapon.")
	}
	return ""
}

// ooc answers a player's remark out of character: the table's state in
// words (alive or not, how hurt, where), never a story.
func (v *voice) ooc() string {
	a := v.req.Actor
	name := plain(oneLine(a.Name))
	if name == "" {
		return "(Out of character: noted. The game goes on when you are ready.)"
	}
	for _, c := range v.req.Characters {
		if c.ID == a.ID && a.ID != "" {
			a = c
		}
	}
	var state string
	switch {
	case a.IsDead():
		state = name + " is dead"
	case a.HP <= 0 && a.MaxHP > 0 && a.Stable:
		state = name + " is alive, unconscious but stable"
	case a.HP <= 0 && a.MaxHP > 0:
		state = name + " is alive but dying"
	case a.HP >= a.MaxHP:
		state = name + " is alive and unhurt"
	case 2*a.HP >= a.MaxHP:
		state = name + " is alive, somewhat wounded"
	default:
		state = name + " is alive, badly wounded"
	}
	where := v.req.Area.Name
	if where == "" {
		where = v.req.Scene.Location
	}
	if where != "" {
		state += ", in " + place(where)
	}
	if len(v.req.Threats) > 0 {
		state += ", in the middle of a fight"
	}
	return "(Out of character: " + state + ". The game goes on when you are ready.)"
}

// act is a turn without a rules result: what the player said their
// character does, told in the third person.
func (v *voice) act() string {
	name := plain(oneLine(v.req.Actor.Name))
	if name == "" {
		name = "The party"
	}
	text := strings.Join(strings.Fields(v.req.Action), " ")
	if v.req.Played {
		text = engineLabel(text)
		if text == "" {
			return ""
		}
		return capFirst(strings.TrimRight(text, ".") + ".")
	}
	return sentence(name + " " + plainAction(text))
}

// Place is an area's name as it reads in running text, after "in" or
// "to": "the cellar" for a room of the map named "Cellar".
func Place(name string) string { return place(name) }
