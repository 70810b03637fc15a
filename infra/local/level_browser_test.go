package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"chronicler/shared/srd"
)

// A fight won for a level's worth of XP puts a Level up button before the
// player; taking it with fixed hit points makes the character level 2 on
// the party panel, and the button goes.
func TestBrowserLevelsUpAfterAFight(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	a := seat{t, "Aria", browser(t)}
	a.signIn(base)
	a.do("create a campaign", fill("campaign-name", "Rising"), click("#create-form button"), visible("table"))
	a.character("Tobin", "human", "fighter", false)
	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on Rising"))
	tobin := a.text(`document.querySelector("#party [data-id]").dataset.id`)

	// A goblin of straw worth a level: 1 HP, AC 1, a scimitar at -5.
	g, _ := srd.LookupMonster("goblin")
	g.ID, g.Name, g.HP, g.AC, g.XP, g.SpecialAbilities = "straw-goblin", "Straw goblin", 1, 1, 300, nil
	for _, act := range g.Actions {
		if act.Name == "Scimitar" {
			bonus := -5
			act.AttackBonus = &bonus
			g.Actions = []srd.Action{act}
			break
		}
	}
	body, err := json.Marshal(map[string]any{"monsters": map[string]srd.Monster{g.ID: g}})
	if err != nil {
		t.Fatal(err)
	}
	status, err := chromedp.Run(a.ctx, chromedp.Evaluate[int](fmt.Sprintf(`(async () => {
		const id = JSON.parse(localStorage.getItem("identity"));
		const r = await fetch("/api/campaigns/" + location.hash.slice(3) + "/homebrew", {method: "POST",
			headers: {Authorization: "Bearer " + id.token, "Content-Type": "application/json"}, body: %q});
		return r.status; })()`, string(body)), chromedp.EvalAwaitPromise))
	if err != nil || status != 200 {
		t.Fatalf("homebrew: %d, %v", status, err)
	}
	a.do("start the fight", fill("fight-monster", "straw-goblin"), fill("fight-count", "1"), click("#fight-form button"), visible("fight"))
	for i := 0; i < 6 && !strings.Contains(a.text(`document.getElementById("log").textContent`), "Victory! The fight is over."); i++ {
		a.do("wait for Tobin's turn", waitJS(`document.getElementById("turn-of").textContent.startsWith("Your turn") || document.getElementById("log").textContent.includes("Victory! The fight is over.")`))
		if strings.Contains(a.text(`document.getElementById("log").textContent`), "Victory! The fight is over.") {
			break
		}
		a.do("attack", click(`#actions [data-kind="attack"]`), waitJS(`document.getElementById("attack-target") !== null`), click("#attack-go"),
			waitJS(`document.getElementById("turn-of").textContent === "" || !document.getElementById("turn-of").textContent.startsWith("Your turn") || document.getElementById("log").textContent.includes("Victory! The fight is over.")`))
	}
	a.do("see the fight won", logHas("Victory! The fight is over."), waitJS(`document.getElementById("fight").hidden`))
	a.do("level up", waitJS(`document.querySelector('#actions [data-kind="level_up"]') !== null && !document.querySelector('#actions [data-kind="level_up"]').disabled`),
		click(`#actions [data-kind="level_up"]`), waitJS(`document.getElementById("level-hp") !== null`), fill("level-hp", "fixed"), click("#level_up-go"))
	a.do("see Tobin at level 2", waitJS(fmt.Sprintf(`document.querySelector('#party [data-id=%q] .hint').textContent.includes("fighter 2")`, tobin)),
		waitJS(`document.querySelector('#actions [data-kind="level_up"]') === null`))
	if notice := a.text(`document.getElementById("notice").textContent`); notice != "" {
		t.Fatalf("Aria sees an error: %q", notice)
	}
}
