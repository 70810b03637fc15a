package encounter

import (
	"fmt"
	"math"
	"slices"
	"strconv"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// The bard's features in a fight.
var bardFeatures = map[string]classFeature{
	// Bardic Inspiration: a bonus action and a use: a creature other
	// than the bard that can hear it gains the bard's die for ten minutes
	// (an effect it holds, inspiredID), one at a time. The holder adds it
	// to one attack roll, ability check or saving throw; the engine
	// spends it for the holder on the first roll that fails and that the
	// die could still turn into a success (rules.Reserve).
	"bardic-inspiration-d6": {use: inspire},
	// The die grows at 5th, 10th and 15th level, as the class's
	// bardic_inspiration_die counter says.
	"bardic-inspiration-d8":  {where: "bard.go: bardDie"},
	"bardic-inspiration-d10": {where: "bard.go: bardDie"},
	"bardic-inspiration-d12": {where: "bard.go: bardDie"},
	"cutting-words":          {where: "reaction.go: CuttingWords"},
	// Countercharm: an action: until the end of the bard's next turn, it
	// and its companions who can hear it have advantage on saves against
	// being frightened or charmed (rules.Countercharmed).
	"countercharm": {use: countercharm},
	// Peerless Skill: a use of Bardic Inspiration added to the bard's own
	// ability check, by the same policy as an inspiration die.
	"peerless-skill": {where: "marks.go: checkReserves"},
	// Superior Inspiration: a bard who rolls initiative with no use of
	// Bardic Inspiration left regains one.
	"superior-inspiration": {afterInitiative: superiorInspiration},
}

// inspiredID is the effect of a Bardic Inspiration die held.
const inspiredID = "bardic-inspiration"

// bardDie is the sides of a bard's Bardic Inspiration die at its level
// (the class's bardic_inspiration_die counter): 6, then 8 at 5th level,
// 10 at 10th, 12 at 15th.
func bardDie(p Participant) int {
	n := int(math.Floor(campaign.ClassCounter(campaign.Character{Class: "bard", Level: p.Combatant.Level}, "bardic_inspiration_die")))
	return max(n, 6)
}

// inspirationRow is the Bardic Inspiration row of the bard's die, which
// names the effect it gives.
func inspirationRow(p Participant) string {
	return "bardic-inspiration-d" + strconv.Itoa(bardDie(p))
}

func inspire(e *Encounter, res *Result, ai int, in Action, _ dice.Source) error {
	p := e.Participants[ai]
	ti := e.index(in.TargetID)
	switch {
	case in.TargetID == "":
		return refuse(InvalidArgs, "action.target_id", "name the creature to inspire")
	case ti < 0:
		return refuse(InvalidArgs, "action.target_id", "no participant %q", truncate(in.TargetID, 60))
	case ti == ai:
		return refuse(NotAllowed, "action.target_id", "a bard inspires another creature, not itself")
	}
	t := e.Participants[ti]
	switch {
	case t.Defeated:
		return refuse(NotAllowed, "action.target_id", "%s is dead", t.Name)
	case e.elsewhere(t.ID) || p.Left:
		return refuse(OutOfRange, "action.target_id", "%s is out of reach", t.Name)
	case t.Combatant.Conditions.Has(rules.Deafened):
		return refuse(NotAllowed, "action.target_id", "%s is deafened and can't hear %s", t.Name, p.Name)
	case e.holds(t.ID, inspiredID):
		return refuse(NotAllowed, "action.target_id", "%s already holds a Bardic Inspiration die", t.Name)
	}
	die := "1d" + strconv.Itoa(bardDie(p))
	fx := spell.Effect{ID: inspiredID, Spell: inspirationRow(p), CasterID: p.ID, TargetID: t.ID, Dice: die,
		Ends: "10 minutes, or once its die is rolled", Note: "a " + die + " to add to one attack roll, ability check or saving throw"}
	if err := e.add(res, Effect{Effect: fx, Until: Until{Round: e.Round + 100, Turn: p.ID}}, nil); err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s inspires %s: a Bardic Inspiration die (%s) for one attack roll, ability check or saving throw in the next 10 minutes.", p.Name, t.Name, die))
	return nil
}

// inspiration is the Bardic Inspiration die participant i holds, as a
// reserve of its next roll; none when it holds none.
func (e Encounter) inspiration(i int) []rules.Reserve {
	id := e.Participants[i].ID
	k := slices.IndexFunc(e.Effects, func(fx Effect) bool { return fx.TargetID == id && fx.ID == inspiredID })
	if k < 0 {
		return nil
	}
	x, err := dice.Parse(e.Effects[k].Dice)
	if err != nil {
		return nil
	}
	return []rules.Reserve{{ID: inspiredID, Name: "bardic inspiration", Dice: x}}
}

// inspirationSpent ends the Bardic Inspiration die participant i rolled.
func (e *Encounter) inspirationSpent(res *Result, i int) error {
	id := e.Participants[i].ID
	if err := e.forget(res, func(fx Effect) bool { return fx.TargetID == id && fx.ID == inspiredID }); err != nil {
		return err
	}
	res.say(e.Participants[i].Name + " adds a Bardic Inspiration die to the roll.")
	return nil
}

func countercharm(e *Encounter, res *Result, ai int, _ Action, _ dice.Source) error {
	p := e.Participants[ai]
	var heard []string
	for _, o := range e.Participants {
		if o.Kind != p.Kind || o.Defeated || e.elsewhere(o.ID) || (o.ID != p.ID && p.Left) {
			continue
		}
		fx := spell.Effect{ID: "countercharm", Spell: "countercharm", CasterID: p.ID, TargetID: o.ID,
			Ends: "the end of the caster's next turn", Note: "advantage on saves against being frightened or charmed while it can hear the performance"}
		if err := e.add(res, Effect{Effect: fx, Until: e.until(fx, srd.Spell{}), State: rules.Countercharmed}, nil); err != nil {
			return err
		}
		heard = append(heard, o.Name)
	}
	res.say(fmt.Sprintf("%s performs a countercharm: until the end of %s next turn, %s %s advantage on saves against being frightened or charmed.",
		p.Name, "its", rules.JoinAnd(heard), plural(len(heard), "has", "have")))
	return nil
}

// plural is one or many, by n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func superiorInspiration(e *Encounter, i int) {
	p := &e.Participants[i]
	pool, ok := p.Pools[campaign.ResourceBardicInspiration]
	if !ok || pool.Max <= 0 || pool.Used < pool.Max {
		return
	}
	pool.Used--
	p.Pools = cloneSet(p.Pools, campaign.ResourceBardicInspiration, pool)
}

// cloneSet is pools with id set to pool, the map copied: a participant's
// maps are never written in place (Encounter.clone).
func cloneSet(pools map[string]campaign.Pool, id string, pool campaign.Pool) map[string]campaign.Pool {
	out := make(map[string]campaign.Pool, len(pools))
	for k, v := range pools {
		out[k] = v
	}
	out[id] = pool
	return out
}
