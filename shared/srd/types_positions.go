package srd

// Move is what an action does to where a creature stands, as the text
// says: a balor's whip pulls its target toward it, a roper reels in whom
// it grapples, an air elemental's whirlwind flings those in its space, a
// kraken flings a creature it grapples. The fights keep who is in whose
// reach, not distances: a pull brings the creature into the monster's
// reach, a fling takes it out of everyone's.
type Move struct {
	// Kind is "pull" or "fling".
	Kind string `json:"kind"`
	// Feet is how far the text moves the creature.
	Feet int `json:"feet"`
	// Save is the creature's saving throw against the move; nil when
	// none is asked. On a success it is not moved, and takes half of
	// Damage when Save.Success is "half".
	Save *DC `json:"save,omitempty"`
	// Damage is what a creature that fails Save takes (a whirlwind's).
	Damage []Damage `json:"damage,omitempty"`
	// Grappled says the action moves only the creatures the monster
	// grapples (a kraken's Fling: one of them; a roper's Reel: each);
	// an action without an attack roll and without it catches the
	// creatures in the monster's space or reach.
	Grappled bool `json:"grappled,omitempty"`
	// One says it moves one creature, not each it catches.
	One bool `json:"one,omitempty"`
	// Fall is the roll a thrown creature takes for every 10 feet it was
	// thrown when it strikes something ("1d6"); Struck is the save of a
	// creature it is thrown at, which on a failure takes the same damage
	// and is knocked prone.
	Fall   string `json:"fall,omitempty"`
	Struck *DC    `json:"struck,omitempty"`
}

// Lure is a song's pull on the minds of those who hear it (a harpy's
// Luring Song): charmed (srd.Action.Inflicts, its DC the save), a
// creature is incapacitated and walks toward the singer, and it repeats
// the save whenever it takes damage from another.
type Lure struct {
	// Only are the creature types it works on ("humanoid", "giant").
	Only []string `json:"only,omitempty"`
	// Incapacitated says the charmed creature is incapacitated too.
	Incapacitated bool `json:"incapacitated,omitempty"`
	// Walks says it moves toward the singer on its turns.
	Walks bool `json:"walks,omitempty"`
	// DamageSaves says damage from a source other than the singer gives
	// it the save again.
	DamageSaves bool `json:"damage_saves,omitempty"`
}
