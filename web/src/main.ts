// Chronicler's web client: sign in, the lobby, character creation and the
// table, routed by the location hash so every screen has a link:
//   #                      the lobby
//   #join/<id>/<code>      an invite link
//   #c/<id>                the table;  #c/<id>/journal, #c/<id>/character
import { Api, ApiError, parseInvite, readConfig, type Identity } from "./api";
import { openCharacter, setupCharacter } from "./character";
import type { LinkState } from "./conn";
import { $, $input, $select, fill, h, option, when } from "./dom";
import * as oidcFlow from "./oidc";
import { TableView } from "./play";

const store = window.localStorage;
const SCREENS = ["signin", "lobby", "character", "table"] as const;

const WORLDS: [string, string][] = [
  ["A misty harbour town where smugglers and a drowned god's priests share the docks.", "Misty harbour town"],
  ["A frontier village at the edge of an ancient, whispering forest.", "Forest frontier"],
  ["A city of bridges over a chasm, ruled by rival guilds.", "City of bridges"],
  ["A desert caravan route between buried empires.", "Desert caravan"],
  ["", "My own world…"],
];
const TONES: [string, string][] = [
  ["", "Classic adventure"],
  ["Heroic and bright: bold deeds, clear stakes, warm companions.", "Heroic"],
  ["Grim and tense: scarce resources, hard choices, danger that lingers.", "Grim"],
  ["Light-hearted: wit, odd characters and comic mishaps, never cruel.", "Light-hearted"],
  ["Mysterious: clues, secrets and a slow-burning dread.", "Mystery"],
];

let api: Api;
let wsURL = "";
let me: Identity | null = null;
let table: TableView | null = null;
// oidc is the deployment's provider when players sign in with it.
let oidc: oidcFlow.ProviderConfig | null = null;
let renewTimer: ReturnType<typeof setTimeout> | undefined;

function show(id: (typeof SCREENS)[number]): void {
  for (const s of SCREENS) $(s).hidden = s !== id;
}

function notice(err: unknown): void {
  $("notice").textContent = err instanceof Error ? err.message : String(err);
}

function setLink(l: LinkState | "none"): void {
  const el = $("link");
  el.dataset.state = l;
  el.textContent = l === "online" ? "online" : l === "connecting" ? "connecting…" : l === "offline" ? "offline — reconnecting" : "";
}

// keep makes id who this page plays as, for its calls and its next visit.
function keep(id: Identity): void {
  me = id;
  api.token = id.token;
  store.setItem("identity", JSON.stringify(id));
}

// The recovery code is shown to every new player once, on whatever screen
// they arrived at (an invite link too), until they say they have kept it.
const KEPT = "recovery-kept:";

function showRecoveryOnce(): void {
  const id = me;
  const due = !!id && id.provider !== "oidc" && !!id.recovery_code && !store.getItem(KEPT + id.player_id);
  const box = $("recovery-once");
  if (!due) { box.hidden = true; return; }
  $("recovery-once-name").textContent = id!.name;
  $("recovery-once-code").textContent = id!.recovery_code!;
  if (box.hidden) {
    box.hidden = false;
    $("recovery-kept").focus();
  }
}

function signedIn(id: Identity): Promise<void> {
  keep(id);
  keepFresh();
  return route();
}

function signedOut(message = ""): void {
  clearTimeout(renewTimer);
  store.removeItem("identity");
  me = null;
  api.token = "";
  showSignIn();
  if (message) notice(new Error(message));
}

// showSignIn shows the way in this deployment offers: a name, or the provider.
function showSignIn(): void {
  leaveTable();
  show("signin");
  $("recovery-once").hidden = true;
  $("who").textContent = "";
  $("sign-out").hidden = true;
  $("signin-anonymous").hidden = !!oidc;
  $("signin-oidc").hidden = !oidc;
  (oidc ? $("oidc-signin") : $input("player-name")).focus();
}

// The page's own URL, where the provider sends the player back.
function redirectURL(): string { return location.origin + location.pathname; }

