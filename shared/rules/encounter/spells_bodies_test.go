package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
)

// damageExprs are the dice of an attack's damage rolls, in order.
func damageExprs(a rules.AttackResult) []string {
	var out []string
	for _, r := range a.Rolls {
		if r.Reason == "damage" {
			out = append(out, r.Result.Expr)
		}
	}
	return out
}

func castIn(t *testing.T, e encounter.Encounter, who string, in encounter.Action, f ...int) (encounter.Encounter, encounter.Result) {
	t.Helper()
	in.Kind = encounter.ActionCast
	out, res, err := encounter.Act(e, who, in, faces(t, f...))
	if err != nil {
		t.Fatal(err)
	}
	return out, res
}

func strike(t *testing.T, e encounter.Encounter, who string, in encounter.Action, f ...int) (encounter.Encounter, rules.AttackResult) {
	t.Helper()
	in.Kind = encounter.ActionAttack
	out, res, err := encounter.Act(e, who, in, faces(t, f...))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) == 0 {
		t.Fatalf("no attack: %+v", res)
	}
	return out, res.Attacks[0]
}

// Shillelagh: Fen (Wis 16, Str 10, proficiency +2) strikes with her
// quarterstaff at +5 for 1d8+3, not +2 for 1d6, and the attack is magical.
func TestShillelaghInAFight(t *testing.T) {
	d := fen(3)
	d.Inventory = []campaign.Item{{Item: "quarterstaff", Qty: 1, Equipped: true}}
	e := casterFirst(t, []campaign.Character{d}, goblins(1))
	e, _ = castIn(t, e, "fen", encounter.Action{Spell: "shillelagh", Bonus: true})
	_, a := strike(t, e, "fen", encounter.Action{TargetID: "goblin-1", Weapon: "quarterstaff"}, 10, 4)
	if a.Bonus != 5 || !slices.Equal(damageExprs(a), []string{"1d8+3"}) {
		t.Errorf("attack +%d, damage %v; want +5 and 1d8+3", a.Bonus, damageExprs(a))
	}
	_, _, err := encounter.Act(casterFirst(t, []campaign.Character{fen(3)}, goblins(1)), "fen",
		encounter.Action{Kind: encounter.ActionCast, Spell: "shillelagh", Bonus: true}, faces(t))
	if fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("Shillelagh with only a scimitar: %v, want not_allowed", err)
	}
}

// Enlarge: Mira's longsword deals 1d4 more, and she grapples with
// advantage. Reduce: the goblin, failing its Constitution save, deals 1d4
// less with its scimitar, never below 1.
func TestEnlargeReduceInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{sol(), mira()}, goblins(1))
	e, _ = castIn(t, e, "sol", encounter.Action{Spell: "enlarge-reduce", TargetID: "mira", EndTurn: true})
	_, a := strike(t, e, "mira", encounter.Action{TargetID: "goblin-1"}, 15, 3, 2)
	if got := damageExprs(a); !slices.Equal(got, []string{"1d10+3", "1d4"}) {
		t.Errorf("enlarged damage %v, want the longsword's 1d10+3 in two hands and 1d4", got)
	}
	_, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionGrapple, TargetID: "goblin-1"}, faces(t, 3, 18, 10))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(res.Rolls, func(r rules.Roll) bool { return r.RollerID == "mira" && r.Result.Natural == 18 }) {
		t.Errorf("the grapple's rolls %+v: Mira's Athletics has advantage, keeping the 18", res.Rolls)
	}

	e = casterFirst(t, []campaign.Character{sol(), mira()}, goblins(1))
	// The goblin's CON save (+0) rolls 4 against DC 14.
	e, _ = castIn(t, e, "sol", encounter.Action{Spell: "enlarge-reduce", TargetID: "goblin-1", Choice: "reduce", EndTurn: true}, 4)
	e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	// It hits Sol (19), rolls 1 on the d6 and 4 on the d4; Sol keeps
	// concentration on a 10.
	_, mres, err := encounter.MonsterTurn(e, faces(t, 15, 1, 4, 10))
	if err != nil {
		t.Fatal(err)
	}
	ma := mres.Attacks[0]
	if got := damageExprs(ma); len(got) != 1 || !strings.HasSuffix(got[0], "-1d4") {
		t.Fatalf("reduced damage %v, want the scimitar's less 1d4", got)
	}
	if ma.Damage == nil || ma.Damage.Taken != 1 {
		t.Errorf("damage %+v: 1 + 2 - 4 is still 1", ma.Damage)
	}
}

