package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"chronicler/infra/local/statemachine"
	"chronicler/shared/auth"
	"chronicler/shared/game"
)

type config struct {
	rates     game.AddressRates // per-address rates (-rates)
	addr      string
	public    bool // -addr may be reachable from other machines
	dataDir   string
	store     string // sqlite | dynamodb
	endpoint  string // DynamoDB endpoint, for -store dynamodb
	table     string
	getenv    func(string) string
	pace      time.Duration
	lostGrace time.Duration
	sweep     time.Duration
	turnRate  float64 // turns per second per player (0: unlimited)
	apiRate   float64 // API calls per second per player (0: unlimited)
	// inviteRate is invite codes tried per second per campaign and per
	// address (0: unlimited).
	inviteRate float64
	tokenKey   string
	limits     string // game.ParseLimits's format, over CHRONICLER_LIMITS
	identity   string // anonymous | oidc
	issuer     string
	audience   string
	// The emulated API Gateway's limits on WebSocket connections.
	wsIdle, wsMaxAge, wsStall time.Duration
	// wsIntegration is how long a route may run before its caller is
	// answered with API Gateway's integration timeout.
	wsIntegration time.Duration
	// flowClock times the held turns' roll prompts and windows; tests
	// pass a manual clock. Nil is the system clock.
	flowClock statemachine.Clock
	// flowEvents, if set, sees every history event of the held turns'
	// executions (tests count the state transitions).
	flowEvents func(statemachine.Event)
	// log is the server's log; nil writes text to standard error from
	// Info up (tests read it).
	log *slog.Logger
}

func parseConfig(args []string, getenv func(string) string) (config, error) {
	fs := flag.NewFlagSet("chronicler", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var c config
	fs.StringVar(&c.addr, "addr", "127.0.0.1:8080", "listen address (host:port)")
	fs.BoolVar(&c.public, "public", false, "allow an -addr other machines can reach (the management endpoints stay on this machine)")
	fs.StringVar(&c.dataDir, "data", "./data", "directory for all state")
	fs.StringVar(&c.store, "store", "sqlite", "store: sqlite (a file under -data) or dynamodb (DYNAMODB_ENDPOINT)")
	fs.DurationVar(&c.pace, "pace", 200*time.Millisecond, "offline narrator's pause between sentences")
	fs.DurationVar(&c.lostGrace, "lost-grace", 5*time.Minute, "how long a session may have nobody connected before it is closed")
	fs.DurationVar(&c.sweep, "sweep", 30*time.Second, "how often lost sessions are looked for")
	fs.Float64Var(&c.turnRate, "turn-rate", 1, "turns per second a player may take, in bursts of 5 (0: unlimited)")
	fs.Float64Var(&c.apiRate, "api-rate", 20, "API calls per second a player may make, in bursts of 60 (0: unlimited)")
	fs.StringVar(&c.limits, "limits", "", "caps over the defaults, e.g. connections_per_player=8,connections_per_campaign=64,campaigns_owned=20,members=12,characters_per_player=4,characters=12 (0 lifts one)")
	fs.Float64Var(&c.inviteRate, "invite-rate", 0.5, "invite codes tried per second per campaign and per address, in bursts of 20 (0: unlimited)")
	var rates string
	fs.StringVar(&rates, "rates", "", "per-address rates over the defaults, e.g. players=10/1h,tickets=30/1m (default: CHRONICLER_RATES; without -public, players and tickets unlimited: every caller is this machine)")
	fs.DurationVar(&c.wsIdle, "ws-idle", 10*time.Minute, "close a WebSocket with no message either way for this long, as API Gateway does (0: never)")
	fs.DurationVar(&c.wsMaxAge, "ws-max-age", 2*time.Hour, "close every WebSocket this old, as API Gateway does (0: never)")
	fs.DurationVar(&c.wsIntegration, "ws-integration", 29*time.Second, "answer a WebSocket message whose route runs this long with API Gateway's integration timeout, as API Gateway does; the route runs on (0: never)")
	fs.DurationVar(&c.wsStall, "ws-stall", 5*time.Second, "close a WebSocket whose client takes nothing sent to it for this long")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(os.Stderr)
			fs.PrintDefaults()
		}
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	c.endpoint = getenv("DYNAMODB_ENDPOINT")
	c.table = getenv("CHRONICLER_TABLE")
	if c.table == "" {
		c.table = "chronicler"
	}
	c.getenv = getenv
	c.tokenKey = getenv("CHRONICLER_TOKEN_KEY")
	c.identity, c.issuer, c.audience = getenv("CHRONICLER_IDENTITY"), getenv("OIDC_ISSUER"), getenv("OIDC_AUDIENCE")
	if c.wsStall <= 0 {
		return c, fmt.Errorf("-ws-stall must be positive, not %v", c.wsStall)
	}
	if _, err := game.ParseLimits(c.limits); err != nil {
		return c, fmt.Errorf("-limits: %w", err)
	}
	if rates == "" {
		rates = getenv("CHRONICLER_RATES")
	}
	if rates == "" && !c.public {
		// Only this machine can call: one address, one user.
		rates = "players=0,tickets=0"
	}
	var err error
	if c.rates, err = game.ParseAddressRates(rates); err != nil {
		return c, fmt.Errorf("-rates: %w", err)
	}
	if err := checkAddr(c.addr, c.public); err != nil {
		return c, err
	}
	switch c.store {
	case "sqlite", "dynamodb":
	default:
		return c, fmt.Errorf("-store must be sqlite or dynamodb, not %q", c.store)
	}
	return c, nil
}

