package turn

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

// The sorcerer's, warlock's and wizard's features out of a fight: those
// used on their own (outOfFight's rows: Flexible Casting, Eldritch
// Master) and those a rest plays (restFeatures: Arcane Recovery,
// Sorcerous Restoration, Fiendish Resilience).

// sorceryPoints is Font of Magic's pool.
const sorceryPoints = "sorcery-points"

// restFeature plays a feature at the end of a rest (long says which) on
// the character as the rest has left it, with the rest's choice
// (r.in.Choice): the character after it, and what it did, "" for
// nothing.
type restFeature func(r request, ch campaign.Character, long bool) (campaign.Character, string, error)

// restFeatures are the features a rest plays, by id, in this order.
var restFeatures = []struct {
	id   string
	play restFeature
}{
	{"arcane-recovery", arcaneRecovery},
	{"sorcerous-restoration", sorcerousRestoration},
	{"fiendish-resilience", fiendishResilience},
}

// rested plays the rest features the character has on it, and tells
// what they did in the decision's summary.
func rested(r request, d *Decision, ch campaign.Character, long bool) (campaign.Character, bool, error) {
	changed := false
	for _, f := range restFeatures {
		if !campaign.HasFeature(ch, f.id) {
			continue
		}
		after, text, err := f.play(r, ch, long)
		if err != nil {
			return ch, false, err
		}
		if text != "" {
			ch, changed = after, true
			d.Summary += " " + text
		}
	}
	return ch, changed, nil
}

// arcaneRecovery brings back, once a day at the end of a short rest,
// spent slots of combined level up to half the wizard's level (rounded
// up), none above 5th: the levels the rest's choice names ("3,1"), or
// the highest spent first when it names none; "none" keeps the use.
func arcaneRecovery(r request, ch campaign.Character, long bool) (campaign.Character, string, error) {
	choice := strings.ToLower(strings.TrimSpace(r.in.Choice))
	pools := campaign.ResourcesOf(ch)
	use := pools["arcane-recovery"]
	if long || choice == "none" || use.Used >= use.Max {
		return ch, "", nil
	}
	budget := int(campaign.ClassCounter(ch, "arcane_recovery_levels"))
	spent := func(lvl int) int { return ch.SpellSlots[strconv.Itoa(lvl)].Used }
	var levels []int
	if choice == "" {
		left := budget
		for lvl := 5; lvl >= 1; lvl-- {
			for n := spent(lvl); n > 0 && lvl <= left; n-- {
				levels, left = append(levels, lvl), left-lvl
			}
		}
	} else {
		total, taken := 0, map[int]int{}
		for _, f := range strings.Split(choice, ",") {
			lvl, err := strconv.Atoi(strings.TrimRight(strings.TrimSpace(f), "stndrh"))
			switch {
			case err != nil || lvl < 1 || lvl > 9:
				return ch, "", fault.Refuse(op, "intent.choice", fault.InvalidArgs, "Arcane Recovery takes the levels of the slots to recover, as \"2,1\", or none")
			case lvl > 5:
				return ch, "", fault.Refuse(op, "intent.choice", fault.NotAllowed, "Arcane Recovery recovers no slot above 5th level")
			case taken[lvl] >= spent(lvl):
				return ch, "", fault.Refuse(op, "intent.choice", fault.NotAllowed, "%s has no more spent %s-level slots to recover", ch.Name, rules.Ordinal(lvl))
			}
			taken[lvl]++
			total += lvl
			levels = append(levels, lvl)
		}
		if total > budget {
			return ch, "", fault.Refuse(op, "intent.choice", fault.NotAllowed, "Arcane Recovery recovers slots of %d levels in all at %s's level, not %d", budget, ch.Name, total)
		}
	}
	if len(levels) == 0 {
		return ch, "", nil
	}
	ch.SpellSlots = maps.Clone(ch.SpellSlots)
	var names []string
	for _, lvl := range levels {
		k := strconv.Itoa(lvl)
		sl := ch.SpellSlots[k]
		sl.Used--
		ch.SpellSlots[k] = sl
		names = append(names, rules.Ordinal(lvl))
	}
	use.Used++
	pools["arcane-recovery"] = use
	ch.Resources = pools
	return ch, fmt.Sprintf("%s's Arcane Recovery brings back spell slots of %s level.", ch.Name, strings.Join(names, ", ")), nil
}

// sorcerousRestoration gives back 4 spent sorcery points at the end of a
// short rest.
func sorcerousRestoration(_ request, ch campaign.Character, long bool) (campaign.Character, string, error) {
	pools := campaign.ResourcesOf(ch)
	p := pools[sorceryPoints]
	n := min(p.Used, 4)
	if long || n == 0 {
		return ch, "", nil
	}
	p.Used -= n
	pools[sorceryPoints] = p
	ch.Resources = pools
	return ch, fmt.Sprintf("%s's Sorcerous Restoration gives back %d sorcery points.", ch.Name, n), nil
}

