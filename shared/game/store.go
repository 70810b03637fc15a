package game

import (
	"context"
	"time"

	"chronicler/shared/campaign"
)

// Store is what the use cases need from persistence. Two adapters implement
// it — shared/sqlite (one machine) and shared/dynamo (the cloud) — and one
// contract suite (shared/storetest) holds both to the same behaviour.
//
// Every campaign-scoped call takes the campaign id: there is no way to read
// or write one campaign's data through another's. Errors are *fault.Error:
// NotFound for a missing item, Conflict for a failed condition (nothing of
// the write applied), Internal for everything else.
type Store interface {
	// Commit applies every write of tx atomically, all or nothing, checking
	// each write's condition (see Tx), and appends tx.Events to the
	// campaign's event log in the same transaction. A failed condition
	// returns Conflict and appends nothing. On success each of tx.Events
	// has its Seq set (the slice is the caller's); on failure the Seqs
	// mean nothing.
	Commit(ctx context.Context, tx Tx) error

	// Append appends e alone to the campaign's event log, as a Commit of
	// Tx{CampaignID, Events: [e]} would (the seq that follows the last,
	// given with no hole; no condition; e.Seq is set), by the cheapest
	// write the store has for one small event: what the narration sends a
	// sentence at a time. The event is stored, and found by Events and
	// LastSeq, when Append returns.
	Append(ctx context.Context, campaignID string, e *Event) error

	// Snapshot reads everything a use case needs to decide about a campaign
	// — meta, state, characters, members, sessions, live connections, the
	// turn lease, the encounters under way, the last event seq — in one
	// read of its partition. It never reads turns, events, request records
	// or finished encounters (campaign.EncounterRecord.Finished), so what
	// it reads does not grow with the campaign's age. NotFound if the
	// campaign does not exist.
	Snapshot(ctx context.Context, campaignID string) (Snapshot, error)

	// Encounters lists every encounter of the campaign, under way or
	// finished, by id: the campaign's fights as history (export), which
	// the snapshot leaves out. Empty, not NotFound, when there is none or
	// no such campaign.
	Encounters(ctx context.Context, campaignID string) ([]campaign.EncounterRecord, error)

	// Campaign reads the campaign's meta item. NotFound if it does not exist.
	Campaign(ctx context.Context, campaignID string) (campaign.Campaign, error)

	// CampaignsOf lists the campaigns player is a member of, newest played first.
	CampaignsOf(ctx context.Context, playerID string) ([]campaign.Campaign, error)

	// CampaignsByStatus lists up to limit campaigns in status s (Active or
	// Paused: the index is sparse) last played before the given time, oldest
	// first, through an index (never a scan).
	CampaignsByStatus(ctx context.Context, s campaign.Status, playedBefore time.Time, limit int) ([]campaign.Campaign, error)

	// Turns lists committed turns with sequence > after, in order, at most
	// limit of them, without what they replaced (Before: TurnBefore).
	Turns(ctx context.Context, campaignID string, after, limit int) ([]campaign.Turn, error)

	// RecentTurns lists turns as Turns does, but without their Context
	// and Before (nil): what narrating the next turn reads of the turns
	// before, which has no use for the prompts they were narrated from.
	RecentTurns(ctx context.Context, campaignID string, after, limit int) ([]campaign.Turn, error)

	// TurnBefore reads what the turn of sequence seq and id turnID
	// replaced, as its commit kept it (Tx.Turn's Before). NotFound when
	// that turn kept none, the sequence holds another turn's, or it is
	// past its expiry (campaign.TurnBeforeTTL after the commit), whether
	// or not the store has purged it yet.
	TurnBefore(ctx context.Context, campaignID string, seq int, turnID string) (campaign.TurnBefore, error)

	// UndoneTurns lists the turns taken back from the campaign's
	// sequence (Tx.Undone), by sequence then by turn id, at most limit of
	// them; none is an empty list.
	UndoneTurns(ctx context.Context, campaignID string, limit int) ([]campaign.Turn, error)

	// Request reads a remembered request id. NotFound if it was never seen.
	Request(ctx context.Context, campaignID, requestID string) (campaign.Request, error)

	// ConnectionByID finds the campaign a live connection is bound to.
	// NotFound if the connection is unknown (never connected, or gone).
	ConnectionByID(ctx context.Context, connectionID string) (campaign.Connection, error)

	// Connections lists a campaign's live connections.
	Connections(ctx context.Context, campaignID string) ([]campaign.Connection, error)

	// Import creates a whole campaign from an export: core creates its meta
	// (Version 0), state, members and characters; sessions (all ended) and
	// turns are its history. Nothing of it is readable unless all of it was
	// written. Conflict if the campaign id exists.
	Import(ctx context.Context, core Tx, sessions []campaign.Session, turns []campaign.Turn) error

	// Memory reads the campaign's narrative memory (ledger, roster, recall
	// index) as stored by the last turn. NotFound if none is stored yet.
	// It is kept apart from the snapshot: it grows with the campaign and
	// only narration needs it.
	Memory(ctx context.Context, campaignID string) ([]byte, error)

	// Account reads a player's account. NotFound if the player was never
	// made here.
	Account(ctx context.Context, playerID string) (campaign.Account, error)

	// PutAccount writes a player's account: Version 0 creates it
	// (Conflict if it exists), Version v replaces it only while the stored
	// Version is still v, and stores v+1.
	PutAccount(ctx context.Context, a campaign.Account) error

	// LastSeq reads the seq of the last event appended to the campaign's
	// log (the snapshot's LastSeq) and nothing else: 0 when none has
	// been, or when there is no such campaign.
	LastSeq(ctx context.Context, campaignID string) (int64, error)

	// Events lists stored events with seq > after, in order, at most limit.
	// The log has no holes: every seq up to the snapshot's LastSeq is
	// there (a store that expires old events drops them from the front).
	Events(ctx context.Context, campaignID string, after int64, limit int) ([]Event, error)
}

