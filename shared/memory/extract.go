package memory

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"chronicler/shared/campaign"
)

// Extract finds the facts a turn establishes, deterministically and
// without a model: NPCs introduced with a cue ("an innkeeper named Marta",
// "Marta, the innkeeper", "a man called Oswin"), named places ("the Gilded
// Goose Inn", "the village of Harrowmere"), things acquired ("takes the
// Moonglass Key"), promises and debts ("swears to", "owes"), deaths
// ("Oswin dies"), coined terms (a quoted name after "called", a
// capitalised phrase after a lower-case "the") and the party's decisions.
//
// It prefers precision to completeness: it reads only cue patterns, a
// pronoun never becomes a subject, and the player's action yields only what
// the player's own words commit to (promises, debts, decisions); what
// happened comes from the narration. Whatever it misses is still found by
// Recall through the turn's excerpt in the Index.
//
// The witnesses of every fact are the characters present (their ids):
// an absent character learns nothing. Facts that known already holds (the
// same NPC, place or term; the same sentence for the other kinds) are
// left out. IDs are "t<turn>-<n>", so extracting a turn twice gives the
// same facts.
func Extract(turn campaign.Turn, present []string, known Ledger) []Fact {
	facts, _ := extract(turn, present, known)
	return facts
}

// extract is Extract that also returns the identities of the NPCs the
// turn describes with a cue, for the roster (which keeps only the fields
// it still lacks).
func extract(turn campaign.Turn, present []string, known Ledger) ([]Fact, []NPC) {
	x := extractor{turn: turn, known: known, vis: witnesses(present), actor: oneLine(turn.ActorName)}
	for _, s := range sentences(turn.Action) {
		x.action(s)
	}
	for _, s := range sentences(turn.Narration) {
		x.narration(s)
	}
	for _, s := range sentences(turn.RulesResult) {
		for _, c := range strings.Split(s, ";") {
			x.ruling(strings.TrimSpace(c))
		}
	}
	return x.facts, x.npcs
}

func witnesses(present []string) Visibility {
	ids := slices.Clone(present)
	slices.Sort(ids)
	return Visibility{CharacterIDs: slices.Compact(ids)}
}

// The building blocks of the cue patterns. A name is one to three
// capitalised words; cleanName then drops words that only look like names
// ("Then", "The").
const (
	nameWord = `\p{Lu}\p{Ll}+(?:['’-]\p{L}+)*`
	name     = `(` + nameWord + `(?:\s+` + nameWord + `){0,2})`
	role     = `((?:[a-z][a-z-]*\s+){0,2}[a-z][a-z-]*)`
	phrase   = `((?:[\p{L}\d'’-]+\s+){0,4}[\p{L}\d'’-]+)`
)

