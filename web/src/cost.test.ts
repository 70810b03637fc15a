import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { budgetOf, costLine, stepLine, type TableCost } from "./cost";

const spent: TableCost = { session_id: "s1", session_usd: 0.0123, session_turns: 4, campaign_usd: 0.4, campaign_budget_usd: 5 };

describe("the table's cost, as every player reads it", () => {
  it("PutsEachCostBesideItsBudget", () => {
    assert.equal(costLine(spent), "Session $0.0123 · campaign $0.4000 / $5.00");
    assert.equal(costLine({ ...spent, session_budget_usd: 0.5 }), "Session $0.0123 / $0.5000 · campaign $0.4000 / $5.00");
  });

  it("SaysTheStepTakenAndTheNext", () => {
    const near: TableCost = { ...spent, step: "shorter", scope: "campaign", next: { step: "low", scope: "campaign", at_usd: 4.25 } };
    assert.equal(stepLine(near), "Saving: shorter narration (the campaign's budget). At $4.25 of the campaign's budget: a smaller model narrates.");
    assert.equal(stepLine({ ...spent }), "", "no budget near, nothing to say");
  });

  it("NamesASessionsBudgetAsTheNextSessionsWhileNoneIsOpen", () => {
    const next = { step: "shorter", scope: "session", at_usd: 0.035 } as const;
    assert.equal(stepLine({ session_usd: 0, session_turns: 0, campaign_usd: 0, session_budget_usd: 0.05, next }), "At $0.0350 of a session's budget: shorter narration.");
    assert.equal(stepLine({ ...spent, session_budget_usd: 0.05, next }), "At $0.0350 of this session's budget: shorter narration.");
  });

  it("ReadsABudgetInDollars", () => {
    assert.equal(budgetOf(""), undefined);
    assert.equal(budgetOf("$2.50"), 2.5);
    assert.equal(budgetOf("-1"), null);
    assert.equal(budgetOf("lots"), null);
  });
});
