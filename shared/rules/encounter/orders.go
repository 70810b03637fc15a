package encounter

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/srd"
)

// A standing order (campaign.Order) answers a window for a player who is
// not there to: the table checks an order against what the sheet could
// ever be offered (ReactionsOf), and the window weighs it against what
// the reaction would spend at that moment (Left).

// ReactionsOf lists the reactions and save rerolls a character could be
// offered in a fight, whatever it has spent and however it stands now:
// the names its standing orders may give.
func ReactionsOf(ch campaign.Character) []string {
	return rested(ch).reactions()
}

// rested is the character as a fight's participant with nothing spent,
// on its feet: what it could do at its best.
func rested(ch campaign.Character) Participant {
	p := characterParticipant(ch)
	p.Combatant.HP = max(p.Combatant.MaxHP, 1)
	p.Combatant.Conditions = 0
	p.Combatant.Dead = false
	for i := range p.Combatant.SpellSlots {
		p.Combatant.SpellSlots[i].Used = 0
	}
	p.Pools = maps.Clone(p.Pools)
	for id, pool := range p.Pools {
		pool.Used = 0
		p.Pools[id] = pool
	}
	p.ReactionUsed, p.Surprised = false, false
	p.sync()
	return p
}

// reactions lists what p could be offered now, at any moment of a fight.
func (p Participant) reactions() []string {
	out := p.canReact()
	if p.Combatant.Lucky {
		out = append(out, Lucky)
	}
	for _, id := range p.Combatant.Features {
		if f := features[id]; f.reroll != nil || f.rerollSave != nil || id == ownLuck {
			out = append(out, id)
		}
	}
	if p.left(itemPool+ringOfEvasion) > 0 {
		out = append(out, ringOfEvasion)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// CheckOrders refuses standing orders the character cannot follow: one
// for a reaction it does not have (ReactionsOf), and a floor of slots or
// uses on a reaction that spends none. The error names the field at
// fault and the character's choices.
func CheckOrders(ch campaign.Character, orders []campaign.Order) error {
	const op = "standing orders"
	p := rested(ch)
	has := p.reactions()
	e := Encounter{Participants: []Participant{p}}
	for i, o := range orders {
		if !slices.Contains(has, o.Reaction) {
			var names []string
			for _, id := range has {
				names = append(names, id+" ("+ReactionName(id)+")")
			}
			return fault.Field(op, fmt.Sprintf("orders[%d].reaction", i), "%s has no reaction %q; its reactions are %s",
				ch.Name, truncate(o.Reaction, 40), strings.Join(names, ", "))
		}
		if _, spends := e.Left(p.ID, o.Reaction); !spends && (o.MinLeft > 0 || o.KeepLast) {
			return fault.Field(op, fmt.Sprintf("orders[%d].min_left", i), "%s spends no slot or use: an order for it has no floor", ReactionName(o.Reaction))
		}
	}
	return nil
}

// Left is how much is left of what participant id's reaction name would
// spend: the spell slots it may be cast with (or the uses of what casts
// it without one), Bardic Inspiration for Cutting Words, a feature's
// resource, a ring's charges. spends is false for a reaction that costs
// nothing but the reaction itself (an opportunity attack, Uncanny Dodge,
// Lucky).
func (e Encounter) Left(id, name string) (left int, spends bool) {
	i := e.index(id)
	if i < 0 {
		return 0, false
	}
	p := e.Participants[i]
	switch name {
	case Shield, HellishRebuke, Counterspell:
		least := 1
		if name == Counterspell {
			least = 3
		}
		_, k := p.reactionWay(name, least)
		if k.Free {
			if k.Resource == "" {
				return 0, false
			}
			return p.left(k.Resource), true
		}
		if s, ok := srd.LookupSpell(name); ok {
			least = max(least, s.Level)
		}
		for l := least; l <= len(p.Combatant.SpellSlots); l++ {
			s := p.Combatant.SpellSlots[l-1]
			left += max(s.Max-s.Used, 0)
		}
		return left, true
	case CuttingWords:
		return p.left(campaign.ResourceBardicInspiration), true
	case ringOfEvasion:
		return p.left(itemPool + ringOfEvasion), true
	}
	if f, ok := srd.LookupFeature(name); ok && f.Resource != "" {
		return p.left(f.Resource), true
	}
	if _, ok := p.Pools[name]; ok {
		return p.left(name), true
	}
	return 0, false
}

// ReactionName is a reaction's name as the table reads it: "Shield",
// "Opportunity attack", a feature's or an item's SRD name. An on-hit
// use's choice is dropped ("divine-smite:2": "Divine Smite").
func ReactionName(name string) string {
	id, _ := onHitName(name)
	switch id {
	case OpportunityAttack:
		return "Opportunity attack"
	case Lucky:
		return "Lucky"
	}
	if s, ok := srd.LookupSpell(id); ok {
		return s.Name
	}
	if f, ok := srd.LookupFeature(id); ok {
		return f.Name
	}
	if m, ok := srd.LookupMagicItem(id); ok {
		return m.Name
	}
	return name
}
