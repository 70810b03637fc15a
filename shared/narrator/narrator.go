package narrator

import (
	"context"

	"chronicler/shared/campaign"
)

// Tier is a class of model: high for narration and new scenes, low for
// acknowledgements, summaries, folds and structured answers. Route says which
// purpose takes which; each adapter maps the tiers to model ids by
// configuration.
type Tier string

// The tiers.
const (
	High Tier = "high"
	Low  Tier = "low"
)

// Purpose is what a model call is for.
type Purpose string

// The purposes of model calls.
const (
	// PurposeNarration tells a player's action and what the rules made of it.
	PurposeNarration Purpose = "narration"
	// PurposeDialogue answers a character's words: NPCs speak.
	PurposeDialogue Purpose = "dialogue"
	// PurposeScene describes a place the party has just reached.
	PurposeScene Purpose = "scene"
	// PurposeAcknowledgement tells a turn whose rules result is trivial, in a
	// sentence or two: ending a turn, dodging, an out-of-character remark.
	PurposeAcknowledgement Purpose = "acknowledgement"
	// PurposeSummary extends the rolling summary; PurposeRecap retells the last turns
	// after a long gap.
	PurposeSummary Purpose = "summary"
	PurposeRecap   Purpose = "recap"
	// PurposeFold extends the rolling summary and reads the facts of every
	// turn since the last fold, in one call (Folder).
	PurposeFold Purpose = "fold"
	// PurposeDefinition defines the terms a turn coined; PurposeIntent turns free text into intents.
	PurposeDefinition Purpose = "definition"
	PurposeIntent     Purpose = "intent"
)

// Route is the tier of a call, as seed 001 routes them: the high tier for
// what players read as the game master's voice (narration, NPC dialogue,
// new scenes), the low tier for short acknowledgements and for the
// mechanical work nobody reads as prose (summaries, recaps, folds,
// definitions, intents). An unknown purpose takes the high tier: a wrong
// guess then costs money, not quality.
func Route(p Purpose) Tier {
	switch p {
	case PurposeAcknowledgement, PurposeSummary, PurposeRecap, PurposeFold, PurposeDefinition, PurposeIntent:
		return Low
	}
	return High
}

// Request is everything the narrator may know for one narration: a snapshot,
// never the raw history.
type Request struct {
	CampaignName string
	Persona      string
	WorldSeed    string
	Scene        campaign.Scene
	// Area is where the acting character stands once the turn is decided,
	// as the engine's map has it: the opening area before any move, the
	// new one after a move. Its name wins over Scene.Location.
	Area Area
	// Threats are the foes of a fight under way, each with how it stands,
	// in words, never numbers.
	Threats []Threat
	// Effects are the lasting effects on each character (by id) as the
	// engine holds them at narration: a fight's spell effects, in words.
	Effects map[string][]string
	Summary string
	// Lore are the facts and turn excerpts recalled for this turn (memory's
	// lore layer): what the action brings back from older play.
	Lore string
	// Canon is what the party knows for sure, as memory fitted it: the
	// campaign's glossary and the facts of its ledger up to the last fold.
	Canon string
	// Places are the campaign's map, every area with its description and
	// exits, the same every turn: the narrator knows the world it tells.
	Places []Area
	// Layout is how the request is laid out as a prompt (see Blocks).
	Layout     Layout
	Characters []campaign.Character // the party, as it is now
	Recent     []campaign.Turn      // the last few turns, oldest first
	Actor      campaign.Character
	Action     string // what the player asked, verbatim
	// Played says the engine played the turn (a monster's, a forced death
	// save, a character whose player is away): Action is the engine's
	// label for it, not a player's words.
	Played bool
	// OutOfCharacter says the player's words are a remark to the table,
	// not their character's action: it is answered as such.
	OutOfCharacter bool
	// Avoid are how the last narrations began and ended, for the narrator
	// not to repeat them.
	Avoid       []string
	RulesResult string // what the engine decided; the narration must agree
	TurnID      string
	Tier        Tier
	// Purpose is what the narration is for (PurposeNarration when empty); Tier is
	// normally Route(Purpose), lowered when a budget runs short.
	Purpose Purpose
	// Brief asks for a shorter narration, with half the output cap: the
	// first step a budget near its end takes.
	Brief bool
	// Correction, on a retry, says how the previous narration broke the
	// output contract (see Guard).
	Correction string
	// Told, when a narration is asked again after part of it was shown,
	// is that part: the narration goes on from it (see Teller).
	Told string
	// Lines and Veils are the table's limits (campaign.Limit): the
	// narrator is told them with the world, and the guard holds every
	// sentence against them (Grounds).
	Lines, Veils []string
	// Withdrawn is a narration of this turn the table withdrew (the
	// X-card): the turn is told again without what it told.
	Withdrawn string
}

// Area is a place of the campaign's map as the narrator is told it.
type Area struct {
	Name        string
	Description string
	Exits       []string // the names of the areas one move away
}

// Threat is a foe of the fight and how it stands: "Goblin 1" and
// "badly wounded, prone".
type Threat struct {
	Name  string
	State string
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

// Summarized is a new rolling summary and what the call cost.
type Summarized struct {
	Text string
	// Model and Usage are as in Narration; Model is empty for the offline
	// narrator.
	Model string
	Usage Usage
}

// Narrator is the narration provider.
type Narrator interface {
	// Narrate streams the narration of one turn: emit receives each piece
	// as it is produced (an emit error stops the narration and is
	// returned), and the whole narration is returned at the end. Errors are
	// Unavailable when the provider cannot be reached in time.
	Narrate(ctx context.Context, req Request, emit func(delta string) error) (Narration, error)

	// Summarize returns the rolling summary extended by the given turns, at
	// most about 1,200 characters, on the low tier. On error the caller
	// keeps the previous one; errors are Unavailable.
	Summarize(ctx context.Context, req SummaryRequest) (Summarized, error)

	// Name identifies the provider for health checks and logs.
	Name() string
}
