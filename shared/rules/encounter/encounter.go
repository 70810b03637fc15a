package encounter

import (
	"slices"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// An encounter's status.
const (
	Active = campaign.EncounterActive
	Ended  = "ended"
)

// A participant's kind.
const (
	KindCharacter = "character"
	KindMonster   = "monster"
)

// Limits on what Start accepts.
const (
	MaxPerSpec      = 20 // monsters of one MonsterSpec
	MaxParticipants = 40 // characters and monsters together
)

// maxLog bounds the encounter's own log so a long fight still fits one
// stored item; the turn records keep every roll anyway.
const maxLog = 500

// Encounter is one fight as stored (the campaign's ENC item) and sent to
// clients. Its first six fields are protocol.md's encounter shape.
type Encounter struct {
	ID     string `json:"id"`
	Status string `json:"status"` // Active or Ended
	Round  int    `json:"round"`
	// Order is the participant ids in initiative order.
	Order []string `json:"order"`
	// Current is the id of the participant whose turn it is; "" once
	// ended.
	Current      string        `json:"current"`
	Participants []Participant `json:"participants"`
	// Outcome is how the encounter ended: "victory", "defeat" or "fled"
	// when it ended by itself (Decided), or the owner's End's
	// ("negotiated", "other" too); "" while active.
	Outcome string `json:"outcome,omitempty"`
	// AreaID is the area of the map the fight is in; a character who
	// moves out of it has left the fight (Participant.Left). "" (an
	// encounter started without one) tracks no flight.
	AreaID string `json:"area_id,omitempty"`
	// Clock is the game time (campaign.State.Clock) the fight's first
	// round began at; each round is six seconds of it (Now).
	Clock int64 `json:"clock,omitempty"`
	// OnDefeat is the monsters' intent once every character is down, the
	// campaign's setting when the fight began: campaign.OnDefeatLeave,
	// OnDefeatPrisoners or OnDefeatFightToTheDeath ("" is read as
	// campaign.DefeatIntent reads it).
	OnDefeat string `json:"on_defeat,omitempty"`
	// XPEach is each surviving character's share of the experience points
	// of the monsters defeated, once the encounter has ended.
	XPEach int `json:"xp_each,omitempty"`
	// Committed is the character ids whose diffs End marked for writing
	// back.
	Committed []string `json:"committed,omitempty"`
	// LegendaryDue are the legendary monsters owed a legendary action
	// since the last turn ended, in order (LegendaryTurn plays them).
	LegendaryDue []string `json:"legendary_due,omitempty"`
	// Log is one line per action, the most recent maxLog.
	Log []Entry `json:"log"`
	// Effects are the spells' lasting effects on participants, until
	// their time is up, their caster's concentration ends or the
	// encounter does (effects.go).
	Effects []Effect `json:"effects,omitempty"`
	// Light is the light of the area the fight is in (world.Area.Light:
	// "bright", "dim", "dark"), which the caller sets; "" is bright. In
	// darkness a creature without darkvision fights what it cannot see
	// (light.go).
	Light string `json:"light,omitempty"`
}

// Entry is one action in the encounter's log.
type Entry struct {
	Round   int    `json:"round"`
	ActorID string `json:"actor_id,omitempty"`
	Text    string `json:"text"`
}

// Participant is one creature in the fight. HP, MaxHP, TempHP, AC,
// Conditions and Defeated mirror Combatant, which is the state the rules
// resolve against.
type Participant struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Kind string `json:"kind"` // KindCharacter or KindMonster
	// CharacterID links a persistent participant to its campaign
	// character; SRDID names an ephemeral monster's stat block.
	CharacterID string `json:"character_id,omitempty"`
	SRDID       string `json:"srd_id,omitempty"`
	// Type is the creature type ("humanoid", "undead"), which some spells
	// care about; characters are humanoids.
	Type       string   `json:"type,omitempty"`
	HP         int      `json:"hp"`
	MaxHP      int      `json:"max_hp"`
	TempHP     int      `json:"temp_hp"`
	AC         int      `json:"ac"`
	Conditions []string `json:"conditions"`
	Initiative int      `json:"initiative"`
	// ReactionUsed is reset at the start of the participant's turn; a
	// surprised participant has none until its skipped first turn passes.
	ReactionUsed bool `json:"reaction_used"`
	// Shielded is a Shield cast as a reaction: +5 AC until the start of
	// the participant's next turn.
	Shielded bool `json:"shielded,omitempty"`
	// Pools are a character's class and racial resources (campaign.
	// ResourcesOf), as the fight spends them: Bardic Inspiration, Second
	// Wind, Rage, Ki, ... (features.go).
	Pools map[string]campaign.Pool `json:"pools,omitempty"`
	// Inspiration and SecondWindUsed are how an encounter stored before
	// Pools kept a bard's dice left and a fighter's Second Wind;
	// FromRecord reads them into Pools.
	Inspiration    int  `json:"inspiration,omitempty"`
	SecondWindUsed bool `json:"second_wind_used,omitempty"`
	// Hidden is a successful Hide until the participant attacks or
	// casts a spell.
	Hidden bool `json:"hidden,omitempty"`
	// Spent are a monster's area actions (breath weapons) used and not
	// recharged yet, by action id.
	Spent []string `json:"spent,omitempty"`
	// Defeated is dead: a monster at 0 HP, a character after three failed
	// death saves or massive damage. Its turns are skipped.
	Defeated bool `json:"defeated"`
	// Surprised is set through round 1 for a participant caught unaware.
	Surprised bool `json:"surprised,omitempty"`
	// Left says a character moved out of the encounter's area: out of
	// the fight, beyond every attack and spell of it, until it moves back.
	Left bool `json:"left,omitempty"`
	// Kit says a character carries a healer's kit with a use left, which
	// its first aid spends (no check) instead of a Wisdom (Medicine)
	// check; KitUses are the uses left, counted at Start.
	Kit     bool `json:"kit,omitempty"`
	KitUses int  `json:"kit_uses,omitempty"`
	// Engaged are the participants of the other side within whose reach
	// it stands, and they within its (reach.go).
	Engaged []string `json:"engaged,omitempty"`
	// XP is what defeating a monster is worth, from its stat block (the
	// campaign's homebrew one, if it has one).
	XP int `json:"xp,omitempty"`
	// Spellcasting is a monster's spellcasting traits as the engine
	// plays them (spellcasting.go).
	Spellcasting []Casting `json:"spellcasting,omitempty"`
	// Turn is what the participant has used of its current (or last)
	// turn.
	Turn  Turn  `json:"turn"`
	Stats Stats `json:"stats"`
	// Combatant is the participant as the rules see it, changed by every
	// resolution; Start is how it entered the fight, for End's diff.
	Combatant rules.Combatant `json:"combatant"`
	Start     Snapshot        `json:"start"`
	// Class (characters) decides weapon proficiency; Weapons are the SRD
	// weapon ids the character carried at Start.
	Class   string   `json:"class,omitempty"`
	Weapons []string `json:"weapons,omitempty"`
	// Pairs are the weapons among Weapons it carried two or more of, for
	// two-weapon fighting with a pair.
	Pairs []string `json:"pairs,omitempty"`
	// Wielded are the weapons among Weapons the character's sheet marks
	// wielded: an attack that names none is made with one of them when
	// one fits it (bestWeapon).
	Wielded []string `json:"wielded,omitempty"`
	// Shield says a character has a shield on its arm (worn, as
	// campaign.Worn reads the sheet): no weapon in two hands (weapon.go),
	// and Protection may be used.
	Shield bool `json:"shield,omitempty"`
	// Ammo is the ammunition a character carries for its weapons that
	// shoot it, the pieces left by SRD id ("arrow": 20): counted at
	// Start, one spent an attack (weapon.go). nil when it carries no such
	// weapon, or in an encounter stored before ammunition was counted,
	// whose shots spend none.
	Ammo map[string]int `json:"ammo,omitempty"`
	// Quiver are the pieces of magic ammunition among Ammo (a +1 arrow),
	// and Nocked the one the attack being made shoots, "" for a plain
	// piece (items_ammo.go).
	Quiver []MagicAmmo `json:"quiver,omitempty"`
	Nocked string      `json:"nocked,omitempty"`
	// Size is the creature's size, lower case ("medium"); "" is Medium.
	// GrappledBy is the participant grappling it (contest.go).
	Size       string `json:"size,omitempty"`
	GrappledBy string `json:"grappled_by,omitempty"`
	// Summoned marks a creature a spell called into the fight on the side
	// of SummonedBy, its caster (summons.go): of its caster's kind, with no
	// sheet and no player; the rules play a character's summons.
	Summoned   bool   `json:"summoned,omitempty"`
	SummonedBy string `json:"summoned_by,omitempty"`
	// Enchanted are a character's magic weapons' bonuses to attack and
	// damage rolls, by weapon id (a +1 longsword's 1), as they were at
	// Start; their attacks are magical.
	Enchanted map[string]int `json:"enchanted,omitempty"`
	// ItemDamage is what a character's magic weapons' hits deal beyond
	// the weapon's, by weapon id (a Flame Tongue's 2d6 fire: items.go).
	ItemDamage map[string][]srd.ItemDamage `json:"item_damage,omitempty"`
	// ItemRiders are the character's magic weapons whose hit leaves harm
	// (a Sword of Wounding's wound), by weapon id (items_wounding.go).
	ItemRiders map[string]string `json:"item_riders,omitempty"`
	// EscapeDC is the DC a stat block's grapple is escaped against
	// (hitconditions.go), 0 for a grapple escaped by a contest; while
	// HeldRestrained, the grapple restrains it too.
	EscapeDC       int  `json:"escape_dc,omitempty"`
	HeldRestrained bool `json:"held_restrained,omitempty"`
	// Race is a character's race id ("elf", "hill-dwarf"), which some
	// monsters' hits spare (a ghoul's claws do not paralyse elves).
	Race string `json:"race,omitempty"`
	// Hinders names the armour a character wears that gives it
	// disadvantage on Stealth, hiding included; HeavyArmor says it wears
	// heavy armour (no Rage's benefits, no Unarmored Defense).
	Hinders    []string `json:"hinders,omitempty"`
	HeavyArmor bool     `json:"heavy_armor,omitempty"`
	// Armored says a character wears body armour or carries a shield,
	// which a monk's Martial Arts is not fought in (monk.go).
	Armored bool `json:"armored,omitempty"`
	// Parry is the AC a monster's Parry reaction adds against one melee
	// attack that would hit it; 0 without one.
	Parry int `json:"parry,omitempty"`
	// Actions are a monster's stat block actions that make attacks,
	// Multiattack included, and its area actions (breath.go), as they
	// were at Start.
	Actions []srd.Action `json:"actions,omitempty"`
	// Traits are a monster's special abilities, by id ("pack-tactics");
	// the engine applies those it models (monstertraits.go). Specials are
	// those of them that carry numbers (Regeneration's hit points, a
	// Stench's DC), as they were at Start: a table's own stat block's.
	Traits   []string     `json:"traits,omitempty"`
	Specials []srd.Action `json:"specials,omitempty"`
	// MundaneResist and MundaneImmune are the damage types a monster
	// resists or is immune to only from nonmagical attacks (a werewolf's
	// bludgeoning, piercing and slashing), which a magic weapon's hits
	// get through.
	MundaneResist rules.Set[rules.DamageType] `json:"mundane_resist,omitempty"`
	MundaneImmune rules.Set[rules.DamageType] `json:"mundane_immune,omitempty"`
	// Senses are the special senses a monster perceives by: without
	// relying on sight alone, which see through Blur ("blindsight",
	// "truesight"), and in the dark ("darkvision", light.go).
	Senses []string `json:"senses,omitempty"`
	// Legendary are the legendary actions the engine plays for a
	// legendary monster, and LegendaryLeft what it has left of its
	// LegendaryPerRound until the start of its next turn.
	Legendary     []Legendary `json:"legendary,omitempty"`
	LegendaryLeft int         `json:"legendary_left,omitempty"`
	// LegendaryResistance is the uses left of a legendary monster's
	// Legendary Resistance: by the engine's policy, it turns the first
	// saving throws it fails against spells into successes.
	LegendaryResistance int `json:"legendary_resistance,omitempty"`
	// Form is a druid's own form while it is in a beast's shape (Wild
	// Shape, druid.go): the Combatant, Actions and Traits are the
	// beast's then, and Form what they were.
	Form *Form `json:"form,omitempty"`
	// Marks are what the participant's features have done or met in the
	// turn under way, whoever's it is: a once-a-turn feature used, a
	// creature that hit it (marks.go). Its own turn clears them.
	Marks []string `json:"marks,omitempty"`
	// Spells are what a character casts, from its sheet at Start
	// (spells.go); nil for one that casts nothing, and for a
	// participant stored before they were kept, which casts every spell
	// of its class's list.
	Spells *campaign.Repertoire `json:"spells,omitempty"`
	// Choices are a character's choices for its features, as its sheet
	// keeps them (campaign.Character.Choices): a dragon ancestor, the
	// spells of a signature, a resilience's damage type.
	Choices map[string][]string `json:"choices,omitempty"`
}

