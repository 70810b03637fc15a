package srd

// Ability ids are "str", "dex", "con", "int", "wis" and "cha" throughout.

// Spell is one spell's mechanical facts. Maps keyed by level hold dice
// notation ("8d6", "1d4+4") or a flat number ("70").
type Spell struct {
	ID            string     `json:"id"`
	Name          string     `json:"name"`
	Level         int        `json:"level"` // 0 is a cantrip
	School        string     `json:"school"`
	CastingTime   string     `json:"casting_time"`
	Range         SpellRange `json:"range"`
	Components    []string   `json:"components"` // "V", "S", "M"
	Duration      string     `json:"duration"`
	Concentration bool       `json:"concentration,omitempty"`
	Ritual        bool       `json:"ritual,omitempty"`
	Classes       []string   `json:"classes,omitempty"`     // class ids whose list holds the spell
	AttackType    string     `json:"attack_type,omitempty"` // "melee", "ranged" or "" (no spell attack)
	// Damage is the spell's damage roll. ExtraDamage is a second roll of
	// another type that the same casting also deals (Flame Strike, Ice
	// Storm, Meteor Swarm).
	Damage      *SpellDamage `json:"damage,omitempty"`
	ExtraDamage *SpellDamage `json:"extra_damage,omitempty"`
	// HealAtSlotLevel is the healing by slot level; HealAddsModifier says
	// the caster's spellcasting ability modifier is added to it.
	HealAtSlotLevel  map[int]string `json:"heal_at_slot_level,omitempty"`
	HealAddsModifier bool           `json:"heal_adds_modifier,omitempty"`
	Save             *Save          `json:"save,omitempty"`
	Area             *Area          `json:"area,omitempty"`
}

// SpellRange is a spell's range as the SRD states it, with its distance in
// feet where it has one: Self is 0, Touch is 5, miles are converted. Feet is
// nil for Sight, Special and Unlimited.
type SpellRange struct {
	Text string `json:"text"`
	Feet *int   `json:"feet,omitempty"`
}

// SpellDamage is a spell's damage by slot level (levelled spells) or by
// character level (cantrips). Type is empty where the SRD gives untyped
// dice: Sleep's hit-point pool and Prismatic Spray's per-colour rays.
type SpellDamage struct {
	Type             string         `json:"type,omitempty"`
	BySlotLevel      map[int]string `json:"by_slot_level,omitempty"`
	ByCharacterLevel map[int]string `json:"by_character_level,omitempty"`
	AddsModifier     bool           `json:"adds_modifier,omitempty"` // plus the spellcasting ability modifier
}

// Save is the saving throw a spell allows. OnSuccess is "half" (half
// damage), "none" (no effect) or "other" (the spell says what happens).
type Save struct {
	Ability   string `json:"ability"`
	OnSuccess string `json:"on_success"`
}

// Area is a spell's area of effect: a "cone", "cube", "cylinder", "line"
// or "sphere" of Size feet.
type Area struct {
	Type string `json:"type"`
	Size int    `json:"size"`
}

// Monster is one stat block's numbers.
type Monster struct {
	ID                    string         `json:"id"`
	Name                  string         `json:"name"`
	Size                  string         `json:"size"` // "Tiny" .. "Gargantuan"
	Type                  string         `json:"type"`
	Subtype               string         `json:"subtype,omitempty"`
	Alignment             string         `json:"alignment"`
	AC                    int            `json:"ac"`
	ACType                string         `json:"ac_type,omitempty"` // "natural", "dex", "armor", "spell", "condition"
	HP                    int            `json:"hp"`
	HitDice               string         `json:"hit_dice"`          // "7d8"
	HPRoll                string         `json:"hp_roll,omitempty"` // "7d8+14"
	Speed                 map[string]int `json:"speed"`             // "walk", "fly", "swim", "climb", "burrow": feet
	Hover                 bool           `json:"hover,omitempty"`
	Abilities             Abilities      `json:"abilities"`
	Saves                 map[string]int `json:"saves,omitempty"`  // ability id -> total bonus
	Skills                map[string]int `json:"skills,omitempty"` // skill id -> total bonus
	DamageVulnerabilities []string       `json:"damage_vulnerabilities,omitempty"`
	DamageResistances     []string       `json:"damage_resistances,omitempty"`
	DamageImmunities      []string       `json:"damage_immunities,omitempty"`
	ConditionImmunities   []string       `json:"condition_immunities,omitempty"` // condition ids
	Senses                Senses         `json:"senses"`
	Languages             string         `json:"languages,omitempty"`
	CR                    float64        `json:"cr"` // 0, 0.125, 0.25, 0.5, 1 .. 30
	XP                    int            `json:"xp"`
	ProficiencyBonus      int            `json:"proficiency_bonus"`
	SpecialAbilities      []Action       `json:"special_abilities,omitempty"`
	Actions               []Action       `json:"actions,omitempty"`
	Reactions             []Action       `json:"reactions,omitempty"`
	LegendaryActions      []Action       `json:"legendary_actions,omitempty"`
	Forms                 []string       `json:"forms,omitempty"` // monster ids of a shapechanger's other forms
}

