// Package spell casts SRD 5.1 spells through the rules engine: Cast checks
// that a caster may cast a spell with a given slot, spends the slot, moves
// the caster's concentration, and resolves the spell's mechanics on its
// targets with rules.Attack, rules.Save, rules.TakeDamage, rules.Heal and
// rules.AddCondition, recording every roll and state change in one
// rules.Log without touching its inputs.
//
// Most spells are resolved from their srd data by shape (a spell attack, a
// save for damage, automatic damage, healing, a condition on a failed save);
// those whose rules the data cannot express have exact resolvers (Magic
// Missile, Sleep, Shield, Counterspell and the older ones in exact.go's
// switches; the rest as entries of resolvers.go's table), and the rest are
// narrative: Cast spends their slot and concentration and leaves their
// effect to the narrator. Classify and Coverage say which spell is which.
//
// What outlasts the casting is an Effect (Result.Effects) the caller keeps
// and ends: armor class, speed, resistances, condition immunities, a
// change to the hit point maximum (Aid, Harm), a die for later rolls
// (Bless, Guidance, Hunter's Mark), a ward on attack rolls (Blur, Mirror
// Image, Sanctuary), a weapon's die and ability (Shillelagh), the light
// a fight is in (Light, Daylight) or a fog over it (bodies.go), the
// creature whose shape a target takes (Effect.Form: Polymorph,
// Shapechange, shapes.go).
// Cast itself changes only what is done at once (a condition gained or
// ended, damage, healing, a return to life); package encounter applies the
// rest while a fight lasts. The engine keeps no clock outside a fight, so
// there an effect is told, not kept.
//
// The revivals (Revivify, Raise Dead, Resurrection, True Resurrection)
// take a dead target and refuse a living one; the engine keeps no time or
// cause of death, so every dead creature qualifies, and the narrator says
// when one would not (dead too long, of old age, its soul unwilling).
// The restorations end conditions (and Greater Restoration a level of
// exhaustion); diseases, curses and lowered ability scores are not kept
// by the engine. The caster's picks travel in Options: the condition to
// end, Protection from Energy's damage type, Magic Weapon's weapon,
// Command's word. What a spell does that the engine does not apply (Raise
// Dead's -4 penalty, Haste's extra action) is in Result.Notes.
package spell
