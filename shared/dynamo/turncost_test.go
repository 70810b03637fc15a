package dynamo

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/auth"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
	"chronicler/shared/throttle"
	"chronicler/shared/throttle/throttletest"
)

// prose is the narration a sentences narrator tells, a sentence at a time:
// about the length of a model's sentence, with no number the guard would
// take for an invented one.
var prose = []string{
	"The lamplight trembles across the wet stones of the old cellar, and somewhere beyond the arch water drips in a slow and patient rhythm. ",
	"Mira steadies her breath and studies the worn carvings on the far wall, tracing the faded runes with a careful gloved finger. ",
	"A draught stirs the dust along the floor, carrying the faint smell of smoke and old parchment from a passage nobody has opened in years. ",
	"Her eyes narrow as the pattern resolves into a warning, the kind that scholars of the northern vaults once carved above their sealed doors. ",
	"Far above, the tavern's floorboards creak under heavy boots, and the murmur of voices drifts down through the cracks like distant surf. ",
	"The rats that watched from the shadows have gone quiet now, as if they too were waiting to learn what the carvings might reveal. ",
	"Cold iron glints beneath a fallen beam, a ring set into the flagstones and crusted with the rust of many forgotten winters. ",
	"Mira kneels beside it, feeling the chill seep through her robes, and wonders who last had the courage to pull it free. ",
	"Somewhere in the dark a chain shifts with a long low groan, and the lamp's small flame leans toward the unseen passage. ",
	"For a moment the whole cellar seems to hold its breath, and then the silence settles back like snow over an empty road. ",
}

// sentences is a narrator that tells n sentences of prose, one piece
// each; everything else (summaries, folds, intents) is the offline
// narrator's, which makes no call.
type sentences struct {
	narrator.Offline
	n int
}

func (s sentences) Name() string { return "sentences" }

func (s sentences) Narrate(ctx context.Context, req narrator.Request, emit func(string) error) (narrator.Narration, error) {
	var b strings.Builder
	for i := range s.n {
		p := prose[i%len(prose)]
		if err := emit(p); err != nil {
			return narrator.Narration{}, err
		}
		b.WriteString(p)
	}
	return narrator.Narration{Text: strings.TrimSpace(b.String()), Model: "sentences"}, nil
}

// silentPusher accepts every push: the benchmark measures the store.
type silentPusher struct{ n atomic.Int64 }

func (p *silentPusher) Send(context.Context, string, []byte) error { p.n.Add(1); return nil }

