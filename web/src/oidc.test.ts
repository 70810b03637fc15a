import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, it } from "node:test";
import { begin, challenge, claims, endSession, readCallback, redeem, renew, renewAt, SignInError, type Pending } from "./oidc";

const cfg = { issuer: "https://idp.example", client_id: "web" };
const discovery = {
  issuer: cfg.issuer,
  authorization_endpoint: "https://idp.example/authorize",
  token_endpoint: "https://idp.example/token",
};

class Mem {
  m = new Map<string, string>();
  getItem(k: string) { return this.m.get(k) ?? null; }
  setItem(k: string, v: string) { this.m.set(k, v); }
  removeItem(k: string) { this.m.delete(k); }
}

function b64(o: unknown): string {
  return Buffer.from(JSON.stringify(o)).toString("base64url");
}

function jwt(c: Record<string, unknown>): string {
  return `${b64({ alg: "RS256" })}.${b64(c)}.sig`;
}

type Call = { url: string; body?: URLSearchParams };

// provider answers discovery and the token endpoint as told, recording calls.
function provider(token: (form: URLSearchParams) => { status: number; body: unknown }, disc: unknown = discovery) {
  const calls: Call[] = [];
  const f = (async (input: string | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body instanceof URLSearchParams ? init.body : undefined;
    calls.push({ url, body });
    if (url.endsWith("/.well-known/openid-configuration")) return new Response(JSON.stringify(disc), { status: 200 });
    if (url === discovery.token_endpoint) {
      const r = token(body!);
      return new Response(JSON.stringify(r.body), { status: r.status });
    }
    return new Response("no", { status: 404 });
  }) as typeof fetch;
  return { f, calls };
}

function pending(over: Partial<Pending> = {}): Pending {
  return { state: "s1", nonce: "n1", verifier: "v".repeat(43), redirect: "https://game.example/", return_to: "#join/c1/abc", at: Date.now(), ...over };
}

