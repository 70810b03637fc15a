package stack_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"chronicler/infra/stack"
)

// alarms are the template's alarms by name, without the stack id.
func (c template) alarms() map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, r := range c.Resources {
		if r.Type == "AWS::CloudWatch::Alarm" {
			out[strings.TrimPrefix(fmt.Sprint(r.Properties["AlarmName"]), "Test-")] = r.Properties
		}
	}
	return out
}

// reads is every metric an alarm reads, as "Namespace/MetricName" with the
// logical id its dimensions refer to, if any ("AWS/Lambda/Errors@turn1A2B").
func reads(a map[string]any) []string {
	one := func(m any) string {
		s := fmt.Sprint(dig(m, "Namespace")) + "/" + fmt.Sprint(dig(m, "MetricName"))
		if ref := refIn(dig(m, "Dimensions")); ref != "" {
			s += "@" + ref
		}
		return s
	}
	if _, ok := a["MetricName"]; ok {
		return []string{one(a)}
	}
	var out []string
	for _, m := range a["Metrics"].([]any) {
		if stat := dig(m, "MetricStat", "Metric"); stat != nil {
			out = append(out, one(stat))
		}
	}
	return out
}

// expression is the math expression an alarm compares, "" for a metric.
func expression(a map[string]any) string {
	ms, _ := a["Metrics"].([]any)
	for _, m := range ms {
		if e, ok := dig(m, "Expression").(string); ok {
			return e
		}
	}
	return ""
}

