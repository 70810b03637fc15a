package encounter

import (
	"fmt"
	"slices"
	"strings"

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

// FightPotion is the magic potion id names when the fight plays what it
// does (a Potion of Giant Strength's score, a Potion of Resistance's
// resistance): both last an hour, longer than any fight; or a spell's
// effect (items_worn.go: a Potion of Speed's Haste).
func FightPotion(id string) (srd.MagicItem, bool) {
	m, ok := srd.LookupMagicItem(id)
	if !ok || m.Category != "potion" || len(m.Scores)+len(m.Resists) == 0 && !PlaysItem(id) {
		return srd.MagicItem{}, false
	}
	return m, true
}

// drinkMagic is ActionPotion with a potion FightPotion plays:
// participant ai drinks it, or gives it to TargetID, who has what it
// gives for the rest of the fight.
func (e *Encounter) drinkMagic(res *Result, ai int, in Action, m srd.MagicItem, src dice.Source) error {
	p := e.Participants[ai]
	switch {
	case p.Kind != KindCharacter:
		return refuse(NotAllowed, "action.kind", "%s carries no potions", p.Name)
	case p.Turn.ActionUsed && !in.Bonus:
		return refuse(NotAllowed, "action.kind", "%s has already taken an action this turn", p.Name)
	}
	ti, err := e.handedTo(ai, in, func(t Participant) string {
		if t.Defeated || t.Combatant.Dead || t.Combatant.HP <= 0 {
			return "%s can't drink a potion now"
		}
		return ""
	})
	if err != nil {
		return err
	}
	t := &e.Participants[ti]
	if _, ok := spellPotions[m.ID]; ok {
		return e.drinkSpell(res, ai, ti, in, m, src) // items_worn.go: a spell's effect
	}
	var gets []string
	for _, s := range m.Scores {
		before := t.Combatant.Abilities
		campaign.SetScoreAtLeast(&t.Combatant.Abilities, s.Ability, s.Score)
		if t.Combatant.Abilities != before {
			gets = append(gets, fmt.Sprintf("%s %d", abilityName(s.Ability), s.Score))
		}
	}
	for _, name := range m.Resists {
		if typ, err := rules.ParseDamageType(name); err == nil {
			t.Combatant.Resistances = t.Combatant.Resistances.With(typ)
			gets = append(gets, "resistance to "+name+" damage")
		}
	}
	if !in.Bonus {
		e.Participants[ai].Turn.ActionUsed = true
	}
	e.Participants[ti].sync()
	who := p.Name + " drinks "
	if ti != ai {
		who = p.Name + " gives " + t.Name + " "
	}
	text := who + rules.Article(m.Name) + ": "
	if len(gets) == 0 {
		text += "it has no effect."
	} else {
		text += t.Name + " has " + strings.Join(gets, " and ") + " for an hour."
	}
	res.say(text)
	return nil
}

// abilityName is an ability's name from its data key: "str" Strength.
func abilityName(key string) string {
	names := map[string]string{"str": "Strength", "dex": "Dexterity", "con": "Constitution", "int": "Intelligence", "wis": "Wisdom", "cha": "Charisma"}
	if n, ok := names[key]; ok {
		return n
	}
	return key
}
