package srdgen

import (
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

var (
	feetValue   = regexp.MustCompile(`^(\d+) ft\.\s*(.*)$`)
	costsAction = regexp.MustCompile(`\(Costs (\d+) Actions\)`)
	parenthesis = regexp.MustCompile(`\s*\([^)]*\)`)
	nonSlug     = regexp.MustCompile(`[^a-z0-9]+`)
	// attackLine reads the attack roll at the head of an action's text:
	// "Melee Weapon Attack: +9 to hit, reach 10 ft." or "... range 80/320 ft.".
	attackLine = regexp.MustCompile(`^\s*(Melee or Ranged|Melee|Ranged) (Weapon|Spell) Attack: ([+-]\d+) to hit(?: \([^)]*\))?, (?:reach (\d+) ft\.)?(?: or )?(?:range (\d+)(?:/(\d+))? ft\.)?`)
)

func (t *Tables) buildMonsters(refDir string) error {
	var ref []refMonster
	if err := readJSON(refDir, "5e-SRD-Monsters.json", &ref); err != nil {
		return err
	}
	for _, r := range ref {
		m, err := t.monster(r)
		if err != nil {
			return fmt.Errorf("monster %s: %w", r.Index, err)
		}
		t.Monsters = append(t.Monsters, m)
	}
	byID(t.Monsters, func(m srd.Monster) string { return m.ID })
	return nil
}

func (t *Tables) monster(r refMonster) (srd.Monster, error) {
	m := srd.Monster{
		ID:                    r.Index,
		Name:                  r.Name,
		Size:                  r.Size,
		Type:                  r.Type,
		Subtype:               r.Subtype,
		Alignment:             r.Alignment,
		HP:                    r.HitPoints,
		HitDice:               r.HitDice,
		HPRoll:                strings.ReplaceAll(r.HitPointsRoll, " ", ""),
		Abilities:             srd.Abilities{Str: r.Strength, Dex: r.Dexterity, Con: r.Constitution, Int: r.Intelligence, Wis: r.Wisdom, Cha: r.Charisma},
		DamageVulnerabilities: r.DamageVulnerabilities,
		DamageResistances:     r.DamageResistances,
		DamageImmunities:      r.DamageImmunities,
		ConditionImmunities:   indexes(r.ConditionImmunities),
		Languages:             r.Languages,
		CR:                    r.ChallengeRating,
		ProficiencyBonus:      r.ProficiencyBonus,
		Forms:                 indexes(r.Forms),
	}
	var err error
	if m.AC, m.ACType, err = t.armorClass(r); err != nil {
		return m, err
	}
	if m.XP, err = t.xp(r); err != nil {
		return m, err
	}

	m.Speed = map[string]int{}
	for mode, raw := range r.Speed {
		if string(raw) == "true" && mode == "hover" {
			m.Hover = true
			continue
		}
		feet, note, err := feetOf(raw)
		if err != nil || note != "" {
			return m, fmt.Errorf("speed %s: %s", mode, raw)
		}
		m.Speed[mode] = feet
	}

	for _, p := range r.Proficiencies {
		switch id := p.Proficiency.Index; {
		case strings.HasPrefix(id, "saving-throw-"):
			if m.Saves == nil {
				m.Saves = map[string]int{}
			}
			m.Saves[strings.TrimPrefix(id, "saving-throw-")] = p.Value
		case strings.HasPrefix(id, "skill-"):
			if m.Skills == nil {
				m.Skills = map[string]int{}
			}
			m.Skills[strings.TrimPrefix(id, "skill-")] = p.Value
		default:
			return m, fmt.Errorf("unknown proficiency %s", id)
		}
	}

	for sense, raw := range r.Senses {
		if sense == "passive_perception" {
			if err := json.Unmarshal(raw, &m.Senses.PassivePerception); err != nil {
				return m, fmt.Errorf("passive perception: %w", err)
			}
			continue
		}
		feet, note, err := feetOf(raw)
		if err != nil {
			return m, fmt.Errorf("sense %s: %w", sense, err)
		}
		switch sense {
		case "blindsight":
			m.Senses.Blindsight = feet
		case "darkvision":
			m.Senses.Darkvision = feet
		case "tremorsense":
			m.Senses.Tremorsense = feet
		case "truesight":
			m.Senses.Truesight = feet
		default:
			return m, fmt.Errorf("unknown sense %s", sense)
		}
		if note != "" {
			if m.Senses.Notes == nil {
				m.Senses.Notes = map[string]string{}
			}
			m.Senses.Notes[sense] = note
		}
	}

	lists := []struct {
		name string
		in   []refAction
		out  *[]srd.Action
	}{
		{"special ability", r.SpecialAbilities, &m.SpecialAbilities},
		{"action", r.Actions, &m.Actions},
		{"reaction", r.Reactions, &m.Reactions},
		{"legendary action", r.LegendaryActions, &m.LegendaryActions},
	}
	for _, l := range lists {
		for _, ra := range l.in {
			a, err := t.action(r.Index, ra)
			if err != nil {
				return m, fmt.Errorf("%s %q: %w", l.name, ra.Name, err)
			}
			if l.name == "special ability" {
				t.followTrait(r.Index, ra.Desc, &a)
				t.followTactics(r.Index, ra.Desc, &a)
				t.followAura(r.Index, ra.Desc, &a)
			}
			if l.name == "legendary action" {
				a.Cost = 1
				if c := costsAction.FindStringSubmatch(ra.Name); c != nil {
					a.Cost, _ = strconv.Atoi(c[1])
				}
			}
			*l.out = append(*l.out, a)
		}
	}
	texts := map[string]string{}
	for _, ra := range r.SpecialAbilities {
		texts[ra.Name] = ra.Desc
	}
	if err := t.followCharge(&m, texts); err != nil {
		return m, err
	}
	t.followSwallow(r, &m)
	return m, nil
}

// feetOf reads "60 ft." and returns any qualifier after it, without its
// enclosing parentheses.
func feetOf(raw json.RawMessage) (int, string, error) {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return 0, "", err
	}
	f := feetValue.FindStringSubmatch(s)
	if f == nil {
		return 0, "", fmt.Errorf("not a distance: %q", s)
	}
	feet, _ := strconv.Atoi(f[1])
	note := f[2]
	if strings.HasPrefix(note, "(") && strings.HasSuffix(note, ")") && strings.Count(note, "(") == 1 {
		note = note[1 : len(note)-1]
	}
	return feet, note, nil
}

