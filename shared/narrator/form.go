package narrator

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/invopop/jsonschema"
)

// The low tier's structured answers (an action read from a player's
// words, a fold, definitions) come back as one JSON object in the text of
// the answer, not through tool use: a forced tool costs the provider's
// tool-use system prompt and the tool's whole JSON schema on every call,
// several times the answer itself. The prompt states the object's shape
// in a few lines instead (Form.Shape), written from the same reflected
// schema as the Go type the decoder reads, so the two cannot drift.

// Form is a structured answer the low tier writes as one JSON object:
// its name (the answer's kind, which the prompt names) and the schema of
// the Go type its decoder reads.
type Form struct {
	Name   string
	schema *jsonschema.Schema
}

// formOf is the form of v's type, its schema inlined (no $ref).
func formOf(name string, v any) Form {
	r := jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true, Anonymous: true}
	return Form{Name: name, schema: r.Reflect(v)}
}

// Prefill is how a structured answer begins: a provider that lets the
// caller start the model's answer (Bedrock Converse, with a last
// assistant message) is given it, so the model writes the object and
// nothing before it. The caller puts it back before the answer's text.
const Prefill = "{"

// FormCall is an adapter's low-tier call for a structured answer: the
// blocks as the prompt (their system part states the form), the answer's
// whole text (with Prefill before it where the adapter prefilled), the
// model and the usage. Errors are Unavailable.
type FormCall func(ctx context.Context, op string, blocks []Block, form Form) (text []byte, model string, usage Usage, err error)

// ask makes call with blocks, the form's shape appended to their system
// block, and decodes the answer: the value, with the call's model and
// usage also beside an error (a call answered was paid for). An answer
// decode refuses is Invalid.
func ask[T any](ctx context.Context, call FormCall, op string, blocks []Block, form Form, decode func(text []byte) (T, error)) (v T, model string, usage Usage, err error) {
	text, model, usage, err := call(ctx, op, withShape(blocks, form), form)
	if err == nil {
		v, err = decode(text)
	}
	return v, model, usage, err
}

// withShape is blocks with form's shape after the text of the system
// block: the instruction of how to answer, which never changes with the
// call.
func withShape(blocks []Block, form Form) []Block {
	out := make([]Block, len(blocks))
	copy(out, blocks)
	for i := range out {
		if out[i].Name == BlockSystem {
			out[i].Text += "\n\n" + form.Shape()
			return out
		}
	}
	return append([]Block{{Name: BlockSystem, Text: form.Shape()}}, out...)
}

// MaxOutput is the most output tokens the answer of f may take: its
// purpose's cap.
func (f Form) MaxOutput() int {
	if p, ok := formPurposes[f.Name]; ok {
		return MaxOutput(p)
	}
	return defaultMaxOutput
}

// shapeHeader opens a form's shape; the stand-in and a reader of the
// prompt find the form's name in it.
const shapeHeader = "Answer with one JSON object (%s) and nothing before or after it. Its fields, a line each (leave out those marked ? when they have nothing to hold):"

// Shape is the lines of the prompt that state f's answer: a header, then
// a line a field (its name, ? when it may be left out, what it holds
// and what it is for), a list of objects naming the objects' fields and
// saying beneath it only what is new of them: a field of the same name
// and description is described once, and a plain field without a
// description of its own is named in its list alone.
func (f Form) Shape() string {
	lines := []string{fmt.Sprintf(shapeHeader, f.Name)}
	said := map[string]bool{}
	var fields func(s *jsonschema.Schema, indent string)
	fields = func(s *jsonschema.Schema, indent string) {
		if s.Properties == nil {
			return
		}
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			name, v := p.Key, p.Value
			d := strings.TrimSpace(v.Description)
			if said[name+"\x00"+d] {
				d = ""
			}
			said[name+"\x00"+d] = true
			nested := v.Type == "array" && v.Items != nil && v.Items.Type == "object"
			if d == "" && !nested && len(v.Enum) == 0 && indent != "" {
				continue // named in its list
			}
			line := indent + fieldName(s, name) + ": " + kindOf(v)
			if d != "" {
				line += ". " + d
			}
			lines = append(lines, line)
			if nested {
				fields(v.Items, indent+"  ")
			}
		}
	}
	fields(f.schema, "")
	return strings.Join(lines, "\n")
}

// fieldName is a field as the shape names it: with ? when its object
// does not require it.
func fieldName(s *jsonschema.Schema, name string) string {
	if slices.Contains(s.Required, name) {
		return name
	}
	return name + "?"
}

// kindOf says what a field holds, in a few words.
func kindOf(s *jsonschema.Schema) string {
	if len(s.Enum) > 0 {
		vals := make([]string, len(s.Enum))
		for i, e := range s.Enum {
			vals[i] = fmt.Sprint(e)
		}
		return strings.Join(vals, " | ")
	}
	switch s.Type {
	case "array":
		if s.Items == nil {
			return "list"
		}
		if s.Items.Type == "object" && s.Items.Properties != nil {
			var names []string
			for p := s.Items.Properties.Oldest(); p != nil; p = p.Next() {
				names = append(names, fieldName(s.Items, p.Key))
			}
			return "list of {" + strings.Join(names, ", ") + "}"
		}
		return "list of " + kindOf(s.Items) + "s"
	case "":
		return "any"
	}
	return s.Type
}

// Schema is f's JSON schema, as a map (for tests and golden files).
func (f Form) Schema() map[string]any {
	b, err := json.Marshal(f.schema)
	if err != nil {
		panic(fmt.Sprintf("schema of %s: %v", f.Name, err)) // a programming error: the types are ours
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		panic(fmt.Sprintf("schema of %s: %v", f.Name, err))
	}
	delete(m, "$schema")
	return m
}

// maxAnswerText bounds the text of a structured answer, whatever is
// around its object.
const maxAnswerText = 64 << 10

// oneObject is the one JSON object in a model's answer: the answer
// itself, or the object a code fence or a sentence before or after
// wraps. It takes the text from the first "{" to the end of the JSON
// value that starts there, and refuses an answer with no object, a
// malformed one, one in a list, or a second "{" after it: an answer that
// might hold two objects is not guessed at.
func oneObject(text []byte) ([]byte, error) {
	if len(text) > maxAnswerText {
		return nil, fmt.Errorf("the answer is %d bytes, more than %d", len(text), maxAnswerText)
	}
	start := bytes.IndexByte(text, '{')
	if start < 0 {
		return nil, errors.New("the answer holds no JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(text[start:]))
	var obj json.RawMessage
	if err := dec.Decode(&obj); err != nil {
		return nil, fmt.Errorf("the answer's object is malformed: %w", err)
	}
	rest := text[start+int(dec.InputOffset()):]
	if bytes.IndexByte(rest, '{') >= 0 {
		return nil, errors.New("the answer holds more than one JSON object")
	}
	// An object that is an element of a list is part of another answer.
	before, after := bytes.TrimRight(text[:start], " \t\r\n"), bytes.TrimLeft(rest, " \t\r\n")
	if bytes.HasSuffix(before, []byte("[")) || bytes.HasSuffix(before, []byte(",")) ||
		bytes.HasPrefix(after, []byte("]")) || bytes.HasPrefix(after, []byte(",")) {
		return nil, errors.New("the answer's object is inside a list")
	}
	return obj, nil
}
