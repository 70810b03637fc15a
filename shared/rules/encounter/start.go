package encounter

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/srd"
)

// MonsterSpec asks for Count monsters of one SRD stat block.
type MonsterSpec struct {
	SRDID string `json:"srd_id"`
	Count int    `json:"count"`
}

// Start builds an encounter between the characters, snapshotted from their
// sheets, and the monsters, instantiated from book (srd.LookupMonster when
// nil): "Goblin 1", "Goblin 2" with ids "goblin-1", "goblin-2", at the stat
// block's average hit points. It rolls initiative for everyone (see the
// package doc for ties), orders them, and starts round 1 at the first
// participant not surprised. surprise holds participant ids, or
// "characters" or "monsters" for a whole side.
//
// A character at 0 HP joins as it is, unconscious (a stable one's turns
// pass; a dying one's are its death saves); a dead one cannot join. The
// caller sets where the fight is (AreaID) and the monsters' intent on
// victory (OnDefeat).
//
// It returns the encounter and the log of the initiative rolls. A missing
// id, no characters or no monsters, a dead character, an unknown or duplicate character id, an
// unknown SRD id, a count outside 1..MaxPerSpec, more than MaxParticipants
// in all or an unknown surprise id is a fault.Invalid error naming the
// field.
func Start(id string, chars []campaign.Character, monsters []MonsterSpec, surprise []string, src dice.Source, book func(id string) (srd.Monster, bool)) (Encounter, rules.Log, error) {
	return StartAt(0, id, chars, monsters, surprise, src, book)
}

