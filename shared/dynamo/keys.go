package dynamo

// The key design. Every item but one lives in its campaign's partition, so a
// campaign's data can only be reached through its id:
//
//	pk                     sk                              item
//	CAMPAIGN#<id>          CHAR#<character id>             a character (versioned)
//	CAMPAIGN#<id>          CONN#<connection id>            a live connection
//	CAMPAIGN#<id>          ENC#<encounter id>              an encounter under way (versioned)
//	CAMPAIGN#<id>          LOCK                            the turn lease
//	CAMPAIGN#<id>          MEMBER#<player id>              a membership; gsi_player = player id (byPlayer)
//	CAMPAIGN#<id>          META                            the campaign (versioned); gsi_status, last_played_at (byStatus)
//	CAMPAIGN#<id>          SEQ                             the event-seq counter (last_seq), written with each append, and
//	                                                       its tail: the last events appended alone (append.go)
//	CAMPAIGN#<id>          SESSION#<started>#<session id>  a session (versioned), oldest first
//	CAMPAIGN#<id>          STATE                           the narrative state; turn_count guards each turn
//	------------------------------------------------------ everything above sorts before "TURN#"
//	CAMPAIGN#<id>          TURN#<sequence, 10 digits>      a committed turn (written once; an X-card's retelling
//	                                                       replaces it, an undo moves it to UNDONE#)
//	CAMPAIGN#<id>          UNDONE#<sequence>#<turn id>     a turn taken back, marked so: the journal keeps it
//	CAMPAIGN#<id>          WIRE#BEFORE#<sequence>          what the turn of that sequence replaced (turn_id, before: JSON
//	                                                       patches), for an undo or an X-card; expires_at = turn + 25 h
//	CAMPAIGN#<id>          WIRE#ENC#<encounter id>         a finished encounter (versioned), moved here from ENC#
//	                                                       by the commit that finished it
//	CAMPAIGN#<id>          WIRE#EVT#<seq, 12 digits>       a server event kept for sync, or a flushed tail under its
//	                                                       last seq (first, events); expires_at = created + 7 days
//	CAMPAIGN#<id>          WIRE#MEM                        the narrative memory
//	CAMPAIGN#<id>          WIRE#REQ#<request id>           a remembered request id
//	CONNECTION#<conn id>   META                            pointer: the connection's campaign and player
//	PLAYER#<player id>     ACCOUNT                         a player's account (versioned): token version
//	LIMIT#<name>#<key>     META                            a rate limit's token bucket (limiter.go); expires_at
//	SPEND#<day>            META                            what the narrator cost the whole game that day (spend.go); expires_at
//
// Why this order: the decision-making items (upper block) all sort before
// "TURN#", and the logs that grow without bound (turns, events, requests)
// all sort after it, so Snapshot is one Query `pk = :p AND sk < "TURN#"`
// whose cost does not grow with the campaign's age. A new kind of
// decision-making item keeps the property as long as its prefix sorts
// before "TURN#"; a new log must sort after it.
//
// An encounter is both: decision-making while it is under way, history
// once it has finished, and a campaign has a fight after another (each
// record 5 to 7 KB, about 2 read units, once a fight has run a few
// rounds). So it lives under ENC# while under way, and the commit that
// finishes it deletes that item (on its version) and puts the record
// under WIRE#ENC#, beyond the snapshot's read, in one transaction.
// Encounters reads both prefixes. Finished records stored under ENC#
// before this layout are skipped by the snapshot and moved by the sweep a
// few at a time (ArchiveEncounters).
//
// A player's account is outside every campaign: it says the player exists
// and which of their tokens still count, read on every signed-in request.
//
// The connection pointer is the other item outside a campaign partition:
// API Gateway gives a message only its connection id, and the pointer turns
// that id into a campaign id with one GetItem. It is written and deleted in
// the same transaction as the CONN# item it points to.
//
// Indexes (see Table): byStatus is sparse — META carries gsi_status only
// while the campaign is active or paused, so the sweep reads exactly the
// campaigns it may act on, oldest last_played_at first, never scanning.
// byPlayer holds only MEMBER items (gsi_player), whose pk names the
// campaign.
//
// Times that are keys or compared in conditions are fixed-width UTC strings
// (stampLayout), so string order is time order. Bodies are the domain
// types marshalled by their json tags; the key, index, condition and
// version attributes are added beside them. Version fields are `json:"-"`
// in the domain, so the version attribute is written explicitly.

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Partition and sort key prefixes and fixed sort keys.
const (
	pkCampaign   = "CAMPAIGN#"
	pkConnection = "CONNECTION#"
	pkPlayer     = "PLAYER#"
	pkSpend      = "SPEND#"

	skMeta    = "META"
	skAccount = "ACCOUNT"
	skState   = "STATE"
	skLock    = "LOCK"
	skSeq     = "SEQ"
	skChar    = "CHAR#"
	skSession = "SESSION#"
	skMember  = "MEMBER#"
	skConn    = "CONN#"
	skEnc     = "ENC#"
	skTurn    = "TURN#"
	skUndone  = "UNDONE#"
	skEvent   = "WIRE#EVT#"
	skEncDone = "WIRE#ENC#" // a finished encounter: history, so outside the snapshot
	skRequest = "WIRE#REQ#"
	skMemory  = "WIRE#MEM"     // the narrative memory: large, so outside the snapshot
	skBefore  = "WIRE#BEFORE#" // what a turn replaced: outside the snapshot and the recent turns' reads

	// skLogs is the first sort key of the growing logs; Snapshot reads
	// everything below it.
	skLogs = skTurn
)

