package sqlite

import (
	"encoding/json"
	"fmt"
	"time"

	"chronicler/shared/campaign"
)

// keyLayout is the fixed-width UTC form of times in indexed columns, so that
// comparing and ordering the text compares and orders the instants.
const keyLayout = "2006-01-02T15:04:05.000000000Z"

func timeKey(t time.Time) string { return t.UTC().Format(keyLayout) }

func parseTimeKey(s string) (time.Time, error) { return time.Parse(keyLayout, s) }

// encode is v as the JSON of a data column, with utc (if any) applied to a
// copy first: times are stored in UTC whatever zone the caller used.
func encode[T any](v T, utc func(*T)) (string, error) {
	if utc != nil {
		utc(&v)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("encode %T: %w", v, err)
	}
	return string(b), nil
}

func decode[T any](data []byte) (T, error) {
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		return v, fmt.Errorf("decode %T: %w", v, err)
	}
	return v, nil
}

func utcCampaign(c *campaign.Campaign) {
	c.CreatedAt, c.LastPlayedAt = c.CreatedAt.UTC(), c.LastPlayedAt.UTC()
}

func utcState(s *campaign.State) { s.UpdatedAt = s.UpdatedAt.UTC() }

func utcSession(s *campaign.Session) {
	s.StartedAt = s.StartedAt.UTC()
	if s.EndedAt != nil {
		ended := s.EndedAt.UTC() // a new pointer: the caller's value stays as it was
		s.EndedAt = &ended
	}
}

func utcTurn(t *campaign.Turn)     { t.CreatedAt = t.CreatedAt.UTC() }
func utcMember(m *campaign.Member) { m.JoinedAt = m.JoinedAt.UTC() }
func utcRequest(r *campaign.Request) {
	r.CreatedAt = r.CreatedAt.UTC()
	if r.ExpiresAt != nil {
		e := r.ExpiresAt.UTC()
		r.ExpiresAt = &e
	}
}
func utcConnection(c *campaign.Connection) { c.ConnectedAt = c.ConnectedAt.UTC() }

func utcLease(l *campaign.Lease) {
	l.AcquiredAt, l.ExpiresAt = l.AcquiredAt.UTC(), l.ExpiresAt.UTC()
}

// scanner is a row: *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

// campaignColumns are what scanCampaign reads, in its order.
const campaignColumns = `data, version, invite_code`

func scanCampaign(s scanner) (campaign.Campaign, error) { return scanCampaignAnd(s) }

// scanCampaignAnd scans campaignColumns and then the extra columns into extra.
func scanCampaignAnd(s scanner, extra ...any) (campaign.Campaign, error) {
	var (
		data    []byte
		version int64
		invite  string
	)
	if err := s.Scan(append([]any{&data, &version, &invite}, extra...)...); err != nil {
		return campaign.Campaign{}, err
	}
	c, err := decode[campaign.Campaign](data)
	c.Version, c.InviteCode = version, invite
	return c, err
}

func scanCharacter(s scanner) (campaign.Character, error) {
	var (
		data    []byte
		version int64
	)
	if err := s.Scan(&data, &version); err != nil {
		return campaign.Character{}, err
	}
	c, err := decode[campaign.Character](data)
	c.Version = version
	return c, err
}

func scanEncounter(s scanner) (campaign.EncounterRecord, error) {
	var (
		data    []byte
		version int64
	)
	if err := s.Scan(&data, &version); err != nil {
		return campaign.EncounterRecord{}, err
	}
	e, err := decode[campaign.EncounterRecord](data)
	e.Version = version
	return e, err
}

func scanSession(s scanner) (campaign.Session, error) {
	var (
		data    []byte
		version int64
	)
	if err := s.Scan(&data, &version); err != nil {
		return campaign.Session{}, err
	}
	c, err := decode[campaign.Session](data)
	c.Version = version
	return c, err
}

// scanData reads an entity kept whole in one data column.
func scanData[T any](s scanner) (T, error) {
	var data []byte
	if err := s.Scan(&data); err != nil {
		var zero T
		return zero, err
	}
	return decode[T](data)
}

// scanTurn reads a turn's data and its context column (NULL in rows that
// keep it in data, or that have none).
func scanTurn(s scanner) (campaign.Turn, error) {
	var data, context []byte
	if err := s.Scan(&data, &context); err != nil {
		return campaign.Turn{}, err
	}
	t, err := decode[campaign.Turn](data)
	if err != nil || context == nil {
		return t, err
	}
	tc, err := decode[campaign.TurnContext](context)
	t.Context = &tc
	return t, err
}

// briefTurn is a turn's data decoded but for its context: the field
// tagged "context" here hides the turn's own, and skips the value.
type briefTurn struct {
	campaign.Turn
	Context skipped `json:"context"`
}

// skipped decodes any JSON value to nothing.
type skipped struct{}

func (*skipped) UnmarshalJSON([]byte) error { return nil }

func scanBriefTurn(s scanner) (campaign.Turn, error) {
	t, err := scanData[briefTurn](s)
	return t.Turn, err
}
