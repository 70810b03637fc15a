package turn_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
	"chronicler/shared/world"
)

// build is a level 1 character from the standard array, in the common room.
func build(t *testing.T, id, name, class string) campaign.Character {
	t.Helper()
	ch, err := campaign.NewCharacter{Name: name, Race: "human", Class: class}.Build(id, "p-"+id)
	if err != nil {
		t.Fatal(err)
	}
	ch.AreaID = world.StarterArea
	return ch
}

// table is Mira (a fighter) and Bram (a cleric) in the starter inn's
// common room, with the innkeeper about.
func table(t *testing.T) (turn.View, campaign.Character, campaign.Character) {
	mira, bram := build(t, "mira", "Mira", "fighter"), build(t, "bram", "Bram", "cleric")
	v := turn.View{Map: world.Starter("camp-1"), Scene: campaign.Scene{Location: "Common Room", NPCs: []string{"the innkeeper"}},
		Characters: []campaign.Character{mira, bram}}
	return v, mira, bram
}

// fight puts the table in an encounter with one goblin: Mira's turn
// first (initiative faces Mira 20, Bram 10, goblin 2), stored at version 7.
func fight(t *testing.T, v turn.View) turn.View {
	t.Helper()
	e, _, err := encounter.Start("enc-1", v.Characters, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}}, nil, dicetest.Faces(t, 20, 10, 2), nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := encounter.Record(e, 7)
	if err != nil {
		t.Fatal(err)
	}
	v.Encounter = &rec
	return v
}

func act(in intent.Intent) turn.Action { return turn.Action{Intent: &in} }

// inFight has f change participant id of the view's fight, as the fight
// leaves it, and leaves the sheets as they came into it (a fight writes
// them when it ends).
func inFight(t *testing.T, v *turn.View, id string, f func(c *encounter.Participant)) {
	t.Helper()
	e, err := encounter.FromRecord(*v.Encounter)
	if err != nil {
		t.Fatal(err)
	}
	for i := range e.Participants {
		if e.Participants[i].ID == id {
			f(&e.Participants[i])
		}
	}
	rec, err := encounter.Record(e, v.Encounter.Version)
	if err != nil {
		t.Fatal(err)
	}
	v.Encounter = &rec
}

func dyingInFight(p *encounter.Participant) { p.Combatant.HP, p.HP = 0, 0 }

// refusal asserts err is the rules' refusal for that reason and field,
// with the message players read.
func refusal(t *testing.T, err error, reason fault.Reason, field, message string) {
	t.Helper()
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Kind != fault.Invalid || fault.ReasonOf(err) != reason || fe.Field != field {
		t.Fatalf("Decide = %v, want a %s refusal of %q", err, reason, field)
	}
	if message != "" && fe.Message != message {
		t.Fatalf("refused with %q, want %q", fe.Message, message)
	}
}

