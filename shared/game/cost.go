package game

import (
	"context"
	"fmt"
	"slices"

	"chronicler/events"
	"chronicler/shared/campaign"
)

// The table's cost is every player's to see, not the owner's alone: what
// the narrator has cost the open session and the campaign, beside the
// budgets the owner set, the step narration takes to save and the next
// one it will take. It rides on each turn.committed (no write of its
// own), and a cost event tells it when a session opens or a budget
// changes; GET /api/campaigns/{id} answers it too.

// tableCost is the table's cost as snap holds it. The step is what the
// owner's budgets call for now (a budget just raised is back to full),
// or the deployer's day's, as the last turn found it. While no session is
// open a session's budget counts from nothing, as the next session will:
// the table sees what it may spend before narration saves, not a budget
// with no step to it until the first turn.
func tableCost(snap Snapshot) events.TableCost {
	st, settings := snap.State, snap.Campaign.Settings
	out := events.TableCost{CampaignUSD: st.Cost.CampaignUSD,
		SessionBudgetUSD: settings.BudgetUSDPerSession, CampaignBudgetUSD: settings.BudgetUSDPerCampaign}
	if open := openSession(snap); open != nil {
		c := st.SessionCost(open.ID)
		out.SessionID, out.SessionUSD, out.SessionTurns = open.ID, c.USD, c.Turns
	}
	budgets := []struct {
		scope  string
		spent  float64
		budget *float64
	}{{campaign.ScopeSession, out.SessionUSD, settings.BudgetUSDPerSession}, {campaign.ScopeCampaign, out.CampaignUSD, settings.BudgetUSDPerCampaign}}
	if st.Thrift.Scope == campaign.ScopeDay {
		out.Step, out.Scope = st.Thrift.Step, st.Thrift.Scope
	}
	for _, b := range budgets {
		if b.budget == nil {
			continue
		}
		if t := thriftFor(b.spent, *b.budget); slices.Index(thriftSteps, t) > slices.Index(thriftSteps, out.Step) {
			out.Step, out.Scope = t, b.scope
		}
		if next, ok := nextStep(b.spent, *b.budget, b.scope); ok && (out.Next == nil || next.AtUSD-b.spent < out.Next.AtUSD-spentOf(out, out.Next.Scope)) {
			out.Next = &next
		}
	}
	return out
}

// nextStep is the first step a budget has not reached yet, at the spend
// that reaches it.
func nextStep(spent, budget float64, scope string) (events.CostStep, bool) {
	for _, s := range thriftShares {
		if at := budget * s.share; spent < at {
			return events.CostStep{Step: s.step, Scope: scope, AtUSD: at}, true
		}
	}
	return events.CostStep{}, false
}

func spentOf(c events.TableCost, scope string) float64 {
	if scope == campaign.ScopeSession {
		return c.SessionUSD
	}
	return c.CampaignUSD
}

// costMessage is the cost event of snap.
func costMessage(snap Snapshot) message {
	return message{events.TypeCost, tableCost(snap)}
}

// SetBudget sets what the narrator may spend in a session and over the
// campaign's life (events.DecodeBudget validated it); near either's end
// narration saves in steps, and a budget raised brings it back. Every
// player is told the new budgets with the table's cost, in the commit
// that sets them. Owner only.
func (s *Service) SetBudget(ctx context.Context, p Player, campaignID string, b events.Budget) (campaign.Campaign, error) {
	const op = "set budget"
	var out campaign.Campaign
	err := retry(ctx, func() error {
		snap, err := s.ownerSnapshot(ctx, p, campaignID, op)
		if err != nil {
			return err
		}
		c := snap.Campaign
		c.Settings.BudgetUSDPerSession, c.Settings.BudgetUSDPerCampaign = b.SessionUSD, b.CampaignUSD
		tx := Tx{CampaignID: campaignID, Campaign: &c}
		if err := s.commit(ctx, tx, "", costMessage(applied(snap, tx))); err != nil {
			return err
		}
		out = c
		return nil
	})
	if err != nil {
		return campaign.Campaign{}, fmt.Errorf("%s: %w", op, err)
	}
	return out, nil
}
