package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"chronicler/shared/auth/authtest"
)

// chromium is Debian's browser, which `make test` installs.
const chromium = "/usr/bin/chromium"

// browser returns a headless Chromium with its own profile, so two of them
// are two people: separate storage, separate tokens.
func browser(t testing.TB) context.Context {
	t.Helper()
	if _, err := exec.LookPath(chromium); err != nil {
		t.Skip("chromium is not installed; `make test` installs it")
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium), chromedp.NoSandbox, chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1200, 860))
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	ctx, cancelTimeout := context.WithTimeout(ctx, 150*time.Second)
	t.Cleanup(func() { cancelTimeout(); cancel(); cancelAlloc() })
	return ctx
}

// waitJS waits until a JavaScript expression is true in the page.
func waitJS(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingInterval(25*time.Millisecond), chromedp.WithPollingTimeout(20*time.Second))
}

// fill sets an input's or a select's value in the page and tells the page,
// as typing or choosing would.
func fill(id, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const el = document.getElementById(%q); el.value = %q;
		el.dispatchEvent(new Event("input", {bubbles: true})); el.dispatchEvent(new Event("change", {bubbles: true})); })()`, id, value))
}

// click clicks the element in the page (its handlers run as for a user).
func click(selector string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelector(%q).click()`, selector))
}

// clickText clicks the first element matching selector whose text is text.
func clickText(selector, text string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`[...document.querySelectorAll(%q)].find((e) => e.textContent.trim() === %q).click()`, selector, text))
}

func visible(id string) chromedp.Action[chromedp.Void] {
	return waitJS(fmt.Sprintf(`!document.getElementById(%q).hidden`, id))
}

func logHas(text string) chromedp.Action[chromedp.Void] {
	return waitJS(fmt.Sprintf(`document.getElementById("log").textContent.includes(%q)`, text))
}

// logMatches waits until the log's text matches the regular expression
// re: the offline narrator words a turn one of a few ways.
func logMatches(re string) chromedp.Action[chromedp.Void] {
	return waitJS(fmt.Sprintf(`new RegExp(%q).test(document.getElementById("log").textContent)`, re))
}

// painted waits until what the page holds has been drawn (two frames), so
// what is measured next starts from the screen as it is.
func painted() chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r())))`, chromedp.EvalAwaitPromise)
}

// committed waits until the page has shown n turns saved: the next turn
// waits for the table to see this one committed.
func committed(n int) chromedp.Action[chromedp.Void] {
	return waitJS(fmt.Sprintf(`document.querySelectorAll("#log .narration.committed").length >= %d`, n))
}

// pageState describes the page for a failure message.
func pageState(ctx context.Context) string {
	st, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.href + " notice=" + JSON.stringify(document.getElementById("notice").textContent) +
		" link=" + document.getElementById("link").dataset.state +
		" visible=" + ["signin", "lobby", "character", "table"].filter((id) => !document.getElementById(id).hidden).join(",") +
		" party=" + [...document.querySelectorAll("#party .member")].map((li) => li.textContent.slice(0, 40)).join(" / ") + " log=" + JSON.stringify(document.getElementById("log").textContent.slice(-300))`))
	if err != nil {
		return err.Error()
	}
	return st
}

// seat is one person at one browser.
type seat struct {
	t    testing.TB
	name string
	ctx  context.Context
}

func (s seat) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	s.t.Helper()
	if err := chromedp.Do(s.ctx, actions...); err != nil {
		s.t.Fatalf("%s: %s: %v (%s)", s.name, what, err, pageState(s.ctx))
	}
}

func (s seat) text(expr string) string {
	s.t.Helper()
	v, err := chromedp.Run(s.ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		s.t.Fatalf("%s: %s: %v", s.name, expr, err)
	}
	return v
}

// shot saves a screenshot of the page as docs/screenshots would show it,
// when SCREENSHOTS names a folder (`make screenshots`).
func (s seat) shot(name string) {
	s.t.Helper()
	dir := os.Getenv("SCREENSHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(s.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		s.t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		s.t.Fatal(err)
	}
}

// phoneShot saves a screenshot at a phone's size, then gives the page its
// own size back for the screenshots that follow.
func (s seat) phoneShot(name string) {
	s.t.Helper()
	if os.Getenv("SCREENSHOTS") == "" {
		return
	}
	width := s.text(`String(window.innerWidth)`)
	s.do("phone size", chromedp.EmulateViewport(390, 844))
	s.shot(name)
	// EmulateReset overrides the metrics with zeroes, which leaves Chromium
	// at the phone's width; clearing the override gives the window's back.
	s.do("desktop size", chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.ClearDeviceMetricsOverride, cdp.Empty{})
		return err
	}), waitJS(fmt.Sprintf(`String(window.innerWidth) === %q`, width)))
}

func (s seat) signIn(base string) {
	s.t.Helper()
	if err := chromedp.Do(s.ctx, chromedp.Navigate(base)); err != nil {
		s.t.Fatalf("navigate: %v", err)
	}
	s.do("sign in", visible("signin"), fill("player-name", s.name), click("#signin-form button"), visible("lobby"),
		visible("recovery-once"), click("#recovery-kept"), waitJS(`document.getElementById("recovery-once").hidden`))
}

