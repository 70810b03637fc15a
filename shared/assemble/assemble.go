package assemble

import (
	"context"
	"crypto/rand"
	"fmt"
	"log/slog"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/sfn"

	"chronicler/shared/auth"
	"chronicler/shared/dynamo"
	"chronicler/shared/game"
	"chronicler/shared/logs"
	"chronicler/shared/metrics"
	"chronicler/shared/push"
	"chronicler/shared/secrets"
	"chronicler/shared/stepfunctions"
)

// Environment variables the stack sets on every function.
const (
	EnvTable       = "TABLE_NAME"
	EnvConnections = "CONNECTIONS_ENDPOINT" // https://{api}.execute-api.{region}.amazonaws.com/{stage}
	// EnvTokenKeyARN names the Secrets Manager secret holding the token
	// key, read once at cold start; the stack sets it on the functions
	// that sign, verify or roll dice, and never the key itself. The
	// secret's value is the key, or during a rotation
	// {"current": "<key>", "previous": ["<key>", ...]} (auth.ParseKeys).
	EnvTokenKeyARN = "CHRONICLER_TOKEN_KEY_ARN"
	// EnvTokenKey is the key itself (or the same JSON), for running a
	// function off the stack (never set by it).
	EnvTokenKey = "CHRONICLER_TOKEN_KEY"
	// EnvMetrics is the CloudWatch namespace of the application metrics,
	// written as EMF on the function's log; unset, none are written.
	EnvMetrics = "CHRONICLER_METRICS_NAMESPACE"
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
	// EnvDailyBudget is the deployer's cap, in US dollars, on what the
	// narrator may cost the whole game in a day (UTC); unset or 0, none.
	// Narration saves in steps as the day nears it (campaign.Thrift).
	EnvDailyBudget = "CHRONICLER_DAILY_BUDGET_USD"
	// EnvAddressRates overrides the per-address rates over their defaults
	// ("players=10/1h,tickets=30/1m,invites=20/40s"; see
	// game.ParseAddressRates).
	EnvAddressRates = "CHRONICLER_RATES"
)

// tokenTTL is how long a player's token is good for.
const tokenTTL = 30 * 24 * time.Hour

// Config is everything the use cases are built from. The adapters come
// ready made: the caller knows which world it runs in.
type Config struct {
	// TokenKey signs and checks players' tokens (at least
	// auth.MinKeyBytes); PreviousTokenKeys, newest first, still check
	// the tokens and recovery codes they signed, after a rotation.
	TokenKey          []byte
	PreviousTokenKeys [][]byte
	// Store keeps the campaigns; Pusher posts to WebSocket connections.
	Store  game.Store
	Pusher game.Pusher
	// Workflow keeps the time of held turns' roll prompts and reaction
	// windows; nil leaves it to the sweep.
	Workflow game.Workflow
	// Fights runs the turns no player takes one per invocation; nil plays
	// them in the invocation that let them come up.
	Fights game.Fights
	// Narrations narrates each decided turn in an invocation of its own,
	// so that no route waits on a model; nil narrates in the route's.
	Narrations game.Narrations
	// Identity is how players sign in: "anonymous" (or "") or "oidc", whose
	// ID tokens must be issued by OIDCIssuer for OIDCAudience.
	Identity, OIDCIssuer, OIDCAudience string
	// Getenv reads the narrator's settings and the prices (EnvNarrator to
	// EnvStall) and looks for AWS credentials; nil reads an empty
	// environment.
	Getenv func(string) string
	// Pace slows the offline narrator's stream (one machine); 0 streams at
	// once.
	Pace time.Duration
	// Log is the service's logger; nil is slog.Default().
	Log *slog.Logger
	// Metrics, when set, records the narration's and the pushes' metrics
	// (see Observe).
	Metrics metrics.Sink
	// Addresses are the per-address limiters, built by the caller, who
	// reads the rates once and knows where the buckets are kept
	// (TableLimiters for a table every instance shares); nil keeps them in
	// this process's memory, at the rates of EnvAddressRates.
	Addresses *AddressLimiters
}

// AddressLimiters bound what one source address may do
// (game.AddressRates): new players, connect tickets, invite codes tried.
// A nil one lifts its limit.
type AddressLimiters struct {
	Players, Tickets, Invites game.Limiter
}

