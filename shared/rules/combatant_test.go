package rules_test

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
)

func TestProficiencyByLevel(t *testing.T) {
	want := map[int]int{1: 2, 4: 2, 5: 3, 8: 3, 9: 4, 12: 4, 13: 5, 16: 5, 17: 6, 20: 6}
	for level, pb := range want {
		if got := rules.ProficiencyByLevel(level); got != pb {
			t.Errorf("level %d: %d, want %d", level, got, pb)
		}
	}
}

func TestProficiencyByCR(t *testing.T) {
	want := map[float64]int{0: 2, 0.125: 2, 0.5: 2, 1: 2, 4: 2, 5: 3, 8: 3, 9: 4, 12: 4, 13: 5, 16: 5,
		17: 6, 20: 6, 21: 7, 24: 7, 25: 8, 28: 8, 29: 9, 30: 9}
	for cr, pb := range want {
		if got := rules.ProficiencyByCR(cr); got != pb {
			t.Errorf("CR %v: %d, want %d", cr, got, pb)
		}
	}
}

func TestSkillAbilities(t *testing.T) {
	want := map[rules.Ability][]string{
		rules.Str: {"athletics"},
		rules.Dex: {"acrobatics", "sleight-of-hand", "stealth"},
		rules.Int: {"arcana", "history", "investigation", "nature", "religion"},
		rules.Wis: {"animal-handling", "insight", "medicine", "perception", "survival"},
		rules.Cha: {"deception", "intimidation", "performance", "persuasion"},
	}
	got := map[rules.Ability][]string{}
	for s := rules.Acrobatics; s <= rules.Survival; s++ {
		got[s.Ability()] = append(got[s.Ability()], s.String())
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("skills by ability = %v, want %v", got, want)
	}
}

func TestPassivePerception(t *testing.T) {
	if got := mira().PassivePerception(); got != 13 {
		t.Errorf("Mira's passive Perception = %d, want 13 (10 + 1 Wis + 2 proficiency)", got)
	}
	if got := with(mira(), rules.Poisoned).PassivePerception(); got != 8 {
		t.Errorf("poisoned = %d, want 8 (disadvantage is -5)", got)
	}
	g := goblin()
	g.Expertise = rules.SetOf(rules.Perception)
	if got := g.PassivePerception(); got != 13 {
		t.Errorf("goblin with Perception expertise = %d, want 13 (10 - 1 Wis + 4)", got)
	}
}

func TestCurrentSpeed(t *testing.T) {
	for _, cond := range []rules.Condition{rules.Grappled, rules.Restrained, rules.Paralyzed, rules.Petrified, rules.Stunned, rules.Unconscious} {
		if got := with(mira(), cond).CurrentSpeed(); got != 0 {
			t.Errorf("%v: speed %d, want 0", cond, got)
		}
	}
	for _, cond := range []rules.Condition{rules.Prone, rules.Poisoned, rules.Frightened, rules.Blinded} {
		if got := with(mira(), cond).CurrentSpeed(); got != 30 {
			t.Errorf("%v: speed %d, want 30", cond, got)
		}
	}
}

func TestIncapacitated(t *testing.T) {
	for _, cond := range []rules.Condition{rules.Incapacitated, rules.Paralyzed, rules.Petrified, rules.Stunned, rules.Unconscious} {
		if !with(mira(), cond).Incapacitated() {
			t.Errorf("%v is not incapacitated", cond)
		}
	}
	if with(mira(), rules.Restrained, rules.Grappled, rules.Charmed).Incapacitated() {
		t.Error("restrained, grappled and charmed count as incapacitated")
	}
}

func TestParse(t *testing.T) {
	if a, err := rules.ParseAbility("Dexterity"); err != nil || a != rules.Dex {
		t.Errorf("ParseAbility(Dexterity) = %v, %v", a, err)
	}
	if a, err := rules.ParseAbility("wis"); err != nil || a != rules.Wis {
		t.Errorf("ParseAbility(wis) = %v, %v", a, err)
	}
	if s, err := rules.ParseSkill("Sleight of Hand"); err != nil || s != rules.SleightOfHand {
		t.Errorf("ParseSkill(Sleight of Hand) = %v, %v", s, err)
	}
	if s, err := rules.ParseSkill("animal_handling"); err != nil || s != rules.AnimalHandling {
		t.Errorf("ParseSkill(animal_handling) = %v, %v", s, err)
	}
	if d, err := rules.ParseDamageType("FIRE"); err != nil || d != rules.Fire {
		t.Errorf("ParseDamageType(FIRE) = %v, %v", d, err)
	}
	if c, err := rules.ParseCondition("exhaustion"); err != nil || c != rules.Exhaustion {
		t.Errorf("ParseCondition(exhaustion) = %v, %v", c, err)
	}
	for _, err := range []error{
		second(rules.ParseAbility("luck")), second(rules.ParseSkill("cooking")),
		second(rules.ParseDamageType("holy")), second(rules.ParseCondition("sleepy")),
	} {
		if !fault.Is(err, fault.Invalid) {
			t.Errorf("err = %v, want invalid", err)
		}
	}
}

