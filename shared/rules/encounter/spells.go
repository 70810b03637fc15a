package encounter

import (
	"fmt"
	"maps"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// The spells a character casts in a fight are those its sheet let it
// cast at the start (campaign.RepertoireOf, kept as Participant.Spells):
// what it knows or has prepared, and what it casts without a slot once a
// rest (a Mystic Arcanum, a Signature Spell, Infernal Legacy) or at will
// (Spell Mastery), spending the resource from its pools.

// repertoireOf is what character ch casts in the fight; nil for one that
// casts nothing, which the fight reads as it reads a participant stored
// before repertoires were kept.
func repertoireOf(ch campaign.Character) *campaign.Repertoire {
	r := campaign.RepertoireOf(ch)
	if c, _ := srd.LookupClass(ch.Class); c.SpellcastingAbility == "" && len(r.Spells) == 0 {
		return nil
	}
	return &r
}

// repertoire is what participant p casts from: its own, or, for a
// participant of an encounter stored before repertoires were kept,
// every spell of its class's list, as the fight let it then.
func (p Participant) repertoire() campaign.Repertoire {
	if p.Spells != nil {
		return *p.Spells
	}
	return campaign.Repertoire{Class: p.Class, Casts: true, ClassCantrips: true, ClassSpells: 9}
}

// castWay is how p casts s at slot (0: its own level), and the
// spellcasting ability it casts with: a refusal in plain words when it
// neither knows nor has prepared s, or has spent its free casting.
func (p Participant) castWay(s srd.Spell, slot int) (campaign.Known, rules.Ability, error) {
	r := p.repertoire()
	k, ok := r.Way(s, slot, p.left)
	if !ok {
		if c, _ := srd.LookupClass(p.Class); c.SpellcastingAbility == "" && len(r.Spells) == 0 {
			return k, 0, refuse(NotAllowed, "action.spell", "%s casts no spells", p.Name)
		}
		return k, 0, refuse(NotAllowed, "action.spell", "%s", r.Why(p.Name, s, slot, p.left))
	}
	a, err := p.abilityOf(r, k)
	return k, a, err
}

// abilityOf is the spellcasting ability p casts k with.
func (p Participant) abilityOf(r campaign.Repertoire, k campaign.Known) (rules.Ability, error) {
	id := r.AbilityOf(k)
	if id == "" {
		return 0, refuse(NotAllowed, "action.spell", "%s casts no spells", p.Name)
	}
	return rules.ParseAbility(id)
}

// castAbility is the ability p casts s with, however it has it: for a
// spell used again, cast earlier in the fight.
func (p Participant) castAbility(s srd.Spell) (rules.Ability, error) {
	r := p.repertoire()
	if ways := r.Ways(s); len(ways) > 0 {
		return p.abilityOf(r, ways[0])
	}
	return spellAbility(p)
}

// spendFree spends the use of its resource a free casting k of
// participant ai takes, and tells it.
func (e *Encounter) spendFree(res *Result, ai int, k campaign.Known, s srd.Spell) {
	p := &e.Participants[ai]
	via := "at will"
	if k.Resource != "" {
		pool := p.Pools[k.Resource]
		pool.Used++
		p.Pools = maps.Clone(p.Pools)
		p.Pools[k.Resource] = pool
		r, _ := srd.LookupResource(k.Resource)
		via = "with " + r.Name
	}
	res.say(fmt.Sprintf("%s casts %s without a spell slot, %s.", p.Name, s.Name, via))
}

// reactionWay is how p casts reaction spell id now: free when it can
// (its own level, no slot: Infernal Legacy's Hellish Rebuke), else with
// its lowest slot of at least least; slot 0 when neither serves.
func (p Participant) reactionWay(id string, least int) (slot int, k campaign.Known) {
	s, ok := srd.LookupSpell(id)
	if !ok {
		return 0, k
	}
	k, ok = p.repertoire().Way(s, 0, p.left)
	switch {
	case !ok:
		return 0, k
	case k.Free:
		return k.Level, k
	case least <= 1 && s.Level <= 1:
		return lowestSlot(p.Combatant), k // Shield, Hellish Rebuke: any slot
	}
	return slotFrom(p.Combatant, max(least, s.Level)), k
}

// canCast reports whether p can cast reaction spell id now, with a slot
// of at least least or freely.
func (p Participant) canCast(id string, least int) bool {
	slot, _ := p.reactionWay(id, least)
	return slot > 0
}