// character makes a character from the table, checking on the way that the
// form explains a mistake where it is made and previews the sheet.
func (s seat) character(name, race, class string, shot bool) {
	s.t.Helper()
	s.do("open character creation", visible("table"), click("#new-character"), visible("character"))
	s.do("refuse a nameless character", click("#char-create"), waitJS(`document.getElementById("err-name").textContent.includes("name")`))
	s.do("fill the character", fill("char-name", name), fill("char-race", race), fill("char-class", class),
		waitJS(`document.getElementById("derived-hp") !== null`))
	// The class's skills: one too few is explained where they are chosen,
	// then the last box makes the choice whole.
	s.do("choose skills", chromedp.Evaluate[chromedp.Void](`(() => {
		const boxes = [...document.querySelectorAll("#skills input")], n = Number(document.getElementById("skills").dataset.choose);
		boxes.slice(0, n - 1).forEach((b) => b.click());
	})()`), click("#char-create"), waitJS(`document.getElementById("err-skills").textContent.includes("chosen")`),
		chromedp.Evaluate[chromedp.Void](`[...document.querySelectorAll("#skills input")].find((b) => !b.checked).click()`),
		waitJS(`document.getElementById("err-skills").textContent === "" && !document.getElementById("derived-skills").textContent.includes("none")`))
	if shot {
		s.shot("character")
	}
	s.do("create the character", click("#char-create"), visible("table"),
		waitJS(fmt.Sprintf(`document.getElementById("party").textContent.includes(%q)`, name)))
}

// seatTogether has a sign in at base and create the campaign name with
// her wizard Mira, and b sign in and join it by its invite link with his
// fighter Tobin.
func seatTogether(base, name string, a, b seat) {
	a.t.Helper()
	a.signIn(base)
	a.do("create the campaign", fill("campaign-name", name), click("#create-form button"), visible("table"),
		waitJS(`document.getElementById("invite-link").value.includes("#join/")`))
	link := a.text(`document.getElementById("invite-link").value`)
	a.character("Mira", "elf", "wizard", false)
	b.signIn(base)
	b.do("join by the invite link", fill("join-invite", link), click("#join-form button"), visible("table"))
	b.character("Tobin", "dwarf", "fighter", false)
}

func (s seat) act(text string) {
	s.t.Helper()
	s.do("act "+text, waitJS(`!document.getElementById("act").disabled`), fill("action", text), click("#act"))
}

