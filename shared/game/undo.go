package game

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/memory"
	"chronicler/shared/narrator"
	"chronicler/shared/revert"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
)

// Taking a turn back. Every committed turn keeps what it replaced
// (campaign.TurnBefore: reverse patches of what it changed, written in its
// own commit and kept apart from it, Store.TurnBefore), so an undo is one
// commit that writes it back under the conditions of what the turn left
// (the state's turn count, each sheet's and the fight's version): a turn
// committed since, or a sheet changed since, makes it a Conflict. The
// X-card keeps the turn's rules result and tells it again from the
// memory and the summary as they were before its narration.

// before is what the turn d decided on snap replaces: patches that turn
// what it leaves (the state next, d's sheets and fight, the memory as
// JSON memAfter) back into what it read (snap, memBefore as JSON),
// and how its narration was remembered.
func before(snap Snapshot, next campaign.State, d turn.Decision, memBefore, memAfter []byte, eventful bool) (*campaign.TurnBefore, error) {
	b := &campaign.TurnBefore{Scene: d.Scene, Eventful: eventful}
	var err error
	if b.State, err = revert.Of(snap.State, next); err != nil {
		return nil, err
	}
	for _, ch := range d.Changed {
		prev := characterOf(snap, ch.ID)
		if prev == nil {
			continue
		}
		was, now := *prev, ch
		was.Presence, now.Presence = "", ""
		p, err := revert.Of(was, now)
		if err != nil {
			return nil, err
		}
		if b.Characters == nil {
			b.Characters, b.CharacterVersions = map[string]revert.Patch{}, map[string]int64{}
		}
		b.Characters[ch.ID], b.CharacterVersions[ch.ID] = p, prev.Version
	}
	if d.Encounter != nil {
		if i := slices.IndexFunc(snap.Encounters, func(r campaign.EncounterRecord) bool { return r.ID == d.Encounter.ID }); i >= 0 {
			rec := snap.Encounters[i]
			b.Encounter, b.EncounterVersion = rec.ID, rec.Version
			if b.EncounterPatch, err = revert.Diff(rec.Data, d.Encounter.Data); err != nil {
				return nil, err
			}
		}
	}
	if b.Memory, err = memoryPatch(memBefore, memAfter); err != nil {
		return nil, err
	}
	return b, nil
}

// memoryPatch turns the memory after back into the one before, both as
// JSON (before nil: none, an empty memory).
func memoryPatch(before, after []byte) (revert.Patch, error) {
	if before == nil {
		var err error
		if before, err = memoryJSON(nil); err != nil {
			return revert.Patch{}, err
		}
	}
	return revert.Diff(before, after)
}

// memoryBefore is the memory as it was before a turn: the memory stored
// now (the turn's own, or its retelling's) turned back with p.
func (s *Service) memoryBefore(ctx context.Context, campaignID string, p revert.Patch) (memory.Memory, error) {
	data, err := s.Store.Memory(ctx, campaignID)
	if err != nil && !fault.Is(err, fault.NotFound) {
		return memory.Memory{}, err
	}
	now, err := memoryJSON(data)
	if err != nil {
		return memory.Memory{}, err
	}
	raw, err := revert.Apply(now, p)
	if err != nil {
		return memory.Memory{}, fault.Wrap(fault.Internal, "turn the memory back", err)
	}
	var m memory.Memory
	if err := json.Unmarshal(raw, &m); err != nil {
		return memory.Memory{}, fault.Wrap(fault.Internal, "turn the memory back", err)
	}
	return m, nil
}

// encounterBefore is the fight's record rec turned back with p, its data
// encoded as the engine encodes it, at version.
func encounterBefore(rec campaign.EncounterRecord, p revert.Patch, version int64) (campaign.EncounterRecord, error) {
	raw, err := revert.Apply(rec.Data, p)
	if err != nil {
		return rec, fault.Wrap(fault.Internal, "turn the fight back", err)
	}
	var e encounter.Encounter
	if err := json.Unmarshal(raw, &e); err != nil {
		return rec, fault.Wrap(fault.Internal, "turn the fight back", err)
	}
	return encounter.Record(e, version)
}

