// A plain client of the wire contract (protocol.md): the HTTP API for
// players, campaigns and characters, one WebSocket per open campaign.
"use strict";
const $ = (id) => document.getElementById(id);
const store = window.localStorage;
let token = store.getItem("token");
let playerId = store.getItem("player_id");
let current = null;   // the open campaign id
let ws = null;
let lastSeq = 0;
let characters = {};
let streaming = {};   // turn id -> paragraph being streamed
let retryMs = 500;
let encounter = null; // the encounter under way, as the server last sent it
let isOwner = false;
let worldMap = null; // the campaign's areas: {areas: {id: {name, reachable_area_ids}}}

async function api(method, path, body) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  const r = await fetch("/api" + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const data = await r.json().catch(() => ({}));
  if (!r.ok) throw new Error((data.error && data.error.message) || r.statusText);
  return data;
}

function show(id) { $("notice").textContent = ""; for (const s of ["signin", "lobby", "table"]) $(s).hidden = s !== id; }
function fail(e) { $("notice").textContent = e.message || String(e); }

function para(text, cls) {
  const p = document.createElement("p");
  p.textContent = text;
  if (cls) p.className = cls;
  $("log").appendChild(p);
  $("log").scrollTop = $("log").scrollHeight;
  return p;
}

async function lobby() {
  show("lobby");
  $("who").textContent = store.getItem("player_name") || "";
  $("recovery-code").textContent = store.getItem("recovery_code") || "";
  $("recovery").hidden = !store.getItem("recovery_code");
  const { campaigns } = await api("GET", "/campaigns");
  const ul = $("campaigns");
  ul.replaceChildren();
  for (const c of campaigns) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = "#" + c.id; a.textContent = c.name; a.dataset.id = c.id;
    li.append(a, " ", Object.assign(document.createElement("span"), { className: "pill", textContent: c.status }));
    ul.appendChild(li);
  }
}

// renderActions offers the structured actions of the chosen character, so
// nobody has to know the words the engine understands.
function renderActions() {
  const bar = $("actions");
  bar.replaceChildren();
  const ch = characters[$("actor").value];
  if (!ch) return;
  const button = (label, intent) => {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = label;
    b.onclick = () => send({ action: "turn", character_id: ch.id, intent });
    bar.appendChild(b);
  };
  const here = worldMap && worldMap.areas && worldMap.areas[ch.area_id];
  for (const id of (here && here.reachable_area_ids) || []) {
    button("Go to " + worldMap.areas[id].name, { kind: "move", to_area_id: id });
  }
  for (const p of (encounter && encounter.participants) || []) {
    if (p.kind === "monster" && !p.defeated) button("Attack " + p.name, { kind: "attack", target_id: p.id });
  }
  button("Perception check", { kind: "check", ability: "wis", skill: "perception" });
  button("Dodge", { kind: "dodge" });
  button("Long rest", { kind: "rest", rest: "long" });
  button("End turn", { kind: "end_turn" });
}

function renderParty() {
  const ul = $("party"), sel = $("actor");
  const chosen = sel.value;
  ul.replaceChildren(); sel.replaceChildren();
  for (const ch of Object.values(characters)) {
    const li = document.createElement("li");
    li.dataset.id = ch.id;
    li.textContent = `${ch.name} (${ch.race} ${ch.class} ${ch.level}) HP ${ch.hp}/${ch.max_hp} AC ${ch.ac} `;
    li.appendChild(Object.assign(document.createElement("span"), { className: "presence", textContent: ch.presence }));
    ul.appendChild(li);
    if (ch.player_id === playerId) sel.appendChild(new Option(ch.name, ch.id));
  }
  if (chosen && characters[chosen]) sel.value = chosen;
  renderActions();
}

// refreshParty reloads the characters when an event names one this page has
// not seen (created by another player after the page loaded).
let refreshing = null;
function know(id) {
  if (!id || characters[id] || refreshing) return;
  refreshing = api("GET", "/campaigns/" + current).then((v) => {
    for (const ch of v.characters) characters[ch.id] = Object.assign(characters[ch.id] || {}, ch);
    renderParty();
  }).catch(fail).finally(() => { refreshing = null; });
}

