// Package web holds the player's web client as static files, embedded so the
// local server serves them from its one binary. The cloud serves the same
// files from S3 behind CloudFront. The files in static/ are built from the
// TypeScript in src/ by build.mjs (`make web`) and committed, so building the
// server needs no build step; `make test` checks they match src/.
package web

import "embed"

// Files is the client: index.html and what it loads.
//
//go:embed static
var Files embed.FS

// ConfigFile is the client's /config.json, which a deployment writes beside
// the files: where the APIs are and how players sign in. A client that finds
// none uses its own origin and anonymous players.
const ConfigFile = "config.json"

// Config is what config.json holds.
type Config struct {
	// APIURL and WSURL are the HTTP API's base URL (the client adds /api)
	// and the WebSocket URL; both empty means the page's own origin.
	APIURL string `json:"api_url,omitempty"`
	WSURL  string `json:"ws_url,omitempty"`
	// Identity is "anonymous" (players choose a name) or "oidc" (players
	// sign in with OIDC's provider).
	Identity string      `json:"identity"`
	OIDC     *OIDCClient `json:"oidc,omitempty"`
}

// OIDCClient is the OpenID provider and the client id the web client signs
// players in with (authorization code flow with PKCE; it keeps no secret).
type OIDCClient struct {
	Issuer   string `json:"issuer"`
	ClientID string `json:"client_id"`
	// LogoutURL is a Cognito domain's /logout, which its discovery
	// document does not name; empty for a provider whose does.
	LogoutURL string `json:"logout_url,omitempty"`
}
