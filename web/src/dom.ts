// A few DOM helpers: the client builds its views with these, no framework.

type Attrs = Record<string, string | number | boolean | null | undefined | ((ev: Event) => void)>;
type Child = Node | string | number | null | undefined | false | Child[];

/** h builds an element: h("button", {class: "x", onclick: f}, "Go"). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (typeof v === "function") el.addEventListener(k.replace(/^on/, ""), v as EventListener);
    else if (k === "class") el.className = String(v);
    else if (v === true) el.setAttribute(k, "");
    else if (k === "value" && "value" in el) (el as HTMLInputElement).value = String(v);
    else el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}

function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.appendChild(typeof c === "object" ? c : document.createTextNode(String(c)));
  }
}

export function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no #${id}`);
  return el;
}

export function $input(id: string): HTMLInputElement { return $(id) as HTMLInputElement; }
export function $select(id: string): HTMLSelectElement { return $(id) as HTMLSelectElement; }

/** fill replaces an element's children. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  append(el, children);
}

export function option(value: string, label: string, selected = false): HTMLOptionElement {
  const o = new Option(label, value, selected, selected);
  return o;
}

export function plural(n: number, one: string, many = one + "s"): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** when says a time the way a person would: "today 14:05", "3 Mar 2026". */
export function when(iso: string): string {
  const t = new Date(iso);
  if (!iso || isNaN(t.getTime()) || t.getUTCFullYear() < 2000) return "never";
  const now = new Date();
  const time = t.toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });
  if (t.toDateString() === now.toDateString()) return `today ${time}`;
  return t.toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
}
