package game

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/memory"
	"chronicler/shared/narrator"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
)

// recentTurns is how many past turns the context builder may keep
// verbatim; it keeps as many as its budget allows.
const recentTurns = 12

// TakeTurn runs one turn from submission to commit: checks, the turn lease
// with turn.accepted, narration streamed to the table, and one transaction
// that saves the turn, the state, the changed characters and the campaign's
// last played time, releases the lease and appends narration.done and
// turn.committed. A repeated request id has one effect:
// the repeat gets turn.accepted with the original turn id (and
// turn.dropped after it when that turn was dropped), or a Conflict when
// that turn was taken back since.
func (s *Service) TakeTurn(ctx context.Context, connectionID string, msg events.ClientMessage) error {
	const op = "take turn"
	conn, snap, err := s.connection(ctx, connectionID, op)
	if err != nil {
		return err
	}
	if msg.CampaignID != "" && msg.CampaignID != conn.CampaignID {
		return fault.E(fault.Forbidden, op, "this connection is bound to another campaign")
	}
	req, err := s.Store.Request(ctx, conn.CampaignID, msg.RequestID)
	switch {
	case err == nil && req.Outcome == campaign.RequestUndone:
		// The owner took the turn back: playing it again would overrule
		// them, and answering it as played would tell of a turn that is
		// gone.
		return fault.E(fault.Conflict, op, "that turn was taken back; take it again to play it")
	case err == nil:
		// Committed or dropped before: answer again, change nothing.
		s.accepted(ctx, conn, req.TurnID, msg)
		if req.Outcome == campaign.RequestDropped {
			s.tell(ctx, conn.CampaignID, conn.ID, events.TypeTurnDropped, events.TurnDropped{TurnID: req.TurnID})
		}
		return nil
	case !fault.Is(err, fault.NotFound):
		// Not known to be new: a turn started now could answer a
		// repeat with a second turn id.
		return fmt.Errorf("%s: %w", op, err)
	}
	now := s.now()
	lease := snap.Lease
	if lease != nil && lease.RequestID == msg.RequestID {
		if now.Before(lease.ExpiresAt) {
			s.accepted(ctx, conn, lease.TurnID, msg) // still in flight
			return nil
		}
		// The same request's turn was lost with its server: take it over
		// under the same turn id.
	} else {
		lease = nil
	}
	// A repeat is answered above whatever the rate; new turns are counted.
	if s.TurnLimit != nil && !s.TurnLimit.Allow(conn.PlayerID) {
		return fault.E(fault.RateLimited, op, "too many turns at once; wait a moment")
	}
	if err := whilePaused(snap, op); err != nil {
		return err
	}
	if err := s.checkTurn(snap, conn, msg, op); err != nil {
		return err
	}
	actor := characterOf(snap, msg.CharacterID)
	if lease == nil {
		lease = &campaign.Lease{TurnID: s.NewID(), RequestID: msg.RequestID, ActorID: actor.ID, PlayerID: conn.PlayerID,
			Action: actionText(msg), Intent: msg.Intent}
	}
	return s.playTurn(ctx, snap, actor, lease, true)
}

// decisions bounds how many times a turn is decided: a lease refused
// because another turn was committed since the table was read has it
// decided again on the table as it is now, under the same turn id, dice
// and reading of its words.
const decisions = 3