// Two people in two browsers play a campaign end to end through the web
// client: sign in, create and join by invite link, make characters, resume,
// take turns in words and with the action buttons that both see stream in,
// roll their own dice, leave and come back to "while you were away", fight,
// read the journal, and conclude the campaign, which then opens read-only.
func TestBrowserTwoPlayers(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	base := inProcess(t, func(c *config) { c.pace = 30 * time.Millisecond })
	a := seat{t, "Aria", browser(t)}
	b := seat{t, "Bram", browser(t)}
	both := []seat{a, b}

	a.signIn(base)
	a.do("fill the new campaign", fill("campaign-name", "The Sunken Crown"), fill("dice-mode", "interactive"))
	a.do("create the campaign", click("#create-form button"), visible("table"),
		waitJS(`document.getElementById("invite-link").value.includes("#join/")`))
	link := a.text(`document.getElementById("invite-link").value`)
	a.character("Mira", "elf", "wizard", true)

	b.signIn(base)
	b.do("refuse a wrong invite", chromedp.Navigate(link+"x"), visible("lobby"),
		waitJS(`document.getElementById("join-error").textContent.includes("did not work")`))
	b.do("join by the invite link", fill("join-invite", link), click("#join-form button"), visible("table"))
	b.character("Tobin", "dwarf", "fighter", false)

	a.do("start the session", visible("resume"), click("#resume"))
	for _, s := range both {
		s.do("see the recap", logHas("Previously on The Sunken Crown"), waitJS(`document.getElementById("link").dataset.state === "online"`))
	}

	// Aria loaded the table before Tobin existed: the party caught up.
	a.do("see Tobin in the party", waitJS(`document.getElementById("party").textContent.includes("Tobin")`))

	// Nothing on screen moves while a turn streams in: layout shifts are
	// recorded from the action sent to the turn saved.
	const shifts = `window.shifts = []; new PerformanceObserver((l) => window.shifts.push(...l.getEntries())).observe({type: "layout-shift"})`
	a.do("watch for layout shifts", painted(), chromedp.Evaluate[chromedp.Void](shifts))
	a.act("I light a lantern")
	for _, s := range both {
		s.do("see Mira's turn narrated and saved", logHas("Mira lights a lantern."), committed(1))
	}
	if cls := a.text(`String(window.shifts.reduce((s, e) => s + e.value, 0))`); cls != "0" {
		moved := a.text(`window.shifts.flatMap((e) => (e.sources || []).map((s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) + ":" + JSON.stringify([s.previousRect.y, s.currentRect.y, s.previousRect.height, s.currentRect.height]) : "?")).join(" ")`)
		t.Errorf("the page moved while the turn streamed in: cumulative layout shift %s (%s)", cls, moved)
	}
	a.shot("play")
	b.phoneShot("play-phone")

	// A structured check in interactive dice: Bram is asked to roll, rolls,
	// and the die lands on the server's number.
	b.do("ask for a perception check", click(`#actions [data-kind="check"]`), waitJS(`document.getElementById("check-skill") !== null`),
		fill("check-skill", "perception"), clickText("#action-detail button", "Check"), visible("roll"),
		waitJS(`document.getElementById("roll-what").textContent.includes("1d20")`))
	b.shot("roll")
	// Bram's page is reloaded while the roll waits: the prompt comes back.
	b.do("reload while the roll waits", chromedp.Reload(), visible("table"), visible("roll"),
		waitJS(`document.getElementById("roll-what").textContent.includes("1d20")`))
	b.do("roll", click("#roll-button"), waitJS(`document.getElementById("roll").dataset.landed !== undefined`))
	total := b.text(`document.getElementById("die").textContent`)
	if !strings.Contains(b.text(`document.getElementById("log").textContent`), "= "+total) {
		t.Fatalf("the die shows %q, not the server's total: %s", total, pageState(b.ctx))
	}
	a.do("see that Tobin must roll", logHas("Tobin must roll 1d20"))
	for _, s := range both {
		s.do("see Tobin's check narrated and saved", logMatches(`Tobin (looks and listens|scans the surroundings)`), committed(2))
		if notice := s.text(`document.getElementById("notice").textContent`); notice != "" {
			t.Fatalf("%s sees an error: %q", s.name, notice)
		}
	}
	a.do("move Mira with a button", click(`#actions [data-kind="move"]`), clickText("#action-detail button", "Go to Cellar"))
	for _, s := range both {
		s.do("see Mira move", logHas("the cellar."), committed(3))
	}
	// Each scene is where the player's own character is: Tobin stays in
	// the common room.
	a.do("see the cellar", waitJS(`document.getElementById("scene").textContent.startsWith("Cellar")`))
	b.do("stay in the common room", waitJS(`document.getElementById("scene").textContent.startsWith("Common Room")`))

	a.do("see Tobin's check named", logHas("Tobin: check"))

	// A second tab of Aria's joins the same session quietly: no recap for
	// the table, and closing it leaves Aria present through the first.
	const recaps = `String(document.getElementById("log").textContent.split("Previously on").length - 1)`
	before := b.text(recaps)
	tab, closeTab := chromedp.NewContext(a.ctx)
	a2 := seat{t, "Aria's second tab", tab}
	a2.do("open the table again", chromedp.Navigate(base+"/"+a.text(`location.hash`)), visible("table"),
		waitJS(`document.getElementById("link").dataset.state === "online"`), logHas("the cellar."))
	closeTab()
	b.do("see Mira still present", chromedp.Sleep(300*time.Millisecond),
		waitJS(`document.querySelector('#party [data-id] .presence.absent') === null`))
	if n := b.text(recaps); n != before {
		t.Fatalf("a second tab replayed the recap to the table: %s recaps, %s before", n, before)
	}

	// Bram closes the table and comes back after a turn he missed.
	b.do("leave", chromedp.Navigate("about:blank"))
	a.do("see Tobin away", waitJS(`document.querySelector('#party [data-id] .presence.absent') !== null`))
	// Words that describe an uncertain task call for a check, which Aria
	// rolls (interactive dice); the table reads whether it passed.
	a.act("I search the dusty shelves")
	a.do("roll for the search", visible("roll"), click("#roll-button"), waitJS(`document.getElementById("roll").dataset.landed !== undefined`))
	a.do("see the search saved", committed(4), logHas("Intelligence (Investigation) check: "), logHas("against DC 15: "))
	b.do("come back to the table", chromedp.Navigate(base+"/"+a.text(`location.hash`)), visible("table"), logHas("While you were away"))
	a.do("see Tobin back", waitJS(`document.querySelector('#party [data-id] .presence.absent') === null`))

	// The owner starts an encounter; both tables show the initiative order.
	a.do("start an encounter", fill("fight-count", "1"), click("#fight-form button"))
	for _, s := range both {
		s.do("see the encounter", visible("fight"), waitJS(`document.getElementById("order").textContent.includes("Goblin 1")`))
	}
	a.shot("combat")
	a.do("end the encounter", click("#fight-end"))
	for _, s := range both {
		s.do("see the encounter end", logHas("Victory! The fight is over."))
	}

	// The journal: every turn, searchable; the owner sees the narrator's context.
	b.do("read the journal", click("#tab-journal"), visible("journal"),
		waitJS(`document.querySelectorAll("#journal-list .entry").length >= 4`),
		fill("journal-search", "lantern"), waitJS(`document.querySelectorAll("#journal-list .entry").length === 1`))
	a.do("inspect a turn's context", click("#tab-journal"), visible("journal"), waitJS(`document.querySelectorAll("#journal-list .entry").length >= 4`),
		click("#journal-list .entry button"), waitJS(`document.querySelectorAll("#journal-list .context details").length > 0`))
	a.shot("journal")
	a.do("back to play", click("#tab-play"), visible("play"))

	// The owner keeps a secret for the narrator; Bram's page never shows it.
	a.do("keep a secret", fill("secret-subject", "Marta"), fill("secret-text", "Marta serves the Black Hand."),
		click("#secret-form button"), waitJS(`document.getElementById("secrets").textContent.includes("Black Hand")`))
	if leaked := b.text(`String(document.body.innerHTML.includes("Black Hand") || !document.getElementById("owner").hidden)`); leaked != "false" {
		t.Fatal("a player's page shows the owner's secrets or tools")
	}
	a.do("forget it", click("#secrets button"), waitJS(`document.querySelectorAll("#secrets li").length === 0`))

	ms, err := chromedp.Run(a.ctx, chromedp.Evaluate[[]float64](`performance.getEntriesByName("first-narration").map((e) => Math.round(e.duration))`))
	if err != nil || len(ms) == 0 {
		t.Fatalf("no time to first narration measured: %v %v", ms, err)
	}
	t.Logf("turn sent to first narration shown (ms, Aria's turns, offline narrator): %v", ms)

	// The owner concludes, after a confirmation; both tables turn read-only.
	a.do("conclude", click("#conclude"), visible("conclude-confirm"), click("#conclude-yes"))
	for _, s := range both {
		s.do("see the campaign read-only", visible("readonly"), visible("journal"),
			waitJS(`document.getElementById("turn-form").hidden && document.getElementById("status").textContent === "concluded"`))
	}
	b.do("reopen the concluded campaign", chromedp.Reload(), visible("readonly"),
		waitJS(`document.querySelectorAll("#journal-list .entry").length >= 4`))
	a.do("see the campaign in the lobby", click("#back"), visible("lobby"),
		waitJS(`document.querySelector('#campaigns [data-status="concluded"]') !== null`))
	a.shot("lobby")
}

// restartable is the local server in process, on an address and a data
// directory that stay the same across a stop and a start: a page open on it
// sees the server go away and come back.
type restartable struct {
	t      *testing.T
	cfg    config
	srv    *server
	cancel context.CancelFunc
	done   chan error
	// beforeServe, when set, runs on each start before the server takes
	// a request: what happened while it was away.
	beforeServe func(*server)
}

