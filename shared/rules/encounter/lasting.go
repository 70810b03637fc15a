package encounter

import (
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// Lasting effects between fights: a character's effects (campaign.Effect,
// until a game time) come into a fight as it starts, with the rounds they
// have left, and those still in force go back out with it when it ends.

// Now is the game time the fight has reached: its Clock, plus six
// seconds for each round begun before the current one; once it has
// ended, for every round it lasted.
func (e Encounter) Now() int64 {
	n := int64(max(e.Round-1, 0))
	if e.Status == Ended {
		n = int64(max(e.Round, 1))
	}
	return e.Clock + n*campaign.Round
}

// secondsAt is the game time of a moment of the fight; 0 for the zero
// Until, which never comes.
func (e Encounter) secondsAt(u Until) int64 {
	if u.Round <= 0 {
		return 0
	}
	return e.Clock + int64(u.Round-1)*campaign.Round
}

// untilAt is the moment of the fight at game time t: the start of the
// round under way then (its first round at the latest); the zero Until
// for 0.
func (e Encounter) untilAt(t int64) Until {
	if t <= 0 {
		return Until{}
	}
	left := max(t-e.Clock, 0)
	n := (left + campaign.Round - 1) / campaign.Round
	return Until{Round: 1 + int(min(n, 1<<20))}
}

// LastingUntil is when an effect of spell s cast at game time clock out
// of a fight ends by time: its Ends's or else the spell's duration from
// clock, one round for an effect that lasts to a next turn; 0 for a
// spell with no duration in time (until dispelled).
func LastingUntil(fx spell.Effect, s srd.Spell, clock int64) int64 {
	ends := strings.ToLower(fx.Ends)
	switch {
	case fx.Ends == spell.UntilLongRest:
		return 0 // the long rest ends it (turn's rest)
	case strings.Contains(ends, "next turn"):
		return clock + campaign.Round
	}
	n := rounds(ends)
	if n == 0 {
		n = rounds(strings.ToLower(s.Duration))
	}
	if n == 0 {
		return 0
	}
	return clock + int64(n)*campaign.Round
}

// Lasting is a spell's effect as a character's sheet keeps it, until game
// time until.
func Lasting(fx spell.Effect, slotLevel int, until int64) campaign.Effect {
	out := campaign.Effect{ID: fx.ID, Spell: fx.Spell, CasterID: fx.CasterID, Dice: fx.Dice,
		AC: fx.AC, MaxHP: fx.MaxHP, Speed: fx.Speed, Nonmagical: fx.Nonmagical, Weapon: fx.Weapon, Bonus: fx.Bonus,
		Left: fx.Left, Concentration: fx.Concentration, SlotLevel: slotLevel, Ends: fx.Ends, Note: fx.Note, Until: until, DC: fx.DC, Summon: fx.Summon, Pick: fx.Pick, Area: fx.Area, Held: fx.Held}
	if fx.Condition != 0 {
		out.Condition = fx.Condition.String()
	}
	if fx.DamageType != 0 {
		out.DamageType = fx.DamageType.String()
	}
	for t := range fx.Resist.All() {
		out.Resist = append(out.Resist, t.String())
	}
	for c := range fx.Immune.All() {
		out.Immune = append(out.Immune, c.String())
	}
	for t := range fx.ImmuneDamage.All() {
		out.ImmuneDamage = append(out.ImmuneDamage, t.String())
	}
	return out
}

// effectOf is a character's lasting effect as the fight keeps it, on
// participant target; what it names that the rules do not know is left
// out.
func (e Encounter) effectOf(ce campaign.Effect, target string) Effect {
	fx := spell.Effect{ID: ce.ID, Spell: ce.Spell, CasterID: ce.CasterID, TargetID: target, Dice: ce.Dice,
		AC: ce.AC, MaxHP: ce.MaxHP, Speed: ce.Speed, Nonmagical: ce.Nonmagical, Weapon: ce.Weapon, Bonus: ce.Bonus,
		Left: ce.Left, Concentration: ce.Concentration, Ends: ce.Ends, Note: ce.Note, DC: ce.DC, Summon: ce.Summon, Pick: ce.Pick, Area: ce.Area, Held: ce.Held}
	if c, err := rules.ParseCondition(ce.Condition); err == nil && ce.Condition != "" {
		fx.Condition = c
	}
	if t, err := rules.ParseDamageType(ce.DamageType); err == nil && ce.DamageType != "" {
		fx.DamageType = t
	}
	for _, name := range ce.Resist {
		if t, err := rules.ParseDamageType(name); err == nil {
			fx.Resist = fx.Resist.With(t)
		}
	}
	for _, name := range ce.Immune {
		if c, err := rules.ParseCondition(name); err == nil {
			fx.Immune = fx.Immune.With(c)
		}
	}
	for _, name := range ce.ImmuneDamage {
		if t, err := rules.ParseDamageType(name); err == nil {
			fx.ImmuneDamage = fx.ImmuneDamage.With(t)
		}
	}
	return Effect{Effect: fx, SlotLevel: ce.SlotLevel, Until: e.untilAt(ce.Until)}
}

// carryIn brings each character's lasting effects into the fight. The
// sheet already counts their AC, speed and hit point maximum; what it
// does not keep, the resistances and condition immunities they give, the
// participant gets here, as an effect cast in the fight would.
func (e *Encounter) carryIn(chars []campaign.Character) {
	for _, ch := range chars {
		i := e.index(ch.ID)
		if i < 0 {
			continue
		}
		for _, ce := range ch.Effects {
			fx := e.effectOf(ce, ch.ID)
			p := &e.Participants[i]
			if !fx.Nonmagical {
				fx.Granted = fx.Resist &^ p.Combatant.Resistances
				p.Combatant.Resistances |= fx.Granted
			}
			fx.GrantedImmune = fx.Immune &^ p.Combatant.ConditionImmunities
			p.Combatant.ConditionImmunities |= fx.GrantedImmune
			fx.GrantedImmuneDamage = fx.ImmuneDamage &^ p.Combatant.Immunities
			p.Combatant.Immunities |= fx.GrantedImmuneDamage
			e.Effects = append(e.Effects, fx)
		}
	}
}

// lasts reports whether an effect goes out of the fight with the
// characters: a character's spell on a character, with time left beyond
// the round under way (or none by time), not a spell's use in the fight.
func (e Encounter) lasts(fx Effect) bool {
	if fx.ID == ongoingID || fx.ID == ethereal || fx.State != "" || fx.ID == pactWeapon || fx.Spell == presence || fx.ID == summonedFX || fx.ID == falling || fx.ID == wardedFX {
		return false // a feature's state (a rage), a pact weapon called up anew, an aura, a summoned creature: the fight's
	}
	if grounded(fx) {
		return false // hard ground stays where the fight was (spells_journeys.go)
	}
	t, ok := e.Participant(fx.TargetID)
	if !ok || t.Kind != KindCharacter || t.Defeated {
		return false
	}
	if c, ok := e.Participant(fx.CasterID); ok && c.Kind != KindCharacter {
		return false
	}
	return fx.Until.Round == 0 || fx.Until.Round > e.Round+1
}

// lastingOn are the lasting effects on participant id, as its sheet keeps
// them.
func (e Encounter) lastingOn(id string) []campaign.Effect {
	var out []campaign.Effect
	for _, fx := range e.Effects {
		if fx.TargetID == id {
			out = append(out, Lasting(fx.Effect, fx.SlotLevel, e.secondsAt(fx.Until)))
		}
	}
	return out
}