// Abilities are the six ability scores.
type Abilities struct {
	Str int `json:"str"`
	Dex int `json:"dex"`
	Con int `json:"con"`
	Int int `json:"int"`
	Wis int `json:"wis"`
	Cha int `json:"cha"`
}

// Senses are a monster's passive Perception and special senses in feet.
// Notes keeps a sense's qualifier, e.g. "blind beyond this radius".
type Senses struct {
	PassivePerception int               `json:"passive_perception"`
	Blindsight        int               `json:"blindsight,omitempty"`
	Darkvision        int               `json:"darkvision,omitempty"`
	Tremorsense       int               `json:"tremorsense,omitempty"`
	Truesight         int               `json:"truesight,omitempty"`
	Notes             map[string]string `json:"notes,omitempty"`
}

// Action is one entry of a stat block's special abilities, actions,
// reactions or legendary actions. Only the mechanics the SRD states as data
// are here; ID (the name as a slug, without any parenthetical) is the key the
// engine uses for behaviour it implements itself, such as "pack-tactics".
type Action struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// AttackBonus is set only for entries that make an attack roll.
	AttackBonus  *int          `json:"attack_bonus,omitempty"`
	AttackType   string        `json:"attack_type,omitempty"` // "melee", "ranged", "melee_or_ranged"
	SpellAttack  bool          `json:"spell_attack,omitempty"`
	Reach        int           `json:"reach,omitempty"` // feet, melee attacks
	Range        *Range        `json:"range,omitempty"` // ranged attacks
	Damage       []Damage      `json:"damage,omitempty"`
	DC           *DC           `json:"dc,omitempty"`
	Usage        *Usage        `json:"usage,omitempty"`
	Multiattack  *Multiattack  `json:"multiattack,omitempty"`
	Options      []Action      `json:"options,omitempty"` // the monster uses one of these (breath weapons)
	Stages       []Action      `json:"stages,omitempty"`  // successive uses, first to last (Androsphinx's Roar)
	Heard        bool          `json:"heard,omitempty"`   // catches only those who can hear it (a roar's stage)
	Cost         int           `json:"cost,omitempty"`    // legendary actions it costs (legendary actions only)
	Spellcasting *Spellcasting `json:"spellcasting,omitempty"`
	// OnHit are the conditions the attack's hit puts on its target, as
	// the stat block's text says (the reference has no field for them).
	OnHit []HitCondition `json:"on_hit,omitempty"`
	// Amount, StoppedBy and Dice are a trait's numbers the text gives:
	// the hit points Regeneration restores each turn and the damage types
	// that stop it for a turn; the most damage Relentless shrugs off; the
	// extra dice of a Sneak Attack or a Martial Advantage, of the
	// weapon's damage type.
	Amount    int      `json:"amount,omitempty"`
	StoppedBy []string `json:"stopped_by,omitempty"`
	Dice      string   `json:"dice,omitempty"`
	// Inflicts are the conditions an action without an attack roll puts
	// on each creature it catches that fails its saving throw (a dragon's
	// Frightful Presence frightens, its Wing Attack knocks prone), as the
	// text says; ImmuneAfter, that a creature that saves or shakes it off
	// is immune to it for the rest of the day.
	Inflicts    []HitCondition `json:"inflicts,omitempty"`
	ImmuneAfter bool           `json:"immune_after,omitempty"`
	// Single says the action catches one creature, not all (a mummy's
	// Dreadful Glare, a lich's Frightening Gaze).
	Single bool `json:"single,omitempty"`
	// HoldsAtZero says Regeneration keeps the creature from dying at 0
	// hit points until its turn starts and it does not regenerate (a
	// troll's).
	HoldsAtZero bool `json:"holds_at_zero,omitempty"`
	// Drain is the life drain the attack's hit carries, as the text says.
	Drain *Drain `json:"drain,omitempty"`
	// Follows and Then are a Charge's or a Pounce's attacks (a special
	// ability's): the attack whose hit, after the monster closed on its
	// target that turn, carries the trait's Dice more damage and its
	// OnHit; the attack it may make as a bonus action at a target left
	// prone. Amount is the feet of the run the text asks for.
	Follows string `json:"follows,omitempty"`
	Then    string `json:"then,omitempty"`
	// Swallow is how the action swallows or engulfs a creature, as the
	// text says (a purple worm's bite, a behir's Swallow, a gelatinous
	// cube's Engulf).
	Swallow *Swallow `json:"swallow,omitempty"`
	// Ongoing is the harm the attack's hit leaves burning or bleeding at
	// each of the target's turns, as the text says (a bearded devil's
	// infernal wound, a fire elemental's fire).
	Ongoing *Ongoing `json:"ongoing,omitempty"`
	// Downs is what the hit does to a creature its damage drops to 0 hit
	// points (a giant spider's poison), as the text says.
	Downs *Downs `json:"downs,omitempty"`
	// Slays is the death the hit deals, behind a save, to a creature
	// left with few enough hit points (a solar's Slaying Longbow).
	Slays *Slay `json:"slays,omitempty"`
	// Aura and Flinch are a special ability's reach over the creatures
	// around the monster and what a damage type does to the monster
	// itself, as the text says (types_auras.go).
	Aura   *Aura   `json:"aura,omitempty"`
	Flinch *Flinch `json:"flinch,omitempty"`
	// Affliction is the curse or disease the hit leaves behind a save
	// (mummy rot, lycanthropy), as the text says.
	Affliction *Affliction `json:"affliction,omitempty"`
	// Move and Lure are where the action puts a creature (a pull, a
	// fling) and a song's walk to its singer (types_positions.go).
	Move *Move `json:"move,omitempty"`
	Lure *Lure `json:"lure,omitempty"`
	// Call is the creatures the action brings to the monster's side
	// (types_beings.go).
	Call *Call `json:"call,omitempty"`
	// Boon is what the action does for the monster or its side (a
	// healing, a shield, a haste: types_boons.go).
	Boon *Boon `json:"boon,omitempty"`
	// Bolts is how many creatures it strikes at most, the policy's pick
	// (a kraken's Lightning Storm: three).
	Bolts int `json:"bolts,omitempty"`
	// Upon is whom a single target's action may pick: a creature in
	// that condition ("frightened": a sea hag's Death Glare), or held by
	// the monster ("grappled": a chuul's Tentacles); Drops, that a failed
	// save drops the target to 0 hit points.
	Upon  string `json:"upon,omitempty"`
	Drops bool   `json:"drops,omitempty"`
	// Hinders is what a failed save does to the creature's turns (a
	// stone golem's Slow: types_hindrances.go); Engaged, that the action
	// catches only the creatures engaged with the monster ("within 10
	// ft. of it").
	Hinders *Hinder `json:"hinders,omitempty"`
	Engaged bool    `json:"engaged,omitempty"`
	// Either is the other ability the target may save with, its choice
	// (a bulette's Deadly Leap: "Strength or Dexterity").
	Either string `json:"either,omitempty"`
}

