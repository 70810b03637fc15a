package sqlite_test

import (
	"path/filepath"
	"testing"

	"chronicler/shared/game"
	"chronicler/shared/sqlite"
	"chronicler/shared/storetest"
)

func open(t *testing.T) game.Store {
	t.Helper()
	db, err := sqlite.Open(filepath.Join(t.TempDir(), "chronicler.db"))
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	t.Cleanup(func() {
		if err := db.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	})
	return db
}

func TestStoreContract(t *testing.T) {
	storetest.Run(t, open)
}
