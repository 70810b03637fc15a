package encounter

import (
	"fmt"
	"strconv"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// More magic items the fight plays by code of its own, each where what
// it changes is read, and what of each is told still.
var itemsMore = map[string]string{
	// Its hit points healed only by a rest: the fight keeps no ledger of
	// which hit points a blow took, so healing is never refused.
	swordOfWounding: "items_more.go: woundWith, its wound an ongoing harm (riders.go)",
	// Difficult terrain costing it nothing: the fights keep no terrain.
	// Its speed reduced by magic: they keep no distances either. A
	// monster's magical restraint (a cockatrice's petrifying bite) is
	// not told apart from a mundane one.
	rules.FreeAction: "spell/cast.go: freed, a spell's paralysis or restraint refused",
	// An armour whose damage type was never chosen resists nothing, and
	// its sheet says so (campaign.ItemEffect).
	"armor-of-resistance": "campaign/magic.go: MagicOf, the resistance its stack's Pick names",
}

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

// shake is the save ongoing harm fx asks of participant ti after it
// hurt it (srd.Ongoing.Shake), a success ending it.
func (e *Encounter) shake(res *Result, ti int, fx Effect, o srd.Ongoing, src dice.Source) error {
	t := e.Participants[ti]
	if o.Shake == nil || t.Defeated || t.Combatant.Dead || t.Combatant.HP <= 0 {
		return nil
	}
	ability, err := rules.ParseAbility(o.Shake.Ability)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	bonus, adv, dis := e.saveMods(ti, ability)
	sv, err := rules.Save(t.Combatant, rules.SaveRequest{Ability: ability, DC: o.Shake.Value, Bonus: bonus, Advantage: adv, Disadvantage: dis,
		Reason: ability.Name() + " saving throw against " + rules.Article(o.Name)}, src)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	res.Rolls = append(res.Rolls, sv.Rolls...)
	res.Saves = append(res.Saves, sv)
	if !sv.Success {
		res.say(fmt.Sprintf("%s's %s still bleeds (%s save %d against DC %d).", t.Name, o.Name, ability.Name(), sv.Total, sv.DC))
		return nil
	}
	return e.relieve(res, func(x Effect) bool {
		return x.ID == ongoingHarm && x.TargetID == t.ID && x.Spell == fx.Spell && x.CasterID == fx.CasterID
	}, fmt.Sprintf("%s shakes off the %s (%s save %d against DC %d).", t.Name, o.Name, ability.Name(), sv.Total, sv.DC))
}

// ongoingOf is the ongoing harm effect fx deals, as the attack that
// left it says.
func (e Encounter) ongoingOf(fx Effect) (srd.Ongoing, bool) {
	if a, ok := e.riderOf(fx); ok && a.Ongoing != nil {
		return *a.Ongoing, true
	}
	return srd.Ongoing{}, false
}

// itemsMorePlay reports whether magic item id is one of itemsMore.
func itemsMorePlay(id string) bool {
	_, ok := itemsMore[id]
	return ok
}
