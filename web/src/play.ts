// The table: one campaign, live. State comes only from the server (the
// campaign view, then the event stream through ingest and reduce); this file
// draws it and turns the player's clicks into client messages.
import { ApiError, inviteLink, type Api } from "./api";
import { Connection, type LinkState } from "./conn";
import { $, $input, $select, fill, h, option } from "./dom";
import { budgetOf, costLine, stepLine, type TableCost } from "./cost";
import { Journal } from "./journal";
import { SafetyPanel } from "./safety";
import type { Area, CampaignView, Character, ClientMessage, Eligible, Encounter, Intent, Order, RuleChoices, Secret, ServerMessage, Turn } from "./protocol";
import { ordersBox } from "./orders";
import { ABILITIES, ABILITY_NAMES, SKILLS, effectName, fightTags, timeLeft } from "./rules";
import {
  lastTurn, breakdown, fromView, ingest, intentLabel, isMine, live, nameOf, names, newStream, noteSent, participantOf, reachLeft, reduce, replay, whyLines,
  resynced, rollLine, withAction, withCharacters, withNote, type FeedItem, type Stream, type Table,
} from "./state";
import { beastsFor, crText, featureButtons, featureIntent, featureLabel, featureLeft, featureLine, onTurn, shortName, waysOf, windowChoices } from "./features";
import { choiceFields, choiceProblems, defaults, raiseSelect, still, type Chosen } from "./choices";
import { spells as srdSpells, monsters as srdMonsters } from "srd";
import { numberLines, sheetGroups, shown, type SheetWorking } from "./sheetwhy";
import { actionLine, afflictionTag, bare, equipment, gear, idName, sentence, type Equipment } from "./words";

/** Session is who sits at the table; the token is api's, which a renewal replaces. */
export interface Session { api: Api; ws: string; me: string }

const HISTORY = 20; // turns shown in the story when a table opens
const REPLAY = 300; // events asked for again when a table opens
const ROLL_MIN_MS = 700; // the dice tumble at least this long before landing

function newId(): string {
  return crypto.randomUUID();
}

export class TableView {
  private table!: Table;
  private stream!: Stream;
  private view!: CampaignView;
  private conn: Connection | null = null;
  private journal: Journal | null = null;
  private shown: { item: FeedItem; el: HTMLElement; text: Text }[] = [];
  private drawn: Partial<Record<string, unknown>> = {};
  private owner = false;
  private safety: SafetyPanel | null = null;
  private readOnly = false;
  private sentAt: Record<string, number> = {};
  private turnRequest: Record<string, string> = {};
  private measured = new Set<string>();
  private rolling: { rollId: string; since: number } | null = null;
  private landing = false;
  private fetchingSheets = false;
  private tick: ReturnType<typeof setInterval> | null = null;
  private detail = "";
  private answered = new Set<string>();
  private closed = false;
  private everOpened = false;
  private quietUntil = 0;
  private quiet: ServerMessage[] = [];
  /** the campaign is being taken afresh (catchUp) */
  private rebasing = false;
  /** the story follows the newest line; false while the player reads further up */
  private follow = true;
  /** the choices a level up asks, by character id and the level it reaches, once the server has said */
  private levelAsks: Record<string, RuleChoices | "asking" | "failed"> = {};
  private levelAsking: Record<string, Promise<void>> = {};
  /** what the player picked of them */
  private levelPicked: Chosen = {};
  /** the party members whose features list is open */
  private featuresOpen = new Set<string>();
  /** the sheets whose numbers are open, the numbers whose "why" is ("mira:ac"), and each sheet's working as read for the sheet it was read for */
  private numbersOpen = new Set<string>();
  private whyOpen = new Set<string>();
  private working = new Map<string, { sheet: Character; w: SheetWorking }>();
  /** the party members whose standing orders are open */
  private ordersOpen = new Set<string>();

  /** onSignedOut runs when the server no longer takes the sign-in (a ticket refused with 401). */
  onSignedOut: (() => void) | null = null;
  /** onShutOut runs when the campaign is closed to this player (removed by its owner): a ticket refused with 403 or 404. */
  onShutOut: ((why: string) => void) | null = null;

  constructor(private readonly s: Session, readonly campaignId: string, private readonly onLink: (l: LinkState) => void) {}

  get status(): string { return this.table?.status ?? ""; }
  get name(): string { return this.view?.campaign.name ?? ""; }

  async open(): Promise<void> {
    const here = `#c/${encodeURIComponent(this.campaignId)}`;
    ($("new-character") as HTMLAnchorElement).href = `${here}/character`;
    ($("tab-play") as HTMLAnchorElement).href = here;
    ($("tab-journal") as HTMLAnchorElement).href = `${here}/journal`;
    const v = await this.s.api.campaign(this.campaignId);
    if (this.closed) return;
    this.reset(v);
    this.owner = v.campaign.owner_id === this.s.me;
    this.readOnly = v.campaign.status === "concluded";
    this.journal = new Journal(this.s.api, this.campaignId, this.owner);
    $("title").textContent = v.campaign.name;
    document.title = `${v.campaign.name} · Chronicler`;
    $("readonly").hidden = !this.readOnly;
    $("turn-form").hidden = this.readOnly;
    $("actions").hidden = this.readOnly;
    $("resume").hidden = this.readOnly;
    $("new-character").hidden = this.readOnly;
    $("owner").hidden = !this.owner || this.readOnly;
    fill($("action-detail"));
    this.say("");
    this.detail = "";
    this.setupOwner(v);
    this.safety = new SafetyPanel(this.s.api, this.campaignId, this.owner, (m) => this.send(m), newId);
    void this.safety.open(this.readOnly);
    this.drawCost();
    this.bind();
    await this.history(v.state.turn_count);
    if (this.closed) return; // left while it loaded
    this.render();
    if (!this.readOnly) this.connect();
    this.tick = setInterval(() => this.countdowns(), 250);
  }

  /**
   * rebase starts the table from a view of the campaign: its state, the
   * journal's last turns as the story, and the last events asked for
   * again (quietly: the view accounts for them) to learn what is under
   * way. A page opening does it, and so does a table that comes back far
   * behind, on the socket it has.
   */
  private async rebase(v: CampaignView): Promise<void> {
    this.reset(v);
    await this.history(v.state.turn_count);
  }

  /** reset is rebase's start: the table from the view, the story empty. */
  private reset(v: CampaignView): void {
    this.view = v;
    this.table = fromView(v, this.s.me);
    this.stream = newStream(Math.max(0, v.last_seq - REPLAY));
    this.quietUntil = v.last_seq;
    this.quiet = [];
    fill($("log"));
    this.follow = true;
    $("log-new").hidden = true;
    this.shown = [];
    this.drawn = {};
  }

  /**
   * catchUp takes the campaign afresh after a long absence: what the
   * socket brings meanwhile is left, and the sync from the view's last
   * events brings it again.
   */
  private async catchUp(): Promise<void> {
    if (this.rebasing) return;
    this.rebasing = true;
    try {
      const v = await this.s.api.campaign(this.campaignId);
      if (this.closed) return;
      await this.rebase(v);
      if (this.closed) return;
      this.table = withNote(this.table, "While you were away the table played on; above are its latest turns.");
    } catch {
      // The view could not be read: page through what was missed instead.
      this.stream = resynced(this.stream);
    } finally {
      this.rebasing = false;
    }
    if (this.closed) return;
    this.render();
    this.send({ action: "sync", after_seq: this.stream.lastSeq });
  }

  /** close leaves the table: the socket closes for good. */
  close(): void {
    this.closed = true;
    this.conn?.stop();
    this.conn = null;
    if (this.tick) clearInterval(this.tick);
    $("roll").hidden = true;
    $("react").hidden = true;
  }

  /** reconnectNow skips the backoff wait: the browser says it is online again. */
  reconnectNow(): void {
    this.conn?.reconnectNow();
  }

  /** tab shows the story or the journal. */
  async tab(which: "play" | "journal"): Promise<void> {
    $("play").hidden = which !== "play";
    // The story opens at its newest line (it was drawn while hidden).
    if (which === "play" && this.follow) this.stick();
    $("journal").hidden = which !== "journal";
    $("tab-play").setAttribute("aria-current", which === "play" ? "page" : "false");
    $("tab-journal").setAttribute("aria-current", which === "journal" ? "page" : "false");
    if (which === "journal") await this.journal?.show();
  }

  /** addCharacter takes a sheet just created on this page. */
  addCharacter(c: Character): void {
    this.table = withCharacters(this.table, [c]);
    this.render();
  }

  private async history(turnCount: number): Promise<void> {
    if (turnCount === 0) return;
    const { turns } = await this.s.api.turns(this.campaignId, Math.max(0, turnCount - HISTORY), HISTORY);
    const items: FeedItem[] = [];
    const add = (t: Turn) => {
      items.push({ key: `h:${t.sequence}:a`, kind: "action", turnId: t.turn_id, text: actionLine(t.actor_name, t.action) });
      for (const r of t.rolls ?? []) items.push({ key: `h:${t.sequence}:r:${r.roll_id}`, kind: "roll", turnId: t.turn_id, roll: r, text: rollLine(r) });
      (t.reactions ?? []).forEach((a, i) => items.push({ key: `h:${t.sequence}:x:${i}`, kind: "reaction", turnId: t.turn_id, text: a.text }));
      items.push({ key: `h:${t.sequence}:n`, kind: "narration", text: t.narration, committed: true, turnId: t.turn_id, degraded: t.degraded });
    };
    turns.forEach(add);
    this.table = { ...this.table, feed: [...items, ...this.table.feed] };
  }