// Turn is the action economy of one turn. Movement is the feet of
// movement left, which ActionMove spends a speed's worth of at a time.
type Turn struct {
	ActionUsed      bool `json:"action_used"`
	BonusActionUsed bool `json:"bonus_action_used"`
	Movement        int  `json:"movement"`
	Dashed          bool `json:"dashed,omitempty"`
	Disengaged      bool `json:"disengaged,omitempty"`
	// SneakUsed is a rogue's Sneak Attack, dealt once a turn.
	SneakUsed bool `json:"sneak_used,omitempty"`
	// CastAction and CastBonus are the spells cast this turn with the
	// action and with the bonus action: after a bonus-action spell only a
	// cantrip may be cast with the action, and the other way round.
	CastAction string `json:"cast_action,omitempty"`
	CastBonus  string `json:"cast_bonus,omitempty"`
	// LightWeapon is the light melee weapon the Attack action was taken
	// with this turn, which lets two-weapon fighting follow.
	LightWeapon string `json:"light_weapon,omitempty"`
	// Reckless is a barbarian's Reckless Attack this turn: advantage on
	// its melee Strength attacks, and attacks on it have advantage until
	// its next turn (barbarian.go).
	Reckless bool `json:"reckless,omitempty"`
	// Extra is a monster's once-a-turn extra damage (Martial Advantage)
	// carried by the attack being made, spent if it hits
	// (monstertraits.go).
	Extra bool `json:"extra,omitempty"`
	// Surged is a fighter's Action Surge this turn, which gave it one
	// more action: one a turn (fighter.go).
	Surged bool `json:"surged,omitempty"`
	// DivineStrike is a cleric's Divine Strike, dealt once a turn
	// (cleric.go).
	DivineStrike bool `json:"divine_strike,omitempty"`
	// WoundedIn is the turn ("round/participant") in which a character's
	// Sword of Wounding last wounded: once a turn (items_wounding.go).
	WoundedIn string `json:"wounded_in,omitempty"`
	// AttackedWith is the weapon (an SRD id, or "unarmed") a character
	// took the Attack action with this turn, which Flurry of Blows and
	// Martial Arts' bonus strike follow; Flurry says the strikes being
	// made are a Flurry of Blows' (monk.go).
	AttackedWith string `json:"attacked_with,omitempty"`
	Flurry       bool   `json:"flurry,omitempty"`
	// Eminence is the radiant dice a priest's Divine Eminence adds to its
	// melee weapon hits this turn (tactics.go).
	Eminence string `json:"eminence,omitempty"`
	// Charged is the participant a monster ran at this turn, out of its
	// reach at first: the run a Charge or a Pounce asks (charge.go).
	Charged string `json:"charged,omitempty"`
}

