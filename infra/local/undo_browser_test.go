package main

import (
	"strings"
	"testing"
	"time"

	"chronicler/shared/narrator/standin"
)

// Two people in two browsers take a turn back and withdraw a narration:
// Tobin's player asks to undo his turn and the owner sees it asked; the
// owner undoes it and both stories strike it out, offering the owner the
// turn before; Tobin's player taps the X-card, whose button says it is
// anonymous, and both stories withdraw the narration, name nobody and
// show its retelling.
func TestBrowserUndoAndTheXCard(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	model, err := standin.Start(standin.Config{Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(model.Close)
	base := inProcess(t, func(c *config) {
		c.pace = 20 * time.Millisecond
		c.turnRate = 1000
		c.getenv = standinEnv(model.URL, nil)
	})
	a := seat{t, "Aria", browser(t)}
	b := seat{t, "Bram", browser(t)}
	both := []seat{a, b}

	seatTogether(base, "Second Thoughts", a, b)
	a.do("start the session", visible("resume"), click("#resume"))
	for _, s := range both {
		s.do("see the recap", logHas("Previously on Second Thoughts"), waitJS(`document.getElementById("link").dataset.state === "online"`))
	}
	if got := a.text(`document.getElementById("undo").hidden + "/" + document.getElementById("ask-undo").hidden`); got != "false/true" {
		t.Errorf("the owner's undo/ask buttons hidden: %s, want the undo only", got)
	}
	if got := b.text(`document.getElementById("undo").hidden + "/" + document.getElementById("ask-undo").hidden`); got != "true/false" {
		t.Errorf("a player's undo/ask buttons hidden: %s, want the ask only", got)
	}
	if title := b.text(`document.getElementById("xcard").title`); !strings.Contains(title, "Anonymous") {
		t.Errorf("the X-card's title %q does not say it is anonymous", title)
	}

	a.act("I light a lantern")
	for _, s := range both {
		s.do("see Mira's turn saved", committed(1))
	}
	b.act("I go down to the cellar")
	for _, s := range both {
		s.do("see Tobin's turn saved", committed(2), waitJS(`!document.getElementById("xcard").disabled`))
	}

	b.do("ask to undo", click("#ask-undo"))
	a.do("see the ask", logHas("asks the owner to take the last turn back"))
	a.do("undo Tobin's turn", waitJS(`!document.getElementById("undo").disabled`), click("#undo"))
	for _, s := range both {
		s.do("see the turn struck out", logHas("The owner took the last turn back"),
			waitJS(`document.querySelectorAll("#log .line.undone.narration").length === 1`))
	}
	a.do("offered the turn before", waitJS(`!document.getElementById("undo").disabled`))
	a.shot("undo")

	withdrawn := b.text(`[...document.querySelectorAll("#log .narration.committed:not(.undone)")].pop().textContent`)
	b.do("tap the X-card", waitJS(`!document.getElementById("xcard").disabled`), click("#xcard"))
	for _, s := range both {
		s.do("see the narration withdrawn and told again", logHas("Someone tapped the X-card"),
			waitJS(`(() => { const n = [...document.querySelectorAll("#log .narration.committed:not(.undone)")].pop();
				return n && n.textContent.trim() !== "" && !n.querySelector(".slow"); })()`))
		line := s.text(`[...document.querySelectorAll("#log .line.system")].map((e) => e.textContent).filter((x) => x.includes("X-card")).join("|")`)
		if strings.Contains(line, "Tobin") || strings.Contains(line, "Bram") {
			t.Errorf("%s: the X-card's line names who tapped it: %q", s.name, line)
		}
	}
	if told := b.text(`[...document.querySelectorAll("#log .narration.committed:not(.undone)")].pop().textContent`); told == withdrawn {
		t.Logf("the retelling reads as the withdrawn narration did: %q", told)
	}
	b.shot("xcard")
}