  private connect(): void {
    // A single-use ticket for each connection, so the sign-in token never
    // sits in the socket's URL (nor in the console when it fails).
    // A ticket refused for the sign-in (signed out everywhere, or the
    // sign-in ran out) or for the campaign (removed from it) is the
    // page's to handle: the table cannot fix it.
    const url = async () => {
      const { ticket } = await this.s.api.connectTicket(this.campaignId).catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 401 && !this.closed) this.onSignedOut?.();
        if (err instanceof ApiError && (err.status === 403 || err.status === 404) && !this.closed) this.onShutOut?.(err.message);
        throw err;
      });
      return `${this.s.ws}?campaign=${encodeURIComponent(this.campaignId)}&ticket=${encodeURIComponent(ticket)}`;
    };
    this.conn = new Connection({
      url,
      lastSeq: () => this.stream.lastSeq,
      onMessage: (m) => this.dispatch(m),
      onState: (l) => {
        if (l !== "online" && this.stream) this.stream = resynced(this.stream);
        this.onLink(l);
        ($("act") as HTMLButtonElement).title = l === "online" ? "" : "Offline: the action is sent when the connection is back";
      },
      onOpen: () => {
        // Join a session under way at once (a returning player is told
        // what they missed); a paused campaign waits for Resume. Another
        // live tab of this player already makes them present.
        const mine = Object.values(this.table.characters).filter((c) => c.player_id === this.s.me);
        const elsewhere = mine.some((c) => c.presence === "present") && !this.everOpened;
        this.everOpened = true;
        if (this.table.status === "active" && this.table.sessionId && !elsewhere) this.send({ action: "resume", request_id: newId() });
      },
    });
    this.conn.start();
  }

  private send(m: ClientMessage): void {
    this.conn?.send(m);
  }

  private dispatch(m: ServerMessage): void {
    if (this.closed) return;
    // Taking the campaign afresh: campaign events wait for the sync that
    // follows it.
    if (this.rebasing && (m.seq || m.type === "sync.begin" || m.type === "sync.done")) return;
    const r = ingest(this.stream, m);
    this.stream = r.stream;
    if (r.far && !this.quietUntil) {
      void this.catchUp();
      return;
    }
    if (r.sync || r.far) {
      const after = r.after;
      const ask = () => { if (!this.closed) this.send({ action: "sync", after_seq: after ?? this.stream.lastSeq }); };
      if (r.wait > 0) setTimeout(ask, r.wait);
      else ask();
    }
    const settle = () => {
      this.table = replay(this.table, this.quiet);
      this.quiet = [];
      this.quietUntil = 0;
    };
    let settled = false;
    if (m.type === "sync.done" && !m.more && this.quietUntil) {
      settle(); // the replay ended short of the view (a hole): take what came
      settled = true;
    }
    for (const x of r.ready) {
      if (x.seq && x.seq <= this.quietUntil) {
        this.quiet.push(x);
        if (x.seq === this.quietUntil) {
          settle();
          settled = true;
        }
        continue;
      }
      if (x.type === "turn.accepted" && this.sentAt[x.request_id] !== undefined) this.turnRequest[x.turn_id] = x.request_id;
      if (x.type === "roll.result" && this.rolling && this.rolling.rollId === x.roll_id) this.land(x.roll_id);
      this.safety?.seen(x);
      if (x.type === "turn.committed" && x.cost) this.drawCost(x.cost);
      if (x.type === "cost") this.drawCost(x);
      this.table = reduce(this.table, x);
      if (x.type === "turn.committed") void this.nameAction(x.turn_id, x.sequence);
    }
    if (r.ready.length || settled) this.render();
    if (this.table.unknown.length) void this.fetchSheets();
  }

  /** nameAction reads another player's committed turn to say what they did. */
  private async nameAction(turnId: string, sequence: number): Promise<void> {
    const item = this.table.feed.find((f) => f.key === `action:${turnId}`);
    if (!item || !item.text.endsWith("acts…")) return;
    try {
      const { turns } = await this.s.api.turns(this.campaignId, sequence - 1, 1);
      const turn = turns.find((x) => x.turn_id === turnId);
      if (!turn || this.closed) return;
      this.table = withAction(this.table, turnId, actionLine(turn.actor_name, turn.action));
      this.render();
    } catch { /* the line keeps saying who acted */ }
  }

  private async fetchSheets(): Promise<void> {
    if (this.fetchingSheets) return;
    this.fetchingSheets = true;
    const asked = new Set(this.table.unknown);
    try {
      const v = await this.s.api.campaign(this.campaignId);
      this.table = withCharacters(this.table, v.characters);
      // An id asked for and still unknown belongs to no sheet (a monster,
      // a removed player); one named while the answer was on its way is
      // asked for next.
      this.table = { ...this.table, unknown: this.table.unknown.filter((id) => !asked.has(id)) };
      this.render();
    } catch {
      this.table = { ...this.table, unknown: [] }; // the next event naming them asks again
    } finally {
      this.fetchingSheets = false;
    }
    if (this.table.unknown.length && !this.closed) void this.fetchSheets();
  }

  // ------------------------------------------------------------ drawing

  private changed(key: string, v: unknown): boolean {
    if (this.drawn[key] === v) return false;
    this.drawn[key] = v;
    return true;
  }

  /** any records every slice given and says whether one of them changed. */
  private any(...slices: [string, unknown][]): boolean {
    let changed = false;
    for (const [k, v] of slices) if (this.changed(k, v)) changed = true;
    return changed;
  }

  private render(): void {
    const t = this.table;
    if (this.changed("status", t.status)) {
      $("status").textContent = t.status;
      $("status").dataset.status = t.status;
    }
    this.drawFeed();
    if (t.status === "concluded" && !this.readOnly && this.onConcluded) {
      this.onConcluded();
      return;
    }
    // Who may act follows the session too: after End session nobody may.
    if (this.any(["characters", t.characters], ["encounter", t.encounter], ["turn", t.turn], ["session", t.status + ":" + t.sessionId])) {
      this.drawParty();
      this.drawActors();
      this.drawFight();
      this.drawTurnOf();
      this.drawActions();
    }
    if (this.any(["scene", t.scene], ["mapchars", t.characters])) {
      this.drawScene();
      this.drawMap();
    }
    if (this.changed("suggestions", t.suggestions)) this.drawSuggestions();
    if (this.any(["roll", t.rollPrompt], ["lastRoll", t.lastRoll])) this.drawRoll();
    if (this.changed("reaction", t.reaction)) this.drawReaction();
    const canResume = !this.readOnly && t.status !== "active" || (t.status === "active" && !t.sessionId);
    $("resume").hidden = this.readOnly || !canResume;
    $("resume").textContent = t.status === "active" ? "Start the session" : "Resume";
    const why = this.whyNot();
    ($("act") as HTMLButtonElement).disabled = why.act !== "";
    $("act-why").textContent = why.act || why.speakOnly;
    if (this.owner) {
      // The short wait of a turn in flight is said on the button itself,
      // so the tools below it do not move with every turn.
      const fightWhy = t.status !== "active" ? "Resume the campaign to start an encounter." : "";
      const start = $("fight-start") as HTMLButtonElement;
      start.disabled = fightWhy !== "" || !!t.turn;
      start.title = t.turn ? "A turn is being played: start the encounter after it." : fightWhy;
      $("fight-why").textContent = fightWhy;
    }
    this.drawTakeBack();
    const end = $("end") as HTMLButtonElement;
    end.disabled = !t.sessionId;
    end.title = t.sessionId ? "" : "No session is open.";
    if (t.error && this.changed("error", t.error)) this.say(t.error.message);
  }

  /**
   * drawTakeBack offers what may be done with the last turn: the owner's
   * undo (again on the turn before, after one), a player's ask to undo,
   * and everyone's X-card.
   */
  private drawTakeBack(): void {
    const t = this.table;
    const last = lastTurn(t);
    const why = this.readOnly ? "The campaign is concluded."
      : t.status !== "active" || !t.sessionId ? "Only a turn of the session under way can be taken back."
        : t.turn ? "A turn is being played: wait for it."
          : !last ? "No turn has been played yet." : "";
    $("takeback").hidden = this.readOnly;
    $("undo").hidden = !this.owner;
    $("ask-undo").hidden = this.owner;
    for (const id of ["undo", "ask-undo", "xcard"]) {
      const b = $(id) as HTMLButtonElement;
      b.disabled = why !== "";
      b.dataset.turn = last;
    }
    $("takeback-why").textContent = why;
  }

  /** takeBack sends what a take-back button asks of the last turn. */
  private takeBack(action: "undo" | "ask_undo" | "xcard", id: string): void {
    const turnId = ($(id) as HTMLButtonElement).dataset.turn ?? "";
    if (!turnId) return;
    this.say("");
    this.send({ action, request_id: newId(), turn_id: turnId });
  }

  /** say shows a notice beside the action box ("" clears it). */
  private say(text: string): void {
    $("act-notice").textContent = text;
  }

  /**
   * whyNot says in words why the selected character cannot act now: act
   * is why nothing at all can be sent (the Act button's reason), actions
   * why the action buttons are off; speakOnly, when words may still be
   * said but nothing done (another's turn in a fight, a character down).
   */
  private whyNot(): { act: string; actions: string; speakOnly: string } {
    const t = this.table;
    const none = (why: string) => ({ act: why, actions: why, speakOnly: "" });
    if (!this.myCharacters().length) return none("Create your character to play: “Create your character” is below.");
    if (t.status === "active" && !t.sessionId) return none("The session has not started: press “Start the session” to play.");
    if (t.status !== "active") return none("The session is paused until someone at the table resumes it: press Resume to play on.");
    if (t.turn) {
      return none(isMine(t, t.turn.characterId)
        ? `${nameOf(t, t.turn.characterId)}'s action is being played out: the story continues in a moment.`
        : `${nameOf(t, t.turn.characterId)} is acting: your turn to act comes when their story is told.`);
    }
    const c = this.actor();
    if (!c) return none("Choose a character.");
    const me = live(t, c);
    if (me.dead) return { act: "", actions: `${c.name} is dead: only a spell that brings back the dead can change that.`, speakOnly: `${c.name} is dead and can only be spoken of.` };
    if (me.hp <= 0) {
      const down = me.stable ? `${c.name} is unconscious but stable: a rest or healing brings them round.` : `${c.name} is down: death saves only, until a companion's help or healing.`;
      return { act: "", actions: down, speakOnly: `${down} Words can still be said.` };
    }
    const e = t.encounter;
    if (e) {
      const cur = e.participants.find((p) => p.id === e.current);
      if (cur && cur.character_id !== c.id) {
        const after = this.comesAfter(c.id);
        const wait = after && after !== cur.name ? `${c.name}'s turn comes after ${after}.` : `${c.name}'s turn comes next.`;
        const why = `It is ${cur.name}'s turn. ${wait}`;
        return { act: "", actions: why, speakOnly: `${why} Until then ${c.name} may only speak.` };
      }
    }
    return { act: "", actions: "", speakOnly: "" };
  }

  /** comesAfter names who acts just before the character in the initiative order, counting from the current turn. */
  private comesAfter(characterId: string): string {
    const e = this.table.encounter;
    if (!e) return "";
    const standing = e.order.map((id) => e.participants.find((p) => p.id === id)).filter((p) => p && !p.defeated) as Encounter["participants"];
    const at = standing.findIndex((p) => p.character_id === characterId);
    if (at < 0) return "";
    return standing[(at - 1 + standing.length) % standing.length]?.name ?? "";
  }

  /** stick scrolls the story to its newest line, and follows it again. */
  private stick(): void {
    const log = $("log");
    log.scrollTop = log.scrollHeight;
    this.follow = true;
    $("log-new").hidden = true;
  }

  private drawFeed(): void {
    const log = $("log");
    const feed = this.table.feed;
    const before = this.shown.length;
    let changed = false;
    if (feed.length < this.shown.length || (this.shown.length && feed[0].key !== this.shown[0].item.key)) {
      fill(log);
      this.shown = [];
    }
    for (let i = 0; i < feed.length; i++) {
      const item = feed[i];
      const have = this.shown[i];
      if (have && have.item === item) continue;
      changed = true;
      if (!have) {
        const text = document.createTextNode(item.text);
        const el = h("p", { class: `line ${item.kind}`, "data-key": item.key });
        if (item.kind === "roll" && item.roll) {
          const b = breakdown(item.roll);
          el.append(text, h("span", { class: "hint" }, b.edge ? ` ${b.edge}` : ""));
          const why = whyLines(item.roll);
          // The rules' own working, opened from the number it explains.
          if (why.length) el.append(" ", ...whyChip(`why ${item.roll.total}?`, why, false));
        } else el.append(text);
        if (item.committed) el.classList.add("committed");
        if (item.undone) el.classList.add("undone");
        log.appendChild(el);
        this.shown[i] = { item, el, text };
      } else {
        // Narration grows at its end: append what is new and never
        // rewrite what the player is reading.
        if (item.text !== have.item.text) {
          if (item.text.startsWith(have.text.data)) have.text.appendData(item.text.slice(have.text.data.length));
          else have.text.data = item.text;
        }
        if (item.committed) have.el.classList.add("committed");
        have.el.classList.toggle("undone", !!item.undone);
        have.item = item;
      }
      const shown = this.shown[i].el;
      const slow = shown.querySelector(".slow");
      if (item.slow && !slow) {
        shown.append(h("span", { class: "hint slow", title: "The narrator is taking longer than usual; the turn goes on from what is shown." },
          " (the narrator is slow…)"));
      } else if (!item.slow && slow) slow.remove();
      if (item.degraded && !shown.querySelector(".degraded")) {
        shown.append(h("span", { class: "hint degraded", title: "The narrator could not be reached for this turn; the engine's result is told plainly." },
          " (told plainly: the narrator was unavailable)"));
      }
      if (item.kind === "narration" && item.turnId && item.text && !this.measured.has(item.turnId)) {
        this.measured.add(item.turnId);
        const rid = this.turnRequest[item.turnId];
        if (rid && this.sentAt[rid] !== undefined) {
          performance.measure("first-narration", { start: this.sentAt[rid], end: performance.now(), detail: item.turnId });
        }
      }
    }
    if (!changed) return;
    // The story follows the newest line unless the player has scrolled up
    // to read: then a pill says there is more below.
    if (this.follow) this.stick();
    else if (this.shown.length > before || feed.length) $("log-new").hidden = false;
  }

  private myCharacters(): Character[] {
    return Object.values(this.table.characters).filter((c) => c.player_id === this.s.me);
  }

  private actor(): Character | undefined {
    return this.table.characters[$select("actor").value] ?? this.myCharacters()[0];
  }

  private drawActors(): void {
    const sel = $select("actor");
    const chosen = sel.value;
    const mine = this.myCharacters();
    fill(sel, mine.map((c) => option(c.id, c.name, c.id === chosen)));
    sel.hidden = mine.length < 2;
    // In combat the character whose turn it is acts, when it is one's own.
    const current = this.table.encounter?.participants.find((p) => p.id === this.table.encounter?.current);
    if (current?.character_id && mine.some((c) => c.id === current.character_id)) sel.value = current.character_id;
    $("new-character").textContent = mine.length ? "Another character" : "Create your character";
    ($("action") as HTMLInputElement).placeholder = mine.length ? "What do you do?" : "Create a character to play";
  }

  /**
   * sheetFeatures lists a character's features and traits on its sheet,
   * collapsed: each with how it is used, its uses left (the fight's, in a
   * fight) and its summary. Opened, it stays open as the party redraws.
   */
  private sheetFeatures(c: Character): HTMLElement | null {
    const fs = c.features ?? [];
    if (!fs.length) return null;
    const p = participantOf(this.table, c.id);
    const box = h("details", { class: "features-list", "data-features": c.id, open: this.featuresOpen.has(c.id) },
      h("summary", {}, `Features and traits (${fs.length})`),
      h("ul", {}, fs.map((f) => h("li", { "data-feature": f.id, class: onTurn(f) ? "usable" : "" },
        h("span", { class: "feature-line" }, featureLine(f, featureLeft(f, p))),
        f.summary ? h("span", { class: "hint feature-summary" }, f.summary) : null))));
    box.addEventListener("toggle", () => {
      if (box.open) this.featuresOpen.add(c.id);
      else this.featuresOpen.delete(c.id);
    });
    return box;
  }

  /**
   * sheetNumbers opens the sheet's numbers (armour class, spell save DC,
   * saves, attacks, skills), each with a "why" that lists its parts as
   * the rules make them. The working is read from the server when the box
   * is opened, once for each version of the sheet: sent with every sheet
   * it would weigh down every turn.
   */
  private sheetNumbers(c: Character): HTMLElement {
    const body = h("div", { class: "numbers-body" });
    const box = h("details", { class: "numbers", "data-numbers": c.id, open: this.numbersOpen.has(c.id) },
      h("summary", {}, "Numbers, and why"), body);
    const show = () => {
      const sheet = this.table.characters[c.id];
      const have = this.working.get(c.id);
      if (have && have.sheet === sheet) { this.drawNumbers(body, have.w); return; }
      body.textContent = "Working it out…";
      this.s.api.sheetWorking(this.campaignId, c.id).then((r) => {
        this.working.set(c.id, { sheet, w: r.working });
        this.drawNumbers(body, r.working);
      }).catch((e: Error) => { body.textContent = `The working could not be read: ${e.message}`; });
    };
    if (box.open) show();
    box.addEventListener("toggle", () => {
      if (box.open) {
        this.numbersOpen.add(c.id);
        show();
      } else this.numbersOpen.delete(c.id);
    });
    return box;
  }

  private drawNumbers(body: HTMLElement, w: SheetWorking): void {
    fill(body, sheetGroups(w).map((g) => h("div", { class: "number-group" },
      h("strong", {}, g.title),
      h("ul", {}, g.rows.map((n) => {
        const id = `${w.character_id}:${n.key}`;
        const open = this.whyOpen.has(id);
        return h("li", { "data-number": n.key }, `${n.label} ${shown(n, g.signed)} `,
          ...whyChip(`why ${shown(n, g.signed)}?`, numberLines(n, g.signed), open, (now) => {
            if (now) this.whyOpen.add(id);
            else this.whyOpen.delete(id);
          }));
      })))));
  }

  /** saveOrders sends a character's standing orders; the sheet comes back as a character event, a refusal as a notice. */
  private async saveOrders(characterId: string, orders: Order[]): Promise<void> {
    try {
      const { character } = await this.s.api.setOrders(this.campaignId, characterId, orders);
      this.table = withCharacters(this.table, [{ ...character, orders: character.orders ?? null }]);
      $("notice").textContent = "";
      this.render();
    } catch (err) {
      $("notice").textContent = (err as Error).message;
    }
  }

  private drawParty(): void {
    const t = this.table;
    // In a fight the encounter holds the live numbers, not the sheet.
    const list = Object.values(t.characters).map((c) => live(t, c));
    fill($("party"), list.length ? list.map((c) => {
      const temp = c.temp_hp > 0;
      const pct = c.max_hp > 0 ? Math.max(0, Math.min(100, (100 * c.hp) / c.max_hp)) : 0;
      const tempPct = c.max_hp > 0 ? Math.min(100 - pct, (100 * c.temp_hp) / c.max_hp) : 0;
      const slots = Object.entries(c.spell_slots ?? {}).filter(([, s]) => s.max > 0);
      // The spells in force on the sheet, each with its game time left; a
      // concentration held with nothing else tells its time beside it.
      const lasting = (c.effects ?? []).filter((x) => x.id !== "concentration");
      const mark = (c.effects ?? []).find((x) => x.id === "concentration" && x.spell === c.concentration);
      const concLeft = mark ? timeLeft(mark.until, t.clock) : "";
      return h("li", { class: `member${c.player_id === t.me ? " mine" : ""}`, "data-id": c.id },
        h("div", { class: "member-head" },
          h("span", { class: `presence ${c.presence}`, title: c.presence }, c.presence),
          h("strong", {}, c.name), " ",
          h("span", { class: "hint" }, `${c.race} ${c.class} ${c.level} · AC ${c.ac}`)),
        h("div", { class: "hp", role: "meter", "aria-label": `${c.name}'s hit points`, "aria-valuemin": 0, "aria-valuemax": c.max_hp, "aria-valuenow": c.hp },
          h("span", { class: "hp-fill", style: `width:${pct}%` }),
          temp ? h("span", { class: "hp-temp", style: `width:${tempPct}%` }) : null,
          h("span", { class: "hp-text" }, `HP ${c.hp}/${c.max_hp}${temp ? ` +${c.temp_hp} temp` : ""}`)),
        (c.conditions ?? []).length || c.concentration || c.exhaustion || c.drained || (c.afflictions ?? []).length || lasting.length
          ? h("div", { class: "tags" },
            (c.conditions ?? []).map((x) => h("span", { class: "tag" }, x)),
            c.exhaustion ? h("span", { class: "tag" }, `exhaustion ${c.exhaustion}`) : null,
            c.drained ? h("span", { class: "tag", title: "a life drain took this much of the hit point maximum, until a long rest" }, `drained −${c.drained} max HP`) : null,
            (c.afflictions ?? []).map((a) => {
              const tag = afflictionTag(a);
              return h("span", { class: "tag affliction", title: tag.title }, tag.text);
            }),
            c.concentration ? h("span", { class: "tag conc" }, `concentrating: ${c.concentration}${concLeft ? ` · ${concLeft} left` : ""}`) : null,
            lasting.map((x) => {
              const left = timeLeft(x.until, t.clock);
              return h("span", { class: "tag effect", title: x.note ?? "" }, `${effectName(x.spell)}${left ? ` · ${left} left` : ""}`);
            }))
          : null,
        slots.length ? h("div", { class: "slots", "aria-label": "Spell slots" }, slots.map(([l, s]) =>
          h("span", { class: "slot-level", title: `level ${l}: ${s.max - s.used} of ${s.max} left` }, `L${l} `,
            Array.from({ length: s.max }, (_, i) => h("span", { class: i < s.max - s.used ? "pip" : "pip used" }))))) : null,
        carried(c),
        this.sheetFeatures(c),
        this.sheetNumbers(c),
        c.player_id === t.me ? ordersBox(t.characters[c.id] ?? c, this.ordersOpen.has(c.id), (orders) => void this.saveOrders(c.id, orders),
          (open) => { if (open) this.ordersOpen.add(c.id); else this.ordersOpen.delete(c.id); }) : null,
        c.dead ? h("div", { class: "hint" }, "dead")
          : c.hp === 0 && c.stable ? h("div", { class: "hint" }, "unconscious, stable")
            : c.hp === 0 ? h("div", { class: "hint" }, `dying: death saves ${c.death_saves.successes}✓ ${c.death_saves.failures}✗`) : null);
    }) : h("li", { class: "hint" }, "No characters yet."));
  }

  private drawScene(): void {
    // Each character is somewhere of their own: the scene is where the
    // player's character is.
    const own = this.view.state.map?.areas[this.actor()?.area_id ?? ""]?.name;
    const sc = { ...(this.table.scene ?? { location: "" }), ...(own ? { location: own } : {}) };
    const bits = [sc.time, sc.weather].filter(Boolean).join(" · ");
    fill($("scene"),
      h("strong", {}, sc.location ? sc.location[0].toUpperCase() + sc.location.slice(1) : "Somewhere"), bits ? h("span", { class: "hint" }, ` · ${bits}`) : null,
      (sc.npcs ?? []).length ? h("span", { class: "npcs" }, " · with ", (sc.npcs ?? []).join(", ")) : null);
  }

  private drawMap(): void {
    const map = this.view.state.map;
    const areas = map ? Object.values(map.areas) : [];
    const here = this.actor()?.area_id;
    const reach = new Set(here && map?.areas[here] ? map.areas[here].reachable_area_ids ?? [] : []);
    const at: Record<string, string[]> = {};
    for (const c of Object.values(this.table.characters)) (at[c.area_id] ||= []).push(c.name);
    areas.sort((a, b) => a.name.localeCompare(b.name));
    drawGraph($("map-graph"), areas, here, reach, at);
    fill($("map"), areas.length ? areas.map((a) => h("li", { class: a.id === here ? "here" : reach.has(a.id) ? "reach" : "" },
      h("span", {}, a.name), a.id === here ? h("span", { class: "hint" }, " (you)") : reach.has(a.id) ? h("span", { class: "hint" }, " → reachable") : null,
      at[a.id] ? h("span", { class: "who-here" }, at[a.id].join(", ")) : null)) : h("li", { class: "hint" }, "No map yet."));
  }

  private drawFight(): void {
    const e = this.table.encounter;
    $("fight").hidden = !e;
    $("fight-end-tool").hidden = !e || !this.owner;
    ($("fight-form") as HTMLFormElement).hidden = !!e;
    if (!e) return;
    $("fight-round").textContent = `round ${e.round}`;
    const byId = Object.fromEntries(e.participants.map((p) => [p.id, p]));
    const melee = (p: Encounter["participants"][number]) => names((p.engaged ?? []).map((id) => byId[id]?.name).filter(Boolean));
    const tagsOf = (p: Encounter["participants"][number]) => p.defeated ? [] : fightTags(p.id, p.conditions, e.effects);
    fill($("order"), e.order.map((id) => {
      const p = byId[id];
      if (!p) return null;
      const cur = id === e.current;
      return h("li", { "data-id": id, class: `${p.kind}${cur ? " current" : ""}${p.defeated ? " defeated" : ""}`, "aria-current": cur ? "step" : null },
        h("span", { class: "init" }, String(p.initiative)), " ", h("strong", {}, p.name), " ",
        h("span", { class: "hint" }, `HP ${p.hp}/${p.max_hp} · AC ${p.ac}${p.defeated ? " · defeated" : ""}${p.reaction_used ? " · reaction used" : ""}`),
        cur ? h("span", { class: "up" }, " ← up") : null,
        tagsOf(p).length ? h("span", { class: "tags" }, tagsOf(p).map((x) => h("span", { class: "tag", title: x.title || null }, x.text))) : null,
        melee(p) ? h("span", { class: "melee" }, `in melee with ${melee(p)}`) : null);
    }));
  }

  private drawTurnOf(): void {
    const t = this.table;
    let text = "";
    if (t.turn) text = `${nameOf(t, t.turn.characterId)} is acting…`;
    else if (t.encounter) {
      const p = t.encounter.participants.find((x) => x.id === t.encounter!.current);
      const mine = p?.character_id && isMine(t, p.character_id);
      text = p ? (mine ? `Your turn: ${p.name}.` : `${p.name}'s turn.`) : "";
    } else if (t.status === "active" && t.sessionId) text = "Anyone may act.";
    $("turn-of").textContent = text;
  }

  private drawSuggestions(): void {
    fill($("suggestions"), this.table.suggestions.map((s) => h("button", {
      type: "button", class: "chip", onclick: () => { $input("action").value = s; $input("action").focus(); },
    }, s)));
  }

  // ------------------------------------------------------------ actions

  private intent(i: Intent): void {
    const c = this.actor();
    if (!c) return;
    const request_id = newId();
    const area = i.kind === "move" ? this.view.state.map?.areas[i.to_area_id]?.name : undefined;
    this.table = noteSent(this.table, request_id, intentLabel(i, this.table, area));
    this.sentAt[request_id] = performance.now();
    this.say("");
    this.send({ action: "turn", request_id, character_id: c.id, intent: i });
    this.detail = "";
    this.drawActions();
    this.render();
    // The story shows what follows; the keyboard goes back to the words.
    this.stick();
    $input("action").focus();
  }

  private drawActions(): void {
    const t = this.table;
    const c = this.actor();
    const why = this.whyNot();
    const blocked = why.actions;
    const foes = (t.encounter?.participants ?? []).filter((p) => p.kind === "monster" && !p.defeated);
    const stable = !!c && live(t, c).hp <= 0 && live(t, c).stable && !live(t, c).dead;
    // Move is offered in a fight too: it leaves the foes' reach (and
    // draws their opportunity attacks unless the character disengaged).
    // Each kind: its label and, when it cannot be used now, why.
    const kinds: [string, string, string][] = [
      ["attack", "Attack", foes.length ? "" : "no foe here to attack"], ["cast", "Cast", ""], ["move", "Move", ""], ["check", "Check", ""],
      ["dodge", "Dodge", t.encounter ? "" : "only in a fight"], ["dash", "Dash", ""], ["disengage", "Disengage", t.encounter ? "" : "only in a fight"],
      ["help", "Help", ""], ["rest", "Rest", t.encounter ? "not during a fight" : ""], ["end_turn", "End turn", t.encounter ? "" : "only in a fight"],
    ];
    // A level up waiting is the player's to take, out of a fight.
    if (c?.level_up && !t.encounter) kinds.push(["level_up", "Level up", ""]);
    const bar = $("actions");
    const focused = (document.activeElement as HTMLElement | null)?.closest?.("#actions button")?.getAttribute("data-kind");
    // The reason beside the action box already says why (another's turn, a
    // character down): it is not said twice.
    const said = !!blocked && blocked !== why.act && why.speakOnly !== "";
    const off = (k: string, own: string) => (k === "rest" && stable && !t.encounter && !why.act ? "" : blocked || own);
    fill(bar, kinds.map(([k, label, own]) => h("button", {
      type: "button", "data-kind": k, disabled: !c || !!off(k, own), "aria-pressed": this.detail === k ? "true" : "false",
      "aria-describedby": off(k, own) ? (said ? "act-why" : "actions-why") : null, title: off(k, own) || null,
      onclick: () => {
        if (["dodge", "dash", "disengage", "help", "end_turn"].includes(k)) this.intent({ kind: k } as Intent);
        else {
          this.detail = this.detail === k ? "" : k;
          this.drawActions();
          // An opened form takes the keyboard: its first control.
          if (this.detail) ($("action-detail").querySelector("select, button, input") as HTMLElement | null)?.focus();
        }
      },
    }, label)));
    // The reasons, in words beside the buttons: the whole bar's, or each button's own.
    const own = new Map<string, string[]>();
    for (const [k, label, r] of kinds) if (r && off(k, r) === r) own.set(r, [...(own.get(r) ?? []), label]);
    $("actions-why").textContent = said ? "" : blocked || [...own].map(([r, labels]) => `${names(labels)}: ${r}.`).join(" ");
    if (blocked) this.detail = "";
    if (focused) (bar.querySelector(`[data-kind="${focused}"]`) as HTMLButtonElement | null)?.focus();
    this.drawFeatureButtons(c, blocked, said);
    this.drawDetail(c, foes);
  }

  /**
   * drawFeatureButtons offers the character's features used on a turn
   * (action, bonus action, none), each with its uses left and, when it
   * cannot be used now, why. One that needs no more is used at once; one
   * that asks whom or which beast opens its form below.
   */
  private drawFeatureButtons(c: Character | undefined, blocked: string, said: boolean): void {
    const box = $("features"), why = $("features-why");
    const p = c ? participantOf(this.table, c.id) : undefined;
    const buttons = c ? featureButtons(c, p) : [];
    box.hidden = why.hidden = buttons.length === 0;
    const focused = (document.activeElement as HTMLElement | null)?.closest?.("#features button")?.getAttribute("data-feature");
    if (this.detail.startsWith("feature:") && !buttons.some((b) => `feature:${b.feature.id}` === this.detail && !b.why)) this.detail = "";
    fill(box, buttons.map((b) => {
      const off = blocked || b.why;
      const key = `feature:${b.feature.id}`;
      return h("button", {
        type: "button", "data-feature": b.feature.id, "data-use": b.feature.use ?? "", disabled: !!off,
        "aria-pressed": b.asks ? (this.detail === key ? "true" : "false") : null,
        "aria-describedby": off ? (blocked ? (said ? "act-why" : "actions-why") : "features-why") : null,
        title: off || b.feature.summary || null,
        onclick: () => {
          if (!b.asks) {
            this.intent(featureIntent(b.feature, b.ends ? { choice: "end" } : {}));
            return;
          }
          this.detail = this.detail === key ? "" : key;
          this.drawActions();
          if (this.detail) ($("action-detail").querySelector("select, button, input") as HTMLElement | null)?.focus();
        },
      }, b.label);
    }));
    // Why, in words: the bar's own reason is already said above it.
    const own = new Map<string, string[]>();
    for (const b of buttons) if (b.why) own.set(b.why, [...(own.get(b.why) ?? []), shortName(b.feature.name)]);
    why.textContent = blocked ? "" : [...own].map(([r, labels]) => `${names(labels)}: ${r}.`).join(" ");
    if (focused) (box.querySelector(`[data-feature="${CSS.escape(focused)}"]`) as HTMLButtonElement | null)?.focus();
  }

  private drawDetail(c: Character | undefined, foes: Encounter["participants"]): void {
    const box = $("action-detail");
    if (!c || !this.detail || this.whyNot().actions) { fill(box); return; }
    // Redrawn when the party changes: keep what the player had chosen.
    const chosen = new Map([...box.querySelectorAll("select")].map((s) => [s.id, s.value]));
    const focused = document.activeElement && box.contains(document.activeElement) ? document.activeElement.id : "";
    this.fillDetail(box, c, foes);
    for (const sel of box.querySelectorAll("select")) {
      const v = chosen.get(sel.id);
      if (v !== undefined && [...sel.options].some((o) => o.value === v) && sel.value !== v) {
        sel.value = v;
        sel.dispatchEvent(new Event("change"));
      }
    }
    if (focused) document.getElementById(focused)?.focus();
  }

  private fillDetail(box: HTMLElement, c: Character, foes: Encounter["participants"]): void {
    const go = (label: string, make: () => Intent | null) => h("button", { type: "button", class: "primary", id: `${this.detail}-go`, onclick: () => { const i = make(); if (i) this.intent(i); } }, label);
    switch (this.detail) {
      case "attack": {
        // Only what the character carries, by its SRD name.
        const weapons = equipment(c.inventory).weapons;
        const target = h("select", { id: "attack-target", "aria-label": "Target" }, foes.map((p) => option(p.id, `${p.name} (HP ${p.hp}/${p.max_hp})`)));
        // No weapon named: the server picks the best one the character carries.
        const weapon = h("select", { id: "attack-weapon", "aria-label": "Weapon" }, option("", "best weapon carried"), weapons.map((w) => option(w.id, w.name)));
        const hint = h("p", { id: "attack-hint", class: "hint", "aria-live": "polite" });
        const warn = () => {
          const left = reachLeft(this.table, c.id, target.value);
          hint.textContent = left.length ? `Leaving ${names(left)}'s reach: they may strike as you go (Disengage first to avoid it).` : "";
        };
        target.addEventListener("change", warn);
        warn();
        fill(box, h("div", { class: "bar" }, target, weapon, go("Attack", () => ({ kind: "attack", target_id: target.value, ...(weapon.value ? { weapon: weapon.value } : {}) }))), hint);
        break;
      }
      case "cast": {
        // In a fight the slots left are the encounter's.
        const slots = Object.entries(live(this.table, c).spell_slots ?? {}).filter(([, s]) => s.max - s.used > 0).map(([l]) => Number(l)).sort((a, b) => a - b);
        const top = slots.length ? Math.max(...slots) : 0;
        const known = srdSpells.filter(([, , lvl, classes]) => classes.split(" ").includes(c.class) && lvl <= top);
        const spell = h("select", { id: "cast-spell", "aria-label": "Spell" }, known.map(([id, name, lvl]) => option(id, `${name}${lvl ? ` (level ${lvl})` : " (cantrip)"}`)));
        const slot = h("select", { id: "cast-slot", "aria-label": "Slot level" });
        const target = h("select", { id: "cast-target", "aria-label": "Target" }, option("", "no target"),
          Object.values(this.table.characters).map((x) => option(x.id, x.name)), foes.map((p) => option(p.id, p.name)));
        const slotsFor = () => {
          const lvl = known.find((k) => k[0] === spell.value)?.[2] ?? 0;
          fill(slot, lvl === 0 ? option("", "cantrip: no slot") : slots.filter((l) => l >= lvl).map((l) => option(String(l), `slot level ${l}`)));
        };
        // What a spell asks the caster to pick (Conjure Animals' beast,
        // Polymorph's form, Protection from Energy's type): the server
        // reads it and refuses, by name, a pick the spell does not offer.
        const choice = h("input", { id: "cast-choice", type: "text", "aria-label": "Choice", maxlength: "60", autocomplete: "off",
          placeholder: "pick, if the spell asks one (wolf, frog, fire)" }) as HTMLInputElement;
        spell.onchange = slotsFor;
        slotsFor();
        fill(box, known.length
          ? h("div", { class: "bar" }, spell, slot, target, choice, go("Cast", () => ({
            kind: "cast", spell: spell.value,
            ...(slot.value ? { slot_level: Number(slot.value) } : {}),
            ...(target.value ? { target_ids: [target.value] } : {}),
            ...(choice.value.trim() ? { choice: choice.value.trim() } : {}),
          })))
          : h("p", { class: "hint" }, `${c.name} has no spells to cast now.`));
        break;
      }
      case "move": {
        const map = this.view.state.map;
        const here = map?.areas[c.area_id];
        const reach = (here?.reachable_area_ids ?? []).map((id) => map!.areas[id]).filter(Boolean);
        const left = reachLeft(this.table, c.id);
        fill(box, reach.length
          ? h("div", { class: "bar", role: "group", "aria-label": "Where to" }, reach.map((a) => h("button", { type: "button", id: `move-${a.id}`, "data-area": a.id, onclick: () => this.intent({ kind: "move", to_area_id: a.id }) }, `Go to ${a.name}`)))
          : h("p", { class: "hint" }, "Nowhere to go from here."),
        reach.length && left.length ? h("p", { id: "move-hint", class: "hint" }, `Leaving ${names(left)}'s reach: they may strike as you go (Disengage first to avoid it).`) : null);
        break;
      }
      case "check": {
        const ability = h("select", { id: "check-ability", "aria-label": "Ability" }, ABILITIES.map((a) => option(a, ABILITY_NAMES[a], a === "wis")));
        const skill = h("select", { id: "check-skill", "aria-label": "Skill" }, option("", "no skill"), SKILLS.map(([s, a]) => option(s, `${s.replace(/-/g, " ")} (${a})`, s === "perception")));
        skill.onchange = () => { const a = SKILLS.find((x) => x[0] === skill.value); if (a) ability.value = a[1]; };
        fill(box, h("div", { class: "bar" }, ability, skill, go("Check", () => ({ kind: "check", ability: ability.value, ...(skill.value ? { skill: skill.value } : {}) }))));
        break;
      }
      case "rest": {
        // A feature used during a short rest (Natural Recovery) is a short
        // rest with it.
        const during = (c.features ?? []).filter((f) => f.use === "rest" && !f.told);
        fill(box, h("div", { class: "bar" },
          h("button", { type: "button", id: "rest-short", onclick: () => this.intent({ kind: "rest", rest: "short" }) }, "Short rest"),
          during.map((f) => {
            const left = featureLeft(f);
            return h("button", { type: "button", "data-feature": f.id, disabled: left === 0, title: f.summary || null,
              onclick: () => this.intent(featureIntent(f)) }, `Short rest with ${featureLabel(f, left)}`);
          }),
          h("button", { type: "button", id: "rest-long", onclick: () => this.intent({ kind: "rest", rest: "long" }) }, "Long rest")),
        // Attuning to a magic item takes a short rest with it.
        attunable(c).length ? h("div", { class: "bar", role: "group", "aria-label": "Attunement" }, attunable(c).map((m) =>
          h("button", { type: "button", "data-attune": m.id,
            onclick: () => this.intent({ kind: "attune", item: m.id, ...(m.attuned ? { choice: "end" } : {}) }) },
          m.attuned ? `End attunement to ${m.name}` : `Attune to ${m.name}`))) : null);
        break;
      }
      case "level_up": {
        // Hit points by the class's fixed value or a roll; at a level that
        // brings an ability score improvement, +1 to two scores (or +2 to
        // one, chosen twice). The server says which levels bring one, and
        // what the new level's features ask to choose.
        const hp = h("select", { id: "level-hp", "aria-label": "Hit points" }, option("fixed", "fixed hit points"), option("roll", "roll the hit die"));
        const a1 = raiseSelect("level-asi-1", "Ability +1", "", "no ability +1"), a2 = raiseSelect("level-asi-2", "Ability +1", "", "no ability +1");
        const ask = this.levelChoices(c);
        const specs = typeof ask === "object" ? still(ask.choices, c.choices) : [];
        const subclass = typeof ask === "object" && ask.subclass && !c.subclass ? ask.subclass : "";
        const choices = h("div", { id: "level-choices", class: "choices" });
        const button = h("button", { type: "button", class: "primary", id: "level_up-go", onclick: () => void this.levelUp(c) }, `Reach level ${c.level + 1}`);
        const draw = () => {
          const errs = choiceProblems(specs, this.levelPicked);
          choiceFields(choices, "level", specs, this.levelPicked, errs, (p) => { this.levelPicked = p; draw(); });
          button.disabled = Object.keys(errs).length > 0;
        };
        fill(box, h("div", { class: "bar" }, hp, a1, a2, button),
          subclass ? h("p", { class: "hint" }, `Level ${c.level + 1} brings the subclass ${idName(subclass)}.`) : null,
          choices,
          ask === "asking" ? h("p", { class: "hint" }, "Reading what the new level asks…")
            : ask === "failed" ? h("p", { class: "hint" }, "What the new level asks to choose could not be read: the server takes its first options.") : null,
          h("p", { class: "hint" }, "An ability score improvement comes at levels 4, 8, 12, 16 and 19 (a fighter's at 6 and 14 too, a rogue's at 10)."));
        this.levelPicked = defaults(specs, this.levelPicked);
        draw();
        break;
      }
      default:
        if (this.detail.startsWith("feature:")) this.fillFeature(box, c, foes, this.detail.slice("feature:".length));
        else fill(box);
    }
  }

  /**
   * levelChoices is what the character's next level asks to choose, from
   * the server (GET /api/rules/choices at that level); asked once, and
   * the form drawn again when the answer comes.
   */
  private levelChoices(c: Character): RuleChoices | "asking" | "failed" {
    const key = `${c.id}:${c.level + 1}`;
    const have = this.levelAsks[key];
    if (have) return have;
    this.levelAsks[key] = "asking";
    this.levelPicked = {};
    this.levelAsking[key] = this.s.api.ruleChoices(c.class, c.race, c.level + 1, c.skills ?? []).then(
      (r) => { this.levelAsks[key] = r; },
      () => { this.levelAsks[key] = "failed"; },
    ).then(() => { if (!this.closed && this.detail === "level_up") this.drawActions(); });
    return "asking";
  }

  /**
   * levelUp sends the level up as the form has it. Pressed before the
   * server said what the level asks, it waits for that: a level that asks
   * nothing goes at once; one that asks a choice is shown first.
   */
  private async levelUp(c: Character): Promise<void> {
    if (this.levelChoices(c) === "asking") {
      await this.levelAsking[`${c.id}:${c.level + 1}`];
      const ask = this.levelChoices(c);
      if (typeof ask === "object" && still(ask.choices, c.choices).length) {
        this.say(`Level ${c.level + 1} asks a choice: make it, then reach the level.`);
        return;
      }
    }
    if (this.closed || this.detail !== "level_up") return;
    const ask = this.levelChoices(c);
    const specs = typeof ask === "object" ? still(ask.choices, c.choices) : [];
    const subclass = typeof ask === "object" && ask.subclass && !c.subclass ? ask.subclass : "";
    const increases: Record<string, number> = {};
    for (const a of [$select("level-asi-1").value, $select("level-asi-2").value]) if (a) increases[a] = (increases[a] ?? 0) + 1;
    const picked = Object.fromEntries(Object.entries(this.levelPicked).filter(([id]) => specs.some((sp) => sp.id === id)));
    this.intent({
      kind: "level_up", hp: $select("level-hp").value as "fixed" | "roll", ...(Object.keys(increases).length ? { increases } : {}),
      ...(subclass ? { subclass } : {}), ...(Object.keys(picked).length ? { choices: picked } : {}),
    });
  }

  /**
   * fillFeature is the form of a feature that asks something before it is
   * used: which beast Wild Shape takes (those the druid's level reaches),
   * or whom a feature used with an action acts on (a foe first in a fight,
   * else the character itself).
   */
  private fillFeature(box: HTMLElement, c: Character, foes: Encounter["participants"], id: string): void {
    const b = featureButtons(c, participantOf(this.table, c.id)).find((x) => x.feature.id === id);
    if (!b) { fill(box); return; }
    const name = shortName(b.feature.name);
    const use = (pick: { target_id?: string; choice?: string; way?: string }) => this.intent(featureIntent(b.feature, pick));
    if (b.asks === "way") {
      fill(box, h("div", { class: "bar", role: "group", "aria-label": name }, waysOf(b.feature).map(([way, label]) =>
        h("button", { type: "button", id: `feature-${way}`, onclick: () => use({ way }) }, label))),
      b.feature.summary ? h("p", { class: "hint" }, b.feature.summary) : null);
      return;
    }
    if (b.asks === "beast") {
      const beasts = beastsFor(c.level);
      const beast = h("select", { id: "feature-beast", "aria-label": "Beast" }, beasts.map(([bid, bname, cr]) => option(bid, `${bname} (CR ${crText(cr)})`)));
      fill(box, beasts.length
        ? h("div", { class: "bar" }, beast, h("button", { type: "button", class: "primary", id: "feature-go", onclick: () => use({ choice: beast.value }) }, name))
        : h("p", { class: "hint" }, `${c.name} cannot take a beast's shape yet.`));
      return;
    }
    const party = Object.values(this.table.characters).filter((x) => x.area_id === c.area_id && !x.dead);
    const target = h("select", { id: "feature-target", "aria-label": "On whom" },
      foes.map((p) => option(p.id, `${p.name} (HP ${p.hp}/${p.max_hp})`)),
      party.map((x) => option(x.id, x.id === c.id ? `${x.name} (yourself)` : x.name)), option("", "no one in particular"));
    fill(box, h("div", { class: "bar" }, target,
      h("button", { type: "button", class: "primary", id: "feature-go", onclick: () => use(target.value ? { target_id: target.value } : {}) }, name)),
    b.feature.summary ? h("p", { class: "hint" }, b.feature.summary) : null);
  }

  // ------------------------------------------------------------ dice

  private drawRoll(): void {
    const p = this.table.rollPrompt;
    const dock = $("roll");
    const mine = p && isMine(this.table, p.characterId);
    if (mine && !this.landing) {
      const fresh = dock.hidden || dock.dataset.roll !== p.rollId;
      dock.hidden = false;
      dock.dataset.roll = p.rollId;
      $("roll-what").textContent = `${nameOf(this.table, p.characterId)}: ${p.reason} — roll ${p.dice}${p.options.length ? ` (${p.options.join(", ")})` : ""}`;
      if (fresh) {
        $("roll-total").textContent = "";
        $("roll-breakdown").textContent = "";
        $("die").textContent = "?";
        $("die").className = "die";
        const b = $("roll-button") as HTMLButtonElement;
        b.disabled = false;
        b.hidden = false;
        if (document.activeElement === document.body || ["act", "action"].includes(document.activeElement?.id ?? "")) b.focus();
      }
    } else if (!this.rolling && !this.landing) {
      dock.hidden = true;
    }
  }

  private rollNow(): void {
    const p = this.table.rollPrompt;
    if (!p || this.rolling) return;
    this.rolling = { rollId: p.rollId, since: performance.now() };
    ($("roll-button") as HTMLButtonElement).disabled = true;
    $("die").className = "die rolling";
    $("die").textContent = "";
    this.send({ action: "roll", request_id: newId(), turn_id: p.turnId, roll_id: p.rollId });
  }

  /** land shows the server's result once the dice have tumbled a moment. */
  private land(rollId: string): void {
    const since = this.rolling?.since ?? 0;
    this.landing = true;
    const wait = Math.max(0, ROLL_MIN_MS - (performance.now() - since));
    setTimeout(() => {
      const r = this.table.lastRoll;
      this.rolling = null;
      if (!r || r.roll_id !== rollId) { this.landing = false; return; }
      const b = breakdown(r);
      $("die").className = "die landed";
      $("die").textContent = String(r.total);
      const verdict = typeof r.success === "boolean" ? `${r.dc ? `DC ${r.dc}: ` : ""}${r.success ? "pass" : "fail"}` : r.outcome ?? "";
      $("roll-total").textContent = `${r.total}${verdict ? ` — ${verdict}` : ""}`;
      const kept = b.terms.map((t) => t.rolled.length === t.kept.length ? `${t.dice}: ${t.rolled.join(" + ")}` : `${t.dice}: ${t.rolled.join(", ")} keeps ${t.kept.join(", ")}`);
      $("roll-breakdown").textContent = [...kept, b.modifier ? `modifier ${b.modifier > 0 ? "+" : ""}${b.modifier}` : "", b.edge].filter(Boolean).join(" · ");
      ($("roll-button") as HTMLButtonElement).hidden = true;
      $("roll").dataset.landed = rollId;
      setTimeout(() => {
        this.landing = false;
        $("roll").hidden = true;
        this.drawRoll();
      }, 2200);
    }, wait);
  }

  // ------------------------------------------------------------ reactions

  private myWindow(): Eligible[] {
    const r = this.table.reaction;
    if (!r) return [];
    return r.eligible.filter((e) => isMine(this.table, e.character_id) && !r.answered[e.character_id] && !this.answered.has(`${r.key}:${e.character_id}`));
  }

  private drawReaction(): void {
    const r = this.table.reaction;
    const mine = this.myWindow();
    const dock = $("react");
    if (!r || !mine.length) { dock.hidden = true; return; }
    const fresh = dock.hidden || dock.dataset.window !== r.key;
    dock.hidden = false;
    dock.dataset.window = r.key;
    $("react-trigger").textContent = r.trigger;
    $("react-trigger").hidden = !r.trigger;
    // An offer that is one of the character's features reads by its name
    // and summary: what one's own hit does (Divine Smite) is chosen so.
    const w = windowChoices(mine, this.table.characters, (id) => nameOf(this.table, id));
    $("react-what").textContent = w.what;
    fill($("react-choices"), w.choices.map((x) => h("button", {
      type: "button", class: x.primary ? "primary" : null, "data-reaction": x.reaction, "data-character": x.characterId,
      onclick: () => this.react(r.key, r.turnId, x.characterId, x.reaction),
    }, x.preview ? [h("strong", {}, x.label), h("span", { class: "offer-preview", "data-effect": x.effect }, x.preview)]
      : x.summary ? [h("strong", {}, x.label), h("span", { class: "offer-summary" }, x.summary)] : x.label)));
    if (fresh && (document.activeElement === document.body || document.activeElement?.closest("#turn-form, #actions, #features"))) {
      ($("react-choices").querySelector("button") as HTMLButtonElement | null)?.focus();
    }
    this.countdowns();
  }

  /** react answers one window; the next window of the same turn is asked anew. */
  private react(window: string, turnId: string, characterId: string, reaction: string): void {
    this.answered.add(`${window}:${characterId}`);
    this.send({ action: "react", request_id: newId(), turn_id: turnId, character_id: characterId, reaction });
    this.drawReaction();
  }

  private countdowns(): void {
    const r = this.table?.reaction;
    if (r && !$("react").hidden) {
      const left = Math.max(0, new Date(r.closesAt).getTime() - Date.now());
      const total = Math.max(1, (this.view.campaign.settings.reaction_window_seconds || 15) * 1000);
      $("react-left").textContent = `${Math.ceil(left / 1000)} s`;
      ($("react-bar") as HTMLElement).style.width = `${Math.min(100, (100 * left) / total)}%`;
      if (left === 0) $("react").hidden = true;
    }
    const p = this.table?.rollPrompt;
    if (p && !$("roll").hidden && p.deadline) {
      const left = Math.max(0, new Date(p.deadline).getTime() - Date.now());
      $("roll-deadline").textContent = left > 0 ? `${Math.ceil(left / 1000)} s to roll` : "";
    }
  }

  // ------------------------------------------------------------ wiring

  private bind(): void {
    ($("turn-form") as HTMLFormElement).onsubmit = (e) => {
      e.preventDefault();
      const text = $input("action").value.trim();
      const c = this.actor();
      const why = this.whyNot().act;
      if (why) { this.say(why); return; }
      if (!text || !c) { $input("action").focus(); return; }
      const request_id = newId();
      this.table = noteSent(this.table, request_id, text);
      this.sentAt[request_id] = performance.now();
      this.say("");
      this.send({ action: "turn", request_id, character_id: c.id, text });
      $input("action").value = "";
      this.stick();
      $input("action").focus();
    };
    $select("actor").onchange = () => { this.drawActions(); this.drawMap(); this.render(); };
    ($("resume") as HTMLButtonElement).onclick = () => { this.say(""); this.send({ action: "resume", request_id: newId() }); $input("action").focus(); };
    ($("undo") as HTMLButtonElement).onclick = () => this.takeBack("undo", "undo");
    ($("ask-undo") as HTMLButtonElement).onclick = () => this.takeBack("ask_undo", "ask-undo");
    ($("xcard") as HTMLButtonElement).onclick = () => this.takeBack("xcard", "xcard");
    // Enter while Act is off (a disabled button blocks the form's own
    // submission) still says why, beside the action box.
    $input("action").onkeydown = (e) => {
      if (e.key === "Enter" && ($("act") as HTMLButtonElement).disabled) {
        e.preventDefault();
        this.say(this.whyNot().act);
      }
    };
    const log = $("log");
    log.onscroll = () => {
      if (log.clientHeight === 0) return; // hidden
      this.follow = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
      if (this.follow) $("log-new").hidden = true;
    };
    ($("log-new") as HTMLButtonElement).onclick = () => { this.stick(); log.focus(); };
    // Escape closes an action's form and gives focus back to its button.
    $("action-detail").onkeydown = (e) => {
      if (e.key !== "Escape" || !this.detail) return;
      e.preventDefault();
      const kind = this.detail;
      this.detail = "";
      this.drawActions();
      const back = kind.startsWith("feature:") ? $("features").querySelector(`[data-feature="${CSS.escape(kind.slice("feature:".length))}"]`)
        : $("actions").querySelector(`[data-kind="${kind}"]`);
      (back as HTMLButtonElement | null)?.focus();
    };
    ($("roll-button") as HTMLButtonElement).onclick = () => this.rollNow();
  }

  private setupOwner(v: CampaignView): void {
    if (!this.owner) return;
    const link = v.invite_code ? inviteLink(location.origin + location.pathname.replace(/\/$/, ""), v.campaign.id, v.invite_code) : "";
    $("invite").hidden = !v.invite_code;
    $input("invite-link").value = link;
    $("invite-id").textContent = v.campaign.id;
    $("invite-code").textContent = v.invite_code ?? "";
    ($("invite-copy") as HTMLButtonElement).onclick = async () => {
      try {
        await navigator.clipboard.writeText(link);
      } catch {
        $input("invite-link").select();
        document.execCommand("copy");
      }
      $("invite-copy").textContent = "Copied";
      setTimeout(() => { $("invite-copy").textContent = "Copy"; }, 1500);
    };
    this.drawHomebrew(v.campaign.homebrew?.monsters ?? {});
    ($("homebrew-form") as HTMLFormElement).onsubmit = async (e) => {
      e.preventDefault();
      const box = $("homebrew-json") as HTMLTextAreaElement;
      const err = $("homebrew-error");
      const fail = (text: string) => { err.textContent = text; box.setAttribute("aria-invalid", "true"); box.focus(); };
      let block: Record<string, unknown>;
      try {
        block = JSON.parse(box.value);
      } catch (x) {
        fail(`This is not JSON the server can read: ${(x as Error).message}.`);
        return;
      }
      if (!block || typeof block !== "object" || Array.isArray(block) || typeof block.id !== "string" || !block.id) {
        fail("A stat block is one JSON object with an \"id\" (like \"bog-hag\").");
        return;
      }
      // The server keeps the whole set: send the others again with this one.
      const all = { ...(this.view.campaign.homebrew?.monsters ?? {}), [block.id]: block };
      try {
        const { campaign } = await this.s.api.setHomebrew(this.campaignId, all);
        this.view = { ...this.view, campaign: { ...this.view.campaign, homebrew: campaign.homebrew } };
        err.textContent = "";
        box.removeAttribute("aria-invalid");
        box.value = "";
        this.drawHomebrew(campaign.homebrew?.monsters ?? {});
      } catch (x) {
        // The server's own words: where in the stat block, and what is wrong.
        if (x instanceof ApiError && x.field) fail(`${x.field.replace(/^monsters\./, "")}: ${sentence(x.detail)}`);
        else fail(x instanceof ApiError ? sentence(bare(x.message)) : String(x));
      }
    };
    ($("fight-form") as HTMLFormElement).onsubmit = async (e) => {
      e.preventDefault();
      try {
        await this.s.api.startEncounter(this.campaignId, [{ srd_id: $input("fight-monster").value.trim(), count: Number($input("fight-count").value) }]);
      } catch (err) { $("notice").textContent = (err as Error).message; }
    };
    ($("fight-end") as HTMLButtonElement).onclick = async () => {
      const e = this.table.encounter;
      if (!e) return;
      try { await this.s.api.endEncounter(this.campaignId, e.id, $select("fight-outcome").value); } catch (err) { $("notice").textContent = (err as Error).message; }
    };
    ($("secret-form") as HTMLFormElement).onsubmit = async (e) => {
      e.preventDefault();
      try {
        await this.s.api.addSecret(this.campaignId, $input("secret-subject").value.trim(), $input("secret-text").value.trim());
        $input("secret-subject").value = "";
        $input("secret-text").value = "";
        await this.drawSecrets();
      } catch (err) { $("notice").textContent = (err as Error).message; }
    };
    void this.drawSecrets();
    this.setupBudget();
    ($("end") as HTMLButtonElement).onclick = () => this.send({ action: "end_session", request_id: newId() });
    ($("conclude") as HTMLButtonElement).onclick = () => {
      $("conclude-confirm").hidden = false;
      ($("conclude-no") as HTMLButtonElement).focus();
    };
    $("conclude-confirm").onkeydown = (e) => { if (e.key === "Escape") ($("conclude-no") as HTMLButtonElement).click(); };
    ($("conclude-no") as HTMLButtonElement).onclick = () => { $("conclude-confirm").hidden = true; ($("conclude") as HTMLButtonElement).focus(); };
    ($("conclude-yes") as HTMLButtonElement).onclick = async () => {
      try {
        await this.s.api.conclude(this.campaignId);
        $("conclude-confirm").hidden = true;
        this.onConcluded?.();
      } catch (err) { $("notice").textContent = (err as Error).message; }
    };
    this.drawCost();
  }

  /** onConcluded runs when the owner concluded the campaign from this page. */
  onConcluded: (() => void) | null = null;

  /** drawHomebrew lists the campaign's own stat blocks and offers them for encounters. */
  private drawHomebrew(monsters: Record<string, { id: string; name: string; cr?: number }>): void {
    const own = Object.values(monsters);
    fill($("homebrew-list"), own.map((m) => h("li", { "data-id": m.id }, h("span", {}, `${m.name || m.id} (${m.id})`))));
    fill($("monsters"), own.map((m) => option(m.id, `${m.name || m.id} (homebrew)`)),
      srdMonsters.filter(([id, , cr]) => cr <= 5 && !monsters[id]).map(([id, name, cr]) => option(id, `${name} (CR ${cr})`)));
  }

  private async drawSecrets(): Promise<void> {
    let secrets: Secret[] = [];
    try { ({ secrets } = await this.s.api.secrets(this.campaignId)); } catch { return; }
    fill($("secrets"), (secrets ?? []).map((s) => h("li", {},
      h("span", {}, s.subject ? `${s.subject}: ${s.text}` : s.text),
      h("button", { type: "button", "aria-label": `Forget: ${s.text}`, onclick: async () => {
        try { await this.s.api.removeSecret(this.campaignId, s.id); await this.drawSecrets(); } catch (err) { $("notice").textContent = (err as Error).message; }
      } }, "Forget"))));
  }

  /** drawCost shows every player the table's cost beside the owner's budgets, and how narration saves near them. */
  private drawCost(c: TableCost | undefined = this.view.cost): void {
    if (!c) return;
    $("cost").textContent = costLine(c);
    $("cost-step").textContent = stepLine(c);
    if (this.owner && document.activeElement?.closest("#budget-form") == null) {
      ($("budget-session") as HTMLInputElement).value = c.session_budget_usd?.toString() ?? "";
      ($("budget-campaign") as HTMLInputElement).value = c.campaign_budget_usd?.toString() ?? "";
    }
  }

  /** setupBudget lets the owner set the budgets: each field empty is none. */
  private setupBudget(): void {
    ($("budget-form") as HTMLFormElement).onsubmit = async (e) => {
      e.preventDefault();
      const session = budgetOf(($("budget-session") as HTMLInputElement).value);
      const whole = budgetOf(($("budget-campaign") as HTMLInputElement).value);
      if (session === null || whole === null) {
        $("budget-error").textContent = "A budget is an amount of dollars above 0, or empty for none.";
        return;
      }
      $("budget-error").textContent = "";
      try { await this.s.api.setBudget(this.campaignId, session, whole); } catch (err) { $("budget-error").textContent = (err as Error).message; }
    };
  }
}

