package game_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"

	"chronicler/events"
	"chronicler/shared/bedrock"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
	"chronicler/shared/rules/encounter"
)

// This file measures what an evening at the table costs in model calls:
// a scripted session played through the real turn pipeline (free text
// and intents, the rules, intent reading, the narrator with its guard and
// retries, folds and summaries, definitions, monster turns played by
// the engine), narrated by the Bedrock adapter against the model
// stand-in, and priced from the request bodies the adapter sent
// (promptcache_test.go), beside what the game itself recorded.

// layout is a way of laying out the prompts, run side by side with the
// others in one report; apply sets the service up for it.
type layout struct {
	name  string
	apply func(*game.Service)
}

// layouts are the prompt layouts the report compares: the flat one
// (one cache point after the party's sheets) and the cached one, the
// default.
var layouts = []layout{
	{name: "flat", apply: func(s *game.Service) { s.Layout = narrator.LayoutFlat }},
	{name: "cached", apply: func(s *game.Service) { s.Layout = narrator.LayoutCached }},
}

// seat is a player at the table and the character they play.
type seat struct {
	player game.Player
	conn   string
	char   campaign.NewCharacter
}

// line is what a player writes (text) or clicks (an intent) on a turn.
// In a fight's lines {foe} is a living monster's id and {Foe} its name.
type line struct {
	who  int // the seat
	text string
	in   *events.Intent
}

func say(who int, text string) line { return line{who: who, text: text} }

func chip(who int, in events.Intent) line { return line{who: who, in: &in} }

// fight is an encounter the owner starts when the script comes to its
// line at.
type fight struct {
	at       int
	area     string
	monsters string // the StartEncounter body's monsters
	// lines are each seat's turns in the fight, played in its
	// initiative order, again from the first when they run out.
	lines map[int][]line
}

// plan is a session: who sits, how many player turns, what they say out
// of a fight and the fights, and when the table takes a break.
type plan struct {
	name    string
	seats   []seat
	turns   int
	script  []line // played in order out of a fight, again from the first when they run out
	fights  []fight
	breakAt int // the player turn before which the table takes ten minutes (0: none)
	loop    int // where the script goes on from when it runs out
}

// worldSeed is a campaign's world as an owner writes it.
const worldSeed = "A river kingdom sinking slowly into its marshes. The Drowned Chapel still rings its bell at dusk although its priests are long gone, " +
	"and nobody agrees on who pulls the rope. Smugglers run salt and stolen relics through the fens on flat-bottomed boats; " +
	"the old duke's three heirs quarrel over a crown nobody has seen in forty years. Magic is rare and feared, the marsh lights lead " +
	"travellers astray, and goblins have begun raiding the farms along the east road for the first time in a generation."

var (
	mira  = campaign.NewCharacter{Name: "Mira", Race: "elf", Class: "wizard", Level: 5}
	bram  = campaign.NewCharacter{Name: "Bram", Race: "human", Class: "fighter", Level: 5}
	kira  = campaign.NewCharacter{Name: "Kira", Race: "halfling", Class: "rogue", Level: 5}
	tomas = campaign.NewCharacter{Name: "Tomas", Race: "dwarf", Class: "cleric", Level: 5}
)

// miraFights are the wizard's turns in a fight: intents from the action
// chips and words, some of which the parser leaves to the model.
var miraFights = []line{
	chip(0, events.Intent{Kind: "cast", Spell: "fire-bolt", TargetIDs: []string{"{foe}"}}),
	say(0, "I cast fire bolt at {Foe}"),
	say(0, "I throw a dagger at {foe}"),
	chip(0, events.Intent{Kind: "cast", Spell: "magic-missile", TargetIDs: []string{"{foe}"}, SlotLevel: 1}),
	say(0, "Mira flings a ray of frost at {Foe}"),
	chip(0, events.Intent{Kind: "cast", Spell: "ray-of-frost", TargetIDs: []string{"{foe}"}}),
	say(0, "fire bolt the one on the left"),
}

