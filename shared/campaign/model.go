package campaign

import (
	"encoding/json"
	"time"

	"chronicler/shared/dice"
	"chronicler/shared/srd"
	"chronicler/shared/world"
)

// Campaign is the slowly changing part of a campaign (the META item).
// Version is the optimistic-concurrency revision: a store writes a Campaign
// only if the stored Version equals the one it carries, then increments it.
type Campaign struct {
	ID         string   `json:"id"`
	Name       string   `json:"name"`
	Status     Status   `json:"status"`
	WorldSeed  string   `json:"world_seed,omitempty"`
	DMPersona  string   `json:"dm_persona,omitempty"`
	Settings   Settings `json:"settings"`
	OwnerID    string   `json:"owner_id"`
	InviteCode string   `json:"-"` // only the owner sees it; empty when revoked
	// InviteExpiresAt ends the invite code's validity.
	InviteExpiresAt *time.Time `json:"invite_expires_at,omitempty"`
	CreatedAt       time.Time  `json:"created_at"`
	LastPlayedAt    time.Time  `json:"last_played_at"`
	// Homebrew is the campaign's own stat blocks, which replace the SRD's
	// of the same id or add new ones (Book).
	Homebrew *srd.Overrides `json:"homebrew,omitempty"`
	// Secrets are what the owner tells the narrator and no player: canon
	// only the game master knows (MaxSecrets at most).
	Secrets []Secret `json:"secrets,omitempty"`
	// Limits are the table's lines and veils (MaxLimits at most); the
	// narrator is told every one, and each player sees the table's and
	// their own.
	Limits  []Limit `json:"limits,omitempty"`
	Version int64   `json:"-"`
}

// Secret is one piece of canon only the game master knows: what it is
// about (a name, for recall) and what is true.
type Secret struct {
	ID        string    `json:"id"`
	Subject   string    `json:"subject,omitempty"`
	Text      string    `json:"text"`
	CreatedAt time.Time `json:"created_at"`
}

// MaxSecrets bounds a campaign's secrets.
const MaxSecrets = 50

// Book is the rules data the campaign plays by: its homebrew first, then
// the SRD. Homebrew that no longer validates is left out.
func (c Campaign) Book() *srd.Book {
	if c.Homebrew == nil {
		return nil
	}
	b, err := srd.NewBook(*c.Homebrew)
	if err != nil {
		return nil
	}
	return b
}

// State is the fast-changing narrative state (the STATE item), rewritten by
// every committed turn. TurnCount is its concurrency guard: a turn commits
// only if TurnCount is still the n it read, and writes n+1.
type State struct {
	CampaignID string            `json:"campaign_id"`
	Summary    string            `json:"summary"`
	Scene      Scene             `json:"scene"`
	World      map[string]string `json:"world,omitempty"`
	// Map is the campaign's areas; nil until it has its own (a starter map
	// stands in).
	Map       *world.Map        `json:"map,omitempty"`
	Glossary  map[string]string `json:"glossary,omitempty"`
	TurnCount int               `json:"turn_count"`
	// Clock is the game time: seconds since the campaign began, advanced
	// by rounds in a fight (6 s each), moves, rests and what else takes
	// time.
	Clock int64 `json:"clock,omitempty"`
	// Unsummarized counts the last committed turns the rolling summary
	// does not tell yet: it is compressed when something happens (a new
	// name, place, item, promise or death; a new scene) or every few turns.
	Unsummarized int       `json:"unsummarized,omitempty"`
	UpdatedAt    time.Time `json:"updated_at"`
	// Cost is what the narrator has cost in the current session (the owner
	// sees it; a session budget is checked against it). PastCosts are the
	// earlier sessions' costs, the most recent last (at most MaxPastCosts).
	Cost      SessionCost   `json:"cost"`
	PastCosts []SessionCost `json:"past_costs,omitempty"`
	// Thrift is the step narration has taken to save as a budget nears
	// its end (none while every budget is far from it): the table is told
	// each time it changes.
	Thrift Thrift `json:"thrift,omitzero"`
	// GuardViolations counts the breaches of the output contract the
	// guard caught in the campaign's narrations (each turn's are in its
	// context record).
	GuardViolations int `json:"guard_violations,omitempty"`
}

