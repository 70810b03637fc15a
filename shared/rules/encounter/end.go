package encounter

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/srd"
)

// Outcomes End accepts.
var outcomes = []string{"victory", "defeat", "fled", "negotiated", "other"}

// EndOptions choose what End commits. Only and Exclude are character ids:
// with Only, just those characters' diffs are committed; Exclude leaves
// some out.
type EndOptions struct {
	DryRun  bool     `json:"dry_run,omitempty"`
	Only    []string `json:"only,omitempty"`
	Exclude []string `json:"exclude,omitempty"`
}

// Diff is what the fight did to one participant, from its Start snapshot
// to now.
type Diff struct {
	ParticipantID string `json:"participant_id"`
	Name          string `json:"name"`
	Kind          string `json:"kind"`
	CharacterID   string `json:"character_id,omitempty"`
	SRDID         string `json:"srd_id,omitempty"`
	// Ephemeral diffs (monsters) are reported and discarded.
	Ephemeral bool `json:"ephemeral"`
	// Commit marks the persistent diffs CharacterUpdates writes back:
	// those End's options chose (on a dry run, those it would write).
	Commit        bool          `json:"commit"`
	HP            Delta         `json:"hp"`
	TempHP        Delta         `json:"temp_hp"`
	Conditions    ConditionDiff `json:"conditions"`
	DeathSaves    DeathSaveDiff `json:"death_saves"`
	Concentration StringDelta   `json:"concentration"`
	// SpellSlots lists the slot levels whose use changed.
	SpellSlots []SlotDiff `json:"spell_slots"`
	Dead       bool       `json:"dead"`
	// Stable is a character left at 0 HP and stabilised: no more death
	// saving throws until healed.
	Stable bool `json:"stable,omitempty"`
	// Resources lists the class resources whose use changed (Bardic
	// Inspiration, Second Wind): used before and after.
	Resources []ResourceDiff `json:"resources,omitempty"`
	Stats     Stats          `json:"stats"`
	// XP is a character's share of the experience points of the monsters
	// defeated in the fight: the sum of their stat blocks' XP, split evenly
	// (rounded down) among the characters the fight did not kill.
	XP int `json:"xp,omitempty"`
}

// ResourceDiff is one class resource's use before and after the fight.
type ResourceDiff struct {
	ID     string `json:"id"`
	Before int    `json:"before"`
	After  int    `json:"after"`
}

// Delta is a number before and after.
type Delta struct {
	Before int `json:"before"`
	After  int `json:"after"`
	Delta  int `json:"delta"`
}

// StringDelta is a string before and after ("" for none).
type StringDelta struct {
	Before string `json:"before"`
	After  string `json:"after"`
}

// ConditionDiff is the conditions gained and lost, and those held at the
// end.
type ConditionDiff struct {
	Added   []string `json:"added"`
	Removed []string `json:"removed"`
	Active  []string `json:"active"`
}

// DeathSaveDiff is the death saving throw counts before and after.
type DeathSaveDiff struct {
	Before campaign.DeathSaves `json:"before"`
	After  campaign.DeathSaves `json:"after"`
}

// SlotDiff is one spell slot level's use before and after.
type SlotDiff struct {
	Level    int `json:"level"`
	Before   int `json:"before"`
	After    int `json:"after"`
	Expended int `json:"expended"`
}

// Diffs are an encounter's participant diffs, in participant order.
type Diffs []Diff

// End concludes the encounter with outcome ("victory", "defeat", "fled",
// "negotiated" or "other") and returns every participant's diff, the
// persistent ones chosen by opts marked Commit. Unless opts.DryRun, the
// returned encounter is Ended with the outcome and the committed character
// ids; with DryRun it is e, unchanged. The caller commits by writing
// Diffs.CharacterUpdates in the same transaction as the ended encounter.
//
// An ended encounter is a fault.Conflict error; an unknown outcome, or an
// id in Only or Exclude that is not a character of the encounter, is a
// fault.Invalid error naming the field.
func End(e Encounter, outcome string, opts EndOptions) (Encounter, Diffs, error) {
	const op = "end encounter"
	if e.Status != Active {
		return e, nil, fault.E(fault.Conflict, op, "encounter %s has already ended", e.ID)
	}
	if !slices.Contains(outcomes, outcome) {
		return e, nil, fault.Field(op, "outcome", "must be victory, defeat, fled, negotiated or other")
	}
	characters := map[string]bool{}
	for _, p := range e.Participants {
		if p.CharacterID != "" {
			characters[p.CharacterID] = true
		}
	}
	for _, f := range []struct {
		name string
		ids  []string
	}{{"only", opts.Only}, {"exclude", opts.Exclude}} {
		for _, id := range f.ids {
			if !characters[id] {
				return e, nil, fault.Field(op, f.name, "%q is not a character in this encounter", truncate(id, 60))
			}
		}
	}

	// The fight's lasting effects end with it, and the diffs say so.
	closed := e
	said := ""
	if len(e.Effects) > 0 {
		closed = e.clone()
		var err error
		if said, err = closed.endAll(); err != nil {
			return e, nil, err
		}
	}
	share := xpShare(closed)
	diffs := make(Diffs, len(closed.Participants))
	var committed []string
	for i, p := range closed.Participants {
		d := diff(p)
		if !d.Ephemeral && !d.Dead {
			d.XP = share
		}
		d.Commit = !d.Ephemeral && (len(opts.Only) == 0 || slices.Contains(opts.Only, p.CharacterID)) &&
			!slices.Contains(opts.Exclude, p.CharacterID)
		if d.Commit {
			committed = append(committed, p.CharacterID)
		}
		diffs[i] = d
	}
	if opts.DryRun {
		return e, diffs, nil
	}
	out := closed.clone()
	out.Status, out.Outcome, out.Current, out.Committed = Ended, outcome, "", committed
	if said != "" {
		out.log(out.Round, "", said)
	}
	out.log(out.Round, "", "The encounter ends: "+outcome+".")
	if share > 0 {
		out.log(out.Round, "", "Each character who lived earns "+strconv.Itoa(share)+" XP.")
	}
	return out, diffs, nil
}

