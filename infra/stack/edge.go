package stack

import (
	"cmp"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awswafv2"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"
)

// EdgeProps are the limits in front of what players reach: the web
// client's WAF web ACL and the APIs' per-route throttles (docs/layout.md,
// "The edge"). Zero takes the default.
type EdgeProps struct {
	// WebACLArn is an AWS WAF web ACL of scope CLOUDFRONT to put on the web
	// client's distribution instead of the stack's own. A CLOUDFRONT ACL
	// can only be made in us-east-1: the stack makes its own only when it
	// is deployed there, and elsewhere the distribution has none unless
	// this names one.
	WebACLArn string
	// WebRateLimit is how many requests one address may send the web
	// client in 5 minutes before WAF blocks it (until its rate falls).
	WebRateLimit float64
	// ConnectRate and ConnectBurst throttle the WebSocket API's $connect
	// route (requests a second, and the burst), for the whole stage.
	ConnectRate, ConnectBurst float64
	// TurnRate and TurnBurst throttle the WebSocket API's turn route.
	TurnRate, TurnBurst float64
	// PlayersRate and PlayersBurst throttle the HTTP API's POST
	// /api/players (a new player) and POST /api/players/recover (a
	// recovery code tried), the two routes that need no token.
	PlayersRate, PlayersBurst float64
}

// The stage-wide throttles, and the defaults of EdgeProps: every route's
// own is below its stage's.
const (
	StageRate  = 100
	StageBurst = 200

	DefaultWebRateLimit = 1000
	DefaultConnectRate  = 20
	DefaultConnectBurst = 40
	DefaultTurnRate     = 50
	DefaultTurnBurst    = 100
	DefaultPlayersRate  = 2
	DefaultPlayersBurst = 10
)

// PlayerRoutes are the HTTP API's routes that anyone may call without a
// token; each is a route of its own so that it can be throttled apart.
var PlayerRoutes = []string{"/api/players", "/api/players/recover"}

func (e EdgeProps) withDefaults() EdgeProps {
	e.WebRateLimit = cmp.Or(e.WebRateLimit, DefaultWebRateLimit)
	e.ConnectRate = cmp.Or(e.ConnectRate, DefaultConnectRate)
	e.ConnectBurst = cmp.Or(e.ConnectBurst, DefaultConnectBurst)
	e.TurnRate = cmp.Or(e.TurnRate, DefaultTurnRate)
	e.TurnBurst = cmp.Or(e.TurnBurst, DefaultTurnBurst)
	e.PlayersRate = cmp.Or(e.PlayersRate, DefaultPlayersRate)
	e.PlayersBurst = cmp.Or(e.PlayersBurst, DefaultPlayersBurst)
	return e
}

// stageThrottle is a stage's (or a route's) throttle settings, as
// CloudFormation's RouteSettings holds them.
func stageThrottle(rate, burst float64) map[string]any {
	return map[string]any{"ThrottlingRateLimit": rate, "ThrottlingBurstLimit": burst}
}

// throttleRoutes gives $connect and turn on the WebSocket stage, and the
// player routes on the HTTP API's stage, throttles of their own below the
// stage's: a flood of connections or new players then meets its own limit
// and leaves the rest of the stage's rate to the players already in. A
// stage's route settings name routes that must exist before it, hence the
// dependencies.
func throttleRoutes(ws awsapigatewayv2.WebSocketStage, wsRoutes map[string]awsapigatewayv2.WebSocketRoute,
	http awsapigatewayv2.HttpApi, playerRoutes []awsapigatewayv2.HttpRoute, e EdgeProps) {
	if st, ok := ws.Node().DefaultChild().(awsapigatewayv2.CfnStage); ok {
		limits := map[string]map[string]any{
			"$connect": stageThrottle(e.ConnectRate, e.ConnectBurst),
			"turn":     stageThrottle(e.TurnRate, e.TurnBurst),
		}
		settings := map[string]any{}
		for key, l := range limits {
			r, ok := wsRoutes[key]
			if !ok {
				panic("throttled WebSocket route " + key + " does not exist")
			}
			settings[key] = l
			dependOn(st, r)
		}
		st.SetRouteSettings(settings)
	}
	if st, ok := http.DefaultStage().Node().DefaultChild().(awsapigatewayv2.CfnStage); ok {
		settings := map[string]any{}
		for _, r := range playerRoutes {
			cfn, ok := r.Node().DefaultChild().(awsapigatewayv2.CfnRoute)
			if !ok {
				panic("HTTP route " + *r.Path() + " has no CloudFormation route")
			}
			settings[*cfn.RouteKey()] = stageThrottle(e.PlayersRate, e.PlayersBurst)
			dependOn(st, r)
		}
		st.SetRouteSettings(settings)
	}
}