// Stats are a participant's tallies over the fight. Damage counts what
// reached the target after its defences, temporary hit points included.
type Stats struct {
	DamageDealt   int `json:"damage_dealt"`
	DamageTaken   int `json:"damage_taken"`
	AttacksHit    int `json:"attacks_hit"`
	AttacksMissed int `json:"attacks_missed"`
	Kills         int `json:"kills"`
}

// Snapshot is the state a participant's diff is measured from.
type Snapshot struct {
	HP            int                 `json:"hp"`
	TempHP        int                 `json:"temp_hp"`
	Conditions    []string            `json:"conditions"`
	DeathSaves    campaign.DeathSaves `json:"death_saves"`
	Dead          bool                `json:"dead,omitempty"`
	Concentration string              `json:"concentration,omitempty"`
	SlotsUsed     [9]int              `json:"slots_used"`
	// Resources are a character's class resources used, by id.
	Resources map[string]int `json:"resources,omitempty"`
	// KitUses are the uses its healer's kits had left.
	KitUses int `json:"kit_uses,omitempty"`
	// Exhaustion is its exhaustion level.
	Exhaustion int `json:"exhaustion,omitempty"`
	// Drained is the hit point maximum life drains had taken.
	Drained int `json:"drained,omitempty"`
	// Afflictions are the curses and diseases it carried.
	Afflictions []campaign.Affliction `json:"afflictions,omitempty"`
	// Ammo is the ammunition it carried, by SRD id.
	Ammo map[string]int `json:"ammo,omitempty"`
}

