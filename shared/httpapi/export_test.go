package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"log/slog"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"chronicler/events"
	"chronicler/shared/auth"
	"chronicler/shared/campaign"
	"chronicler/shared/game"
	"chronicler/shared/httpapi"
	"chronicler/shared/narrator"
	"chronicler/shared/sqlite"
)

// lambdaPayload is what Lambda takes in a request or gives in a response.
const lambdaPayload = 6 << 20

// longCampaign is the export file of a campaign of n turns, each as
// heavy as a real one: a narration of a few paragraphs and the prompt it
// was narrated from (the owner's export carries it).
func longCampaign(n int) events.Export {
	t0 := time.Date(2026, 3, 14, 18, 0, 0, 0, time.UTC)
	e := events.Export{
		Format: events.ExportFormat, Version: events.ExportVersion, ExportedAt: t0,
		Campaign: events.ExportCampaign{ID: "c-old", Name: "The Long Road", Status: campaign.Paused,
			Settings: campaign.DefaultSettings(), OwnerID: "p-old", CreatedAt: t0, LastPlayedAt: t0},
		State:      campaign.State{CampaignID: "c-old", TurnCount: n, UpdatedAt: t0},
		Characters: []campaign.Character{}, Members: []campaign.Member{}, Sessions: []campaign.Session{},
		Encounters: []json.RawMessage{}, Turns: []campaign.Turn{},
	}
	prose := strings.Repeat("The lantern gutters as the party presses on along the old road, past the milestones of a kingdom long gone. ", 25)
	for i := 1; i <= n; i++ {
		e.Turns = append(e.Turns, campaign.Turn{
			ID: fmt.Sprintf("t-%d", i), CampaignID: "c-old", Sequence: i, PlayerID: "p-old", RequestID: fmt.Sprintf("r-%d", i),
			Action: fmt.Sprintf("I walk on, step %d", i), Rolls: []campaign.Roll{}, Narration: prose, CreatedAt: t0.Add(time.Duration(i) * time.Minute),
			Context: &campaign.TurnContext{Blocks: []campaign.ContextBlock{{Name: "recent", Text: prose + prose}}, Model: "stand-in"},
		})
	}
	return e
}

// sqliteStore is a store of the test's own, on a SQLite file.
func sqliteStore(t *testing.T) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// gameAPI is the API over a real game on store, its service set up by
// tune first.
func gameAPI(t *testing.T, store game.Store, tune func(*game.Service)) api {
	t.Helper()
	signer, err := auth.NewSigner([]byte("0123456789abcdef0123456789abcdef"), time.Hour, time.Now)
	if err != nil {
		t.Fatal(err)
	}
	svc := game.NewService(store, nil, narrator.Offline{}, signer, slog.New(slog.DiscardHandler))
	tune(svc)
	return api{h: httpapi.New(svc, "sqlite", slog.New(slog.DiscardHandler))}
}

// real is the API over a real game on SQLite, and a player's bearer.
func real(t *testing.T) (api, string) {
	t.Helper()
	a := gameAPI(t, sqliteStore(t), func(svc *game.Service) {
		svc.APILimit = nil // the test pages as fast as it can
	})
	res := a.do(t, "POST", "/api/players", "", `{"name":"Aria"}`)
	var id struct{ Token string }
	if err := json.Unmarshal([]byte(res.Body), &id); err != nil || id.Token == "" {
		t.Fatalf("create player: %d %s", res.StatusCode, res.Body)
	}
	return a, "Bearer " + id.Token
}

