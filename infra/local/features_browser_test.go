package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"chronicler/shared/srd"
)

// A barbarian's Rage from the table: the sheet lists its features and
// traits, the Rage button shows its uses, and on the barbarian's turn in
// a fight pressing it rages (a bonus action): the turn says so, the
// button shows one use fewer from the fight's pool and, the bonus action
// spent, says why it cannot be pressed again this turn.
func TestBrowserRagesFromTheFeatureButton(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	a := seat{t, "Aria", browser(t)}
	a.signIn(base)
	a.do("create a campaign", fill("campaign-name", "Red Mist"), click("#create-form button"), visible("table"))
	a.character("Brakka", "half-orc", "barbarian", false)
	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on Red Mist"))
	brakka := a.text(`document.querySelector("#party [data-id]").dataset.id`)
	rage := `document.querySelector('#features [data-feature="rage"]')`

	a.do("see Rage with its uses", waitJS(rage+` !== null && `+rage+`.textContent === "Rage (2 left)"`))
	a.do("read the sheet's features", click(fmt.Sprintf(`#party [data-id=%q] details.features-list summary`, brakka)),
		waitJS(fmt.Sprintf(`document.querySelector('#party [data-id=%q] details.features-list').open`, brakka)))
	sheet := a.text(fmt.Sprintf(`document.querySelector('#party [data-id=%q] details.features-list').textContent`, brakka))
	for _, want := range []string{"Unarmored Defense · always on", "Rage · a bonus action · 2 left", "Relentless Endurance"} {
		if !strings.Contains(sheet, want) {
			t.Errorf("the sheet's features say %q, without %q", sheet, want)
		}
	}

	// Two commoners (a club's 1d4 each) cannot drop a barbarian before her turn.
	a.do("start a brawl", fill("fight-monster", "commoner"), fill("fight-count", "2"), click("#fight-form button"), visible("fight"),
		waitJS(`document.getElementById("order").textContent.includes("Commoner 2")`))
	a.do("wait for Brakka's turn", waitJS(`document.getElementById("turn-of").textContent.startsWith("Your turn")`),
		waitJS(rage+`.textContent.includes("2") && !`+rage+`.disabled`))
	if open := a.text(fmt.Sprintf(`String(document.querySelector('#party [data-id=%q] details.features-list').open)`, brakka)); open != "true" {
		t.Errorf("the sheet's features closed as the fight began")
	}
	a.do("rage", click(`#features [data-feature="rage"]`), logHas("Brakka: uses Rage"))
	turn := a.text(`[...document.querySelectorAll("#log .line.action")].find((p) => p.textContent === "Brakka: uses Rage").dataset.key.slice("action:".length)`)
	a.do("see the rage told and saved", waitJS(fmt.Sprintf(`(() => {
		const n = document.querySelector('#log [data-key="narration:%s"].committed');
		return n !== null && /rage/i.test(n.textContent);
	})()`, turn)))
	a.axe("the table in a fight, with a feature used")
	a.do("see one use fewer", waitJS(rage+`.textContent === "Rage (1 left)"`),
		waitJS(fmt.Sprintf(`document.querySelector('#party [data-id=%q] details.features-list').textContent.includes("Rage · a bonus action · 1 left")`, brakka)))
	// Still her turn (a bonus action leaves the action), but no second bonus action.
	a.do("see why Rage is off", waitJS(`document.getElementById("turn-of").textContent.startsWith("Your turn")`), waitJS(rage+`.disabled`),
		waitJS(`document.getElementById("features-why").textContent === "Rage: the bonus action is already taken this turn."`),
		waitJS(`!document.querySelector('#actions [data-kind="attack"]').disabled`))
	if notice := a.text(`document.getElementById("notice").textContent`); notice != "" {
		t.Fatalf("Aria sees an error: %q", notice)
	}
}

