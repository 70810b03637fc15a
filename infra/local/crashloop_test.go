package main

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"
)

// crashKills is how many times the crash loop kills the server mid-play.
const crashKills = 30

// TestCrashLoopSQLite and TestCrashLoopDynamoDB play two tables through a
// loop of SIGKILLs mid-turn, each followed by a restart and the players
// resending the request they had in flight, as a client that knows only
// protocol.md does. Then they count what the players were told wrong: a
// hole in the event log (a seq no sync can fill), a committed turn without
// its turn.committed event, a resent request answered with a new turn id,
// an event delivered after a later one on the same connection, and a
// request that took effect twice. Each must be 0. A request whose turn was
// dropped (turn.dropped) is settled without a saved turn: its resend is
// answered with the dropped turn's id, and the loop counts those apart.
func TestCrashLoopSQLite(t *testing.T) {
	if testing.Short() {
		t.Skip("crash loop")
	}
	data := t.TempDir()
	crashLoop(t, func() *proc {
		return start(t, binary(t, "chronicler/infra/local"), nil, "-addr", "127.0.0.1:0", "-data", data, "-pace", "5ms")
	})
}

func TestCrashLoopDynamoDB(t *testing.T) {
	if testing.Short() {
		t.Skip("crash loop")
	}
	db := start(t, binary(t, "chronicler/infra/local/dynamodb"), nil, "-addr", "127.0.0.1:0")
	data := t.TempDir()
	env := []string{"DYNAMODB_ENDPOINT=" + db.addr, "CHRONICLER_TABLE=crash"}
	crashLoop(t, func() *proc {
		return start(t, binary(t, "chronicler/infra/local"), env, "-addr", "127.0.0.1:0", "-data", data, "-store", "dynamodb", "-pace", "5ms")
	})
}

// crashTally is what a crash loop counts; every field must end at 0 but
// Kills, Committed and Dropped.
type crashTally struct {
	Kills, Committed int
	Dropped          int // requests settled by their turn's turn.dropped, not a saved turn
	Holes            int // seqs missing from the log for good
	Missing          int // committed turns without a turn.committed event
	NewIDs           int // resent requests answered with another turn id
	OutOfOrder       int // events received after a later seq on one connection
	Duplicates       int // requests stored as more than one turn
}

func crashLoop(t *testing.T, launch func() *proc) {
	srv := launch()
	lives := []*proc{srv} // every server's log, for what a failure names
	tables := []*table{
		newTable(t, srv.addr, "The Drowned Bell", "Ilse", "Joren"),
		newTable(t, srv.addr, "Salt and Cinder", "Kesh", "Lio"),
	}
	rng := rand.New(rand.NewPCG(7, 13))
	var tally crashTally
	// accepted is every turn id a request was ever answered with;
	// dropped, every turn id a turn.dropped named.
	accepted := map[string]map[string]bool{}
	dropped := map[string]bool{}
	// retired are the sockets of earlier lives, kept for the order count.
	var retired []*socket
	note := func(tb *table) {
		for _, s := range tb.socks {
			for _, ev := range s.events() {
				switch ev.str("type") {
				case "turn.accepted":
					rid := ev.str("request_id")
					if accepted[rid] == nil {
						accepted[rid] = map[string]bool{}
					}
					accepted[rid][ev.str("turn_id")] = true
				case "turn.dropped":
					dropped[ev.str("turn_id")] = true
				}
			}
		}
	}
	join := func() {
		for _, tb := range tables {
			for _, p := range tb.players {
				p.base = srv.addr
			}
			tb.connect(t)
			// Turns sent before the session is open again are told to
			// resume first, and are sent again.
			tb.socks[0].send(map[string]any{"action": "resume", "request_id": fmt.Sprintf("resume-%d", tally.Kills)})
		}
	}
	join()
	for kill := 0; kill < crashKills; kill++ {
		// Every player acts at once; most are told to wait for the turn
		// in flight, one per table is mid-narration when the server dies.
		rids := map[*table][]string{}
		for _, tb := range tables {
			for i := range tb.players {
				rid := fmt.Sprintf("%s-k%d-p%d", tb.id, kill, i)
				rids[tb] = append(rids[tb], rid)
				tb.socks[i].send(map[string]any{"action": "turn", "request_id": rid, "character_id": tb.chars[i],
					"text": fmt.Sprintf("I search the shelves, try %d", kill)})
			}
		}
		time.Sleep(time.Duration(10+rng.IntN(150)) * time.Millisecond)
		srv.kill()
		tally.Kills++
		for _, tb := range tables {
			note(tb)
			retired = append(retired, tb.socks...)
		}

		srv = launch()
		lives = append(lives, srv)
		join()
		// Each player resends what it had in flight until it is accepted.
		for _, tb := range tables {
			for i, rid := range rids[tb] {
				resend(t, tb.socks[i], rid, tb.chars[i])
			}
		}
		for _, tb := range tables {
			waitSettled(t, tb, func() { note(tb) }, accepted, dropped, rids[tb])
		}
	}
	for _, tb := range tables {
		retired = append(retired, tb.socks...)
	}

	for _, s := range retired {
		var last int64
		for _, ev := range s.events() {
			if seq := ev.num("seq"); seq != 0 {
				if seq <= last {
					tally.OutOfOrder++
				}
				last = max(last, seq)
			}
		}
	}
	for rid, ids := range accepted {
		tally.NewIDs += len(ids) - 1
		if allDropped(ids, dropped) {
			tally.Dropped++
		}
		if len(ids) > 1 {
			// Which path answered it anew shows in the servers' logs.
			t.Logf("%s answered with turn ids %v", rid, ids)
			for i, p := range lives {
				for _, line := range strings.Split(p.logs.String(), "\n") {
					if strings.Contains(line, rid) || strings.Contains(line, "dropped") {
						t.Logf("server life %d: %s", i, line)
					}
				}
			}
		}
	}
	for _, tb := range tables {
		turns := storedTurns(t, tb)
		tally.Committed += len(turns)
		byRequest := map[string]int{}
		for _, tr := range turns {
			byRequest[tr.RequestID]++
		}
		for _, n := range byRequest {
			tally.Duplicates += n - 1
		}
		log := syncAll(t, tb)
		seqs := make([]int64, 0, len(log))
		committedEvents := map[string]bool{}
		for seq, ev := range log {
			seqs = append(seqs, seq)
			if ev.str("type") == "turn.committed" {
				committedEvents[ev.str("turn_id")] = true
			}
		}
		sort.Slice(seqs, func(i, j int) bool { return seqs[i] < seqs[j] })
		if n := len(seqs); n > 0 {
			tally.Holes += int(seqs[n-1]) - n
		}
		for _, tr := range turns {
			if !committedEvents[tr.TurnID] {
				tally.Missing++
			}
		}
	}
	t.Logf("crash loop: %+v", tally)
	if tally.Kills < crashKills || tally.Committed == 0 {
		t.Fatalf("the loop did not play: %+v", tally)
	}
	if tally.Holes+tally.Missing+tally.NewIDs+tally.OutOfOrder+tally.Duplicates != 0 {
		t.Errorf("players were told wrong: %+v", tally)
	}
}