// Expeditious Retreat dashes as it is cast, and lets Seren Dash as a
// bonus action on her next turn.
func TestExpeditiousRetreatInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{seren(5)}, goblins(1))
	e, _ = castIn(t, e, "seren", encounter.Action{Spell: "expeditious-retreat", Bonus: true})
	if p := participant(t, e, "seren"); p.Turn.Movement != 60 {
		t.Errorf("movement %d, want 60 after the Dash", p.Turn.Movement)
	}
	e, _, err := encounter.Act(e, "seren", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 1))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.Act(e, "seren", encounter.Action{Kind: encounter.ActionDash, Bonus: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, e, "seren"); p.Turn.Movement != 60 || !p.Turn.BonusActionUsed {
		t.Errorf("turn %+v, want 60 ft by a bonus-action Dash", p.Turn)
	}
}

// Gaseous Form: the goblin's nonmagical scimitar deals Sol half, her
// speed is 10, and on her next turn she can neither attack nor cast.
func TestGaseousFormInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{sol()}, goblins(1))
	e, _ = castIn(t, e, "sol", encounter.Action{Spell: "gaseous-form", TargetID: "sol", EndTurn: true})
	if p := participant(t, e, "sol"); p.Combatant.Speed != 10 {
		t.Errorf("speed %d, want 10", p.Combatant.Speed)
	}
	// It hits (19) for 6 + 2; Sol keeps concentration on a 15, rolled
	// with the mist's advantage on Constitution saves (3 the other die).
	e, res, err := encounter.MonsterTurn(e, faces(t, 15, 6, 15, 3))
	if err != nil {
		t.Fatal(err)
	}
	if d := res.Attacks[0].Damage; d == nil || d.Taken != 4 {
		t.Errorf("damage %+v: the scimitar's 6 + 2 halved is 4", d)
	}
	_, _, err = encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1"}, faces(t))
	if fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("an attack in mist: %v, want not_allowed", err)
	}
	_, _, err = encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "magic-missile", TargetID: "goblin-1", SlotLevel: 1}, faces(t))
	if fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("a spell in mist: %v, want not_allowed", err)
	}
}

// Alter Self's natural weapons: Wren's unarmed strike is 1d6 piercing at
// +1 to attack and damage (Str 8: +2 - 1 + 1 to hit, 1d6 - 1 + 1).
func TestAlterSelfInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wren()}, goblins(1))
	e, _ = castIn(t, e, "wren", encounter.Action{Spell: "alter-self", Choice: "piercing"})
	e = edit(e, "wren", func(p *encounter.Participant) { p.Turn.ActionUsed = false })
	_, a := strike(t, e, "wren", encounter.Action{TargetID: "goblin-1", Weapon: "unarmed"}, 15, 3)
	if a.Bonus != 2 || !slices.Equal(damageExprs(a), []string{"1d6"}) || a.Damage == nil || a.Damage.Parts[0].Type != rules.Piercing {
		t.Errorf("attack +%d, damage %v %+v; want +2 and 1d6 piercing", a.Bonus, damageExprs(a), a.Damage)
	}
}