// Thrift is how narration saves as a budget nears its end: its step
// (ThriftShorter, ThriftLow, ThriftOffline; "" for none), and the budget
// that calls for it, with what it has spent.
type Thrift struct {
	Step      string  `json:"step,omitempty"`
	Scope     string  `json:"scope,omitempty"` // ScopeSession, ScopeCampaign or ScopeDay
	SpentUSD  float64 `json:"spent_usd,omitempty"`
	BudgetUSD float64 `json:"budget_usd,omitempty"`
}

// The steps of Thrift, in order, and the budgets that call for them.
const (
	ThriftShorter = "shorter" // shorter narrations
	ThriftLow     = "low"     // the low tier narrates
	ThriftOffline = "offline" // the offline narrator, for free

	ScopeSession  = "session"  // the owner's budget for a session
	ScopeCampaign = "campaign" // the owner's budget for the campaign
	ScopeDay      = "day"      // the deployer's budget for a day of the whole game
)

// MaxPastCosts bounds the sessions whose cost State keeps.
const MaxPastCosts = 100

// SessionCost is what session sessionID has cost so far: the running
// count if it is the one counted, else none yet (and the campaign's total).
func (s State) SessionCost(sessionID string) SessionCost {
	if s.Cost.SessionID == sessionID {
		return s.Cost
	}
	return SessionCost{SessionID: sessionID, CampaignUSD: s.Cost.CampaignUSD}
}

// Charge adds usd to the cost of session sessionID; a session other than
// the one being counted starts a new count, the old one kept in PastCosts.
func (s *State) Charge(sessionID string, usd float64) {
	c := s.Cost
	if c.SessionID != sessionID {
		if c.SessionID != "" && (c.Turns > 0 || c.USD > 0) {
			s.PastCosts = append(s.PastCosts, SessionCost{SessionID: c.SessionID, USD: c.USD, Turns: c.Turns})
			if n := len(s.PastCosts); n > MaxPastCosts {
				s.PastCosts = s.PastCosts[n-MaxPastCosts:]
			}
		}
		c = s.SessionCost(sessionID)
	}
	c.USD += usd
	c.CampaignUSD += usd
	s.Cost = c
}

// SessionCost is the running model cost of one session, and of the whole
// campaign so far.
type SessionCost struct {
	SessionID string  `json:"session_id,omitempty"`
	USD       float64 `json:"usd"`
	Turns     int     `json:"turns"`
	// CampaignUSD is the campaign's total over every session.
	CampaignUSD float64 `json:"campaign_usd"`
}

// Scene is where the party is now.
type Scene struct {
	Location string   `json:"location"`
	Time     string   `json:"time,omitempty"`
	Weather  string   `json:"weather,omitempty"`
	NPCs     []string `json:"npcs,omitempty"`
}

// Session is one real-world sitting: from resume to end (clean or lost).
// Joined lists the players who have been present in it, which is what tells
// absent (left this session) from offline (never came).
type Session struct {
	ID         string     `json:"session_id"`
	CampaignID string     `json:"campaign_id"`
	StartedAt  time.Time  `json:"started_at"`
	EndedAt    *time.Time `json:"ended_at,omitempty"`
	EndReason  string     `json:"end_reason,omitempty"`
	Joined     []string   `json:"joined,omitempty"`
	// EmptySince is when the last connection left; nil while anyone is
	// connected. A session empty for longer than a grace period is lost.
	EmptySince *time.Time `json:"empty_since,omitempty"`
	// LeftAtTurn holds, for each player who left the session and has not
	// come back, the campaign's turn count when they left: what happened
	// since is their "while you were away".
	LeftAtTurn map[string]int `json:"left_at_turn,omitempty"`
	// Pause holds the table while it is set (see Pause).
	Pause   *Pause `json:"pause,omitempty"`
	Version int64  `json:"-"`
}

// Session end reasons.
const (
	PlayerEnded    = "player_ended"
	ConnectionLost = "connection_lost"
)

