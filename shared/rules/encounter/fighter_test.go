package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// fighter is Mira at a level (a champion from 3rd) with 100 hit points,
// the fighting styles given, and the kit given, all of it wielded or worn
// (a longsword if none).
func fighter(level int, styles []string, kit ...string) campaign.Character {
	m := mira()
	m.Level, m.HP, m.MaxHP, m.HitDice = level, 100, 100, campaign.Pool{Max: level}
	if len(kit) == 0 {
		kit = []string{"longsword"}
	}
	m.Inventory = nil
	for _, it := range kit {
		m.Inventory = append(m.Inventory, campaign.Item{Item: it, Qty: 1, Equipped: true})
	}
	if len(styles) > 0 {
		m.Choices = map[string][]string{"fighting-style": styles}
	}
	return m
}

// A 1st-level fighter with the Dueling style and a shield against two
// goblins: her longsword deals 1d8 + 3 + 2, and Second Wind gives back
// 1d10 + 1.
func TestFirstLevelFighterDuelsGoblins(t *testing.T) {
	m := fighter(1, []string{"fighter-fighting-style-dueling"}, "longsword", "shield")
	m.HP = 5
	e := casterFirst(t, []campaign.Character{m}, goblins(2))
	e, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1"}, faces(t, 15, 1))
	if err != nil {
		t.Fatal(err)
	}
	if res.Rolls[1].Expr != "1d8+3+2" || participant(t, e, "goblin-1").HP != 1 {
		t.Fatalf("dueling: rolls %+v", res.Rolls)
	}
	e, res, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionSecondWind}, faces(t, 6))
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, e, "mira"); p.HP != 5+6+1 || p.Pools["second-wind"].Used != 1 {
		t.Fatalf("second wind: %d HP, pools %v: %q", p.HP, p.Pools, res.Summary())
	}
	// A dagger wielded too: no dueling.
	two := fighter(1, []string{"fighter-fighting-style-dueling"}, "longsword", "dagger")
	e = casterFirst(t, []campaign.Character{two}, goblins(1))
	if _, res, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "longsword"}, faces(t, 15, 1)); err != nil || res.Rolls[1].Expr != "1d8+3" {
		t.Fatalf("two weapons wielded: %v %+v", err, res.Rolls)
	}
}

