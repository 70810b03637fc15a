package rules

import (
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
)

// AttackKind is how an attack is made.
type AttackKind uint8

// The kinds of attack.
const (
	MeleeWeapon AttackKind = iota
	RangedWeapon
	MeleeSpell
	RangedSpell
)

var attackKindIDs = [...]string{"melee_weapon", "ranged_weapon", "melee_spell", "ranged_spell"}

func (k AttackKind) String() string {
	if int(k) < len(attackKindIDs) {
		return attackKindIDs[k]
	}
	return "AttackKind(" + strconv.Itoa(int(k)) + ")"
}

// MarshalText writes the kind's id: "melee_weapon", "ranged_spell".
func (k AttackKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Ranged reports whether the attack is a ranged one.
func (k AttackKind) Ranged() bool { return k == RangedWeapon || k == RangedSpell }

// DamageRoll is damage of one type to roll: "1d8+3" slashing.
type DamageRoll struct {
	Dice dice.Expr  `json:"dice"`
	Type DamageType `json:"type"`
	// Least is the least the part deals once rolled (Reduce's 1d4 less
	// can't take a weapon's damage below 1); 0 is no floor but 0.
	Least int `json:"least,omitempty"`
	// Terms name the parts of the dice's flat bonus (Strength, a +1
	// weapon's magic, Rage); what they leave unnamed shows as a damage
	// bonus.
	Terms []campaign.Term `json:"terms,omitempty"`
}

// AttackRequest is one attack roll to make and the damage it deals on a
// hit. Distances are in feet.
type AttackRequest struct {
	Kind AttackKind `json:"kind"`
	// Weapon is what the attack is made with, as it reads after "with" in
	// a sentence ("her longsword", "a fire bolt"); "" leaves it out.
	Weapon string `json:"weapon,omitempty"`
	// Bonus is the whole attack bonus: ability modifier, proficiency and
	// any magic, as a stat block gives it.
	Bonus int `json:"bonus"`
	// Terms name the parts of Bonus and, marked After, of the Penalty's
	// opposite (Bless's d4, Cutting Words' die), each with its source:
	// AddBonus and AddAfter keep them with the numbers. What they leave
	// unnamed shows as a stat block's attack bonus.
	Terms []campaign.Term `json:"terms,omitempty"`
	// Ability is the ability a character's weapon attack uses, for its
	// roll and its damage (Str, or Dex for a ranged or finesse weapon);
	// 0 for a monster's attack or a spell's.
	Ability Ability `json:"ability,omitempty"`
	// WeaponID, Hands and OffHand are a character's weapon attack's: the
	// SRD weapon ("longsword"; "" unarmed), the hands it is held in (1 or
	// 2), and whether it is two-weapon fighting's off-hand attack. The
	// fighting styles read them.
	WeaponID string `json:"weapon_id,omitempty"`
	Hands    int    `json:"hands,omitempty"`
	OffHand  bool   `json:"off_hand,omitempty"`
	// Damage is rolled on a hit, each part with its own type. A critical
	// hit doubles every part's dice, never its modifiers.
	Damage []DamageRoll `json:"damage"`
	// Distance is between attacker and target; 0 means adjacent (5).
	Distance int `json:"distance,omitempty"`
	// Reach is a melee attack's reach; 0 means 5.
	Reach int `json:"reach,omitempty"`
	// Range and LongRange bound a ranged attack: beyond Range it has
	// disadvantage, beyond LongRange it cannot be made. 0 is no bound.
	Range     int   `json:"range,omitempty"`
	LongRange int   `json:"long_range,omitempty"`
	Cover     Cover `json:"cover,omitempty"`
	// Advantage and Disadvantage are situational sources (the Help
	// action, an unseen attacker), added to those from both sides'
	// conditions.
	Advantage    []string `json:"advantage,omitempty"`
	Disadvantage []string `json:"disadvantage,omitempty"`
	// KnockOut is a melee attacker's choice to leave a creature it drops
	// to 0 hit points unconscious and stable rather than dead or dying.
	KnockOut bool `json:"knock_out,omitempty"`
	// Penalty is taken off the attack roll after it is rolled and before
	// the hit is decided (Cutting Words); a natural 20 still hits.
	Penalty int `json:"penalty,omitempty"`
	// HalveDamage halves the damage the hit deals before the target's
	// resistances apply (Uncanny Dodge).
	HalveDamage bool `json:"halve_damage,omitempty"`
	// RerollLow rerolls, once, up to this many of the hit's damage dice
	// that show less than the middle of their range, the lowest first
	// (dice.RerollLow: Empowered Spell).
	RerollLow int `json:"reroll_low,omitempty"`
	// Sneak is a rogue's Sneak Attack, for an attack that may deal it; nil
	// for any other.
	Sneak *SneakAttack `json:"sneak,omitempty"`
	// Riders are damage a hit also deals behind the target's saving
	// throw (a poisonous snake's bite).
	Riders []Rider `json:"riders,omitempty"`
	// CriticalOn is the lowest natural d20 that is a critical hit
	// (Improved Critical's 19, Superior Critical's 18); 0 is 20 alone.
	CriticalOn int `json:"critical_on,omitempty"`
	// CriticalDice are more dice of the first damage part's die that a
	// critical hit rolls on top of its doubled dice (Brutal Critical,
	// Savage Attacks): features add to it, each its own.
	CriticalDice int `json:"critical_dice,omitempty"`
	// TwentyDamage is damage a hit on a natural 20 deals on top, rolled
	// as it is (a Vicious Weapon's 2d6: "When you roll a 20").
	TwentyDamage []DamageRoll `json:"twenty_damage,omitempty"`
	// RerollDamageBelow rolls again, once, each damage die of the
	// request's parts that shows less than it, keeping the new face
	// (Great Weapon Fighting's 3); 0 rerolls none.
	RerollDamageBelow int `json:"reroll_damage_below,omitempty"`
	// ReduceDamage is taken off the damage the hit deals, after any
	// halving and before the target's resistances (Deflect Missiles).
	ReduceDamage int `json:"reduce_damage,omitempty"`
	// ACBonus is added to the target's armor class against this attack
	// (Multiattack Defense's +4).
	ACBonus int `json:"ac_bonus,omitempty"`
	// Opportunity marks an opportunity attack, which features read
	// (Escape the Horde).
	Opportunity bool `json:"opportunity,omitempty"`
	// Sure turns a miss into a hit, not a critical one (Stroke of Luck).
	Sure bool `json:"sure,omitempty"`
	// Reserves are what the attacker may add once it sees the d20 fall
	// short of the AC (Reserve).
	Reserves []Reserve `json:"reserves,omitempty"`
}

// AddBonus adds n to the attack bonus, from source of kind (one of
// campaign.TermKinds), so the roll's working names it.
func (req *AttackRequest) AddBonus(n int, source, kind string) {
	req.Bonus += n
	req.Terms = append(slices.Clip(req.Terms), campaign.Term{Value: n, Source: source, Kind: kind})
}

// AddAfter adds n to the attack roll once it has fallen (a negative n is
// a penalty: Cutting Words), from source of kind.
func (req *AttackRequest) AddAfter(n int, source, kind string) {
	req.Penalty -= n
	req.Terms = append(slices.Clip(req.Terms), campaign.Term{Value: n, Source: source, Kind: kind, After: true})
}

// split is the request's terms of the bonus and those added after the
// roll.
func (req AttackRequest) split() (bonus, later []campaign.Term) {
	for _, t := range req.Terms {
		if t.After {
			later = append(later, t)
		} else {
			bonus = append(bonus, t)
		}
	}
	return bonus, later
}

// BonusTerms are the parts of Bonus as the roll's working names them:
// its named terms, and what they leave unnamed as a stat block's attack
// bonus.
func (req AttackRequest) BonusTerms() []campaign.Term {
	bonus, _ := req.split()
	return named(req.Bonus, bonus, "attack bonus", campaign.TermBase)
}

// Rider is damage a hit deals behind a saving throw the target makes, as
// a stat block puts it: "Hit: 1 piercing damage, and the target must make
// a DC 10 Constitution saving throw, taking 5 (2d4) poison damage on a
// failed save, or half as much damage on a successful one." Save carries
// the ability, the DC and the target's situational bonuses. The damage is
// the save's, not the attack roll's: a critical hit does not double it.
type Rider struct {
	Save   SaveRequest  `json:"save"`
	Damage []DamageRoll `json:"damage"`
	// Half says a successful save takes half the damage; otherwise it
	// takes none.
	Half bool `json:"half,omitempty"`
}

// SneakAttack is the extra damage a rogue deals, once a turn, with a
// finesse or ranged weapon on a hit that had advantage, or, without
// disadvantage, when another enemy of the target stands within 5 ft of it.
type SneakAttack struct {
	Dice dice.Expr `json:"dice"`
	// AllyAdjacent says another enemy of the target, not incapacitated,
	// is within 5 ft of it.
	AllyAdjacent bool `json:"ally_adjacent,omitempty"`
}

// AttackResult is an attack as made: the roll, and on a hit the damage.
// Its Log holds every roll (attack, damage, concentration save) and every
// change, in order.
type AttackResult struct {
	Log
	AttackerID string     `json:"attacker_id"`
	Attacker   string     `json:"attacker"`
	TargetID   string     `json:"target_id"`
	Target     string     `json:"target"`
	Kind       AttackKind `json:"kind"`
	Weapon     string     `json:"weapon,omitempty"`
	Edge       Edge       `json:"edge"`
	Bonus      int        `json:"bonus"`
	Natural    int        `json:"natural"`
	Total      int        `json:"total"`
	// AC is the target's armor class with its cover.
	AC       int  `json:"ac"`
	Hit      bool `json:"hit"`
	Critical bool `json:"critical"`
	// AutoCritical names the target's condition that made a hit within 5
	// feet critical ("paralyzed", "unconscious"); "" otherwise.
	AutoCritical string `json:"auto_critical,omitempty"`
	// Damage is what the hit did; nil on a miss.
	Damage *DamageResult `json:"damage,omitempty"`
	// Sneak says the hit dealt Sneak Attack damage.
	Sneak bool `json:"sneak,omitempty"`
	// Saves are the target's saving throws against the hit's riders, in
	// order.
	Saves []SaveResult `json:"saves,omitempty"`
	// Sure says a miss was made a hit (AttackRequest.Sure); Reserved are
	// the request's reserves spent, on the roll or on the damage.
	Sure     bool     `json:"sure,omitempty"`
	Reserved []string `json:"reserved,omitempty"`
}

// Attack resolves one attack roll of attacker against target and, on a
// hit, its damage through TakeDamage.
//
// A natural 20 (or from CriticalOn up) hits and is a critical hit, whose
// extra CriticalDice are rolled after its damage; a natural 1 misses; otherwise
// the total hits if it meets the target's AC plus cover. Advantage and
// disadvantage come from both sides' conditions (blinded, invisible,
// poisoned, frightened, prone, restrained, exhaustion 3+ on the attacker;
// blinded, invisible, paralyzed, petrified, restrained, stunned,
// unconscious, prone and dodging on the target), a ranged attack beyond
// its normal range or made within 5 feet of a target that can see the
// attacker and is not incapacitated, and the request; any on both sides
// cancel. A hit from within 5 feet on a paralyzed or unconscious target is
// critical.
//
// A hit's riders (AttackRequest.Riders) follow its damage: the target
// saves against each, and takes the rider's damage on a failure, half or
// none on a success; all of it arrives with the hit's as one Hit (one
// concentration save).
//
// It draws the d20 (two with advantage or disadvantage), then on a hit
// each damage part's dice in order, then for each rider the save's d20 and
// its damage dice (none on a success that takes none), then any
// concentration save. An
// attacker that is dead or incapacitated, a dead target, a target out of
// reach or range or behind total cover, or a malformed request is a
// fault.Invalid error.
func Attack(attacker, target Combatant, req AttackRequest, src dice.Source) (AttackResult, error) {
	const op = "resolve attack"
	dist := max(req.Distance, 5)
	switch {
	case attacker.Dead:
		return AttackResult{}, fault.E(fault.Invalid, op, "%s is dead", attacker.Name)
	case attacker.Incapacitated():
		return AttackResult{}, fault.E(fault.Invalid, op, "%s is %s and can't attack", attacker.Name,
			firstOf(attacker.Conditions&incapacitating))
	case target.Dead:
		return AttackResult{}, fault.E(fault.Invalid, op, "%s is already dead", target.Name)
	case req.Kind > RangedSpell:
		return AttackResult{}, fault.Field(op, "kind", "unknown attack kind %d", req.Kind)
	case req.Distance < 0:
		return AttackResult{}, fault.Field(op, "distance", "must not be negative")
	case !req.Kind.Ranged() && dist > max(req.Reach, 5):
		return AttackResult{}, fault.E(fault.Invalid, op, "%s is %d ft away, beyond %d ft reach", target.Name, dist, max(req.Reach, 5))
	case req.Kind.Ranged() && req.LongRange > 0 && dist > req.LongRange:
		return AttackResult{}, fault.E(fault.Invalid, op, "%s is %d ft away, beyond %d ft range", target.Name, dist, req.LongRange)
	case req.Cover == TotalCover:
		return AttackResult{}, fault.E(fault.Invalid, op, "%s has total cover and can't be targeted", target.Name)
	case req.KnockOut && req.Kind.Ranged():
		return AttackResult{}, fault.Field(op, "knock_out", "only a melee attack can knock a creature out")
	}
	for i, d := range req.Damage {
		if d.Type != 0 && !d.Type.valid() {
			return AttackResult{}, fault.Field(op, "damage["+strconv.Itoa(i)+"].type", "unknown damage type %d", d.Type)
		}
	}
	for i, rd := range req.Riders {
		at := "riders[" + strconv.Itoa(i) + "]"
		switch {
		case !rd.Save.Ability.valid():
			return AttackResult{}, fault.Field(op, at+".save.ability", "name the saving throw's ability")
		case rd.Save.DC < 1:
			return AttackResult{}, fault.Field(op, at+".save.dc", "must be at least 1")
		}
		for j, d := range rd.Damage {
			if d.Type != 0 && !d.Type.valid() {
				return AttackResult{}, fault.Field(op, at+".damage["+strconv.Itoa(j)+"].type", "unknown damage type %d", d.Type)
			}
		}
	}

	within5 := dist <= 5
	r := AttackResult{
		AttackerID: attacker.ID, Attacker: attacker.Name, TargetID: target.ID, Target: target.Name,
		Kind: req.Kind, Weapon: req.Weapon, Bonus: req.Bonus, AC: target.AC + req.Cover.bonus() + req.ACBonus,
	}
	// The attack roll, the damage rolls and a concentration save.
	r.Rolls = make([]Roll, 0, 2+len(req.Damage))
	r.Edge.addAttackConditions(attacker, target, within5)
	if req.Kind.Ranged() {
		if req.Range > 0 && dist > req.Range {
			r.Edge.dis("beyond normal range")
		}
		if within5 && !target.Incapacitated() && !target.Conditions.Has(Blinded) && !attacker.Conditions.Has(Invisible) {
			r.Edge.dis("ranged attack within 5 ft of the target")
		}
	}
	r.Edge.situational(req.Advantage, req.Disadvantage)
	if attacker.featureIs(func(p passive) bool { return p.seesUnseen }) {
		// Feral Senses: a target it cannot see costs it nothing.
		r.Edge.Disadvantage = slices.DeleteFunc(r.Edge.Disadvantage, func(why string) bool {
			return why == "attacker blinded" || why == "target invisible"
		})
	}
	r.Edge.seeInvisible(attacker, target)
	if len(r.Edge.Advantage) > 0 && !target.Incapacitated() && target.featureIs(func(p passive) bool { return p.elusive }) {
		r.Edge.Advantage = nil // Elusive
	}

	_, later := req.split()
	w := r.Edge.working(campaign.RuleAttackRolls, req.BonusTerms(), r.armorClass(target, req))
	if req.Cover != NoCover {
		w.Rule += "; " + campaign.RuleCover
	}
	roll, err := rollD20(&r.Log, "attack roll", attacker, req.Bonus, r.Edge, w, src)
	if err != nil {
		return AttackResult{}, fault.Wrap(fault.Invalid, op, err)
	}
	if req.Penalty != 0 {
		roll.Total -= req.Penalty
		w.Terms = append(w.Terms, after(named(-req.Penalty, later, "penalty", campaign.TermSituation))...)
	}
	r.Natural, r.Total = roll.Natural, roll.Total
	switch {
	case r.Natural == 20 || (req.CriticalOn > 1 && r.Natural >= req.CriticalOn):
		r.Hit, r.Critical = true, true
	case r.Natural == 1:
	default:
		r.Total, r.Reserved = spendReserves(&r.Log, 0, attacker.ID, r.Total, r.AC, req.Reserves, src)
		roll = &r.Rolls[0]
		r.Hit = r.Total >= r.AC
	}
	if !r.Hit && req.Sure {
		r.Hit, r.Sure = true, true
	}
	if r.Hit && !r.Critical && within5 {
		if c := firstOf(target.Conditions & SetOf(Paralyzed, Unconscious)); c != 0 {
			r.Critical, r.AutoCritical = true, c.String()
		}
	}
	switch {
	case r.Critical:
		roll.Outcome = "critical hit"
	case r.Sure:
		roll.Outcome = "hit (stroke of luck)"
	case r.Hit:
		roll.Outcome = "hit"
	default:
		roll.Outcome = "miss"
		return r, nil
	}

	parts, more := damageReserves(req.Reserves, r.Reserved, req.Damage)
	r.Reserved = append(r.Reserved, more...)
	if sa := req.Sneak; sa != nil && len(parts) > 0 && (r.Edge.net() > 0 || (sa.AllyAdjacent && r.Edge.net() == 0)) {
		r.Sneak = true
		parts = append(slices.Clone(parts), DamageRoll{Dice: sa.Dice, Type: parts[0].Type})
	}
	var reroll []dice.Option
	if req.RerollDamageBelow > 1 {
		reroll = []dice.Option{dice.RerollBelow(req.RerollDamageBelow)}
	}
	dmg, rolls, _ := RollDamageRerolling(attacker.ID, parts, r.Critical, req.RerollLow, src, reroll...)
	if r.Sneak {
		rolls[len(rolls)-1].Reason = "sneak attack"
	}
	r.Rolls = append(r.Rolls, rolls...)
	if more, ok := criticalDice(req, r.Critical); ok {
		extra, rolls := RollDamage(attacker.ID, []DamageRoll{more}, false, src)
		rolls[0].Reason = "critical dice"
		r.Rolls = append(r.Rolls, rolls...)
		dmg = append(dmg, extra...)
	}
	if r.Natural == 20 && len(req.TwentyDamage) > 0 {
		extra, rolls := RollDamage(attacker.ID, req.TwentyDamage, false, src)
		for i := range rolls {
			rolls[i].Reason = "a 20's damage"
		}
		r.Rolls = append(r.Rolls, rolls...)
		dmg = append(dmg, extra...)
	}
	for _, rd := range req.Riders {
		sv, err := Save(target, rd.Save, src)
		if err != nil {
			return AttackResult{}, fault.Wrap(fault.Invalid, op, err)
		}
		r.Rolls = append(r.Rolls, sv.Rolls...)
		r.Saves = append(r.Saves, sv)
		if sv.Success && (!rd.Half || target.Evades(rd.Save.Ability, rd.Half)) {
			continue
		}
		more, rolls := RollDamage(attacker.ID, rd.Damage, false, src)
		r.Rolls = append(r.Rolls, rolls...)
		more, _ = target.SavedDamage(more, rd.Save.Ability, sv.Success, rd.Half)
		dmg = append(dmg, more...)
	}
	if req.HalveDamage {
		halve(dmg)
	}
	reduce(dmg, req.ReduceDamage)
	d, err := TakeDamage(target, Hit{Damage: dmg, Critical: r.Critical, KnockOut: req.KnockOut}, src)
	if err != nil {
		return AttackResult{}, fault.Wrap(fault.Invalid, op, err)
	}
	Defended(r.Rolls, d)
	r.merge(d.Log)
	r.Damage = &d
	return r, nil
}

// armorClass is the number the attack roll had to reach, AC, with its
// parts: the target's armor class, its cover, a defence against this
// attack alone.
func (r AttackResult) armorClass(target Combatant, req AttackRequest) *campaign.DCSource {
	d := &campaign.DCSource{Value: r.AC, Source: possessive(target.Name) + " armor class",
		Terms: []campaign.Term{{Value: target.AC, Source: "armor class", Kind: campaign.TermBase}}}
	if t, ok := coverTerm(req.Cover); ok {
		d.Terms = append(d.Terms, t)
	}
	if req.ACBonus != 0 {
		d.Terms = append(d.Terms, campaign.Term{Value: req.ACBonus, Source: "a defence against this attack", Kind: campaign.TermFeature})
	}
	return d
}

// Halved is a copy of dmg at half its total, rounded down (halve), as a
// creature that saves for half takes it.
func Halved(dmg []Damage) []Damage {
	out := slices.Clone(dmg)
	halve(out)
	return out
}

// halve takes half of the damage's total, rounded down, off its parts in
// order, so a hit of 3 slashing and 3 fire deals 3 in all, not 2.
func halve(dmg []Damage) {
	total := 0
	for _, d := range dmg {
		total += d.Amount
	}
	reduce(dmg, total-total/2)
}

// reduce takes n off the damage's parts in order, none below 0.
func reduce(dmg []Damage, n int) {
	for i := range dmg {
		k := min(max(n, 0), dmg[i].Amount)
		dmg[i].Amount -= k
		n -= k
	}
}

// RollDamage rolls each part, doubling the dice (not the modifiers) on a
// critical hit, and returns the damage dealt by type, never below 0, and
// the rolls, recorded for rollerID with reason "damage". Roll it once for
// an effect that hits several targets (a fireball) and pass the same
// Damage to TakeDamage for each, halved for those that saved.
func RollDamage(rollerID string, parts []DamageRoll, critical bool, src dice.Source) ([]Damage, []Roll) {
	dmg, rolls, _ := RollDamageRerolling(rollerID, parts, critical, 0, src)
	return dmg, rolls
}

// RollDamageRerolling is RollDamage that rerolls, once, up to n of the
// dice showing less than the middle of their range, the lowest of the
// first part first, then the next part's with what is left
// (dice.RerollLow: Empowered Spell), with more options for every part's
// dice (Great Weapon Fighting's reroll below 3). It also returns how many
// dice it rerolled.
func RollDamageRerolling(rollerID string, parts []DamageRoll, critical bool, n int, src dice.Source, more ...dice.Option) ([]Damage, []Roll, int) {
	opts := slices.Clip(more)
	if critical {
		opts = append(opts, dice.Critical())
	}
	dmg := make([]Damage, len(parts))
	rolls := make([]Roll, len(parts))
	used := 0
	for i, p := range parts {
		o := opts
		if n > used {
			o = append(slices.Clip(opts), dice.RerollLow(n-used))
		}
		res := dice.Roll(p.Dice, src, o...)
		for _, t := range res.Terms {
			used += len(t.Rerolled)
		}
		flat := 0
		for _, t := range res.Terms {
			if t.Modifier != 0 {
				flat += t.Subtotal
			}
		}
		rolls[i] = Roll{Reason: "damage", RollerID: rollerID, Result: res, Working: &campaign.Working{Rule: campaign.RuleDamageRolls,
			Terms: named(flat, p.Terms, "damage bonus", campaign.TermBase), DamageType: workingType(p.Type)}}
		dmg[i] = Damage{Amount: max(res.Total, p.Least, 0), Type: p.Type}
	}
	return dmg, rolls, used
}

// criticalDice is the extra dice a critical hit rolls (CriticalDice): as
// many more of the first damage part's die, of its type; false when there
// are none to roll.
func criticalDice(req AttackRequest, critical bool) (DamageRoll, bool) {
	if !critical || req.CriticalDice <= 0 || len(req.Damage) == 0 {
		return DamageRoll{}, false
	}
	first := req.Damage[0]
	die := firstDie(first.Dice.String())
	if die == "" {
		return DamageRoll{}, false
	}
	x, err := dice.Parse(strconv.Itoa(min(req.CriticalDice, dice.MaxDice)) + die)
	if err != nil {
		return DamageRoll{}, false
	}
	return DamageRoll{Dice: x, Type: first.Type}, true
}

// firstDie is the die of the first dice term of an expression in its
// canonical form ("d12" of "1d12+3"), "" when it has none.
func firstDie(expr string) string {
	for _, t := range strings.FieldsFunc(expr, func(r rune) bool { return r == '+' || r == '-' }) {
		_, sides, ok := strings.Cut(t, "d")
		if !ok {
			continue
		}
		if k := strings.IndexFunc(sides, func(r rune) bool { return r < '0' || r > '9' }); k >= 0 {
			sides = sides[:k]
		}
		return "d" + sides
	}
	return ""
}

// Summary tells the attack in one sentence: "Mira hits the goblin with her
// longsword (19 vs AC 15) for 7 slashing damage; the goblin drops to 0 HP
// and dies."
func (r AttackResult) Summary() string {
	var b strings.Builder
	b.WriteString(capital(r.Attacker))
	switch {
	case r.Critical:
		b.WriteString(" lands a critical hit on ")
	case r.Hit:
		b.WriteString(" hits ")
	default:
		b.WriteString(" misses ")
	}
	b.WriteString(r.Target)
	if r.Weapon != "" {
		b.WriteString(" with ")
		b.WriteString(r.Weapon)
	}
	b.WriteString(" (")
	if r.Natural == 20 || r.Natural == 1 {
		b.WriteString("natural ")
		b.WriteString(strconv.Itoa(r.Natural))
		b.WriteString(", ")
	}
	b.WriteString(strconv.Itoa(r.Total))
	b.WriteString(" vs AC ")
	b.WriteString(strconv.Itoa(r.AC))
	b.WriteString(r.Edge.phrase())
	if r.AutoCritical != "" {
		b.WriteString("; critical because the target is " + r.AutoCritical + " within 5 ft")
	}
	b.WriteString(")")
	if r.Sneak {
		b.WriteString(", a sneak attack,")
	}
	for _, sv := range r.Saves {
		// "... (17 vs AC 13), and Mira fails a DC 10 Constitution saving
		// throw (7), for 1 piercing and 6 poison damage."
		said := strings.TrimSuffix(sv.Summary(), ".")
		b.WriteString(", and " + r.Target + strings.TrimPrefix(said, capital(sv.Roller)) + ",")
	}
	if r.Damage != nil {
		b.WriteString(" for ")
		r.Damage.writeParts(&b)
		r.Damage.writeEffects(&b)
	}
	b.WriteString(".")
	return b.String()
}

// firstOf is the first condition in s, 0 if s is empty.
func firstOf(s Set[Condition]) Condition {
	for c := range s.All() {
		return c
	}
	return 0
}
