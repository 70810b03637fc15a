package encounter_test

import (
	"slices"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
)

// warded is ch with an Alarm of the kind chosen, cast as a ritual before
// the fight and kept on its sheet.
func warded(t *testing.T, ch campaign.Character, kind string) campaign.Character {
	t.Helper()
	r, err := spell.Cast(rules.FromSheet(ch), "alarm", 1, nil, spell.Options{Ritual: true, Choice: kind}, seeded(1), nil)
	if err != nil {
		t.Fatal(err)
	}
	return ch.WithEffect(encounter.Lasting(r.Effects[0], 1, 0))
}

// An alarm that holds as the fight starts warns of what came: a mental
// one its caster alone, an audible one everyone on its side; without one,
// the surprise stands.
func TestAlarmWarnsOfASurprise(t *testing.T) {
	for _, tt := range []struct {
		name       string
		wren       campaign.Character
		wrenS, mrS bool
	}{
		{"NoAlarmLeavesBothSurprised", wren(), true, true},
		{"AMentalAlarmWakesItsCaster", warded(t, wren(), "mental"), false, true},
		{"AnAudibleAlarmWarnsEveryone", warded(t, wren(), "audible"), false, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e, _, err := encounter.Start("enc-a", []campaign.Character{tt.wren, mira()}, goblins(1), []string{"characters"}, seeded(3), nil)
			if err != nil {
				t.Fatal(err)
			}
			if w, m := participant(t, e, "wren"), participant(t, e, "mira"); w.Surprised != tt.wrenS || m.Surprised != tt.mrS {
				t.Errorf("surprised: Wren %v, Mira %v; want %v, %v", w.Surprised, m.Surprised, tt.wrenS, tt.mrS)
			}
			if g := participant(t, e, "goblin-1"); g.Surprised {
				t.Error("the goblin is surprised; only the characters were named")
			}
		})
	}
}

// An awakened wolf comes into the fight with its caster, of Intelligence
// 10; a dretch bound by Planar Binding fights for its binder.
func TestAwakenedAndBoundCreaturesFightForTheirCaster(t *testing.T) {
	c := cleo()
	r, err := spell.Cast(rules.FromSheet(c), "awaken", 5, nil, spell.Options{Innate: true, Summon: "wolf"}, seeded(1), nil)
	if err != nil {
		t.Fatal(err)
	}
	c = c.WithEffect(encounter.Lasting(r.Effects[0], 5, 0))
	// The dretch's Charisma save: 1, a failure against Cleo's 13.
	r, err = spell.Cast(rules.FromSheet(c), "planar-binding", 5, nil, spell.Options{Innate: true, Ability: rules.Wis, Summon: "dretch"}, faces(t, 1), nil)
	if err != nil || len(r.Effects) != 1 {
		t.Fatalf("binding: %+v, %v", r.Effects, err)
	}
	c = c.WithEffect(encounter.Lasting(r.Effects[0], 5, 0))
	e, _, err := encounter.Start("enc-b", []campaign.Character{c}, goblins(1), nil, seeded(2), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := summonedBy(e, "cleo")
	if len(got) != 2 {
		t.Fatalf("Cleo's servants %+v, want the wolf and the dretch", got)
	}
	for _, p := range got {
		if p.Kind != encounter.KindCharacter {
			t.Errorf("%s fights as a %v, want on Cleo's side", p.Name, p.Kind)
		}
	}
	i := slices.IndexFunc(got, func(p encounter.Participant) bool { return p.SRDID == "wolf" })
	if i < 0 || got[i].Combatant.Abilities.Int != 10 {
		t.Errorf("the wolf %+v, want it awakened to Intelligence 10", got)
	}
}

// Detect Thoughts in a fight: cast on the goblin, then the caster's
// action probes deeper: the goblin (Wisdom -1) rolls 13, 12 against
// Wren's 13, and its mind lies open.
func TestDetectThoughtsProbesInAFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{wren()}, goblins(1))
	e, _ = act(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "detect-thoughts", SlotLevel: 2, TargetID: "goblin-1", EndTurn: true})
	e, _ = act(t, e, "goblin-1", encounter.Action{Kind: encounter.ActionEndTurn})
	e, res := act(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "detect-thoughts", Ongoing: true, TargetID: "goblin-1", EndTurn: true}, 13)
	if res.Cast == nil || len(res.Cast.Targets) != 1 || res.Cast.Targets[0].Save == nil || res.Cast.Targets[0].Save.Ability != rules.Wis || res.Cast.Targets[0].Save.Success {
		t.Fatalf("cast %+v, want the goblin's failed Wisdom save", res.Cast)
	}
	if !slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == spell.ProbedID && fx.TargetID == "goblin-1" }) {
		t.Errorf("effects %+v, want the goblin's mind probed", e.Effects)
	}
}
