package memory

import (
	"testing"

	"chronicler/shared/campaign"
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
