package srd

// Affliction is a curse or a disease a hit leaves on a creature that
// fails Save, which it carries past the fight until a spell ends it:
// mummy rot, a were-creature's lycanthropy, a diseased giant rat's
// disease, a clay golem's slam. The reference has no field for it; the
// text gives each of its parts.
type Affliction struct {
	// Name is what the sheet and the narrator call it: "mummy rot",
	// "werewolf lycanthropy", "disease".
	Name string `json:"name"`
	// Kind is "curse" (Remove Curse ends it, or Greater Restoration),
	// "disease" (Lesser Restoration ends it) or "reduction" (an effect
	// reducing the hit point maximum, which Greater Restoration ends).
	Kind string `json:"kind"`
	Save DC     `json:"save"`
	// Only are the creature types it takes hold of ("humanoid"); none,
	// any creature.
	Only []string `json:"only,omitempty"`
	// NoHealing is "all" when the afflicted can't regain hit points (mummy
	// rot), "nonmagical" when only magic heals it (a disease's "except by
	// magical means"); "" when it heals as ever.
	NoHealing string `json:"no_healing,omitempty"`
	// Daily is the roll its hit point maximum decreases by every 24 hours
	// ("3d6"); Drains, that the hit reduces it by the damage taken (a
	// clay golem's). A maximum reduced to 0 kills.
	Daily  string `json:"daily,omitempty"`
	Drains bool   `json:"drains,omitempty"`
}

// Instead is a damage roll in place of a part's Dice when the attacker is
// in a state its text names (srd.Damage.Instead): a duergar's war pick
// "while enlarged", an oni's glaive "in Small or Medium form", a dryad's
// club "with shillelagh" (and its attack bonus then), an azer's warhammer
// "if used with two hands".
type Instead struct {
	// When is the state: "enlarged", "small-form", "shillelagh" or
	// "two-handed".
	When string `json:"when"`
	Dice string `json:"dice"`
	// AttackBonus is the attack's bonus in that state, when the text
	// gives another ("+6 to hit with shillelagh"); 0 the action's own.
	AttackBonus int `json:"attack_bonus,omitempty"`
}
