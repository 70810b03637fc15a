package httpapi

import (
	"context"
	"time"

	"chronicler/events"
	"chronicler/shared/auth"
	"chronicler/shared/campaign"
	"chronicler/shared/srd"
)

// The use cases the API calls, one small interface per kind of resource:
// each endpoint depends on the methods it calls, not on the game's whole
// Service, and the tests stand a fake in for them. Unless said otherwise,
// every method that takes a campaign id returns NotFound when there is no
// such campaign, Forbidden when p may not do this there, and Internal or
// Unavailable when the store fails.

// Players signs players up and in.
type Players interface {
	// Authenticate returns the player a bearer token names. Unauthorized
	// when the token is missing, malformed, expired or forged;
	// Unavailable when the identity provider cannot be reached.
	Authenticate(ctx context.Context, token string) (auth.Player, error)
	// CreatePlayer returns a new anonymous player with their token and
	// recovery code. Forbidden where players sign in with an identity
	// provider.
	CreatePlayer(ctx context.Context, req events.CreatePlayer) (auth.Credentials, error)
	// RecoverPlayer returns the identity a recovery code restores, under
	// the name given now. Unauthorized for a code that is not genuine;
	// Forbidden where players sign in with an identity provider.
	RecoverPlayer(ctx context.Context, req events.RecoverPlayer) (auth.Credentials, error)
	// ConnectTicket returns a short-lived, single-use ticket for member p
	// to open a WebSocket to the campaign with, and when it expires.
	ConnectTicket(ctx context.Context, p auth.Player, campaignID string) (string, time.Time, error)
	// SignOutEverywhere ends every token of p's (this one too) and
	// unbinds p's sockets. Forbidden where players sign in with an
	// identity provider.
	SignOutEverywhere(ctx context.Context, p auth.Player) error
}

// Limits bounds how often a caller may use the API.
type Limits interface {
	// AllowAPI reports whether key (a player, or an address before
	// sign-in) may make another call now.
	AllowAPI(key string) bool
	// AllowNewPlayer reports whether the source address may make or
	// recover another player now.
	AllowNewPlayer(address string) bool
	// AllowTicket reports whether the source address may be given
	// another connect ticket now.
	AllowTicket(address string) bool
}

// Health describes the running service for /api/health.
type Health interface {
	// NarratorName returns the name of the narrator in use.
	NarratorName() string
}

// Campaigns creates, reads and concludes campaigns.
type Campaigns interface {
	// CreateCampaign returns a new Active campaign owned by p, with its
	// invite code. Invalid for settings that do not normalize.
	CreateCampaign(ctx context.Context, p auth.Player, req events.CreateCampaign) (campaign.Campaign, error)
	// ListCampaigns returns the campaigns p is a member of.
	ListCampaigns(ctx context.Context, p auth.Player) ([]campaign.Campaign, error)
	// GetCampaign returns the campaign as member p sees it.
	GetCampaign(ctx context.Context, p auth.Player, campaignID string) (events.CampaignView, error)
	// Conclude returns the campaign, ended for good. Forbidden for
	// anyone but the owner; ReadOnly when it is concluded already;
	// Conflict when its status cannot be concluded.
	Conclude(ctx context.Context, p auth.Player, campaignID string) (campaign.Campaign, error)
}

// Members manages who plays a campaign: joining, the invite code and
// removal.
type Members interface {
	// JoinCampaign returns the campaign p now plays (joining again is not
	// an error). Forbidden for a wrong or expired invite code; ReadOnly
	// for a concluded campaign.
	JoinCampaign(ctx context.Context, p auth.Player, campaignID string, req events.JoinCampaign) (campaign.Campaign, error)
	// RotateInvite returns the campaign's new invite code. Owner only.
	RotateInvite(ctx context.Context, p auth.Player, campaignID string) (events.Invite, error)
	// RevokeInvite stops the invite code working. Owner only.
	RevokeInvite(ctx context.Context, p auth.Player, campaignID string) error
	// RemovePlayer takes playerID out of the campaign. Owner only;
	// Invalid for the owner; NotFound for a player who is not a member.
	RemovePlayer(ctx context.Context, p auth.Player, campaignID, playerID string) error
}

