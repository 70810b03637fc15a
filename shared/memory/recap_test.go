package memory

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
)

// The recap tells the key moments of the session from the canon, in
// prose and in order: who was met, what was promised and found, who died
// (together); never a GM-only fact, never a moment of another session.
func TestMomentsTellTheSessionsKeyMoments(t *testing.T) {
	var m Memory
	present := []string{"c1"}
	for _, turn := range []campaign.Turn{
		{Sequence: 3, ActorName: "Mira", Action: "I promise to find the bell", Narration: "An innkeeper named Marta pours the ale."},
		{Sequence: 5, ActorName: "Mira", Action: "attack", RulesResult: "Mira hits Oswin with a dagger (15 vs AC 15) for 4 piercing damage; Oswin drops to 0 HP and dies. Brakka is up."},
		{Sequence: 6, ActorName: "Mira", Action: "I look", Narration: "Mira takes the Moonglass Key from the altar."},
		{Sequence: 7, ActorName: "Mira", Action: "attack", RulesResult: "Mira hits Brakka with a dagger (15 vs AC 15) for 4 piercing damage; Brakka drops to 0 HP and dies."},
	} {
		m.Observe(turn, present)
	}
	m = m.WithSecrets([]campaign.Secret{{ID: "s1", Subject: "Marta", Text: "Marta is the smugglers' queen."}})
	var told []string
	for _, mo := range m.Moments(2, 7) {
		told = append(told, mo.Text)
	}
	got := strings.Join(told, " ")
	for _, want := range []string{"Mira promises to find the bell.", "The party met Marta", "Oswin and Brakka fell, never to rise.", "Moonglass Key"} {
		if !strings.Contains(got, want) {
			t.Errorf("the recap %q does not tell %q", got, want)
		}
	}
	if strings.Contains(got, "smugglers") || strings.Contains(got, "HP") || strings.Contains(got, "Turn ") {
		t.Errorf("the recap %q tells a secret, a figure or a list", got)
	}
	if strings.Index(got, "promises") > strings.Index(got, "fell") {
		t.Errorf("the recap %q is out of order", got)
	}
	if later := m.Moments(7, 7); len(later) != 0 {
		t.Errorf("moments of no turn: %v", later)
	}
}
