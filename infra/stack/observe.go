package stack

import (
	"cmp"
	"fmt"
	"regexp"
	"strings"

	"chronicler/shared/metrics"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigateway"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsbudgets"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudwatch"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudwatchactions"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssns"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssnssubscriptions"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssqs"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsstepfunctions"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// costTag tags every resource of the stack with the stack's id; the
// budget counts the costs carrying it.
const costTag = "chronicler:stack"

// metricsNamespace is the CloudWatch namespace of a stack's application
// metrics: one per stack, so two stacks in an account do not mix.
func metricsNamespace(id string) string { return "Chronicler/" + id }

// observed is what the alarms and the dashboard watch.
type observed struct {
	id, namespace string
	fns           map[string]awslambda.Function
	flow, fight   awsstepfunctions.StateMachine
	table         awsdynamodb.TableV2
	ws            awsapigatewayv2.WebSocketApi
	http          awsapigatewayv2.HttpApi
	alarmEmail    string
	budget        float64
	alarms        AlarmProps
	// sweepFailures is the queue the sweep's failed runs land in.
	sweepFailures awssqs.IQueue
}

// AlarmProps are the thresholds of the spend and capacity alarms and the
// models' budget (docs/operations.md). Zero takes the default; below zero
// leaves the alarm (or the budget) out.
type AlarmProps struct {
	// HourlySpendUSD and DailySpendUSD: the alarm fires when the models'
	// CostUSD, summed across models, reaches this much in an hour (a day).
	HourlySpendUSD, DailySpendUSD float64
	// MonthlyModelBudget is the budget, in US dollars a month, on Amazon
	// Bedrock and the AWS Marketplace charges of the account (the Claude
	// models bill there, untagged).
	MonthlyModelBudget float64
	// AccountConcurrency is the account's Lambda concurrency quota in the
	// region (Service Quotas, "Concurrent executions"); the alarm fires at
	// 80% of it.
	AccountConcurrency float64
}

// Defaults of AlarmProps.
const (
	DefaultHourlySpendUSD     = 2
	DefaultDailySpendUSD      = 10
	DefaultMonthlyModelBudget = 100
	DefaultAccountConcurrency = 1000
)

// Alarm names (after the stack id), one per condition an operator acts on;
// docs/operations.md says what each means and what to do.
const (
	alarmErrors        = "-errors"         // per function: a share of invocations failed
	alarmThrottles     = "-throttles"      // per function: Lambda refused a share of invocations
	alarmDuration      = "-near-timeout"   // per function: invocations ran past 80% of its timeout
	alarmTableThrottle = "table-throttled" // DynamoDB refused reads or writes
	alarmTableErrors   = "table-system-errors"
	alarmFlowFailed    = "reaction-window-failed"
	alarmFlowTimedOut  = "reaction-window-timed-out"
	alarmFightFailed   = "fight-flow-failed"
	alarmHTTP5xx       = "http-api-5xx"
	alarmWS5xx         = "websocket-api-errors"
	alarmDegraded      = "degraded-narrations"
	alarmAccessDenied  = "model-access-denied"
	alarmSweepFailed   = "sweep-failures"
	alarmSweepSilent   = "sweep-not-running"
	alarmPushFailed    = "push-failures"
	alarmSweepQueue    = "sweep-failure-queue" // failed sweep runs wait in their queue
	alarmSpendHour     = "model-spend-hour"
	alarmSpendDay      = "model-spend-day"
	alarmConcurrency   = "account-concurrency"
)

// evaluation is how an alarm reads its metric: periods of this many
// minutes, in alarm when `of` of the last `outOf` breach, and what a
// period without data counts as.
type evaluation struct {
	minutes   float64
	of, outOf float64
	missing   awscloudwatch.TreatMissingData
}

func (e evaluation) period() awscdk.Duration { return awscdk.Duration_Minutes(jsii.Number(e.minutes)) }

// newAlarm is the alarm named name on m, read as e reads it, compared
// with threshold by op.
func newAlarm(scope constructs.Construct, id, name, desc string, m awscloudwatch.IMetric, threshold float64,
	e evaluation, op awscloudwatch.ComparisonOperator) awscloudwatch.Alarm {
	return awscloudwatch.NewAlarm(scope, jsii.String(id), &awscloudwatch.AlarmProps{
		AlarmName:          jsii.String(name),
		AlarmDescription:   jsii.String(desc),
		Metric:             m,
		Threshold:          jsii.Number(threshold),
		EvaluationPeriods:  jsii.Number(e.outOf),
		DatapointsToAlarm:  jsii.Number(e.of),
		ComparisonOperator: op,
		TreatMissingData:   e.missing,
	})
}

var (
	// sustained: a rate that stays high for 15 of 25 minutes, not one
	// unlucky period of a quiet function (one failure in two invocations).
	sustained = evaluation{5, 3, 5, awscloudwatch.TreatMissingData_NOT_BREACHING}
	// repeated: a count that should be zero, seen in two of three periods;
	// one alone is retried or healed by the sweep.
	repeated = evaluation{5, 2, 3, awscloudwatch.TreatMissingData_NOT_BREACHING}
	// swept: the same at the sweep's pace (it runs every 15 minutes).
	swept = evaluation{15, 2, 3, awscloudwatch.TreatMissingData_NOT_BREACHING}
	// heartbeat: at the sweep's pace, and no data is the fault itself.
	heartbeat = evaluation{15, 2, 3, awscloudwatch.TreatMissingData_BREACHING}
	// spent: a sum of money over an hour or a day. One datapoint is
	// enough: it is already the period's total, and waiting for a second
	// spends as much again. No data is no spend.
	spentHour = evaluation{60, 1, 1, awscloudwatch.TreatMissingData_NOT_BREACHING}
	spentDay  = evaluation{24 * 60, 1, 1, awscloudwatch.TreatMissingData_NOT_BREACHING}
	// canary: one minute's single datapoint, so a deployment's rollback
	// alarm fires on the first error and clears a minute after the last.
	canary = evaluation{1, 1, 1, awscloudwatch.TreatMissingData_NOT_BREACHING}
)

// observe adds the alarm topic, the alarms, the dashboard and the budgets,
// and returns the topic.
func observe(stack awscdk.Stack, o observed) awssns.Topic {
	topic := awssns.NewTopic(stack, jsii.String("Alarms"), &awssns.TopicProps{
		DisplayName: jsii.String("Chronicler " + o.id + " alarms"),
	})
	if o.alarmEmail != "" {
		topic.AddSubscription(awssnssubscriptions.NewEmailSubscription(jsii.String(o.alarmEmail), nil))
	}
	action := awscloudwatchactions.NewSnsAction(topic)
	alarmOp := func(name, desc string, m awscloudwatch.IMetric, threshold float64, e evaluation, op awscloudwatch.ComparisonOperator) {
		newAlarm(stack, "Alarm"+alarmID(name), o.id+"-"+strings.TrimPrefix(name, "-"), desc+" (docs/operations.md)",
			m, threshold, e, op).AddAlarmAction(action)
	}
	alarm := func(name, desc string, m awscloudwatch.IMetric, threshold float64, e evaluation) {
		alarmOp(name, desc, m, threshold, e, awscloudwatch.ComparisonOperator_GREATER_THAN_OR_EQUAL_TO_THRESHOLD)
	}
	sumOver := func(p awscdk.Duration) *awscloudwatch.MetricOptions {
		return &awscloudwatch.MetricOptions{Period: p, Statistic: jsii.String("Sum")}
	}
	five, quarter := repeated.period(), swept.period()
	sum := sumOver(five)
	// math is an expression over named metrics, read per period p.
	math := func(expr, label string, p awscdk.Duration, ms map[string]awscloudwatch.IMetric) awscloudwatch.IMetric {
		return awscloudwatch.NewMathExpression(&awscloudwatch.MathExpressionProps{
			Expression: jsii.String(expr), Label: jsii.String(label), Period: p, UsingMetrics: &ms,
		})
	}

	for _, f := range functions {
		fn := o.fns[f.name]
		// The sweep runs every 15 minutes: a 5-minute period would mostly
		// hold no invocation, and three of five could never breach.
		e, ne := sustained, repeated
		if f.name == "sweep" {
			e, ne = swept, swept
		}
		p := e.period()
		// Errors as a share of invocations: Lambda reports Errors (0 too)
		// wherever it reports Invocations, so no invocation is no data.
		alarm(f.name+alarmErrors, "Chronicler "+f.name+": 5% or more of invocations failed", math(
			"IF(i > 0, 100 * e / i, 0)", "failed %", p,
			map[string]awscloudwatch.IMetric{"e": fn.MetricErrors(sumOver(p)), "i": fn.MetricInvocations(sumOver(p))}), 5, e)
		// Throttled invocations are not counted in Invocations, and when
		// every one is throttled there is no Invocations datapoint at all.
		alarm(f.name+alarmThrottles, "Chronicler "+f.name+": 5% or more of invocations throttled (concurrency)", math(
			"IF(FILL(i, 0) + FILL(t, 0) > 0, 100 * FILL(t, 0) / (FILL(i, 0) + FILL(t, 0)), 0)", "throttled %", p,
			map[string]awscloudwatch.IMetric{"t": fn.MetricThrottles(sumOver(p)), "i": fn.MetricInvocations(sumOver(p))}), 5, e)
		alarm(f.name+alarmDuration, fmt.Sprintf("Chronicler %s: invocations ran past 80%% of its %.0f s timeout", f.name, f.timeoutSec),
			fn.MetricDuration(&awscloudwatch.MetricOptions{Period: ne.period(), Statistic: jsii.String("Maximum")}), 0.8*f.timeoutSec*1000, ne)
	}
	// The sweep's heartbeat: its schedule stopped, its target was removed,
	// or every delivery failed. Silence is the fault, so no data breaches.
	alarmOp(alarmSweepSilent, "the sweep has not run for 30 of the last 45 minutes: held turns and empty sessions are not being finished",
		o.fns["sweep"].MetricInvocations(sumOver(quarter)), 1, heartbeat, awscloudwatch.ComparisonOperator_LESS_THAN_THRESHOLD)

	tableMetric := func(name string, dims map[string]*string) awscloudwatch.Metric {
		d := map[string]*string{"TableName": o.table.TableName()}
		for k, v := range dims {
			d[k] = v
		}
		return awscloudwatch.NewMetric(&awscloudwatch.MetricProps{
			Namespace: jsii.String("AWS/DynamoDB"), MetricName: jsii.String(name), DimensionsMap: &d, Period: five, Statistic: jsii.String("Sum"),
		})
	}
	alarm(alarmTableThrottle, "DynamoDB throttled reads or writes of the table in two of three 5-minute periods", math("r + w", "throttle events", five,
		map[string]awscloudwatch.IMetric{"r": tableMetric("ReadThrottleEvents", nil), "w": tableMetric("WriteThrottleEvents", nil)}), 1, repeated)
	// SystemErrors is reported per operation: the ones the store calls.
	errs := map[string]awscloudwatch.IMetric{}
	var terms []string
	for i, op := range []string{"GetItem", "Query", "BatchGetItem", "TransactWriteItems", "BatchWriteItem", "PutItem"} {
		k := fmt.Sprintf("e%d", i)
		errs[k] = tableMetric("SystemErrors", map[string]*string{"Operation": jsii.String(op)})
		terms = append(terms, k)
	}
	alarm(alarmTableErrors, "DynamoDB answered the table's requests with system errors (HTTP 500) in two of three 5-minute periods",
		math(strings.Join(terms, " + "), "system errors", five, errs), 1, repeated)

	// A lost flow is healed by the sweep within 15 minutes, so one failure
	// is logged, not paged; failures in two of three quarters are a fault.
	alarm(alarmFlowFailed, "reaction window executions failed in two of three 15-minute periods", o.flow.MetricFailed(sumOver(quarter)), 1, swept)
	alarm(alarmFlowTimedOut, "reaction window executions timed out in two of three 15-minute periods", o.flow.MetricTimedOut(sumOver(quarter)), 1, swept)
	alarm(alarmFightFailed, "fight flows failed or timed out (a turn failed on every try) in two of three 15-minute periods", math("f + t", "fight flows failed", quarter,
		map[string]awscloudwatch.IMetric{"f": o.fight.MetricFailed(sumOver(quarter)), "t": o.fight.MetricTimedOut(sumOver(quarter))}), 1, swept)

	alarm(alarmHTTP5xx, "the HTTP API answered 5% or more of its requests with 5xx", math(
		"IF(n > 0, 100 * FILL(x, 0) / n, 0)", "5xx %", five,
		map[string]awscloudwatch.IMetric{"x": o.http.MetricServerError(sum), "n": o.http.MetricCount(sum)}), 5, sustained)
	alarm(alarmWS5xx, "the WebSocket API failed to run or reach its functions for 5% or more of connections and messages", math(
		"IF(FILL(m, 0) + FILL(c, 0) > 0, 100 * (FILL(x, 0) + FILL(i, 0)) / (FILL(m, 0) + FILL(c, 0)), 0)", "errors %", five,
		map[string]awscloudwatch.IMetric{
			"x": o.ws.Metric(jsii.String("ExecutionError"), sum),
			"i": o.ws.Metric(jsii.String("IntegrationError"), sum),
			"m": o.ws.Metric(jsii.String("MessageCount"), sum),
			"c": o.ws.Metric(jsii.String("ConnectCount"), sum),
		}), 5, sustained)

	app := func(name string, stat string, period awscdk.Duration) awscloudwatch.Metric {
		return awscloudwatch.NewMetric(&awscloudwatch.MetricProps{
			Namespace: jsii.String(o.namespace), MetricName: jsii.String(name), Period: period, Statistic: jsii.String(stat),
		})
	}
	// A rate, and only over enough narrations to mean something.
	alarm(alarmDegraded, "more than a quarter of narrations fell back to the offline narrator, in two of three 15-minute periods", math(
		"IF(n >= 4, d / n, 0)", "degraded share", quarter,
		map[string]awscloudwatch.IMetric{"d": app(metrics.DegradedNarrations, "Sum", quarter), "n": app(metrics.Narrations, "Sum", quarter)}), 0.25, swept)
	alarm(alarmAccessDenied, "Bedrock refused the narrator's model: model access, the first-time-use form or the Marketplace subscription is missing",
		app(metrics.ModelAccessDenied, "Sum", five), 1, repeated)
	alarm(alarmSweepFailed, "the sweep failed, or failed on campaigns, in two of three runs", app(metrics.SweepFailures, "Sum", quarter), 1, swept)
	// The app counts only failed pushes (one metric line per push would
	// cost more in logs than it tells), so this is a count: a few failures
	// are players who missed a message and resync; this many is a fault.
	alarm(alarmPushFailed, "5 or more messages could not be sent to connections, in two of three 5-minute periods (not counting connections that left)",
		app(metrics.PushFailures, "Sum", five), 5, repeated)
	if o.sweepFailures != nil {
		alarm(alarmSweepQueue, "failed sweep runs wait in the sweep's failure queue, in two of three quarter-hours",
			o.sweepFailures.MetricApproximateNumberOfMessagesVisible(&awscloudwatch.MetricOptions{Period: quarter, Statistic: jsii.String("Maximum")}), 1, swept)
	}

	// Spend: CostUSD as its total across models (the app publishes it so).
	if v := cmp.Or(o.alarms.HourlySpendUSD, DefaultHourlySpendUSD); v > 0 {
		alarm(alarmSpendHour, fmt.Sprintf("the models cost $%g or more in an hour", v), app(metrics.CostUSD, "Sum", spentHour.period()), v, spentHour)
	}
	if v := cmp.Or(o.alarms.DailySpendUSD, DefaultDailySpendUSD); v > 0 {
		alarm(alarmSpendDay, fmt.Sprintf("the models cost $%g or more in a day", v), app(metrics.CostUSD, "Sum", spentDay.period()), v, spentDay)
	}
	// The account's concurrency, reserved and on demand together: past it
	// every function of the account is throttled, this stack's or not.
	if v := cmp.Or(o.alarms.AccountConcurrency, DefaultAccountConcurrency); v > 0 {
		alarm(alarmConcurrency, fmt.Sprintf("the account's Lambda concurrency reached 80%% of its %g in the region", v),
			awscloudwatch.NewMetric(&awscloudwatch.MetricProps{
				Namespace: jsii.String("AWS/Lambda"), MetricName: jsii.String("ClaimedAccountConcurrency"), Period: five, Statistic: jsii.String("Maximum"),
			}), 0.8*v, sustained)
	}

	dashboard(stack, o, app)
	modelAmount := cmp.Or(o.alarms.MonthlyModelBudget, DefaultMonthlyModelBudget)
	if o.budget >= 0 || modelAmount > 0 {
		topic.AddToResourcePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
			Sid:        jsii.String("BudgetsPublish"),
			Actions:    jsii.Strings("sns:Publish"),
			Principals: &[]awsiam.IPrincipal{awsiam.NewServicePrincipal(jsii.String("budgets.amazonaws.com"), nil)},
			Resources:  &[]*string{topic.TopicArn()},
			Conditions: &map[string]any{"StringEquals": map[string]any{"aws:SourceAccount": awscdk.Aws_ACCOUNT_ID()}},
		}))
	}
	if o.budget >= 0 {
		budget(stack, o, topic)
	}
	if modelAmount > 0 {
		modelBudget(stack, o, topic, modelAmount)
	}
	return topic
}