// Event is a server event of the campaign's log: the outbox from which
// every connection is sent it, and the history sync resends. Data is the
// JSON message as the wire has it but without its seq, which the store
// gives it in the transaction that appends it; events.WithSeq puts the seq
// in on the way out. (Events stored before the store gave seqs carry it in
// Data already; WithSeq leaves them as they are.) The store keeps Data as
// it is given, byte for byte.
type Event struct {
	Seq       int64
	Data      []byte
	CreatedAt time.Time
}

// Snapshot is a campaign's decision-making state, read at once.
type Snapshot struct {
	Campaign    campaign.Campaign
	State       campaign.State
	Characters  []campaign.Character // by creation order (id)
	Members     []campaign.Member
	Sessions    []campaign.Session // oldest first
	Connections []campaign.Connection
	Lease       *campaign.Lease            // the turn in flight, if any (expired or not)
	Encounters  []campaign.EncounterRecord // the ones under way (none finished), by id
	LastSeq     int64                      // the seq of the last event appended
}

// Tx is one atomic write to one campaign. Each field is a write with its
// condition; nil or empty fields write nothing.
//
// Versioned items (Campaign, Characters, Sessions, Encounters) carry the Version they
// were read at: Version 0 creates the item and fails if it exists; Version
// v updates it only if the stored Version is still v, and stores v+1. An
// encounter is written while it is under way, and last by the write that
// finishes it: writing one already finished fails as a stale version does.
type Tx struct {
	CampaignID string

	Campaign   *campaign.Campaign
	Characters []campaign.Character
	Sessions   []campaign.Session
	Encounters []campaign.EncounterRecord

	// NewState creates the state item; it fails if it exists.
	NewState *campaign.State
	// State replaces the state item only if its stored TurnCount equals
	// ExpectTurnCount.
	State           *campaign.State
	ExpectTurnCount int

	// Turn is created; it fails if that sequence exists. With
	// ReplaceTurn it replaces the turn of its sequence instead, only while
	// that is the turn of id ReplaceTurn (an X-card's retelling). Its
	// Before, when set, is kept apart from it (TurnBefore) until
	// Turn.CreatedAt + campaign.TurnBeforeTTL, replacing what an earlier
	// turn of that sequence kept; a Turn without one leaves what is kept.
	Turn        *campaign.Turn
	ReplaceTurn string
	// DropTurn frees a sequence: the turn there is removed, only while
	// it is the turn DropTurn names (an undo).
	DropTurn *TurnRef
	// Undone are kept among the campaign's taken-back turns (UndoneTurns);
	// each is created, and fails if that turn id is kept already.
	Undone []campaign.Turn
	// Member is created; it fails if the player is already a member.
	Member *campaign.Member
	// RemoveMember removes a player's membership; it fails if the player
	// is not a member. Their characters stay.
	RemoveMember string
	// Request is created; it fails if the request id is known.
	Request *campaign.Request
	// MarkRequest replaces what is remembered of its request id, or
	// remembers it if nothing is: an undo marks the request of the turn
	// it takes back (campaign.RequestUndone), so that a repeat of it is
	// not answered as if that turn stood. Invalid beside a Request of the
	// same id.
	MarkRequest *campaign.Request

	// AcquireLease takes the turn lease; it fails if another unexpired
	// lease (one with another TurnID and ExpiresAt after LeaseNow) is held.
	AcquireLease *campaign.Lease
	LeaseNow     time.Time
	// LeaseTurnCount, when set, grants AcquireLease only while the state's
	// stored TurnCount is still *LeaseTurnCount: the turn was decided on
	// that table, and a turn committed since (which may have taken and
	// freed the lease meanwhile) leaves the decision stale. It fails with
	// Conflict otherwise; it is Invalid without AcquireLease, or with
	// State or NewState (whose own condition guards the state).
	LeaseTurnCount *int
	// ReleaseLease removes the lease only if it is held by this turn id.
	ReleaseLease string

	// Memory replaces the campaign's narrative memory (no condition of its
	// own: it is written with the turn, whose conditions guard it).
	Memory []byte

	// PutConnection binds a connection to the campaign.
	PutConnection *campaign.Connection
	// DeleteConnections unbinds connections; unknown ids are not an error.
	DeleteConnections []string

	// Events are appended to the campaign's event log, in order, with the
	// seqs that follow the campaign's last one: given inside the
	// transaction, so that concurrent commits get consecutive seqs with no
	// hole, a commit whose condition fails appends nothing, and what an
	// event announces is never stored without it. Commit sets each
	// event's Seq; the caller's Seqs are ignored. A Tx of events only is
	// an append: it has no condition and fails only if the store does.
	Events []Event
}

// TurnRef names a committed turn: its sequence and its id.
type TurnRef struct {
	Sequence int
	ID       string
}