// withProvider makes an identity from the provider's tokens: the server
// says which player they name.
async function withProvider(t: oidcFlow.Tokens): Promise<Identity> {
  api.token = t.id_token;
  const p = await api.me();
  return { ...p, token: t.id_token, provider: "oidc", refresh_token: t.refresh_token, expires_at: t.expires_at };
}

// renew replaces the provider's ID token with a fresh one, from the refresh
// token; it reports whether it could.
async function renew(): Promise<boolean> {
  const cfg = oidc, id = me;
  if (!cfg || !id || id.provider !== "oidc" || !id.refresh_token) return false;
  try {
    const fresh = await oidcFlow.renew(cfg, id.refresh_token);
    if (me !== id) return false;
    keep({ ...id, token: fresh.id_token, refresh_token: fresh.refresh_token, expires_at: fresh.expires_at });
    return true;
  } catch {
    return false;
  }
}

// keepFresh renews a provider's ID token before it runs out, so the API
// calls and the table's reconnections keep working; a sign-in that can no
// longer be renewed signs the player out with a word why.
function keepFresh(): void {
  clearTimeout(renewTimer);
  if (!oidc || !me || me.provider !== "oidc" || !me.expires_at) return;
  const id = me, expires = me.expires_at;
  renewTimer = setTimeout(async () => {
    if (me !== id) return;
    if (await renew()) { keepFresh(); return; }
    if (me !== id) return;
    if (Date.now() >= expires) { signedOut("Your sign-in has expired. Please sign in again."); return; }
    // Not expired yet: the provider may be back in a moment.
    renewTimer = setTimeout(keepFresh, 15_000);
  }, Math.max(0, oidcFlow.renewAt({ id_token: id.token, expires_at: expires }) - Date.now()));
}

async function signOut(): Promise<void> {
  const id = me;
  if (!id) return;
  if (id.provider !== "oidc" && id.recovery_code &&
      !confirm(`Keep your recovery code to come back as ${id.name}: ${id.recovery_code}\n\nSign out?`)) return;
  const away = id.provider === "oidc" && oidc ? await oidcFlow.endSession(oidc, id.token, redirectURL()) : null;
  signedOut();
  history.replaceState(null, "", "#");
  if (away) location.assign(away);
}

// signOutEverywhere ends this player's tokens on every device (theirs is
// a recovery code's anonymous player; a provider's sign-in ends with the
// provider), then here.
async function signOutEverywhere(): Promise<void> {
  if (!me) return;
  try {
    await api.signOutEverywhere();
  } catch (err) {
    // Refused for the sign-in: it was already ended elsewhere.
    if (!(err instanceof ApiError && err.status === 401)) { notice(err); return; }
  }
  signedOut(EVERYWHERE);
  history.replaceState(null, "", "#");
}

const EVERYWHERE = "You are signed out on every device; your recovery code signs you in again.";

// signInLost is what a refused sign-in says: a provider's ran out; an
// anonymous player's was ended (signed out everywhere, perhaps elsewhere).
function signInLost(): string {
  return me?.provider === "oidc" ? "Your sign-in has expired. Please sign in again." : "This device was signed out. Your recovery code signs you in again.";
}

// tableSignedOut is the table's word that its ticket was refused: a
// provider's token is renewed once; otherwise the player signs in again.
async function tableSignedOut(t: TableView): Promise<void> {
  if (await renew()) { keepFresh(); t.reconnectNow(); return; }
  if (table === t) signedOut(signInLost());
}

function leaveTable(): void {
  table?.close();
  table = null;
  setLink("none");
}

async function lobby(): Promise<void> {
  leaveTable();
  show("lobby");
  document.title = "Chronicler";
  $("recovery").hidden = !me?.recovery_code;
  $("recovery-code").textContent = me?.recovery_code ?? "";
  $("everywhere").hidden = !me?.recovery_code || me.provider === "oidc";
  $("everywhere-confirm").hidden = true;
  const { campaigns } = await api.campaigns();
  campaigns.sort((a, b) => b.last_played_at.localeCompare(a.last_played_at));
  fill($("campaigns"), campaigns.length ? campaigns.map((c) => h("li", {},
    h("a", { href: `#c/${encodeURIComponent(c.id)}`, "data-id": c.id, class: "campaign" },
      h("strong", {}, c.name), " ",
      h("span", { class: "pill", "data-status": c.status }, c.status), " ",
      h("span", { class: "hint" }, `last played ${when(c.last_played_at)}`)))) : h("li", { class: "hint" }, "No campaigns yet: create one, or join with an invite."));
}

