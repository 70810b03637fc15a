package main

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"

	"chronicler/shared/narrator/standin"
)

// recapsOf is the text of every recap a page shows, the table's and its
// player's own (each with a line of its own).
const recapsOf = `[...document.querySelectorAll("#log .line.recap, #log .line.away")].map((e) => e.textContent).join("\n")`

// Two people in two browsers, narrated by the model stand-in: Aria closes
// the table while Tobin goes down to the cellar alone and searches it.
// Coming back, Aria's "while you were away" says that Mira, upstairs, saw
// nothing happen, and names nothing the cellar taught Tobin (read from
// the export's canon), though Aria's story shows Tobin's turns; when Aria opens the next session, the table's recap
// names none of it either, while Bram's page is told it as what Tobin
// also knows.
func TestBrowserCatchUpByKnowledge(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	_, base := narratedBy(t, standin.Config{Seed: 5, Words: standin.Words{Min: 400, Max: 500}}, nil)
	a := seat{t, "Aria", browser(t)}
	b := seat{t, "Bram", browser(t)}

	seatTogether(base, "Cellar Secrets", a, b)
	here := base + "/" + a.text(`location.hash`)
	a.do("start the session", visible("resume"), click("#resume"))
	for _, s := range []seat{a, b} {
		s.do("see the recap", logHas("Previously on Cellar Secrets"), waitJS(`document.getElementById("link").dataset.state === "online"`))
	}

	a.do("leave", chromedp.Navigate("about:blank"))
	b.do("see Mira away", waitJS(`document.querySelector('#party [data-id] .presence.absent') !== null`))
	b.act("I go down to the cellar")
	b.do("reach the cellar", committed(1), waitJS(`document.getElementById("scene").textContent.startsWith("Cellar")`))
	b.act("I search behind the casks")
	b.do("see the search told", committed(2))

	// What the cellar taught Tobin alone, as the canon keeps it.
	secrets := b.secretsOf("Tobin")
	if len(secrets) == 0 {
		t.Fatal("the cellar's narration established nothing for Tobin alone")
	}
	t.Logf("what Tobin alone knows: %q", secrets)
	mentions := func(text string) string { return mentionOf(text, secrets) }

	a.do("come back to the table", chromedp.Navigate(here), visible("table"),
		waitJS(`[...document.querySelectorAll("#log .line.away")].some((e) => e.textContent.startsWith("While you were away"))`),
		logHas("Tobin: I search behind the casks"))
	away := a.text(`[...document.querySelectorAll("#log .line.away")].map((e) => e.textContent).filter((x) => x.startsWith("While you were away")).join("\n")`)
	// A move is seen where it ends: Mira, upstairs, saw neither turn.
	if away != "While you were away, Mira saw nothing happen: the table played on elsewhere." {
		t.Errorf("Aria's catch-up: %q, want that Mira saw nothing happen", away)
	}
	if s := mentions(away); s != "" {
		t.Fatalf("Aria's catch-up names %q of the cellar, which Mira never saw: %q", s, away)
	}
	a.do("show the catch-up", chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll("#log .line.away")].pop().scrollIntoView({block: "center"})`))
	a.shot("catch-up")

	// The next session: the table's recap is what both characters know;
	// Bram, at the table as it opens, is told the rest on his own.
	a.do("end the session", waitJS(`document.getElementById("link").dataset.state === "online"`), click("#end"))
	for _, s := range []seat{a, b} {
		s.do("see the session end", logHas("The session has ended"))
	}
	a.do("open the next session", visible("resume"), click("#resume"))
	b.do("hear what Tobin also knows", waitJS(`[...document.querySelectorAll("#log .line.away")].some((e) => e.textContent.startsWith("What Tobin also knows"))`))
	own := b.text(`[...document.querySelectorAll("#log .line.away")].map((e) => e.textContent).filter((x) => x.startsWith("What Tobin also knows")).pop()`)
	if mentions(own) == "" {
		t.Fatalf("Bram's own recap names none of %q: %q", secrets, own)
	}
	b.do("show Tobin's own recap", chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll("#log .line.away")].pop().scrollIntoView({block: "center"})`))
	b.shot("catch-up-own")

	a.do("see the table's recap", waitJS(`[...document.querySelectorAll("#log .line.recap")].some((e) => e.textContent.includes("each of you knows their own part of the story"))`))
	// Whatever the opening told Aria's page came before her next turn.
	a.act("I light a lantern")
	a.do("see the lantern lit", committed(3))
	if s := mentions(a.text(recapsOf)); s != "" {
		t.Fatalf("Aria's page was told %q of the cellar: %q", s, a.text(recapsOf))
	}
}

// secretsOf reads the campaign's export on this page's behalf and returns
// the subjects of the facts that the character named alone knows.
func (s seat) secretsOf(name string) []string {
	s.t.Helper()
	raw, err := chromedp.Run(s.ctx, chromedp.Evaluate[string](`(async () => {
		const id = decodeURIComponent(location.hash.split("/")[1]);
		const token = JSON.parse(localStorage.getItem("identity")).token;
		const r = await fetch("/api/campaigns/" + encodeURIComponent(id) + "/export", {headers: {Authorization: "Bearer " + token}});
		return r.text();
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		s.t.Fatalf("%s: read the export: %v", s.name, err)
	}
	type character struct{ ID, Name string }
	var export struct {
		Characters []character
		canon
	}
	if err := json.Unmarshal([]byte(raw), &export); err != nil {
		s.t.Fatalf("%s: the export: %v (%.200s)", s.name, err, raw)
	}
	i := slices.IndexFunc(export.Characters, func(c character) bool { return c.Name == name })
	if i < 0 {
		s.t.Fatalf("the export has no character %s", name)
	}
	return export.knownOnlyTo(export.Characters[i].ID)
}