func dependOn(st awscdk.CfnResource, c constructs.IConstruct) {
	if r, ok := c.Node().DefaultChild().(awscdk.CfnResource); ok {
		st.AddResourceDependency(r, nil)
	}
}

// webACL is the web ACL of the web client's distribution: the one the
// deployer names, or else the stack's own, made only when the stack is
// deployed in us-east-1 (a condition, since an environment-agnostic stack
// learns its region at deploy time). It returns the ACL's ARN, or
// AWS::NoValue where there is none.
func webACL(scope constructs.Construct, e EdgeProps) *string {
	if e.WebACLArn != "" {
		return jsii.String(e.WebACLArn)
	}
	inUSEast1 := awscdk.NewCfnCondition(scope, jsii.String("InUsEast1"), &awscdk.CfnConditionProps{
		Expression: awscdk.Fn_ConditionEquals(awscdk.Aws_REGION(), jsii.String("us-east-1")),
	})
	seen := func(name string) *awswafv2.CfnWebACL_VisibilityConfigProperty {
		return &awswafv2.CfnWebACL_VisibilityConfigProperty{
			CloudWatchMetricsEnabled: jsii.Bool(true), SampledRequestsEnabled: jsii.Bool(true), MetricName: jsii.String(name),
		}
	}
	acl := awswafv2.NewCfnWebACL(scope, jsii.String("WebAcl"), &awswafv2.CfnWebACLProps{
		Scope:            jsii.String("CLOUDFRONT"),
		Description:      jsii.String("Chronicler web client: per-address rate limit, addresses known for abuse"),
		DefaultAction:    &awswafv2.CfnWebACL_DefaultActionProperty{Allow: map[string]any{}},
		VisibilityConfig: seen("ChroniclerWeb"),
		Rules: &[]any{
			// One address past the limit is answered 429 until its rate
			// over the last 5 minutes falls back under it.
			&awswafv2.CfnWebACL_RuleProperty{
				Name: jsii.String("RatePerAddress"), Priority: jsii.Number(0),
				Statement: &awswafv2.CfnWebACL_StatementProperty{RateBasedStatement: &awswafv2.CfnWebACL_RateBasedStatementProperty{
					Limit: jsii.Number(e.WebRateLimit), AggregateKeyType: jsii.String("IP"), EvaluationWindowSec: jsii.Number(300),
				}},
				Action: &awswafv2.CfnWebACL_RuleActionProperty{Block: &awswafv2.CfnWebACL_BlockActionProperty{
					CustomResponse: &awswafv2.CfnWebACL_CustomResponseProperty{ResponseCode: jsii.Number(429)},
				}},
				VisibilityConfig: seen("ChroniclerWebRatePerAddress"),
			},
			// AWS's list of addresses seen in bots and attacks.
			&awswafv2.CfnWebACL_RuleProperty{
				Name: jsii.String("AddressReputation"), Priority: jsii.Number(1),
				Statement: &awswafv2.CfnWebACL_StatementProperty{ManagedRuleGroupStatement: &awswafv2.CfnWebACL_ManagedRuleGroupStatementProperty{
					VendorName: jsii.String("AWS"), Name: jsii.String("AWSManagedRulesAmazonIpReputationList"),
				}},
				OverrideAction:   &awswafv2.CfnWebACL_OverrideActionProperty{None: map[string]any{}},
				VisibilityConfig: seen("ChroniclerWebAddressReputation"),
			},
		},
	})
	acl.CfnOptions().SetCondition(inUSEast1)
	return awscdk.Token_AsString(awscdk.Fn_ConditionIf(inUSEast1.LogicalId(), acl.AttrArn(), awscdk.Aws_NO_VALUE()), nil)
}
