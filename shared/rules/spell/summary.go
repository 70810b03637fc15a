package spell

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"chronicler/shared/rules"
)

// Summary tells the casting with its exact numbers, for the narrator and
// the log: "Mira casts Fireball (3rd level): the goblin fails its DEX save
// (DC 13, rolled 7) and takes 28 fire damage and dies; the orc saves (15)
// and takes 14." The save DC and the damage type are said at their first
// mention only; effects the engine does not apply follow as sentences of
// their own.
func (r Result) Summary() string {
	var b strings.Builder
	if r.Ongoing {
		b.WriteString(possessive(capital(r.Caster)) + " " + r.Spell)
	} else {
		b.WriteString(capital(r.Caster) + " casts " + r.Spell)
		switch {
		case r.Ritual:
			b.WriteString(" as a ritual")
		case r.Level > 0:
			b.WriteString(" (" + rules.Ordinal(r.SlotLevel) + " level)")
		}
		if r.Reaction {
			b.WriteString(" as a reaction")
		}
	}
	t := &teller{r: r}
	clauses := t.clauses()
	switch {
	case r.Idle:
		b.WriteString(", which affects no one until it is set off")
	case r.Shape == ShapeNarrative && len(r.Targets) > 0:
		b.WriteString(" on " + names(r.Targets))
	}
	if len(clauses) > 0 {
		b.WriteString(": " + strings.Join(clauses, "; "))
	}
	switch e := r.ConcentrationEnded; {
	case e == "":
	case e == r.SpellID:
		b.WriteString("; " + possessive(r.Caster) + " earlier " + r.Spell + " ends")
	default:
		b.WriteString("; " + r.Caster + " stops concentrating on " + e)
	}
	b.WriteString(".")
	for _, n := range r.Notes {
		b.WriteString(" " + n + ".")
	}
	return b.String()
}

// teller writes the clauses, remembering what it has already said.
type teller struct {
	r        Result
	saidDC   bool
	saidType bool
}

func (t *teller) clauses() []string {
	r := t.r
	var out []string
	switch {
	case r.Shield != nil:
		return []string{t.shield()}
	case r.Counter != nil:
		return t.counter()
	case r.Pool != nil && r.SpellID != "mass-heal":
		out = append(out, "the pool is "+strconv.Itoa(r.Pool.Total)+" hit points ("+r.Pool.Dice+")")
	case r.SpellID == "bless" || r.SpellID == "feather-fall":
		if len(r.Targets) == 0 {
			return nil
		}
		verb := " are"
		if len(r.Targets) == 1 {
			verb = " is"
		}
		if r.SpellID == "bless" {
			return []string{names(r.Targets) + verb + " blessed (+1d4 to attack rolls and saving throws while " + r.Caster + " concentrates)"}
		}
		return []string{names(r.Targets) + verb + " falling gently, 60 feet a round, with no falling damage"}
	}
	for _, o := range r.Targets {
		if c := t.target(o); c != "" {
			out = append(out, c)
		}
	}
	if r.SpellID == "mass-heal" && r.Pool != nil && r.Pool.Left > 0 {
		out = append(out, strconv.Itoa(r.Pool.Left)+" of the "+strconv.Itoa(r.Pool.Total)+" hit points go unused")
	}
	return out
}