// slug makes an entry's id from its name: "Sneak Attack (1/Turn)" ->
// "sneak-attack", "Devil's Sight" -> "devils-sight".
func slug(name string) string {
	s := strings.ToLower(parenthesis.ReplaceAllString(name, ""))
	s = strings.NewReplacer("'", "", "’", "").Replace(s)
	return strings.Trim(nonSlug.ReplaceAllString(s, "-"), "-")
}

func (t *Tables) action(monster string, r refAction) (srd.Action, error) {
	a := srd.Action{ID: slug(r.Name), Name: r.Name}
	if r.AttackBonus != nil {
		hit := attackLine.FindStringSubmatch(r.Desc)
		if hit == nil {
			// The reference gives a 0 bonus to some entries that make no
			// attack roll (a vampire's Move); an engine would roll for them.
			t.adjust(KindNoAttackRoll, "monster "+monster, "", "%q has attack_bonus %d but makes no attack roll; dropped", r.Name, *r.AttackBonus)
		} else {
			if b, _ := strconv.Atoi(hit[3]); b != *r.AttackBonus {
				return a, fmt.Errorf("attack bonus %d, text says %s", *r.AttackBonus, hit[3])
			}
			bonus := *r.AttackBonus
			a.AttackBonus = &bonus
			a.AttackType = map[string]string{"Melee": "melee", "Ranged": "ranged", "Melee or Ranged": "melee_or_ranged"}[hit[1]]
			a.SpellAttack = hit[2] == "Spell"
			a.Reach, _ = strconv.Atoi(hit[4])
			if hit[5] != "" {
				a.Range = &srd.Range{}
				a.Range.Normal, _ = strconv.Atoi(hit[5])
				a.Range.Long, _ = strconv.Atoi(hit[6])
			}
		}
	} else if attackLine.MatchString(r.Desc) {
		return a, fmt.Errorf("text has an attack roll but there is no attack_bonus")
	}
	for _, d := range r.Damage {
		dd, err := damage(d)
		if err != nil {
			return a, err
		}
		a.Damage = append(a.Damage, dd)
	}
	var err error
	if a.DC, err = dc(r.DC); err != nil {
		return a, err
	}
	if a.Usage, err = usage(r.Usage); err != nil {
		return a, err
	}
	if a.Multiattack, err = multiattack(r); err != nil {
		return a, err
	}
	if r.Options != nil {
		if r.Options.Choose != 1 {
			return a, fmt.Errorf("options: choose %d", r.Options.Choose)
		}
		for _, o := range r.Options.From.Options {
			oa, err := t.action(monster, o)
			if err != nil {
				return a, fmt.Errorf("option %q: %w", o.Name, err)
			}
			a.Options = append(a.Options, oa)
		}
	}
	for _, s := range r.Attacks {
		sa, err := t.action(monster, s)
		if err != nil {
			return a, fmt.Errorf("stage %q: %w", s.Name, err)
		}
		a.Stages = append(a.Stages, sa)
	}
	if r.Spellcasting != nil {
		if a.Spellcasting, err = spellcasting(r.Spellcasting); err != nil {
			return a, err
		}
	}
	if err := t.followSaves(monster, r.Desc, &a); err != nil {
		return a, err
	}
	t.followConditions(monster, r.Desc, &a)
	t.followAreaConditions(monster, r.Desc, &a)
	t.followGlares(monster, r.Desc, &a)
	t.followDrain(monster, r.Desc, &a)
	t.followAlternatives(monster, r.Desc, &a)
	t.followAfflict(monster, r.Desc, &a)
	t.followPositions(monster, r.Desc, &a)  // positions.go
	t.followCalls(monster, r.Desc, &a)      // beings.go
	t.followBoons(monster, r.Desc, &a)      // boons.go
	t.followHindrances(monster, r.Desc, &a) // hindrances.go
	t.followRoars(monster, r.Desc, &a)      // roars.go
	t.followRiders(monster, r.Desc, &a)
	return a, nil
}