func snapshot(c rules.Combatant) Snapshot {
	s := Snapshot{HP: c.HP, TempHP: c.TempHP, Conditions: conditionNames(c.Conditions),
		DeathSaves: c.DeathSaves, Dead: c.Dead, Concentration: c.Concentration, Exhaustion: c.Exhaustion, Drained: c.Drained,
		Afflictions: slices.Clone(c.Afflictions)}
	for i, sl := range c.SpellSlots {
		s.SlotsUsed[i] = sl.Used
	}
	return s
}

func conditionNames(s rules.Set[rules.Condition]) []string {
	out := make([]string, 0, s.Len())
	for c := range s.All() {
		out = append(out, c.String())
	}
	return out
}

// sync copies the combatant's state into the participant's wire fields.
func (p *Participant) sync() {
	c := p.Combatant
	p.HP, p.MaxHP, p.TempHP, p.AC = c.HP, c.CurrentMaxHP(), c.TempHP, c.AC
	p.Conditions = conditionNames(c.Conditions)
	p.Defeated = c.Dead
}

// Who is in what state, in one place: every rule of the fight asks these.

// down reports whether the participant is out of the fight for now: dead,
// or at 0 hit points.
func (p Participant) down() bool { return p.Defeated || p.Combatant.HP <= 0 }

