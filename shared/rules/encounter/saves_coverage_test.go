package encounter_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
	"chronicler/shared/rules/turn"
)

// steeled puts on participant id the modifiers a save of any ability
// takes (Warding Bond's +1, a Bless whose die is a flat 1, so no die is
// drawn and the scripted faces stay the saver's) and, for a Dexterity
// save, Slow's -2.
func steeled(e encounter.Encounter, id string, dex bool) encounter.Encounter {
	e.Effects = append(slices.Clone(e.Effects),
		encounter.Effect{Effect: spell.Effect{ID: "warding-bond", Spell: "warding-bond", TargetID: id}},
		encounter.Effect{Effect: spell.Effect{ID: "blessed", Spell: "bless", TargetID: id, Dice: "1"}})
	if dex {
		e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "slow", Spell: "slow", TargetID: id}})
	}
	return e
}

// TestEverySavePathNamesTheSaversModifiers makes each kind of save the
// fight asks for, its saver under Warding Bond and Bless (and Slow on a
// Dexterity save), and holds the save's roll to its working: the dice and
// the terms make the total, the roll replays, and the working names each
// modifier in force, none left as an unnamed situational bonus.
func TestEverySavePathNamesTheSaversModifiers(t *testing.T) {
	act := func(t *testing.T, e encounter.Encounter, id string, a encounter.Action, f ...int) encounter.Result {
		t.Helper()
		_, res, err := encounter.Act(e, id, a, scriptAfter(t, f...))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	monsterTurn := func(t *testing.T, e encounter.Encounter, f ...int) encounter.Result {
		t.Helper()
		_, res, err := encounter.MonsterTurn(e, scriptAfter(t, f...))
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	tests := []struct {
		name  string
		saver string
		dex   bool
		setup func(t *testing.T) encounter.Encounter
		play  func(t *testing.T, e encounter.Encounter) encounter.Result
	}{
		{"AnAuraAtTheStartOfATurn", "mira", false, func(t *testing.T) encounter.Encounter {
			e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "pit-fiend", Count: 1}})
			e, _ = auraTurn(t, e)
			return e
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return act(t, e, e.Current, encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, 5)
		}},
		{"AStenchBesideIt", "mira", false, func(t *testing.T) encounter.Encounter {
			e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "ghast", Count: 1}})
			e = engage(t, e, "mira", "ghast-1")
			e, _ = actFaces(t, e, "mira", endTurn())
			return e
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return act(t, e, "ghast-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "bite", EndTurn: true}, 2, 3)
		}},
		{"ADeathBurst", "mira", true, func(t *testing.T) encounter.Encounter {
			return engage(t, one(t, mira(), "magma-mephit", 2), "mira", "magma-mephit-1")
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return act(t, e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "magma-mephit-1"}, 15, 5, 3, 4, 5)
		}},
		{"TurnUndead", "zombie-1", false, func(t *testing.T) encounter.Encounter {
			return casterFirst(t, []campaign.Character{clericAt(t, 2)}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}})
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return act(t, e, "cleo", encounter.Action{Kind: encounter.ActionFeature, Feature: "channel-divinity-turn-undead", EndTurn: true}, 5)
		}},
		{"IntimidatingPresence", "orc-1", false, func(t *testing.T) encounter.Encounter {
			return first(t, []campaign.Character{barbarian(10)}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return act(t, e, "urga", encounter.Action{Kind: encounter.ActionFeature, Feature: "intimidating-presence", TargetID: "orc-1", EndTurn: true}, 10)
		}},
		{"ADragonbornsBreath", "goblin-1", true, func(t *testing.T) encounter.Encounter {
			return casterFirst(t, []campaign.Character{kava()}, goblins(1))
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return act(t, e, "kava", encounter.Action{Kind: encounter.ActionFeature, Feature: "breath-weapon", TargetIDs: []string{"goblin-1"}, EndTurn: true}, 4, 3, 5)
		}},
		{"AMonstersAreaAction", "mira", true, func(t *testing.T) encounter.Encounter {
			return begin(t, []encounter.MonsterSpec{{SRDID: "red-dragon-wyrmling", Count: 1}}, nil, 1, 1, 20)
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return monsterTurn(t, e, 3, 3, 3, 3, 3, 3, 3, 20, 8)
		}},
		{"AHitsCondition", "mira", false, func(t *testing.T) encounter.Encounter {
			e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "ghoul", Count: 1}})
			e, _ = actFaces(t, e, "mira", endTurn())
			return e
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return act(t, e, "ghoul-1", encounter.Action{Kind: encounter.ActionAttack, TargetID: "mira", Weapon: "claws", EndTurn: true}, 15, 3, 3, 3)
		}},
		{"ARepeatedSaveAgainstAHitsCondition", "mira", false, func(t *testing.T) encounter.Encounter {
			e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "ghoul", Count: 1}})
			e, _ = actFaces(t, e, "mira", endTurn())
			e, _ = ghoulClaws(t, e, 15, 3, 3, 3)
			return e
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return act(t, e, "mira", encounter.Action{Kind: encounter.ActionEndTurn, EndTurn: true}, 2)
		}},
		{"SanctuaryTurningAnAttacker", "goblin-1", false, func(t *testing.T) encounter.Encounter {
			e := casterFirst(t, []campaign.Character{cleo(), wren(), mira()}, goblins(1))
			e, _ = actFaces(t, e, "cleo", encounter.Action{Kind: encounter.ActionCast, Spell: "sanctuary", TargetID: "wren", EndTurn: true})
			e, _ = actFaces(t, e, "wren", endTurn())
			e, _ = actFaces(t, e, "mira", endTurn())
			return e
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return monsterTurn(t, e, 5, 15, 3)
		}},
		{"UndeadFortitude", "zombie-1", false, func(t *testing.T) encounter.Encounter {
			return one(t, mira(), "zombie", 5)
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return act(t, e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "zombie-1"}, 15, 5, 12)
		}},
		{"ACloudAtTheStartOfATurn", "mira", false, func(t *testing.T) encounter.Encounter {
			return engage(t, start(t, encounter.MonsterSpec{SRDID: "dretch", Count: 1}), "mira", "dretch-1")
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return monsterTurn(t, e, 5)
		}},
		{"TurningToStone", "mira", false, func(t *testing.T) encounter.Encounter {
			e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "cockatrice", Count: 1}})
			e, _ = actFaces(t, e, "mira", endTurn())
			e, _ = actFaces(t, e, "cockatrice-1", strikeMira("bite"), 15, 2, 3)
			return e
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return act(t, e, "mira", endTurn(), 2)
		}},
		{"DraconicPresence", "goblin-1", false, func(t *testing.T) encounter.Encounter {
			return casterFirst(t, []campaign.Character{seren(18)}, goblins(1))
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			in := useChoice("draconic-presence", "fear")
			in.EndTurn = true
			return act(t, e, "seren", in, 10)
		}},
		{"RelentlessRage", "urga", false, func(t *testing.T) encounter.Encounter {
			u := barbarian(11)
			u.HP = 5
			e := first(t, []campaign.Character{u, mira()}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
			e, _ = actFaces(t, e, "urga", useFeature("rage"))
			e, _ = actFaces(t, e, "urga", attack("orc-1"), 1, 1)
			return pass(t, e, "mira")
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return monsterTurn(t, e, 15, 9, 5)
		}},
		{"HolyAurasFlash", "zombie-1", false, func(t *testing.T) encounter.Encounter {
			e := casterFirst(t, []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}})
			e, _ = actFaces(t, e, "mira", endTurn())
			e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "holy-aura", Spell: "holy-aura", TargetID: "mira", DC: 15}})
			return e
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return monsterTurn(t, e, 18, 18)
		}},
		{"ASpellsRepeatedSave", "mira", false, func(t *testing.T) encounter.Encounter {
			e := casterFirst(t, []campaign.Character{magus(), mira()}, orcs())
			e, _ = actFaces(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "flesh-to-stone", TargetID: "mira", EndTurn: true}, 2)
			return e
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return act(t, e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, 2)
		}},
		{"Regurgitating", "purple-worm-1", false, func(t *testing.T) encounter.Encounter {
			e, _, err := encounter.MonsterTurn(wormFight(t), faces(t)) // the goblin's
			if err != nil {
				t.Fatal(err)
			}
			return e
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return act(t, e, "mira", encounter.Action{Kind: encounter.ActionAttack, TargetID: "purple-worm-1", Weapon: "greatsword", EndTurn: true},
				15, 15, 6, 6, 15, 15, 6, 6, 1, 1, 2)
		}},
		{"AWoundsOngoingHarm", "ogre-1", false, func(t *testing.T) encounter.Encounter {
			return casterFirst(t, []campaign.Character{miraWith(campaign.Item{Item: "longsword", Magic: "sword-of-wounding"})}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return act(t, e, "mira", slash("ogre-1"), 9, 6, 3, 5)
		}},
		{"AntimagicSusceptibility", "animated-armor-1", false, func(t *testing.T) encounter.Encounter {
			return casterFirst(t, []campaign.Character{wrenAt(5)}, []encounter.MonsterSpec{{SRDID: "animated-armor", Count: 1}})
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			return act(t, e, "wren", encounter.Action{Kind: encounter.ActionCast, Spell: "dispel-magic", TargetIDs: []string{"animated-armor-1"}}, 2)
		}},
		{"StunningStrike", "orc-1", false, func(t *testing.T) encounter.Encounter {
			return casterFirst(t, []campaign.Character{kai(5)}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
		}, func(t *testing.T, e encounter.Encounter) encounter.Result {
			_, res, err := encounter.ActWith(e, "kai", monkAttack("orc-1", "unarmed"), scriptAfter(t, 10, 1, 10, 1), chosen(1, "stunning-strike", 1))
			if err != nil {
				t.Fatal(err)
			}
			return res
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := tt.play(t, steeled(tt.setup(t), tt.saver, tt.dex))
			want := []string{"Warding Bond", "Bless"}
			if tt.dex {
				want = append(want, "Slow")
			}
			saves := 0
			for _, r := range turn.Rolls(res.Rolls) {
				if r.RollerID != tt.saver || !strings.Contains(r.Reason, "sav") {
					continue
				}
				saves++
				if r.Working == nil {
					t.Fatalf("the %s (%s = %d) has no working", r.Reason, r.Dice, r.Total)
				}
				if why := r.WorkingProblem(); why != "" {
					t.Errorf("the %s: %s; working %+v", r.Reason, why, *r.Working)
				}
				if err := r.Verify(); err != nil {
					t.Errorf("the %s does not replay with its working: %v", r.Reason, err)
				}
				var named []string
				for _, term := range r.Working.Terms {
					if term.Kind == campaign.TermSituation {
						t.Errorf("the %s leaves %+d unnamed: %+v", r.Reason, term.Value, r.Working.Terms)
					}
					named = append(named, term.Source)
				}
				for _, w := range want {
					if !slices.Contains(named, w) {
						t.Errorf("the %s's working names %q, not %q", r.Reason, named, w)
					}
				}
			}
			if saves == 0 {
				t.Fatalf("%s made no save: %s", tt.saver, res.Summary())
			}
			if !slices.ContainsFunc(res.Saves, func(sv rules.SaveResult) bool { return sv.RollerID == tt.saver }) {
				t.Errorf("the save is not among the result's saves %+v", res.Saves)
			}
		})
	}
}
