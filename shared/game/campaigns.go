package game

import (
	"context"
	"crypto/rand"
	"fmt"
	"sort"
	"strings"

	"chronicler/events"
	"chronicler/shared/auth"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/world"
)

// Player is who a request comes from, as its token says (auth's, named
// here for the use cases' callers).
type Player = auth.Player

// Authenticate verifies a bearer token and returns its player. A token of
// this server's own must name a player it made, at the player's current
// token version: a genuine signature alone is not enough, or a token
// would outlive its player and could never be revoked.
func (s *Service) Authenticate(ctx context.Context, token string) (Player, error) {
	c, err := s.Identity.Verify(ctx, token)
	if err != nil {
		return Player{}, err
	}
	if _, ok := s.Identity.(auth.Anonymous); ok {
		acc, err := s.Store.Account(ctx, c.PlayerID)
		if fault.Is(err, fault.NotFound) {
			return Player{}, fault.E(fault.Unauthorized, "verify token", "invalid or expired token")
		}
		if err != nil {
			return Player{}, fmt.Errorf("verify token: %w", err)
		}
		if c.TokenVersion != acc.TokenVersion {
			return Player{}, fault.E(fault.Unauthorized, "verify token", "this device was signed out; sign in again with your recovery code")
		}
	}
	if c.Name == "" {
		c.Name = "Player"
	}
	return Player{ID: c.PlayerID, Name: c.Name}, nil
}

// anonymous refuses to make anonymous identities where players sign in
// with an identity provider.
func (s *Service) anonymous(op string) error {
	if _, ok := s.Identity.(auth.Anonymous); !ok {
		return fault.E(fault.Forbidden, op, "this server signs players in with its identity provider")
	}
	return nil
}

// Identity is a player with their token and, for anonymous players, the
// code that restores the same identity on another device.
type Identity = auth.Credentials

// CreatePlayer makes a new anonymous player.
func (s *Service) CreatePlayer(ctx context.Context, req events.CreatePlayer) (Identity, error) {
	if err := s.anonymous("create player"); err != nil {
		return Identity{}, err
	}
	acc := campaign.Account{ID: s.NewID(), Name: req.Name, CreatedAt: s.now()}
	if err := s.Store.PutAccount(ctx, acc); err != nil {
		return Identity{}, fmt.Errorf("create player: %w", err)
	}
	return s.identity(Player{ID: acc.ID, Name: acc.Name}, acc.TokenVersion)
}

// RecoverPlayer restores an anonymous player's identity from their
// recovery code, under the name given now.
func (s *Service) RecoverPlayer(ctx context.Context, req events.RecoverPlayer) (Identity, error) {
	if err := s.anonymous("recover player"); err != nil {
		return Identity{}, err
	}
	id, err := s.Tokens.Recover(req.RecoveryCode)
	if err != nil {
		return Identity{}, err
	}
	acc, err := s.account(ctx, id, req.Name)
	if err != nil {
		return Identity{}, fmt.Errorf("recover player: %w", err)
	}
	return s.identity(Player{ID: id, Name: req.Name}, acc.TokenVersion)
}

// account reads a player's account, making it for a genuine player this
// server has none of (one made before accounts were kept: their recovery
// code proves them).
func (s *Service) account(ctx context.Context, playerID, name string) (campaign.Account, error) {
	acc, err := s.Store.Account(ctx, playerID)
	if !fault.Is(err, fault.NotFound) {
		return acc, err
	}
	acc = campaign.Account{ID: playerID, Name: name, CreatedAt: s.now()}
	if err := s.Store.PutAccount(ctx, acc); err != nil && !isConflict(err) {
		return acc, err
	} else if err != nil { // made meanwhile by the same player's other device
		return s.Store.Account(ctx, playerID)
	}
	return acc, nil
}

