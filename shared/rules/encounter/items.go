package encounter

import (
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// Magic weapons' hits in a fight: what a weapon's magic adds beyond its
// bonus (srd.ItemDamage), to every hit (a Frost Brand's cold; a Flame
// Tongue's fire, its blade lit as the fight starts), to a hit on the
// creatures it names (a Dragon Slayer's dragons, a Mace of Disruption's
// fiends and undead), or to a hit on a natural 20 (a Vicious Weapon).

// itemDamageOf is what the magic of each of the character's weapons
// adds to its hits, by weapon id.
func itemDamageOf(ch campaign.Character, weapons []string) map[string][]srd.ItemDamage {
	var out map[string][]srd.ItemDamage
	for _, id := range weapons {
		if d := campaign.ItemWeaponDamage(ch.Inventory, id); len(d) > 0 {
			if out == nil {
				out = map[string][]srd.ItemDamage{}
			}
			out[id] = d
		}
	}
	return out
}

// itemHits adds to participant ai's weapon attack on ti what its
// weapon's magic deals: the damage every hit deals, that against ti's
// type, and that of a natural 20.
func (e Encounter) itemHits(ai, ti int, req *rules.AttackRequest) {
	a, t := e.Participants[ai], e.Participants[ti]
	if req.WeaponID == "" || len(req.Damage) == 0 {
		return
	}
	for _, d := range a.ItemDamage[req.WeaponID] {
		if len(d.Against) > 0 && !slices.Contains(d.Against, t.Type) {
			continue
		}
		x, err := dice.Parse(d.Dice)
		if err != nil {
			continue // the data's dice are validated
		}
		typ := req.Damage[0].Type
		if d.Type != "" {
			typ, _ = rules.ParseDamageType(d.Type)
		}
		roll := rules.DamageRoll{Dice: x, Type: typ}
		if d.Critical {
			req.TwentyDamage = append(slices.Clip(req.TwentyDamage), roll)
		} else {
			req.Damage = append(slices.Clip(req.Damage), roll)
		}
	}
}