// StartAt is Start at game time clock (campaign.State.Clock): the fight's
// round 1 begins then, and the characters' lasting effects come into it
// with the rounds they have left (Start is StartAt at the campaign's
// first moment).
func StartAt(clock int64, id string, chars []campaign.Character, monsters []MonsterSpec, surprise []string, src dice.Source, book func(id string) (srd.Monster, bool)) (Encounter, rules.Log, error) {
	const op = "start encounter"
	if book == nil {
		book = srd.LookupMonster
	}
	switch {
	case strings.TrimSpace(id) == "":
		return Encounter{}, rules.Log{}, fault.Field(op, "id", "is required")
	case len(chars) == 0:
		return Encounter{}, rules.Log{}, fault.Field(op, "characters", "an encounter needs at least one character")
	case len(monsters) == 0:
		return Encounter{}, rules.Log{}, fault.Field(op, "monsters", "an encounter needs at least one monster")
	}
	total := len(chars)
	for i, m := range monsters {
		if m.Count < 1 || m.Count > MaxPerSpec {
			return Encounter{}, rules.Log{}, fault.Field(op, fmt.Sprintf("monsters[%d].count", i), "must be between 1 and %d", MaxPerSpec)
		}
		total += m.Count
	}
	if total > MaxParticipants {
		return Encounter{}, rules.Log{}, fault.Field(op, "monsters", "an encounter holds at most %d participants; these make %d", MaxParticipants, total)
	}

	e := Encounter{ID: id, Status: Active, Round: 1, Participants: make([]Participant, 0, total), Log: []Entry{}}
	taken := make(map[string]bool, total)
	for i, ch := range chars {
		if ch.ID == "" || taken[ch.ID] {
			return Encounter{}, rules.Log{}, fault.Field(op, fmt.Sprintf("characters[%d].id", i), "must be present and unique")
		}
		if ch.IsDead() {
			return Encounter{}, rules.Log{}, fault.Field(op, fmt.Sprintf("characters[%d]", i), "%s is dead and fights no more until brought back", ch.Name)
		}
		taken[ch.ID] = true
		e.Participants = append(e.Participants, characterParticipant(ch))
	}
	seq := map[string]int{}
	for i, spec := range monsters {
		m, ok := book(spec.SRDID)
		if !ok {
			return Encounter{}, rules.Log{}, fault.Field(op, fmt.Sprintf("monsters[%d].srd_id", i), "unknown SRD monster %q", truncate(spec.SRDID, 60))
		}
		for range spec.Count {
			seq[m.ID]++
			pid := m.ID + "-" + strconv.Itoa(seq[m.ID])
			if taken[pid] {
				return Encounter{}, rules.Log{}, fault.Field(op, fmt.Sprintf("monsters[%d].srd_id", i), "participant id %q is already a character's", pid)
			}
			taken[pid] = true
			e.Participants = append(e.Participants, monsterParticipant(m, pid, m.Name+" "+strconv.Itoa(seq[m.ID])))
		}
	}
	e.Clock = clock
	e.carryIn(chars)
	e.servantsStart()
	e.shapeCarried()
	if err := e.surprise(surprise); err != nil {
		return Encounter{}, rules.Log{}, fault.Wrap(fault.Invalid, op, err)
	}
	e.alarmed()

	log, err := e.rollInitiative(src)
	if err != nil {
		return Encounter{}, rules.Log{}, fault.Wrap(fault.Internal, op, err)
	}
	held, err := e.contingenciesStart(src) // spells_safeguards.go
	if err != nil {
		return Encounter{}, rules.Log{}, fault.Wrap(fault.Internal, op, err)
	}
	log.Rolls, log.Changes = append(log.Rolls, held.Rolls...), append(log.Changes, held.Changes...)
	// Monsters start alive, so somebody always can take the first turn.
	first := e.clone()
	if first.advance(-1) {
		e = first
	}
	return e, log, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// surprise marks the surprised participants, who have no reaction until
// their skipped first turn passes.
func (e *Encounter) surprise(ids []string) error {
	for _, id := range ids {
		matched := false
		for i := range e.Participants {
			p := &e.Participants[i]
			if id == p.ID || (id == "characters" && p.Kind == KindCharacter) || (id == "monsters" && p.Kind == KindMonster) {
				p.Surprised, p.ReactionUsed, matched = true, true, true
			}
		}
		if !matched {
			return fault.Field("surprise", "surprise", "no participant %q", truncate(id, 60))
		}
	}
	return nil
}

// characterParticipant snapshots a character's sheet.
func characterParticipant(ch campaign.Character) Participant {
	c := rules.FromSheet(ch)
	c.Speed = rules.Carried(ch).Speed(c.Speed) // a heavy load is dragged
	var weapons, pairs, wielded []string
	count := map[string]int{}
	marked := slices.ContainsFunc(ch.Inventory, func(it campaign.Item) bool { return it.Equipped })
	for _, it := range ch.Inventory {
		w, ok := lookupWeapon(it.Item)
		if !ok || it.Qty <= 0 {
			continue
		}
		if !slices.Contains(weapons, w.ID) {
			weapons = append(weapons, w.ID)
		}
		if marked && it.Equipped && !slices.Contains(wielded, w.ID) {
			wielded = append(wielded, w.ID)
		}
		if count[w.ID] += it.Qty; count[w.ID] >= 2 && !slices.Contains(pairs, w.ID) {
			pairs = append(pairs, w.ID)
		}
	}
	p := Participant{ID: ch.ID, Name: ch.Name, Kind: KindCharacter, CharacterID: ch.ID, Type: "humanoid", Race: ch.Race,
		Combatant: c, Start: snapshot(c), Class: ch.Class, Weapons: weapons, Pairs: pairs, Wielded: wielded,
		Hinders: campaign.StealthHindrance(ch)}
	p.HeavyArmor = campaign.WearsHeavyArmor(ch)
	for _, id := range weapons {
		if b := campaign.WeaponBonus(ch.Inventory, id); b > 0 {
			if p.Enchanted == nil {
				p.Enchanted = map[string]int{}
			}
			p.Enchanted[id] = b
		}
	}
	p.ItemDamage = itemDamageOf(ch, weapons)
	p.ItemRiders = itemRidersOf(ch, weapons)                      // items_wounding.go
	p.Combatant.Features = wornFeatures(p.Combatant.Features, ch) // items_worn.go
	p.Shield = campaign.WearsShield(ch)
	for _, id := range weapons {
		if w, ok := lookupWeapon(id); ok && ammunitionOf(w) != "" {
			if p.Ammo == nil {
				p.Ammo = map[string]int{}
			}
			p.Ammo[ammunitionOf(w)] = campaign.Pieces(ch.Inventory, ammunitionOf(w))
		}
	}
	p.Start.Ammo = maps.Clone(p.Ammo)
	p.Quiver = quiverOf(ch.Inventory, p.Ammo) // items_ammo.go
	p.Armored = campaign.WearsArmor(ch)
	p.KitUses = campaign.KitUses(ch.Inventory)
	p.Kit, p.Start.KitUses = p.KitUses > 0, p.KitUses
	if r, ok := srd.LookupRace(ch.Race); ok {
		p.Size = strings.ToLower(r.Size)
	}
	p.Pools = poolsOf(ch)
	p.Spells = repertoireOf(ch)
	p.Start.Resources = p.resourcesUsed()
	p.Choices = ch.Choices
	p.featuresEnter()
	p.sync()
	return p
}

// monsterParticipant instantiates a stat block at its average hit points.
func monsterParticipant(m srd.Monster, id, name string) Participant {
	c := rules.Combatant{
		ID: id, Name: name, Monster: true, Abilities: campaign.Abilities(m.Abilities),
		ProficiencyBonus: m.ProficiencyBonus, AC: m.AC, HP: max(m.HP, 1), MaxHP: max(m.HP, 1),
		Speed: m.Speed["walk"],
	}
	if c.ProficiencyBonus == 0 {
		c.ProficiencyBonus = rules.ProficiencyByCR(m.CR)
	}
	for a, bonus := range m.Saves {
		if ab, err := rules.ParseAbility(a); err == nil && bonus > c.Modifier(ab) {
			c.SaveProficiencies = c.SaveProficiencies.With(ab)
		}
	}
	var mundaneResist, mundaneImmune rules.Set[rules.DamageType]
	c.Resistances, mundaneResist = damageTypes(m.DamageResistances)
	c.Vulnerabilities, _ = damageTypes(m.DamageVulnerabilities)
	c.Immunities, mundaneImmune = damageTypes(m.DamageImmunities)
	for _, name := range m.ConditionImmunities {
		if cond, err := rules.ParseCondition(name); err == nil {
			c.ConditionImmunities = c.ConditionImmunities.With(cond)
		}
	}
	casting := castingOf(m, &c)
	var actions []srd.Action
	for _, a := range m.Actions {
		if o, ok := breathOption(a); ok {
			actions = append(actions, o)
			continue
		}
		if a.AttackBonus != nil || a.Multiattack != nil || areaAction(a) || isMove(a) || ownAction(a) { // monstertraits.go
			actions = append(actions, a)
		}
	}
	traitsOn(m, &c)
	p := Participant{ID: id, Name: name, Kind: KindMonster, SRDID: m.ID, Size: strings.ToLower(m.Size), Combatant: c, Start: snapshot(c), Actions: actions, Parry: parryOf(m),
		Type: strings.ToLower(m.Type), Spellcasting: casting, MundaneResist: mundaneResist, MundaneImmune: mundaneImmune, XP: m.XP}
	p.Senses = sensesOf(m, nil)
	p.Specials = specialsOf(m)
	for _, a := range m.SpecialAbilities {
		p.Traits = append(p.Traits, a.ID)
		if a.ID == "legendary-resistance" {
			p.LegendaryResistance = 3 // every SRD stat block's is 3/Day
		}
	}
	if p.Legendary = legendaryAttacks(m, m.Actions); len(p.Legendary) > 0 {
		p.LegendaryLeft = LegendaryPerRound
	}
	p.sync()
	return p
}

// damageTypes reads a stat block's damage list. A weapon attack is
// nonmagical unless Magic Weapon or the monster's own Magic Weapons trait
// makes it magic, so "bludgeoning, piercing, and slashing from nonmagical
// weapons" (silvered and adamantine included) counts for those types, and
// mundane says which they are, for a magic attack to get through; other
// qualified entries ("damage from spells") do not apply.
func damageTypes(list []string) (s, mundane rules.Set[rules.DamageType]) {
	for _, entry := range list {
		if t, err := rules.ParseDamageType(entry); err == nil {
			s = s.With(t)
			continue
		}
		if !strings.Contains(entry, "from nonmagical") {
			continue
		}
		head, _, _ := strings.Cut(entry, "from nonmagical")
		for _, t := range []rules.DamageType{rules.Bludgeoning, rules.Piercing, rules.Slashing} {
			if strings.Contains(head, t.String()) {
				s, mundane = s.With(t), mundane.With(t)
			}
		}
	}
	return s, mundane
}

// d20 is a plain d20, the roll-off die.
var d20 = dice.MustParse("1d20")

// rollInitiativeOf rolls p's initiative, a Dexterity check (as its
// features make it: initiativeRequest), and sets it;
// it returns the check's rolls, given the reason "initiative".
func rollInitiativeOf(p *Participant, src dice.Source) ([]rules.Roll, error) {
	r, err := rules.Check(p.Combatant, initiativeRequest(p), src)
	if err != nil {
		return nil, err
	}
	var rolls []rules.Roll
	for _, roll := range r.Rolls {
		roll.Reason = "initiative"
		rolls = append(rolls, roll)
	}
	p.Initiative = r.Total
	for _, f := range p.featureHooks() {
		if f.rolledInitiative != nil {
			f.rolledInitiative(p)
		}
	}
	return rolls, nil
}

// rollInitiative rolls everyone's initiative and sets Order.
func (e *Encounter) rollInitiative(src dice.Source) (rules.Log, error) {
	var log rules.Log
	for i := range e.Participants {
		p := &e.Participants[i]
		if p.Defeated {
			continue
		}
		rolls, err := rollInitiativeOf(p, src)
		if err != nil {
			return rules.Log{}, fmt.Errorf("initiative of %s: %w", p.ID, err)
		}
		log.Rolls = append(log.Rolls, rolls...)
		e.featuresInitiative(i)
	}

	// The dead go last; then initiative, then Dexterity score, then the
	// roll-off; the stable sort keeps the given order for what is left.
	idx := make([]int, len(e.Participants))
	for i := range idx {
		idx[i] = i
	}
	key := func(a, b int) int {
		pa, pb := e.Participants[a], e.Participants[b]
		switch {
		case pa.Defeated != pb.Defeated:
			if pa.Defeated {
				return 1
			}
			return -1
		case pa.Initiative != pb.Initiative:
			return cmp.Compare(pb.Initiative, pa.Initiative)
		}
		return cmp.Compare(pb.Combatant.Abilities.Dex, pa.Combatant.Abilities.Dex)
	}
	slices.SortStableFunc(idx, key)
	for i := 0; i < len(idx); {
		j := i + 1
		for j < len(idx) && key(idx[i], idx[j]) == 0 {
			j++
		}
		if j-i > 1 && !e.Participants[idx[i]].Defeated {
			e.rollOff(idx[i:j], &log, src, 3)
		}
		i = j
	}
	e.Order = make([]string, len(idx))
	for i, k := range idx {
		e.Order[i] = e.Participants[k].ID
	}
	return log, nil
}

// rollOff orders group (participant indexes) by a d20 each, highest
// first, rolling again among any still tied, at most tries times in all.
func (e *Encounter) rollOff(group []int, log *rules.Log, src dice.Source, tries int) {
	if tries == 0 {
		return
	}
	rolled := make(map[int]int, len(group))
	for _, k := range group {
		r := dice.Roll(d20, src)
		log.Rolls = append(log.Rolls, rules.Roll{Reason: "initiative tie-break", RollerID: e.Participants[k].ID, Result: r})
		rolled[k] = r.Total
	}
	slices.SortStableFunc(group, func(a, b int) int { return cmp.Compare(rolled[b], rolled[a]) })
	for i := 0; i < len(group); {
		j := i + 1
		for j < len(group) && rolled[group[j]] == rolled[group[i]] {
			j++
		}
		if j-i > 1 {
			e.rollOff(group[i:j], log, src, tries-1)
		}
		i = j
	}
}

// InitiativeSummary tells the order in one sentence: "Initiative: Tavi 19,
// Goblin 2 15 (surprised), Mira 12."
func (e Encounter) InitiativeSummary() string {
	var b strings.Builder
	b.WriteString("Initiative: ")
	for i, id := range e.Order {
		p, _ := e.Participant(id)
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(p.Name)
		switch {
		case p.Defeated:
			b.WriteString(" (dead)")
		default:
			b.WriteString(" " + strconv.Itoa(p.Initiative))
			if p.Surprised {
				b.WriteString(" (surprised)")
			}
		}
	}
	b.WriteString(".")
	return b.String()
}
