package srd

// Aura is how a monster's special ability reaches the creatures around
// it, as its text says (a pit fiend's Fear Aura, a balor's Fire Aura, a
// medusa's Petrifying Gaze, a black pudding's Corrosive Form): when it
// acts, on whom, and what it does to them. Its save is the ability's DC,
// its damage the ability's Damage.
type Aura struct {
	// Starts is whose turn's start it acts at: AuraTheirTurn, each
	// creature near it as that creature's own turn starts; AuraItsTurn,
	// each creature near it as the monster's turn starts. "" for an
	// ability that acts only when struck.
	Starts string `json:"starts,omitempty"`
	// Feet is how near a creature must be ("within 20 feet", "a 10-foot
	// radius"). Grappling narrows it to a creature grappling the monster
	// (a barbed devil's hide).
	Feet      int  `json:"feet,omitempty"`
	Grappling bool `json:"grappling,omitempty"`
	// Struck says a creature that touches the monster or hits it with a
	// melee attack takes the ability's Damage.
	Struck bool `json:"struck,omitempty"`
	// Sight and Hearing say the creature must see the monster (its eyes,
	// its true form) or hear it; Only is the one creature type it works
	// on ("humanoid").
	Sight   bool   `json:"sight,omitempty"`
	Hearing bool   `json:"hearing,omitempty"`
	Only    string `json:"only,omitempty"`
	// Does is what a creature it reaches at the start of a turn suffers:
	// AuraDamage, the ability's Damage; AuraCondition, Condition on a
	// failed save; AuraHalt, its speed 0 until the start of its next
	// turn on a failed save; AuraMadness, the gibbering's d8 on a failed
	// save.
	Does string `json:"does,omitempty"`
	// Condition lasts Duration (AuraNextTurnStart, "1 minute"); with
	// Repeat the creature repeats the save at the end of each of its
	// turns, at disadvantage while it sees the monster when Glare; with
	// Worsens, the save at the end of its next turn turns it into that
	// condition, at once on a save failed by FailBy or more.
	Condition string `json:"condition,omitempty"`
	Duration  string `json:"duration,omitempty"`
	Repeat    bool   `json:"repeat,omitempty"`
	Glare     bool   `json:"glare,omitempty"`
	Worsens   string `json:"worsens,omitempty"`
	FailBy    int    `json:"fail_by,omitempty"`
	// ImmuneAfter says a creature that saves, or shakes the condition
	// off, is immune to this monster's ability for 24 hours.
	ImmuneAfter bool `json:"immune_after,omitempty"`
}

// The moments an Aura acts at, and what it does.
const (
	AuraTheirTurn      = "their turn"
	AuraItsTurn        = "its turn"
	AuraDamage         = "damage"
	AuraCondition      = "condition"
	AuraHalt           = "halt"
	AuraMadness        = "madness"
	AuraNextTurnStart  = "its next turn's start"
	auraMostFeet       = 120
	auraLongestFailure = 10
)

// Flinch is what damage of one type does to the monster itself until
// the end of its next turn, as its text says: its speed down by Slowed
// feet (a water elemental's Freeze), disadvantage on its attack rolls
// and ability checks (a flesh golem's Aversion of Fire).
type Flinch struct {
	Type         string `json:"type"`
	Slowed       int    `json:"slowed,omitempty"`
	Disadvantage bool   `json:"disadvantage,omitempty"`
}

// aura checks an Aura: a moment or a strike sets it off, and its
// numbers and words are the SRD's kind.
func (c *checker) aura(a Action, at string) {
	w := *a.Aura
	c.check(w.Starts != "" || w.Struck, at, "acts at a turn's start or when struck")
	c.oneOf(w.Starts, set("", AuraTheirTurn, AuraItsTurn), at+".starts")
	c.inRange(w.Feet, 0, auraMostFeet, at+".feet")
	c.check(w.Starts == "" || w.Feet > 0 || w.Grappling, at+".feet", "is required for a turn's start")
	c.check(!w.Struck || len(a.Damage) > 0, at+".struck", "needs the ability's damage")
	if w.Only != "" {
		c.check(idPattern.MatchString(w.Only) && len(w.Only) <= 40, at+".only", "must be a creature type id, got %q", w.Only)
	}
	if w.Starts == "" {
		c.check(w.Does == "", at+".does", "goes with a turn's start")
		return
	}
	c.oneOf(w.Does, set(AuraDamage, AuraCondition, AuraHalt, AuraMadness), at+".does")
	c.check(w.Does == AuraDamage || a.DC != nil, at+".does", "%s needs the ability's save", w.Does)
	c.check(w.Does != AuraDamage || len(a.Damage) > 0, at+".does", "damage needs the ability's damage")
	if w.Does != AuraCondition {
		c.check(w.Condition == "" && w.Duration == "" && !w.Repeat && w.Worsens == "", at+".condition", "goes with does condition")
		return
	}
	c.oneOf(w.Condition, hitConditions, at+".condition")
	c.oneOf(w.Duration, set("", "1 minute", AuraNextTurnStart), at+".duration")
	c.check(!w.Glare || w.Repeat, at+".glare", "goes with repeat")
	if w.Worsens != "" {
		c.oneOf(w.Worsens, hitConditions, at+".worsens")
		c.check(!w.Repeat, at+".worsens", "is its own second save: no repeat")
	}
	c.inRange(w.FailBy, 0, auraLongestFailure, at+".fail_by")
	c.check(w.FailBy == 0 || w.Worsens != "", at+".fail_by", "goes with worsens")
}

// flinch checks a Flinch.
func (c *checker) flinch(f Flinch, at string) {
	c.oneOf(f.Type, damageTypes, at+".type")
	c.inRange(f.Slowed, 0, auraMostFeet, at+".slowed")
	c.check(f.Slowed > 0 || f.Disadvantage, at, "slows or hinders")
}
