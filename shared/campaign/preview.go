package campaign

// Preview is what an offered reaction would change, as the rules work it
// out from the held roll: Text for the table ("Shield: 14 vs AC 17, a
// miss") and Effect, one of the Effect* words, for a client that marks
// the choice that turns the moment.
type Preview struct {
	Text   string `json:"text"`
	Effect string `json:"effect"`
}

// What a reaction would do to the moment it answers.
const (
	EffectHitToMiss      = "hit_to_miss"      // the hit becomes a miss, whatever is rolled
	EffectMayMiss        = "may_miss"         // the hit becomes a miss on a good enough die
	EffectDisadvantage   = "disadvantage"     // the attack is rolled again with disadvantage
	EffectDamageHalved   = "damage_halved"    // the hit's damage is halved
	EffectDamageReduced  = "damage_reduced"   // a die's worth comes off the hit's damage
	EffectStrikeBack     = "strike_back"      // the reactor hurts the attacker; the hit stands
	EffectRedirect       = "redirect"         // a missed attack is made again at another foe
	EffectSpellStopped   = "spell_stopped"    // the spell being cast fails, whatever is rolled
	EffectSpellMayStop   = "spell_may_stop"   // the spell fails on a good enough check
	EffectSaveSucceeds   = "save_succeeds"    // the failed save becomes a success
	EffectSaveMaySucceed = "save_may_succeed" // the failed save is rolled again or raised, and may pass
	EffectOnHit          = "on_hit"           // what one's own hit does besides its damage
	EffectNone           = "none"             // it changes nothing of the outcome (a hit stands)
)
