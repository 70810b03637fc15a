package game

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/memory"
	"chronicler/shared/narrator"
	"chronicler/shared/rules/turn"
)

// Connect binds a new connection to a campaign for a member. It runs before
// the connection is open, so nothing is sent to it; the client asks with
// resume or sync. The first connection of a Paused campaign does not resume it.
func (s *Service) Connect(ctx context.Context, connectionID string, p Player, campaignID string) error {
	const op = "connect"
	var lost bool
	// Every socket of a table opening at once (a restart, a network blip)
	// writes the same session.
	err := retryBusy(ctx, func() error {
		snap, err := s.memberSnapshot(ctx, p, campaignID, op)
		if err != nil {
			return err
		}
		if err := s.Limits.checkConnections(snap, p.ID, connectionID); err != nil {
			return err
		}
		now := s.now()
		conn := campaign.Connection{ID: connectionID, CampaignID: campaignID, PlayerID: p.ID, ConnectedAt: now}
		tx := Tx{CampaignID: campaignID, PutConnection: &conn}
		lost = s.closeIfLost(&tx, snap, now)
		var msgs []message
		if open := openSession(snap); open != nil && !lost {
			sess := *open
			sess.EmptySince = nil
			if !sess.HasJoined(p.ID) {
				sess.Joined = append(slices.Clone(sess.Joined), p.ID)
			}
			// The session is written, on its version, whenever a
			// connection comes or goes: the presence told here was
			// decided on the connections as they are at the commit.
			tx.Sessions = []campaign.Session{sess}
			if !hasConnection(snap, p.ID) {
				msgs = presenceMessages(snap, p.ID, campaign.Present)
			}
		}
		if lost {
			msgs = append(msgs, sessionMessage(applied(snap, tx)))
		}
		return s.commit(ctx, tx, connectionID, msgs...)
	})
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return nil
}

// connecting bounds how long a connection's $connect may run (API
// Gateway gives its integration 29 seconds). Until it has returned, the
// socket is not open and a post to it answers 410 as if it were gone.
const connecting = 30 * time.Second

// forgetGone forgets a connection a push found gone, unless it may still
// be connecting: the 410 of a socket whose $connect is running proves
// nothing, and forgetting it would leave a live socket unbound and its
// player absent (a player reconnecting while the table plays on got just
// that). A socket that never opens is forgotten by its $disconnect, or by
// the sweep.
func (s *Service) forgetGone(ctx context.Context, connectionID string) error {
	conn, err := s.Store.ConnectionByID(ctx, connectionID)
	if fault.Is(err, fault.NotFound) {
		return nil // already forgotten
	}
	if err != nil {
		return fmt.Errorf("forget gone connection: %w", err)
	}
	if s.now().Sub(conn.ConnectedAt) < connecting {
		return nil
	}
	return s.disconnect(ctx, conn)
}

// Disconnect forgets a connection. When it was the player's last, their
// characters become absent; when it was the campaign's last, the session
// starts its grace period and is closed as lost if nobody returns.
func (s *Service) Disconnect(ctx context.Context, connectionID string) error {
	conn, err := s.Store.ConnectionByID(ctx, connectionID)
	if fault.Is(err, fault.NotFound) {
		return nil // already forgotten
	}
	if err != nil {
		return fmt.Errorf("disconnect: %w", err)
	}
	return s.disconnect(ctx, conn)
}

