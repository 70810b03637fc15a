package main

import (
	"fmt"
	"regexp"
	"strconv"
	"testing"
)

// A glyph of warding cast out of a fight in the hero's area goes off on
// the foe that comes there, as the fight starts: explosive runes of fire,
// 5d8 (5 to 40), a Dexterity save against the wizard's DC (15 or so,
// which the dullard's -5 makes on a 20 at best) for half.
func TestAGlyphGoesOffWhenAFightStartsInItsArea(t *testing.T) {
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	h := newHero(t, base, map[string]any{"name": "Ash", "race": "human", "class": "wizard", "level": 5,
		"abilities": map[string]int{"str": 8, "dex": 14, "con": 13, "int": 15, "wis": 12, "cha": 10}}, dullard)
	h.out(map[string]any{"kind": "prepare", "spells": []string{"glyph-of-warding", "magic-missile"}})
	h.out(map[string]any{"kind": "cast", "spell": "glyph-of-warding", "slot_level": 3, "choice": "fire"})
	h.begin("dullard", 1)
	enc, _ := h.myTurn()
	log := fmt.Sprint(enc["log"])
	m := regexp.MustCompile(`Ash's Glyph of Warding goes off: Dullard 1 (fails|succeeds on) a DC \d+ Dexterity saving throw \(-?\d+\)\. Dullard 1 takes (\d+) fire damage`).FindStringSubmatch(log)
	if m == nil {
		t.Fatalf("no glyph going off on the dullard: %s", log)
	}
	took, _ := strconv.Atoi(m[2])
	foe := monsters(enc)[0]
	if lost := 1000 - hpOf(enc, foe); took != lost || took < 2 || took > 40 || (m[1] != "fails" && took > 20) {
		t.Errorf("the dullard took %d fire (%s its save) and lost %d HP: %s", took, m[1], lost, log)
	}
}
