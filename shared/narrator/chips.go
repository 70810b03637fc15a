package narrator

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Bounds of the chips offered after a turn.
const (
	// MaxSuggestions is the most next actions a turn offers the players.
	MaxSuggestions     = 3
	maxSuggestion      = 60 // characters
	maxSuggestionWords = 10
)

// NextActions are the next actions offered to the players as chips after
// a turn, from what the engine knows once it is decided, without a model:
// in a fight, striking the foes still standing and dodging; otherwise,
// speaking with someone present, going on to a neighbouring area and
// looking around. Every name is the engine's or the scene's, so a chip
// holds no number the engine did not make ("Attack Goblin 2" names a
// foe). The parser reads "Attack Goblin 2", "Dodge", "Go to Cellar" and
// "Look around" as they are, so such a chip sent unchanged costs no
// intent reading; "Talk to Marta" it leaves to intent reading or speech,
// as a player's own words. At most MaxSuggestions.
func NextActions(req Request) []string {
	var out []string
	add := func(s string) {
		s = oneLine(s)
		if s != "" && utf8.RuneCountInString(s) <= maxSuggestion && len(strings.Fields(s)) <= maxSuggestionWords &&
			!slices.Contains(out, s) && len(out) < MaxSuggestions {
			out = append(out, s)
		}
	}
	var standing []string
	for _, t := range req.Threats {
		if !standingState(t.State) {
			continue
		}
		standing = append(standing, t.Name)
	}
	if len(standing) > 0 {
		for _, name := range standing[:min(len(standing), MaxSuggestions-1)] {
			add("Attack " + name)
		}
		add("Dodge")
		return out
	}
	if len(req.Scene.NPCs) > 0 {
		add("Talk to " + req.Scene.NPCs[0])
	}
	for _, exit := range req.Area.Exits {
		if len(out) >= MaxSuggestions-1 {
			break
		}
		add("Go to " + exit)
	}
	add("Look around")
	return out
}

// standingState reports whether a threat in the state its words give
// (Threat.State: "unhurt", "badly wounded, prone", "dead") can still be
// struck down.
func standingState(state string) bool {
	first, _, _ := strings.Cut(state, ",")
	switch strings.TrimSpace(first) {
	case "dead", "down":
		return false
	}
	return true
}
