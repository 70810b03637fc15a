package events

// TableCost is what the narrator has cost the table, which every player
// sees: the open session's running cost and the campaign's total, beside
// the budgets the owner set, and how narration saves near them. Step is
// the step narration takes now ("shorter", "low", "offline"; absent at
// full) for the budget Scope names ("session", "campaign", or "day", the
// deployer's daily cap, whose figures are not the table's); Next is the
// step a budget of the owner's reaches next, and at what spend.
type TableCost struct {
	SessionID         string    `json:"session_id,omitempty"`
	SessionUSD        float64   `json:"session_usd"`
	SessionTurns      int       `json:"session_turns"`
	CampaignUSD       float64   `json:"campaign_usd"`
	SessionBudgetUSD  *float64  `json:"session_budget_usd,omitempty"`
	CampaignBudgetUSD *float64  `json:"campaign_budget_usd,omitempty"`
	Step              string    `json:"step,omitempty"`
	Scope             string    `json:"scope,omitempty"`
	Next              *CostStep `json:"next,omitempty"`
}

// CostStep is a step narration takes as the budget scope names reaches
// AtUSD spent.
type CostStep struct {
	Step  string  `json:"step"`
	Scope string  `json:"scope"`
	AtUSD float64 `json:"at_usd"`
}
