package game

import (
	"maps"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/narrator"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
	"chronicler/shared/srd"
	"chronicler/shared/world"
)

// scene is the engine's truth at the moment of narration: the party as
// the decision leaves it (in a fight, as the fight holds it: hit points,
// conditions, death saves and spell effects live in the encounter until it
// ends), and the area the acting character stands in once the turn is
// decided, with its description.
type scene struct {
	party   []campaign.Character
	effects map[string][]string
	area    narrator.Area
	places  []narrator.Area // the whole map, in the order of its ids
}

// narrationScene is what the narrator is told of the party and the place for a
// turn decided as d, with actor acting.
func narrationScene(snap Snapshot, actor campaign.Character, d turn.Decision) (scene, error) {
	out := scene{party: withPresence(snap)}
	for i, ch := range out.party {
		if j := slices.IndexFunc(d.Changed, func(c campaign.Character) bool { return c.ID == ch.ID }); j >= 0 {
			changed := d.Changed[j]
			changed.Presence = ch.Presence
			out.party[i] = changed
		}
		if ch.ID == actor.ID {
			actor = out.party[i]
		}
	}
	out.effects = sheetEffects(out.party)
	e, ok, err := fightOf(snap, d.Encounter)
	if err != nil {
		return out, err
	}
	if ok && e.Status == encounter.Active {
		fx := effectsOf(e)
		for i, ch := range out.party {
			if p, found := participantOf(e, ch.ID); found {
				out.party[i] = inFight(ch, p)
				out.effects[ch.ID] = fx[ch.ID] // the fight holds its effects
			}
		}
	}
	areaID := actor.AreaID
	if ok && (areaID == "" || actor.ID == "" || !isCharacter(snap, actor.ID)) {
		areaID = e.AreaID // a monster stands where its fight is
	}
	m := mapOf(snap)
	out.area = areaOf(m, areaID, snap.State.Scene.Location)
	for _, id := range sortedKeys(m.Areas) {
		out.places = append(out.places, areaOf(m, id, ""))
	}
	return out, nil
}

// fightOf is the fight the turn is part of, as the turn leaves it (next,
// when the turn changed it), or the one under way.
func fightOf(snap Snapshot, next *campaign.EncounterRecord) (encounter.Encounter, bool, error) {
	if next != nil {
		e, err := encounter.FromRecord(*next)
		return e, err == nil, err
	}
	_, e, ok, err := activeEncounter(snap)
	return e, ok, err
}

func isCharacter(snap Snapshot, id string) bool { return characterOf(snap, id) != nil }

func participantOf(e encounter.Encounter, characterID string) (encounter.Participant, bool) {
	for _, p := range e.Participants {
		if p.CharacterID == characterID {
			return p, true
		}
	}
	return encounter.Participant{}, false
}

// inFight is a character's sheet as the fight holds it now.
func inFight(ch campaign.Character, p encounter.Participant) campaign.Character {
	c := p.Combatant
	ch.HP, ch.MaxHP, ch.TempHP, ch.AC = p.HP, p.MaxHP, p.TempHP, p.AC
	ch.Conditions = slices.Clone(p.Conditions)
	ch.DeathSaves, ch.Stable, ch.Dead = c.DeathSaves, c.Stable && c.HP <= 0 && !c.Dead, c.Dead
	// max_hp is the maximum now; drained says what a life drain took of it.
	ch.Exhaustion, ch.Drained = c.Exhaustion, c.Drained
	ch.Afflictions = slices.Clone(c.Afflictions)
	ch.Concentration = nil
	if c.Concentration != "" {
		spell := spellName(c.Concentration)
		ch.Concentration = &spell
	}
	if len(ch.SpellSlots) > 0 {
		slots := maps.Clone(ch.SpellSlots)
		for i, sl := range c.SpellSlots {
			if sl.Max > 0 {
				k := string(rune('1' + i))
				slots[k] = campaign.Slot{Max: sl.Max, Used: sl.Used}
			}
		}
		ch.SpellSlots = slots
	}
	return ch
}

// effectsOf are the fight's lasting effects on each character, in words:
// "blessed (Bless, from Mira)".
func effectsOf(e encounter.Encounter) map[string][]string {
	out := map[string][]string{}
	for _, fx := range e.Effects {
		target, ok := e.Participant(fx.TargetID)
		if !ok || target.CharacterID == "" {
			continue
		}
		out[target.CharacterID] = append(out[target.CharacterID], effectWords(e, fx))
	}
	return out
}

// sheetEffects are the lasting effects the characters' sheets hold out of
// a fight, in words, by character id.
func sheetEffects(party []campaign.Character) map[string][]string {
	names := map[string]string{}
	for _, ch := range party {
		names[ch.ID] = ch.Name
	}
	out := map[string][]string{}
	for _, ch := range party {
		for _, fx := range ch.Effects {
			if fx.ID == campaign.ConcentrationMark {
				continue // the sheet's concentration says it
			}
			caster := ""
			if fx.CasterID != ch.ID {
				caster = names[fx.CasterID]
			}
			out[ch.ID] = append(out[ch.ID], effectPhrase(fx.ID, fx.Spell, caster))
		}
	}
	return out
}

// effectsOn are the lasting effects on one participant, in words.
func effectsOn(e encounter.Encounter, id string) []string {
	var out []string
	for _, fx := range e.Effects {
		if fx.TargetID == id {
			out = append(out, effectWords(e, fx))
		}
	}
	return out
}

func effectWords(e encounter.Encounter, fx encounter.Effect) string {
	caster := ""
	if c, ok := e.Participant(fx.CasterID); ok && fx.CasterID != fx.TargetID {
		caster = c.Name
	}
	return effectPhrase(fx.ID, fx.Spell, caster)
}

// effectPhrase is a lasting effect in words, "blessed (Bless, from
// Mira)": its id, then the spell and caster (by name, "" when it is the
// bearer's own or unknown) that keep it, unless they only repeat it.
func effectPhrase(id, spell, caster string) string {
	what := strings.ReplaceAll(id, "-", " ")
	from := spellName(spell)
	if caster != "" {
		from += ", from " + caster
	}
	if from == "" || strings.EqualFold(from, what) {
		return what
	}
	return what + " (" + from + ")"
}

// spellName is the SRD's name of a spell id, or the id in words.
func spellName(id string) string {
	if sp, ok := srd.LookupSpell(id); ok {
		return sp.Name
	}
	return strings.ReplaceAll(id, "-", " ")
}

// areaOf is the area of the map with id; when the map has none such, the
// one named like the scene's location, or the starting area.
func areaOf(m world.Map, id, location string) narrator.Area {
	a, ok := m.Areas[id]
	if !ok {
		for _, k := range sortedKeys(m.Areas) {
			if strings.EqualFold(m.Areas[k].Name, location) {
				a, ok = m.Areas[k], true
				break
			}
		}
	}
	if !ok {
		if a, ok = m.Areas[world.StarterArea]; !ok {
			return narrator.Area{Name: location}
		}
	}
	out := narrator.Area{Name: a.Name, Description: a.Description}
	for _, to := range a.ReachableAreaIDs {
		if n := m.Areas[to].Name; n != "" {
			out.Exits = append(out.Exits, n)
		}
	}
	return out
}

func sortedKeys(m map[string]world.Area) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