// lastTurn is the campaign's last committed turn, which turnID must name,
// and what it replaced, when it may still be taken back: the campaign is
// played, no turn is in flight, the turn was played in this session and
// within the undo window and kept what it replaced, and no fight began
// after it.
func (s *Service) lastTurn(ctx context.Context, snap Snapshot, turnID, op string) (campaign.Turn, campaign.TurnBefore, error) {
	switch snap.Campaign.Status {
	case campaign.Active:
	case campaign.Concluded:
		return campaign.Turn{}, campaign.TurnBefore{}, fault.E(fault.ReadOnly, op, "the campaign is concluded and read-only")
	default:
		return campaign.Turn{}, campaign.TurnBefore{}, fault.E(fault.Conflict, op, "the campaign is %s; resume it first", snap.Campaign.Status)
	}
	sess := openSession(snap)
	if sess == nil {
		return campaign.Turn{}, campaign.TurnBefore{}, fault.E(fault.Conflict, op, "no session is open; resume the campaign first")
	}
	if l := snap.Lease; l != nil && s.now().Before(l.ExpiresAt) {
		return campaign.Turn{}, campaign.TurnBefore{}, fault.E(fault.Conflict, op, "a turn is being resolved; wait for it")
	}
	n := snap.State.TurnCount
	if n == 0 {
		return campaign.Turn{}, campaign.TurnBefore{}, fault.E(fault.Conflict, op, "no turn has been played")
	}
	ts, err := s.Store.Turns(ctx, snap.Campaign.ID, n-1, 1)
	if err != nil {
		return campaign.Turn{}, campaign.TurnBefore{}, fmt.Errorf("%s: %w", op, err)
	}
	if len(ts) == 0 {
		return campaign.Turn{}, campaign.TurnBefore{}, fault.E(fault.Conflict, op, "no turn has been played")
	}
	last := ts[0]
	switch {
	case last.ID != turnID:
		return campaign.Turn{}, campaign.TurnBefore{}, fault.E(fault.Conflict, op, "that is not the last turn any more: the table has moved on")
	case last.SessionID != sess.ID:
		return campaign.Turn{}, campaign.TurnBefore{}, fault.E(fault.Conflict, op, "only a turn of this session can be taken back")
	case s.now().Sub(last.CreatedAt) > campaign.UndoWindow:
		return campaign.Turn{}, campaign.TurnBefore{}, fault.E(fault.Conflict, op, "only a turn of the last %s can be taken back", campaign.UndoWindow)
	}
	b, err := s.Store.TurnBefore(ctx, snap.Campaign.ID, last.Sequence, last.ID)
	if fault.Is(err, fault.NotFound) {
		return campaign.Turn{}, campaign.TurnBefore{}, fault.E(fault.Conflict, op, "this turn was played before turns could be taken back")
	}
	if err != nil {
		return campaign.Turn{}, campaign.TurnBefore{}, fmt.Errorf("%s: %w", op, err)
	}
	if rec := activeRecord(snap); rec != nil && b.Encounter != rec.ID {
		return campaign.Turn{}, campaign.TurnBefore{}, fault.E(fault.Conflict, op, "a fight began after that turn: the table has moved on")
	}
	return last, b, nil
}

