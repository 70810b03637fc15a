package events

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"chronicler/shared/intent"
)

// docs/protocol.md is the contract clients are written against: every
// WebSocket action, server event type, intent kind and HTTP route the code
// has must be on it, so that nothing reaches the wire undocumented.
func TestProtocolDocumentsEveryMessage(t *testing.T) {
	raw, err := os.ReadFile("../docs/protocol.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	named := func(what, name string) {
		t.Helper()
		if !strings.Contains(doc, "`"+name+"`") && !strings.Contains(doc, `"`+name+`"`) {
			t.Errorf("docs/protocol.md does not name the %s %q", what, name)
		}
	}

	for _, r := range Routes() {
		if !strings.HasPrefix(r.Key, "$") {
			named("action", r.Key)
		}
	}
	types := serverTypes(t)
	if len(types) < 15 {
		t.Fatalf("found only %d event types in server.go: %v", len(types), types)
	}
	for _, typ := range types {
		named("event type", typ)
	}
	for _, k := range intent.Names() {
		named("intent kind", k)
	}

	src, err := os.ReadFile("../shared/httpapi/httpapi.go")
	if err != nil {
		t.Fatal(err)
	}
	routes := regexp.MustCompile(`h\.route\("([A-Z]+ /[^"]*)"`).FindAllStringSubmatch(string(src), -1)
	if len(routes) < 20 {
		t.Fatalf("found only %d HTTP routes in httpapi.go", len(routes))
	}
	for _, m := range routes {
		// A row names the route, then perhaps its query.
		if !strings.Contains(doc, "`"+m[1]+"`") && !strings.Contains(doc, "`"+m[1]+"?") {
			t.Errorf("docs/protocol.md does not name the HTTP route %q", m[1])
		}
	}
}

// serverTypes are the values of the Type* constants of server.go and
// undo.go: every event type the server sends.
func serverTypes(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, file := range []string{"server.go", "undo.go"} {
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, typesOf(f)...)
	}
	return out
}

// typesOf are the values of a file's Type* constants.
func typesOf(f *ast.File) []string {
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok {
			return true
		}
		for i, name := range spec.Names {
			if !strings.HasPrefix(name.Name, "Type") || i >= len(spec.Values) {
				continue
			}
			if lit, ok := spec.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if v, err := strconv.Unquote(lit.Value); err == nil {
					out = append(out, v)
				}
			}
		}
		return true
	})
	return out
}