// disconnect forgets conn, a connection that was bound (see Disconnect).
func (s *Service) disconnect(ctx context.Context, conn campaign.Connection) error {
	connectionID := conn.ID
	left := false // the player's last connection, in an open session
	// Every socket of a table closing at once writes the same session.
	err := retryBusy(ctx, func() error {
		snap, err := s.Store.Snapshot(ctx, conn.CampaignID)
		if err != nil {
			return err
		}
		tx := Tx{CampaignID: conn.CampaignID, DeleteConnections: []string{connectionID}}
		var msgs []message
		left = false
		if open := openSession(snap); open != nil {
			// Written on its version even when unchanged: two connections
			// of one player closing at once must not both find the other
			// still there (see Connect).
			sess := *open
			if len(snap.Connections) <= 1 {
				now := s.now()
				sess.EmptySince = &now
			}
			if !playerHasOther(snap, conn) {
				sess.LeftAtTurn = maps.Clone(sess.LeftAtTurn)
				if sess.LeftAtTurn == nil {
					sess.LeftAtTurn = map[string]int{}
				}
				sess.LeftAtTurn[conn.PlayerID] = snap.State.TurnCount
				msgs, left = presenceMessages(snap, conn.PlayerID, campaign.Absent), true
			}
			tx.Sessions = []campaign.Session{sess}
		}
		return s.commit(ctx, tx, connectionID, msgs...)
	})
	if err != nil {
		return fmt.Errorf("disconnect: %w", err)
	}
	if left && !s.Draining.Load() {
		s.passAway(ctx, conn.CampaignID, conn.PlayerID)
		s.goOnWithout(ctx, conn)
	}
	return nil
}

// goOnWithout plays the fight on when it waits on the turn of a player
// who has just left (conn was their last connection): the fight's loop
// may have reached that turn while they still counted as present, and
// stopped there; nothing else would move it before the sweep. The flow
// is named after the connection, so a disconnect told twice starts one.
func (s *Service) goOnWithout(ctx context.Context, conn campaign.Connection) {
	snap, err := s.Store.Snapshot(ctx, conn.CampaignID)
	if err != nil {
		s.Log.WarnContext(ctx, "play on without a player who left", "campaign", conn.CampaignID, "err", err)
		return
	}
	if s.waitsOn(snap, conn.PlayerID) {
		s.continueFight(ctx, conn.CampaignID, "left-"+nameSafe(conn.ID))
	}
}

// nameSafe is a connection id as a flow's name may hold it: API Gateway's
// ids end in "=" and may hold "+" or "/", which Step Functions refuses in
// an execution's name (letters, digits, "-" and "_").
func nameSafe(id string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == '_' || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') {
			return r
		}
		return '_'
	}, id)
}

// playerHasOther reports whether the player has a live connection besides conn.
func playerHasOther(snap Snapshot, conn campaign.Connection) bool {
	for _, c := range snap.Connections {
		if c.PlayerID == conn.PlayerID && c.ID != conn.ID {
			return true
		}
	}
	return false
}

func hasConnection(snap Snapshot, playerID string) bool {
	for _, c := range snap.Connections {
		if c.PlayerID == playerID {
			return true
		}
	}
	return false
}

// closeIfLost adds to tx the close of a session that has had nobody
// connected for longer than the grace period: ended as connection_lost at
// the time of its last turn, campaign Paused. It reports whether it did.
func (s *Service) closeIfLost(tx *Tx, snap Snapshot, now time.Time) bool {
	open := openSession(snap)
	if open == nil || open.EmptySince == nil || len(snap.Connections) > 0 || now.Sub(*open.EmptySince) < s.LostGrace {
		return false
	}
	next, err := campaign.Next(snap.Campaign.Status, campaign.EndSession)
	if err != nil {
		return false
	}
	sess := *open
	ended := sess.StartedAt
	if snap.State.UpdatedAt.After(ended) {
		ended = snap.State.UpdatedAt // the last turn's time
	}
	sess.EndedAt, sess.EndReason = &ended, campaign.ConnectionLost
	c := snap.Campaign
	c.Status = next
	tx.Sessions = append(tx.Sessions, sess)
	tx.Campaign = &c
	return true
}

