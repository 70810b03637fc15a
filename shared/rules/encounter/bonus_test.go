package encounter_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// nim is a level 2 rogue with two shortswords and a dagger: Dex 16, so
// +5 to hit and 1d6+3 with a shortsword in the main hand.
func nim() campaign.Character {
	return campaign.Character{
		ID: "nim", PlayerID: "p5", Name: "Nim", Race: "halfling", Class: "rogue", Level: 2,
		Abilities: campaign.Abilities{Str: 10, Dex: 16, Con: 12, Int: 12, Wis: 10, Cha: 12},
		HP:        15, MaxHP: 15, AC: 14, Speed: 25, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{}, HitDice: campaign.Pool{Max: 2},
		Inventory: []campaign.Item{{Item: "shortsword", Qty: 2}, {Item: "dagger", Qty: 1}, {Item: "rapier", Qty: 1}},
	}
}

func bonus(kind string) encounter.Action { return encounter.Action{Kind: kind, Bonus: true} }

func TestCunningAction(t *testing.T) {
	tests := []struct {
		name   string
		actor  campaign.Character
		first  encounter.Action
		faces  []int
		check  func(t *testing.T, p encounter.Participant, res encounter.Result)
		reason fault.Reason
	}{
		{"RogueDashesAsABonusAction", nim(), bonus(encounter.ActionDash), nil,
			func(t *testing.T, p encounter.Participant, _ encounter.Result) {
				if !p.Turn.BonusActionUsed || p.Turn.ActionUsed || p.Turn.Movement != 50 || !p.Turn.Dashed {
					t.Errorf("turn %+v", p.Turn)
				}
			}, ""},
		{"RogueDisengagesAsABonusAction", nim(), bonus(encounter.ActionDisengage), nil,
			func(t *testing.T, p encounter.Participant, _ encounter.Result) {
				if !p.Turn.BonusActionUsed || p.Turn.ActionUsed || !p.Turn.Disengaged {
					t.Errorf("turn %+v", p.Turn)
				}
			}, ""},
		{"RogueHidesPastTheGoblin", nim(), bonus(encounter.ActionHide), []int{4},
			func(t *testing.T, p encounter.Participant, res encounter.Result) {
				// 4 + 3 = 7 does not beat a goblin's passive Perception 9.
				if p.Hidden || !strings.Contains(res.Summary(), "passive Perception 9") {
					t.Errorf("hidden %v: %q", p.Hidden, res.Summary())
				}
			}, ""},
		{"RogueHides", nim(), bonus(encounter.ActionHide), []int{12},
			func(t *testing.T, p encounter.Participant, res encounter.Result) {
				if !p.Hidden || !p.Turn.BonusActionUsed || p.Turn.ActionUsed || len(res.Rolls) != 1 {
					t.Errorf("hidden %v turn %+v: %q", p.Hidden, p.Turn, res.Summary())
				}
			}, ""},
		{"HideWithTheAction", mira(), encounter.Action{Kind: encounter.ActionHide}, []int{12},
			func(t *testing.T, p encounter.Participant, res encounter.Result) {
				if !p.Hidden || p.Turn.BonusActionUsed || !p.Turn.ActionUsed {
					t.Errorf("hidden %v turn %+v", p.Hidden, p.Turn)
				}
			}, ""},
		{"FighterHasNoCunningAction", mira(), bonus(encounter.ActionDash), nil, nil, encounter.NotAllowed},
		{"NoBonusDodge", nim(), bonus(encounter.ActionDodge), nil, nil, encounter.NotAllowed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{tt.actor}, goblins(1))
			before := frozen(t, e)
			out, res, err := encounter.Act(e, tt.actor.ID, tt.first, faces(t, tt.faces...))
			if fault.ReasonOf(err) != tt.reason {
				t.Fatalf("err = %v, want reason %q", err, tt.reason)
			}
			if err != nil {
				if frozen(t, e) != before {
					t.Error("a refusal changed the encounter")
				}
				return
			}
			tt.check(t, participant(t, out, tt.actor.ID), res)
			if _, _, err := encounter.Act(out, tt.actor.ID, tt.first, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
				t.Errorf("the same again = %v, want not_allowed", err)
			}
		})
	}
}

