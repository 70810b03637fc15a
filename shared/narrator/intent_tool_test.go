package narrator

import (
	"encoding/json"
	"testing"

	"chronicler/internal/golden"
)

// TestIntentToolGolden pins the read_intent tool as the models see it:
// its name, its description and its schema, byte for byte.
func TestIntentToolGolden(t *testing.T) {
	tool := IntentTool()
	schema, err := json.MarshalIndent(tool.Schema, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "read_intent.golden", []byte(tool.Name+"\n"+tool.Description+"\n"+string(schema)+"\n"))
}
