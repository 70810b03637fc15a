package turn

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// The paladin's and the cleric's features used out of a fight (rows of
// outOfFight): Lay on Hands, Divine Sense, Preserve Life and Divine
// Intervention. Each is its fight's rule on the sheets of the characters
// where the actor is; useFeature has spent the use (for Lay on Hands,
// the one point of its pool a use takes at least).

// layOnHandsPool is the resource Lay on Hands draws on.
const layOnHandsPool = "lay-on-hands"

// layOnHandsOut heals a character where the paladin is (target_id; the
// paladin itself when none) by the points choice names ("" as many as it
// lacks, as far as the pool goes), or spends 5 to end a poison ("poison":
// the poisoned condition and the effects that give it, Contagion aside)
// or a disease ("disease": Contagion), as in a fight.
func layOnHandsOut(r request, d Decision) (Decision, error) {
	paladin := r.actor
	sheets, target, err := r.touched("Lay on Hands")
	if err != nil {
		return d, err
	}
	pool := campaign.ResourcesOf(paladin)[layOnHandsPool]
	left := pool.Max - pool.Used + 1 // the point useFeature spent
	t := sheets[target]
	spend := 0
	switch choice := strings.ToLower(strings.TrimSpace(r.in.Choice)); choice {
	case "poison", "poisoned", "disease":
		if left < 5 {
			return d, fault.Refuse(op, "intent.choice", fault.NotAllowed, "ending a %s takes 5 of Lay on Hands' pool, and %s has %d left", strings.TrimSuffix(choice, "ed"), paladin.Name, left)
		}
		cured, ok := cureSheet(t, choice == "disease")
		if !ok {
			return d, fault.Refuse(op, "intent.choice", fault.NotAllowed, "%s has no %s to end", t.Name, strings.TrimSuffix(choice, "ed"))
		}
		sheets[target], spend = cured, 5
		d.Summary = fmt.Sprintf("%s lays hands on %s and ends the %s.", paladin.Name, t.Name, strings.TrimSuffix(choice, "ed"))
	default:
		lacks := rules.FromSheet(t).CurrentMaxHP() - t.HP
		n := min(lacks, left)
		if choice != "" {
			asked, err := strconv.Atoi(choice)
			switch {
			case err != nil || asked < 1:
				return d, fault.Refuse(op, "intent.choice", fault.InvalidArgs, "Lay on Hands takes a number of hit points, or poison or disease")
			case asked > left:
				return d, fault.Refuse(op, "intent.choice", fault.NotAllowed, "%s has %d hit points left in the pool of Lay on Hands", paladin.Name, left)
			}
			n = min(asked, lacks)
		}
		if lacks <= 0 {
			return d, fault.Refuse(op, "intent.target_id", fault.NotAllowed, "%s is at full hit points", t.Name)
		}
		healed, h, err := healSheet(t, n, r.src)
		if err != nil {
			return d, err
		}
		sheets[target], spend = healed, n
		d.Rolls = Rolls(h.Rolls)
		d.Summary = fmt.Sprintf("%s lays hands on %s (%d of the pool). %s", paladin.Name, t.Name, n, h.Summary())
	}
	p := sheets[paladin.ID]
	pools := campaign.ResourcesOf(p)
	pl := pools[layOnHandsPool]
	pl.Used += spend - 1
	pools[layOnHandsPool] = pl
	p.Resources = pools
	sheets[paladin.ID] = p
	d.Changed = changedSheets(sheets)
	return d, nil
}

// touched are the sheets a touch by the actor reaches, by id (the actor's
// and its target's), and the target's id: the character target_id names,
// where the actor is and alive, or the actor itself.
func (r request) touched(what string) (map[string]campaign.Character, string, error) {
	sheets := map[string]campaign.Character{r.actor.ID: r.actor}
	id := r.in.TargetID
	if id == "" || id == r.actor.ID {
		return sheets, r.actor.ID, nil
	}
	ch := r.v.character(id)
	switch {
	case ch == nil || !r.here(*ch):
		return nil, "", fault.Refuse(op, "intent.target_id", fault.OutOfRange, "there is no %q here to touch", clip(id))
	case ch.IsDead():
		return nil, "", fault.Refuse(op, "intent.target_id", fault.NotAllowed, "%s is dead: %s can't help", ch.Name, what)
	}
	sheets[ch.ID] = *ch
	return sheets, ch.ID, nil
}

// healSheet is the character healed by n hit points, and the healing.
func healSheet(ch campaign.Character, n int, src dice.Source) (campaign.Character, rules.HealResult, error) {
	c := rules.FromSheet(ch)
	h, err := rules.Heal(c, dice.MustParse(strconv.Itoa(min(n, dice.MaxModifier))), src)
	if err != nil {
		return ch, h, err
	}
	after, err := c.Apply(h.Changes)
	if err != nil {
		return ch, h, fault.Wrap(fault.Internal, op, err)
	}
	return rules.ToSheet(ch, after), h, nil
}

