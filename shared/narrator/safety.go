package narrator

import (
	"slices"
	"strings"
)

// Faded is what the table is shown in place of a sentence that tells a
// veiled subject: the scene moves off screen, and the story goes on.
const Faded = "The scene fades; what happens there stays off screen."

// limitTerms is what of one line or veil a sentence may not hold: its
// words joined (the phrase), and its content words, stemmed.
type limitTerms struct {
	phrase string
	words  []string
}

func limitTermsOf(texts []string) []limitTerms {
	var out []limitTerms
	for _, t := range texts {
		l := limitTerms{phrase: strings.Join(lowerWords(t), " "), words: contentWords(t)}
		if l.phrase != "" {
			out = append(out, l)
		}
	}
	return out
}

// touches reports a sentence of text that holds a limit: its phrase, or
// any of its content words, or a word that begins with one of four
// letters or more ("spider" holds "spiders" and "spiderweb"). A limit is
// held more tightly than a secret: a secret's words may be public, a
// line's may never be shown, and a narration that misses one word of the
// table's limits costs more than one that leaves a harmless word out.
func touches(text string, limits []limitTerms) bool {
	if len(limits) == 0 {
		return false
	}
	raw := lowerWords(text)
	joined := " " + strings.Join(raw, " ") + " "
	stems := make(map[string]bool, len(raw))
	for _, w := range contentWords(text) {
		stems[w] = true
	}
	for _, l := range limits {
		if strings.Contains(joined, " "+l.phrase+" ") {
			return true
		}
		for _, w := range l.words {
			if stems[w] {
				return true
			}
			if len(w) < 4 {
				continue
			}
			for _, r := range raw {
				if strings.HasPrefix(r, w) {
					return true
				}
			}
		}
	}
	return false
}

// limitsText is what the narrator's prompt says of the table's limits:
// one line each for the lines and the veils, "" when there are none.
func limitsText(lines, veils []string) string {
	var parts []string
	if len(lines) > 0 {
		parts = append(parts, "Lines the table has drawn (never show, name or hint at these; steer the story away from them): "+joinLimits(lines)+".")
	}
	if len(veils) > 0 {
		parts = append(parts, "Veils (these may happen, but off screen: cut away before them and go on after, telling none of it): "+joinLimits(veils)+".")
	}
	return strings.Join(parts, "\n")
}

func joinLimits(ts []string) string {
	out := make([]string, 0, len(ts))
	for _, t := range ts {
		if t = oneLine(t); t != "" {
			out = append(out, t)
		}
	}
	return strings.Join(out, "; ")
}

// Within keeps the texts that hold none of the grounds' lines and veils:
// what else the table is shown of a turn (the chips offered after it).
func (g Grounds) Within(texts []string) []string {
	limits := limitTermsOf(append(slices.Clip(g.Lines), g.Veils...))
	var out []string
	for _, t := range texts {
		if !touches(t, limits) {
			out = append(out, t)
		}
	}
	return out
}

// Clear is text without the sentences that hold one of the grounds' lines
// or veils: what the table is told again of turns already told (a
// recap built from summaries and canon), where a sentence cannot be
// asked for again. Text the grounds have no limits for comes back as it
// is.
func (g Grounds) Clear(text string) string {
	if len(g.Lines) == 0 && len(g.Veils) == 0 {
		return text
	}
	done, _ := sentences(text, true)
	return strings.TrimSpace(strings.Join(g.Within(done), ""))
}
