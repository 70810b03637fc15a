// The HTTP API (protocol.md, base /api) and where it lives: /config.json
// (web.Config) names the HTTP API and WebSocket URLs of a deployment and
// how players sign in; without URLs, everything is on the page's own origin.
import type { ProviderConfig } from "./oidc";
import type { SheetWorking } from "./sheetwhy";
import type {
  Campaign, CampaignSummary, CampaignView, Character, Encounter, Limit, Order, RuleChoices, SafetyView, Secret, Settings, Turn, TurnContext,
} from "./protocol";

/** ApiError is the server's {error:{code, message}}; field is the part before ": ". */
export class ApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
  get field(): string {
    const i = this.message.indexOf(": ");
    return i > 0 && !this.message.slice(0, i).includes(" ") ? this.message.slice(0, i) : "";
  }
  get detail(): string {
    return this.field ? this.message.slice(this.field.length + 2) : this.message;
  }
}

/** Config is where the APIs are and how players sign in (web.Config on the server). */
export interface Config { api: string; ws: string; oidc: ProviderConfig | null }

/** readConfig reads /config.json; anything missing or malformed means the page's own origin and anonymous players. */
export async function readConfig(): Promise<Config> {
  const c: Config = {
    api: `${location.origin}/api`,
    ws: `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`,
    oidc: null,
  };
  try {
    const r = await fetch("/config.json", { cache: "no-store" });
    if (!r.ok || !(r.headers.get("Content-Type") ?? "").includes("json")) return c;
    const j = (await r.json()) as { api_url?: string; ws_url?: string; oidc?: Partial<ProviderConfig> };
    if (j.api_url && j.ws_url) { c.api = j.api_url.replace(/\/$/, "") + "/api"; c.ws = j.ws_url; }
    if (j.oidc?.issuer && j.oidc.client_id) c.oidc = { issuer: j.oidc.issuer, client_id: j.oidc.client_id, logout_url: j.oidc.logout_url };
  } catch { /* no config: the defaults */ }
  return c;
}

/**
 * Identity is who this page plays as: an anonymous player (with the code
 * that restores them elsewhere) or one signed in with the provider (with
 * the refresh token that renews their ID token).
 */
export interface Identity {
  player_id: string; name: string; token: string; recovery_code?: string;
  provider?: "oidc"; refresh_token?: string; expires_at?: number;
}

