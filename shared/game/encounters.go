package game

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
	"chronicler/shared/world"
)

// maxMonsterTurns bounds how many monster turns follow one another before
// the server stops and waits for a player (a runaway guard: a round has at
// most encounter.MaxParticipants turns).
const maxMonsterTurns = encounter.MaxParticipants

// activeEncounter is the campaign's encounter under way, if any.
func activeEncounter(snap Snapshot) (campaign.EncounterRecord, encounter.Encounter, bool, error) {
	rec := activeRecord(snap)
	if rec == nil {
		return campaign.EncounterRecord{}, encounter.Encounter{}, false, nil
	}
	e, err := encounter.FromRecord(*rec)
	return *rec, e, err == nil, err
}

// activeRecord is the encounter under way as stored, or nil.
func activeRecord(snap Snapshot) *campaign.EncounterRecord {
	for i, rec := range snap.Encounters {
		if rec.Status == encounter.Active {
			return &snap.Encounters[i]
		}
	}
	return nil
}

// activeData is the encounter under way as stored, or nil.
func activeData(snap Snapshot) json.RawMessage {
	if rec := activeRecord(snap); rec != nil {
		return rec.Data
	}
	return nil
}

// StartEncounter begins an encounter against SRD monsters with the
// characters present in its area (absent and offline ones stay out of it,
// and so do the dead and those elsewhere; one at 0 HP joins as it lies,
// unconscious), the area asked for or else the first present character's
// able to fight, at the campaign's game time (their lasting effects come
// in with them), with the campaign's
// settings.on_defeat; it rolls initiative and plays the monsters' turns
// until a player's comes up. It returns the encounter as stored when it
// began (its Data the engine's JSON). Owner only (a GM tool); the
// campaign must be in session, and a character there must be able to
// fight.
func (s *Service) StartEncounter(ctx context.Context, p Player, campaignID string, req events.StartEncounter) (campaign.EncounterRecord, error) {
	const op = "start encounter"
	snap, err := s.ownerSnapshot(ctx, p, campaignID, op)
	if err != nil {
		return campaign.EncounterRecord{}, err
	}
	if snap.Campaign.Status != campaign.Active || openSession(snap) == nil {
		return campaign.EncounterRecord{}, fault.E(fault.Conflict, op, "resume the campaign first")
	}
	if l := snap.Lease; l != nil && s.now().Before(l.ExpiresAt) {
		return campaign.EncounterRecord{}, fault.E(fault.Conflict, op, "a turn is being played; start the encounter after it")
	}
	if _, _, ok, err := activeEncounter(snap); err != nil || ok {
		if err == nil {
			err = fault.E(fault.Conflict, op, "an encounter is already under way")
		}
		return campaign.EncounterRecord{}, err
	}
	// Each character has its own area: the fight is in the one asked
	// for, or else the first present character's able to fight, and
	// involves those there; the others may join it by coming.
	m := mapOf(snap)
	area := req.AreaID
	present := withPresence(snap)
	if area == "" {
		area = world.StarterArea
		for _, ch := range present {
			if ch.Presence == campaign.Present && !ch.Down() {
				area = turn.AreaOf(m, ch).ID
				break
			}
		}
	}
	var chars []campaign.Character
	able := false
	for _, ch := range present {
		if ch.Presence == campaign.Present && !ch.IsDead() && turn.AreaOf(m, ch).ID == area {
			chars = append(chars, ch)
			able = able || !ch.Down()
		}
	}
	if !able {
		return campaign.EncounterRecord{}, fault.Field(op, "area_id", "no character is present there able to fight")
	}
	specs := make([]encounter.MonsterSpec, len(req.Monsters))
	for i, m := range req.Monsters {
		specs[i] = encounter.MonsterSpec{SRDID: m.SRDID, Count: m.Count}
	}
	id := s.NewID()
	e, _, err := encounter.StartAt(snap.State.Clock, id, chars, specs, req.Surprise, dice.NewSeeded(s.turnSeed(campaignID, "encounter:"+id)), snap.Campaign.Book().Monster)
	if err != nil {
		return campaign.EncounterRecord{}, err
	}
	e.AreaID, e.OnDefeat = area, snap.Campaign.Settings.DefeatIntent()
	e.Light = m.LightOf(area)
	// The wards on the area go off on the foes who came there; a spent
	// one leaves its caster's sheet, wherever the caster is.
	spent, err := e.Wards(snap.Characters, dice.NewSeeded(s.turnSeed(campaignID, "wards:"+id)))
	if err != nil {
		return campaign.EncounterRecord{}, err
	}
	rec, err := encounter.Record(e, 0)
	if err != nil {
		return campaign.EncounterRecord{}, err
	}
	if err := s.commit(ctx, Tx{CampaignID: campaignID, Encounters: []campaign.EncounterRecord{rec}, Characters: spent}, "",
		message{events.TypeEncounter, events.Encounter{Encounter: rec.Data, Characters: committed(snap, spent)}}); err != nil {
		return campaign.EncounterRecord{}, fmt.Errorf("%s: %w", op, err)
	}
	s.continueFight(ctx, campaignID, "encounter-"+id)
	return rec, nil
}

