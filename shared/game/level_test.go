package game_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"chronicler/events"
	"chronicler/shared/game"
)

// A fight won with enough XP for a new level marks the sheet; the player
// levels up with a level_up turn, whose turn.committed carries the new
// sheet and whose character.leveled tells the table what it gave.
func TestAWonFightLetsThePlayerLevelUp(t *testing.T) {
	f := newFixture(t)
	ctx := context.Background()
	owner := game.Player{ID: "p-c1", Name: "Aria"}
	c, bryn := f.fighterTable(t, owner, nil)
	straw := foe(t, "straw-goblin", 1, 1, -5, "1d4")
	straw.XP = 300 // a level's worth
	f.brew(t, owner, c, straw)
	if _, err := f.svc.StartEncounter(ctx, owner, c.ID, startReq(t, `{"monsters":[{"srd_id":"straw-goblin","count":1}],"surprise":["monsters"]}`)); err != nil {
		t.Fatal(err)
	}
	for i := range 10 {
		if _, _, ok, _ := activeFor(t, mustSnap(t, f, c.ID)); !ok {
			break
		}
		if err := f.act(t, "c1", bryn.ID, fmt.Sprint("swing-", i), "", &events.Intent{Kind: "attack", TargetID: "straw-goblin-1"}); err != nil {
			t.Fatal(err)
		}
	}
	sheet := mustSnap(t, f, c.ID).Characters[0]
	if sheet.XP != 300 || sheet.Level != 1 || !sheet.LevelUpReady() {
		t.Fatalf("after the fight Bryn has %d XP at level %d", sheet.XP, sheet.Level)
	}
	if !strings.Contains(f.lastOf(t, "c1", events.TypeTurnCommitted), `"level_up":true`) {
		t.Fatal("the fight's turn.committed does not show Bryn's level up")
	}

	if err := f.act(t, "c1", bryn.ID, "level-2", "", &events.Intent{Kind: "level_up", HP: "roll"}); err != nil {
		t.Fatal(err)
	}
	up := mustSnap(t, f, c.ID).Characters[0]
	if up.Level != 2 || up.HitDice.Max != 2 || up.MaxHP <= sheet.MaxHP || up.MaxHP > sheet.MaxHP+12 || up.LevelUpReady() {
		t.Fatalf("Bryn after levelling: level %d, HP %d/%d (was %d), ready %v", up.Level, up.HP, up.MaxHP, sheet.MaxHP, up.LevelUpReady())
	}
	tcs := f.committedTurns(t, "c1")
	last := tcs[len(tcs)-1]
	if len(last.Rolls) != 1 || len(last.Characters) != 1 || last.Characters[0].Level != 2 {
		t.Fatalf("the level up's turn.committed: rolls %+v characters %+v", last.Rolls, last.Characters)
	}
	var lv events.CharacterLeveled
	if err := json.Unmarshal([]byte(f.lastOf(t, "c1", events.TypeCharacterLeveled)), &lv); err != nil {
		t.Fatal(err)
	}
	if lv.TurnID != last.TurnID || lv.CharacterID != bryn.ID || lv.Level != 2 || lv.HitPoints != "roll" || lv.HPGained != up.MaxHP-sheet.MaxHP ||
		lv.ProficiencyBonus != 2 || !slices.Equal(lv.Features, []string{"Action Surge (1 use)"}) {
		t.Fatalf("character.leveled %+v", lv)
	}
	if err := f.act(t, "c1", bryn.ID, "level-3", "", &events.Intent{Kind: "level_up"}); err == nil {
		t.Fatal("Bryn levelled up again without the XP")
	}
}

// lastOf is the last event of type typ connection conn received, as sent.
func (f *fixture) lastOf(t *testing.T, conn, typ string) string {
	t.Helper()
	f.push.mu.Lock()
	defer f.push.mu.Unlock()
	sent := f.push.sent[conn]
	for i := len(sent) - 1; i >= 0; i-- {
		var h events.Header
		if json.Unmarshal(sent[i], &h) == nil && h.Type == typ {
			return string(sent[i])
		}
	}
	t.Fatalf("connection %s got no %s", conn, typ)
	return ""
}
