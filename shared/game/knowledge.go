package game

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"chronicler/events"
	"chronicler/shared/campaign"
	"chronicler/shared/memory"
	"chronicler/shared/rules/turn"
	"chronicler/shared/world"
)

// What each character knows. A turn is seen and heard by the characters
// in the area where it happens (campaign.Turn.Witnesses), and the facts
// it establishes are theirs in the canon (memory.Visibility): a character
// whose player is away still stands where it stood and sees what happens
// there, and one in another room sees none of it. A player is told only
// what their characters know: coming back, "while you were away" tells
// the turns they witnessed and the facts they learned (awayRecap); as a
// session opens, the table's "Previously on..." tells what every
// character knows, and a player whose characters know more is told the
// rest on their own connection (personalRecap).

// witnessed are the characters who see and hear a turn decided as d with
// actor acting: the actor, and every living character, as d leaves the
// sheets, in the area where the turn happens (the actor's own, or for a
// monster's turn its fight's).
func witnessed(snap Snapshot, actor campaign.Character, d turn.Decision) []string {
	m := mapOf(snap)
	chars := withChanged(snap.Characters, d.Changed)
	where := placeOf(m, actor.AreaID)
	if i := slices.IndexFunc(chars, func(c campaign.Character) bool { return c.ID == actor.ID }); i >= 0 {
		where = placeOf(m, chars[i].AreaID)
	} else if e, ok, err := fightOf(snap, d.Encounter); ok && err == nil {
		where = placeOf(m, e.AreaID)
	}
	ids := []string{}
	for _, ch := range chars {
		if ch.ID == actor.ID || (!ch.IsDead() && placeOf(m, ch.AreaID) == where) {
			ids = append(ids, ch.ID)
		}
	}
	return ids
}

// placeOf is the area an area id stands for on m, as the rules read a
// character's: an id the map does not know is the starting area.
func placeOf(m world.Map, areaID string) string {
	if _, ok := m.Areas[areaID]; ok {
		return areaID
	}
	return world.StarterArea
}

// renamed is ids with each one ids names in its place (an import's new
// character ids).
func renamed(ids []string, names map[string]string) []string {
	if ids == nil {
		return nil
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id
		if n, ok := names[id]; ok {
			out[i] = n
		}
	}
	return out
}

// audience is whose knowledge a recap tells: characters ids, each of whom
// must know what it tells (every: the table's recap, what is common
// ground) or any one of whom (a player's own characters). With no
// character (a table or a player without one yet) it tells everything
// but the game master's secrets, as the table's story.
type audience struct {
	ids   []string
	every bool
}

// tableAudience is every living character of the campaign.
func tableAudience(snap Snapshot) audience {
	a := audience{every: true}
	for _, ch := range snap.Characters {
		if !ch.IsDead() {
			a.ids = append(a.ids, ch.ID)
		}
	}
	return a
}

// playerAudience is a player's characters, the living first.
func playerAudience(snap Snapshot, playerID string) audience {
	return audience{ids: mine(snap.Characters, playerID)}
}

// knows reports whether the audience knows a fact of visibility v.
func (a audience) knows(v memory.Visibility) bool {
	return a.holds(v.KnownBy)
}

// saw reports whether the audience witnessed turn t: a character saw its
// own turns, and those it is a witness of.
func (a audience) saw(t campaign.Turn) bool {
	return a.holds(func(id string) bool { return t.ActorID == id || slices.Contains(t.Witnesses, id) })
}

func (a audience) holds(by func(id string) bool) bool {
	if len(a.ids) == 0 {
		return true
	}
	for _, id := range a.ids {
		if k := by(id); a.every && !k {
			return false
		} else if !a.every && k {
			return true
		}
	}
	return a.every
}

// names is the audience's characters' names, as a recap says them:
// "Ann", "Ann and Bram".
func (a audience) names(snap Snapshot) string {
	var ns []string
	for _, id := range a.ids {
		if ch := characterOf(snap, id); ch != nil && !ch.IsDead() {
			ns = append(ns, ch.Name)
		}
	}
	switch len(ns) {
	case 0:
		return "your character"
	case 1:
		return ns[0]
	}
	return strings.Join(ns[:len(ns)-1], ", ") + " and " + ns[len(ns)-1]
}