// A character's own hit that one of its features could answer opens a
// window to its player alone, offered by feature id: the window shows the
// feature's name and summary from the sheet, as a choice of what the hit
// does, beside "Just the hit", and the choice goes back as a react. No
// on-hit feature is played on this branch yet (Divine Smite is the
// paladin's branch's), so the window and the sheet that lists the feature
// are told to the page as the server would send them. The paladin is made
// at 2nd level, with the fighting style the creation form asks for.
func TestBrowserOffersWhatAHitDoes(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	srv := newRestartable(t)
	a := seat{t, "Aria", browser(t)}
	a.signIn(srv.url())
	a.do("create a campaign", fill("campaign-name", "Oathbound"), click("#create-form button"), visible("table"))

	a.do("open character creation", click("#new-character"), visible("character"))
	a.do("make a 2nd-level paladin", fill("char-name", "Mira"), fill("char-race", "human"), fill("char-class", "paladin"), fill("char-level", "2"),
		waitJS(`document.querySelector('#choices [data-choice="fighting-style"]') !== null`))
	a.axe("character creation, with the class's choices")
	// The server's default is ticked; the player picks another.
	if got := a.text(`[...document.querySelectorAll('#choices [data-choice="fighting-style"] input:checked')].map((b) => b.value).join()`); got != "fighting-style-defense" {
		t.Errorf("the fighting style ticked at first is %q, want the server's default", got)
	}
	a.do("pick Dueling", click(`#choices input[value="fighting-style-defense"]`),
		waitJS(`document.querySelector('#choices input[value="fighting-style-dueling"]') !== null && !document.querySelector('#choices input[value="fighting-style-dueling"]').disabled`),
		click(`#choices input[value="fighting-style-dueling"]`),
		waitJS(`document.getElementById("derived-choices").textContent === "Fighting Style: Dueling"`),
		chromedpSkills(), click("#char-create"), visible("table"),
		waitJS(`document.getElementById("party").textContent.includes("paladin 2")`))
	mira := a.text(`document.querySelector("#party [data-id]").dataset.id`)
	chosen := awaited(a, `(async () => {
		const id = JSON.parse(localStorage.getItem("identity"));
		const r = await fetch("/api/campaigns/" + location.hash.slice(3), {headers: {Authorization: "Bearer " + id.token}});
		return JSON.stringify((await r.json()).characters[0].choices); })()`)
	if chosen != `{"fighting-style":["fighting-style-dueling"]}` {
		t.Errorf("the paladin's sheet chose %s, want Dueling", chosen)
	}

	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on Oathbound"),
		waitJS(`document.getElementById("turn-of").textContent === "Anyone may act."`))
	campaignID := strings.TrimPrefix(a.text(`location.hash`), "#c/")
	sheet := awaited(a, `(async () => {
		const id = JSON.parse(localStorage.getItem("identity"));
		const r = await fetch("/api/campaigns/" + location.hash.slice(3), {headers: {Authorization: "Bearer " + id.token}});
		const c = (await r.json()).characters[0];
		c.features = [...(c.features || []), {id: "divine-smite", name: "Divine Smite", use: "on_hit", summary: "Spend a spell slot on a melee hit for 2d8 radiant damage, more with a higher slot."}];
		return JSON.stringify(c); })()`)
	srv.tell(campaignID, fmt.Sprintf(`{"type":"character","campaign_id":%q,"character":%s}`, campaignID, sheet))
	closes := time.Now().Add(20 * time.Second).UTC().Format(time.RFC3339Nano)
	srv.tell(campaignID, fmt.Sprintf(`{"type":"reaction.window","campaign_id":%q,"turn_id":"t-hit","roll_id":"r1",
		"eligible":[{"character_id":%q,"reactions":["divine-smite"],"offers":[{"name":"divine-smite","changes":"yes"}]}],"closes_at":%q}`, campaignID, mira, closes))
	smite := `document.querySelector('#react [data-reaction="divine-smite"]')`
	a.do("see the hit's choice", visible("react"), waitJS(smite+` !== null`),
		waitJS(`document.getElementById("react-what").textContent === "Mira's hit: choose what it does."`))
	a.axe("a hit's choice")
	if got := a.text(smite + `.querySelector("strong").textContent`); got != "Divine Smite" {
		t.Errorf("the choice is named %q, want Divine Smite", got)
	}
	if got := a.text(smite + `.textContent`); !strings.Contains(got, "2d8 radiant") {
		t.Errorf("the choice says %q, without the feature's summary", got)
	}
	if got := a.text(`document.querySelector('#react [data-reaction="pass"]').textContent`); got != "Just the hit" {
		t.Errorf("the way out says %q, want Just the hit", got)
	}
	a.do("smite", click(`#react [data-reaction="divine-smite"]`), waitJS(`document.getElementById("react").hidden`))
	srv.tell(campaignID, fmt.Sprintf(`{"type":"reaction.received","campaign_id":%q,"turn_id":"t-hit","character_id":%q,"reaction":"divine-smite"}`, campaignID, mira))
	a.do("see the smite told", logHas("Mira uses Divine Smite."))
}