export class Api {
  token = "";
  constructor(private readonly base: string) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    let r: Response;
    try {
      r = await fetch(this.base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch {
      throw new ApiError(0, "offline", "The server cannot be reached. Check the connection and try again.");
    }
    const data = await r.json().catch(() => ({}));
    if (!r.ok) {
      const e = (data as { error?: { code: string; message: string } }).error;
      throw new ApiError(r.status, e?.code ?? "internal", e?.message ?? r.statusText);
    }
    return data as T;
  }

  createPlayer(name: string) { return this.call<Identity>("POST", "/players", { name }); }
  recover(recovery_code: string, name: string) { return this.call<Identity>("POST", "/players/recover", { recovery_code, name }); }
  /** signOutEverywhere ends every token of this player's, this one too (anonymous players only). */
  signOutEverywhere() { return this.call<unknown>("POST", "/players/me/sign-out", {}); }
  me() { return this.call<{ player_id: string; name: string }>("GET", "/players/me"); }
  campaigns() { return this.call<{ campaigns: CampaignSummary[] }>("GET", "/campaigns"); }
  createCampaign(body: { name: string; world_seed?: string; dm_persona?: string; settings?: Partial<Settings> }) {
    return this.call<{ campaign: Campaign; invite_code: string }>("POST", "/campaigns", body);
  }
  /** connectTicket is a single-use ticket to open the campaign's WebSocket with, so the token stays out of its URL. */
  connectTicket(id: string) { return this.call<{ ticket: string; expires_at: string }>("POST", `/campaigns/${enc(id)}/connect-ticket`, {}); }
  setHomebrew(id: string, monsters: Record<string, unknown>) {
    return this.call<{ campaign: Campaign }>("POST", `/campaigns/${enc(id)}/homebrew`, { monsters });
  }
  join(id: string, invite_code: string) { return this.call<{ campaign: Campaign }>("POST", `/campaigns/${enc(id)}/join`, { invite_code }); }
  campaign(id: string) { return this.call<CampaignView>("GET", `/campaigns/${enc(id)}`); }
  createCharacter(id: string, sheet: unknown) {
    return this.call<{ character: Character }>("POST", `/campaigns/${enc(id)}/characters`, sheet);
  }
  /** setOrders replaces a character's standing orders (the whole list; [] clears them). */
  setOrders(id: string, cid: string, orders: Order[]) {
    return this.call<{ character: Character }>("POST", `/campaigns/${enc(id)}/characters/${enc(cid)}/orders`, { orders });
  }
  /** ruleChoices is what a new character of a class, race and level chooses (skills: its class skills, which expertise is chosen among). */
  ruleChoices(cls: string, race: string, level: number, skills: string[] = []) {
    const q = new URLSearchParams({ class: cls, race, level: String(level) });
    if (skills.length) q.set("skills", skills.join(","));
    return this.call<RuleChoices>("GET", `/rules/choices?${q}`);
  }
  /** sheetWorking is how the rules make a character's sheet numbers, worked out from the stored sheet. */
  sheetWorking(id: string, cid: string) {
    return this.call<{ working: SheetWorking }>("GET", `/campaigns/${enc(id)}/characters/${enc(cid)}/working`);
  }
  turns(id: string, after: number, limit: number) {
    return this.call<{ turns: Turn[]; next?: number }>("GET", `/campaigns/${enc(id)}/turns?after=${after}&limit=${limit}`);
  }
  conclude(id: string) { return this.call<{ campaign: Campaign }>("POST", `/campaigns/${enc(id)}/conclude`, {}); }
  context(id: string, seq: number) { return this.call<TurnContext>("GET", `/campaigns/${enc(id)}/turns/${seq}/context`); }
  secrets(id: string) { return this.call<{ secrets: Secret[] }>("GET", `/campaigns/${enc(id)}/secrets`); }
  addSecret(id: string, subject: string, text: string) {
    return this.call<{ secret: Secret }>("POST", `/campaigns/${enc(id)}/secrets`, { subject, text });
  }
  safety(id: string) { return this.call<SafetyView>("GET", `/campaigns/${enc(id)}/safety`); }
  addLimit(id: string, kind: Limit["kind"], text: string) {
    return this.call<{ limit: Limit }>("POST", `/campaigns/${enc(id)}/safety`, { kind, text });
  }
  removeLimit(id: string, lid: string) { return this.call<unknown>("POST", `/campaigns/${enc(id)}/safety/${enc(lid)}/remove`, {}); }
  setBudget(id: string, session_usd?: number, campaign_usd?: number) {
    return this.call<{ campaign: Campaign }>("POST", `/campaigns/${enc(id)}/budget`, { session_usd, campaign_usd });
  }
  removeSecret(id: string, sid: string) { return this.call<unknown>("POST", `/campaigns/${enc(id)}/secrets/${enc(sid)}/remove`, {}); }
  startEncounter(id: string, monsters: { srd_id: string; count: number }[]) {
    return this.call<{ encounter: Encounter }>("POST", `/campaigns/${enc(id)}/encounters`, { monsters });
  }
  endEncounter(id: string, eid: string, outcome: string) {
    return this.call<unknown>("POST", `/campaigns/${enc(id)}/encounters/${enc(eid)}/end`, { outcome });
  }
}

function enc(s: string): string { return encodeURIComponent(s); }

/** inviteLink is the link the owner shares; parseInvite reads it (or "id code") back. */
export function inviteLink(origin: string, id: string, code: string): string {
  return `${origin}/#join/${encodeURIComponent(id)}/${encodeURIComponent(code)}`;
}

export function parseInvite(text: string): { id: string; code: string } | null {
  const t = text.trim();
  const m = /#join\/([^/\s]+)\/([^/\s]+)/.exec(t);
  if (m) return { id: decodeURIComponent(m[1]), code: decodeURIComponent(m[2]) };
  const parts = t.split(/[\s/]+/).filter(Boolean);
  if (parts.length === 2) return { id: parts[0], code: parts[1] };
  return null;
}
