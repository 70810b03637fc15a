package intent

import "strings"

// giveVerbs hand an item to someone: "I give my potion to Bram", "hand
// Bram the potion", "toss the rope to Ilsa". A potion handed over is the
// use_item that lets its taker drink it; the rules decide whether it
// reaches them.
var giveVerbs = set("give", "hand", "pass", "toss", "throw", "feed", "offer", "slide", "lend")

// give reads "give X to Y" and "give Y X": an item the actor carries and
// a creature present, each named once.
func (p *parser) give(ws []string) (Intent, bool) {
	if len(ws) < 3 || !giveVerbs[ws[0]] {
		return Intent{}, false
	}
	ws = ws[1:]
	for i, w := range ws {
		if w != "to" {
			continue
		}
		item, o := p.one(ws[:i], p.items(), false)
		if o != resolved {
			return Intent{}, false
		}
		who, o := p.one(ws[i+1:], p.targets(), false)
		if o != resolved {
			return Intent{}, false
		}
		return Intent{Kind: "use_item", Item: item, TargetID: who}, true
	}
	var read []Intent
	for k := 1; k < len(ws); k++ {
		who, o1 := p.one(ws[:k], p.targets(), false)
		item, o2 := p.one(ws[k:], p.items(), false)
		if o1 == resolved && o2 == resolved {
			read = append(read, Intent{Kind: "use_item", Item: item, TargetID: who})
		}
	}
	if len(read) != 1 {
		return Intent{}, false
	}
	return read[0], true
}

// restWords begin the ways of saying a rest that do not say its length.
var restWords = set("sleep", "camp", "bed", "turn", "breather", "catch", "call", "rest")

// restSays are the words, after the lead words, that ask for a rest by
// what it is rather than by its name: a night's sleep is a long rest, a
// breather a short one. "rest" alone is not here: how long is the
// player's to say.
var restSays = map[string]string{
	"sleep": "long", "camp": "long", "bed down": "long", "turn in": "long", "call it night": "long",
	"take breather": "short", "have breather": "short", "breather": "short", "catch breath": "short",
}

// nightWords say the rest lasts the night.
var nightWords = []string{"for night", "until morning", "till morning", "until dawn", "till dawn",
	"overnight", "tonight", "for 8 hours", "here", "here for night", "here tonight", "at inn", "in inn"}

// restPhrase reads "I sleep for the night", "we camp for the night", "bed
// down", "let's call it a night", "take a breather", "rest until
// morning".
func restPhrase(ws []string) (Intent, bool) {
	if len(ws) == 0 || !restWords[ws[0]] && ws[0] != "take" && ws[0] != "have" {
		return Intent{}, false
	}
	all := strings.Join(ws, " ")
	for say, length := range restSays {
		tail, ok := strings.CutPrefix(all, say)
		if !ok || (tail != "" && tail[0] != ' ') {
			continue
		}
		tail = strings.TrimSpace(tail)
		if tail == "" || (length == "long" && containsString(nightWords, tail)) {
			return Intent{Kind: "rest", Rest: length}, true
		}
	}
	if ws[0] == "rest" && len(ws) > 1 && containsString(nightWords[:6], strings.Join(ws[1:], " ")) {
		return Intent{Kind: "rest", Rest: "long"}, true
	}
	return Intent{}, false
}

