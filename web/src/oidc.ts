// Signing in with the deployment's OpenID provider (a Cognito user pool in
// the cloud): the authorization code flow with PKCE (RFC 7636), as a public
// client that keeps no secret. The page sends the player to the provider,
// the provider sends them back with a code, and the page exchanges the code
// and its verifier for an ID token, which is the bearer token the server
// checks. A refresh token, when the provider gives one, renews it.

/** ProviderConfig is config.json's oidc: logout_url is Cognito's /logout, which discovery does not name. */
export interface ProviderConfig { issuer: string; client_id: string; logout_url?: string }

interface Discovery { issuer: string; authorization_endpoint: string; token_endpoint: string; end_session_endpoint?: string }

/** Tokens is what the page keeps of a sign-in. expires_at is in ms. */
export interface Tokens { id_token: string; refresh_token?: string; expires_at: number }

/** Pending is what the page remembers between leaving for the provider and coming back. */
export interface Pending { state: string; nonce: string; verifier: string; redirect: string; return_to: string; at: number }

export type Callback =
  | { kind: "none" }
  | { kind: "error"; message: string }
  | { kind: "code"; code: string; pending: Pending };

type Fetch = typeof fetch;
type KV = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const PENDING = "oidc-pending";
/** A sign-in not finished within this long is not finished at all. */
const PENDING_TTL_MS = 15 * 60 * 1000;

export class SignInError extends Error {}

function b64url(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function randomString(n: number): string {
  return b64url(crypto.getRandomValues(new Uint8Array(n)));
}

/** challenge is the S256 code challenge of a verifier. */
export async function challenge(verifier: string): Promise<string> {
  return b64url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

/** claims decodes a JWT's payload; it does not verify it (the server does). */
export function claims(token: string): Record<string, unknown> {
  const part = token.split(".")[1];
  if (!part) throw new SignInError("The provider's token is not a JWT.");
  const bin = atob(part.replace(/-/g, "+").replace(/_/g, "/"));
  const json = new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  const v = JSON.parse(json) as unknown;
  if (typeof v !== "object" || v === null) throw new SignInError("The provider's token has no claims.");
  return v as Record<string, unknown>;
}

// An endpoint must be https, or http on this machine (a local provider).
function endpointOK(u: unknown): u is string {
  if (typeof u !== "string") return false;
  try {
    const url = new URL(u);
    return url.protocol === "https:" || (url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname));
  } catch {
    return false;
  }
}

// Discovery documents already read, by fetch function and issuer: a page
// reads its provider's once, however often it renews.
const discovered = new WeakMap<Fetch, Map<string, Discovery>>();

async function discover(cfg: ProviderConfig, f: Fetch): Promise<Discovery> {
  const known = discovered.get(f)?.get(cfg.issuer);
  if (known) return known;
  const d = await readDiscovery(cfg, f);
  if (!discovered.has(f)) discovered.set(f, new Map());
  discovered.get(f)!.set(cfg.issuer, d);
  return d;
}

async function readDiscovery(cfg: ProviderConfig, f: Fetch): Promise<Discovery> {
  let d: Partial<Discovery>;
  try {
    const r = await f(`${cfg.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`);
    if (!r.ok) throw new Error(String(r.status));
    d = (await r.json()) as Partial<Discovery>;
  } catch {
    throw new SignInError("The sign-in service cannot be reached. Try again in a moment.");
  }
  if (d.issuer !== cfg.issuer || !endpointOK(d.authorization_endpoint) || !endpointOK(d.token_endpoint)) {
    throw new SignInError("The sign-in service is misconfigured: its discovery document does not match this deployment.");
  }
  return d as Discovery;
}

/**
 * begin prepares a sign-in and returns the provider's URL to send the
 * player to. redirect is this page's URL without query or fragment;
 * returnTo is the fragment to come back to (an invite link, a table).
 */
export async function begin(cfg: ProviderConfig, redirect: string, returnTo: string, store: KV, f: Fetch = fetch): Promise<string> {
  const d = await discover(cfg, f);
  const p: Pending = { state: randomString(16), nonce: randomString(16), verifier: randomString(32), redirect, return_to: returnTo, at: Date.now() };
  store.setItem(PENDING, JSON.stringify(p));
  const q = new URLSearchParams({
    response_type: "code", client_id: cfg.client_id, redirect_uri: redirect, scope: "openid profile",
    state: p.state, nonce: p.nonce, code_challenge: await challenge(p.verifier), code_challenge_method: "S256",
  });
  return `${d.authorization_endpoint}?${q}`;
}

/**
 * readCallback reads the provider's answer from this page's query string:
 * nothing when the page was not opened by the provider; the code, with the
 * sign-in it belongs to, when the state matches the one this page started;
 * otherwise an error to show. The pending sign-in is used up either way.
 */
export function readCallback(search: string, store: KV, now = Date.now()): Callback {
  const q = new URLSearchParams(search);
  if (!q.has("state") || !(q.has("code") || q.has("error"))) return { kind: "none" };
  let p: Pending | null = null;
  try { p = JSON.parse(store.getItem(PENDING) ?? "null") as Pending | null; } catch { p = null; }
  store.removeItem(PENDING);
  if (!p || p.state !== q.get("state") || now - p.at > PENDING_TTL_MS) {
    return { kind: "error", message: "That sign-in was not started here, or took too long. Please sign in again." };
  }
  const err = q.get("error");
  if (err) {
    const why = q.get("error_description");
    return { kind: "error", message: err === "access_denied" ? "The sign-in was cancelled." : `The sign-in failed: ${why || err}.` };
  }
  const code = q.get("code");
  if (!code) return { kind: "error", message: "The sign-in came back without a code. Please sign in again." };
  return { kind: "code", code, pending: p };
}

async function tokenCall(d: Discovery, form: Record<string, string>, f: Fetch): Promise<Record<string, unknown>> {
  let r: Response;
  try {
    r = await f(d.token_endpoint, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(form) });
  } catch {
    throw new SignInError("The sign-in service cannot be reached. Try again in a moment.");
  }
  const body = (await r.json().catch(() => ({}))) as Record<string, unknown>;
  if (!r.ok) {
    const code = typeof body.error === "string" ? body.error : String(r.status);
    throw new SignInError(code === "invalid_grant" ? "Your sign-in has expired. Please sign in again." : `The sign-in failed: ${code}.`);
  }
  return body;
}

