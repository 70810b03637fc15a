package memory

import (
	"strings"
	"testing"
)

func TestRecallFindsFactPlanted200TurnsEarlier(t *testing.T) {
	s := newScript(5, 230, 0, 0)
	const said = "A cartographer named Ysolde Quarrin shows Kira the smugglers' cache beneath the copper millstone."
	s.Turns[9].Narration = said + " " + s.Turns[9].Narration
	var m Memory
	summary := ""
	for i, turn := range s.Turns {
		m.Observe(turn, s.Present[i])
		summary = summarize(summary, turn, 1200)
	}
	if strings.Contains(summary, "Ysolde") {
		t.Fatal("the rolling summary still holds the planted fact; the test proves nothing")
	}
	got := Recall(m.Index, "I ask around for Ysolde, the cartographer, at the river docks", 300)
	if len(got) == 0 {
		t.Fatal("nothing recalled")
	}
	if got[0].Turn != 10 || got[0].FactID == "" || !strings.Contains(got[0].Text, "beneath the copper millstone") {
		t.Errorf("first recalled = %+v, want the fact planted at turn 10", got[0])
	}
}

func TestRecallRanking(t *testing.T) {
	var m Memory
	m.Observe(narrated(1, "Kira", "", "An innkeeper named Marta pours ale at the Gilded Goose Inn."), []string{"c1"})
	for seq := 2; seq <= 40; seq++ {
		m.Observe(narrated(seq, "Kira", "", "Marta polishes the bar of the Gilded Goose Inn while rain falls."), []string{"c1"})
	}
	m.Observe(narrated(41, "Kira", "", "Bram takes the Moonglass Key from under the bar."), []string{"c1"})
	m.Observe(narrated(42, "Kira", "", "The Moonglass Key hums when Oswin Thorne walks past."), []string{"c1"})

	tests := []struct {
		name, query string
		budget      int
		check       func(t *testing.T, got []Recalled)
	}{
		{"RareNameFirst", "I show Marta the Moonglass Key", 400, func(t *testing.T, got []Recalled) {
			if len(got) == 0 || !strings.Contains(got[0].Text, "Moonglass Key") {
				t.Errorf("first = %+v, want the Moonglass Key ahead of Marta's many mentions", got)
			}
		}},
		{"FactBeforeExcerpt", "the Moonglass Key", 400, func(t *testing.T, got []Recalled) {
			if len(got) < 2 || got[0].FactID == "" {
				t.Errorf("got %+v, want the fact first", got)
			}
		}},
		{"WithinBudget", "Marta Gilded Goose Inn", 60, func(t *testing.T, got []Recalled) {
			used := 0
			for _, r := range got {
				used += r.Tokens
			}
			if used > 60 || len(got) == 0 {
				t.Errorf("used %d tokens in %d items, want 1..60", used, len(got))
			}
		}},
		{"NothingInCommon", "I juggle three apples", 400, func(t *testing.T, got []Recalled) {
			if len(got) != 0 {
				t.Errorf("got %+v, want nothing", got)
			}
		}},
		{"NoBudget", "Marta", 0, func(t *testing.T, got []Recalled) {
			if got != nil {
				t.Errorf("got %+v with no budget", got)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, Recall(m.Index, tt.query, tt.budget)) })
	}
}

func TestIndexSkipsSaturatedMentions(t *testing.T) {
	var x Index
	for seq := 1; seq <= 3*saturated; seq++ {
		x.AddTurn(narrated(seq, "Kira", "", "Marta polishes the bar."), []string{"c1"})
	}
	if n := len(x.Docs); n != saturated {
		t.Errorf("indexed %d excerpts of the same mention, want %d", n, saturated)
	}
	x.AddTurn(narrated(99, "Kira", "", "Marta polishes the bar. Oswin arrives."), []string{"c1"})
	if last := x.Docs[len(x.Docs)-1]; last.Turn != 99 || !strings.Contains(last.Text, "Oswin") {
		t.Errorf("a new name was not indexed: %+v", last)
	}
}