function showEncounter(e) {
  encounter = e && e.status === "active" ? e : null;
  $("fight").hidden = !encounter;
  renderActions();
  if (!encounter) return;
  $("fight-round").textContent = "round " + encounter.round;
  $("fight-end").hidden = !isOwner;
  const byId = Object.fromEntries(encounter.participants.map((p) => [p.id, p]));
  $("order").replaceChildren(...encounter.order.map((id) => {
    const p = byId[id];
    const li = document.createElement("li");
    li.textContent = `${p.name} HP ${p.hp}/${p.max_hp} AC ${p.ac}${p.defeated ? " (defeated)" : ""}${id === encounter.current ? " ← up" : ""}`;
    li.dataset.id = id;
    return li;
  }));
}

function setStatus(s) { $("status").textContent = s; $("status").dataset.status = s; }

async function openCampaign(id) {
  current = id; lastSeq = 0; streaming = {}; characters = {};
  $("log").replaceChildren(); $("notice").textContent = "";
  const v = await api("GET", "/campaigns/" + id);
  $("title").textContent = v.campaign.name;
  setStatus(v.campaign.status);
  $("invite").hidden = !v.invite_code;
  isOwner = v.campaign.owner_id === playerId;
  $("fight-form").hidden = !isOwner;
  showEncounter(v.encounter);
  $("invite-id").textContent = v.campaign.id;
  $("invite-code").textContent = v.invite_code || "";
  for (const ch of v.characters) characters[ch.id] = ch;
  worldMap = v.state.map || null;
  renderParty();
  const { turns } = await api("GET", `/campaigns/${id}/turns?limit=20&after=${Math.max(0, v.state.turn_count - 20)}`);
  for (const t of turns) { para(`${t.actor_name}: ${t.action}`, "action"); para(t.narration); }
  lastSeq = v.last_seq;
  show("table");
  connect();
}

function connect() {
  if (ws) ws.close();
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  const sock = new WebSocket(`${proto}//${location.host}/ws?campaign=${encodeURIComponent(current)}&token=${encodeURIComponent(token)}`);
  ws = sock;
  sock.onopen = () => { retryMs = 500; $("conn").textContent = "online"; send({ action: "sync", after_seq: lastSeq }); };
  sock.onclose = () => {
    if (ws !== sock) return;
    $("conn").textContent = "offline";
    if (current) setTimeout(() => { if (ws === sock) connect(); }, retryMs = Math.min(retryMs * 2, 10000));
  };
  sock.onmessage = (m) => onEvent(JSON.parse(m.data));
}

function send(msg) {
  if (!msg.request_id && msg.action !== "sync") msg.request_id = crypto.randomUUID();
  ws.send(JSON.stringify(msg));
}

function onEvent(ev) {
  if (ev.seq) {
    if (ev.seq <= lastSeq) return;       // already seen (a sync resend)
    if (ev.seq > lastSeq + 1) { send({ action: "sync", after_seq: lastSeq }); return; }
    lastSeq = ev.seq;
  }
  know(ev.character_id);
  switch (ev.type) {
    case "session":
      setStatus(ev.status);
      for (const [id, p] of Object.entries(ev.presence || {})) { if (characters[id]) characters[id].presence = p; else know(id); }
      renderParty();
      para(ev.status === "active" ? "The session is open." : `The session ended (${ev.end_reason || ev.status}).`, "system");
      break;
    case "recap": para(ev.text, "recap"); break;
    case "presence":
      if (characters[ev.character_id]) { characters[ev.character_id].presence = ev.state; renderParty(); }
      break;
    case "turn.accepted":
      para(`${characters[ev.character_id] ? characters[ev.character_id].name : "Someone"} acts…`, "action");
      break;
    case "roll.requested": {
      const ch = characters[ev.character_id];
      const mine = ch && ch.player_id === playerId;
      para(`${ch ? ch.name : "Someone"} must roll ${ev.dice} (${ev.reason}).`, "system");
      $("roll-prompt").hidden = !mine;
      $("roll-what").textContent = `${ev.reason}: ${ev.dice}`;
      $("roll-button").onclick = () => { $("roll-prompt").hidden = true; send({ action: "roll", turn_id: ev.turn_id, roll_id: ev.roll_id }); };
      break;
    }
    case "roll.result":
      $("roll-prompt").hidden = true;
      para(`${ev.reason || "roll"}: ${ev.dice} rolled [${(ev.rolls || []).join(", ")}] = ${ev.total}${ev.outcome ? " (" + ev.outcome + ")" : ""}`, "system roll");
      break;
    case "narration.delta":
      (streaming[ev.turn_id] ||= para("", "narration")).textContent += ev.text;
      break;
    case "narration.done":
      (streaming[ev.turn_id] ||= para("", "narration")).textContent = ev.text;
      break;
    case "encounter":
      showEncounter(ev.encounter);
      for (const ch of ev.characters || []) characters[ch.id] = ch;
      renderParty();
      para(ev.encounter.status === "active" ? "An encounter begins! " + ev.encounter.participants.map((p) => p.name).join(", ") : `The encounter ends (${ev.encounter.outcome}).`, "system");
      break;
    case "turn.committed":
      if (ev.encounter) showEncounter(ev.encounter);
      for (const ch of ev.characters || []) characters[ch.id] = ch;
      renderParty();
      streaming[ev.turn_id] && streaming[ev.turn_id].classList.add("committed");
      break;
    case "error": fail(ev); break;
  }
}

