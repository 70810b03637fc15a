package rules

import (
	"strconv"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
)

// CheckRequest is an ability check to make.
type CheckRequest struct {
	// Ability is the ability checked; 0 means the skill's usual one. An
	// ability other than the skill's is the SRD's variant ("Constitution
	// (Athletics)"): the skill's proficiency still applies.
	Ability Ability `json:"ability,omitempty"`
	Skill   Skill   `json:"skill,omitempty"` // 0 for a plain ability check
	// DC is the number to meet or beat; 0 means none, as in a contest.
	DC int `json:"dc,omitempty"`
	// Bonus is a situational bonus (or, negative, a penalty).
	Bonus int `json:"bonus,omitempty"`
	// BonusTerms name Bonus's parts (Guidance's d4); what they leave
	// unnamed shows as a situational bonus.
	BonusTerms []campaign.Term `json:"bonus_terms,omitempty"`
	// DCSource says where DC came from ("a medium task").
	DCSource *campaign.DCSource `json:"dc_source,omitempty"`
	// Advantage and Disadvantage are situational sources, added to those
	// of the roller's conditions.
	Advantage    []string `json:"advantage,omitempty"`
	Disadvantage []string `json:"disadvantage,omitempty"`
	// NeedsSight and NeedsHearing make a blinded or deafened roller fail
	// the check without rolling.
	NeedsSight   bool `json:"needs_sight,omitempty"`
	NeedsHearing bool `json:"needs_hearing,omitempty"`
	// About is what the check concerns, as features read it: a creature
	// type it tracks or recalls ("undead": Favored Enemy), a terrain
	// ("forest": Natural Explorer).
	About []string `json:"about,omitempty"`
	// Moved says the roller has moved more than half its speed this turn
	// (Supreme Sneak's advantage needs it not to have).
	Moved bool `json:"moved,omitempty"`
	// Reserves are what the roller may add once it sees the d20 fall
	// short (Reserve).
	Reserves []Reserve `json:"reserves,omitempty"`
}

// CheckResult is an ability check as made.
type CheckResult struct {
	Log
	RollerID string  `json:"roller_id"`
	Roller   string  `json:"roller"`
	Ability  Ability `json:"ability"`
	Skill    Skill   `json:"skill,omitempty"`
	DC       int     `json:"dc,omitempty"`
	Edge     Edge    `json:"edge"`
	// Bonus is everything added to the d20: modifier, proficiency and the
	// request's bonus.
	Bonus   int `json:"bonus"`
	Natural int `json:"natural,omitempty"`
	Total   int `json:"total"`
	// AutoFail names the condition that failed the check without a roll
	// ("blinded"); Total is then 0.
	AutoFail string `json:"auto_fail,omitempty"`
	// Success is Total >= DC; always false with no DC.
	Success bool `json:"success"`
	// RaisedFrom is the natural d20 a feature counted as more (Reliable
	// Talent: a 9 or lower as 10), 0 when none did; Reserved are the
	// request's reserves spent on the roll.
	RaisedFrom int      `json:"raised_from,omitempty"`
	Reserved   []string `json:"reserved,omitempty"`
}