// alarmID is a name as a construct id: "end_session-errors" -> "EndSessionErrors".
func alarmID(name string) string {
	var b strings.Builder
	for _, w := range regexp.MustCompile(`[^A-Za-z0-9]+`).Split(name, -1) {
		if w != "" {
			b.WriteString(strings.ToUpper(w[:1]) + w[1:])
		}
	}
	return b.String()
}

// dashboard is one page of the stack's health: turns, narration, model
// spend, the functions, the table, the APIs, the flows and the sweep.
func dashboard(stack awscdk.Stack, o observed, app func(name, stat string, period awscdk.Duration) awscloudwatch.Metric) {
	five := awscdk.Duration_Minutes(jsii.Number(5))
	graph := func(title string, ms ...awscloudwatch.IMetric) awscloudwatch.IWidget {
		return awscloudwatch.NewGraphWidget(&awscloudwatch.GraphWidgetProps{Title: jsii.String(title), Left: &ms, Width: jsii.Number(8), Height: jsii.Number(6)})
	}
	byModel := func(name string) awscloudwatch.IMetric {
		return awscloudwatch.NewMathExpression(&awscloudwatch.MathExpressionProps{
			Expression: jsii.String(fmt.Sprintf(`SEARCH('{%s,%s} MetricName="%s"', 'Sum', 300)`, o.namespace, metrics.DimModel, name)),
			Label:      jsii.String(name), Period: five,
		})
	}
	var errs, durs, throttles []awscloudwatch.IMetric
	for _, f := range functions {
		fn := o.fns[f.name]
		errs = append(errs, fn.MetricErrors(&awscloudwatch.MetricOptions{Period: five, Statistic: jsii.String("Sum"), Label: jsii.String(f.name)}))
		durs = append(durs, fn.MetricDuration(&awscloudwatch.MetricOptions{Period: five, Statistic: jsii.String("p99"), Label: jsii.String(f.name)}))
		throttles = append(throttles, fn.MetricThrottles(&awscloudwatch.MetricOptions{Period: five, Statistic: jsii.String("Sum"), Label: jsii.String(f.name)}))
	}
	sum := &awscloudwatch.MetricOptions{Period: five, Statistic: jsii.String("Sum")}
	awscloudwatch.NewDashboard(stack, jsii.String("Dashboard"), &awscloudwatch.DashboardProps{
		DashboardName: jsii.String(o.id + "-health"),
		Widgets: &[]*[]awscloudwatch.IWidget{
			{
				graph("Turn latency (ms)", app(metrics.TurnLatency, "p50", five), app(metrics.TurnLatency, "p99", five)),
				graph("Narration (ms)", app(metrics.TimeToFirstText, "p50", five), app(metrics.TimeToFirstText, "p99", five),
					app(metrics.NarrationLatency, "p50", five), app(metrics.NarrationLatency, "p99", five)),
				graph("Narrations", app(metrics.Narrations, "Sum", five), app(metrics.DegradedNarrations, "Sum", five),
					app(metrics.ModelAccessDenied, "Sum", five), app(metrics.GuardBreaches, "Sum", five)),
			},
			{
				// The total is what the spend alarms read.
				graph("Model cost (USD): by model, and total", byModel(metrics.CostUSD), app(metrics.CostUSD, "Sum", five)),
				graph("Input tokens by model", byModel(metrics.InputTokens)),
				graph("Output tokens by model", byModel(metrics.OutputTokens)),
			},
			{
				graph("Function errors", errs...),
				graph("Function duration p99 (ms)", durs...),
				graph("Function throttles", throttles...),
			},
			{
				graph("Table throttles", o.table.MetricThrottledRequestsForOperations(&awsdynamodb.OperationsMetricOptions{Period: five})),
				graph("Table system errors", o.table.MetricSystemErrorsForOperations(&awsdynamodb.SystemErrorsForOperationsMetricOptions{Period: five})),
				graph("APIs", o.http.MetricServerError(sum), o.http.MetricClientError(sum), o.ws.Metric(jsii.String("IntegrationError"), sum),
					app(metrics.PushFailures, "Sum", five)),
				graph("Reaction windows", o.flow.MetricStarted(sum), o.flow.MetricFailed(sum), o.flow.MetricTimedOut(sum)),
				graph("Fights", o.fight.MetricStarted(sum), o.fight.MetricSucceeded(sum), o.fight.MetricFailed(sum)),
			},
			{
				graph("Sweep", app(metrics.SweepExamined, "Sum", five), app(metrics.SweepClosed, "Sum", five), app(metrics.SweepAbandoned, "Sum", five),
					app(metrics.SweepConnectionsRemoved, "Sum", five), app(metrics.SweepFailures, "Sum", five)),
			},
		},
	})
}