// Resume opens the campaign's session, or joins the open one, and tells the
// table what happened before. Paused and Abandoned campaigns become Active.
func (s *Service) Resume(ctx context.Context, connectionID, requestID string) error {
	const op = "resume"
	var returning *campaign.Session // the open session this player comes back to
	var opened bool                 // whether this request opens a new session
	var awaySince *int              // the turn count when the player left: the session they come back to, or the last one
	var gap longGap                 // the recap of a long gap, made once whatever the retries
	var after Snapshot              // the campaign as the commit leaves it
	conn, done, err := s.request(ctx, connectionID, requestID, op, func(snap Snapshot, conn campaign.Connection, tx *Tx, now time.Time) error {
		returning, opened, awaySince = nil, false, nil // a retry decides afresh
		if err := campaign.Writable(snap.Campaign.Status, op); err != nil {
			return err
		}
		if s.closeIfLost(tx, snap, now) {
			snap.Campaign = *tx.Campaign
		}
		if snap.Campaign.Status != campaign.Active {
			next, err := campaign.Next(snap.Campaign.Status, campaign.Resume)
			if err != nil {
				return err
			}
			c := snap.Campaign
			c.Status = next
			tx.Campaign = &c
		}
		if open := openSession(snap); open != nil && tx.Sessions == nil {
			_, away := open.LeftAtTurn[conn.PlayerID]
			if !open.HasJoined(conn.PlayerID) || away {
				sess := *open
				if !sess.HasJoined(conn.PlayerID) {
					sess.Joined = append(slices.Clone(sess.Joined), conn.PlayerID)
				}
				if away {
					at := open.LeftAtTurn[conn.PlayerID]
					returning, awaySince = open, &at
					sess.LeftAtTurn = maps.Clone(sess.LeftAtTurn)
					delete(sess.LeftAtTurn, conn.PlayerID)
				}
				tx.Sessions = []campaign.Session{sess}
			}
			if returning == nil {
				// The table is told its recap again (below): what every
				// character knows of the last session.
				gap = s.commonGround(ctx, snap)
			}
			return nil
		}
		opened = true
		var joined []string
		for _, c := range snap.Connections {
			if !slices.Contains(joined, c.PlayerID) {
				joined = append(joined, c.PlayerID)
			}
		}
		sess := campaign.Session{ID: s.NewID(), CampaignID: conn.CampaignID, StartedAt: now, Joined: joined,
			LeftAtTurn: stillAway(snap, tx, joined, conn.PlayerID)}
		if at, ok := sess.LeftAtTurn[conn.PlayerID]; ok {
			// The player who opens the session was away when the last one
			// ended: the table's recap, and theirs.
			awaySince = &at
			delete(sess.LeftAtTurn, conn.PlayerID)
		}
		tx.Sessions = append(tx.Sessions, sess)
		if !gap.made || gap.turnCount != snap.State.TurnCount {
			gap = s.longGapRecap(ctx, snap)
		}
		if gap.call != nil {
			// The recap's call is the new session's first cost.
			next := snap.State
			next.Charge(sess.ID, gap.call.CostUSD)
			tx.State, tx.ExpectTurnCount = &next, snap.State.TurnCount
		}
		return nil
	}, func(snap Snapshot) []message {
		after = snap
		if returning != nil {
			// Back in a session under way: the table needs no recap, the
			// returning player needs what they missed (told below).
			return []message{sessionMessage(snap)}
		}
		var msgs []message
		if opened {
			msgs = append(msgs, costMessage(snap)) // a new session's count starts
		}
		return append(msgs, sessionMessage(snap), message{events.TypeRecap, cleared(snap.Campaign, events.Recap{Text: s.recap(snap, gap)})})
	})
	if err != nil || done {
		return err
	}
	if gap.call != nil {
		s.spent(ctx, gap.call.CostUSD)
	}
	switch {
	case opened:
		// A new session: each player at the table whose characters know
		// more than the table's recap told hears it alone.
		s.tellPersonalRecaps(ctx, after, gap)
	case returning == nil:
		// Joining a session under way: what this player's characters
		// know beyond the table's recap is theirs.
		if text := personalRecap(after, conn.PlayerID, gap); text != "" {
			s.tell(ctx, conn.CampaignID, conn.ID, events.TypeRecap, cleared(after.Campaign, events.Recap{Text: text, CharacterIDs: mine(after.Characters, conn.PlayerID)}))
		}
	}
	if awaySince != nil && (returning != nil || *awaySince < after.State.TurnCount) {
		s.tell(ctx, conn.CampaignID, conn.ID, events.TypeRecap, cleared(after.Campaign, s.awayRecap(ctx, after, conn.PlayerID, *awaySince)))
	}
	return nil
}

