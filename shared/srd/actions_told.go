package srd

import (
	"sync"
)

// toldAction is a row of monster_actions_told.json, written by hand: a
// stat block action without an attack roll the fights do not play, and
// why (the narrator tells it). Monster is set where one name means
// different things in different stat blocks.
type toldAction struct {
	Monster string `json:"monster,omitempty"`
	Action  string `json:"action"`
	Told    string `json:"told"`
}

func (r toldAction) key() string {
	if r.Monster == "" {
		return r.Action
	}
	return r.Monster + "/" + r.Action
}

var toldActions = sync.OnceValue(func() table[toldAction] {
	t, err := parse("monster_actions_told.json", toldAction.key)
	if err != nil {
		panic(err) // embedded and held by this package's tests: a broken build
	}
	return t
})

// MonsterActionTold is why the fights do not play the action named name
// of monster id, and whether it is told at all: the monster's own row
// first, then the name's.
func MonsterActionTold(monster, name string) (string, bool) {
	if r, ok := toldActions().get(monster + "/" + name); ok {
		return r.Told, true
	}
	r, ok := toldActions().get(name)
	return r.Told, ok
}

// MonsterActionsTold are the told rows' keys ("Detect",
// "vampire-mist/Move"), in the file's order.
func MonsterActionsTold() []string {
	out := make([]string, 0, len(toldActions().all))
	for _, r := range toldActions().all {
		out = append(out, r.key())
	}
	return out
}
