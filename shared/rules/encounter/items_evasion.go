package encounter

import (
	"fmt"
	"maps"
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
)

// ringOfEvasion is the Ring of Evasion, whose charges are the wearer's
// pool itemPool+ringOfEvasion (3, 1d3 regained at dawn: a long rest's
// rules.RegainCharges).
const ringOfEvasion = "ring-of-evasion"

// evade offers participant ti's Ring of Evasion at its failed Dexterity
// save sv, moment k of monster ai's turn whose roll is res.Rolls[at], and
// plays it when taken (rs): the wearer's reaction and one of the ring's
// charges make the save a success instead. Offered beside Lucky and
// Indomitable at the same moment, it is the player's choice, not the
// dice's: a reaction spent here is not there for a Shield.
func (e *Encounter) evade(res *Result, rs Reactions, k, at, ai, ti int, sv rules.SaveResult) (rules.SaveResult, error) {
	p := e.Participants[ti]
	pool := itemPool + ringOfEvasion
	if sv.Success || sv.Ability != rules.Dex || p.Kind != KindCharacter || !p.canAct() || p.ReactionUsed || p.Surprised || p.left(pool) < 1 {
		return sv, nil
	}
	i := slices.IndexFunc(rs.at(k), func(r campaign.Reaction) bool { return r.Name == ringOfEvasion })
	if i < 0 {
		offer := e.previewed([]Offer{offerTo(p, ringOfEvasion, ChangesUnknown)}, Moment{Save: &sv})[0]
		for j, o := range res.Openings {
			if o.Attack == k {
				res.Openings[j].Offers = append(slices.Clip(o.Offers), offer)
				return sv, nil
			}
		}
		res.Openings = append(res.Openings, Opening{Attack: k, Roll: at, AttackerID: e.Participants[ai].ID, TargetID: p.ID, Offers: []Offer{offer}})
		return sv, nil
	}
	r := rs.at(k)[i]
	if r.By != p.ID {
		return sv, refuse(NotAllowed, "reaction", "only %s may use its own Ring of Evasion", p.Name)
	}
	w := &e.Participants[ti]
	charges := w.Pools[pool]
	charges.Used++
	w.Pools = maps.Clone(w.Pools)
	w.Pools[pool] = charges
	w.ReactionUsed = true
	sv.Success = true
	res.react(r, w, fmt.Sprintf("%s spends a reaction and a charge of the Ring of Evasion (%d left): the Dexterity save succeeds instead.", p.Name, charges.Max-charges.Used))
	return sv, nil
}
