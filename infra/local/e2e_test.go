package main

import (
	"bufio"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// binDir holds the binaries the end-to-end tests run as separate processes.
var binDir string

func TestMain(m *testing.M) {
	if os.Getenv(asServerEnv) == "1" {
		// A test started this binary as a server process of its own
		// (selfServer): it is the local server, not a test run.
		main()
		os.Exit(0)
	}
	code := func() int {
		dir, err := os.MkdirTemp("", "chronicler-e2e")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(dir)
		binDir = dir
		return m.Run()
	}()
	os.Exit(code)
}

var buildOnce sync.Map

// binary builds a command of this module once per test run.
func binary(t *testing.T, pkg string) string {
	t.Helper()
	out := filepath.Join(binDir, filepath.Base(pkg))
	once, _ := buildOnce.LoadOrStore(pkg, &sync.Once{})
	var err error
	var msg []byte
	once.(*sync.Once).Do(func() {
		msg, err = exec.Command("go", "build", "-o", out, pkg).CombinedOutput()
	})
	if err != nil {
		t.Fatalf("build %s: %v\n%s", pkg, err, msg)
	}
	return out
}

// proc is a server started as its own process.
type proc struct {
	cmd  *exec.Cmd
	addr string
	logs *lockedWriter // its stderr: the server's log lines
}

var addrLine = regexp.MustCompile(`(?:running at|listening on) (http://[0-9.:]+)`)

// start runs bin with args and waits for the line that gives its address.
func start(t *testing.T, bin string, env []string, args ...string) *proc {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), append([]string{"CHRONICLER_NARRATOR=offline"}, env...)...)
	stdout, _ := cmd.StdoutPipe()
	logs := &lockedWriter{w: &strings.Builder{}}
	cmd.Stderr = logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &proc{cmd: cmd, logs: logs}
	t.Cleanup(func() { p.kill() })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if m := addrLine.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case found <- m[1]:
				default:
				}
			}
		}
	}()
	select {
	case p.addr = <-found:
	case <-time.After(60 * time.Second):
		t.Fatalf("%s did not start: %s", bin, logs)
	}
	return p
}

// kill ends the process at once, as a crash would: SIGKILL, no cleanup.
func (p *proc) kill() {
	if p.cmd.ProcessState == nil {
		_ = p.cmd.Process.Signal(syscall.SIGKILL)
		_ = p.cmd.Wait()
	}
}

type lockedWriter struct {
	mu sync.Mutex
	w  *strings.Builder
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

// String is what was written so far, read under the lock: a server still
// running writes its log as it is read.
func (l *lockedWriter) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.String()
}

func TestEndToEndSQLite(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	data := t.TempDir()
	playAcrossCrash(t, func() *proc {
		return start(t, binary(t, "chronicler/infra/local"), nil, "-addr", "127.0.0.1:0", "-data", data, "-pace", "20ms")
	})
}

func TestEndToEndDynamoDB(t *testing.T) {
	if testing.Short() {
		t.Skip("end-to-end")
	}
	db := start(t, binary(t, "chronicler/infra/local/dynamodb"), nil, "-addr", "127.0.0.1:0")
	data := t.TempDir()
	env := []string{"DYNAMODB_ENDPOINT=" + db.addr, "CHRONICLER_TABLE=e2e"}
	playAcrossCrash(t, func() *proc {
		return start(t, binary(t, "chronicler/infra/local"), env, "-addr", "127.0.0.1:0", "-data", data, "-store", "dynamodb", "-pace", "20ms")
	})
}