// Open reports whether the session has not ended.
func (s Session) Open() bool { return s.EndedAt == nil }

// HasJoined reports whether player p has been present in the session.
func (s Session) HasJoined(p string) bool {
	for _, j := range s.Joined {
		if j == p {
			return true
		}
	}
	return false
}

// Turn is one committed turn: what was asked, what the rules decided, what
// was narrated. A turn is written once; an X-card's retelling replaces
// it, and an undo moves it out of the sequence, marked.
type Turn struct {
	ID         string          `json:"turn_id"`
	CampaignID string          `json:"campaign_id"`
	Sequence   int             `json:"sequence"`
	SessionID  string          `json:"session_id"`
	ActorID    string          `json:"actor_id"`
	ActorName  string          `json:"actor_name"`
	PlayerID   string          `json:"player_id"`
	RequestID  string          `json:"request_id"`
	Action     string          `json:"action"`
	Intent     json.RawMessage `json:"intent,omitempty"`
	Rolls      []Roll          `json:"rolls"`
	Seed       uint64          `json:"seed,omitempty"` // the dice's seed: the turn replays from it
	// Reactions are the reactions characters took during the turn, in the
	// order they were applied.
	Reactions   []AppliedReaction `json:"reactions,omitempty"`
	RulesResult string            `json:"rules_result,omitempty"`
	Narration   string            `json:"narration"`
	Suggestions []string          `json:"suggestions,omitempty"`
	Degraded    bool              `json:"degraded,omitempty"`
	// Witnesses are the characters who saw and heard the turn: every
	// living one in the area where it happened, whether or not their
	// player was at the table. A player's catch-up and recap tell only
	// what their characters witnessed; none (a turn from before they were
	// kept) is told to no character.
	Witnesses []string  `json:"witness_ids,omitempty"`
	CreatedAt time.Time `json:"created_at"`
	// Context is what the narrator was given and what it cost; only the
	// owner sees it (the context inspector).
	Context *TurnContext `json:"context,omitempty"`
	// Before is what the turn replaced (undo.go); the game reads it only
	// to take the turn back, and never sends nor exports it (the stores
	// keep it apart).
	Before *TurnBefore `json:"-"`
	// Undone marks a turn taken back; Withdrawn counts the narrations of
	// the turn withdrawn by an X-card (its Narration is the last retelling).
	Undone    *TurnUndone `json:"undone,omitempty"`
	Withdrawn int         `json:"withdrawn,omitempty"`
}

// TurnContext is exactly what the narrator received for a turn, with the
// model that answered, its token usage and cost, and any breach of the
// output contract that had to be corrected. Model, Usage and CostUSD are
// the narration's; Calls lists every model call the turn made, the
// narration first, then the low tier's (a fold or a summary,
// definitions), and TurnCostUSD is their sum: what the turn added to the
// session's cost.
type TurnContext struct {
	Blocks      []ContextBlock `json:"blocks"`
	TotalTokens int            `json:"total_tokens"`
	Model       string         `json:"model"`
	Usage       TokenUsage     `json:"usage"`
	CostUSD     float64        `json:"cost_usd"`
	Violations  []string       `json:"violations,omitempty"`
	// Correction is what a narration that broke the output contract was
	// sent with its retry, after the blocks (empty without a retry).
	Correction string `json:"correction,omitempty"`
	// DegradedReason, on a turn the offline narrator told because the
	// model could not, says why: what access is missing when the provider
	// refused the model, else the failure.
	DegradedReason string `json:"degraded_reason,omitempty"`
	// Purpose and Tier are how the narration was routed: "narration",
	// "dialogue", "scene" or "acknowledgement"; "high" or "low".
	Purpose     string      `json:"purpose,omitempty"`
	Tier        string      `json:"tier,omitempty"`
	Calls       []ModelCall `json:"calls,omitempty"`
	TurnCostUSD float64     `json:"turn_cost_usd,omitempty"`
}