// resend sends a request again until the server accepts it (a turn in
// flight elsewhere at the table answers "try again").
func resend(t *testing.T, s *socket, rid, character string) {
	t.Helper()
	for try := 0; try < 100; try++ {
		from := s.count()
		s.send(map[string]any{"action": "turn", "request_id": rid, "character_id": character,
			"text": "I search the shelves again"})
		ev, _ := s.wait(from, "an answer to "+rid, func(e event) bool {
			return (e.str("type") == "turn.accepted" && e.str("request_id") == rid) ||
				(e.str("type") == "error" && e.str("request_id") == rid)
		})
		if ev.str("type") == "turn.accepted" {
			return
		}
		if code := ev.str("code"); code != "conflict" && code != "rate_limited" {
			t.Fatalf("resend of %s refused: %v", rid, ev)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("resend of %s never accepted", rid)
}

type storedTurn struct {
	TurnID    string `json:"turn_id"`
	RequestID string `json:"request_id"`
	Sequence  int64  `json:"sequence"`
}

func storedTurns(t *testing.T, tb *table) []storedTurn {
	t.Helper()
	var page struct{ Turns []storedTurn }
	tb.players[0].must("GET", "/api/campaigns/"+tb.id+"/turns?limit=500", nil, &page, http.StatusOK)
	return page.Turns
}

// waitSettled waits until every accepted request is settled: its turn
// stored, or dropped (told by turn.dropped). note reads what the table's
// sockets were sent into accepted and dropped.
func waitSettled(t *testing.T, tb *table, note func(), accepted map[string]map[string]bool, dropped map[string]bool, rids []string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		note()
		stored := map[string]bool{}
		for _, tr := range storedTurns(t, tb) {
			stored[tr.RequestID] = true
		}
		done := true
		for _, rid := range rids {
			if len(accepted[rid]) > 0 && !stored[rid] && !allDropped(accepted[rid], dropped) {
				done = false
			}
		}
		if done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: accepted turns never committed nor dropped: %v", tb.id, rids)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// allDropped reports whether every turn id of ids was dropped.
func allDropped(ids, dropped map[string]bool) bool {
	for id := range ids {
		if !dropped[id] {
			return false
		}
	}
	return len(ids) > 0
}

// syncAll reads the campaign's whole event log through a new connection's
// sync, as a client that reconnects from nothing does: page after page,
// each asked for when the last has been read.
func syncAll(t *testing.T, tb *table) map[int64]event {
	t.Helper()
	s := tb.players[0].mustDial(tb.id)
	defer s.close()
	log := map[int64]event{}
	var after int64
	from := 0
	for page := 0; ; page++ {
		s.send(map[string]any{"action": "sync", "request_id": fmt.Sprint("audit-", page), "after_seq": after})
		begin, start := s.wait(from, "sync.begin", typeIs("sync.begin"))
		done, end := s.wait(start, "sync.done", typeIs("sync.done"))
		if begin.num("after_seq") != after {
			t.Fatalf("page %d: sync.begin %v, asked after %d", page, begin, after)
		}
		for _, ev := range s.events()[start+1 : end] {
			if seq := ev.num("seq"); seq != 0 {
				log[seq] = ev
			}
		}
		from = end + 1
		if more, _ := done["more"].(bool); !more {
			return log
		}
		after = done.num("next_after_seq")
	}
}