func newRestartable(t *testing.T) *restartable {
	t.Helper()
	env := func(k string) string {
		if k == "CHRONICLER_NARRATOR" {
			return "offline"
		}
		return ""
	}
	cfg, err := parseConfig([]string{"-addr", "127.0.0.1:0", "-data", t.TempDir(), "-pace", "30ms"}, env)
	if err != nil {
		t.Fatal(err)
	}
	r := &restartable{t: t, cfg: cfg}
	r.start()
	t.Cleanup(r.stop)
	return r
}

func (r *restartable) start() {
	r.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	srv, err := newServer(ctx, r.cfg)
	if err != nil {
		cancel()
		r.t.Fatal(err)
	}
	r.cfg.addr = srv.ln.Addr().String() // the same port next time
	if r.beforeServe != nil {
		r.beforeServe(srv)
	}
	r.srv, r.cancel, r.done = srv, cancel, make(chan error, 1)
	go func() { r.done <- srv.serve(ctx, io.Discard) }()
}

func (r *restartable) stop() {
	if r.cancel == nil {
		return
	}
	r.cancel()
	if err := <-r.done; err != nil {
		r.t.Errorf("serve: %v", err)
	}
	r.cancel = nil
}

func (r *restartable) url() string { return "http://" + r.cfg.addr }

// tell sends a message to every connection of a campaign through the
// management API, as the server's functions do.
func (r *restartable) tell(campaignID, msg string) {
	r.t.Helper()
	snap, err := r.srv.store.Snapshot(context.Background(), campaignID)
	if err != nil {
		r.t.Fatal(err)
	}
	for _, c := range snap.Connections {
		req, err := http.NewRequest(http.MethodPost, r.url()+"/@connections/"+url.PathEscape(c.ID), strings.NewReader(msg))
		if err != nil {
			r.t.Fatal(err)
		}
		req.Header.Set("Authorization", r.srv.managementAuthorization())
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			r.t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			r.t.Fatalf("post to connection %s: %s", c.ID, resp.Status)
		}
	}
}

// longRoad is a server that can be stopped and started again, and Aria at
// her new campaign The Long Road with Mira, whose first turn ("I light a
// lantern") is played and saved.
func longRoad(t *testing.T) (*restartable, seat) {
	t.Helper()
	srv := newRestartable(t)
	a := seat{t, "Aria", browser(t)}
	a.signIn(srv.url())
	a.do("create a campaign", fill("campaign-name", "The Long Road"), click("#create-form button"), visible("table"))
	a.character("Mira", "human", "fighter", false)
	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on The Long Road"))
	a.act("I light a lantern")
	a.do("see the turn saved", logHas("Mira lights a lantern."), committed(1))
	return srv, a
}

// The table survives the network: when the server goes away the page says
// it is offline and keeps what it showed; when the server is back the page
// reconnects by itself, catches up with sync from the last seq it saw,
// shows nothing twice, and play goes on without a reload.
func TestBrowserReconnects(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	srv, a := longRoad(t)

	srv.stop()
	a.do("see the page offline", waitJS(`document.getElementById("link").dataset.state !== "online"`),
		logHas("Mira lights a lantern."))
	srv.start()
	a.do("see the page back online", waitJS(`document.getElementById("link").dataset.state === "online"`))
	a.act("I walk on")
	a.do("see the next turn saved", logHas("Mira walks on."), committed(2))
	if n := a.text(`String(document.getElementById("log").textContent.split("Mira lights a lantern.").length - 1)`); n != "1" {
		t.Fatalf("the first turn's narration is shown %s times after the reconnect: %s", n, pageState(a.ctx))
	}
	if notice := a.text(`document.getElementById("notice").textContent`); notice != "" {
		t.Fatalf("Aria sees an error: %q", notice)
	}

	// A reaction window (protocol.md's reaction.window, reaction.closed):
	// the prompt offers the reactions and a pass with a countdown, and
	// goes away when the window closes.
	campaignID := strings.TrimPrefix(a.text(`location.hash`), "#c/")
	mira := a.text(`document.querySelector("#party [data-id]").dataset.id`)
	window := func(turn string) string {
		return fmt.Sprintf(`{"type":"reaction.window","campaign_id":%q,"turn_id":%q,"eligible":[{"character_id":%q,"reactions":["shield"]}],"closes_at":%q}`,
			campaignID, turn, mira, time.Now().Add(10*time.Second).UTC().Format(time.RFC3339Nano))
	}
	srv.tell(campaignID, window("t-react-1"))
	a.do("see the reaction prompt", visible("react"),
		waitJS(`document.querySelector('#react [data-reaction="shield"]') !== null && /^\d+ s$/.test(document.getElementById("react-left").textContent)`))
	a.shot("reaction")
	a.do("pass", click(`#react [data-reaction="pass"]`), waitJS(`document.getElementById("react").hidden`))
	srv.tell(campaignID, window("t-react-2"))
	a.do("see the next prompt", visible("react"))
	srv.tell(campaignID, fmt.Sprintf(`{"type":"reaction.closed","campaign_id":%q,"turn_id":"t-react-2","applied":[]}`, campaignID))
	a.do("see the prompt close with the window", waitJS(`document.getElementById("react").hidden`))
}

