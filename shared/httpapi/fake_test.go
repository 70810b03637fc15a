package httpapi_test

import (
	"context"
	"time"

	"chronicler/events"
	"chronicler/shared/auth"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/game"
	"chronicler/shared/httpapi"
	"chronicler/shared/srd"
)

// The game's Service is what the cloud and the local server hand New.
var _ httpapi.Service = (*game.Service)(nil)

// aria is the player the fake's good token names.
var aria = auth.Player{ID: "p1", Name: "Aria"}

// goodToken is the token the fake accepts; it is the one in
// events/testdata's sample requests.
const goodToken = "TOKEN"

// call is one use case the handler called, with its arguments after ctx.
type call struct {
	name string
	args []any
}

// fake stands in for the game: it records every use case called and
// answers with the func field of that use case when it is set, with zero
// values otherwise. Authenticate takes goodToken only; AllowAPI allows all.
type fake struct {
	calls  []call
	tokens []string // what Authenticate was asked
	keys   []string // what AllowAPI was asked

	authenticate    func(token string) (auth.Player, error)
	allowAPI        func(key string) bool
	narratorName    func() string
	createPlayer    func(events.CreatePlayer) (auth.Credentials, error)
	recoverPlayer   func(events.RecoverPlayer) (auth.Credentials, error)
	connectTicket   func(auth.Player, string) (string, time.Time, error)
	createCampaign  func(auth.Player, events.CreateCampaign) (campaign.Campaign, error)
	listCampaigns   func(auth.Player) ([]campaign.Campaign, error)
	getCampaign     func(auth.Player, string) (events.CampaignView, error)
	conclude        func(auth.Player, string) (campaign.Campaign, error)
	joinCampaign    func(auth.Player, string, events.JoinCampaign) (campaign.Campaign, error)
	rotateInvite    func(auth.Player, string) (events.Invite, error)
	revokeInvite    func(auth.Player, string) error
	removePlayer    func(auth.Player, string, string) error
	createCharacter func(auth.Player, string, campaign.NewCharacter) (campaign.Character, error)
	give            func(auth.Player, string, string, events.Gift) (campaign.Character, error)
	startEncounter  func(auth.Player, string, events.StartEncounter) (campaign.EncounterRecord, error)
	endEncounter    func(auth.Player, string, string, events.EndEncounter) (events.EncounterEnded, error)
	setHomebrew     func(auth.Player, string, srd.Overrides) (campaign.Campaign, error)
	secrets         func(auth.Player, string) ([]campaign.Secret, error)
	addSecret       func(auth.Player, string, events.NewSecret) (campaign.Secret, error)
	removeSecret    func(auth.Player, string, string) error
	turns           func(auth.Player, string, int, int) (events.TurnPage, error)
	turnContext     func(auth.Player, string, int) (campaign.TurnContext, error)
	export          func(auth.Player, string) (events.Export, error)
	importCampaign  func(auth.Player, events.Export) (campaign.Campaign, error)
}

var _ httpapi.Service = (*fake)(nil)

func (f *fake) record(name string, args ...any) { f.calls = append(f.calls, call{name, args}) }

func (f *fake) ConnectTicket(_ context.Context, p auth.Player, campaignID string) (string, time.Time, error) {
	f.record("ConnectTicket", p, campaignID)
	if f.connectTicket != nil {
		return f.connectTicket(p, campaignID)
	}
	return "", time.Time{}, nil
}

func (f *fake) Authenticate(_ context.Context, token string) (auth.Player, error) {
	f.tokens = append(f.tokens, token)
	if f.authenticate != nil {
		return f.authenticate(token)
	}
	if token != goodToken {
		return auth.Player{}, fault.E(fault.Unauthorized, "authorize", "invalid or expired token")
	}
	return aria, nil
}

func (f *fake) AllowAPI(key string) bool {
	f.keys = append(f.keys, key)
	return f.allowAPI == nil || f.allowAPI(key)
}

