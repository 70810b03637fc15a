package narrator

import (
	"strings"
	"testing"
	"unicode/utf8"

	"chronicler/shared/campaign"
)

// FuzzGate: whatever a model streams, in whatever pieces, the gate never
// fails and shows only text the guard passes, sentence by sentence; in
// cut mode what it shows is the stream's own words with sentences left
// out; and the same text in other pieces shows the same.
func FuzzGate(f *testing.F) {
	for _, s := range []string{
		"Mira lunges. It deals 42 damage. The goblin reels.",
		"**Bold** text.\n- a list\nThe end",
		"Marta smiles. She poisons travellers for the Black Hand! Right?",
		"It deals 4.2 damage... or so. “Run!” she says.",
		strings.Repeat("word ", 300),
		"Goblin 1 dies. 💀 Mira kills Goblin 1.",
	} {
		f.Add(s, uint8(3))
	}
	g := Grounds{
		Rules:   "Mira hits Goblin 1 with a longsword (19 vs AC 15) for 7 slashing damage; Goblin 1 drops to 0 HP and dies.",
		Names:   []string{"Mira", "Goblin 1"},
		Secrets: []campaign.Secret{{Subject: "Marta", Text: "Marta poisons travellers for the Black Hand."}},
		Public:  "Marta the innkeeper.",
	}
	k := g.Checker()
	f.Fuzz(func(t *testing.T, text string, size uint8) {
		if !utf8.ValidString(text) {
			return
		}
		run := func(size int) (string, []string) {
			tb := &table{}
			c := newGate(k, tb).call(true)
			for i := 0; i < len(text); {
				j := min(i+size, len(text))
				for j < len(text) && !utf8.RuneStart(text[j]) {
					j++
				}
				if err := c.add(text[i:j]); err != nil {
					t.Fatalf("add: %v", err)
				}
				i = j
			}
			if err := c.end(); err != nil {
				t.Fatalf("end: %v", err)
			}
			return tb.shown(), tb.got()
		}
		shown, pushes := run(int(size%64) + 1)
		if len(text) >= maxSentence {
			return // past the cap, a long run without an end is cut where the pieces fall
		}
		for _, p := range pushes {
			s, _ := strings.CutPrefix(p, "show:")
			for _, sen := range splitAll(s) {
				if vs := k.check(sen, true); len(vs) > 0 {
					t.Fatalf("shown %q breaks %v (pushed %q)", sen, vs, s)
				}
			}
		}
		if !subsequence(strings.Fields(shown), strings.Fields(text)) {
			t.Fatalf("shown %q is not the stream's own words %q", shown, text)
		}
		if again, _ := run(len(text) + 1); strings.Join(strings.Fields(again), " ") != strings.Join(strings.Fields(shown), " ") {
			t.Fatalf("in one piece the gate shows %q, in pieces %q", again, shown)
		}
	})
}

// splitAll is sentences of a whole text.
func splitAll(s string) []string {
	done, _ := sentences(s, true)
	return done
}

// subsequence reports whether sub is got from all by leaving words out,
// a word being allowed to lose a part (a sentence cut mid-word).
func subsequence(sub, all []string) bool {
	i := 0
	for _, w := range sub {
		for i < len(all) && !strings.Contains(all[i], w) {
			i++
		}
		if i == len(all) {
			return false
		}
		i++
	}
	return true
}