// Check makes an ability check. Exhaustion, poisoned and frightened give
// disadvantage; a blinded or deafened roller fails a check that needs the
// lost sense without rolling; a feature may set the least total
// (Indomitable Might). It draws one d20 (two with advantage or
// disadvantage). A dead roller, a missing ability or a negative DC is a
// fault.Invalid error.
func Check(c Combatant, req CheckRequest, src dice.Source) (CheckResult, error) {
	const op = "resolve check"
	if err := alive(op, c); err != nil {
		return CheckResult{}, err
	}
	a := req.Ability
	if a == 0 {
		a = req.Skill.Ability()
	}
	switch {
	case req.Skill != 0 && !req.Skill.valid():
		return CheckResult{}, fault.Field(op, "skill", "unknown skill %d", req.Skill)
	case !a.valid():
		return CheckResult{}, fault.Field(op, "ability", "name an ability or a skill")
	case req.DC < 0:
		return CheckResult{}, fault.Field(op, "dc", "must not be negative")
	}
	terms := append(c.CheckTerms(a, req.Skill), c.featureCheckExtra(a, req)...)
	terms = append(terms, named(req.Bonus, req.BonusTerms, "situational bonus", campaign.TermSituation)...)
	r := CheckResult{RollerID: c.ID, Roller: c.Name, Ability: a, Skill: req.Skill, DC: req.DC, Bonus: campaign.SumTerms(terms)}
	switch {
	case req.NeedsSight && c.Conditions.Has(Blinded):
		r.AutoFail = "blinded"
		return r, nil
	case req.NeedsHearing && c.Conditions.Has(Deafened):
		r.AutoFail = "deafened"
		return r, nil
	}
	r.Edge.addCheckConditions(c)
	r.Edge.featureCheckEdge(c, a, req)
	r.Edge.situational(req.Advantage, req.Disadvantage)
	w := r.Edge.working(campaign.RuleAbilityCheck, terms, dcSource(req.DC, req.DCSource))
	roll, err := rollD20(&r.Log, checkName(a, req.Skill)+" check", c, r.Bonus, r.Edge, w, src)
	if err != nil {
		return CheckResult{}, fault.Wrap(fault.Invalid, op, err)
	}
	if floor, id := c.featureCheckFloor(a, req.Skill); roll.Natural > 0 && roll.Natural < floor {
		r.RaisedFrom = roll.Natural
		roll.Total += floor - roll.Natural
		w.Terms = append(w.Terms, campaign.Term{Value: floor - roll.Natural, Source: featureName(id) + " (a " + strconv.Itoa(roll.Natural) + " counts as " + strconv.Itoa(floor) + ")",
			Kind: campaign.TermFeature, After: true})
	}
	r.Natural, r.Total = roll.Natural, roll.Total
	// 0 is no least total, so a total below 0 (a -2 on a 1) stays.
	if total := c.featureCheckTotal(a); total > 0 && r.Total < total {
		r.Total = total // the roll stays in the log as it fell
	}
	at := len(r.Rolls) - 1
	if req.DC > 0 {
		r.Total, r.Reserved = spendReserves(&r.Log, at, c.ID, r.Total, req.DC, req.Reserves, src)
		r.Success = r.Total >= req.DC
		r.Rolls[at].Outcome, r.Rolls[at].DC = outcome(r.Success), req.DC
	}
	return r, nil
}

// difficultyDCs are the SRD's typical difficulty classes, by the names a
// check's difficulty takes on the wire (intent.Difficulties).
var difficultyDCs = map[string]int{"very_easy": 5, "easy": 10, "medium": 15, "hard": 20, "very_hard": 25, "nearly_impossible": 30}

// DifficultyDC is the DC of a task of that difficulty ("medium": 15), by
// the SRD's table of typical difficulty classes; false for a name not in
// it.
func DifficultyDC(difficulty string) (int, bool) {
	dc, ok := difficultyDCs[difficulty]
	return dc, ok
}

// Summary tells the check in one sentence: "Mira succeeds on a DC 15
// Strength (Athletics) check (18)."
func (r CheckResult) Summary() string {
	name := checkName(r.Ability, r.Skill) + " check"
	return d20Sentence(r.Roller, name, r.DC, r.Total, r.Success, r.AutoFail, r.Edge)
}

// ContestResult is a contest of two ability checks.
type ContestResult struct {
	Log
	Initiator CheckResult `json:"initiator"`
	Defender  CheckResult `json:"defender"`
	// WinnerID is the winner's id, "" on a tie.
	WinnerID string `json:"winner_id,omitempty"`
}

// Contest pits the initiator's check (the one trying to change the
// situation: the grappler, the one forcing the door) against the
// defender's; the higher total wins. On a tie the situation stays as it
// was (SRD), so the initiator's attempt fails and nobody wins: a tied
// grapple does not grab, a door held shut stays shut. A check failed
// without a roll loses to one that was rolled. The requests' DCs are
// ignored. The initiator rolls first.
func Contest(initiator Combatant, ireq CheckRequest, defender Combatant, dreq CheckRequest, src dice.Source) (ContestResult, error) {
	const op = "resolve contest"
	ireq.DC, dreq.DC = 0, 0
	a, err := Check(initiator, ireq, src)
	if err != nil {
		return ContestResult{}, fault.Wrap(fault.Invalid, op, err)
	}
	d, err := Check(defender, dreq, src)
	if err != nil {
		return ContestResult{}, fault.Wrap(fault.Invalid, op, err)
	}
	r := ContestResult{Initiator: a, Defender: d}
	at, dt := a.Total, d.Total
	if a.AutoFail != "" {
		at = -1 << 30
	}
	if d.AutoFail != "" {
		dt = -1 << 30
	}
	switch {
	case at > dt:
		r.WinnerID = initiator.ID
	case dt > at:
		r.WinnerID = defender.ID
	}
	for _, c := range []*CheckResult{&r.Initiator, &r.Defender} {
		for i := range c.Rolls {
			c.Rolls[i].Outcome = outcome(c.RollerID == r.WinnerID)
		}
		r.merge(c.Log)
	}
	return r, nil
}

// InitiatorWon reports whether the initiator's attempt succeeds.
func (r ContestResult) InitiatorWon() bool {
	return r.WinnerID != "" && r.WinnerID == r.Initiator.RollerID
}