var (
	npcNamedRe  = regexp.MustCompile(`\b(?:[Aa]n?|[Tt]he)\s+` + role + `\s+(?:named|called|by the name of)\s+` + name)
	npcApposRe  = regexp.MustCompile(name + `,\s+(?:an?|the)\s+` + role + `(\s+with\s+[^,.;!?"”]+)?(?:[,.;!?]|\s+(?:of|who|from|at|in)\b)`)
	npcSelfRe   = regexp.MustCompile(`(?:introduces (?:himself|herself|themself|themselves) as|(?:[Mm]y|[Hh]is|[Hh]er|[Tt]heir) name is)\s+` + name)
	placeOfRe   = regexp.MustCompile(`\b(village|town|city|hamlet|port|kingdom|realm|island|isle|fortress|duchy|barony|county|province|valley|forest|ruins|temple|keep|tower|monastery|abbey|citadel|mines)\s+of\s+` + name)
	placeNameRe = regexp.MustCompile(`\b[Tt]he\s+((?:` + nameWord + `\s+){1,3}(?:Inn|Tavern|Keep|Tower|Temple|Shrine|Abbey|Castle|Citadel|Fort|Manor|Hall|Library|Market|Bridge|Gate|Mine|Mines|Crypt|Catacombs|Forest|Wood|Woods|Marsh|Swamp|Fen|Hills|Mountains|Peaks|Pass|Lake|River|Sea|Bay|Harbor|Harbour|Docks|Road|Vale|Valley|Cave|Caves|Caverns|Ruins|Sanctum|Archive|Academy|Spire|Well|Ford|Falls|Barrow|Barrows|Moor|Woodlands|Quarter|Square|Chapel|Cathedral|Lighthouse|Mill|Estate|Observatory|Monastery|Priory))\b`)
	itemGetRe   = regexp.MustCompile(`\b(?:takes|receives|finds|picks up|pockets|grabs|claims|obtains|acquires|loots|buys|purchases|steals|recovers|retrieves|inherits|is given|are given|is handed|are handed)\s+(?:the|an?|some|a pair of)\s+` + phrase)
	itemGiveRe  = regexp.MustCompile(`\b(?:gives|hands|offers|passes|tosses|presents|sells|lends|entrusts)\s+(?:` + name + `|you|him|her|them)\s+(?:the|an?|some)\s+` + phrase)
	promiseRe   = regexp.MustCompile(`(?:\b|^)(` + nameWord + `(?:\s+` + nameWord + `){0,2}|I|[Ww]e)\s+(?:promises?|promised|swears?|swore|vows?|vowed|pledges?|pledged|gives? (?:my|his|her|their|our) word)\b`)
	debtRe      = regexp.MustCompile(`(?:\b|^)(` + nameWord + `(?:\s+` + nameWord + `){0,2}|I|[Ww]e)\s+(?:owes?|owed|(?:is|am|are) in (?:debt to|` + nameWord + `['’]s debt|your debt|our debt))\b`)
	deathRe     = regexp.MustCompile(name + `\s+(?:dies|died|is dead|was killed|is killed|is slain|was slain|falls dead|lies dead|perishes|perished|breathes (?:his|her|their) last|drops to 0 HP and dies)\b`)
	termQuoteRe = regexp.MustCompile(`(?:called|known as|named|dubbed|calls?(?:\s+(?:it|them))?|so-called)\s+(?:the\s+)?["“]([^"”.!?,]{2,40})["”]`)
	termTheRe   = regexp.MustCompile(`\bthe\s+` + name)
	decisionRe  = regexp.MustCompile(`(?:\b|^)(I|[Ww]e|[Tt]he party|` + nameWord + `(?:\s+and\s+` + nameWord + `)?)\s+(?:decides?|decided|chooses?|chose|agrees?|agreed|votes?|voted|resolves?|resolved)\s+to\b`)
	conditional = regexp.MustCompile(`(?i)\b(?:if|unless|lest|would|could|might|should|whether|almost|nearly)\b`)
)

type extractor struct {
	turn  campaign.Turn
	known Ledger
	vis   Visibility
	actor string
	facts []Fact
	npcs  []NPC
}

// action reads the player's own words: only what they commit their own
// character or the party to (a player cannot make Marta promise anything).
func (x *extractor) action(s string) {
	who := func(w string) string {
		switch strings.ToLower(w) {
		case "i":
			return x.actor
		case "we", "the party":
			return "the party"
		}
		return ""
	}
	promised := false
	if m := promiseRe.FindStringSubmatch(s); m != nil && !conditional.MatchString(s) {
		promised = x.add(KindPromise, who(m[1]), s)
	}
	if m := debtRe.FindStringSubmatch(s); m != nil && !conditional.MatchString(s) {
		x.add(KindDebt, who(m[1]), s)
	}
	if m := decisionRe.FindStringSubmatch(s); m != nil && !promised && !conditional.MatchString(s) {
		x.add(KindDecision, who(m[1]), s)
	}
}

