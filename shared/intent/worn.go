package intent

import (
	"slices"
	"strings"
)

// Readers of the shapes players give an action in when no verb of the
// rules names it: gear put on by a verb of dressing, a skill named after
// the sentence as its label, a weapon and a foe listed with nothing else,
// an attack or a cast followed by colour.
// Each is a table of the words a shape is made of, so that every
// sentence of the shape is read, not the few a corpus holds.

// wearVerbs put on worn gear with a word that says on what: "put my chain
// mail on", "strap my shield to my arm", "buckle myself into my mail".
var wearVerbs = set("put", "puts", "putting", "slip", "slips", "slipping", "strap", "straps", "strapping",
	"buckle", "buckles", "buckling", "pull", "pulls", "pulling", "shrug", "shrugs", "get", "gets", "throw", "throws",
	"lace", "laces", "lacing", "fasten", "fastens", "sling", "slings", "slinging")

// wornWords say the gear goes on the body: "on", "into" it, "to my arm".
var wornWords = set("on", "onto", "arm", "shoulder", "shoulders")

// wornGear reads worn gear put on: a verb of dressing, one item the
// actor carries, a word that says it goes on, and no other name.
func (p *parser) wornGear(ws []string) (Intent, bool) {
	if len(ws) < 3 || !wearVerbs[ws[0]] {
		return Intent{}, false
	}
	rest := ws[1:]
	if i := slices.IndexFunc(rest, func(w string) bool { return asides[w] }); i > 0 {
		rest = rest[:i] // "slips the chain mail on before we leave"
	}
	names, words := p.nameScan(rest)
	item := ""
	for _, nm := range names {
		switch {
		case nm.slot == sItem && len(nm.ids) == 1 && (item == "" || item == nm.ids[0]):
			item = nm.ids[0]
		case nm.slot == sSpell && slices.ContainsFunc(names, func(o named) bool { return o.at == nm.at && o.slot == sItem }):
			// "my shield": the item the spell is also named after
		default:
			return Intent{}, false
		}
	}
	if item == "" {
		return Intent{}, false
	}
	for _, w := range words {
		if !wornFill[strings.TrimPrefix(w, "~")] {
			return Intent{}, false // "put my shield down by the door": a word the shape lacks
		}
	}
	into := slices.Contains(rest, "into") && (slices.Contains(rest, "myself") || slices.Contains(rest, "herself"))
	if !into && !slices.ContainsFunc(rest, func(w string) bool { return wornWords[w] }) {
		return Intent{}, false // "put my chain mail in the cart", "slip the potion into my belt"
	}
	return Intent{Kind: "equip", Item: item}, true
}

// wornFill are the words a sentence of dressing holds besides the gear.
var wornFill = set("arm", "back", "shoulder", "shoulders", "myself", "herself", "again", "quickly", "now",
	"tight", "tightly", "securely", "left", "on", "onto", "into")

// labelBreaks set a label apart from the sentence it names: "slide across
// the bar, acrobatics", "arcana: what is this?", "insight - is he lying?".
var labelBreaks = []string{",", ":", "?", ".", "!", " - ", " — ", " – "}

// labelTail are the words a skill's label may carry: "nature check",
// "history roll pls".
var labelTail = set("check", "roll", "pls", "plz", "please", "then", "maybe", "i", "guess")

// skillLabel reads a sentence that names the check it asks for apart, as
// a label first or last ("can I tell which way the cart went? survival"):
// the labelled skill, when the rest is no other action and names no
// other skill.
func (p *parser) skillLabel(text string) (Intent, bool) {
	if strings.ContainsAny(text, quoteChars) {
		return Intent{}, false
	}
	parts := splitOn(strings.TrimSpace(text), labelBreaks)
	parts = slices.DeleteFunc(parts, func(s string) bool { return strings.TrimSpace(s) == "" })
	if len(parts) < 2 {
		return Intent{}, false
	}
	for _, at := range []int{0, len(parts) - 1} {
		sk, ok := labelSkill(parts[at])
		if !ok {
			continue
		}
		rest := slices.Delete(slices.Clone(parts), at, at+1)
		for _, r := range rest {
			ws := clean(p.possessives(tokenize(r)))
			if len(ws) > 0 && whWords[ws[0]] {
				continue // "arcana: what kind of magic is in this wand?" asks what the check tells
			}
			if hedged(ws) {
				return Intent{}, false
			}
			for i := range ws {
				if s, n := skillAt(ws[i:]); n > 0 && s != sk {
					return Intent{}, false // two skills named
				}
			}
			if in, ok := p.reread(r); ok && in.Kind != "check" && in.Kind != "move" {
				return Intent{}, false // "stab goblin 1, athletics": an action of its own
			}
		}
		return Intent{Kind: "check", Ability: sk.ability, Skill: sk.id}, true
	}
	return Intent{}, false
}

// labelSkill is the skill words name as a label alone: "History", "nature
// check", "perc pls".
func labelSkill(s string) (skill, bool) {
	ws := strings.Fields(strings.ToLower(strings.TrimSpace(s)))
	for len(ws) > 0 && labelTail[ws[len(ws)-1]] {
		ws = ws[:len(ws)-1]
	}
	name := strings.Join(ws, " ")
	if full, ok := skillShort[name]; ok {
		name = full
	}
	sk, ok := skills[name]
	return sk, ok
}

