package memory

import (
	"regexp"
	"slices"
	"strings"

	"chronicler/shared/narrator"
)

// maxMoments bounds the moments a recap tells.
const maxMoments = 6

// momentWeight orders what a recap tells when there is more than it has
// room for: deaths, then promises and debts, then what was found and
// decided, then who and where.
var momentWeight = map[Kind]int{KindDeath: 6, KindPromise: 5, KindDebt: 5, KindItem: 4, KindDecision: 4, KindNPC: 3, KindPlace: 2}

// rulesFigures are the rules' numbers in a ruling a recap retells.
var rulesFigures = regexp.MustCompile(`\s*\([^()]*\d[^()]*\)|\bdrops to 0 HP and\s+`)

// Moments are the key moments of turns after from up to to, in prose and
// in the order they happened: deaths, promises and debts, what was found
// and decided, who was met and where, from the canon every player may
// hear (never a GM-only fact). None when the canon holds no such moment.
func (m Memory) Moments(from, to int) []narrator.Moment {
	return m.MomentsKnown(from, to, func(Visibility) bool { return true })
}

// MomentsKnown are Moments told from the facts known says are known (to
// a character, a player's characters, the whole table): a recap that
// tells only what its listeners' characters know.
func (m Memory) MomentsKnown(from, to int, known func(Visibility) bool) []narrator.Moment {
	var facts []Fact
	for _, f := range m.Ledger.Facts {
		if f.Turn <= from || f.Turn > to || f.Visibility.GMOnly || momentWeight[f.Kind] == 0 || !known(f.Visibility) {
			continue
		}
		facts = append(facts, f)
	}
	// The weightiest first when there are too many; told in turn order.
	byWeight := slices.Clone(facts)
	slices.SortStableFunc(byWeight, func(a, b Fact) int { return momentWeight[b.Kind] - momentWeight[a.Kind] })
	byWeight = byWeight[:min(len(byWeight), maxMoments)]
	var dead []string
	var out []narrator.Moment
	deathAt, deathTurn := -1, 0
	seen := map[string]bool{}
	for _, f := range facts {
		if !slices.ContainsFunc(byWeight, func(g Fact) bool { return g.ID == f.ID }) {
			continue
		}
		var s string
		switch f.Kind {
		case KindDeath:
			if !slices.Contains(dead, f.Subject) {
				dead = append(dead, f.Subject)
			}
			if deathAt < 0 {
				deathAt, deathTurn = len(out), f.Turn
			}
			continue // told together, where the first fell
		case KindNPC:
			who := f.Subject
			if n, ok := m.Roster.Get(f.Subject); ok {
				who = n.Identity()
			}
			s = "The party met " + who + "."
		case KindPlace:
			s = "Word came of " + the(f.Subject) + "."
		default:
			s = narrator.ThirdPerson(f.Subject, rulesFigures.ReplaceAllString(f.Text, ""))
		}
		if k := strings.ToLower(s); !seen[k] {
			seen[k] = true
			out = append(out, narrator.Moment{Turn: f.Turn, Text: s})
		}
	}
	if len(dead) > 0 {
		out = slices.Insert(out, deathAt, narrator.Moment{Turn: deathTurn, Text: fallen(dead)})
	}
	return out
}

// fallen tells the dead in one sentence: "Goblin 1 and Goblin 3 fell,
// never to rise."
func fallen(names []string) string {
	list := names[0]
	switch n := len(names); {
	case n == 2:
		list = names[0] + " and " + names[1]
	case n > 2:
		list = strings.Join(names[:n-1], ", ") + " and " + names[n-1]
	}
	return list + " fell, never to rise."
}

func the(name string) string {
	if strings.HasPrefix(strings.ToLower(name), "the ") {
		return name
	}
	return "the " + name
}