// Undo takes back the campaign's last committed turn (msg.TurnID), for
// its owner: the state, the sheets it changed, the fight, the memory and
// the summary return to before it in one commit, whose turn.undone tells
// every client; the turn is kept, marked, out of the sequence. The money
// its narration cost stays counted. Conflict when the table moved on.
func (s *Service) Undo(ctx context.Context, connectionID string, msg events.ClientMessage) error {
	const op = "undo turn"
	conn, snap, err := s.connection(ctx, connectionID, op)
	if err != nil {
		return err
	}
	if conn.PlayerID != snap.Campaign.OwnerID {
		return fault.E(fault.Forbidden, op, "only the campaign's owner takes a turn back; ask them with ask_undo")
	}
	last, b, err := s.lastTurn(ctx, snap, msg.TurnID, op)
	if err != nil {
		return err
	}
	cur := snap.State
	restored, err := revert.Back(cur, b.State)
	if err != nil {
		return fault.Wrap(fault.Internal, op, err)
	}
	// What was spent on the turn was spent: the budgets still count it.
	restored.Cost, restored.PastCosts, restored.Thrift, restored.GuardViolations = cur.Cost, cur.PastCosts, cur.Thrift, cur.GuardViolations
	tx := Tx{CampaignID: snap.Campaign.ID, State: &restored, ExpectTurnCount: cur.TurnCount,
		DropTurn: &TurnRef{Sequence: last.Sequence, ID: last.ID}}
	for _, id := range slices.Sorted(maps.Keys(b.CharacterVersions)) {
		now := characterOf(snap, id)
		if now == nil || now.Version != b.CharacterVersions[id]+1 {
			name := id
			if now != nil {
				name = now.Name
			}
			return fault.E(fault.Conflict, op, "%s changed after that turn: the table has moved on", name)
		}
		left := *now
		left.Presence = ""
		was, err := revert.Back(left, b.Characters[id])
		if err != nil {
			return fault.Wrap(fault.Internal, op, err)
		}
		was.Version = now.Version
		tx.Characters = append(tx.Characters, was)
	}
	var fight *campaign.EncounterRecord
	if b.Encounter != "" {
		i := slices.IndexFunc(snap.Encounters, func(r campaign.EncounterRecord) bool { return r.ID == b.Encounter })
		if i < 0 || snap.Encounters[i].Version != b.EncounterVersion+1 {
			return fault.E(fault.Conflict, op, "the fight changed after that turn: the table has moved on")
		}
		rec, err := encounterBefore(snap.Encounters[i], b.EncounterPatch, snap.Encounters[i].Version)
		if err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
		tx.Encounters, fight = []campaign.EncounterRecord{rec}, &rec
	}
	if !b.Memory.Empty() {
		mem, err := s.memoryBefore(ctx, snap.Campaign.ID, b.Memory)
		if err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
		if tx.Memory, err = saveMemory(mem); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
	}
	marked := last
	marked.Undone = &campaign.TurnUndone{At: s.now(), By: conn.PlayerID}
	tx.Undone = []campaign.Turn{marked}
	if last.RequestID != "" {
		// A repeat of the request that played the turn is told it was
		// taken back, rather than answered as if the turn stood or
		// played again against the owner's word.
		req, err := s.Store.Request(ctx, snap.Campaign.ID, last.RequestID)
		switch {
		case err == nil:
			req.Outcome = campaign.RequestUndone
			tx.MarkRequest = &req
		case !fault.Is(err, fault.NotFound):
			return fmt.Errorf("%s: %w", op, err)
		}
	}
	shown, scenes := scenesAfter(Snapshot{Campaign: snap.Campaign, State: restored, Characters: withChanged(snap.Characters, tx.Characters)})
	undone := events.TurnUndone{TurnID: last.ID, Sequence: last.Sequence, Characters: committed(snap, tx.Characters),
		Encounter: encounterData(fight), Scene: shown, Scenes: scenes, Clock: restored.Clock, TurnCount: restored.TurnCount}
	if err := s.commit(ctx, tx, "", message{events.TypeTurnUndone, undone}); err != nil {
		if isConflict(err) {
			return fault.E(fault.Conflict, op, "the table changed while the turn was taken back; nothing was undone")
		}
		return fmt.Errorf("%s %d: %w", op, last.Sequence, err)
	}
	s.Log.InfoContext(ctx, "turn taken back", "campaign", snap.Campaign.ID, "turn", last.ID, "sequence", last.Sequence)
	return nil
}

// AskUndo tells the table, and so its owner, that a player asks to take
// the last turn (msg.TurnID) back; the owner decides.
func (s *Service) AskUndo(ctx context.Context, connectionID string, msg events.ClientMessage) error {
	const op = "ask to undo"
	conn, snap, err := s.connection(ctx, connectionID, op)
	if err != nil {
		return err
	}
	last, _, err := s.lastTurn(ctx, snap, msg.TurnID, op)
	if err != nil {
		return err
	}
	return s.publish(ctx, snap.Campaign.ID, "", message{events.TypeUndoRequested,
		events.UndoRequested{TurnID: last.ID, Sequence: last.Sequence, PlayerID: conn.PlayerID, Name: nameOf(snap, conn.PlayerID)}})
}

