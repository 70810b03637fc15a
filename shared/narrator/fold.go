package narrator

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"chronicler/shared/campaign"
)

// Fold is the low tier's answer at a fold (record_fold): the story's new
// chapter (the rolling summary's lines of the turns since the last fold,
// which the game appends to the story: the model neither rewrites nor
// repeats what the story told) and the facts of those turns,
// each turn's facts apart, so that each is validated against its own
// turn as one extraction is.
type Fold struct {
	Summary string      `json:"summary" jsonschema_description:"The new chapter of the story: only the new turns, one line per turn in the form 'Turn N: what happened.', plain text under 1,200 characters. Never repeat the story so far."`
	Turns   []TurnFacts `json:"turns,omitempty" jsonschema_description:"The facts of each turn whose facts are asked for, one entry per turn that establishes any; leave out a turn that establishes nothing."`
}

// TurnFacts are the facts of one turn of a fold: its number and its
// extraction.
type TurnFacts struct {
	Turn int `json:"turn" jsonschema_description:"The number of the turn these facts come from."`
	Extraction
}

// FoldRequest asks for a fold: the summary extended by Turns, and the
// facts of those of them listed in Read.
type FoldRequest struct {
	CampaignName string
	Previous     string // the story so far: its newest lines are given as context
	Scene        campaign.Scene
	// Turns are every turn since the last fold, oldest first: the summary
	// tells them all.
	Turns []campaign.Turn
	// Read are the sequence numbers of the turns whose facts are asked
	// for: the players' turns. The turns the engine plays (a monster's, a
	// forced death save) are told by its rules result, which the
	// deterministic extraction reads; a model adds nothing to them.
	Read []int
	// Party are the player characters' names: never NPCs.
	Party []string
	// Known are the names the campaign's memory already holds.
	Known []string
}

// Folded is a fold's validated answer and what its call cost.
type Folded struct {
	Fold
	Model string
	Usage Usage
}

// Folder is a narrator that can fold: write the story's new chapter and
// read the facts of several turns in one call, as one JSON object.
type Folder interface {
	// Fold asks the low tier for the new chapter and the facts of the
	// turns req.Read lists. The answer is validated whole (DecodeFold):
	// when any part of it fails, Fold returns the Folded with Model and
	// Usage filled (the call was paid for), nothing else, and an Invalid
	// error; other errors are Unavailable.
	Fold(ctx context.Context, req FoldRequest) (Folded, error)
}

// FoldWith is Folder.Fold for an adapter's FormCall: a record_fold
// answer, validated by DecodeFold.
func FoldWith(ctx context.Context, call FormCall, op string, req FoldRequest) (Folded, error) {
	f, model, usage, err := ask(ctx, call, op, FoldBlocks(req), FoldForm(), func(text []byte) (Fold, error) {
		return DecodeFold(text, req)
	})
	return Folded{Fold: f, Model: model, Usage: usage}, err
}

// FoldFormName names a fold's answer.
const FoldFormName = "record_fold"

// FoldForm is the record_fold answer, reflected from Fold.
var FoldForm = sync.OnceValue(func() Form { return formOf(FoldFormName, &Fold{}) })

// maxFoldSummary bounds a fold's chapter: twice what the contract asks,
// so a chapter a little long is kept, one that ran on is refused.
const maxFoldSummary = 2400

// foldContext bounds the story so far a fold is shown, in characters:
// its newest lines, enough to go on from; the chapter tells only the new
// turns.
const foldContext = 1200

// DecodeFold decodes and validates a record_fold answer for req. It
// refuses the whole answer (never part of it) when it is not one JSON
// object (oneObject) of Fold's fields; when its chapter (Summary) is
// empty, longer than maxFoldSummary characters, holds control characters,
// or has a "Turn N:" line for a turn that is not among the new ones (the
// story so far retold, which appending would tell twice); when an entry
// names a turn whose facts were not asked for (a turn the engine played,
// one not in the fold) or a turn twice; or when any
// turn's facts fail validExtraction's checks against that turn. Errors
// are Invalid.
func DecodeFold(raw []byte, req FoldRequest) (Fold, error) {
	const op = "decode fold"
	var f Fold
	if err := decodeStrict(raw, &f); err != nil {
		return Fold{}, errInvalid(op, "not a record_fold answer: %v", err)
	}
	sum := strings.TrimSpace(f.Summary)
	switch {
	case sum == "":
		return Fold{}, errInvalid(op, "the summary is empty")
	case !utf8.ValidString(sum):
		return Fold{}, errInvalid(op, "the summary is not valid UTF-8")
	case utf8.RuneCountInString(sum) > maxFoldSummary:
		return Fold{}, errInvalid(op, "the summary is longer than %d characters", maxFoldSummary)
	case strings.IndexFunc(sum, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' && r != '\r' }) >= 0:
		return Fold{}, errInvalid(op, "the summary has control characters")
	}
	lines := storyLines(sum) // a blank line would part the chapter in two
	for _, l := range lines {
		if m := chapterTurn.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[1])
			if !slices.ContainsFunc(req.Turns, func(t campaign.Turn) bool { return t.Sequence == n }) {
				return Fold{}, errInvalid(op, "the chapter tells turn %d, which is not among the new turns", n)
			}
		}
	}
	f.Summary = strings.Join(lines, "\n")
	turns := map[int]campaign.Turn{}
	for _, t := range req.Turns {
		if slices.Contains(req.Read, t.Sequence) {
			turns[t.Sequence] = t
		}
	}
	seen := map[int]bool{}
	for i := range f.Turns {
		e := &f.Turns[i]
		t, ok := turns[e.Turn]
		switch {
		case !ok:
			return Fold{}, errInvalid(op, "facts of turn %d, which were not asked for", e.Turn)
		case seen[e.Turn]:
			return Fold{}, errInvalid(op, "turn %d has two entries", e.Turn)
		}
		seen[e.Turn] = true
		x, err := validExtraction(e.Extraction, t)
		if err != nil {
			return Fold{}, errInvalid(op, "turn %d: %v", e.Turn, err)
		}
		e.Extraction = x
	}
	slices.SortFunc(f.Turns, func(a, b TurnFacts) int { return a.Turn - b.Turn })
	return f, nil
}