// playTurn holds the table for the turn lease describes and plays it, from
// the rules' decision on the turn's own dice to the commit (or to the
// prompt of a roll by hand). A turn taken over under its id (its server
// lost it) is decided again from the same dice. fightOn has the monsters
// play after it in a fight; a turn finished at restart, with nobody back
// at the table yet, leaves them to the next turn or the sweep.
//
// The lease is granted only on the turn count the decision was made on
// (Tx.LeaseTurnCount): another player's whole turn may take and free the
// lease between the read of snap and the acquire, and a turn held on a
// table that moved on could be announced but never saved.
func (s *Service) playTurn(ctx context.Context, snap Snapshot, actor *campaign.Character, lease *campaign.Lease, fightOn bool) error {
	const op = "take turn"
	campaignID := snap.Campaign.ID
	read := false
	var day dayRead // the day's spend, read once for readIntent and resolve
	if len(lease.Intent) == 0 && len(lease.Calls) == 0 {
		// Words the engine cannot read go to the low tier once; what it
		// read is kept with the lease, so a retry reads nothing again.
		var call *campaign.ModelCall
		lease.Intent, call = s.readIntent(ctx, snap, *actor, lease.Action, &day)
		if call != nil {
			lease.Calls = []campaign.ModelCall{*call}
		}
		read = len(lease.Intent) > 0
	}
	pending := lease.Pending
	seed := s.turnSeed(campaignID, lease.TurnID)
	var d turn.Decision
	var held bool
	for try := 1; ; try++ {
		now := s.now()
		lease.AcquiredAt, lease.ExpiresAt, lease.Pending = now, now.Add(s.LeaseTTL), pending
		var err error
		d, err = s.decide(snap, *actor, *lease, dice.NewSeeded(seed))
		if err != nil && read && fault.Is(err, fault.Invalid) {
			// The rules refuse what the model read: the player did not press
			// that button, so their words are narrated as they are.
			lease.Intent = nil
			d, err = s.decide(snap, *actor, *lease, dice.NewSeeded(seed))
		}
		if err != nil {
			return err // refused by the rules: nothing held, nothing rolled for good
		}
		// The turn is held where it first waits: at a hit its player may
		// choose what to do with (Divine Smite, Stunning Strike), as a
		// reaction window open to the player alone, or at a roll its player
		// makes by hand. Its dice are rolled now and kept, unseen, with the
		// lease; the rolls after the stop wait.
		hit, revealed := stop(snap, actor.ID, d.Rolls, d.Fight, 0, 0)
		held = hit != nil || revealed < len(d.Rolls)
		if held {
			wait := snap.Campaign.Settings.RollTimeoutSeconds
			if hit != nil {
				wait = snap.Campaign.Settings.ReactionWindowSeconds
			}
			deadline := now.Add(time.Duration(wait) * time.Second)
			lease.Pending = &campaign.PendingRolls{Seed: seed, Rolls: d.Rolls, Revealed: revealed, Deadline: deadline, Phase: 1, Window: hit, Own: true}
			lease.ExpiresAt = deadline.Add(s.LeaseTTL)
		}
		// The lease is taken with the events that announce it, so the table
		// hears of every turn in flight, and of no turn that is not.
		msgs := []message{{events.TypeTurnAccepted, events.TurnAccepted{TurnID: lease.TurnID, RequestID: lease.RequestID, CharacterID: actor.ID}}}
		msgs = append(msgs, rollMessages(lease.TurnID, d.Rolls[:revealed])...)
		if held {
			msgs = append(msgs, heldMessage(*lease))
		}
		decidedOn := snap.State.TurnCount
		err = s.commit(ctx, Tx{CampaignID: campaignID, AcquireLease: lease, LeaseNow: now, LeaseTurnCount: &decidedOn}, "", msgs...)
		if err == nil {
			break
		}
		if !isConflict(err) {
			return fmt.Errorf("%s: %w", op, err)
		}
		fresh, err := s.movedOn(ctx, snap, *lease, op)
		if err != nil {
			return err
		}
		if try == decisions {
			return fault.E(fault.Conflict, op, "the table kept changing while the turn was decided; try again in a moment")
		}
		s.Log.InfoContext(ctx, "another turn was committed before this one held the table: deciding it again",
			"campaign", campaignID, "turn", lease.TurnID, "decided_on", decidedOn, "turn_count", fresh.State.TurnCount)
		snap, actor = fresh, characterOf(fresh, lease.ActorID)
	}
	if held {
		s.orchestrate(ctx, snap, *lease)
		return nil
	}
	// A turn finished at restart is narrated here: the server serves
	// nobody before it is committed (Recover).
	if fightOn && s.handOff(ctx, campaignID, *lease) {
		return nil
	}
	return s.narrateHere(ctx, snap, *lease, actor, d, seed, &day, fightOn)
}

// narrateHere narrates and commits, in this invocation, the turn l holds,
// decided (d, from seed) and announced, that no flow took (handOff): a
// turn that fails to resolve is dropped. fightOn has the monsters play
// after it in a fight (playTurn). day is the day's spend as the turn
// read it already, if it did.
func (s *Service) narrateHere(ctx context.Context, snap Snapshot, l campaign.Lease, actor *campaign.Character, d turn.Decision, seed uint64, day *dayRead, fightOn bool) error {
	campaignID := snap.Campaign.ID
	if err := s.resolve(ctx, snap, l, actor, d, seed, day); err != nil {
		s.Log.WarnContext(ctx, "a turn that failed to resolve was dropped", "campaign", campaignID, "turn", l.TurnID, "request", l.RequestID, "err", err)
		s.release(ctx, campaignID, l)
		return err
	}
	if d.Encounter != nil && fightOn {
		s.continueFight(ctx, campaignID, l.TurnID)
	}
	return nil
}