func gzipped(t *testing.T, v any) string {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if err := json.NewEncoder(zw).Encode(v); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// importFile posts an export gzipped, as a client sends a file larger
// than a request holds, and returns the new campaign's id.
func importFile(t *testing.T, a api, bearer string, e events.Export) string {
	t.Helper()
	body := gzipped(t, e)
	if len(body) > events.MaxImportBytes {
		t.Fatalf("the gzipped file is %d bytes, past what an import takes", len(body))
	}
	req := event("POST", "/api/campaigns/import", bearer, body)
	req.Headers["content-encoding"] = "gzip"
	res := a.serve(t, req)
	if res.StatusCode != 201 {
		t.Fatalf("import: %d %.300s", res.StatusCode, res.Body)
	}
	return object(t, res)["campaign"].(map[string]any)["id"].(string)
}

// exportFile fetches a campaign's export page after page, as the README
// tells a client to, and returns the whole file and each response's size.
func exportFile(t *testing.T, a api, bearer, id string) (events.Export, []int) {
	t.Helper()
	res := a.do(t, "GET", "/api/campaigns/"+id+"/export", bearer, "")
	if res.StatusCode != 200 {
		t.Fatalf("export: %d %.300s", res.StatusCode, res.Body)
	}
	sizes := []int{len(res.Body)}
	var e events.Export
	if err := json.Unmarshal([]byte(res.Body), &e); err != nil {
		t.Fatal(err)
	}
	for after := e.NextAfter; after != 0; {
		res := a.do(t, "GET", fmt.Sprintf("/api/campaigns/%s/export?after=%d", id, after), bearer, "")
		if res.StatusCode != 200 {
			t.Fatalf("export after %d: %d %.300s", after, res.StatusCode, res.Body)
		}
		sizes = append(sizes, len(res.Body))
		var page events.ExportPage
		if err := json.Unmarshal([]byte(res.Body), &page); err != nil {
			t.Fatal(err)
		}
		e.Turns = append(e.Turns, page.Turns...)
		after = page.NextAfter
	}
	e.NextAfter = 0
	return e, sizes
}

// A campaign of 1,000 turns is more than Lambda answers in one response:
// its export comes in pages each well within it, and the file they make
// imports back into the same campaign.
func TestLongCampaignExportsInPagesAndImportsBack(t *testing.T) {
	a, bearer := real(t)
	orig := longCampaign(1000)
	if whole, _ := json.Marshal(orig); len(whole) <= lambdaPayload {
		t.Fatalf("the campaign is %d bytes: not past Lambda's %d, the test proves nothing", len(whole), lambdaPayload)
	}
	first := importFile(t, a, bearer, orig)
	exported, sizes := exportFile(t, a, bearer, first)
	if len(sizes) < 2 {
		t.Errorf("one response of %d bytes", sizes[0])
	}
	for i, n := range sizes {
		if n > lambdaPayload*2/3 {
			t.Errorf("response %d is %d bytes, past two thirds of Lambda's %d", i, n, lambdaPayload)
		}
	}
	if len(exported.Turns) != 1000 {
		t.Fatalf("%d turns exported, want 1000", len(exported.Turns))
	}
	// The file the pages make imports again, and exports the same.
	second := importFile(t, a, bearer, exported)
	again, _ := exportFile(t, a, bearer, second)
	if !reflect.DeepEqual(withoutIDs(again), withoutIDs(exported)) {
		t.Error("the campaign exported, imported and exported again differs from the first export")
	}
	for i, tr := range exported.Turns {
		if want := orig.Turns[i]; tr.Narration != want.Narration || tr.Action != want.Action || tr.Sequence != want.Sequence ||
			!reflect.DeepEqual(tr.Context, want.Context) || !tr.CreatedAt.Equal(want.CreatedAt) {
			t.Fatalf("turn %d differs from the file imported", i+1)
		}
	}
}

// withoutIDs is an export without what every import makes anew: the
// campaign's and the turns' ids, the owner, the time of export, the
// invite.
func withoutIDs(e events.Export) events.Export {
	e.ExportedAt, e.Campaign.ID, e.Campaign.OwnerID, e.State.CampaignID = time.Time{}, "", "", ""
	e.Members = nil
	turns := make([]campaign.Turn, len(e.Turns))
	for i, t := range e.Turns {
		t.ID, t.CampaignID = "", ""
		turns[i] = t
	}
	e.Turns = turns
	return e
}

// The first response of a long campaign's export is not a file to import
// as it is: the import says what is missing.
func TestFirstPageAloneIsRefusedOnImport(t *testing.T) {
	a, bearer := real(t)
	id := importFile(t, a, bearer, longCampaign(1000))
	res := a.do(t, "GET", "/api/campaigns/"+id+"/export", bearer, "")
	var e events.Export
	if err := json.Unmarshal([]byte(res.Body), &e); err != nil || e.NextAfter == 0 {
		t.Fatalf("first response: next_after %d, %v", e.NextAfter, err)
	}
	req := event("POST", "/api/campaigns/import", bearer, gzipped(t, e))
	req.Headers["content-encoding"] = "gzip"
	res = a.serve(t, req)
	var got struct {
		Error struct{ Code, Message string }
	}
	_ = json.Unmarshal([]byte(res.Body), &got)
	if res.StatusCode != 400 || !strings.Contains(got.Error.Message, "first page of an export") {
		t.Errorf("import of the first page alone: %d %s", res.StatusCode, res.Body)
	}
}
