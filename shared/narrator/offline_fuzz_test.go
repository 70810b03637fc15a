package narrator

import (
	"strings"
	"testing"
	"unicode/utf8"

	"chronicler/shared/campaign"
)

// FuzzTell: whatever a player names their character, types as an action
// or the rules say, the offline narrator tells something, deterministically,
// and never markup of its own making: a name's markup is told as plain
// text; going on after what was told, it does not tell it again.
func FuzzTell(f *testing.F) {
	f.Add("Mira", "I search the room", "Mira succeeds on a DC 12 Wisdom (Perception) check (15).", "Goblin 2", false, false)
	f.Add("<b>Zed</b>", `"Who goes there?" I call out`, "", "", false, false)
	f.Add("**Bob**", "OOC: is my wizard dead?", "", "Ogre", true, false)
	f.Add("Goblin 2", "(Goblin 2's turn)", "Goblin 2 hits Mira with its scimitar (15 vs AC 12) for 5 slashing damage; Mira is at 2/9 HP. Goblin 1 is up.", "Goblin 2", false, true)
	f.Add("Ana", "I'm", "((( . ; ))) is up", "Rat 1", false, false)
	f.Add("- Bob", "I wave", "", "", false, false)
	f.Add("1. Zed", "I wave", "", "", false, false)
	f.Fuzz(func(t *testing.T, name, action, result, foe string, ooc, played bool) {
		if !utf8.ValidString(name) || !utf8.ValidString(action) || !utf8.ValidString(result) || !utf8.ValidString(foe) {
			return
		}
		req := Request{TurnID: "t", Actor: campaign.Character{ID: "c1", Name: name, HP: 3, MaxHP: 9}, Action: action,
			RulesResult: result, Threats: []Threat{{Name: foe}}, OutOfCharacter: ooc, Played: played,
			Area: Area{Name: "Cellar", Description: "A cold cellar."}}
		out := Tell(req)
		if len(out) == 0 || strings.TrimSpace(strings.Join(out, "")) == "" {
			t.Fatalf("nothing told of %+v", req)
		}
		again := Tell(req)
		if strings.Join(out, " ") != strings.Join(again, " ") {
			t.Fatalf("not deterministic: %q vs %q", out, again)
		}
		// Going on after the whole of it tells nothing of it again.
		cont := req
		cont.Told = strings.Join(out, " ")
		for _, s := range Tell(cont) {
			if saidIn(cont.Told, s) {
				t.Fatalf("after %q the offline narrator tells %q again", cont.Told, s)
			}
		}
		if strings.ContainsAny(action+result+foe, "<>*`#[]_~+-") || strings.ContainsFunc(action+result+foe, isEmoji) || strings.ContainsFunc(name, isEmoji) {
			return // the player's own words may hold markup; a name's is told as plain text
		}
		for _, v := range Guard(strings.Join(out, " "), Grounds{Rules: result, Other: []string{action, name, foe, "Cellar"}}) {
			if v == Markup || v == Emoji {
				t.Fatalf("%v in %q", v, out)
			}
		}
	})
}
