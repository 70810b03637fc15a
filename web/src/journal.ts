// The journal: every committed turn of the campaign (action, rolls,
// reactions, narration) from GET /turns, to scroll and search; for the
// owner, the context the narrator was given for each turn.
import type { Api } from "./api";
import { $, $input, fill, h, plural, when } from "./dom";
import type { Turn } from "./protocol";
import { reactionLabel, rollLine } from "./state";
import { actionLine, rulesPlayed } from "./words";

const PAGE = 500;

export class Journal {
  private turns: Turn[] = [];
  private loaded = 0;
  private done = false;
  private loading: Promise<void> | null = null;

  constructor(private readonly api: Api, private readonly campaignId: string, private readonly owner: boolean) {
    $input("journal-search").value = "";
    $input("journal-search").oninput = () => this.render();
    ($("journal-more") as HTMLButtonElement).onclick = () => void this.more();
  }

  /** show loads what was committed since the last look and draws the list. */
  async show(): Promise<void> {
    this.done = false;
    await this.more();
  }

  private more(): Promise<void> {
    if (this.loading) return this.loading;
    this.loading = (async () => {
      try {
        // Whole pages until the end: a journal is a few thousand turns at most.
        for (let i = 0; i < 20 && !this.done; i++) {
          const page = await this.api.turns(this.campaignId, this.loaded, PAGE);
          for (const t of page.turns) {
            if (t.sequence > this.loaded) {
              this.turns.push(t);
              this.loaded = t.sequence;
            }
          }
          if (page.next === undefined || page.turns.length === 0) this.done = true;
        }
      } catch (err) {
        $("notice").textContent = (err as Error).message;
      } finally {
        this.loading = null;
      }
      this.render();
    })();
    return this.loading;
  }

  private render(): void {
    const q = $input("journal-search").value.trim().toLowerCase();
    const text = (t: Turn) => [t.actor_name, t.action, t.narration, ...(t.rolls ?? []).map(rollLine),
      ...(t.reactions ?? []).flatMap((a) => [reactionLabel(a.reaction), a.text])].join(" ").toLowerCase();
    const shown = q ? this.turns.filter((t) => text(t).includes(q)) : this.turns;
    $("journal-count").textContent = q
      ? `${plural(shown.length, "turn")} of ${this.turns.length} match “${q}”.`
      : `${plural(this.turns.length, "turn")}.`;
    ($("journal-more") as HTMLButtonElement).hidden = this.done;
    fill($("journal-list"), shown.map((t) => this.entry(t)));
  }

  private entry(t: Turn): HTMLElement {
    const li = h("li", { class: "entry", "data-seq": t.sequence },
      h("p", { class: "entry-head" },
        h("span", { class: "seq" }, `#${t.sequence}`), " ",
        ...(rulesPlayed(t.action) ? [h("strong", {}, actionLine(t.actor_name, t.action))] : [h("strong", {}, t.actor_name || "The table"), ": ", t.action]), " ",
        h("time", { datetime: t.created_at, class: "hint" }, when(t.created_at))),
      (t.rolls ?? []).map((r) => h("p", { class: "roll" }, rollLine(r))),
      (t.reactions ?? []).map((a) => h("p", { class: "reaction", "data-reaction": a.reaction },
        h("span", { class: "tag" }, reactionLabel(a.reaction)), " ", a.text)),
      t.rules_result ? h("p", { class: "rules" }, t.rules_result) : null,
      h("p", { class: "narration" }, t.narration));
    if (this.owner) {
      const box = h("div", { class: "context" });
      const btn = h("button", { type: "button", class: "small", onclick: async () => {
        btn.disabled = true;
        try {
          const c = await this.api.context(this.campaignId, t.sequence);
          fill(box, h("p", { class: "hint" }, `${c.model || "narrator"} · ${c.total_tokens} tokens · $${c.cost_usd.toFixed(4)}`),
            c.blocks.map((b) => h("details", {},
              h("summary", {}, `${b.name} — ${b.tokens} tokens${b.cached ? " (cached)" : ""}`),
              h("pre", {}, b.text))));
        } catch (err) {
          fill(box, h("p", { class: "field-error" }, (err as Error).message));
        }
        btn.disabled = false;
      } }, "What the narrator was given");
      li.append(btn, box);
    }
    return li;
  }
}