// commonGround is what the table's recap tells of the last session: the
// key moments every living character knows, and whether the characters
// were apart.
func (s *Service) commonGround(ctx context.Context, snap Snapshot) longGap {
	g := longGap{turnCount: snap.State.TurnCount, last: s.readLastSession(ctx, snap)}
	g.moments, g.apart = g.last.known(snap.State, tableAudience(snap))
	g.text = strings.Join(g.moments, " ")
	return g
}

// personalRecap is what playerID's characters know of the last session
// beyond what the table's recap told (gap, its moments): "" when nothing,
// or when the player has no character.
func personalRecap(snap Snapshot, playerID string, gap longGap) string {
	a := playerAudience(snap, playerID)
	if len(a.ids) == 0 {
		return ""
	}
	own, _ := gap.last.known(snap.State, a)
	var more []string
	for _, m := range own {
		if !slices.Contains(gap.moments, m) {
			more = append(more, m)
		}
	}
	if len(more) == 0 {
		return ""
	}
	return fmt.Sprintf("What %s also knows: %s", a.names(snap), strings.Join(more, " "))
}

// tellPersonalRecaps tells each player at the table whose characters know
// more of the last session than the table's recap told, on each of their
// connections, what more they know.
func (s *Service) tellPersonalRecaps(ctx context.Context, snap Snapshot, gap longGap) {
	told := map[string]string{}
	for _, c := range snap.Connections {
		text, ok := told[c.PlayerID]
		if !ok {
			text = personalRecap(snap, c.PlayerID, gap)
			told[c.PlayerID] = text
		}
		if text != "" {
			s.tell(ctx, c.CampaignID, c.ID, events.TypeRecap, cleared(snap.Campaign, events.Recap{Text: text, CharacterIDs: mine(snap.Characters, c.PlayerID)}))
		}
	}
}

// awayScan bounds the turns a "while you were away" reads for those the
// player's characters witnessed: a long absence's earlier turns are the
// journal's.
const awayScan = 400

// awayRecap is "while you were away" for playerID: the turns since the
// player left that their characters witnessed, told briefly from what the
// rules decided, then the facts those turns taught them; past awayTurns,
// the last of them, the earlier ones left to the journal. A player with
// no character hears the table's story.
func (s *Service) awayRecap(ctx context.Context, snap Snapshot, playerID string, since int) events.Recap {
	a := playerAudience(snap, playerID)
	out := events.Recap{CharacterIDs: a.ids}
	var seen []campaign.Turn
	from := max(since, snap.State.TurnCount-awayScan)
	for after := from; after < snap.State.TurnCount; {
		page, err := s.Store.RecentTurns(ctx, snap.Campaign.ID, after, 200)
		if err != nil || len(page) == 0 {
			break
		}
		for _, t := range page {
			if a.saw(t) {
				seen = append(seen, t)
			}
		}
		after = page[len(page)-1].Sequence
	}
	var learned []string
	if mem, err := s.loadMemory(ctx, snap.Campaign.ID); err == nil {
		for _, m := range mem.MomentsKnown(since, snap.State.TurnCount, a.knows) {
			learned = append(learned, m.Text)
		}
	}
	if len(seen) == 0 && len(learned) == 0 {
		if len(a.ids) > 0 && since < snap.State.TurnCount {
			out.Text = fmt.Sprintf("While you were away, %s saw nothing happen: the table played on elsewhere.", a.names(snap))
		} else {
			out.Text = "While you were away, nothing happened: the table waited for you."
		}
		return out
	}
	var b strings.Builder
	b.WriteString("While you were away: ")
	switch skipped := len(seen) - awayTurns; {
	case from > since:
		b.WriteString("(Earlier turns are in the journal.) ")
		seen = seen[max(skipped, 0):]
	case skipped > 0:
		fmt.Fprintf(&b, "(%d earlier turns are in the journal.) ", skipped)
		seen = seen[skipped:]
	}
	for i, t := range seen {
		if i > 0 {
			b.WriteString(" ")
		}
		what := t.RulesResult
		if what == "" {
			what = fmt.Sprintf("%s acted: %q.", t.ActorName, t.Action)
		}
		b.WriteString(what)
	}
	if len(learned) > 0 && len(a.ids) > 0 {
		fmt.Fprintf(&b, " %s learned: %s", a.names(snap), strings.Join(learned, " "))
	}
	out.Text = strings.TrimSpace(b.String())
	return out
}
