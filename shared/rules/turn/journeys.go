package turn

import (
	"fmt"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
	"chronicler/shared/world"
)

// A journey (Teleport, Word of Recall, Transport via Plants, Tree
// Stride: spell.Departure) takes its travellers to the area its cast
// names (to_area_id): out of a fight, the scene goes with the caster;
// in one, they leave it (encounter/spells_journeys.go) and their sheets are
// where they went. A cast that names no area leaves the destination to
// the narrator, and the sheets where they were.

// journeyTo refuses a journey of feet (0: any distance) from area from
// to an area it can't reach: one not on the map, or, for Tree Stride's
// 500 feet, beyond a neighbouring area.
func journeyTo(m world.Map, from, to string, feet int) error {
	switch _, ok := m.Areas[to]; {
	case to == from:
		return nil
	case !ok:
		return fault.Refuse(op, "intent.to_area_id", fault.OutOfRange, "there is no such place to go to")
	case feet > 0:
		if err := m.Move(from, to); err != nil {
			return fault.Refuse(op, "intent.to_area_id", fault.OutOfRange, "the spell goes no farther than %d feet: %s", feet, publicMessage(err))
		}
	}
	return nil
}

// travel takes the travellers of a journey cast out of a fight (sheets,
// by id) to the area the intent names, and the scene with them; it says
// where they went, or "" for a cast that is no journey or names none.
func (r request) travel(res spell.Result, sheets map[string]campaign.Character, d *Decision) (string, error) {
	feet, ok := spell.Departure(res.SpellID)
	to := r.in.ToAreaID
	if !ok || to == "" {
		return "", nil
	}
	m := r.v.Map
	from := areaOf(m, r.actor)
	if err := journeyTo(m, from, to, feet); err != nil {
		return "", err
	}
	for _, id := range res.Teleported {
		if ch, ok := sheets[id]; ok {
			ch.AreaID = to
			sheets[id] = ch
		}
	}
	if to == from {
		return "", nil
	}
	scene := r.v.Scene
	scene.Location = m.Areas[to].Name
	scene.NPCs = nil // whoever was with the party stays behind
	d.Scene = &scene
	return fmt.Sprintf(" %s arrives in %s.", r.actor.Name, m.Areas[to].Name), nil
}

// journeyed are the sheets of the characters a journey cast in a fight
// (res) took to the area act names, moved there.
func (r request) journeyed(next encounter.Encounter, act encounter.Action, res encounter.Result) ([]campaign.Character, error) {
	if res.Cast == nil || act.ToAreaID == "" {
		return nil, nil
	}
	feet, ok := spell.Departure(res.Cast.SpellID)
	if !ok {
		return nil, nil
	}
	if err := journeyTo(r.v.Map, areaOf(r.v.Map, r.actor), act.ToAreaID, feet); err != nil {
		return nil, err
	}
	var out []campaign.Character
	for _, id := range res.Cast.Teleported {
		p, ok := next.Participant(id)
		if !ok || p.CharacterID == "" {
			continue
		}
		ch := r.v.character(p.CharacterID)
		if ch == nil {
			continue
		}
		moved := *ch
		moved.AreaID = act.ToAreaID
		out = append(out, moved)
	}
	return out, nil
}
