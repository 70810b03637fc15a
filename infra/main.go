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
	// -c modelHigh=us.anthropic.claude-sonnet-4-5-20250929-v1:0 (and
	// modelLow): where the global profiles cannot be called.
	high, _ := app.Node().TryGetContext(jsii.String("modelHigh")).(string)
	low, _ := app.Node().TryGetContext(jsii.String("modelLow")).(string)
	// -c backupCopyVault=arn:aws:backup:...: a vault each backup is copied to.
	copyVault, _ := app.Node().TryGetContext(jsii.String("backupCopyVault")).(string)
	// -c webAclArn=arn:aws:wafv2:us-east-1:...:global/webacl/...: a
	// CLOUDFRONT web ACL of the deployer's, for a stack outside us-east-1.
	webACL, _ := app.Node().TryGetContext(jsii.String("webAclArn")).(string)
	props := &stack.ChroniclerStackProps{AssetDir: assetDir, Identity: identity,
		AllowedOrigins: stack.Origins(origins), SelfSignUp: selfSignUp, AlarmEmail: alarmEmail,
		ModelHigh: high, ModelLow: low, BackupCopyVaultArn: copyVault, Edge: stack.EdgeProps{WebACLArn: webACL}}
	// The numbers (docs/operations.md): each 0 or unset for the default.
	// -c monthlyBudget=100 (US dollars; -1 for none); -c dailyBudget=25:
	// the game's cap on a day's model spend (-1: none); -c
	// backupRetentionDays=90 (-1 for no backup plan); -c
	// sweepConcurrency=-1 -c connectConcurrency=-1: reserve nothing, on an
	// account whose concurrency quota is too small; the edge's limits and
	// the alarms' thresholds.
	numbers := map[string]*float64{
		"monthlyBudget": &props.MonthlyBudget, "dailyBudget": &props.DailyBudget,
		"webRateLimit": &props.Edge.WebRateLimit, "connectRate": &props.Edge.ConnectRate, "connectBurst": &props.Edge.ConnectBurst,
		"turnRate": &props.Edge.TurnRate, "turnBurst": &props.Edge.TurnBurst,
		"playersRate": &props.Edge.PlayersRate, "playersBurst": &props.Edge.PlayersBurst,
		"hourlySpend": &props.Alarms.HourlySpendUSD, "dailySpend": &props.Alarms.DailySpendUSD,
		"monthlyModelBudget": &props.Alarms.MonthlyModelBudget, "accountConcurrency": &props.Alarms.AccountConcurrency,
	}
	counts := map[string]*int{
		"sweepConcurrency": &props.SweepConcurrency, "connectConcurrency": &props.ConnectConcurrency,
		"backupRetentionDays": &props.BackupRetentionDays,
	}
	for name, field := range numbers {
		if *field, err = number(app, name); err != nil {
			return err
		}
	}
	for name, field := range counts {
		n, err := number(app, name)
		if err != nil {
			return err
		}
		*field = int(n)
	}
	stack.NewChroniclerStack(app, "Chronicler", props)
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
