package encounter

import (
	"maps"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// Outcomes End accepts.
var outcomes = []string{"victory", "defeat", "fled", "negotiated", "other"}

// EndOptions choose what End commits. Only and Exclude are character ids:
// with Only, just those characters' diffs are committed; Exclude leaves
// some out.
type EndOptions struct {
	DryRun  bool     `json:"dry_run,omitempty"`
	Only    []string `json:"only,omitempty"`
	Exclude []string `json:"exclude,omitempty"`
	// Dice roll the minutes after the fight for whoever it leaves dying
	// (aftermath). Seeded alike, a dry run shows what the end will do.
	Dice dice.Source `json:"-"`
}

// Diff is what the fight did to one participant, from its Start snapshot
// to now.
type Diff struct {
	ParticipantID string `json:"participant_id"`
	Name          string `json:"name"`
	Kind          string `json:"kind"`
	CharacterID   string `json:"character_id,omitempty"`
	SRDID         string `json:"srd_id,omitempty"`
	// Ephemeral diffs (monsters) are reported and discarded.
	Ephemeral bool `json:"ephemeral"`
	// Commit marks the persistent diffs CharacterUpdates writes back:
	// those End's options chose (on a dry run, those it would write).
	Commit        bool          `json:"commit"`
	HP            Delta         `json:"hp"`
	TempHP        Delta         `json:"temp_hp"`
	Conditions    ConditionDiff `json:"conditions"`
	DeathSaves    DeathSaveDiff `json:"death_saves"`
	Concentration StringDelta   `json:"concentration"`
	// SpellSlots lists the slot levels whose use changed.
	SpellSlots []SlotDiff `json:"spell_slots"`
	Dead       bool       `json:"dead"`
	// Stable is a character left at 0 HP and stabilised: no more death
	// saving throws until healed.
	Stable bool `json:"stable,omitempty"`
	// Resources lists the class resources whose use changed (Bardic
	// Inspiration, Second Wind): used before and after.
	Resources []ResourceDiff `json:"resources,omitempty"`
	// KitUsed are the uses of its healer's kits a character's first aid
	// spent.
	KitUsed int `json:"kit_used,omitempty"`
	// Exhaustion is the exhaustion level before and after, when the
	// fight changed it (a frenzy's end); nil otherwise.
	Exhaustion *Delta `json:"exhaustion,omitempty"`
	// Drained is the hit point maximum life drains had taken before and
	// after, when the fight changed it (a wight's Life Drain).
	Drained *Delta `json:"drained,omitempty"`
	// Afflictions are the curses and diseases it carried before and
	// after, when the fight changed them (mummy rot).
	Afflictions *AfflictionsDelta `json:"afflictions,omitempty"`
	// Ammunition is what a character shot of each kind of ammunition it
	// carried, and what it recovered after.
	Ammunition []AmmoDiff `json:"ammunition,omitempty"`
	// MagicAmmunition are the magic pieces among them (items_ammo.go).
	MagicAmmunition []MagicAmmoDiff `json:"magic_ammunition,omitempty"`
	Stats           Stats           `json:"stats"`
	// Effects are the lasting effects the character leaves the fight
	// with (the spells still in force, each until a game time).
	Effects []campaign.Effect `json:"effects,omitempty"`
	// XP is a character's share of the experience points of the monsters
	// defeated in the fight: the sum of their stat blocks' XP, split evenly
	// (rounded down) among the characters the fight did not kill.
	XP int `json:"xp,omitempty"`
}

// AmmoDiff is one kind of ammunition (an SRD id: "arrow") a character
// shot in the fight: the pieces it came with, those it spent, those it
// recovered after the battle and so those it has left. The SRD lets a
// creature recover half its expended ammunition by searching the
// battlefield at the end: rounded down, and only by a party left holding
// the field, not one that fled or lost (recovers); nothing while the
// fight is under way.
type AmmoDiff struct {
	ID        string `json:"id"`
	Before    int    `json:"before"`
	Spent     int    `json:"spent"`
	Recovered int    `json:"recovered"`
	After     int    `json:"after"`
}

// recovers reports whether a fight that ended so leaves the party the
// minute to search the battlefield for its ammunition.
func recovers(outcome string) bool {
	return slices.Contains(outcomes, outcome) && outcome != "fled" && outcome != "defeat"
}

// ResourceDiff is one class resource's use before and after the fight.
type ResourceDiff struct {
	ID     string `json:"id"`
	Before int    `json:"before"`
	After  int    `json:"after"`
}

// Delta is a number before and after.
type Delta struct {
	Before int `json:"before"`
	After  int `json:"after"`
	Delta  int `json:"delta"`
}

// StringDelta is a string before and after ("" for none).
type StringDelta struct {
	Before string `json:"before"`
	After  string `json:"after"`
}

// ConditionDiff is the conditions gained and lost, and those held at the
// end.
type ConditionDiff struct {
	Added   []string `json:"added"`
	Removed []string `json:"removed"`
	Active  []string `json:"active"`
}

// DeathSaveDiff is the death saving throw counts before and after.
type DeathSaveDiff struct {
	Before campaign.DeathSaves `json:"before"`
	After  campaign.DeathSaves `json:"after"`
}

// SlotDiff is one spell slot level's use before and after.
type SlotDiff struct {
	Level    int `json:"level"`
	Before   int `json:"before"`
	After    int `json:"after"`
	Expended int `json:"expended"`
}

// Diffs are an encounter's participant diffs, in participant order.
type Diffs []Diff

// End concludes the encounter with outcome ("victory", "defeat", "fled",
// "negotiated" or "other") and returns every participant's diff, the
// persistent ones chosen by opts marked Commit. Unless opts.DryRun, the
// returned encounter is Ended with the outcome and the committed character
// ids; with DryRun it is e, unchanged. The caller commits by writing
// Diffs.CharacterUpdates in the same transaction as the ended encounter.
// It is the owner's: a fight that is decided ends by itself (conclude).
// Either way the minutes after the fight are played out for whoever it
// leaves dying (aftermath, with opts.Dice), so nobody is left dying
// outside a fight.
//
// An ended encounter is a fault.Conflict error; an unknown outcome, or an
// id in Only or Exclude that is not a character of the encounter, is a
// fault.Invalid error naming the field; a fight that leaves someone
// dying, ended without opts.Dice, a fault.Internal error.
func End(e Encounter, outcome string, opts EndOptions) (Encounter, Diffs, error) {
	const op = "end encounter"
	if e.Status != Active {
		return e, nil, fault.E(fault.Conflict, op, "encounter %s has already ended", e.ID)
	}
	if !slices.Contains(outcomes, outcome) {
		return e, nil, fault.Field(op, "outcome", "must be victory, defeat, fled, negotiated or other")
	}
	characters := map[string]bool{}
	for _, p := range e.Participants {
		if p.CharacterID != "" {
			characters[p.CharacterID] = true
		}
	}
	for _, f := range []struct {
		name string
		ids  []string
	}{{"only", opts.Only}, {"exclude", opts.Exclude}} {
		for _, id := range f.ids {
			if !characters[id] {
				return e, nil, fault.Field(op, f.name, "%q is not a character in this encounter", truncate(id, 60))
			}
		}
	}

	// The fight's lasting effects end with it, and the diffs say so.
	closed := e.clone()
	var said Result
	if err := closed.endAll(&said); err != nil {
		return e, nil, err
	}
	if opts.Dice == nil && closed.dying() {
		return e, nil, fault.E(fault.Internal, op, "no dice for the minutes after the fight")
	}
	if err := closed.aftermath(&said, opts.Dice); err != nil {
		return e, nil, err
	}
	commit := func(p Participant) bool {
		return (len(opts.Only) == 0 || slices.Contains(opts.Only, p.CharacterID)) && !slices.Contains(opts.Exclude, p.CharacterID)
	}
	diffs := closed.diffs(outcome, commit)
	if opts.DryRun {
		return e, diffs, nil
	}
	out := closed
	var committed []string
	for _, d := range diffs {
		if d.Commit {
			committed = append(committed, d.CharacterID)
		}
	}
	out.Status, out.Outcome, out.Current, out.Committed, out.XPEach = Ended, outcome, "", committed, xpShare(closed)
	if said.Text != "" {
		out.log(out.Round, "", said.Text)
	}
	out.log(out.Round, "", "The encounter ends: "+outcome+".")
	if out.XPEach > 0 {
		out.log(out.Round, "", "Each character who lived earns "+strconv.Itoa(out.XPEach)+" XP.")
	}
	return out, diffs, nil
}

// Diffs is every participant's diff from how it entered the fight to
// now, in participant order, each surviving character's with its XP
// share. On an ended encounter the characters whose diffs its end
// committed (Committed) are marked Commit; on one under way, none is.
// Diffs.CharacterUpdates writes them onto the sheets.
func (e Encounter) Diffs() Diffs {
	return e.diffs(e.Outcome, func(p Participant) bool { return e.Status == Ended && slices.Contains(e.Committed, p.CharacterID) })
}

// diffs is every participant's diff in a fight ending with outcome ("":
// not ended), the persistent ones commit picks marked Commit.
func (e Encounter) diffs(outcome string, commit func(Participant) bool) Diffs {
	share := xpShare(e)
	out := make(Diffs, len(e.Participants))
	for i, p := range e.Participants {
		d := diff(p)
		for j := range d.Ammunition {
			a := &d.Ammunition[j]
			if recovers(outcome) {
				a.Recovered = a.Spent / 2
			}
			a.After = a.Before - a.Spent + a.Recovered
		}
		d.MagicAmmunition = magicSpent(p, recovers(outcome)) // items_ammo.go
		if !d.Ephemeral && !d.Dead {
			d.XP = share
			d.Effects = e.lastingOn(p.ID)
		}
		d.Commit = !d.Ephemeral && commit(p)
		out[i] = d
	}
	return out
}

// conclude ends a decided encounter by itself, as part of the action
// that decided it (res): the fallen get the minutes after the fight
// (aftermath), the lasting effects end, every character's diff is
// committed, each survivor earns its share of the XP of the monsters
// defeated, and res tells how the fight ended.
func (e *Encounter) conclude(res *Result, outcome string, src dice.Source) error {
	res.say(e.ending(outcome))
	if err := e.endAll(res); err != nil {
		return err
	}
	if err := e.aftermath(res, src); err != nil {
		return err
	}
	e.Status, e.Outcome, e.Current, e.LegendaryDue = Ended, outcome, "", nil
	e.Committed = nil
	for _, p := range e.Participants {
		if p.CharacterID != "" {
			e.Committed = append(e.Committed, p.CharacterID)
		}
	}
	if e.XPEach = xpShare(*e); e.XPEach > 0 {
		res.say("Each character who took part and lived earns " + strconv.Itoa(e.XPEach) + " XP.")
	}
	res.Decided, res.NextID, res.Outcome = outcome, "", outcome
	return nil
}

// ending tells how a decided fight ends, and what the monsters do with a
// party they beat.
func (e Encounter) ending(outcome string) string {
	var standing []string
	for _, p := range e.Participants {
		if p.Kind == KindMonster && !p.down() {
			standing = append(standing, p.Name)
		}
	}
	they := joinAnd(standing)
	switch outcome {
	case "victory":
		return "The fight is won."
	case "fled":
		s := "Every character still on their feet has left the fight: the party has fled."
		if e.fallenLeft() {
			s += " " + e.fate(they, len(standing), "the fallen left behind")
		}
		return s
	}
	if e.toTheDeath() {
		return "The fight is lost: every character is dead."
	}
	return "The fight is lost: every character is down. " + e.fate(they, len(standing), "the fallen")
}

// fate is what the monsters that won (they, n of them) do with whom, by
// their intent: leave them, or take them prisoner.
func (e Encounter) fate(they string, n int, whom string) string {
	s := ""
	if n == 1 {
		s = "s"
	}
	if they == "" {
		they, s = "The foes", ""
	}
	if campaign.DefeatIntent(e.OnDefeat) == campaign.OnDefeatPrisoners {
		return they + " take" + s + " " + whom + " prisoner."
	}
	// Fighting to the death, the fight goes on until the fallen are dead.
	return they + " leave" + s + " " + whom + " where they lie."
}

// fallenLeft reports whether a character is left at 0 HP, alive, where
// the fight was.
func (e Encounter) fallenLeft() bool {
	for i, p := range e.Participants {
		if p.down() && e.fallen(i) {
			return true
		}
	}
	return false
}

// joinAnd is "Goblin 1", "Goblin 1 and Goblin 2", "Goblin 1, Goblin 2
// and Goblin 3".
func joinAnd(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// maxAftermath bounds the rounds the minutes after a fight take for one
// dying character: five death saves always settle it.
const maxAftermath = 10

// aftermath plays the minutes after the fight for each character it
// left dying, as time passes, round by round: first a companion at hand
// (a character on its feet, able to act, still where the fight was) gives
// first aid, with a healer's kit if one carries it (no check) or else
// the best Wisdom (Medicine) of them against DC 10; then, still dying, it
// makes its death saving throw. It ends stable, dead or, on a natural 20,
// awake with 1 HP. Nobody at hand (a lost fight, or the fallen a fleeing
// party left), the death saves alone decide. Every roll and change is in
// res.
func (e *Encounter) aftermath(res *Result, src dice.Source) error {
	for i := range e.Participants {
		if e.Participants[i].Kind != KindCharacter {
			continue
		}
		for range maxAftermath {
			p := e.Participants[i]
			if !p.Combatant.Dying() {
				break
			}
			if h := e.healer(i); h >= 0 {
				r, err := e.firstAid(res, h, i, src)
				if err != nil {
					return err
				}
				if r.Stabilized {
					break
				}
			}
			r, err := rules.DeathSave(e.Participants[i].Combatant, src)
			if err != nil {
				return fault.Wrap(fault.Internal, "aftermath", err)
			}
			if err := e.apply(r.Changes); err != nil {
				return err
			}
			res.Rolls = append(res.Rolls, r.Rolls...)
			res.Changes = append(res.Changes, r.Changes...)
			res.say(r.Summary())
		}
	}
	return nil
}

// dying reports whether a character in the fight is dying.
func (e Encounter) dying() bool {
	return slices.ContainsFunc(e.Participants, func(p Participant) bool {
		return p.Kind == KindCharacter && p.Combatant.Dying()
	})
}

// healer is the character who gives participant i first aid after the
// fight: on its feet, able to act and where the fight was; one with a
// healer's kit first, then the best Wisdom (Medicine), then the earlier
// in participant order; -1 if none.
func (e Encounter) healer(i int) int {
	best := -1
	for j, p := range e.Participants {
		if j == i || p.Kind != KindCharacter || !p.canAct() || e.elsewhere(p.ID) {
			continue
		}
		if best < 0 {
			best = j
			continue
		}
		b := e.Participants[best]
		if p.Kit != b.Kit {
			if p.Kit {
				best = j
			}
			continue
		}
		if p.Combatant.CheckBonus(rules.Wis, rules.Medicine) > b.Combatant.CheckBonus(rules.Wis, rules.Medicine) {
			best = j
		}
	}
	return best
}

// Conclude ends an encounter under way whose fight is already decided
// (Decided) but was never ended: one stored before fights ended by
// themselves, left waiting on a monster's turn. It plays what the end of
// the deciding action would have (conclude): the result is the current
// participant's, ending the fight. An encounter that is not under way,
// or not decided, is a fault.Invalid refusal (NotAllowed).
func Conclude(e Encounter, src dice.Source) (Encounter, Result, error) {
	if e.Status != Active {
		return e, Result{}, refuse(NotAllowed, "encounter", "the encounter has ended")
	}
	outcome := e.Decided()
	if outcome == "" {
		return e, Result{}, refuse(NotAllowed, "encounter", "the fight is not decided")
	}
	out := e.clone()
	res := Result{ActorID: e.Current, Kind: ActionEndTurn, Round: out.Round, TurnEnded: true}
	if p, ok := out.Participant(e.Current); ok {
		res.Actor = p.Name
	}
	if err := out.conclude(&res, outcome, src); err != nil {
		return e, Result{}, err
	}
	out.log(res.Round, res.ActorID, res.Text)
	return out, res, nil
}

// xpShare is each surviving character's share of the XP of the monsters
// defeated (dead, or down at 0 HP): zero when none was, or nobody
// survived to share it.
func xpShare(e Encounter) int {
	total, alive := 0, 0
	for _, p := range e.Participants {
		switch {
		case p.Kind == KindMonster && p.down() && p.XP > 0:
			total += p.XP
		case p.Kind == KindMonster && p.down():
			// An encounter stored before participants kept their XP.
			if m, ok := srd.LookupMonster(p.SRDID); ok {
				total += m.XP
			}
		case p.CharacterID != "" && !p.Combatant.Dead:
			alive++
		}
	}
	if alive == 0 {
		return 0
	}
	return total / alive
}

func diff(p Participant) Diff {
	c, s := p.own(), p.Start // a druid's shape ends with the fight
	d := Diff{
		ParticipantID: p.ID, Name: p.Name, Kind: p.Kind, CharacterID: p.CharacterID, SRDID: p.SRDID,
		Ephemeral:     p.CharacterID == "",
		HP:            Delta{s.HP, c.HP, c.HP - s.HP},
		TempHP:        Delta{s.TempHP, c.TempHP, c.TempHP - s.TempHP},
		DeathSaves:    DeathSaveDiff{s.DeathSaves, c.DeathSaves},
		Concentration: StringDelta{s.Concentration, c.Concentration},
		SpellSlots:    []SlotDiff{},
		Dead:          c.Dead,
		Stable:        c.Stable && c.HP <= 0 && !c.Dead,
		Stats:         p.Stats,
	}
	if s.KitUses > p.KitUses {
		d.KitUsed = s.KitUses - p.KitUses
	}
	if c.Exhaustion != s.Exhaustion {
		d.Exhaustion = &Delta{s.Exhaustion, c.Exhaustion, c.Exhaustion - s.Exhaustion}
	}
	if c.Drained != s.Drained {
		d.Drained = &Delta{s.Drained, c.Drained, c.Drained - s.Drained}
	}
	if !slices.Equal(c.Afflictions, s.Afflictions) {
		d.Afflictions = &AfflictionsDelta{Before: s.Afflictions, After: slices.Clone(c.Afflictions)}
	}
	for id, before := range p.Start.Ammo {
		if spent := before - p.Ammo[id]; spent > 0 {
			d.Ammunition = append(d.Ammunition, AmmoDiff{ID: id, Before: before, Spent: spent})
		}
	}
	slices.SortFunc(d.Ammunition, func(a, b AmmoDiff) int { return strings.Compare(a.ID, b.ID) })
	for id, after := range p.resourcesUsed() {
		if before := s.Resources[id]; before != after {
			d.Resources = append(d.Resources, ResourceDiff{ID: id, Before: before, After: after})
		}
	}
	slices.SortFunc(d.Resources, func(a, b ResourceDiff) int { return strings.Compare(a.ID, b.ID) })
	active := conditionNames(c.Conditions)
	d.Conditions = ConditionDiff{Added: []string{}, Removed: []string{}, Active: active}
	for _, name := range active {
		if !slices.Contains(s.Conditions, name) {
			d.Conditions.Added = append(d.Conditions.Added, name)
		}
	}
	for _, name := range s.Conditions {
		if !slices.Contains(active, name) {
			d.Conditions.Removed = append(d.Conditions.Removed, name)
		}
	}
	for i, sl := range c.SpellSlots {
		if sl.Used != s.SlotsUsed[i] {
			d.SpellSlots = append(d.SpellSlots, SlotDiff{Level: i + 1, Before: s.SlotsUsed[i], After: sl.Used, Expended: sl.Used - s.SlotsUsed[i]})
		}
	}
	return d
}

// CharacterUpdates writes the committed diffs onto the sheets in base they
// belong to and returns those sheets, in base order; sheets with no
// committed diff are left out, and base is not changed. The encounter's
// values win: HP, temporary HP, death saves, concentration and the spell
// slots used are set to how the fight left them; conditions gained are
// added and conditions lost removed, keeping any the engine does not know.
// A dead character is written dead, at 0 HP with three failed death saves
// (as a sheet said dead before it kept Dead); the uses of a healer's kit
// spent are spent from the inventory, and the ammunition shot and not
// recovered; an exhaustion level the fight changed (a frenzy's end) and
// the hit point maximum a life drain took are written. The XP share is added; a
// character whose XP reaches a new level is marked ready to level up
// (campaign.Character.LevelUpReady), which its player does.
func (ds Diffs) CharacterUpdates(base []campaign.Character) []campaign.Character {
	var out []campaign.Character
	for _, ch := range base {
		i := slices.IndexFunc(ds, func(d Diff) bool { return d.Commit && d.CharacterID == ch.ID })
		if i < 0 {
			continue
		}
		d := ds[i]
		was := ch
		ch.HP, ch.TempHP, ch.DeathSaves, ch.Stable, ch.Dead = d.HP.After, d.TempHP.After, d.DeathSaves.After, d.Stable, d.Dead
		// The effects that ended in the fight come off the sheet, and
		// those cast in it that go on are put on. A dead caster's wards
		// stay where they were set: they last until set off or dispelled.
		fx := d.Effects
		if d.Dead {
			for _, w := range ch.Effects {
				if w.ID == spell.WardID {
					fx = append(fx, w)
				}
			}
		}
		ch = ch.ReplaceEffects(fx)
		ch.XP += d.XP
		if d.Dead {
			ch.HP, ch.DeathSaves.Failures = 0, 3
		}
		conds := make([]string, 0, len(ch.Conditions)+len(d.Conditions.Added))
		for _, c := range ch.Conditions {
			if !slices.Contains(d.Conditions.Removed, c) {
				conds = append(conds, c)
			}
		}
		for _, c := range d.Conditions.Added {
			if !slices.Contains(conds, c) {
				conds = append(conds, c)
			}
		}
		ch.Conditions = conds
		if d.Concentration.After != d.Concentration.Before {
			ch.Concentration = nil
			if d.Concentration.After != "" {
				spell := d.Concentration.After
				ch.Concentration = &spell
			}
		}
		if len(d.Resources) > 0 {
			rs := maps.Clone(ch.Resources)
			if rs == nil {
				rs = map[string]campaign.Pool{}
			}
			for _, r := range d.Resources {
				if item, ok := strings.CutPrefix(r.ID, itemPool); ok {
					ch.Inventory = campaign.UseCharges(ch.Inventory, item, r.After)
					continue
				}
				p := campaign.ResourcesOf(ch)[r.ID]
				p.Used = r.After
				rs[r.ID] = p
			}
			if len(rs) > 0 {
				ch.Resources = rs
			}
		}
		if d.KitUsed > 0 {
			ch.Inventory = campaign.SpendKit(ch.Inventory, d.KitUsed)
		}
		if d.Exhaustion != nil {
			ch.Exhaustion = d.Exhaustion.After
		}
		if d.Drained != nil {
			ch.Drained = d.Drained.After
		}
		if d.Afflictions != nil {
			ch.Afflictions = slices.Clone(d.Afflictions.After)
		}
		for _, a := range d.Ammunition {
			ch.Inventory = spendAmmo(ch.Inventory, a, d.MagicAmmunition) // items_ammo.go
		}
		if len(d.SpellSlots) > 0 {
			slots := maps.Clone(ch.SpellSlots)
			if slots == nil {
				slots = map[string]campaign.Slot{}
			}
			for _, sd := range d.SpellSlots {
				k := strconv.Itoa(sd.Level)
				sl := slots[k]
				sl.Used = sd.After
				slots[k] = sl
			}
			ch.SpellSlots = slots
		}
		// XP that reaches a new level lets the player level up (a
		// level_up intent), with the choices it brings; it never levels
		// the character by itself.
		ch.LevelUp = ch.LevelUpReady()
		if d.Dead {
			ch = wakesInClone(ch, was) // spells_safeguards.go
		}
		out = append(out, ch)
	}
	return out
}