// applied is snap as tx leaves it, for the events that announce tx: its
// campaign, state, sessions and connections.
func applied(snap Snapshot, tx Tx) Snapshot {
	if tx.Campaign != nil {
		snap.Campaign = *tx.Campaign
	}
	if tx.State != nil {
		snap.State = *tx.State
	}
	if len(tx.Sessions) > 0 {
		snap.Sessions = slices.Clone(snap.Sessions)
		for _, se := range tx.Sessions {
			if i := slices.IndexFunc(snap.Sessions, func(x campaign.Session) bool { return x.ID == se.ID }); i >= 0 {
				snap.Sessions[i] = se
			} else {
				snap.Sessions = append(snap.Sessions, se)
			}
		}
	}
	if tx.PutConnection != nil || len(tx.DeleteConnections) > 0 {
		var conns []campaign.Connection
		for _, c := range snap.Connections {
			if !slices.Contains(tx.DeleteConnections, c.ID) && (tx.PutConnection == nil || c.ID != tx.PutConnection.ID) {
				conns = append(conns, c)
			}
		}
		if tx.PutConnection != nil {
			conns = append(conns, *tx.PutConnection)
		}
		snap.Connections = conns
	}
	return snap
}

// stillAway is who left the last session before it ended and is not at
// the table now (joined), with the turn count when they left: a new
// session keeps their place, so that coming back they hear what happened
// since, across sessions. The player opening the session (opener) is
// kept too: their recap comes with the table's.
func stillAway(snap Snapshot, tx *Tx, joined []string, opener string) map[string]int {
	var last *campaign.Session
	for i := range snap.Sessions {
		se := &snap.Sessions[i]
		if last == nil || se.StartedAt.After(last.StartedAt) {
			last = se
		}
	}
	for i := range tx.Sessions { // a lost session closed by this very request
		if last != nil && tx.Sessions[i].ID == last.ID {
			last = &tx.Sessions[i]
		}
	}
	if last == nil || len(last.LeftAtTurn) == 0 {
		return nil
	}
	out := map[string]int{}
	for p, at := range last.LeftAtTurn {
		if p == opener || !slices.Contains(joined, p) {
			out[p] = at
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// awayTurns bounds the turns a "while you were away" recap tells.
const awayTurns = 20

// EndSession closes the session cleanly (player_ended); the campaign is Paused.
func (s *Service) EndSession(ctx context.Context, connectionID, requestID string) error {
	const op = "end session"
	_, _, err := s.request(ctx, connectionID, requestID, op, func(snap Snapshot, _ campaign.Connection, tx *Tx, now time.Time) error {
		next, err := campaign.Next(snap.Campaign.Status, campaign.EndSession)
		if err != nil {
			return err
		}
		c := snap.Campaign
		c.Status = next
		tx.Campaign = &c
		if open := openSession(snap); open != nil {
			sess := *open
			sess.EndedAt, sess.EndReason = &now, campaign.PlayerEnded
			tx.Sessions = []campaign.Session{sess}
		}
		return nil
	}, func(after Snapshot) []message { return []message{sessionMessage(after)} })
	return err
}

// request runs a connection's lifecycle request exactly once. A request id
// seen before is answered with the current session to that connection
// alone (done is true); otherwise build fills a transaction from a fresh
// snapshot, which commits with the request id remembered and the events
// announce makes of the campaign as the commit leaves it, read again and
// retried when something changed in between.
func (s *Service) request(ctx context.Context, connectionID, requestID, op string,
	build func(snap Snapshot, conn campaign.Connection, tx *Tx, now time.Time) error,
	announce func(after Snapshot) []message) (conn campaign.Connection, done bool, err error) {
	conn, snap, err := s.connection(ctx, connectionID, op)
	if err != nil {
		return conn, false, err
	}
	if s.repeated(ctx, conn, requestID, snap) {
		return conn, true, nil
	}
	fresh := true // the first attempt decides on the snapshot just read
	err = retry(ctx, func() error {
		if !fresh {
			var err error
			if snap, err = s.Store.Snapshot(ctx, conn.CampaignID); err != nil {
				return err
			}
		}
		fresh = false
		now := s.now()
		tx := Tx{CampaignID: conn.CampaignID, Request: &campaign.Request{RequestID: requestID, CreatedAt: now}}
		if err := build(snap, conn, &tx, now); err != nil {
			return err
		}
		return s.commit(ctx, tx, "", announce(applied(snap, tx))...)
	})
	if err != nil {
		return conn, false, fmt.Errorf("%s: %w", op, err)
	}
	return conn, false, nil
}

// A sync reply is one page, whatever the gap: at most limit events
// (events.MaxSyncPage), and fewer when the page reaches SyncPageBytes or
// has taken SyncPageTime. The client asks for the next page when it has
// read this one, so what waits for a connection is never more than a page
// (well inside the local gateway's send queue of 1,024 messages and
// 2 MiB), and no invocation posts more than a page (in the cloud one
// @connections call each, inside API Gateway's 29 s).
const (
	SyncPageBytes = 512 << 10
	SyncPageTime  = 5 * time.Second
	// syncMargin is kept of an invocation's deadline for sync.done.
	syncMargin = time.Second
)

// Sync resends to one connection a page of the events after afterSeq,
// framed by sync.begin and sync.done; sync.done says whether more follow
// and after which seq to ask for them. limit is the most events the page
// may carry (0: events.MaxSyncPage). A page always carries at least one
// event when there is one, so paging always moves on.
func (s *Service) Sync(ctx context.Context, connectionID string, afterSeq int64, limit int) error {
	conn, snap, err := s.connection(ctx, connectionID, "sync")
	if err != nil {
		return err
	}
	if limit <= 0 || limit > events.MaxSyncPage {
		limit = events.MaxSyncPage
	}
	start := s.now()
	budget := SyncPageTime
	if dl, ok := ctx.Deadline(); ok {
		budget = min(budget, time.Until(dl)-syncMargin)
	}
	s.tell(ctx, conn.CampaignID, connectionID, events.TypeSyncBegin, events.SyncBegin{AfterSeq: afterSeq})
	evs, err := s.Store.Events(ctx, conn.CampaignID, afterSeq, limit)
	if err != nil {
		return fmt.Errorf("sync: %w", err)
	}
	last, size, cut := afterSeq, 0, false
	for i, ev := range evs {
		if i > 0 && (size >= SyncPageBytes || s.now().Sub(start) >= budget) {
			cut = true
			break
		}
		data, err := wireOf(ev)
		if err != nil {
			return fault.Wrap(fault.Internal, "sync", err)
		}
		if st, ok := stampOf(ev); ok {
			if own, err := st.wireFor(mine(snap.Characters, conn.PlayerID)); err != nil {
				return fault.Wrap(fault.Internal, "sync", err)
			} else if own != nil {
				data = own
			}
		}
		if err := s.Push.Send(ctx, connectionID, data); err != nil {
			s.dropIfGone(ctx, conn.CampaignID, connectionID, err)
			return nil
		}
		last, size = ev.Seq, size+len(data)
	}
	done := events.SyncDone{LastSeq: max(snap.LastSeq, afterSeq)}
	// A full page that has not reached the last seq has more behind it; a
	// short one has nothing stored behind it yet (a seq reserved and not
	// yet stored comes live, or as a gap the client syncs again).
	if cut || (len(evs) == limit && last < snap.LastSeq) {
		done.More, done.NextAfterSeq = true, last
	}
	s.tell(ctx, conn.CampaignID, connectionID, events.TypeSyncDone, done)
	return nil
}

// CheckBound refuses a message that names a campaign other than the one
// its connection is bound to.
func (s *Service) CheckBound(ctx context.Context, connectionID, campaignID string) error {
	if campaignID == "" {
		return nil
	}
	conn, err := s.Store.ConnectionByID(ctx, connectionID)
	if err != nil {
		return fault.E(fault.Unauthorized, "message", "this connection is not bound to a campaign; reconnect")
	}
	if conn.CampaignID != campaignID {
		return fault.E(fault.Forbidden, "message", "this connection is bound to another campaign")
	}
	return nil
}

// connection finds the campaign a connection is bound to and reads it.
func (s *Service) connection(ctx context.Context, connectionID, op string) (campaign.Connection, Snapshot, error) {
	conn, err := s.Store.ConnectionByID(ctx, connectionID)
	if fault.Is(err, fault.NotFound) {
		return conn, Snapshot{}, fault.E(fault.Unauthorized, op, "this connection is not bound to a campaign; reconnect")
	}
	if err != nil {
		return conn, Snapshot{}, fmt.Errorf("%s: %w", op, err)
	}
	snap, err := s.Store.Snapshot(ctx, conn.CampaignID)
	if err != nil {
		return conn, Snapshot{}, fmt.Errorf("%s: %w", op, err)
	}
	return conn, snap, nil
}

// repeated answers a request id seen before with the current session, to
// that connection only, and reports whether it did.
func (s *Service) repeated(ctx context.Context, conn campaign.Connection, requestID string, snap Snapshot) bool {
	if _, err := s.Store.Request(ctx, conn.CampaignID, requestID); err != nil {
		return false
	}
	m := sessionMessage(snap)
	s.tell(ctx, conn.CampaignID, conn.ID, m.typ, m.body)
	return true
}

func sessionMessage(snap Snapshot) message {
	ev := events.Session{Status: snap.Campaign.Status, Presence: presenceMap(snap)}
	if open := openSession(snap); open != nil {
		ev.SessionID = open.ID
	} else if n := len(snap.Sessions); n > 0 {
		ev.SessionID, ev.EndReason = snap.Sessions[n-1].ID, snap.Sessions[n-1].EndReason
	}
	return message{events.TypeSession, ev}
}

// presenceMessages tell the table the player's characters are now p.
func presenceMessages(snap Snapshot, playerID string, p campaign.Presence) []message {
	var msgs []message
	for _, ch := range snap.Characters {
		if ch.PlayerID == playerID {
			msgs = append(msgs, message{events.TypePresence, events.Presence{CharacterID: ch.ID, State: p}})
		}
	}
	return msgs
}

// longGap is the recap of the last turns made when a session opens after
// a long gap, and the low-tier call that made it.
type longGap struct {
	made      bool
	turnCount int // the campaign's turn count it was made at
	text      string
	moments   []string    // the key moments text tells, when it tells them
	apart     bool        // some recent turn was out of some living character's sight
	last      lastSession // what the moments were told from, for each player's own
	call      *campaign.ModelCall
}

// longGapMinimum is the gap after which a new session's recap is rebuilt
// from the last turns, since the rolling summary is lossy by design.
const longGapMinimum = 14 * 24 * time.Hour

// recapTimeout bounds the model's recap of a long gap.
const recapTimeout = 15 * time.Second

// longGapRecap is what the recap of a new session tells: the key moments
// of the last session, from the canon and the engine's rulings, when it
// has any (no call is made); else, when the campaign was last played more
// than longGapMinimum ago, the last 20 turns retold with one low-tier
// call. The call is recorded even when it fails; text is empty then, and
// the rolling summary stands.
func (s *Service) longGapRecap(ctx context.Context, snap Snapshot) longGap {
	st := snap.State
	g := s.commonGround(ctx, snap)
	g.made = true
	if g.text != "" {
		return g // the canon tells the last session: no call needed
	}
	if s.now().Sub(st.UpdatedAt) <= longGapMinimum || st.TurnCount == 0 {
		return g
	}
	turns, err := s.Store.Turns(ctx, snap.Campaign.ID, max(st.TurnCount-20, 0), 20)
	if err != nil {
		s.Log.WarnContext(ctx, "recap turns", "campaign", snap.Campaign.ID, "err", err)
		return g
	}
	// The table's recap retells only what every character saw.
	everyone := tableAudience(snap)
	turns = slices.DeleteFunc(turns, func(t campaign.Turn) bool { return !everyone.saw(t) })
	if len(turns) == 0 {
		return g
	}
	// The resume route answers within API Gateway's 29 s, so the recap
	// may wait on the model only so long; past it the summary stands.
	callCtx, cancel := context.WithTimeout(ctx, recapTimeout)
	defer cancel()
	sum, err := s.Narrator.Summarize(callCtx, summaryRequest(snap, "", turns))
	call := s.call(s.Narrator, narrator.PurposeRecap, sum.Model, sum.Usage, err)
	g.call = &call
	if err == nil {
		g.text = sum.Text
	} else {
		s.Log.WarnContext(ctx, "recap failed; the rolling summary stands", "campaign", snap.Campaign.ID, "err", err)
	}
	return g
}

// recap is the table's "Previously on..." built from persisted state
// only: the gap's recap, the key moments of the last session every
// character knows (longGapRecap), else the rolling summary, told as
// prose, unless the characters were apart (the summary tells what each
// saw, which is not the whole table's to hear); then where the party is.
func (s *Service) recap(snap Snapshot, gap longGap) string {
	st := snap.State
	var b strings.Builder
	fmt.Fprintf(&b, "Previously on %s... ", snap.Campaign.Name)
	summary := st.Summary
	last := st.UpdatedAt
	if strings.TrimSpace(gap.text) != "" {
		summary = gap.text
	} else if gap.apart {
		summary = ""
	}
	switch summary = prose(summary); {
	case summary == "" && gap.apart:
		b.WriteString("The party went separate ways; each of you knows their own part of the story. ")
	case summary == "":
		b.WriteString("The story has only just begun. ")
	default:
		b.WriteString(summary)
		b.WriteString(" ")
	}
	if st.TurnCount > 0 {
		fmt.Fprintf(&b, "It was last played %s. ", ago(s.now().Sub(last)))
	}
	sc := st.Scene
	fmt.Fprintf(&b, "The party is at %s", whereabouts(snap))
	if sc.Time != "" {
		fmt.Fprintf(&b, ", in the %s", sc.Time)
	}
	if sc.Weather != "" {
		fmt.Fprintf(&b, ", the weather %s", sc.Weather)
	}
	b.WriteString(". What do you do?")
	return b.String()
}

// recapTurns is how far back the recap looks for the last session's turns.
const recapTurns = 200

// lastSession is what the recaps of the last session are told from: its
// recent turns and the memory, read once for the table's recap and every
// player's own.
type lastSession struct {
	turns  []campaign.Turn
	mem    memory.Memory
	memory bool // the memory was read
}

// readLastSession reads the last session's recent turns and the memory.
func (s *Service) readLastSession(ctx context.Context, snap Snapshot) lastSession {
	if snap.State.TurnCount == 0 {
		return lastSession{}
	}
	// Without their Context: the key moments need only what the rules
	// decided, not up to recapTurns prompts read on every session's open.
	turns, err := s.Store.RecentTurns(ctx, snap.Campaign.ID, max(snap.State.TurnCount-recapTurns, 0), recapTurns)
	if err != nil || len(turns) == 0 {
		return lastSession{}
	}
	mem, err := s.loadMemory(ctx, snap.Campaign.ID)
	return lastSession{turns: turns, mem: mem, memory: err == nil}
}

// known are the key moments of the last session that audience a knows, at
// most maxMoments, and whether some recent turn was out of its sight.
func (l lastSession) known(st campaign.State, a audience) (told []string, apart bool) {
	turns := l.turns
	if len(turns) == 0 {
		return nil, false
	}
	apart = slices.ContainsFunc(turns, func(t campaign.Turn) bool { return !a.saw(t) })
	if !l.memory {
		return nil, apart
	}
	from, session := st.TurnCount, turns[len(turns)-1].SessionID
	for i := len(turns) - 1; i >= 0 && turns[i].SessionID == session; i-- {
		from = turns[i].Sequence - 1
	}
	var played []campaign.Turn
	for _, t := range turns {
		if t.Sequence > from && a.saw(t) {
			played = append(played, t)
		}
	}
	moments := append(l.mem.MomentsKnown(from, st.TurnCount, a.knows), narrator.KeyMoments(played)...)
	slices.SortStableFunc(moments, func(a, b narrator.Moment) int { return a.Turn - b.Turn })
	moments = moments[max(len(moments)-maxMoments, 0):]
	for i, m := range moments {
		if i == 0 || m.Text != moments[i-1].Text {
			told = append(told, m.Text)
		}
	}
	return told, apart
}

// maxMoments bounds the moments a recap tells: the last ones.
const maxMoments = 7

// prose is a summary kept as one line per turn ("Turn 12: ...") told as
// running prose, its last few lines only.
func prose(summary string) string {
	var lines []string
	for _, l := range strings.Split(summary, "\n") {
		l = strings.TrimSpace(turnPrefix.ReplaceAllString(strings.TrimSpace(l), ""))
		if l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines[max(len(lines)-proseLines, 0):], " ")
}

const proseLines = 4

var turnPrefix = regexp.MustCompile(`^Turn \d+:\s*`)

// whereabouts is where the party is: the scene's location while every
// character is in one area (or none has one the map knows); else each
// area with who is there, as each character has its own.
func whereabouts(snap Snapshot) string {
	m := mapOf(snap)
	var areas []string
	who := map[string][]string{}
	for _, ch := range snap.Characters {
		a := turn.AreaOf(m, ch).Name
		if _, ok := who[a]; !ok {
			areas = append(areas, a)
		}
		who[a] = append(who[a], ch.Name)
	}
	if len(areas) < 2 {
		return snap.State.Scene.Location
	}
	parts := make([]string, len(areas))
	for i, a := range areas {
		parts[i] = a + " (" + strings.Join(who[a], ", ") + ")"
	}
	return strings.Join(parts, " and ")
}

func ago(d time.Duration) string {
	switch {
	case d < 2*time.Minute:
		return "moments ago"
	case d < 2*time.Hour:
		return fmt.Sprintf("%d minutes ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d hours ago", int(d.Hours()))
	}
	return fmt.Sprintf("%d days ago", int(d.Hours()/24))
}

// Conclude ends the campaign for good: the owner's decision only (the
// narrator may suggest it, never do it). An open session is closed; the
// campaign stays readable forever and refuses every write.
func (s *Service) Conclude(ctx context.Context, p Player, campaignID string) (campaign.Campaign, error) {
	const op = "conclude campaign"
	var c campaign.Campaign
	err := retry(ctx, func() error {
		snap, err := s.memberSnapshot(ctx, p, campaignID, op)
		if err != nil {
			return err
		}
		if snap.Campaign.OwnerID != p.ID {
			return fault.E(fault.Forbidden, op, "only the campaign's owner can conclude it")
		}
		next, err := campaign.Next(snap.Campaign.Status, campaign.Conclude)
		if err != nil {
			return err
		}
		c = snap.Campaign
		c.Status = next
		tx := Tx{CampaignID: campaignID, Campaign: &c}
		if open := openSession(snap); open != nil {
			sess := *open
			now := s.now()
			sess.EndedAt, sess.EndReason = &now, Concluded
			tx.Sessions = []campaign.Session{sess}
		}
		return s.commit(ctx, tx, "", sessionMessage(applied(snap, tx)))
	})
	if err != nil {
		return campaign.Campaign{}, fmt.Errorf("%s: %w", op, err)
	}
	c.Version++
	return c, nil
}

// Concluded is the end reason of a session closed by concluding the campaign.
const Concluded = "concluded"
