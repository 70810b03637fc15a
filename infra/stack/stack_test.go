package stack_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"chronicler/events"
	"chronicler/infra/stack"
	"chronicler/shared/workflow"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"
)

// TestMain stops the jsii runtime (a Node.js child process) once, after
// every test: it cannot be restarted within a process.
func TestMain(m *testing.M) {
	code := m.Run()
	jsii.Close()
	os.Exit(code)
}

// Expected shape of every function. Written out, not derived from the
// stack's own table, so that a change there has to be made here as well.
var wantFunctions = map[string]struct {
	timeout  float64
	table    []string // exactly the DynamoDB actions it may call on the table
	index    string   // the one index it may query, if any
	posts    bool     // posts to WebSocket connections
	narrates bool     // invokes the narrator's models on Bedrock
	flows    bool     // starts held turns' flows and answers their tasks
	keyed    bool     // reads the token key from Secrets Manager
}{
	"connect":     {timeout: 10, table: commits, posts: true, keyed: true},
	"disconnect":  {timeout: 28, table: commits, posts: true, narrates: true, flows: true, keyed: true},
	"resume":      {timeout: 28, table: commits, posts: true, narrates: true},
	"turn":        {timeout: 28, table: commits, posts: true, narrates: true, flows: true, keyed: true},
	"roll":        {timeout: 28, table: commits, posts: true, narrates: true, flows: true, keyed: true},
	"end_session": {timeout: 10, table: commits, posts: true},
	"sync":        {timeout: 10, table: commits, posts: true},
	"api":         {timeout: 28, table: append([]string{"dynamodb:BatchWriteItem"}, commits...), index: "byPlayer", posts: true, narrates: true, flows: true, keyed: true},
	"sweep":       {timeout: 300, table: commits, index: "byStatus", posts: true, narrates: true, flows: true, keyed: true},
	"step":        {timeout: 90, table: commits, posts: true, narrates: true, flows: true, keyed: true},
}

// commits is what a function that reads and commits campaigns calls: the
// store's reads, and the writes of its transactions (a TransactWriteItems
// is authorized on its puts, deletes and condition checks), and the
// UpdateItem that adds a turn's cost to the day's spend. No Scan, no
// streams.
var commits = []string{
	"dynamodb:BatchGetItem", "dynamodb:ConditionCheckItem", "dynamodb:DeleteItem",
	"dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:Query", "dynamodb:UpdateItem",
}

// envAllowed is every environment variable a function may have: names, ARNs
// and URLs, never a secret's value.
var envAllowed = []string{
	"TABLE_NAME", "CONNECTIONS_ENDPOINT", "STATE_MACHINE_ARN", "FIGHT_STATE_MACHINE_ARN", "CHRONICLER_TOKEN_KEY_ARN",
	"CHRONICLER_IDENTITY", "OIDC_ISSUER", "OIDC_AUDIENCE", "CHRONICLER_METRICS_NAMESPACE",
	"CHRONICLER_MODEL_HIGH", "CHRONICLER_MODEL_LOW", "CHRONICLER_DAILY_BUDGET_USD",
}

func TestFunctionNamesMatchFolders(t *testing.T) {
	got := stack.FunctionNames()
	if len(got) != len(wantFunctions) {
		t.Fatalf("FunctionNames() = %v, want the %d functions %v", got, len(wantFunctions), keys(wantFunctions))
	}
	for _, name := range got {
		if _, ok := wantFunctions[name]; !ok {
			t.Errorf("FunctionNames() has unexpected %q", name)
		}
	}
}

// The functions the stack gives no key to are the ones built without one.
func TestKeyedFunctionsReadTheKey(t *testing.T) {
	for name, want := range wantFunctions {
		src, err := os.ReadFile(filepath.Join("..", "..", "functions", name, "main.go"))
		if err != nil {
			t.Fatal(err)
		}
		if keyless := strings.Contains(string(src), "FromEnvWithoutKey("); keyless == want.keyed {
			t.Errorf("functions/%s builds without the key: %v; the stack grants it: %v", name, keyless, want.keyed)
		}
	}
}

func TestRoutesNameFunctions(t *testing.T) {
	for _, r := range events.Routes() {
		if !slices.Contains(stack.FunctionNames(), r.Function) {
			t.Errorf("route %s names %q, which is no function of the stack", r.Key, r.Function)
		}
	}
}

