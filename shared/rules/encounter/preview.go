package encounter

import (
	"fmt"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// Moment is what an opening answers, as a reaction's preview reads it:
// an attack as it was rolled (Attack), a failed saving throw (Save), a
// spell about to be cast at Level (Spell) or a creature leaving reach
// (Leaving, its participant id). One of them is set.
type Moment struct {
	Attack  *rules.AttackResult
	Save    *rules.SaveResult
	Spell   *srd.Spell
	Level   int
	Leaving string
}

// previewed gives each offer the preview of what taking it at m would
// change, from the fight as it stood when the moment was rolled.
func (e Encounter) previewed(offers []Offer, m Moment) []Offer {
	for i := range offers {
		if pi := e.index(offers[i].ParticipantID); pi >= 0 {
			p := Preview(e, pi, offers[i].Name, m)
			offers[i].Preview = &p
		}
	}
	return offers
}

// Preview is what participant pi taking reaction name at moment m would
// change, worked out from the numbers the rules hold: the attack's total
// and the target's AC, the damage taken, the save's bonus and DC, the
// spell's level. Where a die the reaction rolls decides it, it says what
// the die must show.
func Preview(e Encounter, pi int, name string, m Moment) campaign.Preview {
	p := e.Participants[pi]
	id, choice := onHitName(name)
	if r := m.Attack; r != nil {
		if features[id].onHit != nil {
			return hitPreview(e, pi, id, choice, *r)
		}
		if out, ok := attackPreview(e, pi, name, *r); ok {
			return out
		}
	}
	if sv := m.Save; sv != nil {
		if out, ok := savePreview(p, name, *sv); ok {
			return out
		}
	}
	if m.Spell != nil && name == Counterspell {
		return counterPreview(p, *m.Spell, m.Level)
	}
	if m.Leaving != "" && name == OpportunityAttack {
		if mi := e.index(m.Leaving); mi >= 0 {
			t := e.Participants[mi]
			return campaign.Preview{Text: fmt.Sprintf("Opportunity attack: a melee attack at %s (AC %d) as it leaves", t.Name, t.AC), Effect: campaign.EffectStrikeBack}
		}
	}
	return campaign.Preview{Text: ReactionName(name), Effect: campaign.EffectNone}
}

// attackPreview is what reaction name of participant pi would change of
// attack r: the roll against the armour class, or the damage, or what
// follows the hit.
func attackPreview(e Encounter, pi int, name string, r rules.AttackResult) (campaign.Preview, bool) {
	p := e.Participants[pi]
	hurt := 0
	if r.Damage != nil {
		hurt = r.Damage.Taken
	}
	attacker, attackerAC := r.Attacker, 0
	ai := e.index(r.AttackerID)
	if ai >= 0 {
		attacker, attackerAC = e.Participants[ai].Name, e.Participants[ai].AC
	}
	switch name {
	case Shield:
		ac := r.AC + 5
		switch {
		case r.Natural == 20 || r.Critical:
			return campaign.Preview{Text: fmt.Sprintf("Shield: AC %d, but a natural 20 hits whatever the AC", ac), Effect: campaign.EffectNone}, true
		case r.Total >= ac:
			return campaign.Preview{Text: fmt.Sprintf("Shield: %d vs AC %d, still a hit", r.Total, ac), Effect: campaign.EffectNone}, true
		}
		return campaign.Preview{Text: fmt.Sprintf("Shield: %d vs AC %d, a miss", r.Total, ac), Effect: campaign.EffectHitToMiss}, true
	case CuttingWords:
		die := bardDie(p)
		head := fmt.Sprintf("Cutting Words: %d less 1d%d vs AC %d", r.Total, die, r.AC)
		switch need := r.Total - r.AC + 1; {
		case need <= 1:
			return campaign.Preview{Text: head + ", a miss", Effect: campaign.EffectHitToMiss}, true
		case need > die:
			return campaign.Preview{Text: head + ", still a hit", Effect: campaign.EffectNone}, true
		default:
			return campaign.Preview{Text: fmt.Sprintf("%s, a miss on %d or more", head, need), Effect: campaign.EffectMayMiss}, true
		}
	case UncannyDodge:
		return campaign.Preview{Text: fmt.Sprintf("Uncanny Dodge: the hit's %d damage halved, about %d", hurt, hurt/2), Effect: campaign.EffectDamageHalved}, true
	case DeflectMissiles:
		n := p.Combatant.Modifier(rules.Dex) + p.Combatant.Level
		text := fmt.Sprintf("Deflect Missiles: 1d10 + %d off the %d damage", n, hurt)
		if n+1 >= hurt {
			text += ", all of it"
		}
		return campaign.Preview{Text: text, Effect: campaign.EffectDamageReduced}, true
	case HellishRebuke:
		slot, _ := p.reactionWay(HellishRebuke, 1)
		return campaign.Preview{Text: fmt.Sprintf("Hellish Rebuke: %dd10 fire at %s, Dexterity save for half; the hit stands", 1+max(slot, 1), attacker),
			Effect: campaign.EffectStrikeBack}, true
	case "retaliation", "hunters-prey-giant-killer":
		return campaign.Preview{Text: fmt.Sprintf("%s: a melee attack back at %s (AC %d); the hit stands", ReactionName(name), attacker, attackerAC),
			Effect: campaign.EffectStrikeBack}, true
	case "superior-hunters-defense-stand-against-the-tide":
		if ai < 0 {
			return campaign.Preview{}, false
		}
		other := "another creature"
		if j := e.tideTarget(pi, ai); j >= 0 {
			other = e.Participants[j].Name
		}
		return campaign.Preview{Text: fmt.Sprintf("Stand Against the Tide: %s's missed attack is made again at %s", attacker, other), Effect: campaign.EffectRedirect}, true
	}
	if features[name].reaction == protection {
		// With disadvantage the attack keeps the lower d20: it hits only if
		// a second die also makes the armour class.
		need := r.AC - (r.Total - r.Natural)
		switch {
		case len(r.Edge.Advantage) > 0 && len(r.Edge.Disadvantage) == 0:
			return campaign.Preview{Text: "Protection: disadvantage cancels the attack's advantage: one d20 decides", Effect: campaign.EffectDisadvantage}, true
		case need <= 1:
			return campaign.Preview{Text: fmt.Sprintf("Protection: disadvantage on the %d vs AC %d, which hits on any second d20 but a 1", r.Total, r.AC), Effect: campaign.EffectDisadvantage}, true
		}
		return campaign.Preview{Text: fmt.Sprintf("Protection: disadvantage on the %d vs AC %d: a miss unless a second d20 rolls %d or more", r.Total, r.AC, min(need, 20)),
			Effect: campaign.EffectDisadvantage}, true
	}
	return campaign.Preview{}, false
}

// hitPreview is what the owner's own hit r would do with its on-hit
// feature id (choice: a slot, an option) besides its damage.
func hitPreview(e Encounter, ai int, id, choice string, r rules.AttackResult) campaign.Preview {
	p := e.Participants[ai]
	name := ReactionName(id)
	target := r.Target
	kind := ""
	if ti := e.index(r.TargetID); ti >= 0 {
		target, kind = e.Participants[ti].Name, e.Participants[ti].Type
	}
	switch id {
	case "divine-smite":
		level := lowestSlot(p.Combatant)
		if n, err := strconv.Atoi(choice); err == nil {
			level = n
		}
		n := smiteDice(level, kind)
		if r.Critical {
			n *= 2
		}
		return campaign.Preview{Text: fmt.Sprintf("Divine Smite (%s-level slot): %dd8 radiant more on %s", rules.Ordinal(level), n, target), Effect: campaign.EffectOnHit}
	case "stunning-strike":
		return campaign.Preview{Text: fmt.Sprintf("Stunning Strike: %s makes a Constitution save against DC %d or is stunned", target, kiDC(p)), Effect: campaign.EffectOnHit}
	case "open-hand-technique":
		what := map[string]string{"prone": "a Dexterity save or knocked prone", "push": "a Strength save or pushed 15 ft", "no-reactions": "no reactions until the end of your next turn"}[choice]
		return campaign.Preview{Text: fmt.Sprintf("Open Hand Technique: %s, %s", target, what), Effect: campaign.EffectOnHit}
	case "stroke-of-luck":
		return campaign.Preview{Text: fmt.Sprintf("Stroke of Luck: the %d vs AC %d becomes a hit", r.Total, r.AC), Effect: campaign.EffectOnHit}
	}
	text := name
	if f, ok := srd.LookupFeature(id); ok && f.Summary != "" {
		text += ": " + strings.TrimSuffix(f.Summary, ".")
	}
	return campaign.Preview{Text: text, Effect: campaign.EffectOnHit}
}

// savePreview is what reaction name of participant p would change of its
// failed save sv.
func savePreview(p Participant, name string, sv rules.SaveResult) (campaign.Preview, bool) {
	// need is the d20 the same save must show to pass again.
	need := sv.DC - sv.Bonus
	again := func(head string) campaign.Preview {
		switch {
		case need > 20:
			return campaign.Preview{Text: fmt.Sprintf("%s: the save rolled again, which no d20 passes (DC %d, %+d)", head, sv.DC, sv.Bonus), Effect: campaign.EffectNone}
		case need <= 1:
			return campaign.Preview{Text: fmt.Sprintf("%s: the save rolled again, which any d20 but a 1 passes (DC %d, %+d)", head, sv.DC, sv.Bonus), Effect: campaign.EffectSaveMaySucceed}
		}
		return campaign.Preview{Text: fmt.Sprintf("%s: the save rolled again, a success on %d or more (DC %d, %+d)", head, need, sv.DC, sv.Bonus), Effect: campaign.EffectSaveMaySucceed}
	}
	switch {
	case name == Lucky:
		return again("Lucky"), true
	case name == ringOfEvasion:
		return campaign.Preview{Text: fmt.Sprintf("Ring of Evasion: the failed %d vs DC %d becomes a success (a charge of %d)", sv.Total, sv.DC, p.left(itemPool+ringOfEvasion)),
			Effect: campaign.EffectSaveSucceeds}, true
	case name == ownLuck:
		short := sv.DC - sv.Total
		return campaign.Preview{Text: fmt.Sprintf("Dark One's Own Luck: %d + 1d10 vs DC %d, a success on %d or more", sv.Total, sv.DC, max(short, 1)),
			Effect: campaign.EffectSaveMaySucceed}, true
	case features[name].reroll != nil || features[name].rerollSave != nil:
		return again(ReactionName(name)), true
	}
	return campaign.Preview{}, false
}

// counterPreview is what p's Counterspell would do to a spell of level.
func counterPreview(p Participant, s srd.Spell, level int) campaign.Preview {
	slot := counterSlot(p.Combatant, level)
	head := fmt.Sprintf("Counterspell (%s level)", rules.Ordinal(slot))
	if slot >= level {
		return campaign.Preview{Text: fmt.Sprintf("%s: %s fails", head, s.Name), Effect: campaign.EffectSpellStopped}
	}
	ability, err := spellAbility(p)
	if err != nil {
		return campaign.Preview{Text: fmt.Sprintf("%s: %s goes on", head, s.Name), Effect: campaign.EffectNone}
	}
	mod, dc := p.Combatant.Modifier(ability), 10+level
	need := dc - mod
	if need > 20 {
		return campaign.Preview{Text: fmt.Sprintf("%s: %s goes on; no %s check of %+d reaches DC %d", head, s.Name, ability.Name(), mod, dc), Effect: campaign.EffectNone}
	}
	return campaign.Preview{Text: fmt.Sprintf("%s: %s fails on a DC %d %s check, %d or more on the d20 (%+d)", head, s.Name, dc, ability.Name(), max(need, 1), mod),
		Effect: campaign.EffectSpellMayStop}
}
