package srdgen

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"chronicler/shared/srd"
)

// What a magic item does beyond bonuses and charges (srd.ItemEffects),
// read from the few shapes of sentence the SRD writes it in: the score
// an item sets, the damage it resists or is immune to, the speed it
// gives, what a weapon adds to its hits, and the weapons a named magic
// weapon is made of. Each sentence read is quoted in the item's
// adjustment.

var (
	// setsScore is "Your Strength score is 19 while you wear these
	// gauntlets", a belt's "your Strength score changes to a 21", a
	// potion's "your Strength score changes to 21 for 1 hour".
	setsScore = regexp.MustCompile(`(?i:your) (Strength|Dexterity|Constitution|Intelligence|Wisdom|Charisma) score (?:is|changes to(?: a)?) (\d+)`)
	// resistsType is "You have resistance to fire damage while wearing
	// this garnet ring", a potion's "you gain resistance to fire damage
	// for 1 hour", a Frost Brand's "you have resistance to fire damage".
	resistsType = regexp.MustCompile(`(?:have|gain) resistance to (` + damageTypeWords + `) damage`)
	// immuneType is a periapt's "have immunity to poison damage";
	// immuneCondition its "You are immune to the poisoned condition".
	immuneType      = regexp.MustCompile(`immunity to (` + damageTypeWords + `) damage`)
	immuneCondition = regexp.MustCompile(`immune to the ([a-z]+) condition`)
	// speedBecomes is "your walking speed becomes 30 feet, unless your
	// walking speed is higher"; speedDoubles "the boots double your
	// walking speed".
	speedBecomes = regexp.MustCompile(`your walking speed becomes (\d+) feet, unless your walking speed is higher`)
	speedDoubles = regexp.MustCompile(`double your walking speed`)
	// weaponExtra is a weapon's "deals an extra 2d6 fire damage", "the
	// giant takes an extra 2d6 damage of the weapon's type"; hitAgainst
	// the creatures it names in the same sentence ("When you hit a fiend
	// or an undead with it"), rolledTwenty a critical's ("When you roll a
	// 20").
	weaponExtra  = regexp.MustCompile(`extra (\d+d\d+) (?:(` + damageTypeWords + `) damage|damage of the weapon's type)`)
	hitAgainst   = regexp.MustCompile(`When you hit an? ([a-z]+)(?: or an? ([a-z]+))?`)
	rolledTwenty = regexp.MustCompile(`roll a 20`)
	// weaponHeader is a named magic weapon's "Weapon (any sword)",
	// "Weapon (longsword)".
	weaponHeader = regexp.MustCompile(`^Weapon \(([^)]*)\)`)
	// armorHeader is a named magic armour's "Armor (scale mail)".
	armorHeader = regexp.MustCompile(`^Armor \(([a-z ]+)\)`)
	// conditional is a sentence whose effect holds on terms the rules do
	// not keep: a Helm of Brilliance's "As long as the helm has at least
	// one ruby", a Ring of Elemental Command's "If you help slay an air
	// elemental", an Oathbow's sworn enemy, a Sword of Life Stealing's
	// "provided that the target isn't a construct", a Vorpal Sword's
	// beheading. It is not read.
	conditional = regexp.MustCompile(`^(?:As long as|If you help slay)|sworn enemy|provided that|Such a creature`)
)

const damageTypeWords = `acid|bludgeoning|cold|fire|force|lightning|necrotic|piercing|poison|psychic|radiant|slashing|thunder`