// MemoryLimiters are the limiters of rates kept in this process's
// memory: one instance's buckets.
func MemoryLimiters(rates game.AddressRates) AddressLimiters {
	return AddressLimiters{Players: rates.Players.Buckets(), Tickets: rates.Tickets.Buckets(), Invites: rates.Invites.Buckets()}
}

// Service builds the use cases from c. It fails, rather than guessing, on
// a short token key, an unknown narrator or identity provider, or a price
// table that does not parse.
func Service(ctx context.Context, c Config) (*game.Service, error) {
	getenv := c.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	signer, err := auth.NewRotatingSigner(auth.Keys{Current: c.TokenKey, Previous: c.PreviousTokenKeys}, tokenTTL, time.Now)
	if err != nil {
		return nil, err
	}
	narr, err := Narrator(ctx, getenv, c.Pace)
	if err != nil {
		return nil, err
	}
	prices, err := Prices(getenv)
	if err != nil {
		return nil, err
	}
	pusher := c.Pusher
	if c.Metrics != nil {
		narr = Observe(narr, c.Metrics, prices, c.Log)
		pusher = ObservedPusher{Pusher: pusher, Sink: c.Metrics}
	}
	svc := game.NewService(c.Store, pusher, narr, signer, c.Log)
	svc.Prices = prices
	if svc.Teller, err = Teller(getenv); err != nil {
		return nil, err
	}
	if svc.Identity, err = auth.Choose(ctx, c.Identity, c.OIDCIssuer, c.OIDCAudience, signer); err != nil {
		return nil, err
	}
	if svc.Limits, err = game.ParseLimits(getenv(EnvLimits)); err != nil {
		return nil, err
	}
	if svc.DailyBudgetUSD, err = dailyBudget(getenv(EnvDailyBudget)); err != nil {
		return nil, err
	}
	if d, ok := c.Store.(game.DaySpend); ok {
		svc.DaySpend = d
	}
	addresses := c.Addresses
	if addresses == nil {
		rates, err := game.ParseAddressRates(getenv(EnvAddressRates))
		if err != nil {
			return nil, err
		}
		memory := MemoryLimiters(rates)
		addresses = &memory
	}
	svc.PlayerLimit, svc.TicketLimit, svc.InviteLimit = addresses.Players, addresses.Tickets, addresses.Invites
	svc.Workflow = c.Workflow
	svc.Fights, svc.Narrations = c.Fights, c.Narrations
	return svc, nil
}

// dailyBudget reads EnvDailyBudget: a number of dollars, 0 or more.
func dailyBudget(s string) (float64, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, nil
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("%s=%q: want a number of US dollars, 0 or more", EnvDailyBudget, s)
	}
	return v, nil
}

// FromEnv builds the use cases of a Lambda of the stack from the variables
// the stack sets: the DynamoDB table, the WebSocket API's @connections
// endpoint, the state machine, the token key's secret (read here, once)
// and the identity provider, with one AWS configuration loaded once. Logs
// are JSON lines carrying the ids of the context (shared/logs); metrics go
// out as EMF when EnvMetrics is set; players' rate limits are kept in the
// table, so they hold across instances. It fails, rather than guessing,
// when a variable is missing or the secret cannot be read.
func FromEnv(ctx context.Context) (*game.Service, error) {
	return fromEnv(ctx, true)
}

// FromEnvWithoutKey is FromEnv for a function that never signs or verifies
// a token nor rolls dice (resume, sync, end_session): the stack grants it
// no read of the key, and it is built with a random key of its own that
// nothing it does depends on.
func FromEnvWithoutKey(ctx context.Context) (*game.Service, error) {
	return fromEnv(ctx, false)
}