func TestAlarmsAreTrusted(t *testing.T) {
	main := defaultStack(t).doc
	alarms := main.alarms()
	fnID := func(name string) string {
		for id, r := range main.Resources {
			if r.Type == "AWS::Lambda::Function" && strings.HasPrefix(fmt.Sprint(r.Properties["Description"]), "Chronicler "+name+":") {
				return id
			}
		}
		t.Fatalf("no function %s", name)
		return ""
	}
	spend := []string{"model-spend-hour", "model-spend-day"}

	t.Run("SeveralDatapoints", func(t *testing.T) {
		for name, a := range alarms {
			of, _ := a["DatapointsToAlarm"].(float64)
			outOf, _ := a["EvaluationPeriods"].(float64)
			if slices.Contains(spend, name) {
				// A period's spend is its total: one datapoint is the fact.
				continue
			}
			if strings.HasSuffix(name, "-live-errors") {
				// A canary's rollback alarm pages nobody: it judges five
				// minutes of a new version, where one error is the fact.
				continue
			}
			if of < 2 || outOf < of {
				t.Errorf("%s alarms on %v of %v datapoints, want at least 2 of at least as many", name, of, outOf)
			}
		}
	})

	t.Run("MissingDataChosen", func(t *testing.T) {
		for name, a := range alarms {
			want := "notBreaching"
			if name == "sweep-not-running" {
				want = "breaching"
			}
			if a["TreatMissingData"] != want {
				t.Errorf("%s treats missing data as %v, want %s", name, a["TreatMissingData"], want)
			}
		}
	})

	t.Run("ErrorsAreRatesOfInvocations", func(t *testing.T) {
		for name := range wantFunctions {
			id := fnID(name)
			for suffix, counted := range map[string]string{"-errors": "Errors", "-throttles": "Throttles"} {
				a := alarms[name+suffix]
				got := reads(a)
				slices.Sort(got)
				want := []string{"AWS/Lambda/" + counted + "@" + id, "AWS/Lambda/Invocations@" + id}
				slices.Sort(want)
				if !slices.Equal(got, want) || !strings.Contains(expression(a), "/") || a["Threshold"] != 5.0 {
					t.Errorf("%s%s reads %v as %q over %v, want 5%% of %v", name, suffix, got, expression(a), a["Threshold"], want)
				}
			}
		}
		for name, want := range map[string][]string{
			"http-api-5xx":         {"5xx", "Count"},
			"websocket-api-errors": {"ExecutionError", "IntegrationError", "MessageCount", "ConnectCount"},
			"degraded-narrations":  {"DegradedNarrations", "Narrations"},
		} {
			a := alarms[name]
			got := strings.Join(reads(a), " ")
			for _, m := range want {
				if !strings.Contains(got, "/"+m) {
					t.Errorf("%s reads %s, want %s among them", name, got, m)
				}
			}
			if !strings.Contains(expression(a), "/") {
				t.Errorf("%s compares %q, want a rate", name, expression(a))
			}
		}
	})

	t.Run("SweepHeartbeat", func(t *testing.T) {
		a := alarms["sweep-not-running"]
		if got := reads(a); !slices.Equal(got, []string{"AWS/Lambda/Invocations@" + fnID("sweep")}) ||
			a["ComparisonOperator"] != "LessThanThreshold" || a["Threshold"] != 1.0 || a["Period"] != 900.0 || a["Statistic"] != "Sum" {
			t.Errorf("sweep-not-running reads %v %v %v per %v s, want the sweep's invocations below 1 per 15 minutes",
				got, a["ComparisonOperator"], a["Threshold"], a["Period"])
		}
	})

	t.Run("PushFailures", func(t *testing.T) {
		a, ok := alarms["push-failures"]
		if got := reads(a); !ok || !slices.Equal(got, []string{"Chronicler/Test/PushFailures"}) {
			t.Errorf("push-failures reads %v, want the app's PushFailures", got)
		}
	})

	t.Run("SweepFailureQueue", func(t *testing.T) {
		a, ok := alarms["sweep-failure-queue"]
		if got := reads(a); !ok || len(got) != 1 || !strings.HasPrefix(got[0], "AWS/SQS/ApproximateNumberOfMessagesVisible") || a["Threshold"] != 1.0 {
			t.Errorf("sweep-failure-queue reads %v over %v, want the sweep's failure queue holding a message", got, a["Threshold"])
		}
	})

	t.Run("SpendPerHourAndDay", func(t *testing.T) {
		for name, want := range map[string][2]float64{
			"model-spend-hour": {3600, stack.DefaultHourlySpendUSD},
			"model-spend-day":  {86400, stack.DefaultDailySpendUSD},
		} {
			a := alarms[name]
			// No dimension: the total across models the app publishes.
			if got := reads(a); !slices.Equal(got, []string{"Chronicler/Test/CostUSD"}) || a["Period"] != want[0] ||
				a["Threshold"] != want[1] || a["Statistic"] != "Sum" {
				t.Errorf("%s reads %v per %v s over %v, want the sum of CostUSD per %v s over %v", name, got, a["Period"], a["Threshold"], want[0], want[1])
			}
		}
	})

	t.Run("AccountConcurrency", func(t *testing.T) {
		a := alarms["account-concurrency"]
		if got := reads(a); !slices.Equal(got, []string{"AWS/Lambda/ClaimedAccountConcurrency"}) || a["Threshold"] != 0.8*stack.DefaultAccountConcurrency {
			t.Errorf("account-concurrency reads %v over %v, want ClaimedAccountConcurrency over 80%% of %d", got, a["Threshold"], stack.DefaultAccountConcurrency)
		}
	})
}

func TestModelBudgetCoversBedrockAndTheMarketplace(t *testing.T) {
	main := defaultStack(t).doc
	var model map[string]any
	for _, id := range main.ofType("AWS::Budgets::Budget") {
		if b := main.Resources[id].Properties; dig(b, "Budget", "BudgetName") == "Test-models-monthly" {
			model = b
		}
	}
	if model == nil {
		t.Fatalf("no budget Test-models-monthly among %v", main.ofType("AWS::Budgets::Budget"))
	}
	if got := dig(model, "Budget", "BudgetLimit", "Amount"); got != float64(stack.DefaultMonthlyModelBudget) {
		t.Errorf("models' budget %v, want %d", got, stack.DefaultMonthlyModelBudget)
	}
	// Not the stack's tag: Bedrock's charges carry none.
	if f := dig(model, "Budget", "CostFilters"); f != nil {
		t.Errorf("models' budget filters on %s, want no tag filter", flat(f))
	}
	or, _ := dig(model, "Budget", "FilterExpression", "Or").([]any)
	var got []string
	for _, e := range or {
		d := dig(e, "Dimensions")
		got = append(got, fmt.Sprint(dig(d, "Key"), " ", flat(dig(d, "MatchOptions")), " ", flat(dig(d, "Values"))))
	}
	want := []string{`BILLING_ENTITY ["EQUALS"] ["AWS Marketplace"]`, `SERVICE ["CONTAINS"] ["Bedrock"]`}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("models' budget counts %v, want any of %v", got, want)
	}
	if s := flat(model["NotificationsWithSubscribers"]); !strings.Contains(s, `"SNS"`) || !strings.Contains(s, "FORECASTED") {
		t.Errorf("models' budget notifies %s, want the topic, on actual and forecast spend", s)
	}
}