// budget warns the topic (and the alarm address) when the month's spend on
// the stack's resources passes 80% of the budget, or is forecast to pass
// all of it.
func budget(stack awscdk.Stack, o observed, topic awssns.Topic) {
	newBudget(stack, "Budget", o, topic, o.id+"-monthly", cmp.Or(o.budget, DefaultMonthlyBudget), func(b *awsbudgets.CfnBudget_BudgetDataProperty) {
		// The stack's tag, once activated as a cost allocation tag.
		b.CostFilters = &map[string]any{"TagKeyValue": []string{"user:" + costTag + "$" + o.id}}
	})
}

// modelBudget is the budget of the models: Amazon Bedrock carries no tag
// of the stack, and the Claude models bill through the AWS Marketplace
// under services of their own ("Claude ... (Amazon Bedrock Edition)"),
// outside the service Amazon Bedrock. So it counts every service whose
// name holds "Bedrock", and every charge whose billing entity is the
// Marketplace: the account's, not only this stack's (docs/operations.md).
func modelBudget(stack awscdk.Stack, o observed, topic awssns.Topic, amount float64) {
	dim := func(key, match, value string) any {
		return &awsbudgets.CfnBudget_ExpressionProperty{Dimensions: &awsbudgets.CfnBudget_ExpressionDimensionValuesProperty{
			Key: jsii.String(key), MatchOptions: jsii.Strings(match), Values: jsii.Strings(value),
		}}
	}
	newBudget(stack, "ModelBudget", o, topic, o.id+"-models-monthly", amount, func(b *awsbudgets.CfnBudget_BudgetDataProperty) {
		b.FilterExpression = &awsbudgets.CfnBudget_ExpressionProperty{Or: &[]any{
			dim("SERVICE", "CONTAINS", "Bedrock"),
			dim("BILLING_ENTITY", "EQUALS", "AWS Marketplace"),
		}}
	})
}