// chromedpSkills ticks the class's skills on the creation form.
func chromedpSkills() chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](`(() => {
		const boxes = [...document.querySelectorAll("#skills input")], n = Number(document.getElementById("skills").dataset.choose);
		boxes.filter((b) => !b.checked).slice(0, n - boxes.filter((b) => b.checked).length).forEach((b) => b.click());
	})()`)
}

// awaited is what the promise expr evaluates to in s's page comes to.
func awaited(s seat, expr string) string {
	s.t.Helper()
	v, err := chromedp.Run(s.ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		s.t.Fatalf("%s: %s: %v", s.name, expr, err)
	}
	return v
}

// A level up asks what the new level's features choose, as GET
// /api/rules/choices lists them less what the sheet already chose: a bard
// made at 2nd level, who wins a fight worth 3rd, is asked for Expertise
// in two of its skills (its subclass comes with the level) and keeps
// the two the player picks.
func TestBrowserLevelUpAsksTheNewLevelsChoices(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	a := seat{t, "Aria", browser(t)}
	a.signIn(base)
	a.do("create a campaign", fill("campaign-name", "Second Verse"), click("#create-form button"), visible("table"))
	a.do("make a 2nd-level bard", click("#new-character"), visible("character"), fill("char-name", "Lute"), fill("char-race", "elf"),
		fill("char-class", "bard"), fill("char-level", "2"), chromedpSkills(), click("#char-create"), visible("table"),
		waitJS(`document.getElementById("party").textContent.includes("bard 2")`))
	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on Second Verse"))

	// A goblin of straw worth the 600 XP from 2nd level to 3rd.
	g, _ := srd.LookupMonster("goblin")
	g.ID, g.Name, g.HP, g.AC, g.XP, g.SpecialAbilities = "straw-goblin", "Straw goblin", 1, 1, 600, nil
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
	if status := awaited(a, fmt.Sprintf(`(async () => {
		const id = JSON.parse(localStorage.getItem("identity"));
		const r = await fetch("/api/campaigns/" + location.hash.slice(3) + "/homebrew", {method: "POST",
			headers: {Authorization: "Bearer " + id.token, "Content-Type": "application/json"}, body: %q});
		return String(r.status); })()`, string(body))); status != "200" {
		t.Fatalf("homebrew: %s", status)
	}
	const won = `document.getElementById("log").textContent.includes("Victory! The fight is over.")`
	a.do("start the fight", fill("fight-monster", "straw-goblin"), fill("fight-count", "1"), click("#fight-form button"), visible("fight"))
	for i := 0; i < 6 && a.text(`String(`+won+`)`) != "true"; i++ {
		a.do("wait for Lute's turn", waitJS(`document.getElementById("turn-of").textContent.startsWith("Your turn") || `+won))
		if a.text(`String(`+won+`)`) == "true" {
			break
		}
		a.do("attack", click(`#actions [data-kind="attack"]`), waitJS(`document.getElementById("attack-target") !== null`), click("#attack-go"),
			waitJS(`!document.getElementById("turn-of").textContent.startsWith("Your turn") || `+won))
	}
	a.do("see the fight won", logHas("Victory! The fight is over."), waitJS(`document.getElementById("fight").hidden`))
	skills := awaited(a, `(async () => {
		const id = JSON.parse(localStorage.getItem("identity"));
		const r = await fetch("/api/campaigns/" + location.hash.slice(3), {headers: {Authorization: "Bearer " + id.token}});
		return (await r.json()).characters[0].skills.join(); })()`)
	picks := strings.Split(skills, ",")
	if len(picks) != 3 {
		t.Fatalf("the bard's skills are %q, want three", skills)
	}
	a.do("open the level up", waitJS(`document.querySelector('#actions [data-kind="level_up"]') !== null && !document.querySelector('#actions [data-kind="level_up"]').disabled`),
		click(`#actions [data-kind="level_up"]`), waitJS(`document.querySelectorAll('#level-choices [data-choice="expertise"] input').length >= 3`))
	if got := a.text(`[...document.querySelectorAll('#level-choices [data-choice="expertise"] input:checked')].map((b) => b.value).join()`); got != picks[0]+","+picks[1] {
		t.Errorf("the expertise ticked at first is %q, want the server's default, the first two skills", got)
	}
	a.axe("the level up with its choices")
	a.do("pick the last two skills", click(fmt.Sprintf(`#level-choices input[value=%q]`, picks[0])), waitJS(`document.getElementById("level_up-go").disabled`),
		click(fmt.Sprintf(`#level-choices input[value=%q]`, picks[2])), waitJS(`!document.getElementById("level_up-go").disabled`),
		click("#level_up-go"), waitJS(`document.getElementById("party").textContent.includes("bard 3")`))
	got := awaited(a, `(async () => {
		const id = JSON.parse(localStorage.getItem("identity"));
		const r = await fetch("/api/campaigns/" + location.hash.slice(3), {headers: {Authorization: "Bearer " + id.token}});
		const c = (await r.json()).characters[0];
		return JSON.stringify([c.subclass, c.choices.expertise]); })()`)
	if want := fmt.Sprintf(`["lore",[%q,%q]]`, picks[1], picks[2]); got != want {
		t.Errorf("the bard at 3rd level has %s, want %s", got, want)
	}
	if notice := a.text(`document.getElementById("notice").textContent`); notice != "" {
		t.Fatalf("Aria sees an error: %q", notice)
	}
}

