package stack

import (
	"cmp"
	"fmt"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudwatch"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscodedeploy"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambdadestinations"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssns"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssqs"
	"github.com/aws/aws-cdk-go/awscdk/v2/interfaces/interfacesawscloudwatch"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// liveAlias is the alias every caller of a function invokes: API Gateway's
// routes, the state machines' tasks and the sweep's schedule. CodeDeploy
// moves it from one published version to the next.
const liveAlias = "live"

// Reserved concurrency when the deployer names none.
const (
	// DefaultSweepConcurrency keeps one sweep at a time: a run that
	// outlasts the schedule's 15 minutes is not joined by the next.
	DefaultSweepConcurrency = 1
	// DefaultConnectConcurrency caps the connect function, so a flood of
	// connections leaves the account's concurrency to the turns. At about
	// 100 ms a connect it still admits about 200 connections a second,
	// more than the stage's throttle lets through.
	DefaultConnectConcurrency = 20
)

// sweepFailureRetention is how long a failed sweep's event stays in its
// queue for the operator: SQS's longest.
var sweepFailureRetention = awscdk.Duration_Days(jsii.Number(14))

// live is what deployments add to the functions: the alias each caller
// invokes, the CodeDeploy group that shifts it, and the sweep's failures.
type live struct {
	aliases map[string]awslambda.Alias
	groups  map[string]awscodedeploy.LambdaDeploymentGroup
	// sweepFailures holds the sweep's scheduled events that failed: those
	// the schedule could not deliver and those whose invocation failed.
	// An alarm on its visible messages tells the operator.
	sweepFailures awssqs.Queue
}

// deployments publishes every function as a version behind the live alias
// and has CodeDeploy shift each alias with a canary: 10% of invocations
// for 5 minutes, then all, rolled back when the alias's errors alarm goes
// off or the deployment fails. It also reserves the functions'
// concurrency and sends the sweep's failures to a queue.
func deployments(stack awscdk.Stack, id string, fns map[string]awslambda.Function, props *ChroniclerStackProps) live {
	reserveConcurrency(fns, props)
	d := live{
		aliases:       map[string]awslambda.Alias{},
		groups:        map[string]awscodedeploy.LambdaDeploymentGroup{},
		sweepFailures: sweepFailureQueue(stack),
	}
	app := awscodedeploy.NewLambdaApplication(stack, jsii.String("Deployments"), &awscodedeploy.LambdaApplicationProps{
		ApplicationName: jsii.String(id + "-functions"),
	})
	for _, f := range functions {
		fn := fns[f.name]
		aliasProps := &awslambda.AliasProps{
			AliasName:   jsii.String(liveAlias),
			Version:     fn.CurrentVersion(),
			Description: jsii.String("the version its callers invoke; CodeDeploy shifts it"),
		}
		if f.name == "sweep" {
			// The schedule invokes the sweep asynchronously. A failed run is
			// not tried again (the next run, 15 minutes later, does the same
			// work); it goes to the queue, where the operator can read why.
			aliasProps.RetryAttempts = jsii.Number(0)
			aliasProps.MaxEventAge = awscdk.Duration_Minutes(jsii.Number(10))
			aliasProps.OnFailure = awslambdadestinations.NewSqsDestination(d.sweepFailures)
		}
		alias := awslambda.NewAlias(stack, jsii.String(f.name+"Live"), aliasProps)
		d.aliases[f.name] = alias
		d.groups[f.name] = awscodedeploy.NewLambdaDeploymentGroup(stack, jsii.String(f.name+"Deployment"), &awscodedeploy.LambdaDeploymentGroupProps{
			Application:         app,
			DeploymentGroupName: jsii.String(f.name),
			Alias:               alias,
			DeploymentConfig:    awscodedeploy.LambdaDeploymentConfig_CANARY_10PERCENT_5MINUTES(),
			Alarms:              &[]interfacesawscloudwatch.IAlarmRef{liveErrorsAlarm(stack, id, f, alias)},
			AutoRollback: &awscodedeploy.AutoRollbackConfig{
				FailedDeployment:  jsii.Bool(true),
				DeploymentInAlarm: jsii.Bool(true),
				StoppedDeployment: jsii.Bool(true),
			},
		})
	}
	return d
}

// LiveErrorsAlarmName names the alarm on a function's live alias that
// rolls its deployments back, e.g. "Chronicler-turn-live-errors".
func LiveErrorsAlarmName(stackID, function string) string {
	return stackID + "-" + function + "-live-errors"
}

// liveErrorsAlarm goes off on any failed invocation of the alias in a
// minute. During a deployment CodeDeploy watches it and rolls back; short
// periods let it clear within minutes of the last error, so an old error
// does not stop the next deployment. It notifies no one: the function's
// own errors alarm does that.
func liveErrorsAlarm(scope constructs.Construct, id string, f function, alias awslambda.Alias) awscloudwatch.Alarm {
	return newAlarm(scope, f.name+"LiveErrors", LiveErrorsAlarmName(id, f.name),
		fmt.Sprintf("Chronicler %s: an invocation of the %s alias failed; a deployment in progress rolls back "+
			"(docs/operations.md, Deploys and rollbacks)", f.name, liveAlias),
		alias.MetricErrors(&awscloudwatch.MetricOptions{Period: canary.period(), Statistic: jsii.String("Sum")}),
		1, canary, awscloudwatch.ComparisonOperator_GREATER_THAN_OR_EQUAL_TO_THRESHOLD)
}

// reserveConcurrency gives the sweep and the connect function their
// reservations: a prop of 0 takes the default, below 0 reserves nothing
// (an account whose concurrency quota is small cannot reserve any).
func reserveConcurrency(fns map[string]awslambda.Function, props *ChroniclerStackProps) {
	reserve := func(name string, n int) {
		if n < 0 {
			return
		}
		if cfn, ok := fns[name].Node().DefaultChild().(awslambda.CfnFunction); ok {
			cfn.SetReservedConcurrentExecutions(jsii.Number(float64(n)))
		}
	}
	reserve("sweep", cmp.Or(props.SweepConcurrency, DefaultSweepConcurrency))
	reserve("connect", cmp.Or(props.ConnectConcurrency, DefaultConnectConcurrency))
}

// sweepFailureQueue keeps the sweep's failed events two weeks, encrypted,
// over TLS only.
func sweepFailureQueue(scope constructs.Construct) awssqs.Queue {
	return awssqs.NewQueue(scope, jsii.String("SweepFailures"), &awssqs.QueueProps{
		RetentionPeriod: sweepFailureRetention,
		Encryption:      awssqs.QueueEncryption_SQS_MANAGED,
		EnforceSSL:      jsii.Bool(true),
	})
}

// notifyDeployments tells the alarm topic when a deployment fails, is
// stopped or rolls back, so an operator learns that a deploy did not take
// without watching CloudFormation.
func notifyDeployments(d live, topic awssns.ITopic) {
	for _, f := range functions {
		g := d.groups[f.name]
		cfn, ok := g.Node().DefaultChild().(awscodedeploy.CfnDeploymentGroup)
		if !ok {
			continue
		}
		cfn.SetTriggerConfigurations(&[]any{&awscodedeploy.CfnDeploymentGroup_TriggerConfigProperty{
			TriggerName:      jsii.String("deployment-failed"),
			TriggerEvents:    jsii.Strings("DeploymentFailure", "DeploymentStop", "DeploymentRollback"),
			TriggerTargetArn: topic.TopicArn(),
		}})
		topic.GrantPublish(g.Role())
	}
}
