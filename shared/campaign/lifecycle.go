package campaign

import "chronicler/shared/fault"

// Status is where a campaign is in its lifecycle. The strings are the wire's.
type Status string

// The lifecycle states (protocol.md: lower case on the wire).
const (
	Active    Status = "active"    // a session is in progress; turns are accepted
	Paused    Status = "paused"    // no session; fully persisted; resumable
	Concluded Status = "concluded" // read-only forever
	Abandoned Status = "abandoned" // paused too long; resumable like Paused
)

// Valid reports whether s is one of the four states.
func (s Status) Valid() bool {
	switch s {
	case Active, Paused, Concluded, Abandoned:
		return true
	}
	return false
}

// Event is something that moves a campaign through its lifecycle.
type Event string

// The lifecycle events. Creation is not an event: a new campaign is Active.
const (
	EndSession Event = "end_session" // a player ends the session, or it is lost: Active -> Paused
	Resume     Event = "resume"      // a player resumes: Paused|Abandoned -> Active
	Conclude   Event = "conclude"    // the owner concludes: Active -> Concluded
	Inactivity Event = "inactivity"  // the sweep: Active|Paused -> Abandoned
)

// transitions is the lifecycle diagram, and nothing else.
var transitions = map[Status]map[Event]Status{
	Active:    {EndSession: Paused, Conclude: Concluded, Inactivity: Abandoned},
	Paused:    {Resume: Active, Inactivity: Abandoned},
	Abandoned: {Resume: Active},
	Concluded: {},
}

// Next returns the state that event e leads to from s. A Concluded campaign
// refuses every event with ReadOnly; any other transition outside the diagram
// is a Conflict.
func Next(s Status, e Event) (Status, error) {
	const op = "campaign lifecycle"
	if s == Concluded {
		return s, fault.E(fault.ReadOnly, op, "the campaign is concluded and read-only")
	}
	next, ok := transitions[s][e]
	if !ok {
		return s, fault.E(fault.Conflict, op, "a %s campaign cannot %s", s, eventVerb(e))
	}
	return next, nil
}

func eventVerb(e Event) string {
	switch e {
	case EndSession:
		return "end a session"
	case Resume:
		return "be resumed"
	case Conclude:
		return "be concluded"
	case Inactivity:
		return "be abandoned"
	}
	return string(e)
}

// Writable reports whether a campaign in status s accepts any write; a
// Concluded campaign answers ReadOnly.
func Writable(s Status, op string) error {
	if s == Concluded {
		return fault.E(fault.ReadOnly, op, "the campaign is concluded and read-only")
	}
	return nil
}
