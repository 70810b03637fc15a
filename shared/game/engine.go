package game

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
	"chronicler/shared/world"
)

// turnSeed is the seed of a turn's dice: unpredictable to players (it is a
// MAC under the server's key) and the same for a retried turn, so a retry
// after a crash rolls exactly the dice of the first attempt.
func (s *Service) turnSeed(campaignID, turnID string) uint64 {
	m := hmac.New(sha256.New, s.SeedKey)
	m.Write([]byte("dice:" + campaignID + ":" + turnID))
	return binary.BigEndian.Uint64(m.Sum(nil))
}

// viewOf is the campaign as the rules read it to decide a turn.
func viewOf(snap Snapshot) turn.View {
	return turn.View{Allowlist: snap.Campaign.Settings.Allowlist, Map: mapOf(snap), Scene: snap.State.Scene,
		Characters: snap.Characters, Encounter: activeRecord(snap), Clock: snap.State.Clock}
}

// mapOf is the campaign's map, its starter map until it has its own.
func mapOf(snap Snapshot) world.Map {
	if snap.State.Map != nil {
		return *snap.State.Map
	}
	return world.Starter(snap.Campaign.WorldSeed)
}

// decide runs the rules on the leased turn: its structured intent, or its
// free text, which the rules read (text they cannot read is narrative).
// A refused intent is fault.Invalid with a reason from the rules'
// vocabulary (not_allowed, out_of_range, actor_state_restricted, ...).
func (s *Service) decide(snap Snapshot, actor campaign.Character, lease campaign.Lease, src dice.Source) (turn.Decision, error) {
	return s.decideWith(snap, actor, lease, src, encounter.Reactions{})
}

// decideWith is decide with the choices the actor made at the hits of its
// attacks (a held turn's, played again: replay).
func (s *Service) decideWith(snap Snapshot, actor campaign.Character, lease campaign.Lease, src dice.Source, choices encounter.Reactions) (turn.Decision, error) {
	act := turn.Action{Text: lease.Action, Choices: choices}
	if len(lease.Intent) > 0 {
		in, err := events.DecodeIntent(lease.Intent)
		if err != nil {
			return turn.Decision{}, err
		}
		act.Intent = &in
	}
	return turn.Decide(viewOf(snap), actor, act, src)
}

// intentJSON is the intent as stored with the turn.
func intentJSON(in *events.Intent) json.RawMessage {
	if in == nil {
		return nil
	}
	b, _ := json.Marshal(in)
	return b
}