func soloPlan() plan {
	return plan{
		name:  "solo",
		seats: []seat{{player: game.Player{ID: "p-aria", Name: "Aria"}, conn: "c-aria", char: mira}},
		turns: 40,
		script: []line{
			say(0, "I push the door open and shake the rain off my cloak"),
			say(0, `"Evening. Is there a room free, and something hot to eat?"`),
			say(0, "I look around the common room for anyone watching me"),
			say(0, "ooc: brb, grabbing a drink"),
			say(0, `"What do you know about the bell at the Drowned Chapel?" I ask the innkeeper`),
			say(0, "can I tell if he's lying?"),
			say(0, "I sit near the fire and listen to the smugglers at the next table"),
			chip(0, events.Intent{Kind: "say", Text: "Those boats you mentioned. Who do they carry for?"}),
			say(0, "I slip behind the bar and climb down through the trapdoor"),
			say(0, "I search the casks for anything hidden"),
			say(0, "Mira lights a candle and runs her hand along the walls looking for loose stones"),
			say(0, "(( how dark is it down here exactly? ))"),
			say(0, "I head back up to the common room"),
			chip(0, events.Intent{Kind: "say", Text: "Thank you for the stew. I'll be out by the stables if anyone asks for me."}),
			chip(0, events.Intent{Kind: "move", ToAreaID: "stables"}),
			say(0, "I check on the horses and ask the stable hand if anyone rode in tonight"),
			// The fight comes here.
			say(0, "I catch my breath and check myself over"),
			say(0, "I search the goblins for anything that says who sent them"),
			say(0, "ooc that was close lol"),
			say(0, "short rest pls"),
			say(0, `"Did you see where they came from?" I ask the stable hand`),
			say(0, "I go back inside to the common room"),
			say(0, "I ask the innkeeper whether goblins have ever come this close before"),
			say(0, "I study the old map pinned up by the bar"),
			chip(0, events.Intent{Kind: "check", Ability: "int", Skill: "history", Difficulty: "medium"}),
			say(0, "I write down everything I remember about the chapel bell before I forget"),
			say(0, "OOC: what time is it in game?"),
			chip(0, events.Intent{Kind: "say", Text: "I'll take that room now. Wake me if the bell rings."}),
			say(0, "I take a room and sleep for the night"),
			say(0, "In the morning I head out to the crossroads"),
			say(0, "I read the signpost and look down the east road for smoke"),
		},
		loop:   16,
		fights: []fight{{at: 16, area: "stables", monsters: `[{"srd_id":"goblin","count":2}]`, lines: map[int][]line{0: miraFights}}},
	}
}