// BenchmarkBrowserFirstNarration measures what a player sees: from pressing
// Act to the first words of the narration on screen, in the browser, on the
// local server (offline narrator, SQLite), and reports p50 and p99. The
// turn latency and sync round trip benchmarks are its baselines.
func BenchmarkBrowserFirstNarration(b *testing.B) {
	base := inProcess(b, func(c *config) { c.turnRate = 0 }) // measure the turn, not the rate limit
	a := seat{b, "Aria", browser(b)}
	a.signIn(base)
	a.do("create a campaign", fill("campaign-name", "Bench"), click("#create-form button"), visible("table"))
	a.character("Mira", "human", "fighter", false)
	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on Bench"))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a.act("I keep watch")
		a.do("see the turn saved", committed(i+1))
	}
	b.StopTimer()
	ms, err := chromedp.Run(a.ctx, chromedp.Evaluate[[]float64](`performance.getEntriesByName("first-narration").map((e) => e.duration)`))
	if err != nil {
		b.Fatal(err)
	}
	lat := make([]time.Duration, len(ms))
	for i, v := range ms {
		lat[i] = time.Duration(v * float64(time.Millisecond))
	}
	report(b, lat)
}

// A reaction from the table as it really comes: goblins attack a wizard
// (she has fewer hit points than her friend's fighter); when one hits, her
// page offers Shield (saying whether it would turn the hit), she casts it,
// and both players' logs tell what it did. The fighter has no reaction and
// is never prompted.
func TestBrowserShieldsAgainstAGoblin(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	a := seat{t, "Aria", browser(t)}
	b := seat{t, "Bram", browser(t)}
	a.signIn(base)
	a.do("create a campaign", fill("campaign-name", "Goblin Road"), fill("reaction-window", "30"), click("#create-form button"), visible("table"),
		waitJS(`document.getElementById("invite-link").value.includes("#join/")`))
	link := a.text(`document.getElementById("invite-link").value`)
	a.character("Ilsa", "elf", "wizard", false)
	b.signIn(base)
	b.do("join by the invite link", fill("join-invite", link), click("#join-form button"), visible("table"))
	b.character("Tobin", "dwarf", "fighter", false)
	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on Goblin Road"))
	b.do("see the recap", logHas("Previously on Goblin Road"))
	a.do("start an encounter", fill("fight-count", "4"), click("#fight-form button"), visible("fight"))
	b.do("see the encounter", visible("fight"))
	// Each ends their own turns; the goblins' come by themselves, until
	// one hits Ilsa.
	const look = `(() => {
		if (!document.getElementById("react").hidden && document.querySelector('#react [data-reaction]')) return "react";
		if (/All the characters are down/.test(document.getElementById("log").textContent)) return "lost";
		const mine = document.getElementById("turn-of").textContent.startsWith("Your turn");
		const end = document.querySelector('#actions [data-kind="end_turn"]');
		return mine && end && !end.disabled ? "mine" : "wait";
	})()`
	deadline := time.Now().Add(60 * time.Second)
	for {
		state, other := a.text(look), b.text(look)
		if other == "react" {
			t.Fatalf("the fighter was offered a reaction: %s", b.text(`document.getElementById("react").textContent`))
		}
		if state == "react" {
			break
		}
		if state == "lost" || time.Now().After(deadline) {
			// The first hit on her offers Shield (she reacts before its
			// damage), so the fight cannot be lost before a window.
			t.Fatalf("no reaction prompt (%s): %s order=%s", state, pageState(a.ctx), a.text(`document.getElementById("order").textContent`))
		}
		for _, s := range []struct {
			seat
			state string
		}{{a, state}, {b, other}} {
			if s.state == "mine" {
				s.do("end the turn", click(`#actions [data-kind="end_turn"]`), waitJS(`!document.getElementById("turn-of").textContent.startsWith("Your turn")`))
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	// The button says what Shield would do to the roll, in its numbers.
	preview := a.text(`document.querySelector('#react [data-reaction="shield"] .offer-preview')?.textContent ?? ""`)
	if !strings.HasPrefix(preview, "Shield: ") || !strings.Contains(preview, "AC ") {
		t.Errorf("the Shield button's preview says %q, not what Shield would do to the roll", preview)
	}
	// The goblin's turn waits for the window: it is the next one saved.
	saved := b.text(`String(document.querySelectorAll("#log .narration.committed").length)`)
	a.do("cast Shield", click(`#react [data-reaction="shield"]`), waitJS(`document.getElementById("react").hidden`),
		logHas("casts Shield"))
	b.do("see that Ilsa cast Shield", logHas("casts Shield"))
	// The journal keeps the reaction with the goblin's turn.
	b.do("see the goblin's turn saved", waitJS(fmt.Sprintf(`document.querySelectorAll("#log .narration.committed").length > %s`, saved)))
	b.do("read the Shield in the journal", click("#tab-journal"), visible("journal"),
		waitJS(`[...document.querySelectorAll('#journal-list .reaction[data-reaction="shield"]')].some((p) => p.textContent.startsWith("Shield") && p.textContent.includes("casts Shield"))`))
}

// A fight as a player plays it from the forms, with the server's dice:
// Move is offered in the fight, the Attack form goes for a foe with the
// best weapon carried and its roll shows in the story, and the party panel
// shows the hit points the encounter keeps, not the sheet's.
func TestBrowserAttacksFromTheForm(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	a := seat{t, "Aria", browser(t)}
	a.signIn(base)
	a.do("create a campaign", fill("campaign-name", "Market Brawl"), click("#create-form button"), visible("table"))
	a.character("Tobin", "dwarf", "fighter", false)
	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on Market Brawl"))
	tobin := a.text(`document.querySelector("#party [data-id]").dataset.id`)
	// Two commoners (a club's 1d4 each) cannot drop a fighter before his turn.
	a.do("start a brawl", fill("fight-monster", "commoner"), fill("fight-count", "2"), click("#fight-form button"), visible("fight"),
		waitJS(`document.getElementById("order").textContent.includes("Commoner 2")`))
	a.do("wait for Tobin's turn", waitJS(`document.getElementById("turn-of").textContent.startsWith("Your turn")`))

	a.do("see Move offered in the fight", waitJS(`!document.querySelector('#actions [data-kind="move"]').disabled`),
		click(`#actions [data-kind="move"]`), waitJS(`document.querySelector("#action-detail [data-area]") !== null`))
	a.do("open the Attack form", click(`#actions [data-kind="attack"]`), waitJS(`document.getElementById("attack-target") !== null`))
	if got := a.text(`document.getElementById("attack-weapon").options[0].textContent`); got != "best weapon carried" {
		t.Errorf("the weapon's default says %q, want %q", got, "best weapon carried")
	}
	target := a.text(`document.getElementById("attack-target").options[0].textContent.split(" (")[0]`)
	a.do("attack", click("#attack-go"), logHas("Tobin: attacks "+target))
	turn := a.text(fmt.Sprintf(`[...document.querySelectorAll("#log .line.action")].find((p) => p.textContent === %q).dataset.key.slice("action:".length)`, "Tobin: attacks "+target))
	// Hit or miss, the attack roll is in the story, once, and the turn is saved.
	a.do("see the attack roll", waitJS(fmt.Sprintf(`[...document.querySelectorAll('#log .line.roll[data-key^="roll:%s:"]')].some((p) => p.textContent.startsWith("attack roll"))`, turn)),
		waitJS(fmt.Sprintf(`document.querySelector('#log [data-key="narration:%s"].committed') !== null`, turn)))
	// The party says what the initiative list says: the encounter's hit points.
	hp := fmt.Sprintf(`(document.querySelector('#party [data-id=%q] .hp-text').textContent.match(/HP \d+\/\d+/) || [""])[0] === (document.querySelector('#order li[data-id=%q]').textContent.match(/HP \d+\/\d+/) || ["none"])[0]`, tobin, tobin)
	a.do("see the party agree with the fight", waitJS(hp))
	if notice := a.text(`document.getElementById("notice").textContent`); notice != "" {
		t.Fatalf("Aria sees an error: %q", notice)
	}
}

// What the server says of a fight, shown as it says it, from events told to
// the page: a character's hit points, conditions, slots and afflictions in
// the fight are the encounter's (mummy rot tagged with what it does and
// what ends it); who is in melee with whom; the hint when an attack
// leaves a foe's reach; a reaction window's trigger and readable reactions,
// and the turn's next window after the first was answered; a roll sent
// again replaces the first; and once the session ends nobody may act.
func TestBrowserShowsTheFightAsTheServerTellsIt(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	srv := newRestartable(t)
	a := seat{t, "Aria", browser(t)}
	a.signIn(srv.url())
	a.do("create a campaign", fill("campaign-name", "Told Tales"), click("#create-form button"), visible("table"))
	a.character("Mira", "elf", "wizard", false)
	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on Told Tales"),
		waitJS(`document.getElementById("turn-of").textContent === "Anyone may act."`))
	campaignID := strings.TrimPrefix(a.text(`location.hash`), "#c/")
	mira := a.text(`document.querySelector("#party [data-id]").dataset.id`)
	maxHP := a.text(`document.querySelector("#party .hp-text").textContent.match(/HP \d+\/(\d+)/)[1]`)
	tell := func(format string, args ...any) {
		srv.tell(campaignID, fmt.Sprintf(format, args...))
	}
	party := func(sel string) string {
		return fmt.Sprintf(`document.querySelector('#party [data-id=%q] %s')`, mira, sel)
	}

	fight := func(status string) string {
		return fmt.Sprintf(`{"type":"encounter","campaign_id":%q,"encounter":{"id":"e-told","status":%q,"round":1,"order":[%q,"g1","g2"],"current":%q,
			"participants":[
			{"id":%q,"name":"Mira","kind":"character","character_id":%q,"hp":2,"max_hp":%s,"temp_hp":3,"ac":12,"conditions":["prone"],"initiative":15,"reaction_used":false,
			 "engaged":["g1"],"combatant":{"spell_slots":[{"max":2,"used":2}],"death_saves":{"successes":0,"failures":0},"drained":4,
			  "afflictions":[{"name":"mummy rot","kind":"curse","from":"mummy","no_healing":"all","daily":"3d6"}]}},
			{"id":"g1","name":"Goblin 1","kind":"monster","srd_id":"goblin","hp":7,"max_hp":7,"ac":15,"conditions":["restrained"],"initiative":12,"reaction_used":false,"engaged":[%q]},
			{"id":"g2","name":"Goblin 2","kind":"monster","srd_id":"goblin","hp":7,"max_hp":7,"ac":15,"conditions":[],"initiative":9,"reaction_used":false}],
			"effects":[{"id":"held","spell":"web","caster_id":%q,"target_id":"g1","condition":"restrained","note":"caught in Mira's Web","ends":"until it breaks free"},
			{"id":"zone","spell":"web","caster_id":%q,"target_id":"g1","note":"in the area of Web","ends":"1 hour"}]}}`,
			campaignID, status, mira, mira, mira, mira, maxHP, mira, mira, mira)
	}
	tell("%s", fight("active"))
	a.do("see the fight", visible("fight"), waitJS(`document.getElementById("order").textContent.includes("Goblin 2")`))
	a.do("see Mira's hit points in the fight", waitJS(party(".hp-text")+`.textContent === "HP 2/`+maxHP+` +3 temp"`),
		waitJS(party(".tags")+` !== null && `+party(".tags")+`.textContent.includes("prone")`),
		waitJS(party(".tags")+`.textContent.includes("drained −4 max HP")`),
		waitJS(party(".tag.affliction")+` !== null && `+party(".tag.affliction")+`.textContent === "mummy rot"`),
		waitJS(party(".tag.affliction")+`.title.includes("no hit points can be regained") && `+party(".tag.affliction")+`.title.includes("Remove Curse or Greater Restoration ends it")`),
		waitJS(party(".slots")+` !== null && `+party(".slots .pip:not(.used)")+` === null`))
	a.do("see who is in melee", waitJS(fmt.Sprintf(`document.querySelector('#order li[data-id=%q]').textContent.includes("in melee with Goblin 1")`, mira)),
		waitJS(`document.querySelector('#order li[data-id="g1"]').textContent.includes("in melee with Mira")`),
		waitJS(`!document.querySelector('#order li[data-id="g2"]').textContent.includes("in melee")`))
	a.do("see what holds the goblin", waitJS(`document.querySelector('#order li[data-id="g1"] .tags') !== null`),
		waitJS(`[...document.querySelectorAll('#order li[data-id="g1"] .tag')].map((t) => t.textContent + "|" + t.title).join(";") === "restrained|caught in Mira's Web, until it breaks free;in the area of Web|in the area of Web, 1 hour"`),
		waitJS(`document.querySelector('#order li[data-id="g2"] .tags') === null`))
	a.do("aim at the other goblin", click(`#actions [data-kind="attack"]`), waitJS(`document.getElementById("attack-target") !== null`),
		fill("attack-target", "g2"),
		waitJS(`document.getElementById("attack-hint").textContent === "Leaving Goblin 1's reach: they may strike as you go (Disengage first to avoid it)."`),
		fill("attack-target", "g1"), waitJS(`document.getElementById("attack-hint").textContent === ""`))
	a.do("look for spells with no slot left", click(`#actions [data-kind="cast"]`), waitJS(`document.getElementById("cast-spell") !== null`),
		waitJS(`document.getElementById("cast-choice") !== null && document.getElementById("cast-choice").value === ""`))
	if spells := a.text(`[...document.getElementById("cast-spell").options].filter((o) => !o.textContent.endsWith("(cantrip)")).map((o) => o.textContent).join(", ")`); spells != "" {
		t.Errorf("the Cast form offers %s with both first-level slots spent in the fight", spells)
	}
	a.do("look where to go", click(`#actions [data-kind="move"]`), waitJS(`document.getElementById("move-hint") !== null`))

	// A window before the goblin's dice (no roll, a trigger), answered;
	// then the same turn's next window, for its attack roll.
	closes := time.Now().Add(20 * time.Second).UTC().Format(time.RFC3339Nano)
	tell(`{"type":"reaction.window","campaign_id":%q,"turn_id":"t-told","trigger":"Goblin 1 leaves Mira's reach to go for Tobin.",
		"eligible":[{"character_id":%q,"reactions":["opportunity-attack"],"offers":[{"name":"opportunity-attack","changes":"unknown"}]}],"closes_at":%q}`, campaignID, mira, closes)
	a.do("see the window's trigger", visible("react"),
		waitJS(`document.getElementById("react-trigger").textContent === "Goblin 1 leaves Mira's reach to go for Tobin." && !document.getElementById("react-trigger").hidden`))
	if label := a.text(`document.querySelector('#react [data-reaction="opportunity-attack"]').textContent`); !strings.HasPrefix(label, "Opportunity attack") {
		t.Errorf("the reaction's button says %q, want Opportunity attack", label)
	}
	a.do("strike", click(`#react [data-reaction="opportunity-attack"]`), waitJS(`document.getElementById("react").hidden`))
	tell(`{"type":"roll.result","campaign_id":%q,"turn_id":"t-told","roll_id":"r1","reason":"attack roll","dice":"1d20+4","rolls":[12],"total":16,"outcome":"hit"}`, campaignID)
	tell(`{"type":"reaction.window","campaign_id":%q,"turn_id":"t-told","roll_id":"r1",
		"eligible":[{"character_id":%q,"reactions":["shield"],"offers":[{"name":"shield","changes":"yes"}]}],"closes_at":%q}`, campaignID, mira, closes)
	a.do("see the turn's next window", visible("react"), waitJS(`document.getElementById("react-trigger").hidden`),
		waitJS(`document.querySelector('#react [data-reaction="shield"]') !== null && document.querySelector('#react [data-reaction="shield"]').textContent.startsWith("Shield")`))
	tell(`{"type":"reaction.received","campaign_id":%q,"turn_id":"t-told","character_id":%q,"reaction":"shield"}`, campaignID, mira)
	a.do("see the reaction in words", logHas("Mira reacts: Shield."))
	tell(`{"type":"reaction.closed","campaign_id":%q,"turn_id":"t-told","applied":[]}`, campaignID)
	tell(`{"type":"roll.result","campaign_id":%q,"turn_id":"t-told","roll_id":"r1","reason":"attack roll","dice":"1d20+4","rolls":[12],"total":11,"outcome":"miss"}`, campaignID)
	a.do("see the roll once, as it ended", waitJS(`document.getElementById("react").hidden`),
		waitJS(`document.querySelectorAll('#log [data-key="roll:t-told:r1"]').length === 1 && document.querySelector('#log [data-key="roll:t-told:r1"]').textContent.includes("= 11 (miss)")`))

	tell("%s", fight("ended"))
	a.do("see the sheet again once the fight is over", waitJS(`document.getElementById("fight").hidden`),
		waitJS(party(".hp-text")+`.textContent === "HP `+maxHP+`/`+maxHP+`"`))

	// Down in a fight: the reason says what is left, and words still go.
	tell("%s", strings.Replace(fight("active"), `"hp":2,`, `"hp":0,`, 1))
	a.do("see why Mira cannot act while down", visible("fight"),
		waitJS(`document.getElementById("act-why").textContent.startsWith("Mira is down: death saves only")`),
		waitJS(`document.querySelector('#actions [data-kind="attack"]').disabled && !document.getElementById("act").disabled`))
	// A check the server judged says so.
	tell(`{"type":"roll.result","campaign_id":%q,"turn_id":"t-check","roll_id":"r1","reason":"Wisdom (Perception) check","dice":"1d20+2","rolls":[14],"total":16,"dc":15,"success":true}`, campaignID)
	a.do("see the check pass", logHas("= 16 against DC 15: pass"))
	tell("%s", fight("ended"))
	a.do("see the fight over", waitJS(`document.getElementById("fight").hidden`))

	a.do("end the session", click("#end"), logHas("The session has ended"),
		waitJS(`document.getElementById("turn-of").textContent === ""`), waitJS(`document.getElementById("act").disabled`),
		waitJS(`[...document.querySelectorAll("#actions button")].every((b) => b.disabled)`))
}

// signInAtProvider signs in on the provider's page and waits for the lobby
// (or the table, for an invite) the provider sends the player back to.
func (s seat) signInAtProvider(user string, then string) {
	s.t.Helper()
	s.do("go to the provider", visible("signin"), visible("signin-oidc"), click("#oidc-signin"))
	s.do("sign in at the provider", chromedp.WaitVisible("#idp-user"), chromedp.SendKeys("#idp-user", user), chromedp.Click("#idp-submit"))
	s.do("come back signed in", chromedp.WaitVisible("#"+then))
}

// Where the deployment signs players in with an OpenID provider, the page
// offers that instead of a name: a player signs in at the provider (the
// code flow with PKCE), comes back to the lobby under the name the provider
// knows, keeps playing past the ID token's lifetime because the page renews
// it, signs out and back in as the same player; another follows an invite
// link, signs in, and lands at that table.
func TestBrowserSignsInWithTheProvider(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	idp := authtest.New("chronicler-web")
	defer idp.Close()
	// Short-lived tokens: the page renews them halfway, within the test.
	idp.TokenTTL = 4 * time.Second
	base := inProcess(t, func(c *config) { c.identity, c.issuer, c.audience = "oidc", idp.URL, "chronicler-web" })
	a := seat{t, "Aria", browser(t)}
	a.do("open the game", chromedp.Navigate(base), visible("signin"), visible("signin-oidc"))
	a.shot("sign-in-provider")
	if a.text(`String(document.getElementById("signin-anonymous").hidden)`) != "true" {
		t.Error("the page offers anonymous names where players sign in with the provider")
	}
	a.signInAtProvider("Aria", "lobby")
	if who := a.text(`document.getElementById("who").textContent`); who != "Aria" {
		t.Errorf("signed in as %q, want the provider's name Aria", who)
	}
	if q := a.text(`location.search`); q != "" {
		t.Errorf("the provider's answer stays in the address bar: %q", q)
	}
	// Past the first token's renewal, the API and the table take the new one.
	deadline := time.Now().Add(20 * time.Second)
	for idp.Renewals() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the page never renewed its ID token")
		}
		time.Sleep(100 * time.Millisecond)
	}
	a.do("create a campaign", fill("campaign-name", "Signed Road"), click("#create-form button"), visible("table"),
		waitJS(`document.getElementById("invite-link").value.includes("#join/")`), waitJS(`document.getElementById("link").dataset.state === "online"`))
	link := a.text(`document.getElementById("invite-link").value`)

	b := seat{t, "Bram", browser(t)}
	b.do("follow the invite", chromedp.Navigate(link), visible("signin"))
	b.signInAtProvider("Bram", "table")
	if got := b.text(`location.hash`); !strings.HasPrefix(got, "#c/") {
		t.Errorf("after signing in from the invite the page is at %q, want the table", got)
	}
	b.do("sit at Aria's table", waitJS(`document.getElementById("title").textContent.includes("Signed Road")`))

	a.do("sign out", click("#sign-out"), visible("signin"), visible("signin-oidc"))
	if a.text(`String(localStorage.getItem("identity"))`) != "null" {
		t.Error("signing out left the identity in storage")
	}
	a.do("back to the lobby", chromedp.Navigate(base))
	a.signInAtProvider("Aria", "lobby")
	a.do("find the campaign again", waitJS(`document.getElementById("campaigns").textContent.includes("Signed Road")`))
	if idp.SignIns() != 3 {
		t.Errorf("the provider exchanged %d codes, want 3 (Aria twice, Bram once)", idp.SignIns())
	}
}

