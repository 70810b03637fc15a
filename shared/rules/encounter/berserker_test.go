package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
)

// barbarian is Urga at a level, a berserker from 3rd, with hit points to
// spare (100), a greataxe and no armour: AC 15.
func barbarian(level int) campaign.Character {
	u := urga()
	u.Level, u.HP, u.MaxHP, u.HitDice = level, 100, 100, campaign.Pool{Max: level}
	return u
}

// first starts a fight in which the characters go first, in order, then
// the monsters: as casterFirst, with the two d20s a barbarian of 7th
// level or higher rolls for initiative (Feral Instinct).
func first(t *testing.T, chars []campaign.Character, monsters []encounter.MonsterSpec) encounter.Encounter {
	t.Helper()
	var init []int
	k := 0
	next := func() int { k++; return max(20-6*(k-1), 1) }
	for _, ch := range chars {
		f := next()
		init = append(init, f)
		if ch.Class == "barbarian" && ch.Level >= 7 {
			init = append(init, f)
		}
	}
	for _, m := range monsters {
		for range m.Count {
			init = append(init, next())
		}
	}
	e, _, err := encounter.Start("enc-b", chars, monsters, nil, faces(t, init...), nil)
	if err != nil {
		t.Fatal(err)
	}
	if e.Current != chars[0].ID {
		t.Fatalf("current %q, order %v", e.Current, e.Order)
	}
	return e
}

