package game

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"chronicler/shared/throttle"
)

// Rate is a token bucket's size: Burst calls at once, refilled at Burst
// per Per. A zero Burst lifts the limit.
type Rate struct {
	Burst int
	Per   time.Duration
}

// PerSecond is the bucket's refill, in calls a second.
func (r Rate) PerSecond() float64 { return float64(r.Burst) / r.Per.Seconds() }

func (r Rate) String() string {
	if r.Burst == 0 {
		return "0"
	}
	return fmt.Sprintf("%d/%s", r.Burst, r.Per)
}

// AddressRates are the limits on what one source address may do before,
// or whoever, it signs in as: the calls a script would repeat to run up
// model spend or guess its way in. Each holds across instances where the
// limiter keeps its buckets in the table.
type AddressRates struct {
	// Players bounds new players and recoveries (POST /api/players,
	// /api/players/recover): every new player may own campaigns.
	Players Rate
	// Tickets bounds connect tickets given, each one WebSocket.
	Tickets Rate
	// Invites bounds invite codes tried (joins), per address and per
	// campaign.
	Invites Rate
}

// DefaultAddressRates: a household or a classroom behind one address
// signs up a handful of players and reconnects a table's sockets; a
// script does neither in bursts.
func DefaultAddressRates() AddressRates {
	return AddressRates{
		Players: Rate{Burst: 10, Per: time.Hour},
		Tickets: Rate{Burst: 30, Per: time.Minute},
		Invites: Rate{Burst: 20, Per: 40 * time.Second},
	}
}

// rateNames are the names ParseAddressRates and String use.
var rateNames = []named[AddressRates, Rate]{
	{"players", func(r *AddressRates) *Rate { return &r.Players }},
	{"tickets", func(r *AddressRates) *Rate { return &r.Tickets }},
	{"invites", func(r *AddressRates) *Rate { return &r.Invites }},
}

// ParseAddressRates reads "name=burst/period,..." (players, tickets,
// invites; the period a Go duration: "players=10/1h,tickets=30/1m") over
// the defaults. "name=0" lifts one.
func ParseAddressRates(s string) (AddressRates, error) {
	r := DefaultAddressRates()
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, value, _ := strings.Cut(part, "=")
		ptr := lookup(rateNames, strings.TrimSpace(name))
		if ptr == nil {
			return r, fmt.Errorf("rates: unknown rate %q (known: %s)", name, settingNames(rateNames))
		}
		target := ptr(&r)
		burst, per, hasPer := strings.Cut(strings.TrimSpace(value), "/")
		n, err := strconv.Atoi(burst)
		if err != nil || n < 0 || n > 1_000_000 {
			return r, fmt.Errorf("rates: %q is not name=burst/period with burst a whole number from 0", part)
		}
		if n == 0 && !hasPer {
			*target = Rate{}
			continue
		}
		d, err := time.ParseDuration(per)
		if !hasPer || err != nil || d < time.Second || d > 7*24*time.Hour {
			return r, fmt.Errorf("rates: %q is not name=burst/period with a period from 1s to 168h", part)
		}
		*target = Rate{Burst: n, Per: d}
	}
	return r, nil
}

// String writes r as ParseAddressRates reads it.
func (r AddressRates) String() string {
	return namedString(rateNames, r, Rate.String)
}

// AllowNewPlayer reports whether the address may make or recover another
// player now: always, when PlayerLimit is nil.
func (s *Service) AllowNewPlayer(address string) bool {
	return s.PlayerLimit == nil || s.PlayerLimit.Allow("address:"+address)
}

// AllowTicket reports whether the address may be given another connect
// ticket now: always, when TicketLimit is nil.
func (s *Service) AllowTicket(address string) bool {
	return s.TicketLimit == nil || s.TicketLimit.Allow("address:"+address)
}

// Buckets is the rate as an in-memory limiter (one instance's), or nil
// when the rate lifts the limit.
func (r Rate) Buckets() Limiter {
	if r.Burst == 0 {
		return nil
	}
	return throttle.New(r.PerSecond(), r.Burst, time.Now)
}
