package stack

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"chronicler/events"
	"chronicler/shared/dynamo"
	"chronicler/shared/workflow"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2integrations"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscognito"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsevents"
	"github.com/aws/aws-cdk-go/awscdk/v2/awseventstargets"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssecretsmanager"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsstepfunctions"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// Environment variables the functions read (shared/assemble's EnvTable,
// EnvConnections, EnvTokenKey, ...). Spelled out rather than imported so
// the stack does not link the functions' wiring and its SDK clients; the
// stack test pins the names.
const (
	envTableName           = "TABLE_NAME"
	envConnectionsEndpoint = "CONNECTIONS_ENDPOINT"
	envTokenKeyARN         = "CHRONICLER_TOKEN_KEY_ARN"
	envMetrics             = "CHRONICLER_METRICS_NAMESPACE"
	envModelHigh           = "CHRONICLER_MODEL_HIGH"
	envDailyBudget         = "CHRONICLER_DAILY_BUDGET_USD"
	envModelLow            = "CHRONICLER_MODEL_LOW"
	envIdentity            = "CHRONICLER_IDENTITY"
	envIssuer              = "OIDC_ISSUER"
	envAudience            = "OIDC_AUDIENCE"
	envStateMachine        = "STATE_MACHINE_ARN"
	envFightMachine        = "FIGHT_STATE_MACHINE_ARN"
)

// Origins reads a comma-separated list of web origins (the origins
// context), leaving out blanks; none for "".
func Origins(list string) []string {
	var out []string
	for _, o := range strings.Split(list, ",") {
		if o = strings.TrimSpace(o); o != "" {
			out = append(out, o)
		}
	}
	return out
}

// DefaultAssetDir is where the Makefile leaves build/<name>/bootstrap,
// relative to the repository root (the directory cdk.json is in).
const DefaultAssetDir = "build"

// wsStage is the WebSocket API's one stage; clients connect to wss://.../live.
const wsStage = "live"

// ChroniclerStackProps configures NewChroniclerStack.
type ChroniclerStackProps struct {
	awscdk.StackProps
	// AssetDir holds one folder per function, each with the function's
	// linux/arm64 "bootstrap" binary. Empty means DefaultAssetDir.
	AssetDir string
	// AllowedOrigins are the web origins the HTTP API's CORS answers.
	// Empty means any origin ("*").
	AllowedOrigins []string
	// Identity is how players sign in: "anonymous" (the default: a name
	// and a recovery code) or "oidc" (the stack's Cognito user pool).
	Identity string
	// SelfSignUp lets anyone create an account in the players' user pool
	// (with Cognito's own email, which sends a few messages a day). Off,
	// the deployer creates the players' accounts.
	SelfSignUp bool
	// AlarmEmail, when set, is subscribed to the alarm topic (the address
	// must confirm the subscription).
	AlarmEmail string
	// MonthlyBudget is the stack's monthly spend in US dollars that the
	// budget warns about; 0 means DefaultMonthlyBudget, below 0 no budget.
	MonthlyBudget float64
	// DailyBudget is the game's own cap, in US dollars, on what the
	// narrator may cost in a day (UTC) across every campaign: narration
	// saves in steps as the day nears it (docs/operations.md, Spend caps
	// in the game). 0 means DefaultDailyBudget, below 0 no cap.
	DailyBudget float64
	// ModelHigh and ModelLow name the narrator's Bedrock models (or
	// inference profiles) of the two tiers; empty keeps the defaults, the
	// global profiles of Claude Sonnet 4.5 and Haiku 4.5.
	ModelHigh, ModelLow string
	// SweepConcurrency is the sweep's reserved concurrency: 0 means
	// DefaultSweepConcurrency (one run at a time), below 0 none.
	// ConnectConcurrency caps the connect function the same way (0 means
	// DefaultConnectConcurrency). Lambda keeps 100 of the account's
	// concurrency unreserved, so an account whose quota is at or near 100
	// (new accounts may have 10) cannot reserve: set both below 0 there.
	SweepConcurrency, ConnectConcurrency int
	// BackupRetentionDays is how long the table's daily backups are kept:
	// 0 means DefaultBackupRetentionDays, below 0 no backup plan.
	BackupRetentionDays int
	// BackupCopyVaultArn, when set, names a backup vault (in another
	// account or region) that each daily backup is copied to.
	BackupCopyVaultArn string
	// SignInDomainPrefix names the user pool's hosted sign-in pages,
	// https://<prefix>.auth.<region>.amazoncognito.com; it must be unique
	// in the region. Empty means "<stack id>-<account id>".
	SignInDomainPrefix string
	// Edge: the web client's WAF web ACL and the routes' throttles.
	Edge EdgeProps
	// Alarms: the spend and concurrency alarms' thresholds, the models' budget.
	Alarms AlarmProps
}

