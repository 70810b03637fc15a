package main

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// Two people set the table's limits and pause it through the web client:
// the owner's line is the table's, seen by both; the player's veil is
// private, seen by him alone and marked so; his pause shows on both
// pages, holds the owner's turn with a word of why, and the owner ends it.
func TestBrowserSafetyTools(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	base := inProcess(t)
	a := seat{t, "Aria", browser(t)}
	b := seat{t, "Bram", browser(t)}
	seatTogether(base, "The Mill Cellar", a, b)

	a.do("draw a line for the table", visible("safety"), waitJS(`document.getElementById("limit-help").textContent.includes("every player sees them")`),
		fill("limit-kind", "line"), fill("limit-text", "spiders"), click("#limit-form button"),
		waitJS(`document.getElementById("limits").textContent.includes("Line: spiders")`))
	b.do("veil a subject privately", visible("safety"), waitJS(`document.getElementById("limit-help").textContent.includes("private")`),
		fill("limit-kind", "veil"), fill("limit-text", "drowning"), click("#limit-form button"),
		waitJS(`document.getElementById("limits").textContent.includes("Veil: drowning (only you see it)")`),
		waitJS(`document.getElementById("limits").textContent.includes("Line: spiders (the table's)")`))
	b.shot("safety-player")
	a.do("read the limits again", chromedp.Reload(), visible("table"), waitJS(`document.getElementById("limits").textContent.includes("Line: spiders")`))
	if got := a.text(`document.getElementById("limits").textContent`); strings.Contains(got, "drowning") {
		t.Fatalf("the owner's page shows Bram's private veil: %q", got)
	}

	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on The Mill Cellar"))
	b.do("see the session", waitJS(`document.getElementById("link").dataset.state === "online"`))
	b.do("pause the table", click("#pause"), visible("paused"),
		waitJS(`document.getElementById("paused").textContent.includes("Paused by Bram")`),
		waitJS(`document.getElementById("pause").textContent === "End the pause"`))
	a.do("see the pause", visible("paused"), logHas("Bram paused the table"))
	a.act("I light a lantern")
	a.do("be told the table is paused", logHas("able is paused (by Bram)"))
	a.shot("safety-paused")
	a.do("end the pause as the owner", click("#pause"), logHas("Aria ended the pause; play goes on."),
		waitJS(`document.getElementById("paused").hidden`))
	b.do("see play go on", logHas("Aria ended the pause"), waitJS(`document.getElementById("paused").hidden`),
		waitJS(`document.getElementById("pause").textContent === "Pause the table"`))
	a.act("I light a lantern")
	a.do("play on", committed(1))
}
