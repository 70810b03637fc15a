package game

import (
	"bytes"
	"encoding/json"
	"slices"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/rules/turn"
)

// The scene each player is sent. Each character is somewhere of its own,
// and the scene it is in is the campaign's one State.Scene told in the
// area it stands in (turn.SceneOf, as the narrator is told it); the
// State.Scene alone is the last mover's. So each connection is sent the
// scene of its player's character: in GET /api/campaigns/{id} (sceneFor)
// and in each turn.committed, which the table's connections share. While
// every character is in one area that is one scene for all, the stored
// event's; once they are apart, the event keeps each character's
// (events.TurnCommitted.Scenes) and every push and sync of it sets each
// connection's own as its scene (sceneStamp).

// scenesAfter is what a turn's turn.committed tells of the scene, next
// being the campaign after the turn: the scene every character is in,
// or, when they are apart, the campaign's and each one's by id.
func scenesAfter(next Snapshot) (campaign.Scene, map[string]campaign.Scene) {
	if len(next.Characters) == 0 {
		return next.State.Scene, nil
	}
	v := turn.View{Map: mapOf(next), Scene: next.State.Scene}
	scenes := make(map[string]campaign.Scene, len(next.Characters))
	one := true
	first := turn.SceneOf(v, next.Characters[0])
	for _, ch := range next.Characters {
		sc := turn.SceneOf(v, ch)
		scenes[ch.ID] = sc
		one = one && sc.Location == first.Location
	}
	if one {
		return first, nil
	}
	return next.State.Scene, scenes
}

// withChanged is chars with each of changed in place of the sheet it
// changes.
func withChanged(chars, changed []campaign.Character) []campaign.Character {
	out := slices.Clone(chars)
	for _, ch := range changed {
		if i := slices.IndexFunc(out, func(c campaign.Character) bool { return c.ID == ch.ID }); i >= 0 {
			out[i] = ch
		}
	}
	return out
}

// mine is playerID's characters' ids, the living first, each in creation
// order: the first one a scene is told for is the one their scene is.
func mine(chars []campaign.Character, playerID string) []string {
	var living, dead []string
	for _, ch := range chars {
		switch {
		case ch.PlayerID != playerID:
		case ch.IsDead():
			dead = append(dead, ch.ID)
		default:
			living = append(living, ch.ID)
		}
	}
	return append(living, dead...)
}

// sceneFor is the scene playerID's character is in, or the campaign's
// for a player with none.
func sceneFor(snap Snapshot, playerID string) campaign.Scene {
	ids := mine(snap.Characters, playerID)
	if len(ids) == 0 {
		return snap.State.Scene
	}
	return sceneOf(snap, *characterOf(snap, ids[0]))
}

// sceneStamp is a stored turn.committed that tells each character's
// scene, to be sent to each connection with its own.
type sceneStamp struct {
	h  events.Header
	tc events.TurnCommitted
}

// committedPrefix is how every stored turn.committed begins (events.Encode
// writes the header first).
var committedPrefix = []byte(`{"type":"` + events.TypeTurnCommitted + `"`)

// stampOf decodes ev if it is a turn.committed with each character's
// scene; ok is false for any other event.
func stampOf(ev Event) (st sceneStamp, ok bool) {
	if !bytes.HasPrefix(ev.Data, committedPrefix) {
		return st, false
	}
	if json.Unmarshal(ev.Data, &st.h) != nil || json.Unmarshal(ev.Data, &st.tc) != nil {
		return st, false // sent as stored
	}
	st.h.Seq = ev.Seq
	return st, len(st.tc.Scenes) > 0
}

// wireFor is the event as a connection whose player has the characters
// ids (see mine) is sent it: with the first one's scene as its scene. It
// is nil when that is the stored scene (the event goes as stored).
func (st sceneStamp) wireFor(ids []string) ([]byte, error) {
	for _, id := range ids {
		sc, ok := st.tc.Scenes[id]
		if !ok {
			continue
		}
		if sc.Location == st.tc.Scene.Location {
			return nil, nil
		}
		tc := st.tc
		tc.Scene = sc
		return events.Encode(st.h, tc)
	}
	return nil, nil
}
