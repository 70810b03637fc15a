package campaign

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"

	"chronicler/shared/fault"
	"chronicler/shared/srd"
)

// Spells as a caster plays them: what its features ask it to choose
// (srd.SpellFeature's choices, which ChoicesFor lists with the others:
// cantrips and spells known, a spellbook, Magical Secrets, a Mystic
// Arcanum), what they give it outright (domain, oath and circle spells,
// Infernal Legacy), what a prepared caster has prepared (Prepare), and
// from all of it what the character can cast (RepertoireOf).
//
// A sheet from before spells were chosen keeps working as it did: a
// choice marked optional (cantrips, spells known, a spellbook) that its
// player has not made counts as every option, so such a character knows
// its class's whole list, and a prepared caster that has never prepared
// (Prepared nil) has every spell it could prepare prepared. The player
// makes the choice at a level up (the level_up intent's choices, or
// creation's), and a prepared caster prepares with the prepare intent;
// from then on the sheet holds what was chosen.

// spellCatalog is every SRD spell, by level then id: the order a choice's
// options are listed and taken by default in.
var spellCatalog = sync.OnceValue(func() []srd.Spell {
	all := srd.Spells()
	slices.SortStableFunc(all, func(a, b srd.Spell) int { return cmp.Compare(a.Level, b.Level) })
	return all
})

// catalogSpell is the spell of that id from spellCatalog.
func catalogSpell(id string) (srd.Spell, bool) {
	for _, s := range spellCatalog() {
		if s.ID == id {
			return s, true
		}
	}
	return srd.Spell{}, false
}

// castableLevel is the highest spell level the character's sheet has
// slots of (a warlock's pact slot level), 0 for none.
func castableLevel(ch Character) int {
	top := 0
	for lvl, sl := range ch.SpellSlots {
		if n, err := strconv.Atoi(lvl); err == nil && sl.Max > 0 && n > top && n <= 9 {
			top = n
		}
	}
	return top
}

// spellChoice is a spell choice of a feature as ChoicesFor takes it: the
// choice with its count resolved, its options, and the srd data.
type spellChoice struct {
	choice  srd.Choice
	options []ChoiceOption
	spec    srd.SpellChoice
}

// spellChoicesOf are the spell choices feature f asks of the character.
func spellChoicesOf(ch Character, f srd.Feature) []spellChoice {
	sf, ok := srd.LookupSpellFeature(f.ID)
	if !ok {
		return nil
	}
	out := make([]spellChoice, 0, len(sf.Choices))
	for _, c := range sf.Choices {
		n := c.Count + c.PerLevel*max(ch.Level-1, 0)
		out = append(out, spellChoice{choice: srd.Choice{ID: c.ID, Count: n, Counter: c.Counter}, options: spellOptions(ch, c), spec: c})
	}
	return out
}

// spellOptions are the spells choice c offers the character: its class's
// list (or every class's), the levels it lets through, and from the
// character's spellbook when it takes from it and the sheet keeps one.
func spellOptions(ch Character, c srd.SpellChoice) []ChoiceOption {
	top := castableLevel(ch)
	book, fromBook := ch.Choices["spellbook"]
	fromBook = fromBook && c.Book
	var out []ChoiceOption
	for _, s := range spellCatalog() {
		level := (c.Cantrips && s.Level == 0) || (c.Castable && s.Level >= 1 && s.Level <= top) || (c.Level > 0 && s.Level == c.Level)
		switch {
		case !level:
		case c.Class != "" && !slices.Contains(s.Classes, c.Class):
		case fromBook && !slices.Contains(book, s.ID):
		default:
			out = append(out, ChoiceOption{ID: s.ID, Name: s.Name})
		}
	}
	return out
}

