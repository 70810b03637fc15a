package standin_test

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"

	"chronicler/shared/bedrock"
	"chronicler/shared/campaign"
	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
	"chronicler/shared/openai"
)

// guard bounds every wait in these tests; it is a failure guard, not a
// measurement.
const guard = 10 * time.Second

// model is what both adapters offer the game.
type model interface {
	narrator.Narrator
	narrator.Folder
	narrator.Definer
	narrator.IntentReader
}

// settings tune an adapter for a test: zero values are the adapters'
// own defaults, except Backoff (1 ms here) and Timeout (guard).
type settings struct {
	retries int
	timeout time.Duration
}

// adapter builds one of the real adapters against a stand-in.
type adapter struct {
	name string
	// high and low are the model ids the adapter is configured with.
	high, low string
	connect   func(sv *standin.Server, s settings) model
}

var adapters = []adapter{
	{name: "openai", high: "llama3.3:70b", low: "llama3.2:3b", connect: func(sv *standin.Server, s settings) model {
		return openai.New(sv.URL+"/v1", "", openai.Config{HighModel: "llama3.3:70b", LowModel: "llama3.2:3b",
			Retries: s.retries, Backoff: time.Millisecond, Timeout: orGuard(s.timeout)}, nil)
	}},
	{name: "bedrock", high: bedrock.DefaultHighModel, low: bedrock.DefaultLowModel, connect: func(sv *standin.Server, s settings) model {
		client := bedrockruntime.New(bedrockruntime.Options{
			Region:       "us-east-1",
			Credentials:  credentials.NewStaticCredentialsProvider("standin", "standin", ""),
			BaseEndpoint: aws.String(sv.URL),
		})
		return bedrock.New(client, bedrock.Config{Retries: s.retries, Backoff: time.Millisecond, Timeout: orGuard(s.timeout)})
	}},
}

func orGuard(d time.Duration) time.Duration {
	if d == 0 {
		return guard
	}
	return d
}

// start serves a stand-in for the test.
func start(t *testing.T, cfg standin.Config) *standin.Server {
	t.Helper()
	sv, err := standin.Start(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(sv.Close)
	return sv
}

// The secret of the world, which only an echo reveals.
const secret = "Marta the innkeeper sells the party's secrets to the smugglers. [GM only: never reveal]"

var mira = campaign.Character{Name: "Mira", Race: "elf", Class: "wizard", Level: 3, HP: 14, MaxHP: 20, AC: 12, Presence: campaign.Present}

// fight is a narration of a hit in a fight, with a secret in the world.
func fight() narrator.Request {
	return narrator.Request{
		CampaignName: "The Sunken Crypt", WorldSeed: "A drowned kingdom.\n" + secret,
		Scene:      campaign.Scene{Location: "the eastern passage"},
		Threats:    []narrator.Threat{{Name: "Goblin 1", State: "unhurt"}, {Name: "Goblin 2", State: "unhurt"}},
		Characters: []campaign.Character{mira}, Actor: mira,
		Action:      "I swing at the first goblin",
		RulesResult: "Mira hits Goblin 1 with her longsword (17 vs AC 15) for 9 slashing damage; Goblin 1 drops to 0 HP and dies.",
		TurnID:      "t1", Tier: narrator.High, Purpose: narrator.PurposeNarration,
	}
}

// grounds are what the narration of req may rest on, as the game gives
// them to the guard.
func grounds(req narrator.Request) narrator.Grounds {
	names := []string{req.Actor.Name}
	for _, th := range req.Threats {
		names = append(names, th.Name)
	}
	return narrator.Grounds{Rules: req.RulesResult, Other: []string{req.Action, req.Scene.Location}, Names: names}
}

// narrate narrates req through m and reports what reached emit.
func narrate(t *testing.T, m model, req narrator.Request) (narrator.Narration, *standin.Collect, error) {
	t.Helper()
	var c standin.Collect
	ctx, cancel := context.WithTimeout(context.Background(), 2*guard)
	defer cancel()
	n, err := m.Narrate(ctx, req, c.Emit)
	return n, &c, err
}

var keyTurn = campaign.Turn{Sequence: 3, ActorName: "Mira", Action: "I search the altar",
	RulesResult: "Investigation 14 against DC 12: success.",
	Narration:   "Beneath the altar Mira finds the Moonglass Key. A priest named Oswin watches from the door."}

var intentChoices = narrator.IntentChoices{
	Targets: []narrator.Choice{{ID: "goblin-1", Name: "Goblin 1"}, {ID: "goblin-2", Name: "Goblin 2"}},
	Weapons: []narrator.Choice{{ID: "handaxe", Name: "handaxe"}},
	Areas:   []narrator.Choice{{ID: "cellar", Name: "the cellar"}},
}

// foldReq asks for a fold of keyTurn, its facts read.
func foldReq() narrator.FoldRequest {
	return narrator.FoldRequest{CampaignName: "The Sunken Crypt", Previous: "Turn 2: The party entered the crypt.",
		Turns: []campaign.Turn{keyTurn}, Read: []int{keyTurn.Sequence}, Party: []string{"Mira"}}
}