// XCard withdraws the last turn's narration (msg.TurnID), for any player
// at the table and without saying who: narration.withdrawn goes to every
// client with the lease that holds the table, and the turn is told again,
// by the table's flow as a turn's narration is (Retell). The turn's
// mechanics stand.
func (s *Service) XCard(ctx context.Context, connectionID string, msg events.ClientMessage) error {
	const op = "x-card"
	_, snap, err := s.connection(ctx, connectionID, op)
	if err != nil {
		return err
	}
	last, _, err := s.lastTurn(ctx, snap, msg.TurnID, op)
	if err != nil {
		return err
	}
	now := s.now()
	// The lease names no player: the table is not told who tapped it.
	lease := campaign.Lease{TurnID: s.NewID(), RequestID: last.RequestID, ActorID: last.ActorID, Action: last.Action,
		Retell: last.ID, AcquiredAt: now, ExpiresAt: now.Add(s.LeaseTTL)}
	decidedOn := snap.State.TurnCount
	err = s.commit(ctx, Tx{CampaignID: snap.Campaign.ID, AcquireLease: &lease, LeaseNow: now, LeaseTurnCount: &decidedOn}, "",
		message{events.TypeNarrationWithdrawn, events.NarrationWithdrawn{TurnID: last.ID, Sequence: last.Sequence}})
	if err != nil {
		if isConflict(err) {
			return fault.E(fault.Conflict, op, "the table moved on before the narration could be withdrawn")
		}
		return fmt.Errorf("%s: %w", op, err)
	}
	if s.handOff(ctx, snap.Campaign.ID, lease) {
		return nil
	}
	snap.Lease = &lease
	return s.Retell(ctx, snap, lease)
}

