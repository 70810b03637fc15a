package rules

import (
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
)

// Damage is an amount of damage of one type, as rolled or given.
type Damage struct {
	Amount int        `json:"amount"`
	Type   DamageType `json:"type,omitempty"`
}

// Hit is damage arriving at a creature from one source: one attack, one
// spell, one fall. Each Hit is one concentration save.
type Hit struct {
	Damage []Damage `json:"damage"`
	// Critical marks damage from a critical hit, which costs a creature at
	// 0 hit points two death saving throw failures instead of one.
	Critical bool `json:"critical,omitempty"`
	// KnockOut leaves a creature dropped to 0 hit points unconscious and
	// stable (a melee attacker's choice).
	KnockOut bool `json:"knock_out,omitempty"`
	// Floor is the fewest hit points the hit may leave a creature that has
	// more (Harm's 1); 0 is none. What it holds back is not taken.
	Floor int `json:"floor,omitempty"`
}

// DamageTaken is one part of a Hit after the target's defences.
type DamageTaken struct {
	Type       DamageType `json:"type,omitempty"`
	Dealt      int        `json:"dealt"`
	Taken      int        `json:"taken"`
	Immune     bool       `json:"immune,omitempty"`
	Resisted   bool       `json:"resisted,omitempty"`
	Vulnerable bool       `json:"vulnerable,omitempty"`
	// Absorbed says the target absorbs the type: it takes none and
	// regains hit points instead (a clay golem's acid).
	Absorbed bool `json:"absorbed,omitempty"`
}

// DamageResult is what a Hit did to its target.
type DamageResult struct {
	Log
	TargetID string        `json:"target_id"`
	Target   string        `json:"target"`
	Parts    []DamageTaken `json:"parts"`
	// Taken is the damage after immunity, resistance and vulnerability,
	// temporary hit points included, less any Held; TempHPAbsorbed of it
	// came off those.
	Taken          int  `json:"taken"`
	Held           int  `json:"held,omitempty"` // kept off the hit points by Hit.Floor
	TempHPAbsorbed int  `json:"temp_hp_absorbed,omitempty"`
	HPBefore       int  `json:"hp_before"`
	HPAfter        int  `json:"hp_after"`
	MaxHP          int  `json:"max_hp"` // the current maximum, after exhaustion
	Critical       bool `json:"critical,omitempty"`
	// Regained is the hit points damage of a type the target absorbs
	// gave back (Combatant.Absorbs), before the rest was taken.
	Regained int `json:"regained,omitempty"`
	// Dropped says the hit took the target from above 0 hit points to 0.
	Dropped bool `json:"dropped,omitempty"`
	// FellUnconscious says it was left unconscious at 0 hit points,
	// dying, or stable if KnockedOut.
	FellUnconscious bool `json:"fell_unconscious,omitempty"`
	KnockedOut      bool `json:"knocked_out,omitempty"`
	Died            bool `json:"died,omitempty"`
	// InstantDeath says massive damage killed it: the damage left over at
	// 0 hit points reached its hit point maximum.
	InstantDeath bool `json:"instant_death,omitempty"`
	Leftover     int  `json:"leftover,omitempty"` // damage beyond 0 hit points
	// DeathSaveFailures is how many failures damage at 0 hit points cost;
	// Failures is the count after.
	DeathSaveFailures int  `json:"death_save_failures,omitempty"`
	Failures          int  `json:"failures,omitempty"`
	LostStability     bool `json:"lost_stability,omitempty"`
	// ConcentrationSpell is what the target was concentrating on ("" if
	// nothing); ConcentrationSave is the save it made to keep it, nil if
	// none was needed or possible; ConcentrationBroken says it was lost.
	ConcentrationSpell  string      `json:"concentration_spell,omitempty"`
	ConcentrationSave   *SaveResult `json:"concentration_save,omitempty"`
	ConcentrationBroken bool        `json:"concentration_broken,omitempty"`
}