func partyPlan() plan {
	const aria, tom, sam, jo = 0, 1, 2, 3
	seats := []seat{
		{player: game.Player{ID: "p-aria", Name: "Aria"}, conn: "c-aria", char: mira},
		{player: game.Player{ID: "p-tom", Name: "Tom"}, conn: "c-tom", char: bram},
		{player: game.Player{ID: "p-sam", Name: "Sam"}, conn: "c-sam", char: kira},
		{player: game.Player{ID: "p-jo", Name: "Jo"}, conn: "c-jo", char: tomas},
	}
	// The party moves together: each player clicks the place on the map.
	together := func(area string) []line {
		out := make([]line, 4)
		for i := range 4 {
			out[i] = chip(i, events.Intent{Kind: "move", ToAreaID: area})
		}
		return out
	}
	var script []line
	script = append(script,
		say(tom, "Bram kicks the mud off his boots and heads straight for the bar"),
		say(aria, `"Four ales, and whatever's in that pot," I tell the innkeeper`),
		say(sam, "i look for pockets worth picking. just looking!"),
		say(jo, "Tomas says a quiet prayer of thanks for the roof over our heads"),
		say(sam, "ooc lol kira is incorrigible"),
		say(tom, `"Heard there's trouble on the east road. Goblins, they say. That true?"`),
		say(aria, "can I tell if he's hiding something?"),
		chip(jo, events.Intent{Kind: "check", Ability: "wis", Skill: "insight", Difficulty: "medium"}),
		say(sam, "I sidle over to the smugglers' table and listen in"),
		say(tom, "I arm wrestle the big farmer by the hearth"),
		say(aria, "I look around for anyone who seems out of place"),
		chip(jo, events.Intent{Kind: "say", Text: "Friend, you look like you've seen something out there. Sit, tell us."}),
		say(sam, "(( do we know anything about the heirs? ))"),
		say(tom, "I ask the farmer where the raids happened"),
		say(aria, "Mira spreads her map on the table and marks the farms he names"),
		say(jo, "I check the wounded farmhand's bandages"),
		say(sam, "I pocket a couple of the inn's candles for later"),
		say(tom, "brb 2 min"),
		say(aria, `"If they're coming from the east, they'll pass the crossroads. We could be waiting for them."`),
		say(jo, "I agree, but I want to be back before the bell rings"),
	)
	script = append(script, say(sam, "ok kira follows them out"))
	script = append(script, together("road")...)
	script = append(script,
		say(sam, "I climb the signpost to get a better look down the road"),
		chip(aria, events.Intent{Kind: "check", Ability: "wis", Skill: "perception", Difficulty: "medium"}),
		say(tom, "Bram plants his shield in the mud and waits"),
		say(jo, "I whisper a blessing over the others"),
	)
	firstFight := len(script)
	script = append(script,
		say(jo, "I see to everyone's wounds"),
		say(sam, "I go through the goblins' pouches"),
		say(tom, "ooc nice one everyone"),
		say(aria, "I look at the goblins' markings. Do I recognise the tribe?"),
		chip(jo, events.Intent{Kind: "check", Ability: "int", Skill: "religion", Difficulty: "medium"}),
		say(tom, "Bram drags the bodies off the road"),
		say(sam, "short rest? kira's hurting"),
		say(aria, "I take a short rest too"),
	)
	script = append(script, say(tom, `"Back to the inn, then. First round's on me," Bram says`))
	script = append(script, together("common-room")...)
	script = append(script,
		say(tom, `"Innkeeper! Goblins at your crossroads. You owe us a round."`),
		say(aria, "I ask who else has seen goblin markings like these"),
		say(jo, "Tomas asks whether anyone in the village still tends the chapel"),
		say(sam, "i check the trapdoor behind the bar. is it locked?"),
		chip(sam, events.Intent{Kind: "check", Ability: "dex", Skill: "sleight_of_hand", Difficulty: "medium"}),
		say(aria, "OOC: are we still on for next week?"),
		say(tom, "Bram orders stew and eats like he hasn't eaten in days"),
		say(jo, "I listen for the bell"),
		say(sam, "I hear scratching under the floor? is that a thing"),
		say(aria, "Mira puts her ear to the floorboards"),
		chip(tom, events.Intent{Kind: "say", Text: "What do you keep down there, innkeeper? Something's moving."}),
		say(jo, "I ready my holy symbol"),
	)
	script = append(script, say(aria, "I go down the ladder into the cellar first"))
	script = append(script, together("cellar")[1:]...)
	script = append(script,
		say(sam, "I light a candle"),
		say(aria, "i search the cellar"),
	)
	secondFight := len(script)
	script = append(script,
		say(jo, "I heal whoever is worst off"),
		say(sam, "I look for the hole they came through"),
		chip(aria, events.Intent{Kind: "check", Ability: "int", Skill: "investigation", Difficulty: "medium"}),
		say(tom, "Bram stuffs a sack into the hole and wedges a cask against it"),
		say(aria, "ooc does this connect to the chapel do you think"),
		say(jo, "I pray over the tunnel before we leave it"),
	)
	script = append(script, say(sam, "we climb back up"))
	script = append(script, together("common-room")...)
	script = append(script,
		say(tom, `"Your cellar's clear. Mostly. Someone dug a tunnel into it."`),
		say(aria, "I ask the innkeeper how long that smell has been coming up through the floor"),
		say(sam, "Kira counts the coins we found and splits them four ways. fair and square. mostly"),
		say(jo, "Tomas writes a letter to his temple about the raids"),
		say(tom, "I give my potion of healing to Kira"),
		say(aria, "Mira reads through her spellbook by the fire"),
		say(sam, "OOC: how much xp did we get?"),
		say(jo, `"We should sleep. Tomorrow we follow the tunnel."`),
		say(tom, "long rest pls"),
		say(aria, "I sleep for the night"),
		say(sam, "Kira sleeps with one eye open"),
		say(jo, "I keep the first watch"),
		say(tom, "In the morning Bram sharpens his sword on the hearthstone"),
		say(aria, "I ask the innkeeper for directions to the Drowned Chapel"),
		say(sam, "I buy some rope and a lantern"),
		say(jo, "I lead a short prayer before we set out"),
	)
	script = append(script, together("road")...)
	script = append(script,
		say(sam, "I scout ahead down the east road, staying off the track"),
		chip(sam, events.Intent{Kind: "check", Ability: "dex", Skill: "stealth", Difficulty: "medium"}),
		say(aria, "Mira watches the marsh lights. are they moving?"),
		say(tom, "Bram hums a marching song, badly"),
	)
	thirdFight := len(script)
	script = append(script,
		say(jo, "Tomas kneels by the hobgoblin and closes its eyes"),
		say(sam, "I check the big one for a map or orders"),
		say(aria, "I read the orders aloud if there are any"),
		say(tom, "ooc I'm out of hp basically lol"),
		say(jo, "I cast cure wounds on Bram"),
		say(tom, "short rest before we go on"),
	)
	// Past the evening's script the table talks in the inn's yard.
	loop := len(script)
	script = append(script,
		say(aria, `"Someone is paying these goblins. Coin like this doesn't come from raiding farms."`),
		say(tom, "Bram counts his scars out loud"),
		say(sam, "can I tell if the coins are forged?"),
		say(jo, "I ask the others what they think the bell means"),
		say(aria, "OOC: should we level up now or next time?"),
		say(tom, "I look for tracks leading back toward the chapel"),
		say(sam, "Kira flips a coin. heads we go tonight"),
		say(jo, `"Not tonight. We rest, we pray, and we go at first light."`),
	)
	fightLines := map[int][]line{
		aria: miraFights,
		tom: {
			chip(tom, events.Intent{Kind: "attack", TargetID: "{foe}"}),
			say(tom, "I swing my longsword at {Foe}"),
			say(tom, "Bram hacks at {foe} with his sword"),
			say(tom, "atack {foe}"),
			chip(tom, events.Intent{Kind: "attack", TargetID: "{foe}"}),
			say(tom, "I shove past the others and hit {Foe} again"),
		},
		sam: {
			chip(sam, events.Intent{Kind: "attack", TargetID: "{foe}"}),
			say(sam, "I stab {Foe}"),
			say(sam, "kira darts behind {Foe} and stabs it in the back"),
			chip(sam, events.Intent{Kind: "attack", TargetID: "{foe}"}),
			say(sam, "I shoot {foe}"),
		},
		jo: {
			chip(jo, events.Intent{Kind: "cast", Spell: "sacred-flame", TargetIDs: []string{"{foe}"}}),
			say(jo, "I cast sacred flame on {Foe}"),
			say(jo, "Tomas swings his mace at {Foe}"),
			chip(jo, events.Intent{Kind: "attack", TargetID: "{foe}"}),
			say(jo, "sacred flame {foe}"),
		},
	}
	return plan{
		name:   "party",
		seats:  seats,
		turns:  160,
		script: script,
		fights: []fight{
			{at: firstFight, area: "road", monsters: `[{"srd_id":"goblin","count":4}]`, lines: fightLines},
			{at: secondFight, area: "cellar", monsters: `[{"srd_id":"giant-rat","count":4},{"srd_id":"goblin","count":2}]`, lines: fightLines},
			{at: thirdFight, area: "road", monsters: `[{"srd_id":"hobgoblin","count":1},{"srd_id":"goblin","count":3}]`, lines: fightLines},
		},
		breakAt: 80,
		loop:    loop,
	}
}