// Retell tells again the turn whose narration lease (an X-card's)
// withdrew, and commits it in the turn's place: the same rules result,
// told without what the withdrawn narration told, remembered from the
// memory and the summary as they were before the turn, so the canon
// forgets what the withdrawn text added. The state keeps everything the
// rules decided. A retelling that cannot be saved frees the table and
// leaves the turn as it was.
func (s *Service) Retell(ctx context.Context, snap Snapshot, lease campaign.Lease) error {
	const op = "retell turn"
	id := snap.Campaign.ID
	err := s.retell(ctx, snap, lease)
	if err != nil && !fault.Is(err, fault.Unavailable) {
		ctx := context.WithoutCancel(ctx)
		if rerr := s.Store.Commit(ctx, Tx{CampaignID: id, ReleaseLease: lease.TurnID}); rerr != nil && !isConflict(rerr) {
			s.Log.WarnContext(ctx, "release an x-card's lease", "campaign", id, "turn", lease.Retell, "err", rerr)
		}
		s.Log.WarnContext(ctx, "a withdrawn narration could not be told again", "campaign", id, "turn", lease.Retell, "err", err)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return nil
}

func (s *Service) retell(ctx context.Context, snap Snapshot, lease campaign.Lease) error {
	id := snap.Campaign.ID
	st := snap.State
	ts, err := s.Store.Turns(ctx, id, st.TurnCount-1, 1)
	if err != nil {
		return err
	}
	if len(ts) == 0 || ts[0].ID != lease.Retell {
		return fault.E(fault.Conflict, "retell", "turn %s is not the last turn any more", lease.Retell)
	}
	old := ts[0]
	b, err := s.Store.TurnBefore(ctx, id, old.Sequence, old.ID)
	if fault.Is(err, fault.NotFound) {
		return fault.E(fault.Conflict, "retell", "turn %s kept nothing to be told again from", old.ID)
	}
	if err != nil {
		return err
	}
	stBefore, err := revert.Back(st, b.State)
	if err != nil {
		return fault.Wrap(fault.Internal, "retell", err)
	}
	mem, err := s.memoryBefore(ctx, id, b.Memory)
	if err != nil {
		return err
	}
	memBefore, err := json.Marshal(mem)
	if err != nil {
		return err
	}
	recent, err := s.Store.RecentTurns(ctx, id, max(stBefore.TurnCount-recentTurns, 0), recentTurns)
	if err != nil {
		return err
	}
	recent = slices.DeleteFunc(recent, func(t campaign.Turn) bool { return t.Sequence >= old.Sequence })
	// The table as the turn was narrated on: the state before it, with
	// the sheets and the fight as the rules left them.
	was := snap
	was.State = stBefore
	actor := characterOf(snap, old.ActorID)
	if actor == nil {
		actor = &campaign.Character{ID: old.ActorID, Name: old.ActorName}
	}
	played := playedByEngine(lease)
	told, err := narrationScene(snap, *actor, turn.Decision{})
	if err != nil {
		return err
	}
	foes, err := threats(snap, nil)
	if err != nil {
		return err
	}
	sc := sceneOf(was, *actor)
	if b.Scene != nil {
		sc = *b.Scene
	}
	purpose := narrator.PurposeNarration
	if old.Context != nil && old.Context.Purpose != "" {
		purpose = narrator.Purpose(old.Context.Purpose)
	}
	built, _ := memory.Build(memory.Input{
		CampaignName: snap.Campaign.Name, Persona: snap.Campaign.DMPersona, WorldSeed: snap.Campaign.WorldSeed,
		Glossary: stBefore.Glossary, Characters: told.party, Actor: *actor, Scene: sc, Area: told.area, Threats: foes, Effects: told.effects,
		Summary: stBefore.Summary, Unsummarized: stBefore.Unsummarized, Played: played,
		Recent: recent, Memory: mem.WithSecrets(snap.Campaign.Secrets), Action: old.Action, RulesResult: old.RulesResult, TurnID: old.ID,
		Tier: narrator.Route(purpose), Turn: old.Sequence, Places: told.places, Layout: s.Layout,
	}, memory.DefaultBudget())
	req := built.Request
	req.Purpose, req.Withdrawn = purpose, old.Narration
	req.Lines, req.Veils = limitTexts(snap.Campaign) // a retelling keeps the table's limits too
	n := s.thrifty(s.thrift(ctx, snap, nil).Step, &req)
	// The guard holds the retelling against the withdrawn words as it
	// holds it against a secret: what only they told never reaches the
	// table again.
	guarded := append(slices.Clone(snap.Campaign.Secrets), campaign.Secret{ID: "withdrawn", Text: old.Narration})
	narr, record, err := s.narrate(ctx, n, req, guarded, table{s: s, ctx: ctx, campaignID: id, turnID: old.ID})
	if err != nil {
		return err
	}
	retold := old
	retold.Narration, retold.Suggestions, retold.Degraded, retold.Context = narr.Text, narr.Suggestions, narr.Degraded, record
	retold.Withdrawn++
	// Remembered as the turn was: on the memory and summary before it,
	// with the same turns waiting for a fold, known to the characters
	// who witnessed it.
	waiting := recent[max(len(recent)-stBefore.Unsummarized, 0):]
	low := s.remember(ctx, lowNarrator(n, narr), was, retold, waiting, b.Scene != nil, b.Eventful, &mem, old.Witnesses)
	if len(retold.Suggestions) == 0 {
		retold.Suggestions = engineSuggestions(req)
	}
	recordCalls(record, req, low.calls)
	next := st
	next.Summary, next.Unsummarized = low.summary, low.unsummarized
	scene := stBefore.Scene
	if b.Scene != nil {
		scene = *b.Scene
	}
	next.Scene = mem.SceneAfter(scene, low.scene, scene.Time != stBefore.Scene.Time)
	next.Charge(openSession(snap).ID, record.TurnCostUSD)
	next.GuardViolations += len(record.Violations)
	memAfter, memData, err := encodeMemory(mem)
	if err != nil {
		return err
	}
	// What the turn replaced is kept again against what the retelling
	// leaves: its summary, its memory.
	kept := b
	if kept.State, err = revert.Of(stBefore, next); err != nil {
		return err
	}
	if kept.Memory, err = revert.Diff(memBefore, memAfter); err != nil {
		return err
	}
	retold.Before = &kept
	tx := Tx{CampaignID: id, State: &next, ExpectTurnCount: st.TurnCount, Turn: &retold, ReplaceTurn: old.ID,
		Memory: memData, ReleaseLease: lease.TurnID}
	err = s.commit(ctx, tx, "", message{events.TypeNarrationDone,
		events.NarrationDone{TurnID: old.ID, Text: narr.Text, Suggestions: suggestions(retold.Suggestions), Degraded: narr.Degraded}})
	if err != nil {
		return err
	}
	s.spent(ctx, record.TurnCostUSD)
	return nil
}
