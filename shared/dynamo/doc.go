// Package dynamo is the cloud's store: the single DynamoDB table of the
// architecture, through aws-sdk-go-v2. It is the only package that knows the
// key design (keys.go). The table's definition (keys, indexes, TTL) lives here once and
// is used both by the CDK stack and by the local server when it creates the
// table on a DynamoDB-compatible endpoint.
//
// Writes: a Commit is one TransactWriteItems (commit.go), its events
// appended in it under the SEQ counter's condition (events.go). An event
// appended alone (Append: a narration's sentence) is not a transaction:
// it goes into the counter's tail with one standard PutItem of an item
// kept under 1 KB, 1 write unit, and the tail moves into a range item
// every few appends and before every Commit's events (append.go). The
// log Events reads is the event items, the range items and the tail.
// BenchmarkTurnCapacity prices a turn's calls in DynamoDB's units.
package dynamo