function tokensOf(body: Record<string, unknown>, cfg: ProviderConfig, nonce: string | null, keepRefresh?: string): Tokens {
  const id = body.id_token;
  if (typeof id !== "string") throw new SignInError("The provider answered without an ID token.");
  const c = claims(id);
  const aud = Array.isArray(c.aud) ? c.aud : [c.aud];
  if (c.iss !== cfg.issuer || !aud.includes(cfg.client_id) || (nonce !== null && c.nonce !== nonce)) {
    throw new SignInError("The provider's token is not for this sign-in.");
  }
  const exp = typeof c.exp === "number" ? c.exp * 1000 : Date.now() + 5 * 60 * 1000;
  const refresh = typeof body.refresh_token === "string" ? body.refresh_token : keepRefresh;
  return { id_token: id, refresh_token: refresh, expires_at: exp };
}

/** redeem exchanges the code the provider sent back for tokens. */
export async function redeem(cfg: ProviderConfig, cb: { code: string; pending: Pending }, f: Fetch = fetch): Promise<Tokens> {
  const d = await discover(cfg, f);
  const body = await tokenCall(d, {
    grant_type: "authorization_code", code: cb.code, redirect_uri: cb.pending.redirect,
    client_id: cfg.client_id, code_verifier: cb.pending.verifier,
  }, f);
  return tokensOf(body, cfg, cb.pending.nonce);
}

/** renew uses a refresh token for a new ID token; the refresh token is kept if no new one comes. */
export async function renew(cfg: ProviderConfig, refreshToken: string, f: Fetch = fetch): Promise<Tokens> {
  const d = await discover(cfg, f);
  const body = await tokenCall(d, { grant_type: "refresh_token", refresh_token: refreshToken, client_id: cfg.client_id }, f);
  return tokensOf(body, cfg, null, refreshToken);
}

/** renewAt is when to renew a token: a minute before it runs out, or halfway for a short one. */
export function renewAt(t: Tokens, now = Date.now()): number {
  const left = t.expires_at - now;
  return now + Math.max(0, left > 2 * 60 * 1000 ? left - 60 * 1000 : left / 2);
}

/**
 * endSession is the provider's sign-out URL coming back to redirect, so the
 * next sign-in asks who is signing in: discovery's end_session_endpoint, or
 * Cognito's logout URL from config.json; null if there is neither.
 */
export async function endSession(cfg: ProviderConfig, idToken: string, redirect: string, f: Fetch = fetch): Promise<string | null> {
  try {
    const d = await discover(cfg, f);
    if (endpointOK(d.end_session_endpoint)) {
      return `${d.end_session_endpoint}?${new URLSearchParams({ client_id: cfg.client_id, id_token_hint: idToken, post_logout_redirect_uri: redirect })}`;
    }
  } catch { /* the provider is unreachable: sign out here only */ }
  if (endpointOK(cfg.logout_url)) return `${cfg.logout_url}?${new URLSearchParams({ client_id: cfg.client_id, logout_uri: redirect })}`;
  return null;
}
