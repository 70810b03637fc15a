package spell

// resolver is the rules of one exact spell written as a table entry: how
// many targets it takes, what it checks before any die is drawn, and how
// it resolves. The exact spells written before the table (Magic Missile,
// Sleep, Shield, ...) keep their switches in exact.go.
type resolver struct {
	// targets is the fewest and most targets a casting may have.
	targets func(c *cast) (lo, hi int)
	// check refuses what the casting can't do; nil checks nothing more.
	check func(c *cast) error
	// ability says the spell uses the spellcasting ability (a save DC,
	// an attack, the modifier).
	ability bool
	// dead says the spell's targets are dead creatures (a revival):
	// living ones are refused rather than dead ones.
	dead bool
	run  func(c *cast) error
}

// resolvers holds the table's spells, by id. It is filled in init, as its
// entries' functions reach back to it through cast; each file of
// resolvers adds its own, in whatever order the inits run.
var resolvers = map[string]resolver{}

func init() {
	for id, r := range map[string]resolver{
		// Revival (revive.go).
		"revivify":          {targets: one, dead: true, run: revive(false, nil)},
		"raise-dead":        {targets: one, dead: true, run: revive(false, neutralized)},
		"resurrection":      {targets: one, dead: true, run: revive(true, neutralized)},
		"true-resurrection": {targets: one, dead: true, run: revive(true, neutralized)},
		"spare-the-dying":   {targets: one, run: (*cast).spareTheDying},

		// Cures (restore.go).
		"lesser-restoration":     {targets: one, check: checkCure, run: (*cast).restore},
		"greater-restoration":    {targets: one, check: checkCure, run: (*cast).restore},
		"protection-from-poison": {targets: one, run: (*cast).protectionFromPoison},

		// Lasting effects on creatures (boon.go).
		"aid":         {targets: upTo(3), run: (*cast).aid},
		"haste":       {targets: one, run: (*cast).haste},
		"slow":        {targets: upTo(6), ability: true, run: (*cast).slow},
		"longstrider": {targets: perSlot(1, 1), run: (*cast).longstrider},

		// Effects on attack rolls (boon.go).
		"blur":                          {targets: self, check: selfOnly, run: (*cast).blur},
		"protection-from-evil-and-good": {targets: one, run: (*cast).protectionFromEvil},
		"invisibility":                  {targets: perSlot(1, 2), run: (*cast).invisibility},
		"greater-invisibility":          {targets: one, run: (*cast).invisibility},
		"true-strike":                   {targets: one, run: (*cast).trueStrike},

		// Effects on damage (boon.go).
		"stoneskin":              {targets: one, run: (*cast).stoneskin},
		"protection-from-energy": {targets: one, check: checkEnergy, run: (*cast).protectionFromEnergy},
		"divine-favor":           {targets: self, check: selfOnly, run: (*cast).divineFavor},
		"hunters-mark":           {targets: one, run: (*cast).huntersMark},
		"magic-weapon":           {targets: one, check: checkWeapon, run: (*cast).magicWeapon},

		// One die for one roll; temporary hit points each turn (boon.go).
		"guidance":   {targets: one, run: (*cast).guidance},
		"resistance": {targets: one, run: (*cast).resistance},
		"heroism":    {targets: perSlot(1, 1), ability: true, run: (*cast).heroism},

		"freedom-of-movement": {targets: one, run: (*cast).freedomOfMovement},
		"mirror-image":        {targets: self, check: selfOnly, run: (*cast).mirrorImage},
		"blink":               {targets: self, check: selfOnly, run: (*cast).blink},
		"sanctuary":           {targets: one, ability: true, run: (*cast).sanctuary},
		"beacon-of-hope":      {targets: upTo(MaxTargets), run: (*cast).beaconOfHope},
		"holy-aura":           {targets: upTo(MaxTargets), ability: true, run: (*cast).holyAura},

		// Teleports (teleport.go).
		"misty-step":     {targets: self, check: selfOnly, run: (*cast).teleport},
		"dimension-door": {targets: self, check: checkCompanion, run: (*cast).teleport},

		// Others (word.go).
		"harm":        {targets: one, ability: true, check: (*cast).prepareDamage, run: (*cast).harm},
		"divine-word": {targets: upTo(MaxTargets), ability: true, run: (*cast).divineWord},
		"command":     {targets: perSlot(1, 1), ability: true, check: checkCommand, run: (*cast).command},

		// Darkness over the fight (darkness.go).
		"darkness": {targets: anyIn, run: (*cast).darkness},
	} {
		if _, dup := resolvers[id]; dup {
			panic("spell: two resolvers for " + id)
		}
		resolvers[id] = r
	}
	for id, r := range controlResolvers() {
		if _, dup := resolvers[id]; dup {
			panic("spell: " + id + " has two resolvers")
		}
		resolvers[id] = r
	}
}

func one(*cast) (int, int) { return 1, 1 }

func upTo(n int) func(*cast) (int, int) { return func(*cast) (int, int) { return 1, n } }

// perSlot is base targets and one more per slot level above from.
func perSlot(base, from int) func(*cast) (int, int) {
	return func(c *cast) (int, int) { return 1, min(base+c.slot-from, MaxTargets) }
}

// self is a spell on its caster alone, who may be named or left out.
func self(*cast) (int, int) { return 0, 1 }

// selfOnly refuses a target other than the caster.
func selfOnly(c *cast) error {
	if len(c.ids) == 1 && c.ids[0] != c.casterID {
		return refuse(ReasonInvalidArgs, "%s targets only its caster", c.spell.Name)
	}
	return nil
}

// prepareDamage parses the spell's damage for its resolver.
func (c *cast) prepareDamage() error {
	p, err := c.damageRolls()
	if err != nil {
		return err
	}
	c.parts = p
	return nil
}
