package game

import (
	"context"
	"crypto/rand"
	"log/slog"
	mrand "math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/oklog/ulid/v2"

	"chronicler/shared/auth"
	"chronicler/shared/narrator"
	"chronicler/shared/throttle"
)

// Pusher delivers a message to one WebSocket connection.
type Pusher interface {
	// Send delivers data to the connection. NotFound when the connection
	// is gone; the caller then forgets it.
	Send(ctx context.Context, connectionID string, data []byte) error
}

// Limiter says whether a key (a player) may act now.
type Limiter interface {
	Allow(key string) bool
}

// Service runs the use cases. Every dependency is injected: the store, the
// pusher, the narrator, the token signer, the clock and the id source.
type Service struct {
	Store    Store
	Push     Pusher
	Narrator narrator.Narrator
	// Prices is what each model costs, for the turns' records and the
	// session budget; a model it does not know is recorded at no cost.
	Prices narrator.PriceTable
	// Tokens signs anonymous players' tokens and recovery codes.
	Tokens *auth.Signer
	// Identity verifies bearer tokens: Anonymous (Tokens) by default, or
	// an OIDC issuer, where players sign in there and never here.
	Identity auth.Identity
	Now      func() time.Time
	NewID    func() string
	Log      *slog.Logger

	// LeaseTTL bounds a turn in flight: a turn lost with its server frees
	// the table after this long. It must exceed the turn's own time limit.
	LeaseTTL time.Duration
	// LostGrace is how long an open session may have nobody connected
	// before it is closed as connection_lost.
	LostGrace time.Duration
	// Teller tells each turn's narration through the guard, sentence by
	// sentence, with its timeouts (narrator.Teller; zero: the defaults).
	Teller narrator.Teller
	// TurnLimit and APILimit bound each player's turns and API calls; nil
	// means unlimited.
	TurnLimit, APILimit Limiter
	// InviteLimit bounds tries of invite codes per campaign and per
	// address, whoever makes them; nil means unlimited.
	InviteLimit Limiter
	// PlayerLimit and TicketLimit bound, per source address, the players
	// made or recovered and the connect tickets given (AddressRates); nil
	// means unlimited.
	PlayerLimit, TicketLimit Limiter
	// Limits bound what one player may hold (sockets, campaigns,
	// characters) and how many players a campaign takes.
	Limits Limits
	// SeedKey keys the turns' dice seeds (see turnSeed): derived from the
	// oldest token key held, so that adding a key in a rotation changes
	// no held turn's dice.
	SeedKey []byte
	// SummaryEvery overrides SummaryEvery: how many uneventful turns may
	// pass before the rolling summary is compressed (0: the default).
	SummaryEvery int
	// Layout is how the narrator's prompt is laid out (the cached layout
	// by default; narrator.LayoutFlat is kept to measure it against).
	Layout narrator.Layout
	// DaySpend counts the narrator's cost of each day across the whole
	// game, and DailyBudgetUSD (0: none) is the deployer's cap on it:
	// narration saves in steps as a day nears it, as it does for a
	// session's or a campaign's budget (spend.go).
	DaySpend       DaySpend
	DailyBudgetUSD float64
	// Workflow keeps the time of held turns (roll prompts, reaction
	// windows); nil leaves it to the sweep.
	Workflow Workflow
	// Fights plays the turns no player takes, each in an invocation of
	// its own; nil plays them in the invocation that let them come up.
	Fights Fights
	// Narrations narrates a decided turn in an invocation of its own, so
	// that the route that decided it answers at once (handoff.go); nil
	// narrates it in the route's invocation.
	Narrations Narrations
	// TurnBudget is the time a turn may take at most (its narration's
	// time limits and its commit): a fight's step starts no turn with
	// less time left (0: no check).
	TurnBudget time.Duration
	// Draining is set while a server shuts down: the connections it closes
	// were not left by their players, so nobody passes a reaction window
	// for them; the window resumes when the server is back.
	Draining atomic.Bool

	// feeds order the pushes of each campaign's events (deliver.go).
	feeds feeds
}

// NewService returns a Service with production defaults for everything
// optional. store, push, narr and tokens are required.
func NewService(store Store, push Pusher, narr narrator.Narrator, tokens *auth.Signer, log *slog.Logger) *Service {
	if log == nil {
		log = slog.Default()
	}
	rates := DefaultAddressRates()
	return &Service{
		Store: store, Push: push, Narrator: narr, Prices: narrator.DefaultPrices(), Tokens: tokens, Identity: auth.Anonymous{Signer: tokens}, Log: log,
		Now:        func() time.Time { return time.Now().UTC() },
		NewID:      NewULID,
		LeaseTTL:   90 * time.Second,
		TurnBudget: 40 * time.Second,
		LostGrace:  5 * time.Minute,
		TurnLimit:  throttle.New(1, 5, time.Now),
		APILimit:   throttle.New(20, 60, time.Now),
		Limits:     DefaultLimits(),
		// A table joins a few players at a time; a guesser tries thousands.
		InviteLimit: rates.Invites.Buckets(),
		PlayerLimit: rates.Players.Buckets(),
		TicketLimit: rates.Tickets.Buckets(),
		SeedKey:     tokens.DeriveLasting("dice"),
	}
}

// NewULID returns a new sortable, unguessable id.
func NewULID() string {
	return ulid.MustNew(ulid.Now(), rand.Reader).String()
}

func (s *Service) now() time.Time { return s.Now().UTC() }

// AllowAPI reports whether key (a player, or an address before sign-in)
// may make another API call now: always, when APILimit is nil. The HTTP
// API asks it, so it needs a method, not the field.
func (s *Service) AllowAPI(key string) bool {
	return s.APILimit == nil || s.APILimit.Allow(key)
}

// NarratorName names the narrator that tells the story, for health checks.
func (s *Service) NarratorName() string { return s.Narrator.Name() }

// retry runs f again when it fails with a Conflict: the small lifecycle
// writes read, decide and write under a version, so a concurrent change
// means "read again", not "fail".
func retry(ctx context.Context, f func() error) error {
	var err error
	for i := 0; i < 4; i++ {
		if err = f(); err == nil || !isConflict(err) {
			return err
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	return err
}

// busyAttempts bounds retryBusy: enough for every socket of a crowded
// table, closing at once, to get its write through.
const busyAttempts = 24

// retryBusy is retry for the writes that many make at one instant to the
// same item: a table's sockets opening or closing together all write its
// session. After each conflict it waits a random while under a bound that
// doubles (2 ms, 4 ms, ... then 128 ms each time), so that the writers
// spread out instead of colliding again: about 2.3 s at the very most.
// Four quick tries let 12 of 50 closing sockets fail; 50 took at most 13
// tries here.
func retryBusy(ctx context.Context, f func() error) error {
	var err error
	for i := 0; i < busyAttempts; i++ {
		if i > 0 {
			wait := time.Duration(mrand.Int64N(int64(time.Millisecond << min(i, 7))))
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(wait):
			}
		}
		if err = f(); err == nil || !isConflict(err) {
			return err
		}
	}
	return err
}