// Action Surge: once the action is taken, one more action (two attacks
// again at 5th level); one surge a turn; uses by the action_surges
// counter, one until 17th, then two; back on a short rest.
func TestActionSurge(t *testing.T) {
	e := casterFirst(t, []campaign.Character{fighter(5, nil)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	surge := useFeature("action-surge-1-use")
	if _, _, err := encounter.Act(e, "mira", surge, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("a surge before the action: %v", err)
	}
	hit := encounter.Action{Kind: encounter.ActionAttack, TargetID: "ogre-1"}
	e, _, err := encounter.Act(e, "mira", hit, faces(t, 15, 4, 15, 4))
	if err != nil {
		t.Fatal(err)
	}
	e, res, err := encounter.Act(e, "mira", surge, faces(t))
	if err != nil || !strings.Contains(res.Summary(), "Action Surge") {
		t.Fatalf("surge: %v %q", err, res.Summary())
	}
	e, res, err = encounter.Act(e, "mira", hit, faces(t, 15, 4, 15, 4))
	if err != nil {
		t.Fatal(err)
	}
	if o := participant(t, e, "ogre-1"); len(res.Attacks) != 2 || o.HP != 59-4*7 {
		t.Fatalf("the surged attack action: %d attacks, ogre at %d", len(res.Attacks), o.HP)
	}
	if _, _, err := encounter.Act(e, "mira", surge, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("a second surge: %v", err)
	}
	if p := participant(t, e, "mira"); p.Pools["action-surge"] != (campaign.Pool{Max: 1, Used: 1}) {
		t.Fatalf("pools %v", p.Pools)
	}
	for _, c := range []struct{ level, uses int }{{1, 0}, {2, 1}, {16, 1}, {17, 2}} {
		if got := campaign.ResourcesOf(fighter(c.level, nil))["action-surge"].Max; got != c.uses {
			t.Errorf("level %d: %d surges, want %d", c.level, got, c.uses)
		}
	}
	used := fighter(2, nil)
	used.Resources = map[string]campaign.Pool{"action-surge": {Max: 1, Used: 1}}
	if got := campaign.Rested(used, false)["action-surge"]; got.Used != 0 {
		t.Errorf("after a short rest: %+v", got)
	}
}

// Indomitable: a fighter of 9th level who fails a saving throw may roll
// it again (the new roll stands), from its uses (one, two from 13th,
// three from 17th), which a long rest brings back.
func TestIndomitable(t *testing.T) {
	m := fighter(9, nil)
	e, _, err := encounter.Start("enc-i", []campaign.Character{m}, []encounter.MonsterSpec{{SRDID: "red-dragon-wyrmling", Count: 1}}, nil, faces(t, 1, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	// Fire Breath: 7d6 of 3s, 21 fire; Mira's Dexterity save, 5 + 1,
	// fails DC 13.
	breath := []int{3, 3, 3, 3, 3, 3, 3, 5}
	_, res, err := encounter.MonsterTurn(e, faces(t, breath...))
	if err != nil {
		t.Fatal(err)
	}
	k := slices.IndexFunc(res.Openings, func(o encounter.Opening) bool {
		return slices.ContainsFunc(o.Offers, func(of encounter.Offer) bool { return of.Name == "indomitable-1-use" })
	})
	if k < 0 {
		t.Fatalf("no Indomitable offered: %+v", res.Openings)
	}
	rs := encounter.Reactions{Taken: []campaign.Reaction{{Attack: res.Openings[k].Attack, By: "mira", Name: "indomitable-1-use"}}, Seed: 3}
	out, res, err := encounter.MonsterTurnWith(e, faces(t, breath...), rs)
	if err != nil {
		t.Fatal(err)
	}
	p := participant(t, out, "mira")
	want := 100 - 21
	if res.Saves[0].Success {
		want = 100 - 10
	}
	saves := 0
	for _, r := range res.Rolls {
		if strings.Contains(r.Reason, "saving throw") {
			saves++
		}
	}
	if p.HP != want || saves != 2 || p.Pools["indomitable"] != (campaign.Pool{Max: 1, Used: 1}) || len(res.Applied) != 1 {
		t.Fatalf("after Indomitable: %d HP (want %d), %d saves rolled, pools %v, applied %+v", p.HP, want, saves, p.Pools, res.Applied)
	}
	// With its use spent, nothing is offered.
	spent := fighter(9, nil)
	spent.Resources = map[string]campaign.Pool{"indomitable": {Max: 1, Used: 1}}
	e, _, err = encounter.Start("enc-i", []campaign.Character{spent}, []encounter.MonsterSpec{{SRDID: "red-dragon-wyrmling", Count: 1}}, nil, faces(t, 1, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, res, err = encounter.MonsterTurn(e, faces(t, breath...)); err != nil || len(res.Openings) != 0 {
		t.Fatalf("spent: %v, openings %+v", err, res.Openings)
	}
	for _, c := range []struct{ level, uses int }{{8, 0}, {9, 1}, {13, 2}, {17, 3}} {
		if got := campaign.ResourcesOf(fighter(c.level, nil))["indomitable"].Max; got != c.uses {
			t.Errorf("level %d: %d uses, want %d", c.level, got, c.uses)
		}
	}
}

// Improved Critical (a champion's 3rd level): weapon attacks are critical
// on a 19 or 20; Superior Critical (15th): on an 18 to 20. A fighter of
// no archetype yet crits on a 20 alone.
func TestChampionCriticals(t *testing.T) {
	for _, c := range []struct {
		level, natural int
		critical       bool
		misses         int
	}{{2, 19, false, 0}, {3, 19, true, 0}, {3, 18, false, 0}, {15, 18, true, 2}, {15, 17, false, 2}} {
		e := casterFirst(t, []campaign.Character{fighter(c.level, nil)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
		f := []int{c.natural, 1}
		if c.critical {
			f = append(f, 1)
		}
		for range c.misses {
			f = append(f, 1)
		}
		_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "ogre-1"}, faces(t, f...))
		if err != nil {
			t.Fatal(err)
		}
		if a := res.Attacks[0]; a.Critical != c.critical {
			t.Errorf("level %d, a natural %d: critical %v", c.level, c.natural, a.Critical)
		}
	}
}

// Survivor (a champion's 18th level): at the start of each turn, at half
// its hit points or fewer and above 0, it regains 5 + its Constitution
// modifier.
func TestSurvivor(t *testing.T) {
	for _, c := range []struct{ hp, want int }{{40, 47}, {50, 57}, {51, 51}} {
		m := fighter(18, nil)
		m.HP = c.hp
		e := casterFirst(t, []campaign.Character{m}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
		e = pass(t, e, "mira")
		e, res, err := encounter.MonsterTurn(e, faces(t, 1))
		if err != nil {
			t.Fatal(err)
		}
		if p := participant(t, e, "mira"); p.HP != c.want || (c.want != c.hp) != strings.Contains(res.Summary(), "Survivor") {
			t.Errorf("at %d HP: %d after the turn starts, want %d: %q", c.hp, p.HP, c.want, res.Summary())
		}
	}
}

// The fighting styles in play: Archery's +2 to hit with a ranged weapon
// (a ranger's too), Great Weapon Fighting's reroll of damage dice under 3
// with a two-handed weapon (a paladin's too), Two-Weapon Fighting's
// ability modifier on the off-hand attack.
func TestFightingStyles(t *testing.T) {
	t.Run("Archery", func(t *testing.T) {
		m := fighter(1, []string{"fighter-fighting-style-archery"}, "longbow", "arrow")
		e := casterFirst(t, []campaign.Character{m}, goblins(1))
		_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Distance: 60}, faces(t, 1))
		if err != nil {
			t.Fatal(err)
		}
		if a := res.Attacks[0]; a.Bonus != 2+1+2 {
			t.Fatalf("archery: bonus %d, want 5 (proficiency, Dex, style)", a.Bonus)
		}
		r := ranger(2, []string{"ranger-fighting-style-archery"})
		e = casterFirst(t, []campaign.Character{r}, goblins(1))
		if _, res, err = encounter.Act(e, "rin", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Distance: 60}, faces(t, 1)); err != nil || res.Attacks[0].Bonus != 2+3+2 {
			t.Fatalf("a ranger's archery: %v, %+v", err, res.Attacks)
		}
	})
	t.Run("GreatWeaponFighting", func(t *testing.T) {
		m := fighter(1, []string{"fighter-fighting-style-great-weapon-fighting"}, "greatsword")
		e := casterFirst(t, []campaign.Character{m}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
		// 2d6: a 1 rolled again to a 4, and a 5; + 3.
		_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "ogre-1"}, faces(t, 15, 1, 5, 4))
		if err != nil {
			t.Fatal(err)
		}
		if res.Rolls[1].RerollBelow != 3 || res.Attacks[0].Damage.Taken != 4+5+3 {
			t.Fatalf("great weapon fighting: %+v", res.Rolls[1])
		}
		p := campaign.Character{ID: "pell", PlayerID: "p3", Name: "Pell", Race: "human", Class: "paladin", Level: 2,
			Abilities: campaign.Abilities{Str: 16, Dex: 10, Con: 14, Cha: 14}, HP: 20, MaxHP: 20, AC: 18, Speed: 30,
			Conditions: []string{}, HitDice: campaign.Pool{Max: 2}, SpellSlots: map[string]campaign.Slot{},
			Inventory: []campaign.Item{{Item: "greatsword", Qty: 1, Equipped: true}},
			Choices:   map[string][]string{"fighting-style": {"fighting-style-great-weapon-fighting"}}}
		e = casterFirst(t, []campaign.Character{p}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
		if _, res, err = encounter.Act(e, "pell", encounter.Action{Kind: encounter.ActionAttack, TargetID: "ogre-1"}, faces(t, 15, 2, 6, 3)); err != nil || res.Attacks[0].Damage.Taken != 3+6+3 {
			t.Fatalf("a paladin's great weapon fighting: %v, %+v", err, res.Rolls)
		}
		// A longsword held with a shield is no two-handed weapon.
		s := fighter(1, []string{"fighter-fighting-style-great-weapon-fighting"}, "longsword", "shield")
		e = casterFirst(t, []campaign.Character{s}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
		if _, res, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "ogre-1"}, faces(t, 15, 1)); err != nil || res.Rolls[1].RerollBelow != 0 {
			t.Fatalf("with a shield: %v, %+v", err, res.Rolls)
		}
	})
	t.Run("TwoWeaponFighting", func(t *testing.T) {
		m := fighter(1, []string{"fighter-fighting-style-two-weapon-fighting"}, "shortsword", "dagger")
		e := casterFirst(t, []campaign.Character{m}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
		e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "ogre-1", Weapon: "shortsword"}, faces(t, 1))
		if err != nil {
			t.Fatal(err)
		}
		_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionAttack, Bonus: true, TargetID: "ogre-1", Weapon: "dagger"}, faces(t, 15, 2))
		if err != nil {
			t.Fatal(err)
		}
		if res.Rolls[1].Expr != "1d4+3" {
			t.Fatalf("the off hand's damage: %+v", res.Rolls[1])
		}
	})
}

