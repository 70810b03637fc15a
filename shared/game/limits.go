package game

import (
	"fmt"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

// Limits bound what one player may hold, so that one account cannot
// crowd a table or the server. Each is counted in the store (what a
// snapshot or a player's campaign list holds), never in one process's
// memory, so the same limits hold across the cloud's instances. 0 means
// no limit.
type Limits struct {
	// ConnectionsPerPlayer bounds a player's live sockets to one
	// campaign (tabs and devices).
	ConnectionsPerPlayer int
	// ConnectionsPerCampaign bounds a campaign's live sockets.
	ConnectionsPerCampaign int
	// CampaignsOwned bounds the campaigns a player owns that are not
	// concluded or abandoned.
	CampaignsOwned int
	// Members bounds a campaign's members, owner included.
	Members int
	// CharactersPerPlayer bounds a player's living characters in one
	// campaign.
	CharactersPerPlayer int
	// Characters bounds a campaign's characters, dead ones included.
	Characters int
}

// DefaultLimits are generous for a table and tight for a flood.
func DefaultLimits() Limits {
	return Limits{
		ConnectionsPerPlayer: 8, ConnectionsPerCampaign: 64,
		CampaignsOwned: 20, Members: 12, CharactersPerPlayer: 4, Characters: 12,
	}
}

// limitNames are the names ParseLimits and String use.
var limitNames = []named[Limits, int]{
	{"connections_per_player", func(l *Limits) *int { return &l.ConnectionsPerPlayer }},
	{"connections_per_campaign", func(l *Limits) *int { return &l.ConnectionsPerCampaign }},
	{"campaigns_owned", func(l *Limits) *int { return &l.CampaignsOwned }},
	{"members", func(l *Limits) *int { return &l.Members }},
	{"characters_per_player", func(l *Limits) *int { return &l.CharactersPerPlayer }},
	{"characters", func(l *Limits) *int { return &l.Characters }},
}

// ParseLimits reads "name=n,name=n" (names as in String) over the
// defaults: a deployment sets only what it changes. 0 lifts a limit.
func ParseLimits(s string) (Limits, error) { return DefaultLimits().With(s) }

// With reads "name=n,name=n" over l.
func (l Limits) With(s string) (Limits, error) {
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, value, ok := strings.Cut(part, "=")
		n, err := strconv.Atoi(strings.TrimSpace(value))
		if !ok || err != nil || n < 0 {
			return l, fmt.Errorf("limits: %q is not name=n with n a whole number of 0 or more", part)
		}
		ptr := lookup(limitNames, strings.TrimSpace(name))
		if ptr == nil {
			return l, fmt.Errorf("limits: unknown limit %q (known: %s)", name, settingNames(limitNames))
		}
		*ptr(&l) = n
	}
	return l, nil
}

// String writes l as ParseLimits reads it.
func (l Limits) String() string {
	return namedString(limitNames, l, strconv.Itoa)
}

// named is a setting of a T by its name, as a deployment writes it
// ("name=value,..."): the limits, the address rates.
type named[T, V any] struct {
	name string
	ptr  func(*T) *V
}

// lookup is the setting of fields called name; nil when none is.
func lookup[T, V any](fields []named[T, V], name string) func(*T) *V {
	for _, f := range fields {
		if f.name == name {
			return f.ptr
		}
	}
	return nil
}

// settingNames lists the names of fields, for an error.
func settingNames[T, V any](fields []named[T, V]) string {
	names := make([]string, len(fields))
	for i, f := range fields {
		names[i] = f.name
	}
	return strings.Join(names, ", ")
}

// namedString writes every setting of t as "name=value,...", each value
// by format.
func namedString[T, V any](fields []named[T, V], t T, format func(V) string) string {
	parts := make([]string, len(fields))
	for i, f := range fields {
		parts[i] = f.name + "=" + format(*f.ptr(&t))
	}
	return strings.Join(parts, ",")
}

// over reports whether have more of something would pass limit (0: none).
func over(limit, have int) bool { return limit > 0 && have >= limit }

// checkConnections refuses a new socket for p when the player or the
// campaign holds as many as the limits allow. connectionID itself (a
// retried connect) is not counted.
func (l Limits) checkConnections(snap Snapshot, playerID, connectionID string) error {
	const op = "connect"
	mine, all := 0, 0
	for _, c := range snap.Connections {
		if c.ID == connectionID {
			continue
		}
		all++
		if c.PlayerID == playerID {
			mine++
		}
	}
	if over(l.ConnectionsPerPlayer, mine) {
		return fault.E(fault.Forbidden, op, "you are connected to this campaign from %d places already, the most allowed; close a tab or another device first", mine)
	}
	if over(l.ConnectionsPerCampaign, all) {
		return fault.E(fault.Forbidden, op, "this campaign has %d connections already, the most allowed", all)
	}
	return nil
}

// checkCharacters refuses p another character in the campaign.
func (l Limits) checkCharacters(snap Snapshot, playerID string) error {
	const op = "create character"
	if over(l.Characters, len(snap.Characters)) {
		return fault.E(fault.Conflict, op, "a campaign has at most %d characters", l.Characters)
	}
	mine := 0
	for _, ch := range snap.Characters {
		if ch.PlayerID == playerID && !ch.IsDead() {
			mine++
		}
	}
	if over(l.CharactersPerPlayer, mine) {
		return fault.E(fault.Forbidden, op, "you have %d living characters in this campaign, the most allowed", mine)
	}
	return nil
}

// checkMembers refuses a new member of a full campaign.
func (l Limits) checkMembers(snap Snapshot) error {
	if over(l.Members, len(snap.Members)) {
		return fault.E(fault.Forbidden, "join campaign", "this campaign has %d players, the most allowed", len(snap.Members))
	}
	return nil
}

// checkOwned refuses p another campaign when they own as many live ones
// as allowed.
func (l Limits) checkOwned(owned []campaign.Campaign, playerID, op string) error {
	live := 0
	for _, c := range owned {
		if c.OwnerID == playerID && (c.Status == campaign.Active || c.Status == campaign.Paused) {
			live++
		}
	}
	if over(l.CampaignsOwned, live) {
		return fault.E(fault.Forbidden, op, "you own %d campaigns that are still open, the most allowed; conclude one first", live)
	}
	return nil
}
