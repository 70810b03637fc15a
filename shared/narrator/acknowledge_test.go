package narrator

import (
	"strings"
	"testing"

	"chronicler/internal/golden"
	"chronicler/shared/campaign"
)

// ackRequest is sampleRequest as an acknowledgement in character, with a
// map, recalled lore and three recent turns.
func ackRequest() Request {
	req := sampleRequest()
	req.Purpose, req.Tier = PurposeAcknowledgement, Low
	req.Places = []Area{req.Area, {Name: "Ossuary", Description: "Bones stacked to the vault."}}
	req.Lore = "Marta once owed the ferryman a silver piece."
	req.Recent = append([]campaign.Turn{{Sequence: 1, ActorName: "Mira", Action: "I light the lantern", RulesResult: "Mira lights the lantern."}}, req.Recent...)
	req.Action, req.RulesResult = "move", "Brok goes from Crypt Stair to Eastern Passage."
	return req
}

func TestAcknowledgementGolden(t *testing.T) {
	golden.Check(t, "acknowledge.golden", []byte(render(Blocks(ackRequest()))))
}

// An acknowledgement in character is told from the voice, the party, the
// scene, the last two turns and the current one: not the world, its
// places, the canon, the summary or the lore, in either layout; and
// nothing of it is marked for a cache it could never reach.
func TestAcknowledgementLeavesTheWorldOut(t *testing.T) {
	for _, layout := range []Layout{LayoutCached, LayoutFlat} {
		req := ackRequest()
		req.Layout = layout
		blocks := Blocks(req)
		text := Join(blocks)
		for what, s := range map[string]string{"the world": "A drowned kingdom", "a place of the map": "Bones stacked to the vault",
			"the canon": req.Canon, "the summary": "Turn 1: The party entered the crypt.", "the lore": req.Lore,
			"the oldest recent turn": "I light the lantern", "the narration guide": "A hit lands and does harm"} {
			if strings.Contains(text, s) {
				t.Errorf("%s layout: the acknowledgement tells %s (%q)", layout, what, s)
			}
		}
		for what, s := range map[string]string{"the voice": "a wry, warm storyteller who likes weather", "the scene": "Location: Eastern Passage.",
			"what the place is like": "water drips from the roof", "the party": "Brok (absent)",
			"the last turns": "I charge the skeleton", "the newest turn": "I shout for help",
			"the current turn":  "Rules result: Brok goes from Crypt Stair to Eastern Passage.",
			"the brevity asked": "acknowledge it in one or two sentences", "the contract": "Write one or two sentences."} {
			if !strings.Contains(text, s) {
				t.Errorf("%s layout: the acknowledgement leaves out %s (%q)", layout, what, s)
			}
		}
		for _, b := range blocks {
			if b.Cache {
				t.Errorf("%s layout: a cache point after the %s block", layout, b.Name)
			}
		}
		full := req
		full.Purpose = PurposeNarration
		if n, lean := promptTokens(full), promptTokens(req); lean >= n {
			t.Errorf("%s layout: the acknowledgement is %d tokens, the narration of the same turn %d", layout, lean, n)
		}
	}
}

// A remark out of character keeps what the party knows: it asks the
// narrator about it ("do we know anything about the heirs?").
func TestOutOfCharacterAcknowledgementKeepsWhatThePartyKnows(t *testing.T) {
	req := ackRequest()
	req.OutOfCharacter, req.Action, req.RulesResult = true, "OOC: what did Marta say about the key?", ""
	text := Join(Blocks(req))
	for _, s := range []string{"A drowned kingdom", "Bones stacked to the vault", req.Canon, "Turn 1: The party entered the crypt.", req.Lore, "I light the lantern", "out of character"} {
		if !strings.Contains(text, s) {
			t.Errorf("the remark's answer is not told %q", s)
		}
	}
	if strings.Contains(text, "A hit lands and does harm") {
		t.Error("the remark's answer is told how to narrate hits")
	}
}
