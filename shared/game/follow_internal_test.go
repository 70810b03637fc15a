package game

import (
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/intent"
	"chronicler/shared/rules/turn"
)

// A move into the place where a companion stands, told to the table, is
// following the party only when it rolls nothing, changes nothing but
// where the actor is, and is not part of a fight.
func TestFollowingIsAQuietMoveOnly(t *testing.T) {
	mira := campaign.Character{ID: "mira", Name: "Mira", HP: 10, MaxHP: 10, AreaID: "cellar"}
	bram := campaign.Character{ID: "bram", Name: "Bram", HP: 12, MaxHP: 12, AreaID: "common-room"}
	snap := Snapshot{Characters: []campaign.Character{mira, bram}}
	told := []campaign.Turn{{Sequence: 1, ActorID: "mira", Witnesses: []string{"mira"}}}
	quiet := func() turn.Decision {
		moved := bram
		moved.AreaID = "cellar"
		return turn.Decision{Intent: &intent.Intent{Kind: "move", ToAreaID: "cellar"}, Changed: []campaign.Character{moved},
			Scene: &campaign.Scene{Location: "Cellar"}, Summary: "Bram goes from Common Room to Cellar."}
	}
	cases := []struct {
		name   string
		recent []campaign.Turn
		change func(*turn.Decision)
		want   bool
	}{
		{"QuietMoveToAToldCompanionFollows", told, func(*turn.Decision) {}, true},
		{"CompanionWhoWitnessedNothingRecentIsNoFollowing", []campaign.Turn{{Sequence: 1, ActorID: "bram", Witnesses: []string{"bram"}}}, func(*turn.Decision) {}, false},
		{"RolledMoveIsNoFollowing", told, func(d *turn.Decision) { d.Rolls = []campaign.Roll{{Dice: "1d20"}} }, false},
		{"MoveThatChangesASheetIsNoFollowing", told, func(d *turn.Decision) { d.Changed[0].HP = 5 }, false},
		{"MoveInAFightIsNoFollowing", told, func(d *turn.Decision) { d.Encounter = &campaign.EncounterRecord{} }, false},
		{"MoveToAnEmptyPlaceIsNoFollowing", told, func(d *turn.Decision) {
			d.Changed[0].AreaID, d.Intent.ToAreaID = "road", "road"
		}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			d := quiet()
			tc.change(&d)
			if got := follows(snap, bram, d, tc.recent); got != tc.want {
				t.Errorf("follows = %v, want %v", got, tc.want)
			}
		})
	}
	dead := snap
	dead.Characters = []campaign.Character{mira, bram}
	dead.Characters[0].Dead = true
	if follows(dead, bram, quiet(), told) {
		t.Error("a move to where a companion lies dead follows the party")
	}
}
