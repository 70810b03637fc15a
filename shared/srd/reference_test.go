package srd_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"chronicler/shared/srd"
)

// refDir is the SRD reference beside the repository (/work/shared/srd-reference
// for /work/main). CI checks it out there; elsewhere these tests skip.
const refDir = "../../../shared/srd-reference"

func reference(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(refDir, name))
	if os.IsNotExist(err) {
		t.Skipf("SRD reference not found at %s (CI has it beside the repository): %v", refDir, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("decode %s: %v", name, err)
	}
}

// These shapes are decoded here independently of the generator, so a
// mistake there cannot hide itself.

type xLink struct {
	Index string `json:"index"`
}

type xDamage struct {
	Dice string `json:"damage_dice"`
	Type *xLink `json:"damage_type"`
	DC   *xDC   `json:"dc"`
	From *struct {
		Options []xDamage `json:"options"`
	} `json:"from"`
}

type xDC struct {
	Type    xLink  `json:"dc_type"`
	Value   int    `json:"dc_value"`
	Success string `json:"success_type"`
}

type xAction struct {
	Name        string    `json:"name"`
	Desc        string    `json:"desc"`
	AttackBonus *int      `json:"attack_bonus"`
	Damage      []xDamage `json:"damage"`
	DC          *xDC      `json:"dc"`
	Options     *struct {
		From struct {
			Options []xAction `json:"options"`
		} `json:"from"`
	} `json:"options"`
	Attacks []xAction `json:"attacks"`
}

type xMonster struct {
	Index                 string   `json:"index"`
	Size                  string   `json:"size"`
	Type                  string   `json:"type"`
	Subtype               string   `json:"subtype"`
	Alignment             string   `json:"alignment"`
	DamageVulnerabilities []string `json:"damage_vulnerabilities"`
	DamageResistances     []string `json:"damage_resistances"`
	DamageImmunities      []string `json:"damage_immunities"`
	ConditionImmunities   []xLink  `json:"condition_immunities"`
	ArmorClass            []struct {
		Type  string `json:"type"`
		Value int    `json:"value"`
	} `json:"armor_class"`
	HitPoints     int            `json:"hit_points"`
	HitDice       string         `json:"hit_dice"`
	HitPointsRoll string         `json:"hit_points_roll"`
	Speed         map[string]any `json:"speed"`
	Str           int            `json:"strength"`
	Dex           int            `json:"dexterity"`
	Con           int            `json:"constitution"`
	Int           int            `json:"intelligence"`
	Wis           int            `json:"wisdom"`
	Cha           int            `json:"charisma"`
	Proficiencies []struct {
		Value       int   `json:"value"`
		Proficiency xLink `json:"proficiency"`
	} `json:"proficiencies"`
	Senses           map[string]any `json:"senses"`
	CR               float64        `json:"challenge_rating"`
	XP               int            `json:"xp"`
	ProficiencyBonus int            `json:"proficiency_bonus"`
	SpecialAbilities []xAction      `json:"special_abilities"`
	Actions          []xAction      `json:"actions"`
	Reactions        []xAction      `json:"reactions"`
	LegendaryActions []xAction      `json:"legendary_actions"`
}

// toHit is how an entry's text opens when it makes an attack roll.
var toHit = regexp.MustCompile(`Attack: [+-]\d+ to hit`)

// Where the reference's structured fields disagree with the SRD's text,
// the data follows the text (the generator lists each case in
// data/adjustments.txt). These read the text again, their own way.

// xpByCR is the SRD's table "Experience Points by Challenge Rating"; at
// challenge 0 a creature is worth 0 or 10, as its stat block says.
var xpByCR = map[float64]int{0.125: 25, 0.25: 50, 0.5: 100, 1: 200, 2: 450, 3: 700, 4: 1100,
	5: 1800, 6: 2300, 7: 2900, 8: 3900, 9: 5000, 10: 5900, 11: 7200, 12: 8400, 13: 10000,
	14: 11500, 15: 13000, 16: 15000, 17: 18000, 18: 20000, 19: 22000, 20: 25000, 21: 33000,
	22: 41000, 23: 50000, 24: 62000, 25: 75000, 26: 90000, 27: 105000, 28: 120000,
	29: 135000, 30: 155000}

func wantXP(r xMonster) int {
	if r.CR == 0 {
		return r.XP
	}
	return xpByCR[r.CR]
}