// labelled passes every call to the Bedrock adapter and notes the purpose
// of each narration it is asked for, in order: a request body says it is
// a narration, not whether it tells dialogue, a scene or an
// acknowledgement.
type labelled struct {
	*bedrock.Narrator
	mu         sync.Mutex
	narrations []narrator.Purpose
}

func (l *labelled) Narrate(ctx context.Context, req narrator.Request, emit func(string) error) (narrator.Narration, error) {
	l.mu.Lock()
	l.narrations = append(l.narrations, req.Purpose)
	l.mu.Unlock()
	return l.Narrator.Narrate(ctx, req, emit)
}

// tally is the calls of one purpose, priced from outside.
type tally struct {
	calls                int
	input, read, write   int // input: every input token, read and written ones included
	output               int
	usd, usdNoCache      float64
	highInput, highRead  int
	highWrite, highCalls int
	recorded             float64 // what the game recorded for the purpose
	recordedCalls        int
	writes5m, writes1h   int
}

func (t *tally) add(u cacheUse, out int, cached, uncached float64, high bool) {
	t.calls++
	t.input += u.input
	t.read += u.read
	t.write += u.write5m + u.write1h
	t.writes5m += u.write5m
	t.writes1h += u.write1h
	t.output += out
	t.usd += cached
	t.usdNoCache += uncached
	if high {
		t.highInput += u.input
		t.highRead += u.read
		t.highWrite += u.write5m + u.write1h
		t.highCalls++
	}
}

// session is one played session and its price.
type session struct {
	plan, layout            string
	playerTurns, engineTurn int
	refused                 []string
	byPurpose               map[string]*tally
	total                   tally
	stateUSD                float64 // the session's cost as the game keeps it (State.Cost)
	guardRetries            int     // the guard's violations: each stopped a narration, which was asked again
	inventions              int     // narrations the stand-in was told to spoil
	unlabelled              int     // narration requests and calls that do not pair up (should be 0)
	narrationWords          int
	narrations              int
	degraded                int // turns the offline narrator finished: the model was slow or failed
	minutes                 float64
	ttlUSD                  map[time.Duration]float64 // the session priced with every cache point at one lifetime
	highGaps                []time.Duration           // between consecutive high-tier calls
}

// ttlAs is ps with every cache point holding ttl.
func ttlAs(ps []piece, ttl time.Duration) []piece {
	out := slices.Clone(ps)
	for i := range out {
		if out[i].point {
			out[i].ttl = ttl
		}
	}
	return out
}

// quantile is the q-quantile of ds (ds sorted in place).
func quantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	return ds[min(int(q*float64(len(ds))), len(ds)-1)]
}

// purposes in the order the report lists them.
var purposes = []string{"narration", "dialogue", "scene", "acknowledgement", "intent", "fold", "summary", "recap", "definition"}