/** attunable are the magic items a character carries that need attunement. */
function attunable(c: Character): Equipment["magic"] {
  return equipment(c.inventory).magic.filter((m) => m.attune);
}

/** carried lists a character's weapons, armour and magic items by their SRD names, with what a magic item does and has left. */
function carried(c: Character): HTMLElement | null {
  const all = gear(c.inventory);
  return all.length ? h("div", { class: "hint carries" }, `Carries ${all.join(" · ")}`) : null;
}

const SVG = "http://www.w3.org/2000/svg";

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>, text?: string): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

/**
 * drawGraph draws the area graph: areas on a ring, a line for each way
 * between two of them, the party's initials where they stand. The list
 * beside it says the same in words.
 */
function drawGraph(box: HTMLElement, areas: Area[], here: string | undefined, reach: Set<string>, at: Record<string, string[]>): void {
  box.replaceChildren();
  if (areas.length === 0) return;
  const w = 280, hgt = 170, cx = w / 2, cy = hgt / 2, rx = w / 2 - 50, ry = hgt / 2 - 28;
  const pos: Record<string, [number, number]> = {};
  areas.forEach((a, i) => {
    const t = (2 * Math.PI * i) / areas.length - Math.PI / 2;
    pos[a.id] = areas.length === 1 ? [cx, cy] : [cx + rx * Math.cos(t), cy + ry * Math.sin(t)];
  });
  const root = svg("svg", { viewBox: `0 0 ${w} ${hgt}`, class: "graph", "aria-hidden": "true", focusable: "false" });
  const seen = new Set<string>();
  for (const a of areas) {
    for (const b of a.reachable_area_ids ?? []) {
      const key = [a.id, b].sort().join(" ");
      if (!pos[b] || seen.has(key)) continue;
      seen.add(key);
      root.append(svg("line", { x1: pos[a.id][0], y1: pos[a.id][1], x2: pos[b][0], y2: pos[b][1], class: "edge" }));
    }
  }
  for (const a of areas) {
    const [x, y] = pos[a.id];
    root.append(svg("circle", { cx: x, cy: y, r: 7, class: a.id === here ? "node here" : reach.has(a.id) ? "node reach" : "node" }));
    root.append(svg("text", { x, y: y + 20, "text-anchor": "middle", class: "label" }, a.name));
    const who = (at[a.id] ?? []).map((n) => n.slice(0, 1).toUpperCase()).join("");
    if (who) root.append(svg("text", { x, y: y + 3, "text-anchor": "middle", class: a.id === here ? "who here" : "who" }, who.slice(0, 3)));
  }
  box.append(root);
}

/** whyChip is a "why N?" chip and the working it opens and closes, as lines; toggled hears it open (true) and close. */
function whyChip(label: string, lines: string[], open: boolean, toggled?: (open: boolean) => void): [HTMLElement, HTMLElement] {
  const box = h("ul", { class: "working", hidden: !open }, ...lines.map((l) => h("li", {}, l)));
  const chip = h("button", {
    type: "button", class: "chip why", "aria-expanded": String(open), title: "Why this number?",
    onclick: (ev: Event) => {
      box.hidden = !box.hidden;
      (ev.currentTarget as HTMLElement).setAttribute("aria-expanded", String(!box.hidden));
      toggled?.(!box.hidden);
    },
  }, label);
  return [chip, box];
}