// TakeDamage applies one Hit to target.
//
// Each part is adjusted on its own: immunity makes it 0, resistance halves
// it (rounded down), vulnerability doubles it, resistance before
// vulnerability; a petrified creature resists all damage and is immune to
// poison. Temporary hit points absorb damage first. Dropping to 0 hit
// points kills outright if the damage left over reaches the hit point
// maximum (massive damage), and otherwise kills a Monster; anyone else
// falls unconscious and prone and starts dying. A knock-out blow overrides
// all three: the target falls unconscious and stable, because the attacker
// chose to spare it the instant the damage was dealt. A Floor holds the
// hit points at it, the damage beyond going untaken. Damage that reaches
// the hit points of a creature already at 0 costs one death saving throw
// failure (two from a critical hit), ends its stability, and kills at the
// third failure or when it reaches the hit point maximum; damage its
// temporary hit points absorb entirely costs nothing. A Monster already at
// 0 (knocked out) dies. A concentrating
// creature left conscious makes a Constitution save, DC 10 or half the
// damage taken (temporary hit points included) if higher; dropping to 0 or
// dying ends concentration without one.
//
// It draws only the concentration save's d20s, and the dice a fight adds
// to it (Combatant.ConcentrationSave), drawn before them. A dead target or a negative
// amount is a fault.Invalid error.
func TakeDamage(target Combatant, hit Hit, src dice.Source) (DamageResult, error) {
	const op = "take damage"
	if target.Dead {
		return DamageResult{}, fault.E(fault.Invalid, op, "%s is already dead", target.Name)
	}
	r := DamageResult{TargetID: target.ID, Target: target.Name, HPBefore: target.HP, HPAfter: target.HP,
		MaxHP: target.CurrentMaxHP(), Critical: hit.Critical, Parts: make([]DamageTaken, len(hit.Damage))}
	petrified := target.Conditions.Has(Petrified)
	absorbed := 0
	for i, d := range hit.Damage {
		if d.Amount < 0 {
			return DamageResult{}, fault.Field(op, "damage["+strconv.Itoa(i)+"].amount", "must not be negative")
		}
		p := DamageTaken{Type: d.Type, Dealt: d.Amount, Taken: d.Amount}
		switch {
		case target.Absorbs.Has(d.Type):
			p.Absorbed, p.Taken = true, 0
			absorbed += d.Amount
		case target.Immunities.Has(d.Type) || (petrified && d.Type == Poison):
			p.Immune, p.Taken = true, 0
		default:
			if target.Resistances.Has(d.Type) || petrified {
				p.Resisted, p.Taken = true, p.Taken/2
			}
			if target.Vulnerabilities.Has(d.Type) {
				p.Vulnerable, p.Taken = true, p.Taken*2
			}
		}
		r.Parts[i] = p
		r.Taken += p.Taken
	}
	id := target.ID
	if absorbed > 0 && target.HP > 0 {
		// What it absorbs heals it first; the rest is taken after.
		to := min(target.HP+absorbed, r.MaxHP)
		r.Regained = to - target.HP
		r.change(id, FieldHP, target.HP, to)
		target.HP, r.HPAfter = to, to
	}
	if r.Taken == 0 {
		return r, nil
	}

	if r.Changes == nil {
		r.Changes = make([]Change, 0, 4)
	}
	r.TempHPAbsorbed = min(target.TempHP, r.Taken)
	r.change(id, FieldTempHP, target.TempHP, target.TempHP-r.TempHPAbsorbed)
	rest := r.Taken - r.TempHPAbsorbed
	if hit.Floor > 0 && target.HP > 0 && rest > target.HP-hit.Floor {
		keep := max(target.HP-hit.Floor, 0)
		r.Held, rest = rest-keep, keep
		r.Taken -= r.Held
		if r.Taken == 0 {
			return r, nil
		}
	}
	if rest == 0 {
		return r, r.concentrate(target, src)
	}

	if target.HP > 0 {
		if rest < target.HP {
			r.HPAfter = target.HP - rest
			r.change(id, FieldHP, target.HP, r.HPAfter)
			return r, r.concentrate(target, src)
		}
		r.HPAfter, r.Dropped, r.Leftover = 0, true, rest-target.HP
		r.change(id, FieldHP, target.HP, 0)
		switch {
		case hit.KnockOut:
			r.FellUnconscious, r.KnockedOut = true, true
			r.fall(target)
			r.change(id, FieldStable, target.Stable, true)
		case r.Leftover >= r.MaxHP:
			r.InstantDeath = true
			r.die(target)
		case target.Monster:
			r.die(target)
		default:
			r.FellUnconscious = true
			r.fall(target)
		}
		return r, nil
	}

	// Already at 0 hit points.
	r.Leftover = rest
	switch {
	case rest >= r.MaxHP:
		r.InstantDeath = true
		r.die(target)
		return r, nil
	case target.Monster:
		r.die(target)
		return r, nil
	}
	r.DeathSaveFailures = 1
	if hit.Critical {
		r.DeathSaveFailures = 2
	}
	r.Failures = min(target.DeathSaves.Failures+r.DeathSaveFailures, 3)
	r.change(id, FieldDeathFailures, target.DeathSaves.Failures, r.Failures)
	if target.Stable {
		r.LostStability = true
		r.change(id, FieldStable, true, false)
	}
	r.endConcentration(target)
	if r.Failures >= 3 {
		r.die(target)
	}
	return r, nil
}