// narration reads what happened.
func (x *extractor) narration(s string) {
	taken := map[string]bool{} // names this sentence already classified
	for _, m := range npcNamedRe.FindAllStringSubmatch(s, -1) {
		if n, ok := x.npc(m[2], m[1], "", s); ok {
			taken[n] = true
		}
	}
	for _, m := range npcApposRe.FindAllStringSubmatch(s, -1) {
		if n, ok := x.npc(m[1], m[2], m[3], s); ok {
			taken[n] = true
		}
	}
	for _, m := range npcSelfRe.FindAllStringSubmatch(s, -1) {
		if n, ok := x.npc(m[1], "", "", s); ok {
			taken[n] = true
		}
	}
	for _, m := range placeNameRe.FindAllStringSubmatch(s, -1) {
		if n := cleanName(m[1]); n != "" {
			taken[n] = true
			x.named(KindPlace, n, s)
		}
	}
	for _, m := range placeOfRe.FindAllStringSubmatch(s, -1) {
		if n := cleanName(m[2]); n != "" {
			taken[n] = true
			x.named(KindPlace, n, s)
		}
	}
	for _, m := range itemGetRe.FindAllStringSubmatch(s, -1) {
		if it := item(m[1]); it != "" {
			taken[it] = true
			x.add(KindItem, it, s)
		}
	}
	for _, m := range itemGiveRe.FindAllStringSubmatch(s, -1) {
		if it := item(m[2]); it != "" {
			taken[it] = true
			x.add(KindItem, it, s)
		}
	}
	if !conditional.MatchString(s) {
		if m := promiseRe.FindStringSubmatch(s); m != nil {
			if n := cleanName(m[1]); n != "" && n != "I" {
				x.add(KindPromise, n, s)
			}
		}
		if m := debtRe.FindStringSubmatch(s); m != nil {
			if n := cleanName(m[1]); n != "" && n != "I" {
				x.add(KindDebt, n, s)
			}
		}
		// A death is canon only as the engine rules it (ruling): one the
		// narration tells alone stays in the turn's excerpt, never in the
		// ledger, so canon and the roster cannot disagree.
		if m := decisionRe.FindStringSubmatch(s); m != nil {
			w := m[1]
			if strings.EqualFold(w, "the party") {
				x.add(KindDecision, "the party", s)
			} else if n := cleanName(w); n != "" && n != "I" && !strings.EqualFold(w, "we") {
				x.add(KindDecision, n, s)
			}
		}
	}
	for _, m := range termQuoteRe.FindAllStringSubmatch(s, -1) {
		t := oneLine(m[1])
		if n := len(strings.Fields(t)); n >= 1 && n <= 4 && !taken[t] {
			taken[t] = true
			x.named(KindTerm, t, s)
		}
	}
	for _, m := range termTheRe.FindAllStringSubmatch(s, -1) {
		t := cleanName(m[1])
		if t == "" || taken[t] || titles[strings.ToLower(t)] || x.isPerson(t) {
			continue
		}
		taken[t] = true
		x.named(KindTerm, t, s)
	}
}

// ruling reads the engine's result: only deaths, which are rulings.
func (x *extractor) ruling(clause string) {
	for _, m := range deathRe.FindAllStringSubmatch(clause, -1) {
		if n := cleanName(m[1]); n != "" && !x.known.Introduced(KindDeath, n) {
			x.add(KindDeath, n, clause)
		}
	}
}

// deaths are the names the engine's rules result rules dead.
func deaths(rulesResult string) []string {
	var out []string
	for _, m := range deathRe.FindAllStringSubmatch(rulesResult, -1) {
		if n := cleanName(m[1]); n != "" {
			out = append(out, n)
		}
	}
	return out
}

// npc records an NPC introduced by a cue: raw is the name as written,
// desc the role phrase ("old dwarf smith"), with a "with ..." clause.
func (x *extractor) npc(raw, desc, with, s string) (string, bool) {
	n := cleanName(raw)
	if n == "" || strings.EqualFold(n, x.actor) {
		return "", false
	}
	id, ok := identity(desc, with)
	if !ok {
		return "", false
	}
	id.Name, id.FirstTurn, id.Status = n, x.turn.Sequence, Alive
	if i := slices.IndexFunc(x.npcs, func(p NPC) bool { return strings.EqualFold(p.Name, n) }); i >= 0 {
		// Introduced twice in one turn ("an innkeeper named Marta, a
		// stout human"): both descriptions make the first impression.
		r := Roster{NPCs: x.npcs}
		r.Introduce(id)
	} else {
		x.npcs = append(x.npcs, id) // the roster keeps only what it lacks
	}
	x.named(KindNPC, n, s)
	return n, true
}

// isPerson reports whether t names an NPC this turn or the ledger knows.
func (x *extractor) isPerson(t string) bool {
	if x.known.Introduced(KindNPC, t) || strings.EqualFold(t, x.actor) {
		return true
	}
	return slices.ContainsFunc(x.npcs, func(p NPC) bool { return strings.EqualFold(p.Name, t) })
}

