package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// axeSource is axe-core, as web/package-lock.json pins it (`make web-test`
// installs it).
var axeSource = sync.OnceValues(func() (string, error) {
	b, err := os.ReadFile(filepath.Join("..", "..", "web", "node_modules", "axe-core", "axe.min.js"))
	return string(b), err
})

// axe runs axe-core on the page as it is and fails on any violation.
func (s seat) axe(screen string) {
	s.t.Helper()
	src, err := axeSource()
	if err != nil {
		s.t.Fatalf("axe-core is not installed (run `make web-test`): %v", err)
	}
	if s.text(`String(typeof window.axe)`) == "undefined" {
		s.do("load axe-core", chromedp.Evaluate[chromedp.Void](src))
	}
	found, err := chromedp.Run(s.ctx, chromedp.Evaluate[[]string](`axe.run(document, {resultTypes: ["violations"]}).then((r) =>
		r.violations.map((v) => v.id + " (" + v.impact + "): " + v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")))`, chromedp.EvalAwaitPromise))
	if err != nil {
		s.t.Fatalf("%s: axe on %s: %v", s.name, screen, err)
	}
	if len(found) > 0 {
		s.t.Errorf("%s: axe-core finds %d violations on %s: %s", s.name, len(found), screen, strings.Join(found, "; "))
	}
}

// press sends keys to the focused element, as a keyboard would.
func press(keys string, opts ...chromedp.KeyOption) chromedp.Action[chromedp.Void] {
	return chromedp.KeyEvent(keys, opts...)
}

// focused is the id (or the data-kind) of what has the keyboard.
const focused = `(document.activeElement.id || document.activeElement.dataset.kind || document.activeElement.tagName)`

