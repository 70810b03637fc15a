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
	stack.NewChroniclerStack(app, "Chronicler", &stack.ChroniclerStackProps{AssetDir: assetDir, Identity: identity,
		AllowedOrigins: stack.Origins(origins)})
	app.Synth(nil)
	return nil
}
