package game

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/workflow"
)

// A held turn is one whose dice are out: its rolls are made and stored
// with the lease, and it waits for its player to roll them (interactive
// dice) or for the characters to react to a monster's attack. Its state is
// the lease's Pending; every write to it claims the next step, so answers
// arriving at one instant are applied one after the other. A Workflow, when
// there is one, keeps the time: it asks for each roll prompt and reaction
// round, and calls Step when one times out. Without one, or when its
// execution was lost, the sweep does (see heldOverdue).

// Workflow orchestrates held turns: Step Functions in the cloud, the local
// interpreter on one machine. *stepfunctions.Client has it.
type Workflow interface {
	Start(ctx context.Context, in workflow.Input) (string, error)
	Answer(ctx context.Context, token string, out workflow.Outcome) error
}

// flowTurn is the turn a held turn's execution carries.
type flowTurn struct {
	CampaignID string `json:"campaign_id"`
	TurnID     string `json:"turn_id"`
}

// flowDetail is what every outcome carries: the phase the next task
// belongs to.
type flowDetail struct {
	Phase int `json:"phase"`
}

func phaseDetail(phase int) json.RawMessage {
	b, _ := json.Marshal(flowDetail{Phase: phase})
	return b
}

// outcomeOf is where a held turn stands, as the orchestration routes it.
func outcomeOf(snap Snapshot, turnID string) workflow.Outcome {
	l := snap.Lease
	if l == nil || l.TurnID != turnID || l.Pending == nil {
		return workflow.Outcome{Next: workflow.NextDone}
	}
	p := l.Pending
	switch {
	case p.Window != nil:
		return workflow.Outcome{Next: workflow.NextWindow, Round: min(p.Window.Round, workflow.MaxRounds-1), Detail: phaseDetail(p.Phase)}
	case p.Revealed < len(p.Rolls):
		return workflow.Outcome{Next: workflow.NextRoll, Detail: phaseDetail(p.Phase)}
	}
	return workflow.Outcome{Next: workflow.NextDone}
}

// orchestrate starts the orchestration of a held turn. A failure is
// logged, not returned: the sweep keeps the time instead.
func (s *Service) orchestrate(ctx context.Context, snap Snapshot, l campaign.Lease) {
	if s.Workflow == nil || l.Pending == nil {
		return
	}
	turn, _ := json.Marshal(flowTurn{CampaignID: snap.Campaign.ID, TurnID: l.TurnID})
	settings := snap.Campaign.Settings
	_, err := s.Workflow.Start(context.WithoutCancel(ctx), workflow.Input{
		Name:          fmt.Sprintf("%s-%d", l.TurnID, l.Pending.Phase),
		Turn:          turn,
		RollTimeout:   time.Duration(settings.RollTimeoutSeconds) * time.Second,
		WindowTimeout: time.Duration(settings.ReactionWindowSeconds) * time.Second,
		Start:         outcomeOf(Snapshot{Lease: &l}, l.TurnID),
	})
	if err != nil {
		s.Log.WarnContext(ctx, "orchestrate held turn; the sweep keeps its time", "campaign", snap.Campaign.ID, "turn", l.TurnID, "err", err)
	}
}

// answer completes the orchestration task of the phase a held turn just
// left. A stale token (the task timed out, its execution is gone) is
// expected and changes nothing.
func (s *Service) answer(ctx context.Context, token string, out workflow.Outcome) {
	if s.Workflow == nil || token == "" {
		return
	}
	if err := s.Workflow.Answer(context.WithoutCancel(ctx), token, out); err != nil && !fault.Is(err, fault.Conflict) {
		s.Log.WarnContext(ctx, "answer held turn task", "err", err)
	}
}

// commitHeld writes a held turn's new state, claiming the step it read,
// with the events that announce it: a Conflict means another answer got
// there first (and nothing was announced); read again.
func (s *Service) commitHeld(ctx context.Context, campaignID string, old, next campaign.Lease, now time.Time, msgs ...message) error {
	tx := Tx{CampaignID: campaignID}
	claimStep(&tx, old, next, now)
	return s.commit(ctx, tx, "", msgs...)
}