// wantAC is the stat block's armour class: the highest of the
// reference's entries that always hold ("17 (natural armor, shield)" is
// listed as natural 15 and armor 17), not one under a spell or condition
// ("12 (15 with mage armor)", "11 while prone").
func wantAC(r xMonster) int {
	ac := r.ArmorClass[0].Value
	for _, a := range r.ArmorClass {
		if a.Type != "spell" && a.Type != "condition" {
			ac = max(ac, a.Value)
		}
	}
	return ac
}

// halfOnSave reads "a DC 21 Dexterity saving throw, taking 63 (18d6) fire
// damage on a failed save, or half as much damage on a successful one";
// orTake reads "succeed on a DC 11 Constitution saving throw or take 10
// (3d6) poison damage".
var (
	halfOnSave = regexp.MustCompile(`DC (\d+) (\w+) saving throw(?: against this magic)?, taking \d+ \(([^)]+)\) (\w+) damage(?: plus \d+ \(([^)]+)\) (\w+) damage)? on a failed save, or half as much damage on a successful one`)
	orTake     = regexp.MustCompile(`succeed on a DC (\d+) (\w+) saving throw or take \d+ \(([^)]+)\) (\w+) damage`)
)

// eitherLeap is a save of either ability with its two damage rolls: "a
// DC 16 Strength or Dexterity saving throw (target's choice) or be
// knocked prone and take 14 (3d6 + 4) bludgeoning damage plus 14 (3d6 +
// 4) slashing damage".
var eitherLeap = regexp.MustCompile(`DC (\d+) (Strength|Dexterity) or (Strength|Dexterity) saving throw \(target's choice\) or be knocked prone and take \d+ \((\d+d\d+ \+ \d+)\) ([a-z]+) damage plus \d+ \((\d+d\d+ \+ \d+)\) ([a-z]+) damage`)

// textDamage is the damage behind saves an entry's text deals, flattened
// as flatDamage writes it, with the save.
func textDamage(w xAction) []string {
	var out []string
	add := func(m []string, success string) {
		dc := fmt.Sprintf(" %s%s %s", strings.ToLower(m[2][:3]), m[1], success)
		out = append(out, strings.ReplaceAll(m[3], " ", "")+" "+m[4]+dc)
		if len(m) > 5 && m[5] != "" {
			out = append(out, strings.ReplaceAll(m[5], " ", "")+" "+m[6]+dc)
		}
	}
	for _, m := range halfOnSave.FindAllStringSubmatch(w.Desc, -1) {
		add(m, "half")
	}
	if !strings.Contains(w.Desc, "half") {
		for _, m := range orTake.FindAllStringSubmatch(w.Desc, -1) {
			add(m, "none")
		}
	}
	return out
}

