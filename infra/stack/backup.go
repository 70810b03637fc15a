package stack

import (
	"cmp"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsbackup"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsevents"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/jsii-runtime-go"
)

// DefaultBackupRetentionDays is how long a daily backup of the table is
// kept when the deployer names no retention: as far back as point-in-time
// recovery reaches, and then some once the backups are copied apart.
const DefaultBackupRetentionDays = 35

// backups takes a daily AWS Backup of the table into a vault of the stack,
// kept props.BackupRetentionDays, and copies each to props.BackupCopyVaultArn
// when set (a vault in another account or region, so one mistake or one
// compromised account does not take both). Point-in-time recovery goes
// back 35 days to the second; these backups outlive it, and outlive the
// table itself. The role restores too, so an operator restores with it
// (docs/operations.md). Returns the vault and the role, nil when the
// deployer turned backups off.
func backups(stack awscdk.Stack, id string, table awsdynamodb.TableV2, props *ChroniclerStackProps) (awsbackup.BackupVault, awsiam.Role) {
	days := cmp.Or(props.BackupRetentionDays, DefaultBackupRetentionDays)
	if days < 0 {
		return nil, nil
	}
	keep := awscdk.Duration_Days(jsii.Number(float64(days)))
	// Retained, and no one may delete a recovery point: backups end only
	// when their retention does. Its name ends with a piece of the stack's
	// own id, so a stack deleted and deployed again under the same name
	// makes a vault of its own beside the one left behind.
	vault := awsbackup.NewBackupVault(stack, jsii.String("Backups"), &awsbackup.BackupVaultProps{
		BackupVaultName: awscdk.Fn_Join(jsii.String("-"), jsii.Strings(id, "backups",
			*awscdk.Fn_Select(jsii.Number(0), awscdk.Fn_Split(jsii.String("-"),
				awscdk.Fn_Select(jsii.Number(2), awscdk.Fn_Split(jsii.String("/"), awscdk.Aws_STACK_ID(), nil)), nil)))),
		RemovalPolicy:              awscdk.RemovalPolicy_RETAIN,
		BlockRecoveryPointDeletion: jsii.Bool(true),
	})
	rule := &awsbackup.BackupPlanRuleProps{
		RuleName: jsii.String("daily"),
		// 05:00 UTC: night in the Americas and Europe, when few play.
		ScheduleExpression: awsevents.Schedule_Cron(&awsevents.CronOptions{Hour: jsii.String("5"), Minute: jsii.String("0")}),
		DeleteAfter:        keep,
	}
	if props.BackupCopyVaultArn != "" {
		rule.CopyActions = &[]*awsbackup.BackupPlanCopyActionProps{{
			DestinationBackupVault: awsbackup.BackupVault_FromBackupVaultArn(stack, jsii.String("BackupCopies"), jsii.String(props.BackupCopyVaultArn)),
			DeleteAfter:            keep,
		}}
	}
	plan := awsbackup.NewBackupPlan(stack, jsii.String("BackupPlan"), &awsbackup.BackupPlanProps{
		BackupPlanName:  jsii.String(id + "-table"),
		BackupVault:     vault,
		BackupPlanRules: &[]awsbackup.BackupPlanRule{awsbackup.NewBackupPlanRule(rule)},
	})
	role := awsiam.NewRole(stack, jsii.String("BackupRole"), &awsiam.RoleProps{
		AssumedBy:   awsiam.NewServicePrincipal(jsii.String("backup.amazonaws.com"), nil),
		Description: jsii.String("AWS Backup: backs up and restores the Chronicler table"),
	})
	plan.AddSelection(jsii.String("Table"), &awsbackup.BackupSelectionOptions{
		Resources:     &[]awsbackup.BackupResource{awsbackup.BackupResource_FromArn(table.TableArn())},
		Role:          role,
		AllowRestores: jsii.Bool(true),
	})
	return vault, role
}