// Repertoire is what a character can cast: the spells it knows or has
// prepared, and those it casts without a slot. A fight keeps the one
// its sheet had at its start. Beyond protocol.md, additive.
type Repertoire struct {
	// Class is the class whose list the character casts from (its
	// spellcasting ability is its class's). ClassCantrips says every
	// cantrip of that list counts, ClassSpells that every spell of it up
	// to that level does (the levels it has slots for): its player has
	// not chosen them (a sheet from before spells were chosen), or a
	// prepared caster has not prepared yet.
	Class         string `json:"class,omitempty"`
	ClassCantrips bool   `json:"class_cantrips,omitempty"`
	ClassSpells   int    `json:"class_spells,omitempty"`
	// Casts says the class's spellcasting has come (a paladin's and a
	// ranger's at 2nd level); Prepares that it prepares its spells (the
	// refusals say so); Book is a wizard's spellbook, where its player
	// has chosen one.
	Casts    bool     `json:"casts,omitempty"`
	Prepares bool     `json:"prepares,omitempty"`
	Book     []string `json:"book,omitempty"`
	// Spells are the spells it has beyond those, each with how it is
	// cast; a spell may be there twice (prepared, and free once a rest).
	Spells []Known `json:"spells,omitempty"`
}

// Known is one spell of a repertoire and how it is cast.
type Known struct {
	ID string `json:"id"`
	// Ability is the spellcasting ability it is cast with, where it is
	// not the class's (a high elf's cantrip: "int").
	Ability string `json:"ability,omitempty"`
	// Free: it is cast without a spell slot, at Level, spending one use
	// of Resource, or at will with none (Spell Mastery). A free spell is
	// cast only so, unless the character also has it another way.
	Free     bool   `json:"free,omitempty"`
	Level    int    `json:"level,omitempty"`
	Resource string `json:"resource,omitempty"`
	// From is the feature it comes from ("domain-spells-1"); "" for the
	// class's own spellcasting.
	From string `json:"from,omitempty"`
}

// RepertoireOf is what the character can cast now, from its class, level,
// subclass, race, choices and prepared spells (see the top of this file
// for a sheet whose player has not chosen).
func RepertoireOf(ch Character) Repertoire {
	r := Repertoire{Class: ch.Class}
	top := castableLevel(ch)
	feats := FeaturesOf(ch)
	has := map[string]bool{}
	for _, f := range feats {
		has[f.ID] = true
	}
	sub := SubclassOf(ch)
	var prep *srd.Preparing
	var atWill []Known
	for _, f := range feats {
		sf, ok := srd.LookupSpellFeature(f.ID)
		if !ok {
			continue
		}
		if sf.Prepares != nil {
			prep, r.Prepares, r.Casts = sf.Prepares, true, true
		}
		for _, c := range sf.Choices {
			chosen, made := ch.Choices[c.ID]
			r.Casts = r.Casts || c.Optional // only a class's own list is optional
			switch {
			case sf.Prepares != nil && c.ID == sf.Prepares.From:
				r.Book = slices.Clone(chosen) // what it prepares from, not what it casts
			case !made && c.Optional:
				r.ClassCantrips = r.ClassCantrips || c.Cantrips
				if c.Castable {
					r.ClassSpells = top
				}
			default:
				for i, id := range chosen {
					k := Known{ID: id, Ability: c.Ability, From: f.ID}
					if (len(c.Resources) == 0 && !c.AtWill) || c.Prepared {
						r.Spells = append(r.Spells, k)
					}
					if i < len(c.Resources) {
						r.Spells = append(r.Spells, Known{ID: id, Ability: c.Ability, Free: true, Level: c.Level, Resource: c.Resources[i], From: f.ID})
					}
					if c.AtWill {
						atWill = append(atWill, Known{ID: id, Ability: c.Ability, Free: true, Level: c.Level, From: f.ID})
					}
				}
			}
		}
		for _, g := range sf.Grants {
			if g.Level > ch.Level || (g.Subclass != "" && g.Subclass != sub) || (g.With != "" && !has[g.With]) {
				continue
			}
			for _, id := range g.Spells {
				k := Known{ID: id, Ability: g.Ability, From: f.ID}
				if g.Resource != "" {
					k.Free, k.Level, k.Resource = true, g.Slot, g.Resource
				}
				r.Spells = append(r.Spells, k)
			}
		}
	}
	if prep != nil {
		_, bookMade := ch.Choices[prep.From]
		switch {
		case ch.Prepared != nil:
			for _, id := range ch.Prepared {
				r.Spells = append(r.Spells, Known{ID: id})
			}
		case prep.From != "" && bookMade:
			// Never prepared: the whole spellbook counts as prepared.
			for _, id := range r.Book {
				r.Spells = append(r.Spells, Known{ID: id})
			}
		default:
			r.ClassSpells = top
		}
	}
	// Spell Mastery casts its spells at will only while they are prepared.
	for _, k := range atWill {
		if s, ok := catalogSpell(k.ID); ok && slices.ContainsFunc(r.Ways(s), func(w Known) bool { return !w.Free }) {
			r.Spells = append(r.Spells, k)
		}
	}
	return r
}

