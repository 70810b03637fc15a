package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// pick sets the select labelled label inside the standing orders box to
// value, as choosing it would.
func pick(label, value string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => { const el = document.querySelector('[data-orders] select[aria-label=%q]'); el.value = %q;
		el.dispatchEvent(new Event("change", {bubbles: true})); })()`, label, value))
}

// A player keeps standing orders on her own sheet in the web client:
// one for a reaction her wizard lacks is refused with the server's
// words, two are added and said as the table reads them (the story tells
// the table each time), and one is removed.
func TestBrowserKeepsStandingOrders(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	base := inProcess(t)
	a := seat{t, "Aria", browser(t)}
	a.signIn(base)
	a.do("create a campaign", fill("campaign-name", "Goblin Road"), click("#create-form button"), visible("table"))
	a.character("Ilsa", "elf", "wizard", false)
	a.do("open the standing orders", waitJS(`document.querySelector('[data-orders] summary') !== null`), click(`[data-orders] summary`),
		waitJS(`document.querySelector('[data-orders]').open`))
	if got := a.text(`document.querySelector('[data-orders]').textContent`); !strings.Contains(got, "None: away, every reaction window is passed.") {
		t.Errorf("the orders of a new sheet read %q", got)
	}

	a.do("order Uncanny Dodge", pick("Reaction", "uncanny-dodge"), pick("When", "always"), click(`[data-orders] button[id^="order-add-"]`),
		waitJS(`document.getElementById("notice").textContent.includes("Ilsa has no reaction")`))
	if got := a.text(`document.getElementById("notice").textContent`); !strings.Contains(got, "shield (Shield)") {
		t.Errorf("the refusal %q does not say which reactions Ilsa has", got)
	}

	a.do("order Shield, keeping the last slot", pick("Reaction", "shield"), pick("When", "changes"), pick("What it keeps", "keep"),
		click(`[data-orders] button[id^="order-add-"]`),
		waitJS(`[...document.querySelectorAll('[data-orders] li')].some((li) => li.textContent.startsWith("Shield when it turns the outcome, never the last"))`),
		waitJS(`document.getElementById("notice").textContent === ""`),
		logHas("Ilsa's standing orders: Shield when it turns the outcome, never the last."))
	a.do("order opportunity attacks", pick("Reaction", "opportunity-attack"), pick("When", "always"), pick("What it keeps", ""),
		click(`[data-orders] button[id^="order-add-"]`),
		waitJS(`document.querySelectorAll('[data-orders] li').length === 2`),
		waitJS(`document.querySelector('[data-orders] summary').textContent === "Standing orders (2)"`))
	a.shot("standing-orders")

	a.do("remove the opportunity attacks' order", click(`[data-orders] li[data-order="opportunity-attack"] button`),
		waitJS(`document.querySelectorAll('[data-orders] li').length === 1`),
		waitJS(`document.getElementById("log").textContent.split("Ilsa's standing orders: Shield when it turns the outcome, never the last.").length === 3`))
	if got := a.text(`document.querySelector('[data-orders] li').dataset.order`); got != "shield" {
		t.Errorf("the order left is %q, want Shield's", got)
	}
}
