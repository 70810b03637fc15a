// Package rules is Chronicler's deterministic 5e (SRD 5.1) rules engine: it
// decides checks, saving throws, attacks, damage, healing, death saves,
// conditions and rests for Combatants the caller describes, drawing every
// die from an injected dice.Source. Each resolver returns a result that
// records every roll and every state change as a diff, never touching its
// inputs, so a turn can be stored, replayed from its seed and told to the
// narrator exactly.
package rules