// EndEncounter concludes an encounter with an outcome: every participant's
// diff is returned (encounter.Diffs, as the wire writes them) and, unless
// it is a dry run, the persistent ones are written onto the characters in
// the same transaction that ends it. Whoever the fight leaves dying has
// its minutes after the fight played out, as when a fight ends by itself.
// Owner only.
func (s *Service) EndEncounter(ctx context.Context, p Player, campaignID, encounterID string, req events.EndEncounter) (events.EncounterEnded, error) {
	const op = "end encounter"
	var diffs encounter.Diffs
	var changed []campaign.Character
	var rec campaign.EncounterRecord
	err := retry(ctx, func() error {
		snap, err := s.ownerSnapshot(ctx, p, campaignID, op)
		if err != nil {
			return err
		}
		i := -1
		for j, r := range snap.Encounters {
			if r.ID == encounterID {
				i = j
			}
		}
		if i < 0 {
			return s.noEncounter(ctx, op, campaignID, encounterID)
		}
		e, err := encounter.FromRecord(snap.Encounters[i])
		if err != nil {
			return err
		}
		// The same seed whatever the tries: a dry run shows the end
		// that follows it.
		src := dice.NewSeeded(s.turnSeed(campaignID, "end:"+encounterID))
		ended, ds, err := encounter.End(e, req.Outcome, encounter.EndOptions{DryRun: req.DryRun, Only: req.Only, Exclude: req.Exclude, Dice: src})
		if err != nil {
			return err
		}
		diffs = ds
		if req.DryRun {
			return nil
		}
		if rec, err = encounter.Record(ended, snap.Encounters[i].Version); err != nil {
			return err
		}
		changed = ds.CharacterUpdates(snap.Characters)
		return s.commit(ctx, Tx{CampaignID: campaignID, Encounters: []campaign.EncounterRecord{rec}, Characters: changed}, "",
			message{events.TypeEncounter, events.Encounter{Encounter: rec.Data, Characters: committed(snap, changed)}})
	})
	if err != nil {
		return events.EncounterEnded{}, fmt.Errorf("%s: %w", op, err)
	}
	data, err := json.Marshal(diffs)
	if err != nil {
		return events.EncounterEnded{}, fault.Wrap(fault.Internal, op, err)
	}
	return events.EncounterEnded{Committed: !req.DryRun, Diffs: data}, nil
}

// noEncounter is why an encounter is not under way: a finished one
// (which the snapshot leaves out) has ended already, any other is unknown.
func (s *Service) noEncounter(ctx context.Context, op, campaignID, encounterID string) error {
	all, err := s.Store.Encounters(ctx, campaignID)
	if err != nil {
		return err
	}
	for _, r := range all {
		if r.ID == encounterID {
			return fault.E(fault.Conflict, op, "encounter %s has already ended", encounterID)
		}
	}
	return fault.E(fault.NotFound, op, "no such encounter in this campaign")
}

// monsterTurns plays the turns nobody at the table has to choose, each
// as a turn of its own that reaches the table like a player's:
// turn.accepted, roll.result, narration, turn.committed with the
// participant as actor. The monsters' turns; a character's turn that
// holds no choice (encounter.Forced: a dying character's death save, at
// once, whether its player is at the table or not; the end of the turn
// of one that cannot act); and the turn of a character whose player is
// away from the table (absent or offline), played defensively: it takes
// the Dodge action, so one closed tab never stops the fight. A fight
// stored decided but under way (before fights ended by themselves) is
// ended (encounter.Conclude). It stops at a present player's turn, when
// the encounter ends, or when another turn holds the table.
func (s *Service) monsterTurns(ctx context.Context, campaignID string) {
	for range maxMonsterTurns {
		if !s.autoTurn(ctx, campaignID, "") {
			return
		}
	}
}

