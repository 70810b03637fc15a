package encounter

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// What a caster's class features make of a spell it casts: a feature
// may pay for it another way than the class's list and slots allow (an
// invocation's spell at will, a signature spell, a mystic arcanum: the
// pays hook), and shape it (a Metamagic option, Elemental Affinity,
// Sculpt Spells: the cast hook). cast.go builds a casting from the
// Action, lets the caster's features change it, and then checks, spends
// and resolves what it says.

// casting is one spell a character casts, as its features shape it.
type casting struct {
	spell srd.Spell
	// slot is the level it is cast at; asked says the cast named it.
	slot  int
	asked bool
	ids   []string // the targets, TargetID first
	opts  spell.Options
	// payer is the feature that pays for it, "" for the class's slots;
	// listed: a feature lets the caster cast the spell though its
	// class's list lacks it; free: no spell slot is spent.
	payer        string
	listed, free bool
	// self: the caster is the spell's one target; only: the creature
	// types its targets must be.
	self bool
	only []string
	// bonus: the casting takes the bonus action though the spell takes
	// an action (Quickened Spell); subtle: no foe sees it cast, to
	// counter it (Subtle Spell).
	bonus, subtle bool
	// with are the features the Action works into the spell, by id;
	// claimed those a cast hook has played; spared says a feature took
	// the Action's Spare.
	with    []string
	claimed []string
	spared  bool
	// spend is what the casting costs of the caster's resources, by id,
	// and by the features spending them.
	spend map[string]int
	by    []string
	// after are what follows the spell once it is resolved and its
	// lasting effects are kept: a push, an effect stretched, the price of
	// Overchannel.
	after []func(e *Encounter, res *Result, ai int, sr spell.Result, src dice.Source) error
}

// uses reports whether the Action works feature id into the spell, and
// marks it played.
func (c *casting) uses(id string) bool {
	if !slices.Contains(c.with, id) {
		return false
	}
	if !slices.Contains(c.claimed, id) {
		c.claimed = append(c.claimed, id)
	}
	return true
}

// pay adds n of resource id to what the casting costs, for feature by.
func (c *casting) pay(id string, n int, by string) {
	if c.spend == nil {
		c.spend = map[string]int{}
	}
	c.spend[id] += n
	c.by = append(c.by, by)
}

// then adds what follows the spell.
func (c *casting) then(f func(e *Encounter, res *Result, ai int, sr spell.Result, src dice.Source) error) {
	c.after = append(c.after, f)
}

// spare marks the target id spared by the caster; whole spares it the
// half damage of a success too.
func (c *casting) spare(id string, whole bool) {
	c.opts.Situate(id, func(sit *spell.Situation) {
		sit.Spared = true
		sit.Unharmed = sit.Unharmed || whole
	})
}

// deals reports whether the spell deals damage of type t (any type when
// t is 0).
func deals(s srd.Spell, t rules.DamageType) bool {
	for _, d := range []*srd.SpellDamage{s.Damage, s.ExtraDamage} {
		if d == nil {
			continue
		}
		if dt, err := rules.ParseDamageType(d.Type); t == 0 || (err == nil && dt == t) {
			return true
		}
	}
	return s.ID == "magic-missile" && (t == 0 || t == rules.Force)
}

// forcesSave reports whether the spell makes its targets save.
func forcesSave(s srd.Spell) bool { return spell.SaveAbility(s) != 0 }

// shape builds participant ai's casting of s from the Action: the
// features that pay for it and shape it have their say, and what it
// costs is checked against what the caster has left and taken.
func (e *Encounter) shape(ai int, in Action, s srd.Spell, ids []string) (*casting, error) {
	p := e.Participants[ai]
	c := &casting{spell: s, slot: in.SlotLevel, asked: in.SlotLevel != 0, ids: ids}
	if c.slot == 0 {
		c.slot = s.Level
	}
	item := ""
	for _, name := range in.With {
		if id, ok := p.itemNamed(name); ok && item == "" {
			item = id // a wand the spell is cast from
			continue
		}
		id, ok := p.featureNamed(name)
		if !ok {
			return nil, refuse(NotAllowed, "action.with", "%s has no feature or charged magic item %q to cast with", p.Name, truncate(name, 40))
		}
		if !slices.Contains(c.with, id) {
			c.with = append(c.with, id)
		}
	}
	pays(&p, c)
	if item != "" {
		if err := c.fromItem(item); err != nil {
			return nil, err
		}
	}
	for _, f := range p.featureHooks() {
		if f.cast != nil {
			if err := f.cast(e, ai, in, c); err != nil {
				return nil, err
			}
		}
	}
	for _, id := range c.with {
		if !slices.Contains(c.claimed, id) {
			f, _ := srd.LookupFeature(id)
			return nil, refuse(NotAllowed, "action.with", "%s can't be worked into %s", f.Name, s.Name)
		}
	}
	if len(in.Spare) > 0 && !c.spared {
		return nil, refuse(NotAllowed, "action.spare", "nothing lets %s spare creatures from %s", p.Name, s.Name)
	}
	for _, id := range slices.Sorted(maps.Keys(c.spend)) {
		if left, n := p.left(id), c.spend[id]; left < n {
			if m, ok := srd.LookupMagicItem(strings.TrimPrefix(id, itemPool)); ok {
				return nil, refuse(NotAllowed, "action.with", "%s from %s takes %d charges, and it has %d left; it regains some at dawn", s.Name, m.Name, n, left)
			}
			r, _ := srd.LookupResource(id)
			return nil, refuse(NotAllowed, "action.with", "%s needs %d %s and %s has %d left; %s", s.Name, n, r.Name, p.Name, left, rechargeText(r))
		}
	}
	return c, nil
}

