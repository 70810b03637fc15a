package wsapi_test

import (
	"context"

	"chronicler/events"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/wsapi"
)

// The game's Service is what the cloud's Lambdas and the local gateway
// give the handler.
var _ wsapi.Service = (*game.Service)(nil)

// aria is the player the fake's good token names.
var aria = game.Player{ID: "p1", Name: "Aria"}

// goodToken is the token the fake accepts.
const goodToken = "good"

// call is one use case the handler called, with its arguments after ctx.
type call struct {
	name string
	args []any
}

// told is one TellError: the error a connection was sent.
type told struct {
	conn, requestID string
	err             error
}

// fake stands in for the game: it records every call and answers with the
// func field of the method when it is set, with success otherwise.
// Authenticate takes goodToken only.
type fake struct {
	calls []call
	told  []told

	authenticate func(token string) (game.Player, error)
	redeem       func(ticket, campaignID string) (game.Player, error)
	connect      func(conn string, p game.Player, campaignID string) error
	disconnect   func(conn string) error
	checkBound   func(conn, campaignID string) error
	resume       func(conn, requestID string) error
	takeTurn     func(conn string, msg events.ClientMessage) error
	endSession   func(conn, requestID string) error
	sync         func(conn string, afterSeq int64, limit int) error
	roll         func(conn string, msg events.ClientMessage) error
	react        func(conn string, msg events.ClientMessage) error

	// fails holds what each of the table's tools (Undo, AskUndo, XCard,
	// Pause, Unpause) answers: nil, success, unless set.
	fails map[string]error
}

var _ wsapi.Service = (*fake)(nil)

func (f *fake) record(name string, args ...any) { f.calls = append(f.calls, call{name, args}) }

func (f *fake) Authenticate(_ context.Context, token string) (game.Player, error) {
	f.record("Authenticate", token)
	if f.authenticate != nil {
		return f.authenticate(token)
	}
	if token != goodToken {
		return game.Player{}, fault.E(fault.Unauthorized, "authorize", "invalid or expired token")
	}
	return aria, nil
}

func (f *fake) RedeemTicket(_ context.Context, ticket, campaignID string) (game.Player, error) {
	f.record("RedeemTicket", ticket, campaignID)
	if f.redeem != nil {
		return f.redeem(ticket, campaignID)
	}
	return game.Player{}, fault.E(fault.Unauthorized, "redeem connect ticket", "invalid, expired or used connect ticket")
}

func (f *fake) Connect(_ context.Context, conn string, p game.Player, campaignID string) error {
	f.record("Connect", conn, p, campaignID)
	if f.connect != nil {
		return f.connect(conn, p, campaignID)
	}
	return nil
}

func (f *fake) Disconnect(_ context.Context, conn string) error {
	f.record("Disconnect", conn)
	if f.disconnect != nil {
		return f.disconnect(conn)
	}
	return nil
}

func (f *fake) CheckBound(_ context.Context, conn, campaignID string) error {
	f.record("CheckBound", conn, campaignID)
	if f.checkBound != nil {
		return f.checkBound(conn, campaignID)
	}
	return nil
}

func (f *fake) TellError(_ context.Context, conn, requestID string, err error) {
	f.told = append(f.told, told{conn, requestID, err})
}

func (f *fake) Resume(_ context.Context, conn, requestID string) error {
	f.record("Resume", conn, requestID)
	if f.resume != nil {
		return f.resume(conn, requestID)
	}
	return nil
}

func (f *fake) TakeTurn(_ context.Context, conn string, msg events.ClientMessage) error {
	f.record("TakeTurn", conn, msg)
	if f.takeTurn != nil {
		return f.takeTurn(conn, msg)
	}
	return nil
}

func (f *fake) EndSession(_ context.Context, conn, requestID string) error {
	f.record("EndSession", conn, requestID)
	if f.endSession != nil {
		return f.endSession(conn, requestID)
	}
	return nil
}

func (f *fake) Sync(_ context.Context, conn string, afterSeq int64, limit int) error {
	f.record("Sync", conn, afterSeq, limit)
	if f.sync != nil {
		return f.sync(conn, afterSeq, limit)
	}
	return nil
}

func (f *fake) Roll(_ context.Context, conn string, msg events.ClientMessage) error {
	f.record("Roll", conn, msg)
	if f.roll != nil {
		return f.roll(conn, msg)
	}
	return nil
}

func (f *fake) React(_ context.Context, conn string, msg events.ClientMessage) error {
	f.record("React", conn, msg)
	if f.react != nil {
		return f.react(conn, msg)
	}
	return nil
}

func (f *fake) Undo(_ context.Context, conn string, msg events.ClientMessage) error {
	f.record("Undo", conn, msg)
	return f.fails["Undo"]
}

func (f *fake) AskUndo(_ context.Context, conn string, msg events.ClientMessage) error {
	f.record("AskUndo", conn, msg)
	return f.fails["AskUndo"]
}

func (f *fake) XCard(_ context.Context, conn string, msg events.ClientMessage) error {
	f.record("XCard", conn, msg)
	return f.fails["XCard"]
}

func (f *fake) Pause(_ context.Context, conn, requestID string) error {
	f.record("Pause", conn, requestID)
	return f.fails["Pause"]
}

func (f *fake) Unpause(_ context.Context, conn, requestID string) error {
	f.record("Unpause", conn, requestID)
	return f.fails["Unpause"]
}