// Summary tells the contest in one sentence: "Mira's Strength (Athletics)
// check (17) beats the ogre's Strength (Athletics) check (12): Mira wins
// the contest."
func (r ContestResult) Summary() string {
	side := func(c CheckResult) string {
		s := possessive(c.Roller) + " " + checkName(c.Ability, c.Skill) + " check ("
		if c.AutoFail != "" {
			return s + "automatically failed: " + c.AutoFail + ")"
		}
		return s + strconv.Itoa(c.Total) + c.Edge.phrase() + ")"
	}
	a, d := r.Initiator, r.Defender
	switch r.WinnerID {
	case "":
		return capital(side(a)) + " ties " + side(d) + ": the situation stays as it was."
	case a.RollerID:
		return capital(side(a)) + " beats " + side(d) + ": " + a.Roller + " wins the contest."
	}
	return capital(side(d)) + " beats " + side(a) + ": " + d.Roller + " wins the contest."
}

// Cover is the cover a target has from an attack or an effect.
type Cover uint8

// The degrees of cover. Half cover adds 2 to AC and Dexterity saving
// throws, three-quarters 5; total cover cannot be targeted directly.
const (
	NoCover Cover = iota
	HalfCover
	ThreeQuartersCover
	TotalCover
)

func (c Cover) bonus() int {
	switch c {
	case HalfCover:
		return 2
	case ThreeQuartersCover:
		return 5
	}
	return 0
}

// SaveRequest is a saving throw to make.
type SaveRequest struct {
	Ability Ability `json:"ability"`
	DC      int     `json:"dc"`
	// Bonus is a situational bonus (or, negative, a penalty).
	Bonus int `json:"bonus,omitempty"`
	// BonusTerms name Bonus's parts (Bless's d4); what they leave unnamed
	// shows as a situational bonus.
	BonusTerms []campaign.Term `json:"bonus_terms,omitempty"`
	// DCSource says where DC came from (a caster's spell save DC).
	DCSource *campaign.DCSource `json:"dc_source,omitempty"`
	// Cover adds to Dexterity saves against an effect from beyond it.
	Cover        Cover    `json:"cover,omitempty"`
	Advantage    []string `json:"advantage,omitempty"`
	Disadvantage []string `json:"disadvantage,omitempty"`
	// Reason names the save in the roll record ("concentration save");
	// "Dexterity saving throw" and so on if empty.
	Reason string `json:"reason,omitempty"`
	// Against is what the save is against, as features read it
	// (features.go): "magic" (a spell or a magical effect), "seen" (an
	// effect the saver can see, such as a spell or a breath), a damage
	// type it would take ("poison"), a condition it would impose
	// ("charmed", "frightened"), the spell it is against ("entangle").
	Against []string `json:"against,omitempty"`
	// Reserves are what the saver may add once it sees the d20 fall short
	// (Reserve).
	Reserves []Reserve `json:"reserves,omitempty"`
}

// SaveResult is a saving throw as made.
type SaveResult struct {
	Log
	RollerID string  `json:"roller_id"`
	Roller   string  `json:"roller"`
	Ability  Ability `json:"ability"`
	DC       int     `json:"dc"`
	Edge     Edge    `json:"edge"`
	// Bonus is everything added to the d20: modifier, proficiency, cover
	// and the request's bonus.
	Bonus   int `json:"bonus"`
	Natural int `json:"natural,omitempty"`
	Total   int `json:"total"`
	// AutoFail names the condition that failed the save without a roll
	// ("paralyzed"); Total is then 0.
	AutoFail string `json:"auto_fail,omitempty"`
	Success  bool   `json:"success"`
	// Reserved are the request's reserves spent on the roll.
	Reserved []string `json:"reserved,omitempty"`
}

