package game

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
)

// pass is the answer of a character who lets the moment go.
const pass = "pass"

// A moment of a monster's turn that a present character could answer
// holds the turn: an attack (Shield, Cutting Words, Uncanny Dodge,
// Hellish Rebuke), a saving throw its breath forces that a halfling
// failed with a 1 (Lucky), a spell it casts (Counterspell) or its leaving
// a character's reach (an opportunity attack). The rolls are shown up to
// the moment's (all those before it, for the last two, whose dice are not
// rolled yet) and a reaction window opens to the eligible characters only. First come, first served; each
// reaction resets the timer, at most encounter.MaxReactionsPerAttack per
// roll; the window closes early when every eligible character has
// answered (a player who leaves passes). The engine then plays the turn
// again from the same dice with the reactions, goes on to the next attack
// that opens a window, or narrates the final outcome and commits.

// reactionSeed keys the reactions' own dice, apart from the turn's.
func (s *Service) reactionSeed(campaignID, turnID string) uint64 {
	return s.turnSeed(campaignID, turnID+":reactions")
}

// window is the first reaction window of a monster's turn at or after its
// moment number from: the first opening with a present character among
// those offered a reaction. It returns the window and how many of the
// turn's rolls the table sees while it is open (up to the roll it answers,
// or all those made before it), or nil.
func window(snap Snapshot, res encounter.Result, from int) (*campaign.Window, int) {
	present := map[string]string{}
	for _, ch := range withPresence(snap) {
		if ch.Presence == campaign.Present {
			present[ch.ID] = ch.PlayerID
		}
	}
	for _, o := range res.Openings {
		if o.Attack < from {
			continue
		}
		w := &campaign.Window{Attack: o.Attack, RollID: fmt.Sprint("r", o.Roll+1), Trigger: o.Trigger}
		revealed := o.Roll + 1
		if o.Before {
			w.Before, w.RollID, revealed = true, "", o.Roll
		}
		for _, f := range o.Offers {
			player, ok := present[f.CharacterID]
			if !ok {
				continue // absent and offline characters are never eligible
			}
			i := slices.IndexFunc(w.Eligible, func(e campaign.Eligible) bool { return e.CharacterID == f.CharacterID })
			if i < 0 {
				w.Eligible = append(w.Eligible, campaign.Eligible{CharacterID: f.CharacterID, PlayerID: player, ParticipantID: f.ParticipantID})
				i = len(w.Eligible) - 1
			}
			w.Eligible[i].Offers = append(w.Eligible[i].Offers, f.Offer)
		}
		if len(w.Eligible) > 0 {
			return w, revealed
		}
	}
	return nil, -1
}

// fixed is how many of the rolls a held turn shows that no reaction to
// its open window can change: all of them before the window's own roll.
func fixed(p campaign.PendingRolls) int {
	if p.Window != nil && p.Window.Before {
		return p.Revealed
	}
	return max(p.Revealed-1, 0) // none shown yet: a turn whose absent characters' orders are weighed before it is held
}

// windowMessage offers the window to those who have not answered.
func windowMessage(l campaign.Lease) message {
	p := l.Pending
	ev := events.ReactionWindow{TurnID: l.TurnID, RollID: p.Window.RollID, Trigger: p.Window.Trigger, ClosesAt: p.Deadline, Eligible: []events.Eligible{}}
	for _, e := range p.Window.Eligible {
		if answered(*p.Window, e.CharacterID) {
			continue
		}
		el := events.Eligible{CharacterID: e.CharacterID, Reactions: []string{}, Offers: append([]campaign.Offer{}, e.Offers...)}
		for _, o := range e.Offers {
			el.Reactions = append(el.Reactions, o.Name)
		}
		ev.Eligible = append(ev.Eligible, el)
	}
	return message{events.TypeReactionWindow, ev}
}

func answered(w campaign.Window, characterID string) bool {
	return slices.ContainsFunc(w.Answers, func(a campaign.Answer) bool { return a.CharacterID == characterID })
}