// signingKeys returns the token keys: CHRONICLER_TOKEN_KEY if set (the key,
// or {"current": ..., "previous": [...]} during a rotation), else the file
// token.key in the data directory, generated once so tokens survive
// restarts: its first line is the current key in hex, any further lines
// the previous keys (newest first).
func (c config) signingKeys() (auth.Keys, error) {
	if c.tokenKey != "" {
		return auth.ParseKeys(c.tokenKey)
	}
	path := filepath.Join(c.dataDir, "token.key")
	if b, err := os.ReadFile(path); err == nil {
		return keysFile(b)
	} else if !errors.Is(err, os.ErrNotExist) {
		return auth.Keys{}, fmt.Errorf("read token key: %w", err)
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return auth.Keys{}, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return auth.Keys{}, fmt.Errorf("write token key: %w", err)
	}
	defer f.Close()
	if _, err := fmt.Fprintln(f, hex.EncodeToString(key)); err != nil {
		return auth.Keys{}, fmt.Errorf("write token key: %w", err)
	}
	return auth.Keys{Current: key}, f.Sync()
}

// keysFile reads token.key: one key in hex a line, the current one first;
// blank lines are skipped.
func keysFile(b []byte) (auth.Keys, error) {
	var keys [][]byte
	for i, line := range strings.Split(string(b), "\n") {
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		k, err := hex.DecodeString(line)
		if err != nil {
			return auth.Keys{}, fmt.Errorf("token.key line %d: not a hex key", i+1)
		}
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return auth.Keys{}, errors.New("token.key holds no key")
	}
	k := auth.Keys{Current: keys[0], Previous: keys[1:]}
	if len(k.Previous) == 0 {
		k.Previous = nil
	}
	return k, nil
}

// checkAddr refuses an address other machines can reach unless the
// operator said so with -public: the server is meant for one machine, and
// an address on the network is a choice to make knowingly.
func checkAddr(addr string, public bool) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("-addr %q: %w", addr, err)
	}
	if public || loopback(host) {
		return nil
	}
	return fmt.Errorf("-addr %s would let other machines reach this server; give -public to mean it, or use 127.0.0.1", addr)
}

// loopback reports whether host names this machine only. An empty host
// (":8080") and unspecified addresses listen on every interface.
func loopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
