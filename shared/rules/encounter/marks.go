package encounter

import (
	"slices"
	"strconv"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// What the features' hooks share: the marks a turn leaves on a
// participant (Participant.Marks), the features' hooks called after an attack,
// at initiative and for bonus actions, and the reserves a roll spends
// (rules.Reserve).
//
// A mark is good for the turn it is made in, whoever's turn that is: it
// holds the round and the current participant, so a mark from an earlier
// turn never counts, and the participant's own next turn clears the
// list.

// markOf is what the mark of what reads in the turn under way.
func (e Encounter) markOf(what string) string {
	return what + "@" + strconv.Itoa(e.Round) + "/" + e.Current
}

// marked reports whether participant i has the mark what this turn.
func (e Encounter) marked(i int, what string) bool {
	return slices.Contains(e.Participants[i].Marks, e.markOf(what))
}

// mark gives participant i the mark what for the turn under way.
func (e *Encounter) mark(i int, what string) {
	if e.marked(i, what) {
		return
	}
	p := &e.Participants[i]
	p.Marks = append(slices.Clip(p.Marks), e.markOf(what))
}

// ownTurn reports whether it is participant i's turn.
func (e Encounter) ownTurn(i int) bool { return e.Participants[i].ID == e.Current }

// featuresAttackDone runs the attacker's attackDone and the target's
// attackedDone hooks on a resolved attack.
func (e *Encounter) featuresAttackDone(res *Result, ai, ti int, r rules.AttackResult) {
	for _, f := range e.Participants[ai].featureHooks() {
		if f.attackDone != nil {
			f.attackDone(e, res, ai, ti, r)
		}
	}
	for _, f := range e.Participants[ti].featureHooks() {
		if f.attackedDone != nil {
			f.attackedDone(e, res, ai, ti, r)
		}
	}
}

// featuresInitiative runs participant i's initiative hooks.
func (e *Encounter) featuresInitiative(i int) {
	for _, f := range e.Participants[i].featureHooks() {
		if f.afterInitiative != nil {
			f.afterInitiative(e, i)
		}
	}
}

// bonusKind reports whether participant p's features let it take an
// action of kind as a bonus action, and which feature does.
func (p Participant) bonusKind(kind string) (string, bool) {
	for _, id := range p.Combatant.Features {
		if slices.Contains(features[id].bonus, kind) {
			f, _ := srd.LookupFeature(id)
			return f.Name, true
		}
	}
	return "", false
}

// featureReactions are the reactions participant p's features give it
// that it can pay for now (answer hooks).
func (p Participant) featureReactions() []string {
	var out []string
	for _, id := range p.Combatant.Features {
		if features[id].answer == nil {
			continue
		}
		if f, ok := srd.LookupFeature(id); ok && f.Resource != "" && p.left(f.Resource) < max(f.Cost, 1) {
			continue
		}
		out = append(out, id)
	}
	return out
}

// answerOffers are the feature reactions participant i may take to
// attack r (answer hooks), as offers.
func (e Encounter) answerOffers(i int, r rules.AttackResult) []Offer {
	ai, ti := e.index(r.AttackerID), e.index(r.TargetID)
	if ai < 0 || ti < 0 {
		return nil
	}
	var out []Offer
	p := e.Participants[i]
	for _, id := range p.featureReactions() {
		if changes, ok := features[id].answer.offer(e, i, ai, ti, r); ok {
			out = append(out, offerTo(p, id, changes))
		}
	}
	return out
}

// answered plays the feature reactions taken to an attack (taken), once
// it is resolved: each its taker's reaction and resource.
func (e *Encounter) answered(res *Result, rs Reactions, taken []campaign.Reaction, ai, ti int, req rules.AttackRequest, r rules.AttackResult) error {
	for _, t := range taken {
		a := features[t.Name].answer
		if a == nil {
			continue
		}
		i := e.index(t.By)
		if i < 0 || !slices.Contains(e.Participants[i].canReact(), t.Name) {
			return refuse(NotAllowed, "reaction", "%s cannot take %s now", truncate(t.By, 40), truncate(t.Name, 40))
		}
		if _, ok := a.offer(*e, i, ai, ti, r); !ok {
			return refuse(NotAllowed, "reaction", "%s does not answer this attack", truncate(t.Name, 40))
		}
		f, _ := srd.LookupFeature(t.Name)
		if f.Resource != "" {
			if err := e.spendPool(i, f, max(f.Cost, 1)); err != nil {
				return err
			}
		}
		e.Participants[i].ReactionUsed = true
		n := len(res.Attacks)
		if err := a.after(e, res, i, ai, ti, req, r, rs.source(t)); err != nil {
			return err
		}
		text := e.Participants[i].Name + " uses " + f.Name + "."
		if len(res.Attacks) > n {
			text = e.Participants[i].Name + " uses " + f.Name + ": " + res.Attacks[len(res.Attacks)-1].Summary()
		}
		res.Applied = append(res.Applied, applied(t, e.Participants[i], text))
	}
	return nil
}

// spendReserved spends what participant i's roll used of its reserves
// (rules.Reserve, by id): a Bardic Inspiration die held goes (bard.go),
// a feature's resource is paid (Peerless Skill), and the feature is
// marked used this turn (Foe Slayer's once a turn).
func (e *Encounter) spendReserved(res *Result, i int, ids []string) error {
	for _, id := range ids {
		if id == inspiredID {
			if err := e.inspirationSpent(res, i); err != nil {
				return err
			}
			continue
		}
		f, ok := srd.LookupFeature(id)
		if !ok {
			continue
		}
		if f.Resource != "" {
			if err := e.spendPool(i, f, max(f.Cost, 1)); err != nil {
				return err
			}
		}
		e.mark(i, id)
		res.say(e.Participants[i].Name + " uses " + f.Name + ".")
	}
	return nil
}

// checkReserves are what participant i may add to an ability check it
// makes in the fight: a Bardic Inspiration die it holds, and its own
// Peerless Skill.
func (e Encounter) checkReserves(i int) []rules.Reserve {
	rs := e.inspiration(i)
	p := e.Participants[i]
	if slices.Contains(p.Combatant.Features, "peerless-skill") && p.left(campaign.ResourceBardicInspiration) > 0 {
		if x, err := dice.Parse("1d" + strconv.Itoa(bardDie(p))); err == nil {
			rs = append(rs, rules.Reserve{ID: "peerless-skill", Name: "peerless skill", Dice: x})
		}
	}
	return rs
}

// moved is the mark of a participant that has moved this turn.
const moved = "moved"
