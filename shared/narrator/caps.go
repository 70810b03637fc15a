package narrator

// outputCaps is the most output tokens each kind of call may produce: the
// one table of them, which both adapters send (Bedrock's
// inferenceConfig.maxTokens, chat completions' max_tokens). A cap is a
// ceiling against a reply that runs on, not a length asked for: the
// contracts ask for the length (a narration of a few sentences, a summary
// under 1,200 characters), and a reply within them never meets its cap.
// Each cap leaves about three times the room a reply within its contract
// takes, since a narration cut off mid-sentence is shown cut, and a structured
// answer cut off is invalid JSON, paid for and dropped.
var outputCaps = map[Purpose]int{
	// Prose the players read: 80-120 words (110-170 tokens) a narration,
	// a new place somewhat longer, an acknowledgement a sentence or two.
	PurposeNarration:       450,
	PurposeDialogue:        450,
	PurposeScene:           550,
	PurposeAcknowledgement: 150,
	// The rolling summary and a recap: under 1,200 characters, about 300
	// tokens.
	PurposeSummary: 500,
	PurposeRecap:   500,
	// A fold: the summary, then each turn's facts, every entry quoting
	// its sentence (about 100 to 300 tokens a turn with facts).
	PurposeFold: 2000,
	// One action named by ids; a few words for each term asked about.
	PurposeIntent:     300,
	PurposeDefinition: 400,
}

// defaultMaxOutput caps a purpose the table does not know: the output
// every call had before the table.
const defaultMaxOutput = 600

// formPurposes are the purposes of the low tier's structured answers.
var formPurposes = map[string]Purpose{
	DefineFormName: PurposeDefinition,
	IntentFormName: PurposeIntent,
	FoldFormName:   PurposeFold,
}

// MaxOutput is the most output tokens a call for p may produce; an empty
// purpose is a narration's, as in Request.
func MaxOutput(p Purpose) int {
	if p == "" {
		p = PurposeNarration
	}
	if c, ok := outputCaps[p]; ok {
		return c
	}
	return defaultMaxOutput
}

// ReplyCap is the most output tokens the narration of req may produce:
// its purpose's cap, halved when the narration is asked to be brief.
func ReplyCap(req Request) int {
	c := MaxOutput(req.Purpose)
	if req.Brief {
		c /= 2
	}
	return c
}