func eligibleOf(w campaign.Window, characterID string) (campaign.Eligible, bool) {
	i := slices.IndexFunc(w.Eligible, func(e campaign.Eligible) bool { return e.CharacterID == characterID })
	if i < 0 {
		return campaign.Eligible{}, false
	}
	return w.Eligible[i], true
}

// holdMonsterTurn starts a monster's turn that opens a window: the lease
// keeps its dice, the table sees the rolls up to the attack and the
// window, after what told them of the reactions taken already (taken:
// the standing orders of characters away from the table). It fails when
// the table was taken by another turn or moved on since snap was read.
func (s *Service) holdMonsterTurn(ctx context.Context, snap Snapshot, lease campaign.Lease, seed uint64, res encounter.Result, w *campaign.Window, revealed int, legendary bool, taken []campaign.Reaction, told ...message) error {
	now := s.now()
	deadline := now.Add(time.Duration(snap.Campaign.Settings.ReactionWindowSeconds) * time.Second)
	lease.Pending = &campaign.PendingRolls{Seed: seed, Rolls: turn.Rolls(res.Rolls), Revealed: revealed, Deadline: deadline, Phase: 1, Window: w, Legendary: legendary, Reactions: taken}
	lease.ExpiresAt = deadline.Add(s.LeaseTTL)
	// The table learns of the held turn in the commit that holds it.
	msgs := []message{{events.TypeTurnAccepted, events.TurnAccepted{TurnID: lease.TurnID, RequestID: lease.RequestID, CharacterID: lease.ActorID}}}
	msgs = append(msgs, rollMessages(lease.TurnID, lease.Pending.Rolls[:lease.Pending.Revealed])...)
	msgs = append(msgs, told...)
	msgs = append(msgs, windowMessage(lease))
	decidedOn := snap.State.TurnCount
	if err := s.commit(ctx, Tx{CampaignID: snap.Campaign.ID, AcquireLease: &lease, LeaseNow: now, LeaseTurnCount: &decidedOn}, "", msgs...); err != nil {
		return err
	}
	s.orchestrate(ctx, snap, lease)
	return nil
}

// React answers the open reaction window with a reaction or "pass". Only
// an eligible character of the connection's player may answer, once, with
// a reaction it was offered; a repeated request changes nothing; a window
// that has closed refuses with a conflict.
func (s *Service) React(ctx context.Context, connectionID string, msg events.ClientMessage) error {
	const op = "react"
	conn, snap, err := s.connection(ctx, connectionID, op)
	if err != nil {
		return err
	}
	if msg.CampaignID != "" && msg.CampaignID != conn.CampaignID {
		return fault.E(fault.Forbidden, op, "this connection is bound to another campaign")
	}
	if err := whilePaused(snap, op); err != nil {
		return err
	}
	for range 8 {
		l := snap.Lease
		if l == nil || l.Pending == nil || l.Pending.Window == nil || l.TurnID != msg.TurnID {
			return fault.E(fault.Conflict, op, "no reaction window is open on this turn")
		}
		w := *l.Pending.Window
		el, ok := eligibleOf(w, msg.CharacterID)
		if !ok {
			return fault.E(fault.Forbidden, op, "that character cannot react to this roll")
		}
		if el.PlayerID != conn.PlayerID {
			return fault.E(fault.Forbidden, op, "that character is not yours")
		}
		if i := slices.IndexFunc(w.Answers, func(a campaign.Answer) bool { return a.CharacterID == msg.CharacterID }); i >= 0 {
			if w.Answers[i].RequestID == msg.RequestID {
				return nil // a repeat: answered already
			}
			return fault.E(fault.Conflict, op, "that character has already answered this roll")
		}
		reaction := strings.ToLower(msg.Reaction)
		if reaction != pass && !slices.ContainsFunc(el.Offers, func(o campaign.Offer) bool { return o.Name == reaction }) {
			var names []string
			for _, o := range el.Offers {
				names = append(names, o.Name)
			}
			return fault.Field(op, "reaction", "not offered now; the choices are %s or pass", strings.Join(names, ", "))
		}
		err = s.answerWindow(ctx, snap, *l, campaign.Answer{CharacterID: msg.CharacterID, Reaction: reaction, RequestID: msg.RequestID})
		if !errors.Is(err, errStepTaken) {
			return err
		}
		if snap, err = s.Store.Snapshot(ctx, conn.CampaignID); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
	}
	return fault.E(fault.Conflict, op, "the window kept changing; answer again")
}

