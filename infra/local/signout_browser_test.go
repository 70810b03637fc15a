package main

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
)

// A player signs out everywhere from one browser: that page says so and
// shows the sign-in; their other browser, sitting at the table, is sent
// back to the sign-in at its next action, and the recovery code signs
// them in again there, at the table they were at.
func TestBrowserSignsOutEverywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	base := inProcess(t)
	a := seat{t, "Aria", browser(t)}
	a.signIn(base)
	code := a.text(`document.getElementById("recovery-code").textContent`)
	a.do("create a campaign", fill("campaign-name", "The Long Road"), click("#create-form button"), visible("table"))
	table := a.text(`location.hash`)
	a.character("Mira", "human", "fighter", false)
	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on The Long Road"))

	// The same player on another device, at the same table.
	b := seat{t, "Aria elsewhere", browser(t)}
	b.do("recover", chromedp.Navigate(base), visible("signin"), fill("recover-code", code), fill("recover-name", "Aria"),
		click("#recover-form button"), visible("lobby"))
	b.do("open the table", hash(table), visible("table"),
		waitJS(`document.getElementById("link").dataset.state === "online"`))

	a.do("go to the lobby", hash("#"), visible("lobby"), visible("everywhere"))
	a.do("ask to sign out everywhere", click("#sign-out-everywhere"), visible("everywhere-confirm"),
		waitJS(fmt.Sprintf(`document.getElementById("everywhere-code").textContent === %q`, code)))
	a.do("think better of it", click("#everywhere-no"), waitJS(`document.getElementById("everywhere-confirm").hidden`), visible("lobby"))
	a.do("sign out everywhere", click("#sign-out-everywhere"), click("#everywhere-yes"), visible("signin"),
		waitJS(`document.getElementById("notice").textContent === "You are signed out on every device; your recovery code signs you in again."`),
		waitJS(`localStorage.getItem("identity") === null`))

	b.act("I walk on")
	b.do("be sent back to the sign-in", visible("signin"),
		waitJS(`document.getElementById("notice").textContent.includes("recovery code signs you in again")`),
		waitJS(`localStorage.getItem("identity") === null`))
	// The code brings the player back where they were.
	b.do("recover again", fill("recover-code", code), fill("recover-name", "Aria"), click("#recover-form button"), visible("table"),
		waitJS(`document.getElementById("link").dataset.state === "online"`))
}

// A player the owner removes from a campaign, sitting at its table, is
// taken back to the lobby at their next action, told why.
func TestBrowserRemovedPlayerGoesBackToTheLobby(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	base := inProcess(t)
	owner := newPlayer(t, base, "Aria")
	var created struct {
		Campaign   struct{ ID string }
		InviteCode string `json:"invite_code"`
	}
	owner.must("POST", "/api/campaigns", map[string]any{"name": "The Long Road"}, &created, http.StatusCreated)

	b := seat{t, "Bram", browser(t)}
	b.signIn(base)
	b.do("join by the invite link", hash(fmt.Sprintf("#join/%s/%s", created.Campaign.ID, created.InviteCode)), visible("table"))
	b.character("Tor", "dwarf", "fighter", false)
	b.do("start the session", visible("resume"), click("#resume"), logHas("Previously on The Long Road"))

	bram := b.text(`JSON.parse(localStorage.getItem("identity")).player_id`)
	owner.must("POST", "/api/campaigns/"+created.Campaign.ID+"/members/"+bram+"/remove", map[string]any{}, nil, http.StatusOK)
	b.act("I walk on")
	b.do("be taken back to the lobby", visible("lobby"),
		waitJS(`document.getElementById("notice").textContent === "You can no longer play The Long Road: you are not a member of this campaign."`),
		waitJS(`document.getElementById("link").dataset.state === "none"`))
}

// hash goes to a screen of the page, as a link would.
func hash(h string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`location.hash = %q`, h))
}
