package stack

import (
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
	"github.com/aws/aws-cdk-go/awscdk/v2/awsstepfunctions"
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
}

// Alarm names (after the stack id), one per condition an operator acts on;
// docs/operations.md says what each means and what to do.
const (
	alarmErrors        = "-errors"         // per function: any invocation failed
	alarmThrottles     = "-throttles"      // per function: Lambda refused an invocation
	alarmDuration      = "-near-timeout"   // per function: an invocation ran past 80% of its timeout
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
)

// observe adds the alarm topic, the alarms, the dashboard and the budget,
// and returns the topic.
func observe(stack awscdk.Stack, o observed) awssns.Topic {
	topic := awssns.NewTopic(stack, jsii.String("Alarms"), &awssns.TopicProps{
		DisplayName: jsii.String("Chronicler " + o.id + " alarms"),
	})
	if o.alarmEmail != "" {
		topic.AddSubscription(awssnssubscriptions.NewEmailSubscription(jsii.String(o.alarmEmail), nil))
	}
	action := awscloudwatchactions.NewSnsAction(topic)
	five := awscdk.Duration_Minutes(jsii.Number(5))
	alarm := func(name, desc string, m awscloudwatch.IMetric, threshold float64) {
		a := awscloudwatch.NewAlarm(stack, jsii.String("Alarm"+alarmID(name)), &awscloudwatch.AlarmProps{
			AlarmName:          jsii.String(o.id + "-" + strings.TrimPrefix(name, "-")),
			AlarmDescription:   jsii.String(desc + " (docs/operations.md)"),
			Metric:             m,
			Threshold:          jsii.Number(threshold),
			EvaluationPeriods:  jsii.Number(1),
			ComparisonOperator: awscloudwatch.ComparisonOperator_GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
			TreatMissingData:   awscloudwatch.TreatMissingData_NOT_BREACHING,
		})
		a.AddAlarmAction(action)
	}
	sum := &awscloudwatch.MetricOptions{Period: five, Statistic: jsii.String("Sum")}

	for _, f := range functions {
		fn := o.fns[f.name]
		alarm(f.name+alarmErrors, "Chronicler "+f.name+": invocations failed", fn.MetricErrors(sum), 1)
		alarm(f.name+alarmThrottles, "Chronicler "+f.name+": invocations throttled (concurrency)", fn.MetricThrottles(sum), 1)
		alarm(f.name+alarmDuration, fmt.Sprintf("Chronicler %s: an invocation ran past 80%% of its %.0f s timeout", f.name, f.timeoutSec),
			fn.MetricDuration(&awscloudwatch.MetricOptions{Period: five, Statistic: jsii.String("Maximum")}), 0.8*f.timeoutSec*1000)
	}

	tableMetric := func(name string, dims map[string]*string) awscloudwatch.Metric {
		d := map[string]*string{"TableName": o.table.TableName()}
		for k, v := range dims {
			d[k] = v
		}
		return awscloudwatch.NewMetric(&awscloudwatch.MetricProps{
			Namespace: jsii.String("AWS/DynamoDB"), MetricName: jsii.String(name), DimensionsMap: &d, Period: five, Statistic: jsii.String("Sum"),
		})
	}
	alarm(alarmTableThrottle, "DynamoDB throttled reads or writes of the table", awscloudwatch.NewMathExpression(&awscloudwatch.MathExpressionProps{
		Expression: jsii.String("r + w"), Label: jsii.String("throttle events"), Period: five,
		UsingMetrics: &map[string]awscloudwatch.IMetric{"r": tableMetric("ReadThrottleEvents", nil), "w": tableMetric("WriteThrottleEvents", nil)},
	}), 1)
	// SystemErrors is reported per operation: the ones the store calls.
	errs := map[string]awscloudwatch.IMetric{}
	var terms []string
	for i, op := range []string{"GetItem", "Query", "BatchGetItem", "TransactWriteItems", "BatchWriteItem", "PutItem"} {
		k := fmt.Sprintf("e%d", i)
		errs[k] = tableMetric("SystemErrors", map[string]*string{"Operation": jsii.String(op)})
		terms = append(terms, k)
	}
	alarm(alarmTableErrors, "DynamoDB answered the table's requests with system errors (HTTP 500)", awscloudwatch.NewMathExpression(&awscloudwatch.MathExpressionProps{
		Expression: jsii.String(strings.Join(terms, " + ")), Label: jsii.String("system errors"), Period: five, UsingMetrics: &errs,
	}), 1)

	alarm(alarmFlowFailed, "reaction window executions failed", o.flow.MetricFailed(sum), 1)
	alarm(alarmFlowTimedOut, "reaction window executions timed out", o.flow.MetricTimedOut(sum), 1)
	alarm(alarmFightFailed, "fight flows failed or timed out: a turn failed on every try", awscloudwatch.NewMathExpression(&awscloudwatch.MathExpressionProps{
		Expression: jsii.String("f + t"), Label: jsii.String("fight flows failed"), Period: five,
		UsingMetrics: &map[string]awscloudwatch.IMetric{"f": o.fight.MetricFailed(sum), "t": o.fight.MetricTimedOut(sum)},
	}), 1)
	alarm(alarmHTTP5xx, "the HTTP API answered 5xx", o.http.MetricServerError(sum), 5)
	alarm(alarmWS5xx, "the WebSocket API failed to run or reach its functions", awscloudwatch.NewMathExpression(&awscloudwatch.MathExpressionProps{
		Expression: jsii.String("x + i"), Label: jsii.String("errors"), Period: five,
		UsingMetrics: &map[string]awscloudwatch.IMetric{
			"x": o.ws.Metric(jsii.String("ExecutionError"), sum),
			"i": o.ws.Metric(jsii.String("IntegrationError"), sum),
		},
	}), 5)

	app := func(name string, stat string, period awscdk.Duration) awscloudwatch.Metric {
		return awscloudwatch.NewMetric(&awscloudwatch.MetricProps{
			Namespace: jsii.String(o.namespace), MetricName: jsii.String(name), Period: period, Statistic: jsii.String(stat),
		})
	}
	quarter := awscdk.Duration_Minutes(jsii.Number(15))
	// A rate, and only over enough narrations to mean something.
	alarm(alarmDegraded, "more than a quarter of narrations fell back to the offline narrator", awscloudwatch.NewMathExpression(&awscloudwatch.MathExpressionProps{
		Expression: jsii.String("IF(n >= 4, d / n, 0)"), Label: jsii.String("degraded share"), Period: quarter,
		UsingMetrics: &map[string]awscloudwatch.IMetric{
			"d": app(metrics.DegradedNarrations, "Sum", quarter),
			"n": app(metrics.Narrations, "Sum", quarter),
		},
	}), 0.25)
	alarm(alarmAccessDenied, "Bedrock refused the narrator's model: model access, the first-time-use form or the Marketplace subscription is missing",
		app(metrics.ModelAccessDenied, "Sum", five), 1)
	alarm(alarmSweepFailed, "the sweep failed, or failed on campaigns", app(metrics.SweepFailures, "Sum", quarter), 1)

	dashboard(stack, o, app)
	if o.budget >= 0 {
		budget(stack, o, topic)
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
				graph("Model cost (USD) by model", byModel(metrics.CostUSD)),
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
	amount := o.budget
	if amount == 0 {
		amount = DefaultMonthlyBudget
	}
	topic.AddToResourcePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Sid:        jsii.String("BudgetsPublish"),
		Actions:    jsii.Strings("sns:Publish"),
		Principals: &[]awsiam.IPrincipal{awsiam.NewServicePrincipal(jsii.String("budgets.amazonaws.com"), nil)},
		Resources:  &[]*string{topic.TopicArn()},
		Conditions: &map[string]any{"StringEquals": map[string]any{"aws:SourceAccount": awscdk.Aws_ACCOUNT_ID()}},
	}))
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
	awsbudgets.NewCfnBudget(stack, jsii.String("Budget"), &awsbudgets.CfnBudgetProps{
		Budget: &awsbudgets.CfnBudget_BudgetDataProperty{
			BudgetName:  jsii.String(o.id + "-monthly"),
			BudgetType:  jsii.String("COST"),
			TimeUnit:    jsii.String("MONTHLY"),
			BudgetLimit: &awsbudgets.CfnBudget_SpendProperty{Amount: jsii.Number(amount), Unit: jsii.String("USD")},
			// The stack's tag, once activated as a cost allocation tag.
			CostFilters: &map[string]any{"TagKeyValue": []string{"user:" + costTag + "$" + o.id}},
		},
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
