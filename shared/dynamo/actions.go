package dynamo

// The IAM actions the store and the limiter call on the table, by what the
// caller does with them: the stack grants each function the groups its
// code reaches, and nothing else. A TransactWriteItems is authorized
// action by action, on its writes' own PutItem, DeleteItem and
// ConditionCheckItem (there is no IAM action of its name).
var (
	// ReadActions: every read of a campaign or a connection (GetItem,
	// Query), and the pointers a Commit that unbinds connections reads
	// first, as CampaignsOf reads its campaigns' metas (BatchGetItem).
	ReadActions = []string{"dynamodb:GetItem", "dynamodb:Query", "dynamodb:BatchGetItem"}
	// CommitActions: Commit's one TransactWriteItems (puts, deletes and
	// the check that a connection pointer is still another campaign's),
	// Append's conditional PutItem of the counter and of a flushed tail,
	// the limiter's conditional PutItem, and the day's spend that a
	// turn's cost is added to after its commit (UpdateItem's ADD).
	CommitActions = []string{"dynamodb:PutItem", "dynamodb:DeleteItem", "dynamodb:ConditionCheckItem", "dynamodb:UpdateItem"}
	// ImportActions: Import writes a campaign's history in batches.
	ImportActions = []string{"dynamodb:BatchWriteItem"}
	// IndexActions: CampaignsOf queries IndexByPlayer, and
	// CampaignsByStatus (the sweep) IndexByStatus.
	IndexActions = []string{"dynamodb:Query"}
)
