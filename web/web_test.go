package web

import (
	"io/fs"
	"regexp"
	"testing"
)

// The embedded client is whole: index.html and every file it loads.
func TestFilesHoldTheClient(t *testing.T) {
	index, err := fs.ReadFile(Files, "static/index.html")
	if err != nil {
		t.Fatalf("no index.html: %v", err)
	}
	refs := regexp.MustCompile(`(?:src|href)="([^"#:]+)"`).FindAllStringSubmatch(string(index), -1)
	if len(refs) < 2 {
		t.Fatalf("index.html loads %d files, want the script and the style sheet", len(refs))
	}
	for _, m := range refs {
		b, err := fs.ReadFile(Files, "static/"+m[1])
		if err != nil {
			t.Errorf("index.html loads %s: %v", m[1], err)
		} else if len(b) == 0 {
			t.Errorf("%s is empty", m[1])
		}
	}
}
