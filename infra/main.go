// Command infra is Chronicler's CDK app (cdk.json: "app": "go run ./infra").
// It defines the one stack of package chronicler/infra/stack and synthesizes
// it to the directory the CDK CLI names in CDK_OUTDIR (cdk.out when run bare).
//
// The functions must be built first: build/<name>/bootstrap for every name in
// stack.FunctionNames (make build). Another directory can be named with
// `cdk synth -c assetDir=DIR`.
package main

import (
	"fmt"
	"os"
	"strconv"

	"chronicler/infra/stack"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/jsii-runtime-go"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "infra:", err)
		os.Exit(1)
	}
}

func run() error {
	defer jsii.Close()
	app := awscdk.NewApp(nil)

	assetDir := stack.DefaultAssetDir
	if v, ok := app.Node().TryGetContext(jsii.String("assetDir")).(string); ok && v != "" {
		assetDir = v
	}
	if err := stack.CheckAssets(assetDir); err != nil {
		return fmt.Errorf("function binaries missing (run make build): %w", err)
	}

	// Environment-agnostic on purpose: the account and region come from the
	// credentials `cdk deploy` runs with.
	identity, _ := app.Node().TryGetContext(jsii.String("identity")).(string) // -c identity=oidc
	// -c origins=https://play.example.com,https://other.example.com
	origins, _ := app.Node().TryGetContext(jsii.String("origins")).(string)
	// -c selfSignUp=true: anyone may create an account in the user pool.
	selfSignUp, err := flag(app, "selfSignUp")
	if err != nil {
		return err
	}
	// -c alarmEmail=ops@example.com: subscribed to the alarms' topic.
	alarmEmail, _ := app.Node().TryGetContext(jsii.String("alarmEmail")).(string)
	// -c monthlyBudget=100 (US dollars; 0 for DefaultMonthlyBudget, -1 for none).
	budget, err := number(app, "monthlyBudget")
	if err != nil {
		return err
	}
	// -c modelHigh=us.anthropic.claude-sonnet-4-5-20250929-v1:0 (and
	// modelLow): where the global profiles cannot be called.
	high, _ := app.Node().TryGetContext(jsii.String("modelHigh")).(string)
	low, _ := app.Node().TryGetContext(jsii.String("modelLow")).(string)
	// -c sweepConcurrency=-1 -c connectConcurrency=-1: reserve nothing, on
	// an account whose concurrency quota is too small (0 keeps the defaults).
	sweepConcurrency, err := number(app, "sweepConcurrency")
	if err != nil {
		return err
	}
	connectConcurrency, err := number(app, "connectConcurrency")
	if err != nil {
		return err
	}
	// -c backupRetentionDays=90 (0 for the default, -1 for no backup plan);
	// -c backupCopyVault=arn:aws:backup:...: a vault each backup is copied to.
	retention, err := number(app, "backupRetentionDays")
	if err != nil {
		return err
	}
	copyVault, _ := app.Node().TryGetContext(jsii.String("backupCopyVault")).(string)
	// The edge and the alarms' thresholds (docs/operations.md): each a
	// number, 0 or unset for the default.
	// -c webAclArn=arn:aws:wafv2:us-east-1:...:global/webacl/...: a
	// CLOUDFRONT web ACL of the deployer's, for a stack outside us-east-1.
	webACL, _ := app.Node().TryGetContext(jsii.String("webAclArn")).(string)
	edge := stack.EdgeProps{WebACLArn: webACL}
	alarms := stack.AlarmProps{}
	var daily float64 // -c dailyBudget=25: the game's cap on a day's model spend (-1: none)
	for name, field := range map[string]*float64{
		"webRateLimit": &edge.WebRateLimit, "connectRate": &edge.ConnectRate, "connectBurst": &edge.ConnectBurst,
		"turnRate": &edge.TurnRate, "turnBurst": &edge.TurnBurst, "playersRate": &edge.PlayersRate, "playersBurst": &edge.PlayersBurst,
		"hourlySpend": &alarms.HourlySpendUSD, "dailySpend": &alarms.DailySpendUSD,
		"monthlyModelBudget": &alarms.MonthlyModelBudget, "dailyBudget": &daily, "accountConcurrency": &alarms.AccountConcurrency,
	} {
		if *field, err = number(app, name); err != nil {
			return err
		}
	}
	stack.NewChroniclerStack(app, "Chronicler", &stack.ChroniclerStackProps{AssetDir: assetDir, Identity: identity,
		AllowedOrigins: stack.Origins(origins), SelfSignUp: selfSignUp, AlarmEmail: alarmEmail, MonthlyBudget: budget,
		ModelHigh: high, ModelLow: low,
		SweepConcurrency: int(sweepConcurrency), ConnectConcurrency: int(connectConcurrency),
		BackupRetentionDays: int(retention), BackupCopyVaultArn: copyVault,
		Edge: edge, Alarms: alarms, DailyBudget: daily})
	app.Synth(nil)
	return nil
}

// flag reads a true/false context value (from -c, a string, or cdk.json, a
// boolean); unset is false.
func flag(app awscdk.App, name string) (bool, error) {
	switch v := app.Node().TryGetContext(jsii.String(name)).(type) {
	case nil:
		return false, nil
	case bool:
		return v, nil
	case string:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return false, fmt.Errorf("-c %s=%q: want true or false", name, v)
		}
		return b, nil
	default:
		return false, fmt.Errorf("-c %s: want true or false, not %v", name, v)
	}
}

// number reads a numeric context value; unset is 0.
func number(app awscdk.App, name string) (float64, error) {
	switch v := app.Node().TryGetContext(jsii.String(name)).(type) {
	case nil:
		return 0, nil
	case float64:
		return v, nil
	case string:
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return 0, fmt.Errorf("-c %s=%q: want a number", name, v)
		}
		return f, nil
	default:
		return 0, fmt.Errorf("-c %s: want a number, not %v", name, v)
	}
}