// ModelCall is one call to a model: what for, on which tier and model,
// the tokens it used and what they cost. Error, when set, says why its
// answer was not used (the tokens were still paid for).
type ModelCall struct {
	Purpose string     `json:"purpose"`
	Tier    string     `json:"tier"`
	Model   string     `json:"model"`
	Usage   TokenUsage `json:"usage"`
	CostUSD float64    `json:"cost_usd"`
	Error   string     `json:"error,omitempty"`
}

// ContextBlock is one block of a narrator's prompt.
type ContextBlock struct {
	Name   string `json:"name"`
	Text   string `json:"text"`
	Tokens int    `json:"tokens"`
	Cached bool   `json:"cached"`
}

// TokenUsage counts a model call's tokens as the provider reported them.
type TokenUsage struct {
	Input      int `json:"input"`
	Output     int `json:"output"`
	CacheRead  int `json:"cache_read"`
	CacheWrite int `json:"cache_write"`
}

// Roll is a dice roll as the engine made it.
type Roll struct {
	RollID string `json:"roll_id"`
	// RollerID is who rolled: a character's id, or a fight's participant's.
	RollerID string `json:"roller_id,omitempty"`
	Reason   string `json:"reason,omitempty"` // "ability check", "attack roll", "damage", ...
	Dice     string `json:"dice"`
	Rolls    []int  `json:"rolls"`
	Total    int    `json:"total"`
	Outcome  string `json:"outcome,omitempty"`
	// DC is what an ability check or saving throw had to meet or beat;
	// Outcome then says "success" or "failure". None for other rolls and
	// for a check asked for without a difficulty. Beyond protocol.md.
	DC int `json:"dc,omitempty"`
	// Terms are the expression's terms as rolled: each term's faces, those
	// it kept and dropped (advantage, 4d6kh3), its rerolls; with the
	// options the roll was made with. With Dice they are enough to show the
	// whole roll and to roll it again from the same dice.
	Terms        []dice.TermResult `json:"terms,omitempty"`
	Advantage    bool              `json:"advantage,omitempty"`
	Disadvantage bool              `json:"disadvantage,omitempty"`
	Critical     bool              `json:"critical,omitempty"`
	RerollBelow  int               `json:"reroll_below,omitempty"`
	Lucky        bool              `json:"lucky,omitempty"`
	// RerollLow is the most low dice the roll could roll again
	// (dice.RerollLow: Empowered Spell). Beyond protocol.md, additive.
	RerollLow int `json:"reroll_low,omitempty"`
	// Working is how the rules made the number (Working); nil for a roll
	// with none recorded. Beyond protocol.md's version 2, additive.
	Working *Working `json:"working,omitempty"`
}

// Verify replays a roll that keeps its terms (dice.Verify): the faces it
// drew, rolled again, must make the same terms and total. A roll stored
// before rolls kept their terms has nothing to replay and passes.
//
// A working's terms added after the dice fell (a Bardic Inspiration die,
// Bless's on an attack) are in the total but not in the faces: they come
// off before the replay, and WorkingProblem holds them to the rest.
func (r Roll) Verify() error {
	if r.Terms == nil {
		return nil
	}
	total := r.Total
	if r.Working != nil {
		total -= r.Working.Sum(true)
	}
	return dice.Verify(dice.Result{Expr: r.Dice, Rolls: r.Rolls, Total: total, Terms: r.Terms,
		Advantage: r.Advantage, Disadvantage: r.Disadvantage, Critical: r.Critical, RerollBelow: r.RerollBelow, Lucky: r.Lucky, RerollLow: r.RerollLow})
}

// EncounterRecord is an encounter as the store keeps it: its id and status
// beside the engine's state, which the store does not interpret.
type EncounterRecord struct {
	ID      string          `json:"id"`
	Status  string          `json:"status"` // "active" or "ended"
	Data    json.RawMessage `json:"data"`
	Version int64           `json:"-"`
}

// EncounterActive is the status of an encounter under way.
const EncounterActive = "active"

// Finished reports whether the encounter is no longer under way. A
// finished record is history: the stores keep it out of the snapshot,
// which every turn reads, and never write it again.
func (r EncounterRecord) Finished() bool { return r.Status != EncounterActive }

// Role of a member in a campaign.
type Role string