// DefaultDailyBudget is the game's cap on a day's model spend, in US
// dollars, when ChroniclerStackProps.DailyBudget is 0: a few dozen evenings
// of play at today's prices.
const DefaultDailyBudget = 10

// DefaultMonthlyBudget is the stack's budget, in US dollars a month, when
// the deployer names none.
const DefaultMonthlyBudget = 50

// function describes one Lambda: a folder in functions/ and in AssetDir.
type function struct {
	name        string
	description string
	timeoutSec  float64
	// table is every DynamoDB action the function's code calls on the
	// table (shared/dynamo's action groups), and indexes the indexes it
	// queries: its role holds these and nothing more.
	table   []string
	indexes []string
	// keyed: the function signs or verifies players' tokens, or seeds dice
	// with the key derived from the token key: it reads the key from
	// Secrets Manager at cold start. The others build with a key of their
	// own that nothing they do depends on.
	keyed bool
	// posts: the function sends messages to WebSocket connections (or drops
	// gone ones) through the API Gateway management API.
	posts bool
	// narrates: the function calls the narrator's models on Bedrock.
	narrates bool
	// flows: the function starts held turns' orchestration (a monster's
	// turn may open a window wherever it is played) and answers its tasks.
	flows bool
}

// routeTimeoutSec is the timeout of every function an API invokes.
const routeTimeoutSec = 28

// functions is every Lambda of the stack, in the order they are created.
//
// Every function reads campaigns and commits: each one that posts may find
// a connection gone and forget it, which is a commit (and its pointer
// read). Only the HTTP API imports campaigns (batch writes) and lists a
// player's campaigns (the byPlayer index); only the sweep finds campaigns
// by status (the byStatus index). The HTTP API answers its caller and
// never posts to connections.
//
// Every function behind an API ends within routeTimeoutSec, before API
// Gateway's integration gives up on it (29 s for a WebSocket route, 30 s
// for the HTTP API): no player is told a turn failed that goes on. A
// decided turn is narrated by the table's flow, in the step function,
// which has its own 90 s (shared/game/handoff.go).
var functions = []function{
	{name: "connect", description: "WebSocket $connect: checks the token, records the connection", timeoutSec: 10, table: commits, posts: true, keyed: true},
	{name: "disconnect", description: "WebSocket $disconnect: forgets the connection, updates presence, passes an open reaction window", timeoutSec: routeTimeoutSec, table: commits, posts: true, narrates: true, flows: true, keyed: true},
	{name: "resume", description: "WebSocket resume: Previously on... recap and presence", timeoutSec: routeTimeoutSec, table: commits, posts: true, narrates: true},
	{name: "turn", description: "WebSocket turn: reads the words, decides and announces the turn, hands its narration to the table's flow", timeoutSec: routeTimeoutSec, table: commits, posts: true, narrates: true, flows: true, keyed: true},
	{name: "roll", description: "WebSocket roll and react: a held turn's dice and reactions; the last answer hands the turn's narration to the table's flow", timeoutSec: routeTimeoutSec, table: commits, posts: true, narrates: true, flows: true, keyed: true},
	{name: "end_session", description: "WebSocket end_session: closes the session", timeoutSec: 10, table: commits, posts: true},
	{name: "sync", description: "WebSocket sync and $default: replays events; unknown actions get an error event", timeoutSec: 10, table: commits, posts: true},
	{name: "api", description: "HTTP API /api/*: campaigns, characters, membership, encounters", timeoutSec: routeTimeoutSec, table: concat(commits, dynamo.ImportActions), indexes: []string{dynamo.IndexByPlayer}, posts: true, narrates: true, flows: true, keyed: true},
	{name: "sweep", description: "every 15 minutes: closes sessions that lost all their players, finishes held turns whose orchestration was lost", timeoutSec: 300, table: commits, indexes: []string{dynamo.IndexByStatus}, posts: true, narrates: true, flows: true, keyed: true},
	{name: "step", description: "the state machines' steps: roll prompts, reaction rounds and their timeouts, a decided turn's narration, a fight's turns", timeoutSec: 90, table: commits, posts: true, narrates: true, flows: true, keyed: true},
}