// fall records target falling unconscious at 0 hit points.
func (r *DamageResult) fall(target Combatant) {
	r.gain(target, Unconscious)
	r.gain(target, Prone)
	r.change(target.ID, FieldDeathSuccesses, target.DeathSaves.Successes, 0)
	r.change(target.ID, FieldDeathFailures, target.DeathSaves.Failures, 0)
	r.endConcentration(target)
}

func (r *DamageResult) die(target Combatant) {
	r.Died = true
	r.endConcentration(target)
	r.change(target.ID, FieldDead, false, true)
}

func (r *DamageResult) endConcentration(target Combatant) {
	if target.Concentration == "" || r.ConcentrationBroken {
		return
	}
	r.ConcentrationSpell, r.ConcentrationBroken = target.Concentration, true
	r.change(target.ID, FieldConcentration, target.Concentration, "")
}

// concentrate makes the concentration save of a target still conscious.
func (r *DamageResult) concentrate(target Combatant, src dice.Source) error {
	if target.Concentration == "" {
		return nil
	}
	if target.Incapacitated() {
		r.endConcentration(target)
		return nil
	}
	r.ConcentrationSpell = target.Concentration
	dc := ConcentrationDC(r.Taken)
	why := "concentration: 10"
	if dc > 10 {
		why = "concentration: half the " + strconv.Itoa(r.Taken) + " damage taken"
	}
	req := SaveRequest{Ability: Con, DC: dc, DCSource: &campaign.DCSource{Value: dc, Source: why}, Reason: "concentration save"}
	drawn := target.ConcentrationSave.situate(&req, target.ID, src)
	s, err := Save(target, req, src)
	if err != nil {
		return fault.Wrap(fault.Invalid, "take damage", err)
	}
	r.Rolls = appendOrTake(r.Rolls, s.Rolls)
	r.Rolls = append(r.Rolls, drawn...)
	r.ConcentrationSave = &s
	if !s.Success {
		r.endConcentration(target)
	}
	return nil
}

// SaveMods are what a situation adds to a creature's saving throw beyond
// its own bonus, each named as the save's working shows it: dice drawn
// only when the save is made (Bless's d4, Bane's taken off), bonuses
// (Warding Bond's +1, an Aura of Protection), and sources of advantage
// and disadvantage (Holy Aura).
type SaveMods struct {
	Dice                    []SaveDie
	Terms                   []campaign.Term
	Advantage, Disadvantage []string
}

