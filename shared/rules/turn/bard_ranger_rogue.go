package turn

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// The bard's, the ranger's and the rogue's features out of a fight: a
// Bardic Inspiration die given and spent, Primeval Awareness, Hide in
// Plain Sight, Song of Rest, and what a check is about (Favored Enemy,
// Natural Explorer).

// inspiredID is the lasting effect of a Bardic Inspiration die held, as
// the fight keeps it too (encounter: bard.go).
const inspiredID = "bardic-inspiration"

// classDie is the class counter name of ch at its level as a die's sides,
// at least least.
func classDie(ch campaign.Character, counter string, least int) int {
	return max(int(math.Floor(campaign.ClassCounter(ch, counter))), least)
}

// inspire gives another character where the bard is a Bardic
// Inspiration die for ten minutes of game time: an effect on its sheet,
// which its next ability check out of a fight, or its rolls in a fight,
// spend.
func inspire(r request, d Decision) (Decision, error) {
	bard := r.actor
	t := r.v.character(r.in.TargetID)
	switch {
	case r.in.TargetID == "" || r.in.TargetID == bard.ID:
		return d, fault.Refuse(op, "intent.target_id", fault.InvalidArgs, "name another character to inspire")
	case t == nil || !r.here(*t):
		return d, fault.Refuse(op, "intent.target_id", fault.OutOfRange, "there is no %q here", clip(r.in.TargetID))
	case t.IsDead():
		return d, fault.Refuse(op, "intent.target_id", fault.NotAllowed, "%s is dead", t.Name)
	case slices.Contains(t.Conditions, "deafened"):
		return d, fault.Refuse(op, "intent.target_id", fault.NotAllowed, "%s is deafened and can't hear %s", t.Name, bard.Name)
	case holding(*t, r.v.Clock) >= 0:
		return d, fault.Refuse(op, "intent.target_id", fault.NotAllowed, "%s already holds a Bardic Inspiration die", t.Name)
	}
	n := classDie(bard, "bardic_inspiration_die", 6)
	die := "1d" + strconv.Itoa(n)
	got := *t
	got.Effects = append(slices.Clip(got.Effects), campaign.Effect{ID: inspiredID, Spell: "bardic-inspiration-d" + strconv.Itoa(n), CasterID: bard.ID,
		Dice: die, Ends: "10 minutes, or once its die is rolled", Note: "a " + die + " to add to one attack roll, ability check or saving throw",
		Until: r.v.Clock + 10*campaign.Minute})
	d.Changed = append(d.Changed, got)
	slices.SortFunc(d.Changed, func(a, b campaign.Character) int { return strings.Compare(a.ID, b.ID) })
	d.Summary = fmt.Sprintf("%s inspires %s: a Bardic Inspiration die (%s) for one attack roll, ability check or saving throw in the next 10 minutes.", bard.Name, t.Name, die)
	return d, nil
}

// holding is the index of the Bardic Inspiration die ch holds at game
// time clock among its effects; -1 if none.
func holding(ch campaign.Character, clock int64) int {
	return slices.IndexFunc(ch.Effects, func(fx campaign.Effect) bool {
		return fx.ID == inspiredID && (fx.Until == 0 || fx.Until > clock)
	})
}

// primeval are the kinds Primeval Awareness senses.
const primeval = "aberrations, celestials, dragons, elementals, fey, fiends and undead"

// primevalAwareness spends a ranger spell slot (the intent's slot level,
// or the lowest left) to feel for the kinds it senses: what is near is
// the narrator's.
func primevalAwareness(r request, d Decision) (Decision, error) {
	ch := r.actor
	lvl := r.in.SlotLevel
	if lvl == 0 {
		for l := 1; l <= 9; l++ {
			if s, ok := ch.SpellSlots[strconv.Itoa(l)]; ok && s.Used < s.Max {
				lvl = l
				break
			}
		}
	}
	key := strconv.Itoa(lvl)
	s, ok := ch.SpellSlots[key]
	if lvl == 0 || !ok || s.Used >= s.Max {
		return d, fault.Refuse(op, "intent.slot_level", fault.NoSlot, "%s has no spell slot left to spend on Primeval Awareness", ch.Name)
	}
	s.Used++
	ch.SpellSlots = maps.Clone(ch.SpellSlots)
	ch.SpellSlots[key] = s
	d.Changed = []campaign.Character{ch}
	d.Summary = fmt.Sprintf("%s spends a level %d slot and for %d minute(s) feels whether %s are within a mile (six in a favored terrain); what is there is the narrator's to tell.",
		ch.Name, lvl, lvl, primeval)
	return d, nil
}