// playSession plays p under layout l with seed through the real turn
// pipeline and prices every call the adapter made.
func playSession(t testing.TB, p plan, l layout, seed uint64) session {
	t.Helper()
	f := newFixture(t)
	f.svc.TurnLimit = nil
	l.apply(f.svc)
	rules, err := standin.ParseFaults("invent@stream=0.05")
	if err != nil {
		t.Fatal(err)
	}
	srv, err := standin.Start(standin.Config{Seed: seed, Faults: rules, Words: standin.Words{Min: 80, Max: 120}, Now: f.clock.Now, MaxLog: 20000})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	client := bedrockruntime.New(bedrockruntime.Options{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("standin", "standin", ""),
		BaseEndpoint: aws.String(srv.URL),
	})
	narr := &labelled{Narrator: bedrock.New(client, bedrock.Config{HighModel: bedrock.DefaultHighModel, LowModel: bedrock.DefaultLowModel,
		Backoff: time.Millisecond, Timeout: 20 * time.Second})}
	f.svc.Narrator = narr

	ctx := context.Background()
	owner := p.seats[0]
	c, err := f.svc.CreateCampaign(ctx, owner.player, events.CreateCampaign{Name: "The Drowned Marches",
		DMPersona: "a wry, atmospheric narrator who favours small concrete details and lets the players' choices matter",
		WorldSeed: worldSeed})
	if err != nil {
		t.Fatal(err)
	}
	chars := make([]campaign.Character, len(p.seats))
	for i, s := range p.seats {
		if i > 0 {
			if _, err := f.svc.JoinCampaign(ctx, s.player, c.ID, events.JoinCampaign{InviteCode: c.InviteCode}); err != nil {
				t.Fatal(err)
			}
		}
		if chars[i], err = f.svc.CreateCharacter(ctx, s.player, c.ID, s.char); err != nil {
			t.Fatal(err)
		}
		f.sit(t, s.player, c, s.conn)
	}
	seatOf := func(charID string) int {
		return slices.IndexFunc(chars, func(ch campaign.Character) bool { return ch.ID == charID })
	}
	start := f.clock.Now()
	pace := rand.New(rand.NewPCG(seed, 7))
	out := session{plan: p.name, layout: l.name, byPurpose: map[string]*tally{}, ttlUSD: map[time.Duration]float64{}}

	// passWindows answers every reaction window that holds the table,
	// as players who let the moment go.
	passWindows := func() {
		for range 20 {
			snap := mustSnap(t, f, c.ID)
			lease := snap.Lease
			if lease == nil || lease.Pending == nil || lease.Pending.Window == nil {
				return
			}
			for _, e := range lease.Pending.Window.Eligible {
				if slices.ContainsFunc(lease.Pending.Window.Answers, func(a campaign.Answer) bool { return a.CharacterID == e.CharacterID }) {
					continue
				}
				f.clock.Add(3 * time.Second)
				if err := f.svc.React(ctx, p.seats[seatOf(e.CharacterID)].conn, events.ClientMessage{Action: events.ActionReact,
					RequestID: "pass-" + lease.TurnID + e.CharacterID, TurnID: lease.TurnID, CharacterID: e.CharacterID, Reaction: "pass"}); err != nil {
					t.Fatalf("pass a reaction window: %v", err)
				}
			}
		}
		t.Fatal("reaction windows kept the table for 20 rounds")
	}
	fightTurns := map[int]int{} // seat -> its turns taken in fights
	next, fightNo := 0, 0       // the script's next line, the fights started
	for turn := range p.turns {
		f.clock.Add(time.Duration(30+pace.IntN(61)) * time.Second) // the player thinks, types, talks it over
		if p.breakAt > 0 && turn == p.breakAt {
			f.clock.Add(10 * time.Minute)
		}
		if fightNo < len(p.fights) && next == p.fights[fightNo].at {
			if _, err := f.svc.StartEncounter(ctx, owner.player, c.ID, startReq(t, `{"area_id":"`+p.fights[fightNo].area+`","monsters":`+p.fights[fightNo].monsters+`}`)); err != nil {
				t.Fatalf("start fight %d: %v", fightNo+1, err)
			}
			fightNo++
			passWindows()
		}
		var ln line
		_, e, fighting, _ := activeFor(t, mustSnap(t, f, c.ID))
		if fighting {
			who := -1
			for _, pt := range e.Participants {
				if pt.ID == e.Current && pt.Kind == encounter.KindCharacter {
					who = seatOf(pt.CharacterID)
				}
			}
			if who < 0 {
				t.Fatalf("turn %d: the fight waits on %q, no player's character", turn, e.Current)
			}
			lines := p.fights[fightNo-1].lines[who]
			ln = lines[fightTurns[who]%len(lines)]
			ln.who = who
			fightTurns[who]++
			ln = aimed(ln, e)
			if ally := downed(e); ally != "" && p.seats[who].char.Class == "cleric" {
				// A cleric at the table picks a fallen friend up first.
				ln = chip(who, events.Intent{Kind: "cast", Spell: "healing-word", TargetIDs: []string{ally}})
			}
		} else {
			if next == len(p.script) {
				next = p.loop
			}
			ln = p.script[next]
			next++
		}
		err := take(f, p.seats[ln.who].conn, chars[ln.who].ID, fmt.Sprint(p.name, "-", turn), ln)
		out.playerTurns++
		if err != nil {
			out.refused = append(out.refused, fmt.Sprintf("%q: %v", words(ln), err))
		}
		passWindows()
	}
	out.minutes = f.clock.Now().Sub(start).Minutes()

	// What the game recorded.
	snap := mustSnap(t, f, c.ID)
	out.stateUSD = snap.State.Cost.USD
	recorded := map[string]*tally{}
	for _, tn := range f.turns(t, c.ID) {
		for _, pre := range []string{"monster:", "rules:", "away:"} {
			if strings.HasPrefix(tn.RequestID, pre) {
				out.engineTurn++
			}
		}
		if tn.Context == nil {
			continue
		}
		out.guardRetries += len(tn.Context.Violations)
		if tn.Degraded {
			out.degraded++
		}
		for _, call := range tn.Context.Calls {
			if recorded[call.Purpose] == nil {
				recorded[call.Purpose] = &tally{}
			}
			recorded[call.Purpose].recorded += call.CostUSD
			recorded[call.Purpose].recordedCalls++
		}
	}

	// What it cost, from outside; and the same bodies priced as if every
	// cache point held five minutes, or an hour (ttlAs), to choose the
	// lifetimes from the table's pace; and the gaps between high-tier calls.
	cache := newPromptCache()
	as := map[time.Duration]*promptCache{5 * time.Minute: newPromptCache(), time.Hour: newPromptCache()}
	var lastHigh time.Time
	narrations := 0
	for _, r := range srv.Requests() {
		ps, err := bedrockPieces(r.Body)
		if err != nil {
			t.Fatalf("request %d: %v", r.Seq, err)
		}
		purpose := ""
		switch {
		case r.Form == narrator.FoldFormName:
			purpose = "fold"
		case r.Form == narrator.IntentFormName:
			purpose = "intent"
		case r.Form == narrator.DefineFormName:
			purpose = "definition"
		case r.Stream:
			purpose = "narration"
			if narrations < len(narr.narrations) {
				purpose = string(narr.narrations[narrations])
			}
			narrations++
			if r.Fault == standin.Invent {
				out.inventions++
			}
			out.narrationWords += len(strings.Fields(r.Text))
			out.narrations++
		default:
			purpose = "summary"
		}
		u := cache.use(r.Model, r.Time, ps)
		o := outputTokens(r)
		if path := os.Getenv("CHRONICLER_COST_DUMP"); path != "" {
			dumpRequest(t, path, purpose, r.Model, u, o, ps)
		}
		cached, uncached := dollars(r.Model, u, o)
		for ttl, c := range as {
			usd, _ := dollars(r.Model, c.use(r.Model, r.Time, ttlAs(ps, ttl)), o)
			out.ttlUSD[ttl] += usd
		}
		high := r.Model == bedrock.DefaultHighModel
		if high {
			if !lastHigh.IsZero() {
				out.highGaps = append(out.highGaps, r.Time.Sub(lastHigh))
			}
			lastHigh = r.Time
		}
		if out.byPurpose[purpose] == nil {
			out.byPurpose[purpose] = &tally{}
		}
		out.byPurpose[purpose].add(u, o, cached, uncached, high)
		out.total.add(u, o, cached, uncached, high)
	}
	// Each narration call is one streamed request: any other count means
	// the purposes above are matched to the wrong requests.
	out.unlabelled = max(len(narr.narrations)-narrations, narrations-len(narr.narrations))
	for k, r := range recorded {
		if out.byPurpose[k] == nil {
			out.byPurpose[k] = &tally{}
		}
		out.byPurpose[k].recorded, out.byPurpose[k].recordedCalls = r.recorded, r.recordedCalls
		out.total.recorded += r.recorded
		out.total.recordedCalls += r.recordedCalls
	}
	return out
}