func TestRouteThrottles(t *testing.T) {
	route := func(c template, key string) string {
		for id, r := range c.Resources {
			if r.Type == "AWS::ApiGatewayV2::Route" && r.Properties["RouteKey"] == key {
				return id
			}
		}
		t.Fatalf("no route %s", key)
		return ""
	}
	stage := func(c template, name string) (map[string]any, []string) {
		for _, r := range c.Resources {
			if r.Type == "AWS::ApiGatewayV2::Stage" && r.Properties["StageName"] == name {
				return r.Properties, r.DependsOn
			}
		}
		t.Fatalf("no stage %s", name)
		return nil, nil
	}
	check := func(t *testing.T, c template, stageName string, want map[string][2]float64) {
		t.Helper()
		st, deps := stage(c, stageName)
		for key, w := range want {
			got := dig(st, "RouteSettings", key)
			if dig(got, "ThrottlingRateLimit") != w[0] || dig(got, "ThrottlingBurstLimit") != w[1] {
				t.Errorf("stage %s route %s throttled %s, want %v a second, bursts of %v", stageName, key, flat(got), w[0], w[1])
			}
			// The stage names the route, so it must come after it.
			if id := route(c, key); !slices.Contains(deps, id) {
				t.Errorf("stage %s does not depend on route %s (%s): %v", stageName, key, id, deps)
			}
		}
	}

	t.Run("Defaults", func(t *testing.T) {
		main := defaultStack(t).doc
		check(t, main, "live", map[string][2]float64{
			"$connect": {stack.DefaultConnectRate, stack.DefaultConnectBurst},
			"turn":     {stack.DefaultTurnRate, stack.DefaultTurnBurst},
		})
		check(t, main, "$default", map[string][2]float64{
			"POST /api/players":         {stack.DefaultPlayersRate, stack.DefaultPlayersBurst},
			"POST /api/players/recover": {stack.DefaultPlayersRate, stack.DefaultPlayersBurst},
		})
		for _, d := range [][2]float64{
			{stack.DefaultConnectRate, stack.DefaultConnectBurst}, {stack.DefaultTurnRate, stack.DefaultTurnBurst},
			{stack.DefaultPlayersRate, stack.DefaultPlayersBurst},
		} {
			if d[0] >= stack.StageRate || d[1] >= stack.StageBurst {
				t.Errorf("a route's default throttle %v is not below the stage's %d/%d", d, stack.StageRate, stack.StageBurst)
			}
		}
		// The player routes are the API's own function, as the rest.
		doc := main
		for _, key := range []string{"POST /api/players", "POST /api/players/recover"} {
			if got := doc.routeFunction(t, key); got != "api" {
				t.Errorf("%s invokes %q, want api", key, got)
			}
			// API Gateway may invoke the function for it.
			path := strings.TrimPrefix(key, "POST ")
			allowed := false
			for _, id := range main.ofType("AWS::Lambda::Permission") {
				allowed = allowed || strings.HasSuffix(flat(main.Resources[id].Properties["SourceArn"]), `"/*/*`+path+`"]]}`)
			}
			if !allowed {
				t.Errorf("no permission lets API Gateway invoke the api function for %s", key)
			}
		}
	})

	t.Run("Chosen", func(t *testing.T) {
		main := synth(t, stack.ChroniclerStackProps{Edge: stack.EdgeProps{
			ConnectRate: 5, ConnectBurst: 10, TurnRate: 7, TurnBurst: 14, PlayersRate: 1, PlayersBurst: 3,
		}}).doc
		check(t, main, "live", map[string][2]float64{"$connect": {5, 10}, "turn": {7, 14}})
		check(t, main, "$default", map[string][2]float64{"POST /api/players": {1, 3}, "POST /api/players/recover": {1, 3}})
	})
}