// Save makes a saving throw against a DC. A paralyzed, petrified, stunned
// or unconscious creature fails Strength and Dexterity saves without
// rolling; exhaustion 3+ gives disadvantage, restrained disadvantage on
// Dexterity saves, the Dodge action advantage on them. A natural 20 or 1
// has no special effect (5e). It draws one d20 (two with advantage or
// disadvantage). A dead roller, a missing ability or a DC below 1 is a
// fault.Invalid error.
func Save(c Combatant, req SaveRequest, src dice.Source) (SaveResult, error) {
	const op = "resolve saving throw"
	if err := alive(op, c); err != nil {
		return SaveResult{}, err
	}
	switch {
	case !req.Ability.valid():
		return SaveResult{}, fault.Field(op, "ability", "name the saving throw's ability")
	case req.DC < 1:
		return SaveResult{}, fault.Field(op, "dc", "must be at least 1")
	case req.Cover == TotalCover:
		return SaveResult{}, fault.Field(op, "cover", "a creature behind total cover cannot be targeted directly")
	}
	terms := append(c.SaveTerms(req.Ability), named(req.Bonus, req.BonusTerms, "situational bonus", campaign.TermSituation)...)
	rule := campaign.RuleSavingThrows
	if t, ok := coverTerm(req.Cover); ok && req.Ability == Dex {
		terms, rule = append(terms, t), campaign.RuleSavingThrows+"; "+campaign.RuleCover
	}
	r := SaveResult{RollerID: c.ID, Roller: c.Name, Ability: req.Ability, DC: req.DC, Bonus: campaign.SumTerms(terms)}
	if req.Ability == Str || req.Ability == Dex {
		for cond := range (c.Conditions & helpless).All() {
			r.AutoFail = cond.String()
			return r, nil
		}
	}
	r.Edge.addSaveConditions(c, req.Ability)
	r.Edge.featureSaveEdge(c, req)
	r.Edge.situational(req.Advantage, req.Disadvantage)
	reason := req.Reason
	if reason == "" {
		reason = req.Ability.Name() + " saving throw"
	}
	roll, err := rollD20(&r.Log, reason, c, r.Bonus, r.Edge, r.Edge.working(rule, terms, dcSource(req.DC, req.DCSource)), src)
	if err != nil {
		return SaveResult{}, fault.Wrap(fault.Invalid, op, err)
	}
	r.Natural, r.Total = roll.Natural, roll.Total
	at := len(r.Rolls) - 1
	r.Total, r.Reserved = spendReserves(&r.Log, at, c.ID, r.Total, req.DC, req.Reserves, src)
	r.Success = r.Total >= req.DC
	r.Rolls[at].Outcome, r.Rolls[at].DC = outcome(r.Success), req.DC
	return r, nil
}

// Summary tells the save in one sentence: "Mira fails a DC 15 Dexterity
// saving throw (11)."
func (r SaveResult) Summary() string {
	return d20Sentence(r.Roller, r.Ability.Name()+" saving throw", r.DC, r.Total, r.Success, r.AutoFail, r.Edge)
}

// d20Sentence is the sentence of a check or save.
func d20Sentence(who, what string, dc, total int, success bool, autoFail string, e Edge) string {
	who = capital(who)
	if dc == 0 {
		if autoFail != "" {
			return who + " automatically fails " + Article(what) + " (" + autoFail + ")."
		}
		return who + " makes " + Article(what) + ": " + strconv.Itoa(total) + e.phrase() + "."
	}
	what = "DC " + strconv.Itoa(dc) + " " + what
	switch {
	case autoFail != "":
		return who + " automatically fails the " + what + " (" + autoFail + ")."
	case success:
		return who + " succeeds on a " + what + " (" + strconv.Itoa(total) + e.phrase() + ")."
	}
	return who + " fails a " + what + " (" + strconv.Itoa(total) + e.phrase() + ")."
}

// checkName is "Strength (Athletics)" or "Strength".
func checkName(a Ability, s Skill) string {
	if s == 0 {
		return a.Name()
	}
	return a.Name() + " (" + s.Name() + ")"
}

// d20Table holds "1d20+m" for the usual modifiers, parsed once, so rolling
// one costs no parse.
var d20Table = func() (t [121]dice.Expr) {
	for i := range t {
		t[i] = dice.MustParse(d20Text(i - d20TableLow))
	}
	return t
}()

const d20TableLow = 40

func d20Text(mod int) string {
	switch {
	case mod > 0:
		return "1d20+" + strconv.Itoa(mod)
	case mod < 0:
		return "1d20" + strconv.Itoa(mod)
	}
	return "1d20"
}

// d20 is the expression of a d20 plus mod. A mod beyond what dice accepts
// is a fault.Invalid error.
func d20(mod int) (dice.Expr, error) {
	if i := mod + d20TableLow; i >= 0 && i < len(d20Table) {
		return d20Table[i], nil
	}
	return dice.Parse(d20Text(mod))
}

// rollD20 rolls a d20 plus bonus for c with edge e, records it and returns
// the record.
func rollD20(l *Log, reason string, c Combatant, bonus int, e Edge, w *campaign.Working, src dice.Source) (*Roll, error) {
	x, err := d20(bonus)
	if err != nil {
		return nil, err
	}
	r := l.roll(reason, c.ID, dice.Roll(x, src, e.options(c.Lucky)...))
	r.Working = w
	return r, nil
}

func outcome(success bool) string {
	if success {
		return "success"
	}
	return "failure"
}

func alive(op string, c Combatant) error {
	if c.Dead {
		return fault.E(fault.Invalid, op, "%s is dead", c.Name)
	}
	return nil
}
