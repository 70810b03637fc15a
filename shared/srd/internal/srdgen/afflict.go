package srdgen

import (
	"regexp"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// A hit may leave a curse or a disease the creature carries past the
// fight: "it must succeed on a DC 12 Constitution saving throw or be
// cursed with mummy rot. The cursed target can't regain hit points, and
// its hit point maximum decreases by 10 (3d6) for every 24 hours that
// elapse"; a were-creature's bite curses a humanoid with lycanthropy; a
// diseased rat's bite gives a disease; a clay golem's slam reduces the
// hit point maximum by the damage taken until Greater Restoration. And a
// hit's damage may change with the attacker's state: "or 11 (2d8 + 2)
// piercing damage while enlarged". The reference has none of these; the
// data reads them from the text after "Hit:" (srd.Action.Affliction,
// srd.Damage.Instead), and the list of adjustments quotes each sentence.

// KindAffliction is a curse or disease a hit's text carries.
const KindAffliction = "affliction"

var (
	// cursedWith is a curse behind a save: "must succeed on a DC 12
	// Constitution saving throw or be cursed with mummy rot."
	cursedWith = regexp.MustCompile(`must succeed on a DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw or be cursed with ([a-z ]+?)\.`)
	// contracts is a disease behind a save.
	contracts = regexp.MustCompile(`must succeed on a DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw or contract a (disease)\.`)
	// reducedUntilRestored is a clay golem's: a drain that only Greater
	// Restoration (or other magic) gives back.
	reducedUntilRestored = regexp.MustCompile(`must succeed on a DC (\d+) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) saving throw or have its (hit point maximum) reduced by an amount equal to the damage taken\..*The reduction lasts until removed by the greater restoration spell`)
	onlyHumanoid         = regexp.MustCompile(`If the target is a humanoid, it must`)
	noHealing            = regexp.MustCompile(`can't regain hit points( except by magical means)?`)
	dailyLoss            = regexp.MustCompile(`hit point maximum decreases by \d+ \((\d+d\d+)\) (?:for )?every 24 hours`)

	// insteadRolls are the states a hit's second roll goes with, and how
	// the text says each.
	insteadRolls = []struct {
		when string
		re   *regexp.Regexp
	}{
		{"enlarged", regexp.MustCompile(`, or \d+ \((\d+d\d+(?: [+-] \d+)?)\) [a-z]+ damage while enlarged`)},
		{"small-form", regexp.MustCompile(`, or \d+ \((\d+d\d+(?: [+-] \d+)?)\) [a-z]+ damage in Small or Medium form`)},
		{"shillelagh", regexp.MustCompile(`, or \d+ \((\d+d\d+(?: [+-] \d+)?)\) [a-z]+ damage with shillelagh`)},
		{"two-handed", regexp.MustCompile(`, or \d+ \((\d+d\d+(?: [+-] \d+)?)\) [a-z]+ damage if used with two hands`)},
	}
	// bonusWith is the attack bonus the text gives in a state: "+2 to hit
	// (+6 to hit with shillelagh)".
	bonusWith = regexp.MustCompile(`\(\+(\d+) to hit with shillelagh\)`)
)

// followAfflict reads what a's hit leaves past the fight (a curse, a
// disease) and the roll its damage takes in another state, from its text
// (desc).
func (t *Tables) followAfflict(monster, desc string, a *srd.Action) {
	if a.AttackBonus == nil {
		return
	}
	before, hit, ok := strings.Cut(desc, "Hit:")
	if !ok {
		return
	}
	where := "monster " + monster
	t.followAffliction(where, hit, a)
	if len(a.Damage) == 0 || a.Damage[0].Dice == "" {
		return
	}
	for _, r := range insteadRolls {
		m := r.re.FindStringSubmatchIndex(hit)
		if m == nil {
			continue
		}
		in := srd.Instead{When: r.when, Dice: strings.ReplaceAll(hit[m[2]:m[3]], " ", "")}
		if b := bonusWith.FindStringSubmatch(before); b != nil && r.when == "shillelagh" {
			in.AttackBonus, _ = strconv.Atoi(b[1])
		}
		a.Damage[0].Instead = &in
		t.adjust(KindAlternativeDamage, where, strconv.Quote(sentenceAt(hit, m[0], m[1])), "%q: %s when %s", a.Name, in.Dice, in.When)
	}
}

// followAffliction reads the curse or disease of a hit's text.
func (t *Tables) followAffliction(where, hit string, a *srd.Action) {
	f := srd.Affliction{}
	var m []int
	switch {
	case cursedWith.MatchString(hit):
		m, f.Kind = cursedWith.FindStringSubmatchIndex(hit), "curse"
	case contracts.MatchString(hit):
		m, f.Kind = contracts.FindStringSubmatchIndex(hit), "disease"
	case reducedUntilRestored.MatchString(hit):
		m, f.Kind, f.Drains = reducedUntilRestored.FindStringSubmatchIndex(hit), "reduction", true
	default:
		return
	}
	dc, _ := strconv.Atoi(hit[m[2]:m[3]])
	f.Save = srd.DC{Ability: abilityIDs[hit[m[4]:m[5]]], Value: dc, Success: "none"}
	f.Name = hit[m[6]:m[7]]
	if f.Kind == "reduction" {
		f.Name = "reduced hit point maximum"
	}
	if onlyHumanoid.MatchString(hit) {
		f.Only = []string{"humanoid"}
	}
	if h := noHealing.FindStringSubmatch(hit); h != nil {
		f.NoHealing = "all"
		if h[1] != "" {
			f.NoHealing = "nonmagical"
		}
	}
	if d := dailyLoss.FindStringSubmatch(hit); d != nil {
		f.Daily = d[1]
	}
	a.Affliction = &f
	what := f.Kind + " " + strconv.Quote(f.Name) + " on a failed DC " + strconv.Itoa(dc) + " " + f.Save.Ability + " save"
	if len(f.Only) > 0 {
		what += ", humanoids only"
	}
	if f.NoHealing != "" {
		what += "; heals: " + map[string]string{"all": "none", "nonmagical": "by magic only"}[f.NoHealing]
	}
	if f.Daily != "" {
		what += "; hit point maximum down " + f.Daily + " every 24 hours"
	}
	if f.Drains {
		what += "; hit point maximum down by the damage taken"
	}
	t.adjust(KindAffliction, where, strconv.Quote(sentenceAt(hit, m[0], m[1])), "%q: %s", a.Name, what)
}
