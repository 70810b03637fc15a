package memory

import (
	"fmt"
	"slices"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/narrator"
)

func TestRosterLocksIdentity(t *testing.T) {
	intro := narrated(1, "Kira", "", "An innkeeper named Marta, a stout human with a grey braid, sets out bowls of stew.")
	tests := []struct {
		name  string
		turns []campaign.Turn
		want  NPC
	}{
		{"IntroductionSetsIdentity", []campaign.Turn{intro},
			NPC{Name: "Marta", Species: "human", Role: "innkeeper", Appearance: "stout with a grey braid", Status: Alive, FirstTurn: 1}},
		{"ContradictionDoesNotOverwrite", []campaign.Turn{intro,
			narrated(40, "Bram", "", "Marta, a willowy elf with silver hair, waves.")},
			NPC{Name: "Marta", Species: "human", Role: "innkeeper", Appearance: "stout with a grey braid", Status: Alive, FirstTurn: 1}},
		{"EmptyFieldIsFilledOnce", []campaign.Turn{
			narrated(2, "Kira", "", "A man called Oswin tips his hat."),
			narrated(9, "Kira", "", "Oswin, the ferryman, waves."),
			narrated(12, "Kira", "", "Oswin, the miller, waves.")},
			NPC{Name: "Oswin", Role: "ferryman", Appearance: "man", Status: Alive, FirstTurn: 2}},
		{"NarratedDeathIsNoRuling", []campaign.Turn{intro,
			narrated(50, "Kira", "", "Marta dies in the fire.")},
			NPC{Name: "Marta", Species: "human", Role: "innkeeper", Appearance: "stout with a grey braid", Status: Alive, FirstTurn: 1}},
		{"EngineDeathWins", []campaign.Turn{intro,
			{Sequence: 60, ActorName: "Aldric", RulesResult: "Attack roll 18 vs AC 10: hit. 9 damage; Marta dies.",
				Narration: "Marta, a tall elf, smiles."}},
			NPC{Name: "Marta", Species: "human", Role: "innkeeper", Appearance: "stout with a grey braid", Status: Dead, FirstTurn: 1, StatusTurn: 60}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m Memory
			for _, turn := range tt.turns {
				m.Observe(turn, []string{"c1"})
			}
			got, ok := m.Roster.Get(tt.want.Name)
			if !ok || got != tt.want {
				t.Errorf("roster has %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestRosterRule(t *testing.T) {
	var r Roster
	r.Introduce(NPC{Name: "Marta", Species: "human", Status: Dead}) // a status in an introduction is ignored
	if n, _ := r.Get("marta"); n.Status != Alive {
		t.Errorf("introduced as %q, want alive", n.Status)
	}
	if r.Rule("Goblin A", Dead, 5) {
		t.Error("a ruling on a monster changed the roster")
	}
	if !r.Rule("Marta", Dead, 7) {
		t.Fatal("a ruling on Marta was refused")
	}
	if n, _ := r.Get("Marta"); n.Status != Dead || n.StatusTurn != 7 {
		t.Errorf("after the ruling: %+v", n)
	}
	r.Introduce(NPC{Name: "Marta", Appearance: "a ghost"})
	if n, _ := r.Get("Marta"); n.Status != Dead {
		t.Error("a later introduction revived Marta")
	}
	if !r.Rule("Marta", Alive, 9) { // raised by a spell: the engine rules again
		t.Fatal("a second ruling was refused")
	}
	if r.Rule("Marta", "undead", 10) {
		t.Error("an unknown status was accepted")
	}
}

func TestNPCIdentity(t *testing.T) {
	tests := []struct {
		name string
		npc  NPC
		want string
	}{
		{"Full", NPC{Name: "Marta", Species: "human", Role: "innkeeper", Appearance: "stout woman"}, "Marta (human innkeeper; stout woman)"},
		{"NameOnly", NPC{Name: "Oswin"}, "Oswin"},
		{"Dead", NPC{Name: "Oswin", Role: "ferryman", Status: Dead}, "Oswin (ferryman; dead)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.npc.Identity(); got != tt.want {
				t.Errorf("Identity() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSceneAfter(t *testing.T) {
	var m Memory
	m.Roster.Introduce(NPC{Name: "Marta", Species: "human"})
	m.Roster.Introduce(NPC{Name: "Oswin"})
	m.Roster.Rule("Oswin", Dead, 4)
	start := campaign.Scene{Location: "The Drowned Lantern", Time: "morning", Weather: "clear", NPCs: []string{"Tobin"}}
	ch := func(what, value string) narrator.ExtractedSceneChange {
		return narrator.ExtractedSceneChange{What: what, Value: value}
	}
	tests := []struct {
		name       string
		changes    []narrator.ExtractedSceneChange
		engineTime bool
		want       campaign.Scene
	}{
		{"NothingChanges", nil, false, start},
		{"TimeAndWeather", []narrator.ExtractedSceneChange{ch("time", "night"), ch("weather", "fog")}, false,
			campaign.Scene{Location: "The Drowned Lantern", Time: "night", Weather: "fog", NPCs: []string{"Tobin"}}},
		{"TheEngineKeepsItsTime", []narrator.ExtractedSceneChange{ch("time", "night")}, true, start},
		{"ArrivalTakesTheRosterName", []narrator.ExtractedSceneChange{ch("arrived", "marta"), ch("arrived", "Tobin")}, false,
			campaign.Scene{Location: "The Drowned Lantern", Time: "morning", Weather: "clear", NPCs: []string{"Tobin", "Marta"}}},
		{"Departure", []narrator.ExtractedSceneChange{ch("left", "TOBIN"), ch("left", "nobody")}, false,
			campaign.Scene{Location: "The Drowned Lantern", Time: "morning", Weather: "clear", NPCs: []string{}}},
		{"TheDeadDoNotWalkIn", []narrator.ExtractedSceneChange{ch("arrived", "Oswin")}, false, start},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := m.SceneAfter(start, tc.changes, tc.engineTime)
			if got.Location != tc.want.Location || got.Time != tc.want.Time || got.Weather != tc.want.Weather || !slices.Equal(got.NPCs, tc.want.NPCs) {
				t.Fatalf("SceneAfter = %+v, want %+v", got, tc.want)
			}
		})
	}
	if start.NPCs[0] != "Tobin" || len(start.NPCs) != 1 {
		t.Fatalf("SceneAfter changed its input: %+v", start)
	}
	// An NPC ruled dead leaves the scene even with no change narrated.
	m.Roster.Rule("Marta", Dead, 5)
	if got := m.SceneAfter(campaign.Scene{NPCs: []string{"Marta", "Tobin"}}, nil, false); !slices.Equal(got.NPCs, []string{"Tobin"}) {
		t.Fatalf("the dead stay in the scene: %v", got.NPCs)
	}
	many := campaign.Scene{}
	for i := range MaxScenePresent + 2 {
		many = m.SceneAfter(many, []narrator.ExtractedSceneChange{ch("arrived", fmt.Sprint("Guard ", i))}, false)
	}
	if len(many.NPCs) != MaxScenePresent {
		t.Fatalf("%d NPCs present, want at most %d", len(many.NPCs), MaxScenePresent)
	}
}

func TestAttitudeShowsInTheIdentity(t *testing.T) {
	var r Roster
	r.Introduce(NPC{Name: "Marta", Species: "human", Role: "innkeeper"})
	if !r.Feel("marta", "hostile", 3) || r.Feel("Nobody", "friendly", 3) {
		t.Fatal("Feel: wrong NPCs")
	}
	n, _ := r.Get("Marta")
	if got := n.Identity(); got != "Marta (human innkeeper; hostile)" {
		t.Fatalf("Identity() = %q", got)
	}
	r.Rule("Marta", Dead, 4)
	if r.Feel("Marta", "friendly", 5) {
		t.Fatal("a dead NPC took an attitude")
	}
	n, _ = r.Get("Marta")
	if got := n.Identity(); got != "Marta (human innkeeper; dead)" {
		t.Fatalf("Identity() of the dead = %q", got)
	}
}
