// Package auth issues and verifies player tokens: compact JWTs signed with
// HS256 under a key from configuration. A token names a player; whether that
// player may touch a campaign is a membership check the use cases make.
package auth