// movedOn reads the table again after the lease of the turn lease
// describes, decided on snap, was refused. It returns the table to decide
// the turn on again when another turn was committed since snap and this
// one may still be played; otherwise the Conflict to answer: another turn
// holds the table, or the turn may no longer be played (checkTurn).
func (s *Service) movedOn(ctx context.Context, snap Snapshot, lease campaign.Lease, op string) (Snapshot, error) {
	fresh, err := s.Store.Snapshot(ctx, snap.Campaign.ID)
	if err != nil {
		return Snapshot{}, fmt.Errorf("%s: read the table again: %w", op, err)
	}
	if fresh.State.TurnCount == snap.State.TurnCount {
		return Snapshot{}, fault.E(fault.Conflict, op, "another turn is being resolved; try again in a moment")
	}
	check := fresh
	if l := check.Lease; l != nil && l.TurnID == lease.TurnID {
		check.Lease = nil // a turn taken over: the lease is this very turn's
	}
	if err := s.checkTurn(check, campaign.Connection{PlayerID: lease.PlayerID}, events.ClientMessage{CharacterID: lease.ActorID}, op); err != nil {
		return Snapshot{}, err
	}
	return fresh, nil
}

func (s *Service) checkTurn(snap Snapshot, conn campaign.Connection, msg events.ClientMessage, op string) error {
	switch snap.Campaign.Status {
	case campaign.Active:
	case campaign.Concluded:
		return fault.E(fault.ReadOnly, op, "the campaign is concluded and read-only")
	default:
		return fault.E(fault.Conflict, op, "the campaign is %s; resume it first", snap.Campaign.Status)
	}
	if openSession(snap) == nil {
		return fault.E(fault.Conflict, op, "no session is open; resume the campaign first")
	}
	actor := characterOf(snap, msg.CharacterID)
	if actor == nil {
		return fault.Field(op, "character_id", "no such character in this campaign")
	}
	if actor.PlayerID != conn.PlayerID {
		return fault.E(fault.Forbidden, op, "%s is not your character", actor.Name)
	}
	if l := snap.Lease; l != nil && s.now().Before(l.ExpiresAt) {
		return fault.E(fault.Conflict, op, "another turn is being resolved; try again in a moment")
	}
	return nil
}

func characterOf(snap Snapshot, id string) *campaign.Character {
	for i := range snap.Characters {
		if snap.Characters[i].ID == id {
			return &snap.Characters[i]
		}
	}
	return nil
}

func actionText(msg events.ClientMessage) string {
	if msg.Text != "" {
		return strings.TrimSpace(msg.Text)
	}
	in, err := events.DecodeIntent(msg.Intent)
	if err != nil {
		return ""
	}
	if in.Kind == "say" {
		return fmt.Sprintf("says %q", in.Text)
	}
	return strings.ReplaceAll(in.Kind, "_", " ")
}

func (s *Service) accepted(ctx context.Context, conn campaign.Connection, turnID string, msg events.ClientMessage) {
	s.tell(ctx, conn.CampaignID, conn.ID, events.TypeTurnAccepted,
		events.TurnAccepted{TurnID: turnID, RequestID: msg.RequestID, CharacterID: msg.CharacterID})
}

// release frees the lease of a turn that failed, so the table can go on.
// The table, told of the turn by its turn.accepted, is told it was
// dropped in the same commit, so nobody waits on it. A turn a player asked
// for keeps its request in that commit too, marked dropped, so a resend of
// the request is told of this turn again (TakeTurn) instead of starting
// another under a new id: protocol.md's "a repeat gets the original answer
// again". A request already known (its first turn was saved, and this
// turn was its repeat) stays as it is, and the lease is freed without it.
func (s *Service) release(ctx context.Context, campaignID string, l campaign.Lease) {
	ctx = context.WithoutCancel(ctx)
	dropped := message{events.TypeTurnDropped, events.TurnDropped{TurnID: l.TurnID}}
	tx := Tx{CampaignID: campaignID, ReleaseLease: l.TurnID}
	if l.RequestID != "" && !playedByEngine(l) {
		tx.Request = &campaign.Request{RequestID: l.RequestID, TurnID: l.TurnID, Outcome: campaign.RequestDropped, CreatedAt: s.now()}
	}
	err := s.commit(ctx, tx, "", dropped)
	if isConflict(err) && tx.Request != nil {
		// Either the lease is not this turn's any more (the retry
		// conflicts as well, and writes nothing) or the request is known.
		tx.Request = nil
		err = s.commit(ctx, tx, "", dropped)
	}
	if err != nil && !isConflict(err) {
		s.Log.WarnContext(ctx, "release turn lease", "campaign", campaignID, "turn", l.TurnID, "request", l.RequestID, "err", err)
	}
}

