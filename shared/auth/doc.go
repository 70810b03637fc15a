// Package auth says who a request comes from. Identity is the one small
// interface behind the providers a deployment chooses: Anonymous (the
// default: player tokens signed with HS256 under a key from configuration,
// and recovery codes that restore an identity on another device) and OIDC
// (tokens of any OpenID Connect issuer, such as a Cognito user pool,
// verified against its published keys). Whether a player may touch a
// campaign is a membership check the use cases make.
package auth
