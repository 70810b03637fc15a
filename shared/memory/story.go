package memory

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/narrator"
)

// The rolling summary is kept as the story's chapters: each fold appends
// one, the lines of the turns it told, and the chapters are parted by a
// blank line. The narrator's cached prompt gives each chapter a block of
// its own, so a fold adds a block after the last one instead of rewriting
// the summary, and the provider's cache keeps everything before it.
// A summary written before chapters (no blank line) is one chapter.

// MaxStory bounds the story as it is kept, in characters: what the
// narrator's summary share holds, with the chapters' own canon beside it.
// Past it, the oldest chapters go all at once, down to half (compaction),
// so that the cached story's start moves once in several folds rather
// than at every fold. What they told stays in the canon and in recall.
const MaxStory = 1200

// storyChapters are the story's chapters as the narrator parts them
// (narrator.Chapters), oldest first, each its lines without blank ones.
func storyChapters(story string) []string {
	cs := narrator.Chapters(strings.ReplaceAll(story, "\r\n", "\n"))
	for i, c := range cs {
		cs[i] = chapterText(c)
	}
	return cs
}

// chapterText is a chapter's lines, each trimmed, the blank ones left out:
// a blank line would part it in two.
func chapterText(s string) string {
	var lines []string
	for l := range strings.SplitSeq(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// AppendChapter is story with chapter appended, compacted when it
// outgrows MaxStory: the oldest chapters dropped until what is left fits
// in half of it (the new chapter is kept whatever its length, its oldest
// lines cut past MaxStory).
func AppendChapter(story, chapter string) string {
	cs := storyChapters(story)
	if c := chapterText(chapter); c != "" {
		cs = append(cs, c)
	}
	if len(cs) == 0 {
		return ""
	}
	last := strings.Split(cs[len(cs)-1], "\n")
	for len(last) > 1 && len(strings.Join(last, "\n")) > MaxStory {
		last = last[1:]
	}
	cs[len(cs)-1] = strings.Join(last, "\n")
	if storyLen(cs) > MaxStory {
		for len(cs) > 1 && storyLen(cs) > MaxStory/2 {
			cs = cs[1:]
		}
	}
	return strings.Join(cs, "\n\n")
}

func storyLen(cs []string) int { return len(strings.Join(cs, "\n\n")) }

// NewLines is what summary adds to previous: its lines that previous does
// not hold, as a chapter. A narrator that answers a whole summary (the
// previous one extended, its oldest lines perhaps dropped) is read as
// one that wrote the new chapter alone.
func NewLines(previous, summary string) string {
	had := map[string]bool{}
	for l := range strings.SplitSeq(previous, "\n") {
		had[strings.TrimSpace(l)] = true
	}
	var out []string
	for l := range strings.SplitSeq(summary, "\n") {
		if l = strings.TrimSpace(l); l != "" && !had[l] {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// chapter is one of the story's chapters as the builder renders it: its
// lines and the first turn it tells (0 when no line names one).
type chapter struct {
	lines []string
	first int
}

// parseChapters are the story's chapters with the first turn each tells.
// A chapter whose lines name no turn starts where the one before ended.
func parseChapters(story string) []chapter {
	var out []chapter
	for _, c := range storyChapters(story) {
		ch := chapter{lines: strings.Split(c, "\n")}
		for _, l := range ch.lines {
			if m := turnLineRe.FindStringSubmatch(l); m != nil {
				if n, _ := strconv.Atoi(m[1]); n > 0 && (ch.first == 0 || n < ch.first) {
					ch.first = n
				}
			}
		}
		out = append(out, ch)
	}
	// A chapter's start is never before the one before it: the facts are
	// given to chapters by turn, and each fact to one.
	for i := 1; i < len(out); i++ {
		out[i].first = max(out[i].first, out[i-1].first)
	}
	return slices.Clip(out)
}

// storyStart is the first turn the story's chapters tell, 0 when none
// does: the canon block holds the facts of the turns before it.
func (b *builder) storyStart() int {
	if len(b.chapters) == 0 {
		return 0
	}
	return b.chapters[0].first
}

// storyCanonHead opens a chapter's canon: the facts its turns established.
const storyCanonHead = "Canon of these turns (never contradict it):"

// chapterCanonShare is the part of the canon's share each chapter's own
// facts may take, as a divisor: the weightiest of them, so that a
// chapter's block is as long as the story keeps it, written once.
const chapterCanonShare = 4

// fitStory is the cached layout's summary: every chapter the story keeps,
// each with the weightiest facts of its turns the present characters
// know, so that a fold adds its chapter and that chapter's canon after
// the last and changes nothing before it. The story is bounded as it is
// kept (AppendChapter); past twice limit (a story kept before chapters),
// its oldest chapters go, then the oldest lines of the one left.
func (b *builder) fitStory(limit int) {
	cp := b.checkpoint()
	var blocks [][]string
	factOf := map[string]string{} // a chapter's canon line: its fact's id
	for i, ch := range b.chapters {
		end := cp + 1
		if i+1 < len(b.chapters) && b.chapters[i+1].first > 0 {
			end = min(end, b.chapters[i+1].first)
		}
		lines := slices.Clone(ch.lines)
		if facts := b.chapterFacts(ch.first, end, factOf); len(facts) > 0 {
			lines = append(append(lines, storyCanonHead), facts...)
		}
		blocks = append(blocks, lines)
	}
	join := func(bs [][]string) []string {
		var out []string
		for i, lines := range bs {
			if i > 0 {
				out = append(out, "")
			}
			out = append(out, lines...)
		}
		return out
	}
	drops := 0
	for len(blocks) > 0 && b.linesTokens(join(blocks)) > 2*limit {
		if len(blocks) > 1 {
			drops += len(blocks[0])
			blocks = blocks[1:]
			continue
		}
		if len(blocks[0]) <= 1 {
			break
		}
		blocks[0] = blocks[0][1:]
		drops++
	}
	b.summary, b.summaryDrops = join(blocks), drops
	b.storyFacts = map[string]bool{}
	for _, l := range b.summary {
		if id, ok := factOf[l]; ok {
			b.storyFacts[id] = true
		}
	}
}

// chapterFacts are the canon lines of the turns from first to before end:
// the facts the present characters know, weightiest and newest first up
// to the chapter's part of the canon's share, shown oldest first. Each
// line's fact is recorded in factOf.
func (b *builder) chapterFacts(first, end int, factOf map[string]string) []string {
	type entry struct {
		turn, weight int
		line         string
	}
	var es []entry
	for _, f := range b.in.Memory.Ledger.Facts {
		if f.Turn < first || f.Turn >= end || !b.knownHere(f.Visibility) {
			continue
		}
		line := b.canonLine(f)
		factOf[line] = f.ID
		es = append(es, entry{turn: f.Turn, weight: kindWeight[f.Kind], line: line})
	}
	slices.SortStableFunc(es, func(x, y entry) int {
		return cmp.Or(cmp.Compare(y.weight, x.weight), cmp.Compare(y.turn, x.turn))
	})
	limit := b.caps[LayerCanon] / chapterCanonShare
	used := b.tok(storyCanonHead) + 1
	var kept []entry
	for _, e := range es {
		n := b.tok(e.line) + 1
		if used+n > limit {
			continue
		}
		used += n
		kept = append(kept, e)
	}
	slices.SortStableFunc(kept, func(x, y entry) int { return cmp.Compare(x.turn, y.turn) })
	out := make([]string, len(kept))
	for i, e := range kept {
		out[i] = e.line
	}
	return out
}
