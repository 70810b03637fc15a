// Standing orders on a character's sheet: what its reactions do when its
// player is not there to answer a window. The server keeps them and
// refuses, by name, an order for a reaction the character does not have;
// this draws them and the form that adds one.
import { h, option } from "./dom";
import { reactionLabel } from "./features";
import type { Character, Order } from "./protocol";

/** CANDIDATES are the reactions most sheets may order; a character's own reaction features join them. */
const CANDIDATES = ["shield", "counterspell", "hellish-rebuke", "cutting-words", "uncanny-dodge", "deflect-missiles", "opportunity-attack", "lucky"];

/** orderText says an order as the table reads it: "Shield when it turns a hit into a miss, 2 or more left, never the last". */
export function orderText(o: Order, label = reactionLabel(o.reaction)): string {
  if (o.when === "never") return `${label}: never`;
  let s = `${label} ${o.when === "changes" ? "when it turns the outcome" : "whenever offered"}`;
  if ((o.min_left ?? 0) > 1) s += `, ${o.min_left} or more left`;
  if (o.keep_last) s += ", never the last";
  return s;
}

/** orderable are the reactions the form offers for c: the common ones and its own reaction features, by label. */
export function orderable(c: Character): [string, string][] {
  const own = (c.features ?? []).filter((f) => f.use === "reaction").map((f): [string, string] => [f.id, f.name]);
  const rest = CANDIDATES.filter((id) => !own.some(([x]) => x === id)).map((id): [string, string] => [id, reactionLabel(id)]);
  return [...own, ...rest];
}

/**
 * ordersBox draws c's standing orders, each with a button that removes
 * it, and a form that adds one; save sends the whole new list (the
 * server answers with the sheet, which comes back as a character event).
 */
export function ordersBox(c: Character, open: boolean, save: (orders: Order[]) => void, toggled: (open: boolean) => void): HTMLElement {
  const orders = c.orders ?? [];
  const choices = orderable(c);
  const label = (id: string) => choices.find(([x]) => x === id)?.[1] ?? reactionLabel(id);
  const reaction = h("select", { id: `order-reaction-${c.id}`, "aria-label": "Reaction" }, choices.map(([id, name]) => option(id, name)));
  const when = h("select", { id: `order-when-${c.id}`, "aria-label": "When" },
    option("changes", "when it turns the outcome"), option("always", "whenever offered"), option("never", "never"));
  const floor = h("select", { id: `order-floor-${c.id}`, "aria-label": "What it keeps" },
    option("", "spend freely"), option("keep", "never the last slot or use"), option("2", "only with 2 or more left"), option("3", "only with 3 or more left"));
  const add = h("button", { type: "button", id: `order-add-${c.id}`, onclick: () => {
    const o: Order = { reaction: reaction.value, when: when.value as Order["when"] };
    if (o.when !== "never" && floor.value === "keep") o.keep_last = true;
    else if (o.when !== "never" && floor.value) o.min_left = Number(floor.value);
    save([...orders.filter((x) => x.reaction !== o.reaction), o]);
  } }, "Add order");
  const box = h("details", { class: "orders", "data-orders": c.id, open },
    h("summary", {}, `Standing orders (${orders.length})`),
    h("p", { class: "hint" }, "What your reactions do while you are away, or when a reaction window's time runs out; the first that holds decides."),
    orders.length
      ? h("ul", {}, orders.map((o) => h("li", { "data-order": o.reaction },
        h("span", {}, orderText(o, label(o.reaction))), " ",
        h("button", { type: "button", class: "order-remove", "aria-label": `Remove the order for ${label(o.reaction)}`,
          onclick: () => save(orders.filter((x) => x.reaction !== o.reaction)) }, "remove"))))
      : h("p", { class: "hint" }, "None: away, every reaction window is passed."),
    h("div", { class: "bar" }, reaction, when, floor, add));
  box.addEventListener("toggle", () => toggled(box.open));
  return box;
}
