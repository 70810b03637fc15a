package srd

// Call is an action that brings creatures into the fight on the monster's
// side, as the text says: a vampire's Children of the Night (2d4 swarms
// of bats or rats, or 3d6 wolves outdoors, arriving in 1d4 rounds), a
// treant's Animate Trees (two trees with its statistics and only its
// Slam), a wraith's Create Specter (a specter from a humanoid's corpse,
// seven at most).
type Call struct {
	// Creatures are what it may call, in the text's order: the policy
	// takes the first whose circumstance holds.
	Creatures []Called `json:"creatures"`
	// Arrive is the roll of rounds before the called come ("1d4"); ""
	// is at once.
	Arrive string `json:"arrive,omitempty"`
	// SunDown says it works only while the sun isn't up.
	SunDown bool `json:"sun_down,omitempty"`
	// WhileAlive says the called go when the caller dies (a vampire's
	// beasts, a treant's trees).
	WhileAlive bool `json:"while_alive,omitempty"`
	// Corpse says each called rises from the corpse of a Humanoid that
	// died violently no longer than a minute ago (a wraith's specter).
	Corpse bool `json:"corpse,omitempty"`
	// Max is the most of them under the caller's control at a time; 0 is
	// no limit.
	Max int `json:"max,omitempty"`
}

// Called is one choice of a Call: Count (dice or a number) of stat
// block Monster ("" is the caller's own, a treant's tree), keeping only
// the action Only when set ("Slam"); Outdoors says the choice is the
// one made while outdoors.
type Called struct {
	Monster  string `json:"monster,omitempty"`
	Count    string `json:"count"`
	Only     string `json:"only,omitempty"`
	Outdoors bool   `json:"outdoors,omitempty"`
}