// claimStep writes a held turn's lease as next with tx, claiming the step
// old is at, as every write to a held turn does: an answer or a time-out
// that read the turn before (a pause, an unpause, another answer) is
// refused, and reads it again, rather than writing over it. The claim
// takes the place of a request's own record: pausing and unpausing are
// the same when repeated, whatever their request ids.
func claimStep(tx *Tx, old, next campaign.Lease, now time.Time) {
	p := *next.Pending
	p.Step = old.Pending.Step + 1
	next.Pending = &p
	forget := now.Add(StepClaimMemory)
	tx.AcquireLease, tx.LeaseNow = &next, now
	tx.Request = &campaign.Request{RequestID: fmt.Sprintf("step:%s:%d", old.TurnID, old.Pending.Step), TurnID: old.TurnID,
		CreatedAt: now, ExpiresAt: &forget}
}

// StepClaimMemory is how long the claim of a held turn's step is
// remembered: far past the last answer that could race for it (a roll
// prompt waits ten minutes at most, a reaction window thirty seconds, and
// the sweep finishes a held turn left behind within fifteen minutes), and
// as long as the events that announce it are kept for sync.
const StepClaimMemory = 7 * 24 * time.Hour

// Step runs one task of a held turn's orchestration. prompt and open store
// the task's token with the phase it belongs to (or, when the turn has
// moved on, answer it at once); auto and close time the phase out, rolling
// for the player or closing the window, and answer where the turn stands.
// A turn that has moved on, or is gone, is answered as it stands: a
// retried or late task changes nothing.
func (s *Service) Step(ctx context.Context, req workflow.Request) (workflow.Outcome, error) {
	const op = "held turn step"
	var t flowTurn
	if err := json.Unmarshal(req.Turn, &t); err != nil || t.CampaignID == "" || t.TurnID == "" {
		return workflow.Outcome{}, fault.Field(op, "turn", "must be {campaign_id, turn_id}")
	}
	var d flowDetail
	if len(req.Outcome.Detail) > 0 {
		if err := json.Unmarshal(req.Outcome.Detail, &d); err != nil {
			return workflow.Outcome{}, fault.Field(op, "outcome.detail", "must be {phase}")
		}
	}
	for range 5 {
		snap, err := s.Store.Snapshot(ctx, t.CampaignID)
		if err != nil {
			return workflow.Outcome{}, fmt.Errorf("%s: %w", op, err)
		}
		l := snap.Lease
		current := l != nil && l.TurnID == t.TurnID && l.Pending != nil && l.Pending.Phase == d.Phase
		switch req.Action {
		case workflow.ActionPrompt, workflow.ActionOpen:
			if req.Token == "" {
				return workflow.Outcome{}, fault.Field(op, "token", "is required")
			}
			if !current {
				s.answer(ctx, req.Token, outcomeOf(snap, t.TurnID))
				return outcomeOf(snap, t.TurnID), nil
			}
			next := *l
			p := *l.Pending
			p.Token = req.Token
			next.Pending = &p
			err = s.commitHeld(ctx, t.CampaignID, *l, next, s.now())
		case workflow.ActionAuto, workflow.ActionClose:
			if !current {
				return outcomeOf(snap, t.TurnID), nil
			}
			if pauseOf(snap) != nil {
				// A paused table's phase does not time out: this
				// orchestration ends, and the unpause starts another.
				return workflow.Outcome{Next: workflow.NextDone}, nil
			}
			if l.Pending.Window != nil {
				err = s.closeWindow(ctx, snap, *l, false)
			} else {
				err = s.reveal(ctx, snap, *l, false, false)
			}
			if err == nil {
				after, err := s.Store.Snapshot(ctx, t.CampaignID)
				if err != nil {
					return workflow.Outcome{}, fmt.Errorf("%s: %w", op, err)
				}
				return outcomeOf(after, t.TurnID), nil
			}
		default:
			return workflow.Outcome{}, fault.Field(op, "action", "unknown action %q", req.Action)
		}
		if !isConflict(err) {
			return outcomeOf(snap, t.TurnID), err
		}
	}
	return workflow.Outcome{}, fault.E(fault.Conflict, op, "the turn kept changing; try again")
}

