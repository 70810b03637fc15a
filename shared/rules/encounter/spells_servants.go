package encounter

import (
	"slices"
	"strconv"

	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The servant spells' creatures in a fight (spell/servants.go). A
// familiar, a steed or Create Undead's undead, called before the fight
// (their castings take longer than a turn), come into it with their
// caster, held by the caster's lasting effect (spell.ServantID): each
// rolls its initiative and fights on its caster's side as a conjured
// creature does (summons.go). A familiar can't attack: on its turns it
// takes the Help action, beside the foe its master fights, and its
// master's next attack roll against that foe has advantage. A servant
// that drops to 0 hit points is gone: the caster's effect keeps one fewer,
// and a familiar or a steed comes back only with a new casting. Animate
// Objects' objects and Arcane Hand's hand are summoned in the fight, as
// the conjurations' creatures are; once the last of them falls the spell
// has nothing left, and its concentration ends.

// helpID is the effect a familiar's Help leaves on the foe it is beside,
// for its master (CasterID); Until.Turn names the familiar.
const helpID = "familiar-help"

// helpKind is the result kind of a familiar's turn.
const helpKind = "help"

// servantsIn brings into the fight the servants participant ci's lasting
// effects keep, each held by an effect of its spell. With src, each rolls
// its initiative and takes its place in the order (a character joining);
// without, the fight's start rolls them with everyone. Those beyond the
// fight's room stay away.
func (e *Encounter) servantsIn(ci int, src dice.Source) ([]rules.Roll, error) {
	caster := e.Participants[ci]
	var rolls []rules.Roll
	for _, fx := range slices.Clone(e.Effects) {
		if fx.ID != spell.ServantID || fx.CasterID != caster.ID || fx.TargetID != caster.ID || fx.Left <= 0 {
			continue
		}
		call, err := spell.Serving(fx.Spell, fx.Summon, fx.Left)
		if err != nil {
			continue // a pick the rules no longer call: the narrator's
		}
		m, ok := srd.LookupMonster(call.SRDID)
		if call.Monster != nil {
			m, ok = *call.Monster, true
		}
		if !ok {
			continue
		}
		for k := range call.Count {
			if len(e.Participants) >= MaxParticipants {
				break
			}
			p := servantParticipant(*e, caster, m, k)
			if src == nil {
				e.Participants = append(e.Participants, p)
			} else {
				r, err := rollInitiativeOf(&p, src)
				if err != nil {
					return nil, err
				}
				rolls = append(rolls, r...)
				e.takePlace(p)
			}
			e.Effects = append(e.Effects, Effect{Effect: spell.Effect{ID: summonedFX, Spell: fx.Spell, CasterID: caster.ID, TargetID: p.ID,
				Ends: fx.Ends}, SlotLevel: fx.SlotLevel, Until: fx.Until})
		}
	}
	return rolls, nil
}

// servantParticipant is the k-th (from 0) creature of stat block m that
// caster brings, as summon names its conjured ones.
func servantParticipant(e Encounter, caster Participant, m srd.Monster, k int) Participant {
	id := caster.ID + "-" + m.ID + "-" + strconv.Itoa(e.nextSummon(caster.ID, m.ID))
	p := monsterParticipant(m, id, m.Name+" "+strconv.Itoa(k+1)+" ("+caster.Name+")")
	p.Kind, p.Summoned, p.SummonedBy, p.XP = caster.Kind, true, caster.ID, 0
	return p
}

// servantsStart brings in the servants of every character starting the
// fight, before initiative is rolled.
func (e *Encounter) servantsStart() {
	for i := range e.Participants {
		if e.Participants[i].Kind == KindCharacter && !e.Participants[i].Summoned {
			_, _ = e.servantsIn(i, nil) // draws no dice, fails on none
		}
	}
}

// dismissed ends the summoned creature at i that fx held: one that fell
// leaves its caster's service (servantFell), and a spell with nothing of
// it left holds its caster's concentration no longer; then it vanishes.
func (e *Encounter) dismissed(res *Result, i int, fx Effect) error {
	if e.Participants[i].Defeated {
		if err := e.servantFell(res, fx); err != nil {
			return err
		}
		if err := e.over(res, fx); err != nil {
			return err
		}
	}
	return e.vanish(res, i)
}

// servantFell counts a fallen servant off its caster's effect: the
// effect keeps one fewer, and ends when none is left.
func (e *Encounter) servantFell(res *Result, fx Effect) error {
	k := slices.IndexFunc(e.Effects, func(o Effect) bool {
		return o.ID == spell.ServantID && o.Spell == fx.Spell && o.CasterID == fx.CasterID
	})
	if k < 0 {
		return nil
	}
	if e.Effects[k].Left--; e.Effects[k].Left > 0 {
		return nil
	}
	gone := e.Effects[k]
	if err := e.forget(res, func(o Effect) bool {
		return o.ID == spell.ServantID && o.Spell == gone.Spell && o.CasterID == gone.CasterID
	}); err != nil {
		return err
	}
	if c, ok := e.Participant(gone.CasterID); ok {
		name := gone.Spell
		if s, ok := srd.LookupSpell(gone.Spell); ok {
			name = s.Name
		}
		res.say("Nothing is left of " + possessive(c.Name) + " " + name + " until it is cast again.")
	}
	return nil
}

// familiar reports whether participant i is a familiar (Find Familiar's).
func (e Encounter) familiar(i int) bool {
	id := e.Participants[i].ID
	return slices.ContainsFunc(e.Effects, func(fx Effect) bool {
		return fx.ID == summonedFX && fx.TargetID == id && fx.Spell == "find-familiar"
	})
}

// help is a familiar's turn: it can't attack, so it takes the Help
// action beside the foe its master is fighting (the weakest foe if its
// master fights none), and its master's next attack roll against that
// foe before the familiar's next turn has advantage.
func (e *Encounter) help(res *Result, ai int) error {
	p := e.Participants[ai]
	mi := e.index(p.SummonedBy)
	if mi < 0 || e.Participants[mi].down() {
		res.say(p.Name + " has no master to help.")
		return nil
	}
	ti := -1
	for _, id := range e.Participants[mi].Engaged {
		if j := e.index(id); j >= 0 && e.Participants[j].Kind != p.Kind && !e.Participants[j].down() {
			ti = j
			break
		}
	}
	if ti < 0 {
		ti = e.foeOf(ai)
	}
	if ti < 0 {
		res.say(p.Name + " has no foe to distract.")
		return nil
	}
	res.Kind = helpKind
	e.Participants[ai].Turn.ActionUsed = true
	e.engage(ai, ti)
	t, m := e.Participants[ti], e.Participants[mi]
	if err := e.forget(res, func(fx Effect) bool { return fx.ID == helpID && fx.Until.Turn == p.ID }); err != nil {
		return err
	}
	fx := Effect{Effect: spell.Effect{ID: helpID, Spell: "find-familiar", CasterID: m.ID, TargetID: t.ID,
		Ends: "at " + possessive(m.Name) + " next attack roll against it, or the start of " + possessive(p.Name) + " next turn",
		Note: "helped by " + p.Name}, Until: Until{Round: e.Round + 1, Turn: p.ID}}
	e.Effects = append(e.Effects, fx)
	res.say(p.Name + " darts at " + t.Name + " to distract it: " + possessive(m.Name) + " next attack against it has advantage.")
	return nil
}

// servantsAttack gives attacker ai advantage on its attack at ti when its
// familiar helps it there, still beside ti and able to act; it reports
// whether the help was used.
func (e Encounter) servantsAttack(ai, ti int, req *rules.AttackRequest) bool {
	a, t := e.Participants[ai], e.Participants[ti]
	for _, fx := range e.Effects {
		if fx.ID != helpID || fx.CasterID != a.ID || fx.TargetID != t.ID {
			continue
		}
		fi := e.index(fx.Until.Turn)
		if fi < 0 || !e.Participants[fi].canAct() || !e.engaged(fi, ti) {
			continue
		}
		req.Advantage = append(slices.Clip(req.Advantage), "Help ("+e.Participants[fi].Name+")")
		return true
	}
	return false
}

// helpUsed ends the familiar's help that attacker ai's roll at ti used.
func (e *Encounter) helpUsed(res *Result, ai, ti int) error {
	a, t := e.Participants[ai].ID, e.Participants[ti].ID
	return e.forget(res, func(fx Effect) bool { return fx.ID == helpID && fx.CasterID == a && fx.TargetID == t })
}
