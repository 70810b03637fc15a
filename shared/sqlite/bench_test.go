package sqlite

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"chronicler/shared/campaign"
	"chronicler/shared/game"
)

// BenchmarkCommitTurn measures one turn's commit — the Turn, the State on
// its turn-count condition, one Character and the Campaign's last played
// time — with items (rows of every kind) already in the file.
func BenchmarkCommitTurn(b *testing.B) {
	for _, items := range []int{1_000, 100_000} {
		b.Run(fmt.Sprintf("items=%d", items), func(b *testing.B) {
			db, _ := openTemp(b)
			const id = "camp-bench"
			turnCount := populate(b, db, id, items)
			c := benchCampaign(id)
			c.Version = 1
			ch := benchCharacter("c1")
			ch.Version = 1
			state := campaign.State{CampaignID: id, Summary: strings.Repeat("The story so far. ", 40), Scene: campaign.Scene{Location: "crypt"}}
			b.ReportAllocs()
			// b.Loop runs this function once, so the population above is paid
			// once, and it starts the timer only at its first call.
			for b.Loop() {
				now := t0.Add(time.Duration(turnCount) * time.Second)
				turn := benchTurn(id, turnCount+1, now)
				c.LastPlayedAt = now
				ch.HP = turnCount % 20
				state.TurnCount, state.UpdatedAt = turnCount+1, now
				if err := db.Commit(b.Context(), game.Tx{
					CampaignID:      id,
					Campaign:        &c,
					Characters:      []campaign.Character{ch},
					Turn:            &turn,
					State:           &state,
					ExpectTurnCount: turnCount,
				}); err != nil {
					b.Fatalf("commit turn %d: %v", turnCount+1, err)
				}
				turnCount++
				c.Version++
				ch.Version++
			}
		})
	}
}

// populate fills db with about items rows in one SQL transaction, through
// the same encoders Commit uses: campaign id with half of them as its turn
// history, and the rest as other campaigns of 100 rows each. It returns id's
// turn count.
func populate(b *testing.B, db *DB, id string, items int) int {
	b.Helper()
	tx, err := db.writeDB.BeginTx(b.Context(), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer tx.Rollback()
	w := &writer{ctx: b.Context(), tx: tx, op: "populate"}
	must := func(err error) {
		b.Helper()
		if err != nil {
			b.Fatal(err)
		}
	}
	seed := func(cid string, turns int) {
		w.campaignID = cid
		must(w.campaign(benchCampaign(cid)))
		must(w.newState(campaign.State{CampaignID: cid, TurnCount: turns, UpdatedAt: t0}))
		must(w.member(campaign.Member{PlayerID: "p1", Role: campaign.Owner, JoinedAt: t0}))
		must(w.character(benchCharacter("c1")))
		must(w.character(benchCharacter("c2")))
		for seq := 1; seq <= turns; seq++ {
			must(w.turn(benchTurn(cid, seq, t0.Add(time.Duration(seq)*time.Second)), ""))
		}
	}
	const perCampaign = 100
	history := items / 2
	seed(id, history)
	for n := 0; n < (items-history)/perCampaign; n++ {
		seed(fmt.Sprintf("camp-filler-%06d", n), perCampaign-5)
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	return history
}

func benchCampaign(id string) campaign.Campaign {
	return campaign.Campaign{ID: id, Name: "Bench " + id, Status: campaign.Active, OwnerID: "p1", Settings: campaign.DefaultSettings(), CreatedAt: t0, LastPlayedAt: t0}
}

func benchCharacter(id string) campaign.Character {
	return campaign.Character{
		ID: id, PlayerID: "p1", Name: "Hero " + id, Race: "elf", Class: "wizard", Level: 5,
		Abilities: campaign.Abilities{Str: 8, Dex: 16, Con: 14, Int: 18, Wis: 12, Cha: 10},
		HP:        27, MaxHP: 27, AC: 13, Speed: 30, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{"1": {Max: 4}, "2": {Max: 3}, "3": {Max: 2}},
		Inventory:  []campaign.Item{{Item: "spellbook", Qty: 1}, {Item: "dagger", Qty: 2}},
		Presence:   campaign.Present,
	}
}

// benchTurn is a turn of realistic size: a roll and a paragraph of narration.
func benchTurn(campaignID string, seq int, at time.Time) campaign.Turn {
	return campaign.Turn{
		ID: fmt.Sprintf("turn-%d", seq), CampaignID: campaignID, Sequence: seq, SessionID: "s1",
		ActorID: "c1", PlayerID: "p1", RequestID: fmt.Sprintf("req-%d", seq),
		Action:      "I cast magic missile at the nearest skeleton.",
		Intent:      []byte(`{"kind":"cast","spell":"magic-missile","targets":["skeleton-1"]}`),
		Rolls:       []campaign.Roll{{RollID: "r1", Dice: "3d4+3", Rolls: []int{2, 4, 1}, Total: 10}},
		RulesResult: "skeleton-1 takes 10 force damage and is destroyed",
		Narration:   strings.Repeat("Three darts of light streak across the crypt. ", 10),
		Suggestions: []string{"search the sarcophagus", "advance"},
		CreatedAt:   at,
	}
}