func TestCheckAssets(t *testing.T) {
	t.Run("AllPresent", func(t *testing.T) {
		if err := stack.CheckAssets(assetDir(t)); err != nil {
			t.Errorf("CheckAssets = %v, want nil", err)
		}
	})
	t.Run("OneMissing", func(t *testing.T) {
		dir := assetDir(t)
		if err := os.Remove(filepath.Join(dir, "turn", "bootstrap")); err != nil {
			t.Fatal(err)
		}
		err := stack.CheckAssets(dir)
		if err == nil || !strings.Contains(err.Error(), "function turn") {
			t.Errorf("CheckAssets = %v, want an error naming turn", err)
		}
	})
	t.Run("DirectoryInsteadOfBinary", func(t *testing.T) {
		dir := assetDir(t)
		p := filepath.Join(dir, "sweep", "bootstrap")
		if err := os.Remove(p); err != nil {
			t.Fatal(err)
		}
		if err := os.Mkdir(p, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := stack.CheckAssets(dir); err == nil {
			t.Error("CheckAssets = nil, want an error for a directory named bootstrap")
		}
	})
}

func TestChroniclerStack(t *testing.T) {
	s := defaultStack(t)
	tmpl, doc := s.tmpl, s.doc

	t.Run("WebSocketRoutes", func(t *testing.T) {
		routes := map[string]string{ // route key -> function
			"$connect":    "connect",
			"$disconnect": "disconnect",
			"$default":    "sync",
			"resume":      "resume",
			"turn":        "turn",
			"end_session": "end_session",
			"sync":        "sync",
			"roll":        "roll",
			"react":       "roll",
		}
		for key, fn := range routes {
			match(t, "route "+key, func() {
				tmpl.HasResourceProperties(jsii.String("AWS::ApiGatewayV2::Route"), map[string]any{"RouteKey": key})
			})
			if got := doc.routeFunction(t, key); got != fn {
				t.Errorf("route %s invokes %q, want %q", key, got, fn)
			}
		}
		match(t, "stage", func() {
			tmpl.HasResourceProperties(jsii.String("AWS::ApiGatewayV2::Stage"), map[string]any{"StageName": "live", "AutoDeploy": true})
		})
	})

	t.Run("RouteTable", func(t *testing.T) {
		// The table the local gateway serves is what API Gateway routes:
		// every route of it, to its function, and no other.
		var want, got []string
		for _, r := range events.Routes() {
			want = append(want, r.Key)
			if fn := doc.routeFunction(t, r.Key); fn != r.Function {
				t.Errorf("route %s invokes %q, want %q", r.Key, fn, r.Function)
			}
		}
		api := ""
		for id, r := range doc.Resources {
			if r.Type == "AWS::ApiGatewayV2::Api" && r.Properties["ProtocolType"] == "WEBSOCKET" {
				api = id
			}
		}
		for _, r := range doc.Resources {
			if r.Type == "AWS::ApiGatewayV2::Route" && refIn(r.Properties["ApiId"]) == api {
				got = append(got, fmt.Sprint(r.Properties["RouteKey"]))
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		if api == "" || !slices.Equal(got, want) {
			t.Errorf("WebSocket API %q has routes %v, want %v", api, got, want)
		}
	})

	t.Run("HttpApi", func(t *testing.T) {
		if got := doc.routeFunction(t, "ANY /api/{proxy+}"); got != "api" {
			t.Errorf("ANY /api/{proxy+} invokes %q, want api", got)
		}
		match(t, "cors", func() {
			tmpl.HasResourceProperties(jsii.String("AWS::ApiGatewayV2::Api"), map[string]any{
				"ProtocolType":      "HTTP",
				"CorsConfiguration": map[string]any{"AllowOrigins": []any{"*"}},
			})
		})
	})

	t.Run("Table", func(t *testing.T) {
		// Literal names: the table is retained, so a changed key is a new
		// table in the cloud; this test makes that change deliberate.
		match(t, "keys, indexes, billing, ttl", func() {
			tmpl.HasResourceProperties(jsii.String("AWS::DynamoDB::GlobalTable"), map[string]any{
				"KeySchema": []any{
					map[string]any{"AttributeName": "pk", "KeyType": "HASH"},
					map[string]any{"AttributeName": "sk", "KeyType": "RANGE"},
				},
				"GlobalSecondaryIndexes": []any{
					map[string]any{
						"IndexName": "byStatus",
						"KeySchema": []any{
							map[string]any{"AttributeName": "gsi_status", "KeyType": "HASH"},
							map[string]any{"AttributeName": "last_played_at", "KeyType": "RANGE"},
						},
						"Projection": map[string]any{"ProjectionType": "ALL"},
					},
					map[string]any{
						"IndexName": "byPlayer",
						"KeySchema": []any{
							map[string]any{"AttributeName": "gsi_player", "KeyType": "HASH"},
							map[string]any{"AttributeName": "pk", "KeyType": "RANGE"},
						},
						"Projection": map[string]any{"ProjectionType": "ALL"},
					},
				},
				"BillingMode":             "PAY_PER_REQUEST",
				"TimeToLiveSpecification": map[string]any{"AttributeName": "expires_at", "Enabled": true},
				"Replicas": assertions.Match_ArrayWith(&[]any{
					assertions.Match_ObjectLike(&map[string]any{
						"PointInTimeRecoverySpecification": map[string]any{"PointInTimeRecoveryEnabled": true},
					}),
				}),
			})
		})
		match(t, "retained", func() {
			tmpl.HasResource(jsii.String("AWS::DynamoDB::GlobalTable"), map[string]any{
				"DeletionPolicy":      "Retain",
				"UpdateReplacePolicy": "Retain",
			})
		})
		match(t, "one table", func() {
			tmpl.ResourceCountIs(jsii.String("AWS::DynamoDB::GlobalTable"), jsii.Number(1))
		})
	})

	t.Run("Functions", func(t *testing.T) {
		match(t, "count", func() {
			tmpl.ResourceCountIs(jsii.String("AWS::Lambda::Function"), jsii.Number(float64(len(wantFunctions))))
		})
		match(t, "arm64 provided.al2023 bootstrap", func() {
			tmpl.AllResourcesProperties(jsii.String("AWS::Lambda::Function"), map[string]any{
				"Architectures": []any{"arm64"},
				"Runtime":       "provided.al2023",
				"Handler":       "bootstrap",
				"MemorySize":    256,
			})
		})
		for name, want := range wantFunctions {
			t.Run(name, func(t *testing.T) {
				id := doc.functionID(t, name)
				props := doc.Resources[id].Properties
				if got, _ := props["Timeout"].(float64); got != want.timeout {
					t.Errorf("Timeout = %v, want %v", props["Timeout"], want.timeout)
				}
				env, _ := dig(props, "Environment", "Variables").(map[string]any)
				if env["TABLE_NAME"] == nil {
					t.Error("TABLE_NAME not set")
				}
				if got := env["CONNECTIONS_ENDPOINT"] != nil; got != want.posts {
					t.Errorf("CONNECTIONS_ENDPOINT set = %v, want %v", got, want.posts)
				}
				if want.posts && !strings.Contains(flat(env["CONNECTIONS_ENDPOINT"]), "https://") {
					t.Errorf("CONNECTIONS_ENDPOINT = %s, want an https:// callback URL", flat(env["CONNECTIONS_ENDPOINT"]))
				}
				for name, v := range env {
					if !slices.Contains(envAllowed, name) {
						t.Errorf("environment variable %s = %s is not one a function may have", name, flat(v))
					}
					if strings.Contains(flat(v), "resolve:secretsmanager") || strings.Contains(flat(v), "SecretString") {
						t.Errorf("environment variable %s = %s holds a secret's value", name, flat(v))
					}
				}
				secret := doc.resourceID(t, "AWS::SecretsManager::Secret")
				if got := refIn(env["CHRONICLER_TOKEN_KEY_ARN"]) == secret; got != want.keyed {
					t.Errorf("CHRONICLER_TOKEN_KEY_ARN = %s; names the token key: %v, want %v", flat(env["CHRONICLER_TOKEN_KEY_ARN"]), got, want.keyed)
				}
				if got := doc.roleAllows(t, id, "secretsmanager:GetSecretValue", secret); got != want.keyed {
					t.Errorf("may read the token key = %v, want %v", got, want.keyed)
				}
				if props["TracingConfig"] == nil || dig(props, "TracingConfig", "Mode") != "Active" {
					t.Errorf("TracingConfig = %v, want active tracing", props["TracingConfig"])
				}
				if got := flat(env["CHRONICLER_METRICS_NAMESPACE"]); got != `"Chronicler/Test"` {
					t.Errorf("CHRONICLER_METRICS_NAMESPACE = %s, want the stack's namespace", got)
				}
				if got, want := flat(env["CHRONICLER_DAILY_BUDGET_USD"]), map[bool]string{true: `"10"`, false: "null"}[want.narrates]; got != want {
					t.Errorf("CHRONICLER_DAILY_BUDGET_USD = %s, want %s: the default daily cap where the function narrates", got, want)
				}
				if got := flat(env["CHRONICLER_IDENTITY"]); got != `"anonymous"` {
					t.Errorf("CHRONICLER_IDENTITY = %s, want the default \"anonymous\"", got)
				}
				if iss := flat(env["OIDC_ISSUER"]); !strings.Contains(iss, `"ProviderURL"`) || !strings.Contains(flat(env["OIDC_AUDIENCE"]), "WebClient") {
					t.Errorf("OIDC_ISSUER = %s, OIDC_AUDIENCE = %v: want the stack's user pool", iss, env["OIDC_AUDIENCE"])
				}
				if _, ok := dig(props, "LoggingConfig", "LogGroup").(map[string]any); !ok {
					t.Error("no log group of its own")
				}

				actions := doc.roleActions(t, id)
				table, indexes := doc.dynamoGrants(t, id)
				wantTable := slices.Sorted(slices.Values(want.table))
				if !slices.Equal(table, wantTable) {
					t.Errorf("DynamoDB actions on the table %v, want exactly %v", table, wantTable)
				}
				var wantIndexes []string
				if want.index != "" {
					wantIndexes = []string{"dynamodb:Query on " + want.index}
				}
				if !slices.Equal(indexes, wantIndexes) {
					t.Errorf("DynamoDB actions on indexes %v, want exactly %v", indexes, wantIndexes)
				}
				if i := slices.IndexFunc(actions, func(a string) bool { return strings.HasPrefix(a, "aws-marketplace:") }); i >= 0 {
					t.Errorf("may call %s: subscribing to the models is the deployer's step, not a function's", actions[i])
				}
				if got := slices.Contains(actions, "bedrock:InvokeModelWithResponseStream"); got != want.narrates {
					t.Errorf("may invoke Bedrock = %v, want %v", got, want.narrates)
				}
				if got := slices.Contains(actions, "execute-api:ManageConnections"); got != want.posts {
					t.Errorf("execute-api:ManageConnections = %v, want %v", got, want.posts)
				}
				if got := slices.Contains(actions, "states:SendTaskSuccess") && slices.Contains(actions, "states:StartExecution"); got != want.flows {
					t.Errorf("starts and answers flows = %v, want %v; actions %v", got, want.flows, actions)
				}
				if got := env["STATE_MACHINE_ARN"] != nil; got != want.flows {
					t.Errorf("STATE_MACHINE_ARN set = %v, want %v", got, want.flows)
				} else if got && !strings.Contains(flat(env["STATE_MACHINE_ARN"]), ":stateMachine:Test-reaction-window") {
					t.Errorf("STATE_MACHINE_ARN = %s", flat(env["STATE_MACHINE_ARN"]))
				}
				// Whatever lets a fight's turns come up starts its flow.
				if got := env["FIGHT_STATE_MACHINE_ARN"] != nil; got != want.flows {
					t.Errorf("FIGHT_STATE_MACHINE_ARN set = %v, want %v", got, want.flows)
				} else if got && !strings.Contains(flat(env["FIGHT_STATE_MACHINE_ARN"]), ":stateMachine:Test-fight") {
					t.Errorf("FIGHT_STATE_MACHINE_ARN = %s", flat(env["FIGHT_STATE_MACHINE_ARN"]))
				}
			})
		}
		match(t, "log retention", func() {
			tmpl.AllResourcesProperties(jsii.String("AWS::Logs::LogGroup"), map[string]any{"RetentionInDays": 30})
		})
	})

	machines := map[string]string{} // name -> the definition the stack must run
	machines["Test-reaction-window"] = workflow.Definition()
	machines["Test-fight"] = workflow.FightDefinition()
	for name, def := range machines {
		t.Run("StateMachine/"+name, func(t *testing.T) { stateMachine(t, doc, name, def) })
	}

	t.Run("FlowsStartedOnTheStacksMachinesOnly", func(t *testing.T) {
		doc.eachStatement(func(_ string, st map[string]any) {
			if !slices.Contains(strs(st["Action"]), "states:StartExecution") {
				return
			}
			res := flat(st["Resource"])
			if !strings.Contains(res, ":stateMachine:Test-reaction-window") && !strings.Contains(res, ":stateMachine:Test-fight") {
				t.Errorf("states:StartExecution on %s", res)
			}
		})
	})

	t.Run("ReactionWindowStateMachine", func(t *testing.T) {
		// Flows are answered on the reaction window's machine only.
		doc.eachStatement(func(_ string, st map[string]any) {
			if slices.Contains(strs(st["Action"]), "states:SendTaskSuccess") && !strings.Contains(flat(st["Resource"]), ":stateMachine:Test-reaction-window") {
				t.Errorf("states actions on %s", flat(st["Resource"]))
			}
		})
	})

	t.Run("ManageConnectionsOnThisStageOnly", func(t *testing.T) {
		n := 0
		doc.eachStatement(func(_ string, st map[string]any) {
			if !slices.Contains(strs(st["Action"]), "execute-api:ManageConnections") {
				return
			}
			n++
			res := flat(st["Resource"])
			if !strings.Contains(res, `/live/*/@connections/*"`) || strings.Contains(res, `"*"`) {
				t.Errorf("ManageConnections on %s, want the live stage's @connections only", res)
			}
		})
		if n == 0 {
			t.Error("no statement grants execute-api:ManageConnections")
		}
	})

	t.Run("SweepSchedule", func(t *testing.T) {
		match(t, "rule", func() {
			tmpl.HasResourceProperties(jsii.String("AWS::Events::Rule"), map[string]any{
				"ScheduleExpression": "rate(15 minutes)",
				"Targets": []any{assertions.Match_ObjectLike(&map[string]any{
					"Arn": map[string]any{"Ref": doc.liveAliasID(t, "sweep")},
				})},
			})
		})
	})

	t.Run("Outputs", func(t *testing.T) {
		for _, name := range []string{"WebSocketUrl", "HttpApiUrl", "TableName", "UserPoolIssuer", "UserPoolClientId", "SignInUrl"} {
			match(t, name, func() { tmpl.HasOutput(jsii.String(name), map[string]any{}) })
		}
	})

	t.Run("PlayersUserPool", func(t *testing.T) {
		match(t, "user pool", func() {
			tmpl.HasResource(jsii.String("AWS::Cognito::UserPool"), map[string]any{"DeletionPolicy": "Retain"})
		})
		match(t, "hosted sign-in domain", func() {
			tmpl.HasResourceProperties(jsii.String("AWS::Cognito::UserPoolDomain"), map[string]any{})
		})
	})

	t.Run("Throttled", func(t *testing.T) {
		match(t, "WebSocket stage", func() {
			tmpl.HasResourceProperties(jsii.String("AWS::ApiGatewayV2::Stage"), map[string]any{
				"StageName": "live", "DefaultRouteSettings": map[string]any{"ThrottlingRateLimit": 100, "ThrottlingBurstLimit": 200},
			})
		})
		match(t, "HTTP stage", func() {
			tmpl.HasResourceProperties(jsii.String("AWS::ApiGatewayV2::Stage"), map[string]any{
				"StageName": "$default", "DefaultRouteSettings": map[string]any{"ThrottlingRateLimit": 100, "ThrottlingBurstLimit": 200},
			})
		})
	})

	t.Run("StateMachineTracedAndLogged", func(t *testing.T) {
		match(t, "tracing and logs", func() {
			tmpl.HasResourceProperties(jsii.String("AWS::StepFunctions::StateMachine"), map[string]any{
				"TracingConfiguration": map[string]any{"Enabled": true},
				"LoggingConfiguration": map[string]any{
					"Level":                "ALL",
					"IncludeExecutionData": false,
					"Destinations":         assertions.Match_AnyValue(),
				},
			})
		})
		// Each machine's own log group: stateMachine checks it.
	})

	t.Run("AccessLogs", func(t *testing.T) {
		for _, name := range []string{"live", "$default"} {
			var st map[string]any
			for _, r := range doc.Resources {
				if r.Type == "AWS::ApiGatewayV2::Stage" && r.Properties["StageName"] == name {
					st = r.Properties
				}
			}
			lg := getAttIn(dig(st, "AccessLogSettings", "DestinationArn"))
			if doc.Resources[lg].Type != "AWS::Logs::LogGroup" {
				t.Errorf("stage %s: access logs go to %q, want a log group of the stack", name, lg)
			}
			var line map[string]any
			if err := json.Unmarshal([]byte(fmt.Sprint(dig(st, "AccessLogSettings", "Format"))), &line); err != nil || line["requestId"] != "$context.requestId" {
				t.Errorf("stage %s: access log format %v is not a JSON line with the request id (%v)", name, dig(st, "AccessLogSettings", "Format"), err)
			}
		}
		// A WebSocket API logs through the account's CloudWatch role.
		match(t, "account role", func() {
			tmpl.HasResourceProperties(jsii.String("AWS::ApiGateway::Account"), map[string]any{"CloudWatchRoleArn": assertions.Match_AnyValue()})
		})
	})

	t.Run("AlarmsIntoTheTopic", func(t *testing.T) {
		topic := doc.resourceID(t, "AWS::SNS::Topic")
		alarms := map[string]map[string]any{}
		for _, r := range doc.Resources {
			// The live aliases' alarms roll deployments back and notify no
			// one: TestDeploymentsRollBackOnTheLiveAliasErrors.
			if name := fmt.Sprint(r.Properties["AlarmName"]); r.Type == "AWS::CloudWatch::Alarm" && !strings.HasSuffix(name, "-live-errors") {
				alarms[name] = r.Properties
			}
		}
		want := []string{"table-throttled", "table-system-errors", "reaction-window-failed", "reaction-window-timed-out", "fight-flow-failed",
			"http-api-5xx", "websocket-api-errors", "degraded-narrations", "model-access-denied", "sweep-failures",
			"sweep-not-running", "push-failures", "model-spend-hour", "model-spend-day", "account-concurrency", "sweep-failure-queue"}
		for name := range wantFunctions {
			want = append(want, name+"-errors", name+"-throttles", name+"-near-timeout")
		}
		for _, name := range want {
			a, ok := alarms["Test-"+name]
			if !ok {
				t.Errorf("no alarm Test-%s", name)
				continue
			}
			if refIn(a["AlarmActions"]) != topic {
				t.Errorf("alarm %s notifies %s, want the topic", name, flat(a["AlarmActions"]))
			}
		}
		if len(alarms) != len(want) {
			t.Errorf("%d alarms, want %d", len(alarms), len(want))
		}
		// Near the timeout is 80% of it, in milliseconds.
		if got := alarms["Test-sweep-near-timeout"]["Threshold"]; got != 240000.0 {
			t.Errorf("sweep near-timeout threshold %v, want 240000 ms", got)
		}
		if got := flat(alarms["Test-degraded-narrations"]["Metrics"]); !strings.Contains(got, "DegradedNarrations") || !strings.Contains(got, "Chronicler/Test") {
			t.Errorf("degraded-narrations alarm reads %s, want the app's DegradedNarrations", got)
		}
		match(t, "no email without alarmEmail", func() {
			tmpl.ResourceCountIs(jsii.String("AWS::SNS::Subscription"), jsii.Number(0))
		})
		match(t, "topic output", func() { tmpl.HasOutput(jsii.String("AlarmTopicArn"), map[string]any{}) })
	})

	t.Run("Dashboard", func(t *testing.T) {
		id := doc.resourceID(t, "AWS::CloudWatch::Dashboard")
		body := flat(doc.Resources[id].Properties["DashboardBody"])
		for _, m := range []string{"TurnLatency", "TimeToFirstText", "NarrationLatency", "CostUSD", "InputTokens", "DegradedNarrations",
			"GuardBreaches", "PushFailures", "SweepExamined", "ExecutionsFailed"} {
			if !strings.Contains(body, m) {
				t.Errorf("dashboard does not show %s", m)
			}
		}
	})

	t.Run("Budget", func(t *testing.T) {
		match(t, "monthly cost budget on the stack's tag", func() {
			tmpl.HasResourceProperties(jsii.String("AWS::Budgets::Budget"), map[string]any{
				"Budget": map[string]any{
					"BudgetType": "COST", "TimeUnit": "MONTHLY",
					"BudgetLimit": map[string]any{"Amount": stack.DefaultMonthlyBudget, "Unit": "USD"},
					"CostFilters": map[string]any{"TagKeyValue": []any{"user:chronicler:stack$Test"}},
				},
			})
		})
		for id, r := range doc.Resources {
			if r.Type != "AWS::Budgets::Budget" || dig(r.Properties, "Budget", "BudgetName") != "Test-monthly" {
				continue
			}
			if s := flat(doc.Resources[id].Properties["NotificationsWithSubscribers"]); !strings.Contains(s, `"SNS"`) {
				t.Errorf("budget notifies %s, want the topic", s)
			}
		}
	})

	t.Run("SelfSignUpOff", func(t *testing.T) {
		id := doc.resourceID(t, "AWS::Cognito::UserPool")
		if got := dig(doc.Resources[id].Properties, "AdminCreateUserConfig", "AllowAdminCreateUserOnly"); got != true {
			t.Errorf("AllowAdminCreateUserOnly = %v, want true unless the deployer chooses self sign-up", got)
		}
	})

	t.Run("LeastPrivilege", func(t *testing.T) {
		if v := doc.violations(); len(v) > 0 {
			t.Errorf("IAM violations:\n%s", strings.Join(v, "\n"))
		}
	})
}

// TestChroniclerStackChoices synthesizes with the deployer's choices: self
// sign-up, an alarm address, no budget.
func TestChroniclerStackChoices(t *testing.T) {
	s := synth(t, stack.ChroniclerStackProps{
		SelfSignUp: true, AlarmEmail: "ops@example.com", MonthlyBudget: -1, Alarms: stack.AlarmProps{MonthlyModelBudget: -1},
		ModelHigh: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
	})
	tmpl, doc := s.tmpl, s.doc
	for name, want := range wantFunctions {
		env, _ := dig(doc.Resources[doc.functionID(t, name)].Properties, "Environment", "Variables").(map[string]any)
		if got := env["CHRONICLER_MODEL_HIGH"] == "us.anthropic.claude-sonnet-4-5-20250929-v1:0"; got != want.narrates {
			t.Errorf("%s: CHRONICLER_MODEL_HIGH = %v, want it set only where the function narrates (%v)", name, env["CHRONICLER_MODEL_HIGH"], want.narrates)
		}
		if _, ok := env["CHRONICLER_MODEL_LOW"]; ok {
			t.Errorf("%s: CHRONICLER_MODEL_LOW set, but no low model was named", name)
		}
	}
	id := doc.resourceID(t, "AWS::Cognito::UserPool")
	if got := dig(doc.Resources[id].Properties, "AdminCreateUserConfig", "AllowAdminCreateUserOnly"); got != false {
		t.Errorf("AllowAdminCreateUserOnly = %v, want false with self sign-up", got)
	}
	match(t, "email subscription", func() {
		tmpl.HasResourceProperties(jsii.String("AWS::SNS::Subscription"), map[string]any{"Protocol": "email", "Endpoint": "ops@example.com"})
	})
	match(t, "no budget", func() {
		tmpl.ResourceCountIs(jsii.String("AWS::Budgets::Budget"), jsii.Number(0))
	})
}

// TestViolations shows that the least-privilege check catches what it must.
func TestViolations(t *testing.T) {
	scoped := `{"Fn::GetAtt": ["Table", "Arn"]}`
	policy := func(effect, action, resource string) string {
		return fmt.Sprintf(`{"Resources": {"P": {"Type": "AWS::IAM::Policy", "Properties": {"PolicyDocument": {"Statement": [{"Effect": %q, "Action": %s, "Resource": %s}]}}}}}`, effect, action, resource)
	}
	for _, tc := range []struct {
		name     string
		template string
		bad      bool
	}{
		{"ScopedGrantPasses", policy("Allow", `["dynamodb:GetItem", "dynamodb:PutItem"]`, scoped), false},
		{"DenyOnStarPasses", policy("Deny", `"dynamodb:*"`, `"*"`), false},
		{"OtherServiceOnStarPasses", policy("Allow", `"xray:PutTraceSegments"`, `"*"`), false},
		{"DynamoStarAction", policy("Allow", `"dynamodb:*"`, scoped), true},
		{"DynamoPrefixWildcard", policy("Allow", `["dynamodb:Get*"]`, scoped), true},
		{"StarAction", policy("Allow", `"*"`, scoped), true},
		{"DynamoActionOnStar", policy("Allow", `"dynamodb:GetItem"`, `"*"`), true},
		{"DynamoActionOnStarInList", policy("Allow", `["dynamodb:Query"]`, `[`+scoped+`, "*"]`), true},
		{"AllowNotAction", `{"Resources": {"P": {"Type": "AWS::IAM::Policy", "Properties": {"PolicyDocument": {"Statement": [{"Effect": "Allow", "NotAction": "iam:*", "Resource": "*"}]}}}}}`, true},
		{"InlineRolePolicy", `{"Resources": {"R": {"Type": "AWS::IAM::Role", "Properties": {"Policies": [{"PolicyDocument": {"Statement": [{"Effect": "Allow", "Action": "dynamodb:*", "Resource": "*"}]}}]}}}}`, true},
		{"ManagedFullAccess", `{"Resources": {"R": {"Type": "AWS::IAM::Role", "Properties": {"ManagedPolicyArns": [{"Fn::Join": ["", ["arn:", {"Ref": "AWS::Partition"}, ":iam::aws:policy/AmazonDynamoDBFullAccess"]]}]}}}}`, true},
		{"ManagedBasicExecutionPasses", `{"Resources": {"R": {"Type": "AWS::IAM::Role", "Properties": {"ManagedPolicyArns": ["arn:aws:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole"]}}}}`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var doc template
			if err := json.Unmarshal([]byte(tc.template), &doc); err != nil {
				t.Fatal(err)
			}
			v := doc.violations()
			if got := len(v) > 0; got != tc.bad {
				t.Errorf("violations = %q, want some: %v", v, tc.bad)
			}
		})
	}
}

// assetDir is a directory with an empty bootstrap per function: enough for
// CDK to hash and stage, no cross-build needed.
func assetDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range stack.FunctionNames() {
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name, "bootstrap"), nil, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// match runs a CDK assertion, which panics on a mismatch, and reports the
// mismatch as a test error instead of crashing the test binary.
func match(t *testing.T, what string, assert func()) {
	t.Helper()
	defer func() {
		t.Helper()
		if r := recover(); r != nil {
			t.Errorf("%s: %v", what, r)
		}
	}()
	assert()
}

// template is the part of a CloudFormation template the checks walk:
// resources with their conditions and dependencies, and the template's
// conditions.
type template struct {
	Conditions map[string]any `json:"Conditions"`
	Resources  map[string]struct {
		Type       string         `json:"Type"`
		Properties map[string]any `json:"Properties"`
		Condition  string         `json:"Condition"`
		DependsOn  []string       `json:"DependsOn"`
	} `json:"Resources"`
}

// synthesized is a stack's template, as CDK's assertions read it and
// decoded twice (the checks' struct, and the whole of it: deletion
// policies, update policies, outputs), and its web client's.
type synthesized struct {
	tmpl assertions.Template
	doc  template
	raw  map[string]any
	web  template
}

// synth synthesizes the stack with props. Each costs seconds: a test of
// the stack with no choices made reads defaultStack instead.
func synth(t *testing.T, props stack.ChroniclerStackProps) synthesized {
	t.Helper()
	props.AssetDir = assetDir(t)
	s := stack.NewChroniclerStack(awscdk.NewApp(nil), "Test", &props)
	web, ok := s.Node().FindChild(jsii.String(stack.WebStackID)).(awscdk.Stack)
	if !ok {
		t.Fatalf("the stack has no nested stack %q", stack.WebStackID)
	}
	decode := func(tmpl assertions.Template, v any) {
		b, err := json.Marshal(tmpl.ToJSON())
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatal(err)
		}
	}
	out := synthesized{tmpl: assertions.Template_FromStack(s, nil)}
	decode(out.tmpl, &out.doc)
	decode(out.tmpl, &out.raw)
	decode(assertions.Template_FromStack(web, nil), &out.web)
	return out
}

var (
	defaultsOnce sync.Once
	defaults     synthesized
)

// defaultStack is the stack with no choices made, synthesized once for
// every test that reads it.
func defaultStack(t *testing.T) synthesized {
	t.Helper()
	defaultsOnce.Do(func() { defaults = synth(t, stack.ChroniclerStackProps{}) })
	if defaults.doc.Resources == nil {
		t.Fatal("the default stack did not synthesize")
	}
	return defaults
}

// functionID is the logical id of the function whose description names it
// ("Chronicler <name>: ...").
func (d template) functionID(t *testing.T, name string) string {
	t.Helper()
	var ids []string
	for id, r := range d.Resources {
		if r.Type == "AWS::Lambda::Function" && strings.HasPrefix(fmt.Sprint(r.Properties["Description"]), "Chronicler "+name+":") {
			ids = append(ids, id)
		}
	}
	if len(ids) != 1 {
		t.Fatalf("function %s: %d resources (%v), want 1", name, len(ids), ids)
	}
	return ids[0]
}

// routeFunction follows a route (WebSocket or HTTP) to its integration and
// the integration to the function it invokes, and returns that function's
// name.
func (d template) routeFunction(t *testing.T, routeKey string) string {
	t.Helper()
	for _, r := range d.Resources {
		if r.Type != "AWS::ApiGatewayV2::Route" || r.Properties["RouteKey"] != routeKey {
			continue
		}
		integration := refIn(r.Properties["Target"])
		in, ok := d.Resources[integration]
		if !ok || in.Type != "AWS::ApiGatewayV2::Integration" {
			t.Fatalf("route %s: target %s is not an integration", routeKey, flat(r.Properties["Target"]))
		}
		return d.liveFunction(t, "route "+routeKey, in.Properties["IntegrationUri"])
	}
	t.Fatalf("no route %s", routeKey)
	return ""
}

// resourceID is the logical id of the one resource of type typ.
func (d template) resourceID(t *testing.T, typ string) string {
	t.Helper()
	var ids []string
	for id, r := range d.Resources {
		if r.Type == typ {
			ids = append(ids, id)
		}
	}
	if len(ids) != 1 {
		t.Fatalf("%s: %d resources (%v), want 1", typ, len(ids), ids)
	}
	return ids[0]
}

// rolePolicies calls f with every statement of the function's role that
// allows something.
func (d template) rolePolicies(t *testing.T, fnID string, f func(st map[string]any)) {
	t.Helper()
	role := getAttIn(d.Resources[fnID].Properties["Role"])
	for _, r := range d.Resources {
		if r.Type != "AWS::IAM::Policy" || !strings.Contains(flat(r.Properties["Roles"]), `"`+role+`"`) {
			continue
		}
		for _, st := range statements(r.Properties["PolicyDocument"]) {
			if st["Effect"] == "Allow" {
				f(st)
			}
		}
	}
}

// roleAllows reports whether the function's role allows action on the
// resource of logical id res.
func (d template) roleAllows(t *testing.T, fnID, action, res string) bool {
	t.Helper()
	ok := false
	d.rolePolicies(t, fnID, func(st map[string]any) {
		if slices.Contains(strs(st["Action"]), action) && strings.Contains(flat(st["Resource"]), `"`+res+`"`) {
			ok = true
		}
	})
	return ok
}

// dynamoGrants lists the DynamoDB actions the function's role allows: on
// the table itself (sorted), and on indexes as "action on index". A grant
// on anything but the stack's table or its indexes fails the test.
func (d template) dynamoGrants(t *testing.T, fnID string) (table, indexes []string) {
	t.Helper()
	tbl := d.resourceID(t, "AWS::DynamoDB::GlobalTable")
	d.rolePolicies(t, fnID, func(st map[string]any) {
		var acts []string
		for _, a := range strs(st["Action"]) {
			if strings.HasPrefix(a, "dynamodb:") {
				acts = append(acts, a)
			}
		}
		if len(acts) == 0 {
			return
		}
		res, _ := st["Resource"].([]any)
		if res == nil {
			res = []any{st["Resource"]}
		}
		for _, r := range res {
			s := flat(r)
			if !strings.Contains(s, `"`+tbl+`"`) {
				t.Errorf("%v on %s, which is not the table", acts, s)
				continue
			}
			if ix := regexp.MustCompile(`/index/([A-Za-z]+)`).FindStringSubmatch(s); ix != nil {
				for _, a := range acts {
					indexes = append(indexes, a+" on "+ix[1])
				}
				continue
			}
			table = append(table, acts...)
		}
	})
	slices.Sort(table)
	slices.Sort(indexes)
	return table, indexes
}

// roleActions lists every action the function's role is allowed.
func (d template) roleActions(t *testing.T, fnID string) []string {
	t.Helper()
	role := getAttIn(d.Resources[fnID].Properties["Role"])
	var actions []string
	for _, r := range d.Resources {
		if r.Type != "AWS::IAM::Policy" || !strings.Contains(flat(r.Properties["Roles"]), `"`+role+`"`) {
			continue
		}
		for _, st := range statements(r.Properties["PolicyDocument"]) {
			if st["Effect"] == "Allow" {
				actions = append(actions, strs(st["Action"])...)
			}
		}
	}
	return actions
}

// eachStatement calls f with every policy statement of the template:
// policies, managed policies and roles' inline policies.
func (d template) eachStatement(f func(resource string, st map[string]any)) {
	for id, r := range d.Resources {
		var docs []any
		switch r.Type {
		case "AWS::IAM::Policy", "AWS::IAM::ManagedPolicy":
			docs = append(docs, r.Properties["PolicyDocument"])
		case "AWS::IAM::Role", "AWS::IAM::User", "AWS::IAM::Group":
			ps, _ := r.Properties["Policies"].([]any)
			for _, p := range ps {
				docs = append(docs, dig(p, "PolicyDocument"))
			}
		}
		for _, doc := range docs {
			for _, st := range statements(doc) {
				f(id, st)
			}
		}
	}
}

// violations lists what least privilege forbids: a DynamoDB (or any) action
// wildcard, a DynamoDB action on Resource "*", an Allow with NotAction, and
// any managed *FullAccess policy.
func (d template) violations() []string {
	var out []string
	d.eachStatement(func(id string, st map[string]any) {
		if st["Effect"] != "Allow" {
			return
		}
		if st["NotAction"] != nil {
			out = append(out, fmt.Sprintf("%s: Allow with NotAction %s", id, flat(st["NotAction"])))
		}
		onStar := slices.Contains(strs(st["Resource"]), "*")
		for _, a := range strs(st["Action"]) {
			a = strings.ToLower(a)
			dynamo := strings.HasPrefix(a, "dynamodb:")
			switch {
			case a == "*" || (dynamo && strings.Contains(a, "*")):
				out = append(out, fmt.Sprintf("%s: wildcard action %s", id, a))
			case dynamo && onStar:
				out = append(out, fmt.Sprintf("%s: %s on Resource *", id, a))
			}
		}
	})
	for id, r := range d.Resources {
		if s := flat(r.Properties["ManagedPolicyArns"]); strings.Contains(s, "FullAccess") {
			out = append(out, fmt.Sprintf("%s: managed policy %s", id, s))
		}
	}
	slices.Sort(out)
	return out
}

func statements(doc any) []map[string]any {
	var out []map[string]any
	switch s := dig(doc, "Statement").(type) {
	case map[string]any:
		out = append(out, s)
	case []any:
		for _, e := range s {
			if m, ok := e.(map[string]any); ok {
				out = append(out, m)
			}
		}
	}
	return out
}

// strs is a policy field that may be one string or a list; intrinsic
// functions (objects) are left out, as they never resolve to "*".
func strs(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, e := range v {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func dig(v any, path ...string) any {
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

// flat is v as JSON, for substring checks on intrinsic functions.
func flat(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// refIn is the first {"Ref": id} inside v.
func refIn(v any) string {
	switch v := v.(type) {
	case map[string]any:
		if s, ok := v["Ref"].(string); ok {
			return s
		}
		for _, e := range v {
			if s := refIn(e); s != "" {
				return s
			}
		}
	case []any:
		for _, e := range v {
			if s := refIn(e); s != "" {
				return s
			}
		}
	}
	return ""
}

// getAttIn is the resource of the first {"Fn::GetAtt": [id, attr]} inside v.
func getAttIn(v any) string {
	switch v := v.(type) {
	case map[string]any:
		if g, ok := v["Fn::GetAtt"].([]any); ok && len(g) > 0 {
			s, _ := g[0].(string)
			return s
		}
		for _, e := range v {
			if s := getAttIn(e); s != "" {
				return s
			}
		}
	case []any:
		for _, e := range v {
			if s := getAttIn(e); s != "" {
				return s
			}
		}
	}
	return ""
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

func TestOrigins(t *testing.T) {
	for in, want := range map[string][]string{
		"":                         nil,
		" , ":                      nil,
		"https://play.example.com": {"https://play.example.com"},
		"https://a.example.com, https://b.example.com,": {"https://a.example.com", "https://b.example.com"},
	} {
		if got := stack.Origins(in); !slices.Equal(got, want) {
			t.Errorf("Origins(%q) = %q, want %q", in, got, want)
		}
	}
}

// stateMachine checks the stack's state machine name: Standard, traced,
// running def verbatim (placeholders left for CloudFormation, each the
// step function's ARN), and allowed to invoke the step function only.
func stateMachine(t *testing.T, doc template, name, def string) {
	var sm map[string]any
	for _, r := range doc.Resources {
		if r.Type == "AWS::StepFunctions::StateMachine" && r.Properties["StateMachineName"] == name {
			sm = r.Properties
		}
	}
	if sm == nil {
		t.Fatalf("no state machine %s", name)
	}
	if sm["StateMachineType"] != "STANDARD" {
		t.Errorf("type %v, want STANDARD (task tokens and long fights need Standard)", sm["StateMachineType"])
	}
	if dig(sm, "TracingConfiguration", "Enabled") != true {
		t.Error("not traced")
	}
	if lg := getAttIn(dig(sm, "LoggingConfiguration", "Destinations")); doc.Resources[lg].Type != "AWS::Logs::LogGroup" || dig(sm, "LoggingConfiguration", "IncludeExecutionData") != false {
		t.Errorf("logs to %q, with execution data %v: want a log group of the stack, without data", lg, dig(sm, "LoggingConfiguration", "IncludeExecutionData"))
	}
	if got := flat(sm["DefinitionString"]); got != flat(def) {
		t.Errorf("DefinitionString is not the shared definition:\n%.300s", got)
	}
	step := doc.liveAliasID(t, "step")
	subs, _ := sm["DefinitionSubstitutions"].(map[string]any)
	for _, name := range workflow.Placeholders(def) {
		if got := doc.liveFunction(t, "substitution "+name, subs[name]); got != "step" {
			t.Errorf("substitution %s = %s, want the step function's live alias", name, flat(subs[name]))
		}
	}
	// The machine's role may invoke the step function and nothing else.
	role := getAttIn(sm["RoleArn"])
	var invokes []string
	for _, r := range doc.Resources {
		if r.Type != "AWS::IAM::Policy" || !strings.Contains(flat(r.Properties["Roles"]), `"`+role+`"`) {
			continue
		}
		for _, st := range statements(r.Properties["PolicyDocument"]) {
			if slices.Contains(strs(st["Action"]), "lambda:InvokeFunction") {
				invokes = append(invokes, flat(st["Resource"]))
			}
		}
	}
	if len(invokes) == 0 || !strings.Contains(strings.Join(invokes, " "), `"`+step+`"`) {
		t.Errorf("the machine's role invokes %v, want the step function's live alias", invokes)
	}
	for _, r := range invokes {
		for name := range wantFunctions {
			if name == "step" {
				continue
			}
			if strings.Contains(r, `"`+doc.functionID(t, name)+`"`) || strings.Contains(r, `"`+doc.liveAliasID(t, name)+`"`) {
				t.Errorf("the machine may invoke %s", name)
			}
		}
	}
}
