package narrator

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"chronicler/internal/golden"
	"chronicler/shared/fault"
)

// TestFormShapesGolden pins each structured answer as the models read
// it: the lines of the prompt that state its shape, byte for byte. A kind
// of the intent table the reader offers, or a field of an answer's type,
// changes them (go test ./shared/narrator -update).
func TestFormShapesGolden(t *testing.T) {
	for _, f := range []Form{IntentForm(), FoldForm(), DefineForm()} {
		t.Run(f.Name, func(t *testing.T) {
			golden.Check(t, f.Name+".golden", []byte(f.Shape()+"\n"))
		})
	}
}

// The shape names every field of the type its decoder reads, so a model
// that follows it is never refused for its shape, and every allowed value
// the schema lists.
func TestShapeNamesEveryFieldAndValue(t *testing.T) {
	for _, f := range []Form{IntentForm(), FoldForm(), DefineForm()} {
		shape := f.Shape()
		var walk func(s map[string]any)
		walk = func(s map[string]any) {
			props, _ := s["properties"].(map[string]any)
			for name, v := range props {
				if !strings.Contains(shape, name) {
					t.Errorf("%s's shape does not name %s", f.Name, name)
				}
				p := v.(map[string]any)
				enum, _ := p["enum"].([]any)
				for _, e := range enum {
					if !strings.Contains(shape, e.(string)) {
						t.Errorf("%s's shape does not offer %s's %v", f.Name, name, e)
					}
				}
				if items, ok := p["items"].(map[string]any); ok {
					walk(items)
				}
			}
		}
		walk(f.Schema())
	}
}

// The shapes cost a fraction of the schemas they stand for, as the
// tokenizer counts them.
func TestShapesAreShorterThanTheirSchemas(t *testing.T) {
	for _, f := range []Form{IntentForm(), FoldForm()} {
		schema, _ := json.Marshal(f.Schema())
		shape, full := EstimateTokens(f.Shape()), EstimateTokens(string(schema))
		t.Logf("%s: shape %d tokens, its JSON schema %d", f.Name, shape, full)
		if shape >= full {
			t.Errorf("%s's shape is %d tokens, its schema %d", f.Name, shape, full)
		}
	}
}

func TestOneObject(t *testing.T) {
	obj := `{"kind":"attack","target_id":"goblin-2","note":"a } and a { in a string"}`
	for name, text := range map[string]string{
		"Alone":          obj,
		"WithSpace":      "\n  " + obj + "  \n",
		"InACodeFence":   "```json\n" + obj + "\n```",
		"SentenceBefore": "Here is the action: " + obj,
		"SentenceAfter":  obj + "\nThe player attacks the second goblin.",
	} {
		t.Run(name, func(t *testing.T) {
			got, err := oneObject([]byte(text))
			if err != nil || string(got) != obj {
				t.Fatalf("got %s, %v; want the object", got, err)
			}
		})
	}
	for name, text := range map[string]string{
		"Empty":         "",
		"Prose":         "I can't help with that.",
		"AnArray":       `["goblin-2"]`,
		"CutOff":        `{"kind":"attack","target_id":"gob`,
		"TwoObjects":    `{"kind":"say"} {"kind":"attack","target_id":"goblin-2"}`,
		"AnObjectLater": `Maybe {"kind":"say"}, or rather {"kind":"dodge"}`,
		"BraceInProse":  "{I will attack} " + obj,
		"TooLong":       obj + strings.Repeat(" ", maxAnswerText),
	} {
		t.Run(name, func(t *testing.T) {
			if got, err := oneObject([]byte(text)); err == nil {
				t.Fatalf("took %s from %.80q", got, text)
			}
		})
	}
}

// An answer the decoders refuse for what is around its object is as
// Invalid as one refused for the object itself: the callers' fallbacks
// see one kind of failure.
func TestDecodersRefuseWhatIsNotOneObject(t *testing.T) {
	for name, text := range map[string]string{"Prose": "Mira attacks.", "TwoObjects": `{"kind":"say"}{"kind":"say"}`, "Empty": ""} {
		t.Run(name, func(t *testing.T) {
			if _, err := DecodeIntentAnswer([]byte(text), IntentChoices{}); !fault.Is(err, fault.Invalid) {
				t.Errorf("intent: %v, want invalid", err)
			}
			if _, err := DecodeFold([]byte(text), foldReq()); !fault.Is(err, fault.Invalid) {
				t.Errorf("fold: %v, want invalid", err)
			}
			if _, err := DecodeDefinitions([]byte(text), nil); !fault.Is(err, fault.Invalid) {
				t.Errorf("definitions: %v, want invalid", err)
			}
		})
	}
	if got, err := DecodeIntentAnswer([]byte("```json\n{\"kind\":\"say\"}\n```"), IntentChoices{}); err != nil || got != nil {
		t.Errorf("a fenced say read as %s, %v", got, err)
	}
}

// FuzzOneObject feeds the object finder arbitrary answers: what it takes
// is one valid JSON object found in the answer, and an answer that is
// one object, with space or prose without braces around it, is taken
// whole.
func FuzzOneObject(f *testing.F) {
	f.Add(`{"kind":"say"}`, "", "")
	f.Add(`{"summary":"x","turns":[]}`, "```json\n", "\n```")
	f.Add(`{"a":"}{"}`, "Here it is: ", " That is all.")
	f.Add(`{"a":1}`, "{", "}")
	f.Add(`[1]`, "", "")
	f.Add("{} \n", "", "")
	f.Fuzz(func(t *testing.T, obj, before, after string) {
		text := before + obj + after
		got, err := oneObject([]byte(text))
		if err == nil {
			if !json.Valid(got) || got[0] != '{' || !bytes.Contains([]byte(text), got) {
				t.Fatalf("took %q from %q", got, text)
			}
		}
		var v map[string]any
		if json.Unmarshal([]byte(obj), &v) == nil && strings.HasPrefix(obj, "{") && !strings.ContainsAny(before+after, "{") &&
			!strings.HasSuffix(strings.TrimSpace(before), "[") && !strings.HasSuffix(strings.TrimSpace(before), ",") &&
			!strings.HasPrefix(strings.TrimSpace(after), "]") && !strings.HasPrefix(strings.TrimSpace(after), ",") &&
			len(text) <= maxAnswerText && json.Valid([]byte(strings.TrimSpace(obj))) && !bytes.ContainsAny([]byte(obj), "\x00") {
			if err != nil || string(got) != strings.TrimRight(obj, " \t\r\n") {
				t.Fatalf("%q around %q: took %q, %v", before+"|"+after, obj, got, err)
			}
		}
	})
}