// resolve narrates the leased turn and commits it. day is the day's spend
// as the turn read it already, if it did (nil: it did not).
func (s *Service) resolve(ctx context.Context, snap Snapshot, lease campaign.Lease, actor *campaign.Character, d turn.Decision, seed uint64, day *dayRead) error {
	const op = "resolve turn"
	st := snap.State
	recent, err := s.Store.RecentTurns(ctx, snap.Campaign.ID, max(st.TurnCount-recentTurns, 0), recentTurns)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	mem, memBefore, err := s.loadMemoryJSON(ctx, snap.Campaign.ID)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	played := playedByEngine(lease)
	purpose := narrationPurpose(d, lease.Action, played, !played && follows(snap, *actor, d, recent))
	foes, err := threats(snap, d.Encounter)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	// The narrator is told the engine's truth as the decision leaves it:
	// the party's live sheets, the scene it moved to, the actor's area.
	told, err := narrationScene(snap, *actor, d)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	sc := sceneOf(snap, *actor)
	if d.Scene != nil {
		sc = *d.Scene
	}
	built, _ := memory.Build(memory.Input{
		CampaignName: snap.Campaign.Name, Persona: snap.Campaign.DMPersona, WorldSeed: snap.Campaign.WorldSeed,
		Glossary: st.Glossary, Characters: told.party, Actor: *actor, Scene: sc, Area: told.area, Threats: foes, Effects: told.effects,
		Summary: st.Summary, Unsummarized: st.Unsummarized, Played: played, OutOfCharacter: !played && d.Intent == nil && outOfCharacter(lease.Action),
		Recent: recent, Memory: mem.WithSecrets(snap.Campaign.Secrets), Action: lease.Action, RulesResult: d.Summary, TurnID: lease.TurnID,
		Tier: narrator.Route(purpose), Turn: st.TurnCount + 1, Places: told.places, Layout: s.Layout,
	}, memory.DefaultBudget())
	req := built.Request
	req.Purpose = purpose
	req.Lines, req.Veils = limitTexts(snap.Campaign)
	session := openSession(snap).ID
	thrift := s.thrift(ctx, snap, day)
	narr0 := s.thrifty(thrift.Step, &req)
	teller := narr0
	if req.OutOfCharacter && !asks(lease.Action) {
		// A remark to the table that asks nothing ("OOC: brb") is noted
		// by the offline narrator, for free: no model has anything to
		// answer. A question ("OOC: how dark is it?") goes to the model.
		teller = narrator.Offline{}
	}
	narr, record, err := s.narrate(ctx, teller, req, snap.Campaign.Secrets, table{s: s, ctx: ctx, campaignID: snap.Campaign.ID, turnID: lease.TurnID})
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	now := s.now()
	turn := campaign.Turn{
		ID: lease.TurnID, CampaignID: snap.Campaign.ID, Sequence: st.TurnCount + 1,
		SessionID: session, ActorID: actor.ID, ActorName: actor.Name, PlayerID: lease.PlayerID,
		RequestID: lease.RequestID, Action: lease.Action, Intent: intentJSON(d.Intent), Seed: seed,
		Rolls: append([]campaign.Roll{}, d.Rolls...), Reactions: d.Reactions, RulesResult: d.Summary, Narration: narr.Text, Suggestions: narr.Suggestions,
		Degraded: narr.Degraded, CreatedAt: now, Context: record, Witnesses: witnessed(snap, *actor, d),
	}
	// The turns the summary does not tell yet, nor the model read the
	// facts of, are the last of the recent ones (at most SummaryEvery-1,
	// or a few more after failed folds).
	waiting := recent[max(len(recent)-st.Unsummarized, 0):]
	eventful := d.Scene != nil || (d.Encounter != nil && d.Encounter.Status != "active") || len(d.Reactions) > 0
	low := s.remember(ctx, lowNarrator(narr0, narr), snap, turn, waiting, d.Scene != nil, eventful, &mem, turn.Witnesses)
	if len(turn.Suggestions) == 0 {
		// A model narrates prose only: the next actions come from what
		// the engine knows of the turn, with no call.
		turn.Suggestions = engineSuggestions(req)
	}
	recordCalls(record, req, append(slices.Clone(lease.Calls), low.calls...))
	next := st
	next.TurnCount, next.UpdatedAt = st.TurnCount+1, now
	next.Clock = max(st.Clock, d.Clock)
	next.Charge(session, record.TurnCostUSD)
	next.Cost.Turns++
	next.GuardViolations += len(record.Violations)
	next.Summary, next.Unsummarized = low.summary, low.unsummarized
	// The scene: where the engine put the party, then what the narration
	// changed (the time, the weather, who is present), without anyone the
	// engine ruled dead.
	scene := st.Scene
	if d.Scene != nil {
		scene = *d.Scene
	}
	next.Scene = mem.SceneAfter(scene, low.scene, scene.Time != st.Scene.Time)
	memAfter, memData, err := encodeMemory(mem)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if turn.Before, err = before(snap, next, d, memBefore, memAfter, eventful); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	c := snap.Campaign
	c.LastPlayedAt = now
	shown, scenes := scenesAfter(Snapshot{Campaign: c, State: next, Characters: withChanged(snap.Characters, d.Changed)})
	costNow := next
	costNow.Thrift = thrift
	cost := tableCost(Snapshot{Campaign: c, State: costNow, Sessions: snap.Sessions})
	// The turn commits with its closing events: a committed turn is never
	// without them, and they never announce a turn that did not commit.
	closing := []message{
		{events.TypeNarrationDone, events.NarrationDone{TurnID: turn.ID, Text: narr.Text, Suggestions: suggestions(turn.Suggestions), Degraded: narr.Degraded}},
		{events.TypeTurnCommitted, events.TurnCommitted{TurnID: turn.ID, Sequence: turn.Sequence, ActorID: actor.ID,
			Rolls: turn.Rolls, Characters: committed(snap, d.Changed), Encounter: encounterData(d.Encounter), Scene: shown, Scenes: scenes, Clock: next.Clock, Cost: &cost}},
	}
	for _, lv := range d.Leveled {
		closing = append(closing, message{events.TypeCharacterLeveled, events.CharacterLeveled{TurnID: turn.ID, Leveled: lv}})
	}
	if thrift.Step != st.Thrift.Step || thrift.Scope != st.Thrift.Scope {
		next.Thrift = thrift
		closing = append(closing, message{events.TypeNarrationThrift, events.NarrationThrift{TurnID: turn.ID, Step: thrift.Step, Scope: thrift.Scope,
			SpentUSD: thrift.SpentUSD, BudgetUSD: thrift.BudgetUSD, Text: thriftNotice(thrift)}})
	}
	tx := Tx{Memory: memData,
		CampaignID: c.ID, Campaign: &c, State: &next, ExpectTurnCount: st.TurnCount, Turn: &turn, Characters: d.Changed,
		Encounters:   encounters(d.Encounter),
		Request:      &campaign.Request{RequestID: lease.RequestID, TurnID: turn.ID, CreatedAt: now},
		ReleaseLease: lease.TurnID,
	}
	err = s.commit(ctx, tx, "", closing...)
	if err != nil && isConflict(err) {
		// The owner may have edited the campaign while the turn was told
		// (a secret, homebrew, the invite): the turn writes only when it
		// was last played, so it commits again over the edit, still under
		// every other condition. A campaign no longer active keeps its end.
		if fresh, ferr := s.Store.Campaign(ctx, c.ID); ferr == nil && fresh.Version != c.Version && fresh.Status == campaign.Active {
			fresh.LastPlayedAt = now
			tx.Campaign = &fresh
			err = s.commit(ctx, tx, "", closing...)
		}
	}
	if err != nil {
		if isConflict(err) {
			return fault.E(fault.Conflict, op, "the table changed while the turn was resolved; it was not saved, try again")
		}
		return fmt.Errorf("%s %d: %w", op, turn.Sequence, err)
	}
	s.spent(ctx, record.TurnCostUSD)
	return nil
}

