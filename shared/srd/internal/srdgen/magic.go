package srdgen

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"chronicler/shared/srd"
)

// The reference gives a magic item's name, category and rarity, and
// leaves what it does in the words. The data reads the few shapes of
// sentence the SRD writes a bonus, charges and the spells they cast in,
// and nothing else: an item none of them fits is the narrator's to tell.
// The list of adjustments quotes every sentence read, item by item.

const (
	// KindMagicItem is a magic item's mechanics read from its text.
	KindMagicItem = "magic-item"
	// KindMagicItemSkipped is a magic item's text that casts spells for
	// charges in words none of the shapes reads, or names a spell that
	// is not in the data: the item keeps no spells for it.
	KindMagicItemSkipped = "magic-skipped"
)

var (
	// attunedBy is the header's "(requires attunement)", "(requires
	// attunement by a bard, cleric, or druid)".
	attunedBy = regexp.MustCompile(`\(requires attunement(?: by ([^)]+))?`)
	// weaponBonus is "a +1 bonus to attack and damage rolls made with
	// this magic weapon" (a Berserker Axe's "Attack and Damage Rolls
	// made with this Magic Weapon"; a Sun Blade's "this weapon"), or
	// "with this piece of magic ammunition".
	weaponBonus = regexp.MustCompile(`\+(\d+) bonus to (?i:attack and damage rolls made with this (?:magic )?(?:weapon|piece of magic ammunition))`)
	// armorBonus is "a +1 bonus to AC while wearing this armor" (Elven
	// Chain's "while you wear this armor"; Dwarven Plate's "While wearing
	// this armor, you gain a +2 bonus to AC"), or "while holding this
	// shield".
	armorBonus = regexp.MustCompile(`\+(\d+) bonus to AC while (?:wearing this armor|you wear this armor|holding this shield)|While wearing this armor, you gain a \+(\d+) bonus to AC`)
	// protection is "a +1 bonus to AC and saving throws while wearing
	// this ring", "while you wear this cloak".
	protection = regexp.MustCompile(`\+(\d+) bonus to AC and saving throws while (?:wearing|you wear)`)
	// unarmored is Bracers of Defense's "a +2 bonus to AC if you are
	// wearing no armor and using no shield".
	unarmored = regexp.MustCompile(`\+(\d+) bonus to AC if you are wearing no armor and using no shield`)
	// hasCharges is "This wand has 7 charges" (Eyes of Charming's "They
	// have 3 charges"; a Cube of Force's "starts with 36 charges"; a Staff
	// of Charming's "expend 1 of its 10 charges"). A Luck Blade's "has 1d4
	// - 1 charges" is rolled, and not read.
	hasCharges = regexp.MustCompile(`(?:has|have|starts with|of its) (\d+) charges`)
	// regainsCharges is "The wand regains 1d6 + 1 expended charges daily
	// at dawn", "The pipes regain 1d3 ..."; Eyes of Charming's "regain
	// all expended charges" has no dice, and is not read.
	regainsCharges = regexp.MustCompile(`regains? (\d+d\d+)(?: \+ (\d+))? expended charges daily at dawn`)
	// castsOne is "expend 1 or more of its charges to cast the magic
	// missile spell from it", "expend 1 charge to cast dominate beast
	// (save DC 15) from it", "expend 2 of the ring's charges to cast
	// dominate monster on an air elemental", "expend 1 of its 10 charges
	// to cast charm person, command, or comprehend languages from it".
	castsOne = regexp.MustCompile(`expend (1 or more|\d+) (?:of (?:its|the [a-z]+'s) (?:\d+ )?charges|charges?)(?: as an action)? (?:to|and) cast (?:the )?([a-z][a-z/' ,]*?)(?: spell)?(?: \(([^)]*)\))?(?: from| on| with| using|\.)`)
	// firstCharge and moreCharges follow castsOne: "For 1 charge, you
	// cast the 1st-level version of the spell. You can increase the spell
	// slot level by one for each additional charge you expend."
	firstCharge = regexp.MustCompile(`For 1 charge, you cast the (\d+)(?:st|nd|rd|th)-level version of the spell`)
	moreCharges = regexp.MustCompile(`increase the spell slot level by one for each additional charge`)
	// castsList is "cast one of the following spells from it, using your
	// spell save DC: burning hands (1 charge), fireball (3 charges), or
	// wall of fire (4 charges)", its preamble before the colon.
	castsList = regexp.MustCompile(`cast (?:one of )?the following spells([^:.]*):([^.]*)`)
	// listDC is the DC a list's preamble gives all its spells: "cast one
	// of the following spells (save DC 17)".
	listDC = regexp.MustCompile(`\(save DC (\d+)\)`)
	// listedSpell is one spell of a list: "fireball (5th-level version, 5
	// charges)".
	listedSpell = regexp.MustCompile(`([a-zA-Z][a-z/' ]*?) \(([^)]*)\)`)
	// listGlue is what may stand between a list's spells.
	listGlue = regexp.MustCompile(`^[\s,]*(?:(?:or|and)\s+)?$`)
	// itemDC is a Ring of Elemental Command's "Spells cast from the ring
	// have a save DC of 17".
	itemDC = regexp.MustCompile(`Spells cast from the [a-z]+ have a save DC of (\d+)`)

	// The parts of a spell's parenthesis: "2 charges", "5th-level
	// version", "1 charge per spell level", "up to 4th", "save DC 13",
	// "+7 to hit".
	partCharges  = regexp.MustCompile(`^(\d+) charges?$`)
	partLevel    = regexp.MustCompile(`^(\d+)(?:st|nd|rd|th)-level version$`)
	partPerLevel = regexp.MustCompile(`^(\d+) charges? per spell level$`)
	partUpTo     = regexp.MustCompile(`^up to (\d+)(?:st|nd|rd|th)$`)
	partDC       = regexp.MustCompile(`^save DC (\d+)$`)
	partToHit    = regexp.MustCompile(`^\+(\d+) to hit$`)
)

