package srd

import (
	"slices"
	"sync"
)

// toldItem is a row of magic_items_told.json, written by hand: a magic
// item the rules do not play, and why (the narrator tells it).
type toldItem struct {
	ID   string `json:"id"`
	Told string `json:"told"`
}

var toldItems = sync.OnceValue(func() table[toldItem] {
	t, err := parse("magic_items_told.json", func(r toldItem) string { return r.ID })
	if err != nil {
		panic(err) // embedded and held by this package's tests: a broken build
	}
	return t
})

// MagicItemTold is why the rules do not play magic item id, and whether
// it is told at all.
func MagicItemTold(id string) (string, bool) {
	r, ok := toldItems().get(id)
	return r.Told, ok
}

// MagicItemsTold are the ids of the told magic items, in the file's order.
func MagicItemsTold() []string {
	var out []string
	for _, r := range toldItems().all {
		out = append(out, r.ID)
	}
	return slices.Clip(out)
}
