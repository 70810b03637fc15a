package sqlite

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"
)

// crashChildEnv names the file a child process of
// TestKilledMidBatchKeepsAcknowledgedWrites writes to.
const crashChildEnv = "CHRONICLER_SQLITE_CRASH_CHILD"

const crashCampaigns = 24

// TestKilledMidBatchKeepsAcknowledgedWrites runs many writers at once in a
// child process, which prints each write as soon as it is told the write
// committed, kills the child with SIGKILL while its batches are in flight,
// and checks the file: every acknowledged write is there, and no write is
// there in part (a campaign's turns and its turn count agree). It does so
// several times on the same file, each child going on from what the last
// one left.
func TestKilledMidBatchKeepsAcknowledgedWrites(t *testing.T) {
	if path := os.Getenv(crashChildEnv); path != "" {
		writeUntilKilled(path)
		return
	}
	if testing.Short() {
		t.Skip("runs child processes")
	}
	path := filepath.Join(t.TempDir(), "chronicler.db")
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range crashCampaigns {
		createCampaign(t, db, fmt.Sprintf("camp-%02d", i))
	}
	db.Close()

	acked := map[string]int{} // campaign -> highest turn acknowledged
	for round := range 4 {
		n := crashRound(t, path, acked)
		db, err := Open(path)
		if err != nil {
			t.Fatalf("round %d: reopen: %v", round, err)
		}
		stored := 0
		for i := range crashCampaigns {
			id := fmt.Sprintf("camp-%02d", i)
			snap, err := db.Snapshot(t.Context(), id)
			if err != nil {
				t.Fatal(err)
			}
			ts, err := db.Turns(t.Context(), id, 0, 100_000)
			if err != nil {
				t.Fatal(err)
			}
			if len(ts) != snap.State.TurnCount {
				t.Fatalf("round %d: %s has %d turns and a turn count of %d: a write is half there", round, id, len(ts), snap.State.TurnCount)
			}
			for k, turn := range ts {
				if turn.Sequence != k+1 {
					t.Fatalf("round %d: %s: turn %d has sequence %d", round, id, k+1, turn.Sequence)
				}
			}
			if len(ts) < acked[id] {
				t.Fatalf("round %d: %s: turn %d was acknowledged, %d are stored", round, id, acked[id], len(ts))
			}
			stored += len(ts)
		}
		db.Close()
		t.Logf("round %d: %d writes acknowledged before the kill, %d turns stored in all", round, n, stored)
	}
}

// crashRound starts a child writing to path, kills it once it has
// acknowledged a few hundred writes (or after a few seconds), records what
// it acknowledged in acked, and returns how many.
func crashRound(t *testing.T, path string, acked map[string]int) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestKilledMidBatchKeepsAcknowledgedWrites$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashChildEnv+"="+path)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var (
		mu    sync.Mutex
		count int
		many  = make(chan struct{})
		eof   = make(chan struct{})
	)
	go func() {
		defer close(eof)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			var id string
			var seq int
			if _, err := fmt.Sscanf(sc.Text(), "ack %s %d", &id, &seq); err != nil {
				continue
			}
			mu.Lock()
			acked[id] = max(acked[id], seq)
			if count++; count == 300 {
				close(many)
			}
			mu.Unlock()
		}
	}()
	select {
	case <-many:
	case <-time.After(20 * time.Second):
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-eof // what the child printed before it died
	cmd.Wait()
	mu.Lock()
	defer mu.Unlock()
	if count == 0 {
		t.Fatal("the child acknowledged no write")
	}
	return count
}

// writeUntilKilled is the child: a writer per campaign commits one turn
// after another, and each commit is printed once Commit returned nil.
func writeUntilKilled(path string) {
	db, err := Open(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "child: open:", err)
		os.Exit(2)
	}
	var out sync.Mutex
	var wg sync.WaitGroup
	for i := range crashCampaigns {
		wg.Go(func() {
			ctx := context.Background()
			id := fmt.Sprintf("camp-%02d", i)
			snap, err := db.Snapshot(ctx, id)
			if err != nil {
				fmt.Fprintln(os.Stderr, "child:", err)
				os.Exit(2)
			}
			for seq := snap.State.TurnCount + 1; ; seq++ {
				if err := db.Commit(ctx, turnTx(id, seq)); err != nil {
					fmt.Fprintln(os.Stderr, "child:", err)
					os.Exit(2)
				}
				out.Lock()
				fmt.Fprintf(os.Stdout, "ack %s %d\n", id, seq)
				out.Unlock()
			}
		})
	}
	wg.Wait()
}