func TestDecide(t *testing.T) {
	t.Run("CheckRollsOnceAndSaysSo", func(t *testing.T) {
		v, mira, _ := table(t)
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "check", Ability: "wis", Skill: "perception"}), dicetest.Faces(t, 15))
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Rolls) != 1 || d.Rolls[0].RollID != "r1" || d.Rolls[0].Rolls[0] != 15 || !strings.Contains(d.Summary, "Perception") {
			t.Fatalf("decision %+v, want one Perception roll of 15", d)
		}
		if d.Intent == nil || d.Intent.Kind != "check" || d.Changed != nil || d.Encounter != nil {
			t.Fatalf("decision %+v: a check changes nothing", d)
		}
	})
	t.Run("MoveTakesTheActorAndTheScene", func(t *testing.T) {
		v, mira, _ := table(t)
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "move", ToAreaID: "cellar"}), dicetest.Faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Changed) != 1 || d.Changed[0].ID != "mira" || d.Changed[0].AreaID != "cellar" {
			t.Fatalf("changed %+v, want Mira in the cellar", d.Changed)
		}
		if d.Scene == nil || d.Scene.Location != "Cellar" || d.Scene.NPCs != nil || d.Summary != "Mira goes from Common Room to Cellar." {
			t.Fatalf("scene %+v, summary %q", d.Scene, d.Summary)
		}
		if v.Scene.Location != "Common Room" {
			t.Fatal("Decide changed the view's scene")
		}
	})
	t.Run("FreeTextIsRead", func(t *testing.T) {
		v, mira, _ := table(t)
		d, err := turn.Decide(v, mira, turn.Action{Text: "I go down to the cellar"}, dicetest.Faces(t))
		if err != nil || d.Intent == nil || d.Intent.Kind != "move" || d.Intent.ToAreaID != "cellar" {
			t.Fatalf("Decide = %+v, %v; want a move to the cellar", d, err)
		}
	})
	t.Run("UnreadTextIsNarrative", func(t *testing.T) {
		v, mira, _ := table(t)
		d, err := turn.Decide(v, mira, turn.Action{Text: "I hum a tune and wonder about the weather"}, dicetest.Faces(t))
		if err != nil || d.Intent != nil || d.Summary != "" || d.Rolls != nil {
			t.Fatalf("Decide = %+v, %v; want nothing decided", d, err)
		}
	})
	t.Run("CastOutOfAFightHealsAndSpendsTheSlot", func(t *testing.T) {
		v, mira, bram := table(t)
		mira.HP = 2
		v.Characters[0] = mira
		d, err := turn.Decide(v, bram, act(intent.Intent{Kind: "cast", Spell: "cure-wounds", TargetIDs: []string{"mira"}}), dicetest.Faces(t, 5))
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Changed) != 2 || d.Changed[0].ID != "bram" || d.Changed[1].ID != "mira" {
			t.Fatalf("changed %+v, want Bram and Mira, by id", d.Changed)
		}
		if d.Changed[0].SpellSlots["1"].Used != 1 || d.Changed[1].HP <= 2 || len(d.Rolls) != 1 {
			t.Fatalf("Bram's slots %+v, Mira's HP %d, rolls %+v: want a slot spent and Mira healed by the roll", d.Changed[0].SpellSlots, d.Changed[1].HP, d.Rolls)
		}
	})
	t.Run("ShortRestSpendsHitDiceAndGetsSecondWindBack", func(t *testing.T) {
		v, mira, _ := table(t)
		mira.HP = 3
		mira.Resources = map[string]campaign.Pool{campaign.ResourceSecondWind: {Max: 1, Used: 1}}
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "rest", Rest: "short"}), dicetest.Faces(t, 6))
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Changed) != 1 || d.Changed[0].HP <= 3 || d.Changed[0].HitDice.Used != 1 || d.Changed[0].Resources[campaign.ResourceSecondWind].Used != 0 {
			t.Fatalf("changed %+v, want Mira healed by one hit die and her Second Wind back", d.Changed)
		}
		if !strings.HasPrefix(d.Summary, "Mira takes a short rest of about an hour.") || !strings.HasSuffix(d.Summary, "Mira gets back 1 second wind.") {
			t.Fatalf("summary %q", d.Summary)
		}
	})
	t.Run("ShortRestUnhurtChangesNothing", func(t *testing.T) {
		v, mira, _ := table(t)
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "rest", Rest: "short"}), dicetest.Faces(t))
		if err != nil || d.Changed != nil || d.Rolls != nil || d.Summary != "Mira takes a short rest of about an hour." {
			t.Fatalf("Decide = %+v, %v", d, err)
		}
	})
	t.Run("AFightsActionGoesToTheEncounter", func(t *testing.T) {
		v, mira, _ := table(t)
		v = fight(t, v)
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "dodge"}), dicetest.Faces(t))
		if err != nil {
			t.Fatal(err)
		}
		if d.Encounter == nil || d.Encounter.Version != 7 || d.Encounter.ID != "enc-1" {
			t.Fatalf("encounter %+v, want enc-1 at the version read", d.Encounter)
		}
		var e encounter.Encounter
		if err := json.Unmarshal(d.Encounter.Data, &e); err != nil || e.Current == "mira" {
			t.Fatalf("after the dodge the turn is %q (%v); want it passed on", e.Current, err)
		}
		if v.Encounter.Version != 7 {
			t.Fatal("Decide changed the view's encounter")
		}
	})
	t.Run("ACheckInAFightStaysOutOfTheEncounter", func(t *testing.T) {
		v, mira, _ := table(t)
		v = fight(t, v)
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "check", Ability: "str", Skill: "athletics"}), dicetest.Faces(t, 11))
		if err != nil || d.Encounter != nil || len(d.Rolls) != 1 {
			t.Fatalf("Decide = %+v, %v; want the check decided, the encounter untouched", d, err)
		}
	})
	t.Run("ADyingCharactersAttackIsRefusedNotTurnedIntoADeathSave", func(t *testing.T) {
		v, mira, _ := table(t)
		v.Characters[0].HP = 0
		v = fight(t, v)
		mira.HP = 0
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "attack", TargetID: "goblin-1"}), dicetest.Faces(t))
		refusal(t, err, fault.ActorStateRestricted, "action.kind", "Mira is unconscious and dying: the turn is a death saving throw, which the rules roll")
		if d.Rolls != nil || d.Encounter != nil {
			t.Fatalf("a refused attack decided %+v", d)
		}
	})
	t.Run("HealedInAFightThoughTheSheetSaysDown", func(t *testing.T) {
		v, mira, _ := table(t)
		v.Characters[0].HP, v.Characters[0].Stable = 0, true
		v = fight(t, v)
		// Healed on Bram's turn; hers comes.
		inFight(t, &v, "mira", func(p *encounter.Participant) { p.Combatant.HP, p.HP, p.Combatant.Stable = 5, 5, false })
		e, err := encounter.FromRecord(*v.Encounter)
		if err != nil {
			t.Fatal(err)
		}
		e.Current = "mira"
		rec, err := encounter.Record(e, v.Encounter.Version)
		if err != nil {
			t.Fatal(err)
		}
		v.Encounter = &rec
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "check", Ability: "wis", Skill: "perception"}), dicetest.Faces(t, 11))
		if err != nil || len(d.Rolls) != 1 {
			t.Fatalf("Decide = %+v, %v; want the check of Mira, up again", d, err)
		}
	})
	t.Run("SayIsAlwaysAllowed", func(t *testing.T) {
		v, mira, _ := table(t)
		v.Allowlist = []string{"check"}
		mira.HP = 0
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "say", Text: "Help…"}), dicetest.Faces(t))
		if err != nil || d.Intent == nil || d.Summary != "" {
			t.Fatalf("Decide = %+v, %v; want the words let through", d, err)
		}
	})
	t.Run("EndTurnPassesTheAllowlist", func(t *testing.T) {
		v, mira, _ := table(t)
		v.Allowlist = []string{"check"}
		d, err := turn.Decide(v, mira, act(intent.Intent{Kind: "end_turn"}), dicetest.Faces(t))
		if err != nil || d.Summary != "Mira takes the end turn action; outside combat it changes nothing." {
			t.Fatalf("Decide = %+v, %v", d, err)
		}
	})
}

