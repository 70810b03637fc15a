package turn

import (
	"fmt"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
)

// Rolls records the engine's rolls as a turn stores and sends them, with
// ids r1, r2, ... in the order they were rolled.
func Rolls(rs []rules.Roll) []campaign.Roll {
	out := make([]campaign.Roll, len(rs))
	for i, r := range rs {
		out[i] = campaign.Roll{RollID: fmt.Sprint("r", i+1), RollerID: r.RollerID, Reason: r.Reason, Dice: r.Expr, Rolls: r.Result.Rolls,
			Total: r.Total, Outcome: r.Outcome, DC: r.DC, Terms: r.Result.Terms,
			Advantage: r.Result.Advantage, Disadvantage: r.Result.Disadvantage, Critical: r.Result.Critical,
			RerollBelow: r.Result.RerollBelow, Lucky: r.Result.Lucky, RerollLow: r.Result.RerollLow, Working: r.Working}
	}
	return out
}