// Ways are the ways the repertoire has of casting s: its entries for s,
// and the class's own where its whole list counts.
func (r Repertoire) Ways(s srd.Spell) []Known {
	var out []Known
	for _, k := range r.Spells {
		if k.ID == s.ID {
			out = append(out, k)
		}
	}
	if slices.Contains(s.Classes, r.Class) && ((s.Level == 0 && r.ClassCantrips) || (s.Level > 0 && s.Level <= r.ClassSpells)) {
		out = append(out, Known{ID: s.ID})
	}
	return out
}

// Has reports whether the repertoire casts s in any way.
func (r Repertoire) Has(s srd.Spell) bool { return len(r.Ways(s)) > 0 }

// Way is how the character casts s at slot (0: the spell's own level),
// with left telling what a resource has left: free where a free way
// serves that level and has a use left (a spell slot saved is the
// player's gain), else with a slot; false when neither serves (Why says
// why).
func (r Repertoire) Way(s srd.Spell, slot int, left func(resource string) int) (Known, bool) {
	ways := r.Ways(s)
	for _, k := range ways {
		if k.Free && (slot == 0 || slot == k.Level) && (k.Resource == "" || left(k.Resource) > 0) {
			return k, true
		}
	}
	for _, k := range ways {
		if !k.Free {
			return k, true
		}
	}
	return Known{}, false
}

// Ready reports whether the character can cast s now: a cantrip it
// knows, a spell it has with a slot of its level or higher left (top is
// its highest slot level with one left), or a free way with a use left.
func (r Repertoire) Ready(s srd.Spell, top int, left func(resource string) int) bool {
	for _, k := range r.Ways(s) {
		switch {
		case k.Free && (k.Resource == "" || left(k.Resource) > 0):
			return true
		case !k.Free && (s.Level == 0 || s.Level <= top):
			return true
		}
	}
	return false
}

// IDs are the ids of every spell the repertoire has, sorted.
func (r Repertoire) IDs() []string {
	var out []string
	for _, s := range spellCatalog() {
		if r.Has(s) {
			out = append(out, s.ID)
		}
	}
	slices.Sort(out)
	return out
}

// Why says, for a refusal, why the character (name) cannot cast s at
// slot when Way found no way: not its class's spell, not known, not
// prepared, not in its spellbook, a free casting spent or asked at
// another level.
func (r Repertoire) Why(name string, s srd.Spell, slot int, left func(resource string) int) string {
	for _, k := range r.Ways(s) {
		if !k.Free {
			continue
		}
		if slot != 0 && slot != k.Level {
			return fmt.Sprintf("%s casts %s at %s level only, without a slot", name, s.Name, ordinal(k.Level))
		}
		if k.Resource != "" && left(k.Resource) <= 0 {
			res, _ := srd.LookupResource(k.Resource)
			return fmt.Sprintf("%s has used %s and casts %s so again after a %s rest", name, res.Name, s.Name, rechargeWord(res))
		}
	}
	switch {
	case !slices.Contains(s.Classes, r.Class):
		return fmt.Sprintf("%s is not a %s spell", s.Name, r.Class)
	case !r.Casts:
		c, _ := srd.LookupClass(r.Class)
		return fmt.Sprintf("%s casts no %s spells before level %d", name, r.Class, c.SpellcastingLevel)
	case s.Level == 0:
		return fmt.Sprintf("%s does not know the cantrip %s; a %s learns cantrips as it gains levels", name, s.Name, r.Class)
	case r.ClassSpells > 0 && s.Level > r.ClassSpells:
		return fmt.Sprintf("%s has no spell slots of %s level for %s", name, ordinal(s.Level), s.Name)
	case r.Book != nil && !slices.Contains(r.Book, s.ID):
		return fmt.Sprintf("%s is not in %s's spellbook", s.Name, name)
	case r.Prepares:
		return fmt.Sprintf("%s has not prepared %s; a %s prepares spells after a long rest", name, s.Name, r.Class)
	}
	return fmt.Sprintf("%s does not know %s; a %s learns new spells as it gains levels", name, s.Name, r.Class)
}

