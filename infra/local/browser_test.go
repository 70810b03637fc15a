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
	ctx, cancelTimeout := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(func() { cancelTimeout(); cancel(); cancelAlloc() })
	return ctx
}

// waitJS waits until a JavaScript expression is true in the page.
func waitJS(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(8*time.Second))
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
			chromedp.WaitVisible(chromedp.CSS("#player-name")),
			chromedp.SendKeys(chromedp.CSS("#player-name"), name),
			chromedp.Click(chromedp.CSS("#signin-form button")),
			chromedp.WaitVisible(chromedp.CSS("#lobby")))
		if err != nil {
			t.Fatalf("%s signs in: %v", name, err)
		}
	}
	character := func(ctx context.Context, name string) {
		t.Helper()
		err := chromedp.Do(ctx, chromedp.WaitVisible(chromedp.CSS("#table")),
			chromedp.SendKeys(chromedp.CSS("#char-name"), name),
			chromedp.Click(chromedp.CSS("#char-form button")),
			waitJS(fmt.Sprintf(`document.getElementById("actor").textContent.includes(%q)`, name)))
		if err != nil {
			t.Fatalf("create %s: %v", name, err)
		}
	}
	act := func(ctx context.Context, text string) {
		t.Helper()
		err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.CSS("#action"), text), chromedp.Click(chromedp.CSS("#turn-form button")))
		if err != nil {
			t.Fatalf("act %q: %v", text, err)
		}
	}

	signIn(a, "Aria")
	err := chromedp.Do(a, chromedp.SendKeys(chromedp.CSS("#campaign-name"), "The Sunken Crown"),
		chromedp.Click(chromedp.CSS("#create-form button")), waitJS(`document.getElementById("invite-code").textContent.length > 0`))
	if err != nil {
		t.Fatalf("create campaign: %v", err)
	}
	id, err := chromedp.Run(a, chromedp.Text(chromedp.CSS("#invite-id")))
	if err != nil {
		t.Fatal(err)
	}
	code, err := chromedp.Run(a, chromedp.Text(chromedp.CSS("#invite-code")))
	if err != nil {
		t.Fatal(err)
	}
	character(a, "Mira")

	signIn(b, "Bram")
	err = chromedp.Do(b, chromedp.SendKeys(chromedp.CSS("#join-id"), id), chromedp.SendKeys(chromedp.CSS("#join-code"), code),
		chromedp.Click(chromedp.CSS("#join-form button")))
	if err != nil {
		t.Fatalf("join: %v", err)
	}
	character(b, "Tobin")

	if err := chromedp.Do(a, chromedp.Click(chromedp.CSS("#resume")), logHas("Previously on The Sunken Crown")); err != nil {
		t.Fatalf("resume: %v", err)
	}
	if err := chromedp.Do(b, logHas("Previously on The Sunken Crown")); err != nil {
		t.Fatalf("the recap did not reach the other player: %v", err)
	}
	act(a, "I light a lantern")
	for name, ctx := range map[string]context.Context{"Aria": a, "Bram": b} {
		if err := chromedp.Do(ctx, logHas("Mira lights a lantern.")); err != nil {
			t.Fatalf("%s did not see Mira's turn narrated: %v", name, err)
		}
	}
	act(b, "I check the door for traps")
	for name, ctx := range map[string]context.Context{"Aria": a, "Bram": b} {
		if err := chromedp.Do(ctx, logHas("Tobin checks the door for traps.")); err != nil {
			t.Fatalf("%s did not see Tobin's turn narrated: %v", name, err)
		}
	}
	// Aria loaded the table before Tobin existed: the party catches up.
	if err := chromedp.Do(a, waitJS(`document.getElementById("party").textContent.includes("Tobin")`)); err != nil {
		t.Fatalf("Aria's party does not show Tobin: %v", err)
	}
	for name, ctx := range map[string]context.Context{"Aria": a, "Bram": b} {
		if notice, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#notice"))); err != nil || notice != "" {
			t.Fatalf("%s sees an error: %q %v", name, notice, err)
		}
	}
	shot, err := chromedp.Run(a, chromedp.FullScreenshot(100))
	if err == nil {
		if dir := os.Getenv("SCREENSHOTS"); dir != "" {
			_ = os.WriteFile(filepath.Join(dir, "table.png"), shot, 0o644)
		}
	}
	if err := chromedp.Do(b, chromedp.Click(chromedp.CSS("#end"))); err != nil {
		t.Fatal(err)
	}
	for name, ctx := range map[string]context.Context{"Aria": a, "Bram": b} {
		if err := chromedp.Do(ctx, waitJS(`document.getElementById("status").textContent === "paused"`)); err != nil {
			t.Fatalf("%s does not see the campaign paused: %v", name, err)
		}
	}
}
