package encounter

import (
	"strconv"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// swordOfWounding is the Sword of Wounding.
const swordOfWounding = "sword-of-wounding"

// itemRiders are the magic weapons whose hit leaves harm as a monster's
// stat block attack does (riders.go), by item id, as that attack: a
// Sword of Wounding's wound bleeds 1d4 necrotic at the start of each of
// the target's turns, 1d4 more for each further wound, until the target
// shakes it off with a DC 15 Constitution save after the bleeding, or a
// creature's action and a DC 15 Wisdom (Medicine) check stanch it.
var itemRiders = map[string]srd.Action{
	swordOfWounding: {ID: swordOfWounding, Name: "Sword of Wounding", Ongoing: &srd.Ongoing{
		Name: "wound", Dice: "1d4", Type: "necrotic", Stacks: true,
		Stanch: &srd.Check{Ability: "wis", Skill: "medicine", DC: 15},
		Shake:  &srd.DC{Ability: "con", Value: 15, Success: "none"},
	}},
}

// itemRidersOf is the magic item of itemRiders each of the character's
// weapons is, by weapon id: the wielded stack's, else the first carried
// that works (attuned where it must be).
func itemRidersOf(ch campaign.Character, weapons []string) map[string]string {
	var out map[string]string
	for _, id := range weapons {
		found, wielded := "", false
		for _, it := range ch.Inventory {
			m, ok := campaign.MagicOf(it)
			if it.Item != id || it.Qty < 1 || !ok || (m.Attunement && !it.Attuned) {
				continue
			}
			if _, rides := itemRiders[m.ID]; !rides || wielded {
				continue
			}
			if found == "" || it.Equipped {
				found, wielded = m.ID, it.Equipped
			}
		}
		if found != "" {
			if out == nil {
				out = map[string]string{}
			}
			out[id] = found
		}
	}
	return out
}

// itemRider is the stat block attack the hit that left effect fx makes
// of the magic weapon a character struck it with (Effect.Spell names it
// as source does).
func (e Encounter) itemRider(fx Effect) (srd.Action, bool) {
	ci := e.index(fx.CasterID)
	if ci < 0 || e.Participants[ci].Kind != KindCharacter {
		return srd.Action{}, false
	}
	for _, a := range itemRiders {
		if source(e.Participants[ci], a) == fx.Spell {
			return a, true
		}
	}
	return srd.Action{}, false
}

// woundWith plays what hit r of participant ai's magic weapon leaves on
// participant ti (itemRiders), once a turn: the wielder always chooses
// to wound, since a wound costs it nothing.
func (e *Encounter) woundWith(res *Result, ai, ti int, req rules.AttackRequest, r rules.AttackResult, src dice.Source) error {
	p := e.Participants[ai]
	id, ok := p.ItemRiders[req.WeaponID]
	now := strconv.Itoa(e.Round) + "/" + e.Current
	if !ok || !r.Hit || r.TargetID != e.Participants[ti].ID || p.Turn.WoundedIn == now {
		return nil
	}
	e.Participants[ai].Turn.WoundedIn = now
	return e.wound(res, Reactions{}, ai, ti, itemRiders[id], src)
}
