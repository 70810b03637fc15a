package campaign

import "time"

// The kinds of a table's limit.
const (
	// LimitLine is content that never appears: the narrator is told to
	// leave it out, and a sentence that names it never reaches the table.
	LimitLine = "line"
	// LimitVeil is content that may happen, off screen: a sentence that
	// tells it is replaced by the scene fading out.
	LimitVeil = "veil"
)

// Limit is one line or veil of a campaign's safety tools. Private says a
// player added it for themselves: it binds the narrator as any other, and
// who added it (By) and what it says are shown to that player alone. The
// owner's limits are the table's, shown to every member.
type Limit struct {
	ID        string    `json:"id"`
	Kind      string    `json:"kind"`
	Text      string    `json:"text"`
	By        string    `json:"by"`
	Private   bool      `json:"private,omitempty"`
	CreatedAt time.Time `json:"created_at"`
}

// MaxLimits bounds a campaign's lines and veils together.
const MaxLimits = 100

// Texts are the texts of the limits of kind, in the order they were set:
// what the narrator is told and the guard holds each sentence against.
func Texts(limits []Limit, kind string) []string {
	var out []string
	for _, l := range limits {
		if l.Kind == kind {
			out = append(out, l.Text)
		}
	}
	return out
}

// Pause is a session held by someone at the table: while it lasts no
// turn is taken, no roll or reaction is answered, no deadline runs out and
// no monster acts. It ends with its session.
type Pause struct {
	At time.Time `json:"at"`
	// By is the player who called it and Name what the table calls them:
	// the one who paused, or the owner, ends it.
	By   string `json:"by"`
	Name string `json:"name"`
}
