package rules

import (
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
)

// Reserve is something a roller holds back and adds to a d20 roll once it
// has seen the roll fall short: a die (a Bardic Inspiration die, Peerless
// Skill's) or a flat bonus (Foe Slayer's Wisdom modifier). The SRD lets
// the roller decide after the d20 and before the outcome is told; the
// engine decides for it, by one policy: a reserve is spent only on a roll
// that fails and that the reserve's most could turn into a success, so a
// die is never wasted on a roll already made or one it could not save.
type Reserve struct {
	// ID names the reserve to the caller, who spends what it stands for
	// once the result lists it in Reserved ("bardic-inspiration").
	ID string `json:"id"`
	// Name is how the roll record reads it ("bardic inspiration").
	Name string    `json:"name"`
	Dice dice.Expr `json:"dice"`
	// OrDamage, on an attack roll that hits without it, adds the reserve
	// to the hit's first damage roll instead (Foe Slayer); the reserve is
	// then spent on the damage.
	OrDamage bool `json:"or_damage,omitempty"`
}

// spendReserves rolls, in order, each reserve that could still lift the
// roll at l.Rolls[at] (its total) to need, adding each to the total, and
// returns the new total and the ids spent. A reserve whose most would not
// reach need is kept.
func spendReserves(l *Log, at int, rollerID string, total, need int, rs []Reserve, src dice.Source) (int, []string) {
	var spent []string
	for _, r := range rs {
		if total >= need {
			break
		}
		if total+r.Dice.Max() < need {
			continue
		}
		res := dice.Roll(r.Dice, src)
		total += res.Total
		l.Rolls[at].Total += res.Total
		if w := l.Rolls[at].Working; w != nil {
			w.Terms = append(w.Terms, campaign.Term{Value: res.Total, Source: r.Name, Kind: campaign.TermSituation, After: true})
		}
		l.Rolls = append(l.Rolls, Roll{Reason: r.Name, RollerID: rollerID, Result: res})
		spent = append(spent, r.ID)
	}
	return total, spent
}

// damageReserves are the reserves an attack that hit without them adds to
// its damage (OrDamage), as damage parts of the first part's type.
func damageReserves(rs []Reserve, spent []string, parts []DamageRoll) ([]DamageRoll, []string) {
	if len(parts) == 0 {
		return parts, nil
	}
	var more []string
	for _, r := range rs {
		if !r.OrDamage || slices.Contains(spent, r.ID) {
			continue
		}
		x, err := dice.Parse(withBonus(parts[0].Dice.String(), r.Dice.String()))
		if err != nil {
			continue
		}
		parts = slices.Clone(parts)
		parts[0].Dice = x
		more = append(more, r.ID)
	}
	return parts, more
}

// withBonus is dice with a bonus expression added: "1d8+3" and "4" make
// "1d8+3+4".
func withBonus(d, bonus string) string {
	if len(bonus) > 0 && bonus[0] == '-' {
		return d + bonus
	}
	return d + "+" + bonus
}
