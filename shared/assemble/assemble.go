package assemble

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/sfn"

	"chronicler/shared/auth"
	"chronicler/shared/dynamo"
	"chronicler/shared/game"
	"chronicler/shared/push"
	"chronicler/shared/stepfunctions"
)

// Environment variables the stack sets on every function.
const (
	EnvTable       = "TABLE_NAME"
	EnvConnections = "CONNECTIONS_ENDPOINT" // https://{api}.execute-api.{region}.amazonaws.com/{stage}
	EnvTokenKey    = "CHRONICLER_TOKEN_KEY"
	// EnvStateMachine is the reaction window's state machine; without it,
	// held turns' prompts and windows are timed by the sweep alone.
	EnvStateMachine = "STATE_MACHINE_ARN"
	// EnvFightMachine is the fight flow's state machine: the turns no
	// player takes run one per step invocation; without it, in the
	// invocation that let them come up.
	EnvFightMachine = "FIGHT_STATE_MACHINE_ARN"
	EnvIdentity     = "CHRONICLER_IDENTITY" // anonymous | oidc
	EnvOIDCIssuer   = "OIDC_ISSUER"
	EnvOIDCAudience = "OIDC_AUDIENCE"
	// EnvLimits overrides the default limits ("members=6,campaigns_owned=5";
	// see game.ParseLimits).
	EnvLimits = "CHRONICLER_LIMITS"
)

// tokenTTL is how long a player's token is good for.
const tokenTTL = 30 * 24 * time.Hour

// Config is everything the use cases are built from. The adapters come
// ready made: the caller knows which world it runs in.
type Config struct {
	// TokenKey signs and checks players' tokens (at least
	// auth.MinKeyBytes).
	TokenKey []byte
	// Store keeps the campaigns; Pusher posts to WebSocket connections.
	Store  game.Store
	Pusher game.Pusher
	// Workflow keeps the time of held turns' roll prompts and reaction
	// windows; nil leaves it to the sweep.
	Workflow game.Workflow
	// Fights runs the turns no player takes one per invocation; nil plays
	// them in the invocation that let them come up.
	Fights game.Fights
	// Identity is how players sign in: "anonymous" (or "") or "oidc", whose
	// ID tokens must be issued by OIDCIssuer for OIDCAudience.
	Identity, OIDCIssuer, OIDCAudience string
	// Getenv reads the narrator's settings and the prices (EnvNarrator to
	// EnvPrices) and looks for AWS credentials; nil reads an empty
	// environment.
	Getenv func(string) string
	// Pace slows the offline narrator's stream (one machine); 0 streams at
	// once.
	Pace time.Duration
	// Log is the service's logger; nil is slog.Default().
	Log *slog.Logger
}

// Service builds the use cases from c. It fails, rather than guessing, on
// a short token key, an unknown narrator or identity provider, or a price
// table that does not parse.
func Service(ctx context.Context, c Config) (*game.Service, error) {
	getenv := c.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	signer, err := auth.NewSigner(c.TokenKey, tokenTTL, time.Now)
	if err != nil {
		return nil, err
	}
	narr, err := Narrator(ctx, getenv, c.Pace)
	if err != nil {
		return nil, err
	}
	svc := game.NewService(c.Store, c.Pusher, narr, signer, c.Log)
	if svc.Prices, err = Prices(getenv); err != nil {
		return nil, err
	}
	if svc.Identity, err = auth.Choose(ctx, c.Identity, c.OIDCIssuer, c.OIDCAudience, signer); err != nil {
		return nil, err
	}
	if svc.Limits, err = game.ParseLimits(getenv(EnvLimits)); err != nil {
		return nil, err
	}
	svc.Workflow = c.Workflow
	svc.Fights = c.Fights
	return svc, nil
}

// FromEnv builds the use cases of a Lambda of the stack from the variables
// the stack sets: the DynamoDB table, the WebSocket API's @connections
// endpoint, the state machine, the token key and the identity provider,
// with one AWS configuration loaded once. It fails, rather than guessing,
// when a variable is missing.
func FromEnv(ctx context.Context) (*game.Service, error) {
	table, key := os.Getenv(EnvTable), os.Getenv(EnvTokenKey)
	if table == "" || key == "" {
		return nil, fmt.Errorf("%s and %s must be set", EnvTable, EnvTokenKey)
	}
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("aws config: %w", err)
	}
	c := Config{
		TokenKey: []byte(key),
		Store:    dynamo.New(dynamodb.NewFromConfig(cfg), table),
		Pusher: push.New(apigatewaymanagementapi.NewFromConfig(cfg, func(o *apigatewaymanagementapi.Options) {
			if ep := os.Getenv(EnvConnections); ep != "" {
				o.BaseEndpoint = aws.String(ep)
			}
		})),
		Identity: os.Getenv(EnvIdentity), OIDCIssuer: os.Getenv(EnvOIDCIssuer), OIDCAudience: os.Getenv(EnvOIDCAudience),
		Getenv: os.Getenv,
		Log:    slog.New(slog.NewJSONHandler(os.Stdout, nil)),
	}
	if arn := os.Getenv(EnvStateMachine); arn != "" {
		c.Workflow = stepfunctions.NewClient(sfn.NewFromConfig(cfg), arn)
	}
	if arn := os.Getenv(EnvFightMachine); arn != "" {
		c.Fights = stepfunctions.NewFights(sfn.NewFromConfig(cfg), arn)
	}
	return Service(ctx, c)
}

// MustFromEnv is FromEnv for a function's main: a function that cannot
// wire itself cannot serve.
func MustFromEnv(ctx context.Context) *game.Service {
	svc, err := FromEnv(ctx)
	if err != nil {
		slog.Error("wire function", "err", err)
		os.Exit(1)
	}
	return svc
}