// fiendishResilience takes the damage type the rest's choice names as
// the one the warlock resists until another rest's choice; a rest that
// names none keeps the last.
func fiendishResilience(r request, ch campaign.Character, _ bool) (campaign.Character, string, error) {
	choice := strings.ToLower(strings.TrimSpace(r.in.Choice))
	if choice == "" {
		return ch, "", nil
	}
	t, err := rules.ParseDamageType(choice)
	if err != nil {
		return ch, "", fault.Refuse(op, "intent.choice", fault.InvalidArgs, "Fiendish Resilience takes a damage type to resist, such as fire")
	}
	ch.Choices = maps.Clone(ch.Choices)
	if ch.Choices == nil {
		ch.Choices = map[string][]string{}
	}
	ch.Choices[encounter.FiendishResilienceChoice] = []string{t.String()}
	return ch, fmt.Sprintf("%s now resists %s damage (Fiendish Resilience).", ch.Name, t), nil
}

// slotLevel reads the slot level a Flexible Casting choice names: "3" or
// "3rd".
func slotLevel(choice string) (int, error) {
	n, err := strconv.Atoi(strings.TrimRight(strings.ToLower(strings.TrimSpace(choice)), "stndrh"))
	if err != nil || n < 1 || n > 9 {
		return 0, fault.Refuse(op, "intent.choice", fault.InvalidArgs, "name the spell slot's level, 1 to 9")
	}
	return n, nil
}

// convertSlot is Flexible Casting out of a fight: a slot spent for as
// many sorcery points as its level, never above the maximum.
func convertSlot(r request, d Decision) (Decision, error) {
	ch := r.actor
	lvl, err := slotLevel(r.in.Choice)
	if err != nil {
		return d, err
	}
	k := strconv.Itoa(lvl)
	sl := ch.SpellSlots[k]
	pools := campaign.ResourcesOf(ch)
	p := pools[sorceryPoints]
	switch {
	case sl.Max-sl.Used < 1:
		return d, fault.Refuse(op, "intent.choice", fault.NoSlot, "%s has no %s-level spell slot left", ch.Name, rules.Ordinal(lvl))
	case p.Used == 0:
		return d, fault.Refuse(op, "intent.choice", fault.NotAllowed, "%s has all %d sorcery points already", ch.Name, p.Max)
	}
	got := min(lvl, p.Used)
	sl.Used++
	ch.SpellSlots = maps.Clone(ch.SpellSlots)
	ch.SpellSlots[k] = sl
	p.Used -= got
	pools[sorceryPoints] = p
	ch.Resources = pools
	d.Changed = []campaign.Character{ch}
	d.Summary = fmt.Sprintf("%s turns a %s-level spell slot into %d sorcery points (%d of %d left).", ch.Name, rules.Ordinal(lvl), got, p.Max-p.Used, p.Max)
	return d, nil
}

// createSlot is Flexible Casting's other way out of a fight: sorcery
// points (the feature's cost spent already, the rest of a higher slot's
// here) for a slot of 1st to 5th level, which the next long rest takes
// away (a use below zero, which its reset clears).
func createSlot(r request, d Decision) (Decision, error) {
	ch := r.actor // the feature's cost is spent on it already
	lvl, err := slotLevel(r.in.Choice)
	if err != nil {
		return d, err
	}
	cost, ok := encounter.SlotCost(lvl)
	if !ok {
		return d, fault.Refuse(op, "intent.choice", fault.NotAllowed, "Flexible Casting makes slots of 5th level at most")
	}
	f, _ := srd.LookupFeature("flexible-casting-creating-spell-slots")
	pools := campaign.ResourcesOf(ch)
	p := pools[sorceryPoints]
	if more := cost - max(f.Cost, 1); more > 0 {
		if p.Max-p.Used < more {
			return d, fault.Refuse(op, "intent.choice", fault.NotAllowed, "a %s-level slot costs %d sorcery points and %s has %d left", rules.Ordinal(lvl), cost, ch.Name, p.Max-p.Used+max(f.Cost, 1))
		}
		p.Used += more
		pools[sorceryPoints] = p
		ch.Resources = pools
	}
	k := strconv.Itoa(lvl)
	ch.SpellSlots = maps.Clone(ch.SpellSlots)
	sl := ch.SpellSlots[k]
	sl.Used--
	ch.SpellSlots[k] = sl
	d.Changed = []campaign.Character{ch}
	d.Summary = fmt.Sprintf("%s turns %d sorcery points into a %s-level spell slot (%d of %d points left).", ch.Name, cost, rules.Ordinal(lvl), p.Max-p.Used, p.Max)
	return d, nil
}

// eldritchMaster is a minute's entreaty: every pact slot comes back,
// once per long rest (the pool spent already).
func eldritchMaster(r request, d Decision) (Decision, error) {
	ch := r.actor
	if !slices.ContainsFunc(slices.Collect(maps.Values(ch.SpellSlots)), func(s campaign.Slot) bool { return s.Used > 0 }) {
		return d, fault.Refuse(op, "intent.feature", fault.NotAllowed, "%s has spent no pact slot to regain", ch.Name)
	}
	slots := maps.Clone(ch.SpellSlots)
	for k, s := range slots {
		s.Used = min(s.Used, 0)
		slots[k] = s
	}
	ch.SpellSlots = slots
	d.Changed = []campaign.Character{ch}
	d.Summary = fmt.Sprintf("%s entreats the patron for a minute, and every pact slot comes back.", ch.Name)
	return d, nil
}