// newBudget is a monthly cost budget of amount US dollars, filtered by
// filter, that notifies the topic (and the alarm address) at 80% of it
// spent or all of it forecast.
func newBudget(stack awscdk.Stack, id string, o observed, topic awssns.Topic, name string, amount float64, filter func(*awsbudgets.CfnBudget_BudgetDataProperty)) {
	subscribers := []any{&awsbudgets.CfnBudget_SubscriberProperty{SubscriptionType: jsii.String("SNS"), Address: topic.TopicArn()}}
	if o.alarmEmail != "" {
		subscribers = append(subscribers, &awsbudgets.CfnBudget_SubscriberProperty{SubscriptionType: jsii.String("EMAIL"), Address: jsii.String(o.alarmEmail)})
	}
	notify := func(kind string, pct float64) any {
		return &awsbudgets.CfnBudget_NotificationWithSubscribersProperty{
			Notification: &awsbudgets.CfnBudget_NotificationProperty{
				NotificationType: jsii.String(kind), ComparisonOperator: jsii.String("GREATER_THAN"),
				Threshold: jsii.Number(pct), ThresholdType: jsii.String("PERCENTAGE"),
			},
			Subscribers: &subscribers,
		}
	}
	data := &awsbudgets.CfnBudget_BudgetDataProperty{
		BudgetName:  jsii.String(name),
		BudgetType:  jsii.String("COST"),
		TimeUnit:    jsii.String("MONTHLY"),
		BudgetLimit: &awsbudgets.CfnBudget_SpendProperty{Amount: jsii.Number(amount), Unit: jsii.String("USD")},
	}
	filter(data)
	awsbudgets.NewCfnBudget(stack, jsii.String(id), &awsbudgets.CfnBudgetProps{
		Budget:                       data,
		NotificationsWithSubscribers: &[]any{notify("ACTUAL", 80), notify("FORECASTED", 100)},
	})
}