func second[T any](_ T, err error) error { return err }

func TestSet(t *testing.T) {
	s := rules.SetOf(rules.Poison, rules.Fire)
	if !s.Has(rules.Fire) || s.Has(rules.Cold) || s.Len() != 2 {
		t.Errorf("set = %v", s)
	}
	if got := slices.Collect(s.All()); !slices.Equal(got, []rules.DamageType{rules.Fire, rules.Poison}) {
		t.Errorf("All = %v, want fire, poison in order", got)
	}
	if s.Without(rules.Fire).Has(rules.Fire) || s.With(rules.Fire) != s {
		t.Error("With/Without")
	}
	b, err := json.Marshal(s)
	if err != nil || string(b) != `["fire","poison"]` {
		t.Errorf("Marshal = %s, %v", b, err)
	}
	var back rules.Set[rules.DamageType]
	if err := json.Unmarshal([]byte(`["Fire", "poison"]`), &back); err != nil || back != s {
		t.Errorf("Unmarshal = %v, %v", back, err)
	}
	if err := json.Unmarshal([]byte(`["holy"]`), &back); !fault.Is(err, fault.Invalid) {
		t.Errorf("Unmarshal of an unknown type: err = %v, want invalid", err)
	}
}

func TestCombatantJSONRoundTrips(t *testing.T) {
	c := with(goblin(), rules.Prone, rules.Poisoned)
	c.Resistances = rules.SetOf(rules.Fire)
	c.Concentration = "bless"
	c.SpellSlots[0].Max = 2
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var back rules.Combatant
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, c) {
		t.Errorf("round trip:\n got %+v\nwant %+v", back, c)
	}
}

func TestApply(t *testing.T) {
	target := goblin()
	target.Concentration = "bless"
	target.HP, target.MaxHP = 20, 20
	r, err := rules.Attack(mira(), target, longsword(), faces(t, 15, 8, 3))
	if err != nil {
		t.Fatal(err)
	}
	after, err := target.Apply(r.Changes)
	if err != nil {
		t.Fatal(err)
	}
	if after.HP != 9 || after.Concentration != "" {
		t.Errorf("after = HP %d concentration %q, want 9 and none", after.HP, after.Concentration)
	}
	if target.HP != 20 || target.Concentration != "bless" {
		t.Error("Apply changed its receiver")
	}
	if same, err := mira().Apply(r.Changes); err != nil || !reflect.DeepEqual(same, mira()) {
		t.Errorf("changes to another combatant touched Mira: %v", err)
	}
	if _, err := after.Apply(r.Changes); !fault.Is(err, fault.Conflict) {
		t.Errorf("applying twice: err = %v, want conflict", err)
	}

	t.Run("ConditionsAndFlags", func(t *testing.T) {
		d, err := rules.TakeDamage(mira(), hit(dmg(56, rules.Fire)), faces(t))
		if err != nil {
			t.Fatal(err)
		}
		dead, err := mira().Apply(d.Changes)
		if err != nil {
			t.Fatal(err)
		}
		if !dead.Dead || dead.HP != 0 {
			t.Errorf("after massive damage: %+v", dead)
		}
		down, err := rules.TakeDamage(mira(), hit(dmg(30, rules.Fire)), faces(t))
		if err != nil {
			t.Fatal(err)
		}
		c, err := mira().Apply(down.Changes)
		if err != nil {
			t.Fatal(err)
		}
		if !c.Dying() || !c.Conditions.Has(rules.Unconscious) || !c.Conditions.Has(rules.Prone) {
			t.Errorf("after dropping: %+v", c)
		}
		up, err := rules.Heal(c, dice.MustParse("5"), faces(t))
		if err != nil {
			t.Fatal(err)
		}
		c, err = c.Apply(up.Changes)
		if err != nil {
			t.Fatal(err)
		}
		if c.HP != 5 || c.Conditions.Has(rules.Unconscious) || !c.Conditions.Has(rules.Prone) {
			t.Errorf("after healing: %+v", c)
		}
	})

	t.Run("MistypedValueIsInvalid", func(t *testing.T) {
		bad := []rules.Change{{TargetID: "mira", Field: rules.FieldHP, From: "28", To: 3}}
		if _, err := mira().Apply(bad); !fault.Is(err, fault.Invalid) {
			t.Errorf("err = %v, want invalid", err)
		}
	})
}

func TestLogJSONRoundTrips(t *testing.T) {
	c := mira()
	c.Concentration = "bless"
	c.SpellSlots[1].Used = 1
	r, err := rules.TakeDamage(c, hit(dmg(40, rules.Fire)), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	rest, _ := rules.LongRest(mira(), true)
	log := r.Log
	log.Changes = append(log.Changes, gained("mira", rules.Poisoned), change("mira", rules.FieldMaxHP, 28, 33))
	log.Changes = append(log.Changes, rules.Change{TargetID: "mira", Field: rules.FieldSpellSlotsUsed, Slot: 2, From: 1, To: 0})
	log.Changes = append(log.Changes, rest.Changes...)
	b, err := json.Marshal(log)
	if err != nil {
		t.Fatal(err)
	}
	var back rules.Log
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Changes, log.Changes) {
		t.Errorf("changes round trip:\n got %v\nwant %v\njson %s", back.Changes, log.Changes, b)
	}
	if err := json.Unmarshal([]byte(`{"changes":[{"target_id":"x","field":"mood","from":1,"to":2}]}`), &back); !fault.Is(err, fault.Invalid) {
		t.Errorf("unknown field: err = %v, want invalid", err)
	}
}

