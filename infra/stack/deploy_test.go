package stack_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"chronicler/infra/stack"
	"chronicler/shared/bedrock"
)

func (s synthesized) resource(id string) map[string]any {
	r, _ := dig(s.raw, "Resources", id).(map[string]any)
	return r
}

// ofType lists the logical ids of every resource of type typ, sorted.
func (d template) ofType(typ string) []string {
	var ids []string
	for id, r := range d.Resources {
		if r.Type == typ {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids
}

// functionName is the name of the function of logical id id ("Chronicler
// <name>: ..." in its description).
func (d template) functionName(id string) string {
	r, ok := d.Resources[id]
	if !ok || r.Type != "AWS::Lambda::Function" {
		return ""
	}
	name, ok := strings.CutPrefix(fmt.Sprint(r.Properties["Description"]), "Chronicler ")
	if !ok {
		return ""
	}
	name, _, _ = strings.Cut(name, ":")
	return name
}

// liveAliasID is the logical id of the function's one alias, which must be
// named live.
func (d template) liveAliasID(t *testing.T, name string) string {
	t.Helper()
	fn := d.functionID(t, name)
	var ids []string
	for _, id := range d.ofType("AWS::Lambda::Alias") {
		if refIn(d.Resources[id].Properties["FunctionName"]) == fn {
			ids = append(ids, id)
		}
	}
	if len(ids) != 1 {
		t.Fatalf("function %s: aliases %v, want one", name, ids)
	}
	if got := d.Resources[ids[0]].Properties["Name"]; got != "live" {
		t.Fatalf("function %s: alias named %v, want live", name, got)
	}
	return ids[0]
}

// liveFunction is the name of the function whose live alias v names (an
// ARN built from the alias's Ref). It fails the test when v names a
// function directly, or anything else.
func (d template) liveFunction(t *testing.T, what string, v any) string {
	t.Helper()
	if id := getAttIn(v); d.Resources[id].Type == "AWS::Lambda::Function" {
		t.Fatalf("%s invokes the function %s itself, not its live alias", what, d.functionName(id))
	}
	for _, id := range refsIn(v) {
		r := d.Resources[id]
		if r.Type != "AWS::Lambda::Alias" {
			continue
		}
		if r.Properties["Name"] != "live" {
			t.Fatalf("%s invokes alias %v, want live", what, r.Properties["Name"])
		}
		return d.functionName(refIn(r.Properties["FunctionName"]))
	}
	t.Fatalf("%s: %s names no alias", what, flat(v))
	return ""
}

// refsIn lists every {"Ref": id} inside v.
func refsIn(v any) []string {
	var out []string
	switch v := v.(type) {
	case map[string]any:
		if s, ok := v["Ref"].(string); ok {
			out = append(out, s)
		}
		for _, e := range v {
			out = append(out, refsIn(e)...)
		}
	case []any:
		for _, e := range v {
			out = append(out, refsIn(e)...)
		}
	}
	return out
}

func TestTableAndUserPoolRefuseDeletion(t *testing.T) {
	s := defaultStack(t)
	table := s.doc.Resources[s.doc.resourceID(t, "AWS::DynamoDB::GlobalTable")].Properties
	replicas, _ := table["Replicas"].([]any)
	if len(replicas) == 0 {
		t.Fatal("the table has no replica")
	}
	for _, r := range replicas {
		if dig(r, "DeletionProtectionEnabled") != true {
			t.Errorf("replica %s: DeletionProtectionEnabled = %v, want true", flat(dig(r, "Region")), dig(r, "DeletionProtectionEnabled"))
		}
	}
	pool := s.doc.Resources[s.doc.resourceID(t, "AWS::Cognito::UserPool")].Properties
	if got := pool["DeletionProtection"]; got != "ACTIVE" {
		t.Errorf("user pool DeletionProtection = %v, want ACTIVE", got)
	}
}

func TestTableBackedUpDaily(t *testing.T) {
	s := defaultStack(t)
	vault := s.doc.resourceID(t, "AWS::Backup::BackupVault")
	plan := s.doc.resourceID(t, "AWS::Backup::BackupPlan")
	rules, _ := dig(s.doc.Resources[plan].Properties, "BackupPlan", "BackupPlanRule").([]any)
	if len(rules) != 1 {
		t.Fatalf("backup plan rules %s, want one", flat(rules))
	}
	rule := rules[0]
	if got := dig(rule, "ScheduleExpression"); got != "cron(0 5 * * ? *)" {
		t.Errorf("backup schedule %v, want daily at 05:00 UTC", got)
	}
	if got := dig(rule, "Lifecycle", "DeleteAfterDays"); got != float64(stack.DefaultBackupRetentionDays) {
		t.Errorf("backups kept %v days, want %d", got, stack.DefaultBackupRetentionDays)
	}
	if dig(rule, "CopyActions") != nil {
		t.Errorf("copies %s with no copy vault named", flat(dig(rule, "CopyActions")))
	}
	if got := getAttIn(dig(rule, "TargetBackupVault")); got != vault {
		t.Errorf("backups go to %q, want the stack's vault %q", got, vault)
	}
	sel := s.doc.Resources[s.doc.resourceID(t, "AWS::Backup::BackupSelection")].Properties
	table := s.doc.resourceID(t, "AWS::DynamoDB::GlobalTable")
	if getAttIn(sel["BackupPlanId"]) != plan || flat(dig(sel, "BackupSelection", "Resources")) != flat([]any{map[string]any{"Fn::GetAtt": []any{table, "Arn"}}}) {
		t.Errorf("backup selection %s, want the plan backing up the table and nothing else", flat(sel))
	}
	v := s.resource(vault)
	if v["DeletionPolicy"] != "Retain" {
		t.Errorf("vault DeletionPolicy = %v, want Retain: its backups outlive the stack", v["DeletionPolicy"])
	}
	denied := false
	for _, st := range statements(dig(v, "Properties", "AccessPolicy")) {
		if st["Effect"] == "Deny" && slices.Contains(strs(st["Action"]), "backup:DeleteRecoveryPoint") {
			denied = true
		}
	}
	if !denied {
		t.Errorf("vault access policy %s does not deny deleting recovery points", flat(dig(v, "Properties", "AccessPolicy")))
	}
	// The role may restore as well as back up, for the operator's restores.
	role := s.doc.Resources[getAttIn(dig(sel, "BackupSelection", "IamRoleArn"))].Properties
	for _, policy := range []string{"AWSBackupServiceRolePolicyForBackup", "AWSBackupServiceRolePolicyForRestores"} {
		if !strings.Contains(flat(role["ManagedPolicyArns"]), policy) {
			t.Errorf("backup role policies %s lack %s", flat(role["ManagedPolicyArns"]), policy)
		}
	}
	for _, out := range []string{"BackupVaultName", "BackupRoleArn"} {
		if dig(s.raw, "Outputs", out) == nil {
			t.Errorf("no %s output", out)
		}
	}
}

func TestBackupChoices(t *testing.T) {
	t.Run("RetentionAndCopyElsewhere", func(t *testing.T) {
		const copyVault = "arn:aws:backup:eu-west-1:111122223333:backup-vault:chronicler-copies"
		s := synth(t, stack.ChroniclerStackProps{BackupRetentionDays: 90, BackupCopyVaultArn: copyVault})
		rule := dig(s.doc.Resources[s.doc.resourceID(t, "AWS::Backup::BackupPlan")].Properties, "BackupPlan", "BackupPlanRule").([]any)[0]
		if got := dig(rule, "Lifecycle", "DeleteAfterDays"); got != 90.0 {
			t.Errorf("backups kept %v days, want 90", got)
		}
		copies, _ := dig(rule, "CopyActions").([]any)
		if len(copies) != 1 || dig(copies[0], "DestinationBackupVaultArn") != copyVault || dig(copies[0], "Lifecycle", "DeleteAfterDays") != 90.0 {
			t.Errorf("copy actions %s, want one to %s kept 90 days", flat(copies), copyVault)
		}
	})
	t.Run("Off", func(t *testing.T) {
		s := synth(t, stack.ChroniclerStackProps{BackupRetentionDays: -1})
		for _, typ := range []string{"AWS::Backup::BackupPlan", "AWS::Backup::BackupVault", "AWS::Backup::BackupSelection"} {
			if ids := s.doc.ofType(typ); len(ids) != 0 {
				t.Errorf("%s %v with backups off", typ, ids)
			}
		}
		// Point-in-time recovery stays whatever the plan.
		table := s.doc.Resources[s.doc.resourceID(t, "AWS::DynamoDB::GlobalTable")].Properties
		if !strings.Contains(flat(table["Replicas"]), `"PointInTimeRecoveryEnabled":true`) {
			t.Error("point-in-time recovery off")
		}
	})
}

func TestEveryCallerInvokesTheLiveAlias(t *testing.T) {
	s := defaultStack(t)
	d := s.doc
	for name := range wantFunctions {
		fn := d.functionID(t, name)
		alias := d.Resources[d.liveAliasID(t, name)].Properties
		version := getAttIn(alias["FunctionVersion"])
		if r := d.Resources[version]; r.Type != "AWS::Lambda::Version" || refIn(r.Properties["FunctionName"]) != fn {
			t.Errorf("%s: live alias points at %s, want a published version of the function", name, flat(alias["FunctionVersion"]))
		}
	}
	// Whatever may invoke a function (API Gateway, EventBridge) is allowed
	// on its live alias only.
	for _, id := range d.ofType("AWS::Lambda::Permission") {
		p := d.Resources[id].Properties
		d.liveFunction(t, "permission "+id+" for "+fmt.Sprint(p["Principal"]), p["FunctionName"])
	}
	rule := d.Resources[d.resourceID(t, "AWS::Events::Rule")].Properties
	targets, _ := rule["Targets"].([]any)
	if len(targets) != 1 {
		t.Fatalf("sweep schedule targets %s, want one", flat(targets))
	}
	if got := d.liveFunction(t, "the sweep's schedule", dig(targets[0], "Arn")); got != "sweep" {
		t.Errorf("the schedule invokes %s, want sweep", got)
	}
	// Every integration of both APIs; the routes' own test follows each
	// route to its function's alias.
	for _, id := range d.ofType("AWS::ApiGatewayV2::Integration") {
		d.liveFunction(t, "integration "+id, d.Resources[id].Properties["IntegrationUri"])
	}
}

func TestDeploymentsRollBackOnTheLiveAliasErrors(t *testing.T) {
	s := defaultStack(t)
	d := s.doc
	topic := d.resourceID(t, "AWS::SNS::Topic")
	groups := d.ofType("AWS::CodeDeploy::DeploymentGroup")
	if len(groups) != len(wantFunctions) {
		t.Errorf("%d deployment groups, want one per function (%d)", len(groups), len(wantFunctions))
	}
	for name := range wantFunctions {
		t.Run(name, func(t *testing.T) {
			fn := d.functionID(t, name)
			aliasID := d.liveAliasID(t, name)
			update, _ := dig(s.resource(aliasID), "UpdatePolicy", "CodeDeployLambdaAliasUpdate").(map[string]any)
			group := refIn(update["DeploymentGroupName"])
			if d.Resources[group].Type != "AWS::CodeDeploy::DeploymentGroup" {
				t.Fatalf("live alias UpdatePolicy %s: no CodeDeploy group shifts it", flat(update))
			}
			g := d.Resources[group].Properties
			if refIn(update["ApplicationName"]) != refIn(g["ApplicationName"]) {
				t.Errorf("alias updated through application %s, group in %s", flat(update["ApplicationName"]), flat(g["ApplicationName"]))
			}
			if got := g["DeploymentConfigName"]; got != "CodeDeployDefault.LambdaCanary10Percent5Minutes" {
				t.Errorf("deployment config %v, want a canary of 10%% for 5 minutes", got)
			}
			if dig(g, "AutoRollbackConfiguration", "Enabled") != true {
				t.Errorf("automatic rollback %s, want enabled", flat(g["AutoRollbackConfiguration"]))
			}
			events := strs(dig(g, "AutoRollbackConfiguration", "Events"))
			for _, e := range []string{"DEPLOYMENT_FAILURE", "DEPLOYMENT_STOP_ON_ALARM"} {
				if !slices.Contains(events, e) {
					t.Errorf("rollback events %v lack %s", events, e)
				}
			}
			if dig(g, "AlarmConfiguration", "Enabled") != true {
				t.Errorf("alarm configuration %s, want enabled", flat(g["AlarmConfiguration"]))
			}
			alarms, _ := dig(g, "AlarmConfiguration", "Alarms").([]any)
			if len(alarms) != 1 {
				t.Fatalf("rollback alarms %s, want the live alias's errors", flat(alarms))
			}
			a := d.Resources[refIn(dig(alarms[0], "Name"))].Properties
			if got, want := a["AlarmName"], stack.LiveErrorsAlarmName("Test", name); got != want {
				t.Errorf("rollback alarm named %v, want %s", got, want)
			}
			dims := map[string]string{}
			for _, dim := range a["Dimensions"].([]any) {
				dims[fmt.Sprint(dig(dim, "Name"))] = flat(dig(dim, "Value"))
			}
			if a["Namespace"] != "AWS/Lambda" || a["MetricName"] != "Errors" || a["Statistic"] != "Sum" ||
				dims["FunctionName"] != flat(map[string]any{"Ref": fn}) ||
				dims["Resource"] != flat(map[string]any{"Fn::Join": []any{"", []any{map[string]any{"Ref": fn}, ":live"}}}) {
				t.Errorf("rollback alarm reads %v %v %v %v, want the Errors of %s:live", a["Namespace"], a["MetricName"], a["Statistic"], dims, name)
			}
			if a["Threshold"] != 1.0 || a["Period"] != 60.0 || a["ComparisonOperator"] != "GreaterThanOrEqualToThreshold" {
				t.Errorf("rollback alarm fires at %v %v in %v s, want any error in a minute", a["ComparisonOperator"], a["Threshold"], a["Period"])
			}
			triggers, _ := g["TriggerConfigurations"].([]any)
			if len(triggers) != 1 || refIn(dig(triggers[0], "TriggerTargetArn")) != topic ||
				!slices.Contains(strs(dig(triggers[0], "TriggerEvents")), "DeploymentRollback") {
				t.Errorf("triggers %s, want rollbacks told to the alarm topic", flat(triggers))
			}
			role := getAttIn(g["ServiceRoleArn"])
			published := false
			for _, id := range d.ofType("AWS::IAM::Policy") {
				p := d.Resources[id].Properties
				if !strings.Contains(flat(p["Roles"]), `"`+role+`"`) {
					continue
				}
				for _, st := range statements(p["PolicyDocument"]) {
					if slices.Contains(strs(st["Action"]), "sns:Publish") && refIn(st["Resource"]) == topic {
						published = true
					}
				}
			}
			if !published {
				t.Errorf("CodeDeploy's role %s may not publish to the alarm topic", role)
			}
		})
	}
}

func TestConcurrencyReserved(t *testing.T) {
	reserved := func(d template) map[string]any {
		out := map[string]any{}
		for _, id := range d.ofType("AWS::Lambda::Function") {
			if v, ok := d.Resources[id].Properties["ReservedConcurrentExecutions"]; ok {
				out[d.functionName(id)] = v
			}
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		props stack.ChroniclerStackProps
		want  map[string]any
	}{
		{"Defaults", stack.ChroniclerStackProps{}, map[string]any{"sweep": 1.0, "connect": float64(stack.DefaultConnectConcurrency)}},
		{"ConnectChosen", stack.ChroniclerStackProps{ConnectConcurrency: 50}, map[string]any{"sweep": 1.0, "connect": 50.0}},
		{"SmallAccountReservesNothing", stack.ChroniclerStackProps{SweepConcurrency: -1, ConnectConcurrency: -1}, map[string]any{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d template
			if tc.name == "Defaults" {
				d = defaultStack(t).doc
			} else {
				d = synth(t, tc.props).doc
			}
			if got := reserved(d); flat(got) != flat(tc.want) {
				t.Errorf("reserved concurrency %v, want %v", got, tc.want)
			}
		})
	}
}

func TestSweepFailuresKeptInAQueue(t *testing.T) {
	s := defaultStack(t)
	d := s.doc
	queue := d.resourceID(t, "AWS::SQS::Queue")
	q := d.Resources[queue].Properties
	if q["MessageRetentionPeriod"] != 1209600.0 || q["SqsManagedSseEnabled"] != true {
		t.Errorf("queue %s, want 14 days' retention, encrypted", flat(q))
	}
	// The schedule's undelivered events.
	rule := d.Resources[d.resourceID(t, "AWS::Events::Rule")].Properties
	if got := getAttIn(dig(rule["Targets"].([]any)[0], "DeadLetterConfig", "Arn")); got != queue {
		t.Errorf("the schedule's dead-letter queue is %q, want %q", got, queue)
	}
	// The runs that failed.
	configs := d.ofType("AWS::Lambda::EventInvokeConfig")
	if len(configs) != 1 {
		t.Fatalf("async invoke configs %v, want the sweep's", configs)
	}
	c := d.Resources[configs[0]].Properties
	if refIn(c["FunctionName"]) != d.functionID(t, "sweep") || !slices.Contains(refsIn(c["Qualifier"]), d.liveAliasID(t, "sweep")) {
		t.Errorf("async invoke config on %s qualifier %s, want the sweep's live alias", flat(c["FunctionName"]), flat(c["Qualifier"]))
	}
	if got := getAttIn(dig(c, "DestinationConfig", "OnFailure", "Destination")); got != queue {
		t.Errorf("the sweep's failures go to %q, want %q", got, queue)
	}
	if c["MaximumRetryAttempts"] != 0.0 {
		t.Errorf("a failed sweep is retried %v times, want 0: the next run does the same work", c["MaximumRetryAttempts"])
	}
	if !d.roleAllows(t, d.functionID(t, "sweep"), "sqs:SendMessage", queue) {
		t.Error("the sweep may not send its failures to the queue")
	}
	if dig(s.raw, "Outputs", "SweepFailuresQueueUrl") == nil {
		t.Error("no SweepFailuresQueueUrl output")
	}
}

// bedrockGrant is one resource a role may invoke Bedrock on, with the
// statement's condition.
type bedrockGrant struct{ resource, condition string }

func (d template) bedrockGrants(t *testing.T, fnID string) []bedrockGrant {
	t.Helper()
	var out []bedrockGrant
	d.rolePolicies(t, fnID, func(st map[string]any) {
		if !slices.ContainsFunc(strs(st["Action"]), func(a string) bool { return strings.HasPrefix(a, "bedrock:") }) {
			return
		}
		res, ok := st["Resource"].([]any)
		if !ok {
			res = []any{st["Resource"]}
		}
		for _, r := range res {
			out = append(out, bedrockGrant{resource: flat(r), condition: flat(st["Condition"])})
		}
	})
	return out
}

// checkModelGrants asserts that a narrating role may invoke exactly the
// given inference profiles (in the stack's region), their models only
// through them, and the given bare models in the stack's region.
func checkModelGrants(t *testing.T, d template, profiles, bare []string) {
	t.Helper()
	region := `{"Ref":"AWS::Region"}`
	for name, want := range wantFunctions {
		grants := d.bedrockGrants(t, d.functionID(t, name))
		if !want.narrates {
			if len(grants) > 0 {
				t.Errorf("%s may call Bedrock: %v", name, grants)
			}
			continue
		}
		var gotProfiles, gotBare []string
		for _, g := range grants {
			if strings.Contains(g.resource, "*anthropic") || strings.HasSuffix(g.resource, `*"]]}`) || g.resource == `"*"` {
				t.Errorf("%s: a wildcard model grant %s", name, g.resource)
			}
			_, id, isProfile := strings.Cut(g.resource, ":inference-profile/")
			_, model, isModel := strings.Cut(g.resource, ":foundation-model/")
			switch {
			case isProfile:
				id, _, _ = strings.Cut(id, `"`)
				if !strings.Contains(g.resource, ":bedrock:\","+region) || g.condition != "null" {
					t.Errorf("%s: profile grant %s (condition %s), want the stack's region, unconditioned", name, g.resource, g.condition)
				}
				gotProfiles = append(gotProfiles, id)
			case isModel:
				model, _, _ = strings.Cut(model, `"`)
				if g.condition == "null" {
					if !strings.Contains(g.resource, ":bedrock:\","+region) {
						t.Errorf("%s: model %s granted outside the stack's region without a profile", name, g.resource)
					}
					gotBare = append(gotBare, model)
					continue
				}
				// Any region, but through the profile of this very model.
				if !strings.Contains(g.condition, `"bedrock:InferenceProfileArn"`) || !strings.Contains(g.condition, "."+model+`"`) {
					t.Errorf("%s: model %s under condition %s, want only through its profile", name, model, g.condition)
				}
			default:
				t.Errorf("%s: Bedrock on %s", name, g.resource)
			}
		}
		slices.Sort(gotProfiles)
		gotProfiles = slices.Compact(gotProfiles)
		slices.Sort(gotBare)
		gotBare = slices.Compact(gotBare)
		if !slices.Equal(gotProfiles, slices.Sorted(slices.Values(profiles))) || !slices.Equal(gotBare, slices.Sorted(slices.Values(bare))) {
			t.Errorf("%s: may invoke profiles %v and models %v, want %v and %v", name, gotProfiles, gotBare, profiles, bare)
		}
	}
}

func TestModelsLimitedToTheTwoConfigured(t *testing.T) {
	t.Run("DefaultGlobalProfiles", func(t *testing.T) {
		d := defaultStack(t).doc
		checkModelGrants(t, d, []string{bedrock.DefaultHighModel, bedrock.DefaultLowModel}, nil)
		// A global profile's model is also named with no region.
		grants := fmt.Sprint(d.bedrockGrants(t, d.functionID(t, "turn")))
		if !strings.Contains(grants, `:bedrock:::foundation-model/anthropic.claude-sonnet-4-5-20250929-v1:0`) {
			t.Errorf("no region-less grant of the global profile's model in %s", grants)
		}
	})
	t.Run("RegionalProfileAndBareModel", func(t *testing.T) {
		d := synth(t, stack.ChroniclerStackProps{
			ModelHigh: "eu.anthropic.claude-sonnet-4-5-20250929-v1:0",
			ModelLow:  "anthropic.claude-3-haiku-20240307-v1:0",
		}).doc
		checkModelGrants(t, d, []string{"eu.anthropic.claude-sonnet-4-5-20250929-v1:0"}, []string{"anthropic.claude-3-haiku-20240307-v1:0"})
	})
}

func TestNoRoleActsOnMarketplace(t *testing.T) {
	d := defaultStack(t).doc
	d.eachStatement(func(id string, st map[string]any) {
		for _, a := range strs(st["Action"]) {
			if strings.HasPrefix(strings.ToLower(a), "aws-marketplace:") {
				t.Errorf("%s allows %s", id, a)
			}
		}
	})
}
