package main

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// A player opens the working of a number on their sheet: the wizard's
// armour class lists its parts (10, Dexterity) and the rule, its total the
// sheet's; an Intelligence save names the proficiency. Then a reaction
// window, sent as the server sends one, shows on the Shield button what
// Shield would change in the roll's numbers, in place of a bare "changes
// the outcome".
func TestBrowserShowsAReactionsPreviewAndASheetNumbersWorking(t *testing.T) {
	if testing.Short() {
		t.Skip("browser")
	}
	srv := newRestartable(t)
	a := seat{t, "Aria", browser(t)}
	a.signIn(srv.url())
	a.do("create a campaign", fill("campaign-name", "Why Not"), click("#create-form button"), visible("table"))
	a.character("Ilsa", "elf", "wizard", false)
	a.do("start the session", visible("resume"), click("#resume"), logHas("Previously on Why Not"))
	ilsa := a.text(`document.querySelector("#party [data-id]").dataset.id`)
	ac := a.text(`document.querySelector("#party [data-id] .member-head .hint").textContent.match(/AC (\d+)/)[1]`)

	numbers := fmt.Sprintf(`document.querySelector('[data-numbers=%q]')`, ilsa)
	a.do("open the sheet's numbers", click(fmt.Sprintf(`[data-numbers=%q] summary`, ilsa)),
		waitJS(numbers+`.querySelector('[data-number="ac"] .why') !== null`))
	a.do("ask why the armour class", click(fmt.Sprintf(`[data-numbers=%q] [data-number="ac"] .why`, ilsa)),
		waitJS(`!`+numbers+`.querySelector('[data-number="ac"] .working').hidden`))
	lines := a.text(numbers + `.querySelector('[data-number="ac"] .working').innerText`)
	for _, want := range []string{"10 unarmoured", "Dexterity", "= " + ac, "rule: Armor Class"} {
		if !strings.Contains(lines, want) {
			t.Fatalf("the armour class's working reads %q, want it to name %q", lines, want)
		}
	}
	a.do("ask why the Intelligence save", click(fmt.Sprintf(`[data-numbers=%q] [data-number="int"] .why`, ilsa)),
		waitJS(`!`+numbers+`.querySelector('[data-number="int"] .working').hidden`))
	if save := a.text(numbers + `.querySelector('[data-number="int"] .working').innerText`); !strings.Contains(save, "Intelligence") || !strings.Contains(save, "proficiency") {
		t.Fatalf("the Intelligence save's working reads %q", save)
	}
	a.shot("sheet-working")

	campaignID := strings.TrimPrefix(a.text(`location.hash`), "#c/")
	closes := time.Now().Add(25 * time.Second).UTC().Format(time.RFC3339Nano)
	srv.tell(campaignID, fmt.Sprintf(`{"type":"reaction.window","campaign_id":%q,"turn_id":"t-shield","roll_id":"r1",
		"eligible":[{"character_id":%q,"reactions":["shield"],"offers":[{"name":"shield","changes":"yes",
		"preview":{"text":"Shield: 14 vs AC %d, a miss","effect":"hit_to_miss"}}]}],"closes_at":%q}`, campaignID, ilsa, mustAtoi(t, ac)+5, closes))
	shield := `document.querySelector('#react [data-reaction="shield"]')`
	a.do("see the window", visible("react"), waitJS(shield+` !== null`))
	want := fmt.Sprintf("Shield: 14 vs AC %d, a miss", mustAtoi(t, ac)+5)
	if got := a.text(shield + `.querySelector(".offer-preview").textContent`); got != want {
		t.Fatalf("the Shield button's preview reads %q, want %q", got, want)
	}
	if got := a.text(shield + `.querySelector("strong").textContent`); got != "Shield" {
		t.Errorf("the Shield button is labelled %q, want the preview in place of the engine's yes or no", got)
	}
	if got := a.text(shield + `.querySelector(".offer-preview").dataset.effect`); got != "hit_to_miss" {
		t.Errorf("the preview's effect is %q", got)
	}
	a.shot("reaction-preview")
}

func mustAtoi(t *testing.T, s string) int {
	t.Helper()
	var n int
	if _, err := fmt.Sscan(s, &n); err != nil {
		t.Fatalf("%q is no number: %v", s, err)
	}
	return n
}
