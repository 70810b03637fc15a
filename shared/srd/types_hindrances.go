package srd

// Hinder is what a failed save against a monster's action does to a
// creature's turns while it lasts, as the text says (a stone golem's
// Slow: "can't use reactions, its speed is halved, and it can't make
// more than one attack on its turn. In addition, the target can take
// either an action or a bonus action on its turn, not both").
type Hinder struct {
	NoReactions   bool `json:"no_reactions,omitempty"`
	HalfSpeed     bool `json:"half_speed,omitempty"`
	OneAttack     bool `json:"one_attack,omitempty"`
	ActionOrBonus bool `json:"action_or_bonus,omitempty"`
	// Lasts is how long ("1 minute"); Repeat, that the target repeats
	// the save at the end of each of its turns, ending it on a success.
	Lasts  string `json:"lasts"`
	Repeat bool   `json:"repeat,omitempty"`
	// Cloud is how long the cloud the action leaves about the monster
	// lasts (a dretch's Fetid Cloud: "1 minute"): a creature starting its
	// turn in it makes the save, and a failure poisons and hinders it
	// until the start of its next turn (Lasts "").
	Cloud string `json:"cloud,omitempty"`
}
