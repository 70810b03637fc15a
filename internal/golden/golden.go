// Package golden compares what a test made with a file under its
// package's testdata, and rewrites the file when the tests run with
// -update (go/printer's way), so a reviewer reads every change of a
// pinned shape as a diff of that file.
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// Check compares got with testdata/name. With -update it writes got there
// first, so the comparison passes and the diff shows what changed.
func Check(t testing.TB, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update creates it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update rewrites it, only when the change is meant):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}