// In the dark Mira fights blind until Sol gives her darkvision; a Light
// lights the whole fight until a Darkness dispels it, and a Daylight
// dispels the Darkness.
func TestDarkvisionAndLightsInADarkFight(t *testing.T) {
	blind := func(a rules.AttackResult) bool {
		return slices.ContainsFunc(a.Edge.Disadvantage, func(s string) bool { return strings.HasPrefix(s, "darkness") })
	}
	e := casterFirst(t, []campaign.Character{sol(), mira()}, goblins(1))
	e.Light = "dark"
	e, _ = castIn(t, e, "sol", encounter.Action{Spell: "darkvision", TargetID: "mira", EndTurn: true})
	if _, a := strike(t, e, "mira", encounter.Action{TargetID: "goblin-1"}, 15, 3); blind(a) {
		t.Errorf("Mira with darkvision: %+v", a.Edge)
	}

	e = casterFirst(t, []campaign.Character{wren(), mira()}, goblins(1))
	e.Light = "dark"
	lit, _ := castIn(t, e, "wren", encounter.Action{Spell: "light", EndTurn: true})
	if _, a := strike(t, lit, "mira", encounter.Action{TargetID: "goblin-1"}, 15, 3); blind(a) {
		t.Errorf("Mira in Light's glow: %+v", a.Edge)
	}
	lit = edit(lit, "wren", func(p *encounter.Participant) { p.Turn = encounter.Turn{} })
	lit.Current = "wren"
	dark, res := castIn(t, lit, "wren", encounter.Action{Spell: "darkness", EndTurn: true})
	if len(res.Ended) != 1 || res.Ended[0].Spell != "light" {
		t.Errorf("ended %+v, want the Light dispelled by Darkness", res.Ended)
	}
	dark.Current = "mira"
	if _, a := strike(t, dark, "mira", encounter.Action{TargetID: "goblin-1"}, 15, 3); !blind(a) {
		t.Errorf("Mira in the dark again: %+v", a.Edge)
	}

	e = casterFirst(t, []campaign.Character{seren(5)}, goblins(1))
	e = edit(e, "seren", func(p *encounter.Participant) { p.Combatant.Concentration = "" })
	e.Effects = append(e.Effects, encounter.Effect{SlotLevel: 2})
	e.Effects[0].ID, e.Effects[0].Spell, e.Effects[0].CasterID, e.Effects[0].TargetID = "darkness", "darkness", "goblin-1", "goblin-1"
	_, res = castIn(t, e, "seren", encounter.Action{Spell: "daylight", SlotLevel: 3})
	if len(res.Ended) != 1 || res.Ended[0].Spell != "darkness" {
		t.Errorf("ended %+v, want the Darkness dispelled by Daylight", res.Ended)
	}
}

// Fog Cloud: Mira and the goblin can't see each other, so her attack has
// both advantage and disadvantage, a straight roll.
func TestFogCloudInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wren(), mira()}, goblins(1))
	e, _ = castIn(t, e, "wren", encounter.Action{Spell: "fog-cloud", SlotLevel: 1, EndTurn: true})
	_, a := strike(t, e, "mira", encounter.Action{TargetID: "goblin-1"}, 15, 3)
	fog := func(ss []string) bool {
		return slices.ContainsFunc(ss, func(s string) bool { return strings.HasPrefix(s, "fog") })
	}
	if !fog(a.Edge.Advantage) || !fog(a.Edge.Disadvantage) {
		t.Errorf("edge %+v, want the fog on both sides", a.Edge)
	}
}

// Fly gives Mira 60 feet of movement a turn, her flight played as speed,
// and takes it back when Sol's concentration ends.
func TestFlyInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{sol(), mira()}, goblins(1))
	e, _ = castIn(t, e, "sol", encounter.Action{Spell: "fly", TargetID: "mira", SlotLevel: 3, EndTurn: true})
	if p := participant(t, e, "mira"); p.Combatant.Speed != 60 || p.Turn.Movement != 60 {
		t.Errorf("speed %d, movement %d; want 60 and 60", p.Combatant.Speed, p.Turn.Movement)
	}
}
