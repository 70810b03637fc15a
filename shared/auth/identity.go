package auth

import (
	"context"

	"chronicler/shared/fault"
)

// Identity verifies a bearer token and says who it names. Configuration
// chooses the provider: Anonymous for Chronicler's own HS256 tokens, *OIDC for
// an OpenID Connect provider such as Cognito.
type Identity interface {
	// Verify returns the claims of a valid token. Every bad, expired or
	// forged token is fault.Unauthorized; fault.Unavailable means the
	// provider's keys could not be fetched and the token may be fine.
	Verify(ctx context.Context, token string) (Claims, error)
}

// Anonymous is the Identity of Chronicler's own tokens: players who chose a
// name and got a token from CreatePlayer. The embedded Signer still issues
// them.
type Anonymous struct{ *Signer }

// Verify checks a token issued by the Signer; ctx is unused because the check
// is local.
func (a Anonymous) Verify(_ context.Context, token string) (Claims, error) {
	return a.Signer.Verify(token)
}

var (
	_ Identity = Anonymous{}
	_ Identity = (*OIDC)(nil)
)

// Choose returns the identity provider a deployment configured: kind is
// "anonymous" (or empty) for tokens signed by anon, or "oidc" for an
// OpenID Connect issuer and audience (client id).
func Choose(ctx context.Context, kind, issuer, audience string, anon *Signer) (Identity, error) {
	switch kind {
	case "", "anonymous":
		return Anonymous{Signer: anon}, nil
	case "oidc":
		return NewOIDC(ctx, OIDCConfig{Issuer: issuer, Audience: audience})
	}
	return nil, fault.E(fault.Invalid, "identity", "CHRONICLER_IDENTITY must be anonymous or oidc, not %q", kind)
}