// answerWindow records one answer. A reaction is applied at once: the
// turn is played again with it, which may change what the others are
// offered, and resets the window's timer. The window closes when nobody
// eligible is left to answer, or at the reaction limit. Every answer
// applied, a pass too, is told to the table as reaction.received: who
// has answered is part of the window everyone watches (the web client
// stops waiting on them), and a pass made for a player who left says why
// the window closed early.
func (s *Service) answerWindow(ctx context.Context, snap Snapshot, l campaign.Lease, ans campaign.Answer) error {
	const op = "react"
	now := s.now()
	p := *l.Pending
	w := *p.Window
	w.Answers = append(slices.Clone(w.Answers), ans)
	el, _ := eligibleOf(w, ans.CharacterID)
	if ans.Reaction != pass {
		p.Reactions = append(slices.Clone(p.Reactions), campaign.Reaction{Attack: w.Attack, By: el.ParticipantID, Name: ans.Reaction})
		w.Round++
	}
	p.Window = &w
	play, err := s.replay(snap, l, p)
	if err != nil {
		return err
	}
	// Who may still answer, with what, as the attack now stands.
	var still []campaign.Eligible
	if now, _ := window(snap, play.res, w.Attack); now != nil && now.Attack == w.Attack {
		for _, e := range now.Eligible {
			if !answered(w, e.CharacterID) && slices.ContainsFunc(w.Eligible, func(x campaign.Eligible) bool { return x.CharacterID == e.CharacterID }) {
				still = append(still, e)
			}
		}
	}
	got := append([]message{{events.TypeReactionGot, events.ReactionReceived{TurnID: l.TurnID, CharacterID: ans.CharacterID, Reaction: ans.Reaction}}},
		answerOrdered(snap, l.TurnID, ans)...)
	if len(still) == 0 || w.Round >= encounter.MaxReactionsPerAttack {
		return s.settle(ctx, snap, l, p, play, true, got...)
	}
	// The window stays open to those still eligible.
	var eligible []campaign.Eligible
	for _, e := range w.Eligible {
		if answered(w, e.CharacterID) {
			eligible = append(eligible, e)
		}
	}
	w.Eligible = append(eligible, still...)
	msgs := got
	if ans.Reaction != pass {
		p.Phase++
		p.Token = ""
		p.Deadline = now.Add(time.Duration(snap.Campaign.Settings.ReactionWindowSeconds) * time.Second)
	}
	next := l
	next.Pending = &p
	next.ExpiresAt = p.Deadline.Add(s.LeaseTTL)
	if ans.Reaction != pass {
		msgs = append(msgs, windowMessage(next)) // the offers may have changed, and the timer restarted
	}
	if err := s.commitHeld(ctx, snap.Campaign.ID, l, next, now, msgs...); err != nil {
		if isConflict(err) {
			return errStepTaken
		}
		return fmt.Errorf("%s: %w", op, err)
	}
	if ans.Reaction != pass {
		s.answer(ctx, l.Pending.Token, outcomeOf(Snapshot{Lease: &next}, l.TurnID))
	}
	return nil
}

// closeWindow closes the open window with the answers it has and those
// the standing orders of the characters who gave none take: its time
// ran out. answer says the orchestration task is still waiting on it.
func (s *Service) closeWindow(ctx context.Context, snap Snapshot, l campaign.Lease, answer bool) error {
	p, play, ordered, err := s.windowOrders(snap, l, *l.Pending)
	if err != nil {
		return err
	}
	return s.settle(ctx, snap, l, p, play, answer, ordered...)
}

// played is a held turn played again with its reactions: a monster's
// (rec, cur, next), or a player's own action with the choices made at its
// hits (own, the rules' decision, and actor).
type played struct {
	rec   campaign.EncounterRecord
	cur   encounter.Participant
	next  encounter.Encounter
	res   encounter.Result
	own   *turn.Decision
	actor *campaign.Character
}

