package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// chromium is Debian's browser, which `make test` installs.
const chromium = "/usr/bin/chromium"

// browser returns a headless Chromium with its own profile, so two of them
// are two people: separate storage, separate tokens.
func browser(t *testing.T) context.Context {
	t.Helper()
	if _, err := exec.LookPath(chromium); err != nil {
		t.Skip("chromium is not installed; `make test` installs it")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1100, 800))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	ctx, cancelTimeout := context.WithTimeout(ctx, 120*time.Second)
	t.Cleanup(func() { cancelTimeout(); cancel(); cancelAlloc() })
	return ctx
}

// waitJS waits until a JavaScript expression is true in the page.
func waitJS(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second))
}

// fill sets an input's value in the page, as typing would leave it.
func fill(id, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.getElementById(%q).value = %q`, id, value))
}

// click clicks the element in the page (its handlers run as for a user).
func click(selector string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).click()`, selector))
}

// pageState describes the page for a failure message.
func pageState(ctx context.Context) string {
	st, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + " notice=" + JSON.stringify(document.getElementById("notice").textContent) +
		" visible=" + ["signin", "lobby", "table"].filter((id) => !document.getElementById(id).hidden).join(",")`))
	if err != nil {
		return err.Error()
	}
	return st
}

func logHas(text string) chromedp.Action[chromedp.Void] {
	return waitJS(fmt.Sprintf(`document.getElementById("log").textContent.includes(%q)`, text))
}

// Two people in two browsers play the plain page end to end: sign in,
// create and join a campaign, create characters, resume, take turns that
// both see stream in, and end the session.
func TestBrowserTwoPlayers(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	base := inProcess(t, func(c *config) { c.pace = 30 * time.Millisecond })
	a, b := browser(t), browser(t)
	signIn := func(ctx context.Context, name string) {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(base)); err != nil {
			t.Fatalf("navigate: %v", err)
		}
		err := chromedp.Do(ctx,
			waitJS(`!document.getElementById("signin").hidden`),
			fill("player-name", name),
			click("#signin-form button"),
			waitJS(`!document.getElementById("lobby").hidden`))
		if err != nil {
			t.Fatalf("%s signs in: %v (%s)", name, err, pageState(ctx))
		}
	}
	character := func(ctx context.Context, name string) {
		t.Helper()
		err := chromedp.Do(ctx, waitJS(`!document.getElementById("table").hidden`),
			fill("char-name", name),
			click("#char-form button"),
			waitJS(fmt.Sprintf(`document.getElementById("actor").textContent.includes(%q)`, name)))
		if err != nil {
			t.Fatalf("create %s: %v (%s)", name, err, pageState(ctx))
		}
	}
	act := func(ctx context.Context, text string) {
		t.Helper()
		err := chromedp.Do(ctx, fill("action", text), click("#turn-form button"))
		if err != nil {
			t.Fatalf("act %q: %v", text, err)
		}
	}

	signIn(a, "Aria")
	err := chromedp.Do(a, fill("campaign-name", "The Sunken Crown"), fill("dice-mode", "interactive"),
		click("#create-form button"), waitJS(`!document.getElementById("table").hidden && document.getElementById("invite-code").textContent.length > 0`))
	if err != nil {
		t.Fatalf("create campaign: %v (%s)", err, pageState(a))
	}
	id, err := chromedp.Run(a, chromedp.Evaluate[string](`document.getElementById("invite-id").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	code, err := chromedp.Run(a, chromedp.Evaluate[string](`document.getElementById("invite-code").textContent`))
	if err != nil {
		t.Fatal(err)
	}
	character(a, "Mira")

	signIn(b, "Bram")
	if id == "" || code == "" {
		t.Fatalf("no invite shown: id %q code %q", id, code)
	}
	err = chromedp.Do(b, fill("join-id", id), fill("join-code", code),
		click("#join-form button"))
	if err != nil {
		t.Fatalf("join: %v (%s)", err, pageState(b))
	}
	character(b, "Tobin")

	if err := chromedp.Do(a, click("#resume"), logHas("Previously on The Sunken Crown")); err != nil {
		t.Fatalf("resume: %v (%s)", err, pageState(a))
	}
	if err := chromedp.Do(b, logHas("Previously on The Sunken Crown")); err != nil {
		t.Fatalf("the recap did not reach the other player: %v", err)
	}
	act(a, "I light a lantern")
	for name, ctx := range map[string]context.Context{"Aria": a, "Bram": b} {
		if err := chromedp.Do(ctx, logHas("Mira lights a lantern.")); err != nil {
			t.Fatalf("%s did not see Mira's turn narrated: %v (%s)", name, err, pageState(ctx))
		}
	}
	// The next turn waits for the table to see this one saved.
	for name, ctx := range map[string]context.Context{"Aria": a, "Bram": b} {
		if err := chromedp.Do(ctx, waitJS(`document.querySelectorAll("#log .committed").length >= 1`)); err != nil {
			t.Fatalf("%s did not see Mira's turn committed: %v (%s)", name, err, pageState(ctx))
		}
	}
	act(b, "I make a perception check")
	// Interactive dice: Bram is asked to roll, and rolls.
	if err := chromedp.Do(b, waitJS(`!document.getElementById("roll-prompt").hidden`), click("#roll-button")); err != nil {
		t.Fatalf("Bram is not asked to roll: %v (%s)", err, pageState(b))
	}
	if err := chromedp.Do(a, logHas("Tobin must roll 1d20")); err != nil {
		t.Fatalf("Aria does not see that Tobin must roll: %v (%s)", err, pageState(a))
	}
	for name, ctx := range map[string]context.Context{"Aria": a, "Bram": b} {
		if err := chromedp.Do(ctx, logHas("Tobin makes a Wisdom (Perception) check")); err != nil {
			t.Fatalf("%s did not see Tobin's turn narrated: %v (%s)", name, err, pageState(ctx))
		}
	}
	// Aria loaded the table before Tobin existed: the party catches up.
	if err := chromedp.Do(a, waitJS(`document.getElementById("party").textContent.includes("Tobin")`)); err != nil {
		t.Fatalf("Aria's party does not show Tobin: %v", err)
	}
	for name, ctx := range map[string]context.Context{"Aria": a, "Bram": b} {
		if notice, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById("notice").textContent`)); err != nil || notice != "" {
			t.Fatalf("%s sees an error: %q %v", name, notice, err)
		}
	}
	// The owner starts an encounter once Tobin's turn is saved; both tables
	// show it; the owner ends it.
	if err := chromedp.Do(a, waitJS(`document.querySelectorAll("#log .committed").length >= 2`)); err != nil {
		t.Fatalf("Aria did not see Tobin's turn committed: %v (%s)", err, pageState(a))
	}
	// A structured action: Aria moves Mira with a button, no words needed.
	if err := chromedp.Do(a, waitJS(`[...document.querySelectorAll("#actions button")].some((b) => b.textContent === "Go to Cellar")`),
		chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll("#actions button")].find((b) => b.textContent === "Go to Cellar").click()`)); err != nil {
		t.Fatalf("Aria cannot move Mira: %v (%s)", err, pageState(a))
	}
	for name, ctx := range map[string]context.Context{"Aria": a, "Bram": b} {
		if err := chromedp.Do(ctx, logHas("Mira goes from Common Room to Cellar."), waitJS(`document.querySelectorAll("#log .committed").length >= 3`)); err != nil {
			t.Fatalf("%s did not see Mira move: %v (%s)", name, err, pageState(ctx))
		}
	}
	if err := chromedp.Do(a, fill("fight-count", "1"), click("#fight-form button")); err != nil {
		t.Fatal(err)
	}
	for name, ctx := range map[string]context.Context{"Aria": a, "Bram": b} {
		if err := chromedp.Do(ctx, waitJS(`!document.getElementById("fight").hidden && document.getElementById("order").textContent.includes("Goblin 1")`)); err != nil {
			t.Fatalf("%s does not see the encounter: %v (%s)", name, err, pageState(ctx))
		}
	}
	shot, err := chromedp.Run(a, chromedp.FullScreenshot(100))
	if err == nil {
		if dir := os.Getenv("SCREENSHOTS"); dir != "" {
			_ = os.WriteFile(filepath.Join(dir, "table.png"), shot, 0o644)
		}
	}
	if err := chromedp.Do(a, click("#fight-end")); err != nil {
		t.Fatal(err)
	}
	for name, ctx := range map[string]context.Context{"Aria": a, "Bram": b} {
		if err := chromedp.Do(ctx, logHas("The encounter ends (victory).")); err != nil {
			t.Fatalf("%s does not see the encounter end: %v (%s)", name, err, pageState(ctx))
		}
	}
	if err := chromedp.Do(b, click("#end")); err != nil {
		t.Fatal(err)
	}
	for name, ctx := range map[string]context.Context{"Aria": a, "Bram": b} {
		if err := chromedp.Do(ctx, waitJS(`document.getElementById("status").textContent === "paused"`)); err != nil {
			t.Fatalf("%s does not see the campaign paused: %v", name, err)
		}
	}
}