func TestDecideRefuses(t *testing.T) {
	tests := []struct {
		name    string
		setup   func(t *testing.T, v *turn.View, actor *campaign.Character)
		in      intent.Intent
		reason  fault.Reason
		field   string
		message string
	}{
		{"NotOnTheAllowlist", func(_ *testing.T, v *turn.View, _ *campaign.Character) { v.Allowlist = []string{"check", "move"} },
			intent.Intent{Kind: "use_item", Item: "rope"}, fault.NotAllowed, "intent", "this table does not play use item; it allows check, move"},
		{"DyingAndCannotAct", func(_ *testing.T, _ *turn.View, a *campaign.Character) { a.HP = 0 },
			intent.Intent{Kind: "check", Ability: "dex"}, fault.ActorStateRestricted, "intent", "Mira is unconscious and dying: a companion's first aid (help) or healing can save them"},
		{"DyingCannotRest", func(_ *testing.T, _ *turn.View, a *campaign.Character) { a.HP = 0 },
			intent.Intent{Kind: "rest", Rest: "long"}, fault.ActorStateRestricted, "intent", ""},
		{"StableCannotAct", func(_ *testing.T, _ *turn.View, a *campaign.Character) { a.HP, a.Stable = 0, true },
			intent.Intent{Kind: "check", Ability: "dex"}, fault.ActorStateRestricted, "intent", "Mira is unconscious at 0 HP, stable: a rest lets them come to (1 HP after 1d4 hours), or healing wakes them"},
		{"DeadCannotEvenRest", func(_ *testing.T, _ *turn.View, a *campaign.Character) { a.HP, a.Dead = 0, true },
			intent.Intent{Kind: "rest", Rest: "long"}, fault.ActorStateRestricted, "intent", "Mira is dead; only a spell that brings back the dead (Revivify, Raise Dead) can change that"},
		{"FirstAidOnTheDead", func(_ *testing.T, v *turn.View, _ *campaign.Character) {
			v.Characters[1].HP, v.Characters[1].Dead = 0, true
		},
			intent.Intent{Kind: "help", TargetID: "bram"}, fault.NotAllowed, "intent.target_id", "Bram is dead: first aid can't help; a spell that brings back the dead can"},
		{"FirstAidOnTheStable", func(_ *testing.T, v *turn.View, _ *campaign.Character) {
			v.Characters[1].HP, v.Characters[1].Stable = 0, true
		},
			intent.Intent{Kind: "help", TargetID: "bram"}, fault.NotAllowed, "intent.target_id", "Bram is already stable"},
		{"NotReachable", func(_ *testing.T, _ *turn.View, a *campaign.Character) { a.AreaID = "cellar" },
			intent.Intent{Kind: "move", ToAreaID: "road"}, fault.OutOfRange, "intent.to_area_id", ""},
		{"Overloaded", func(_ *testing.T, _ *turn.View, a *campaign.Character) {
			a.Inventory = append(a.Inventory, campaign.Item{Item: "Chain Mail", Qty: 9}) // 495 lb: over twice the 225 she can carry
		}, intent.Intent{Kind: "move", ToAreaID: "cellar"}, fault.ActorStateRestricted, "intent", ""},
		{"UnknownSkill", nil, intent.Intent{Kind: "check", Ability: "dex", Skill: "juggling"}, fault.InvalidArgs, "intent.skill", `unknown skill "juggling"`},
		{"NothingToAttack", nil, intent.Intent{Kind: "attack", TargetID: "goblin-1"}, fault.NotAllowed, "intent",
			"there is nothing here to attack; an encounter must be under way"},
		{"SecondWindOutOfAFight", nil, intent.Intent{Kind: "second_wind"}, fault.NotAllowed, "intent", ""},
		{"ItemNotCarried", nil, intent.Intent{Kind: "use_item", Item: "wand of wonder"}, fault.NotAllowed, "intent.item", `Mira does not carry "wand of wonder"`},
		{"NotHerClassesSpell", nil, intent.Intent{Kind: "cast", Spell: "cure-wounds"}, fault.NotAllowed, "intent.spell", "Cure Wounds is not a fighter spell"},
		{"NoSuchSpell", nil, intent.Intent{Kind: "cast", Spell: "wish-upon-a-star"}, fault.InvalidArgs, "intent.spell", ""},
		{"RestInAFight", func(t *testing.T, v *turn.View, _ *campaign.Character) { *v = fight(t, *v) },
			intent.Intent{Kind: "rest", Rest: "long"}, fault.NotAllowed, "intent", "not while an encounter is under way"},
		{"NotYourTurnInAFight", func(t *testing.T, v *turn.View, a *campaign.Character) { *v = fight(t, *v); *a = v.Characters[1] },
			intent.Intent{Kind: "help", TargetID: "mira"}, fault.NotYourTurn, "intent", "it is not Bram's turn in the encounter"},
		// In a fight the participant says how the actor stands, whoever's
		// turn it is, though the sheet still shows the hit points it came
		// in with.
		{"DyingInAFightThoughTheSheetIsWhole", func(t *testing.T, v *turn.View, _ *campaign.Character) {
			*v = fight(t, *v)
			inFight(t, v, "mira", dyingInFight)
		}, intent.Intent{Kind: "check", Ability: "wis", Skill: "perception"}, fault.ActorStateRestricted, "intent",
			"Mira is unconscious and dying: a companion's first aid (help) or healing can save them"},
		{"DyingInAFightOnAnothersTurn", func(t *testing.T, v *turn.View, a *campaign.Character) {
			*v = fight(t, *v)
			*a = v.Characters[1]
			inFight(t, v, "bram", dyingInFight)
		}, intent.Intent{Kind: "help", TargetID: "mira"}, fault.ActorStateRestricted, "intent",
			"Bram is unconscious and dying: a companion's first aid (help) or healing can save them"},
		{"DyingInAFightAttacksOnAnothersTurn", func(t *testing.T, v *turn.View, a *campaign.Character) {
			*v = fight(t, *v)
			*a = v.Characters[1]
			inFight(t, v, "bram", dyingInFight)
		}, intent.Intent{Kind: "attack", TargetID: "goblin-1"}, fault.ActorStateRestricted, "action.kind",
			"Bram is unconscious and dying: the turn is a death saving throw, which the rules roll"},
		{"NotReachableInAFight", func(t *testing.T, v *turn.View, a *campaign.Character) { *v = fight(t, *v); a.AreaID = "cellar" },
			intent.Intent{Kind: "move", ToAreaID: "road"}, fault.OutOfRange, "intent.to_area_id", ""},
		{"RestWhileAFightIsUnderWay", func(t *testing.T, v *turn.View, a *campaign.Character) {
			*v = fight(t, *v)
			a.ID, a.AreaID = "stranger", "cellar"
		}, intent.Intent{Kind: "rest", Rest: "short"}, fault.NotAllowed, "intent", "not while an encounter is under way"},
		{"MalformedIntent", nil, intent.Intent{Kind: "attack"}, "", "intent.target_id", "is required for attack"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, mira, _ := table(t)
			if tt.setup != nil {
				tt.setup(t, &v, &mira)
			}
			d, err := turn.Decide(v, mira, act(tt.in), dicetest.Faces(t))
			refusal(t, err, tt.reason, tt.field, tt.message)
			if d.Rolls != nil || d.Changed != nil || d.Encounter != nil {
				t.Fatalf("a refusal decided %+v", d)
			}
		})
	}
}

