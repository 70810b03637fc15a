package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"chronicler/shared/dynamo/dynamotest"
)

// asServerEnv set to 1 makes this test binary the local server itself
// (TestMain): a test starts as many server processes as it needs without
// building one.
const asServerEnv = "CHRONICLER_TEST_AS_SERVER"

// selfServer starts this test binary as a local server process with args,
// killed when the test ends.
func selfServer(t *testing.T, env []string, args ...string) *proc {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return start(t, exe, append([]string{asServerEnv + "=1"}, env...), args...)
}

// caller is an HTTP client whose connections leave from one loopback
// address. The local server counts a caller by its peer's address, the
// one it can trust (as API Gateway's sourceIp in the cloud), never by a
// header the caller writes; on Linux every 127.x.y.z is this machine, so
// two addresses need no network.
type caller struct {
	addr   string
	client *http.Client
}

func callerFrom(addr string) *caller {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(addr)}}
	return &caller{addr: addr, client: &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}}
}

// apiAnswer is a status and what the API said: the decoded body, or the
// error's code and message.
type apiAnswer struct {
	status        int
	body          map[string]any
	code, message string
}

// post sends body as JSON to base+path, with token as the bearer if set.
func (c *caller) post(t *testing.T, base, path, token string, body any) apiAnswer {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", base+path, bytes.NewReader(b))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.client.Do(req)
	if err != nil {
		t.Fatalf("POST %s from %s: %v", path, c.addr, err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	a := apiAnswer{status: resp.StatusCode}
	if err := json.Unmarshal(data, &a.body); err != nil {
		t.Fatalf("POST %s from %s: %d %q: %v", path, c.addr, resp.StatusCode, data, err)
	}
	if e, ok := a.body["error"].(map[string]any); ok {
		a.code, _ = e["code"].(string)
		a.message, _ = e["message"].(string)
	}
	return a
}

// A script creating players from one address, its calls alternating
// between two server processes on one DynamoDB table, is refused past the
// limit by both; another address still signs up on both. Connect tickets
// are counted the same way, by address and not by player.
func TestAddressLimitsHoldAcrossServerProcesses(t *testing.T) {
	script, other := callerFrom("127.0.0.1"), callerFrom("127.0.0.2")
	if ln, err := net.Listen("tcp", other.addr+":0"); err != nil {
		t.Skipf("no second loopback address to call from (macOS has only 127.0.0.1 unless aliased): %v", err)
	} else {
		ln.Close()
	}
	db := httptest.NewServer(dynamotest.New())
	t.Cleanup(db.Close)
	env := []string{"DYNAMODB_ENDPOINT=" + db.URL, "CHRONICLER_TABLE=rates"}
	// Both on one table, as the functions of the stack are; one data
	// directory, so one token key. An explicit -rates applies the
	// per-address limits without -public.
	flags := []string{"-addr", "127.0.0.1:0", "-data", t.TempDir(), "-store", "dynamodb",
		"-rates", "players=3/1h,tickets=2/1h"}
	servers := []*proc{selfServer(t, env, flags...), selfServer(t, env, flags...)}
	logs := func() string {
		return "server A:\n" + servers[0].logs.String() + "\nserver B:\n" + servers[1].logs.String()
	}

	t.Run("NewPlayersRefusedPastTheLimitByBoth", func(t *testing.T) {
		var got []int
		refusedBy := map[int]bool{}
		for i := range 8 {
			a := script.post(t, servers[i%2].addr, "/api/players", "", map[string]string{"name": fmt.Sprintf("Bot %d", i)})
			got = append(got, a.status)
			if a.status == http.StatusTooManyRequests {
				refusedBy[i%2] = true
				if a.code != "rate_limited" || a.message != "too many new players from this address; wait a while and try again" {
					t.Errorf("call %d refused with %q %q, want rate_limited and what to do", i, a.code, a.message)
				}
			}
		}
		if fmt.Sprint(got) != "[201 201 201 429 429 429 429 429]" {
			t.Fatalf("players from one address through two processes: %v, want 3 made and the rest refused\n%s", got, logs())
		}
		if !refusedBy[0] || !refusedBy[1] {
			t.Errorf("refused by %v, want both processes", refusedBy)
		}
		for i, srv := range servers {
			if a := other.post(t, srv.addr, "/api/players", "", map[string]string{"name": "Aria"}); a.status != http.StatusCreated {
				t.Errorf("another address, server %d: %d %s %s", i, a.status, a.code, a.message)
			}
		}
	})

	t.Run("ConnectTicketsCountedByAddressNotPlayer", func(t *testing.T) {
		// A player made from the other address (its players bucket has
		// room), whose tickets the script's address then asks for too.
		p := other.post(t, servers[0].addr, "/api/players", "", map[string]string{"name": "Bram"})
		token, _ := p.body["token"].(string)
		if p.status != http.StatusCreated || token == "" {
			t.Fatalf("player: %d %v", p.status, p.body)
		}
		c := other.post(t, servers[1].addr, "/api/campaigns", token, map[string]string{"name": "The Sunken Crown"})
		campaign, _ := c.body["campaign"].(map[string]any)
		id, _ := campaign["id"].(string)
		if c.status != http.StatusCreated || id == "" {
			t.Fatalf("campaign made on the other process: %d %v", c.status, c.body)
		}
		ticket := "/api/campaigns/" + id + "/connect-ticket"
		var got []int
		for i := range 4 {
			a := other.post(t, servers[i%2].addr, ticket, token, nil)
			got = append(got, a.status)
			if a.status == http.StatusTooManyRequests && a.message != "too many connections from this address; wait a while and try again" {
				t.Errorf("ticket %d refused with %q %q", i, a.code, a.message)
			}
		}
		if fmt.Sprint(got) != "[201 201 429 429]" {
			t.Fatalf("tickets from one address through two processes: %v, want 2 given and the rest refused\n%s", got, logs())
		}
		if a := script.post(t, servers[1].addr, ticket, token, nil); a.status != http.StatusCreated {
			t.Errorf("the same player from another address: %d %s %s", a.status, a.code, a.message)
		}
	})
}