// rechargeWord is "short" or "long": the rest that brings a resource back.
func rechargeWord(r srd.Resource) string {
	if r.Recharge == "short" {
		return "short or long"
	}
	return "long"
}

// AbilityOf is the spellcasting ability k is cast with: its own, or its
// class's ("" for a class that casts none).
func (r Repertoire) AbilityOf(k Known) string {
	if k.Ability != "" {
		return k.Ability
	}
	c, _ := srd.LookupClass(r.Class)
	return c.SpellcastingAbility
}

// ordinal is "1st", "2nd", "3rd", "4th".
func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return fmt.Sprintf("%dth", n)
}

// preparing is how the character's class prepares spells, nil for one
// that does not (or not yet: a 1st-level paladin).
func preparing(ch Character) *srd.Preparing {
	for _, f := range FeaturesOf(ch) {
		if sf, ok := srd.LookupSpellFeature(f.ID); ok && sf.Prepares != nil {
			return sf.Prepares
		}
	}
	return nil
}

// PrepareCount is how many spells the character prepares: its
// spellcasting ability modifier plus its class level (a paladin's half),
// at least one; 0 for a class that prepares none.
func PrepareCount(ch Character) int {
	p := preparing(ch)
	if p == nil {
		return 0
	}
	c, _ := srd.LookupClass(ch.Class)
	return max(Modifier(ch.Abilities.Score(c.SpellcastingAbility))+ch.Level/max(p.Divisor, 1), 1)
}

// abilityNames are the abilities' names by SRD id.
var abilityNames = map[string]string{"str": "Strength", "dex": "Dexterity", "con": "Constitution", "int": "Intelligence", "wis": "Wisdom", "cha": "Charisma"}

// Prepare is the character with the spells asked prepared (the prepare
// intent): spells of its class's list (a wizard: of its spellbook) of a
// level it has slots for, as many as PrepareCount at most. Its domain,
// oath and circle spells are always prepared: asked, they are not
// counted. A character may prepare when it never has, and again once it
// has finished a long rest since (MayPrepare). Every refusal is the
// rules' (fault.Refuse) on intent.spells; ch is not changed.
func Prepare(ch Character, asked []string) (Character, error) {
	const op, field = "prepare", "intent.spells"
	p := preparing(ch)
	c, _ := srd.LookupClass(ch.Class)
	switch {
	case p == nil && c.SpellcastingAbility != "" && ch.Level < c.SpellcastingLevel:
		return ch, fault.Refuse(op, field, fault.NotAllowed, "a %s casts spells from level %d; %s is level %d", ch.Class, c.SpellcastingLevel, ch.Name, ch.Level)
	case p == nil && c.SpellcastingAbility != "":
		return ch, fault.Refuse(op, field, fault.NotAllowed, "a %s prepares no spells: it knows them, and learns new ones as it gains levels", ch.Class)
	case p == nil:
		return ch, fault.Refuse(op, field, fault.NotAllowed, "a %s casts no spells to prepare", ch.Class)
	case ch.Prepared != nil && !ch.MayPrepare:
		return ch, fault.Refuse(op, field, fault.NotAllowed, "%s has prepared spells since the last long rest; spells are prepared again after the next one", ch.Name)
	}
	r := RepertoireOf(ch)
	always := map[string]bool{}
	for _, k := range r.Spells {
		if k.From != "" && !k.Free {
			always[k.ID] = true
		}
	}
	top := castableLevel(ch)
	var out []string
	for _, id := range asked {
		id = strings.ToLower(strings.TrimSpace(id))
		s, ok := catalogSpell(id)
		switch {
		case !ok:
			return ch, fault.Refuse(op, field, fault.InvalidArgs, "no spell %q in the rules", clipID(id))
		case slices.Contains(out, id):
			return ch, fault.Refuse(op, field, fault.InvalidArgs, "%s is named twice", s.Name)
		case always[id]:
			continue // always prepared, never counted
		case s.Level == 0:
			return ch, fault.Refuse(op, field, fault.InvalidArgs, "%s is a cantrip: cantrips are known, not prepared", s.Name)
		case !slices.Contains(s.Classes, ch.Class):
			return ch, fault.Refuse(op, field, fault.InvalidArgs, "%s is not a %s spell", s.Name, ch.Class)
		case p.From != "" && r.Book != nil && !slices.Contains(r.Book, id):
			return ch, fault.Refuse(op, field, fault.InvalidArgs, "%s is not in %s's spellbook", s.Name, ch.Name)
		case s.Level > top:
			return ch, fault.Refuse(op, field, fault.InvalidArgs, "%s is a %s-level spell, and %s has no spell slots of that level", s.Name, ordinal(s.Level), ch.Name)
		}
		out = append(out, id)
	}
	if n := PrepareCount(ch); len(out) > n {
		how := "level"
		if p.Divisor > 1 {
			how = "half level"
		}
		return ch, fault.Refuse(op, field, fault.InvalidArgs, "%s prepares %d spells at most (%s modifier + %s %s); %d are named",
			ch.Name, n, abilityNames[c.SpellcastingAbility], ch.Class, how, len(out))
	}
	if len(out) == 0 {
		return ch, fault.Refuse(op, field, fault.InvalidArgs, "name at least one spell to prepare, of the %d %s may", PrepareCount(ch), ch.Name)
	}
	ch.Prepared, ch.MayPrepare = out, false
	return ch, nil
}

