package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// The druid's features in a fight.
var druidFeatures = map[string]classFeature{
	// Wild Shape: an action and a use (two per short rest): the druid
	// becomes an SRD beast (Action.Choice) of CR up to its level's
	// wild_shape_max_cr, with no swim speed before 4th level and no fly
	// speed before 8th. It takes the beast's hit points, AC, Strength,
	// Dexterity, Constitution, speed, attacks and traits, keeps its own
	// mind, proficiencies and features, and casts no spells (Beast Spells
	// excepted). It lasts half the druid level in hours; at 0 hit points
	// the druid returns to its own form with the damage beyond carried
	// over; a bonus action ends it (Choice "end").
	WildShape: {use: wildShape, damaged: wildShapeDropped, revert: endWildShape, turnStarts: wildShapeLapses},
	// The higher CRs and speeds are the counters wildShape reads.
	"wild-shape-cr-1-2-or-below-no-flying-speed": {where: "druid.go: beastAllowed reads wild_shape_max_cr and wild_shape_swim"},
	"wild-shape-cr-1-or-below":                   {where: "druid.go: beastAllowed reads wild_shape_max_cr and wild_shape_fly"},
	// Beast Spells: casting in a beast's shape (cast.go asks canCast).
	"beast-spells": {where: "druid.go: canCast"},
	// Archdruid: Wild Shape as often as the druid likes.
	"archdruid": {where: "druid.go: wildShape gives the use back"},
	// Nature's Sanctuary: a beast or plant attacking the druid saves or
	// turns away (savefx.go: spared).
	"natures-sanctuary": {where: "savefx.go: spared asks sanctuaryDC"},
	// Land's Stride: advantage on saves against magically hindering
	// plants (Entangle), as the save's Against names them.
	"druid-lands-stride": {where: "rules/features.go: passives"},
}

// WildShape is the feature id of the druid's Wild Shape, the row that is
// used (its later rows raise the beasts it reaches).
const WildShape = "wild-shape-cr-1-4-or-below-no-flying-or-swim-speed"

// Form is what a druid in a beast's shape was in its own form, put back
// when the shape ends: the numbers the beast's replaced.
type Form struct {
	// Beast is the SRD monster id of the shape; Until the round it ends
	// at, at the latest.
	Beast string `json:"beast"`
	Until int    `json:"until"`
	HP    int    `json:"hp"`
	MaxHP int    `json:"max_hp"`
	AC    int    `json:"ac"`
	Speed int    `json:"speed"`
	Str   int    `json:"str"`
	Dex   int    `json:"dex"`
	Con   int    `json:"con"`
	// Type, Size and Senses are the participant's own.
	Type   string   `json:"type,omitempty"`
	Size   string   `json:"size,omitempty"`
	Senses []string `json:"senses,omitempty"`
	// Spell is the spell whose shape it is, cast by CasterID ("" for Wild
	// Shape), and Own what that shape replaced beyond Wild Shape's numbers
	// (spells_shapes.go).
	Spell    string `json:"spell,omitempty"`
	CasterID string `json:"caster_id,omitempty"`
	Own      *Own   `json:"own,omitempty"`
}

// beastAllowed refuses a beast the druid cannot take the shape of at its
// level (the class counters wild_shape_max_cr, _swim and _fly).
func beastAllowed(p Participant, m srd.Monster) error {
	ch := campaign.Character{Class: p.Class, Level: p.Combatant.Level}
	maxCR := campaign.ClassCounter(ch, "wild_shape_max_cr")
	switch {
	case !strings.EqualFold(m.Type, "beast"):
		return refuse(NotAllowed, "action.choice", "%s is not a beast", m.Name)
	case m.CR > maxCR:
		return refuse(NotAllowed, "action.choice", "%s is CR %s; %s's Wild Shape reaches CR %s", m.Name, crText(m.CR), p.Name, crText(maxCR))
	case m.Speed["fly"] > 0 && campaign.ClassCounter(ch, "wild_shape_fly") < 1:
		return refuse(NotAllowed, "action.choice", "%s flies, and a druid takes a flying shape from 8th level", m.Name)
	case m.Speed["swim"] > 0 && campaign.ClassCounter(ch, "wild_shape_swim") < 1:
		return refuse(NotAllowed, "action.choice", "%s swims, and a druid takes a swimming shape from 4th level", m.Name)
	}
	return nil
}

// crText is a challenge rating as the books write it: "1/4", "1".
func crText(cr float64) string {
	switch cr {
	case 0.125:
		return "1/8"
	case 0.25:
		return "1/4"
	case 0.5:
		return "1/2"
	}
	return fmt.Sprintf("%g", cr)
}

