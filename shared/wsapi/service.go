package wsapi

import (
	"context"

	"chronicler/events"
	"chronicler/shared/auth"
)

// Connections binds WebSocket connections to campaigns and answers them
// when a message fails.
type Connections interface {
	// Authenticate returns the player a token names. Unauthorized when
	// the token is missing, malformed, expired or forged; Unavailable when
	// the identity provider cannot be reached.
	Authenticate(ctx context.Context, token string) (auth.Player, error)
	// RedeemTicket returns the player a connect ticket was given to and
	// uses it up. Unauthorized when it is forged, for another campaign,
	// expired or used already.
	RedeemTicket(ctx context.Context, ticket, campaignID string) (auth.Player, error)
	// Connect binds the connection to the campaign for p. NotFound when
	// there is no such campaign; Forbidden when p is not a member.
	Connect(ctx context.Context, connectionID string, p auth.Player, campaignID string) error
	// Disconnect forgets the connection; one already gone is no error.
	Disconnect(ctx context.Context, connectionID string) error
	// CheckBound returns nil when campaignID is "" or the one the
	// connection is bound to. Unauthorized when the connection is bound
	// to none; Forbidden when it is bound to another.
	CheckBound(ctx context.Context, connectionID, campaignID string) error
	// TellError sends err, as a player may see it, to this connection
	// only, as the answer to requestID.
	TellError(ctx context.Context, connectionID, requestID string, err error)
}

// Play is what a connected player does at the table. Every method acts on
// the campaign the connection is bound to: Unauthorized when it is bound
// to none; Conflict when the table is not in a state to do it; ReadOnly
// for a concluded campaign; Internal or Unavailable when the store fails.
type Play interface {
	// Resume opens the campaign's session, or joins the open one.
	Resume(ctx context.Context, connectionID, requestID string) error
	// TakeTurn runs one turn from the message. Forbidden for a character
	// that is not the player's; RateLimited for too many turns; Invalid
	// for an action the rules refuse (with its reason).
	TakeTurn(ctx context.Context, connectionID string, msg events.ClientMessage) error
	// EndSession closes the open session.
	EndSession(ctx context.Context, connectionID, requestID string) error
	// Sync resends the campaign's events after afterSeq to this
	// connection, one page of at most limit (0: events.MaxSyncPage).
	Sync(ctx context.Context, connectionID string, afterSeq int64, limit int) error
	// Roll reveals the next roll of the player's pending turn. Forbidden
	// for another player's roll; Conflict for a stale or repeated one.
	Roll(ctx context.Context, connectionID string, msg events.ClientMessage) error
	// React answers the open reaction window. Forbidden for a character
	// that may not answer; Invalid for a reaction not offered.
	React(ctx context.Context, connectionID string, msg events.ClientMessage) error
	// Pause holds the table: no turn, roll or reaction is taken and no
	// deadline runs out until Unpause. Conflict without an open session
	// or when another player holds it.
	Pause(ctx context.Context, connectionID, requestID string) error
	// Unpause lets play go on. Forbidden for anyone but the player who
	// paused and the owner.
	Unpause(ctx context.Context, connectionID, requestID string) error
	// Undo takes back the last committed turn, for the owner
	// (Forbidden otherwise); Conflict when the table moved on.
	Undo(ctx context.Context, connectionID string, msg events.ClientMessage) error
	// AskUndo tells the table a player asks to take the last turn back.
	AskUndo(ctx context.Context, connectionID string, msg events.ClientMessage) error
	// XCard withdraws the last narration, anonymously, and has it told
	// again; Conflict when the table moved on.
	XCard(ctx context.Context, connectionID string, msg events.ClientMessage) error
}

// Service is every use case the WebSocket routes call; *game.Service is
// one.
type Service interface {
	Connections
	Play
}