// commits is what a function that reads and commits campaigns calls.
var commits = concat(dynamo.ReadActions, dynamo.CommitActions)

func concat(lists ...[]string) []string {
	var out []string
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// FunctionNames returns the name of every Lambda of the stack: each is a
// folder in functions/ and must be built to <AssetDir>/<name>/bootstrap.
func FunctionNames() []string {
	names := make([]string, len(functions))
	for i, f := range functions {
		names[i] = f.name
	}
	return names
}

// CheckAssets reports every function whose bootstrap binary is missing from
// dir. CDK would zip an empty folder without complaint and deploy a function
// that cannot start, so the app checks before it synthesizes.
func CheckAssets(dir string) error {
	var errs []error
	for _, name := range FunctionNames() {
		p := filepath.Join(dir, name, "bootstrap")
		fi, err := os.Stat(p)
		switch {
		case err != nil:
			errs = append(errs, fmt.Errorf("function %s: %w", name, err))
		case !fi.Mode().IsRegular():
			errs = append(errs, fmt.Errorf("function %s: %s is not a regular file", name, p))
		}
	}
	return errors.Join(errs...)
}

// NewChroniclerStack defines Chronicler's cloud: the table, the functions,
// the WebSocket API (stage "live"), the HTTP API, the sweep's schedule and
// the token key. Outputs: WebSocketUrl, HttpApiUrl, TableName.
func NewChroniclerStack(scope constructs.Construct, id string, props *ChroniclerStackProps) awscdk.Stack {
	if props == nil {
		props = &ChroniclerStackProps{}
	}
	assetDir := props.AssetDir
	if assetDir == "" {
		assetDir = DefaultAssetDir
	}
	stack := awscdk.NewStack(scope, jsii.String(id), &props.StackProps)
	edge := props.Edge.withDefaults()

	table := newTable(stack)

	// The key that signs player tokens (and keys the dice seeds). The
	// functions that need it read it with GetSecretValue at cold start: its
	// ARN is in their environment, never its value, which would show to
	// anyone allowed lambda:GetFunctionConfiguration. Retained like the
	// table, so tokens issued for retained campaigns can still be checked.
	tokenKey := awssecretsmanager.NewSecret(stack, jsii.String("TokenKey"), &awssecretsmanager.SecretProps{
		Description: jsii.String("Chronicler: HMAC key for player tokens"),
		GenerateSecretString: &awssecretsmanager.SecretStringGenerator{
			PasswordLength:     jsii.Number(64),
			ExcludePunctuation: jsii.Bool(true),
		},
		RemovalPolicy: awscdk.RemovalPolicy_RETAIN,
	})

	// Players who sign in do it here when Identity is "oidc"; the pool
	// exists either way so a deployment can switch without losing users.
	pool := awscognito.NewUserPool(stack, jsii.String("Players"), &awscognito.UserPoolProps{
		SelfSignUpEnabled: jsii.Bool(props.SelfSignUp),
		SignInAliases:     &awscognito.SignInAliases{Email: jsii.Bool(true), Username: jsii.Bool(true)},
		AutoVerify:        &awscognito.AutoVerifiedAttrs{Email: jsii.Bool(true)},
		AccountRecovery:   awscognito.AccountRecovery_EMAIL_ONLY,
		RemovalPolicy:     awscdk.RemovalPolicy_RETAIN,
		// Retained is not enough: a replacement or a console click would
		// still delete the players' accounts.
		DeletionProtection: jsii.Bool(true),
	})
	// The hosted sign-in pages, which the web client sends players to.
	domain := pool.AddDomain(jsii.String("SignIn"), &awscognito.UserPoolDomainOptions{
		CognitoDomain: &awscognito.CognitoDomainOptions{DomainPrefix: signInPrefix(id, props.SignInDomainPrefix)},
	})
	identity := props.Identity
	if identity == "" {
		identity = "anonymous"
	}

	ws := awsapigatewayv2.NewWebSocketApi(stack, jsii.String("WebSocketApi"), &awsapigatewayv2.WebSocketApiProps{
		ApiName:     jsii.String(id + "-live"),
		Description: jsii.String("Chronicler: players' live connection"),
		// The client sends {"action": "turn", ...}; this is also the default.
		RouteSelectionExpression: jsii.String("$request.body.action"),
	})
	stage := awsapigatewayv2.NewWebSocketStage(stack, jsii.String("LiveStage"), &awsapigatewayv2.WebSocketStageProps{
		WebSocketApi: ws,
		StageName:    jsii.String(wsStage),
		AutoDeploy:   jsii.Bool(true),
		// Per-stage throttling in front of the functions' own per-player limits.
		Throttle: &awsapigatewayv2.ThrottleSettings{RateLimit: jsii.Number(StageRate), BurstLimit: jsii.Number(StageBurst)},
	})

	origins := props.AllowedOrigins
	if len(origins) == 0 {
		// Any origin by default: the HTTP API authenticates with a bearer
		// token, never a cookie, so no credential rides on a cross-origin
		// request. The web client's own origin cannot be named here: its
		// distribution's stack takes this API's URL for config.json, so
		// the API naming the distribution would be a cycle. A deployer
		// with the client on a domain of their own names it
		// (-c origins=https://play.example.com).
		origins = []string{"*"}
	}
	httpAPI := awsapigatewayv2.NewHttpApi(stack, jsii.String("HttpApi"), &awsapigatewayv2.HttpApiProps{
		ApiName:     jsii.String(id + "-http"),
		Description: jsii.String("Chronicler: campaigns, characters and membership"),
		CorsPreflight: &awsapigatewayv2.CorsPreflightOptions{
			AllowOrigins: jsii.Strings(origins...),
			AllowMethods: &[]awsapigatewayv2.CorsHttpMethod{awsapigatewayv2.CorsHttpMethod_ANY},
			AllowHeaders: jsii.Strings("authorization", "content-type"),
			MaxAge:       awscdk.Duration_Hours(jsii.Number(1)),
		},
	})
	if st, ok := httpAPI.DefaultStage().Node().DefaultChild().(awsapigatewayv2.CfnStage); ok {
		st.SetDefaultRouteSettings(&awsapigatewayv2.CfnStage_RouteSettingsProperty{
			ThrottlingRateLimit: jsii.Number(StageRate), ThrottlingBurstLimit: jsii.Number(StageBurst),
		})
	}
	// The web client and the pool's client it signs players in with: the
	// client's callback is the web client's URL, so both live in one
	// nested stack (config.json names the client, the client names the URL).
	client := newWeb(stack, webProps{
		httpAPIURL: httpAPI.Url(), webSocketURL: stage.Url(),
		pool: pool, signInURL: domain.BaseUrl(nil), identity: identity, edge: edge,
	})

	// The reaction window's state machine is named, so its ARN can be
	// written before it exists: it invokes the step function, which must
	// know it (a Ref would be a dependency cycle).
	flowName := id + "-reaction-window"
	flowARN := "arn:" + *awscdk.Aws_PARTITION() + ":states:" + *awscdk.Aws_REGION() + ":" + *awscdk.Aws_ACCOUNT_ID() + ":stateMachine:" + flowName
	// The fight's flow, named for the same reason: it plays the turns no
	// player takes, one step invocation each.
	fightName := id + "-fight"
	fightARN := "arn:" + *awscdk.Aws_PARTITION() + ":states:" + *awscdk.Aws_REGION() + ":" + *awscdk.Aws_ACCOUNT_ID() + ":stateMachine:" + fightName

	metricsNS := metricsNamespace(id)
	fns := map[string]awslambda.Function{}
	for _, f := range functions {
		env := map[string]*string{envTableName: table.TableName(), envMetrics: jsii.String(metricsNS)}
		if f.flows {
			env[envStateMachine] = jsii.String(flowARN)
			env[envFightMachine] = jsii.String(fightARN)
		}
		if f.posts {
			// https://{apiId}.execute-api.{region}.amazonaws.com/live
			env[envConnectionsEndpoint] = stage.CallbackUrl()
		}
		if f.keyed {
			env[envTokenKeyARN] = tokenKey.SecretArn()
		}
		if f.narrates && props.ModelHigh != "" {
			env[envModelHigh] = jsii.String(props.ModelHigh)
		}
		if f.narrates && props.ModelLow != "" {
			env[envModelLow] = jsii.String(props.ModelLow)
		}
		if daily := cmp.Or(props.DailyBudget, DefaultDailyBudget); f.narrates && daily > 0 {
			env[envDailyBudget] = jsii.String(strconv.FormatFloat(daily, 'f', -1, 64))
		}
		env[envIdentity] = jsii.String(identity)
		env[envIssuer] = pool.UserPoolProviderUrl()
		env[envAudience] = client.UserPoolClientId()
		fn := newFunction(stack, f, assetDir, env)
		grantTable(fn, table, f)
		if f.keyed {
			// GetSecretValue (and DescribeSecret) on this secret only.
			tokenKey.GrantRead(fn, nil)
		}
		if f.posts {
			// execute-api:ManageConnections on this API's live stage only.
			stage.GrantManagementApiAccess(fn)
		}
		if f.narrates {
			// The two tiers' models and nothing else. No Marketplace
			// actions: the deployer subscribes the account to the models
			// once, before the first deploy (docs/operations.md), so no
			// function can subscribe the account to anything.
			for _, st := range modelStatements(narratorModels(props)) {
				fn.AddToRolePolicy(st)
			}
		}
		if f.flows {
			// Start a held turn's flow and answer its tasks: on this machine
			// and its executions only; and start a fight's flow.
			fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
				Actions:   jsii.Strings("states:StartExecution", "states:SendTaskSuccess", "states:SendTaskFailure"),
				Resources: jsii.Strings(flowARN),
			}))
			fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
				Actions:   jsii.Strings("states:StartExecution"),
				Resources: jsii.Strings(fightARN),
			}))
		}
		fns[f.name] = fn
	}
	// Every caller below invokes a function's live alias, never the
	// function itself: that is what lets a deployment shift and roll back.
	d := deployments(stack, id, fns, props)

	// Standard, not Express: the roll prompt and the window wait on task
	// tokens. The definition is the one the local server runs, verbatim.
	flow := awsstepfunctions.NewStateMachine(stack, jsii.String("ReactionWindow"), &awsstepfunctions.StateMachineProps{
		StateMachineName: jsii.String(flowName),
		StateMachineType: awsstepfunctions.StateMachineType_STANDARD,
		TracingEnabled:   jsii.Bool(true),
		// Every state's transitions, without the execution data: payloads
		// hold players' words and task tokens.
		Logs: &awsstepfunctions.LogOptions{
			Destination:          logGroup(stack, "ReactionWindowLogs"),
			Level:                awsstepfunctions.LogLevel_ALL,
			IncludeExecutionData: jsii.Bool(false),
		},
		DefinitionBody: awsstepfunctions.DefinitionBody_FromString(jsii.String(workflow.Definition())),
		DefinitionSubstitutions: &map[string]*string{
			workflow.RollFunctionArn:   d.aliases["step"].FunctionArn(),
			workflow.WindowFunctionArn: d.aliases["step"].FunctionArn(),
		},
		Comment: jsii.String("Chronicler: roll prompts and reaction windows of held turns"),
	})
	// The raw definition grants nothing: the machine may invoke exactly
	// the step function.
	d.aliases["step"].GrantInvoke(flow)

	// Standard too: a long fight outlives an Express workflow's 5 minutes.
	// One turn per step invocation, each bounded by the step function's
	// timeout; a try that failed is tried again within seconds.
	fight := awsstepfunctions.NewStateMachine(stack, jsii.String("Fight"), &awsstepfunctions.StateMachineProps{
		StateMachineName: jsii.String(fightName),
		StateMachineType: awsstepfunctions.StateMachineType_STANDARD,
		TracingEnabled:   jsii.Bool(true),
		Logs: &awsstepfunctions.LogOptions{
			Destination:          logGroup(stack, "FightLogs"),
			Level:                awsstepfunctions.LogLevel_ERROR,
			IncludeExecutionData: jsii.Bool(false),
		},
		DefinitionBody:          awsstepfunctions.DefinitionBody_FromString(jsii.String(workflow.FightDefinition())),
		DefinitionSubstitutions: &map[string]*string{workflow.FightFunctionArn: d.aliases["step"].FunctionArn()},
		Comment:                 jsii.String("Chronicler: the turns of a fight that no player takes, one per invocation"),
	})
	d.aliases["step"].GrantInvoke(fight)

	// The routes of events.Routes, which the local gateway serves too, with
	// one integration per function: sync serves both its own route and
	// $default, where it answers unknown actions with an error event.
	wsIntegration := map[string]awsapigatewayv2integrations.WebSocketLambdaIntegration{}
	integrate := func(r events.Route) awsapigatewayv2integrations.WebSocketLambdaIntegration {
		if in, ok := wsIntegration[r.Function]; ok {
			return in
		}
		fn, ok := d.aliases[r.Function]
		if !ok {
			panic(fmt.Sprintf("route %s: the stack has no function %q", r.Key, r.Function))
		}
		in := awsapigatewayv2integrations.NewWebSocketLambdaIntegration(jsii.String(r.Function+"Integration"), fn, nil)
		wsIntegration[r.Function] = in
		return in
	}
	wsRoutes := map[string]awsapigatewayv2.WebSocketRoute{}
	for _, r := range events.Routes() {
		wsRoutes[r.Key] = ws.AddRoute(jsii.String(r.Key), &awsapigatewayv2.WebSocketRouteOptions{Integration: integrate(r)})
	}

	apiIntegration := awsapigatewayv2integrations.NewHttpLambdaIntegration(jsii.String("apiIntegration"), d.aliases["api"], nil)
	httpAPI.AddRoutes(&awsapigatewayv2.AddRoutesOptions{
		Path:        jsii.String("/api/{proxy+}"),
		Methods:     &[]awsapigatewayv2.HttpMethod{awsapigatewayv2.HttpMethod_ANY},
		Integration: apiIntegration,
	})
	// The routes that need no token, apart so that they can be throttled.
	var playerRoutes []awsapigatewayv2.HttpRoute
	for _, path := range PlayerRoutes {
		playerRoutes = append(playerRoutes, *httpAPI.AddRoutes(&awsapigatewayv2.AddRoutesOptions{
			Path: jsii.String(path), Methods: &[]awsapigatewayv2.HttpMethod{awsapigatewayv2.HttpMethod_POST}, Integration: apiIntegration,
		})...)
	}
	throttleRoutes(stage, wsRoutes, httpAPI, playerRoutes, edge)

	awsevents.NewRule(stack, jsii.String("SweepSchedule"), &awsevents.RuleProps{
		Description: jsii.String("Chronicler: run the sweep every 15 minutes"),
		Schedule:    awsevents.Schedule_Rate(awscdk.Duration_Minutes(jsii.Number(15))),
		Targets: &[]awsevents.IRuleTarget{
			// A sweep that cannot be delivered is not worth chasing: the next
			// one comes 15 minutes later and does the same work.
			awseventstargets.NewLambdaFunction(d.aliases["sweep"], &awseventstargets.LambdaFunctionProps{
				RetryAttempts: jsii.Number(2),
				MaxEventAge:   awscdk.Duration_Minutes(jsii.Number(10)),
				// An event still undelivered then is kept for the operator,
				// in the queue that also gets the runs that failed.
				DeadLetterQueue: d.sweepFailures,
			}),
		},
	})

	accessLogs(stack, stage, httpAPI)
	topic := observe(stack, observed{
		id: id, namespace: metricsNS, fns: fns, flow: flow, fight: fight, table: table, ws: ws, http: httpAPI,
		alarmEmail: props.AlarmEmail, budget: props.MonthlyBudget, alarms: props.Alarms, sweepFailures: d.sweepFailures,
	})
	notifyDeployments(d, topic)
	vault, backupRole := backups(stack, id, table, props)
	// The budget filters the account's costs on this tag, once it is
	// activated as a cost allocation tag (docs/operations.md).
	awscdk.Tags_Of(stack).Add(jsii.String(costTag), jsii.String(id), nil)

	output := func(name, desc string, v *string) {
		awscdk.NewCfnOutput(stack, jsii.String(name), &awscdk.CfnOutputProps{Description: jsii.String(desc), Value: v})
	}
	output("AlarmTopicArn", "SNS topic of the alarms and the budget's warnings", topic.TopicArn())
	output("WebSocketUrl", "wss:// URL the web client connects to", stage.Url())
	output("HttpApiUrl", "Base URL of the HTTP API (routes under /api/)", httpAPI.Url())
	output("UserPoolIssuer", "OpenID Connect issuer of the players' user pool", pool.UserPoolProviderUrl())
	output("UserPoolClientId", "Client id the web client signs in with", client.UserPoolClientId())
	output("TableName", "The DynamoDB table", table.TableName())
	output("SweepFailuresQueueUrl", "SQS queue of the sweep's failed scheduled runs (kept 14 days)", d.sweepFailures.QueueUrl())
	if vault != nil {
		output("BackupVaultName", "AWS Backup vault of the table's daily backups", vault.BackupVaultName())
		output("BackupRoleArn", "Role AWS Backup restores the table's backups with", backupRole.RoleArn())
	}
	output("SignInUrl", "The players' hosted sign-in pages (used when identity is oidc)", domain.BaseUrl(nil))
	return stack
}

