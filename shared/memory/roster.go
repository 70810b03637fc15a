package memory

import (
	"strings"
)

// NPC statuses.
const (
	Alive = "alive"
	Dead  = "dead"
)

// NPC is a non-player character's identity as first introduced. It is
// locked: a later description never overwrites a field already known (a
// field first left empty may still be filled once), so the narrator cannot
// drift Marta from a stout human into a willowy elf. Only a ruling changes
// Status.
type NPC struct {
	Name       string `json:"name"`
	Species    string `json:"species,omitempty"`
	Role       string `json:"role,omitempty"`       // "innkeeper"
	Appearance string `json:"appearance,omitempty"` // "stout woman with a grey braid"
	Status     string `json:"status"`               // Alive or Dead
	FirstTurn  int    `json:"first_turn"`
	StatusTurn int    `json:"status_turn,omitempty"` // the turn of the last ruling
	// Attitude is how the NPC stands towards the party (one of
	// narrator.Attitudes), as the narration last showed it; unlike the
	// identity it may change every turn.
	Attitude     string `json:"attitude,omitempty"`
	AttitudeTurn int    `json:"attitude_turn,omitempty"`
}

// Identity is the NPC in one line for the scene: "Marta (human innkeeper;
// stout woman with a grey braid; friendly)", with the attitude when one is
// known, and "dead" instead when a ruling said so.
func (n NPC) Identity() string {
	var who []string
	if s := strings.TrimSpace(n.Species + " " + n.Role); s != "" {
		who = append(who, s)
	}
	if n.Appearance != "" {
		who = append(who, n.Appearance)
	}
	if n.Attitude != "" && n.Status != Dead {
		who = append(who, n.Attitude)
	}
	desc := strings.Join(who, "; ")
	if n.Status == Dead {
		if desc != "" {
			desc += "; "
		}
		desc += "dead"
	}
	if desc == "" {
		return n.Name
	}
	return n.Name + " (" + desc + ")"
}

// Roster is a campaign's NPCs in order of introduction.
type Roster struct {
	NPCs []NPC `json:"npcs"`
}

// Get returns the NPC named name (case-insensitive).
func (r Roster) Get(name string) (NPC, bool) {
	if i := r.find(name); i >= 0 {
		return r.NPCs[i], true
	}
	return NPC{}, false
}

func (r Roster) find(name string) int {
	name = oneLine(name)
	for i, n := range r.NPCs {
		if strings.EqualFold(n.Name, name) {
			return i
		}
	}
	return -1
}

// Introduce adds an NPC, alive, or, when the name is already on the
// roster, fills only the fields still empty and leaves the rest (and the
// status) as they were. It reports whether anything changed.
func (r *Roster) Introduce(n NPC) bool {
	n.Name = oneLine(n.Name)
	if n.Name == "" {
		return false
	}
	i := r.find(n.Name)
	if i < 0 {
		n.Status = Alive
		n.StatusTurn = 0
		r.NPCs = append(r.NPCs, n)
		return true
	}
	old := &r.NPCs[i]
	changed := false
	fill := func(dst *string, v string) {
		if *dst == "" && v != "" {
			*dst, changed = v, true
		}
	}
	fill(&old.Species, n.Species)
	fill(&old.Role, n.Role)
	fill(&old.Appearance, n.Appearance)
	return changed
}

// Feel records an NPC's attitude towards the party at a turn. It reports
// whether the NPC is on the roster and alive: the dead hold no attitude.
func (r *Roster) Feel(name, attitude string, turn int) bool {
	i := r.find(name)
	if i < 0 || r.NPCs[i].Status == Dead {
		return false
	}
	r.NPCs[i].Attitude, r.NPCs[i].AttitudeTurn = attitude, turn
	return true
}

// Rule records the engine's ruling on an NPC's status (Alive or Dead) at a
// turn. A ruling is the authority: it wins over the lock and over anything
// narrated. It reports whether the name is on the roster: a ruling on
// anyone else (a monster, a player character) changes nothing here.
func (r *Roster) Rule(name, status string, turn int) bool {
	if status != Alive && status != Dead {
		return false
	}
	i := r.find(name)
	if i < 0 {
		return false
	}
	r.NPCs[i].Status, r.NPCs[i].StatusTurn = status, turn
	return true
}
