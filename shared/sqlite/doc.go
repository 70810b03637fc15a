// Package sqlite is the embedded store: game.Store on one SQLite file
// (modernc.org/sqlite, pure Go), for running Chronicler on one machine. Every
// Commit is saved whole or not at all, and is on disk when it returns, so the
// file survives a closed tab, a restarted server or a killed one. One writer
// commits the writes of many campaigns together, each in a savepoint of its
// own, with one disk sync (group commit, batch.go).
package sqlite