// SignOutEverywhere ends every token of p's, on every device, this one
// included, and unbinds p's sockets; the recovery code still signs them in.
func (s *Service) SignOutEverywhere(ctx context.Context, p Player) error {
	const op = "sign out everywhere"
	if err := s.anonymous(op); err != nil {
		return err
	}
	err := retry(ctx, func() error {
		acc, err := s.account(ctx, p.ID, p.Name)
		if err != nil {
			return err
		}
		acc.TokenVersion++
		return s.Store.PutAccount(ctx, acc)
	})
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	// Their sockets are unbound (as a removed member's are): a socket's
	// messages are not checked against the token it opened with, so it
	// must not outlive the token.
	cs, err := s.Store.CampaignsOf(ctx, p.ID)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	for _, c := range cs {
		err := s.unbindPlayer(ctx, op, p.ID, func() (Snapshot, Tx, error) {
			snap, err := s.Store.Snapshot(ctx, c.ID)
			return snap, Tx{CampaignID: c.ID}, err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) identity(p Player, tokenVersion int) (Identity, error) {
	tok, err := s.Tokens.IssueVersion(p.ID, p.Name, tokenVersion)
	if err != nil {
		return Identity{}, err
	}
	return Identity{Player: p, Token: tok, RecoveryCode: s.Tokens.RecoveryCode(p.ID)}, nil
}

// CreateCampaign creates an Active campaign owned by p, its state and the
// owner's membership in one transaction, and returns its invite code.
func (s *Service) CreateCampaign(ctx context.Context, p Player, req events.CreateCampaign) (campaign.Campaign, error) {
	if err := s.checkOwned(ctx, p, "create campaign"); err != nil {
		return campaign.Campaign{}, err
	}
	settings := campaign.DefaultSettings()
	if req.Settings != nil {
		settings = *req.Settings
	}
	settings, err := settings.Normalize()
	if err != nil {
		return campaign.Campaign{}, err
	}
	now := s.now()
	c := campaign.Campaign{
		ID: s.NewID(), Name: req.Name, Status: campaign.Active,
		WorldSeed: req.WorldSeed, DMPersona: req.DMPersona, Settings: settings,
		OwnerID: p.ID, InviteCode: newInviteCode(), CreatedAt: now, LastPlayedAt: now,
	}
	expires := now.Add(InviteTTL)
	c.InviteExpiresAt = &expires
	starter := world.Starter(c.WorldSeed)
	st := campaign.State{
		CampaignID: c.ID, UpdatedAt: now, Map: &starter,
		Scene: campaign.Scene{Location: openingLocation(req.WorldSeed), Time: "morning", Weather: "clear"},
	}
	owner := campaign.Member{PlayerID: p.ID, Name: p.Name, Role: campaign.Owner, JoinedAt: now}
	if err := s.Store.Commit(ctx, Tx{CampaignID: c.ID, Campaign: &c, NewState: &st, Member: &owner}); err != nil {
		return campaign.Campaign{}, fmt.Errorf("create campaign: %w", err)
	}
	c.Version = 1
	return c, nil
}

// checkOwned refuses p a new campaign when they own as many open ones as
// the limits allow.
func (s *Service) checkOwned(ctx context.Context, p Player, op string) error {
	if s.Limits.CampaignsOwned <= 0 {
		return nil
	}
	cs, err := s.Store.CampaignsOf(ctx, p.ID)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return s.Limits.checkOwned(cs, p.ID, op)
}

func openingLocation(seed string) string {
	place := strings.TrimSpace(seed)
	// The first sentence, and in it the place before what is said of it:
	// "A misty harbour town where smugglers ..." is "a misty harbour town".
	if i := strings.IndexAny(place, ".!?\n"); i > 0 {
		place = place[:i]
	}
	for _, cut := range []string{" where ", " ruled by ", " in which ", " whose ", " which ", " that "} {
		if i := strings.Index(strings.ToLower(place), cut); i > 0 {
			place = place[:i]
		}
	}
	if r := []rune(place); len(r) > maxLocation {
		place = string(r[:maxLocation])
		if i := strings.LastIndex(place, " "); i > 0 {
			place = place[:i]
		}
	}
	place = strings.TrimRight(place, " ,;:-")
	if place == "" {
		return "the crossroads inn"
	}
	// An article reads as part of a sentence: "the party is at a misty
	// harbour town".
	for _, art := range []string{"A ", "An ", "The "} {
		if strings.HasPrefix(place, art) {
			place = strings.ToLower(art) + place[len(art):]
		}
	}
	return place
}

// maxLocation is the longest opening location, in runes.
const maxLocation = 80

// inviteAlphabet leaves out look-alikes (0/O, 1/I/L) so codes can be read aloud.
const inviteAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// newInviteCode returns 10 characters from a 31-letter alphabet: about 49
// bits, unguessable at any rate limit.
func newInviteCode() string {
	b := make([]byte, 10)
	if _, err := rand.Read(b); err != nil {
		panic("crypto/rand failed: " + err.Error())
	}
	for i := range b {
		b[i] = inviteAlphabet[int(b[i])%len(inviteAlphabet)]
	}
	return string(b)
}

// ListCampaigns returns the metadata of p's campaigns only.
func (s *Service) ListCampaigns(ctx context.Context, p Player) ([]campaign.Campaign, error) {
	cs, err := s.Store.CampaignsOf(ctx, p.ID)
	if err != nil {
		return nil, fmt.Errorf("list campaigns: %w", err)
	}
	return cs, nil
}

// CampaignView is a campaign as a member sees it (the wire's answer).
type CampaignView = events.CampaignView

// GetCampaign returns the campaign, its state and its characters (with
// their presence) to a member; the state's scene is the one their
// character is in.
func (s *Service) GetCampaign(ctx context.Context, p Player, campaignID string) (CampaignView, error) {
	snap, err := s.memberSnapshot(ctx, p, campaignID, "get campaign")
	if err != nil {
		return CampaignView{}, err
	}
	c := snap.Campaign
	if c.OwnerID != p.ID {
		c.Secrets = nil // the game master's alone
	}
	c.Limits = nil // each player reads theirs through Safety
	st := snap.State
	st.Scene = sceneFor(snap, p.ID)
	return CampaignView{
		Campaign: c, State: st, Characters: withPresence(snap),
		Members: snap.Members, Session: openSession(snap), Sessions: snap.Sessions, LastSeq: snap.LastSeq,
		Encounter: activeData(snap), Cost: tableCost(snap),
	}, nil
}

// CreateCharacter adds p's new character to the campaign.
func (s *Service) CreateCharacter(ctx context.Context, p Player, campaignID string, req campaign.NewCharacter) (campaign.Character, error) {
	const op = "create character"
	snap, err := s.writableSnapshot(ctx, p, campaignID, op)
	if err != nil {
		return campaign.Character{}, err
	}
	if err := s.Limits.checkCharacters(snap, p.ID); err != nil {
		return campaign.Character{}, err
	}
	ch, err := req.Build(s.NewID(), p.ID)
	if err != nil {
		return campaign.Character{}, err
	}
	ch.AreaID = world.StarterArea
	// The table hears of it in the same transaction, so every page's party
	// shows the newcomer at once.
	shown := ch
	shown.Presence = campaign.PresenceOf(p.ID, openSession(snap), snap.Connections)
	if err := s.commit(ctx, Tx{CampaignID: campaignID, Characters: []campaign.Character{ch}}, "",
		message{events.TypeCharacter, events.Character{Character: shown}}); err != nil {
		return campaign.Character{}, fmt.Errorf("%s: %w", op, err)
	}
	shown.Version = 1
	return shown, nil
}

// TurnPage is a page of turn history (the wire's answer).
type TurnPage = events.TurnPage

// Turns returns a page of committed turns to a member (Concluded included).
func (s *Service) Turns(ctx context.Context, p Player, campaignID string, after, limit int) (TurnPage, error) {
	const op = "list turns"
	if after < 0 {
		return TurnPage{}, fault.Field(op, "after", "must be >= 0")
	}
	if limit == 0 {
		limit = 50
	}
	if limit < 1 || limit > 500 {
		return TurnPage{}, fault.Field(op, "limit", "must be between 1 and 500")
	}
	snap, err := s.memberSnapshot(ctx, p, campaignID, op)
	if err != nil {
		return TurnPage{}, err
	}
	turns, err := s.Store.Turns(ctx, campaignID, after, limit+1)
	if err != nil {
		return TurnPage{}, fmt.Errorf("%s: %w", op, err)
	}
	if snap.Campaign.OwnerID != p.ID {
		withoutContext(turns)
	}
	page := TurnPage{Turns: turns}
	if len(turns) > limit {
		page.Turns = turns[:limit]
		next := page.Turns[limit-1].Sequence
		page.Next = &next
	}
	return page, nil
}

// writableSnapshot reads a writable campaign for member p: as
// memberSnapshot, then ReadOnly when it is concluded.
func (s *Service) writableSnapshot(ctx context.Context, p Player, campaignID, op string) (Snapshot, error) {
	snap, err := s.memberSnapshot(ctx, p, campaignID, op)
	if err != nil {
		return Snapshot{}, err
	}
	return snap, campaign.Writable(snap.Campaign.Status, op)
}

// memberSnapshot reads the campaign for member p: NotFound if there is no
// such campaign, Forbidden if p is not a member.
func (s *Service) memberSnapshot(ctx context.Context, p Player, campaignID, op string) (Snapshot, error) {
	snap, err := s.Store.Snapshot(ctx, campaignID)
	if err != nil {
		return Snapshot{}, err
	}
	if memberOf(snap, p.ID) == nil {
		return Snapshot{}, fault.E(fault.Forbidden, op, "you are not a member of this campaign")
	}
	return snap, nil
}

func memberOf(snap Snapshot, playerID string) *campaign.Member {
	for i := range snap.Members {
		if snap.Members[i].PlayerID == playerID {
			return &snap.Members[i]
		}
	}
	return nil
}

// openSession returns the campaign's open session, if any.
func openSession(snap Snapshot) *campaign.Session {
	for i := len(snap.Sessions) - 1; i >= 0; i-- {
		if snap.Sessions[i].Open() {
			return &snap.Sessions[i]
		}
	}
	return nil
}

// withPresence returns the characters with their derived presence.
func withPresence(snap Snapshot) []campaign.Character {
	open := openSession(snap)
	out := make([]campaign.Character, len(snap.Characters))
	for i, ch := range snap.Characters {
		ch.Presence = campaign.PresenceOf(ch.PlayerID, open, snap.Connections)
		out[i] = ch
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// presenceMap is every character's presence, for session events.
func presenceMap(snap Snapshot) map[string]campaign.Presence {
	m := map[string]campaign.Presence{}
	for _, ch := range withPresence(snap) {
		m[ch.ID] = ch.Presence
	}
	return m
}

// withoutContext hides what the narrator was given (GM-only facts among
// it) from everyone but the owner.
func withoutContext(turns []campaign.Turn) {
	for i := range turns {
		turns[i].Context = nil
	}
}

// TurnContext returns exactly what the narrator received for the turn with
// that sequence, with its model, usage and cost. Owner only.
func (s *Service) TurnContext(ctx context.Context, p Player, campaignID string, seq int) (campaign.TurnContext, error) {
	const op = "turn context"
	snap, err := s.memberSnapshot(ctx, p, campaignID, op)
	if err != nil {
		return campaign.TurnContext{}, err
	}
	if snap.Campaign.OwnerID != p.ID {
		return campaign.TurnContext{}, fault.E(fault.Forbidden, op, "only the campaign's owner can inspect the narrator's context")
	}
	if seq < 1 {
		return campaign.TurnContext{}, fault.Field(op, "seq", "must be 1 or more")
	}
	turns, err := s.Store.Turns(ctx, campaignID, seq-1, 1)
	if err != nil {
		return campaign.TurnContext{}, fmt.Errorf("%s: %w", op, err)
	}
	if len(turns) == 0 || turns[0].Sequence != seq {
		return campaign.TurnContext{}, fault.E(fault.NotFound, op, "no turn %d in this campaign", seq)
	}
	if turns[0].Context == nil {
		return campaign.TurnContext{}, fault.E(fault.NotFound, op, "turn %d has no recorded context", seq)
	}
	return *turns[0].Context, nil
}