// rising reports whether the participant lies at 0 hit points but lives,
// to regenerate when its turn starts (a troll that was not burned).
func (p Participant) rising() bool {
	return !p.Defeated && p.Kind == KindMonster && p.Combatant.HP <= 0 && !p.Left // a vampire's mist is gone (beings.go)
}

// canAct reports whether the participant can act (or react): not down,
// not incapacitated (paralyzed, stunned, asleep...).
func (p Participant) canAct() bool { return !p.down() && !p.Combatant.Incapacitated() }

// standing reports whether participant i is a character the monsters
// fight: on its feet, conscious and where the fight is (not elsewhere).
func (e Encounter) standing(i int) bool {
	p := e.Participants[i]
	return p.Kind == KindCharacter && !p.down() && !p.Combatant.Conditions.Has(rules.Unconscious) && !e.elsewhere(p.ID)
}

// fallen reports whether participant i is a fallen character where the
// fight is: alive, at 0 HP or unconscious, and within the monsters'
// reach (not elsewhere), so they may finish it, fighting to the death,
// and a companion may tend it. One out of reach (banished, or left
// behind by a party that moved away) is neither: no fight waits on it.
func (e Encounter) fallen(i int) bool {
	p := e.Participants[i]
	return p.Kind == KindCharacter && !p.Defeated && !e.elsewhere(p.ID) &&
		(p.Combatant.HP <= 0 || p.Combatant.Conditions.Has(rules.Unconscious))
}