// heldOverdue finishes the phase of a held turn whose time ran out with
// nobody to keep it: without a Workflow, or after its execution was lost
// (a grace period later). It reports whether it did.
func (s *Service) heldOverdue(ctx context.Context, snap Snapshot) (bool, error) {
	l := snap.Lease
	if l == nil || l.Pending == nil || pauseOf(snap) != nil {
		return false, nil
	}
	if settled(*l.Pending) {
		return false, nil // its dice are all out: it is being narrated (past its lease, see unnarrated)
	}
	grace := time.Duration(0)
	if s.Workflow != nil {
		grace = orchestrationGrace
	}
	if s.now().Before(l.Pending.Deadline.Add(grace)) {
		return false, nil
	}
	if l.Pending.Window != nil {
		return true, s.closeWindow(ctx, snap, *l, false)
	}
	return true, s.reveal(ctx, snap, *l, true, false)
}

// settled reports whether a held turn waits for nothing more: no window
// open, every roll revealed. Its narration runs (handOff).
func settled(p campaign.PendingRolls) bool {
	return p.Window == nil && p.Revealed >= len(p.Rolls)
}

// unnarrated narrates a player's decided turn whose narration died with
// its invocation (and, in the cloud, with every try of its flow): a turn
// decided, announced, and never committed or dropped, whose lease ran
// out. It is narrated again under its own id, with the same dice, rather
// than left announced forever while the table moves on. It reports
// whether there was one.
func (s *Service) unnarrated(ctx context.Context, snap Snapshot) (bool, error) {
	l := snap.Lease
	if l == nil || s.now().Before(l.ExpiresAt) || (l.Pending != nil && !settled(*l.Pending)) {
		return false, nil
	}
	if l.Retell == "" && l.Pending == nil && playedByEngine(*l) {
		return false, nil // the fight's flow or the next turn plays the fight on
	}
	// A lease is taken with the time it needs; one past it is nobody's.
	renewed := *l
	now := s.now()
	renewed.ExpiresAt = now.Add(s.LeaseTTL)
	if err := s.commit(ctx, Tx{CampaignID: snap.Campaign.ID, AcquireLease: &renewed, LeaseNow: now}, ""); err != nil {
		if isConflict(err) {
			return false, nil // taken meanwhile
		}
		return false, err
	}
	if s.handOff(ctx, snap.Campaign.ID, renewed) {
		return true, nil
	}
	_, err := s.finish(ctx, snap, renewed)
	return true, err
}

// orchestrationGrace is how long past a deadline the sweep leaves a held
// turn to its orchestration before finishing the phase itself.
const orchestrationGrace = 30 * time.Second

// lostAtOnce bounds how many lost turns Recover plays at the same time.
const lostAtOnce = 8

// Recover resumes, where the store says each stands and with the same
// dice, the turns of the active campaigns that a stopped server left in
// flight (after Restarted): it restarts the orchestration of held turns,
// whose executions were lost with it (the local interpreter keeps them in
// memory), then plays to the end, a few at once, the turns players asked
// for that were being resolved, under their own turn ids (finishLost). It
// returns once they are committed, so a server serves no request before
// them: a resent request finds its turn committed. It returns how many
// turns it resumed.
func (s *Service) Recover(ctx context.Context) (int, error) {
	cs, err := s.Store.CampaignsByStatus(ctx, campaign.Active, s.now().Add(time.Minute), 10000)
	if err != nil {
		return 0, fmt.Errorf("recover held turns: %w", err)
	}
	n := 0
	var lost []Snapshot
	for _, c := range cs {
		snap, err := s.Store.Snapshot(ctx, c.ID)
		if err != nil {
			return n, fmt.Errorf("recover held turns: %w", err)
		}
		switch l := snap.Lease; {
		case l == nil:
		case l.Pending != nil:
			if s.Workflow != nil {
				s.orchestrate(ctx, snap, *l)
				n++
			}
		case !playedByEngine(*l):
			lost = append(lost, snap)
		}
	}
	// Held turns first: a lost turn that comes to hold its dice is
	// orchestrated by playing it, and only once.
	var wg sync.WaitGroup
	var played atomic.Int64
	slots := make(chan struct{}, lostAtOnce)
	for _, snap := range lost {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			if s.finishLost(ctx, snap) {
				played.Add(1)
			}
		}()
	}
	wg.Wait()
	return n + int(played.Load()), nil
}
