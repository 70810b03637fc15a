// Package encounter runs a fight on snapshots: Start copies the campaign's
// characters (persistent participants) and instantiates SRD monsters
// (ephemeral ones), rolls initiative and keeps the turn order; Act,
// MonsterTurn and Next play turns through package rules, recording every
// roll and change; a fight that is decided ends by itself within the
// action that decides it, and End is the owner's way to end one sooner;
// Encounter.Diffs reports each participant's state diff and marks the
// characters whose diffs the caller writes back with Diffs.CharacterUpdates.
// Everything is a value: no function mutates its input Encounter, and every
// die comes from the injected dice.Source, so a fight replays from its
// seeds.
//
// What is modelled, and the choices made where the SRD leaves them to the
// GM:
//
//   - Monster hit points are the stat block's average, never rolled, so
//     the same encounter is equally hard every time.
//   - Initiative is a Dexterity check (d20 + Dexterity modifier, with the
//     disadvantage conditions give). Ties go to the higher Dexterity score,
//     then to a d20 roll-off among those still tied (rolled again, at most
//     three times, then the order participants were given: characters
//     first, then monsters). Every roll is in Start's log.
//   - Surprised participants are skipped in round 1; they cannot react
//     until that skipped turn has passed.
//   - Positions are who stands in whose reach (reach.go): a melee attack
//     brings the attacker to its target, leaving the creatures it was
//     engaged with; a character's move (ActionMove, a speed's worth of
//     the turn's movement; Dash gives a second) leaves everyone's reach,
//     as a teleport does (Misty Step, and Dimension Door with the one
//     creature it brings) without drawing opportunity attacks.
//     Leaving a foe's reach without Disengage draws its opportunity
//     attack: a monster's at once, a character's offered in a reaction
//     window. A ranged attack with a foe in reach has disadvantage. An
//     attack may also name its distance in feet, or leave it 0: a melee
//     attack is then adjacent, a ranged one at its normal range. A
//     distance beyond a melee reach (unless the weapon can be thrown) or
//     beyond a ranged attack's long range is refused as out_of_range.
//     Where a character goes (an area of the map) is the caller's.
//   - A character attacks with an SRD weapon it carries (its inventory at
//     Start) or an unarmed strike (1 + Strength bludgeoning). The bonus is
//     Strength, Dexterity for a ranged weapon, the better of the two for a
//     finesse one, plus the proficiency bonus when the class is proficient
//     with the weapon. Extra Attack gives more attacks per Attack action
//     (fighter 5/11/20; barbarian, monk, paladin, ranger 5); a rogue adds
//     Sneak Attack once a turn with a finesse or ranged weapon, with
//     advantage or another character engaged with the target; two-weapon
//     fighting is a bonus action (below). The weapon's properties play as
//     the SRD has them (weapon.go): a versatile weapon deals its
//     two-handed damage in a melee attack made with two hands (as the
//     attack's choice asks, or else when no shield or other weapon fills
//     the other hand; the summary says the grip); a two-handed one cannot
//     be used with a shield on the arm; a weapon that shoots ammunition
//     spends a piece of it an attack and shoots no more when none is left
//     (half of what was spent comes back at the end of a fight the party
//     did not flee or lose: Diff.Ammunition); a loading one fires once an
//     action whatever Extra Attack gives; a heavy one has disadvantage in
//     a Small creature's hands; a thrown one is a ranged attack beyond
//     reach, with its melee ability (what is thrown is not counted: it
//     is back in hand for the next attack). Magic items are not
//     modelled; a weapon is nonmagical unless Magic Weapon makes it magic (+1 to +3 to
//     its attack and damage rolls) or the monster has Magic Weapons, so a
//     monster's resistance or immunity to nonmagical weapons applies to
//     the rest (never to a spell's damage, which is magic). Divine Favor adds its radiant d4 to its caster's weapon
//     hits, Hunter's Mark its d6 to its caster's hits on the marked
//     creature; Stoneskin's resistance holds against nonmagical weapon
//     attacks. A monster with Pack Tactics attacks with advantage
//     while a packmate is engaged with its target; Magic Resistance gives advantage on saves
//     against spells; Legendary Resistance turns its first three failed
//     saves against spells into successes; a legendary monster takes a
//     legendary action (an attack it can afford) after each other
//     creature's turn (LegendaryTurn), three a round.
//   - A monster uses its stat block's actions by name; Multiattack makes
//     the listed attacks in stat block order (the first option of a
//     choice; a dice count is rolled, any other text counts once). A hit's
//     damage behind a saving throw (an assassin's 7d6 poison) is rolled
//     when the target fails its save (made with its own modifier and
//     effects, not Bless's die), and halved or not on a success as the
//     stat block says. Entries without an attack roll (Frightful
//     Presence), limited-use actions and reactions other than Parry are
//     not used, except area actions (breath.go): a recharge action that
//     deals damage behind a saving throw (a dragon's breath).
//   - Monsters cast spells (spellcasting.go): a stat block's Spellcasting
//     gives slots and innate uses a day; the policy casts the damaging
//     spell that deals the most on average when it beats the monster's
//     attacks, and a caster answers characters by rule with Shield and
//     Counterspell.
//   - MonsterTurn's policy: a ready area action first, on every character
//     on their feet (one damage roll; half or none on a save; a halfling's
//     natural 1 may be rerolled with Lucky); it recharges on a d6 at the
//     start of the monster's later turns. Then a spell, if one beats its
//     attacks. Otherwise the monster attacks the conscious character
//     (above 0 HP) with the lowest hit points, ties to the earlier in
//     initiative order, with its Multiattack if it has one, else its best
//     attack (melee before ranged, then the highest average damage, then
//     the higher bonus, then stat block order), retargeting by the same
//     rule when its target falls, then ends its turn. Going for a target
//     out of its reach, it leaves the characters engaged with it, who may
//     make opportunity attacks.
//   - A dying character's turn is its death saving throw, which ends the
//     turn unless a natural 20 brings it back to act; a stable one at 0 HP
//     is skipped. The save is the rules', never a choice: Forced names it
//     (and the end of the turn of one that cannot act) for the caller to
//     play at once, and Act refuses anything else a dying character's
//     player asks. Another character's first aid (ActionFirstAid, a DC 10
//     Wisdom (Medicine) check, or none with a healer's kit) makes a dying
//     character stable, as do three successes and any healing; three
//     failures or massive damage kill it (Defeated; a dead character
//     cannot join an encounter).
//   - How a fight ends (Decided, conclude): in victory when no monster can
//     fight on (dead, or down at 0 HP); in defeat when no character can
//     (each at 0 HP or dead); in flight when every character still on
//     its feet has moved out of the encounter's area (AreaID; a character
//     that left is out of every reach, the monsters do not follow, and it
//     may come back). The monsters' intent once every character is down
//     is the campaign's (OnDefeat): leave or take prisoners, and the
//     fight is lost at once; fight to the death, and they finish the
//     fallen (attacking the one nearest death with their weapons: a hit
//     is a failed death save, two from a critical, and any hit from 5
//     feet on an unconscious creature is one) until every character is
//     dead. The end is part of the action that decides it: no new turn
//     begins; the lasting effects end; the minutes after the fight play
//     out for each character left dying (a companion still standing there
//     gives first aid, the best at it first, each round before the
//     death save; alone, the death saves decide), every roll recorded;
//     every character's diff is committed, and each survivor earns an
//     even share of the XP of the monsters defeated (XPEach). Conclude
//     ends an encounter stored decided but never ended. End, the owner's
//     end of a fight under way, plays out the minutes after it too.
//   - A character casts a spell of its class list (every class spell
//     counts as prepared) with the action or, for a bonus-action spell,
//     the bonus action; a turn with a bonus-action spell casts no other
//     spell but a 1-action cantrip. Reaction spells are cast in reaction
//     windows, longer castings not at all. Targets are participants;
//     spell.Cast resolves the spell, after the creature types it cares
//     about are checked (Hold Person: humanoids; healing: not undead or
//     constructs; Sleep passes the undead by). A spell may target a
//     fallen participant where it can (Revivify brings a dead one back at
//     1 HP to take its turns again; Spare the Dying makes a dying one
//     stable); spells with a casting time of an hour (Raise Dead) are not
//     cast in a fight. Action.Choice carries the caster's pick where a
//     spell offers one (the condition Lesser Restoration ends, the damage
//     type Protection from Energy wards against), Action.Weapon the
//     weapon Magic Weapon enchants.
//     A spell its caster uses again on later turns (Spiritual Weapon,
//     Call Lightning: spell.TriggerAction) is used with Action.Ongoing,
//     with an action or, for Spiritual Weapon, Arcane Sword and Heat
//     Metal, a bonus action, for as long as it lasts; spells set off by
//     creatures in an area (Moonbeam) are not: positions are who is in
//     melee with whom, with no area to enter.
//   - What a spell leaves behind (Effect) lasts its duration in rounds,
//     counted from the start of the caster's turn, or the moment its text
//     names (the end of the caster's next turn); it ends with the caster's
//     concentration, a successful repeated save at the end of the
//     target's turn, damage for those damage ends (Sleep), and End, which
//     also ends the casters' concentration on those spells. Effects end at
//     the turn ends Act and MonsterTurn make; Next moves the turn without
//     them. A concentration spell whose effects have all run out, been
//     spent or ended by their target's attack no longer holds its
//     caster's concentration.
//   - While an effect lasts its target has the armor class, speed,
//     resistances, condition immunities and hit point maximum it gives
//     (Shield of Faith, Haste, Slow, Longstrider, Protection from Poison
//     and from Energy, Heroism and Freedom of Movement, Harm's cut and
//     Aid's raise, whose hit points are healing and wake a dying target).
//     What the target had of its own stays when the effect goes; hit
//     points above a maximum that falls back are lost, and each change to
//     the maximum is a recorded rules.Change. Heroism's temporary hit
//     points come at the start of each of its target's turns and those
//     left go with it. Haste gives advantage on Dexterity saves and Slow
//     -2, Beacon of Hope advantage on Wisdom and death saves (and the most
//     from any healing: a spell's or Second Wind), Holy Aura advantage on
//     every save; a slowed creature has no reaction, makes one attack with its
//     action, and takes an action or a bonus action on its turn, not
//     both. Haste's extra action and the lethargy after it are the
//     narrator's.
//   - Bless and Bane change attack rolls and every saving throw the
//     fight asks for (save.go: an aura's, a breath's, a spell's, a
//     repeated save, Sanctuary's), but for an attack's riders, whose d4
//     would be drawn before the attack roll; Resistance adds its d4 to
//     its target's next such save and Guidance to its next ability check
//     (Hide), and then the spell ends. Every such save is made by save,
//     which gathers the saver's effects and features (Haste, Slow,
//     Warding Bond, an Aura of Protection...), names each in the roll's
//     working, holds a Bardic Inspiration die in reserve and records the
//     save in the Result. Guiding Bolt's and an unseen attacker's
//     advantage is used up by the next attack, True Strike's by its
//     caster's first attack on the target on its next turn. Attack rolls against a creature under
//     Blur have disadvantage (unless the attacker has blindsight or
//     truesight: Participant.Senses), and those of aberrations,
//     celestials, elementals, fey, fiends and undead against one under
//     Protection from Evil and Good, and all against one in Holy Aura,
//     which blinds a fiend or undead that hits it in melee and fails a
//     Constitution save. Invisibility gives the invisible
//     condition and ends for a target that attacks or casts a spell;
//     Greater Invisibility does not. An attack on a creature under Mirror
//     Image turns onto a duplicate on a d20 of 6, 8 or 11 or more (three,
//     two or one left; not for an attacker that is blind or has
//     blindsight or truesight), and a hit on its AC of 10 + Dexterity
//     destroys it. A creature about to attack one under Sanctuary makes
//     a Wisdom save against the ward's DC: on a failure a monster by the
//     policy turns on the next weakest character, and any other attack is
//     lost, and so for a monster's spell aimed at it (not an area); the
//     ward ends when its target attacks or casts a spell on an enemy.
//   - A creature Banishment holds is out of the fight (out of reach,
//     beyond attacks and spells, incapacitated) until the spell ends, as
//     one under Blink is from the end of a turn whose d20 came up 11 or
//     more until the start of its next;
//     that an extraplanar one kept away the full minute does not return
//     is the narrator's. A creature that fails its save against Command
//     obeys at the start of its next turn: no action or bonus action;
//     grovelling, it falls prone, and it stays put unless told to flee or
//     approach (where it goes is the caller's).
//   - Bonus actions: Cunning Action (dash, disengage, hide), Vanish
//     (hide), Fast Hands (a potion), as their features' hooks say
//     (classFeature.bonus), Second Wind
//     (once per short or long rest: read from the sheet's resources at the
//     start, written back by End),
//     two-weapon fighting after the Attack action with a light melee
//     weapon, and bonus-action spells. Hide is a Stealth check against the
//     best passive Perception of the other side.
//   - Monsters' reactions (guard.go, spellcasting.go), by rule: the SRD's
//     Parry (+2 to +5 AC against a melee attack that would hit, if the
//     monster can see the attacker) and Shield (+5 AC, a slot) whenever
//     one turns a hit into a miss, the free one first; Counterspell
//     against a character's spell of 1st level or higher aimed at a
//     monster; an opportunity attack at a character leaving its reach.
//     Characters' reactions are reaction.go's: Shield, Cutting Words,
//     Uncanny Dodge and Hellish Rebuke to an attack, Lucky to a failed
//     save against a breath, Counterspell to a monster's spell and an
//     opportunity attack at a monster leaving their reach; and those a
//     class feature gives (features.go: featureReaction), Protection and
//     Retaliation to an attack, with Indomitable's reroll of a failed
//     save against a breath, which takes no reaction; and those their
//     features' hooks answer an attack with (classFeature.answer: Giant
//     Killer, Stand Against the Tide).
package encounter