// replay plays the held monster turn again from its dice with the
// reactions p holds. Every roll the table has seen before the window's
// must come out the same; if the table changed under the lease, the turn
// is dropped (the lease released) and it is a conflict.
func (s *Service) replay(snap Snapshot, l campaign.Lease, p campaign.PendingRolls) (played, error) {
	const op = "react"
	if p.Own {
		return s.replayOwn(snap, l, p)
	}
	rec, e, ok, err := activeEncounter(snap)
	if err != nil {
		return played{}, err
	}
	cur, found := e.Participant(l.ActorID)
	acting := e.Current == l.ActorID
	if p.Legendary {
		acting = len(e.LegendaryDue) > 0 && e.LegendaryDue[0] == l.ActorID
	}
	if !ok || !found || !acting {
		return played{}, fault.E(fault.Conflict, op, "the encounter changed while the dice were out")
	}
	play := encounter.MonsterTurnWith
	if p.Legendary {
		play = encounter.LegendaryTurn
	}
	next, res, err := play(e, dice.NewSeeded(p.Seed), encounter.Reactions{Taken: p.Reactions, Seed: s.reactionSeed(snap.Campaign.ID, l.TurnID)})
	if err != nil {
		return played{}, err
	}
	rolls, n := turn.Rolls(res.Rolls), fixed(p)
	if len(rolls) < n || !sameRolls(rolls[:n], p.Rolls[:n]) {
		return played{}, fault.E(fault.Conflict, op, "the dice came out differently; the table changed while they were out")
	}
	return played{rec: rec, cur: cur, next: next, res: res}, nil
}

// replayOwn plays a player's held action again, from its dice, with the
// choices made at its hits.
func (s *Service) replayOwn(snap Snapshot, l campaign.Lease, p campaign.PendingRolls) (played, error) {
	const op = "react"
	actor := characterOf(snap, l.ActorID)
	if actor == nil {
		return played{}, fault.E(fault.Conflict, op, "the acting character is gone")
	}
	choices := encounter.Reactions{Taken: p.Reactions, Seed: s.reactionSeed(snap.Campaign.ID, l.TurnID)}
	d, err := s.decideWith(snap, *actor, l, dice.NewSeeded(p.Seed), choices)
	if err != nil {
		return played{}, err
	}
	n := fixed(p)
	if d.Fight == nil || len(d.Rolls) < n || !sameRolls(d.Rolls[:n], p.Rolls[:n]) {
		return played{}, fault.E(fault.Conflict, op, "the dice came out differently; the table changed while they were out")
	}
	return played{res: *d.Fight, own: &d, actor: actor}, nil
}