// wantDamage is the reference's damage, and where the entry makes an
// attack roll, each part its text deals behind a save that the reference
// leaves out.
func wantDamage(w xAction) []string {
	out := flatRefDamage(w.Damage)
	if m := eitherLeap.FindStringSubmatch(w.Desc); m != nil && len(out) == 0 {
		return []string{strings.ReplaceAll(m[4], " ", "") + " " + m[5], strings.ReplaceAll(m[6], " ", "") + " " + m[7]}
	}
	if !toHit.MatchString(w.Desc) {
		return out
	}
	for _, d := range textDamage(w) {
		if !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out
}

// wantDC is the reference's save for an entry with no attack roll, made
// to halve damage where its text says so.
func wantDC(w xAction) *srd.DC {
	var dc *srd.DC
	// A save of either ability, the target's choice, dealing damage in
	// the words alone (a bulette's Deadly Leap): the data carries the
	// first, Either the other.
	if m := eitherLeap.FindStringSubmatch(w.Desc); w.DC == nil && m != nil {
		v, _ := strconv.Atoi(m[1])
		return &srd.DC{Ability: abilityOf[m[2]], Value: v, Success: "half"}
	}
	if w.DC != nil {
		dc = &srd.DC{Ability: w.DC.Type.Index, Value: w.DC.Value, Success: w.DC.Success}
	}
	// A trait that acts on a creature starting its turn near the monster
	// may ask its save in the words alone (a sea hag's Horrific
	// Appearance): the data carries it.
	if m := textSave.FindStringSubmatch(w.Desc); dc == nil && m != nil && strings.Contains(w.Desc, "starts its turn") {
		v, _ := strconv.Atoi(m[1])
		dc = &srd.DC{Ability: abilityOf[m[2]], Value: v, Success: "none"}
	}
	// A song that charms its listeners (a harpy's Luring Song) asks its
	// save in the words alone too.
	if m := textSave.FindStringSubmatch(w.Desc); dc == nil && m != nil && strings.Contains(w.Desc, "can hear the song") {
		v, _ := strconv.Atoi(m[1])
		dc = &srd.DC{Ability: abilityOf[m[2]], Value: v, Success: "none"}
	}
	if toHit.MatchString(w.Desc) || w.Options != nil || len(w.Damage) == 0 {
		return dc
	}
	if m := halfOnSave.FindStringSubmatch(w.Desc); m != nil {
		v, _ := strconv.Atoi(m[1])
		return &srd.DC{Ability: strings.ToLower(m[2][:3]), Value: v, Success: "half"}
	}
	return dc
}

func TestMonstersMatchReference(t *testing.T) {
	var ref []xMonster
	reference(t, "5e-SRD-Monsters.json", &ref)
	if len(ref) != len(srd.Monsters()) {
		t.Errorf("reference has %d monsters, data has %d", len(ref), len(srd.Monsters()))
	}
	for _, r := range ref {
		m, ok := srd.LookupMonster(r.Index)
		if !ok {
			t.Errorf("%s: missing", r.Index)
			continue
		}
		errs := &diffs{}
		errs.eq("ac", m.AC, wantAC(r))
		errs.eq("hp", m.HP, r.HitPoints)
		errs.eq("hit_dice", m.HitDice, r.HitDice)
		errs.eq("hp_roll", m.HPRoll, strings.ReplaceAll(r.HitPointsRoll, " ", ""))
		errs.eq("abilities", m.Abilities, srd.Abilities{Str: r.Str, Dex: r.Dex, Con: r.Con, Int: r.Int, Wis: r.Wis, Cha: r.Cha})
		errs.eq("cr", m.CR, r.CR)
		errs.eq("xp", m.XP, wantXP(r))
		errs.eq("proficiency_bonus", m.ProficiencyBonus, r.ProficiencyBonus)
		errs.eq("size", m.Size, r.Size)
		errs.eq("type", m.Type, r.Type)
		errs.eq("subtype", m.Subtype, r.Subtype)
		errs.eq("alignment", m.Alignment, r.Alignment)
		errs.eq("damage_vulnerabilities", strings.Join(m.DamageVulnerabilities, "; "), strings.Join(r.DamageVulnerabilities, "; "))
		errs.eq("damage_resistances", strings.Join(m.DamageResistances, "; "), strings.Join(r.DamageResistances, "; "))
		errs.eq("damage_immunities", strings.Join(m.DamageImmunities, "; "), strings.Join(r.DamageImmunities, "; "))
		var conds []string
		for _, c := range r.ConditionImmunities {
			conds = append(conds, c.Index)
		}
		errs.eq("condition_immunities", strings.Join(m.ConditionImmunities, "; "), strings.Join(conds, "; "))
		speed, hover := map[string]int{}, false
		for mode, v := range r.Speed {
			if mode == "hover" {
				hover = v == true
				continue
			}
			speed[mode] = feet(v)
		}
		errs.eq("speed", m.Speed, speed)
		errs.eq("hover", m.Hover, hover)
		for _, p := range r.Proficiencies {
			id := p.Proficiency.Index
			if ab, ok := strings.CutPrefix(id, "saving-throw-"); ok {
				errs.eq("saves."+ab, m.Saves[ab], p.Value)
			} else if sk, ok := strings.CutPrefix(id, "skill-"); ok {
				errs.eq("skills."+sk, m.Skills[sk], p.Value)
			}
		}
		errs.eq("senses.passive_perception", float64(m.Senses.PassivePerception), r.Senses["passive_perception"])
		errs.eq("senses.darkvision", m.Senses.Darkvision, feet(r.Senses["darkvision"]))
		errs.eq("senses.blindsight", m.Senses.Blindsight, feet(r.Senses["blindsight"]))
		compareActions(errs, "special_abilities", m.SpecialAbilities, r.SpecialAbilities)
		compareActions(errs, "actions", m.Actions, r.Actions)
		compareActions(errs, "reactions", m.Reactions, r.Reactions)
		compareActions(errs, "legendary_actions", m.LegendaryActions, r.LegendaryActions)
		for _, e := range errs.list {
			t.Errorf("%s: %s", r.Index, e)
		}
	}
}

func compareActions(errs *diffs, at string, got []srd.Action, want []xAction) {
	if !errs.eq(at+" count", len(got), len(want)) {
		return
	}
	for i, w := range want {
		g := got[i]
		p := fmt.Sprintf("%s[%d] %q", at, i, w.Name)
		errs.eq(p+" name", g.Name, w.Name)
		// A bonus on an entry whose text makes no attack roll is a reference
		// slip the generator drops (a vampire's Move has attack_bonus 0).
		if w.AttackBonus != nil && toHit.MatchString(w.Desc) {
			if errs.eq(p+" has attack bonus", g.AttackBonus != nil, true) {
				errs.eq(p+" attack_bonus", *g.AttackBonus, *w.AttackBonus)
			}
		} else {
			errs.eq(p+" has attack bonus", g.AttackBonus != nil, false)
		}
		errs.eq(p+" damage", flatDamage(g.Damage), wantDamage(w))
		if dc := wantDC(w); dc != nil {
			if errs.eq(p+" has dc", g.DC != nil, true) {
				errs.eq(p+" dc", *g.DC, *dc)
			}
		} else {
			errs.eq(p+" has dc", g.DC != nil, false)
		}
		var opts []xAction
		if w.Options != nil {
			opts = w.Options.From.Options
		}
		compareActions(errs, p+" options", g.Options, opts)
		compareActions(errs, p+" stages", g.Stages, w.Attacks)
	}
}

// flatDamage lists damage as "dice type [dc success]" in order, options in
// brackets.
func flatDamage(ds []srd.Damage) []string {
	var out []string
	for _, d := range ds {
		if len(d.OneOf) > 0 {
			out = append(out, "["+strings.Join(flatDamage(d.OneOf), "|")+"]")
			continue
		}
		s := d.Dice + " " + d.Type
		if d.DC != nil {
			s += fmt.Sprintf(" %s%d %s", d.DC.Ability, d.DC.Value, d.DC.Success)
		}
		out = append(out, s)
	}
	return out
}

func flatRefDamage(ds []xDamage) []string {
	var out []string
	for _, d := range ds {
		if d.From != nil {
			out = append(out, "["+strings.Join(flatRefDamage(d.From.Options), "|")+"]")
			continue
		}
		s := strings.ReplaceAll(d.Dice, " ", "") + " " + d.Type.Index
		if d.DC != nil {
			s += fmt.Sprintf(" %s%d %s", d.DC.Type.Index, d.DC.Value, d.DC.Success)
		}
		out = append(out, s)
	}
	return out
}

// feet reads "60 ft." (and any qualifier after it); absent is 0.
func feet(v any) int {
	s, _ := v.(string)
	n, _ := strconv.Atoi(strings.Fields(s + " 0")[0])
	return n
}

type xSpell struct {
	Index         string   `json:"index"`
	Desc          []string `json:"desc"`
	CastingTime   string   `json:"casting_time"`
	Range         string   `json:"range"`
	Components    []string `json:"components"`
	Duration      string   `json:"duration"`
	Classes       []xLink  `json:"classes"`
	Level         int      `json:"level"`
	School        xLink    `json:"school"`
	Concentration bool     `json:"concentration"`
	Ritual        bool     `json:"ritual"`
	AttackType    string   `json:"attack_type"`
	Damage        *struct {
		Type   *xLink         `json:"damage_type"`
		AtSlot map[int]string `json:"damage_at_slot_level"`
		AtChar map[int]string `json:"damage_at_character_level"`
	} `json:"damage"`
	Heal map[int]string `json:"heal_at_slot_level"`
	DC   *struct {
		Type    xLink  `json:"dc_type"`
		Success string `json:"dc_success"`
	} `json:"dc"`
	Area *struct {
		Type string `json:"type"`
		Size int    `json:"size"`
	} `json:"area_of_effect"`
}

func TestSpellsMatchReference(t *testing.T) {
	var ref []xSpell
	reference(t, "5e-SRD-Spells.json", &ref)
	if len(ref) != len(srd.Spells()) {
		t.Errorf("reference has %d spells, data has %d", len(ref), len(srd.Spells()))
	}
	for _, r := range ref {
		s, ok := srd.LookupSpell(r.Index)
		if !ok {
			t.Errorf("%s: missing", r.Index)
			continue
		}
		errs := &diffs{}
		errs.eq("level", s.Level, r.Level)
		errs.eq("school", s.School, r.School.Index)
		errs.eq("concentration", s.Concentration, r.Concentration)
		errs.eq("ritual", s.Ritual, r.Ritual)
		errs.eq("attack_type", s.AttackType, r.AttackType)
		errs.eq("casting_time", s.CastingTime, r.CastingTime)
		errs.eq("range", s.Range.Text, r.Range)
		errs.eq("components", strings.Join(s.Components, " "), strings.Join(r.Components, " "))
		errs.eq("duration", s.Duration, r.Duration)
		var classes []string
		for _, c := range r.Classes {
			classes = append(classes, c.Index)
		}
		slices.Sort(classes) // the data lists them in order
		errs.eq("classes", strings.Join(s.Classes, " "), strings.Join(classes, " "))
		if textRead[r.Index] {
			// The reference gives no damage or save: the data reads them
			// from the text, which must say them.
			text := strings.ToLower(strings.Join(r.Desc, " "))
			if s.Damage == nil || s.Save == nil || !strings.Contains(text, strings.ToLower(s.Damage.BySlotLevel[s.Level]+" "+s.Damage.Type+" damage")) ||
				!strings.Contains(text, map[string]string{"str": "strength", "dex": "dexterity", "con": "constitution", "int": "intelligence", "wis": "wisdom", "cha": "charisma"}[s.Save.Ability]+" saving throw") {
				t.Errorf("%s: damage %+v, save %+v, which its text does not say", r.Index, s.Damage, s.Save)
			}
			for _, e := range errs.list {
				t.Errorf("%s: %s", r.Index, e)
			}
			continue
		}
		var slot, char map[int]string
		refType := ""
		if r.Damage != nil {
			slot, char = squash(r.Damage.AtSlot), squash(r.Damage.AtChar)
			if r.Damage.Type != nil {
				refType = r.Damage.Type.Index
			}
		}
		gotType := ""
		if s.Damage != nil {
			gotType = s.Damage.Type
		}
		errs.eq("damage type", gotType, refType)
		errs.eq("damage by slot level", rejoin(s.Damage, s.ExtraDamage, false), slot)
		errs.eq("damage by character level", rejoin(s.Damage, nil, true), char)
		heal := map[int]string(nil)
		if s.HealAtSlotLevel != nil {
			heal = map[int]string{}
			for l, d := range s.HealAtSlotLevel {
				heal[l] = d + modSuffix(s.HealAddsModifier)
			}
		}
		errs.eq("heal by slot level", heal, squash(r.Heal))
		if r.DC != nil {
			if errs.eq("has save", s.Save != nil, true) {
				errs.eq("save", *s.Save, srd.Save{Ability: r.DC.Type.Index, OnSuccess: r.DC.Success})
			}
		} else {
			errs.eq("has save", s.Save != nil, false)
		}
		if r.Area != nil {
			if errs.eq("has area", s.Area != nil, true) {
				errs.eq("area", *s.Area, srd.Area{Type: r.Area.Type, Size: r.Area.Size})
			}
		} else {
			errs.eq("has area", s.Area != nil, false)
		}
		for _, e := range errs.list {
			t.Errorf("%s: %s", r.Index, e)
		}
	}
}

// textRead are the spells whose damage and save the data reads from their
// text, the reference's fields having none (srdgen's fromText).
var textRead = map[string]bool{"spirit-guardians": true}

// squash drops the spaces the reference writes in dice: "1d8 + MOD".
func squash(m map[int]string) map[int]string {
	if m == nil {
		return nil
	}
	out := map[int]string{}
	for l, d := range m {
		out[l] = strings.ReplaceAll(d, " ", "")
	}
	return out
}

// rejoin writes our split damage back in the reference's notation:
// first roll, "+" second roll, "+MOD".
func rejoin(d, extra *srd.SpellDamage, byCharacter bool) map[int]string {
	if d == nil {
		return nil
	}
	src := d.BySlotLevel
	if byCharacter {
		src = d.ByCharacterLevel
	}
	if src == nil {
		return nil
	}
	out := map[int]string{}
	for l, dice := range src {
		if extra != nil {
			dice += "+" + extra.BySlotLevel[l]
		}
		out[l] = dice + modSuffix(d.AddsModifier)
	}
	return out
}

func modSuffix(mod bool) string {
	if mod {
		return "+MOD"
	}
	return ""
}

type xLevel struct {
	Level        int            `json:"level"`
	ProfBonus    int            `json:"prof_bonus"`
	Spellcasting map[string]int `json:"spellcasting"`
	Class        xLink          `json:"class"`
	Subclass     *xLink         `json:"subclass"`
}

// TestClassLevelsMatchReference compares every class's level table (slots,
// proficiency bonus, cantrips and spells known) with 5e-SRD-Levels.json.
func TestClassLevelsMatchReference(t *testing.T) {
	var ref []xLevel
	reference(t, "5e-SRD-Levels.json", &ref)
	seen := 0
	for _, r := range ref {
		if r.Subclass != nil {
			continue
		}
		seen++
		c, ok := srd.LookupClass(r.Class.Index)
		if !ok || r.Level < 1 || r.Level > len(c.Levels) {
			t.Errorf("%s level %d: missing", r.Class.Index, r.Level)
			continue
		}
		l := c.Levels[r.Level-1]
		errs := &diffs{}
		errs.eq("level", l.Level, r.Level)
		errs.eq("proficiency_bonus", l.ProficiencyBonus, r.ProfBonus)
		errs.eq("cantrips_known", l.CantripsKnown, r.Spellcasting["cantrips_known"])
		errs.eq("spells_known", l.SpellsKnown, r.Spellcasting["spells_known"])
		for i := 1; i <= 9; i++ {
			got := 0
			if i <= len(l.SpellSlots) {
				got = l.SpellSlots[i-1]
			}
			errs.eq(fmt.Sprintf("slots of level %d", i), got, r.Spellcasting["spell_slots_level_"+strconv.Itoa(i)])
		}
		for _, e := range errs.list {
			t.Errorf("%s level %d: %s", r.Class.Index, r.Level, e)
		}
	}
	if seen != 12*20 {
		t.Errorf("reference has %d class levels, want 240", seen)
	}
}

type diffs struct{ list []string }

func (d *diffs) eq(what string, got, want any) bool {
	if reflect.DeepEqual(got, want) {
		return true
	}
	d.list = append(d.list, fmt.Sprintf("%s = %v, reference %v", what, got, want))
	return false
}

// Every item of adventuring gear and every tool weighs, per piece, what
// the reference says (a pack: what it holds) and costs the same.
func TestGearMatchesReference(t *testing.T) {
	var items []struct {
		Index             string  `json:"index"`
		EquipmentCategory xLink   `json:"equipment_category"`
		Weight            float64 `json:"weight"`
		Quantity          int     `json:"quantity"`
		Cost              struct {
			Quantity int    `json:"quantity"`
			Unit     string `json:"unit"`
		} `json:"cost"`
		Contents []struct {
			Item     xLink `json:"item"`
			Quantity int   `json:"quantity"`
		} `json:"contents"`
	}
	reference(t, "5e-SRD-Equipment.json", &items)
	piece := map[string]float64{}
	for _, it := range items {
		piece[it.Index] = it.Weight / float64(max(it.Quantity, 1))
	}
	coin := map[string]int{"cp": 1, "sp": 10, "ep": 50, "gp": 100, "pp": 1000}
	n := 0
	for _, it := range items {
		if c := it.EquipmentCategory.Index; c != "adventuring-gear" && c != "tools" {
			continue
		}
		n++
		g, ok := srd.LookupGear(it.Index)
		if !ok {
			t.Errorf("%s: missing", it.Index)
			continue
		}
		want := piece[it.Index]
		for _, c := range it.Contents {
			want += piece[c.Item.Index] * float64(c.Quantity)
		}
		if fmt.Sprintf("%.4f", g.Weight) != fmt.Sprintf("%.4f", want) || g.CostCP != it.Cost.Quantity*coin[it.Cost.Unit] || g.Bundle != max(it.Quantity, 1) {
			t.Errorf("%s: weight %v cost %d bundle %d, reference %v %d%s x%d", it.Index, g.Weight, g.CostCP, g.Bundle, want, it.Cost.Quantity, it.Cost.Unit, it.Quantity)
		}
	}
	if n != len(srd.Gears()) || n < 140 {
		t.Errorf("%d gear items in the reference, %d in the data", n, len(srd.Gears()))
	}
	if p, _ := srd.LookupGear("explorers-pack"); p.Weight != 59 {
		t.Errorf("an explorer's pack weighs %v lb, the SRD says 59", p.Weight)
	}
}
