package spell

import (
	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// The reasons a casting is refused. Every error Cast returns for a
// request the rules refuse is a fault.Invalid carrying one of them
// (fault.ReasonOf), so the turn layer can tell the player why.
const (
	// ReasonInvalidArgs: the request itself is wrong: an unknown spell, a
	// slot level the spell can't use, too many or too few targets, a
	// missing spellcasting ability, a bad dart split.
	ReasonInvalidArgs = fault.InvalidArgs
	// ReasonNoSlot: the caster has no unused slot of the level asked for.
	ReasonNoSlot = fault.NoSlot
	// ReasonNotAllowed: the request is well formed but the situation
	// forbids it: the caster is dead or incapacitated, a target is dead or
	// out of range, an ongoing effect the caster no longer maintains.
	ReasonNotAllowed = fault.NotAllowed
)

// MaxTargets bounds the targets of any one casting, area spells included.
const MaxTargets = 50

// Options are the caster's choices and the situation Cast cannot know from
// the combatants alone.
type Options struct {
	// Summon is the creature a conjuration calls, by SRD id ("wolf" for
	// Conjure Animals); "" its usual one (summon.go).
	Summon string `json:"summon,omitempty"`
	// Ability is the caster's spellcasting ability: the class's (int for a
	// wizard, wis for a cleric, cha for a warlock) or the stat block's.
	// Spells that make a spell attack, force a save, add the modifier or
	// make a spellcasting ability check require it. The spell attack bonus
	// is the proficiency bonus plus its modifier, the save DC 8 more.
	Ability rules.Ability `json:"ability,omitempty"`
	// CasterLevel is the level cantrips scale with and that sets Eldritch
	// Blast's beams; 0 means the caster's Level, or 1 for a monster (give a
	// monster its stat block's spellcaster level).
	CasterLevel int `json:"caster_level,omitempty"`
	// Ritual casts a ritual spell as a ritual: no slot is spent, and
	// slotLevel must be the spell's level.
	Ritual bool `json:"ritual,omitempty"`
	// Ongoing resolves a later effect of a spell already cast, spending no
	// slot and leaving concentration as it is; slotLevel is the level it
	// was cast at. Which effect depends on the spell's Trigger (TriggerOf):
	// another attack or bolt the caster makes with its action (Spiritual
	// Weapon, Call Lightning), a creature entering or starting its turn in
	// the area (Moonbeam, Cloudkill), or a target repeating its save to end
	// a condition (Hold Person). A concentration spell needs the caster to
	// be concentrating on it; a spell with no Trigger is refused.
	Ongoing bool `json:"ongoing,omitempty"`
	// Projectiles splits Magic Missile's darts, Eldritch Blast's beams or
	// Scorching Ray's rays among the targets, in target order; it must sum
	// to the count the casting makes, at least one each. Nil deals them
	// out one to each target in turn.
	Projectiles []int `json:"projectiles,omitempty"`
	// Condition is the caster's pick for a spell that imposes one of
	// several conditions (Blindness/Deafness: blinded or deafened); 0
	// picks the first. On a repeated save it names the one to end, so a
	// deafness from elsewhere is left alone. For a spell that ends one of
	// several (Lesser Restoration: blinded, deafened, paralyzed or
	// poisoned; Greater Restoration: a level of exhaustion, charmed or
	// petrified) it is the one to end; 0 ends the first the target has.
	Condition rules.Condition `json:"condition,omitempty"`
	// DamageType is the caster's pick for a spell that wards against one
	// type (Protection from Energy: acid, cold, fire, lightning or
	// thunder) or deals one (Alter Self's natural weapons: bludgeoning,
	// piercing or slashing); 0 picks the first.
	DamageType rules.DamageType `json:"damage_type,omitempty"`
	// Weapon is the SRD id of the weapon a spell enchants (Magic Weapon),
	// "" for any the target attacks with.
	Weapon string `json:"weapon,omitempty"`
	// Command is the word Command speaks (Commands); "" is the first,
	// grovel.
	Command string `json:"command,omitempty"`
	// Choice is the caster's pick among a spell's options that no other
	// field names: Enhance Ability's enhancement ("bulls-strength", or
	// its ability, "str"), Bestow Curse's curse (an ability, "attacks"
	// or "necrotic"); "" is the first.
	Choice string `json:"choice,omitempty"`
	// Lasting are the spell effects already on the targets, for a spell
	// that ends them (Dispel Magic, Remove Curse): Result.Dispelled says
	// which it ended, for the caller who keeps them to end.
	Lasting []Lasting `json:"lasting,omitempty"`
	// Form is the caster's pick of the forms a spell offers
	// (Enlarge/Reduce: enlarge or reduce; Alter Self: natural-weapons,
	// aquatic-adaptation or change-appearance; Polymorph and the other
	// shape changes: an SRD creature's id, shapes.go); "" is the first.
	Form string `json:"form,omitempty"`
	// Situations hold each target's distance, cover and situational
	// advantage, by target id.
	Situations map[string]Situation `json:"situations,omitempty"`
	// IncomingAttackTotal is, for Shield, the total of the attack roll
	// that triggered it (0 if none), and IncomingAttackNatural its d20.
	IncomingAttackTotal   int `json:"incoming_attack_total,omitempty"`
	IncomingAttackNatural int `json:"incoming_attack_natural,omitempty"`
	// Resist, if set, is asked about each target that fails the spell's
	// saving throw; true turns the failure into a success (a legendary
	// creature's Legendary Resistance). The roll stands as rolled.
	Resist func(targetID string) bool `json:"-"`
	// CounteredSpell and CounteredLevel are, for Counterspell, the id of
	// the spell being interrupted and the level it is being cast at (0 for
	// a cantrip).
	CounteredSpell string `json:"countered_spell,omitempty"`
	CounteredLevel int    `json:"countered_level,omitempty"`
	// DC and AttackBonus, when set, are the spell save DC and spell
	// attack bonus a monster's stat block states, which stand in for the
	// ones computed from its proficiency bonus and ability.
	DC          int `json:"dc,omitempty"`
	AttackBonus int `json:"attack_bonus,omitempty"`
	// Innate casts the spell with no slot, as a monster's innate
	// spellcasting does (its uses a day are its caller's to count).
	Innate bool `json:"innate,omitempty"`
	// Contingent casts the spell a Contingency held, as it goes off: no
	// slot (both were spent with the Contingency), and its caster may be
	// down (at 0 hit points, unconscious) but not dead.
	Contingent bool `json:"contingent,omitempty"`
	// Auras are what Detect Magic sees on each creature around its
	// caster (AuraOf), which the caller, keeper of the inventories, gives.
	Auras []Aura `json:"auras,omitempty"`
	// Items are what Identify's caster carries, one of which its Choice
	// names to touch; Whereabouts where Locate Creature's, Locate
	// Object's or Find the Path's quarry is (seeking.go). The caller, keeper of
	// the sheets and the map, gives them; a fight keeps no map, and gives
	// no Whereabouts.
	Items       []campaign.Item `json:"items,omitempty"`
	Whereabouts *Whereabouts    `json:"whereabouts,omitempty"`

	// What a caster's class features make of the casting (the encounter
	// reads them from its features: rules/encounter's casting).

	// Range, when set, is the spell's range in feet for this casting in
	// place of its own (Distant Spell, Eldritch Spear).
	Range int `json:"range,omitempty"`
	// Twinned lets a spell that takes one target take a second (Twinned
	// Spell); which spells may be twinned is the caller's to say.
	Twinned bool `json:"twinned,omitempty"`
	// DamageBonus is added to each of the spell's damage rolls (Agonizing
	// Blast: every beam of Eldritch Blast that hits).
	DamageBonus int `json:"damage_bonus,omitempty"`
	// OneDamageBonus is added to one damage roll of the casting: the
	// first that deals damage of OneDamageType, any type when that is 0
	// (Elemental Affinity, Empowered Evocation). Damage one roll deals
	// to several targets (a fireball's) carries it to each.
	OneDamageBonus int              `json:"one_damage_bonus,omitempty"`
	OneDamageType  rules.DamageType `json:"one_damage_type,omitempty"`
	// MaxDamage deals the most the spell's damage dice can give
	// (Overchannel); a critical hit adds nothing to it.
	MaxDamage bool `json:"max_damage,omitempty"`
	// RerollLow rerolls, once, up to this many of the casting's damage
	// dice showing less than the middle of their range, the lowest first,
	// over all its damage rolls in order (Empowered Spell).
	RerollLow int `json:"reroll_low,omitempty"`
	// HalfOnSave: a target that succeeds on its save against a spell
	// that would do nothing to it then takes half the spell's damage and
	// nothing more (Potent Cantrip).
	HalfOnSave bool `json:"half_on_save,omitempty"`
}

// Situate changes the situation of target id, making the map if there is
// none.
func (o *Options) Situate(id string, change func(*Situation)) {
	if o.Situations == nil {
		o.Situations = map[string]Situation{}
	}
	sit := o.Situations[id]
	change(&sit)
	o.Situations[id] = sit
}

// Situation is what lies between the caster and one target.
type Situation struct {
	// Distance is in feet. 0 means not given: a melee spell attack is then
	// made from 5 feet and a ranged one from beyond 5 feet and within
	// range. A target beyond the spell's range is refused.
	Distance int         `json:"distance,omitempty"`
	Cover    rules.Cover `json:"cover,omitempty"`
	// Advantage and Disadvantage are situational sources on the caster's
	// spell attack roll against the target or, for a save, on the
	// target's saving throw (Magic Resistance is advantage on the save).
	Advantage    []string `json:"advantage,omitempty"`
	Disadvantage []string `json:"disadvantage,omitempty"`
	// SaveBonus is added to the target's saving throw against the spell
	// (Slow's -2 on a Dexterity save).
	SaveBonus int `json:"save_bonus,omitempty"`
	// SaveTerms name SaveBonus's parts (Bless's d4, Slow's -2).
	SaveTerms []campaign.Term `json:"save_terms,omitempty"`
	// MaxHealing gives the target the most hit points the spell's healing
	// dice can (Beacon of Hope).
	MaxHealing bool `json:"max_healing,omitempty"`
	// Reserves are what the target may add to its save once it sees the
	// d20 fall short (a Bardic Inspiration die: rules.Reserve).
	Reserves []rules.Reserve `json:"reserves,omitempty"`
	// Spared: the caster spares the target, which succeeds on its saves
	// against the casting without a roll (Careful Spell, Sculpt
	// Spells); Unharmed also takes no damage where a success would halve
	// it (Sculpt Spells).
	Spared   bool `json:"spared,omitempty"`
	Unharmed bool `json:"unharmed,omitempty"`
	// Rescue is added to the target's save against the spell when it
	// fails, as a die rolled after seeing the roll (Dark One's Own
	// Luck's d10, rolled by the caller).
	Rescue int `json:"rescue,omitempty"`
	// Willing: the target chooses to fail its save without a roll, as
	// Calm Emotions lets a creature that wants to be calmed.
	Willing bool `json:"willing,omitempty"`
	// Unwilling: the target resists a spell a willing creature would
	// simply accept, and makes the save the spell allows an unwilling one
	// (Enlarge/Reduce; Light on an object a foe holds). The caster is
	// never unwilling of its own spell.
	Unwilling bool `json:"unwilling,omitempty"`
	// CR is the target's challenge rating, and Shapechanger says it is
	// a shapechanger, for a spell that reads what the creature is: the
	// forms Polymorph offers reach its challenge (a character's level
	// stands in for it), and a shapechanger shrugs the spell off.
	CR           float64 `json:"cr,omitempty"`
	Shapechanger bool    `json:"shapechanger,omitempty"`
}

// Result is a spell as cast. Its Log holds every roll and every change in
// the order they happened, nested results' included: apply Log.Changes to
// each combatant (rules.Combatant.Apply) and store the Log.
type Result struct {
	rules.Log
	CasterID string `json:"caster_id"`
	Caster   string `json:"caster"`
	SpellID  string `json:"spell_id"`
	Spell    string `json:"spell"`
	// Level is the spell's level (0 for a cantrip); SlotLevel the level it
	// was cast at, which is also the level of the slot spent unless it
	// was a cantrip, a ritual or an Ongoing effect.
	Level     int   `json:"level"`
	SlotLevel int   `json:"slot_level,omitempty"`
	Shape     Shape `json:"shape"`
	// SlotSpent says a slot of SlotLevel was used.
	SlotSpent bool `json:"slot_spent,omitempty"`
	Ritual    bool `json:"ritual,omitempty"`
	Ongoing   bool `json:"ongoing,omitempty"`
	// Reaction says the spell is cast as a reaction (Shield, Counterspell,
	// Hellish Rebuke, Feather Fall).
	Reaction bool `json:"reaction,omitempty"`
	// Concentration says the caster now concentrates on the spell;
	// ConcentrationEnded is the spell it stopped concentrating on to do so
	// ("" if none), which may be an earlier casting of the same spell.
	Concentration      bool   `json:"concentration,omitempty"`
	ConcentrationEnded string `json:"concentration_ended,omitempty"`
	// DC and AttackBonus are the caster's spell save DC and spell attack
	// bonus, when the spell used them.
	DC          int `json:"dc,omitempty"`
	AttackBonus int `json:"attack_bonus,omitempty"`
	// DCSource and AttackTerms are how DC and AttackBonus were made, for
	// the saves' and attack rolls' working.
	DCSource    *campaign.DCSource `json:"dc_source,omitempty"`
	AttackTerms []campaign.Term    `json:"attack_terms,omitempty"`
	// Trigger is what sets off the spell's later effects, each resolved
	// by another Cast with Options.Ongoing; TriggerNone if it has none.
	Trigger Trigger `json:"trigger,omitempty"`
	// Idle says the casting itself affects no creature: the spell acts
	// later, when a creature triggers it (Moonbeam, Cloudkill) or the
	// caster uses it (Flame Blade); resolve that with Options.Ongoing.
	Idle bool `json:"idle,omitempty"`
	// Targets are the outcomes for each target, in the order given (Sleep
	// and Color Spray: in the order they were considered).
	Targets []Outcome `json:"targets,omitempty"`
	// Effects are what the casting leaves behind for the caller to store
	// and end: conditions that last, Bless's d4, Shield's AC.
	Effects []Effect `json:"effects,omitempty"`
	// Pool is Sleep's, Color Spray's or Mass Heal's hit point pool.
	Pool    *Pool    `json:"pool,omitempty"`
	Shield  *Shield  `json:"shield,omitempty"`
	Counter *Counter `json:"counter,omitempty"`
	// Teleported are the creatures the spell took elsewhere (Misty Step,
	// Dimension Door): out of every other creature's reach, drawing no
	// opportunity attack. Where they arrive is the caller's.
	Teleported []string `json:"teleported,omitempty"`
	// Summons are the creatures a conjuration calls to fight for the
	// caster (summon.go), for the encounter to bring in.
	Summons []Summon `json:"summons,omitempty"`
	// Dispelled are the effects of Options.Lasting the casting ended
	// (Dispel Magic, Remove Curse).
	Dispelled []Effect `json:"dispelled,omitempty"`
	// Notes are the spell's effects the engine does not apply, for the
	// narrator: Ray of Frost's slowed speed, Thunderwave's push.
	Notes []string `json:"notes,omitempty"`
}

// Outcome is what the spell did to one target.
type Outcome struct {
	TargetID string `json:"target_id"`
	Target   string `json:"target"`
	// Affected says the spell took effect: a hit, a failed save, damage,
	// healing, a condition, a blessing; for a repeated save (Ongoing),
	// that the save failed and the effect holds.
	Affected bool `json:"affected"`
	// Attacks are the spell attacks against the target, one per beam or
	// ray; their damage is inside them.
	Attacks []rules.AttackResult `json:"attacks,omitempty"`
	Save    *rules.SaveResult    `json:"save,omitempty"`
	// Damage is damage dealt outside an attack: a save's, each Magic
	// Missile dart's, Acid Arrow's splash on a miss.
	Damage     []rules.DamageResult    `json:"damage,omitempty"`
	Heal       *rules.HealResult       `json:"heal,omitempty"`
	TempHP     *rules.TempHPResult     `json:"temp_hp,omitempty"`
	Conditions []rules.ConditionResult `json:"conditions,omitempty"`
	// CasterHeal is what the caster regained from the target (Vampiric
	// Touch).
	CasterHeal *rules.HealResult `json:"caster_heal,omitempty"`
	// Wasted counts darts or beams aimed at the target after it died.
	Wasted int `json:"wasted,omitempty"`
	// Killed says the spell killed it outright without damage (Power Word
	// Kill) or turned it to dust (Disintegrate).
	Killed bool `json:"killed,omitempty"`
	// HP is the target's hit points when a spell that counts them reached
	// it (Sleep, Color Spray, the power words).
	HP int `json:"hp,omitempty"`
	// Note says why the spell passed it by ("already unconscious").
	Note string `json:"note,omitempty"`
	// Spared says the caster spared it: it succeeded on its save without
	// a roll (Situation.Spared).
	Spared bool `json:"spared,omitempty"`
	// Told is what the spell did to it that no other field tells, as it
	// reads after the target's name: "returns to life with 1 HP".
	Told string `json:"told,omitempty"`
	// Race is the SRD race a reincarnated target returns as
	// (Reincarnate), for the caller who keeps its sheet.
	Race string `json:"race,omitempty"`
}

// Effect is something a casting leaves on a creature that outlasts the
// casting and that rules.Combatant has no field for (a blessing, Shield's
// AC) or that needs ending later (a condition held by concentration or
// ended by a repeated save). The caller stores it and ends it: when Ends
// says, when the caster's concentration on Spell ends if Concentration is
// set, or when a repeated save (Options.Ongoing) succeeds.
type Effect struct {
	// ID names the effect: "blessed", "baned", "shield", "feather-fall",
	// "guiding-bolt", "acid-arrow", the id of the Condition it imposes
	// ("paralyzed"), or the id of the spell when the spell leaves one
	// effect of its own ("protection-from-poison").
	ID       string `json:"id"`
	Spell    string `json:"spell"`
	CasterID string `json:"caster_id"`
	TargetID string `json:"target_id"`
	// Condition is the condition the effect put on the target, 0 if none.
	Condition rules.Condition `json:"condition,omitempty"`
	// Dice is a roll the effect adds ("1d4" for blessed, "1d6" damage for
	// Hunter's Mark, Heroism's temporary hit points each turn), subtracts
	// ("1d4" for baned) or deals later ("2d4" acid for Acid Arrow).
	Dice string `json:"dice,omitempty"`
	// AC is a bonus to the target's armor class (Shield's 5), or a
	// penalty (Slow's -2).
	AC int `json:"ac,omitempty"`
	// MaxHP is what the effect adds to the target's hit point maximum,
	// and to its hit points as healing (Aid's 5), or takes off the
	// maximum alone (Harm's loss, the hit points above it lost), while it
	// lasts. Cast leaves it to the caller, who puts the maximum back when
	// the effect ends: the engine keeps no clock outside a fight.
	MaxHP int `json:"max_hp,omitempty"`
	// Speed is added to the target's walking speed while it lasts
	// (Longstrider's 10, Haste's doubling), or taken off it (Slow's
	// halving).
	Speed int `json:"speed,omitempty"`
	// Resist are damage types the target resists while the effect lasts
	// (Protection from Poison); Nonmagical limits them to damage from
	// nonmagical attacks (Stoneskin).
	Resist     rules.Set[rules.DamageType] `json:"resist,omitempty"`
	Nonmagical bool                        `json:"nonmagical,omitempty"`
	// Immune are conditions the target can't be given while the effect
	// lasts (Heroism: frightened).
	Immune rules.Set[rules.Condition] `json:"immune,omitempty"`
	// ImmuneDamage are damage types the target takes no damage of while
	// the effect lasts (Heroes' Feast: poison; Mind Blank: psychic).
	ImmuneDamage rules.Set[rules.DamageType] `json:"immune_damage,omitempty"`
	// DamageType is the type of the damage Dice adds to a weapon hit
	// (Divine Favor's radiant); 0 is the weapon's own (Hunter's Mark).
	DamageType rules.DamageType `json:"damage_type,omitempty"`
	// Weapon and Bonus are Magic Weapon's: the SRD id of the weapon made
	// magic ("" for any the target wields) and what it adds to attack and
	// damage rolls.
	Weapon string `json:"weapon,omitempty"`
	Bonus  int    `json:"bonus,omitempty"`
	// Ability is the ability the effect is about: Enhance Ability's
	// advantage on its checks, Bestow Curse's disadvantage on its checks
	// and saves; the ability the target's attacks with Weapon use for
	// their attack and damage rolls in place of their own (Shillelagh's
	// spellcasting ability).
	Ability rules.Ability `json:"ability,omitempty"`
	// Summon is the caster's pick of the creatures the effect keeps in
	// its service between fights, as Options.Summon names them
	// (ServantID: "fey-owl" for Find Familiar); Left is then how many.
	Summon string `json:"summon,omitempty"`
	// Form is the SRD id of the creature whose shape the target takes
	// while the effect lasts (Polymorph's beast, Shapechange's form).
	Form string `json:"form,omitempty"`
	// Pick is the caster's pick for a ward (WardID: the glyph, its
	// damage type, the kinds it falls on), which Ward reads; Area is the
	// area of the map it wards, where its caster stood.
	Pick string `json:"pick,omitempty"`
	Area string `json:"area,omitempty"`
	// Held is the spell a Contingency holds (its id), cast on its caster
	// when the circumstance Ends names comes.
	Held string `json:"held,omitempty"`
	// Left is what the effect has left to use up (Mirror Image's
	// duplicates); the effect ends when it reaches 0.
	Left          int  `json:"left,omitempty"`
	Concentration bool `json:"concentration,omitempty"`
	// Ends is how long the effect lasts, as the spell says.
	Ends string `json:"ends"`
	// RepeatSave is the save the target repeats (at the end of each of its
	// turns unless Ends says otherwise) to end the effect, against DC; 0
	// if none.
	RepeatSave rules.Ability `json:"repeat_save,omitempty"`
	DC         int           `json:"dc,omitempty"`
	// Note says what the effect does in words.
	Note string `json:"note,omitempty"`
}

// Pool is a hit point budget a spell spends on its targets.
type Pool struct {
	Dice  string `json:"dice"`
	Total int    `json:"total"`
	Left  int    `json:"left"`
}

// Shield is the Shield spell's effect on the caster's armor class and on
// the attack that triggered it.
type Shield struct {
	ACBefore int `json:"ac_before"`
	ACAfter  int `json:"ac_after"`
	// AttackTotal is Options.IncomingAttackTotal; WasHit says that attack
	// hit the old AC, NowMisses that it misses the new one.
	AttackTotal int  `json:"attack_total,omitempty"`
	WasHit      bool `json:"was_hit,omitempty"`
	NowMisses   bool `json:"now_misses,omitempty"`
}

// Counter is Counterspell's outcome.
type Counter struct {
	SpellID string `json:"spell_id"`
	Spell   string `json:"spell"`
	Level   int    `json:"level"`
	// Automatic says the slot level was high enough; otherwise Check is
	// the spellcasting ability check against DC 10 + Level.
	Automatic bool               `json:"automatic,omitempty"`
	Check     *rules.CheckResult `json:"check,omitempty"`
	Countered bool               `json:"countered"`
}

// Cast casts spellID at slotLevel (0 for a cantrip) on targets and
// resolves it.
//
// It refuses, before drawing any die, with a fault.Invalid error whose
// message starts with ReasonInvalidArgs, ReasonNoSlot or ReasonNotAllowed:
// an unknown spell; a slot level below the spell's or above 9, or any for
// a cantrip; a caster dead or incapacitated; a caster without an unused
// slot of that level; a target count the spell does not allow, a target
// named twice, dead or out of range; a missing Options.Ability where the
// spell needs it. A slot spent and a concentration begun are the first
// changes of the Log (a concentration spell ends the caster's current
// concentration, whatever it was).
//
// Then the spell takes effect by its Shape. Damage one effect deals to
// several targets is rolled once, before their saves; a save for half
// halves each damage type on its own, rounded down. Targets are resolved one after another, each
// seeing the changes before it, so the caster caught in its own fireball
// and a creature hit by two darts take them in turn; dice are drawn in
// that order. The caster's and targets' creature types are the caller's
// to check (Hold Person affects humanoids, healing neither undead nor
// constructs), as are components, action economy and line of sight.
//
// A target with the caster's id is the caster: Cast uses the caster as
// given and ignores that target's copy.
//
// lookup finds spells (a campaign's srd.Book.Spell); nil means
// srd.LookupSpell. An exact spell is recognised by its id, so a campaign
// that overrides one keeps its exact mechanics.
func Cast(caster rules.Combatant, spellID string, slotLevel int, targets []rules.Combatant, opts Options, src dice.Source, lookup func(string) (srd.Spell, bool)) (Result, error) {
	if lookup == nil {
		lookup = srd.LookupSpell
	}
	s, ok := lookup(spellID)
	if !ok {
		return Result{}, refuse(ReasonInvalidArgs, "%q is not a spell", spellID)
	}
	c, err := prepare(caster, s, slotLevel, targets, opts, src, lookup)
	if err != nil {
		return Result{}, err
	}
	if err := c.begin(); err != nil {
		return Result{}, err
	}
	if err := c.resolve(); err != nil {
		return Result{}, err
	}
	return *c.r, nil
}

// Check makes every refusal Cast would make for the casting, and rolls
// no die: nil when Cast would resolve it. A caller that must act between
// the decision to cast and its dice (a counterspell) checks first.
func Check(caster rules.Combatant, spellID string, slotLevel int, targets []rules.Combatant, opts Options, lookup func(string) (srd.Spell, bool)) error {
	if lookup == nil {
		lookup = srd.LookupSpell
	}
	s, ok := lookup(spellID)
	if !ok {
		return refuse(ReasonInvalidArgs, "%q is not a spell", spellID)
	}
	_, err := prepare(caster, s, slotLevel, targets, opts, noDice{}, lookup)
	return err
}

// noDice is the dice of a Check, which draws none.
type noDice struct{}

func (noDice) Intn(int) int { return 0 }

const op = "cast spell"

// refuse is a refusal for the reason given.
func refuse(reason fault.Reason, format string, args ...any) error {
	return fault.Refuse(op, "", reason, format, args...)
}

// refuseWrap turns an error from the rules engine, which Cast's own checks
// should have caught, into a refusal that keeps it as the cause.
func refuseWrap(err error) error {
	_, msg := fault.Public(err)
	e := refuse(ReasonNotAllowed, "%s", msg).(*fault.Error)
	e.Err = err
	return e
}

// internal is a failure of this package's own bookkeeping.
func internal(err error) error { return fault.Wrap(fault.Internal, op, err) }
