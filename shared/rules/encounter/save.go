package encounter

import (
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// Where the fight makes a saving throw. Every save it asks of a
// participant (an aura's, a breath's, a hit's condition, a repeated save
// at the end of a turn, a ward's, Sanctuary's) is save: the saver's
// modifiers gathered once (saveMods, and Bless's, Bane's and
// Resistance's d4s), each named in the roll's working, and the roll, the
// dice and the save recorded in the Result. The saves made inside
// another engine take the same modifiers: a spell's (saveSituation) and
// an attack's riders (riderSaves), and the save to keep concentrating
// that rules.TakeDamage makes (concentrator). Death saves are the core
// rules', made without the fight.

// A saveCall is a saving throw the fight asks of a participant: its
// ability and DC, what it is against (rules.SaveRequest.Against), its
// name in the roll record, and what the situation adds beyond the
// saver's own effects and features.
type saveCall struct {
	ability rules.Ability
	dc      int
	against []string
	reason  string
	// adv and dis are the situation's sources of advantage and
	// disadvantage (Turn Undead's turn resistance, a hag's glare).
	adv, dis []string
	// saver is the saver as it rolls, when not as it stands (a creature
	// Undead Fortitude holds up, a halfling whose Lucky the window
	// offers instead of the dice).
	saver *rules.Combatant
	// window offers the saver's answers to the save as rolled (Lucky,
	// Indomitable, a Ring of Evasion) at moment k of the turn, whose roll
	// is res.Rolls[at], and returns the save as it then stands. Only a
	// save made while the fight waits for reactions (a monster's turn)
	// has one.
	window func(res *Result, saver rules.Combatant, req rules.SaveRequest, sv rules.SaveResult, k, at int) (rules.SaveResult, error)
}

// save has participant i make save c with everything the fight gives it
// (saveTerms, and a Bardic Inspiration die held in reserve) and records
// it in res: the save's rolls and then the d4s', what to say of the d4s,
// the one-roll effects they used up, the save itself (Result.Saves) and
// a Bardic Inspiration die it spent. The caller tells the outcome.
func (e *Encounter) save(res *Result, i int, c saveCall, src dice.Source) (rules.SaveResult, error) {
	terms, adv, dis, b := e.saveTerms(i, c.ability, src)
	req := rules.SaveRequest{Ability: c.ability, DC: c.dc, Bonus: campaign.SumTerms(terms), BonusTerms: terms,
		Advantage: append(adv, c.adv...), Disadvantage: append(dis, c.dis...), Against: c.against, Reason: c.reason,
		Reserves: e.inspiration(i)}
	saver := e.Participants[i].Combatant
	if c.saver != nil {
		saver = *c.saver
	}
	sv, err := rules.Save(saver, req, src)
	if err != nil {
		return sv, fault.Wrap(fault.Internal, actOp, err)
	}
	k, at := 0, len(res.Rolls)
	if c.window != nil {
		k = res.moment()
	}
	res.Rolls = append(append(res.Rolls, sv.Rolls...), b.rolls...)
	for _, n := range b.notes {
		res.say(n)
	}
	if c.window != nil {
		if sv, err = c.window(res, saver, req, sv, k, at); err != nil {
			return sv, err
		}
	}
	if err := e.useUp(res, b.spent); err != nil {
		return sv, err
	}
	res.Saves = append(res.Saves, sv)
	return sv, e.spendReserved(res, i, sv.Reserved)
}

// saveTerms is what the fight gives participant i's save of ability a,
// whether the fight makes it (save) or a spell does (saveSituation): the
// d4s of Bless, Bane and Resistance drawn from src, then its effects' and
// features' bonuses (saveMods), each named, and their advantage and
// disadvantage. The d4s' rolls, what to say of them and the one-roll
// effects they use up are in b.
func (e *Encounter) saveTerms(i int, a rules.Ability, src dice.Source) (terms []campaign.Term, adv, dis []string, b saved) {
	terms, adv, dis = e.saveMods(i, a)
	_, b.rolls, b.notes, b.spent = e.blessing(i, "saving throw", src)
	return append(blessTerms(b.rolls), terms...), adv, dis, b
}

// saveMods is what participant i's effects and features do to its saving
// throw of ability a: bonuses, each named as the save's working shows it
// (Slow's -2 on Dexterity saves, Warding Bond's +1, an Aura of
// Protection's Charisma: featuresSaves), and sources of advantage and
// disadvantage (Haste's on Dexterity saves, Beacon of Hope's on Wisdom
// saves, Holy Aura's on all). One spell counts once, however many cast it.
// Bless's, Bane's and Resistance's d4s are drawn apart (blessing).
func (e Encounter) saveMods(i int, a rules.Ability) (terms []campaign.Term, adv, dis []string) {
	id := e.Participants[i].ID
	if a == rules.Dex && e.holds(id, "haste") {
		adv = append(adv, "Haste")
	}
	if a == rules.Dex && e.holds(id, "slow") {
		terms = append(terms, campaign.Term{Value: -2, Source: "Slow", Kind: campaign.TermSpell})
	}
	if a == rules.Wis && e.holds(id, "beacon-of-hope") {
		adv = append(adv, "Beacon of Hope")
	}
	if e.holds(id, "holy-aura") {
		adv = append(adv, "Holy Aura")
	}
	terms = append(terms, e.buffSaves(i)...) // Warding Bond
	more, fadv := e.featuresSaves(i, a)
	terms = append(terms, more...)
	dis = append(dis, e.controlSaves(i, a)...)   // Irresistible Dance
	dis = append(dis, e.sunWeakSaves(i)...)      // Sunlight Weakness (tactics.go)
	bodyAdv, bodyDis := e.bodySaves(i, a)        // Enlarge/Reduce, Gaseous Form
	adv = append(adv, e.boonsSaves(i, a)...)     // Foresight, Heroes' Feast
	adv = append(adv, e.empoweredSaves(i, a)...) // a clay golem's Haste (hindrances.go)
	return terms, append(append(adv, fadv...), bodyAdv...), append(dis, bodyDis...)
}

// riderSaves adds what participant ti's effects and features do to its
// saves against an attack's riders (saveMods). Bless's, Bane's and
// Resistance's d4s are left out: they would be drawn before the attack
// roll, hit or miss.
func (e Encounter) riderSaves(ti int, req *rules.AttackRequest) {
	if len(req.Riders) == 0 {
		return
	}
	req.Riders = slices.Clone(req.Riders)
	for i := range req.Riders {
		sv := &req.Riders[i].Save
		terms, adv, dis := e.saveMods(ti, sv.Ability)
		sv.Bonus += campaign.SumTerms(terms)
		sv.BonusTerms = append(slices.Clip(sv.BonusTerms), terms...)
		sv.Advantage = append(slices.Clip(sv.Advantage), adv...)
		sv.Disadvantage = append(slices.Clip(sv.Disadvantage), dis...)
	}
}

// saved is what the d4s of Bless, Bane and Resistance did to a save, or
// to the saves a spell forced: their rolls (drawn before the save's),
// what to say of them and the one-roll effects used up.
type saved struct {
	rolls []rules.Roll
	notes []string
	spent []Effect
}

// saveSituation adds what participant i's effects and features do to
// its save against spell s to its situation in opts (saveMods), drawing
// Bless's, Bane's and Resistance's d4s from src into sv: the spell makes
// the save itself (spell.Cast).
func (e *Encounter) saveSituation(i int, s srd.Spell, opts *spell.Options, sv *saved, src dice.Source) {
	a := spell.SaveAbility(s)
	if a == 0 {
		return
	}
	terms, adv, dis, b := e.saveTerms(i, a, src)
	sv.rolls, sv.notes, sv.spent = append(sv.rolls, b.rolls...), append(sv.notes, b.notes...), append(sv.spent, b.spent...)
	if len(terms) == 0 && len(adv) == 0 && len(dis) == 0 {
		return
	}
	opts.Situate(e.Participants[i].ID, func(sit *spell.Situation) {
		sit.SaveBonus += campaign.SumTerms(terms)
		sit.SaveTerms = append(slices.Clip(sit.SaveTerms), terms...)
		sit.Advantage = append(slices.Clip(sit.Advantage), adv...)
		sit.Disadvantage = append(slices.Clip(sit.Disadvantage), dis...)
	})
}

// concentrator is participant i's combatant c as damage meets it in the
// fight: its save to keep concentrating takes what the fight gives its
// other Constitution saves (saveMods), and Bless's and Bane's d4s, which
// rules.TakeDamage draws only if the save is made. Resistance's d4 is
// left to the saves the fight makes itself (save), where using it up is
// recorded.
func (e Encounter) concentrator(i int, c rules.Combatant) rules.Combatant {
	if i < 0 || c.Concentration == "" {
		return c
	}
	terms, adv, dis := e.saveMods(i, rules.Con)
	m := rules.SaveMods{Dice: e.blessDice(i), Terms: terms, Advantage: adv, Disadvantage: dis}
	if len(m.Dice) == 0 && len(terms) == 0 && len(adv) == 0 && len(dis) == 0 {
		return c
	}
	c.ConcentrationSave = &m
	return c
}

// blessDice are the dice participant i's effects add to a saving throw
// not yet made (blessing draws them for one being made), each named by
// its spell, less the one-roll effects a save uses up.
func (e Encounter) blessDice(i int) []rules.SaveDie {
	var out []rules.SaveDie
	for _, b := range e.blessings(i, "saving throw") {
		if b.fx.ID == "resistance" {
			continue
		}
		d := rules.SaveDie{Dice: b.dice, Source: b.name(), Kind: campaign.TermSpell, Negative: b.fx.ID == "baned"}
		if b.fx.ID == leadershipID {
			d.Kind = campaign.TermFeature
		}
		out = append(out, d)
	}
	return out
}