// The roles.
const (
	Owner  Role = "owner"
	Player Role = "player"
)

// Member is a player's membership of a campaign.
type Member struct {
	PlayerID string    `json:"player_id"`
	Name     string    `json:"name"`
	Role     Role      `json:"role"`
	JoinedAt time.Time `json:"joined_at"`
}

// Connection is a live WebSocket connection bound to one campaign.
type Connection struct {
	ID          string    `json:"connection_id"`
	CampaignID  string    `json:"campaign_id"`
	PlayerID    string    `json:"player_id"`
	ConnectedAt time.Time `json:"connected_at"`
}

// Lease is the one turn in flight in a campaign. It expires, so a turn lost
// with its server never blocks the table for long.
type Lease struct {
	TurnID     string          `json:"turn_id"`
	RequestID  string          `json:"request_id"`
	ActorID    string          `json:"actor_id"`
	PlayerID   string          `json:"player_id"`
	Action     string          `json:"action"`
	Intent     json.RawMessage `json:"intent,omitempty"`
	AcquiredAt time.Time       `json:"acquired_at"`
	ExpiresAt  time.Time       `json:"expires_at"`
	// Pending holds a turn waiting for its player to roll (interactive
	// dice); nil for a turn being resolved.
	Pending *PendingRolls `json:"pending,omitempty"`
	// Calls are the model calls made for the turn before it is narrated
	// (the low tier reading the player's words), for the turn's record.
	Calls []ModelCall `json:"calls,omitempty"`
	// Flow is the fight flow's execution playing this turn no player
	// takes, if one is: its next try takes the turn over at once.
	Flow string `json:"flow,omitempty"`
	// Retell, on the lease of an X-card, is the committed turn whose
	// withdrawn narration is being told again (no turn of its own, and
	// no player: the table is not told who tapped it).
	Retell string `json:"retell,omitempty"`
}

// PendingRolls are a turn's rolls, already made from the turn's seed and
// stored before anyone sees them, revealed one at a time as the player
// rolls (or all at once when the prompt times out).
//
// A monster's turn is held the same way while characters may react: its
// rolls are revealed up to the attack roll a Window answers.
type PendingRolls struct {
	Seed     uint64 `json:"seed"`
	Rolls    []Roll `json:"rolls"`
	Revealed int    `json:"revealed"`
	// Deadline is when the current roll prompt or window times out.
	Deadline time.Time `json:"deadline"`
	// Step counts every write of the held turn; each write claims its
	// step, so two answers at one instant are applied one after the other.
	Step int `json:"step,omitempty"`
	// Phase counts the prompts and window rounds opened; an orchestration
	// task belongs to one, and Token is the task token of the current
	// one's ("" until its task has started, or without orchestration).
	Phase     int    `json:"phase,omitempty"`
	Token     string `json:"token,omitempty"`
	Execution string `json:"execution,omitempty"`
	// Window is the open reaction window; nil while a roll is awaited.
	Window *Window `json:"window,omitempty"`
	// Reactions are the reactions taken in the turn, in order; Settled
	// counts the turn's attacks whose window has closed.
	Reactions []Reaction `json:"reactions,omitempty"`
	Settled   int        `json:"settled,omitempty"`
	// Legendary marks a legendary monster's action at the end of another
	// creature's turn, played again as such.
	Legendary bool `json:"legendary,omitempty"`
	// Own marks a player's own action held at a hit of its attack, where
	// the player chooses what the hit does (Divine Smite, Stunning
	// Strike): Reactions are then those choices, and the rules play the
	// action again with them.
	Own bool `json:"own,omitempty"`
}

// Window is a reaction window open on one moment of a held turn: an
// attack roll, a failed save, a spell being cast, a creature leaving
// reach.
type Window struct {
	Attack int    `json:"attack"` // the turn's moment number the window answers
	RollID string `json:"roll_id"`
	// Before says the window answers what is about to happen, before its
	// dice (a spell being cast, a creature leaving reach): the rolls shown
	// are all made before it, and RollID is "". Trigger tells the table
	// what it answers.
	Before  bool   `json:"before,omitempty"`
	Trigger string `json:"trigger,omitempty"`
	// Round counts the reactions taken in this window; each one resets
	// its timer.
	Round    int        `json:"round"`
	Eligible []Eligible `json:"eligible"`
	Answers  []Answer   `json:"answers"`
}