// The table's rough edges, as a first evening runs into them, by two
// players: one at a desktop, who plays by keyboard only, and one on a
// phone's screen with two characters, who came by invite link.
func TestBrowserTableForEveryone(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	// The evening is played faster than a table would: no turn limit.
	base := inProcess(t, func(c *config) { c.pace = 20 * time.Millisecond; c.turnRate = 1000 })
	a := seat{t, "Aria", browser(t)}
	b := seat{t, "Bram", browser(t)}

	// Bram's page records the URL of every socket it opens.
	record := `(() => { const W = window.WebSocket; window.sockets = [];
		window.WebSocket = function (u, p) { window.sockets.push(String(u)); return new W(u, p); };
		window.WebSocket.prototype = W.prototype; Object.assign(window.WebSocket, { OPEN: 1, CLOSED: 3 }); })()`
	b.do("record sockets", chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: record})
		return err
	}), chromedp.EmulateViewport(390, 844))

	// Sign-in, with the icon and the manifest a browser asks for.
	a.do("open", chromedp.Navigate(base), visible("signin"))
	a.axe("sign-in")
	for _, f := range []string{"favicon.svg", "manifest.json"} {
		got, err := chromedp.Run(a.ctx, chromedp.Evaluate[bool](fmt.Sprintf(`fetch(%q).then((r) => r.ok)`, f), chromedp.EvalAwaitPromise))
		if err != nil || !got {
			t.Errorf("%s is not served: %v", f, err)
		}
	}
	if icon := a.text(`String(document.querySelector('link[rel="icon"]')?.href ?? "") + " " + String(document.querySelector('link[rel="manifest"]')?.href ?? "")`); !strings.Contains(icon, "favicon.svg") || !strings.Contains(icon, "manifest.json") {
		t.Errorf("the page names no icon or manifest: %q", icon)
	}

	// A new player is shown the recovery code once, until they keep it.
	a.do("sign in", fill("player-name", a.name), click("#signin-form button"), visible("lobby"), visible("recovery-once"),
		waitJS(`document.getElementById("recovery-once-code").textContent.includes("-")`))
	a.axe("lobby with the recovery code")
	a.do("keep the code", click("#recovery-kept"), waitJS(`document.getElementById("recovery-once").hidden`),
		chromedp.Reload(), visible("lobby"), painted())
	if !a.bool(`document.getElementById("recovery-once").hidden`) {
		t.Error("the recovery code is shown again after it was kept")
	}

	a.do("create the campaign", fill("campaign-name", "The Long Evening"), click("#create-form button"), visible("table"),
		waitJS(`document.getElementById("invite-link").value.includes("#join/")`))
	link := a.text(`document.getElementById("invite-link").value`)
	a.do("open character creation", click("#new-character"), visible("character"), click("#char-create"),
		waitJS(`document.getElementById("err-name").textContent !== ""`))
	a.axe("character creation, with its errors")
	a.do("back to the table", click("#character-back"), visible("table"))
	a.character("Mira", "elf", "wizard", false)
	a.axe("the table before play")

	// Controls before the session: off, with the reason beside them.
	a.do("see why nobody can act", waitJS(`document.getElementById("act").disabled`),
		waitJS(`document.getElementById("act-why").textContent.includes("Start the session")`),
		waitJS(`document.querySelector('#actions [data-kind="check"]').disabled && document.getElementById("actions-why").textContent !== ""`))

	// Bram arrives by the invite link, never signed in: the code is shown
	// to him too, on the table he lands at.
	b.do("open the invite", chromedp.Navigate(link), visible("signin"), fill("player-name", b.name), click("#signin-form button"),
		visible("table"), visible("recovery-once"), waitJS(`document.getElementById("recovery-once-code").textContent.includes("-")`))
	b.axe("the table with the recovery code, at a phone's width")
	b.do("keep the code", click("#recovery-kept"), waitJS(`document.getElementById("recovery-once").hidden`))

	// Aria's party shows Bram's characters as they are made, without a turn or a reload.
	b.character("Tobin", "dwarf", "fighter", false)
	a.do("see Tobin join at once", waitJS(`document.getElementById("party").textContent.includes("Tobin")`), logHas("Tobin joins the party."))
	b.character("Wren", "halfling", "rogue", false)
	a.do("see Wren join at once", waitJS(`document.getElementById("party").textContent.includes("Wren")`))
	b.do("see the gear by its SRD names", waitJS(`document.querySelector('#party [data-id] .carries') !== null`))
	if gear := b.text(`[...document.querySelectorAll("#party .carries")].map((e) => e.textContent).join(" / ")`); !strings.Contains(gear, "Chain Mail") || !strings.Contains(gear, "Crossbow, light") || strings.Contains(gear, "-") {
		t.Errorf("the party's gear reads %q, not by SRD names", gear)
	}

	// The token never travels in a socket's URL: a single-use ticket does.
	b.do("be online", waitJS(`document.getElementById("link").dataset.state === "online"`))
	token := b.text(`JSON.parse(localStorage.getItem("identity")).token`)
	urls := b.text(`window.sockets.join(" ")`)
	if urls == "" || strings.Contains(urls, "token=") || strings.Contains(urls, token) || !strings.Contains(urls, "ticket=") {
		t.Errorf("sockets opened at %q", urls)
	}

	// A phone's width with two characters: the words keep their room.
	b.do("see both characters to choose", waitJS(`!document.getElementById("actor").hidden && document.getElementById("actor").options.length === 2`))
	b.phoneFits("two characters")

	// Enter while nobody may act says why, next to the action box.
	b.do("press Enter before the session", chromedp.Evaluate[chromedp.Void](`document.getElementById("action").focus()`), press("I wave"), press(kb.Enter),
		waitJS(`document.getElementById("act-notice").textContent.includes("Start the session")`))

	a.do("start the session", click("#resume"), logHas("Previously on The Long Evening"))
	b.do("see the session open", waitJS(`!document.getElementById("act").disabled`), waitJS(`document.getElementById("act-why").textContent === ""`))

	// A turn by keyboard only, from the first Tab to the story.
	a.do("start from the top", chromedp.Reload(), visible("table"), waitJS(`document.getElementById("link").dataset.state === "online"`),
		waitJS(`!document.getElementById("act").disabled`))
	var path []string
	for i := 0; i < 25 && a.text(focused) != "action"; i++ {
		a.do("tab", press(kb.Tab))
		path = append(path, a.text(focused))
	}
	if a.text(focused) != "action" || !strings.Contains(strings.Join(path, " "), "log") {
		t.Fatalf("Tab never reached the words through the story: %v", path)
	}
	t.Logf("Tabs from the top to the action box: %d (%s)", len(path), strings.Join(path, " "))
	a.do("type and send", press("I light a lantern"), press(kb.Enter), logHas("Mira lights a lantern."), committed(1))
	if got := a.text(focused); got != "action" {
		t.Errorf("after the turn the keyboard is on %q, not the action box", got)
	}
	// An opened form takes the keyboard; Escape closes it and gives it back.
	a.do("open Check", chromedp.Evaluate[chromedp.Void](`document.querySelector('#actions [data-kind="check"]').focus()`),
		press(kb.Enter), waitJS(`document.getElementById("check-ability") !== null`))
	if got := a.text(focused); got != "check-ability" {
		t.Errorf("the Check form opened with the keyboard on %q", got)
	}
	a.do("close it with Escape", press(kb.Escape), waitJS(`document.getElementById("check-ability") === null`))
	if got := a.text(focused); got != "check" {
		t.Errorf("after Escape the keyboard is on %q, not Check", got)
	}

	// Bram plays at the phone's width, as his second character.
	b.do("choose Wren", fill("actor", b.text(`[...document.getElementById("actor").options].find((o) => o.text === "Wren").value`)))
	b.act("I count the coins in my purse")
	b.do("see Wren's turn saved", committed(2))
	b.phoneFits("after a turn")
	b.shot("play-phone-two-characters")

	// One unbroken word, 1,900 letters long, wraps in the story and the journal.
	long := "I shout " + strings.Repeat("a", 1900)
	a.act(long)
	a.do("see it saved", committed(3))
	for i := 0; i < 4; i++ {
		a.act(fmt.Sprintf("I pace the room, step %d", i+1))
		a.do("see it saved", committed(4+i))
	}
	a.do("read the journal", click("#tab-journal"), visible("journal"), waitJS(`document.querySelectorAll("#journal-list .entry").length >= 7`))
	if wide := a.text(`String([...document.querySelectorAll("#journal-list .entry")].some((e) => e.scrollWidth > e.clientWidth + 1) || document.documentElement.scrollWidth > window.innerWidth)`); wide != "false" {
		t.Error("a long word makes a journal entry or the page wider than the screen")
	}
	a.axe("the journal")
	a.do("back to play", click("#tab-play"), visible("play"))
	if wide := a.text(`String([...document.querySelectorAll("#log .line")].some((e) => e.scrollWidth > e.clientWidth + 1) || document.documentElement.scrollWidth > window.innerWidth)`); wide != "false" {
		t.Error("a long word makes a story line or the page wider than the screen")
	}

	// A reload opens the story at its newest line; reading above it, new
	// lines wait under a pill.
	b.do("reload", chromedp.Reload(), visible("table"), logHas("step 4"), painted())
	b.do("see the story scroll", waitJS(`document.getElementById("log").scrollHeight > document.getElementById("log").clientHeight`))
	if at := b.text(`(() => { const l = document.getElementById("log"); return String(l.scrollHeight - l.scrollTop - l.clientHeight < 48); })()`); at != "true" {
		t.Errorf("after a reload the story is not at its newest line: %s", pageState(b.ctx))
	}
	a.axe("the table with a long history")
	b.axe("the table with a long history, at a phone's width")
	b.do("read further up", chromedp.Evaluate[chromedp.Void](`document.getElementById("log").scrollTop = 0`), painted(), painted())
	a.act("I hum a tune")
	b.do("see a pill for what is new", visible("log-new"), logHas("hums a tune"))
	if top := b.text(`String(document.getElementById("log").scrollTop)`); top != "0" {
		t.Errorf("the story jumped while the player read above: scrollTop %s", top)
	}
	b.do("follow the pill", click("#log-new"), waitJS(`(() => { const l = document.getElementById("log"); return l.scrollHeight - l.scrollTop - l.clientHeight < 48; })()`),
		waitJS(`document.getElementById("log-new").hidden`))

	// The owner's homebrew form says what the server found wrong.
	bad := strings.Replace(bogHag, `"hp":40`, `"hp":-4`, 1)
	a.do("send a broken stat block", fill("homebrew-json", bad), click("#homebrew-form button"),
		waitJS(`document.getElementById("homebrew-error").textContent.includes("hp")`))
	a.do("send a good one", fill("homebrew-json", bogHag), click("#homebrew-form button"),
		waitJS(`document.getElementById("homebrew-list").textContent.includes("Bog Hag")`),
		waitJS(`document.getElementById("homebrew-error").textContent === ""`),
		waitJS(`[...document.getElementById("monsters").options].some((o) => o.value === "bog-hag")`))

	// A fight: whoever is not up sees why, in words. The foe is straw, so
	// nobody drops before the test looks (a goblin may drop a level 1
	// wizard before her turn, and a dying player is told other words).
	a.do("send a harmless one", fill("homebrew-json", strawGoblin), click("#homebrew-form button"),
		waitJS(`document.getElementById("homebrew-list").textContent.includes("Straw Goblin")`))
	a.do("see the last turn saved", committed(8), waitJS(`!document.getElementById("fight-start").disabled`))
	a.do("start an encounter", fill("fight-monster", "straw-goblin"), fill("fight-count", "1"), click("#fight-form button"))
	both := []seat{a, b}
	for _, s := range both {
		s.do("see the fight", visible("fight"), waitJS(`document.querySelector("#order li.current.character") !== null`))
	}
	var waiting, up seat
	for _, s := range both {
		if strings.HasPrefix(s.text(`document.getElementById("turn-of").textContent`), "Your turn") {
			up = s
		} else {
			waiting = s
		}
	}
	if up.ctx == nil || waiting.ctx == nil {
		t.Fatalf("nobody's turn, or everybody's: %s / %s", pageState(a.ctx), pageState(b.ctx))
	}
	waiting.do("see why it cannot act", waitJS(`document.querySelector('#actions [data-kind="attack"]').disabled`),
		waitJS(`document.querySelector('#actions [data-kind="attack"]').getAttribute("aria-describedby") === "act-why"`),
		waitJS(`document.getElementById("act-why").textContent.includes("turn comes")`),
		waitJS(`document.getElementById("act-why").textContent.includes("may only speak")`))
	waiting.axe("the table in a fight, waiting")
	up.do("open Attack", click(`#actions [data-kind="attack"]`), waitJS(`document.getElementById("attack-weapon") !== null`))
	if got := up.text(focused); got != "attack-target" {
		t.Errorf("the Attack form opened with the keyboard on %q", got)
	}
	weapons := up.text(`[...document.getElementById("attack-weapon").options].slice(1).map((o) => o.text).join(" / ")`)
	if weapons == "" || strings.Contains(weapons, "-") || strings.Contains(weapons, "Mail") {
		t.Errorf("the weapons offered are %q", weapons)
	}
	up.axe("the table in a fight, with the attack form")

	// A refusal reads as a sentence, next to the action box.
	waiting.act("I take a long rest")
	waiting.do("see the refusal", waitJS(`document.getElementById("act-notice").textContent.includes("not while an encounter is under way")`))
	if n := waiting.text(`document.getElementById("act-notice").textContent`); strings.Contains(n, "_") || strings.Contains(n, "intent:") || !strings.HasPrefix(n, "Not possible now") {
		t.Errorf("the refusal reads %q", n)
	}
	if n := waiting.text(`document.getElementById("notice").textContent`); n != "" {
		t.Errorf("the refusal is shown away from the action box: %q", n)
	}
	waiting.shot("refusal")

	// The campaign concluded: the read-only screen, for both.
	a.do("conclude", click("#conclude"), visible("conclude-confirm"), click("#conclude-yes"))
	for _, s := range both {
		s.do("see it read-only", visible("readonly"), visible("journal"), waitJS(`document.querySelectorAll("#journal-list .entry").length >= 8`))
		s.axe("the concluded campaign")
	}
}

