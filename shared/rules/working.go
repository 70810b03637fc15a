package rules

import (
	"strconv"

	"chronicler/shared/campaign"
	"chronicler/shared/srd"
)

// featureName is a feature's or trait's SRD name by id ("Jack of All
// Trades"), or the state's own ("raging").
func featureName(id string) string {
	if f, ok := srd.LookupFeature(id); ok {
		return f.Name
	}
	return id
}

// named is total as its named parts, those that name no part of it
// dropped and what they leave unnamed as one more term of source and
// kind: a caller that names none of a bonus (a stat block's +5) still
// has its working add up.
func named(total int, parts []campaign.Term, source, kind string) []campaign.Term {
	var out []campaign.Term
	for _, t := range parts {
		if t.Value != 0 {
			out = append(out, t)
		}
	}
	if rest := total - campaign.SumTerms(out); rest != 0 {
		out = append(out, campaign.Term{Value: rest, Source: source, Kind: kind})
	}
	return out
}

// after marks terms as added once the dice had fallen.
func after(ts []campaign.Term) []campaign.Term {
	out := make([]campaign.Term, len(ts))
	for i, t := range ts {
		t.After = true
		out[i] = t
	}
	return out
}

// working is the record of a d20 roll made with terms, this edge, against
// dc (nil for none), under rule.
func (e Edge) working(rule string, terms []campaign.Term, dc *campaign.DCSource) *campaign.Working {
	return &campaign.Working{Rule: rule, Terms: terms, DC: dc,
		Advantage: append([]string(nil), e.Advantage...), Disadvantage: append([]string(nil), e.Disadvantage...)}
}

// dcSource is dc with where it came from: the caller's src when it names
// that number, else the number alone; nil for no DC.
func dcSource(dc int, src *campaign.DCSource) *campaign.DCSource {
	switch {
	case dc == 0:
		return nil
	case src != nil && src.Value == dc:
		out := *src
		return &out
	}
	return &campaign.DCSource{Value: dc}
}

// SpellDC is a spell save DC with its parts: 8, the caster's spellcasting
// ability and proficiency bonus, and anything else (a magic item's bonus)
// as extra; whose is the caster's name.
func SpellDC(whose string, ability Ability, mod, proficiency int, extra ...campaign.Term) *campaign.DCSource {
	d := &campaign.DCSource{Source: possessive(whose) + " spell save DC", Terms: []campaign.Term{
		{Value: 8, Source: "base", Kind: campaign.TermBase},
		{Value: mod, Source: ability.Name(), Kind: campaign.TermAbility},
		{Value: proficiency, Source: "proficiency", Kind: campaign.TermProficiency},
	}}
	d.Terms = append(d.Terms, extra...)
	d.Value = campaign.SumTerms(d.Terms)
	return d
}

// coverTerm is what cover adds, as a term; false for none.
func coverTerm(c Cover) (campaign.Term, bool) {
	switch c {
	case HalfCover:
		return campaign.Term{Value: c.bonus(), Source: "half cover", Kind: campaign.TermCover}, true
	case ThreeQuartersCover:
		return campaign.Term{Value: c.bonus(), Source: "three-quarters cover", Kind: campaign.TermCover}, true
	}
	return campaign.Term{}, false
}

// resisted says what the target's defences did to a damage part, "" when
// nothing: "the goblin resists fire: 9 to 4".
func resisted(target string, p DamageTaken) string {
	what := workingType(p.Type)
	n := func(d, t int) string { return ": " + strconv.Itoa(d) + " to " + strconv.Itoa(t) }
	who := capital(target)
	switch {
	case p.Absorbed:
		return who + " absorbs " + what + n(p.Dealt, 0) + " (Damage Resistance and Vulnerability)"
	case p.Immune:
		return who + " is immune to " + what + n(p.Dealt, 0) + " (Damage Resistance and Vulnerability)"
	case p.Resisted && p.Vulnerable:
		return who + " resists and is vulnerable to " + what + n(p.Dealt, p.Taken) + " (Damage Resistance and Vulnerability)"
	case p.Resisted:
		return who + " resists " + what + n(p.Dealt, p.Taken) + " (Damage Resistance and Vulnerability)"
	case p.Vulnerable:
		return who + " is vulnerable to " + what + n(p.Dealt, p.Taken) + " (Damage Resistance and Vulnerability)"
	}
	return ""
}

// Defended records on each damage roll of rolls what d's target's
// defences did to damage of its type, so the roll's working shows it. A
// roll that hit several targets (a fireball) gathers a line for each.
func Defended(rolls []Roll, d DamageResult) {
	for _, p := range d.Parts {
		line := resisted(d.Target, p)
		if line == "" {
			continue
		}
		for i := range rolls {
			w := rolls[i].Working
			if w != nil && w.Rule == campaign.RuleDamageRolls && w.DamageType == workingType(p.Type) {
				w.Applied = append(w.Applied, line)
				break
			}
		}
	}
}

// workingType is a damage type as a working names it, "" for untyped damage.
func workingType(d DamageType) string {
	if !d.valid() {
		return ""
	}
	return d.String()
}
