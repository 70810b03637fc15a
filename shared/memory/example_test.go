package memory_test

import (
	"fmt"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/memory"
	"chronicler/shared/narrator"
)

// A turn is observed after it is narrated, and two hundred turns later an
// action that names Ysolde brings back what she showed the party, though
// no summary holds it any more.
func Example() {
	var mem memory.Memory
	mem.Observe(campaign.Turn{Sequence: 12, ActorID: "c1", ActorName: "Kira", Action: "I talk with the locals",
		Narration: "A cartographer named Ysolde Quarrin shows Kira the smugglers' cache beneath the copper millstone."},
		[]string{"c1", "c2"})
	for seq := 13; seq < 212; seq++ {
		mem.Observe(campaign.Turn{Sequence: seq, ActorName: "Bram", Action: "We walk on",
			Narration: "The road winds on through the fog."}, []string{"c1", "c2"})
	}
	kira := campaign.Character{ID: "c1", Name: "Kira", Presence: campaign.Present}
	snap, rep := memory.Build(memory.Input{
		CampaignName: "The Drowned Barges", Characters: []campaign.Character{kira}, Actor: kira,
		Summary: "Turn 210: Bram: We walk on.", Memory: mem, Turn: 212,
		Action: "I ask around for Ysolde, the cartographer",
	}, memory.DefaultBudget())

	prompt := narrator.Join(narrator.Blocks(snap.Request))
	fmt.Println(strings.Contains(prompt, "beneath the copper millstone"))
	fmt.Println(rep.Total <= rep.Target)
	// Output:
	// true
	// true
}
