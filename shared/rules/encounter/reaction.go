package encounter

import (
	"fmt"
	"hash/fnv"
	"maps"
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The reactions a character may take during a monster's turn. Reach is
// modelled as who is in melee with whom (reach.go), not as distances, so
// every creature in the fight is within the 60 feet the ones that reach
// another creature need.
const (
	// Shield: a caster with Shield on its class list and a spell slot, when
	// hit: +5 AC against that attack and until the start of its next turn.
	Shield = "shield"
	// CuttingWords: a bard of 3rd level or higher (College of Lore, the
	// SRD's college) with Bardic Inspiration left, when a creature it can
	// see makes an attack roll: the inspiration die is taken off the roll.
	CuttingWords = "cutting-words"
	// UncannyDodge: a rogue of 5th level or higher, when hit by an
	// attacker it can see: the attack's damage is halved.
	UncannyDodge = "uncanny-dodge"
	// HellishRebuke: a warlock with a spell slot, when damaged by a
	// creature: 2d10 fire to that creature, Dexterity save for half.
	HellishRebuke = "hellish-rebuke"
	// Lucky: a halfling who rolls a 1 on the d20 of a saving throw it
	// fails rerolls the die and must use the new roll. It is a racial
	// trait, not a reaction: it costs nothing and leaves the reaction.
	Lucky = "lucky"
	// OpportunityAttack: a character whose reach a monster leaves makes
	// one melee attack at it (reach.go).
	OpportunityAttack = "opportunity-attack"
	// DeflectMissiles: a monk of 3rd level or higher, when hit by a
	// ranged weapon attack: the damage is reduced by 1d10 + its Dexterity
	// modifier + its level (monk.go).
	DeflectMissiles = "deflect-missiles"
	// Counterspell: a caster with Counterspell on its class list and a
	// slot of 3rd level or higher, when a monster casts a spell: the
	// spell fails if its level is no higher than the slot's, else on a
	// spellcasting ability check against DC 10 + its level
	// (spellcasting.go).
	Counterspell = "counterspell"
)

// Whether a reaction offered would change the attack's outcome, as the
// engine computes it from the roll: ChangesUnknown when it depends on a
// die not yet rolled.
const (
	ChangesYes     = "yes"
	ChangesNo      = "no"
	ChangesUnknown = "unknown"
)

// MaxReactionsPerAttack bounds the reactions one attack roll may draw.
const MaxReactionsPerAttack = 5

// Offer is a reaction offered to a participant at an Opening: who may take
// it, and the offer as the reaction window keeps it (Name, and Changes:
// ChangesYes, ChangesNo or ChangesUnknown).
type Offer struct {
	ParticipantID string `json:"participant_id"`
	CharacterID   string `json:"character_id"`
	campaign.Offer
}

// offerTo offers p the reaction name.
func offerTo(p Participant, name, changes string) Offer {
	return Offer{ParticipantID: p.ID, CharacterID: p.CharacterID, Offer: campaign.Offer{Name: name, Changes: changes}}
}

// Opening is a point of a turn where reactions may answer, the turn's
// moment number Attack, as it stands with the reactions already taken to
// it: the attack roll (or failed save) at Result.Rolls[Roll] or, when
// Before is set, what is about to happen before the roll at
// Result.Rolls[Roll] is made (a spell being cast, a creature leaving
// reach), which Trigger tells.
type Opening struct {
	Attack     int     `json:"attack"`
	Roll       int     `json:"roll"`
	Before     bool    `json:"before,omitempty"`
	Trigger    string  `json:"trigger,omitempty"`
	AttackerID string  `json:"attacker_id"`
	TargetID   string  `json:"target_id"`
	Offers     []Offer `json:"offers"`
}

// Applied is a reaction as it was resolved, as the table is told it and
// the turn keeps it, with the moment of the turn it answered (Attack),
// which the turn does not keep: a window closes with the reactions to its
// own moment.
type Applied struct {
	Attack int `json:"attack"`
	campaign.AppliedReaction
}

// applied is reaction t of p as resolved, told in text.
func applied(t campaign.Reaction, p Participant, text string) Applied {
	return Applied{Attack: t.Attack, AppliedReaction: campaign.AppliedReaction{CharacterID: p.CharacterID, Reaction: t.Name, Text: text}}
}

// Reactions is what a monster's turn is played with: the reactions taken
// so far, as the held turn keeps them, and the seed of their own dice,
// kept apart from the turn's so a reaction never changes a roll made
// before it. A campaign.Reaction is By, a participant id, answering the
// turn's moment number Attack (0 is its first) with Name; a turn's
// moments are its attack rolls, the saving throws its area actions force,
// the spells it casts and its leaving reach, in the order they are made
// (Result.moment).
type Reactions struct {
	Taken []campaign.Reaction
	Seed  uint64
}

func (rs Reactions) at(attack int) []campaign.Reaction {
	var out []campaign.Reaction
	for _, r := range rs.Taken {
		if r.Attack == attack {
			out = append(out, r)
		}
	}
	return out
}

// source is the dice of one reaction.
func (rs Reactions) source(r campaign.Reaction) dice.Source {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d:%s:%s", r.Attack, r.By, r.Name)
	return dice.NewSeeded(rs.Seed ^ h.Sum64())
}

// reactionOp names reaction errors.
const reactionOp = "reaction"

// canReact lists the reactions p has now, whatever the trigger: alive,
// conscious, able to act, its reaction unused, and the resource paid.
func (p Participant) canReact() []string {
	c := p.Combatant
	if p.Kind != KindCharacter || !p.canAct() || p.ReactionUsed || p.Surprised {
		return nil
	}
	var out []string
	if p.canCast(Shield, 1) {
		out = append(out, Shield)
	}
	if p.Class == "bard" && c.Level >= 3 && p.left(campaign.ResourceBardicInspiration) > 0 {
		out = append(out, CuttingWords)
	}
	if (p.Class == "rogue" && c.Level >= 5) || slices.Contains(c.Features, "superior-hunters-defense-uncanny-dodge") {
		out = append(out, UncannyDodge)
	}
	if p.canCast(HellishRebuke, 1) {
		out = append(out, HellishRebuke)
	}
	if p.canCast(Counterspell, 3) {
		out = append(out, Counterspell)
	}
	for _, id := range c.Features {
		if features[id].reaction != nil {
			out = append(out, id) // a feature's (featureReaction)
		}
	}
	if slices.Contains(c.Features, DeflectMissiles) {
		out = append(out, DeflectMissiles)
	}
	out = append(out, p.featureReactions()...)
	return append(out, OpportunityAttack)
}

// lowestSlot is the lowest level with a slot left, 0 if none.
func lowestSlot(c rules.Combatant) int { return slotFrom(c, 1) }

// slotFrom is the lowest level of at least min with a slot left, 0 if
// none.
func slotFrom(c rules.Combatant, min int) int {
	for i := max(min, 1) - 1; i < len(c.SpellSlots); i++ {
		if s := c.SpellSlots[i]; s.Used < s.Max {
			return i + 1
		}
	}
	return 0
}

// InspirationUses is how many Bardic Inspiration dice a bard has per
// rest: its Charisma modifier, at least one.
func InspirationUses(cha int) int { return max(campaign.Modifier(cha), 1) }

// offers are the reactions the fight's characters may take to attack k of
// the turn, after the reactions taken to it so far, given how it went; e
// is the fight as it stood when the attack roll was made.
func (e Encounter) offers(k int, r rules.AttackResult, taken []campaign.Reaction) []Offer {
	if len(taken) >= MaxReactionsPerAttack {
		return nil
	}
	var out []Offer
	for pi, p := range e.Participants {
		i := pi
		if slices.ContainsFunc(taken, func(t campaign.Reaction) bool { return t.By == p.ID }) {
			continue
		}
		for _, name := range p.canReact() {
			changes, ok := offerChanges(name, p, r)
			if fr := features[name].reaction; fr != nil && fr.offer != nil {
				changes, ok = fr.offer(e, pi, r)
			}
			if ok {
				out = append(out, offerTo(p, name, changes))
			}
		}
		if len(p.canReact()) > 0 {
			out = append(out, e.answerOffers(i, r)...)
		}
	}
	return out
}

// offerChanges says whether p may take reaction name to attack r, and
// whether it would change the outcome.
func offerChanges(name string, p Participant, r rules.AttackResult) (string, bool) {
	target := p.ID == r.TargetID
	switch name {
	case Shield:
		if !target || !r.Hit {
			return "", false
		}
		if r.Natural == 20 || r.Total >= r.AC+5 {
			return ChangesNo, true
		}
		return ChangesYes, true
	case UncannyDodge:
		if !target || r.Damage == nil || r.Damage.Taken == 0 {
			return "", false
		}
		return ChangesYes, true
	case DeflectMissiles:
		if !target || r.Kind != rules.RangedWeapon || r.Damage == nil || r.Damage.Taken == 0 {
			return "", false
		}
		return ChangesYes, true
	case HellishRebuke:
		// It answers the damage, so the warlock must still stand after it.
		if !target || r.Damage == nil || r.Damage.Taken == 0 || r.Damage.HPAfter <= 0 {
			return "", false
		}
		return ChangesNo, true // it answers the damage; the hit stands
	case CuttingWords:
		if !r.Hit || r.Natural == 20 {
			return "", false
		}
		switch die := bardDie(p); {
		case r.Total-die >= r.AC:
			return ChangesNo, true
		case r.Total-1 < r.AC:
			return ChangesYes, true
		}
		return ChangesUnknown, true
	}
	return "", false
}

// before applies the reactions taken to an attack that act before its
// outcome is decided (Shield, Cutting Words, Uncanny Dodge, Deflect
// Missiles), changing the
// request and the reactors, and returns their rolls.
func (e *Encounter) before(res *Result, rs Reactions, taken []campaign.Reaction, ti int, req *rules.AttackRequest) ([]rules.Roll, error) {
	var rolls []rules.Roll
	for _, t := range taken {
		i := e.index(t.By)
		if i < 0 || !slices.Contains(e.Participants[i].canReact(), t.Name) {
			return nil, refuse(NotAllowed, "reaction", "%s cannot take %s now", t.By, t.Name)
		}
		p := &e.Participants[i]
		switch t.Name {
		case Shield:
			if i != ti {
				return nil, refuse(NotAllowed, "reaction", "Shield protects only its caster")
			}
			if err := e.castReaction(res, i, Shield, nil, rs.source(t)); err != nil {
				return nil, err
			}
			p.Combatant.AC += 5
			p.Shielded = true
			p.sync()
			res.react(t, p, fmt.Sprintf("%s casts Shield: AC %d until the start of its next turn.", p.Name, p.AC))
		case CuttingWords:
			die := bardDie(*p)
			x, err := dice.Parse(fmt.Sprintf("1d%d", die))
			if err != nil {
				return nil, fault.Wrap(fault.Internal, reactionOp, err)
			}
			roll := dice.Roll(x, rs.source(t))
			rolls = append(rolls, rules.Roll{Reason: "cutting words", RollerID: p.ID, Result: roll})
			req.Penalty += roll.Total
			pool := p.Pools[campaign.ResourceBardicInspiration]
			pool.Used++
			p.Pools = maps.Clone(p.Pools)
			p.Pools[campaign.ResourceBardicInspiration] = pool
			res.react(t, p, fmt.Sprintf("%s's Cutting Words takes %d off the attack roll.", p.Name, roll.Total))
		case UncannyDodge:
			if i != ti {
				return nil, refuse(NotAllowed, "reaction", "Uncanny Dodge protects only the rogue")
			}
			req.HalveDamage = true
			res.react(t, p, fmt.Sprintf("%s's Uncanny Dodge halves the damage.", p.Name))
		case DeflectMissiles:
			if i != ti {
				return nil, refuse(NotAllowed, "reaction", "Deflect Missiles protects only the monk")
			}
			roll := dice.Roll(dice.MustParse("1d10"), rs.source(t))
			rolls = append(rolls, rules.Roll{Reason: "deflect missiles", RollerID: p.ID, Result: roll})
			n := max(roll.Total+p.Combatant.Modifier(rules.Dex)+p.Combatant.Level, 0)
			req.ReduceDamage += n
			res.react(t, p, fmt.Sprintf("%s deflects the missile, taking %d off its damage.", p.Name, n))
		case HellishRebuke:
			continue // after the damage
		default:
			if features[t.Name].answer != nil {
				continue // a feature's, once the attack is resolved (answered)
			}
			fr := features[t.Name].reaction
			switch {
			case fr == nil:
				return nil, refuse(InvalidArgs, "reaction", "unknown reaction %q", truncate(t.Name, 40))
			case fr.before == nil:
				continue // it answers the attack once made
			}
			if err := fr.before(e, res, i, ti, req); err != nil {
				return nil, err
			}
			f, _ := srd.LookupFeature(t.Name)
			res.react(t, &e.Participants[i], fmt.Sprintf("%s uses %s.", e.Participants[i].Name, f.Name))
		}
		p.ReactionUsed = true
	}
	return rolls, nil
}

// after applies the reactions taken to an attack that answer its damage
// (Hellish Rebuke).
func (e *Encounter) after(res *Result, rs Reactions, taken []campaign.Reaction, ai, ti int, r rules.AttackResult) error {
	for _, t := range taken {
		if fr := features[t.Name].reaction; fr != nil && fr.after != nil {
			if err := e.featureAfter(res, rs, t, fr, ai, ti, r); err != nil {
				return err
			}
			continue
		}
		if t.Name == DeflectMissiles && r.Damage != nil && r.Damage.Taken == 0 {
			// Caught: throwing it back is the narrator's.
			res.say(fmt.Sprintf("%s catches the missile.", e.Participants[ti].Name))
		}
		if t.Name != HellishRebuke {
			continue
		}
		i := e.index(t.By)
		if i != ti || r.Damage == nil || r.Damage.Taken == 0 {
			return refuse(NotAllowed, "reaction", "Hellish Rebuke answers only damage the warlock took")
		}
		p := &e.Participants[i]
		if !slices.Contains(p.canReact(), HellishRebuke) {
			return refuse(NotAllowed, "reaction", "%s cannot take Hellish Rebuke now", p.Name)
		}
		attacker := e.Participants[ai]
		if err := e.castReaction(res, i, HellishRebuke, []rules.Combatant{attacker.Combatant}, rs.source(t)); err != nil {
			return err
		}
		p = &e.Participants[i]
		p.ReactionUsed = true
		a := e.Participants[ai]
		text := fmt.Sprintf("%s answers with Hellish Rebuke: %s is at %d/%d HP.", p.Name, a.Name, a.HP, a.MaxHP)
		if a.Defeated {
			text = fmt.Sprintf("%s answers with Hellish Rebuke, and %s dies.", p.Name, a.Name)
		}
		res.react(t, p, text)
	}
	return nil
}

// featureAfter plays a feature's reaction t that answers attack r of
// participant ai on ti once it is made (featureReaction.after).
func (e *Encounter) featureAfter(res *Result, rs Reactions, t campaign.Reaction, fr *featureReaction, ai, ti int, r rules.AttackResult) error {
	i := e.index(t.By)
	if i < 0 || !slices.Contains(e.Participants[i].canReact(), t.Name) {
		return refuse(NotAllowed, "reaction", "%s cannot take %s now", truncate(t.By, 40), truncate(t.Name, 40))
	}
	text, err := fr.after(e, res, i, ai, ti, r, rs.source(t))
	if err != nil {
		return err
	}
	e.Participants[i].ReactionUsed = true
	if text == "" {
		f, _ := srd.LookupFeature(t.Name)
		text = fmt.Sprintf("%s uses %s.", e.Participants[i].Name, f.Name)
	}
	res.Applied = append(res.Applied, applied(t, e.Participants[i], text))
	return nil
}

// castReaction casts a reaction spell of participant i, without a slot
// where it can (reactionWay), else at its lowest slot, and applies it.
func (e *Encounter) castReaction(res *Result, i int, spellID string, targets []rules.Combatant, src dice.Source) error {
	p := e.Participants[i]
	slot, k := p.reactionWay(spellID, 1)
	if slot == 0 {
		return refuse(NotAllowed, "reaction", "%s cannot cast %s now", p.Name, spellID)
	}
	ability, err := p.abilityOf(p.repertoire(), k)
	if err != nil {
		return err
	}
	if _, err = e.castAt(res, i, spellID, slot, targets, spell.Options{Ability: ability, Innate: k.Free}, src); err != nil {
		return err
	}
	if k.Free {
		s, _ := srd.LookupSpell(spellID)
		e.spendFree(res, i, k, s)
	}
	return nil
}

// moment numbers the next moment of the turn a reaction may answer (its
// attack rolls, the saving throws it forces, a spell it casts, a
// creature leaving another's reach) and counts it.
func (r *Result) moment() int {
	k := r.moments
	r.moments++
	return k
}

func (r *Result) react(t campaign.Reaction, p *Participant, text string) {
	r.Applied = append(r.Applied, applied(t, *p, text))
	r.say(text)
}

// unshield ends a Shield at the start of its caster's turn.
func (p *Participant) unshield() {
	if p.Shielded {
		p.Combatant.AC -= 5
		p.Shielded = false
		p.sync()
	}
}
