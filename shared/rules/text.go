package rules

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// capital is s with its first letter upper-cased, for a name that opens a
// sentence ("the goblin" -> "The goblin").
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// possessive is "Mira's", "Lars'".
func possessive(s string) string {
	if strings.HasSuffix(s, "s") {
		return s + "'"
	}
	return s + "'s"
}

// article puts "a" or "an" before s.
func article(s string) string {
	if s != "" && strings.ContainsRune("AEIOUaeiou", rune(s[0])) {
		return "an " + s
	}
	return "a " + s
}

// plural is "1 hit die", "2 hit dice".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// signed is "+3" or "-1".
func signed(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}