// Swallow is a monster's swallowing (or engulfing) of a creature: the
// creature is inside it, restrained (and blinded, when Blinded), with
// total cover against everything outside, and takes Digest at the start
// of each of the monster's turns. It ends when the monster regurgitates
// it, when it escapes, or when it crawls out of the monster's corpse.
type Swallow struct {
	// Attack is the attack the action makes to swallow (a behir's
	// Swallow "makes one bite attack": "Bite"), swallowing on a hit; ""
	// when the action is that attack itself (a purple worm's Bite) or
	// makes none and swallows on a failed Save (a cube's Engulf). Hits
	// is how many of the Multiattack's Attack must hit one target for
	// the action to follow (a shambling mound's two slams); 0 is one.
	Attack string `json:"attack,omitempty"`
	Hits   int    `json:"hits,omitempty"`
	// MaxSize is the largest size it swallows ("medium", "large").
	MaxSize string `json:"max_size"`
	// Grappled says it swallows only a creature it is grappling; the
	// grapple ends as it does.
	Grappled bool `json:"grappled,omitempty"`
	// Save is the creature's saving throw against being swallowed (a
	// purple worm's Dexterity 19); nil when the hit alone does it.
	Save *DC `json:"save,omitempty"`
	// Blinded says the creature inside is blinded too (a cube's can be
	// seen, and sees).
	Blinded bool `json:"blinded,omitempty"`
	// Digest is the damage the creature inside takes at the start of
	// each of the monster's turns; its DC, when set, a save that avoids
	// it (a shambling mound's).
	Digest Damage `json:"digest"`
	// Limit is how many creatures it holds at a time, a Large one
	// counting as four (a cube's "one Large creature or up to four
	// Medium or smaller"); 0 is no limit.
	Limit int `json:"limit,omitempty"`
	// Regurgitate is the damage the monster takes on a single turn from
	// a creature inside it that makes it save, a Constitution save
	// against RegurgitateDC at the end of that turn, or bring up every
	// creature inside, prone; 0 when it never does.
	Regurgitate   int `json:"regurgitate,omitempty"`
	RegurgitateDC int `json:"regurgitate_dc,omitempty"`
	// ExitFeet is the movement a creature spends to crawl out of the
	// monster's corpse, exiting prone.
	ExitFeet int `json:"exit_feet,omitempty"`
	// Escape is the DC of the Strength check a creature inside makes with
	// its action to escape (a cube's, a shambling mound's grapple); 0
	// when it can't.
	Escape int `json:"escape,omitempty"`
	// Engulf says the text calls it engulfing, as the fight tells it.
	Engulf bool `json:"engulf,omitempty"`
}

