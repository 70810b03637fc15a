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