// waitsOn reports whether the fight under way waits on playerID: the
// turn up is one of their characters' and no turn holds the table.
func (s *Service) waitsOn(snap Snapshot, playerID string) bool {
	if l := snap.Lease; l != nil && s.now().Before(l.ExpiresAt) {
		return false
	}
	_, e, ok, err := activeEncounter(snap)
	if err != nil || !ok {
		return false
	}
	cur, ok := e.Participant(e.Current)
	if !ok || cur.Kind != encounter.KindCharacter || cur.Summoned {
		return false
	}
	ch := characterOf(snap, cur.CharacterID)
	return ch != nil && ch.PlayerID == playerID
}

// auto is a turn no player takes, as the rules decide it.
type auto struct {
	lease     campaign.Lease
	seed      uint64
	play      played
	legendary bool
}

// autoTurn plays the turn of the fight that no player takes, if one is
// up (see monsterTurns), and reports whether it played one to its end.
// flow names the fight flow's execution that plays it ("" when none): a
// turn whose lease names the same flow was left by a try of that flow
// that died (a flow tries again only after a try failed), and is taken
// over under its own turn id, with the same dice, at once.
//
// Like a player's turn, it holds the table only on the turn count it was
// decided on (Tx.LeaseTurnCount): a turn committed or undone between its
// read and its lease has it decided again on the table as it is, up to
// decisions times, and never announced on the table it read.
func (s *Service) autoTurn(ctx context.Context, campaignID, flow string) bool {
	snap, err := s.Store.Snapshot(ctx, campaignID)
	if err != nil {
		s.Log.WarnContext(ctx, "monster turn", "campaign", campaignID, "err", err)
		return false
	}
	for range decisions {
		played, fresh := s.autoTurnOn(ctx, snap, flow)
		if fresh == nil {
			return played
		}
		snap = *fresh
	}
	return false
}

// autoTurnOn is one decision of autoTurn, on the table as snap read it.
// fresh is the table read again when the lease was refused because its
// turn count moved on since snap: the turn is to be decided again on it.
func (s *Service) autoTurnOn(ctx context.Context, snap Snapshot, flow string) (played bool, fresh *Snapshot) {
	campaignID := snap.Campaign.ID
	now := s.now()
	turnID, takeOver := s.NewID(), false
	if l := snap.Lease; l != nil && flow != "" && l.Flow == flow && l.Pending == nil {
		turnID, takeOver = l.TurnID, true
	}
	if pauseOf(snap) != nil && !takeOver {
		return false, nil // the unpause plays the fight on
	}
	a, ok, err := s.decideAuto(snap, turnID, now)
	if err != nil {
		s.Log.WarnContext(ctx, "monster turn", "campaign", campaignID, "err", err)
		return false, nil
	}
	if !ok {
		if takeOver { // the fight moved on under the dead try's lease: free the table
			s.release(ctx, campaignID, *snap.Lease)
		}
		return false, nil
	}
	a.lease.Flow = flow
	// Characters away from the table react as their standing orders say.
	held, play, ordered, err := s.absentOrders(snap, a.lease, campaign.PendingRolls{Seed: a.seed, Legendary: a.legendary}, a.play, 0)
	if err != nil {
		s.Log.WarnContext(ctx, "monster turn", "campaign", campaignID, "err", err)
		return false, nil
	}
	a.play = play
	if w, revealed := window(snap, a.play.res, 0); w != nil {
		err := s.holdMonsterTurn(ctx, snap, a.lease, a.seed, a.play.res, w, revealed, a.legendary, held.Reactions, ordered...)
		return false, s.leaseMovedOn(ctx, snap, err) // else the monsters wait for the window
	}
	var msgs []message
	if !takeOver { // a taken-over turn told the table already
		msgs = []message{{events.TypeTurnAccepted, events.TurnAccepted{TurnID: a.lease.TurnID, RequestID: a.lease.RequestID, CharacterID: a.play.cur.ID}}}
		msgs = append(msgs, rollMessages(a.lease.TurnID, turn.Rolls(a.play.res.Rolls))...)
		msgs = append(msgs, ordered...)
	}
	decidedOn := snap.State.TurnCount
	if err := s.commit(ctx, Tx{CampaignID: campaignID, AcquireLease: &a.lease, LeaseNow: now, LeaseTurnCount: &decidedOn}, "", msgs...); err != nil {
		// A player's turn holds the table (it plays the monsters after
		// it), or the table moved on since the read.
		return false, s.leaseMovedOn(ctx, snap, err)
	}
	if err := s.finishMonsterTurn(ctx, snap, a.lease, a.seed, a.play); err != nil {
		s.Log.WarnContext(ctx, "monster turn", "campaign", campaignID, "err", err)
		return false, nil
	}
	return true, nil
}

