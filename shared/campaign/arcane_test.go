package campaign

import (
	"maps"
	"testing"
)

// Draconic Resilience: a sorcerer's hit point maximum rises by 1 a level
// (a 3rd-level one with Con 14: 6+2, then 4+2 twice, and 3), and without
// armour its AC is 13 + Dexterity; a level up adds the 1 more.
func TestDraconicResilience(t *testing.T) {
	ch, err := NewCharacter{Name: "Seren", Race: "human", Class: "sorcerer", Level: 3,
		Abilities: &Abilities{Str: 8, Dex: 14, Con: 13, Int: 10, Wis: 12, Cha: 15}}.Build("seren", "p1")
	if err != nil {
		t.Fatal(err)
	}
	if ch.MaxHP != 8+6+6+3 || ch.AC != 13+2 {
		t.Fatalf("HP %d, AC %d; want 23 and 15", ch.MaxHP, ch.AC)
	}
	ch.XP = xpFor(4)
	up, got, err := LevelUp(ch, LevelChoice{Increases: map[string]int{"cha": 2}})
	if err != nil {
		t.Fatal(err)
	}
	if got.HPGained != 4+2+1 || up.MaxHP != 23+7 {
		t.Errorf("level 4: +%d HP to %d; want +7 to 30", got.HPGained, up.MaxHP)
	}
	if wiz, _ := (NewCharacter{Name: "Orla", Race: "human", Class: "wizard", Level: 3,
		Abilities: &Abilities{Str: 8, Dex: 14, Con: 13, Int: 15, Wis: 12, Cha: 10}}).Build("orla", "p2"); wiz.MaxHP != 20 || wiz.AC != 12 {
		t.Errorf("a wizard: HP %d, AC %d; want 20 and 12", wiz.MaxHP, wiz.AC)
	}
}

// An invocation's once-a-day spell is a pool only for a warlock that
// chose the invocation.
func TestInvocationPools(t *testing.T) {
	w := Character{Class: "warlock", Level: 5}
	if _, ok := ResourcesOf(w)["thief-of-five-fates"]; ok {
		t.Error("a pool for an invocation not chosen")
	}
	w.Choices = map[string][]string{"eldritch-invocations": {"eldritch-invocation-thief-of-five-fates"}}
	if got := ResourcesOf(w); !maps.Equal(got, map[string]Pool{"thief-of-five-fates": {Max: 1}}) {
		t.Errorf("pools %v", got)
	}
}