// Eligible is a present character a window is open to, and its offers.
type Eligible struct {
	CharacterID   string  `json:"character_id"`
	PlayerID      string  `json:"player_id"`
	ParticipantID string  `json:"participant_id"`
	Offers        []Offer `json:"offers"`
}

// Offer is a reaction offered and whether it changes the outcome ("yes",
// "no", "unknown"). The rules engine offers reactions (encounter.Offer,
// which names who to) as this type, so a window keeps them as made.
type Offer struct {
	Name    string `json:"name"`
	Changes string `json:"changes"`
	// Preview is what taking it would change, worked out by the rules
	// from the moment it answers; nil in a window opened before previews.
	Preview *Preview `json:"preview,omitempty"`
}

// Answer is an eligible character's answer: a reaction's name or "pass".
type Answer struct {
	CharacterID string `json:"character_id"`
	Reaction    string `json:"reaction"`
	RequestID   string `json:"request_id,omitempty"`
	// Ordered marks an answer the character's standing orders gave for
	// a player who was not there to (Order).
	Ordered bool `json:"ordered,omitempty"`
}

// AppliedReaction is a reaction as it was resolved, told in a sentence:
// the rules engine resolves reactions into it (encounter.Applied), and the
// turn keeps it.
type AppliedReaction struct {
	CharacterID string `json:"character_id"`
	Reaction    string `json:"reaction"`
	Text        string `json:"text"`
}

// Reaction is one reaction taken in a turn: By (a participant id)
// answered the turn's moment number Attack (0 is its first: an attack
// roll, a saving throw, a spell being cast, a creature leaving reach) with
// Name. The rules engine plays a monster's turn with the reactions taken
// (encounter.Reactions), and the held turn keeps them.
type Reaction struct {
	Attack int    `json:"attack"`
	By     string `json:"by"`
	Name   string `json:"name"`
}

// Request remembers a client request id for as long as the campaign exists,
// so a repeat has the original effect only once. A turn's request names
// its turn, and its Outcome when the turn did not take effect: a repeat of
// a dropped turn's request is told of that turn again, not given a new one.
//
// The server's own claims (a connect ticket's use, a held turn's step) are
// remembered only as long as a repeat could still arrive: they carry
// ExpiresAt, after which the store forgets them (DynamoDB's time to live;
// SQLite deletes them). A client's request never carries it: the wire
// contract promises its id is remembered for the campaign's life.
type Request struct {
	RequestID string         `json:"request_id"`
	TurnID    string         `json:"turn_id"`
	Outcome   RequestOutcome `json:"outcome,omitempty"`
	CreatedAt time.Time      `json:"created_at"`
	// ExpiresAt is when a server's claim is forgotten (nil: never). Its
	// name is not DynamoDB's time-to-live attribute, which the table
	// writes apart, in epoch seconds.
	ExpiresAt *time.Time `json:"forget_at,omitempty"`
}

// RequestOutcome is what became of a remembered request; empty when it
// took effect (its turn was committed).
type RequestOutcome string

// RequestDropped is the request of a turn that was accepted, then
// released unsaved (turn.dropped); RequestUndone the request of a turn
// committed, then taken back (turn.undone).
const (
	RequestDropped RequestOutcome = "dropped"
	RequestUndone  RequestOutcome = "undone"
)

// Presence of a character in the current session.
type Presence string

// The presence states.
const (
	Present Presence = "present"
	Absent  Presence = "absent"
	Offline Presence = "offline"
)

// PresenceOf derives a player's presence: present with a live connection,
// absent when they joined the open session and left it, offline otherwise.
func PresenceOf(player string, open *Session, conns []Connection) Presence {
	for _, c := range conns {
		if c.PlayerID == player {
			return Present
		}
	}
	if open != nil && open.HasJoined(player) {
		return Absent
	}
	return Offline
}