func wildShape(e *Encounter, res *Result, ai int, in Action, _ dice.Source) error {
	p := e.Participants[ai]
	if p.Form != nil {
		return refuse(NotAllowed, "action.feature", "%s is already in the shape of %s: end it first (a bonus action)", p.Name, rules.Article(p.Form.Beast))
	}
	m, err := BeastFor(campaign.Character{Name: p.Name, Class: p.Class, Level: p.Combatant.Level}, in.Choice)
	if err != nil {
		return err
	}
	if slices.Contains(p.Combatant.Features, "archdruid") {
		// Unlimited: the use the fight spent comes back.
		if pool, ok := p.Pools[campaign.ResourceWildShape]; ok && pool.Used > 0 {
			pool.Used--
			e.Participants[ai].Pools[campaign.ResourceWildShape] = pool
		}
	}
	hours := max(p.Combatant.Level/2, 1)
	e.shapeInto(ai, m, e.Round+hours*600)
	q := e.Participants[ai]
	res.say(fmt.Sprintf("%s takes the shape of %s (%d HP, AC %d, speed %d ft) for up to %d hour(s).",
		p.Name, rules.Article(strings.ToLower(m.Name)), q.Combatant.HP, q.Combatant.AC, q.Combatant.Speed, hours))
	return nil
}

// shapeInto puts participant i in beast m's shape until round until.
func (e *Encounter) shapeInto(i int, m srd.Monster, until int) {
	p := &e.Participants[i]
	c := &p.Combatant
	p.Form = &Form{Beast: m.ID, Until: until, HP: c.HP, MaxHP: c.MaxHP, AC: c.AC, Speed: c.Speed,
		Str: c.Abilities.Str, Dex: c.Abilities.Dex, Con: c.Abilities.Con, Type: p.Type, Size: p.Size, Senses: p.Senses}
	c.HP, c.MaxHP, c.AC, c.Speed = max(m.HP, 1), max(m.HP, 1), m.AC, m.Speed["walk"]
	c.Abilities.Str, c.Abilities.Dex, c.Abilities.Con = m.Abilities.Str, m.Abilities.Dex, m.Abilities.Con
	p.Type, p.Size = "beast", strings.ToLower(m.Size)
	p.Actions, p.Traits = nil, nil
	for _, a := range m.Actions {
		if a.AttackBonus != nil || a.Multiattack != nil {
			p.Actions = append(p.Actions, a)
		}
	}
	for _, a := range m.SpecialAbilities {
		p.Traits = append(p.Traits, a.ID)
	}
	p.Specials = specialsOf(m)
	p.Senses = sensesOf(m, slices.Clone(p.Senses))
	p.sync()
}

// unshape puts participant i back in its own form, at its own hit
// points.
func (e *Encounter) unshape(i int) {
	p := &e.Participants[i]
	f := p.Form
	if f == nil {
		return
	}
	c := &p.Combatant
	c.HP, c.MaxHP, c.AC, c.Speed = f.HP, f.MaxHP, f.AC, f.Speed
	c.Abilities.Str, c.Abilities.Dex, c.Abilities.Con = f.Str, f.Dex, f.Con
	p.Type, p.Size, p.Senses = f.Type, f.Size, f.Senses
	p.Actions, p.Traits, p.Specials, p.Form = nil, nil, nil, nil
	if f.Own != nil {
		f.Own.restore(p) // a spell's shape put away more
	}
	p.sync()
}

// own is the participant as its own form: a druid in a beast's shape
// with its own numbers back (what its sheet keeps when the fight ends).
func (p Participant) own() rules.Combatant {
	c := p.Combatant
	if f := p.Form; f != nil {
		c.HP, c.MaxHP, c.AC, c.Speed = f.HP, f.MaxHP, f.AC, f.Speed
		c.Abilities.Str, c.Abilities.Dex, c.Abilities.Con = f.Str, f.Dex, f.Con
		if f.Own != nil {
			f.Own.onto(&c)
		}
	}
	return c
}

// wildShapeDropped returns a druid whose beast shape dropped to 0 hit
// points to its own form: what the drop did to the beast (unconscious,
// prone, dead of massive damage, concentration lost) is undone, and the
// damage beyond the beast's hit points carries over to the druid's own.
func wildShapeDropped(e *Encounter, res *Result, ti int, d rules.DamageResult, src dice.Source) error {
	p := e.Participants[ti]
	if p.Form == nil || !d.Dropped {
		return nil
	}
	beast := p.Form.Beast
	c := &e.Participants[ti].Combatant
	for _, ch := range d.Changes {
		switch {
		case ch.TargetID != p.ID:
		case ch.Field == rules.FieldCondition && ch.From == rules.Condition(0):
			if cond, ok := ch.To.(rules.Condition); ok {
				c.Conditions = c.Conditions.Without(cond)
			}
		case ch.Field == rules.FieldDead:
			c.Dead = false
		case ch.Field == rules.FieldConcentration:
			if s, ok := ch.From.(string); ok {
				c.Concentration = s
			}
		}
	}
	e.unshape(ti)
	p = e.Participants[ti]
	res.say(fmt.Sprintf("%s drops out of the shape of %s and is back in their own form (%d/%d HP).", p.Name, rules.Article(beast), p.Combatant.HP, p.Combatant.CurrentMaxHP()))
	if d.Leftover <= 0 {
		return nil
	}
	more, err := rules.TakeDamage(e.concentrator(ti, p.Combatant), rules.Hit{Damage: []rules.Damage{{Amount: d.Leftover}}}, src)
	if err != nil {
		return err
	}
	if err := e.apply(more.Changes); err != nil {
		return err
	}
	res.Rolls = append(res.Rolls, more.Rolls...)
	res.Changes = append(res.Changes, more.Changes...)
	e.Participants[ti].Stats.DamageTaken += more.Taken
	res.say("The rest of the damage carries over: " + more.Summary())
	return nil
}