// Ongoing is harm a hit leaves on its target, dealt at the start of each
// of the target's turns (at their end when AtEnd: a magmin's fire) until
// a creature's action ends it: Dice of Type damage, or hit points lost
// when Type is "" (an infernal wound, which no resistance lessens). Save,
// when set, is the target's save against getting it at all. Each further
// hit with the attack adds Dice to it when Stacks (a wound deepens). The
// action needs Stanch's check when set (a DC 12 Wisdom (Medicine) check
// stanches a wound), none when nil (a fire is doused); magical healing
// ends it too when Healing. Except are the creature types it spares
// ("undead", "construct").
type Ongoing struct {
	Name    string   `json:"name"` // what the fight calls it: "infernal wound", "fire"
	Dice    string   `json:"dice"`
	Type    string   `json:"type,omitempty"`
	Save    *DC      `json:"save,omitempty"`
	AtEnd   bool     `json:"at_end,omitempty"`
	Stacks  bool     `json:"stacks,omitempty"`
	Stanch  *Check   `json:"stanch,omitempty"`
	Healing bool     `json:"healing,omitempty"`
	Except  []string `json:"except,omitempty"`
	// While is the condition the hit leaves that the harm lasts as long
	// as ("grappled": a chain devil's chains; "poisoned": a pit fiend's
	// poison): it comes only when that condition took, and ends with it.
	While string `json:"while,omitempty"`
	// Shake is the save the target makes after each turn's harm, a
	// success ending it (a Sword of Wounding's DC 15 Constitution).
	Shake *DC `json:"shake,omitempty"`
}

// Check is an ability check against a DC, with a skill's proficiency
// when Skill is set ("medicine").
type Check struct {
	Ability string `json:"ability"`
	Skill   string `json:"skill,omitempty"`
	DC      int    `json:"dc"`
}

// Downs is what a hit does to a creature whose hit points its damage of
// Type ("" any of the hit's: a swarm's bites) drops to 0: the creature
// is stable, but Condition holds it for Duration even after it regains
// hit points, and While holds it as long as Condition does (poisoned
// for 1 hour, and paralyzed while poisoned).
type Downs struct {
	Type      string `json:"type,omitempty"`
	Condition string `json:"condition"`
	Duration  string `json:"duration"`
	While     string `json:"while,omitempty"`
}

// Slay is a hit's death: a creature the hit leaves with HP hit points or
// fewer must succeed on Save or die.
type Slay struct {
	HP   int `json:"hp"`
	Save DC  `json:"save"`
}

