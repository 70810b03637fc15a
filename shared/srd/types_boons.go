package srd

// Boon is what a monster's action without an attack roll does for the
// monster itself or a creature of its side, as the text says: a deva's
// Healing Touch, a unicorn's Heal Self and Shimmering Shield, a clay
// golem's Haste, a knight's Leadership, a duergar's Enlarge.
type Boon struct {
	// Target is whom it is for: "self" (Heal Self, Haste, Enlarge),
	// "another" (Healing Touch: another creature it touches), "either"
	// (Shimmering Shield: itself or another), "allies" (Leadership: each
	// creature of its side).
	Target string `json:"target"`
	// Heals are the hit points regained ("4d8+2"); Cures, the conditions
	// the touch ends ("blinded", "deafened", "poisoned").
	Heals string   `json:"heals,omitempty"`
	Cures []string `json:"cures,omitempty"`
	// AC is the bonus to armor class; Advantage, the abilities whose
	// saving throws (and, for Enlarge's Strength, checks) it makes with
	// advantage; Bonus, the attack the monster may make as a bonus
	// action (Haste's slam); Die, what a creature adds to its attack
	// rolls and saving throws (Leadership's 1d4).
	AC        int      `json:"ac,omitempty"`
	Advantage []string `json:"advantage,omitempty"`
	Bonus     string   `json:"bonus,omitempty"`
	Die       string   `json:"die,omitempty"`
	// State is the state of the monster whose damage rolls its attacks'
	// Damage.Instead gives ("enlarged").
	State string `json:"state,omitempty"`
	// Lasts is how long: "1 minute", or "the source's next turn" (to the
	// end of the monster's next turn); "" at once (a healing).
	Lasts string `json:"lasts,omitempty"`
	// EndsIncapacitated says the boon ends when the monster is
	// incapacitated (Leadership).
	EndsIncapacitated bool `json:"ends_incapacitated,omitempty"`
}