describe("oidc", () => {
  it("S256 challenge is the base64url SHA-256 of the verifier", async () => {
    const v = "dBjftJeZ4CVP-mJ92K1riq2hFt8WnKQ9ohvbHDjXHWk";
    assert.equal(await challenge(v), createHash("sha256").update(v).digest("base64url"));
  });

  it("begin sends the player to the provider with a fresh state, nonce and S256 challenge", async () => {
    const store = new Mem();
    const { f } = provider(() => ({ status: 500, body: {} }));
    const url = new URL(await begin(cfg, "https://game.example/", "#join/c1/abc", store, f));
    assert.equal(url.origin + url.pathname, discovery.authorization_endpoint);
    const q = url.searchParams;
    assert.equal(q.get("response_type"), "code");
    assert.equal(q.get("client_id"), "web");
    assert.equal(q.get("redirect_uri"), "https://game.example/");
    assert.equal(q.get("code_challenge_method"), "S256");
    const p = JSON.parse(store.getItem("oidc-pending")!) as Pending;
    assert.equal(q.get("state"), p.state);
    assert.equal(q.get("nonce"), p.nonce);
    assert.equal(q.get("code_challenge"), await challenge(p.verifier));
    assert.equal(p.return_to, "#join/c1/abc");
    assert.ok(p.verifier.length >= 43, "RFC 7636 wants at least 43 characters");
    const again = new URL(await begin(cfg, "https://game.example/", "", store, f));
    assert.notEqual(again.searchParams.get("state"), q.get("state"));
  });

  it("begin refuses a discovery document of another issuer or with plain http endpoints", async () => {
    for (const d of [{ ...discovery, issuer: "https://evil.example" }, { ...discovery, token_endpoint: "http://idp.example/token" }]) {
      const { f } = provider(() => ({ status: 500, body: {} }), d);
      await assert.rejects(begin(cfg, "https://game.example/", "", new Mem(), f), SignInError);
    }
  });

  it("readCallback takes the code only for the state this page started, once", () => {
    const store = new Mem();
    assert.deepEqual(readCallback("", store), { kind: "none" });
    assert.deepEqual(readCallback("?campaign=x", store), { kind: "none" });
    store.setItem("oidc-pending", JSON.stringify(pending()));
    const cb = readCallback("?code=c0de&state=s1", store);
    assert.equal(cb.kind, "code");
    if (cb.kind === "code") { assert.equal(cb.code, "c0de"); assert.equal(cb.pending.return_to, "#join/c1/abc"); }
    assert.equal(readCallback("?code=c0de&state=s1", store).kind, "error", "a replayed answer finds nothing pending");

    store.setItem("oidc-pending", JSON.stringify(pending()));
    assert.equal(readCallback("?code=c0de&state=forged", store).kind, "error");
    store.setItem("oidc-pending", JSON.stringify(pending({ at: Date.now() - 60 * 60 * 1000 })));
    assert.equal(readCallback("?code=c0de&state=s1", store).kind, "error", "a stale sign-in");
    store.setItem("oidc-pending", "{not json");
    assert.equal(readCallback("?code=c0de&state=s1", store).kind, "error");
    store.setItem("oidc-pending", JSON.stringify(pending()));
    assert.deepEqual(readCallback("?error=access_denied&state=s1", store), { kind: "error", message: "The sign-in was cancelled." });
  });

  it("redeem exchanges the code with its verifier and checks the token is for this sign-in", async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const good = jwt({ iss: cfg.issuer, aud: "web", sub: "u1", nonce: "n1", exp });
    const { f, calls } = provider(() => ({ status: 200, body: { id_token: good, refresh_token: "r1", expires_in: 3600 } }));
    const t = await redeem(cfg, { code: "c0de", pending: pending() }, f);
    assert.deepEqual(t, { id_token: good, refresh_token: "r1", expires_at: exp * 1000 });
    const form = calls.find((c) => c.body)!.body!;
    assert.equal(form.get("grant_type"), "authorization_code");
    assert.equal(form.get("code"), "c0de");
    assert.equal(form.get("code_verifier"), "v".repeat(43));
    assert.equal(form.get("redirect_uri"), "https://game.example/");

    for (const bad of [
      jwt({ iss: cfg.issuer, aud: "web", sub: "u1", nonce: "other", exp }),
      jwt({ iss: cfg.issuer, aud: "not-web", sub: "u1", nonce: "n1", exp }),
      jwt({ iss: "https://evil.example", aud: "web", sub: "u1", nonce: "n1", exp }),
      "not a jwt",
    ]) {
      const p = provider(() => ({ status: 200, body: { id_token: bad } }));
      await assert.rejects(redeem(cfg, { code: "c0de", pending: pending() }, p.f), SignInError, bad);
    }
    const refused = provider(() => ({ status: 400, body: { error: "invalid_grant" } }));
    await assert.rejects(redeem(cfg, { code: "c0de", pending: pending() }, refused.f), /expired/);
  });

  it("renew keeps the refresh token when the provider sends no new one", async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const tok = jwt({ iss: cfg.issuer, aud: ["web"], sub: "u1", exp });
    const { f, calls } = provider(() => ({ status: 200, body: { id_token: tok } }));
    const t = await renew(cfg, "r1", f);
    assert.equal(t.refresh_token, "r1");
    assert.equal(calls.find((c) => c.body)!.body!.get("grant_type"), "refresh_token");
  });

  it("renewAt is a minute early, or halfway for a short token, and never in the past", () => {
    const now = 1_000_000;
    assert.equal(renewAt({ id_token: "", expires_at: now + 3600_000 }, now), now + 3540_000);
    assert.equal(renewAt({ id_token: "", expires_at: now + 60_000 }, now), now + 30_000);
    assert.equal(renewAt({ id_token: "", expires_at: now - 5_000 }, now), now);
  });

  it("claims reads a JWT's payload", () => {
    assert.equal(claims(jwt({ sub: "ü" })).sub, "ü");
    assert.throws(() => claims("abc"), SignInError);
  });

  it("endSession uses discovery's end_session_endpoint, else Cognito's logout URL", async () => {
    const withEnd = provider(() => ({ status: 500, body: {} }), { ...discovery, end_session_endpoint: "https://idp.example/logout" });
    const u = new URL((await endSession(cfg, "tok", "https://game.example/", withEnd.f))!);
    assert.equal(u.searchParams.get("post_logout_redirect_uri"), "https://game.example/");
    const cognito = provider(() => ({ status: 500, body: {} }));
    const c = new URL((await endSession({ ...cfg, logout_url: "https://x.auth.eu-west-1.amazoncognito.com/logout" }, "tok", "https://game.example/", cognito.f))!);
    assert.equal(c.searchParams.get("logout_uri"), "https://game.example/");
    assert.equal(await endSession(cfg, "tok", "https://game.example/", cognito.f), null);
  });
});