// Drain is a life drain: a hit takes from the target's hit point maximum
// the damage it dealt (of Type; "" all of it) until the target finishes
// a long rest, behind Save when set (a wight's Life Drain), and the
// attacker regains as much when Heals (a vampire's bite). A creature
// whose maximum it takes to 0 dies.
type Drain struct {
	Save  *DC    `json:"save,omitempty"`
	Type  string `json:"type,omitempty"`
	Heals bool   `json:"heals,omitempty"`
}

// HitCondition is a condition an attack's hit puts on its target: a
// ghoul's claws paralyse behind a Constitution save, a wolf's bite knocks
// prone behind a Strength save, a constrictor snake grapples (escape DC
// 14) and restrains.
type HitCondition struct {
	Condition string `json:"condition"` // "paralyzed", "prone", "grappled", "poisoned"…
	// Save is the target's saving throw against it; nil when the hit
	// alone does it (a grapple). Its Success is "none".
	Save *DC `json:"save,omitempty"`
	// Duration is how long it lasts ("1 minute", "1 hour", "24 hours",
	// "its next turn": to the end of the target's next turn, "the
	// source's next turn": to the end of the monster's); "" until
	// something ends it: a prone creature stands, a grapple is escaped,
	// a poison is cured.
	Duration string `json:"duration,omitempty"`
	// Repeat says the target repeats the save at the end of each of its
	// turns, the condition ending on a success.
	Repeat bool `json:"repeat,omitempty"`
	// Escape is a grapple's escape DC; Restrained says the grappled
	// target is also restrained until the grapple ends.
	Escape     int  `json:"escape,omitempty"`
	Restrained bool `json:"restrained,omitempty"`
	// MaxSize is the largest size of target it works on ("medium",
	// "large"); "" any creature.
	MaxSize string `json:"max_size,omitempty"`
	// Except are the creature types and races it does not work on
	// ("elf", "undead").
	Except []string `json:"except,omitempty"`
	// Sleep is the unconsciousness that comes with the condition when
	// the save goes badly (a drow's poison).
	Sleep *Sleep `json:"sleep,omitempty"`
	// Worsens is the condition the target's second failed save, at the
	// end of its next turn, turns this one into, for WorsensFor (a
	// cockatrice's bite: restrained as it begins to turn to stone, then
	// petrified for 24 hours); a success there ends it.
	Worsens    string `json:"worsens,omitempty"`
	WorsensFor string `json:"worsens_for,omitempty"`
	// FailBy is how much the save must fail by for this condition to
	// come, when set (a Dreadful Glare's paralysis, failed by 5).
	FailBy int `json:"fail_by,omitempty"`
	// Advantage says the condition comes only with a hit made with
	// advantage (a cloaker attached to the head blinds); Blinded, that a
	// grappled target is also blinded until the grapple ends (a rug of
	// smothering's).
	Advantage bool `json:"advantage,omitempty"`
	Blinded   bool `json:"blinded,omitempty"`
}

// Sleep is a poison's unconsciousness, held as long as the condition it
// comes with: on a save failed by FailBy or more, or whose total is
// AtMost or lower when that is set (a sprite's 5), or on any failed save
// when both are 0 (a couatl's). Duration, when set, replaces the
// condition's own for both ("1d10 minutes": a homunculus's). Damage
// wakes the sleeper when DamageWakes; another creature's action shakes
// it awake when ShakeWakes.
type Sleep struct {
	FailBy      int    `json:"fail_by,omitempty"`
	AtMost      int    `json:"at_most,omitempty"`
	Duration    string `json:"duration,omitempty"`
	DamageWakes bool   `json:"damage_wakes,omitempty"`
	ShakeWakes  bool   `json:"shake_wakes,omitempty"`
}

// Range is a normal and long range in feet.
type Range struct {
	Normal int `json:"normal"`
	Long   int `json:"long,omitempty"`
}