// listBreaks set the parts of a terse list apart: "longsword, goblin 1",
// "longbow versus the bugbear chief".
var listBreaks = []string{",", ".", "!", ";", " vs ", " versus ", " - "}

// splitOn splits s at every one of seps.
func splitOn(s string, seps []string) []string {
	parts := []string{s}
	for _, sep := range seps {
		var next []string
		for _, part := range parts {
			next = append(next, strings.Split(part, sep)...)
		}
		parts = next
	}
	return parts
}

// terseFill are the words a terse list may hold besides its weapon and
// foe: "longsword, goblin 1, go", "Longbow. Goblin 1. Right in the eye."
var terseFill = set("go", "now", "pls", "plz", "please", "again", "do", "it", "right", "in", "the", "a", "his",
	"her", "its", "to", "at", "vs", "versus", "attack", "hit", "quick", "fast", "yes", "ok", "okay")

// terseList reads an attack given as a list: a weapon the actor holds
// and one creature present, each a part of its own, and nothing else but
// words of urging or where the blow lands.
func (p *parser) terseList(text string) (Intent, bool) {
	if strings.ContainsAny(text, quoteChars) {
		return Intent{}, false
	}
	var target, weapon string
	seen := 0
	for _, part := range splitOn(strings.ToLower(text), listBreaks) {
		ws := clean(p.possessives(tokenize(part)))
		if len(ws) == 0 {
			continue
		}
		seen++
		if id, o := p.one(ws, p.weapons(), false); o == resolved {
			if weapon != "" {
				return Intent{}, false
			}
			weapon = id
			continue
		}
		if id, o := p.one(ws, p.targets(), false); o == resolved && p.mayAttack(id) {
			if target != "" {
				return Intent{}, false
			}
			target = id
			continue
		}
		if slices.ContainsFunc(ws, func(w string) bool { return !terseFill[w] && !bodyParts[w] && !directions[w] }) {
			return Intent{}, false // a word the list has no place for: "longsword, goblin 1, then run"
		}
	}
	if target == "" || weapon == "" || seen < 2 {
		return Intent{}, false
	}
	return Intent{Kind: "attack", TargetID: target, Weapon: weapon}, true
}

// colourOpeners begin words after an action that say why or how it goes,
// not what else is done: "cure wounds on bram, he's bleeding out", "fire
// bolt at orc 2 since the wand's running low".
var colourOpeners = set("since", "because", "cause", "cuz", "coz", "as", "hes", "shes", "its", "theyre", "maybe",
	"hopefully", "lol", "pls", "plz", "please")

// withColour reads an attack or a cast followed by colour: words opened
// by a word of why or how, or a sentence after it that names no one and
// reads as no action ("... with her longsword. If it drops the blade,
// even better."). The action alone is read.
func (p *parser) withColour(text string) (Intent, bool) {
	if strings.ContainsAny(text, quoteChars) {
		return Intent{}, false
	}
	toks := tokenize(text)
	cuts := 0
	for i := 2; i < len(toks); i++ {
		if colourOpeners[toks[i].w] || toks[i].w == "." && i+1 < len(toks) {
			cuts++
		}
	}
	if cuts > maxClauses {
		// An action with its colour is a clause or two; a text of many
		// breaks is declined before each part is read again, which would
		// take time growing with every break.
		return Intent{}, false
	}
	for i := 2; i < len(toks); i++ {
		cut := colourOpeners[toks[i].w] || toks[i].w == "." && i+1 < len(toks)
		if !cut {
			continue
		}
		head, tail := joinTokens(toks[:i]), joinTokens(toks[i:])
		if toks[i].w == "." {
			tail = joinTokens(toks[i+1:])
		}
		in, ok := p.reread(head)
		if !ok || in.Kind != "attack" && in.Kind != "cast" {
			continue
		}
		if _, acts := p.reread(tail); acts {
			return Intent{}, false // a second action, not colour
		}
		tw := clean(p.possessives(tokenize(tail)))
		names, words := p.nameScan(tw)
		for _, nm := range names {
			if nm.slot != sItem && !(nm.slot == sWeapon && slices.Equal(nm.ids, []string{in.Weapon})) {
				return Intent{}, false // colour naming another creature, weapon or spell may be another action
			}
		}
		for _, w := range words {
			if !strings.HasPrefix(w, "~") && (verbs[w] || rivalVerbs[w] || frameAttackVerbs[w]) && !colourVerbs[w] {
				return Intent{}, false // "... since I then run": a deed of its own
			}
		}
		return in, true
	}
	return Intent{}, false
}

// colourVerbs are verbs colour after an action says of its target or the
// fight, not deeds of the actor: "he's bleeding out", "if it drops the blade".
var colourVerbs = set("drop", "bleed", "run", "fall", "talk", "die", "go", "get", "want", "need", "be", "is", "have")

// joinTokens joins the tokens' words, to be read again.
func joinTokens(toks []token) string { return strings.Join(tokenWords(toks), " ") }