func fromEnv(ctx context.Context, keyed bool) (*game.Service, error) {
	table := os.Getenv(EnvTable)
	if table == "" {
		return nil, fmt.Errorf("%s must be set", EnvTable)
	}
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("aws config: %w", err)
	}
	keys, err := tokenKeys(ctx, cfg, os.Getenv, keyed)
	if err != nil {
		return nil, err
	}
	db := dynamodb.NewFromConfig(cfg)
	log := slog.New(logs.NewHandler(slog.NewJSONHandler(os.Stdout, nil)))
	rates, err := game.ParseAddressRates(os.Getenv(EnvAddressRates))
	if err != nil {
		return nil, err
	}
	addresses := TableLimiters(db, table, log, rates)
	c := Config{
		TokenKey: keys.Current, PreviousTokenKeys: keys.Previous,
		Store: dynamo.New(db, table),
		Pusher: push.New(apigatewaymanagementapi.NewFromConfig(cfg, func(o *apigatewaymanagementapi.Options) {
			if ep := os.Getenv(EnvConnections); ep != "" {
				o.BaseEndpoint = aws.String(ep)
			}
		})),
		Identity: os.Getenv(EnvIdentity), OIDCIssuer: os.Getenv(EnvOIDCIssuer), OIDCAudience: os.Getenv(EnvOIDCAudience),
		Getenv:    os.Getenv,
		Log:       log,
		Metrics:   MetricsFromEnv(),
		Addresses: &addresses,
	}
	flows := sfn.NewFromConfig(cfg) // one client for both state machines
	if arn := os.Getenv(EnvStateMachine); arn != "" {
		c.Workflow = stepfunctions.NewClient(flows, arn)
	}
	if arn := os.Getenv(EnvFightMachine); arn != "" {
		fights := stepfunctions.NewFights(flows, arn)
		c.Fights, c.Narrations = fights, fights
	}
	svc, err := Service(ctx, c)
	if err != nil {
		return nil, err
	}
	// The use cases' defaults, kept in the table.
	svc.TurnLimit, svc.APILimit = tableLimiter(db, table, log, "turn", 1, 5), tableLimiter(db, table, log, "api", 20, 60)
	return svc, nil
}

// TableLimiters are the per-address limiters of rates kept in the table,
// so that they hold across every instance (and every local server) that
// shares it; nil for a rate that lifts its limit.
func TableLimiters(db dynamo.LimiterAPI, table string, log *slog.Logger, rates game.AddressRates) AddressLimiters {
	limiter := func(name string, r game.Rate) game.Limiter {
		if r.Burst == 0 {
			return nil
		}
		return tableLimiter(db, table, log, name, r.PerSecond(), r.Burst)
	}
	return AddressLimiters{Players: limiter("players", rates.Players), Tickets: limiter("tickets", rates.Tickets), Invites: limiter("invite", rates.Invites)}
}

// tableLimiter is the limiter name kept in the table, logging to log.
func tableLimiter(db dynamo.LimiterAPI, table string, log *slog.Logger, name string, rate float64, burst int) *dynamo.Limiter {
	l := dynamo.NewLimiter(db, table, name, rate, burst)
	l.Log = log
	return l
}

// tokenKeys are the keys of the secret EnvTokenKeyARN names, or of
// EnvTokenKey's value off the stack; for a function that needs none, a
// random one.
func tokenKeys(ctx context.Context, cfg aws.Config, getenv func(string) string, keyed bool) (auth.Keys, error) {
	if !keyed {
		key := make([]byte, 32)
		_, err := rand.Read(key)
		return auth.Keys{Current: key}, err
	}
	v := getenv(EnvTokenKey)
	if arn := getenv(EnvTokenKeyARN); arn != "" {
		var err error
		if v, err = (secrets.Reader{Config: cfg}).String(ctx, arn); err != nil {
			return auth.Keys{}, fmt.Errorf("token key: %w", err)
		}
	}
	if v == "" {
		return auth.Keys{}, fmt.Errorf("%s (or, off the stack, %s) must be set", EnvTokenKeyARN, EnvTokenKey)
	}
	return auth.ParseKeys(v)
}

// MustFromEnv is FromEnv for a function's main: a function that cannot
// wire itself cannot serve.
func MustFromEnv(ctx context.Context) *game.Service {
	return must(FromEnv(ctx))
}

// MustFromEnvWithoutKey is FromEnvWithoutKey for a function's main.
func MustFromEnvWithoutKey(ctx context.Context) *game.Service {
	return must(FromEnvWithoutKey(ctx))
}

func must(svc *game.Service, err error) *game.Service {
	if err != nil {
		slog.Error("wire function", "err", err)
		os.Exit(1)
	}
	return svc
}