// Damage is one damage roll. OneOf, when set, replaces Dice and Type with a
// choice (a versatile grip, a damage type); Note names what each option is.
// DC, when set, is a save against this roll alone.
type Damage struct {
	Dice  string   `json:"dice,omitempty"`
	Type  string   `json:"type,omitempty"`
	DC    *DC      `json:"dc,omitempty"`
	Note  string   `json:"note,omitempty"`
	OneOf []Damage `json:"one_of,omitempty"`
	// Ranged is the roll in place of Dice when the attack is made at
	// range (a bugbear's javelin: 2d6 + 2 in melee, 1d6 + 2 thrown);
	// HalfHP, when the attacker has half its hit points or fewer (a
	// swarm's bites). The text gives both; the reference has neither.
	Ranged string `json:"ranged,omitempty"`
	HalfHP string `json:"half_hp,omitempty"`
	// Instead is the roll in place of Dice in a state the text names
	// (a duergar enlarged).
	Instead *Instead `json:"instead,omitempty"`
}

// DC is a saving throw a monster forces. Success is "half" or "none".
type DC struct {
	Ability string `json:"ability"`
	Value   int    `json:"value"`
	Success string `json:"success"`
}

// Usage limits how often something can be used. Type is "per_day" (Times
// uses), "recharge" (regained on a d6 roll of RechargeMin or more at the
// start of the monster's turn), "recharge_after_rest" (Rest lists the rests)
// or "at_will".
type Usage struct {
	Type        string   `json:"type"`
	Times       int      `json:"times,omitempty"`
	RechargeMin int      `json:"recharge_min,omitempty"`
	Rest        []string `json:"rest,omitempty"`
}

// Multiattack is what a Multiattack action makes: Actions (action name ->
// count), plus Variable for counts the stat block gives as text or dice
// ("1d4"), or else one set of OneOf.
type Multiattack struct {
	Actions  map[string]int    `json:"actions,omitempty"`
	Variable map[string]string `json:"variable,omitempty"`
	OneOf    []map[string]int  `json:"one_of,omitempty"`
}

// Spellcasting is a monster's spellcasting trait.
type Spellcasting struct {
	Ability     string         `json:"ability"`
	DC          int            `json:"dc,omitempty"`
	AttackBonus int            `json:"attack_bonus,omitempty"`
	Level       int            `json:"level,omitempty"` // caster level
	List        string         `json:"list,omitempty"`  // class spell list it draws from
	Components  []string       `json:"components,omitempty"`
	Slots       map[int]int    `json:"slots,omitempty"` // slot level -> slots
	Spells      []MonsterSpell `json:"spells"`
}

// MonsterSpell is a spell a monster can cast; Usage is set for innate
// spellcasting ("at_will", "per_day").
type MonsterSpell struct {
	ID    string `json:"id"`
	Level int    `json:"level"`
	Usage *Usage `json:"usage,omitempty"`
	Note  string `json:"note,omitempty"`
}

// Class is a character class's facts and its level table.
type Class struct {
	ID                  string   `json:"id"`
	Name                string   `json:"name"`
	HitDie              int      `json:"hit_die"`
	SavingThrows        []string `json:"saving_throws"`
	SpellcastingAbility string   `json:"spellcasting_ability,omitempty"`
	// CasterKind is "full", "half", "pact" or "none", derived from the
	// slot table.
	CasterKind          string   `json:"caster_kind"`
	SpellcastingLevel   int      `json:"spellcasting_level,omitempty"`   // class level spellcasting starts at
	ArmorProficiencies  []string `json:"armor_proficiencies,omitempty"`  // armor categories: "light", "medium", "heavy", "shield"
	WeaponProficiencies []string `json:"weapon_proficiencies,omitempty"` // "simple", "martial" or weapon ids
	ToolProficiencies   []string `json:"tool_proficiencies,omitempty"`
	// SkillChoices are the skills a new character of the class is
	// proficient in: Choose of From (skill ids: "animal-handling").
	SkillChoices *SkillChoice `json:"skill_choices,omitempty"`
	Levels       []ClassLevel `json:"levels"` // levels 1..20, in order
}

// SkillChoice is a number of skills to choose from a list.
type SkillChoice struct {
	Choose int      `json:"choose"`
	From   []string `json:"from"`
}