// enchanting are the headers of the variants made of a mundane item, and
// the kind of item each is made of.
var enchanting = []struct{ header, kind string }{
	{"Weapon (any ammunition),", "ammunition"},
	{"Weapon (any),", "weapon"},
	{"Armor (light, medium, or heavy),", "armor"},
	{"Armor (shield),", "shield"},
}

func (t *Tables) buildMagicItems(refDir string) error {
	var ref []refMagicItem
	if err := readJSON(refDir, "5e-SRD-Magic-Items.json", &ref); err != nil {
		return err
	}
	levels := make(map[string]int, len(t.Spells))
	for _, s := range t.Spells {
		levels[s.ID] = s.Level
	}
	for _, r := range ref {
		if len(r.Desc) == 0 {
			return fmt.Errorf("magic item %s: no text", r.Index)
		}
		t.MagicItems = append(t.MagicItems, t.magicItem(r, levels))
	}
	byID(t.MagicItems, func(m srd.MagicItem) string { return m.ID })
	return nil
}

// itemReading gathers what was read of one item's text, and the
// sentences it was read from, for the item's adjustment.
type itemReading struct {
	read      []string
	sentences []string
	// conditional: the text has set a condition the rest holds on
	// (readEffects).
	conditional bool
}

func (r *itemReading) note(sentence, format string, args ...any) {
	r.read = append(r.read, fmt.Sprintf(format, args...))
	r.quote(sentence)
}

// quote adds a sentence a reading follows, without a reading of its own.
func (r *itemReading) quote(sentence string) {
	if s := strconv.Quote(strings.TrimSpace(sentence)); !slices.Contains(r.sentences, s) {
		r.sentences = append(r.sentences, s)
	}
}

func (t *Tables) magicItem(r refMagicItem, levels map[string]int) srd.MagicItem {
	m := srd.MagicItem{
		ID:       r.Index,
		Name:     r.Name,
		Category: r.EquipmentCategory.Index,
		Rarity:   strings.ToLower(r.Rarity.Name),
	}
	header := r.Desc[0]
	if a := attunedBy.FindStringSubmatch(header); a != nil {
		m.Attunement = true
		m.AttunedBy = strings.TrimSpace(a[1])
	}
	// A family (the "Weapon, +1, +2, or +3", a Ring of Elemental Command
	// of any element) describes all its variants at once; each variant
	// is read on its own.
	if m.Variants = variantIDs(r); len(r.Variants) > 0 {
		return m
	}
	where := "magic item " + r.Index
	var rd itemReading
	text := paragraphs(r.Desc[1:])
	for _, p := range text {
		t.readBonuses(&m, &rd, p)
		t.readEffects(&m, &rd, p)
		if m.Charges == 0 {
			if c := hasCharges.FindStringSubmatchIndex(p); c != nil {
				m.Charges, _ = strconv.Atoi(p[c[2]:c[3]])
				rd.note(sentenceAt(p, c[0], c[1]), "%d charges", m.Charges)
			}
		}
		if m.Regain == "" {
			if g := regainsCharges.FindStringSubmatchIndex(p); g != nil {
				m.Regain = p[g[2]:g[3]]
				if g[4] >= 0 {
					m.Regain += "+" + p[g[4]:g[5]]
				}
				rd.note(sentenceAt(p, g[0], g[1]), "regains %s at dawn", m.Regain)
			}
		}
		t.readSpells(&m, &rd, where, p, levels)
	}
	for _, p := range text {
		if d := itemDC.FindStringSubmatchIndex(p); d != nil && len(m.Spells) > 0 {
			dc, _ := strconv.Atoi(p[d[2]:d[3]])
			for i := range m.Spells {
				if m.Spells[i].DC == 0 {
					m.Spells[i].DC = dc
				}
			}
			rd.note(sentenceAt(p, d[0], d[1]), "its spells' save DC %d", dc)
		}
	}
	if m.Bonus > 0 {
		for _, e := range enchanting {
			if strings.HasPrefix(header, e.header) {
				m.Enchants = e.kind
				rd.note(header, "enchants any %s", e.kind)
			}
		}
	}
	t.readFits(&m, &rd, header)
	if len(rd.read) > 0 {
		t.adjust(KindMagicItem, where, strings.Join(rd.sentences, " "), "%s", strings.Join(rd.read, "; "))
	}
	return m
}