// A spell that asks a pick takes it from the Cast form: a cleric's
// Command speaks the word typed, which the turn carries to the rules.
func TestBrowserCastsWithAChoice(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	base := inProcess(t, func(c *config) { c.turnRate = 0 })
	a := seat{t, "Cleo", browser(t)}
	a.signIn(base)
	a.do("create a campaign", fill("campaign-name", "Chapel Steps"), click("#create-form button"), visible("table"))
	a.character("Cleo", "human", "cleric", false)
	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on Chapel Steps"))
	a.do("start a fight", fill("fight-monster", "commoner"), fill("fight-count", "1"), click("#fight-form button"), visible("fight"),
		waitJS(`document.getElementById("order").textContent.includes("Commoner 1")`))
	a.do("wait for Cleo's turn", waitJS(`document.getElementById("turn-of").textContent.startsWith("Your turn")`))
	a.do("open the Cast form", click(`#actions [data-kind="cast"]`), waitJS(`document.getElementById("cast-choice") !== null`))
	commoner := a.text(`[...document.getElementById("cast-target").options].find((o) => o.textContent === "Commoner 1").value`)
	a.do("fill the Cast form", fill("cast-spell", "command"), fill("cast-target", commoner), fill("cast-choice", "halt"))
	a.do("cast", click("#cast-go"), logHas("Cleo: casts Command (halt) at Commoner 1 (level 1)"))
	turn := a.text(`[...document.querySelectorAll("#log .line.action")].find((p) => p.textContent.startsWith("Cleo: casts Command")).dataset.key.slice("action:".length)`)
	a.do("see the turn saved", waitJS(fmt.Sprintf(`document.querySelector('#log [data-key="narration:%s"].committed') !== null`, turn)))
	if notice := a.text(`document.getElementById("notice").textContent`); notice != "" {
		t.Fatalf("Cleo sees an error: %q", notice)
	}
}
