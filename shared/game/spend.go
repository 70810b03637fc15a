package game

import (
	"context"
	"fmt"
	"slices"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/narrator"
)

// DaySpend keeps what the narrator has cost the whole deployment each day
// (UTC), across every campaign and every instance: what the deployer's
// daily cap is held against. Both stores implement it; a store that does
// not leaves the daily cap uncounted.
type DaySpend interface {
	// Spent is what day ("2006-01-02") has cost so far, in US dollars.
	Spent(ctx context.Context, day string) (float64, error)
	// AddSpent adds usd to day's spend, atomically across instances.
	AddSpent(ctx context.Context, day string, usd float64) error
}

// thriftShares are the steps in order, each with the share of a budget
// at which narration takes it (campaign.Thrift): first shorter
// narrations, then the low tier, then, the budget spent, the offline
// narrator, which costs nothing. A table sees the narration change well
// before it stops.
var thriftShares = []struct {
	step  string
	share float64
}{{campaign.ThriftShorter, 0.7}, {campaign.ThriftLow, 0.85}, {campaign.ThriftOffline, 1}}

// thriftSteps are the steps in order, from none.
var thriftSteps = []string{"", campaign.ThriftShorter, campaign.ThriftLow, campaign.ThriftOffline}

// thriftFor is the step a budget's share spent calls for.
func thriftFor(spent, budget float64) string {
	if budget <= 0 {
		return campaign.ThriftOffline
	}
	share := spent / budget
	for i := len(thriftShares) - 1; i >= 0; i-- {
		if share >= thriftShares[i].share {
			return thriftShares[i].step
		}
	}
	return ""
}

// today is the day a spend counts for.
func (s *Service) today() string { return s.now().UTC().Format(time.DateOnly) }

// thrift is the narration's step for a campaign now: the most saving that
// any of its budgets calls for (the session's and the campaign's, which
// the owner sets, and the deployment's day, which the deployer sets), with
// the budget that calls for it. The day's spend is read through day (see
// dayRead; nil reads it now). A daily spend that cannot be read counts as
// nothing spent: a store's hiccup does not silence every table.
func (s *Service) thrift(ctx context.Context, snap Snapshot, day *dayRead) campaign.Thrift {
	var out campaign.Thrift
	consider := func(scope string, spent float64, budget *float64) {
		if budget == nil {
			return
		}
		t := thriftFor(spent, *budget)
		if slices.Index(thriftSteps, t) > slices.Index(thriftSteps, out.Step) {
			out = campaign.Thrift{Step: t, Scope: scope, SpentUSD: spent, BudgetUSD: *budget}
		}
	}
	settings := snap.Campaign.Settings
	if open := openSession(snap); open != nil {
		consider(campaign.ScopeSession, snap.State.SessionCost(open.ID).USD, settings.BudgetUSDPerSession)
	}
	consider(campaign.ScopeCampaign, snap.State.Cost.CampaignUSD, settings.BudgetUSDPerCampaign)
	if s.DailyBudgetUSD > 0 && s.DaySpend != nil {
		daily := s.DailyBudgetUSD
		consider(campaign.ScopeDay, s.spentToday(ctx, day), &daily)
	}
	return out
}

// thrifty is the narrator that tells a turn at the thrift step, with req
// saved as the step asks: near a budget's end narration saves in steps,
// shorter, then the cheaper tier, then, past it, the offline narrator,
// for free.
func (s *Service) thrifty(step string, req *narrator.Request) narrator.Narrator {
	switch step {
	case campaign.ThriftOffline:
		return narrator.Offline{}
	case campaign.ThriftLow:
		req.Tier = narrator.Low
	case campaign.ThriftShorter:
		req.Brief = true
	}
	return s.Narrator
}

// lowNarrator is the narrator the low tier works with after n told narr: the
// one that narrated, or the offline one when the provider has just failed
// (past the budget n is the offline one already).
func lowNarrator(n narrator.Narrator, narr narrator.Narration) narrator.Narrator {
	if narr.Degraded {
		return narrator.Offline{}
	}
	return n
}

// dayRead is the deployment's spend of one day as a turn read it. A turn
// asks for its step twice, before it pays for reading the player's words
// and again as it narrates; the day's spend is one store read for both.
type dayRead struct {
	day string // "" until read
	usd float64
}

// spentToday is what today has cost: as day holds it when the turn read
// it already today, else read from the store (and kept in day, when the
// read succeeds).
func (s *Service) spentToday(ctx context.Context, day *dayRead) float64 {
	today := s.today()
	if day != nil && day.day == today {
		return day.usd
	}
	spent, err := s.DaySpend.Spent(ctx, today)
	if err != nil {
		s.Log.WarnContext(ctx, "the day's spend is unreadable; narrating as if none were spent", "err", err)
		return spent
	}
	if day != nil {
		*day = dayRead{day: today, usd: spent}
	}
	return spent
}

// spent counts usd against the deployment's day, after the commit that
// recorded it: apart from the turn's transaction, so that every campaign's
// turn does not write one item in the same transaction. A failure is
// logged: the day's count is a guard, not a ledger (the turns' records
// are).
func (s *Service) spent(ctx context.Context, usd float64) {
	if s.DaySpend == nil || usd <= 0 {
		return
	}
	if err := s.DaySpend.AddSpent(ctx, s.today(), usd); err != nil {
		s.Log.WarnContext(ctx, "the day's spend was not counted", "usd", usd, "err", err)
	}
}

// thriftNotice is what the table is told when narration takes a step.
func thriftNotice(t campaign.Thrift) string {
	what := map[string]string{
		campaign.ScopeSession:  "this session's budget",
		campaign.ScopeCampaign: "the campaign's budget",
		campaign.ScopeDay:      "the game's budget for today",
	}[t.Scope]
	spent := fmt.Sprintf("$%.2f of $%.2f", t.SpentUSD, t.BudgetUSD)
	switch t.Step {
	case campaign.ThriftShorter:
		return fmt.Sprintf("%s is nearly spent (%s): narration is shorter from now on.", capitalised(what), spent)
	case campaign.ThriftLow:
		return fmt.Sprintf("%s is nearly spent (%s): a smaller model narrates from now on.", capitalised(what), spent)
	case campaign.ThriftOffline:
		return fmt.Sprintf("%s is spent (%s): the built-in narrator tells the story from now on, for free.", capitalised(what), spent)
	}
	return "Narration is back to full: every budget has room again."
}

func capitalised(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
