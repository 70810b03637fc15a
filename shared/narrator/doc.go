// Package narrator is the game master's voice. A Narrator turns a compact
// snapshot of the campaign plus the rules engine's result into prose, as a
// stream, and compresses turns into a rolling summary. It never decides an
// outcome: everything it is told is already settled. Offline is the
// deterministic narrator that needs no model.
package narrator
