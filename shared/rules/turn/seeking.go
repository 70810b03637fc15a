package turn

import (
	"maps"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
	"chronicler/shared/world"
)

// Identify, Locate Creature, Locate Object and Find the Path out of a
// fight (spell/seeking.go): what they read is on the sheets and the map here.

// seeking gives a casting of sp out of a fight what it reads: Identify
// the caster's pack, the spells on its weapons and on the creature it
// touches (targets); the locate spells and Find the Path where their
// quarry (choice) is on the map.
func seeking(r request, sp srd.Spell, choice string, targets []string, opts *spell.Options) {
	switch sp.ID {
	case "identify":
		opts.Items = r.actor.Inventory
		for _, ce := range r.actor.Effects {
			if ce.Weapon != "" {
				opts.Lasting = append(opts.Lasting, lastingOf(ce, r.actor.ID))
			}
		}
		for _, id := range targets {
			if ch := r.v.character(id); ch != nil {
				for _, ce := range ch.Effects {
					if ce.ID != campaign.ConcentrationMark {
						opts.Lasting = append(opts.Lasting, lastingOf(ce, ch.ID))
					}
				}
			}
		}
	case "locate-creature":
		opts.Whereabouts = r.creatureSought(choice)
	case "locate-object":
		opts.Whereabouts = r.objectSought(choice)
	case "find-the-path":
		opts.Whereabouts = r.placeSought(choice)
	}
}

func lastingOf(ce campaign.Effect, target string) spell.Lasting {
	return spell.Lasting{Effect: spell.Effect{ID: ce.ID, Spell: ce.Spell, CasterID: ce.CasterID, TargetID: target, Weapon: ce.Weapon}}
}

// route is the names of the areas on the shortest way from the actor's
// area to area to; nil when none leads there.
func (r request) route(to string) []string {
	ids := r.v.Map.Route(areaOf(r.v.Map, r.actor), to)
	if ids == nil {
		return nil
	}
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = r.v.Map.Areas[id].Name
	}
	return names
}

// creatureSought finds Locate Creature's quarry: a character named
// (by name or id), else the nearest of a race ("dwarf"), else a
// creature of the scene, which is here. A dead character is no
// creature, and one under Nondetection is hidden from the spell.
func (r request) creatureSought(choice string) *spell.Whereabouts {
	k := key(choice)
	w := &spell.Whereabouts{Sought: strings.TrimSpace(choice)}
	if k == "" {
		return w
	}
	var nearest []string
	for _, ch := range r.v.Characters {
		if ch.ID == r.actor.ID || ch.IsDead() || spell.HiddenFromDivination(ch) {
			continue
		}
		way := r.route(areaOf(r.v.Map, ch))
		switch {
		case key(ch.Name) == k || key(ch.ID) == k:
			w.Sought, w.Route = ch.Name, way
			return w
		case key(ch.Race) == k && way != nil && (nearest == nil || len(way) < len(nearest)):
			nearest, w.Found = way, ch.Name
		}
	}
	if nearest != nil {
		w.Sought, w.Route = "the nearest "+strings.TrimSpace(choice), nearest
		return w
	}
	w.Found = ""
	for _, npc := range r.v.Scene.NPCs {
		if strings.Contains(key(npc), k) {
			w.Route = r.route(areaOf(r.v.Map, r.actor))
			return w
		}
	}
	return w
}

// objectSought finds Locate Object's quarry among what the other
// characters carry: the nearest stack the choice names (an item, a kind
// of item, a magic item). What the caster carries itself it knows of
// without a spell.
func (r request) objectSought(choice string) *spell.Whereabouts {
	w := &spell.Whereabouts{Sought: strings.TrimSpace(choice)}
	for _, ch := range r.v.Characters {
		if ch.ID == r.actor.ID {
			continue
		}
		it, ok := spell.ItemNamed(ch.Inventory, choice)
		if !ok {
			continue
		}
		way := r.route(areaOf(r.v.Map, ch))
		if way != nil && (w.Route == nil || len(way) < len(w.Route)) {
			w.Route, w.Bearer = way, ch.Name
			w.Sought = campaign.ItemName(it.Item)
			if m, ok := campaign.MagicOf(it); ok && it.Magic == "" {
				w.Sought = m.Name
			} else if n, ok := srd.MagicName(it.Item, it.Magic); ok {
				w.Sought = n
			}
		}
	}
	return w
}

// placeSought finds Find the Path's destination: an area of the map by
// id or name, and the shortest way there.
func (r request) placeSought(choice string) *spell.Whereabouts {
	to := r.in.ToAreaID
	if to == "" {
		to = areaNamed(r.v.Map, choice)
	}
	w := &spell.Whereabouts{Sought: strings.TrimSpace(choice)}
	if a, ok := r.v.Map.Areas[to]; ok {
		w.Sought, w.Route = a.Name, r.route(to)
	}
	return w
}

// areaNamed is the id of the area of m whose id or name choice gives;
// "" for none.
func areaNamed(m world.Map, choice string) string {
	k := key(choice)
	if _, ok := m.Areas[choice]; ok {
		return choice
	}
	for _, id := range slices.Sorted(maps.Keys(m.Areas)) {
		a := m.Areas[id]
		if key(id) == k || key(a.Name) == k || key(strings.TrimPrefix(strings.ToLower(a.Name), "the ")) == k {
			return id
		}
	}
	return ""
}

// key is a name as the choices compare it: lower case, spaces and
// underscores as dashes, an article dropped.
func key(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.TrimPrefix(strings.TrimPrefix(s, "the "), "a ")
	return strings.NewReplacer(" ", "-", "_", "-", "'", "").Replace(s)
}