// target is the clause for one target.
func (t *teller) target(o Outcome) string {
	r := t.r
	who := o.Target
	if !o.Affected && o.Note != "" {
		return who + withHP(o) + " is unaffected (" + o.Note + ")"
	}
	var s string
	switch {
	case r.Shape == ShapeNarrative:
		return ""
	case r.SpellID == "power-word-kill":
		return who + withHP(o) + " dies"
	case r.SpellID == "sleep":
		return who + withHP(o) + " falls asleep, unconscious and prone"
	case r.SpellID == "color-spray" || (r.SpellID == "power-word-stun" && !r.Ongoing):
		return who + withHP(o) + strings.TrimPrefix(t.conditions(o), " and")
	case r.SpellID == "magic-missile":
		return t.darts(o)
	case r.SpellID == "shield-of-faith" || r.SpellID == "mage-armor" || r.SpellID == "barkskin":
		for _, fx := range r.Effects {
			if fx.TargetID == o.TargetID && fx.AC > 0 {
				return who + " gains " + strconv.Itoa(fx.AC) + " AC"
			}
		}
		return who + " gains no AC: it is already as well protected"
	case len(o.Attacks) > 0:
		return t.attacks(o)
	case o.Save != nil:
		s = t.save(o)
	case o.TempHP != nil:
		return heldTemp(*o.TempHP)
	case o.Heal != nil:
		s = heal(*o.Heal)
		if o.CasterHeal != nil {
			s += ", and " + heal(*o.CasterHeal) // Blessed Healer
		}
	default:
		s = who
	}
	for _, d := range o.Damage {
		if s == who {
			s += " takes "
		} else {
			s += " and takes "
		}
		if o.Killed {
			s += t.damage(d) + " and is turned to dust"
			continue
		}
		s += t.damage(d) + effects(d)
	}
	if o.Save != nil && o.Save.Success && len(o.Damage) == 0 && r.Shape == ShapeSaveDamage {
		s += " and takes no damage"
	}
	switch {
	case o.Told == "":
	case s == who:
		s += " " + o.Told
	default:
		s += " and " + o.Told
	}
	cs := t.conditions(o)
	if s == who {
		cs = strings.TrimPrefix(cs, " and") // "Mira is no longer poisoned"
	}
	s += cs
	if r.Ongoing && specOf(r.SpellID).ongoing == TriggerSave && !o.Save.Success {
		s += " and remains under " + r.Spell
	}
	switch r.SpellID {
	case "bane":
		if o.Affected {
			s += " and is baned (-1d4 to attack rolls and saving throws)"
		}
	case "faerie-fire":
		if o.Affected {
			s += " and is outlined in light (attacks against it have advantage)"
		}
	}
	return s
}

func withHP(o Outcome) string {
	if o.HP == 0 {
		return ""
	}
	return " (" + strconv.Itoa(o.HP) + " HP)"
}

// save is "the goblin fails its DEX save (DC 13, rolled 7)" at the first
// save and "the orc saves (15)" after.
func (t *teller) save(o Outcome) string {
	sv := o.Save
	ab := strings.ToUpper(sv.Ability.String())
	edge := ""
	switch {
	case sv.Edge.Advantage != nil && sv.Edge.Disadvantage == nil:
		edge = " with advantage"
	case sv.Edge.Disadvantage != nil && sv.Edge.Advantage == nil:
		edge = " with disadvantage"
	}
	first := !t.saidDC
	t.saidDC = true
	dc := "DC " + strconv.Itoa(sv.DC) + ", "
	switch {
	case o.Spared:
		return o.Target + " is spared by the caster"
	case sv.AutoFail != "" && first:
		return o.Target + " automatically fails its " + ab + " save (" + dc + sv.AutoFail + ")"
	case sv.AutoFail != "":
		return o.Target + " automatically fails (" + sv.AutoFail + ")"
	case first && sv.Success:
		return o.Target + " makes its " + ab + " save (" + dc + "rolled " + strconv.Itoa(sv.Total) + edge + ")"
	case first:
		return o.Target + " fails its " + ab + " save (" + dc + "rolled " + strconv.Itoa(sv.Total) + edge + ")"
	case sv.Success:
		return o.Target + " saves (" + strconv.Itoa(sv.Total) + edge + ")"
	}
	return o.Target + " fails (" + strconv.Itoa(sv.Total) + edge + ")"
}

// damage is "28 fire damage" at the first mention and "14" after, with
// what resistance and the like made of each part.
func (t *teller) damage(d rules.DamageResult) string {
	withType := !t.saidType || len(d.Parts) > 1
	t.saidType = true
	var parts []string
	dealt := 0
	for _, p := range d.Parts {
		dealt += p.Dealt
		s := strconv.Itoa(p.Dealt)
		if withType && p.Type != 0 {
			s += " " + p.Type.String()
		}
		if withType && len(d.Parts) == 1 {
			s += " damage"
		}
		switch {
		case p.Absorbed:
			s += " (absorbed: it regains " + strconv.Itoa(d.Regained) + " HP)"
		case p.Immune:
			s += " (ignored by immunity)"
		case p.Resisted && p.Vulnerable:
			s += " (halved and doubled to " + strconv.Itoa(p.Taken) + ")"
		case p.Resisted:
			s += " (halved to " + strconv.Itoa(p.Taken) + " by resistance)"
		case p.Vulnerable:
			s += " (doubled to " + strconv.Itoa(p.Taken) + " by vulnerability)"
		}
		parts = append(parts, s)
	}
	if dealt == 0 {
		return "no damage"
	}
	s := rules.JoinAnd(parts)
	if withType && len(d.Parts) > 1 {
		s += " damage"
	}
	if d.TempHPAbsorbed > 0 {
		s += " (" + strconv.Itoa(d.TempHPAbsorbed) + " absorbed by temporary hit points)"
	}
	return s
}

