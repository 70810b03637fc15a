// Package sqlite is the embedded store: game.Store on one SQLite file
// (modernc.org/sqlite, pure Go), for running Chronicler on one machine. Every
// Commit is one SQL transaction, so a turn is saved whole or not at all, and
// the file survives a closed tab or a restarted server.
package sqlite
