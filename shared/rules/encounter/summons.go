package encounter

import (
	"fmt"
	"slices"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// Summoned creatures (spell/summon.go: Conjure Animals, Animate Dead)
// come into the fight on their caster's side: a character's are of the
// characters' kind, so the monsters fight them and they fight the
// monsters, with no sheet and no player (Participant.Summoned); the rules
// play their turns, each attacking the weakest foe it can reach. Each is
// held by an effect of its spell (summonedFX): when the caster's
// concentration ends, or the spell's time, or the fight, it vanishes.

// summonedFX is the effect that holds a summoned creature in the fight.
const summonedFX = "summoned"

// summon brings in the creatures the spell sr of participant ci's calls,
// each rolling its initiative.
func (e *Encounter) summon(res *Result, ci int, sr spell.Result, src dice.Source) error {
	caster := e.Participants[ci]
	s, _ := srd.LookupSpell(sr.SpellID)
	for _, call := range sr.Summons {
		m, ok := srd.LookupMonster(call.SRDID)
		if call.Monster != nil {
			m, ok = *call.Monster, true // a stat block the spell made (servants.go)
		}
		if !ok {
			return fault.E(fault.Internal, actOp, "no stat block %q to summon", call.SRDID)
		}
		var names []string
		for k := range call.Count {
			if len(e.Participants) >= MaxParticipants {
				res.say(fmt.Sprintf("The fight holds no more than %d; the rest of the %s do not come.", MaxParticipants, m.Name))
				break
			}
			id := fmt.Sprintf("%s-%s-%d", caster.ID, m.ID, e.nextSummon(caster.ID, m.ID))
			p := monsterParticipant(m, id, fmt.Sprintf("%s %d (%s)", m.Name, k+1, caster.Name))
			p.Kind, p.Summoned, p.SummonedBy = caster.Kind, true, caster.ID
			p.XP = 0
			rolls, err := rollInitiativeOf(&p, src)
			if err != nil {
				return fault.Wrap(fault.Internal, actOp, err)
			}
			res.Rolls = append(res.Rolls, rolls...)
			e.takePlace(p)
			fx := Effect{Effect: spell.Effect{ID: summonedFX, Spell: s.ID, CasterID: caster.ID, TargetID: id,
				Concentration: s.Concentration, Ends: "while the spell lasts"}}
			if err := e.add(res, fx, src); err != nil {
				return err
			}
			names = append(names, p.Name)
		}
		if len(names) > 0 {
			res.say(fmt.Sprintf("%s calls %s to fight at its side.", caster.Name, rules.JoinAnd(names)))
		}
	}
	return nil
}

// nextSummon numbers the next creature of stat block id that participant
// caster summons: one more than those it has.
func (e Encounter) nextSummon(caster, id string) int {
	n := 1
	prefix := caster + "-" + id + "-"
	for _, p := range e.Participants {
		if len(p.ID) > len(prefix) && p.ID[:len(prefix)] == prefix {
			n++
		}
	}
	return n
}

// vanish takes a summoned creature out of the fight when the effect that
// held it ends.
func (e *Encounter) vanish(res *Result, i int) error {
	p := e.Participants[i]
	if p.Defeated {
		return nil
	}
	ch := []rules.Change{{TargetID: p.ID, Field: rules.FieldDead, From: false, To: true}}
	if err := e.apply(ch); err != nil {
		return err
	}
	res.Changes = append(res.Changes, ch...)
	e.part(i)
	res.say(p.Name + " vanishes.")
	return nil
}

// foeOf is the weakest foe of summoned participant ai's, on its feet and
// where the fight is: the one with the fewest hit points; -1 if none.
func (e Encounter) foeOf(ai int) int {
	best := -1
	for _, id := range e.Order {
		i := e.index(id)
		if i < 0 || i == ai {
			continue
		}
		p := e.Participants[i]
		if p.Kind == e.Participants[ai].Kind || p.down() || e.elsewhere(p.ID) {
			continue
		}
		if best < 0 || p.Combatant.HP < e.Participants[best].Combatant.HP {
			best = i
		}
	}
	return best
}

// summonedAttack is a summoned creature's turn on the characters' side:
// its Multiattack (or best attack) at the weakest foe, each hit with what
// its stat block puts on the target.
func (e *Encounter) summonedAttack(res *Result, ai int, src dice.Source) error {
	p := e.Participants[ai]
	if e.familiar(ai) {
		return e.help(res, ai) // it can't attack (spells_servants.go)
	}
	ti := e.foeOf(ai)
	if ti < 0 {
		res.say(p.Name + " has no foe to attack.")
		return nil
	}
	plan, err := monsterPlan(p, "", &res.Log, src)
	if err != nil {
		return err
	}
	plan = slices.DeleteFunc(plan, recharging) // no web at a friend's foe
	if len(plan) == 0 {
		res.say(p.Name + " has no attack it can make.")
		return nil
	}
	res.Kind = ActionAttack
	e.Participants[ai].Turn.ActionUsed = true
	e.engage(ai, ti)
	for _, a := range plan {
		if e.Participants[ti].Defeated || !e.Participants[ai].canAct() {
			break
		}
		req, err := monsterRequest(a, 0, e.Participants[ai].hurt())
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		e.packTactics(ai, ti, &req)
		if err := e.strike(res, ai, ti, req, src); err != nil {
			return err
		}
		if err := e.afterHit(res, Reactions{}, ai, ti, a, res.Attacks[len(res.Attacks)-1], src); err != nil {
			return err
		}
	}
	return nil
}