// spellsPlay reports whether the spells play feature f: it has a row of
// spellcasting.json, or it is a land a row's grant follows (With), or
// the feature whose choice that land is.
func spellsPlay(f srd.Feature) bool {
	if _, ok := srd.LookupSpellFeature(f.ID); ok {
		return true
	}
	for _, sf := range srd.SpellFeatures() {
		for _, g := range sf.Grants {
			if g.With == "" {
				continue
			}
			w, _ := srd.LookupFeature(g.With)
			if g.With == f.ID || w.Parent == f.ID {
				return true
			}
		}
	}
	return false
}

// withinCount takes from each choice the count of the choices within it
// (Magical Secrets from a bard's spells known), never below 0.
func withinCount(out []ChoiceSpec, within map[string]string) {
	for id, w := range within {
		i := slices.IndexFunc(out, func(s ChoiceSpec) bool { return s.ID == id })
		j := slices.IndexFunc(out, func(s ChoiceSpec) bool { return s.ID == w })
		if i >= 0 && j >= 0 {
			out[j].Count = max(out[j].Count-out[i].Count, 0)
		}
	}
}

// replace is the character's choices with what a level up gives up
// taken out (LevelChoice.Replace): one option of a choice that allows a
// swap, which its sheet has chosen, for one the player names (named,
// the level's choices). Each is a fault.Invalid on intent.replace.
func replace(ch Character, asked map[string]string, named map[string][]string) (map[string][]string, error) {
	const op, field = "level up", "intent.replace"
	if len(asked) == 0 {
		return ch.Choices, nil
	}
	out := map[string][]string{}
	for k, v := range ch.Choices {
		out[k] = slices.Clone(v)
	}
	specs := ChoicesFor(ch)
	for _, id := range slices.Sorted(maps.Keys(asked)) {
		old := strings.ToLower(strings.TrimSpace(asked[id]))
		i := slices.IndexFunc(specs, func(s ChoiceSpec) bool { return s.ID == id })
		switch {
		case i < 0 || !specs[i].Swap:
			return nil, fault.Field(op, field, "%q is no choice a level up may swap from; spells known are", clipID(id))
		case !slices.Contains(out[id], old):
			return nil, fault.Field(op, field, "%q is not among %s's %s", clipID(old), ch.Name, id)
		case len(named[id]) == 0:
			return nil, fault.Field(op, field, "name in choices.%s what takes the place of %s", id, old)
		}
		out[id] = slices.DeleteFunc(out[id], func(o string) bool { return o == old })
	}
	return out, nil
}