// cureSheet ends a poison on the character (its lasting effects that
// poison it, Contagion aside, or a poisoned condition none holds), or
// with disease Contagion; false when it has none.
func cureSheet(ch campaign.Character, disease bool) (campaign.Character, bool) {
	ails := func(fx campaign.Effect) bool {
		return (fx.Spell == "contagion") == disease && (disease || fx.Condition == "poisoned")
	}
	held := slices.ContainsFunc(ch.Effects, ails)
	// A poisoned condition no effect holds is a poison too (a bite's).
	loose := !disease && slices.Contains(ch.Conditions, "poisoned") &&
		!slices.ContainsFunc(ch.Effects, func(fx campaign.Effect) bool { return fx.Condition == "poisoned" })
	if !held && !loose {
		return ch, false
	}
	ch, _ = ch.WithoutEffects(ails)
	if loose {
		ch.Conditions = slices.DeleteFunc(slices.Clone(ch.Conditions), func(c string) bool { return c == "poisoned" })
	}
	return ch, true
}

// changedSheets are the sheets, by id, in id order.
func changedSheets(sheets map[string]campaign.Character) []campaign.Character {
	var out []campaign.Character
	for _, ch := range sheets {
		out = append(out, ch)
	}
	slices.SortFunc(out, func(a, b campaign.Character) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// divineSenseOut opens the paladin's awareness: out of a fight the
// engine knows no creatures about, so what it senses is the narrator's.
func divineSenseOut(r request, d Decision) (Decision, error) {
	d.Summary = r.actor.Name + " opens their awareness until the end of their next turn: any celestial, fiend or undead within 60 feet, and any hallowed or desecrated place, is the narrator's to reveal."
	return d, nil
}

// preserveLifeOut shares five times the cleric level in hit points among
// the characters where the cleric is (target_ids or target_id; none:
// all of them), the most hurt first, none raised above half its hit
// point maximum.
func preserveLifeOut(r request, d Decision) (Decision, error) {
	cleric := r.actor
	sheets := map[string]campaign.Character{cleric.ID: cleric}
	ids := slices.Clone(r.in.TargetIDs)
	if r.in.TargetID != "" && !slices.Contains(ids, r.in.TargetID) {
		ids = append(ids, r.in.TargetID)
	}
	if len(ids) == 0 {
		for _, ch := range r.v.Characters {
			if r.here(ch) && !ch.IsDead() {
				ids = append(ids, ch.ID)
			}
		}
	}
	for _, id := range ids {
		if id == cleric.ID {
			continue
		}
		ch := r.v.character(id)
		if ch == nil || !r.here(*ch) || ch.IsDead() {
			return d, fault.Refuse(op, "intent.target_ids", fault.OutOfRange, "there is no %q here to heal", clip(id))
		}
		sheets[id] = *ch
	}
	slices.SortStableFunc(ids, func(a, b string) int { return sheets[a].HP - sheets[b].HP })
	total := 5 * cleric.Level
	left := total
	var told []string
	var rolls []rules.Roll
	for _, id := range ids {
		ch := sheets[id]
		n := min(rules.FromSheet(ch).CurrentMaxHP()/2-ch.HP, left)
		if n <= 0 {
			continue
		}
		healed, h, err := healSheet(ch, n, r.src)
		if err != nil {
			return d, err
		}
		sheets[id] = healed
		rolls = append(rolls, h.Rolls...)
		told = append(told, h.Summary())
		left -= h.Regained
	}
	if left == total {
		return d, fault.Refuse(op, "intent.target_ids", fault.NotAllowed, "Preserve Life raises no one above half their hit points, and none here is below")
	}
	d.Rolls = Rolls(rolls)
	d.Summary = fmt.Sprintf("%s evokes healing energy (%d of %d hit points given). %s", cleric.Name, total-left, total, strings.Join(told, " "))
	// The cleric's sheet carries the use spent, with any healing.
	d.Changed = changedSheets(sheets)
	return d, nil
}

// divineInterventionOut is the cleric's call on its deity, as in a fight.
func divineInterventionOut(r request, d Decision) (Decision, error) {
	roll, ok := encounter.DivineIntervention(r.actor.ID, r.actor.Level, r.src)
	if roll != nil {
		d.Rolls = Rolls([]rules.Roll{*roll})
	}
	d.Summary = encounter.DivineAnswer(r.actor.Name, r.actor.Level, roll, ok)
	return d, nil
}