func TestWebACL(t *testing.T) {
	distribution := func(t *testing.T, web template) map[string]any {
		ids := web.ofType("AWS::CloudFront::Distribution")
		if len(ids) != 1 {
			t.Fatalf("distributions %v, want one", ids)
		}
		return web.Resources[ids[0]].Properties
	}

	t.Run("OwnOnlyInUsEast1", func(t *testing.T) {
		web := defaultStack(t).web
		ids := web.ofType("AWS::WAFv2::WebACL")
		if len(ids) != 1 {
			t.Fatalf("web ACLs %v, want one", ids)
		}
		acl := web.Resources[ids[0]]
		if acl.Properties["Scope"] != "CLOUDFRONT" {
			t.Errorf("web ACL scope %v, want CLOUDFRONT", acl.Properties["Scope"])
		}
		// Made only where CloudFront's ACLs can be made.
		if got := flat(web.Conditions[acl.Condition]); acl.Condition == "" || got != `{"Fn::Equals":[{"Ref":"AWS::Region"},"us-east-1"]}` {
			t.Errorf("web ACL made under condition %q = %s, want the region being us-east-1", acl.Condition, got)
		}
		var rate map[string]any
		for _, r := range acl.Properties["Rules"].([]any) {
			if s, ok := dig(r, "Statement", "RateBasedStatement").(map[string]any); ok {
				rate = r.(map[string]any)
				if s["Limit"] != float64(stack.DefaultWebRateLimit) || s["AggregateKeyType"] != "IP" {
					t.Errorf("rate rule %s, want %d per address", flat(s), stack.DefaultWebRateLimit)
				}
			}
		}
		if rate == nil || dig(rate, "Action", "Block") == nil {
			t.Errorf("web ACL rules %s, want a rate-based rule that blocks", flat(acl.Properties["Rules"]))
		}
		want := fmt.Sprintf(`{"Fn::If":[%q,{"Fn::GetAtt":[%q,"Arn"]},{"Ref":"AWS::NoValue"}]}`, acl.Condition, ids[0])
		if got := flat(dig(distribution(t, web), "DistributionConfig", "WebACLId")); got != want {
			t.Errorf("distribution's web ACL %s, want %s", got, want)
		}
	})

	t.Run("Given", func(t *testing.T) {
		arn := "arn:aws:wafv2:us-east-1:123456789012:global/webacl/edge/abc"
		web := synth(t, stack.ChroniclerStackProps{Edge: stack.EdgeProps{WebACLArn: arn}}).web
		if ids := web.ofType("AWS::WAFv2::WebACL"); len(ids) != 0 {
			t.Errorf("web ACLs %v, want none besides the one given", ids)
		}
		if got := dig(distribution(t, web), "DistributionConfig", "WebACLId"); got != arn {
			t.Errorf("distribution's web ACL %v, want %s", got, arn)
		}
	})
}

// The deployer's thresholds reach the alarms; below zero leaves one out.
func TestAlarmChoices(t *testing.T) {
	main := synth(t, stack.ChroniclerStackProps{MonthlyBudget: -1,
		Alarms: stack.AlarmProps{HourlySpendUSD: 5, DailySpendUSD: -1, MonthlyModelBudget: 250, AccountConcurrency: 10}}).doc
	alarms := main.alarms()
	if got := alarms["model-spend-hour"]["Threshold"]; got != 5.0 {
		t.Errorf("hourly spend alarm at %v, want 5", got)
	}
	if _, ok := alarms["model-spend-day"]; ok {
		t.Error("a daily spend alarm, though the deployer chose none")
	}
	if got := alarms["account-concurrency"]["Threshold"]; got != 8.0 {
		t.Errorf("concurrency alarm at %v, want 80%% of 10", got)
	}
	ids := main.ofType("AWS::Budgets::Budget")
	if len(ids) != 1 {
		t.Fatalf("budgets %v, want the models' only (no stack budget)", ids)
	}
	if got := dig(main.Resources[ids[0]].Properties, "Budget", "BudgetLimit", "Amount"); got != 250.0 {
		t.Errorf("models' budget %v, want 250", got)
	}
}