func damage(r refDamage) (srd.Damage, error) {
	if r.Choose > 0 {
		if r.Choose != 1 || r.From == nil || len(r.From.Options) < 2 {
			return srd.Damage{}, fmt.Errorf("damage choice: choose %d", r.Choose)
		}
		d := srd.Damage{}
		for _, o := range r.From.Options {
			od, err := damage(o)
			if err != nil {
				return d, err
			}
			d.OneOf = append(d.OneOf, od)
		}
		return d, nil
	}
	if r.DamageType == nil || r.DamageDice == "" {
		return srd.Damage{}, fmt.Errorf("damage without dice or type")
	}
	d := srd.Damage{
		Dice: strings.ReplaceAll(r.DamageDice, " ", ""),
		Type: r.DamageType.Index,
		Note: r.Notes,
	}
	var err error
	d.DC, err = dc(r.DC)
	return d, err
}

func dc(r *refDC) (*srd.DC, error) {
	if r == nil {
		return nil, nil
	}
	if r.Success != "half" && r.Success != "none" {
		return nil, fmt.Errorf("unknown save outcome %q", r.Success)
	}
	return &srd.DC{Ability: r.Type.Index, Value: r.Value, Success: r.Success}, nil
}

func usage(r *refUsage) (*srd.Usage, error) {
	if r == nil {
		return nil, nil
	}
	switch r.Type {
	case "per day":
		return &srd.Usage{Type: "per_day", Times: r.Times}, nil
	case "recharge on roll":
		if r.Dice != "1d6" {
			return nil, fmt.Errorf("recharge on %s", r.Dice)
		}
		return &srd.Usage{Type: "recharge", RechargeMin: r.MinValue}, nil
	case "recharge after rest":
		return &srd.Usage{Type: "recharge_after_rest", Rest: r.RestTypes}, nil
	case "at will":
		return &srd.Usage{Type: "at_will"}, nil
	}
	return nil, fmt.Errorf("unknown usage %q", r.Type)
}

func multiattack(r refAction) (*srd.Multiattack, error) {
	switch r.MultiattackType {
	case "":
		return nil, nil
	case "actions":
		m := &srd.Multiattack{Actions: map[string]int{}}
		for _, it := range r.Actions {
			if err := addCount(m, m.Actions, it); err != nil {
				return nil, err
			}
		}
		if len(m.Actions) == 0 {
			m.Actions = nil
		}
		return m, nil
	case "action_options":
		o := r.ActionOptions
		if o == nil || o.Choose != 1 {
			return nil, fmt.Errorf("multiattack options")
		}
		m := &srd.Multiattack{}
		for _, opt := range o.From.Options {
			set := map[string]int{}
			items := opt.Items
			if opt.OptionType == "action" {
				items = []refMAItem{opt}
			}
			for _, it := range items {
				if err := addCount(nil, set, it); err != nil {
					return nil, err
				}
			}
			m.OneOf = append(m.OneOf, set)
		}
		return m, nil
	}
	return nil, fmt.Errorf("unknown multiattack type %q", r.MultiattackType)
}

// addCount adds an action's count to set; a count given as text or dice goes
// to m.Variable, or is an error where m is nil.
func addCount(m *srd.Multiattack, set map[string]int, it refMAItem) error {
	if it.ActionName == "" {
		return fmt.Errorf("multiattack entry without an action")
	}
	var n int
	if err := json.Unmarshal(it.Count, &n); err == nil {
		set[it.ActionName] += n
		return nil
	}
	var s string
	if err := json.Unmarshal(it.Count, &s); err != nil {
		return fmt.Errorf("multiattack count %s", it.Count)
	}
	if n, err := strconv.Atoi(s); err == nil {
		set[it.ActionName] += n
		return nil
	}
	if m == nil {
		return fmt.Errorf("multiattack count %q", s)
	}
	if m.Variable == nil {
		m.Variable = map[string]string{}
	}
	m.Variable[it.ActionName] = s
	return nil
}

func spellcasting(r *refSpellcasting) (*srd.Spellcasting, error) {
	sc := &srd.Spellcasting{
		Ability:     r.Ability.Index,
		DC:          r.DC,
		AttackBonus: r.Modifier,
		Level:       r.Level,
		List:        r.School,
		Components:  r.ComponentsRequired,
		Slots:       r.Slots,
		Spells:      []srd.MonsterSpell{},
	}
	for _, s := range r.Spells {
		u, err := usage(s.Usage)
		if err != nil {
			return nil, fmt.Errorf("spell %s: %w", s.Name, err)
		}
		sc.Spells = append(sc.Spells, srd.MonsterSpell{ID: path.Base(s.URL), Level: s.Level, Usage: u, Note: s.Notes})
	}
	return sc, nil
}