// xpShare is each surviving character's share of the XP of the monsters
// defeated: zero when none was, or nobody survived to share it.
func xpShare(e Encounter) int {
	total, alive := 0, 0
	for _, p := range e.Participants {
		switch {
		case p.Kind == KindMonster && p.Defeated && p.XP > 0:
			total += p.XP
		case p.Kind == KindMonster && p.Defeated:
			// An encounter stored before participants kept their XP.
			if m, ok := srd.LookupMonster(p.SRDID); ok {
				total += m.XP
			}
		case p.CharacterID != "" && !p.Combatant.Dead:
			alive++
		}
	}
	if alive == 0 {
		return 0
	}
	return total / alive
}

func diff(p Participant) Diff {
	c, s := p.Combatant, p.Start
	d := Diff{
		ParticipantID: p.ID, Name: p.Name, Kind: p.Kind, CharacterID: p.CharacterID, SRDID: p.SRDID,
		Ephemeral:     p.CharacterID == "",
		HP:            Delta{s.HP, c.HP, c.HP - s.HP},
		TempHP:        Delta{s.TempHP, c.TempHP, c.TempHP - s.TempHP},
		DeathSaves:    DeathSaveDiff{s.DeathSaves, c.DeathSaves},
		Concentration: StringDelta{s.Concentration, c.Concentration},
		SpellSlots:    []SlotDiff{},
		Dead:          c.Dead,
		Stable:        c.Stable && c.HP <= 0 && !c.Dead,
		Stats:         p.Stats,
	}
	for id, after := range p.resourcesUsed() {
		if before := s.Resources[id]; before != after {
			d.Resources = append(d.Resources, ResourceDiff{ID: id, Before: before, After: after})
		}
	}
	slices.SortFunc(d.Resources, func(a, b ResourceDiff) int { return strings.Compare(a.ID, b.ID) })
	active := conditionNames(c.Conditions)
	d.Conditions = ConditionDiff{Added: []string{}, Removed: []string{}, Active: active}
	for _, name := range active {
		if !slices.Contains(s.Conditions, name) {
			d.Conditions.Added = append(d.Conditions.Added, name)
		}
	}
	for _, name := range s.Conditions {
		if !slices.Contains(active, name) {
			d.Conditions.Removed = append(d.Conditions.Removed, name)
		}
	}
	for i, sl := range c.SpellSlots {
		if sl.Used != s.SlotsUsed[i] {
			d.SpellSlots = append(d.SpellSlots, SlotDiff{Level: i + 1, Before: s.SlotsUsed[i], After: sl.Used, Expended: sl.Used - s.SlotsUsed[i]})
		}
	}
	return d
}

// CharacterUpdates writes the committed diffs onto the sheets in base they
// belong to and returns those sheets, in base order; sheets with no
// committed diff are left out, and base is not changed. The encounter's
// values win: HP, temporary HP, death saves, concentration and the spell
// slots used are set to how the fight left them; conditions gained are
// added and conditions lost removed, keeping any the engine does not know.
// A dead character is written dead, at 0 HP with three failed death saves
// (as a sheet said dead before it kept Dead). The XP share is added, and a character whose XP
// reaches a new level advances to it (campaign.Advance).
func (ds Diffs) CharacterUpdates(base []campaign.Character) []campaign.Character {
	var out []campaign.Character
	for _, ch := range base {
		i := slices.IndexFunc(ds, func(d Diff) bool { return d.Commit && d.CharacterID == ch.ID })
		if i < 0 {
			continue
		}
		d := ds[i]
		ch.HP, ch.TempHP, ch.DeathSaves, ch.Stable, ch.Dead = d.HP.After, d.TempHP.After, d.DeathSaves.After, d.Stable, d.Dead
		ch.XP += d.XP
		if d.Dead {
			ch.HP, ch.DeathSaves.Failures = 0, 3
		}
		conds := make([]string, 0, len(ch.Conditions)+len(d.Conditions.Added))
		for _, c := range ch.Conditions {
			if !slices.Contains(d.Conditions.Removed, c) {
				conds = append(conds, c)
			}
		}
		for _, c := range d.Conditions.Added {
			if !slices.Contains(conds, c) {
				conds = append(conds, c)
			}
		}
		ch.Conditions = conds
		if d.Concentration.After != d.Concentration.Before {
			ch.Concentration = nil
			if d.Concentration.After != "" {
				spell := d.Concentration.After
				ch.Concentration = &spell
			}
		}
		if len(d.Resources) > 0 {
			rs := maps.Clone(ch.Resources)
			if rs == nil {
				rs = map[string]campaign.Pool{}
			}
			for _, r := range d.Resources {
				p := campaign.ResourcesOf(ch)[r.ID]
				p.Used = r.After
				rs[r.ID] = p
			}
			ch.Resources = rs
		}
		if len(d.SpellSlots) > 0 {
			slots := maps.Clone(ch.SpellSlots)
			if slots == nil {
				slots = map[string]campaign.Slot{}
			}
			for _, sd := range d.SpellSlots {
				k := strconv.Itoa(sd.Level)
				sl := slots[k]
				sl.Used = sd.After
				slots[k] = sl
			}
			ch.SpellSlots = slots
		}
		// The XP may take the character to a new level, which comes with
		// the slots and hit points of that level.
		ch, _ = campaign.Advance(ch)
		out = append(out, ch)
	}
	return out
}