func TestCunningActionLeavesTheAction(t *testing.T) {
	e := casterFirst(t, []campaign.Character{nim()}, goblins(1))
	e, _, err := encounter.Act(e, "nim", bonus(encounter.ActionDisengage), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := encounter.Act(e, "nim", encounter.Action{Kind: encounter.ActionDash, EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if out.Current == "nim" {
		t.Error("the turn did not end")
	}
}

func TestSecondWind(t *testing.T) {
	hurt := mira()
	hurt.HP = 10
	tests := []struct {
		name   string
		actor  campaign.Character
		action encounter.Action
		faces  []int
		hp     int
		reason fault.Reason
	}{
		{"HealsOneD10PlusLevel", hurt, encounter.Action{Kind: encounter.ActionSecondWind}, []int{6}, 19, ""},
		{"FlaggedBonusToo", hurt, bonus(encounter.ActionSecondWind), []int{6}, 19, ""},
		{"CappedAtTheMaximum", mira(), encounter.Action{Kind: encounter.ActionSecondWind}, []int{10}, 28, ""},
		{"OnlyFighters", nim(), encounter.Action{Kind: encounter.ActionSecondWind}, nil, 0, encounter.NotAllowed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{tt.actor}, goblins(1))
			out, res, err := encounter.Act(e, tt.actor.ID, tt.action, faces(t, tt.faces...))
			if fault.ReasonOf(err) != tt.reason {
				t.Fatalf("err = %v, want reason %q", err, tt.reason)
			}
			if err != nil {
				return
			}
			p := participant(t, out, tt.actor.ID)
			if p.HP != tt.hp || p.Pools[campaign.ResourceSecondWind].Used != 1 || !p.Turn.BonusActionUsed || p.Turn.ActionUsed {
				t.Errorf("hp %d pools %v turn %+v", p.HP, p.Pools, p.Turn)
			}
			if len(res.Rolls) != 1 || res.Rolls[0].Reason != "second wind" || res.Rolls[0].Expr != "1d10+3" {
				t.Errorf("rolls %+v", res.Rolls)
			}
			// Once per rest: a later turn cannot use it again.
			again := edit(out, p.ID, func(q *encounter.Participant) { q.Turn = encounter.Turn{} })
			if _, _, err := encounter.Act(again, p.ID, tt.action, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed || !strings.Contains(err.Error(), "rest") {
				t.Errorf("second use = %v", err)
			}
		})
	}
}

func TestTwoWeaponFighting(t *testing.T) {
	offHand := func(weapon string) encounter.Action {
		return encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: weapon, Bonus: true}
	}
	tests := []struct {
		name   string
		main   string // the Attack action's weapon; "" for none
		mf     []int
		off    encounter.Action
		of     []int
		damage int
		reason fault.Reason
	}{
		// 1d4 with no Dexterity: a 3 is 3 damage.
		{"DaggerAfterShortsword", "shortsword", []int{2}, offHand("dagger"), []int{15, 3}, 3, ""},
		{"SecondShortswordOfAPair", "shortsword", []int{2}, offHand("shortsword"), []int{15, 4}, 4, ""},
		{"NoAttackActionFirst", "", nil, offHand("dagger"), nil, 0, encounter.NotAllowed},
		{"MainHandNotLight", "rapier", []int{2}, offHand("dagger"), nil, 0, encounter.NotAllowed},
		{"OffHandNotLight", "shortsword", []int{2}, offHand("rapier"), nil, 0, encounter.NotAllowed},
		{"OneDaggerOnly", "dagger", []int{2}, offHand("dagger"), nil, 0, encounter.NotAllowed},
		{"NoTarget", "shortsword", []int{2}, encounter.Action{Kind: encounter.ActionAttack, Weapon: "dagger", Bonus: true}, nil, 0, encounter.InvalidArgs},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := casterFirst(t, []campaign.Character{nim()}, goblins(1))
			var err error
			if tt.main != "" {
				e, _, err = encounter.Act(e, "nim", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: tt.main}, faces(t, tt.mf...))
				if err != nil {
					t.Fatal(err)
				}
			}
			out, res, err := encounter.Act(e, "nim", tt.off, faces(t, tt.of...))
			if fault.ReasonOf(err) != tt.reason {
				t.Fatalf("off-hand attack = %v, want reason %q", err, tt.reason)
			}
			if err != nil {
				return
			}
			if len(res.Attacks) != 1 || res.Attacks[0].Damage == nil || res.Attacks[0].Damage.Taken != tt.damage || res.Attacks[0].Bonus != 5 {
				t.Fatalf("attacks %+v", res.Attacks)
			}
			if p := participant(t, out, "nim"); !p.Turn.BonusActionUsed || !strings.Contains(res.Summary(), "in the off hand") {
				t.Errorf("turn %+v summary %q", p.Turn, res.Summary())
			}
		})
	}
}