func TestApplyEveryField(t *testing.T) {
	c := with(mira(), rules.Prone)
	c.TempHP, c.Concentration, c.HitDice.Used = 3, "bless", 1
	c.SpellSlots[0].Used = 2
	c.DeathSaves.Successes = 1
	changes := []rules.Change{
		change("mira", rules.FieldHP, 28, 0),
		change("mira", rules.FieldMaxHP, 28, 33),
		change("mira", rules.FieldTempHP, 3, 0),
		change("mira", rules.FieldExhaustion, 0, 2),
		change("mira", rules.FieldDeathSuccesses, 1, 2),
		change("mira", rules.FieldDeathFailures, 0, 1),
		change("mira", rules.FieldHitDiceUsed, 1, 0),
		{TargetID: "mira", Field: rules.FieldSpellSlotsUsed, Slot: 1, From: 2, To: 0},
		change("mira", rules.FieldStable, false, true),
		change("mira", rules.FieldDead, false, true),
		change("mira", rules.FieldConcentration, "bless", ""),
		lost("mira", rules.Prone),
		gained("mira", rules.Unconscious),
	}
	got, err := c.Apply(changes)
	if err != nil {
		t.Fatal(err)
	}
	want := mira()
	want.HP, want.MaxHP, want.Exhaustion, want.Stable, want.Dead = 0, 33, 2, true, true
	want.DeathSaves.Successes, want.DeathSaves.Failures = 2, 1
	want.Conditions = rules.SetOf(rules.Unconscious)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("applied:\n got %+v\nwant %+v", got, want)
	}
	for name, bad := range map[string]rules.Change{
		"WrongSlot":           {TargetID: "mira", Field: rules.FieldSpellSlotsUsed, Slot: 10, From: 0, To: 1},
		"UnknownField":        change("mira", "mood", 1, 2),
		"ConditionNeitherWay": change("mira", rules.FieldCondition, rules.Prone, rules.Poisoned),
		"ConditionMistyped":   change("mira", rules.FieldCondition, "", "prone"),
	} {
		if _, err := c.Apply([]rules.Change{bad}); !fault.Is(err, fault.Invalid) {
			t.Errorf("%s: err = %v, want invalid", name, err)
		}
	}
	for name, stale := range map[string]rules.Change{
		"LosingAbsentCondition":   lost("mira", rules.Poisoned),
		"GainingPresentCondition": gained("mira", rules.Prone),
		"StaleFlag":               change("mira", rules.FieldDead, true, false),
	} {
		if _, err := c.Apply([]rules.Change{stale}); !fault.Is(err, fault.Conflict) {
			t.Errorf("%s: err = %v, want conflict", name, err)
		}
	}
}

func TestResultsStoreIDsAsJSON(t *testing.T) {
	r, err := rules.Attack(mira(), goblin(), longsword(), faces(t, 14, 4))
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Kind   string `json:"kind"`
		Rolls  []map[string]any
		Damage struct {
			Parts []struct {
				Type string `json:"type"`
			} `json:"parts"`
		} `json:"damage"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if m.Kind != "melee_weapon" || m.Damage.Parts[0].Type != "slashing" || m.Rolls[0]["reason"] != "attack roll" || m.Rolls[0]["dice"] != "1d20+5" {
		t.Errorf("json = %s", b)
	}
	chk, err := rules.Check(mira(), rules.CheckRequest{Skill: rules.SleightOfHand, DC: 10}, faces(t, 10))
	if err != nil {
		t.Fatal(err)
	}
	b, _ = json.Marshal(chk)
	var cm map[string]any
	_ = json.Unmarshal(b, &cm)
	if cm["ability"] != "dex" || cm["skill"] != "sleight-of-hand" {
		t.Errorf("json = %s", b)
	}
}

func TestAttackBonusBeyondTheUsualRange(t *testing.T) {
	req := longsword()
	req.Bonus = 90
	r, err := rules.Attack(mira(), goblin(), req, faces(t, 2, 1))
	if err != nil {
		t.Fatal(err)
	}
	if r.Total != 92 || r.Rolls[0].Expr != "1d20+90" {
		t.Errorf("bonus 90: total %d expr %q", r.Total, r.Rolls[0].Expr)
	}
	req.Bonus = -5000
	if _, err := rules.Attack(mira(), goblin(), req, faces(t)); !fault.Is(err, fault.Invalid) {
		t.Errorf("bonus -5000: err = %v, want invalid", err)
	}
}
