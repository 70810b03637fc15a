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

// Possessive is s with the possessive ending: "Mira's", "Wells'".
func Possessive(s string) string { return possessive(s) }

// Article puts "a" or "an" before s.
func Article(s string) string {
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

// Ordinal is "1st", "2nd", "3rd", "4th", "11th".
func Ordinal(n int) string {
	s := strconv.Itoa(n)
	if n%100 >= 11 && n%100 <= 13 {
		return s + "th"
	}
	switch n % 10 {
	case 1:
		return s + "st"
	case 2:
		return s + "nd"
	case 3:
		return s + "rd"
	}
	return s + "th"
}

// JoinAnd is "Bram, Lia and Mira".
func JoinAnd(s []string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}
