package main

import (
	"strings"
	"testing"
)

// A check's number in the story opens its working: the "why?" beside the
// roll lists the modifiers the rules added, each with its source (the
// ability the check used), the total they make, and the rule.
func TestBrowserOpensARollsWorking(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	a := seat{t, "Aria", browser(t)}
	a.signIn(base)
	a.do("create a campaign", fill("campaign-name", "Reasons"), click("#create-form button"), visible("table"))
	a.character("Tobin", "human", "fighter", false)
	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on Reasons"))
	a.do("make a perception check", click(`#actions [data-kind="check"]`), waitJS(`document.getElementById("check-skill") !== null`),
		fill("check-skill", "perception"), clickText("#action-detail button", "Check"),
		waitJS(`document.querySelector("#log .line.roll .why") !== null`))
	a.do("open its working", click("#log .line.roll .why"), waitJS(`!document.querySelector("#log .line.roll .working").hidden`))
	lines := a.text(`[...document.querySelectorAll("#log .line.roll .working li")].map((li) => li.textContent).join("\n")`)
	for _, want := range []string{" Wisdom", "rule: Ability Checks", "= "} {
		if !strings.Contains(lines, want) {
			t.Fatalf("the working reads %q, want it to name %q", lines, want)
		}
	}
	if got := a.text(`document.querySelector("#log .line.roll .why").getAttribute("aria-expanded")`); got != "true" {
		t.Fatalf("the why? button says aria-expanded=%q once open", got)
	}
}
