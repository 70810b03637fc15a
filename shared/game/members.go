package game

import (
	"context"
	"crypto/subtle"
	"fmt"
	"slices"
	"time"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/srd"
)

// InviteTTL is how long an invite code lets players join.
const InviteTTL = 7 * 24 * time.Hour

// Invite is a campaign's invite code and when it stops working (the
// wire's answer).
type Invite = events.Invite

// JoinCampaign makes p a player of the campaign if the invite code is the
// campaign's current one and has not expired. Joining again is not an error.
func (s *Service) JoinCampaign(ctx context.Context, p Player, campaignID string, req events.JoinCampaign) (campaign.Campaign, error) {
	const op = "join campaign"
	snap, err := s.Store.Snapshot(ctx, campaignID)
	if err != nil {
		return campaign.Campaign{}, err
	}
	if memberOf(snap, p.ID) != nil {
		return snap.Campaign, nil
	}
	if !s.allowInviteTry(campaignID, req.From) {
		return campaign.Campaign{}, fault.E(fault.RateLimited, op, "too many invite codes tried; wait a minute and try again")
	}
	c := snap.Campaign
	if c.InviteCode == "" || subtle.ConstantTimeCompare([]byte(req.InviteCode), []byte(c.InviteCode)) != 1 {
		return campaign.Campaign{}, fault.E(fault.Forbidden, op, "the invite code does not match")
	}
	if c.InviteExpiresAt != nil && !s.now().Before(*c.InviteExpiresAt) {
		return campaign.Campaign{}, fault.E(fault.Forbidden, op, "the invite code has expired; ask the owner for a new one")
	}
	if err := campaign.Writable(c.Status, op); err != nil {
		return campaign.Campaign{}, err
	}
	if err := s.Limits.checkMembers(snap); err != nil {
		return campaign.Campaign{}, err
	}
	m := campaign.Member{PlayerID: p.ID, Name: p.Name, Role: campaign.Player, JoinedAt: s.now()}
	err = s.Store.Commit(ctx, Tx{CampaignID: campaignID, Member: &m})
	if err != nil && !isConflict(err) { // a conflict is a concurrent join of the same player: done
		return campaign.Campaign{}, fmt.Errorf("%s: %w", op, err)
	}
	return c, nil
}

// allowInviteTry spends one of the campaign's invite tries and one of the
// address's: the player's own API limit alone let a crowd of new players
// guess codes together, unthrottled.
func (s *Service) allowInviteTry(campaignID, from string) bool {
	if s.InviteLimit == nil {
		return true
	}
	ok := s.InviteLimit.Allow("campaign:" + campaignID)
	if from != "" {
		ok = s.InviteLimit.Allow("address:"+from) && ok
	}
	return ok
}

// RotateInvite gives the campaign a new invite code (the old one stops
// working) valid for InviteTTL. Owner only.
func (s *Service) RotateInvite(ctx context.Context, p Player, campaignID string) (Invite, error) {
	var inv Invite
	err := s.ownerWrite(ctx, p, campaignID, "rotate invite", func(c *campaign.Campaign) error {
		exp := s.now().Add(InviteTTL)
		c.InviteCode, c.InviteExpiresAt = newInviteCode(), &exp
		inv = Invite{Code: c.InviteCode, ExpiresAt: exp}
		return nil
	})
	return inv, err
}

// RevokeInvite stops the invite code working; nobody can join until the
// owner rotates a new one. Owner only.
func (s *Service) RevokeInvite(ctx context.Context, p Player, campaignID string) error {
	return s.ownerWrite(ctx, p, campaignID, "revoke invite", func(c *campaign.Campaign) error {
		c.InviteCode, c.InviteExpiresAt = "", nil
		return nil
	})
}

// SetHomebrew replaces the campaign's homebrew stat blocks (validated by
// events.DecodeHomebrew): encounters started from now on take a monster
// from them before the SRD. Owner only.
func (s *Service) SetHomebrew(ctx context.Context, p Player, campaignID string, o srd.Overrides) (campaign.Campaign, error) {
	var out campaign.Campaign
	err := s.ownerWrite(ctx, p, campaignID, "set homebrew", func(c *campaign.Campaign) error {
		c.Homebrew = nil
		if len(o.Monsters) > 0 {
			c.Homebrew = &srd.Overrides{Monsters: o.Monsters}
		}
		out = *c
		return nil
	})
	return out, err
}

