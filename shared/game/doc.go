// Package game holds Chronicler's use cases — create and join campaigns,
// connect, resume, take a turn, end a session, recover lost sessions — and
// the small interfaces they need (Store, Pusher, Narrator). The Lambda
// handlers and the local server both call these and nothing else. A
// turn's rules are rules/turn's (turn.Decide); game holds the lease,
// narrates and commits.
package game