// paragraphs are an item's text as the SRD prints it: the reference
// breaks a sentence in two now and then ("The helm regains 1d3" /
// "expended charges daily at dawn."), and a line that opens in lower
// case goes on the one before.
func paragraphs(lines []string) []string {
	var out []string
	for _, l := range lines {
		if len(out) > 0 && l != "" && unicode.IsLower(rune(l[0])) {
			out[len(out)-1] += " " + l
			continue
		}
		out = append(out, l)
	}
	return out
}

// readBonuses reads what the item adds to attack and damage rolls, to AC
// and to saving throws from paragraph p.
func (t *Tables) readBonuses(m *srd.MagicItem, rd *itemReading, p string) {
	if b := weaponBonus.FindStringSubmatchIndex(p); b != nil && m.Bonus == 0 {
		m.Bonus, _ = strconv.Atoi(p[b[2]:b[3]])
		rd.note(sentenceAt(p, b[0], b[1]), "+%d to attack and damage", m.Bonus)
	}
	if b := armorBonus.FindStringSubmatchIndex(p); b != nil && m.Bonus == 0 {
		from, to := b[2], b[3]
		if from < 0 { // the bonus after "While wearing this armor"
			from, to = b[4], b[5]
		}
		m.Bonus, _ = strconv.Atoi(p[from:to])
		rd.note(sentenceAt(p, b[0], b[1]), "+%d to AC", m.Bonus)
	}
	if b := protection.FindStringSubmatchIndex(p); b != nil && m.AC == 0 {
		m.AC, _ = strconv.Atoi(p[b[2]:b[3]])
		m.Saves = m.AC
		rd.note(sentenceAt(p, b[0], b[1]), "+%d to AC and saving throws", m.AC)
	}
	if b := unarmored.FindStringSubmatchIndex(p); b != nil && m.AC == 0 {
		m.AC, _ = strconv.Atoi(p[b[2]:b[3]])
		m.Unarmored = true
		rd.note(sentenceAt(p, b[0], b[1]), "+%d to AC without armour or shield", m.AC)
	}
}