// AddSecret tells the narrator something no player may learn from the
// table (canon only the game master knows): it is recalled, marked never
// to reveal, when a turn mentions its subject. Owner only; at most
// campaign.MaxSecrets.
func (s *Service) AddSecret(ctx context.Context, p Player, campaignID string, req events.NewSecret) (campaign.Secret, error) {
	var sec campaign.Secret
	err := s.ownerWrite(ctx, p, campaignID, "add secret", func(c *campaign.Campaign) error {
		if len(c.Secrets) >= campaign.MaxSecrets {
			return fault.Field("add secret", "secrets", "a campaign keeps at most %d secrets; remove one first", campaign.MaxSecrets)
		}
		sec = campaign.Secret{ID: s.NewID(), Subject: req.Subject, Text: req.Text, CreatedAt: s.now()}
		c.Secrets = append(slices.Clone(c.Secrets), sec)
		return nil
	})
	return sec, err
}

// RemoveSecret forgets one of the campaign's secrets. Owner only.
func (s *Service) RemoveSecret(ctx context.Context, p Player, campaignID, secretID string) error {
	return s.ownerWrite(ctx, p, campaignID, "remove secret", func(c *campaign.Campaign) error {
		i := slices.IndexFunc(c.Secrets, func(x campaign.Secret) bool { return x.ID == secretID })
		if i < 0 {
			return fault.E(fault.NotFound, "remove secret", "no such secret")
		}
		c.Secrets = slices.Delete(slices.Clone(c.Secrets), i, i+1)
		return nil
	})
}

// Secrets lists the campaign's secrets. Owner only.
func (s *Service) Secrets(ctx context.Context, p Player, campaignID string) ([]campaign.Secret, error) {
	snap, err := s.ownerSnapshot(ctx, p, campaignID, "list secrets")
	if err != nil && !fault.Is(err, fault.ReadOnly) {
		return nil, err
	}
	return snap.Campaign.Secrets, nil
}

// ownerWrite changes the campaign's meta on behalf of its owner.
func (s *Service) ownerWrite(ctx context.Context, p Player, campaignID, op string, change func(*campaign.Campaign) error) error {
	err := retry(ctx, func() error {
		snap, err := s.ownerSnapshot(ctx, p, campaignID, op)
		if err != nil {
			return err
		}
		c := snap.Campaign
		if err := change(&c); err != nil {
			return err
		}
		return s.Store.Commit(ctx, Tx{CampaignID: campaignID, Campaign: &c})
	})
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return nil
}

// ownerSnapshot reads a writable campaign for its owner: NotFound, then
// Forbidden for anyone else, then ReadOnly when it is concluded.
func (s *Service) ownerSnapshot(ctx context.Context, p Player, campaignID, op string) (Snapshot, error) {
	snap, err := s.memberSnapshot(ctx, p, campaignID, op)
	if err != nil {
		return Snapshot{}, err
	}
	if snap.Campaign.OwnerID != p.ID {
		return Snapshot{}, fault.E(fault.Forbidden, op, "only the campaign's owner can do this")
	}
	return snap, campaign.Writable(snap.Campaign.Status, op)
}

// RemovePlayer takes a player out of the campaign: their membership and
// live connections go; their characters stay, narratively passive.
// Owner only; the owner cannot be removed.
func (s *Service) RemovePlayer(ctx context.Context, p Player, campaignID, playerID string) error {
	const op = "remove player"
	return s.unbindPlayer(ctx, op, playerID, func() (Snapshot, Tx, error) {
		snap, err := s.ownerSnapshot(ctx, p, campaignID, op)
		if err != nil {
			return snap, Tx{}, err
		}
		if playerID == snap.Campaign.OwnerID {
			return snap, Tx{}, fault.E(fault.Invalid, op, "the owner cannot be removed")
		}
		if memberOf(snap, playerID) == nil {
			return snap, Tx{}, fault.E(fault.NotFound, op, "no such player in this campaign")
		}
		return snap, Tx{CampaignID: campaignID, RemoveMember: playerID}, nil
	})
}

// unbindPlayer commits what read decides (read again on a conflict) and,
// with it, the unbinding of every live connection of playerID's to the
// campaign; then tells the table the player is gone, if they were there.
func (s *Service) unbindPlayer(ctx context.Context, op, playerID string, read func() (Snapshot, Tx, error)) error {
	var snap Snapshot
	err := retry(ctx, func() error {
		var (
			tx  Tx
			err error
		)
		if snap, tx, err = read(); err != nil {
			return err
		}
		for _, c := range snap.Connections {
			if c.PlayerID == playerID {
				tx.DeleteConnections = append(tx.DeleteConnections, c.ID)
			}
		}
		var msgs []message
		if openSession(snap) != nil && hasConnection(snap, playerID) {
			msgs = presenceMessages(snap, playerID, campaign.Absent)
		}
		return s.commit(ctx, tx, "", msgs...)
	})
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return nil
}
