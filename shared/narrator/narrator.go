package narrator

import (
	"context"

	"chronicler/shared/campaign"
)

// Tier is a class of model: high for narration and new scenes, low for
// acknowledgements, summaries and extraction.
type Tier string

// The tiers.
const (
	High Tier = "high"
	Low  Tier = "low"
)

// Request is everything the narrator may know for one narration: a snapshot,
// never the raw history.
type Request struct {
	CampaignName string
	Persona      string
	WorldSeed    string
	Scene        campaign.Scene
	Summary      string
	Characters   []campaign.Character // the party, as it is now
	Recent       []campaign.Turn      // the last few turns, oldest first
	Actor        campaign.Character
	Action       string // what the player asked, verbatim
	RulesResult  string // what the engine decided; the narration must agree
	TurnID       string
	Tier         Tier
	// Correction, on a retry, says how the previous narration broke the
	// output contract (see Guard).
	Correction string
}

// Narration is a finished narration.
type Narration struct {
	Text        string
	Suggestions []string // 0..3 next actions to offer as chips
	Degraded    bool     // produced by a fallback, not the configured model
	// Model and Usage say which model narrated and what it cost in tokens
	// (see Cost); both are empty for the offline narrator.
	Model string
	Usage Usage
}

// SummaryRequest asks for a new rolling summary.
type SummaryRequest struct {
	CampaignName string
	Previous     string          // the summary so far
	Turns        []campaign.Turn // turns not yet in it, oldest first
	Scene        campaign.Scene
}

// Narrator is the narration provider.
type Narrator interface {
	// Narrate streams the narration of one turn: emit receives each piece
	// as it is produced (an emit error stops the narration and is
	// returned), and the whole narration is returned at the end. Errors are
	// Unavailable when the provider cannot be reached in time.
	Narrate(ctx context.Context, req Request, emit func(delta string) error) (Narration, error)

	// Summarize returns the rolling summary extended by the given turns, at
	// most about 1,200 characters. On error the caller keeps the previous one.
	Summarize(ctx context.Context, req SummaryRequest) (string, error)

	// Name identifies the provider for health checks and logs.
	Name() string
}