// pays lets the first of p's features that takes the casting pay for
// it.
func pays(p *Participant, c *casting) {
	for _, id := range p.Combatant.Features {
		if f := features[id]; f.pays != nil && f.pays(*p, c) {
			c.payer = id
			return
		}
	}
}

// spendAll takes what the casting costs from participant ai's pools.
func (e *Encounter) spendAll(ai int, c *casting) {
	if len(c.spend) == 0 {
		return
	}
	p := &e.Participants[ai]
	p.Pools = maps.Clone(p.Pools)
	for id, n := range c.spend {
		pool := p.Pools[id]
		pool.Used += n
		p.Pools[id] = pool
	}
}

// featureNamed is the id of the feature of p's a cast names: its id
// ("metamagic-twinned-spell"), or the word a Metamagic option is known
// by ("twinned").
func (p Participant) featureNamed(name string) (string, bool) {
	name = strings.ToLower(strings.TrimSpace(name))
	for _, id := range []string{name, "metamagic-" + name + "-spell", "metamagic-" + name} {
		if slices.Contains(p.Combatant.Features, id) {
			return id, true
		}
	}
	return "", false
}

// told says what the features made of the casting, before the spell.
func (c *casting) told(p Participant) string {
	if len(c.by) == 0 {
		return ""
	}
	var names []string
	for _, id := range c.by {
		name := id
		if m, ok := srd.LookupMagicItem(strings.TrimPrefix(id, itemPool)); ok && strings.HasPrefix(id, itemPool) {
			name = m.Name
		} else if f, ok := srd.LookupFeature(id); ok {
			name = strings.TrimPrefix(strings.TrimPrefix(f.Name, "Metamagic: "), "Eldritch Invocation: ")
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	s := fmt.Sprintf("%s casts %s with %s", p.Name, c.spell.Name, strings.Join(names, " and "))
	if n := c.spend[sorceryPoints]; n > 0 {
		s += fmt.Sprintf(" (%d sorcery point%s)", n, map[bool]string{true: "s"}[n != 1])
	}
	if c.free && c.spell.Level > 0 {
		s += ", without a slot"
	}
	return s + "."
}

// Plan is what a character's features make of a spell it casts out of a
// fight: a spell its class's list lacks that a feature lets it cast
// (Listed), one cast without a spell slot (Free), on the caster alone
// (Self), at slot level Slot, and what it costs of the character's
// resources (Spend).
type Plan struct {
	Listed, Free, Self bool
	Slot               int
	Spend              map[string]int
}

// PlanCast is what ch's features make of its casting spell s at slot
// (0: the spell's own level) out of a fight, where its features pay for
// it but shape nothing: the plan, and whether a feature took it. What it
// spends is not checked against what is left (the caller's).
func PlanCast(ch campaign.Character, s srd.Spell, slot int) (Plan, bool) {
	p := characterParticipant(ch)
	c := &casting{spell: s, slot: slot, asked: slot != 0}
	if c.slot == 0 {
		c.slot = s.Level
	}
	pays(&p, c)
	if c.payer == "" {
		return Plan{}, false
	}
	return Plan{Listed: c.listed, Free: c.free, Self: c.self, Slot: c.slot, Spend: c.spend}, true
}

// spellHits are the hits of participant ai's spell attacks (sr) as
// moments its features used on a hit may answer (ActWith), in order:
// those that change nothing of the attack, only what follows it (Hurl
// Through Hell), play what they do on the choices taken (rs), and the
// hits are offered those still to take.
func (e *Encounter) spellHits(res *Result, ai int, sr spell.Result, rs Reactions) error {
	p := e.Participants[ai]
	if p.Kind != KindCharacter {
		return nil
	}
	// The action's attack rolls by the caster are its spell's, in order.
	var attackRolls []int
	for i, x := range res.Rolls {
		if x.Reason == "attack roll" && x.RollerID == p.ID {
			attackRolls = append(attackRolls, i)
		}
	}
	n := -1
	for _, o := range sr.Targets {
		for _, r := range o.Attacks {
			if n++; !r.Hit {
				continue
			}
			k, ti := res.moment(), e.index(o.TargetID)
			pre := e.clone()
			taken := rs.at(k)
			for _, t := range taken {
				f, ok := srd.LookupFeature(t.Name)
				play := features[t.Name].onHit
				switch {
				case t.By != p.ID:
					return refuse(NotAllowed, "reaction", "only the attacker chooses what its hit does")
				case !ok || play == nil || play.before != nil || !slices.Contains(p.Combatant.Features, f.ID):
					return refuse(NotAllowed, "reaction", "%s cannot use %s on this hit", p.Name, truncate(t.Name, 40))
				}
				if f.Resource != "" {
					if err := e.spendPool(ai, f, max(f.Cost, 1)); err != nil {
						return err
					}
				}
				if play.after != nil {
					if err := play.after(e, res, ai, ti, r, rs.source(t)); err != nil {
						return err
					}
				}
				res.Applied = append(res.Applied, applied(t, e.Participants[ai], p.Name+" uses "+f.Name+"."))
			}
			var offers []Offer
			for _, id := range p.Combatant.Features {
				play := features[id].onHit
				if play == nil || play.before != nil || slices.ContainsFunc(taken, func(t campaign.Reaction) bool { return t.Name == id }) {
					continue
				}
				f, _ := srd.LookupFeature(id)
				if f.Resource != "" && pre.Participants[ai].left(f.Resource) < max(f.Cost, 1) {
					continue
				}
				if play.offer == nil || play.offer(pre, ai, ti, r) {
					offers = append(offers, offerTo(pre.Participants[ai], id, ChangesYes))
				}
			}
			if len(offers) > 0 {
				at := 0
				if n < len(attackRolls) {
					at = attackRolls[n]
				}
				res.Openings = append(res.Openings, Opening{Attack: k, Roll: at, AttackerID: p.ID, TargetID: o.TargetID, Offers: pre.previewed(offers, Moment{Attack: &r})})
			}
		}
	}
	return nil
}

// itemPool prefixes the pool of a charged magic item's charges
// (Participant.Pools: "item:wand-of-magic-missiles"), which the fight
// spends and writes back on the item's stack when it ends.
const itemPool = "item:"

// itemNamed is the id of the charged magic item of p's a cast names: its
// id or its name ("wand of magic missiles").
func (p Participant) itemNamed(name string) (string, bool) {
	id := slug(name)
	if _, ok := p.Pools[itemPool+id]; ok {
		return id, true
	}
	return "", false
}

// fromItem has magic item id pay for the casting with its charges: the
// spell must be one it casts, at its level or, where the item allows, a
// level higher for each more charge; it costs no slot, and the spell need
// not be the caster's. Its own save DC or attack bonus, where it has one,
// is the spell's.
func (c *casting) fromItem(id string) error {
	m, _ := srd.LookupMagicItem(id)
	i := slices.IndexFunc(m.Spells, func(s srd.ItemSpell) bool { return s.ID == c.spell.ID })
	if i < 0 {
		return refuse(NotAllowed, "action.with", "%s does not cast %s", m.Name, c.spell.Name)
	}
	s := m.Spells[i]
	if !c.asked {
		c.slot = s.Level
	}
	switch {
	case c.slot < s.Level:
		return refuse(NotAllowed, "action.slot_level", "%s casts %s at level %d or higher", m.Name, c.spell.Name, s.Level)
	case c.slot > s.Level && !s.Upcast:
		return refuse(NotAllowed, "action.slot_level", "%s casts %s at level %d only", m.Name, c.spell.Name, s.Level)
	case s.MaxLevel > 0 && c.slot > s.MaxLevel:
		return refuse(NotAllowed, "action.slot_level", "%s casts %s at level %d at most", m.Name, c.spell.Name, s.MaxLevel)
	}
	charges := s.Charges
	if s.Upcast {
		charges += c.slot - s.Level
	}
	c.payer, c.listed, c.free = itemPool+id, true, true
	if c.spend == nil {
		c.spend = map[string]int{}
	}
	c.spend[itemPool+id] += charges
	c.by = append(c.by, itemPool+id)
	if s.DC > 0 {
		c.opts.DC = s.DC
	}
	if s.Attack > 0 {
		c.opts.AttackBonus = s.Attack
	}
	return nil
}
