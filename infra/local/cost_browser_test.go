package main

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"chronicler/shared/narrator/standin"
)

// costSaving waits until a page's cost line says narration saves.
func costSaving() chromedp.Action[chromedp.Void] {
	return waitJS(`document.getElementById("cost-step").textContent.startsWith("Saving:")`)
}

// Two browsers: the owner sets a session's budget in the table's tools
// before the session opens, and the other player, who has no tools, sees
// it at once in the header beside the session's cost, with the step
// narration will take first and at what spend, and again after a reload.
// The table plays on until the first saving step, shorter narration,
// shows on both pages, in the header and in the story.
func TestBrowserEveryPlayerSeesTheTablesCost(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	_, base := narratedBy(t, standin.Config{Seed: 7}, pricedTiers)
	a := seat{t, "Aria", browser(t)}
	b := seat{t, "Bram", browser(t)}
	both := []seat{a, b}

	seatTogether(base, "The Tally", a, b)
	b.do("be online", waitJS(`document.getElementById("link").dataset.state === "online"`))
	if !b.bool(`document.getElementById("owner").hidden`) {
		t.Fatal("Bram, not the owner, sees the table's tools")
	}

	a.do("refuse a budget that is no amount", fill("budget-session", "lots"), click("#budget-form button"),
		waitJS(`document.getElementById("budget-error").textContent.includes("dollars")`))
	// A turn costs about $0.005 and the steps are $0.012 apart (70% and
	// 85% of the budget): the table reaches the first step first, and
	// takes it for a turn before the next.
	a.do("set the session's budget", fill("budget-session", "0.08"), click("#budget-form button"),
		waitJS(`document.getElementById("budget-error").textContent === ""`))
	const before = "At $0.0560 of a session's budget: shorter narration."
	b.do("see the budget beside the session's cost as it is set",
		waitJS(`document.getElementById("cost").textContent === "Session $0.0000 / $0.0800 · campaign $0.0000"`))
	b.do("see the step the budget calls for first", waitJS(fmt.Sprintf(`document.getElementById("cost-step").textContent === %q`, before)))
	b.do("see both again on a fresh load", chromedp.Reload(), visible("table"),
		waitJS(`document.getElementById("cost").textContent === "Session $0.0000 / $0.0800 · campaign $0.0000"`),
		waitJS(fmt.Sprintf(`document.getElementById("cost-step").textContent === %q`, before)),
		waitJS(`document.getElementById("link").dataset.state === "online"`))

	a.do("start the session", visible("resume"), click("#resume"))
	for _, s := range both {
		s.do("see the session's budget as the session opens", logHas("Previously on The Tally"),
			waitJS(`document.getElementById("cost-step").textContent === "At $0.0560 of this session's budget: shorter narration."`))
	}

	actions := []string{"I look around the common room", "I make a perception check", "I listen at the cellar door", "I make an investigation check"}
	turn := func(n int) {
		both[n%2].act(actions[n%len(actions)])
		for _, s := range both {
			s.do(fmt.Sprintf("see turn %d saved", n+1), committed(n+1))
		}
	}
	turns := 0
	for ; turns < 20 && !b.bool(`document.getElementById("cost-step").textContent.startsWith("Saving:")`); turns++ {
		turn(turns)
	}
	for _, s := range both {
		s.do("see the budget call for saving", costSaving())
		if step := s.text(`document.getElementById("cost-step").textContent`); step != "Saving: shorter narration (this session's budget). At $0.0680 of this session's budget: a smaller model narrates." {
			t.Errorf("%s's header after %d turns says %q: want shorter narration first, then the smaller model at 85%%", s.name, turns, step)
		}
		var session, whole float64
		line := s.text(`document.getElementById("cost").textContent`)
		if _, err := fmt.Sscanf(line, "Session $%f / $0.0800 · campaign $%f", &session, &whole); err != nil || session < 0.056 || session >= 0.068 || whole != session {
			t.Errorf("%s's cost line after %d turns: %q, want the session's spend (the campaign's too) between $0.0560 and $0.0680", s.name, turns, line)
		}
	}
	// The turn that reached the step was narrated in full; the next is the
	// first to save, and the story says so as it is told.
	turn(turns)
	for _, s := range both {
		s.do("see the story say narration saves", logHas("This session's budget is nearly spent"), logHas("narration is shorter from now on"), costSaving())
	}
	t.Logf("%d turns; %s", turns, b.text(`document.getElementById("table-cost").textContent`))
	b.shot("table-cost")
}