// SaveDie is a die a situation adds to a save (Bless's d4), or takes off
// it when Negative (Bane's): its roll is recorded under Source, lower
// case, and its term is named Source, of Kind.
type SaveDie struct {
	Dice     dice.Expr
	Source   string
	Kind     string
	Negative bool
}

// situate adds m to req for the save of the creature roller: it draws
// m's dice first and returns their rolls, which the record keeps after
// the save's own. A nil m adds nothing.
func (m *SaveMods) situate(req *SaveRequest, roller string, src dice.Source) []Roll {
	if m == nil {
		return nil
	}
	var rolls []Roll
	for _, d := range m.Dice {
		x := dice.Roll(d.Dice, src)
		rolls = append(rolls, Roll{Reason: strings.ToLower(d.Source), RollerID: roller, Result: x, Working: &campaign.Working{Rule: d.Source}})
		t := campaign.Term{Value: x.Total, Source: d.Source, Kind: d.Kind}
		if d.Negative {
			t.Value = -t.Value
		}
		req.BonusTerms = append(req.BonusTerms, t)
	}
	req.BonusTerms = append(req.BonusTerms, m.Terms...)
	req.Bonus = campaign.SumTerms(req.BonusTerms)
	req.Advantage = append(slices.Clip(req.Advantage), m.Advantage...)
	req.Disadvantage = append(slices.Clip(req.Disadvantage), m.Disadvantage...)
	return rolls
}

// ConcentrationDC is the DC of the Constitution save to keep concentrating
// after taking damage: 10 or half the damage (rounded down), whichever is
// higher.
func ConcentrationDC(damage int) int { return max(10, damage/2) }

// Summary tells the damage in one sentence: "The goblin takes 7 slashing
// damage; the goblin drops to 0 HP and dies."
func (r DamageResult) Summary() string {
	var b strings.Builder
	b.WriteString(capital(r.Target))
	b.WriteString(" takes ")
	r.writeParts(&b)
	r.writeEffects(&b)
	b.WriteString(".")
	return b.String()
}