// named adds a fact about a name that is introduced only once: an NPC, a
// place or a term already in the ledger (under any of those kinds) is not
// introduced again.
func (x *extractor) named(k Kind, subject, s string) {
	for _, kk := range []Kind{KindNPC, KindPlace, KindTerm} {
		if x.known.Introduced(kk, subject) {
			return
		}
		for _, f := range x.facts {
			if f.Kind == kk && strings.EqualFold(f.Subject, subject) {
				return
			}
		}
	}
	x.add(k, subject, s)
}

// add appends a fact unless the ledger or this turn already has it; it
// reports whether the fact is (now) held.
func (x *extractor) add(k Kind, subject, s string) bool {
	if subject == "" {
		return false
	}
	f := Fact{
		ID: fmt.Sprintf("t%d-%d", x.turn.Sequence, len(x.facts)+1), Turn: x.turn.Sequence, Kind: k,
		Subject: subject, Text: s, Visibility: x.vis, Terms: keywords(subject, s),
	}
	f.Visibility.CharacterIDs = slices.Clone(f.Visibility.CharacterIDs)
	if x.known.has(f) || slices.ContainsFunc(x.facts, func(g Fact) bool { return factKey(g) == factKey(f) }) {
		return true
	}
	x.facts = append(x.facts, f)
	return true
}

// keywords are a fact's index keys beyond its text: the subject's terms,
// then those of every other name in the sentence.
func keywords(subject, s string) []string {
	out := terms(subject)
	for _, m := range nameRe.FindAllString(s, -1) {
		if n := cleanName(m); n != "" {
			for _, t := range terms(n) {
				if !slices.Contains(out, t) {
					out = append(out, t)
				}
			}
		}
	}
	return out
}

var nameRe = regexp.MustCompile(name)

// cleanName trims the words around a name that only look like names (a
// capitalised "Then", "The") and a possessive; "" when nothing is left.
func cleanName(s string) string {
	ws := strings.Fields(s)
	for len(ws) > 0 && !isName(ws[0]) {
		ws = ws[1:]
	}
	for len(ws) > 0 && !isName(ws[len(ws)-1]) {
		ws = ws[:len(ws)-1]
	}
	for _, w := range ws {
		if !isName(w) {
			return ""
		}
	}
	n := strings.Join(ws, " ")
	n = strings.TrimSuffix(strings.TrimSuffix(n, "'s"), "’s")
	return n
}

// item cuts an acquired thing's phrase at the first word that cannot be
// part of it ("the key from the altar" is "key") and refuses what is not a
// thing one can hold ("finds the door locked", "takes the first watch").
func item(raw string) string {
	ws := strings.Fields(raw)
	var kept []string
	for i, w := range ws {
		lw := strings.ToLower(w)
		if lw == "of" && i+1 < len(ws) && len(kept) > 0 && isName(ws[i+1]) && isName(kept[len(kept)-1]) {
			kept = append(kept, w)
			continue
		}
		if itemStops[lw] || stopWords[lw] {
			break
		}
		if i > 0 && (strings.HasSuffix(lw, "ed") || strings.HasSuffix(lw, "ing")) && !isName(w) {
			break
		}
		kept = append(kept, w)
	}
	for len(kept) > 0 && strings.ToLower(kept[len(kept)-1]) == "of" {
		kept = kept[:len(kept)-1]
	}
	if len(kept) == 0 || len(kept) > 4 {
		return ""
	}
	head := strings.ToLower(kept[len(kept)-1])
	if notItems[head] || notItems[stem(head)] {
		return ""
	}
	return strings.Join(kept, " ")
}