// pass ends id's turn.
func pass(t *testing.T, e encounter.Encounter, id string) encounter.Encounter {
	t.Helper()
	e, _, err := encounter.Act(e, id, encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func attack(target string) encounter.Action {
	return encounter.Action{Kind: encounter.ActionAttack, TargetID: target, EndTurn: true}
}

var dodge = encounter.Action{Kind: encounter.ActionDodge, EndTurn: true}

// The rage's uses come from the rage_count counter (2 at 1st level, 3 at
// 3rd, 4 at 6th, 5 at 12th, 6 at 17th, unlimited at 20th); its damage
// bonus is +2, +3 from 9th, +4 from 16th.
func TestRageUsesAndBonusByLevel(t *testing.T) {
	for _, c := range []struct{ level, uses int }{{1, 2}, {3, 3}, {6, 4}, {12, 5}, {17, 6}, {20, 9999}} {
		if got := campaign.ResourcesOf(barbarian(c.level))["rage"].Max; got != c.uses {
			t.Errorf("level %d: %d rages, want %d", c.level, got, c.uses)
		}
	}
	for _, c := range []struct {
		level int
		expr  string
	}{{8, "1d12+3+2"}, {9, "1d12+3+3"}, {16, "1d12+3+4"}} {
		e := first(t, []campaign.Character{barbarian(c.level)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
		e, _, err := encounter.Act(e, "urga", useFeature("rage"), faces(t))
		if err != nil {
			t.Fatal(err)
		}
		// Two attacks from 5th level: a hit for 1, then a miss.
		_, res, err := encounter.Act(e, "urga", attack("ogre-1"), faces(t, 15, 1, 1))
		if err != nil {
			t.Fatal(err)
		}
		if res.Rolls[1].Expr != c.expr {
			t.Errorf("level %d: greataxe damage %q, want %q", c.level, res.Rolls[1].Expr, c.expr)
		}
	}
	// At 20th the rages never run out: the sheet's count of uses spent
	// does not stop another.
	twenty := barbarian(20)
	twenty.Resources = map[string]campaign.Pool{"rage": {Max: 9999, Used: 40}}
	e := first(t, []campaign.Character{twenty}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	if _, res, err := encounter.Act(e, "urga", useFeature("rage"), faces(t)); err != nil || !strings.Contains(res.Summary(), "rages unlimited") {
		t.Fatalf("a 20th-level rage after 40: %v %q", err, res.Summary())
	}
	spent := urga()
	spent.Resources = map[string]campaign.Pool{"rage": {Max: 2, Used: 2}}
	e = casterFirst(t, []campaign.Character{spent}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	if _, _, err := encounter.Act(e, "urga", useFeature("rage"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("a third rage at 1st level: %v", err)
	}
}

// A rage ends the moment its barbarian drops to 0 hit points, not when
// its turn would.
func TestRageEndsAtZeroHP(t *testing.T) {
	low := urga()
	low.HP = 5
	e := first(t, []campaign.Character{low, mira()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	e, _, err := encounter.Act(e, "urga", useFeature("rage"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.Act(e, "urga", attack("orc-1"), faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	e = pass(t, e, "mira")
	// The orc's greataxe: 9 + 3 slashing, halved to 6, takes the 5.
	e, res, err := encounter.MonsterTurn(e, faces(t, 15, 9))
	if err != nil {
		t.Fatal(err)
	}
	u := participant(t, e, "urga")
	if u.HP != 0 || slices.Contains(u.Combatant.Features, rules.Raging) || u.Combatant.Resistances.Has(rules.Slashing) ||
		!strings.Contains(res.Summary(), "Rage ends (unconscious)") {
		t.Fatalf("urga at %d HP, features %v, resistances %v: %q", u.HP, u.Combatant.Features, u.Combatant.Resistances, res.Summary())
	}
}

// Relentless Rage: dropped to 0 while raging, a Constitution save against
// DC 10 leaves the barbarian at 1 hit point; each use raises the DC by 5
// until a short or long rest; a failed save drops it, and the rage ends.
func TestRelentlessRage(t *testing.T) {
	u := barbarian(11)
	u.HP = 5
	e := first(t, []campaign.Character{u, mira()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	e, _, err := encounter.Act(e, "urga", useFeature("rage"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.Act(e, "urga", attack("orc-1"), faces(t, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	e = pass(t, e, "mira")
	// 12 slashing halved to 6 drops Urga; the save: 5 + 3 Con + 4
	// proficiency = 12 against DC 10.
	e, res, err := encounter.MonsterTurn(e, faces(t, 15, 9, 5))
	if err != nil {
		t.Fatal(err)
	}
	p := participant(t, e, "urga")
	if p.HP != 1 || !slices.Contains(p.Combatant.Features, rules.Raging) || p.Pools["relentless-rage"].Used != 1 || len(p.Conditions) != 0 {
		t.Fatalf("after the first save: %d HP, conditions %v, features %v, pools %v: %q", p.HP, p.Conditions, p.Combatant.Features, p.Pools, res.Summary())
	}
	// Never having fallen, Urga is not prone. Hurt this round, the rage
	// outlasts a turn of dodging; the next drop asks DC 15, and 12 fails
	// it.
	e, _, err = encounter.Act(e, "urga", dodge, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e = pass(t, e, "mira")
	e, res, err = encounter.MonsterTurn(e, faces(t, 15, 15, 9, 5))
	if err != nil {
		t.Fatal(err)
	}
	p = participant(t, e, "urga")
	if p.HP != 0 || slices.Contains(p.Combatant.Features, rules.Raging) || p.Pools["relentless-rage"].Used != 2 ||
		!strings.Contains(res.Summary(), "DC 15") {
		t.Fatalf("after the second drop: %d HP, features %v, pools %v: %q", p.HP, p.Combatant.Features, p.Pools, res.Summary())
	}
	// A short rest resets the DC.
	sheet := barbarian(11)
	sheet.Resources = map[string]campaign.Pool{"relentless-rage": {Used: 2}}
	if got := campaign.Rested(sheet, false)["relentless-rage"]; got.Used != 0 {
		t.Errorf("after a short rest: %+v", got)
	}
}

// Persistent Rage: from 15th level, a turn without attacking or being
// hurt does not end the rage.
func TestPersistentRage(t *testing.T) {
	e := first(t, []campaign.Character{barbarian(15)}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	e, _, err := encounter.Act(e, "urga", encounter.Action{Kind: encounter.ActionFeature, Feature: "rage", EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.Act(e, "urga", dodge, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(participant(t, e, "urga").Combatant.Features, rules.Raging) {
		t.Fatal("a quiet turn ended a persistent rage")
	}
}

// Feral Instinct: from 7th level, advantage on initiative; surprised,
// the barbarian still takes its first turn, raging before anything else.
func TestFeralInstinct(t *testing.T) {
	// Urga rolls 3 and 4 (advantage: 4 + 2), the orc 20 + 1.
	e, log, err := encounter.Start("enc-f", []campaign.Character{barbarian(7)}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}},
		[]string{"urga"}, faces(t, 3, 4, 20), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !log.Rolls[0].Advantage || participant(t, e, "urga").Initiative != 6 || e.Current != "orc-1" {
		t.Fatalf("initiative: %+v, order %v", log.Rolls, e.Order)
	}
	e, res, err := encounter.MonsterTurn(e, faces(t, 15, 9))
	if err != nil {
		t.Fatal(err)
	}
	u := participant(t, e, "urga")
	if e.Current != "urga" || !slices.Contains(u.Combatant.Features, rules.Raging) || !u.Turn.BonusActionUsed || u.Turn.ActionUsed ||
		u.Pools["rage"].Used != 1 || !strings.Contains(res.Summary(), "Feral Instinct") {
		t.Fatalf("a surprised feral barbarian's first turn: current %q, %+v, pools %v: %q", e.Current, u.Turn, u.Pools, res.Summary())
	}
	if _, _, err := encounter.Act(e, "urga", attack("orc-1"), faces(t, 1, 1)); err != nil {
		t.Fatalf("the raging barbarian's attacks: %v", err)
	}
}

// Brutal Critical: from 9th level, a critical hit with a melee weapon
// rolls one more of its damage dice (two at 13th, three at 17th).
func TestBrutalCritical(t *testing.T) {
	for _, c := range []struct {
		level, n int
		more     string
	}{{9, 1, "1d12"}, {13, 2, "2d12"}, {17, 3, "3d12"}} {
		e := first(t, []campaign.Character{barbarian(c.level)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
		// A natural 20: 2d12 + 3, then the extra dice; the second attack
		// misses.
		f := []int{20, 1, 1}
		for range c.n {
			f = append(f, 1)
		}
		_, res, err := encounter.Act(e, "urga", attack("ogre-1"), faces(t, append(f, 1)...))
		if err != nil {
			t.Fatal(err)
		}
		k := slices.IndexFunc(res.Rolls, func(r rules.Roll) bool { return r.Reason == "critical dice" })
		if k < 0 || res.Rolls[k].Expr != c.more || !res.Attacks[0].Critical || res.Attacks[0].Damage.Taken != 2+3+c.n {
			t.Errorf("level %d: %+v, rolls %+v", c.level, res.Attacks[0].Damage, res.Rolls)
		}
	}
	// A plain hit rolls no more dice.
	e := first(t, []campaign.Character{barbarian(9)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	if _, res, err := encounter.Act(e, "urga", attack("ogre-1"), faces(t, 19, 1, 1)); err != nil || len(res.Rolls) != 3 {
		t.Fatalf("a plain hit: %v, rolls %+v", err, res.Rolls)
	}
}

// Frenzy: a berserker's rage in a frenzy gives one melee weapon attack as
// a bonus action on each later turn of it, and a level of exhaustion when
// it ends, which goes back to the sheet.
func TestFrenzy(t *testing.T) {
	e := casterFirst(t, []campaign.Character{barbarian(3)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	if _, _, err := encounter.Act(encounter.Encounter(e), "urga", encounter.Action{Kind: encounter.ActionFeature, Feature: "rage", Choice: "calm"}, faces(t)); fault.ReasonOf(err) != encounter.InvalidArgs {
		t.Fatalf("an unknown choice: %v", err)
	}
	e, res, err := encounter.Act(e, "urga", encounter.Action{Kind: encounter.ActionFeature, Feature: "rage", Choice: "frenzy"}, faces(t))
	if err != nil || !strings.Contains(res.Summary(), "frenzied") {
		t.Fatalf("a frenzy: %v %q", err, res.Summary())
	}
	e, _, err = encounter.Act(e, "urga", attack("ogre-1"), faces(t, 15, 7))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	// The next turn: the frenzy's bonus attack, 1d12 + 3 + 2.
	frenzy := encounter.Action{Kind: encounter.ActionFeature, Feature: "frenzy", TargetID: "ogre-1"}
	e, res, err = encounter.Act(e, "urga", frenzy, faces(t, 15, 7))
	if err != nil {
		t.Fatal(err)
	}
	if u := participant(t, e, "urga"); len(res.Attacks) != 1 || !res.Attacks[0].Hit || !u.Turn.BonusActionUsed || u.Turn.ActionUsed {
		t.Fatalf("the frenzy's attack: %+v, turn %+v", res.Attacks, u.Turn)
	}
	if _, _, err := encounter.Act(e, "urga", frenzy, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("a second bonus attack: %v", err)
	}
	_, diffs, err := encounter.End(e, "other", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sheets := diffs.CharacterUpdates([]campaign.Character{barbarian(3)})
	if d := diffs[0].Exhaustion; d == nil || d.After != 1 || sheets[0].Exhaustion != 1 {
		t.Fatalf("the frenzy's exhaustion: %+v, sheet %d", d, sheets[0].Exhaustion)
	}

	// A plain rage's bonus attack is refused, and leaves no exhaustion.
	e = casterFirst(t, []campaign.Character{barbarian(3)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	e, _, err = encounter.Act(e, "urga", useFeature("rage"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := encounter.Act(e, "urga", encounter.Action{Kind: encounter.ActionFeature, Feature: "frenzy", TargetID: "ogre-1", Bonus: false}, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("a frenzy attack without a frenzy: %v", err)
	}
	_, diffs, err = encounter.End(e, "other", encounter.EndOptions{})
	if err != nil || diffs[0].Exhaustion != nil {
		t.Fatalf("a plain rage's end: %v %+v", err, diffs[0].Exhaustion)
	}
	// A 1st-level barbarian has no frenzy to rage in.
	e = casterFirst(t, []campaign.Character{urga()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	if _, _, err := encounter.Act(e, "urga", encounter.Action{Kind: encounter.ActionFeature, Feature: "rage", Choice: "frenzy"}, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("a frenzy at 1st level: %v", err)
	}
}

// Mindless Rage: from 6th level a raging berserker cannot be frightened
// or charmed; a fear already on it waits out the rage and comes back
// if what holds it still does.
func TestMindlessRage(t *testing.T) {
	e := casterFirst(t, []campaign.Character{barbarian(6)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "frightened", Spell: "cause-fear", CasterID: "ogre-1", TargetID: "urga",
		Condition: rules.Frightened, Ends: "1 minute"}, Until: encounter.Until{Round: 10, Turn: "ogre-1"}})
	e = edit(e, "urga", func(p *encounter.Participant) {
		p.Combatant.Conditions = p.Combatant.Conditions.With(rules.Frightened)
	})
	e, res, err := encounter.Act(e, "urga", useFeature("rage"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	u := participant(t, e, "urga")
	if u.Combatant.Conditions.Has(rules.Frightened) || !u.Combatant.ConditionImmunities.Has(rules.Charmed) || !strings.Contains(res.Summary(), "drives out") {
		t.Fatalf("raging: conditions %v, immunities %v: %q", u.Combatant.Conditions, u.Combatant.ConditionImmunities, res.Summary())
	}
	_, diffs, err := encounter.End(e, "other", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The fear's effect ends with the fight too, after the rage: Urga
	// leaves it unafraid, and the rage leaves no exhaustion.
	if diffs[0].Exhaustion != nil || slices.Contains(diffs[0].Conditions.Active, "frightened") {
		t.Fatalf("after the fight: %+v", diffs[0])
	}
	e2 := casterFirst(t, []campaign.Character{barbarian(6)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	e2.Effects = append(e2.Effects, encounter.Effect{Effect: spell.Effect{ID: "frightened", Spell: "cause-fear", CasterID: "ogre-1", TargetID: "urga",
		Condition: rules.Frightened, Ends: "1 minute"}, Until: encounter.Until{Round: 10, Turn: "ogre-1"}})
	e2 = edit(e2, "urga", func(p *encounter.Participant) {
		p.Combatant.Conditions = p.Combatant.Conditions.With(rules.Frightened)
	})
	// A turn that neither attacks nor is hurt ends the rage; the fear,
	// still held, comes back.
	e2, res, err = encounter.Act(e2, "urga", encounter.Action{Kind: encounter.ActionFeature, Feature: "rage", EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if u := participant(t, e2, "urga"); !u.Combatant.Conditions.Has(rules.Frightened) || u.Combatant.ConditionImmunities.Has(rules.Frightened) ||
		!strings.Contains(res.Summary(), "frightened again") {
		t.Fatalf("after the rage: conditions %v, immunities %v: %q", u.Combatant.Conditions, u.Combatant.ConditionImmunities, res.Summary())
	}
}

// Intimidating Presence: an action; the target saves (Wisdom against 8 +
// proficiency + Charisma) or is frightened until the end of the
// berserker's next turn, which its action on that turn extends without a
// save; a creature that saved cannot be tried again.
func TestIntimidatingPresence(t *testing.T) {
	u := barbarian(10)
	u.Abilities.Cha = 14 // DC 8 + 4 + 2 = 14
	e := first(t, []campaign.Character{u}, []encounter.MonsterSpec{{SRDID: "orc", Count: 2}})
	intimidate := func(id string) encounter.Action {
		return encounter.Action{Kind: encounter.ActionFeature, Feature: "intimidating-presence", TargetID: id, EndTurn: true}
	}
	if _, _, err := encounter.Act(e, "urga", encounter.Action{Kind: encounter.ActionFeature, Feature: "intimidating-presence", TargetID: "orc-1", Distance: 35}, faces(t)); fault.ReasonOf(err) != encounter.OutOfRange {
		t.Fatalf("35 ft away: %v", err)
	}
	// The orc's save: 10 + 0 fails DC 14.
	e, res, err := encounter.Act(e, "urga", intimidate("orc-1"), faces(t, 10))
	if err != nil {
		t.Fatal(err)
	}
	if o := participant(t, e, "orc-1"); !o.Combatant.Conditions.Has(rules.Frightened) || !strings.Contains(res.Summary(), "DC 14") {
		t.Fatalf("the orc: %v: %q", o.Conditions, res.Summary())
	}
	// Frightened, the first orc attacks with disadvantage; the second
	// misses.
	e, _, err = encounter.MonsterTurn(e, faces(t, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	// Extended without a save; the second orc saves (14).
	e, res, err = encounter.Act(e, "urga", encounter.Action{Kind: encounter.ActionFeature, Feature: "intimidating-presence", TargetID: "orc-1"}, faces(t))
	if err != nil || !strings.Contains(res.Summary(), "stays frightened") {
		t.Fatalf("extending: %v %q", err, res.Summary())
	}
	if _, _, err = encounter.Act(e, "urga", intimidate("orc-2"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("a second action in the turn: %v", err)
	}
	e, _, err = encounter.Act(e, "urga", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.Act(e, "urga", intimidate("orc-2"), faces(t, 14))
	if err != nil {
		t.Fatal(err)
	}
	if participant(t, e, "orc-2").Combatant.Conditions.Has(rules.Frightened) {
		t.Fatal("the orc that saved is frightened")
	}
	// The first orc's fear ended with Urga's turn; the second cannot be
	// tried again.
	if participant(t, e, "orc-1").Combatant.Conditions.Has(rules.Frightened) {
		t.Fatal("the fear outlasted the end of Urga's next turn")
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := encounter.Act(e, "urga", intimidate("orc-2"), faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Fatalf("the orc that saved, again: %v", err)
	}
}

// Retaliation: from 14th level, a berserker hurt by a creature within 5
// feet may answer with a melee weapon attack as its reaction.
func TestRetaliation(t *testing.T) {
	e := first(t, []campaign.Character{barbarian(14)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	e, _, err := encounter.Act(e, "urga", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	// The ogre's greatclub hits for 2d8 + 4.
	_, res, err := encounter.MonsterTurn(e, faces(t, 15, 4, 4))
	if err != nil {
		t.Fatal(err)
	}
	var offered bool
	for _, o := range res.Openings {
		for _, of := range o.Offers {
			offered = offered || (of.Name == "retaliation" && of.ParticipantID == "urga")
		}
	}
	if !offered {
		t.Fatalf("no Retaliation offered: %+v", res.Openings)
	}
	rs := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "urga", Name: "retaliation"}}, Seed: 7}
	e, res, err = encounter.MonsterTurnWith(e, faces(t, 15, 4, 4), rs)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 2 || res.Attacks[1].AttackerID != "urga" || len(res.Applied) != 1 || !strings.Contains(res.Applied[0].Text, "retaliates") {
		t.Fatalf("retaliation: attacks %+v, applied %+v", res.Attacks, res.Applied)
	}
	want := 59
	if d := res.Attacks[1].Damage; d != nil {
		want -= d.Taken
	}
	if o := participant(t, e, "ogre-1"); o.HP != want {
		t.Fatalf("the ogre at %d HP after the retaliation, want %d", o.HP, want)
	}
	// At 13th level, nothing is offered.
	e = first(t, []campaign.Character{barbarian(13)}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	e, _, err = encounter.Act(e, "urga", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, res, err = encounter.MonsterTurn(e, faces(t, 15, 4, 4)); err != nil {
		t.Fatal(err)
	}
	for _, o := range res.Openings {
		for _, of := range o.Offers {
			if of.Name == "retaliation" {
				t.Fatalf("retaliation offered at 13th level")
			}
		}
	}
}

// A 5th-level barbarian against an ogre: speed 40 (Fast Movement), rage,
// Reckless Attack and two attacks (Extra Attack), and the ogre's club
// halved.
func TestFifthLevelBarbarianFightsAnOgre(t *testing.T) {
	sheet, err := campaign.NewCharacter{Name: "Urga", Race: "half-orc", Class: "barbarian", Level: 5}.Build("urga", "p1")
	if err != nil {
		t.Fatal(err)
	}
	if sheet.Speed != 40 {
		t.Fatalf("a 5th-level barbarian's speed: %d", sheet.Speed)
	}
	e := casterFirst(t, []campaign.Character{sheet}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	if u := participant(t, e, "urga"); u.Turn.Movement != 40 {
		t.Fatalf("movement %d", u.Turn.Movement)
	}
	for _, id := range []string{"rage", "reckless-attack"} {
		if e, _, err = encounter.Act(e, "urga", useFeature(id), faces(t)); err != nil {
			t.Fatal(err)
		}
	}
	// Two attacks with advantage: each 2 d20 and 1d12 (+ Str + rage 2).
	e, res, err := encounter.Act(e, "urga", attack("ogre-1"), faces(t, 3, 15, 6, 12, 2, 6))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 2 || !res.Attacks[0].Hit || !res.Attacks[1].Hit || len(res.Attacks[0].Edge.Advantage) == 0 {
		t.Fatalf("the attacks: %+v", res.Attacks)
	}
	str := campaign.Modifier(sheet.Abilities.Str)
	if o := participant(t, e, "ogre-1"); o.HP != 59-2*(6+str+2) {
		t.Fatalf("the ogre at %d HP", o.HP)
	}
	// The reckless barbarian is hit with advantage for 2d8 + 4 = 12,
	// halved to 6.
	e, res, err = encounter.MonsterTurn(e, faces(t, 2, 15, 4, 4))
	if err != nil {
		t.Fatal(err)
	}
	if u := participant(t, e, "urga"); u.HP != sheet.MaxHP-6 || len(res.Attacks[0].Edge.Advantage) == 0 {
		t.Fatalf("urga at %d/%d: %q", u.HP, sheet.MaxHP, res.Summary())
	}
}
