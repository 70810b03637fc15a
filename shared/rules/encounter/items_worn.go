package encounter

import (
	"slices"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// Potions that give a spell's effect: drunk in a fight (ActionPotion),
// the spell is cast on the drinker as the rules cast it (spell.Cast),
// with no slot and no concentration, and its effects last as long as
// the potion says. A Potion of Heroism adds its 10 temporary hit points
// to Bless; a Potion of Invisibility's invisibility ends, as the spell's
// does, when the drinker attacks or casts a spell (reveal).

// spellPotion is what a potion gives: the effect of Spell (in its Form,
// for Enlarge/Reduce), for Rounds of the fight as Ends says (a duration
// of dice counts its least: no fight lasts an hour), and TempHP
// temporary hit points.
type spellPotion struct {
	Spell  string
	Form   string
	Ends   string
	Rounds int
	TempHP int
}

var spellPotions = map[string]spellPotion{
	"potion-of-heroism":      {Spell: "bless", Ends: "1 hour", Rounds: 600, TempHP: 10},
	"potion-of-speed":        {Spell: "haste", Ends: "1 minute", Rounds: 10},
	"potion-of-invisibility": {Spell: "invisibility", Ends: "1 hour, or until the drinker attacks or casts a spell", Rounds: 600},
	"potion-of-growth":       {Spell: "enlarge-reduce", Form: "enlarge", Ends: "1d4 hours", Rounds: 600},
	"potion-of-diminution":   {Spell: "enlarge-reduce", Form: "reduce", Ends: "1d4 hours", Rounds: 600},
}

// PlaysItem reports whether the fight plays magic item id by code of
// its own rather than by the numbers its data carries: a potion that
// gives a spell's effect, a worn item of itemFeatures, one of
// playedItems.
func PlaysItem(id string) bool {
	_, potion := spellPotions[id]
	_, worn := itemFeatures[id]
	_, other := playedItems[id]
	return potion || worn || other
}

// playedItems are the other magic items the fight plays in code of its
// own, each where what it changes is read, and what of each is told
// still.
var playedItems = map[string]string{
	// Among its wearer's Features from the sheet (rules.DiseaseImmune):
	// no monster's hit gives it a disease, and no Contagion takes hold.
	rules.PeriaptOfHealth: "afflict.go: a disease passes its wearer by",
	// Its wearer's failed Dexterity save a success, for a reaction and a
	// charge.
	ringOfEvasion: "items_evasion.go: evade",
	// Hidden from divination as a Nondetection hides, out of a fight,
	// where its sheet is read.
	spell.ProofAgainstDetection: "spell/divination.go: HiddenFromDivination",
	// Its hit points healed only by a rest: the fight keeps no ledger of
	// which hit points a blow took, so healing is never refused.
	swordOfWounding: "items_wounding.go: woundWith, its wound an ongoing harm (riders.go)",
	// Difficult terrain costing it nothing: the fights keep no terrain.
	// Its speed reduced by magic: they keep no distances either. A
	// monster's magical restraint (a cockatrice's petrifying bite) is
	// not told apart from a mundane one.
	rules.FreeAction: "spell/cast.go: freed, a spell's paralysis or restraint refused",
	// An armour whose damage type was never chosen resists nothing, and
	// its sheet says so (campaign.ItemEffect).
	"armor-of-resistance": "campaign/magic.go: MagicOf, the resistance its stack's Pick names",
}

// drinkSpell is ActionPotion with a potion of spellPotions: participant
// ai drinks it, or gives it to participant ti, who has the spell's
// effect. The checks drinkMagic makes are made first.
func (e *Encounter) drinkSpell(res *Result, ai, ti int, in Action, m srd.MagicItem, src dice.Source) error {
	pot := spellPotions[m.ID]
	s, ok := srd.LookupSpell(pot.Spell)
	if !ok {
		return fault.E(fault.Internal, actOp, "potion %s: no spell %s", m.ID, pot.Spell)
	}
	p, t := e.Participants[ai], e.Participants[ti]
	who := p.Name + " drinks "
	if ti != ai {
		who = p.Name + " gives " + t.Name + " "
	}
	res.say(who + rules.Article(m.Name) + ".")
	// The drinker is the spell's caster and its one willing target:
	// Enlarge/Reduce asks for an ability, though a willing target makes
	// no save against it.
	opts := spell.Options{Innate: true, Form: pot.Form, Ability: rules.Con}
	sr, err := spell.Cast(t.Combatant, s.ID, max(s.Level, 0), []rules.Combatant{t.Combatant}, opts, src, srd.LookupSpell)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	// No concentration: the potion holds the effect, not the drinker.
	kept := sr.Changes[:0]
	for _, ch := range sr.Changes {
		if ch.Field != rules.FieldConcentration {
			kept = append(kept, ch)
		}
	}
	sr.Changes, sr.Concentration, sr.ConcentrationEnded = kept, false, ""
	if err := e.take(res, ti, sr, src); err != nil {
		return err
	}
	told := "The potion gives " + t.Name + " the effect of " + s.Name + ", with no concentration"
	if _, clauses, ok := strings.Cut(sr.Summary(), ": "); ok {
		told += ": " + strings.ReplaceAll(clauses, " while "+t.Name+" concentrates", "")
	} else {
		told += "."
	}
	res.say(told)
	for _, fx := range sr.Effects {
		fx.Concentration, fx.Ends, fx.CasterID = false, pot.Ends, t.ID
		until := Until{Round: e.Round + pot.Rounds, Turn: t.ID}
		if err := e.add(res, Effect{Effect: fx, SlotLevel: s.Level, Until: until}, src); err != nil {
			return err
		}
	}
	if pot.TempHP > 0 {
		tr, err := rules.GrantTempHP(e.Participants[ti].Combatant, flat(pot.TempHP), src)
		if err != nil {
			return fault.Wrap(fault.Internal, actOp, err)
		}
		if err := e.apply(tr.Changes); err != nil {
			return err
		}
		res.Changes = append(res.Changes, tr.Changes...)
		res.say(tr.Summary())
	}
	if !in.Bonus {
		e.Participants[ai].Turn.ActionUsed = true
	}
	e.Participants[ti].sync()
	return nil
}

// Worn magic items the fight plays by name: a worn, working one's id is
// among its wearer's Combatant.Features (wornFeatures), and its row in
// itemFeatures plays it as a class feature's row plays the feature.
//   - A Cloak of Displacement gives every attack roll against its wearer
//     disadvantage, unless the wearer is incapacitated, restrained or
//     has no speed; once the wearer takes damage, not until the start of
//     its next turn (displacementLapsed marks the lapse).
//   - A Periapt of Wound Closure stabilises its dying wearer at the start
//     of its turn, before a death saving throw is asked.
var itemFeatures = map[string]classFeature{
	"cloak-of-displacement": {
		attacked: func(e *Encounter, _, ti int, req *rules.AttackRequest) {
			c := e.Participants[ti].Combatant
			if slices.Contains(c.Features, displacementLapsed) || c.Incapacitated() || c.Conditions.Has(rules.Restrained) || c.Speed <= 0 {
				return
			}
			req.Disadvantage = append(slices.Clip(req.Disadvantage), "Cloak of Displacement")
		},
		damaged: func(e *Encounter, res *Result, ti int, d rules.DamageResult, _ dice.Source) error {
			p := &e.Participants[ti]
			if d.Taken <= 0 || slices.Contains(p.Combatant.Features, displacementLapsed) {
				return nil
			}
			p.Combatant.Features = append(slices.Clip(p.Combatant.Features), displacementLapsed)
			res.say(p.Name + "'s Cloak of Displacement flickers out until the start of " + p.Name + "'s next turn.")
			return nil
		},
		turnStarts: func(e *Encounter, _ *Result, i int, _ dice.Source) error {
			p := &e.Participants[i]
			p.Combatant.Features = slices.DeleteFunc(slices.Clone(p.Combatant.Features), func(f string) bool { return f == displacementLapsed })
			return nil
		},
	},
	"periapt-of-wound-closure": {
		turnStarts: func(e *Encounter, res *Result, i int, _ dice.Source) error {
			c := e.Participants[i].Combatant
			if !c.Dying() {
				return nil
			}
			r, err := rules.Stabilize(c, "a Periapt of Wound Closure")
			if err != nil {
				return fault.Wrap(fault.Internal, actOp, err)
			}
			if err := e.apply(r.Changes); err != nil {
				return err
			}
			res.Changes = append(res.Changes, r.Changes...)
			res.say(r.Summary())
			return nil
		},
	},
}

// displacementLapsed marks, among a wearer's Combatant.Features, a Cloak
// of Displacement that took damage and does not work until its turn.
const displacementLapsed = "cloak-of-displacement-lapsed"

// wornFeatures is features with the ids of the magic items character ch
// wears that itemFeatures plays.
func wornFeatures(features []string, ch campaign.Character) []string {
	for _, id := range campaign.WornMagic(ch.Inventory) {
		if _, ok := itemFeatures[id]; ok && !slices.Contains(features, id) {
			features = append(slices.Clip(features), id)
		}
	}
	return features
}
