package main

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The deployer of one machine rotates the token key as docs/operations.md
// says, between two runs of the server: a new key first in token.key, the
// old one after it. A player signed in before keeps playing on the old
// token and their recovery code still signs them in; new tokens are
// signed with the new key. Once the old key is dropped, the old token is
// refused in words that say what to do, and the new one still works.
func TestTokenKeyRotatedBetweenRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	data := t.TempDir()
	bin := binary(t, "chronicler/infra/local")
	launch := func() *proc { return start(t, bin, nil, "-addr", "127.0.0.1:0", "-data", data) }
	srv := launch()
	aria := &player{t: t, base: srv.addr, name: "Aria"}
	var made struct {
		Token    string `json:"token"`
		Recovery string `json:"recovery_code"`
	}
	aria.must("POST", "/api/players", map[string]string{"name": "Aria"}, &made, http.StatusCreated)
	aria.token = made.Token
	aria.must("GET", "/api/players/me", nil, nil, http.StatusOK)
	srv.kill()

	keyFile := filepath.Join(data, "token.key")
	old, err := os.ReadFile(keyFile)
	if err != nil {
		t.Fatal(err)
	}
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		t.Fatal(err)
	}
	write := func(lines ...string) {
		t.Helper()
		if err := os.WriteFile(keyFile, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(hex.EncodeToString(fresh), strings.TrimSpace(string(old)))

	srv = launch()
	aria.base = srv.addr
	aria.must("GET", "/api/players/me", nil, nil, http.StatusOK) // the old token, during the rotation
	var back struct {
		Token string `json:"token"`
	}
	aria.token = ""
	aria.must("POST", "/api/players/recover", map[string]string{"recovery_code": made.Recovery, "name": "Aria"}, &back, http.StatusOK)
	if back.Token == "" || back.Token == made.Token {
		t.Fatalf("recovery gave token %q: want a new one", back.Token)
	}
	srv.kill()

	write(hex.EncodeToString(fresh)) // the old key dropped
	srv = launch()
	aria.base = srv.addr
	aria.token = back.Token
	aria.must("GET", "/api/players/me", nil, nil, http.StatusOK)
	aria.token = made.Token
	var refused struct {
		Error struct{ Message string } `json:"error"`
	}
	if got := aria.do("GET", "/api/players/me", nil, &refused); got != http.StatusUnauthorized || !strings.Contains(refused.Error.Message, "recovery code") {
		t.Fatalf("the token of the dropped key: %d %q, want 401 saying to sign in again with the recovery code", got, refused.Error.Message)
	}
}