// writeParts writes the damage as dealt, with what the target's defences
// made of it: "12 fire damage, halved to 6 by resistance".
func (r DamageResult) writeParts(b *strings.Builder) {
	dealt := 0
	for i, p := range r.Parts {
		dealt += p.Dealt
		switch {
		case i == 0:
		case i == len(r.Parts)-1:
			b.WriteString(" and ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(p.Dealt))
		if p.Type != 0 {
			b.WriteString(" " + p.Type.String())
		}
	}
	if len(r.Parts) == 0 {
		b.WriteString("no")
	}
	b.WriteString(" damage")
	var notes []string
	for _, p := range r.Parts {
		var n string
		switch {
		case p.Absorbed:
			n = "absorbed"
		case p.Immune:
			n = "ignored by immunity"
		case p.Resisted && p.Vulnerable:
			n = "halved by resistance and doubled by vulnerability to " + strconv.Itoa(p.Taken)
		case p.Resisted:
			n = "halved to " + strconv.Itoa(p.Taken) + " by resistance"
		case p.Vulnerable:
			n = "doubled to " + strconv.Itoa(p.Taken) + " by vulnerability"
		default:
			continue
		}
		if len(r.Parts) > 1 {
			n = typeName(p.Type) + " " + n
		}
		notes = append(notes, n)
	}
	if len(notes) > 0 {
		b.WriteString(", " + strings.Join(notes, ", "))
		if len(r.Parts) > 1 && r.Taken != dealt {
			b.WriteString(", " + strconv.Itoa(r.Taken) + " in all")
		}
	}
}

// writeEffects writes what the damage did, each clause after "; ".
func (r DamageResult) writeEffects(b *strings.Builder) {
	who := r.Target
	clause := func(s string) { b.WriteString("; " + s) }
	held := func() {
		if r.Held > 0 {
			clause(strconv.Itoa(r.Held) + " can't take " + who + " lower")
		}
	}
	if r.Regained > 0 {
		clause(who + " regains " + strconv.Itoa(r.Regained) + " HP from it")
	}
	if r.Taken == 0 {
		switch {
		case r.Held > 0:
			held()
		case len(r.Parts) > 0 && r.Regained == 0:
			clause(who + " is unharmed")
		}
		return
	}
	if r.TempHPAbsorbed > 0 {
		clause(strconv.Itoa(r.TempHPAbsorbed) + " is absorbed by temporary hit points")
	}
	switch {
	case r.InstantDeath && r.Dropped:
		clause(who + " drops to 0 HP and dies outright from massive damage (" + strconv.Itoa(r.Leftover) +
			" left over, hit point maximum " + strconv.Itoa(r.MaxHP) + ")")
	case r.InstantDeath:
		clause(who + ", already at 0 HP, dies outright from massive damage (" + strconv.Itoa(r.Leftover) +
			", hit point maximum " + strconv.Itoa(r.MaxHP) + ")")
	case r.Dropped && r.KnockedOut:
		clause(who + " drops to 0 HP and is knocked out, unconscious but stable")
	case r.Dropped && r.Died:
		clause(who + " drops to 0 HP and dies")
	case r.Dropped:
		clause(who + " drops to 0 HP and falls unconscious")
	case r.DeathSaveFailures > 0:
		s := who + ", at 0 HP, suffers "
		if r.DeathSaveFailures == 2 {
			s += "two death saving throw failures"
		} else {
			s += "a death saving throw failure"
		}
		s += " (" + strconv.Itoa(r.Failures) + " of 3)"
		if r.LostStability {
			s += " and is no longer stable"
		}
		if r.Died {
			s += " and dies"
		}
		clause(s)
	case r.Died:
		clause(who + ", at 0 HP, dies")
	case r.HPAfter != r.HPBefore:
		clause(who + " is at " + strconv.Itoa(r.HPAfter) + "/" + strconv.Itoa(r.MaxHP) + " HP")
	}
	held()
	switch s := r.ConcentrationSave; {
	case s != nil && s.Success:
		clause(who + " keeps concentration on " + r.ConcentrationSpell + " (Constitution save " +
			strconv.Itoa(s.Total) + " vs DC " + strconv.Itoa(s.DC) + ")")
	case s != nil:
		clause(who + " loses concentration on " + r.ConcentrationSpell + " (Constitution save " +
			strconv.Itoa(s.Total) + " vs DC " + strconv.Itoa(s.DC) + ")")
	case r.ConcentrationBroken:
		clause(who + " loses concentration on " + r.ConcentrationSpell)
	}
}

func typeName(t DamageType) string {
	if t == 0 {
		return "untyped"
	}
	return t.String()
}

// HealResult is healing as received.
type HealResult struct {
	Log
	TargetID string `json:"target_id"`
	Target   string `json:"target"`
	Rolled   int    `json:"rolled"`   // the healing as rolled
	Regained int    `json:"regained"` // what the maximum let through
	HPBefore int    `json:"hp_before"`
	HPAfter  int    `json:"hp_after"`
	MaxHP    int    `json:"max_hp"`
	// Revived says the healing brought the target up from 0 hit points:
	// conscious again, death saves reset.
	Revived bool `json:"revived,omitempty"`
	// Unhealed names the affliction that let none of it through (mummy
	// rot: the cursed target can't regain hit points).
	Unhealed string `json:"unhealed,omitempty"`
}

// Heal rolls healing (a flat expression such as "10" for a fixed amount)
// and gives it to target, up to its current hit point maximum. A creature
// at 0 hit points that regains any wakes: it is no longer unconscious
// (still prone) or stable, and its death saves reset. Temporary hit points
// are untouched. The roll is recorded under the target's id with reason
// "healing". A dead target is a fault.Invalid error: only magic that
// restores life can help it.
func Heal(target Combatant, healing dice.Expr, src dice.Source) (HealResult, error) {
	const op = "heal"
	if target.Dead {
		return HealResult{}, fault.E(fault.Invalid, op, "%s is dead; only magic that restores life can help", target.Name)
	}
	var r HealResult
	res := dice.Roll(healing, src)
	r.roll("healing", target.ID, res)
	r.heal(target, max(res.Total, 0))
	return r, nil
}

// heal records target regaining up to amount hit points.
func (r *HealResult) heal(target Combatant, amount int) {
	r.TargetID, r.Target = target.ID, target.Name
	r.Rolled, r.MaxHP = amount, target.CurrentMaxHP()
	r.HPBefore = target.HP
	if a, ok := campaign.Unhealed(target.Afflictions, true); ok {
		r.HPAfter, r.Unhealed = target.HP, a.Name
		return
	}
	r.HPAfter = max(min(target.HP+amount, r.MaxHP), target.HP)
	r.Regained = r.HPAfter - r.HPBefore
	if r.Regained == 0 {
		return
	}
	r.change(target.ID, FieldHP, r.HPBefore, r.HPAfter)
	if r.HPBefore <= 0 {
		r.Revived = true
		r.revive(target)
	}
}

// revive records a creature at 0 hit points regaining consciousness.
func (l *Log) revive(c Combatant) {
	l.lose(c, Unconscious)
	l.change(c.ID, FieldDeathSuccesses, c.DeathSaves.Successes, 0)
	l.change(c.ID, FieldDeathFailures, c.DeathSaves.Failures, 0)
	l.change(c.ID, FieldStable, c.Stable, false)
}

// Summary tells the healing in one sentence: "Mira regains 7 HP (14/20
// HP)."
func (r HealResult) Summary() string {
	who := capital(r.Target)
	hp := " (" + strconv.Itoa(r.HPAfter) + "/" + strconv.Itoa(r.MaxHP) + " HP)"
	switch {
	case r.Unhealed != "":
		return who + " can't regain hit points under " + r.Unhealed + hp + "."
	case r.Regained == 0:
		return who + " regains no hit points" + hp + "."
	case r.Revived:
		return who + " regains " + strconv.Itoa(r.Regained) + " HP and regains consciousness" + hp + "."
	case r.Regained < r.Rolled:
		return who + " regains " + strconv.Itoa(r.Regained) + " HP of " + strconv.Itoa(r.Rolled) + " rolled, up to the maximum" + hp + "."
	}
	return who + " regains " + strconv.Itoa(r.Regained) + " HP" + hp + "."
}

// TempHPResult is temporary hit points as granted.
type TempHPResult struct {
	Log
	TargetID string `json:"target_id"`
	Target   string `json:"target"`
	Rolled   int    `json:"rolled"`
	Before   int    `json:"before"`
	After    int    `json:"after"`
}

// GrantTempHP rolls temporary hit points (a flat expression for a fixed
// amount) for target. They do not stack: the target keeps the higher of
// what it has and what it is given. They do not wake a creature at 0 hit
// points. The roll is recorded under the target's id with reason
// "temporary hit points". A dead target is a fault.Invalid error.
func GrantTempHP(target Combatant, amount dice.Expr, src dice.Source) (TempHPResult, error) {
	if target.Dead {
		return TempHPResult{}, fault.E(fault.Invalid, "grant temporary hit points", "%s is dead", target.Name)
	}
	r := TempHPResult{TargetID: target.ID, Target: target.Name, Before: target.TempHP}
	res := dice.Roll(amount, src)
	r.roll("temporary hit points", target.ID, res)
	r.Rolled = max(res.Total, 0)
	r.After = max(r.Before, r.Rolled)
	r.change(target.ID, FieldTempHP, r.Before, r.After)
	return r, nil
}

// Summary tells the grant in one sentence: "Mira gains 8 temporary hit
// points."
func (r TempHPResult) Summary() string {
	who := capital(r.Target)
	if r.After == r.Before && r.Before > 0 {
		return who + " keeps " + strconv.Itoa(r.Before) + " temporary hit points rather than " + strconv.Itoa(r.Rolled) + "."
	}
	return who + " gains " + strconv.Itoa(r.After) + " temporary hit points."
}