function signedIn(r) {
  token = r.token; playerId = r.player_id;
  store.setItem("token", token); store.setItem("player_id", playerId);
  store.setItem("player_name", r.name); store.setItem("recovery_code", r.recovery_code || "");
  return route();
}
$("signin-form").onsubmit = async (e) => {
  e.preventDefault();
  try { await signedIn(await api("POST", "/players", { name: $("player-name").value })); } catch (err) { fail(err); }
};
$("recover-form").onsubmit = async (e) => {
  e.preventDefault();
  try {
    await signedIn(await api("POST", "/players/recover", { recovery_code: $("recover-code").value, name: $("recover-name").value }));
  } catch (err) { fail(err); }
};
$("create-form").onsubmit = async (e) => {
  e.preventDefault();
  try {
    const r = await api("POST", "/campaigns", { name: $("campaign-name").value, world_seed: $("world-seed").value,
      settings: { dice_mode: $("dice-mode").value } });
    location.hash = r.campaign.id;
  } catch (err) { fail(err); }
};
$("join-form").onsubmit = async (e) => {
  e.preventDefault();
  try {
    const id = $("join-id").value.trim();
    await api("POST", `/campaigns/${id}/join`, { invite_code: $("join-code").value.trim() });
    location.hash = id;
  } catch (err) { fail(err); }
};
$("char-form").onsubmit = async (e) => {
  e.preventDefault();
  try {
    const { character } = await api("POST", `/campaigns/${current}/characters`,
      { name: $("char-name").value, race: $("char-race").value, class: $("char-class").value });
    characters[character.id] = character; renderParty(); $("char-name").value = "";
  } catch (err) { fail(err); }
};
$("turn-form").onsubmit = (e) => {
  e.preventDefault();
  const text = $("action").value.trim();
  if (!text || !$("actor").value) return;
  $("notice").textContent = "";
  send({ action: "turn", character_id: $("actor").value, text });
  $("action").value = "";
};
$("fight-form").onsubmit = async (e) => {
  e.preventDefault();
  try {
    await api("POST", `/campaigns/${current}/encounters`, { monsters: [{ srd_id: $("fight-monster").value.trim(), count: Number($("fight-count").value) }] });
  } catch (err) { fail(err); }
};
$("fight-end").onclick = async () => {
  if (!encounter) return;
  try { await api("POST", `/campaigns/${current}/encounters/${encounter.id}/end`, { outcome: "victory" }); } catch (err) { fail(err); }
};
$("actor").onchange = renderActions;
$("resume").onclick = () => { $("notice").textContent = ""; send({ action: "resume" }); };
$("end").onclick = () => send({ action: "end_session" });
$("back").onclick = (e) => { e.preventDefault(); location.hash = ""; };

for (const r of ["human", "elf", "dwarf", "halfling", "gnome", "half-elf", "half-orc", "dragonborn", "tiefling"]) $("char-race").appendChild(new Option(r, r));
for (const c of ["fighter", "wizard", "rogue", "cleric", "ranger", "paladin", "barbarian", "bard", "druid", "monk", "sorcerer", "warlock"]) $("char-class").appendChild(new Option(c, c));

async function route() {
  if (!token) { show("signin"); return; }
  const id = location.hash.slice(1);
  try {
    if (id) await openCampaign(id);
    else { current = null; if (ws) { const s = ws; ws = null; s.close(); } await lobby(); }
  } catch (err) {
    if (/token/.test(err.message)) { store.clear(); token = null; show("signin"); } else fail(err);
  }
}
window.onhashchange = route;
route();