// effects is what damage did beyond the hit points: " and dies".
func effects(d rules.DamageResult) string {
	var s string
	switch {
	case d.Dropped && d.Died:
		// massive damage or a monster: dead either way.
		s = " and dies"
	case d.Dropped && d.FellUnconscious:
		s = " and falls unconscious"
	case d.DeathSaveFailures > 0:
		s = " and suffers " + plural(d.DeathSaveFailures, "death saving throw failure", "death saving throw failures") +
			" (" + strconv.Itoa(d.Failures) + " of 3)"
		if d.Died {
			s += " and dies"
		}
	case d.Died:
		s = " and dies"
	case d.Held > 0:
		s = " but can't drop below " + strconv.Itoa(d.HPAfter) + " HP"
	}
	switch cs := d.ConcentrationSave; {
	case cs != nil:
		verb := " and loses"
		if cs.Success {
			verb = " and keeps"
		}
		s += verb + " concentration on " + d.ConcentrationSpell + " (CON save " + strconv.Itoa(cs.Total) +
			" vs DC " + strconv.Itoa(cs.DC) + ")"
	case d.ConcentrationBroken:
		s += " and loses concentration on " + d.ConcentrationSpell
	}
	return s
}

// conditions is " and is paralyzed", " and is no longer blinded", " but is
// immune to being charmed".
func (t *teller) conditions(o Outcome) string {
	var gained, lost, immune, already []string
	conc := ""
	for _, cr := range o.Conditions {
		c := cr.Condition.String()
		switch {
		case cr.Immune:
			immune = append(immune, c)
		case cr.Removal && cr.Changed:
			lost = append(lost, c)
		case cr.Removal:
		case cr.Changed:
			gained = append(gained, c)
			if cr.Condition == rules.Unconscious && len(cr.Changes) > 1 {
				gained = append(gained, rules.Prone.String())
			}
		default:
			already = append(already, c)
		}
		if cr.ConcentrationSpell != "" {
			conc = cr.ConcentrationSpell
		}
	}
	var s string
	if len(gained) > 0 {
		s += " and is " + rules.JoinAnd(gained)
	}
	if len(already) > 0 {
		s += " and was already " + rules.JoinAnd(already)
	}
	if len(lost) > 0 {
		s += " and is no longer " + rules.JoinAnd(lost)
	}
	if len(immune) > 0 {
		s += " but is immune to being " + rules.JoinAnd(immune)
	}
	if conc != "" {
		s += " and loses concentration on " + conc
	}
	return s
}

// attacks is one clause per attack roll against the target.
func (t *teller) attacks(o Outcome) string {
	var cl []string
	for i, a := range o.Attacks {
		s := o.Target
		switch {
		case a.Critical:
			s += " is critically hit"
		case a.Hit:
			s += " is hit"
		default:
			s += " is missed"
		}
		s += " (" + attackNumbers(a) + ")"
		if a.Damage != nil && len(a.Damage.Parts) > 0 {
			s += " and takes " + t.damage(*a.Damage) + effects(*a.Damage)
		}
		if i == len(o.Attacks)-1 {
			if !a.Hit {
				for _, d := range o.Damage {
					s += " but is splashed and takes " + t.damage(d) + effects(d)
				}
			}
			s += t.conditions(o)
			if o.CasterHeal != nil {
				s += ", and " + heal(*o.CasterHeal)
			}
			if t.r.SpellID == "acid-arrow" && a.Hit {
				for _, e := range t.r.Effects {
					if e.ID == "acid-arrow" && e.TargetID == o.TargetID {
						s += " and will take " + e.Dice + " acid damage at the end of its next turn"
					}
				}
			}
		}
		cl = append(cl, s)
	}
	if o.Wasted > 0 {
		cl = append(cl, plural(o.Wasted, t.missile(), t.missile()+"s")+" aimed at "+o.Target+" found it already dead")
	}
	return strings.Join(cl, "; ")
}

func (t *teller) missile() string {
	switch t.r.SpellID {
	case "magic-missile":
		return "dart"
	case "scorching-ray":
		return "ray"
	}
	return "beam"
}