// leaseMovedOn is the table read again when err refused a lease because
// its turn count moved on from the one snap read (a turn committed or
// undone in between), for the turn to be decided again on it; nil for
// any other failure, or none.
func (s *Service) leaseMovedOn(ctx context.Context, snap Snapshot, err error) *Snapshot {
	if err == nil || !isConflict(err) {
		return nil
	}
	fresh, ferr := s.Store.Snapshot(ctx, snap.Campaign.ID)
	if ferr != nil || fresh.State.TurnCount == snap.State.TurnCount {
		return nil
	}
	s.Log.InfoContext(ctx, "the table moved on before a monster's turn held it: deciding it again",
		"campaign", snap.Campaign.ID, "decided_on", snap.State.TurnCount, "turn_count", fresh.State.TurnCount)
	return &fresh
}

// decideAuto decides the turn no player takes that is up in snap, under
// turnID: the same snapshot and turn id decide the same turn. ok is false
// when there is none (no fight, no open session, a present player's turn).
func (s *Service) decideAuto(snap Snapshot, turnID string, now time.Time) (auto, bool, error) {
	campaignID := snap.Campaign.ID
	rec, e, ok, err := activeEncounter(snap)
	if err != nil || !ok || openSession(snap) == nil {
		return auto{}, false, err
	}
	decided := e.Decided() != ""
	cur, ok := e.Participant(e.Current)
	legendary := len(e.LegendaryDue) > 0 && !decided
	if legendary {
		// A legendary monster acts at the end of another's turn,
		// before the next one begins.
		cur, ok = e.Participant(e.LegendaryDue[0])
	}
	if !ok && decided && len(e.Participants) > 0 {
		cur, ok = e.Participants[0], true // the fight is over whoever was up
	}
	if !ok {
		return auto{}, false, nil
	}
	lease := campaign.Lease{TurnID: turnID, ActorID: cur.ID, Action: "(" + cur.Name + "'s turn)", AcquiredAt: now, ExpiresAt: now.Add(s.LeaseTTL)}
	lease.RequestID = "monster:" + lease.TurnID
	seed := s.turnSeed(campaignID, lease.TurnID)
	var (
		next encounter.Encounter
		res  encounter.Result
	)
	switch {
	case decided:
		lease.Action = "(the fight is over)"
		if ch := characterOf(snap, cur.CharacterID); ch != nil {
			lease.ActorID, lease.PlayerID = ch.ID, ch.PlayerID
		}
		next, res, err = encounter.Conclude(e, dice.NewSeeded(seed))
	case legendary:
		lease.Action = "(" + cur.Name + "'s legendary action)"
		next, res, err = encounter.LegendaryTurn(e, dice.NewSeeded(seed), encounter.Reactions{Seed: s.reactionSeed(campaignID, lease.TurnID)})
	case cur.Kind == encounter.KindCharacter && !cur.Summoned:
		ch := characterOf(snap, cur.CharacterID)
		if ch == nil {
			return auto{}, false, nil
		}
		act, forced := e.Forced()
		switch {
		case forced && act.Kind == encounter.ActionDeathSave:
			lease.Action = "(" + ch.Name + " is dying: a death saving throw)"
		case forced:
			lease.Action = "(" + ch.Name + " cannot act)"
		case campaign.PresenceOf(ch.PlayerID, openSession(snap), snap.Connections) == campaign.Present:
			return auto{}, false, nil // a player's turn: theirs to take
		default:
			act = encounter.Action{Kind: encounter.ActionDodge, EndTurn: true}
			lease.Action = "(" + ch.Name + " is away from the table and keeps their guard up)"
		}
		lease.ActorID, lease.PlayerID, lease.RequestID = ch.ID, ch.PlayerID, "away:"+lease.TurnID
		if forced {
			lease.RequestID = "rules:" + lease.TurnID
		}
		next, res, err = encounter.Act(e, cur.ID, act, dice.NewSeeded(seed))
	default:
		next, res, err = encounter.MonsterTurnWith(e, dice.NewSeeded(seed), encounter.Reactions{Seed: s.reactionSeed(campaignID, lease.TurnID)})
	}
	if err != nil {
		return auto{}, false, fmt.Errorf("%s's turn: %w", cur.ID, err)
	}
	return auto{lease: lease, seed: seed, play: played{rec: rec, cur: cur, next: next, res: res}, legendary: legendary}, true, nil
}

// rollMessages are the roll.result events of a turn's rolls.
func rollMessages(turnID string, rolls []campaign.Roll) []message {
	msgs := make([]message, len(rolls))
	for i, r := range rolls {
		msgs[i] = message{events.TypeRollResult, events.RollResult{TurnID: turnID, Roll: r}}
	}
	return msgs
}