async function openTable(id: string, view: string): Promise<void> {
  if (!table || table.campaignId !== id) {
    leaveTable();
    const t = new TableView({ api, ws: wsURL, me: me!.player_id }, id, setLink);
    table = t;
    t.onConcluded = () => { if (table === t) { leaveTable(); void route(); } };
    t.onSignedOut = () => { if (table === t) void tableSignedOut(t); };
    t.onShutOut = (why) => {
      if (table !== t) return;
      history.replaceState(null, "", "#");
      void route().then(() => notice(new Error(`You can no longer play ${t.name || "that campaign"}: ${why}.`)));
    };
    await t.open();
    if (table !== t) return; // left while it opened
  }
  if (view === "character") {
    show("character");
    openCharacter(id, (c) => {
      table?.addCharacter(c);
      location.hash = `#c/${encodeURIComponent(id)}`;
    });
    ($("character-back") as HTMLAnchorElement).href = `#c/${encodeURIComponent(id)}`;
    $input("char-name").focus();
    return;
  }
  show("table");
  await table.tab(view === "journal" || table.status === "concluded" ? "journal" : "play");
}

async function route(retried = false): Promise<void> {
  $("notice").textContent = "";
  showRecoveryOnce();
  const hash = decodeURI(location.hash.slice(1));
  $("who").textContent = me ? me.name : "";
  $("sign-out").hidden = !me;
  if (!me) {
    showSignIn();
    return;
  }
  try {
    const parts = hash.split("/");
    if (parts[0] === "join" && parts.length === 3) {
      const inv = parseInvite(`#${hash}`)!;
      try {
        await api.join(inv.id, inv.code);
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) throw err;
        // A stale or mistyped invite: say so where invites are entered.
        history.replaceState(null, "", "#");
        await lobby();
        $("join-error").textContent = `This invite did not work: ${(err as Error).message}`;
        return;
      }
      location.replace(`#c/${encodeURIComponent(inv.id)}`);
      return;
    }
    if (parts[0] === "c" && parts[1]) await openTable(parts[1], parts[2] ?? "");
    else await lobby();
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      // A provider's token that ran out while the page slept is renewed
      // once before the player is asked to sign in again.
      if (!retried && await renew()) { keepFresh(); return route(true); }
      signedOut(signInLost());
      return;
    }
    notice(err);
  }
}