// accessLogs sends both API stages' access logs to log groups of their
// own, one JSON line a request. A WebSocket API logs through the account's
// API Gateway CloudWatch role, which this sets (retained: other APIs of
// the account may log through it too).
func accessLogs(stack awscdk.Stack, ws awsapigatewayv2.WebSocketStage, http awsapigatewayv2.HttpApi) {
	role := awsiam.NewRole(stack, jsii.String("ApiGatewayLogsRole"), &awsiam.RoleProps{
		AssumedBy: awsiam.NewServicePrincipal(jsii.String("apigateway.amazonaws.com"), nil),
		ManagedPolicies: &[]awsiam.IManagedPolicy{
			awsiam.ManagedPolicy_FromAwsManagedPolicyName(jsii.String("service-role/AmazonAPIGatewayPushToCloudWatchLogs")),
		},
	})
	role.ApplyRemovalPolicy(awscdk.RemovalPolicy_RETAIN)
	account := awsapigateway.NewCfnAccount(stack, jsii.String("ApiGatewayAccount"), &awsapigateway.CfnAccountProps{CloudWatchRoleArn: role.RoleArn()})
	account.ApplyRemovalPolicy(awscdk.RemovalPolicy_RETAIN, nil)

	wsFormat := `{"requestId":"$context.requestId","ip":"$context.identity.sourceIp","time":"$context.requestTime","route":"$context.routeKey",` +
		`"event":"$context.eventType","connection":"$context.connectionId","status":"$context.status",` +
		`"integrationStatus":"$context.integration.status","latency":"$context.integration.latency","error":"$context.error.message"}`
	httpFormat := `{"requestId":"$context.requestId","ip":"$context.identity.sourceIp","time":"$context.requestTime","method":"$context.httpMethod",` +
		`"route":"$context.routeKey","status":"$context.status","length":"$context.responseLength",` +
		`"integrationStatus":"$context.integrationStatus","latency":"$context.integrationLatency","error":"$context.error.message"}`
	if st, ok := ws.Node().DefaultChild().(awsapigatewayv2.CfnStage); ok {
		st.SetAccessLogSettings(&awsapigatewayv2.CfnStage_AccessLogSettingsProperty{
			DestinationArn: logGroup(stack, "WebSocketAccessLogs").LogGroupArn(), Format: jsii.String(wsFormat),
		})
		st.AddResourceDependency(account, jsii.String("the stage logs through the account's role"))
	}
	if st, ok := http.DefaultStage().Node().DefaultChild().(awsapigatewayv2.CfnStage); ok {
		st.SetAccessLogSettings(&awsapigatewayv2.CfnStage_AccessLogSettingsProperty{
			DestinationArn: logGroup(stack, "HttpAccessLogs").LogGroupArn(), Format: jsii.String(httpFormat),
		})
	}
}