// A seed decides a turn: the same seed, the same dice.
func TestDecideReplays(t *testing.T) {
	v, mira, _ := table(t)
	in := act(intent.Intent{Kind: "check", Ability: "dex", Skill: "stealth"})
	a, errA := turn.Decide(v, mira, in, dice.NewSeeded(42))
	b, errB := turn.Decide(v, mira, in, dice.NewSeeded(42))
	if errA != nil || errB != nil || a.Summary != b.Summary || a.Rolls[0].Total != b.Rolls[0].Total {
		t.Fatalf("%+v, %v then %+v, %v", a, errA, b, errB)
	}
}

func TestParseContext(t *testing.T) {
	v, mira, _ := table(t)
	v = fight(t, v)
	mira.Inventory = []campaign.Item{{Item: "rope", Qty: 1}}
	pc := turn.ParseContext(v, mira)
	ids := func(refs []intent.Ref) string {
		var out []string
		for _, r := range refs {
			out = append(out, r.ID)
		}
		return strings.Join(out, " ")
	}
	if pc.ActorID != "mira" || ids(pc.Areas) != "road cellar stables" || ids(pc.Targets) != "mira bram goblin-1" || ids(pc.Items) != "rope" || len(pc.Weapons) == 0 {
		t.Fatalf("context %+v", pc)
	}
	if len(turn.Castable(mira)) != 0 || len(turn.Castable(v.Characters[1])) == 0 {
		t.Fatal("a fighter casts nothing; a cleric casts something")
	}
}

// Out of a fight the words still name what players name: the actor by
// name, the weapons it carries, its spells by name.
func TestReadNamesWhatPlayersSayOutOfAFight(t *testing.T) {
	v, mira, bram := table(t)
	for _, tt := range []struct {
		actor campaign.Character
		text  string
		want  intent.Intent
	}{
		{mira, "Mira swings her longsword at Bram", intent.Intent{Kind: "attack", TargetID: "bram", Weapon: "longsword"}},
		{mira, "I shoot Bram with my crossbow", intent.Intent{Kind: "attack", TargetID: "bram", Weapon: "crossbow-light"}},
		{bram, "cast guiding bolt on Mira", intent.Intent{Kind: "cast", Spell: "guiding-bolt", TargetIDs: []string{"mira"}}},
		{bram, "Bram casts cure wounds on himself", intent.Intent{Kind: "cast", Spell: "cure-wounds", TargetIDs: []string{"bram"}}},
	} {
		got, ok := turn.Read(v, tt.actor, tt.text)
		if !ok || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Read(%q) = %+v, %v; want %+v", tt.text, got, ok, tt.want)
		}
	}
}