// Attributes beside the bodies.
const (
	attrVersion     = "version"          // versioned items: the stored revision
	attrMemory      = "memory"           // the narrative memory's bytes
	attrInviteCode  = "invite_code"      // META: Campaign.InviteCode is `json:"-"` but must persist
	attrLeaseExpiry = "expires_at_lease" // LOCK: the lease expiry, fixed-width, for the acquire condition
	attrLeaseTurn   = "turn_id"          // LOCK: the holder (also the body's field)
	attrTurnCount   = "turn_count"       // STATE: the guard (also the body's field)
	attrLastSeq     = "last_seq"         // SEQ: the seq of the last event appended
	attrCampaignID  = "campaign_id"      // connection pointer and CONN# items
	attrEventSeq    = "seq"              // events
	attrEventData   = "data"             // events: the complete JSON message
	attrEventAt     = "created_at"       // events
	attrEventEnc    = "enc"              // events: how data is encoded, when not as it is (encGzip)
	attrMicros      = "micros"           // SPEND#: the day's spend in millionths of a dollar
	attrTurnID      = "turn_id"          // TURN#: the turn's id (the body's field), for a retelling's and an undo's condition
	attrBefore      = "before"           // WIRE#BEFORE#: what the turn replaced, as JSON bytes
)

// encGzip marks an event whose data is gzipped.
const encGzip = "gzip"

// Widths of the zero-padded numbers in sort keys.
const (
	turnDigits  = 10
	eventDigits = 12
	maxTurnSeq  = 9_999_999_999
	maxEventSeq = 999_999_999_999
)

// stampLayout is the fixed-width UTC time format used wherever string order
// must be time order. RFC 3339 parsers read it back.
const stampLayout = "2006-01-02T15:04:05.000000000Z"

// eventTTL is how long events are kept for sync.
const eventTTL = 7 * 24 * time.Hour

func stamp(t time.Time) string { return t.UTC().Format(stampLayout) }

func campaignPK(id string) string   { return pkCampaign + id }
func connectionPK(id string) string { return pkConnection + id }
func charSK(id string) string       { return skChar + id }
func memberSK(player string) string { return skMember + player }
func connSK(id string) string       { return skConn + id }
func encSK(id string) string        { return skEnc + id }
func encDoneSK(id string) string    { return skEncDone + id }
func requestSK(id string) string    { return skRequest + id }

func sessionSK(started time.Time, id string) string {
	return skSession + stamp(started) + "#" + id
}

func turnSK(seq int) string { return fmt.Sprintf("%s%0*d", skTurn, turnDigits, seq) }

func undoneSK(seq int, id string) string {
	return fmt.Sprintf("%s%0*d#%s", skUndone, turnDigits, seq, id)
}

func beforeSK(seq int) string { return fmt.Sprintf("%s%0*d", skBefore, turnDigits, seq) }

func eventSK(seq int64) string { return fmt.Sprintf("%s%0*d", skEvent, eventDigits, seq) }

// campaignIDOf returns the campaign id of a campaign partition key.
func campaignIDOf(pk string) (string, bool) { return strings.CutPrefix(pk, pkCampaign) }

// epoch is t as DynamoDB TTL wants it: epoch seconds in a number.
func epoch(t time.Time) string { return strconv.FormatInt(t.Unix(), 10) }

// ceilUnix is t in whole seconds, rounded up.
func ceilUnix(t time.Time) int64 {
	if t.Equal(time.Unix(t.Unix(), 0)) {
		return t.Unix()
	}
	return t.Unix() + 1
}