// endWildShape is the bonus action that ends the shape.
func endWildShape(e *Encounter, res *Result, ai int) error {
	p := e.Participants[ai]
	if p.Form == nil {
		return refuse(NotAllowed, "action.feature", "%s is in no beast's shape", p.Name)
	}
	beast := p.Form.Beast
	e.unshape(ai)
	p = e.Participants[ai]
	res.say(fmt.Sprintf("%s sheds the shape of %s and is back in their own form (%d/%d HP).", p.Name, rules.Article(beast), p.Combatant.HP, p.Combatant.CurrentMaxHP()))
	return nil
}

// wildShapeLapses ends a shape whose hours are up as its druid's turn
// starts.
func wildShapeLapses(e *Encounter, res *Result, i int, _ dice.Source) error {
	p := e.Participants[i]
	if p.Form == nil || e.Round < p.Form.Until {
		return nil
	}
	beast := p.Form.Beast
	e.unshape(i)
	res.say(fmt.Sprintf("%s's time as %s is up: they are back in their own form.", p.Name, rules.Article(beast)))
	return nil
}

// shapeAllowsCasting refuses a spell to a druid in a beast's shape, unless it has
// Beast Spells.
func (p Participant) shapeAllowsCasting() error {
	if f := p.Form; f != nil && f.Spell == "shapechange" {
		return nil // Shapechange keeps its caster's features, and no rule stops its spells
	}
	if f := p.Form; f != nil && (f.Spell != "" || !slices.Contains(p.Combatant.Features, "beast-spells")) {
		return refuse(NotAllowed, "action.spell", "%s is in the shape of %s and can cast no spell in it", p.Name, rules.Article(p.Form.Beast))
	}
	return nil
}

// sanctuaryDC is the Wisdom save DC a druid's Nature's Sanctuary sets a
// beast or plant attacking it (ai on ti): its spell save DC; 0 when it
// sets none.
func (e Encounter) sanctuaryDC(ai, ti int) int {
	a, t := e.Participants[ai], e.Participants[ti]
	if !slices.Contains(t.Combatant.Features, "natures-sanctuary") || (a.Type != "beast" && a.Type != "plant") {
		return 0
	}
	return 8 + t.Combatant.ProficiencyBonus + t.Combatant.Modifier(rules.Wis)
}

// sensesOf adds a stat block's senses that see without light, or in the
// dark, to senses.
func sensesOf(m srd.Monster, senses []string) []string {
	for _, s := range []struct {
		name string
		has  bool
	}{{"blindsight", m.Senses.Blindsight > 0}, {"truesight", m.Senses.Truesight > 0}, {Darkvision, m.Senses.Darkvision > 0}} {
		if s.has && !slices.Contains(senses, s.name) {
			senses = append(senses, s.name)
		}
	}
	return senses
}

// WildShapeEffect is the lasting effect a druid's sheet keeps while it is
// in a beast's shape out of a fight: Note names the beast.
const WildShapeEffect = "wild-shape"

// BeastFor is the SRD beast named by choice that the character may take
// the shape of (Wild Shape), or the refusal of it.
func BeastFor(ch campaign.Character, choice string) (srd.Monster, error) {
	if choice == "" {
		return srd.Monster{}, refuse(InvalidArgs, "intent.choice", "name the beast %s becomes (choice: an SRD beast's id, \"wolf\")", ch.Name)
	}
	m, ok := srd.LookupMonster(slug(choice))
	if !ok {
		return srd.Monster{}, refuse(InvalidArgs, "intent.choice", "no SRD creature %q", truncate(choice, 60))
	}
	p := Participant{Name: ch.Name, Class: ch.Class, Combatant: rules.Combatant{Level: ch.Level}}
	return m, beastAllowed(p, m)
}

// shapeCarried starts in its beast's shape a druid whose sheet says it
// took one out of the fight (WildShapeEffect, carried in): the shape
// ends with the fight, so the effect does not go back out.
func (e *Encounter) shapeCarried() {
	keep := e.Effects[:0:0]
	for _, fx := range e.Effects {
		i := e.index(fx.TargetID)
		m, ok := srd.LookupMonster(fx.Note)
		if fx.ID != WildShapeEffect || i < 0 || !ok {
			keep = append(keep, fx)
			continue
		}
		hours := max(e.Participants[i].Combatant.Level/2, 1)
		e.shapeInto(i, m, e.Round+hours*600)
	}
	e.Effects = keep
}