// identity reads a role phrase ("stout human innkeeper") and an optional
// "with ..." clause into species, role and appearance. It refuses a phrase
// whose last word is no kind of person, so "Kira, the door is locked"
// introduces nobody.
func identity(desc, with string) (NPC, bool) {
	var n NPC
	ws := strings.Fields(strings.ToLower(desc))
	if len(ws) > 0 {
		head := ws[len(ws)-1]
		if !roles[head] && species[head] == "" && !people[head] {
			return n, false
		}
		if classes[head] && len(ws) == 1 && with == "" {
			// "Aldric, the fighter" is how narration names a player
			// character; a class alone introduces no one.
			return n, false
		}
		var looks []string
		for i, w := range ws {
			if stopWords[w] {
				return n, false // "a man who", "the one that": not a description
			}
			switch {
			case species[w] != "" && n.Species == "":
				n.Species = species[w]
			case i == len(ws)-1 && roles[w]:
				n.Role = w
			default:
				looks = append(looks, w)
			}
		}
		n.Appearance = strings.Join(looks, " ")
	}
	if with = oneLine(with); with != "" {
		n.Appearance = strings.TrimSpace(n.Appearance + " " + with)
	}
	return n, true
}

var (
	roles = set(`innkeeper barkeep bartender tavernkeeper blacksmith smith merchant priest priestess guard captain sergeant
lieutenant farmer miller baker hunter bard wizard witch sage scholar thief mayor elder knight lord lady king queen
prince princess healer herbalist alchemist ranger sailor fisherman fishwife barmaid stablehand soldier mercenary
noble noblewoman nobleman cleric monk hermit beggar druid paladin necromancer cultist spy smuggler courier
messenger guide scout tanner cartographer librarian archivist jeweller jeweler carpenter mason brewer vintner
shopkeeper trader banker moneylender fence assassin bandit pirate cook steward chamberlain jailer warden ferryman
shepherd widow apprentice acolyte abbot abbess bishop oracle seer prophet fortune-teller baron baroness duke
duchess count countess emperor empress chieftain warlord harbormaster harbourmaster watchman constable magistrate
judge clerk scribe tinker peddler minstrel juggler ringmaster gravedigger undertaker physician surgeon midwife
weaver tailor cobbler potter glassblower fletcher bowyer armorer armourer miner woodcutter forester gamekeeper
huntsman falconer groom squire page herald envoy ambassador diplomat tax-collector collector landlord landlady
matron headman reeve sheriff bailiff champion gladiator priestess-queen sorcerer warlock fighter rogue barbarian`)
	classes = set(`barbarian bard cleric druid fighter monk paladin ranger rogue sorcerer warlock wizard`)
	people  = set(`man woman boy girl child person figure stranger fellow lad lass youth traveller traveler crone
gentleman gentlewoman visitor newcomer`)
	species = map[string]string{
		"human": "human", "dwarf": "dwarf", "dwarven": "dwarf", "elf": "elf", "elven": "elf", "half-elf": "half-elf",
		"halfling": "halfling", "gnome": "gnome", "gnomish": "gnome", "orc": "orc", "half-orc": "half-orc",
		"tiefling": "tiefling", "dragonborn": "dragonborn", "goblin": "goblin", "hobgoblin": "hobgoblin",
		"kobold": "kobold", "giant": "giant", "ogre": "ogre", "troll": "troll", "lizardfolk": "lizardfolk",
		"tabaxi": "tabaxi", "firbolg": "firbolg", "genasi": "genasi", "aasimar": "aasimar", "goliath": "goliath",
		"centaur": "centaur", "satyr": "satyr", "minotaur": "minotaur", "hag": "hag", "dragon": "dragon",
		"gnoll": "gnoll", "bugbear": "bugbear", "drow": "drow", "duergar": "duergar",
	}
	titles = set(`king queen prince princess duke duchess baron baroness count countess lord lady captain sergeant
emperor empress mayor abbot abbess bishop sir dame master mistress father mother brother sister elder chief`)
	itemStops = set(`from in on at with and but to into off under beneath behind before as while then that which who
for out up down back over by near inside across through is are was were it its hidden tucked buried wrapped stashed
lying sitting resting waiting left there here again instead too also just now carefully quickly quietly`)
	notItems = set(`door way path trail track courage strength time answer truth room place body corpse exit entrance lead
chance opportunity moment word source end rest hint sign passage stair corridor hall floor wall ceiling ground
road spot shelter silence light darkness dark air breath attention look opening hold advantage initiative lock
guard damage hit blow watch shot turn helm offer bait hand hands edge rear front center centre side middle
bridge gate river stream trap tunnel stairway first second last`)
)