// settle closes the window: the reactions it drew are applied, and the
// turn goes on to its next window, or to narration and commit. first are
// told before the close: the reaction.received of the answer that closed
// the window, so that every answer reaches the table as it arrives.
func (s *Service) settle(ctx context.Context, snap Snapshot, l campaign.Lease, p campaign.PendingRolls, play played, answer bool, first ...message) error {
	const op = "close reaction window"
	now := s.now()
	attack := p.Window.Attack
	shown := fixed(p) // from the window's roll, which a reaction may have changed
	at := p.Revealed  // where a player's turn looks for the next roll by hand
	p.Settled, p.Window, p.Token = attack+1, nil, ""
	p.Phase++
	// The orders of those away from the table answer the moments after
	// this one, up to the next window.
	p, play, ordered, err := s.absentOrders(snap, l, p, play, p.Settled)
	if err != nil {
		return err
	}
	p.Rolls = turn.Rolls(play.res.Rolls)
	if play.own != nil {
		p.Rolls = play.own.Rolls
	}
	closed := events.ReactionClosed{TurnID: l.TurnID, Applied: []campaign.AppliedReaction{}}
	for _, a := range play.res.Applied {
		if a.Attack == attack {
			closed.Applied = append(closed.Applied, a.AppliedReaction)
		}
	}
	if play.own != nil {
		// A player's turn goes on to its next hit's window or roll by hand.
		p.Window, p.Revealed = stop(snap, l.ActorID, p.Rolls, &play.res, p.Settled, at)
	} else {
		p.Window, p.Revealed = window(snap, play.res, p.Settled)
		if p.Window == nil {
			p.Revealed = len(p.Rolls)
		}
	}
	held := p.Window != nil || p.Revealed < len(p.Rolls)
	next := l
	next.Pending = &p
	next.ExpiresAt = now.Add(s.LeaseTTL)
	if held {
		wait := snap.Campaign.Settings.RollTimeoutSeconds
		if p.Window != nil {
			wait = snap.Campaign.Settings.ReactionWindowSeconds
		}
		p.Deadline = now.Add(time.Duration(wait) * time.Second)
		next.ExpiresAt = p.Deadline.Add(s.LeaseTTL)
	}
	msgs := slices.Concat(first, []message{{events.TypeReactionClosed, closed}}, ordered)
	msgs = append(msgs, rollMessages(l.TurnID, p.Rolls[shown:p.Revealed])...)
	if held {
		msgs = append(msgs, heldMessage(next))
	}
	if err := s.commitHeld(ctx, snap.Campaign.ID, l, next, now, msgs...); err != nil {
		if isConflict(err) {
			return errStepTaken
		}
		return fmt.Errorf("%s: %w", op, err)
	}
	if answer {
		s.answer(ctx, l.Pending.Token, outcomeOf(Snapshot{Lease: &next}, l.TurnID))
	}
	if held || s.handOff(ctx, snap.Campaign.ID, next) {
		return nil
	}
	if play.own != nil {
		return s.narrateHere(ctx, snap, next, play.actor, *play.own, p.Seed, nil, true)
	}
	if err := s.finishMonsterTurn(ctx, snap, next, p.Seed, play); err != nil {
		return err
	}
	s.continueFight(ctx, snap.Campaign.ID, l.TurnID)
	return nil
}

// finishMonsterTurn narrates a monster's turn and commits it, with the
// sheets the fight's end writes when the turn ended it.
func (s *Service) finishMonsterTurn(ctx context.Context, snap Snapshot, lease campaign.Lease, seed uint64, play played) error {
	d, err := turn.Played(snap.Characters, play.rec, play.next, play.res)
	if err != nil {
		s.release(ctx, snap.Campaign.ID, lease)
		return err
	}
	// The fight's rounds are game time for the characters out of it too.
	turn.Settle(snap.Characters, d.Fighting(), snap.State.Clock, &d, dice.NewSeeded(s.turnSeed(snap.Campaign.ID, lease.TurnID+":settle")))
	cur := play.cur
	actor := campaign.Character{ID: cur.ID, Name: cur.Name, HP: cur.HP, MaxHP: cur.MaxHP, AC: cur.AC, AreaID: play.next.AreaID}
	if ch := characterOf(snap, cur.CharacterID); cur.Kind == encounter.KindCharacter && ch != nil {
		actor = *ch // a character played for a player away from the table
	}
	if err := s.resolve(ctx, snap, lease, &actor, d, seed, nil); err != nil {
		s.release(ctx, snap.Campaign.ID, lease)
		return err
	}
	return nil
}

// passAway answers for every character of a player who left while a
// window waited on them: with the reaction its standing orders take,
// else "pass".
func (s *Service) passAway(ctx context.Context, campaignID, playerID string) {
	for range 8 {
		snap, err := s.Store.Snapshot(ctx, campaignID)
		if err != nil {
			return
		}
		l := snap.Lease
		if l == nil || l.Pending == nil || l.Pending.Window == nil || hasConnection(snap, playerID) || pauseOf(snap) != nil {
			return // nothing waits on them; or a pause holds every answer, and the window's time out answers for them after it
		}
		w := *l.Pending.Window
		i := slices.IndexFunc(w.Eligible, func(e campaign.Eligible) bool { return e.PlayerID == playerID && !answered(w, e.CharacterID) })
		if i < 0 {
			return
		}
		err = s.answerWindow(ctx, snap, *l, leaverAnswer(snap, w.Eligible[i]))
		if err != nil && !errors.Is(err, errStepTaken) {
			s.Log.WarnContext(ctx, "pass for a player who left", "campaign", campaignID, "err", err)
			return
		}
	}
}