// signInPrefix is the user pool domain's prefix: the one given, or the stack
// id in the letters a prefix allows followed by the account id, which makes
// it unique in the region for one stack of that name per account.
func signInPrefix(id, given string) *string {
	if given != "" {
		return jsii.String(given)
	}
	clean := strings.Trim(regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(strings.ToLower(id), "-"), "-")
	if clean == "" {
		clean = "chronicler"
	}
	return awscdk.Fn_Join(jsii.String("-"), jsii.Strings(clean, *awscdk.Aws_ACCOUNT_ID()))
}

// newTable is dynamo.Table as a CDK table, so the cloud and the table the
// local server creates with dynamo.Table.CreateTableInput cannot disagree.
func newTable(scope constructs.Construct) awsdynamodb.TableV2 {
	s := dynamo.Table
	str := func(name string) *awsdynamodb.Attribute {
		return &awsdynamodb.Attribute{Name: jsii.String(name), Type: awsdynamodb.AttributeType_STRING}
	}
	gsis := make([]*awsdynamodb.GlobalSecondaryIndexPropsV2, 0, len(s.Indexes))
	for _, ix := range s.Indexes {
		gsi := &awsdynamodb.GlobalSecondaryIndexPropsV2{
			IndexName:      jsii.String(ix.Name),
			PartitionKey:   str(ix.PartitionKey),
			ProjectionType: awsdynamodb.ProjectionType_ALL,
		}
		if ix.SortKey != "" {
			gsi.SortKey = str(ix.SortKey)
		}
		gsis = append(gsis, gsi)
	}
	return awsdynamodb.NewTableV2(scope, jsii.String("Table"), &awsdynamodb.TablePropsV2{
		PartitionKey:           str(s.PartitionKey),
		SortKey:                str(s.SortKey),
		GlobalSecondaryIndexes: &gsis,
		Billing:                awsdynamodb.Billing_OnDemand(nil),
		PointInTimeRecoverySpecification: &awsdynamodb.PointInTimeRecoverySpecification{
			PointInTimeRecoveryEnabled: jsii.Bool(true),
		},
		TimeToLiveAttribute: jsii.String(s.TTLAttribute),
		// A campaign must outlive `cdk destroy`: the table stays behind,
		// and nothing deletes it (a replacement, a console click) until
		// someone turns the protection off.
		RemovalPolicy:      awscdk.RemovalPolicy_RETAIN,
		DeletionProtection: jsii.Bool(true),
	})
}