// AllowNewPlayer and AllowTicket allow all; the per-address limits are
// tested over the real game (limits_test.go).
func (f *fake) AllowNewPlayer(string) bool { return true }
func (f *fake) AllowTicket(string) bool    { return true }

func (f *fake) NarratorName() string {
	if f.narratorName != nil {
		return f.narratorName()
	}
	return "offline"
}

func (f *fake) CreatePlayer(_ context.Context, req events.CreatePlayer) (auth.Credentials, error) {
	f.record("CreatePlayer", req)
	if f.createPlayer != nil {
		return f.createPlayer(req)
	}
	return auth.Credentials{}, nil
}

func (f *fake) RecoverPlayer(_ context.Context, req events.RecoverPlayer) (auth.Credentials, error) {
	f.record("RecoverPlayer", req)
	if f.recoverPlayer != nil {
		return f.recoverPlayer(req)
	}
	return auth.Credentials{}, nil
}

func (f *fake) CreateCampaign(_ context.Context, p auth.Player, req events.CreateCampaign) (campaign.Campaign, error) {
	f.record("CreateCampaign", p, req)
	if f.createCampaign != nil {
		return f.createCampaign(p, req)
	}
	return campaign.Campaign{}, nil
}

func (f *fake) ListCampaigns(_ context.Context, p auth.Player) ([]campaign.Campaign, error) {
	f.record("ListCampaigns", p)
	if f.listCampaigns != nil {
		return f.listCampaigns(p)
	}
	return nil, nil
}

func (f *fake) GetCampaign(_ context.Context, p auth.Player, id string) (events.CampaignView, error) {
	f.record("GetCampaign", p, id)
	if f.getCampaign != nil {
		return f.getCampaign(p, id)
	}
	return events.CampaignView{}, nil
}

func (f *fake) Conclude(_ context.Context, p auth.Player, id string) (campaign.Campaign, error) {
	f.record("Conclude", p, id)
	if f.conclude != nil {
		return f.conclude(p, id)
	}
	return campaign.Campaign{}, nil
}

func (f *fake) SignOutEverywhere(_ context.Context, p auth.Player) error {
	f.record("SignOutEverywhere", p)
	return nil
}

func (f *fake) JoinCampaign(_ context.Context, p auth.Player, id string, req events.JoinCampaign) (campaign.Campaign, error) {
	f.record("JoinCampaign", p, id, req)
	if f.joinCampaign != nil {
		return f.joinCampaign(p, id, req)
	}
	return campaign.Campaign{}, nil
}

func (f *fake) RotateInvite(_ context.Context, p auth.Player, id string) (events.Invite, error) {
	f.record("RotateInvite", p, id)
	if f.rotateInvite != nil {
		return f.rotateInvite(p, id)
	}
	return events.Invite{}, nil
}

func (f *fake) RevokeInvite(_ context.Context, p auth.Player, id string) error {
	f.record("RevokeInvite", p, id)
	if f.revokeInvite != nil {
		return f.revokeInvite(p, id)
	}
	return nil
}

func (f *fake) RemovePlayer(_ context.Context, p auth.Player, id, playerID string) error {
	f.record("RemovePlayer", p, id, playerID)
	if f.removePlayer != nil {
		return f.removePlayer(p, id, playerID)
	}
	return nil
}

func (f *fake) CreateCharacter(_ context.Context, p auth.Player, id string, req campaign.NewCharacter) (campaign.Character, error) {
	f.record("CreateCharacter", p, id, req)
	if f.createCharacter != nil {
		return f.createCharacter(p, id, req)
	}
	return campaign.Character{}, nil
}

func (f *fake) Give(_ context.Context, p auth.Player, id, cid string, g events.Gift) (campaign.Character, error) {
	f.record("Give", p, id, cid, g)
	if f.give != nil {
		return f.give(p, id, cid, g)
	}
	return campaign.Character{}, nil
}

