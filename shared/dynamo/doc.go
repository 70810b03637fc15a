// Package dynamo is the cloud's store: the single DynamoDB table of the
// architecture, through aws-sdk-go-v2. It is the only package that knows the
// key design (keys.go). The table's definition (keys, indexes, TTL) lives here once and
// is used both by the CDK stack and by the local server when it creates the
// table on a DynamoDB-compatible endpoint.
package dynamo
