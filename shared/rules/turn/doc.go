// Package turn is the rules' one front door: Decide takes what a player
// asked of a turn (a structured intent, or free text it parses) and the
// campaign as the rules see it (View), and returns what the rules decided
// (Decision): the rolls, the rules result the narrator must agree with and
// what the turn changes. It routes a fight's actions to the encounter and
// resolves everything else itself; it holds no lease, narrates nothing and
// writes nothing, which stay with the use case (game).
package turn