func (f *fake) SheetWorking(_ context.Context, p auth.Player, id, cid string) (campaign.SheetWorking, error) {
	f.record("SheetWorking", p, id, cid)
	return campaign.SheetWorking{CharacterID: cid}, nil
}

func (f *fake) SetOrders(_ context.Context, p auth.Player, id, cid string, orders []campaign.Order) (campaign.Character, error) {
	f.record("SetOrders", p, id, cid, orders)
	return campaign.Character{}, nil
}

func (f *fake) StartEncounter(_ context.Context, p auth.Player, id string, req events.StartEncounter) (campaign.EncounterRecord, error) {
	f.record("StartEncounter", p, id, req)
	if f.startEncounter != nil {
		return f.startEncounter(p, id, req)
	}
	return campaign.EncounterRecord{}, nil
}

func (f *fake) EndEncounter(_ context.Context, p auth.Player, id, eid string, req events.EndEncounter) (events.EncounterEnded, error) {
	f.record("EndEncounter", p, id, eid, req)
	if f.endEncounter != nil {
		return f.endEncounter(p, id, eid, req)
	}
	return events.EncounterEnded{}, nil
}

func (f *fake) SetHomebrew(_ context.Context, p auth.Player, id string, o srd.Overrides) (campaign.Campaign, error) {
	f.record("SetHomebrew", p, id, o)
	if f.setHomebrew != nil {
		return f.setHomebrew(p, id, o)
	}
	return campaign.Campaign{}, nil
}

func (f *fake) SetBudget(_ context.Context, p auth.Player, id string, b events.Budget) (campaign.Campaign, error) {
	f.record("SetBudget", p, id, b)
	return campaign.Campaign{}, nil
}

func (f *fake) Secrets(_ context.Context, p auth.Player, id string) ([]campaign.Secret, error) {
	f.record("Secrets", p, id)
	if f.secrets != nil {
		return f.secrets(p, id)
	}
	return nil, nil
}

func (f *fake) AddSecret(_ context.Context, p auth.Player, id string, req events.NewSecret) (campaign.Secret, error) {
	f.record("AddSecret", p, id, req)
	if f.addSecret != nil {
		return f.addSecret(p, id, req)
	}
	return campaign.Secret{}, nil
}

func (f *fake) RemoveSecret(_ context.Context, p auth.Player, id, sid string) error {
	f.record("RemoveSecret", p, id, sid)
	if f.removeSecret != nil {
		return f.removeSecret(p, id, sid)
	}
	return nil
}

func (f *fake) Turns(_ context.Context, p auth.Player, id string, after, limit int) (events.TurnPage, error) {
	f.record("Turns", p, id, after, limit)
	if f.turns != nil {
		return f.turns(p, id, after, limit)
	}
	return events.TurnPage{}, nil
}

func (f *fake) TurnContext(_ context.Context, p auth.Player, id string, seq int) (campaign.TurnContext, error) {
	f.record("TurnContext", p, id, seq)
	if f.turnContext != nil {
		return f.turnContext(p, id, seq)
	}
	return campaign.TurnContext{}, nil
}

func (f *fake) Export(_ context.Context, p auth.Player, id string) (events.Export, error) {
	f.record("Export", p, id)
	if f.export != nil {
		return f.export(p, id)
	}
	return events.Export{}, nil
}

func (f *fake) ExportPage(_ context.Context, p auth.Player, id string, after int) (events.ExportPage, error) {
	f.record("ExportPage", p, id, after)
	return events.ExportPage{Turns: []campaign.Turn{}}, nil
}

func (f *fake) Import(_ context.Context, p auth.Player, e events.Export) (campaign.Campaign, error) {
	f.record("Import", p, e)
	if f.importCampaign != nil {
		return f.importCampaign(p, e)
	}
	return campaign.Campaign{}, nil
}
