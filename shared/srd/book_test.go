package srd_test

import (
	"errors"
	"slices"
	"testing"

	"chronicler/shared/fault"
	"chronicler/shared/srd"
)

func mustSpell(t *testing.T, id string) srd.Spell {
	t.Helper()
	s, ok := srd.LookupSpell(id)
	if !ok {
		t.Fatalf("spell %s not found", id)
	}
	return s
}

func mustMonster(t *testing.T, id string) srd.Monster {
	t.Helper()
	m, ok := srd.LookupMonster(id)
	if !ok {
		t.Fatalf("monster %s not found", id)
	}
	return m
}

func mustWeapon(t *testing.T, id string) srd.Weapon {
	t.Helper()
	w, ok := srd.LookupWeapon(id)
	if !ok {
		t.Fatalf("weapon %s not found", id)
	}
	return w
}

func TestBookResolvesCampaignFirst(t *testing.T) {
	hotter := mustSpell(t, "fireball")
	hotter.Damage.BySlotLevel[3] = "10d6"
	frostburn := mustSpell(t, "ray-of-frost")
	frostburn.ID, frostburn.Name = "frostburn", "Frostburn"
	ogre := mustMonster(t, "ogre")
	ogre.HP = 80
	axe := mustWeapon(t, "greataxe")
	axe.Damage.Dice = "1d12+1"

	b, err := srd.NewBook(srd.Overrides{
		Spells:   map[string]srd.Spell{"fireball": hotter, "frostburn": frostburn},
		Monsters: map[string]srd.Monster{"ogre": ogre},
		Weapons:  map[string]srd.Weapon{"greataxe": axe},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("OverriddenSpellIsTheCampaigns", func(t *testing.T) {
		if s, _ := b.Spell("fireball"); s.Damage.BySlotLevel[3] != "10d6" {
			t.Errorf("fireball 3rd level = %s, want the override's 10d6", s.Damage.BySlotLevel[3])
		}
	})
	t.Run("NewSpellIsFound", func(t *testing.T) {
		if s, ok := b.Spell("frostburn"); !ok || s.Name != "Frostburn" {
			t.Errorf("frostburn = %+v, %v", s, ok)
		}
	})
	t.Run("UnoverriddenSpellIsTheSRDs", func(t *testing.T) {
		if s, ok := b.Spell("magic-missile"); !ok || s.Damage.BySlotLevel[1] != "3d4+3" {
			t.Errorf("magic-missile = %+v, %v", s, ok)
		}
	})
	t.Run("SRDItselfIsUnchanged", func(t *testing.T) {
		if s := mustSpell(t, "fireball"); s.Damage.BySlotLevel[3] != "8d6" {
			t.Errorf("SRD fireball = %s", s.Damage.BySlotLevel[3])
		}
	})
	t.Run("ListsMergeOverridesSortedByID", func(t *testing.T) {
		spells := b.Spells()
		if len(spells) != 320 {
			t.Errorf("%d spells, want 319 + 1 new", len(spells))
		}
		if !slices.IsSortedFunc(spells, func(a, b srd.Spell) int { return cmp(a.ID, b.ID) }) {
			t.Error("spells not sorted by id")
		}
		i := slices.IndexFunc(spells, func(s srd.Spell) bool { return s.ID == "fireball" })
		if i < 0 || spells[i].Damage.BySlotLevel[3] != "10d6" {
			t.Error("merged list does not hold the overridden fireball")
		}
		if n := len(b.Monsters()); n != 334 {
			t.Errorf("%d monsters, want 334", n)
		}
	})
	t.Run("MonsterAndWeaponOverridesResolve", func(t *testing.T) {
		if m, _ := b.Monster("ogre"); m.HP != 80 {
			t.Errorf("ogre hp = %d, want 80", m.HP)
		}
		if m, _ := b.Monster("goblin"); m.HP != 7 {
			t.Errorf("goblin hp = %d, want the SRD's 7", m.HP)
		}
		if w, _ := b.Weapon("greataxe"); w.Damage.Dice != "1d12+1" {
			t.Errorf("greataxe = %s", w.Damage.Dice)
		}
		if w, _ := b.Weapon("longsword"); w.Damage.Dice != "1d8" {
			t.Errorf("longsword = %s", w.Damage.Dice)
		}
	})
	t.Run("NonOverridableKindsComeFromTheSRD", func(t *testing.T) {
		if _, ok := b.Class("wizard"); !ok {
			t.Error("no wizard")
		}
		if _, ok := b.Race("elf"); !ok {
			t.Error("no elf")
		}
		if _, ok := b.Armor("shield"); !ok {
			t.Error("no shield")
		}
		if _, ok := b.Condition("stunned"); !ok {
			t.Error("no stunned")
		}
	})
}

func cmp(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func TestZeroBookIsTheSRD(t *testing.T) {
	var nilBook *srd.Book
	for name, b := range map[string]*srd.Book{"Nil": nilBook, "Zero": {}} {
		t.Run(name, func(t *testing.T) {
			if s, ok := b.Spell("fireball"); !ok || s.Level != 3 {
				t.Errorf("fireball = %+v, %v", s, ok)
			}
			if len(b.Spells()) != 319 || len(b.Monsters()) != 334 || len(b.Weapons()) != 37 {
				t.Error("lists differ from the SRD's")
			}
		})
	}
}

func TestBookKeepsItsOwnCopy(t *testing.T) {
	ogre := mustMonster(t, "ogre")
	overrides := srd.Overrides{Monsters: map[string]srd.Monster{"ogre": ogre}}
	b, err := srd.NewBook(overrides)
	if err != nil {
		t.Fatal(err)
	}
	ogre.Speed["walk"] = 90
	overrides.Monsters["ogre"] = srd.Monster{}
	got, _ := b.Monster("ogre")
	got.Actions[0].Name = "changed by a caller"
	if again, _ := b.Monster("ogre"); again.Speed["walk"] != 40 || again.Actions[0].Name == "changed by a caller" {
		t.Errorf("book's ogre changed after NewBook: %+v", again)
	}
}

// TestSRDRecordsPassOverrideValidation guards the validator against being
// stricter than the rules themselves: every SRD record, offered as an
// override, is valid.
func TestSRDRecordsPassOverrideValidation(t *testing.T) {
	o := srd.Overrides{Spells: map[string]srd.Spell{}, Monsters: map[string]srd.Monster{}, Weapons: map[string]srd.Weapon{}}
	for _, s := range srd.Spells() {
		o.Spells[s.ID] = s
	}
	for _, m := range srd.Monsters() {
		o.Monsters[m.ID] = m
	}
	for _, w := range srd.Weapons() {
		o.Weapons[w.ID] = w
	}
	if err := o.Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestOverrideValidation(t *testing.T) {
	spell := func(edit func(*srd.Spell)) srd.Overrides {
		s := mustSpell(t, "fireball")
		edit(&s)
		return srd.Overrides{Spells: map[string]srd.Spell{"fireball": s}}
	}
	monster := func(edit func(*srd.Monster)) srd.Overrides {
		m := mustMonster(t, "ogre")
		edit(&m)
		return srd.Overrides{Monsters: map[string]srd.Monster{"ogre": m}}
	}
	weapon := func(edit func(*srd.Weapon)) srd.Overrides {
		w := mustWeapon(t, "longsword")
		edit(&w)
		return srd.Overrides{Weapons: map[string]srd.Weapon{"longsword": w}}
	}
	for _, tc := range []struct {
		name      string
		overrides srd.Overrides
		field     string
	}{
		{"SpellWithoutNameIsInvalid", spell(func(s *srd.Spell) { s.Name = "" }), "spells.fireball.name"},
		{"SpellIDMustMatchItsKey", spell(func(s *srd.Spell) { s.ID = "fire-ball" }), "spells.fireball.id"},
		{"SpellLevelAboveNineIsInvalid", spell(func(s *srd.Spell) { s.Level = 10 }), "spells.fireball.level"},
		{"UnknownSchoolIsInvalid", spell(func(s *srd.Spell) { s.School = "pyromancy" }), "spells.fireball.school"},
		{"UnknownComponentIsInvalid", spell(func(s *srd.Spell) { s.Components = []string{"V", "X"} }), "spells.fireball.components.1"},
		{"UnreadableDamageDiceIsInvalid", spell(func(s *srd.Spell) { s.Damage.BySlotLevel[4] = "9 d6" }), "spells.fireball.damage.by_slot_level.4"},
		{"DamageBelowTheSpellsLevelIsInvalid", spell(func(s *srd.Spell) { s.Damage.BySlotLevel[2] = "7d6" }), "spells.fireball.damage.by_slot_level.2"},
		{"UnknownDamageTypeIsInvalid", spell(func(s *srd.Spell) { s.Damage.Type = "plasma" }), "spells.fireball.damage.type"},
		{"CantripScalingBySlotIsInvalid", spell(func(s *srd.Spell) { s.Level = 0 }), "spells.fireball.damage.by_slot_level"},
		{"UnknownSaveOutcomeIsInvalid", spell(func(s *srd.Spell) { s.Save.OnSuccess = "quarter" }), "spells.fireball.save.on_success"},
		{"ZeroSizedAreaIsInvalid", spell(func(s *srd.Spell) { s.Area.Size = 0 }), "spells.fireball.area.size"},
		{"NegativeRangeIsInvalid", spell(func(s *srd.Spell) { n := -5; s.Range.Feet = &n }), "spells.fireball.range.feet"},
		{"MonsterCROffTheScaleIsInvalid", monster(func(m *srd.Monster) { m.CR = 0.75 }), "monsters.ogre.cr"},
		{"MonsterAbilityAbove30IsInvalid", monster(func(m *srd.Monster) { m.Abilities.Str = 31 }), "monsters.ogre.abilities.str"},
		{"MonsterWithoutHPIsInvalid", monster(func(m *srd.Monster) { m.HP = 0 }), "monsters.ogre.hp"},
		{"MonsterHitDiceWithModifierIsInvalid", monster(func(m *srd.Monster) { m.HitDice = "7d10+21" }), "monsters.ogre.hit_dice"},
		{"UnknownSizeIsInvalid", monster(func(m *srd.Monster) { m.Size = "Colossal" }), "monsters.ogre.size"},
		{"UnknownSpeedModeIsInvalid", monster(func(m *srd.Monster) { m.Speed["teleport"] = 30 }), "monsters.ogre.speed"},
		{"UnknownConditionImmunityIsInvalid", monster(func(m *srd.Monster) { m.ConditionImmunities = []string{"sleepy"} }), "monsters.ogre.condition_immunities.0"},
		{"ActionDamageWithBadDiceIsInvalid", monster(func(m *srd.Monster) { m.Actions[0].Damage[0].Dice = "lots" }), "monsters.ogre.actions.0.damage.0.dice"},
		{"ActionSaveDCAbove30IsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].DC = &srd.DC{Ability: "con", Value: 31, Success: "none"}
		}), "monsters.ogre.actions.0.dc.value"},
		{"HitConditionUnknownIsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].OnHit = []srd.HitCondition{{Condition: "sleepy"}}
		}), "monsters.ogre.actions.0.on_hit.0.condition"},
		{"HitConditionSaveAbove30IsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].OnHit = []srd.HitCondition{{Condition: "prone", Save: &srd.DC{Ability: "str", Value: 40}}}
		}), "monsters.ogre.actions.0.on_hit.0.save.value"},
		{"HitGrappleWithoutEscapeIsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].OnHit = []srd.HitCondition{{Condition: "grappled"}}
		}), "monsters.ogre.actions.0.on_hit.0.escape"},
		{"HitRepeatWithoutSaveIsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].OnHit = []srd.HitCondition{{Condition: "poisoned", Repeat: true}}
		}), "monsters.ogre.actions.0.on_hit.0.repeat"},
		{"HitConditionUnknownDurationIsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].OnHit = []srd.HitCondition{{Condition: "poisoned", Duration: "forever"}}
		}), "monsters.ogre.actions.0.on_hit.0.duration"},
		{"HitConditionWithoutAttackIsInvalid", monster(func(m *srd.Monster) {
			m.Actions = append(m.Actions, srd.Action{ID: "glare", Name: "Glare", OnHit: []srd.HitCondition{{Condition: "frightened"}}})
		}), "monsters.ogre.actions.2.on_hit.0"},
		{"DrainOfUnknownTypeIsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].Drain = &srd.Drain{Type: "soul"}
		}), "monsters.ogre.actions.0.drain.type"},
		{"DrainSaveAbove30IsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].Drain = &srd.Drain{Save: &srd.DC{Ability: "con", Value: 31, Success: "none"}}
		}), "monsters.ogre.actions.0.drain.save.value"},
		{"DrainWithoutAttackIsInvalid", monster(func(m *srd.Monster) {
			m.Actions = append(m.Actions, srd.Action{ID: "kiss", Name: "Kiss", Drain: &srd.Drain{}})
		}), "monsters.ogre.actions.2.drain"},
		{"ChargeFollowingNoAttackIsInvalid", monster(func(m *srd.Monster) {
			m.SpecialAbilities = []srd.Action{{ID: "charge", Name: "Charge", Follows: "tusk", Dice: "1d6"}}
		}), "monsters.ogre.special_abilities.0.follows"},
		{"PounceBonusAttackWithoutFollowsIsInvalid", monster(func(m *srd.Monster) {
			m.SpecialAbilities = []srd.Action{{ID: "pounce", Name: "Pounce", Then: "greatclub"}}
		}), "monsters.ogre.special_abilities.0.then"},
		{"RangedDamageWithBadDiceIsInvalid", monster(func(m *srd.Monster) { m.Actions[0].Damage[0].Ranged = "far" }), "monsters.ogre.actions.0.damage.0.ranged"},
		{"HalfHPDamageWithBadDiceIsInvalid", monster(func(m *srd.Monster) { m.Actions[0].Damage[0].HalfHP = "d" }), "monsters.ogre.actions.0.damage.0.half_hp"},
		{"SwallowOfUnknownSizeIsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].Swallow = &srd.Swallow{MaxSize: "colossal", Digest: srd.Damage{Dice: "6d6", Type: "acid"}}
		}), "monsters.ogre.actions.0.swallow.max_size"},
		{"SwallowDigestingUnknownTypeIsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].Swallow = &srd.Swallow{MaxSize: "large", Digest: srd.Damage{Dice: "6d6", Type: "bile"}}
		}), "monsters.ogre.actions.0.swallow.digest.type"},
		{"RegurgitationWithoutDCIsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].Swallow = &srd.Swallow{MaxSize: "large", Digest: srd.Damage{Dice: "6d6", Type: "acid"}, Regurgitate: 30}
		}), "monsters.ogre.actions.0.swallow.regurgitate_dc"},
		{"SwallowSetOffByNothingIsInvalid", monster(func(m *srd.Monster) {
			m.Actions = append(m.Actions, srd.Action{ID: "gulp", Name: "Gulp", Swallow: &srd.Swallow{MaxSize: "medium", Digest: srd.Damage{Dice: "2d4", Type: "acid"}}})
		}), "monsters.ogre.actions.2.swallow"},
		{"OngoingWithoutDiceIsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].Ongoing = &srd.Ongoing{Name: "fire", Dice: "5", Type: "fire"}
		}), "monsters.ogre.actions.0.ongoing.dice"},
		{"OngoingStanchedBySkillUnknownIsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].Ongoing = &srd.Ongoing{Name: "infernal wound", Dice: "1d10", Stanch: &srd.Check{Ability: "wis", Skill: "surgery", DC: 12}}
		}), "monsters.ogre.actions.0.ongoing.stanch.skill"},
		{"OngoingWithoutAttackIsInvalid", monster(func(m *srd.Monster) {
			m.Actions = append(m.Actions, srd.Action{ID: "glow", Name: "Glow", Ongoing: &srd.Ongoing{Name: "fire", Dice: "1d6"}})
		}), "monsters.ogre.actions.2.ongoing"},
		{"DownsWithoutDurationIsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].Downs = &srd.Downs{Condition: "poisoned", While: "paralyzed"}
		}), "monsters.ogre.actions.0.downs.duration"},
		{"SlaysAtNoHitPointsIsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].Slays = &srd.Slay{Save: srd.DC{Ability: "con", Value: 15, Success: "none"}}
		}), "monsters.ogre.actions.0.slays.hp"},
		{"SleepWithoutSaveIsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].OnHit = []srd.HitCondition{{Condition: "poisoned", Sleep: &srd.Sleep{FailBy: 5}}}
		}), "monsters.ogre.actions.0.on_hit.0.sleep"},
		{"SleepForEverIsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].OnHit = []srd.HitCondition{{Condition: "poisoned", Save: &srd.DC{Ability: "con", Value: 10}, Sleep: &srd.Sleep{Duration: "1d10 years"}}}
		}), "monsters.ogre.actions.0.on_hit.0.sleep.duration"},
		{"WorsensWithRepeatedSaveIsInvalid", monster(func(m *srd.Monster) {
			m.Actions[0].OnHit = []srd.HitCondition{{Condition: "restrained", Save: &srd.DC{Ability: "con", Value: 11}, Repeat: true, Worsens: "petrified", WorsensFor: "24 hours"}}
		}), "monsters.ogre.actions.0.on_hit.0.worsens"},
		{"LegendaryActionWithoutCostIsInvalid", monster(func(m *srd.Monster) {
			m.LegendaryActions = []srd.Action{{ID: "stomp", Name: "Stomp"}}
		}), "monsters.ogre.legendary_actions.0.cost"},
		{"SpellcastingDCAbove30IsInvalid", monster(func(m *srd.Monster) {
			m.SpecialAbilities = []srd.Action{{ID: "spellcasting", Name: "Spellcasting",
				Spellcasting: &srd.Spellcasting{Ability: "int", DC: 35, Spells: []srd.MonsterSpell{{ID: "fire-bolt"}}}}}
		}), "monsters.ogre.special_abilities.0.spellcasting.dc"},
		{"SpellcastingUnknownSpellIsInvalid", monster(func(m *srd.Monster) {
			m.SpecialAbilities = []srd.Action{{ID: "spellcasting", Name: "Spellcasting",
				Spellcasting: &srd.Spellcasting{Ability: "int", DC: 13, Spells: []srd.MonsterSpell{{ID: "moon-beam-of-doom"}}}}}
		}), "monsters.ogre.special_abilities.0.spellcasting.spells.0.id"},
		{"SpellcastingSlotLevelTenIsInvalid", monster(func(m *srd.Monster) {
			m.SpecialAbilities = []srd.Action{{ID: "spellcasting", Name: "Spellcasting",
				Spellcasting: &srd.Spellcasting{Ability: "int", DC: 13, Slots: map[int]int{10: 1}}}}
		}), "monsters.ogre.special_abilities.0.spellcasting.slots.10"},
		{"WeaponWithoutCategoryIsInvalid", weapon(func(w *srd.Weapon) { w.Category = "" }), "weapons.longsword.category"},
		{"VersatileWithoutTwoHandedDamageIsInvalid", weapon(func(w *srd.Weapon) { w.TwoHandedDamage = nil }), "weapons.longsword.two_handed_damage"},
		{"UnknownPropertyIsInvalid", weapon(func(w *srd.Weapon) { w.Properties = append(w.Properties, "vorpal") }), "weapons.longsword.properties.1"},
		{"RangedWeaponWithoutRangeIsInvalid", weapon(func(w *srd.Weapon) { w.RangeType = "ranged" }), "weapons.longsword.range"},
		{"NegativeCostIsInvalid", weapon(func(w *srd.Weapon) { w.CostCP = -1 }), "weapons.longsword.cost_cp"},
		{"BadKeyIsInvalid", srd.Overrides{Weapons: map[string]srd.Weapon{"Long Sword": mustWeapon(t, "longsword")}}, "weapons.Long Sword"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := srd.NewBook(tc.overrides)
			if b != nil || !fault.Is(err, fault.Invalid) {
				t.Fatalf("NewBook = %v, %v; want an Invalid fault", b, err)
			}
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Field != tc.field {
				t.Errorf("field = %q, want %q (error: %v)", fe.Field, tc.field, err)
			}
		})
	}
}
