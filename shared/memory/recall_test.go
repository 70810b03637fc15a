package memory

import (
	"fmt"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/narrator"
)

func TestRecallFindsFactPlanted200TurnsEarlier(t *testing.T) {
	s := newScript(5, 230, 0, 0)
	const said = "A cartographer named Ysolde Quarrin shows Kira the smugglers' cache beneath the copper millstone."
	s.Turns[9].Narration = said + " " + s.Turns[9].Narration
	var m Memory
	summary := ""
	for i, turn := range s.Turns {
		m.Observe(turn, s.Present[i])
		summary = summarize(summary, turn, 1200)
	}
	if strings.Contains(summary, "Ysolde") {
		t.Fatal("the rolling summary still holds the planted fact; the test proves nothing")
	}
	got := Recall(m.Index, "I ask around for Ysolde, the cartographer, at the river docks", 300)
	if len(got) == 0 {
		t.Fatal("nothing recalled")
	}
	if got[0].Turn != 10 || got[0].FactID == "" || !strings.Contains(got[0].Text, "beneath the copper millstone") {
		t.Errorf("first recalled = %+v, want the fact planted at turn 10", got[0])
	}
}

func TestRecallRanking(t *testing.T) {
	var m Memory
	m.Observe(narrated(1, "Kira", "", "An innkeeper named Marta pours ale at the Gilded Goose Inn."), []string{"c1"})
	for seq := 2; seq <= 40; seq++ {
		m.Observe(narrated(seq, "Kira", "", "Marta polishes the bar of the Gilded Goose Inn while rain falls."), []string{"c1"})
	}
	m.Observe(narrated(41, "Kira", "", "Bram takes the Moonglass Key from under the bar."), []string{"c1"})
	m.Observe(narrated(42, "Kira", "", "The Moonglass Key hums when Oswin Thorne walks past."), []string{"c1"})

	tests := []struct {
		name, query string
		budget      int
		check       func(t *testing.T, got []Recalled)
	}{
		{"RareNameFirst", "I show Marta the Moonglass Key", 400, func(t *testing.T, got []Recalled) {
			if len(got) == 0 || !strings.Contains(got[0].Text, "Moonglass Key") {
				t.Errorf("first = %+v, want the Moonglass Key ahead of Marta's many mentions", got)
			}
		}},
		{"FactBeforeExcerpt", "the Moonglass Key", 400, func(t *testing.T, got []Recalled) {
			if len(got) < 2 || got[0].FactID == "" {
				t.Errorf("got %+v, want the fact first", got)
			}
		}},
		{"WithinBudget", "Marta Gilded Goose Inn", 60, func(t *testing.T, got []Recalled) {
			used := 0
			for _, r := range got {
				used += r.Tokens
			}
			if used > 60 || len(got) == 0 {
				t.Errorf("used %d tokens in %d items, want 1..60", used, len(got))
			}
		}},
		{"NothingInCommon", "I juggle three apples", 400, func(t *testing.T, got []Recalled) {
			if len(got) != 0 {
				t.Errorf("got %+v, want nothing", got)
			}
		}},
		{"NoBudget", "Marta", 0, func(t *testing.T, got []Recalled) {
			if got != nil {
				t.Errorf("got %+v with no budget", got)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.check(t, Recall(m.Index, tt.query, tt.budget)) })
	}
}

func TestIndexSkipsSaturatedMentions(t *testing.T) {
	var x Index
	for seq := 1; seq <= 3*saturated; seq++ {
		x.AddTurn(narrated(seq, "Kira", "", "Marta polishes the bar."), []string{"c1"})
	}
	if n := len(x.Docs); n != saturated {
		t.Errorf("indexed %d excerpts of the same mention, want %d", n, saturated)
	}
	x.AddTurn(narrated(99, "Kira", "", "Marta polishes the bar. Oswin arrives."), []string{"c1"})
	if last := x.Docs[len(x.Docs)-1]; last.Turn != 99 || !strings.Contains(last.Text, "Oswin") {
		t.Errorf("a new name was not indexed: %+v", last)
	}
}

// A model's narration names a place or a person bare and tells what
// matters of them in the next sentence: the turn's excerpt keeps both.
func TestIndexKeepsTheSentenceAfterANewName(t *testing.T) {
	var x Index
	x.AddTurn(narrated(1, "Kira", "", "Rain drums on the shingles. Past the weir the towpath runs on toward Gloamwood. "+
		"Smugglers leave their lanterns there, beside the copper bell, when the fog is thick. The wind turns."), []string{"c1"})
	if got := x.Docs[0].Text; !strings.Contains(got, "Gloamwood") || !strings.Contains(got, "beside the copper bell") {
		t.Errorf("excerpt %q lost what the narration said of Gloamwood", got)
	}
	x.AddTurn(narrated(2, "Kira", "", "The road to Gloamwood is empty. The reeds hiss in the wind."), []string{"c1"})
	if got := x.Docs[1].Text; strings.Contains(got, "reeds") {
		t.Errorf("excerpt %q took the next sentence for a name the index already knew", got)
	}
}

// plantedTable is a campaign where Gloamwood and Fitch were told of once,
// bare, early on, followed by many turns of other names along the river
// path, so that recall by the action's common words crowds the lore.
func plantedTable() Input {
	var m Memory
	present := []string{"c1", "c2"}
	m.Observe(narrated(1, "Kira", "", "An innkeeper named Marta, a stout human with a grey braid, sets out bowls of stew."), present)
	m.Observe(narrated(2, "Kira", "", "Rain drums on the shingles. Past the weir the towpath runs on toward Gloamwood. "+
		"Smugglers leave their lanterns there, beside the copper bell, when the fog is thick."), present)
	m.Observe(narrated(3, "Kira", "", "Fitch sidles up to Kira by the nets and talks in a low voice. "+
		"The barges are holed at night, he says, by men who wait behind the mossy well."), present)
	var recent []campaign.Turn
	for seq := 4; seq <= 60; seq++ {
		who := firstNames[seq%len(firstNames)] + " " + surnames[seq%len(surnames)]
		tu := narrated(seq, "Kira", "We walk on", who+" walks the river path past the mill, where the water runs brown and slow between the reeds and the willows.")
		m.Observe(tu, present)
		recent = append(recent, tu)
	}
	chars := party()[:2]
	chars[0].Presence, chars[1].Presence = campaign.Present, campaign.Present
	return Input{CampaignName: "Test", Persona: "terse", WorldSeed: "A river kingdom.", Characters: chars, Actor: chars[0],
		Scene: campaign.Scene{Location: "the river docks"}, Recent: recent[len(recent)-4:], Memory: m, Turn: 61}
}

func TestBuildBringsBackWhereANameWasPlanted(t *testing.T) {
	tight := DefaultBudget()
	tight.Total = 1500
	tests := []struct {
		name, detail string
		refer        func(in *Input)
	}{
		{"ThePartyGoesThere", "beside the copper bell", func(in *Input) {
			in.Action = "We follow the river path past the mill until it ends"
			in.Scene.Location, in.Area.Name = "Gloamwood", "Gloamwood"
		}},
		{"ThePlayerNamesThemInPassing", "behind the mossy well", func(in *Input) {
			in.Action = "I ask Marta whether fitch has walked the river path past the mill"
		}},
		{"TheyComeBackIntoTheScene", "behind the mossy well", func(in *Input) {
			in.Action = "I wave the old informant over to walk the river path past the mill"
			in.Scene.NPCs = []string{"Fitch"}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := plantedTable()
			tt.refer(&in)
			snap, rep := Build(in, tight)
			if rep.Total > tight.Total {
				t.Errorf("%d tokens, over the budget of %d", rep.Total, tight.Total)
			}
			if !strings.Contains(text(snap), tt.detail) {
				t.Errorf("the prompt lacks %q:\n%s", tt.detail, snap.Request.Summary)
			}
		})
	}
}

// A recalled turn brings back the sentences that hold what matched, and
// the one after where that turn introduced it, not the narration's
// colour around them; and a turn that only names the place where the
// party stands, which the map already tells, is not recalled, except the
// turn that first named it.
func TestLoreKeepsTheSentencesThatMatched(t *testing.T) {
	in := bramInTheFog(
		narrated(1, "Bram", "I look around", "Rain needles against the glass. The common room of the Gilded Goose lies quiet. Dust drifts through a shaft of grey light."),
		narrated(2, "Bram", "I wait", "The air of Gilded Goose seems to hold still as Bram acts. Moths circle the lantern in slow loops. A draught tugs at the door."),
		narrated(3, "Bram", "I talk with the locals", "Lamplight pools on the flagstones. Fitch sidles up by the nets. The barges are holed at night, he says, by men who wait under the weir. A dog barks twice in the yard."),
		narrated(4, "Bram", "I stretch", "In Gilded Goose, Bram makes a move. Someone laughs too loudly across the room."))
	in.Scene = campaign.Scene{Location: "Gilded Goose"}
	in.Action = "I ask Fitch about the barges"
	snap, _ := Build(in, DefaultBudget())
	lore := snap.Request.Lore
	for _, want := range []string{"Fitch sidles up by the nets.", "The barges are holed at night"} {
		if !strings.Contains(lore, want) {
			t.Errorf("lore without %q:\n%s", want, lore)
		}
	}
	if all := text(snap); !strings.Contains(all, "The common room of the Gilded Goose lies quiet.") {
		t.Errorf("what the turn that named the place told of it is not in the context:\n%s", all)
	}
	for _, colour := range []string{"Lamplight", "dog barks", "Rain needles", "Dust drifts", "Moths circle", "Bram makes a move", "hold still"} {
		if strings.Contains(lore, colour) {
			t.Errorf("lore holds %q:\n%s", colour, lore)
		}
	}
}

// A place of the map is told by the map, and a character of the party by
// the roster: not even the turn that first named them is recalled for
// their names alone. A blow of an old fight (a sentence naming the
// engine's label of a creature) is not recalled by the weapon or the
// spell the action names.
func TestLoreLeavesTheMapAndOldFightsOut(t *testing.T) {
	in := bramInTheFog(
		narrated(1, "Bram", "I look around", "The air of Saltmarsh Quay seems to hold still as Bram acts. Moths circle the lantern in slow loops."),
		narrated(2, "Bram", "I attack", "In Saltmarsh Quay, Bram swings. Bram hits Goblin 2 with the longsword; Goblin 2 drops and dies. Gulls wheel over the Tarry Wharf."),
		narrated(3, "Kira", "I listen", "Bram whistles a sea shanty. The fog lies thick."))
	quay := narrator.Area{Name: "Saltmarsh Quay", Description: "Tarred planks over black water."}
	in.Area, in.Places, in.Scene = quay, []narrator.Area{quay}, campaign.Scene{Location: "Saltmarsh Quay"}
	in.Action = "Bram cleans his longsword and looks toward the Tarry Wharf"
	snap, _ := Build(in, DefaultBudget())
	lore := snap.Request.Lore
	if !strings.Contains(text(snap), "Gulls wheel over the Tarry Wharf.") {
		t.Errorf("the context does not tell what the action names:\n%s", text(snap))
	}
	for _, left := range []string{"hold still", "Moths", "Goblin 2", "swings", "shanty"} {
		if strings.Contains(lore, left) {
			t.Errorf("lore holds %q:\n%s", left, lore)
		}
	}
}

// bramInTheFog is a campaign whose first turns are first, all witnessed
// by Bram (c1, present), then turns of fog up to turn 39, the last four
// of which are the hot window: the first turns reach the lore only
// through recall.
func bramInTheFog(first ...campaign.Turn) Input {
	var m Memory
	present := []string{"c1"}
	for _, tn := range first {
		m.Observe(tn, present)
	}
	var recent []campaign.Turn
	for seq := len(first) + 1; seq < 40; seq++ {
		tn := narrated(seq, "Bram", "We wait", fmt.Sprintf("The fog lies thick, hour %d of many.", seq))
		m.Observe(tn, present)
		recent = append(recent, tn)
	}
	bram := party()[0]
	bram.ID, bram.Name, bram.Presence = "c1", "Bram", campaign.Present
	return Input{CampaignName: "Test", Characters: []campaign.Character{bram}, Actor: bram,
		Recent: recent[len(recent)-4:], Memory: m, Unsummarized: 1}
}