func TestHiddenAttacksWithAdvantageOnce(t *testing.T) {
	e := casterFirst(t, []campaign.Character{nim()}, goblins(1))
	e, _, err := encounter.Act(e, "nim", bonus(encounter.ActionHide), faces(t, 15))
	if err != nil {
		t.Fatal(err)
	}
	// Unseen, Nim attacks with advantage: the 2 is dropped for the 15;
	// the advantage brings Sneak Attack's d6 too.
	out, res, err := encounter.Act(e, "nim", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "shortsword"}, faces(t, 2, 15, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 1 || !res.Attacks[0].Hit || res.Attacks[0].Natural != 15 || !res.Attacks[0].Sneak {
		t.Errorf("attacks %+v", res.Attacks)
	}
	if participant(t, out, "nim").Hidden {
		t.Error("still hidden after attacking")
	}
}

// Second Wind and Bardic Inspiration are per rest, not per fight: their use
// is written back to the sheet at the end and read again at the next start.
func TestResourcesOutlastTheFight(t *testing.T) {
	hurt := mira()
	hurt.HP = 10
	e := casterFirst(t, []campaign.Character{hurt}, goblins(1))
	e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionSecondWind}, faces(t, 6))
	if err != nil {
		t.Fatal(err)
	}
	_, ds, err := encounter.End(e, "fled", encounter.EndOptions{})
	if err != nil {
		t.Fatal(err)
	}
	d := diffOf(t, ds, "mira")
	if len(d.Resources) != 1 || d.Resources[0] != (encounter.ResourceDiff{ID: campaign.ResourceSecondWind, Before: 0, After: 1}) {
		t.Fatalf("resource diff = %+v", d.Resources)
	}
	after := ds.CharacterUpdates([]campaign.Character{hurt})[0]
	if after.Resources[campaign.ResourceSecondWind] != (campaign.Pool{Max: 1, Used: 1}) {
		t.Fatalf("sheet resources = %+v", after.Resources)
	}
	again := casterFirst(t, []campaign.Character{after}, goblins(1))
	if _, _, err := encounter.Act(again, "mira", encounter.Action{Kind: encounter.ActionSecondWind}, faces(t)); !fault.Is(err, fault.Invalid) {
		t.Errorf("a second Second Wind before a rest: %v", err)
	}
	rested := after
	rested.Resources = campaign.Rested(after, false)
	if _, _, err := encounter.Act(casterFirst(t, []campaign.Character{rested}, goblins(1)), "mira", encounter.Action{Kind: encounter.ActionSecondWind}, faces(t, 1)); err != nil {
		t.Errorf("Second Wind after a short rest: %v", err)
	}
}

// Second Wind and Cunning Action may be named as features too, as the
// sheet lists them: the same bonus actions as their own kinds.
func TestFeatureNamesItsBonusAction(t *testing.T) {
	hurt := mira()
	hurt.HP = 10
	e := casterFirst(t, []campaign.Character{hurt}, goblins(1))
	out, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionFeature, Feature: "second-wind"}, faces(t, 6))
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, out, "mira"); p.HP != 10+6+3 || !p.Turn.BonusActionUsed || res.Rolls[0].Reason != "second wind" {
		t.Errorf("second wind as a feature: hp %d turn %+v", p.HP, p.Turn)
	}
	rogue := nim()
	e = casterFirst(t, []campaign.Character{rogue}, goblins(1))
	out, _, err = encounter.Act(e, rogue.ID, encounter.Action{Kind: encounter.ActionFeature, Feature: "cunning-action", Choice: "disengage"}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, out, rogue.ID); !p.Turn.Disengaged || !p.Turn.BonusActionUsed || p.Turn.ActionUsed {
		t.Errorf("cunning action as a feature: %+v", p.Turn)
	}
	for _, choice := range []string{"", "attack", "potion", "second_wind"} {
		_, _, err := encounter.Act(e, rogue.ID, encounter.Action{Kind: encounter.ActionFeature, Feature: "cunning-action", Choice: choice}, faces(t))
		if err == nil || !strings.Contains(err.Error(), "dash, disengage, hide") {
			t.Errorf("cunning action as %q: %v, want a refusal naming dash, disengage, hide", choice, err)
		}
	}
}

// The off hand's attack may be the turn's Sneak Attack when the Attack
// action's did not land one.
func TestOffHandSneakAttack(t *testing.T) {
	e := engage(t, casterFirst(t, []campaign.Character{nim(), mira()}, goblins(1)), "mira", "goblin-1")
	e, _, err := encounter.Act(e, "nim", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "shortsword"}, faces(t, 2))
	if err != nil {
		t.Fatal(err)
	}
	// The dagger hits on 15 for 1d4 = 3, and Sneak Attack's 1d6 rolls 4.
	out, res, err := encounter.Act(e, "nim", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", Weapon: "dagger", Bonus: true}, faces(t, 15, 3, 4))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; !a.Sneak || a.Damage == nil || a.Damage.Taken != 7 {
		t.Errorf("off-hand attack: %s", res.Summary())
	}
	if p := participant(t, out, "nim"); !p.Turn.SneakUsed {
		t.Error("Sneak Attack not marked used for the turn")
	}
}