// newFunction is one Go Lambda on arm64 provided.al2023, with its own log
// group. An explicit log group replaces the deprecated logRetention property,
// which would add a Node.js custom-resource function and a logs policy on "*".
func newFunction(scope constructs.Construct, f function, assetDir string, env map[string]*string) awslambda.Function {
	logs := logGroup(scope, f.name+"Logs")
	return awslambda.NewFunction(scope, jsii.String(f.name), &awslambda.FunctionProps{
		Description:  jsii.String("Chronicler " + f.name + ": " + f.description),
		Runtime:      awslambda.Runtime_PROVIDED_AL2023(),
		Architecture: awslambda.Architecture_ARM_64(),
		Handler:      jsii.String("bootstrap"),
		Code:         awslambda.Code_FromAsset(jsii.String(filepath.Join(assetDir, f.name)), nil),
		MemorySize:   jsii.Number(256),
		Timeout:      awscdk.Duration_Seconds(jsii.Number(f.timeoutSec)),
		Environment:  &env,
		LogGroup:     logs,
		// X-Ray: each invocation's segment (initialization, duration,
		// errors), in the trace of the state machine's execution when it
		// invoked the function.
		Tracing: awslambda.Tracing_ACTIVE,
	})
}

// logGroup is a log group kept a month. Logs are operational; the
// campaign lives in the table.
func logGroup(scope constructs.Construct, id string) awslogs.LogGroup {
	return awslogs.NewLogGroup(scope, jsii.String(id), &awslogs.LogGroupProps{
		Retention:     awslogs.RetentionDays_ONE_MONTH,
		RemovalPolicy: awscdk.RemovalPolicy_DESTROY,
	})
}

// grantTable allows f exactly the DynamoDB actions it calls: on the table,
// and Query on the indexes it reads.
func grantTable(fn awslambda.Function, table awsdynamodb.TableV2, f function) {
	fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   jsii.Strings(f.table...),
		Resources: &[]*string{table.TableArn()},
	}))
	if len(f.indexes) == 0 {
		return
	}
	var arns []*string
	for _, ix := range f.indexes {
		arns = append(arns, jsii.String(*table.TableArn()+"/index/"+ix))
	}
	fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   jsii.Strings(dynamo.IndexActions...),
		Resources: &arns,
	}))
}