function setupForms(): void {
  ($("signin-form") as HTMLFormElement).onsubmit = async (e) => {
    e.preventDefault();
    try { await signedIn(await api.createPlayer($input("player-name").value)); } catch (err) { notice(err); }
  };
  $("oidc-signin").onclick = async () => {
    if (!oidc) return;
    try {
      location.assign(await oidcFlow.begin(oidc, redirectURL(), location.hash, sessionStorage));
    } catch (err) { notice(err); }
  };
  $("sign-out").onclick = () => void signOut();
  $("sign-out-everywhere").onclick = () => {
    $("everywhere-code").textContent = me?.recovery_code ?? "";
    $("everywhere-confirm").hidden = false;
    $("everywhere-no").focus();
  };
  $("everywhere-no").onclick = () => { $("everywhere-confirm").hidden = true; $("sign-out-everywhere").focus(); };
  $("everywhere-yes").onclick = () => void signOutEverywhere();
  ($("recover-form") as HTMLFormElement).onsubmit = async (e) => {
    e.preventDefault();
    try {
      const id = await api.recover($input("recover-code").value, $input("recover-name").value);
      store.setItem(KEPT + id.player_id, "1"); // they have just typed it
      await signedIn(id);
    } catch (err) { notice(err); }
  };
  $("recovery-kept").onclick = () => {
    if (me) store.setItem(KEPT + me.player_id, "1");
    $("recovery-once").hidden = true;
    $("main").focus();
  };
  $("recovery-copy").onclick = async () => {
    try { await navigator.clipboard.writeText(me?.recovery_code ?? ""); $("recovery-copy").textContent = "Copied"; } catch { /* the code is on screen to copy by hand */ }
  };
  const preset = $select("world-preset"), seed = $("world-seed") as HTMLTextAreaElement;
  fill(preset, WORLDS.map(([, label], i) => option(String(i), label, i === 0)));
  seed.value = WORLDS[0][0];
  preset.onchange = () => { seed.value = WORLDS[Number(preset.value)][0]; if (!seed.value) seed.focus(); };
  fill($select("tone"), TONES.map(([text, label]) => option(text, label)));
  const rw = $input("reaction-window");
  rw.oninput = () => { $("reaction-window-out").textContent = `${rw.value} s`; };
  ($("create-form") as HTMLFormElement).onsubmit = async (e) => {
    e.preventDefault();
    try {
      const r = await api.createCampaign({
        name: $input("campaign-name").value,
        world_seed: seed.value,
        dm_persona: $select("tone").value,
        settings: { dice_mode: $select("dice-mode").value as "automatic", reaction_window_seconds: Number(rw.value) },
      });
      $input("campaign-name").value = "";
      location.hash = `#c/${encodeURIComponent(r.campaign.id)}`;
    } catch (err) { notice(err); }
  };
  ($("join-form") as HTMLFormElement).onsubmit = async (e) => {
    e.preventDefault();
    const inv = parseInvite($input("join-invite").value);
    $("join-error").textContent = inv ? "" : "Paste the invite link, or the campaign id and the code separated by a space.";
    if (!inv) { $input("join-invite").focus(); return; }
    try {
      await api.join(inv.id, inv.code);
      $input("join-invite").value = "";
      location.hash = `#c/${encodeURIComponent(inv.id)}`;
    } catch (err) {
      $("join-error").textContent = err instanceof Error ? err.message : String(err);
    }
  };
}

// finishSignIn completes a sign-in the provider sent the player back from,
// if that is how the page was opened, and takes the provider's answer out of
// the address bar.
async function finishSignIn(): Promise<void> {
  if (!oidc) return;
  const cb = oidcFlow.readCallback(location.search, sessionStorage);
  if (cb.kind === "none") return;
  history.replaceState(null, "", redirectURL() + (cb.kind === "code" ? cb.pending.return_to : ""));
  if (cb.kind === "error") { notice(new Error(cb.message)); return; }
  try {
    keep(await withProvider(await oidcFlow.redeem(oidc, cb)));
  } catch (err) {
    api.token = "";
    notice(err);
  }
}

async function start(): Promise<void> {
  const cfg = await readConfig();
  api = new Api(cfg.api);
  wsURL = cfg.ws;
  oidc = cfg.oidc;
  try {
    const saved = JSON.parse(store.getItem("identity") ?? "null") as Identity | null;
    // A deployment that changed how players sign in does not take the
    // other kind's identity.
    if (saved && saved.token && (saved.provider === "oidc") === !!oidc) { me = saved; api.token = saved.token; }
  } catch { /* signed out */ }
  await finishSignIn();
  // A token that ran out while the page was closed is renewed before the
  // first call needs it.
  if (me?.provider === "oidc" && (me.expires_at ?? 0) <= Date.now() + 30_000) await renew();
  keepFresh();
  setupForms();
  setupCharacter(api);
  window.addEventListener("hashchange", () => void route());
  window.addEventListener("online", () => table?.reconnectNow());
  // A hidden page's timers may run late: renew a token that ran out meanwhile.
  document.addEventListener("visibilitychange", () => { if (!document.hidden) keepFresh(); });
  // Leaving the page closes the table's socket, so the others see this
  // player away at once, even if the browser keeps the page to go back to.
  window.addEventListener("pagehide", () => leaveTable());
  window.addEventListener("pageshow", (e) => { if (e.persisted) void route(); });
  setLink("none");
  await route();
}

void start();
