package memory

import (
	"fmt"
	"strings"
	"testing"

	"chronicler/shared/campaign"
)

func TestAppendChapter(t *testing.T) {
	// lines is n lines "Turn from: ..." of 99 characters each with the
	// newline between them.
	lines := func(from, n int) string {
		var ls []string
		for i := range n {
			l := fmt.Sprintf("Turn %d: ", from+i)
			ls = append(ls, l+strings.Repeat("x", 99-len(l)))
		}
		return strings.Join(ls, "\n")
	}
	for _, tc := range []struct {
		name, story, chapter, want string
	}{
		{"GoesAfterABlankLine", "Turn 1: Kira came.", "Turn 2: Bram left.", "Turn 1: Kira came.\n\nTurn 2: Bram left."},
		{"StartsTheStory", "", "  Turn 1: Kira came.  \n\n", "Turn 1: Kira came."},
		{"KeepsItsLinesTogether", "Turn 1: a.", "Turn 2: b.\n\nTurn 3: c.", "Turn 1: a.\n\nTurn 2: b.\nTurn 3: c."},
		{"EmptyAddsNothing", "Turn 1: a.\r\n\r\nTurn 2: b.", " \n", "Turn 1: a.\n\nTurn 2: b."},
		// Four chapters of 299 characters and a fifth pass MaxStory (1,503):
		// the oldest go until the story fits in half of it (600).
		{"CompactsToHalfPastTheBound",
			strings.Join([]string{lines(1, 3), lines(4, 3), lines(7, 3), lines(10, 3)}, "\n\n"), lines(13, 3),
			lines(10, 3) + "\n\n" + lines(13, 3)},
		{"UnderTheBoundKeepsAll",
			strings.Join([]string{lines(1, 3), lines(4, 3)}, "\n\n"), lines(7, 3),
			strings.Join([]string{lines(1, 3), lines(4, 3), lines(7, 3)}, "\n\n")},
		// A chapter longer than the bound keeps its newest lines that fit
		// (twelve, 1,199 characters), and the chapter before goes.
		{"CutsALongChapter", lines(1, 1), lines(2, 14), lines(4, 12)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := AppendChapter(tc.story, tc.chapter); got != tc.want {
				t.Errorf("AppendChapter = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestNewLinesAreWhatTheSummaryAdds(t *testing.T) {
	got := NewLines("Turn 1: a.\n\nTurn 2: b.", "Turn 2: b.\n  Turn 3: c.\n\nTurn 4: d.")
	if want := "Turn 3: c.\nTurn 4: d."; got != want {
		t.Fatalf("NewLines = %q, want %q", got, want)
	}
}

// Each chapter of the cached story carries the canon of its own turns,
// and the canon block only the facts of turns before the story's first
// chapter; lore does not repeat a fact a chapter shows.
func TestStoryChaptersCarryTheirTurnsCanon(t *testing.T) {
	all := Visibility{All: true}
	var m Memory
	m.Ledger.Facts = []Fact{
		{ID: "f1", Turn: 1, Kind: KindNPC, Subject: "Hobb", Text: "Hobb Tallow keeps the ferry.", Visibility: all},
		{ID: "f3", Turn: 3, Kind: KindPromise, Subject: "Marta", Text: "Marta swore to guard the key.", Visibility: all},
		{ID: "f6", Turn: 6, Kind: KindPlace, Subject: "Gloamwood", Text: "Gloamwood lies past the drowned mill.", Visibility: all},
	}
	kira := campaign.Character{ID: "c1", Name: "Kira", Presence: campaign.Present}
	in := Input{CampaignName: "Road", Characters: []campaign.Character{kira}, Actor: kira, Memory: m,
		Summary: "Turn 2: Kira met Marta.\nTurn 3: Marta swore.\n\nTurn 5: They left.\nTurn 6: They saw Gloamwood.",
		Action:  "I ask Marta about Gloamwood and Hobb", Turn: 8, Unsummarized: 1}
	s, _ := Build(in, DefaultBudget())
	story := s.Request.Summary
	first, second, ok := strings.Cut(story, "\n\n")
	if !ok {
		t.Fatalf("the story is not two chapters:\n%s", story)
	}
	if !strings.Contains(first, storyCanonHead+"\nTurn 3: Marta swore to guard the key.") || strings.Contains(first, "Gloamwood lies") {
		t.Errorf("the first chapter does not carry turn 3's fact alone:\n%s", first)
	}
	if !strings.Contains(second, storyCanonHead+"\nTurn 6: Gloamwood lies past the drowned mill.") {
		t.Errorf("the second chapter does not carry turn 6's fact:\n%s", second)
	}
	if canon := s.Request.Canon; !strings.Contains(canon, "Hobb Tallow keeps the ferry.") || strings.Contains(canon, "Marta swore") || strings.Contains(canon, "Gloamwood lies") {
		t.Errorf("the canon block holds other than the facts before the story:\n%s", canon)
	}
	if lore := s.Request.Lore; strings.Contains(lore, "Marta swore") || strings.Contains(lore, "Gloamwood lies") {
		t.Errorf("lore repeats what a chapter shows:\n%s", lore)
	}
}
