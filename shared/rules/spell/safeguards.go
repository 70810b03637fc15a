package spell

import (
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// The spells of copies, allies, safeguards and secrets: Simulacrum's
// snow copy and Planar Ally's envoy serve as the servants do
// (servants.go); Contingency holds a spell on its caster until a fight
// starts or the caster drops to 0 hit points; Clone keeps a body waiting
// for its creature's soul; Nondetection hides a creature from divination;
// Dream's nightmare spoils the target's next long rest; Detect Magic
// names the magic the creatures around its caster carry.

// The ids of the effects these spells leave.
const (
	// ContingencyID: on its caster, the spell a Contingency holds
	// (Effect.Held), which goes off when Ends comes: ContingencyDropped
	// or ContingencyFight.
	ContingencyID = "contingency"
	// CloneID: a clone waiting for its creature's soul; when the
	// creature dies it wakes in it.
	CloneID = "clone"
	// NondetectionID: the target can't be targeted by divination magic.
	NondetectionID = "nondetection"
	// NightmareID: Dream's monstrous messenger waits for the target's
	// sleep: at its next long rest it saves against DC or gains nothing
	// from the rest and takes Dice psychic damage on waking.
	NightmareID = "nightmare"
)

// The two circumstances a Contingency may wait for, the ones the engine
// can tell: an effect's Ends says which.
const (
	ContingencyDropped = "until its caster drops to 0 hit points, when the held spell goes off"
	ContingencyFight   = "until a fight starts around its caster, when the held spell goes off"
)

// Simulacrum's and Planar Ally's creatures, joined to the servants table
// as the package's variables are set, before any init reads it.
var _ = joinServants(map[string]servant{
	// Simulacrum: a copy of a beast or humanoid, with half its hit point
	// maximum, that serves until it drops to 0 hit points.
	"simulacrum": {forms: ofTypes("beast", "humanoid"), count: oneOf, kept: true,
		ends: "until it drops to 0 hit points and melts, or the spell is cast again"},
	// Planar Ally: a celestial, an elemental or a fiend its patron sends,
	// for the task its caster bargains for.
	"planar-ally": {forms: ofTypes("celestial", "elemental", "fiend"), count: oneOf, kept: true,
		ends: "until the task it was paid for is done"},
})

// ofTypes are the SRD's creatures of the types given.
func ofTypes(types ...string) []string {
	var out []string
	for _, m := range srd.Monsters() {
		if slices.Contains(types, strings.ToLower(m.Type)) {
			out = append(out, m.ID)
		}
	}
	return out
}

// simulacrum is a creature's snow copy: half its hit points, worth no
// experience, named for what it is.
func simulacrum(m srd.Monster) srd.Monster {
	m.HP = max(m.HP/2, 1)
	m.HitDice = strconv.Itoa(m.HP)
	m.Name += " Simulacrum"
	m.XP = 0
	return m
}

// oResolvers are these spells' entries of the resolvers table.
func oResolvers() map[string]resolver {
	return map[string]resolver{
		"contingency":  {targets: none, check: checkContingency, run: (*cast).contingency},
		"clone":        {targets: one, run: (*cast).clone},
		"nondetection": {targets: one, run: (*cast).nondetection},
		"dream":        {targets: one, ability: true, check: checkDream, run: (*cast).dream},
		"detect-magic": {targets: none, run: (*cast).detectMagic},
	}
}

// held reads a Contingency's choice: the spell it holds and the
// circumstance it waits for ("cure-wounds at 0 hit points", "fire shield
// when a fight starts"); dropping to 0 hit points when it names neither.
func held(choice string) (srd.Spell, string, bool) {
	words := strings.Fields(strings.ToLower(choice))
	when := ContingencyDropped
	for _, w := range words {
		if strings.HasPrefix(w, "fight") || strings.HasPrefix(w, "combat") || strings.HasPrefix(w, "battle") || w == "initiative" {
			when = ContingencyFight
		}
	}
	// The longest run of leading words that names a spell.
	for n := len(words); n > 0; n-- {
		if s, ok := srd.LookupSpell(choiceKey(strings.Join(words[:n], " "))); ok {
			return s, when, true
		}
	}
	return srd.Spell{}, when, false
}

// checkContingency refuses a held spell the SRD does not allow: one of
// 6th level or higher, one that takes longer than an action, or one that
// can't target its caster (a spell cast on others or on a place, or an
// attack).
func checkContingency(c *cast) error {
	s, _, ok := held(c.opts.Choice)
	switch {
	case !ok:
		return refuse(ReasonInvalidArgs, "Contingency holds a spell: name it first, then when it goes off (\"cure-wounds at 0 hit points\", \"fire-shield when a fight starts\"), not %q", clip(c.opts.Choice))
	case s.Level > 5:
		return refuse(ReasonNotAllowed, "Contingency holds a spell of 5th level or lower, not %s", s.Name)
	case s.CastingTime != "1 action":
		return refuse(ReasonNotAllowed, "Contingency holds a spell cast in 1 action, not %s (%s)", s.Name, s.CastingTime)
	case !selfward(s):
		return refuse(ReasonNotAllowed, "Contingency holds a spell that can target its caster, which %s can't", s.Name)
	}
	if s.Level > 0 && !c.opts.Innate {
		caster := c.caster()
		if len(caster.SpellSlots) < s.Level || caster.SpellSlots[s.Level-1].Used >= caster.SpellSlots[s.Level-1].Max {
			return refuse(ReasonNoSlot, "%s has no level %d slot left for %s", caster.Name, s.Level, s.Name)
		}
	}
	return nil
}

// selfward says spell s can take its caster as its target: cast on
// itself (range Self) or by touch, and no attack.
func selfward(s srd.Spell) bool {
	return (s.Range.Text == "Self" || s.Range.Text == "Touch") && Classify(s) != ShapeAttack
}

// contingency spends the held spell's slot too, at the held spell's own
// level (the engine keeps no higher level for it), and leaves on its
// caster the effect that holds it; another Contingency's effect is
// replaced by it (the same spell's same effect).
func (c *cast) contingency() error {
	s, when, _ := held(c.opts.Choice)
	caster := c.caster()
	if s.Level > 0 && !c.opts.Innate {
		used := caster.SpellSlots[s.Level-1].Used
		if err := c.take(rules.Log{Changes: []rules.Change{{TargetID: caster.ID, Field: rules.FieldSpellSlotsUsed, Slot: s.Level, From: used, To: used + 1}}}); err != nil {
			return err
		}
	}
	what := "when " + caster.Name + " drops to 0 hit points"
	if when == ContingencyFight {
		what = "when a fight starts around " + caster.Name
	}
	c.effect(Effect{ID: ContingencyID, TargetID: c.casterID, Held: s.ID, Ends: when,
		Note: s.Name + " goes off on " + caster.Name + " " + what})
	c.r.Notes = append(c.r.Notes, capital(s.Name)+" is held, and goes off on "+caster.Name+" alone "+what+", once; then Contingency ends. "+
		"It ends too after 10 days, or if its statuette of the caster is not on "+caster.Name+"'s person.")
	return nil
}

// Contingent is the spell a Contingency effect holds, for the caller who
// sets it off; none when the effect holds one Contingency may not (an
// imported sheet's effect is outside input: a 9th-level spell held is
// never cast).
func Contingent(fx Effect) (srd.Spell, bool) {
	if fx.ID != ContingencyID {
		return srd.Spell{}, false
	}
	s, ok := srd.LookupSpell(fx.Held)
	if !ok || s.Level > 5 || s.CastingTime != "1 action" || !selfward(s) {
		return srd.Spell{}, false
	}
	return s, true
}

// clone grows a duplicate of a living target: the effect it leaves waits
// for the target's death, when the target wakes in it (Cloned). The 120
// days of growth are the narrator's: the engine keeps the clone from the
// casting on.
func (c *cast) clone() error {
	id := c.ids[0]
	out := c.outcome(id)
	out.Affected, out.Told = true, "has a clone growing in a sealed vessel"
	c.effect(Effect{ID: CloneID, TargetID: id, Ends: "until its creature dies and wakes in it",
		Note: "a clone in a sealed vessel: at death the soul wakes in it, without the body's equipment"})
	c.note("The clone matures after 120 days and endures while its vessel is undisturbed; if {target} dies after that, a willing soul wakes in it", id)
	return nil
}

// Cloned is a dead character as its clone wakes: alive at its hit point
// maximum, its death saves, conditions, exhaustion, drained maximum and
// afflictions left with the old body, the clone's effect used, and its
// other effects gone with it but the wards it set on places (they last
// until set off or dispelled). ok is false for a character not dead or
// with no clone.
func Cloned(ch campaign.Character) (campaign.Character, bool) {
	if !ch.IsDead() || !slices.ContainsFunc(ch.Effects, func(fx campaign.Effect) bool { return fx.ID == CloneID }) {
		return ch, false
	}
	ch, _ = ch.WithoutEffects(func(fx campaign.Effect) bool { return fx.ID != WardID })
	ch.Dead, ch.Stable, ch.DeathSaves = false, false, campaign.DeathSaves{}
	ch.Conditions, ch.Exhaustion, ch.Drained, ch.Afflictions = nil, 0, 0, nil
	ch.Concentration = nil
	ch.HP, ch.TempHP = ch.MaxHP, 0
	return ch, true
}

// nondetection hides its target from divination for 8 hours: Detect
// Thoughts finds no mind in it, and Detect Magic sees no aura on it.
func (c *cast) nondetection() error {
	id := c.ids[0]
	out := c.outcome(id)
	out.Affected, out.Told = true, "is hidden from divination magic"
	c.effect(Effect{ID: NondetectionID, TargetID: id, Note: "can't be targeted by divination magic or perceived through magical scrying sensors"})
	return nil
}

// hidden says target id is hidden from divination: a Nondetection among
// the effects the caller gave on it (Options.Lasting).
func (c *cast) hidden(id string) bool {
	return slices.ContainsFunc(c.opts.Lasting, func(l Lasting) bool { return l.ID == NondetectionID && l.TargetID == id })
}

// Divination says a casting of spell s must be told which of its targets
// are hidden from it (Options.Lasting's Nondetection).
func Divination(s srd.Spell) bool { return strings.EqualFold(s.School, "divination") }

// nightmare says a Dream's choice makes its messenger monstrous.
func nightmare(choice string) bool {
	k := choiceKey(choice)
	return strings.Contains(k, "nightmare") || strings.Contains(k, "monstrous") || strings.Contains(k, "terrif")
}

// checkDream refuses a target that doesn't sleep (an elf's Trance).
func checkDream(c *cast) error {
	if t := c.state[c.ids[0]]; slices.Contains(t.Features, "trance") {
		return refuse(ReasonNotAllowed, "%s doesn't sleep, and Dream can't reach it", t.Name)
	}
	return nil
}

// dream: a messenger speaks to the target in its sleep. Made monstrous
// (Options.Choice "nightmare"), it leaves on the target the effect its
// next long rest plays: a Wisdom save against the caster's DC, and on a
// failure no benefit from the rest and 3d6 psychic damage on waking.
func (c *cast) dream() error {
	id := c.ids[0]
	out := c.outcome(id)
	if !nightmare(c.opts.Choice) {
		out.Told = "hears a messenger in its dreams, and recalls it perfectly on waking"
		c.note("The messenger speaks with {target} while it sleeps, and shapes its dream; the messenger is in a trance and can't act", id)
		return nil
	}
	out.Affected, out.Told = true, "will meet a monstrous messenger when it next sleeps"
	c.effect(Effect{ID: NightmareID, TargetID: id, DC: c.r.DC, Dice: "3d6", DamageType: rules.Psychic,
		Note: "a nightmare waits in its sleep: a Wisdom save against DC " + strconv.Itoa(c.r.DC) + ", or its next long rest gives nothing and it wakes to 3d6 psychic damage"})
	return nil
}

// Nightmare plays a Dream's nightmare at the long rest of the creature
// t under effect fx: its Wisdom save, and on a failure the psychic
// damage (fx.Dice) it wakes to. rested says the rest still gives its
// benefits (the save succeeded).
func Nightmare(t rules.Combatant, fx Effect, src dice.Source) (rested bool, log rules.Log, err error) {
	sv, err := rules.Save(t, rules.SaveRequest{Ability: rules.Wis, DC: fx.DC}, src)
	if err != nil {
		return false, log, refuseWrap(err)
	}
	log.Rolls = append(log.Rolls, sv.Rolls...)
	if sv.Success {
		return true, log, nil
	}
	x, err := dice.Parse(fx.Dice)
	if err != nil {
		return false, log, internal(err)
	}
	r := dice.Roll(x, src)
	log.Rolls = append(log.Rolls, rules.Roll{Reason: "nightmare psychic damage", RollerID: fx.CasterID, Result: r})
	d, err := rules.TakeDamage(t, rules.Hit{Damage: []rules.Damage{{Amount: r.Total, Type: rules.Psychic}}}, src)
	if err != nil {
		return false, log, refuseWrap(err)
	}
	log.Rolls = append(log.Rolls, d.Rolls...)
	log.Changes = append(log.Changes, d.Changes...)
	return false, log, nil
}

// Aura is what Detect Magic sees on one creature: its magic items and
// the spells on it, each with its school where the data has one.
type Aura struct {
	// ID is the creature's; Name how it reads.
	ID    string   `json:"id"`
	Name  string   `json:"name"`
	Magic []string `json:"magic"`
}

// AuraOf is what Detect Magic sees on character ch: each magic item it
// carries (the data gives an item no school), then each spell on it
// with its school; nothing on one hidden by Nondetection.
func AuraOf(ch campaign.Character) Aura {
	a := Aura{ID: ch.ID, Name: ch.Name}
	if HiddenFromDivination(ch) { // a Nondetection, an amulet (divination.go)
		return a
	}
	for _, it := range ch.Inventory {
		if m, ok := campaign.MagicOf(it); ok && it.Qty > 0 {
			a.Magic = append(a.Magic, m.Name)
		}
	}
	for _, fx := range ch.Effects {
		if s, ok := srd.LookupSpell(fx.Spell); ok && fx.ID != campaign.ConcentrationMark {
			what := s.Name + " (" + strings.ToLower(s.School) + ")"
			if !slices.Contains(a.Magic, what) {
				a.Magic = append(a.Magic, what)
			}
		}
	}
	return a
}

// detectMagic names the magic on each creature within 30 feet the
// caller knows of (Options.Auras): what the caster sees as it looks
// around with its action while the spell lasts.
func (c *cast) detectMagic() error {
	c.note("{caster} senses magic within 30 feet (blocked by 1 foot of stone, 1 inch of metal, lead or 3 feet of wood or dirt)", "")
	var seen []string
	for _, a := range c.opts.Auras {
		if len(a.Magic) > 0 {
			seen = append(seen, a.Name+": "+strings.Join(a.Magic, ", "))
		}
	}
	if len(seen) == 0 {
		c.r.Notes = append(c.r.Notes, "No creature around bears a magic aura the spell sees")
		return nil
	}
	c.r.Notes = append(c.r.Notes, "Auras of magic: "+strings.Join(seen, "; "))
	return nil
}
