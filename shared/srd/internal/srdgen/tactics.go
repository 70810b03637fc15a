package srdgen

import (
	"regexp"
	"strconv"

	"chronicler/shared/srd"
)

var (
	// consumes is Consume Life's "the will-o'-wisp regains 10 (3d6) hit
	// points".
	consumes = regexp.MustCompile(`regains \d+ \((\d+d\d+)\) hit points`)
	// goesBerserk is Berserk's "Whenever the golem starts its turn with
	// 60 hit points or fewer".
	goesBerserk = regexp.MustCompile(`starts its turn with (\d+) hit points or fewer`)
	// eminence is Divine Eminence's "deal an extra 10 (3d6) radiant
	// damage".
	eminence = regexp.MustCompile(`deal an extra \d+ \((\d+d\d+)\) (radiant) damage`)
)

// followTactics reads the numbers of the special abilities that change
// what a monster does on its turn (encounter/tactics.go) from their text
// (desc): Consume Life's dice of hit points, the hit points at which a
// golem may go berserk, Divine Eminence's extra damage.
func (t *Tables) followTactics(monster, desc string, a *srd.Action) {
	where := "monster " + monster
	switch a.ID {
	case "consume-life":
		if m := consumes.FindStringSubmatch(desc); m != nil {
			a.Dice = m[1]
			t.adjust(KindTraitText, where, strconv.Quote(desc), "%q: regains %s hit points", a.Name, a.Dice)
		}
	case "berserk":
		if m := goesBerserk.FindStringSubmatch(desc); m != nil {
			a.Amount, _ = strconv.Atoi(m[1])
			t.adjust(KindTraitText, where, strconv.Quote(desc), "%q: berserk from %d hit points or fewer", a.Name, a.Amount)
		}
	case "divine-eminence":
		if m := eminence.FindStringSubmatch(desc); m != nil {
			a.Dice = m[1] // radiant, as the fight deals it (the reference's damage list stays empty)
			t.adjust(KindTraitText, where, strconv.Quote(desc), "%q: an extra %s %s damage for a 1st-level slot", a.Name, m[1], m[2])
		}
	}
}
