package encounter

import (
	"fmt"
	"slices"
	"strings"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// Monsters' special abilities (srd.Traits, monster_traits.json): each
// trait the fight plays has its entry here, by the stat blocks' id, with
// the hooks of a class feature (features.go) called for the monster that
// has it (Participant.Traits), or where says where else it is played.
// The traits that are the same rule as a character's (Evasion, Brave,
// Fey Ancestry) play as that feature: the monster's combatant carries
// them (sameRule). A trait's numbers are its stat block's (the
// srd.Action of its special ability: Amount, Dice, Damage, DC).
var monsterTraits map[string]classFeature

// monsterTraitTable is monsterTraits' table, set in init: a hook may play
// the fight's moments that call hooks again.
var monsterTraitTable = map[string]classFeature{
	"magic-resistance":         {where: "cast.go: advantage on saves against spells"},
	"legendary-resistance":     {where: "start.go: LegendaryResistance, three a day"},
	"pack-tactics":             {where: "monster.go: packTactics"},
	"magic-weapons":            {where: "attackfx.go: magical weapons"},
	"angelic-weapons":          {where: "attackfx.go: magical weapons (the radiant damage is in the stat block's attack)"},
	"hellish-weapons":          {where: "attackfx.go: magical weapons (the poison damage is in the stat block's attack)"},
	"spellcasting":             {where: "spellcasting.go: castingOf"},
	"innate-spellcasting":      {where: "spellcasting.go: castingOf"},
	"turn-resistance":          {where: "cleric.go: turn undead's save"},
	"turn-defiance":            {where: "cleric.go: turn undead's save"},
	"devils-sight":             {where: "warlock.go: seeing in magical darkness"},
	"invisibility":             {where: "start.go: invisible from the start of the fight"},
	"immutable-form":           {where: "start.go: immune to the petrified condition, the form-altering spells' hold"},
	"evasion":                  {where: "rules/features.go: Evasion (sameRule)"},
	"brave":                    {where: "rules/features.go: Brave (sameRule)"},
	"fey-ancestry":             {where: "rules/features.go: Fey Ancestry (sameRule)"},
	"gnome-cunning":            {where: "rules/features.go: Gnome Cunning (sameRule)"},
	"duergar-resilience":       {where: "rules/features.go: Duergar Resilience"},
	"dark-devotion":            {where: "rules/features.go: Dark Devotion"},
	"two-headed":               {where: "rules/features.go: Two Heads"},
	"two-heads":                {where: "rules/features.go: Two Heads"},
	"sure-footed":              {where: "rules/features.go: Sure-Footed"},
	"acid-absorption":          {where: "start.go: Absorbs (rules.TakeDamage heals it)"},
	"fire-absorption":          {where: "start.go: Absorbs (rules.TakeDamage heals it)"},
	"lightning-absorption":     {where: "start.go: Absorbs (rules.TakeDamage heals it)"},
	"swarm":                    {where: "heal: a swarm regains no hit points (nothing in a fight gives a monster any but Regeneration)"},
	"light-sensitivity":        {attack: inBrightLight},
	"blood-frenzy":             {attack: bloodFrenzy},
	"grappler":                 {attack: grapplerEdge},
	"reckless":                 {attack: recklessly, attacked: againstReckless},
	"ambusher":                 {attack: ambush},
	"assassinate":              {attack: ambush},
	"surprise-attack":          {attack: ambush},
	"sneak-attack":             {attack: monsterSneak, attackDone: extraDealt},
	"martial-advantage":        {attack: martialAdvantage, attackDone: extraDealt},
	"undead-fortitude":         {damaged: undeadFortitude},
	"relentless":               {damaged: shrugOff},
	"regeneration":             {damaged: regenerationStopped, turnStarts: regenerate},
	"stench":                   {anyTurnStarts: stench},
	"heated-body":              {struck: heatedBody},
	"death-burst":              {damaged: deathBurst},
	"death-throes":             {damaged: deathBurst},
	"charge":                   {attack: chargeDamage, where: "charge.go: charged, after the hit"},
	"pounce":                   {attack: chargeDamage, where: "charge.go: charged, after the hit"},
	"trampling-charge":         {attack: chargeDamage, where: "charge.go: charged, after the hit"},
	"nimble-escape":            {where: "tactics.go: slipAway (Disengage), monsterBonus (Hide)"},
	"cunning-action":           {where: "tactics.go: slipAway (Disengage), monsterBonus (Hide)"},
	"shadow-stealth":           {where: "tactics.go: monsterBonus (Hide in dim light or darkness), shadowed"},
	"rampage":                  {where: "tactics.go: rampage"},
	"consume-life":             {where: "tactics.go: consumeLife"},
	"divine-eminence":          {attack: eminent, where: "tactics.go: eminence, before the attack action"},
	"berserk":                  {turnStarts: goBerserk, where: "tactics.go: berserkTurn"},
	"steadfast":                {targeted: steadfastTargeted, where: "effects.go: condition (traitImmunities)"},
	"sunlight-sensitivity":     {attack: inSunlight},
	"sunlight-weakness":        {attack: inSunlight, where: "savefx.go: saveMods (sunWeakSaves)"},
	"limited-magic-immunity":   {targeted: limitedTargeted, where: "tactics.go: unaffected"},
	"reflective-carapace":      {where: "tactics.go: unaffected"},
	"antimagic-susceptibility": {turnStarts: antimagicNumbs, where: "tactics.go: unaffected (Dispel Magic)"},
	"web-walker":               {where: "zones.go: inZone (the Web spell holds it not)"},
	"multiple-heads":           {where: "rules/features.go: Two Heads (sameRule)"},
	// Auras, gazes and what striking a monster costs (auras.go).
	"fear-aura":           {anyTurnStarts: auraLapse("fear-aura"), aura: auraAt("fear-aura")},
	"gibbering":           {aura: auraAt("gibbering")},
	"aberrant-ground":     {anyTurnStarts: auraLapse("aberrant-ground"), aura: auraAt("aberrant-ground")},
	"horrific-appearance": {aura: auraAt("horrific-appearance")},
	"petrifying-gaze":     {aura: auraAt("petrifying-gaze")},
	"fire-aura":           {turnStarts: around("fire-aura"), struck: struckBack("fire-aura")},
	"barbed-hide":         {turnStarts: around("barbed-hide")},
	"fire-form":           {struck: struckBack("fire-form")},
	"corrosive-form":      {struck: struckBack("corrosive-form")},
	"freeze":              {damaged: flinch("freeze")},
	"aversion-of-fire":    {damaged: flinch("aversion-of-fire"), attack: hampered},
	// The keen senses, what a creature holding another does with damage,
	// a kraken's and a vampire's ways out (beings.go).
	"keen-hearing":           {where: "bonus.go: hide (keenNotice: +5 to passive Perception)"},
	"keen-smell":             {where: "bonus.go: hide (keenNotice: +5 to passive Perception)"},
	"keen-sight":             {where: "bonus.go: hide (keenNotice: +5 to passive Perception in dim light)"},
	"keen-hearing-and-smell": {where: "bonus.go: hide (keenNotice: +5 to passive Perception)"},
	"keen-hearing-and-sight": {where: "bonus.go: hide (keenNotice: +5 to passive Perception)"},
	"keen-sight-and-smell":   {where: "bonus.go: hide (keenNotice: +5 to passive Perception)"},
	"keen-senses":            {where: "bonus.go: hide (keenNotice: +5 to passive Perception)"},
	"damage-transfer":        {damaged: transferDamage},
	"freedom-of-movement":    {turnStarts: looseFromGrapple, targeted: unrestrainable},
	"misty-escape":           {damaged: mistyEscape},
}

// sameRule are the traits that are the same rule as a character's
// feature of the same id, played by the core rules (rules/features.go)
// from the monster's combatant's features.
var sameRule = []string{"evasion", "brave", "fey-ancestry", "gnome-cunning", "duergar-resilience", "dark-devotion",
	"two-headed", "two-heads", "sure-footed", "multiple-heads"}

// PlayedTraits are the monster traits the fight plays, for the coverage
// test.
func PlayedTraits() []string {
	out := make([]string, 0, len(monsterTraits))
	for id := range monsterTraits {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// trait is participant p's special ability id as its stat block gave it
// at Start (Specials); a fight stored before it kept them reads the SRD's.
func (p Participant) trait(id string) (srd.Action, bool) {
	if !slices.Contains(p.Traits, id) {
		return srd.Action{}, false
	}
	specials := p.Specials
	if specials == nil {
		if m, ok := srd.LookupMonster(p.SRDID); ok {
			specials = m.SpecialAbilities
		}
	}
	i := slices.IndexFunc(specials, func(a srd.Action) bool { return a.ID == id })
	if i < 0 {
		return srd.Action{ID: id}, true
	}
	return specials[i], true
}

// specialsOf are the special abilities of m that carry numbers the fight
// reads (monsterTraits' hooks), spellcasting aside (Spellcasting keeps it).
func specialsOf(m srd.Monster) []srd.Action {
	var out []srd.Action
	for _, a := range m.SpecialAbilities {
		if _, played := monsterTraits[a.ID]; !played || a.Spellcasting != nil {
			continue
		}
		if a.DC != nil || len(a.Damage) > 0 || a.Amount > 0 || a.Dice != "" || len(a.StoppedBy) > 0 || a.HoldsAtZero || a.Aura != nil || a.Flinch != nil {
			out = append(out, a)
		}
	}
	return out
}

// inBrightLight is Light Sensitivity: disadvantage on attack rolls in
// bright light (the fight's area, Encounter.Light).
func inBrightLight(e *Encounter, _, _ int, req *rules.AttackRequest) {
	if e.Light == "" || e.Light == "bright" || e.sunlit() {
		req.Disadvantage = append(req.Disadvantage, "light sensitivity")
	}
}

// bloodFrenzy is Blood Frenzy: advantage on melee attack rolls against a
// creature that doesn't have all its hit points.
func bloodFrenzy(e *Encounter, _, ti int, req *rules.AttackRequest) {
	t := e.Participants[ti].Combatant
	if !req.Kind.Ranged() && t.HP < t.CurrentMaxHP() {
		req.Advantage = append(req.Advantage, "blood frenzy")
	}
}

// grapplerEdge is Grappler: advantage on attack rolls against a creature
// it grapples.
func grapplerEdge(e *Encounter, ai, ti int, req *rules.AttackRequest) {
	if e.Participants[ti].GrappledBy == e.Participants[ai].ID {
		req.Advantage = append(req.Advantage, "grappler")
	}
}

// recklessly is Reckless, which the policy always takes: advantage on its
// melee weapon attacks on its turn, and attacks against it have
// advantage until its next turn starts (againstReckless).
func recklessly(e *Encounter, ai, _ int, req *rules.AttackRequest) {
	if e.Current != e.Participants[ai].ID || req.Kind != rules.MeleeWeapon {
		return
	}
	req.Advantage = append(req.Advantage, "reckless")
	e.Participants[ai].Turn.Reckless = true
}

func againstReckless(e *Encounter, _, ti int, req *rules.AttackRequest) {
	if e.Participants[ti].Turn.Reckless {
		req.Advantage = append(req.Advantage, "the target attacks recklessly")
	}
}

// ambush is Ambusher, Assassinate and Surprise Attack in the first round,
// against a creature the monster surprised: advantage (Ambusher,
// Assassinate), a hit that is a critical hit (Assassinate), and extra
// damage (Surprise Attack's, its stat block's dice).
func ambush(e *Encounter, ai, ti int, req *rules.AttackRequest) {
	a, t := e.Participants[ai], e.Participants[ti]
	if e.Round != 1 || !t.Surprised {
		return
	}
	if slices.Contains(a.Traits, "ambusher") || slices.Contains(a.Traits, "assassinate") {
		req.Advantage = append(req.Advantage, "surprised")
	}
	if slices.Contains(a.Traits, "assassinate") {
		req.CriticalOn = 1 // a hit on a surprised creature is a critical hit
	}
	if tr, ok := a.trait("surprise-attack"); ok && tr.Dice != "" && len(req.Damage) > 0 {
		if x, err := dice.Parse(tr.Dice); err == nil {
			req.Damage = append(req.Damage, rules.DamageRoll{Dice: x, Type: req.Damage[0].Type})
		}
	}
}

// monsterSneak is a monster's Sneak Attack: its stat block's dice, once a
// turn, with advantage or an ally beside the target (rules.SneakAttack).
func monsterSneak(e *Encounter, ai, ti int, req *rules.AttackRequest) {
	a := e.Participants[ai]
	tr, ok := a.trait("sneak-attack")
	if !ok || a.Turn.SneakUsed || tr.Dice == "" || !weaponKind(req.Kind) {
		return
	}
	if x, err := dice.Parse(tr.Dice); err == nil {
		req.Sneak = &rules.SneakAttack{Dice: x, AllyAdjacent: e.besides(ai, ti)}
	}
}

// martialAdvantage is Martial Advantage: once a turn, its stat block's
// dice more damage on a weapon hit on a creature beside an ally of the
// monster's that can act.
func martialAdvantage(e *Encounter, ai, ti int, req *rules.AttackRequest) {
	a := e.Participants[ai]
	tr, ok := a.trait("martial-advantage")
	if !ok || a.Turn.SneakUsed || tr.Dice == "" || !weaponKind(req.Kind) || !e.besides(ai, ti) || len(req.Damage) == 0 {
		return
	}
	if x, err := dice.Parse(tr.Dice); err == nil {
		req.Damage = append(req.Damage, rules.DamageRoll{Dice: x, Type: req.Damage[0].Type})
		e.Participants[ai].Turn.Extra = true
	}
}

// extraDealt marks the turn's once-a-turn extra damage dealt when the
// attack that carried it hit.
func extraDealt(e *Encounter, _ *Result, ai, _ int, r rules.AttackResult) {
	p := &e.Participants[ai]
	if r.Hit && (r.Sneak || p.Turn.Extra) {
		p.Turn.SneakUsed = true
	}
	p.Turn.Extra = false
}

// undeadFortitude is Undead Fortitude: damage that drops the monster to 0
// hit points, but for radiant damage and a critical hit, leaves it at 1
// on a Constitution save of DC 5 + the damage taken.
func undeadFortitude(e *Encounter, res *Result, ti int, d rules.DamageResult, src dice.Source) error {
	if !d.Dropped || !d.Died || d.InstantDeath || d.Critical || slices.ContainsFunc(d.Parts, func(p rules.DamageTaken) bool { return p.Type == rules.Radiant && p.Taken > 0 }) {
		return nil
	}
	t := e.Participants[ti]
	c := t.Combatant
	c.Dead = false
	sv, err := e.save(res, ti, saveCall{ability: rules.Con, dc: 5 + d.Taken, reason: "Constitution saving throw of undead fortitude", saver: &c}, src)
	if err != nil {
		return err
	}
	if !sv.Success {
		res.say(fmt.Sprintf("%s stays down (Undead Fortitude: Constitution save %d against DC %d).", t.Name, sv.Total, sv.DC))
		return nil
	}
	return e.rise(res, ti, 1, fmt.Sprintf("%s lurches back up at 1 hit point (Undead Fortitude: Constitution save %d against DC %d).", t.Name, sv.Total, sv.DC))
}

// shrugOff is Relentless: once between rests, damage of its stat
// block's Amount or less that would drop the monster to 0 hit points
// leaves it at 1.
func shrugOff(e *Encounter, res *Result, ti int, d rules.DamageResult, _ dice.Source) error {
	t := e.Participants[ti]
	tr, ok := t.trait("relentless")
	if !ok || !d.Dropped || !d.Died || d.InstantDeath || d.Taken > tr.Amount || slices.Contains(t.Spent, tr.ID) {
		return nil
	}
	e.markSpent(ti, tr.ID)
	return e.rise(res, ti, 1, fmt.Sprintf("%s shrugs off the blow and stays up at 1 hit point (Relentless).", t.Name))
}

// rise undoes a monster's death at 0 hit points: it is alive again at hp
// (1, or 0 for a troll that has yet to regenerate).
func (e *Encounter) rise(res *Result, ti, hp int, text string) error {
	c := e.Participants[ti].Combatant
	changes := []rules.Change{{TargetID: c.ID, Field: rules.FieldDead, From: true, To: false}}
	if hp != c.HP {
		changes = append(changes, rules.Change{TargetID: c.ID, Field: rules.FieldHP, From: c.HP, To: hp})
	}
	if err := e.apply(changes); err != nil {
		return err
	}
	res.Changes = append(res.Changes, changes...)
	res.say(text)
	return nil
}

// regenerationStopped is what damage does to Regeneration: a type that
// stops it (a troll's acid and fire) stops it at the start of the
// monster's next turn; and a troll dropped to 0 hit points does not die
// but for damage that stopped it: it lies there until its turn starts
// (regenerate).
func regenerationStopped(e *Encounter, res *Result, ti int, d rules.DamageResult, _ dice.Source) error {
	t := e.Participants[ti]
	tr, ok := t.trait("regeneration")
	if !ok {
		return nil
	}
	if slices.ContainsFunc(d.Parts, func(p rules.DamageTaken) bool {
		return p.Taken > 0 && slices.Contains(tr.StoppedBy, p.Type.String())
	}) && !slices.Contains(t.Spent, tr.ID) {
		e.markSpent(ti, tr.ID)
		res.say(fmt.Sprintf("%s's wounds stop knitting (%s).", t.Name, joinTypes(tr.StoppedBy)))
	}
	if !tr.HoldsAtZero || !d.Died || d.InstantDeath || slices.Contains(e.Participants[ti].Spent, tr.ID) {
		return nil
	}
	return e.rise(res, ti, 0, fmt.Sprintf("%s falls, but its flesh still knits: it rises at the start of its turn unless burned.", t.Name))
}

// regenerate is Regeneration at the start of the monster's turn: its
// stat block's hit points back, if it has at least 1 (or holds at 0, a
// troll) and nothing stopped it since its last turn; a troll at 0 whose
// regeneration was stopped dies.
func regenerate(e *Encounter, res *Result, i int, src dice.Source) error {
	p := e.Participants[i]
	tr, ok := p.trait("regeneration")
	if !ok || p.Defeated {
		return nil
	}
	if k := slices.Index(p.Spent, tr.ID); k >= 0 {
		e.Participants[i].Spent = slices.Delete(slices.Clone(p.Spent), k, k+1)
		if p.Combatant.HP <= 0 {
			changes := []rules.Change{{TargetID: p.ID, Field: rules.FieldDead, From: false, To: true}}
			if err := e.apply(changes); err != nil {
				return err
			}
			res.Changes = append(res.Changes, changes...)
			res.say(fmt.Sprintf("%s does not regenerate, and dies.", p.Name))
			return nil
		}
		res.say(fmt.Sprintf("%s does not regenerate this turn.", p.Name))
		return nil
	}
	if p.Combatant.HP <= 0 && !tr.HoldsAtZero {
		return nil
	}
	h, err := e.heal(res, i, flat(tr.Amount), "", src)
	if err != nil {
		return err
	}
	res.say(fmt.Sprintf("%s regenerates %d hit points (%d/%d).", p.Name, h.Regained, h.HPAfter, h.MaxHP))
	return nil
}

// effectOf is a lasting effect of a monster's trait (spell names its
// source, "ghast/stench") on target.
func effectOf(id, source, caster, target string, c rules.Condition, ends string) spell.Effect {
	return spell.Effect{ID: id, Spell: source, CasterID: caster, TargetID: target, Condition: c, Ends: ends}
}

// joinTypes names damage types: "acid or fire".
func joinTypes(types []string) string {
	switch len(types) {
	case 0:
		return "damage"
	case 1:
		return types[0]
	}
	out := types[0]
	for _, t := range types[1 : len(types)-1] {
		out += ", " + t
	}
	return out + " or " + types[len(types)-1]
}

// stench is Stench: a character that starts its turn beside the monster
// makes its stat block's Constitution save or is poisoned until the start
// of its next turn; one that saves is immune to this monster's stench for
// the rest of the fight (24 hours).
func stench(e *Encounter, res *Result, owner int, src dice.Source) error {
	m := e.Participants[owner]
	i := e.index(e.Current)
	tr, ok := m.trait("stench")
	if i < 0 || !ok || tr.DC == nil || m.down() || e.Participants[i].Kind == m.Kind || !slices.Contains(m.Engaged, e.Current) {
		return nil
	}
	t := e.Participants[i]
	source := m.SRDID + "/stench"
	if t.down() || slices.ContainsFunc(e.Effects, func(fx Effect) bool {
		return fx.TargetID == t.ID && fx.CasterID == m.ID && fx.Spell == source
	}) {
		return nil
	}
	sv, err := e.save(res, i, saveCall{ability: rules.Con, dc: tr.DC.Value, against: []string{"poison", "poisoned"},
		reason: "Constitution saving throw against " + possessive(m.Name) + " stench"}, src)
	if err != nil {
		return err
	}
	if sv.Success {
		// Immune for 24 hours: an effect with no condition that lasts the
		// fight.
		res.say(fmt.Sprintf("%s holds its breath against %s stench (Constitution save %d against DC %d).", t.Name, possessive(m.Name), sv.Total, sv.DC))
		return e.add(res, Effect{Effect: effectOf("stench-immune", source, m.ID, t.ID, 0, "immune to the stench for 24 hours")}, src)
	}
	cr, err := e.condition(res, i, rules.Poisoned)
	if err != nil {
		return err
	}
	if cr.Immune {
		res.say(cr.Summary())
		return nil
	}
	res.say(fmt.Sprintf("%s gags on %s stench and is poisoned until its next turn (Constitution save %d against DC %d).", t.Name, possessive(m.Name), sv.Total, sv.DC))
	fx := Effect{Effect: effectOf(rules.Poisoned.String(), source, m.ID, t.ID, rules.Poisoned, "until the start of its next turn"),
		Until: Until{Round: e.Round + 1, Turn: t.ID}}
	return e.add(res, fx, src)
}

// heatedBody is Heated Body: a creature that hits the monster with a
// melee attack takes its stat block's fire damage.
func heatedBody(e *Encounter, res *Result, ai, ti int, src dice.Source) error {
	m := e.Participants[ti]
	tr, ok := m.trait("heated-body")
	if !ok || len(tr.Damage) == 0 || e.Participants[ai].Defeated {
		return nil
	}
	dmg, rolls := rules.RollDamage(m.ID, damageParts(tr, 0), false, src)
	res.Rolls = append(res.Rolls, rolls...)
	_, err := e.damage(res, ti, ai, e.Participants[ai].Combatant, rules.Hit{Damage: dmg}, possessive(m.Name)+" heated body burns "+e.Participants[ai].Name+": ", src)
	return err
}

// deathBurst is Death Burst (a mephit, a magmin) and Death Throes (a
// balor): when the monster dies, each character beside it makes its stat
// block's save against the burst's damage (half on a success where the
// stat block says so).
func deathBurst(e *Encounter, res *Result, ti int, d rules.DamageResult, src dice.Source) error {
	m := e.Participants[ti]
	if !d.Died || !m.Defeated {
		return nil
	}
	var tr srd.Action
	ok := false
	for _, id := range []string{"death-burst", "death-throes"} {
		if tr, ok = m.trait(id); ok {
			break
		}
	}
	if !ok || tr.DC == nil || len(tr.Damage) == 0 {
		return nil // a burst that blinds and deals nothing is told
	}
	ability, err := rules.ParseAbility(tr.DC.Ability)
	if err != nil {
		return fault.Wrap(fault.Internal, actOp, err)
	}
	dmg, rolls := rules.RollDamage(m.ID, damageParts(tr, 0), false, src)
	res.Rolls = append(res.Rolls, rolls...)
	res.say(fmt.Sprintf("%s bursts as it dies: DC %d %s saving throw.", m.Name, tr.DC.Value, ability.Name()))
	for _, id := range slices.Clone(m.Engaged) {
		ci := e.index(id)
		if ci < 0 || e.Participants[ci].Defeated || e.Participants[ci].Kind == m.Kind {
			continue
		}
		c := e.Participants[ci]
		sv, err := e.save(res, ci, saveCall{ability: ability, dc: tr.DC.Value, reason: ability.Name() + " saving throw against " + possessive(m.Name) + " death burst"}, src)
		if err != nil {
			return err
		}
		res.say(sv.Summary())
		hit, _ := c.Combatant.SavedDamage(dmg, ability, sv.Success, tr.DC.Success == "half")
		if len(hit) == 0 {
			continue
		}
		if err := e.areaDamage(res, ti, ci, hit, src); err != nil {
			return err
		}
	}
	return nil
}

// traitsOn gives a stat block's combatant what its traits make of it from
// the start: the rules it shares with characters (sameRule), an
// invisible stalker's invisibility, an immutable form's immunity to
// petrification, the damage types it absorbs.
func traitsOn(m srd.Monster, c *rules.Combatant) {
	for _, a := range m.SpecialAbilities {
		switch {
		case slices.Contains(sameRule, a.ID):
			c.Features = append(c.Features, a.ID)
		case a.ID == "invisibility":
			c.Conditions = c.Conditions.With(rules.Invisible)
		case a.ID == "immutable-form":
			c.ConditionImmunities = c.ConditionImmunities.With(rules.Petrified)
		case a.ID == "acid-absorption":
			c.Absorbs = c.Absorbs.With(rules.Acid)
		case a.ID == "fire-absorption":
			c.Absorbs = c.Absorbs.With(rules.Fire)
		case a.ID == "lightning-absorption":
			c.Absorbs = c.Absorbs.With(rules.Lightning)
		}
	}
}

// ownActions are the kinds of action without an attack roll that the
// fights play by code of their own, each where it is played: a monster
// keeps such an action among its Actions (monsterParticipant), and
// PlaysAction counts it. A new kind is a row here.
var ownActions = []func(srd.Action) bool{
	holdArea,   // a condition on whoever fails a save (breath.go)
	swallows,   // a swallowing or an engulfing (swallow.go)
	calls,      // a call for help (beings.go)
	playsBoon,  // boons.go
	vanishes,   // a monster's own Invisibility (invisibility.go)
	playsMagic, // a teleport, a roar, phantasms (monstermagic.go)
}

// ownAction reports whether a is of one of ownActions' kinds.
func ownAction(a srd.Action) bool {
	return slices.ContainsFunc(ownActions, func(kind func(srd.Action) bool) bool { return kind(a) })
}

// PlaysAction reports whether the fights play stat block m's action a,
// one without an attack roll (the coverage test's): damage behind a save
// to all it catches, a condition on whoever fails one, a legendary
// action that makes one of m's attacks, the options of a breath.
func PlaysAction(m srd.Monster, a srd.Action) bool {
	if saveArea(a) || playsPosition(m, a) || ownAction(a) {
		return true
	}
	if _, ok := breathOption(a); ok {
		return true
	}
	for _, l := range legendaryAttacks(m, m.Actions) {
		if strings.EqualFold(l.Name, costRE.ReplaceAllString(a.Name, "")) {
			return true
		}
	}
	return false
}