func attackNumbers(a rules.AttackResult) string {
	s := ""
	if a.Natural == 20 || a.Natural == 1 {
		s = "natural " + strconv.Itoa(a.Natural) + ", "
	}
	s += strconv.Itoa(a.Total) + " vs AC " + strconv.Itoa(a.AC)
	switch {
	case len(a.Edge.Advantage) > 0 && len(a.Edge.Disadvantage) == 0:
		s += ", with advantage"
	case len(a.Edge.Disadvantage) > 0 && len(a.Edge.Advantage) == 0:
		s += ", with disadvantage"
	}
	if a.AutoCritical != "" {
		s += "; " + a.AutoCritical + " within 5 ft"
	}
	return s
}

// darts is "the goblin is struck by 2 darts and takes 4 force damage, then
// 3 and dies".
func (t *teller) darts(o Outcome) string {
	s := o.Target + " is struck by " + plural(len(o.Damage), "dart", "darts") + " and takes "
	for i, d := range o.Damage {
		if i > 0 {
			s += ", then "
		}
		s += t.damage(d) + effects(d)
	}
	if len(o.Damage) == 0 {
		s = o.Target + " is struck by no darts"
	}
	if o.Wasted > 0 {
		s += "; " + plural(o.Wasted, "dart", "darts") + " aimed at " + o.Target + " found it already dead"
	}
	return s
}

func heal(h rules.HealResult) string {
	who := h.Target
	hp := " (" + strconv.Itoa(h.HPAfter) + "/" + strconv.Itoa(h.MaxHP) + " HP)"
	switch {
	case h.Unhealed != "":
		return who + " can't regain hit points under " + h.Unhealed + hp
	case h.Regained == 0:
		return who + " regains no hit points" + hp
	case h.Revived:
		return who + " regains " + strconv.Itoa(h.Regained) + " HP and regains consciousness" + hp
	case h.Regained < h.Rolled:
		return who + " regains " + strconv.Itoa(h.Regained) + " of " + strconv.Itoa(h.Rolled) + " HP, up to the maximum" + hp
	}
	return who + " regains " + strconv.Itoa(h.Regained) + " HP" + hp
}

func heldTemp(tr rules.TempHPResult) string {
	if tr.After == tr.Before && tr.Before > 0 {
		return tr.Target + " keeps " + strconv.Itoa(tr.Before) + " temporary hit points rather than " + strconv.Itoa(tr.Rolled)
	}
	return tr.Target + " gains " + strconv.Itoa(tr.After) + " temporary hit points"
}

func (t *teller) shield() string {
	sh := t.r.Shield
	s := possessive(t.r.Caster) + " AC rises from " + strconv.Itoa(sh.ACBefore) + " to " + strconv.Itoa(sh.ACAfter) +
		" until the start of " + possessive(t.r.Caster) + " next turn"
	if sh.AttackTotal == 0 {
		return s
	}
	attack := "the attack (" + strconv.Itoa(sh.AttackTotal) + ")"
	switch {
	case sh.NowMisses:
		return s + ", turning " + attack + " into a miss"
	case sh.WasHit:
		return s + ", but " + attack + " still hits"
	}
	return s + ", and " + attack + " misses"
}

func (t *teller) counter() []string {
	co := t.r.Counter
	what := co.Spell + " (" + rules.Ordinal(co.Level) + " level)"
	if co.Level == 0 {
		what = "the cantrip " + co.Spell
	}
	out := []string{"against " + what}
	switch {
	case co.Automatic:
		out = append(out, "it is countered automatically")
	case co.Check != nil:
		chk := possessive(t.r.Caster) + " " + co.Check.Ability.Name() + " check (" + strconv.Itoa(co.Check.Total) +
			" vs DC " + strconv.Itoa(co.Check.DC) + ")"
		if co.Countered {
			out = append(out, chk+" succeeds and it is countered")
		} else {
			out = append(out, chk+" fails and the spell goes on")
		}
	}
	return out
}

// names is "Bram, Lia and Mira".
func names(os []Outcome) string {
	n := make([]string, len(os))
	for i, o := range os {
		n[i] = o.Target
	}
	return rules.JoinAnd(n)
}

// plural is "1 dart", "2 darts".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// capital upper-cases the first letter: "the goblin" -> "The goblin".
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// possessive is "Mira's", "Lars'".
func possessive(s string) string {
	if strings.HasSuffix(s, "s") {
		return s + "'"
	}
	return s + "'s"
}