// hideInPlainSight is a minute of camouflage, then a Dexterity (Stealth)
// check with +10, which holds while the ranger stays still.
func hideInPlainSight(r request, d Decision) (Decision, error) {
	res, err := rules.Check(r.sheet, rules.CheckRequest{Ability: rules.Dex, Skill: rules.Stealth, Bonus: 10,
		BonusTerms: []campaign.Term{{Value: 10, Source: "Hide in Plain Sight", Kind: campaign.TermFeature}}, Disadvantage: armorHinders(r.actor, rules.Stealth)}, r.src)
	if err != nil {
		return d, err
	}
	d.Rolls = Rolls(res.Rolls)
	d.Summary = fmt.Sprintf("%s spends a minute camouflaged with mud and leaves and presses against cover (+10 to Stealth while it stays still). %s", r.actor.Name, res.Summary())
	d.Clock = r.v.Clock + campaign.Minute
	return d, nil
}

// songOfRest is the extra healing of a bard's Song of Rest at the end of
// a short rest, for a character that regained hit points by spending hit
// dice there: the largest die of a bard where it rests (itself
// included), conscious, whose performance it can hear. It returns the
// healing and the bard, or ok false when no song is heard.
func songOfRest(r request, c rules.Combatant, src dice.Source) (rules.HealResult, string, bool, error) {
	best, singer := 0, ""
	for _, ch := range append([]campaign.Character{r.actor}, r.v.Characters...) {
		if ch.ID != r.actor.ID && (!r.here(ch) || slices.Contains(r.actor.Conditions, "deafened")) {
			continue
		}
		if ch.IsDead() || ch.HP <= 0 || !campaign.HasFeature(ch, "song-of-rest-d6") {
			continue
		}
		if n := classDie(ch, "song_of_rest_die", 6); n > best {
			best, singer = n, ch.Name
		}
	}
	if best == 0 {
		return rules.HealResult{}, "", false, nil
	}
	h, err := rules.Heal(c, dice.MustParse("1d"+strconv.Itoa(best)), src)
	for i := range h.Rolls {
		h.Rolls[i].Reason = "song of rest"
	}
	return h, singer, err == nil, err
}

// checkAbout is what a check is about, as features read it
// (rules.CheckRequest.About): the intent's choice (a creature type,
// "undead", or a terrain, "forest"), and the kind of the creature its
// target names: a participant of the fight under way (its type and a
// humanoid's race), or a character (a humanoid).
func (r request) checkAbout() []string {
	var out []string
	if c := strings.ToLower(strings.TrimSpace(r.in.Choice)); c != "" {
		out = append(out, c)
	}
	if r.in.TargetID == "" {
		return out
	}
	if e, ok, err := r.fight(); err == nil && ok {
		if p, ok := e.Participant(r.in.TargetID); ok && p.Type != "" {
			out = append(out, p.Type)
			if m, ok := srd.LookupMonster(p.SRDID); ok && m.Subtype != "" {
				out = append(out, strings.ToLower(m.Subtype))
			}
			return out
		}
	}
	if r.v.character(r.in.TargetID) != nil {
		out = append(out, "humanoid")
	}
	return out
}

// checkReserves are what the actor may add to a check out of a fight:
// the Bardic Inspiration die it holds, and its own Peerless Skill with a
// use of Bardic Inspiration left (rules.Reserve). In a fight, its dice
// are the encounter's.
func (r request) checkReserves() []rules.Reserve {
	if r.v.Encounter != nil {
		return nil
	}
	var out []rules.Reserve
	if k := holding(r.actor, r.v.Clock); k >= 0 {
		if x, err := dice.Parse(r.actor.Effects[k].Dice); err == nil {
			out = append(out, rules.Reserve{ID: inspiredID, Name: "bardic inspiration", Dice: x})
		}
	}
	if campaign.HasFeature(r.actor, "peerless-skill") {
		if p := campaign.ResourcesOf(r.actor)[campaign.ResourceBardicInspiration]; p.Max > p.Used {
			x := dice.MustParse("1d" + strconv.Itoa(classDie(r.actor, "bardic_inspiration_die", 6)))
			out = append(out, rules.Reserve{ID: "peerless-skill", Name: "peerless skill", Dice: x})
		}
	}
	return out
}

// spendReserved takes what a check spent of its reserves off the actor's
// sheet, and says so.
func (r request) spendReserved(d *Decision, spent []string) error {
	if len(spent) == 0 {
		return nil
	}
	ch := r.actor
	for _, id := range spent {
		switch id {
		case inspiredID:
			if k := holding(ch, r.v.Clock); k >= 0 {
				ch.Effects = slices.Delete(slices.Clone(ch.Effects), k, k+1)
			}
			d.Summary += fmt.Sprintf(" %s adds a Bardic Inspiration die.", ch.Name)
		case "peerless-skill":
			f, _ := srd.LookupFeature(id)
			var err error
			if ch, err = spendFeature(ch, f); err != nil {
				return err
			}
			d.Summary += fmt.Sprintf(" %s adds a Bardic Inspiration die with Peerless Skill.", ch.Name)
		}
	}
	d.Changed = []campaign.Character{ch}
	return nil
}
