package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// postHomebrew posts the owner's stat blocks from the page, with the
// page's own sign-in.
func (s seat) postHomebrew(blocks ...string) {
	s.t.Helper()
	body := `{"monsters": {`
	for i, b := range blocks {
		id := b[strings.Index(b, `"id":"`)+6:]
		id = id[:strings.Index(id, `"`)]
		if i > 0 {
			body += ","
		}
		body += fmt.Sprintf("%q: %s", id, b)
	}
	body += "}}"
	status, err := chromedp.Run(s.ctx, chromedp.Evaluate[int](fmt.Sprintf(`(async () => {
		const id = JSON.parse(localStorage.getItem("identity"));
		const r = await fetch("/api/campaigns/" + location.hash.slice(3) + "/homebrew", {method: "POST",
			headers: {Authorization: "Bearer " + id.token, "Content-Type": "application/json"}, body: %q});
		return r.status; })()`, body), chromedp.EvalAwaitPromise))
	if err != nil || status != 200 {
		s.t.Fatalf("homebrew: %d, %v", status, err)
	}
}

// fightUntil plays the player's turns in the fight on the page (attack
// when attack is set, else end the turn) until the log says done.
func (s seat) fightUntil(done string, attack bool) {
	s.t.Helper()
	over := fmt.Sprintf(`document.getElementById("log").textContent.includes(%q)`, done)
	for i := 0; i < 30; i++ {
		s.do("wait for a turn", waitJS(`document.getElementById("turn-of").textContent.startsWith("Your turn") || `+over))
		if s.text(fmt.Sprintf(`String(%s)`, over)) == "true" {
			return
		}
		if now := s.text(`document.getElementById("turn-of").textContent`); now == "Anyone may act." {
			s.t.Fatalf("%s: %q in the middle of a fight", s.name, now)
		}
		// The turn played shows in the log as a new entry; the monsters'
		// turns after it may already have given the turn back.
		entries := s.text(`String(document.getElementById("log").children.length)`)
		if attack {
			s.do("attack", click(`#actions [data-kind="attack"]`), waitJS(`document.getElementById("attack-target") !== null`), click("#attack-go"))
		} else {
			s.do("end the turn", waitJS(`!document.querySelector('#actions [data-kind="end_turn"]').disabled`), click(`#actions [data-kind="end_turn"]`))
		}
		s.do("the turn played", waitJS(`document.getElementById("log").children.length > `+entries+` || `+over))
	}
	s.t.Fatalf("no %q after 30 turns", done)
}

// The adventure's key moments as a player sees them: a check from words
// says pass or fail against its DC, a fight ends by itself with the XP
// shown, the Level up control levels the character, and a party wipe ends
// the fight as a defeat with nobody's turn left up.
func TestBrowserAdventureKeyMoments(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	a := seat{t, "Aria", browser(t)}
	a.signIn(base)
	a.do("create a campaign", fill("campaign-name", "The Sunken Mill"), click("#create-form button"), visible("table"))
	a.character("Tobin", "human", "fighter", false)
	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on The Sunken Mill"))
	tobin := a.text(`document.querySelector("#party [data-id]").dataset.id`)

	// A check from words: the roll line says the DC and pass or fail.
	a.act("I try to lift the heavy barrel")
	a.do("see the check's verdict", committed(1), logMatches(`Strength \(Athletics\) check: 1d20\+\d+ rolled \[\d+\] = \d+ against DC 15: (pass|fail)`))

	// A fight won ends by itself, with the XP shown; its level is taken.
	a.postHomebrew(strawGoblin)
	a.do("start the fight", fill("fight-monster", "straw-goblin"), fill("fight-count", "1"), click("#fight-form button"), visible("fight"))
	a.fightUntil("Victory! The fight is over.", true)
	a.do("see the fight won with its XP", logHas("Victory! The fight is over. Each survivor earns 600 XP."), waitJS(`document.getElementById("fight").hidden`),
		waitJS(`document.getElementById("turn-of").textContent === "Anyone may act."`))
	a.do("level up", waitJS(`document.querySelector('#actions [data-kind="level_up"]') !== null && !document.querySelector('#actions [data-kind="level_up"]').disabled`),
		click(`#actions [data-kind="level_up"]`), waitJS(`document.getElementById("level-hp") !== null`), fill("level-hp", "fixed"), click("#level_up-go"))
	a.do("see Tobin at level 2", waitJS(fmt.Sprintf(`document.querySelector('#party [data-id=%q] .hint').textContent.includes("fighter 2")`, tobin)),
		waitJS(`document.querySelector('#actions [data-kind="level_up"]') === null`))

	// Alone against three ogres: the fight is lost as Tobin falls, and
	// nobody's turn stays up (the ogres leave, the campaign's default).
	// Three ogres may drop him before his first turn: the fight may be
	// over as soon as it shows.
	a.do("start the last fight", fill("fight-monster", "ogre"), fill("fight-count", "3"), click("#fight-form button"),
		waitJS(`!document.getElementById("fight").hidden || document.getElementById("log").textContent.includes("Defeat: the party has fallen.")`))
	a.fightUntil("Defeat: the party has fallen.", false)
	a.do("see the defeat end the fight", waitJS(`document.getElementById("fight").hidden`),
		waitJS(`!document.getElementById("turn-of").textContent.includes("turn")`),
		// Left alone, his minutes are played out at once: stable, dead or
		// up again with a natural 20, never left dying.
		waitJS(fmt.Sprintf(`(() => { const t = document.querySelector('#party [data-id=%q]').textContent;
			return /unconscious, stable|dead/.test(t) || !/dying/.test(t) && !/HP 0\b/.test(t); })()`, tobin)))
	if notice := a.text(`document.getElementById("notice").textContent`); notice != "" {
		t.Fatalf("Aria sees an error: %q", notice)
	}
}