// playAcrossCrash plays two campaigns of two players each, checks that no
// event crosses between them, kills the server with SIGKILL while turns are
// in flight, restarts it on the same state and checks that every committed
// turn and character is intact and no turn is half saved; then resumes with
// a recap and ends the session.
func playAcrossCrash(t *testing.T, launch func() *proc) {
	srv := launch()
	tables := []*table{
		newTable(t, srv.addr, "The Sunken Crown", "Aria", "Bram"),
		newTable(t, srv.addr, "Ashes of Vell", "Cato", "Dara"),
	}
	committed := map[string]map[string]int64{} // campaign -> turn id -> sequence
	for _, tb := range tables {
		tb.connect(t)
		tb.socks[0].send(map[string]any{"action": "resume", "request_id": "resume-1"})
		for _, s := range tb.socks {
			s.wait(0, "recap", typeIs("recap"))
		}
		committed[tb.id] = map[string]int64{}
	}

	// Both tables play at once.
	var wg sync.WaitGroup
	var mu sync.Mutex
	for _, tb := range tables {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := 0; round < 3; round++ {
				for i := range tb.players {
					ev := tb.turn(t, i, fmt.Sprintf("I search the room, round %d", round))
					mu.Lock()
					committed[tb.id][ev.str("turn_id")] = ev.num("sequence")
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()

	t.Run("NoEventCrossesCampaigns", func(t *testing.T) {
		for _, tb := range tables {
			for _, s := range tb.socks {
				for _, ev := range s.events() {
					if id := ev.str("campaign_id"); id != tb.id {
						t.Fatalf("a socket of %s received %v", tb.id, ev)
					}
					if tid := ev.str("turn_id"); tid != "" {
						if _, ours := committed[tb.id][tid]; !ours && ev.str("type") != "turn.accepted" {
							t.Fatalf("a socket of %s received another campaign's turn %v", tb.id, ev)
						}
					}
				}
			}
		}
	})
	t.Run("SeqsIncrease", func(t *testing.T) {
		for _, tb := range tables {
			for _, s := range tb.socks {
				var last int64
				for _, ev := range s.events() {
					if seq := ev.num("seq"); seq != 0 {
						if seq <= last {
							t.Fatalf("seq went from %d to %d", last, seq)
						}
						last = seq
					}
				}
			}
		}
	})

	// Turns in flight on both tables, then the crash.
	for _, tb := range tables {
		for i := range tb.players {
			tb.socks[i].send(map[string]any{"action": "turn", "request_id": fmt.Sprintf("crash-%d", i),
				"character_id": tb.chars[i], "text": "I draw my blade as the floor shakes"})
		}
	}
	tables[0].socks[0].wait(0, "a turn in flight", typeIs("narration.delta"))
	srv.kill()
	for _, tb := range tables {
		for _, s := range tb.socks {
			for _, ev := range s.events() {
				if ev.str("type") == "turn.committed" {
					committed[tb.id][ev.str("turn_id")] = ev.num("sequence")
				}
			}
		}
	}

	srv = launch()
	owner := func(tb *table) *player { p := *tb.players[0]; p.base = srv.addr; return &p }
	t.Run("CommittedTurnsSurviveKill", func(t *testing.T) {
		for _, tb := range tables {
			p := owner(tb)
			var view struct {
				State struct {
					TurnCount int `json:"turn_count"`
				}
				Characters []struct {
					ID    string
					HP    int
					MaxHP int `json:"max_hp"`
				}
			}
			p.must("GET", "/api/campaigns/"+tb.id, nil, &view, http.StatusOK)
			var page struct {
				Turns []struct {
					TurnID    string `json:"turn_id"`
					Sequence  int64
					Narration string
				}
			}
			p.must("GET", "/api/campaigns/"+tb.id+"/turns?limit=500", nil, &page, http.StatusOK)
			if len(page.Turns) != view.State.TurnCount {
				t.Fatalf("%s: %d turns stored, state says %d: a turn is half saved", tb.id, len(page.Turns), view.State.TurnCount)
			}
			stored := map[string]int64{}
			for i, turn := range page.Turns {
				if turn.Sequence != int64(i+1) || turn.Narration == "" {
					t.Fatalf("%s: turn %d is %+v", tb.id, i+1, turn)
				}
				stored[turn.TurnID] = turn.Sequence
			}
			for id, seq := range committed[tb.id] {
				if stored[id] != seq {
					t.Fatalf("%s: committed turn %s (sequence %d) is missing after the kill", tb.id, id, seq)
				}
			}
			if len(view.Characters) != 2 {
				t.Fatalf("%s: characters = %+v", tb.id, view.Characters)
			}
			for _, ch := range view.Characters {
				if ch.HP != ch.MaxHP || ch.HP <= 0 {
					t.Fatalf("%s: character %+v", tb.id, ch)
				}
			}
		}
	})

	t.Run("ResumeAfterRestartRecapsAndPlays", func(t *testing.T) {
		tb := tables[0]
		for i := range tb.players {
			tb.players[i].base = srv.addr
		}
		tb.connect(t)
		tb.socks[1].send(map[string]any{"action": "resume", "request_id": "resume-2"})
		recap, _ := tb.socks[0].wait(0, "recap", typeIs("recap"))
		if !strings.HasPrefix(recap.str("text"), "Previously on The Sunken Crown") {
			t.Fatalf("recap = %q", recap.str("text"))
		}
		tb.turn(t, 0, "I thank the gods we are still alive")
		tb.socks[0].send(map[string]any{"action": "end_session", "request_id": "end-1"})
		sess, _ := tb.socks[1].wait(0, "paused session", func(e event) bool { return e.str("type") == "session" && e.str("status") == "paused" })
		if sess.str("end_reason") != "player_ended" {
			t.Fatalf("session event = %v", sess)
		}
		var list struct{ Campaigns []struct{ ID, Status string } }
		tb.players[0].must("GET", "/api/campaigns", nil, &list, http.StatusOK)
		if len(list.Campaigns) != 1 || list.Campaigns[0].Status != "paused" {
			t.Fatalf("campaign list = %+v", list)
		}
	})
}
