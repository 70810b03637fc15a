// Package campaign is the domain of a persistent campaign: the campaign and
// its lifecycle (Active, Paused, Concluded, Abandoned), its mutable state,
// sessions, turns, characters, members, connections and presence. It is pure:
// no storage, no AWS, no clock of its own; the use cases in package game
// compose these values and a store persists them.
package campaign