// dumpRequest appends one request's pieces, each with its tokens and
// cache points, to the file at path: CHRONICLER_COST_DUMP=file on the
// benchmark shows what each call sends and why a cache was written.
func dumpRequest(t testing.TB, path, purpose, model string, u cacheUse, out int, ps []piece) {
	var b strings.Builder
	fmt.Fprintf(&b, "=== %s %s in=%d read=%d w5=%d w1=%d out=%d\n", purpose, model, u.input, u.read, u.write5m, u.write1h, out)
	for _, p := range ps {
		fmt.Fprintf(&b, "--- %s %d point=%v\n%s\n", p.kind, p.tokens, p.point, p.text)
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err == nil {
		_, err = f.WriteString(b.String())
		err = errors.Join(err, f.Close())
	}
	if err != nil {
		t.Fatalf("dump: %v", err)
	}
}

// aimed is a fight's line with its placeholders set to the first monster
// still standing.
func aimed(ln line, e encounter.Encounter) line {
	id, name := "", ""
	for _, pt := range e.Participants {
		if pt.Kind == encounter.KindMonster && pt.Combatant.HP > 0 && !pt.Defeated {
			id, name = pt.ID, pt.Name
			break
		}
	}
	r := strings.NewReplacer("{foe}", strings.ToLower(name), "{Foe}", name)
	ln.text = r.Replace(ln.text)
	if ln.in != nil {
		in := *ln.in
		if in.TargetID == "{foe}" {
			in.TargetID = id
		}
		in.TargetIDs = slices.Clone(in.TargetIDs)
		for i, t := range in.TargetIDs {
			if t == "{foe}" {
				in.TargetIDs[i] = id
			}
		}
		ln.in = &in
	}
	return ln
}

// downed is a character of the fight at 0 hit points and not dead, by
// its character id; "" when none is.
func downed(e encounter.Encounter) string {
	for _, pt := range e.Participants {
		if pt.Kind == encounter.KindCharacter && pt.Combatant.HP <= 0 && !pt.Combatant.Dead {
			return pt.CharacterID
		}
	}
	return ""
}

func words(ln line) string {
	if ln.in != nil {
		return "[" + ln.in.Kind + " " + ln.in.Spell + ln.in.ToAreaID + ln.in.TargetID + strings.Join(ln.in.TargetIDs, ",") + "]"
	}
	return ln.text
}

// report logs a session: its calls by purpose, priced from outside with
// and without the cache, beside what the game recorded.
func (s session) report(t testing.TB) {
	t.Logf("%s session, %s layout: %d player turns and %d the engine played over %.0f minutes; %d calls; %d narrations of %d words on average; "+
		"%d narrations spoiled by the stand-in, %d guard violations, %d turns finished offline; %d player turns refused",
		s.plan, s.layout, s.playerTurns, s.engineTurn, s.minutes, s.total.calls, s.narrations, s.narrationWords/max(s.narrations, 1),
		s.inventions, s.guardRetries, s.degraded, len(s.refused))
	for _, r := range s.refused {
		t.Logf("  refused: %s", r)
	}
	t.Logf("  %-16s %6s %9s %9s %9s %8s %10s %10s | %6s %10s", "purpose", "calls", "input", "read", "written", "output", "$ cached", "$ no cache", "game's", "game's $")
	row := func(name string, x tally) {
		t.Logf("  %-16s %6d %9d %9d %9d %8d %10.4f %10.4f | %6d %10.4f", name, x.calls, x.input, x.read, x.write, x.output, x.usd, x.usdNoCache, x.recordedCalls, x.recorded)
	}
	for _, p := range purposes {
		if x := s.byPurpose[p]; x != nil {
			row(p, *x)
		} else {
			row(p, tally{})
		}
	}
	row("total", s.total)
	t.Logf("  high-tier input read from the cache: %.1f%% (%d of %d tokens); cache writes: %d tokens at 5 min, %d at 1 h",
		s.highReadShare()*100, s.total.highRead, s.total.highInput, s.total.writes5m, s.total.writes1h)
	if h := s.total; h.highCalls > 0 {
		t.Logf("  a high-tier call on average: %d tokens read from the cache, %d written to it, %d never cached",
			h.highRead/h.highCalls, h.highWrite/h.highCalls, (h.highInput-h.highRead-h.highWrite)/h.highCalls)
	}
	flag := ""
	if d := math.Abs(s.stateUSD-s.total.usd) / math.Max(s.total.usd, 1e-9); d > 0.05 {
		flag = fmt.Sprintf("  <-- DIFFERS by %.0f%%", d*100)
	}
	over := 0
	for _, g := range s.highGaps {
		if g > 5*time.Minute {
			over++
		}
	}
	t.Logf("  the table's pace: high-tier calls %s apart at the median, %s at the 90th percentile, %s at most; %d of %d gaps over five minutes",
		quantile(s.highGaps, 0.5).Round(time.Second), quantile(s.highGaps, 0.9).Round(time.Second), quantile(s.highGaps, 1).Round(time.Second), over, len(s.highGaps))
	t.Logf("  the same requests with every cache point at five minutes $%.4f, at an hour $%.4f; as sent $%.4f",
		s.ttlUSD[5*time.Minute], s.ttlUSD[time.Hour], s.total.usd)
	t.Logf("  the game recorded $%.4f for the session (State.Cost; its turns' records add up to $%.4f in %d calls); priced from outside $%.4f in %d calls%s",
		s.stateUSD, s.total.recorded, s.total.recordedCalls, s.total.usd, s.total.calls, flag)
	if s.unlabelled > 0 {
		t.Errorf("%d narration requests and narration calls do not pair up: their purposes are unknown", s.unlabelled)
	}
}

func (s session) highReadShare() float64 {
	return float64(s.total.highRead) / math.Max(float64(s.total.highInput), 1)
}

// BenchmarkSessionCost plays a 40-turn solo session and a 160-turn
// four-player session through the real turn pipeline, narrated through
// the Bedrock adapter by the model stand-in (narrations of 80-120 words,
// 5% of them spoiled with an invented number for the guard to refuse),
// with players taking 30-90 s a turn (the party a ten-minute break), and
// prints each session's calls by purpose priced from the request bodies
// at the list prices with Anthropic's caching simulated, with and without
// the cache, beside what the game recorded; then one row per prompt
// layout. One run is enough (make bench: -benchtime 1x); it reports the
// mean dollars of each session as metrics. CHRONICLER_COST_DUMP=file
// appends every request, piece by piece, to file (dumpRequest).
func BenchmarkSessionCost(b *testing.B) {
	for b.Loop() {
		sessionCost(b)
	}
}

func sessionCost(t *testing.B) {
	const seeds = 3
	// runs are one plan's sessions under one layout, a value a seed.
	type runs struct{ usd, noCache, highRead []float64 }
	type row struct {
		layout      string
		solo, party runs
	}
	var rows []row
	violations := map[string]int{} // by plan, over every layout and seed
	for _, l := range layouts {
		r := row{layout: l.name}
		for seed := uint64(1); seed <= seeds; seed++ {
			for _, p := range []plan{soloPlan(), partyPlan()} {
				s := playSession(t, p, l, seed)
				if seed == 1 {
					s.report(t)
				}
				if s.playerTurns != p.turns {
					t.Errorf("%s: %d player turns, want %d", p.name, s.playerTurns, p.turns)
				}
				if s.byPurpose["narration"] == nil || s.byPurpose["fold"] == nil || s.byPurpose["intent"] == nil || s.engineTurn == 0 {
					t.Errorf("%s (seed %d): the session missed part of an evening: %d engine turns, purposes %v",
						p.name, seed, s.engineTurn, keys(s.byPurpose))
				}
				violations[p.name] += s.guardRetries
				to := &r.party
				if p.name == "solo" {
					to = &r.solo
				}
				to.usd, to.noCache, to.highRead = append(to.usd, s.total.usd), append(to.noCache, s.total.usdNoCache), append(to.highRead, s.highReadShare())
			}
		}
		rows = append(rows, r)
	}
	for name, v := range violations {
		if v == 0 {
			t.Errorf("%s: the guard refused no narration in any run: no retry was measured", name)
		}
	}
	span := func(xs []float64, format string) string {
		lo, hi := slices.Min(xs), slices.Max(xs)
		if fmt.Sprintf(format, lo) == fmt.Sprintf(format, hi) {
			return fmt.Sprintf(format, lo)
		}
		return fmt.Sprintf(format+"-"+format, lo, hi)
	}
	pct := func(xs []float64) []float64 {
		out := make([]float64, len(xs))
		for i, x := range xs {
			out[i] = x * 100
		}
		return out
	}
	t.Logf("Model cost of a session at the list prices (%s high, %s low), priced from outside over seeds 1-%d:", bedrock.DefaultHighModel, bedrock.DefaultLowModel, seeds)
	t.Logf("  %-10s %-16s %-16s %-12s %-16s %-16s %-12s", "layout", "solo cached", "solo no cache", "solo read", "party cached", "party no cache", "party read")
	cells := func(x runs) []any {
		return []any{span(x.usd, "$%.3f"), span(x.noCache, "$%.3f"), span(pct(x.highRead), "%.0f%%")}
	}
	for _, r := range rows {
		t.Logf("  %-10s %-16s %-16s %-12s %-16s %-16s %-12s", append(append([]any{r.layout}, cells(r.solo)...), cells(r.party)...)...)
		t.ReportMetric(mean(r.solo.usd), r.layout+"-solo-$")
		t.ReportMetric(mean(r.party.usd), r.layout+"-party-$")
		t.ReportMetric(100*mean(r.party.highRead), r.layout+"-party-read-%")
	}
}

func mean(xs []float64) float64 {
	sum := 0.0
	for _, x := range xs {
		sum += x
	}
	return sum / float64(max(len(xs), 1))
}

// take has a player take one turn with the words or the intent of ln,
// and returns the error the table was told, if any.
func take(f *fixture, conn, charID, rid string, ln line) error {
	msg := events.ClientMessage{Action: events.ActionTurn, RequestID: rid, CharacterID: charID, Text: ln.text}
	if ln.in != nil {
		raw, err := json.Marshal(ln.in)
		if err != nil {
			return err
		}
		msg.Text, msg.Intent = "", raw
	}
	return f.svc.TakeTurn(context.Background(), conn, msg)
}

func keys(m map[string]*tally) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