// canTakeTurn reports whether the participant gets a turn: not dead, not
// stable at 0 hit points (it has nothing to do until healed).
func (p Participant) canTakeTurn() bool {
	c := p.Combatant
	return !p.Defeated && !(c.HP <= 0 && c.Stable)
}

// Participant returns the participant with id, and whether there is one.
func (e Encounter) Participant(id string) (Participant, bool) {
	i := e.index(id)
	if i < 0 {
		return Participant{}, false
	}
	return e.Participants[i], true
}

func (e Encounter) index(id string) int {
	return slices.IndexFunc(e.Participants, func(p Participant) bool { return p.ID == id })
}

// Decided is how the fight stands: "victory" when no monster can fight
// on (every one dead, at 0 hit points or gone for good: plane-shifted,
// imprisoned); "defeat" when no character can
// (every one at 0 hit points or dead; fighting to the death, every one
// dead or out of the monsters' reach); "fled" when every character still
// on its feet has left the encounter's area (fighting to the death, once
// the fallen left behind are dead too); "" while the fight goes on. Act,
// MonsterTurn and LegendaryTurn end a decided encounter by themselves
// (conclude).
func (e Encounter) Decided() string {
	monsters, here, away, fallen := false, false, false, false
	for i, p := range e.Participants {
		switch {
		case p.Kind == KindMonster:
			monsters = monsters || ((!p.down() || p.rising()) && !e.gone(p.ID))
		case p.down():
			fallen = fallen || e.fallen(i) // the monsters may finish it
		case p.Left:
			away = true
		default:
			here = true
		}
	}
	switch {
	case !monsters:
		return "victory"
	case here:
		return ""
	case fallen && e.toTheDeath():
		return "" // the monsters finish the fallen
	case away:
		return "fled"
	}
	return "defeat"
}

// toTheDeath reports whether the monsters fight on against the fallen.
func (e Encounter) toTheDeath() bool {
	return campaign.DefeatIntent(e.OnDefeat) == campaign.OnDefeatFightToTheDeath
}

// clone copies the slices a turn writes to, so the caller's Encounter is
// never changed. A participant's own slices are replaced, never written.
func (e Encounter) clone() Encounter {
	e.Order = slices.Clone(e.Order)
	e.Participants = slices.Clone(e.Participants)
	e.Log = slices.Clone(e.Log)
	e.Committed = slices.Clone(e.Committed)
	e.Effects = slices.Clone(e.Effects)
	e.LegendaryDue = slices.Clone(e.LegendaryDue)
	return e
}

func (e *Encounter) log(round int, actorID, text string) {
	if len(e.Log) >= maxLog {
		e.Log = slices.Delete(e.Log, 0, len(e.Log)-maxLog+1)
	}
	e.Log = append(e.Log, Entry{Round: round, ActorID: actorID, Text: text})
}

// resourcesUsed is what a character has used of its class resources, by
// id, as the sheet keeps them (campaign.ResourcesOf); nil for a monster
// or a class without any.
func (p Participant) resourcesUsed() map[string]int {
	if len(p.Pools) == 0 {
		return nil
	}
	out := make(map[string]int, len(p.Pools))
	for id, pool := range p.Pools {
		out[id] = pool.Used
	}
	return out
}

// legacyPools reads an encounter stored before Pools: a bard's dice left
// and a fighter's Second Wind.
func (p *Participant) legacyPools() {
	if p.Kind != KindCharacter || p.Pools != nil {
		return
	}
	switch p.Class {
	case "bard":
		n := InspirationUses(p.Combatant.Abilities.Cha)
		p.Pools = map[string]campaign.Pool{campaign.ResourceBardicInspiration: {Max: n, Used: max(n-p.Inspiration, 0)}}
	case "fighter":
		used := 0
		if p.SecondWindUsed {
			used = 1
		}
		p.Pools = map[string]campaign.Pool{campaign.ResourceSecondWind: {Max: 1, Used: used}}
	}
	p.Inspiration, p.SecondWindUsed = 0, false
}
