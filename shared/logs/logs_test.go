package logs_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"

	"chronicler/shared/logs"
)

func TestHandlerAddsTheContextsIDs(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(logs.NewHandler(slog.NewJSONHandler(&buf, nil)))
	ctx := logs.With(context.Background(), "campaign", "c1", "request", "r1", "turn", "")
	ctx = logs.With(ctx, "turn", "t1", "request", "r2")
	log.With("fn", "turn").InfoContext(ctx, "turn committed", "seq", 3)
	log.Info("no context")

	dec := json.NewDecoder(&buf)
	var first, second map[string]any
	if err := dec.Decode(&first); err != nil {
		t.Fatal(err)
	}
	if err := dec.Decode(&second); err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]any{"campaign": "c1", "turn": "t1", "request": "r2", "fn": "turn", "seq": 3.0, "msg": "turn committed"} {
		if first[k] != want {
			t.Errorf("%s = %v, want %v (line %v)", k, first[k], want, first)
		}
	}
	if _, ok := second["campaign"]; ok {
		t.Errorf("a record without the context names a campaign: %v", second)
	}
}
