package narrator

import (
	"context"
	"fmt"
	"hash/fnv"
	"strings"
	"time"
	"unicode"
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

var openings = []string{
	"The moment hangs in the air.",
	"Around the party, %s seems to hold its breath.",
	"A hush settles over %s.",
	"Somewhere in %s, something shifts.",
	"The air of %s is still.",
}

var closings = []string{
	"The world waits to see what comes next.",
	"What the party does now is up to them.",
	"For now, nothing stirs in answer.",
	"The story leans forward, waiting.",
}

var suggestionSets = [][]string{
	{"Look around carefully", "Talk to the others", "Press on"},
	{"Search the area", "Listen for danger", "Rest a moment"},
	{"Ask a question", "Check your gear", "Move ahead cautiously"},
}

func pick(seed string, n int) int {
	h := fnv.New32a()
	h.Write([]byte(seed))
	return int(h.Sum32() % uint32(n))
}

// Narrate implements Narrator. It emits the text a sentence at a time, as a
// model would stream it.
func (o Offline) Narrate(ctx context.Context, req Request, emit func(string) error) (Narration, error) {
	place := req.Scene.Location
	if place == "" {
		place = "the place"
	}
	open := openings[pick(req.TurnID+"o", len(openings))]
	if strings.Contains(open, "%s") {
		open = fmt.Sprintf(open, place)
	}
	name := req.Actor.Name
	if name == "" {
		name = "The party"
	}
	action := plainAction(req.Action)
	sentences := []string{open, fmt.Sprintf("%s %s.", name, action)}
	if req.RulesResult != "" {
		sentences = append(sentences, plainSentence(req.RulesResult))
	}
	sentences = append(sentences, closings[pick(req.TurnID+"c", len(closings))])
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
	return Narration{Text: b.String(), Suggestions: suggestionSets[pick(req.TurnID+"s", len(suggestionSets))]}, nil
}

// plainAction turns a player's free text into a clause: "I open the door"
// becomes "opens the door"-ish without pretending to understand grammar;
// anything else is reported as an attempt.
func plainAction(text string) string {
	t := strings.TrimSpace(strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, text))
	t = strings.TrimRight(t, ".!? ")
	if t == "" {
		return "waits"
	}
	return fmt.Sprintf("acts: %q", t)
}

func plainSentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	s = string(r)
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// maxSummary bounds the offline rolling summary.
const maxSummary = 1200

// Summarize implements Narrator: it appends one line per turn and keeps the
// most recent lines that fit.
func (Offline) Summarize(ctx context.Context, req SummaryRequest) (string, error) {
	lines := []string{}
	if req.Previous != "" {
		lines = strings.Split(req.Previous, "\n")
	}
	for _, t := range req.Turns {
		lines = append(lines, fmt.Sprintf("Turn %d: %s %s.", t.Sequence, t.ActorName, plainAction(t.Action)))
	}
	for len(lines) > 1 && len(strings.Join(lines, "\n")) > maxSummary {
		lines = lines[1:]
	}
	return strings.Join(lines, "\n"), ctx.Err()
}