func containsString(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

// askWords are words that, in a question to the game master ("can I tell
// if he's lying?", "do I notice anything?") or a "see if" ("I try to
// tell whether he's honest"), say which skill answers it.
var askWords = map[string]skill{
	"lying": {"insight", "wis"}, "lies": {"insight", "wis"}, "truth": {"insight", "wis"},
	"truthful": {"insight", "wis"}, "honest": {"insight", "wis"}, "sincere": {"insight", "wis"},
	"bluffing": {"insight", "wis"}, "trustworthy": {"insight", "wis"}, "motives": {"insight", "wis"},
	"intentions": {"insight", "wis"},
	"notice":     {"perception", "wis"}, "hear": {"perception", "wis"}, "smell": {"perception", "wis"},
	"spot": {"perception", "wis"}, "sense": {"perception", "wis"},
	"track": {"survival", "wis"},
}

// sensed are what a question asks the senses to find: "do I notice
// anything?", "can I hear anyone behind the door?".
var sensed = set("anything", "something", "any", "anyone", "someone", "somebody", "anybody", "movement",
	"danger", "signs", "sign", "footsteps", "voices", "noise", "noises", "sounds", "unusual", "strange", "odd",
	"traps", "trap", "tracks", "hidden", "whether", "if")

// yesNo open a question that asks whether: "can I", "is he", "do I".
var yesNo = set("can", "could", "may", "might", "do", "does", "did", "is", "are", "am", "would", "will",
	"was", "were", "should", "has", "have", "any")

// wouldKnow open the words of a check the actor makes to find out:
// "tell if", "see whether".
var wouldKnow = set("tell", "see", "check", "figure", "find", "know", "judge", "work")

// asks reads a yes-or-no question to the game master, or words that try
// to find something out, whose words name what one skill answers: the
// check of that skill. A question naming none, or two, is left to the
// game master.
func asks(ws []string, question bool) (Intent, bool) {
	if len(ws) < 2 {
		return Intent{}, false
	}
	finds := wouldKnow[ws[0]] && (ws[1] == "if" || ws[1] == "whether" || (ws[1] == "out" && len(ws) > 2 && (ws[2] == "if" || ws[2] == "whether")))
	if !question && !finds {
		return Intent{}, false
	}
	var found skill
	for i, w := range ws {
		if sk, ok := askWords[w]; ok {
			if sk.id == "perception" && (i+1 == len(ws) || !sensed[ws[i+1]]) {
				continue // "did you hear that?" asks nothing of the senses' roll
			}
			if found.id != "" && found != sk {
				return Intent{}, false
			}
			found = sk
		}
	}
	if found.id == "" {
		return Intent{}, false
	}
	return Intent{Kind: "check", Ability: found.ability, Skill: found.id}, true
}

// spellFirst reads words that open with a spell's name and go on to its
// targets, without "cast": "fireball the orcs", "magic missile on goblin
// 2", "Shield!", "bless Bram, Ilsa and me". A name that is also one of
// the actor's items or weapons ("shield") is left alone.
func (p *parser) spellFirst(ws []string) (Intent, bool) {
	for _, cs := range [][]cand{p.spells(), p.otherSpells()} {
		best, hit := 0, -1
		for i, c := range cs {
			k := len(c.words)
			if k > len(ws) || !equalWords(ws[:k], c.words) {
				continue
			}
			if k > best {
				best, hit = k, i
			} else if k == best {
				hit = -1
			}
		}
		if best == 0 {
			continue
		}
		if hit < 0 {
			return Intent{}, false
		}
		name := ws[:best]
		for _, other := range [][]cand{p.items(), p.weapons()} {
			for _, c := range other {
				if equalWords(c.words, name) {
					return Intent{}, false
				}
			}
		}
		in := Intent{Kind: "cast", Spell: cs[hit].id}
		rest := ws[best:]
		if len(rest) > 0 && (rest[0] == "spell" || rest[0] == "cantrip") {
			rest = rest[1:]
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
	return Intent{}, false
}

// castTargets reads whom a spell is cast at: "at the orcs", "on Bram and
// me", or the names alone ("the orcs").
func (p *parser) castTargets(ws []string) ([]string, bool) {
	if len(ws) > 0 && targetPreps[ws[0]] {
		ws = ws[1:]
	}
	if len(ws) == 0 {
		return nil, false
	}
	return p.many(ws, p.targets(), true)
}

// ammo are what a ranged weapon shoots, named instead of the weapon ("I
// shoot an arrow at orc 2"): they say nothing of which weapon.
var ammo = set("arrow", "arrows", "bolt", "bolts", "bullet", "bullets", "stone", "stones", "dart", "darts")

// attackNouns are the words of an attack named by its weapon: "longsword
// attack on goblin 2", "a longbow shot at the orc".
var attackNouns = set("attack", "swing", "shot", "strike", "stab", "slash", "thrust", "swipe", "chop")

// weaponFirst reads an attack that opens with its weapon: "longsword
// attack on goblin 2", "I make a longbow attack against orc 2".
func (p *parser) weaponFirst(ws []string) (Intent, bool) {
	for k := 1; k < len(ws) && k <= 3; k++ {
		if !attackNouns[ws[k]] {
			continue
		}
		wid, o := p.one(ws[:k], p.weapons(), false)
		if o != resolved {
			return Intent{}, false
		}
		in, ok := p.attack(ws[k+1:])
		if !ok || in.Kind != "attack" || in.Weapon != "" {
			return Intent{}, false
		}
		in.Weapon = wid
		return in, true
	}
	return Intent{}, false
}

// itemSpell is the spell an item's name holds ("Wand of Magic Missiles"
// holds Magic Missile), "" when none does.
func (p *parser) itemSpell(item string) string {
	var words []string
	for _, c := range p.items() {
		if c.id == item {
			words = c.words
		}
	}
	for _, cs := range [][]cand{p.spells(), p.otherSpells()} {
		for _, c := range cs {
			n := len(c.words)
			for i := 0; i+n <= len(words); i++ {
				if equalWords(words[i:i+n-1], c.words[:n-1]) && (words[i+n-1] == c.words[n-1] || words[i+n-1] == c.words[n-1]+"s") {
					return c.id
				}
			}
		}
	}
	return ""
}