// foldContract is the instruction of a fold: the summary's rules
// and the extraction's, for several turns at once.
const foldContract = `You keep the memory of a tabletop roleplaying campaign: its rolling summary and its canon. You read the turns played since you last did, and answer with the new summary and the facts.

The summary:
Write plain text only. No Markdown, no HTML, no emoji, no headings, no bullet points.
Write only the story's new chapter: the new turns, one line per turn in the form "Turn N: what happened." The story so far is kept as it is; never repeat or rewrite it. Keep names, places, promises, items and numbers exactly as given. Leave out verbatim dialogue and description.
Keep the chapter under 1,200 characters.

The facts, only of the turns whose facts are asked for, one entry per turn, with its number:
Record the facts each turn establishes: people introduced by name (with species, role and looks only if the turn gives them), things acquired, named places, promises, debts, deaths, and words the campaign coined.
Record only what the turn states. Never guess and never add what is not written.
The player characters are not NPCs. What a player says their character wants or tries is not a fact unless the narration or the rules result says it happened; a player may only commit their own character to a promise or a debt.
For every entry, copy into evidence the one sentence of that same turn that states it, exactly as written.
Leave out names listed as already known, and a name an earlier turn of these already recorded.
Define each coined term in at most 12 words, from how the turn uses it.
Record what the narration changes about the scene: the time of day when it moves on, the weather when it changes, named NPCs who come to be with the party or leave. Record an NPC's attitude towards the party (friendly, indifferent, hostile) when the narration shows it change. Never record where the party is, and nothing the player only says.
Leave out a turn that establishes nothing.`

// engineTurnNote marks a turn of a fold whose facts are not asked for.
const engineTurnNote = "  (played by the rules engine: tell it in the summary; record no facts from it)"

// FoldBlocks is the prompt of a fold: the contract; the campaign, the
// party and the known names; the newest lines of the story so far; the
// turns, each in full (its evidence is quoted from it), those whose facts
// are not asked for marked.
func FoldBlocks(req FoldRequest) []Block {
	head := []string{"Campaign: " + oneLine(req.CampaignName)}
	if s := scene(req.Scene, Area{}, nil); s != "" {
		head = append(head, s)
	}
	if len(req.Party) > 0 {
		head = append(head, "The player characters (not NPCs): "+strings.Join(oneLines(req.Party), ", ")+".")
	}
	if len(req.Known) > 0 {
		head = append(head, "Already known, leave out: "+strings.Join(oneLines(req.Known), ", ")+".")
	}
	prev := storyTail(req.Previous, foldContext)
	if prev == "" {
		prev = "(none yet: this is the start of the campaign)"
	}
	lines := []string{"The new turns, oldest first:"}
	var read []string
	for _, t := range req.Turns {
		lines = append(lines, fullTurnLines(t)...)
		if slices.Contains(req.Read, t.Sequence) {
			read = append(read, fmt.Sprint(t.Sequence))
		} else {
			lines = append(lines, engineTurnNote)
		}
	}
	if len(req.Turns) == 0 {
		lines = append(lines, "(none)")
	}
	asked := "Facts are asked for no turn."
	if len(read) > 0 {
		asked = "Facts are asked for turns: " + strings.Join(read, ", ") + "."
	}
	lines = append(lines, "", asked, "Write the new summary and record the facts.")
	return []Block{
		{Name: BlockSystem, Text: foldContract},
		{Name: BlockWorld, Text: strings.Join(head, "\n")},
		{Name: BlockSummary, Text: "The story so far (kept as it is; do not repeat it):\n" + prev},
		{Name: BlockTurns, Text: strings.Join(lines, "\n")},
	}
}

// chapterTurn reads the turn a chapter's line tells.
var chapterTurn = regexp.MustCompile(`^Turn (\d+)\b`)

// storyTail is the newest lines of story within limit characters (the
// newest one whatever its length), its blank lines left out.
func storyTail(story string, limit int) string {
	lines := storyLines(story)
	n, from := 0, len(lines)
	for from > 0 && (from == len(lines) || n+len(lines[from-1])+1 <= limit) {
		n += len(lines[from-1]) + 1
		from--
	}
	return strings.Join(lines[from:], "\n")
}

// storyLines are the lines of story (a chapter, or the story so far),
// each trimmed, without the blank ones.
func storyLines(story string) []string {
	var lines []string
	for l := range strings.SplitSeq(story, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return lines
}