// bool evaluates a JavaScript expression that is true or false.
func (s seat) bool(expr string) bool {
	s.t.Helper()
	v, err := chromedp.Run(s.ctx, chromedp.Evaluate[bool](expr))
	if err != nil {
		s.t.Fatalf("%s: %s: %v", s.name, expr, err)
	}
	return v
}

// phoneFits checks the page at a phone's width: nothing wider than the
// screen, and the action box wide enough to type in.
func (s seat) phoneFits(when string) {
	s.t.Helper()
	var got struct {
		Width  float64 `json:"width"`
		Input  float64 `json:"input"`
		Scroll float64 `json:"scroll"`
	}
	raw := s.text(`JSON.stringify({ width: window.innerWidth, input: document.getElementById("action").getBoundingClientRect().width,
		scroll: document.documentElement.scrollWidth })`)
	if err := json.Unmarshal([]byte(raw), &got); err != nil {
		s.t.Fatal(err)
	}
	if got.Width != 390 || got.Scroll > got.Width || got.Input < 200 {
		s.t.Errorf("%s, %s: page %v px wide in a %v px screen, the action box %v px", s.name, when, got.Scroll, got.Width, got.Input)
	}
}

// bogHag is a homebrew stat block, as an owner would paste it.
const bogHag = `{"id":"bog-hag","name":"Bog Hag","size":"Medium","type":"fey","alignment":"neutral evil",
"ac":14,"hp":40,"hit_dice":"8d8","speed":{"walk":30},"abilities":{"str":16,"dex":12,"con":14,"int":12,"wis":12,"cha":14},
"senses":{"passive_perception":12},"cr":2,"xp":450,"proficiency_bonus":2,
"actions":[{"id":"claws","name":"Claws","attack_bonus":5,"attack_type":"melee","reach":5,"damage":[{"dice":"2d6+3","type":"slashing"}]}]}`
