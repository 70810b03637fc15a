package cloud

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/sfn"

	"chronicler/shared/auth"
	"chronicler/shared/dynamo"
	"chronicler/shared/game"
	"chronicler/shared/push"
	"chronicler/shared/stepfunctions"
)

// Environment variables the stack sets on every function.
const (
	EnvTable       = "TABLE_NAME"
	EnvConnections = "CONNECTIONS_ENDPOINT" // https://{api}.execute-api.{region}.amazonaws.com/{stage}
	EnvTokenKey    = "CHRONICLER_TOKEN_KEY"
	// EnvStateMachine is the reaction window's state machine; without it,
	// held turns' prompts and windows are timed by the sweep alone.
	EnvStateMachine = "STATE_MACHINE_ARN"
)

// Service builds the use cases from the environment. It fails, rather than
// guessing, when a variable is missing.
func Service(ctx context.Context) (*game.Service, error) {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	table, key := os.Getenv(EnvTable), os.Getenv(EnvTokenKey)
	if table == "" || key == "" {
		return nil, fmt.Errorf("%s and %s must be set", EnvTable, EnvTokenKey)
	}
	cfg, err := config.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("aws config: %w", err)
	}
	signer, err := auth.NewSigner([]byte(key), 30*24*time.Hour, time.Now)
	if err != nil {
		return nil, err
	}
	store := dynamo.New(dynamodb.NewFromConfig(cfg), table)
	var pusher game.Pusher = push.New(apigatewaymanagementapi.NewFromConfig(cfg, func(o *apigatewaymanagementapi.Options) {
		if ep := os.Getenv(EnvConnections); ep != "" {
			o.BaseEndpoint = aws.String(ep)
		}
	}))
	narr, err := Narrator(ctx, os.Getenv, 0)
	if err != nil {
		return nil, err
	}
	svc := game.NewService(store, pusher, narr, signer, log)
	if svc.Prices, err = Prices(os.Getenv); err != nil {
		return nil, err
	}
	if svc.Identity, err = auth.Choose(ctx, os.Getenv("CHRONICLER_IDENTITY"), os.Getenv("OIDC_ISSUER"), os.Getenv("OIDC_AUDIENCE"), signer); err != nil {
		return nil, err
	}
	if arn := os.Getenv(EnvStateMachine); arn != "" {
		svc.Workflow = stepfunctions.NewClient(sfn.NewFromConfig(cfg), arn)
	}
	return svc, nil
}

// Must is Service for main: a function that cannot wire itself cannot serve.
func Must(ctx context.Context) *game.Service {
	svc, err := Service(ctx)
	if err != nil {
		slog.Error("wire function", "err", err)
		os.Exit(1)
	}
	return svc
}