// readSpells reads the spells paragraph p casts for charges: one spell
// (castsOne, with the level it starts at and whether more charges raise
// it) or a list of them (castsList, each with its charges).
func (t *Tables) readSpells(m *srd.MagicItem, rd *itemReading, where, p string, levels map[string]int) {
	skip := func(sentence, format string, args ...any) {
		t.adjust(KindMagicItemSkipped, where, strconv.Quote(strings.TrimSpace(sentence)), format, args...)
	}
	add := func(sentence, name string, s srd.ItemSpell, level int) {
		s.ID = spellID(name)
		base, ok := levels[s.ID]
		if !ok {
			skip(sentence, "no spell %q in the data", name)
			return
		}
		s.Level = cmp.Or(level, base)
		m.Spells = append(m.Spells, s)
		rd.note(sentence, "casts %s", describeItemSpell(s))
	}
	if l := castsList.FindStringSubmatchIndex(p); l != nil {
		sentence := sentenceAt(p, l[0], l[1])
		preamble, list := p[l[2]:l[3]], p[l[4]:l[5]]
		if before, _, _ := strings.Cut(sentence, ":"); !strings.Contains(before, "charge") || strings.Contains(before, "without using any charges") {
			return // cast at will, or for something else than charges
		}
		var all srd.ItemSpell
		if dc := listDC.FindStringSubmatch(preamble); dc != nil {
			all.DC, _ = strconv.Atoi(dc[1])
		}
		var unread []string
		at, before := 0, len(m.Spells)
		for _, s := range listedSpell.FindAllStringSubmatchIndex(list, -1) {
			if glue := list[at:s[0]]; !listGlue.MatchString(glue) {
				unread = append(unread, strings.TrimSpace(glue))
			}
			at = s[1]
			name := strings.ToLower(list[s[2]:s[3]])
			name = strings.TrimPrefix(strings.TrimPrefix(name, "or "), "and ")
			one, level, rest := readParts(all, list[s[4]:s[5]])
			if one.Charges == 0 || rest != "" {
				unread = append(unread, list[s[0]:s[1]])
				continue
			}
			add(sentence, name, one, level)
		}
		if tail := list[at:]; !listGlue.MatchString(tail) {
			unread = append(unread, strings.TrimSpace(tail))
		}
		if len(unread) > 0 {
			skip(sentence, "spells not read: %s", strings.Join(unread, "; "))
		} else if len(m.Spells) == before {
			skip(sentence, "no spells read from the list")
		}
		return
	}
	c := castsOne.FindStringSubmatchIndex(p)
	if c == nil {
		return
	}
	sentence := sentenceAt(p, c[0], c[1])
	var one srd.ItemSpell
	if n := p[c[2]:c[3]]; n == "1 or more" {
		one.Charges = 1
	} else {
		one.Charges, _ = strconv.Atoi(n)
	}
	level, rest := 0, ""
	if c[6] >= 0 {
		one, level, rest = readParts(one, p[c[6]:c[7]])
	}
	if rest != "" {
		skip(sentence, "spell not read: (%s)", rest)
		return
	}
	var upcast []string // the sentences that set the level and raise it
	if f := firstCharge.FindStringSubmatchIndex(p); f != nil {
		level, _ = strconv.Atoi(p[f[2]:f[3]])
		upcast = append(upcast, sentenceAt(p, f[0], f[1]))
		if u := moreCharges.FindStringIndex(p); u != nil {
			one.Upcast = true
			upcast = append(upcast, sentenceAt(p, u[0], u[1]))
		}
	}
	// "charm person, command, or comprehend languages": one spell each
	// for the charges.
	for _, name := range strings.Split(p[c[4]:c[5]], ",") {
		name = strings.TrimSpace(name)
		name = strings.TrimPrefix(strings.TrimPrefix(name, "or "), "and ")
		if name != "" {
			add(sentence, name, one, level)
		}
	}
	for _, s := range upcast {
		rd.quote(s)
	}
}

// readParts reads a spell's parenthesis ("5th-level version, 5 charges",
// "1 charge per spell level, up to 4th", "save DC 15") over s: the
// spell, the level it names (0: the spell's own), and what it could not
// read.
func readParts(s srd.ItemSpell, paren string) (srd.ItemSpell, int, string) {
	level := 0
	var rest []string
	for _, part := range strings.Split(paren, ",") {
		part = strings.TrimSpace(part)
		n := func(re *regexp.Regexp) (int, bool) {
			m := re.FindStringSubmatch(part)
			if m == nil {
				return 0, false
			}
			v, _ := strconv.Atoi(m[1])
			return v, true
		}
		if v, ok := n(partCharges); ok {
			s.Charges = v
		} else if v, ok := n(partLevel); ok {
			level = v
		} else if v, ok := n(partPerLevel); ok {
			s.Charges, s.Upcast = v, true
		} else if v, ok := n(partUpTo); ok {
			s.MaxLevel = v
		} else if v, ok := n(partDC); ok {
			s.DC = v
		} else if v, ok := n(partToHit); ok {
			s.Attack = v
		} else {
			rest = append(rest, part)
		}
	}
	return s, level, strings.Join(rest, ", ")
}

// spellID is the id of a spell's name as the SRD writes it: "magic
// missile", "enlarge/reduce".
func spellID(name string) string {
	name = strings.ToLower(strings.TrimSpace(name))
	name = strings.NewReplacer("/", "-", " ", "-", "'", "").Replace(name)
	return name
}

// describeItemSpell is an item's spell in the adjustments' words.
func describeItemSpell(s srd.ItemSpell) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s at level %d for %d charge", s.ID, s.Level, s.Charges)
	if s.Charges != 1 {
		b.WriteString("s")
	}
	if s.Upcast {
		b.WriteString(", a level higher for each more")
		if s.MaxLevel > 0 {
			fmt.Fprintf(&b, " up to %d", s.MaxLevel)
		}
	}
	if s.DC > 0 {
		fmt.Fprintf(&b, ", save DC %d", s.DC)
	}
	if s.Attack > 0 {
		fmt.Fprintf(&b, ", +%d to hit", s.Attack)
	}
	return b.String()
}