// engineSuggestions are the next actions the engine offers after a
// narration that gave none, within the table's lines and veils.
func engineSuggestions(req narrator.Request) []string {
	return narrator.Grounds{Lines: req.Lines, Veils: req.Veils}.Within(narrator.NextActions(req))
}

// sceneOf is the scene the narrator tells the actor's turn in: the
// table's, in the actor's own area (each character has its own).
func sceneOf(snap Snapshot, actor campaign.Character) campaign.Scene {
	return turn.SceneOf(turn.View{Map: mapOf(snap), Scene: snap.State.Scene}, actor)
}

// degradedWhy is why the model could not narrate, for the owner: the
// provider's refusal of the model, said as what to do, or the failure.
func degradedWhy(err error) string {
	if r := narrator.ReasonOf(err); r != "" {
		return r
	}
	msg := err.Error()
	if len(msg) > 300 {
		msg = msg[:300] + "..."
	}
	return "the model failed: " + msg
}

// groundsOf is what a narration of req may rest on (narrator.Guard): the
// rules result; the player's words, the scene and the map; and the creatures of the
// turn, whose hits, misses and deaths the rules result alone tells.
func groundsOf(req narrator.Request) narrator.Grounds {
	g := narrator.Grounds{Rules: req.RulesResult, Other: []string{req.Action, req.Scene.Location, req.Scene.Time, req.Scene.Weather, req.Area.Name, req.Area.Description}}
	for _, a := range req.Places {
		g.Other = append(g.Other, a.Name, a.Description) // the map the prompt gives
	}
	g.Names = append(g.Names, req.Actor.Name)
	for _, c := range req.Characters {
		g.Names = append(g.Names, c.Name)
	}
	g.Names = append(g.Names, req.Scene.NPCs...)
	for _, t := range req.Threats {
		g.Names = append(g.Names, t.Name)
	}
	return g
}