// A magic item from the owner shows on the sheet; one that needs
// attunement is attuned from the rest panel, and the sheet says so, with
// the AC it adds.
func TestBrowserAttunesToAMagicItem(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	a := seat{t, "Aria", browser(t)}
	a.signIn(base)
	a.do("create a campaign", fill("campaign-name", "Ring Bearer"), click("#create-form button"), visible("table"))
	a.character("Bram", "human", "fighter", false)
	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on Ring Bearer"))
	bram := a.text(`document.querySelector("#party [data-id]").dataset.id`)
	ac := func() string {
		return a.text(fmt.Sprintf(`document.querySelector('#party [data-id=%q]').textContent.match(/AC (\d+)/)[1]`, bram))
	}
	status, err := chromedp.Run(a.ctx, chromedp.Evaluate[int](fmt.Sprintf(`(async () => {
		const id = JSON.parse(localStorage.getItem("identity"));
		const r = await fetch("/api/campaigns/" + location.hash.slice(3) + "/characters/%s/give", {method: "POST",
			headers: {Authorization: "Bearer " + id.token, "Content-Type": "application/json"}, body: '{"item":"ring-of-protection"}'});
		return r.status; })()`, bram), chromedp.EvalAwaitPromise))
	if err != nil || status != 200 {
		t.Fatalf("give: %d, %v", status, err)
	}
	sheet := fmt.Sprintf(`document.querySelector('#party [data-id=%q] .carries').textContent`, bram)
	a.do("see the ring carried", waitJS(sheet+`.includes("Ring of Protection (not attuned)")`))
	before := ac()
	a.do("attune from the rest panel", click(`#actions [data-kind="rest"]`), click(`[data-attune="ring-of-protection"]`),
		waitJS(sheet+`.includes("Ring of Protection (attuned)")`))
	if after := ac(); after == before {
		t.Errorf("attuned to a ring of protection, the sheet's AC stays %s", after)
	}
	if notice := a.text(`document.getElementById("notice").textContent`); notice != "" {
		t.Fatalf("Aria sees an error: %q", notice)
	}
}