// rin is a ranger at a level with a longbow (Dex 16) and the styles
// given.
func ranger(level int, styles []string) campaign.Character {
	return campaign.Character{ID: "rin", PlayerID: "p4", Name: "Rin", Race: "elf", Class: "ranger", Level: level,
		Abilities: campaign.Abilities{Str: 10, Dex: 16, Con: 12, Wis: 14}, HP: 20, MaxHP: 20, AC: 15, Speed: 30,
		Conditions: []string{}, HitDice: campaign.Pool{Max: level}, SpellSlots: map[string]campaign.Slot{},
		Inventory: []campaign.Item{{Item: "longbow", Qty: 1, Equipped: true}, {Item: "arrow", Qty: 20}},
		Choices:   map[string][]string{"fighting-style": styles}}
}

// Protection: a fighter with a shield, within 5 feet of an ally a foe
// attacks, gives the attack disadvantage with its reaction.
func TestProtection(t *testing.T) {
	m := fighter(1, []string{"fighter-fighting-style-protection"}, "longsword", "shield")
	e := casterFirst(t, []campaign.Character{m, tavi()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	e = engage(t, e, "mira", "orc-1")
	e = engage(t, e, "tavi", "orc-1")
	e = pass(t, pass(t, e, "mira"), "tavi")
	// The orc goes for Tavi (the fewer hit points) and hits with a 15.
	_, res, err := encounter.MonsterTurn(e, faces(t, 15, 5))
	if err != nil {
		t.Fatal(err)
	}
	var offer *encounter.Offer
	for _, o := range res.Openings {
		for i, of := range o.Offers {
			if of.Name == "fighter-fighting-style-protection" {
				offer = &o.Offers[i]
			}
		}
	}
	if offer == nil || offer.ParticipantID != "mira" {
		t.Fatalf("no Protection offered: %+v", res.Openings)
	}
	rs := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "mira", Name: "fighter-fighting-style-protection"}}}
	out, res, err := encounter.MonsterTurnWith(e, faces(t, 15, 2), rs)
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; a.Hit || len(a.Edge.Disadvantage) == 0 || participant(t, out, "tavi").HP != 20 {
		t.Fatalf("protected: %+v: %q", a, res.Summary())
	}
	// Without a shield, none.
	bare := fighter(1, []string{"fighter-fighting-style-protection"})
	e = casterFirst(t, []campaign.Character{bare, tavi()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	e = engage(t, engage(t, e, "mira", "orc-1"), "tavi", "orc-1")
	e = pass(t, pass(t, e, "mira"), "tavi")
	if _, res, err = encounter.MonsterTurn(e, faces(t, 15, 5)); err != nil {
		t.Fatal(err)
	}
	for _, o := range res.Openings {
		for _, of := range o.Offers {
			if of.Name == "fighter-fighting-style-protection" {
				t.Fatal("Protection offered without a shield")
			}
		}
	}
}
