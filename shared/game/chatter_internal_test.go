package game

import "testing"

// Table talk typed without a mark is out of character only when every
// word is talk: a character's words that hold "back" or a number are not.
func TestChatterIsTableTalkAlone(t *testing.T) {
	for text, want := range map[string]bool{
		"brb 2 min":                true,
		"sorry, afk a sec":         true,
		"lol":                      true,
		"gtg, ty all":              true,
		"back in 5":                false,
		"I step back":              false,
		"ok kira follows them out": false,
		"brb, I drink the potion":  false,
		"2":                        false,
		"":                         false,
	} {
		if got := outOfCharacter(text); got != want {
			t.Errorf("outOfCharacter(%q) = %v, want %v", text, got, want)
		}
	}
}