// Characters makes player characters.
type Characters interface {
	// CreateCharacter returns p's new character in the campaign. Invalid
	// for a sheet that does not build; Conflict when the campaign is full;
	// ReadOnly for a concluded campaign.
	CreateCharacter(ctx context.Context, p auth.Player, campaignID string, req campaign.NewCharacter) (campaign.Character, error)
	// Give returns the character's sheet with what the owner gave it (an
	// item, coins). Owner only; NotFound for a character the campaign
	// does not have; ReadOnly for a concluded campaign.
	Give(ctx context.Context, p auth.Player, campaignID, characterID string, g events.Gift) (campaign.Character, error)
	// SheetWorking returns how the rules make the numbers of a
	// character's sheet. Any member; NotFound for a character the
	// campaign does not have.
	SheetWorking(ctx context.Context, p auth.Player, campaignID, characterID string) (campaign.SheetWorking, error)
	// SetOrders returns the character's sheet with its standing orders
	// replaced. Its own player only (Forbidden for anyone else);
	// Invalid for an order of a reaction the character does not have;
	// NotFound for a character the campaign does not have; ReadOnly for
	// a concluded campaign.
	SetOrders(ctx context.Context, p auth.Player, campaignID, characterID string, orders []campaign.Order) (campaign.Character, error)
}

// Encounters are the owner's tools to start and end a fight.
type Encounters interface {
	// StartEncounter returns the encounter begun in the campaign's
	// session, as stored (its Data the encounter's JSON, which the API
	// writes as it is). Owner only; Conflict when no session is open, a
	// turn is being played or an encounter is under way; Invalid for
	// monsters or an area the engine refuses.
	StartEncounter(ctx context.Context, p auth.Player, campaignID string, req events.StartEncounter) (campaign.EncounterRecord, error)
	// EndEncounter returns every participant's diff and whether they were
	// written (false for a dry run). Owner only; NotFound for an
	// encounter the campaign does not have; Conflict for one that has
	// ended; Invalid for an unknown outcome or participant.
	EndEncounter(ctx context.Context, p auth.Player, campaignID, encounterID string, req events.EndEncounter) (events.EncounterEnded, error)
}

// Homebrew sets a campaign's own stat blocks.
type Homebrew interface {
	// SetHomebrew returns the campaign with its homebrew replaced. Owner
	// only.
	SetHomebrew(ctx context.Context, p auth.Player, campaignID string, o srd.Overrides) (campaign.Campaign, error)
}

// Budgets sets what the narrator may spend. Owner only.
type Budgets interface {
	// SetBudget returns the campaign with its session's and its whole
	// life's budgets replaced.
	SetBudget(ctx context.Context, p auth.Player, campaignID string, b events.Budget) (campaign.Campaign, error)
}

// Secrets keeps what only the game master knows. Every method is for the
// owner only.
type Secrets interface {
	// Secrets returns the campaign's secrets.
	Secrets(ctx context.Context, p auth.Player, campaignID string) ([]campaign.Secret, error)
	// AddSecret returns the secret kept. Invalid when the campaign keeps
	// as many as it may.
	AddSecret(ctx context.Context, p auth.Player, campaignID string, req events.NewSecret) (campaign.Secret, error)
	// RemoveSecret forgets one secret. NotFound for a secret the campaign
	// does not have.
	RemoveSecret(ctx context.Context, p auth.Player, campaignID, secretID string) error
}

// History reads the turns played.
type History interface {
	// Turns returns the page of committed turns after sequence after, at
	// most limit (0: the default) of them. Invalid for a negative after
	// or a limit out of range.
	Turns(ctx context.Context, p auth.Player, campaignID string, after, limit int) (events.TurnPage, error)
	// TurnContext returns what the narrator received for the turn with
	// sequence seq. Owner only; Invalid for seq < 1; NotFound for a turn
	// that does not exist or has no recorded context.
	TurnContext(ctx context.Context, p auth.Player, campaignID string, seq int) (campaign.TurnContext, error)
}

// Archives moves whole campaigns in and out as export files.
type Archives interface {
	// Export returns the campaign as a file a member can keep, with as
	// many of its turns as one response holds; NextAfter, when set, says
	// where the pages of the rest begin.
	Export(ctx context.Context, p auth.Player, campaignID string) (events.Export, error)
	// ExportPage returns the export's turns after sequence after, one
	// response's worth. Invalid for after < 1.
	ExportPage(ctx context.Context, p auth.Player, campaignID string, after int) (events.ExportPage, error)
	// Import returns a new campaign owned by p made from an export.
	// Invalid for an export that does not hold together.
	Import(ctx context.Context, p auth.Player, e events.Export) (campaign.Campaign, error)
}

// Service is every use case the API calls; *game.Service is one.
type Service interface {
	Players
	Limits
	Health
	Campaigns
	Members
	Characters
	Encounters
	Homebrew
	Budgets
	Secrets
	SafetyTools
	History
	Archives
}
