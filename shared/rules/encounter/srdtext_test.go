package encounter_test

import (
	"testing"

	"chronicler/shared/rules/encounter"
)

// Fights as the SRD's text has them, where the reference's structured
// fields once said otherwise (shared/srd/data/adjustments.txt).

// An adult red dragon's Fire Breath: "DC 21 Dexterity saving throw,
// taking 63 (18d6) fire damage on a failed save, or half as much damage on
// a successful one". Tavi (Dex save +5) rolls 20 and takes half of 18;
// Mira (+1) rolls 5 and takes it all.
func TestAdultRedDragonBreathHalvesOnASave(t *testing.T) {
	e := begin(t, []encounter.MonsterSpec{{SRDID: "adult-red-dragon", Count: 1}}, nil, 1, 1, 20)
	breath := make([]int, 18)
	for i := range breath {
		breath[i] = 1
	}
	// First its Frightful Presence, which both shake off (20, 20); then
	// the breath.
	out, res, err := encounter.MonsterTurn(e, faces(t, append([]int{20, 20}, append(breath, 20, 5)...)...))
	if err != nil {
		t.Fatal(err)
	}
	if res.Kind != encounter.ActionArea || len(res.Saves) != 4 || !res.Saves[2].Success || res.Saves[3].Success {
		t.Fatalf("kind %q, saves %+v: %s", res.Kind, res.Saves, res.Summary())
	}
	if tv, m := participant(t, out, "tavi"), participant(t, out, "mira"); tv.HP != 20-9 || m.HP != 28-18 {
		t.Errorf("Tavi at %d (want 20-9=11), Mira at %d (want 28-18=10): %s", tv.HP, m.HP, res.Summary())
	}
}

// An assassin's shortsword: "Hit: 6 (1d6 + 3) piercing damage, and the
// target must make a DC 15 Constitution saving throw, taking 24 (7d6)
// poison damage on a failed save, or half as much damage on a successful
// one." Its Multiattack is two; both go at Tavi (20 HP, Constitution save
// +1), the weaker. 7d6 of 1s is 7, half of it 3.
func TestAssassinPoisonBehindASave(t *testing.T) {
	tests := []struct {
		name  string
		save  int // Tavi's d20
		taken int // by the first hit
	}{
		{"FailedSaveTakesThe7d6", 5, 6 + 7},
		{"SuccessfulSaveTakesHalf", 19, 6 + 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := begin(t, []encounter.MonsterSpec{{SRDID: "assassin", Count: 1}}, nil, 1, 1, 20)
			// Hit (15+6), 3 on the d6, Tavi's save, 7d6 of 1s; the second
			// attack misses Tavi (2+6).
			out, res, err := encounter.MonsterTurn(e, faces(t, 15, 3, tt.save, 1, 1, 1, 1, 1, 1, 1, 2))
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Attacks) != 2 {
				t.Fatalf("%d attacks: %s", len(res.Attacks), res.Summary())
			}
			hit := res.Attacks[0]
			if len(hit.Saves) != 1 || hit.Saves[0].DC != 15 || hit.Saves[0].RollerID != "tavi" || hit.Saves[0].Success != (tt.save+1 >= 15) {
				t.Fatalf("saves %+v: %s", hit.Saves, hit.Summary())
			}
			if miss := res.Attacks[1]; miss.Hit || miss.TargetID != "tavi" {
				t.Errorf("second attack: %s", miss.Summary())
			}
			if hit.Damage == nil || hit.Damage.Taken != tt.taken {
				t.Errorf("first hit: %s, want %d taken", hit.Summary(), tt.taken)
			}
			if tv := participant(t, out, "tavi"); tv.HP != 20-tt.taken {
				t.Errorf("Tavi at %d, want %d", tv.HP, 20-tt.taken)
			}
		})
	}
}

// A poisonous snake bites for 1 piercing, "and the target must make a DC
// 10 Constitution saving throw, taking 5 (2d4) poison damage on a failed
// save": Tavi fails with a 3 and takes 1 + 7.
func TestPoisonousSnakeBiteRollsItsPoison(t *testing.T) {
	e := begin(t, []encounter.MonsterSpec{{SRDID: "poisonous-snake", Count: 1}}, nil, 1, 1, 20)
	out, res, err := encounter.MonsterTurn(e, faces(t, 15, 3, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || len(res.Attacks[0].Saves) != 1 {
		t.Fatalf("%s", res.Summary())
	}
	if tv := participant(t, out, "tavi"); tv.HP != 20-8 {
		t.Errorf("Tavi at %d, want 12: %s", tv.HP, res.Summary())
	}
}

// The azer and the lizardfolk fight with their shields.
func TestShieldsCountInMonsterAC(t *testing.T) {
	e := begin(t, []encounter.MonsterSpec{{SRDID: "azer", Count: 1}, {SRDID: "lizardfolk", Count: 1}}, nil, 1, 1, 20, 20)
	if az, lf := participant(t, e, "azer-1"), participant(t, e, "lizardfolk-1"); az.Combatant.AC != 17 || lf.Combatant.AC != 15 {
		t.Errorf("azer AC %d (want 17), lizardfolk AC %d (want 15)", az.Combatant.AC, lf.Combatant.AC)
	}
}

// A dretch, challenge 1/4, is worth 50 XP (the SRD's XP by challenge
// rating), as is a riding horse.
func TestMonsterXPFollowsChallenge(t *testing.T) {
	e := begin(t, []encounter.MonsterSpec{{SRDID: "dretch", Count: 1}, {SRDID: "riding-horse", Count: 1}}, nil, 1, 1, 20, 20)
	if d, h := participant(t, e, "dretch-1"), participant(t, e, "riding-horse-1"); d.XP != 50 || h.XP != 50 {
		t.Errorf("dretch worth %d XP, riding horse %d; want 50 each", d.XP, h.XP)
	}
}