// threats are the foes of the fight the turn is part of, as it stands
// after the turn (next, when the turn changed it): each monster with how
// it stands, in words.
func threats(snap Snapshot, next *campaign.EncounterRecord) ([]narrator.Threat, error) {
	var e encounter.Encounter
	switch {
	case next != nil:
		var err error
		if e, err = encounter.FromRecord(*next); err != nil {
			return nil, err
		}
	default:
		_, cur, ok, err := activeEncounter(snap)
		if err != nil || !ok {
			return nil, err
		}
		e = cur
	}
	var out []narrator.Threat
	for _, p := range e.Participants {
		if p.Kind != encounter.KindMonster {
			continue
		}
		state := []string{health(p)}
		if !p.Defeated {
			state = append(state, p.Conditions...)
			state = append(state, effectsOn(e, p.ID)...)
		}
		out = append(out, narrator.Threat{Name: p.Name, State: strings.Join(state, ", ")})
	}
	return out, nil
}

// health is how hurt a creature looks, in words.
func health(p encounter.Participant) string {
	switch {
	case p.Defeated:
		return "dead"
	case p.HP <= 0:
		return "down"
	case p.HP >= p.MaxHP:
		return "unhurt"
	case 2*p.HP >= p.MaxHP:
		return "wounded"
	}
	return "badly wounded"
}

func encounters(rec *campaign.EncounterRecord) []campaign.EncounterRecord {
	if rec == nil {
		return nil
	}
	return []campaign.EncounterRecord{*rec}
}

func encounterData(rec *campaign.EncounterRecord) json.RawMessage {
	if rec == nil {
		return nil
	}
	return rec.Data
}

// committed is the changed sheets as the table sees them: new versions,
// presence filled in.
func committed(snap Snapshot, changed []campaign.Character) []campaign.Character {
	out := make([]campaign.Character, len(changed))
	for i, ch := range changed {
		ch.Version++
		ch.Presence = campaign.PresenceOf(ch.PlayerID, openSession(snap), snap.Connections)
		out[i] = ch
	}
	return out
}

func suggestions(in []string) []string {
	if in == nil {
		return []string{}
	}
	return in[:min(len(in), narrator.MaxSuggestions)]
}

func summaryRequest(snap Snapshot, previous string, turns []campaign.Turn) narrator.SummaryRequest {
	return narrator.SummaryRequest{CampaignName: snap.Campaign.Name, Previous: previous, Turns: turns, Scene: snap.State.Scene}
}