// readEffects reads paragraph p of item m's text for srd.ItemEffects.
func (t *Tables) readEffects(m *srd.MagicItem, rd *itemReading, p string) {
	// What follows a condition ("you gain access to the following
	// additional properties:") holds on it too.
	if rd.conditional = rd.conditional || conditional.MatchString(p); rd.conditional {
		return
	}
	for _, s := range setsScore.FindAllStringSubmatchIndex(p, -1) {
		n, _ := strconv.Atoi(p[s[4]:s[5]])
		ab := abilityIDs[p[s[2]:s[3]]]
		m.Scores = append(m.Scores, srd.ItemScore{Ability: ab, Score: n})
		rd.note(sentenceAt(p, s[0], s[1]), "sets %s to %d", ab, n)
	}
	read := func(re *regexp.Regexp, into *[]string, format string) {
		for _, s := range re.FindAllStringSubmatchIndex(p, -1) {
			if v := p[s[2]:s[3]]; !slices.Contains(*into, v) {
				*into = append(*into, v)
				rd.note(sentenceAt(p, s[0], s[1]), format, v)
			}
		}
	}
	read(resistsType, &m.Resists, "resistance to %s")
	read(immuneType, &m.Immune, "immunity to %s")
	read(immuneCondition, &m.ConditionImmune, "immune to %s")
	if s := speedBecomes.FindStringSubmatchIndex(p); s != nil {
		m.Speed, _ = strconv.Atoi(p[s[2]:s[3]])
		rd.note(sentenceAt(p, s[0], s[1]), "walking speed %d unless higher", m.Speed)
	}
	if s := speedDoubles.FindStringIndex(p); s != nil {
		m.SpeedTimes = 2
		rd.note(sentenceAt(p, s[0], s[1]), "walking speed doubled")
	}
	if m.Category != "weapon" {
		return
	}
	for _, s := range weaponExtra.FindAllStringSubmatchIndex(p, -1) {
		sentence := sentenceAt(p, s[0], s[1])
		d := srd.ItemDamage{Dice: p[s[2]:s[3]], Critical: rolledTwenty.MatchString(sentence)}
		if s[4] >= 0 {
			d.Type = p[s[4]:s[5]]
		}
		if a := hitAgainst.FindStringSubmatch(sentence); a != nil {
			for _, typ := range a[1:] {
				if typ != "" {
					d.Against = append(d.Against, typ)
				}
			}
		}
		m.Damage = append(m.Damage, d)
		rd.note(sentence, "%s", describeItemDamage(d))
	}
}

func describeItemDamage(d srd.ItemDamage) string {
	typ := d.Type
	if typ == "" {
		typ = "the weapon's type"
	}
	s := "hits deal " + d.Dice + " more of " + typ
	if len(d.Against) > 0 {
		s += " to " + strings.Join(d.Against, " and ")
	}
	if d.Critical {
		s += " on a 20"
	}
	return s
}

// weaponKinds are the weapons of a kind a header names: "any sword".
var weaponKinds = map[string][]string{
	"sword":                            {"greatsword", "longsword", "rapier", "scimitar", "shortsword"},
	"axe":                              {"battleaxe", "greataxe", "handaxe"},
	"sword that deals slashing damage": {"greatsword", "longsword", "scimitar"},
}

// readFits reads the weapons a named magic weapon is made of from its
// header ("Weapon (any axe or sword)", "Weapon (mace)"): it enchants a
// weapon of those, and a bonus it gives goes to that weapon's rolls.
// "Weapon (any)" fits every weapon; ammunition (an Arrow of Slaying) is
// not read.
func (t *Tables) readFits(m *srd.MagicItem, rd *itemReading, header string) {
	if m.Enchants != "" {
		return
	}
	if strings.HasPrefix(header, "Armor (light, medium, or heavy)") {
		// Any body armour: an Armor of Resistance of the type its stack
		// names (campaign.Item.Pick).
		m.Enchants = "armor"
		rd.note(header, "enchants any armor")
		return
	}
	if a := armorHeader.FindStringSubmatch(header); a != nil {
		for _, id := range []string{a[1], a[1] + "-armor"} {
			id = strings.ReplaceAll(id, " ", "-")
			if slices.ContainsFunc(t.Armor, func(x srd.Armor) bool { return x.ID == id && x.Category != "shield" }) {
				m.Enchants, m.Fits = "armor", []string{id}
				rd.note(header, "enchants %s", id)
			}
		}
		return
	}
	h := weaponHeader.FindStringSubmatch(header)
	if h == nil {
		return
	}
	var fits []string
	for _, kind := range strings.Split(strings.TrimPrefix(h[1], "any "), " or ") {
		switch ws, ok := weaponKinds[kind]; {
		case kind == "any":
			fits = nil // every weapon: Enchants alone
		case ok:
			fits = append(fits, ws...)
		case slices.ContainsFunc(t.Weapons, func(w srd.Weapon) bool { return w.ID == kind }):
			fits = append(fits, kind)
		default:
			return
		}
	}
	m.Enchants, m.Fits = "weapon", fits
	rd.note(header, "enchants %s", cmp.Or(strings.Join(fits, ", "), "any weapon"))
}

// variantIDs are a family's variants, by id.
func variantIDs(r refMagicItem) []string {
	var out []string
	for _, v := range r.Variants {
		out = append(out, v.Index)
	}
	return out
}
