package spell

import (
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// The spells of truth, minds, looks, wards and bindings: each rolls the
// save its text asks, and leaves on those who fail an effect the
// narrator is told (a tongue that can't lie, a mind laid open, a borrowed
// look), a ward the fights read (Alarm), or a creature kept in service
// as the servants are (Awaken, Planar Binding).

// The ids of the effects these spells leave.
const (
	// TruthID: in a Zone of Truth, failed: can't speak a deliberate lie.
	TruthID = "zone-of-truth"
	// ProbedID: Detect Thoughts probed deeper and the mind gave way.
	ProbedID = "thoughts-probed"
	// SeemingID: given an illusory appearance; the effect's DC is the
	// Intelligence (Investigation) check that sees through it.
	SeemingID = "seeming"
	// MentalAlarmID and AudibleAlarmID: on its caster, a warded place
	// whose alarm rings when a creature comes, in the caster's mind or
	// aloud.
	MentalAlarmID  = "alarm-mental"
	AudibleAlarmID = "alarm-audible"
)

// mResolvers are these spells' entries of the resolvers table.
func mResolvers() map[string]resolver {
	return map[string]resolver{
		"zone-of-truth":   {targets: anyIn, ability: true, run: (*cast).zoneOfTruth},
		"detect-thoughts": {targets: optionalOne, ability: true, run: (*cast).detectThoughts},
		"seeming":         {targets: upTo(MaxTargets), ability: true, run: (*cast).seeming},
		"alarm":           {targets: none, check: checkAlarm, run: (*cast).alarm},
	}
}

// optionalOne is a spell that may take one creature or none.
func optionalOne(*cast) (int, int) { return 0, 1 }

// zoneOfTruth: each creature in the zone makes a Charisma save, and one
// that fails can't speak a deliberate lie while in it; the caster knows
// who failed. One that enters later is the narrator's.
func (c *cast) zoneOfTruth() error {
	return c.onFailedSave(func(id string, out *Outcome) error {
		out.Told = "can't speak a deliberate lie while in the zone"
		c.effect(Effect{ID: TruthID, TargetID: id, Note: "can't speak a deliberate lie while in the zone; may still be evasive"})
		return nil
	})
}

// mindless says a creature Detect Thoughts can't read: an Intelligence
// of 3 or lower.
func mindless(t rules.Combatant) bool { return t.Abilities.Int <= 3 }

// detectThoughts: cast on a creature, it reads its surface thoughts (one
// of Intelligence 3 or lower is unaffected). Its later use (Ongoing,
// the caster's action) probes deeper: a Wisdom save, and on a failure
// the caster learns its reasoning, its emotional state and what looms
// large in its mind; on a success the spell ends. Either way the target
// knows.
func (c *cast) detectThoughts() error {
	if len(c.ids) == 0 {
		c.note("{caster} searches for thinking creatures within 30 feet, through all but 2 feet of rock, 2 inches of metal or a sheet of lead", "")
		return nil
	}
	id := c.ids[0]
	out := c.outcome(id)
	if c.hidden(id) { // Nondetection (safeguards.go)
		out.Note = "is hidden from divination: the spell finds no mind there"
		return nil
	}
	if mindless(*c.state[id]) {
		out.Note = "has no thoughts the spell can read (Intelligence 3 or lower)"
		return nil
	}
	if !c.opts.Ongoing {
		out.Affected = true
		out.Told = "has its surface thoughts read"
		return nil
	}
	sv, err := c.saveFor(id)
	if err != nil {
		return err
	}
	out.Save = &sv
	if sv.Success {
		out.Told = "resists the probe, and the spell ends"
		c.note("{target} knows {caster} probed its mind; Detect Thoughts ends", id)
		return nil
	}
	out.Affected = true
	out.Told = "has its mind probed"
	c.effect(Effect{ID: ProbedID, TargetID: id, Concentration: true,
		Note: "its reasoning, emotional state and what looms large in its mind are laid open to the caster"})
	c.note("{target} knows {caster} probes its mind, and may use its action on an Intelligence check contested by {caster}'s to end the spell", id)
	return nil
}

// seeming: each target takes the look the caster gives it; an unwilling
// one makes a Charisma save and is unaffected on a success. A creature
// that uses its action to inspect one sees through it with an
// Intelligence (Investigation) check against the effect's DC.
func (c *cast) seeming() error {
	for _, id := range c.ids {
		out := c.outcome(id)
		if id != c.casterID && c.opts.Situations[id].Unwilling {
			sv, err := c.saveFor(id)
			if err != nil {
				return err
			}
			out.Save = &sv
			if sv.Success {
				continue
			}
		}
		out.Affected = true
		out.Told = "takes on an illusory appearance"
		c.effect(Effect{ID: SeemingID, TargetID: id, DC: c.r.DC,
			Note: "looks as the caster chose; a creature that inspects it with its action sees through it on an Intelligence (Investigation) check against DC " + strconv.Itoa(c.r.DC)})
	}
	return nil
}

// alarms are Alarm's two kinds, the first its default.
var alarms = []string{"mental", "audible"}

func alarmOf(choice string) (string, bool) {
	if choice == "" {
		return alarms[0], true
	}
	k := choiceKey(choice)
	for _, a := range alarms {
		if strings.HasPrefix(a, k) {
			return a, true
		}
	}
	return "", false
}

func checkAlarm(c *cast) error {
	if _, ok := alarmOf(c.opts.Choice); !ok {
		return refuse(ReasonInvalidArgs, "Alarm is mental or audible, not %q", clip(c.opts.Choice))
	}
	return nil
}

// alarm wards a door, a window or a 20-foot cube for 8 hours: the caster
// keeps the ward (AlarmID), and a fight that starts while it holds finds
// its caster alerted, with a mental alarm, or everyone with it, with an
// audible one (rules/encounter's spells_minds.go).
func (c *cast) alarm() error {
	kind, _ := alarmOf(c.opts.Choice)
	id, note := MentalAlarmID, "a mental alarm pings "+c.r.Caster+" within a mile, waking it"
	if kind == "audible" {
		id, note = AudibleAlarmID, "an audible alarm rings like a hand bell for 10 seconds within 60 feet"
	}
	c.effect(Effect{ID: id, TargetID: c.casterID, Note: note + " when a creature enters the warded area"})
	c.r.Notes = append(c.r.Notes, capital(note)+" when a Tiny or larger creature the caster did not name touches or enters the warded area.")
	return nil
}

// Awaken's and Planar Binding's servants, joined to the servants table
// as the package's variables are set, before any init reads it.
var _ = joinServants(map[string]servant{
	// Awaken: a Huge or smaller beast or plant of Intelligence 3 or
	// less gains an Intelligence of 10 and is charmed for 30 days; a
	// plant takes the awakened shrub's or the awakened tree's numbers.
	"awaken": {forms: awakenable(), count: oneOf, kept: true,
		ends: "30 days charmed, or until the caster or its companions harm it"},
	// Planar Binding: a celestial, an elemental, a fey or a fiend that
	// fails a Charisma save serves for 24 hours, longer at higher slots.
	"planar-binding": {forms: bindable(), count: oneOf, kept: true, bind: (*cast).bind,
		endsAt: bindingEnds},
})

// bindingEnds is how long Planar Binding binds at a slot level: 24
// hours, 10 days at 6th, 30 at 7th, 180 at 8th, a year and a day at 9th.
func bindingEnds(slot int) string {
	if d, ok := map[int]string{6: "10 days", 7: "30 days", 8: "180 days", 9: "366 days"}[slot]; ok {
		return d
	}
	return "24 hours"
}

// joinServants adds the servants add to the servants table (and the
// awakened plants' short names to the aliases); an id already there is a
// programming error.
func joinServants(add map[string]servant) map[string]servant {
	for id, sv := range add {
		if _, dup := servants[id]; dup {
			panic("spell: " + id + " serves twice")
		}
		servants[id] = sv
	}
	aliases["shrub"], aliases["tree"] = "awakened-shrub", "awakened-tree"
	return add
}

// awakenable are the creatures Awaken may wake: the awakened shrub and
// tree, then every beast of Huge size or smaller with an Intelligence of
// 3 or less.
func awakenable() []string {
	out := []string{"awakened-shrub", "awakened-tree"}
	for _, m := range srd.Monsters() {
		if strings.EqualFold(m.Type, "beast") && m.Abilities.Int <= 3 && sizeRank(m.Size) <= sizeRank("huge") {
			out = append(out, m.ID)
		}
	}
	return out
}

// awakened is a creature as Awaken leaves it: of Intelligence 10 at
// least, worth no experience to the caster's side.
func awakened(m srd.Monster) srd.Monster {
	m.Abilities.Int = max(m.Abilities.Int, 10)
	m.XP = 0
	return m
}

// bindable are the creatures Planar Binding may bind: every celestial,
// elemental, fey and fiend.
func bindable() []string {
	var out []string
	for _, m := range srd.Monsters() {
		if slices.Contains([]string{"celestial", "elemental", "fey", "fiend"}, strings.ToLower(m.Type)) {
			out = append(out, m.ID)
		}
	}
	return out
}

// bind has the creature the caster picked make its Charisma save
// against the caster's DC, from its stat block (with advantage if it has
// Magic Resistance): it serves only if it fails.
func (c *cast) bind(m srd.Monster) (bool, error) {
	t := rules.Combatant{ID: m.ID, Name: "the " + strings.ToLower(m.Name), Monster: true, Abilities: campaign.Abilities(m.Abilities),
		ProficiencyBonus: max(m.ProficiencyBonus, rules.ProficiencyByCR(m.CR)), HP: max(m.HP, 1), MaxHP: max(m.HP, 1)}
	if b, ok := m.Saves["cha"]; ok && b > t.Modifier(rules.Cha) {
		t.SaveProficiencies = t.SaveProficiencies.With(rules.Cha)
	}
	req := rules.SaveRequest{Ability: rules.Cha, DC: c.r.DC, Against: c.against()}
	if slices.ContainsFunc(m.SpecialAbilities, func(a srd.Action) bool { return a.ID == "magic-resistance" }) {
		req.Advantage = []string{"Magic Resistance"}
	}
	sv, err := rules.Save(t, req, c.src)
	if err != nil {
		return false, refuseWrap(err)
	}
	c.r.Rolls = append(c.r.Rolls, sv.Rolls...)
	c.r.Targets = append(c.r.Targets, Outcome{TargetID: m.ID, Target: t.Name, Save: &sv, Affected: !sv.Success})
	out := &c.r.Targets[len(c.r.Targets)-1]
	if sv.Success {
		out.Told = "resists the binding"
		return false, nil
	}
	out.Told = "is bound to serve " + c.r.Caster
	c.r.Notes = append(c.r.Notes, "The bound creature obeys the letter of "+c.r.Caster+"'s instructions, twisting them if hostile, and reports back when done.")
	return true, nil
}
