// The HTTP API (protocol.md, base /api) and where it lives: a deployment
// serves /config.json naming its HTTP API and WebSocket URLs; the local
// server has none, and everything is on the page's own origin.
import type {
  Campaign, CampaignSummary, CampaignView, Character, Encounter, Settings, Turn, TurnContext,
} from "./protocol";

export interface Endpoints { api: string; ws: string }

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

export async function endpoints(): Promise<Endpoints> {
  const own = (): Endpoints => ({
    api: `${location.origin}/api`,
    ws: `${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/ws`,
  });
  try {
    const r = await fetch("/config.json", { cache: "no-store" });
    if (!r.ok || !(r.headers.get("Content-Type") ?? "").includes("json")) return own();
    const c = (await r.json()) as { api_url?: string; ws_url?: string };
    if (!c.api_url || !c.ws_url) return own();
    return { api: c.api_url.replace(/\/$/, "") + "/api", ws: c.ws_url };
  } catch {
    return own();
  }
}

export interface Identity { player_id: string; name: string; token: string; recovery_code?: string }

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
  campaigns() { return this.call<{ campaigns: CampaignSummary[] }>("GET", "/campaigns"); }
  createCampaign(body: { name: string; world_seed?: string; dm_persona?: string; settings?: Partial<Settings> }) {
    return this.call<{ campaign: Campaign; invite_code: string }>("POST", "/campaigns", body);
  }
  join(id: string, invite_code: string) { return this.call<{ campaign: Campaign }>("POST", `/campaigns/${enc(id)}/join`, { invite_code }); }
  campaign(id: string) { return this.call<CampaignView>("GET", `/campaigns/${enc(id)}`); }
  createCharacter(id: string, sheet: unknown) {
    return this.call<{ character: Character }>("POST", `/campaigns/${enc(id)}/characters`, sheet);
  }
  turns(id: string, after: number, limit: number) {
    return this.call<{ turns: Turn[]; next?: number }>("GET", `/campaigns/${enc(id)}/turns?after=${after}&limit=${limit}`);
  }
  conclude(id: string) { return this.call<{ campaign: Campaign }>("POST", `/campaigns/${enc(id)}/conclude`, {}); }
  context(id: string, seq: number) { return this.call<TurnContext>("GET", `/campaigns/${enc(id)}/turns/${seq}/context`); }
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
