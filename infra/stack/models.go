package stack

import (
	"cmp"
	"slices"
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/jsii-runtime-go"
)

// The narrator's models when the deployer names none: shared/bedrock's
// DefaultHighModel and DefaultLowModel, spelled out so the stack does not
// link the Bedrock client (the stack test pins them equal).
const (
	defaultModelHigh = "global.anthropic.claude-sonnet-4-5-20250929-v1:0"
	defaultModelLow  = "global.anthropic.claude-haiku-4-5-20251001-v1:0"
)

// profileGeographies are the prefixes of Bedrock's system-defined
// cross-region inference profiles: "us.anthropic.claude-..." routes the
// model "anthropic.claude-..." to the regions of the US.
var profileGeographies = []string{"global", "us", "us-gov", "eu", "apac", "jp", "au", "ca"}

// invokeActions are what Converse and ConverseStream are authorized as.
var invokeActions = []string{"bedrock:InvokeModel", "bedrock:InvokeModelWithResponseStream"}

// modelStatements allow invoking exactly the given models (model ids,
// system inference profile ids or ARNs), and nothing else on Bedrock.
//
// An inference profile is allowed in the stack's region, and its model in
// whichever region the profile sends the call to, but only through that
// profile (the bedrock:InferenceProfileArn condition): the regions a
// profile routes to are Bedrock's to change, the profile is ours to name.
// A global profile's model is also named with no region at all. A bare
// model id is allowed in the stack's region only.
func modelStatements(models ...string) []awsiam.PolicyStatement {
	partition, region, account := *awscdk.Aws_PARTITION(), *awscdk.Aws_REGION(), *awscdk.Aws_ACCOUNT_ID()
	var direct []string
	var out []awsiam.PolicyStatement
	seen := map[string]bool{}
	for _, m := range models {
		if m == "" || seen[m] {
			continue
		}
		seen[m] = true
		if strings.HasPrefix(m, "arn:") {
			direct = append(direct, m)
			continue
		}
		geo, model, ok := strings.Cut(m, ".")
		if !ok || !slices.Contains(profileGeographies, geo) {
			direct = append(direct, "arn:"+partition+":bedrock:"+region+"::foundation-model/"+m)
			continue
		}
		profile := "arn:" + partition + ":bedrock:" + region + ":" + account + ":inference-profile/" + m
		direct = append(direct, profile)
		resources := []string{"arn:" + partition + ":bedrock:*::foundation-model/" + model}
		if geo == "global" {
			resources = append(resources, "arn:"+partition+":bedrock:::foundation-model/"+model)
		}
		out = append(out, awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
			Actions:    jsii.Strings(invokeActions...),
			Resources:  jsii.Strings(resources...),
			Conditions: &map[string]any{"StringEquals": map[string]any{"bedrock:InferenceProfileArn": profile}},
		}))
	}
	if len(direct) > 0 {
		out = append([]awsiam.PolicyStatement{awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
			Actions:   jsii.Strings(invokeActions...),
			Resources: jsii.Strings(direct...),
		})}, out...)
	}
	return out
}

// narratorModels are the two tiers' models a stack's functions call.
func narratorModels(props *ChroniclerStackProps) (high, low string) {
	return cmp.Or(props.ModelHigh, defaultModelHigh), cmp.Or(props.ModelLow, defaultModelLow)
}