// ClassLevel is one row of a class's level table. SpellSlots[i] is the
// number of slots of level i+1; it is empty when the class has none yet.
type ClassLevel struct {
	Level            int   `json:"level"`
	ProficiencyBonus int   `json:"proficiency_bonus"`
	CantripsKnown    int   `json:"cantrips_known,omitempty"`
	SpellsKnown      int   `json:"spells_known,omitempty"`
	SpellSlots       []int `json:"spell_slots,omitempty"`
	// Features are the class features the level brings, by the SRD's
	// names ("Extra Attack", "Martial Archetype feature").
	Features []string `json:"features,omitempty"`
	// AbilityScoreImprovement: the level brings one (+2 to one score or
	// +1 to two, none above 20).
	AbilityScoreImprovement bool `json:"ability_score_improvement,omitempty"`
	// Counters are the class's own numbers at the level, by the SRD's
	// names: "rage_count", "rage_damage_bonus", "ki_points",
	// "martial_arts_die", "sneak_attack_dice", "sorcery_points",
	// "channel_divinity_charges", "invocations_known", "wild_shape_max_cr"
	// (0.25), ... A yes or no is 1 or 0.
	Counters map[string]float64 `json:"counters,omitempty"`
}

// Counter is the class's counter name at the level, 0 when it has none;
// "cantrips_known" and "spells_known" read the level's columns of those
// names, so a feature's choice may count by them as by any counter.
func (l ClassLevel) Counter(name string) float64 {
	switch name {
	case "cantrips_known":
		return float64(l.CantripsKnown)
	case "spells_known":
		return float64(l.SpellsKnown)
	}
	return l.Counters[name]
}

// Race is a playable race.
type Race struct {
	ID                 string         `json:"id"`
	Name               string         `json:"name"`
	Speed              int            `json:"speed"`
	Size               string         `json:"size"`
	AbilityBonuses     map[string]int `json:"ability_bonuses"`
	AbilityBonusChoice *AbilityChoice `json:"ability_bonus_choice,omitempty"`
	Traits             []string       `json:"traits,omitempty"` // trait ids
	Languages          []string       `json:"languages,omitempty"`
	Subraces           []Subrace      `json:"subraces,omitempty"`
}

// AbilityChoice is a choice of Choose different abilities from From, each
// raised by Bonus.
type AbilityChoice struct {
	Choose int      `json:"choose"`
	Bonus  int      `json:"bonus"`
	From   []string `json:"from"`
}

// Subrace adds its bonuses and traits to its race's.
type Subrace struct {
	ID             string         `json:"id"`
	Name           string         `json:"name"`
	AbilityBonuses map[string]int `json:"ability_bonuses,omitempty"`
	Traits         []string       `json:"traits,omitempty"`
}

// Weapon is a weapon from the equipment tables. Range is set for ranged
// weapons, ThrowRange for thrown ones; a melee weapon reaches 5 feet, 10 with
// the "reach" property.
type Weapon struct {
	ID              string   `json:"id"`
	Name            string   `json:"name"`
	Category        string   `json:"category"`   // "simple" or "martial"
	RangeType       string   `json:"range_type"` // "melee" or "ranged"
	Damage          *Damage  `json:"damage,omitempty"`
	TwoHandedDamage *Damage  `json:"two_handed_damage,omitempty"` // versatile
	Properties      []string `json:"properties,omitempty"`
	Range           *Range   `json:"range,omitempty"`
	ThrowRange      *Range   `json:"throw_range,omitempty"`
	Weight          float64  `json:"weight"` // pounds
	CostCP          int      `json:"cost_cp"`
}

// Armor is armor or a shield. A shield's BaseAC is its bonus.
type Armor struct {
	ID                  string  `json:"id"`
	Name                string  `json:"name"`
	Category            string  `json:"category"` // "light", "medium", "heavy", "shield"
	BaseAC              int     `json:"base_ac"`
	DexBonus            bool    `json:"dex_bonus"`
	DexMax              int     `json:"dex_max,omitempty"` // cap on the Dex bonus; 0 is no cap
	StrMinimum          int     `json:"str_minimum,omitempty"`
	StealthDisadvantage bool    `json:"stealth_disadvantage,omitempty"`
	Weight              float64 `json:"weight"`
	CostCP              int     `json:"cost_cp"`
}

// Gear is an item of adventuring gear or a tool: what it weighs and costs.
type Gear struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Category string `json:"category"` // "standard-gear", "ammunition", "equipment-packs", "tools", ...
	// Weight is one piece's, in pounds (an arrow's, not a bundle's); a
	// pack's is what it holds.
	Weight float64 `json:"weight"`
	Bundle int     `json:"bundle"` // pieces sold together
	CostCP int     `json:"cost_cp"`
}

// Condition names one of the SRD conditions; what it does is the engine's.
type Condition struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}
