// The table's cost as every player sees it (protocol.md, "the table's
// cost"): the session's running cost and the campaign's total beside the
// owner's budgets, and how narration saves near them.

export interface CostStep { step: "shorter" | "low" | "offline"; scope: string; at_usd: number }

export interface TableCost {
  session_id?: string;
  session_usd: number;
  session_turns: number;
  campaign_usd: number;
  session_budget_usd?: number;
  campaign_budget_usd?: number;
  step?: "" | "shorter" | "low" | "offline";
  scope?: string;
  next?: CostStep;
}

const usd = (n: number): string => `$${n < 1 ? n.toFixed(4) : n.toFixed(2)}`;

const stepWords: Record<string, string> = {
  shorter: "shorter narration",
  low: "a smaller model narrates",
  offline: "the built-in narrator, for free",
};

const scopeWords: Record<string, string> = { session: "this session's budget", campaign: "the campaign's budget", day: "the game's budget for today" };

/** budgetWords names the budget scope means; with no session open, a session's is the next one's. */
function budgetWords(c: TableCost, scope: string | undefined): string {
  if (scope === "session" && !c.session_id) return "a session's budget";
  return scopeWords[scope ?? ""] ?? "a budget";
}

/** costLine is the table's cost in one line: "Session $0.0120 · campaign $0.0450 / $5.00". */
export function costLine(c: TableCost): string {
  const session = c.session_budget_usd !== undefined ? `${usd(c.session_usd)} / ${usd(c.session_budget_usd)}` : usd(c.session_usd);
  const total = c.campaign_budget_usd !== undefined ? `${usd(c.campaign_usd)} / ${usd(c.campaign_budget_usd)}` : usd(c.campaign_usd);
  return `Session ${session} · campaign ${total}`;
}

/** stepLine says how narration saves now, and what it does next and when; "" with no budget near. */
export function stepLine(c: TableCost): string {
  const parts: string[] = [];
  if (c.step) parts.push(`Saving: ${stepWords[c.step]} (${budgetWords(c, c.scope)}).`);
  if (c.next) parts.push(`At ${usd(c.next.at_usd)} of ${budgetWords(c, c.next.scope)}: ${stepWords[c.next.step]}.`);
  return parts.join(" ");
}

/** budgetOf reads a budget field: "" is none, else dollars (a number above 0). */
export function budgetOf(text: string): number | undefined | null {
  const t = text.trim().replace(/^\$/, "");
  if (t === "") return undefined;
  const n = Number(t);
  return Number.isFinite(n) && n > 0 ? n : null;
}
