// Package spell casts SRD 5.1 spells through the rules engine: Cast checks
// that a caster may cast a spell with a given slot, spends the slot, moves
// the caster's concentration, and resolves the spell's mechanics on its
// targets with rules.Attack, rules.Save, rules.TakeDamage, rules.Heal and
// rules.AddCondition, recording every roll and state change in one
// rules.Log without touching its inputs.
//
// Most spells are resolved from their srd data by shape (a spell attack, a
// save for damage, automatic damage, healing, a condition on a failed save);
// a few whose rules the data cannot express (Magic Missile, Sleep, Shield,
// Counterspell and others) have exact resolvers, and the rest are narrative:
// Cast spends their slot and concentration and leaves their effect to the
// narrator. Classify and Coverage say which spell is which.
//
// The revivals (Revivify, Raise Dead, Resurrection, True Resurrection)
// take a dead target and refuse a living one; the engine keeps no time or
// cause of death, so every dead creature qualifies, and the narrator says
// when one would not (dead too long, of old age, its soul unwilling).
// The restorations end conditions (and Greater Restoration a level of
// exhaustion); diseases, curses and lowered ability scores are not kept
// by the engine. What a spell does that the engine does not apply (Raise
// Dead's -4 penalty) is in Result.Notes.
package spell