// BenchmarkTurnCapacity plays turns through the game service and this
// store on the test server, and reports what each cost in DynamoDB's
// on-demand units (priced from the items' sizes, see meter): write and
// read request units, TransactWriteItems calls and their items, and
// standard writes. Everything from the turn message to the commit and the
// low tier's memory is counted; creating the table, the campaign and the
// encounter is not.
//
// A solo turn is an ability check with automatic dice. A fight turn is a
// fighter's attack on one of two goblins, and then the goblins' turns,
// counted apart: per player turn and per monster turn. Each is narrated in
// 3 and in 10 sentences, and played three ways:
//
//   - appended: each sentence is the store's Append, and the turn is
//     narrated where it is decided (a Service with no narration flow);
//   - a-transaction-each: each sentence is a Commit of its own, as the
//     store wrote them before it had Append, to compare with;
//   - appended,handed-off: the decided turn goes to a narration flow
//     (Service.Narrations) whose steps run at once: NarrateTurn reads the
//     table again, narrates and commits the turn, and FightTurn plays the
//     fight on, as the table's state machine does. The difference from
//     appended is what the hand-off costs.
func BenchmarkTurnCapacity(b *testing.B) {
	ways := []struct {
		name            string
		eachTransaction bool
		handOff         bool
	}{
		{"appended", false, false},
		{"a-transaction-each", true, false},
		{"appended,handed-off", false, true},
	}
	for _, n := range []int{3, 10} {
		for _, w := range ways {
			b.Run(fmt.Sprintf("solo/sentences=%d/%s", n, w.name), func(b *testing.B) {
				t := newBenchTable(b, n, w.eachTransaction, w.handOff, campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard"})
				soloTurns(b, t)
			})
		}
	}
	for _, n := range []int{3, 10} {
		for _, w := range ways {
			b.Run(fmt.Sprintf("fight/sentences=%d/%s", n, w.name), func(b *testing.B) {
				t := newBenchTable(b, n, w.eachTransaction, w.handOff, campaign.NewCharacter{Name: "Brannoc", Race: "dwarf", Class: "fighter"})
				fightRounds(b, t)
			})
		}
	}
}

// table is a campaign of one player and their character, seated and
// resumed, played through svc on this store behind the meter.
type table struct {
	svc        *game.Service
	m          *meter
	clock      *throttletest.Clock
	push       *silentPusher
	steps      *fightSteps
	flow       *narrationFlow
	owner      game.Player
	campaignID string
	character  string
	fights     int // fights started while measuring
}

// newBenchTable sets a table up; its sentences are narrated n at a time, each
// committed alone when eachTransaction, and its decided turns handed to a
// narration flow when handOff.
func newBenchTable(b *testing.B, n int, eachTransaction, handOff bool, ch campaign.NewCharacter) *table {
	b.Helper()
	store, _ := open(b)
	m := &meter{API: store.db}
	store.db = m
	clock := &throttletest.Clock{}
	clock.Set(time.Date(2026, 1, 1, 18, 0, 0, 0, time.UTC))
	store.Now = clock.Now
	signer, err := auth.NewSigner([]byte("0123456789abcdef0123456789abcdef"), 24*time.Hour, clock.Now)
	if err != nil {
		b.Fatal(err)
	}
	var gs game.Store = store
	if eachTransaction {
		gs = commitEach{store}
	}
	push := &silentPusher{}
	svc := game.NewService(gs, push, sentences{n: n}, signer, slog.New(slog.DiscardHandler))
	svc.Now = clock.Now
	svc.TurnLimit = throttle.New(1, 5, clock.Now)
	var ids atomic.Int64
	svc.NewID = func() string { return fmt.Sprintf("id%06d", ids.Add(1)) }
	t := &table{svc: svc, m: m, clock: clock, push: push, owner: game.Player{ID: "p1", Name: "Aria"}}
	t.steps = &fightSteps{svc: svc, m: m}
	svc.Fights = t.steps
	if handOff {
		t.flow = &narrationFlow{svc: svc, steps: t.steps}
		svc.Narrations = t.flow
	}

	ctx := context.Background()
	c, err := svc.CreateCampaign(ctx, t.owner, events.CreateCampaign{Name: "Cellar"})
	if err != nil {
		b.Fatal(err)
	}
	made, err := svc.CreateCharacter(ctx, t.owner, c.ID, ch)
	if err != nil {
		b.Fatal(err)
	}
	if err := svc.Connect(ctx, "conn1", t.owner, c.ID); err != nil {
		b.Fatal(err)
	}
	if err := svc.Resume(ctx, "conn1", "resume"); err != nil {
		b.Fatal(err)
	}
	t.campaignID, t.character = c.ID, made.ID
	return t
}

// turn sends the character's turn with intent, a new request each time.
func (t *table) turn(b *testing.B, request string, intent map[string]string) {
	b.Helper()
	data, err := json.Marshal(intent)
	if err != nil {
		b.Fatal(err)
	}
	t.clock.Add(time.Minute)
	msg := events.ClientMessage{Action: events.ActionTurn, RequestID: request, CharacterID: t.character, Intent: data}
	if err := t.svc.TakeTurn(context.Background(), "conn1", msg); err != nil {
		b.Fatalf("turn %s: %v", request, err)
	}
	if t.flow != nil && t.flow.err != nil {
		b.Fatalf("turn %s, narrated by the flow: %v", request, t.flow.err)
	}
	if t.steps.err != nil {
		b.Fatalf("turn %s, the fight's steps: %v", request, t.steps.err)
	}
}

// soloTurns plays b.N ability checks and reports their cost per turn.
func soloTurns(b *testing.B, t *table) {
	t.m.take()
	pushed := t.push.n.Load()
	var total usage
	turns := 0
	for b.Loop() {
		turns++
		t.turn(b, fmt.Sprint("turn-", turns), map[string]string{"kind": "check", "ability": "int", "skill": "investigation"})
		total.add(t.m.take())
	}
	total.report(b, float64(turns), "turn")
	b.ReportMetric(float64(t.push.n.Load()-pushed)/float64(turns), "pushes/turn")
}

// toughGoblin is an SRD goblin that outlasts any fight (1,000 hit
// points) and hurts little (1 a hit): its turns are a goblin's, attack
// rolls, hits and all, and the fighter lasts several rounds before
// keepFit has them rest.
const toughGoblin = "tough-goblin"

// fightRounds starts a fight of the character against two tough goblins,
// then plays b.N rounds: the character attacks, and the goblins' turns
// follow. It reports a player turn's cost and a monster turn's apart, and
// how many rounds a fight lasted: the encounter item and the turn.committed
// event that carries it grow with each round.
func fightRounds(b *testing.B, t *table) {
	ctx := context.Background()
	g, ok := srd.LookupMonster("goblin")
	if !ok {
		b.Fatal("no goblin in the SRD")
	}
	g.ID, g.Name, g.HP = toughGoblin, "Tough goblin", 1000
	for i := range g.Actions {
		for j := range g.Actions[i].Damage {
			g.Actions[i].Damage[j].Dice = "1"
		}
	}
	o := srd.Overrides{Monsters: map[string]srd.Monster{g.ID: g}}
	if err := o.Validate(); err != nil {
		b.Fatal(err)
	}
	if _, err := t.svc.SetHomebrew(ctx, t.owner, t.campaignID, o); err != nil {
		b.Fatal(err)
	}
	start, err := events.DecodeStartEncounter([]byte(`{"monsters":[{"srd_id":"` + toughGoblin + `","count":2}]}`))
	if err != nil {
		b.Fatal(err)
	}
	t.startFight(b, start)
	t.steps.reset()
	t.fights = 1
	rounds := 0
	for b.Loop() {
		rounds++
		t.keepFit(b, start, rounds)
		before := t.steps.turns
		t.turn(b, fmt.Sprint("swing-", rounds), map[string]string{"kind": "attack", "target_id": toughGoblin + "-1"})
		t.steps.player.add(t.m.take())
		if t.steps.turns == before {
			b.Fatalf("round %d: no goblin acted after the attack", rounds)
		}
	}
	t.steps.player.report(b, float64(rounds), "player-turn")
	t.steps.monsters.report(b, float64(t.steps.turns), "monster-turn")
	b.ReportMetric(float64(t.steps.turns)/float64(rounds), "monster-turns/round")
	b.ReportMetric(float64(rounds)/float64(t.fights), "rounds/fight")
}

// startFight starts the fight, the goblins' turns played if they go
// first.
func (t *table) startFight(b *testing.B, start events.StartEncounter) {
	b.Helper()
	if _, err := t.svc.StartEncounter(context.Background(), t.owner, t.campaignID, start); err != nil {
		b.Fatal(err)
	}
	if t.steps.err != nil {
		b.Fatalf("the goblins' first turns: %v", t.steps.err)
	}
}

// keepFit ends the fight and starts another, the fighter rested, when
// they are down to half their hit points, so that every round measured
// is the same: an attack, and the goblins' turns. None of it is counted.
func (t *table) keepFit(b *testing.B, start events.StartEncounter, round int) {
	b.Helper()
	ctx := context.Background()
	kept := *t.steps
	defer func() {
		t.steps.player, t.steps.monsters, t.steps.turns = kept.player, kept.monsters, kept.turns
		t.m.take()
	}()
	snap, err := t.svc.Store.Snapshot(ctx, t.campaignID)
	if err != nil {
		b.Fatal(err)
	}
	for _, rec := range snap.Encounters {
		if rec.Status != "active" {
			continue
		}
		var e encounter.Encounter
		if err := json.Unmarshal(rec.Data, &e); err != nil {
			b.Fatal(err)
		}
		for _, p := range e.Participants {
			if p.CharacterID == t.character && 2*p.HP > p.MaxHP {
				return
			}
		}
		if _, err := t.svc.EndEncounter(ctx, t.owner, t.campaignID, rec.ID, events.EndEncounter{Outcome: "fled"}); err != nil {
			b.Fatalf("round %d: end the fight: %v", round, err)
		}
	}
	t.clock.Add(24 * time.Hour)
	t.turn(b, fmt.Sprint("rest-", round), map[string]string{"kind": "rest", "rest": "long"})
	t.startFight(b, start)
	t.fights++
}

// add adds v to u.
func (u *usage) add(v usage) {
	u.WRU += v.WRU
	u.RRU += v.RRU
	u.Transactions += v.Transactions
	u.TxItems += v.TxItems
	u.Writes += v.Writes
}

// report reports u spread over n of what, e.g. "WRU/turn".
func (u usage) report(b *testing.B, n float64, what string) {
	b.ReportMetric(u.WRU/n, "WRU/"+what)
	b.ReportMetric(u.RRU/n, "RRU/"+what)
	b.ReportMetric(float64(u.Transactions)/n, "tx/"+what)
	b.ReportMetric(float64(u.TxItems)/n, "txitems/"+what)
	b.ReportMetric(float64(u.Writes)/n, "writes/"+what)
}

// commitEach is the store with each of a narration's sentences committed
// alone, a transaction of the event and the sequence item: how the store
// wrote them before it had Append.
type commitEach struct{ *Store }

func (c commitEach) Append(ctx context.Context, campaignID string, e *game.Event) error {
	tx := game.Tx{CampaignID: campaignID, Events: []game.Event{*e}}
	if err := c.Commit(ctx, tx); err != nil {
		return err
	}
	e.Seq = tx.Events[0].Seq
	return nil
}

// fightSteps plays the turns no player takes that follow a turn, here and
// now, one FightTurn at a time until none is up: what continueFight does
// for a Service with no fight flow (autoTurn until it plays none), with
// the meter read when the player's turn hands over to the monsters and
// after the last of them, so that the two are counted apart.
type fightSteps struct {
	svc      *game.Service
	m        *meter
	player   usage // the player's turns, up to the hand-over
	monsters usage // the monsters' turns, and the read that finds none up
	turns    int   // monster turns played
	err      error
}

func (f *fightSteps) Continue(ctx context.Context, campaignID, _ string) error {
	f.player.add(f.m.take())
	f.play(ctx, campaignID, "")
	return nil
}

// play plays the fight on under the flow's name ("" for none).
func (f *fightSteps) play(ctx context.Context, campaignID, flow string) {
	for range 40 {
		more, err := f.svc.FightTurn(ctx, campaignID, flow)
		if err != nil {
			f.err = err
			break
		}
		if !more {
			break
		}
		f.turns++
	}
	f.monsters.add(f.m.take())
}

func (f *fightSteps) reset() { f.player, f.monsters, f.turns = usage{}, usage{}, 0 }

// narrationFlow is a narration flow run at once, in the caller: its first
// step narrates and commits the decided turn (NarrateTurn), and when a
// fight goes on its next steps play the turns no player takes under the
// flow's name, as the table's state machine does. A failed step is kept
// for the benchmark to fail on, not returned: Narrate's error means the
// flow did not start, and the turn would be narrated again in place.
type narrationFlow struct {
	svc   *game.Service
	steps *fightSteps
	err   error
}

func (f *narrationFlow) Narrate(ctx context.Context, campaignID, turnID, name string) error {
	more, err := f.svc.NarrateTurn(ctx, campaignID, turnID)
	if err != nil {
		f.err = err
		return nil
	}
	if more {
		f.steps.player.add(f.steps.m.take())
		f.steps.play(ctx, campaignID, name)
	}
	return nil
}
