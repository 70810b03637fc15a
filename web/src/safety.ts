// The safety panel: the table's lines and veils and this player's own,
// a form to add one, and the pause. What another player added privately
// never reaches this client, so nothing here can show it.
import type { Api } from "./api";
import { $, $input, $select, fill, h } from "./dom";
import type { ClientMessage, Limit, SafetyView, ServerMessage } from "./protocol";

export class SafetyPanel {
  private pausedBy = "";

  constructor(private readonly api: Api, private readonly campaignId: string, private readonly owner: boolean,
    private readonly send: (m: ClientMessage) => void, private readonly newId: () => string) {}

  /** open draws the panel from the server and binds its controls. */
  async open(readOnly: boolean): Promise<void> {
    $("safety").hidden = readOnly;
    $("limit-help").textContent = this.owner
      ? "Yours are the table's: every player sees them. A line never appears in the story; a veil happens off screen."
      : "Yours are private: the narrator keeps to them, and nobody else sees them or learns you added one. A line never appears in the story; a veil happens off screen.";
    ($("limit-form") as HTMLFormElement).onsubmit = async (e) => {
      e.preventDefault();
      const text = $input("limit-text").value.trim();
      if (!text) return;
      try {
        await this.api.addLimit(this.campaignId, $select("limit-kind").value as Limit["kind"], text);
        $input("limit-text").value = "";
        await this.draw();
      } catch (err) { $("limit-error").textContent = (err as Error).message; }
    };
    ($("pause") as HTMLButtonElement).onclick = () => {
      this.send({ action: this.pausedBy ? "unpause" : "pause", request_id: this.newId() });
    };
    await this.draw();
  }

  /** seen follows the table's pause from the event stream. */
  seen(m: ServerMessage): void {
    if (m.type !== "pause") return;
    this.showPause(m.paused ? m.by : "");
  }

  private async draw(): Promise<void> {
    let v: SafetyView;
    try { v = await this.api.safety(this.campaignId); } catch { return; }
    $("limit-error").textContent = "";
    fill($("limits"), [...v.lines, ...v.veils].map((l) => this.item(l)));
    this.showPause(v.pause?.by ?? "");
  }

  private item(l: Limit): HTMLElement {
    const whose = l.private ? "only you see it" : "the table's";
    const removable = l.mine || (!l.private && this.owner);
    return h("li", { "data-kind": l.kind },
      h("span", {}, `${l.kind === "line" ? "Line" : "Veil"}: ${l.text} `, h("span", { class: "hint" }, `(${whose})`)),
      removable ? h("button", { type: "button", "aria-label": `Remove: ${l.text}`, onclick: async () => {
        try { await this.api.removeLimit(this.campaignId, l.id); await this.draw(); } catch (err) { $("limit-error").textContent = (err as Error).message; }
      } }, "Remove") : null);
  }

  private showPause(by: string): void {
    this.pausedBy = by;
    $("paused").hidden = !by;
    $("paused").textContent = by ? `Paused by ${by}. Nobody acts, and no timer runs, until the pause ends.` : "";
    $("pause").textContent = by ? "End the pause" : "Pause the table";
  }
}
