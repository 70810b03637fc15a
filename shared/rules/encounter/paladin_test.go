package encounter_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/spell"
	"chronicler/shared/srd"
)

// aldric is a level 1 human paladin with a longsword (+5, 1d8+3): Str
// 16, Cha 14 (+2), AC 18, 12 HP. Lay on Hands holds 5 points.
func aldric() campaign.Character {
	return campaign.Character{
		ID: "aldric", PlayerID: "p7", Name: "Aldric", Race: "human", Class: "paladin", Level: 1,
		Abilities: campaign.Abilities{Str: 16, Dex: 10, Con: 14, Int: 8, Wis: 12, Cha: 14},
		HP:        12, MaxHP: 12, AC: 18, Speed: 30, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{}, HitDice: campaign.Pool{Max: 1},
		Inventory: []campaign.Item{{Item: "longsword", Qty: 1, Equipped: true}},
	}
}

// paladinAt is Aldric at level n, with the SRD paladin's spell slots
// there and 10 hit points a level.
func paladinAt(t *testing.T, n int) campaign.Character {
	t.Helper()
	c := aldric()
	c.Level, c.HP, c.MaxHP, c.HitDice = n, 10*n, 10*n, campaign.Pool{Max: n}
	class, ok := srd.LookupClass("paladin")
	if !ok {
		t.Fatal("no paladin in the SRD data")
	}
	for i, k := range class.Levels[n-1].SpellSlots {
		c.SpellSlots[strconv.Itoa(i+1)] = campaign.Slot{Max: k}
	}
	return c
}

// hurt is the character at hp hit points.
func hurt(ch campaign.Character, hp int) campaign.Character {
	ch.HP = hp
	return ch
}

// Lay on Hands: an action on a touched creature that draws any number of
// hit points from a pool of five per paladin level (5 at 1st), as many
// as the creature lacks when none is named, or 5 to end a poison; the
// undead and constructs are beyond it.
func TestLayOnHands(t *testing.T) {
	layOn := func(target, choice string) encounter.Action {
		return encounter.Action{Kind: encounter.ActionFeature, Feature: "lay-on-hands", TargetID: target, Choice: choice}
	}
	for _, tc := range []struct {
		name           string
		mira           campaign.Character
		action         encounter.Action
		hp, used       int
		refusal        fault.Reason
		poisoned, told bool
	}{
		{name: "HealsThePointsAsked", mira: hurt(mira(), 20), action: layOn("mira", "3"), hp: 23, used: 3},
		{name: "HealsWhatTheTargetLacks", mira: hurt(mira(), 24), action: layOn("mira", ""), hp: 28, used: 4},
		{name: "HealsAsFarAsThePoolGoes", mira: hurt(mira(), 10), action: layOn("mira", ""), hp: 15, used: 5},
		{name: "NoMoreThanTheTargetLacks", mira: hurt(mira(), 26), action: layOn("mira", "5"), hp: 28, used: 2},
		{name: "MoreThanThePoolRefused", mira: hurt(mira(), 10), action: layOn("mira", "6"), refusal: encounter.NotAllowed},
		{name: "FullHitPointsRefused", mira: mira(), action: layOn("mira", ""), refusal: encounter.NotAllowed},
		{name: "NoNumberRefused", mira: hurt(mira(), 10), action: layOn("mira", "lots"), refusal: encounter.InvalidArgs},
		{name: "UndeadRefused", mira: mira(), action: layOn("zombie-1", "2"), refusal: encounter.NotAllowed},
		{name: "NeutralizesPoisonForFive", mira: mira(), poisoned: true, action: layOn("mira", "poison"), hp: 28, used: 5, told: true},
		{name: "NoPoisonToNeutralizeRefused", mira: mira(), action: layOn("mira", "poison"), refusal: encounter.NotAllowed},
		{name: "HealsThePaladinItself", mira: mira(), action: layOn("", "1"), hp: 28, used: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pal := hurt(aldric(), 11)
			e := casterFirst(t, []campaign.Character{pal, tc.mira}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}})
			if tc.poisoned {
				e = edit(e, "mira", func(p *encounter.Participant) { p.Combatant.Conditions = p.Combatant.Conditions.With(rules.Poisoned) })
			}
			out, res, err := encounter.Act(e, "aldric", tc.action, faces(t))
			if tc.refusal != "" {
				if fault.ReasonOf(err) != tc.refusal {
					t.Fatalf("Act = %v, want a %s refusal", err, tc.refusal)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			a, m := participant(t, out, "aldric"), participant(t, out, "mira")
			if !a.Turn.ActionUsed || a.Pools["lay-on-hands"] != (campaign.Pool{Max: 5, Used: tc.used}) {
				t.Fatalf("turn %+v, pool %+v, want %d used", a.Turn, a.Pools["lay-on-hands"], tc.used)
			}
			if tc.action.TargetID == "" {
				if a.HP != 12 {
					t.Errorf("Aldric at %d HP, want 12", a.HP)
				}
				return
			}
			if m.HP != tc.hp || m.Combatant.Conditions.Has(rules.Poisoned) {
				t.Errorf("Mira at %d HP, conditions %v; want %d, not poisoned: %s", m.HP, m.Conditions, tc.hp, res.Summary())
			}
			if tc.told && !strings.Contains(res.Summary(), "ends the poison") {
				t.Errorf("summary %q", res.Summary())
			}
		})
	}
}

// Divine Sense: an action, one of 1 + Charisma modifier uses (3 for
// Aldric), that finds the celestials, fiends and undead about.
func TestDivineSense(t *testing.T) {
	e := casterFirst(t, []campaign.Character{aldric()}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}, {SRDID: "goblin", Count: 1}})
	out, res, err := encounter.Act(e, "aldric", useFeature("divine-sense"), faces(t))
	if err != nil {
		t.Fatal(err)
	}
	a := participant(t, out, "aldric")
	if !a.Turn.ActionUsed || a.Pools["divine-sense"] != (campaign.Pool{Max: 3, Used: 1}) {
		t.Fatalf("turn %+v, pools %v", a.Turn, a.Pools)
	}
	if s := res.Summary(); !strings.Contains(s, "undead (Zombie 1)") || strings.Contains(s, "Goblin") {
		t.Errorf("summary %q", s)
	}
}

// Divine Smite, on a melee weapon hit: a spell slot the paladin picks
// among those it has, for 2d8 radiant at 1st level and 1d8 more a level,
// at most 5d8, with 1d8 more on an undead or a fiend. A level 5 paladin
// with Extra Attack smites a zombie with a 2nd-level slot: 4d8.
func TestDivineSmite(t *testing.T) {
	pal := paladinAt(t, 5) // +6 to hit, 1d8+3; slots 4 and 2
	e := casterFirst(t, []campaign.Character{pal}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}})
	attack := encounter.Action{Kind: encounter.ActionAttack, TargetID: "zombie-1"}
	// The first attack hits (15 vs AC 8) for 5 + 3; the second misses on a 1.
	_, res, err := encounter.Act(e, "aldric", attack, faces(t, 15, 5, 1))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Openings) != 1 || res.Openings[0].Attack != 0 {
		t.Fatalf("openings %+v, want one at the hit", res.Openings)
	}
	var names []string
	for _, o := range res.Openings[0].Offers {
		names = append(names, o.Name)
	}
	if !slices.Equal(names, []string{"divine-smite:1", "divine-smite:2"}) {
		t.Fatalf("offers %v, want a smite per slot level", names)
	}
	// Taken with the 2nd-level slot: the same d20 and weapon die, then 4d8.
	smite := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "aldric", Name: "divine-smite:2"}}}
	out, res, err := encounter.ActWith(e, "aldric", attack, faces(t, 15, 5, 1, 2, 3, 4, 1), smite)
	if err != nil {
		t.Fatal(err)
	}
	z, a := participant(t, out, "zombie-1"), participant(t, out, "aldric")
	if z.HP != 22-8-10 || a.Combatant.SpellSlots[1].Used != 1 || a.Combatant.SpellSlots[0].Used != 0 {
		t.Fatalf("zombie at %d HP, slots %+v: %s", z.HP, a.Combatant.SpellSlots[:2], res.Summary())
	}
	if len(res.Applied) != 1 || !strings.Contains(res.Summary(), "4d8 radiant") {
		t.Errorf("applied %+v, summary %q", res.Applied, res.Summary())
	}
	// A slot level the paladin has none of is refused.
	none := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "aldric", Name: "divine-smite:3"}}}
	if _, _, err := encounter.ActWith(e, "aldric", attack, faces(t), none); fault.ReasonOf(err) != encounter.NoSlot {
		t.Errorf("a smite with no 3rd-level slot: %v", err)
	}
}

// Divine Smite's dice by slot level and target: 2d8 to 5d8, one more on
// undead and fiends.
func TestDivineSmiteDice(t *testing.T) {
	for _, tc := range []struct {
		slot   int
		target string
		dice   int
	}{
		{1, "orc", 2}, {2, "orc", 3}, {4, "orc", 5}, {5, "orc", 5}, {1, "imp", 3}, {4, "zombie", 6},
	} {
		t.Run(tc.target+strconv.Itoa(tc.slot), func(t *testing.T) {
			pal := paladinAt(t, 17) // slots to 5th level, +9 to hit
			e := casterFirst(t, []campaign.Character{pal}, []encounter.MonsterSpec{{SRDID: tc.target, Count: 1}})
			smite := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "aldric", Name: "divine-smite:" + strconv.Itoa(tc.slot)}}}
			script := []int{19, 1, 1} // the d20, the longsword's d8, Improved Divine Smite's d8
			for range tc.dice {
				script = append(script, 1)
			}
			_, res, err := encounter.ActWith(e, "aldric", encounter.Action{Kind: encounter.ActionAttack, TargetID: tc.target + "-1"}, faces(t, append(script, 1)...), smite)
			if err != nil {
				t.Fatal(err)
			}
			parts := res.Attacks[0].Damage.Parts
			radiant := 0
			for _, p := range parts {
				if p.Type == rules.Radiant {
					radiant += p.Dealt
				}
			}
			if radiant != tc.dice+1 {
				t.Errorf("radiant %d, want %d smite dice and Improved Divine Smite's: %+v", radiant, tc.dice, parts)
			}
		})
	}
}

// Improved Divine Smite: every melee weapon hit deals 1d8 radiant more.
func TestImprovedDivineSmite(t *testing.T) {
	pal := paladinAt(t, 11) // +7 to hit, 1d8+3
	e := casterFirst(t, []campaign.Character{pal}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}})
	// Hit for 2 + 3 slashing and 4 radiant; the second attack misses.
	out, res, err := encounter.Act(e, "aldric", encounter.Action{Kind: encounter.ActionAttack, TargetID: "orc-1"}, faces(t, 12, 2, 4, 1))
	if err != nil {
		t.Fatal(err)
	}
	if o := participant(t, out, "orc-1"); o.HP != 15-9 {
		t.Fatalf("orc at %d HP, want 6: %s", o.HP, res.Summary())
	}
}

// Sacred Weapon: an action from Channel Divinity (one a short rest): for
// a minute the longsword adds Aldric's +2 Charisma to attack rolls and
// is magical, so a shadow's resistance to nonmagical slashing no longer
// halves it; it ends once Aldric falls unconscious.
func TestSacredWeapon(t *testing.T) {
	pal := paladinAt(t, 3)
	e := casterFirst(t, []campaign.Character{pal, mira()}, []encounter.MonsterSpec{{SRDID: "shadow", Count: 1}})
	e, res, err := encounter.Act(e, "aldric", encounter.Action{Kind: encounter.ActionFeature, Feature: "channel-divinity-sacred-weapon", EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if a := participant(t, e, "aldric"); a.Pools["paladin-channel-divinity"] != (campaign.Pool{Max: 1, Used: 1}) || !strings.Contains(res.Summary(), "+2") {
		t.Fatalf("pools %v, summary %q", a.Pools, res.Summary())
	}
	e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 1)) // the shadow misses Mira
	if err != nil {
		t.Fatal(err)
	}
	// 5 + 3 + 2 = 10, under AC 12 without the blessing; the 6 + 3 lands whole.
	e, res, err = encounter.Act(e, "aldric", encounter.Action{Kind: encounter.ActionAttack, TargetID: "shadow-1"}, faces(t, 5, 6))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; !a.Hit || a.Bonus != 7 || participant(t, e, "shadow-1").HP != 16-9 {
		t.Fatalf("attack %+v, shadow at %d HP", a, participant(t, e, "shadow-1").HP)
	}
	if _, _, err := encounter.Act(e, "aldric", encounter.Action{Kind: encounter.ActionFeature, Feature: "channel-divinity-sacred-weapon"}, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("a second Channel Divinity before a rest: %v", err)
	}
	e = edit(e, "aldric", dying)
	_, res, err = encounter.Act(e, "aldric", encounter.Action{Kind: encounter.ActionDeathSave, EndTurn: true}, faces(t, 15))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Summary(), "Sacred Weapon ends (unconscious)") {
		t.Errorf("summary %q", res.Summary())
	}
}

// Turn the Unholy: each fiend and undead saves (Wisdom, DC 8 + 2 + 2)
// or is turned: the zombie fails with 5 and loses its turns until it is
// hurt; the imp saves with 15 (+1); the goblin is neither.
func TestTurnTheUnholy(t *testing.T) {
	pal := paladinAt(t, 3)
	e := casterFirst(t, []campaign.Character{pal}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}, {SRDID: "imp", Count: 1}, {SRDID: "goblin", Count: 1}})
	// The imp strikes here rather than turn invisible (invisibility.go).
	e = edit(e, "imp-1", func(p *encounter.Participant) {
		p.Actions = slices.DeleteFunc(p.Actions, func(a srd.Action) bool { return a.ID == "invisibility" })
	})
	e, res, err := encounter.Act(e, "aldric", encounter.Action{Kind: encounter.ActionFeature, Feature: "channel-divinity-turn-the-unholy", EndTurn: true}, faces(t, 5, 15))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Saves) != 2 || res.Saves[0].DC != 12 || res.Saves[0].Success || !res.Saves[1].Success {
		t.Fatalf("saves %+v", res.Saves)
	}
	if z := participant(t, e, "zombie-1"); !z.Turn.ActionUsed || !z.ReactionUsed || !strings.Contains(res.Summary(), "Zombie 1 is turned, and flees") {
		t.Fatalf("zombie turn %+v, summary %q", z.Turn, res.Summary())
	}
	e, res, err = encounter.MonsterTurn(e, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Attacks) != 0 {
		t.Fatalf("a turned zombie attacked: %s", res.Summary())
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 1)) // the imp misses
	if err != nil {
		t.Fatal(err)
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 1)) // the goblin misses
	if err != nil {
		t.Fatal(err)
	}
	// Going for the zombie draws the imp's and the goblin's opportunity
	// attacks (both miss); the longsword's 15 hits for 3 + 3.
	e, res, err = encounter.Act(e, "aldric", encounter.Action{Kind: encounter.ActionAttack, TargetID: "zombie-1"}, faces(t, 1, 1, 15, 3))
	if err != nil {
		t.Fatal(err)
	}
	if slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.ID == "turned" }) || !strings.Contains(res.Summary(), "ends (damage)") {
		t.Errorf("the zombie hurt is still turned: %+v, %q", e.Effects, res.Summary())
	}
}

// The auras of a level 10 paladin reach the party while it is conscious:
// Protection adds +2 (Charisma) to their saves, Devotion keeps them from
// being charmed, Courage from being frightened. Down, it gives nothing.
func TestPaladinAuras(t *testing.T) {
	t.Run("ProtectionOnABreath", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{paladinAt(t, 10), mira()}, []encounter.MonsterSpec{{SRDID: "black-dragon-wyrmling", Count: 1}})
		e, _, err := encounter.Act(e, "aldric", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		e, _, err = encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		// The breath's 5d8, then each save's d20.
		_, res, err := encounter.MonsterTurn(e, faces(t, 1, 1, 1, 1, 1, 10, 10))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Saves) != 2 || res.Saves[0].Bonus != 0+2 || res.Saves[1].Bonus != 1+2 {
			t.Fatalf("saves %+v, want Aldric's +0 and Mira's +1 each with +2", res.Saves)
		}
	})
	t.Run("ProtectionGoneWhenDown", func(t *testing.T) {
		e := casterFirst(t, []campaign.Character{mira(), paladinAt(t, 10)}, []encounter.MonsterSpec{{SRDID: "black-dragon-wyrmling", Count: 1}})
		e = edit(e, "aldric", dying)
		e, _, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
		if err != nil {
			t.Fatal(err)
		}
		e, _, err = encounter.Act(e, "aldric", encounter.Action{Kind: encounter.ActionDeathSave, EndTurn: true}, faces(t, 15))
		if err != nil {
			t.Fatal(err)
		}
		_, res, err := encounter.MonsterTurn(e, faces(t, 1, 1, 1, 1, 1, 10))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Saves) != 1 || res.Saves[0].Bonus != 1 {
			t.Fatalf("saves %+v, want Mira's +1 alone", res.Saves)
		}
	})
	t.Run("DevotionAndCourageOnSpells", func(t *testing.T) {
		sol := sol()
		e := casterFirst(t, []campaign.Character{sol, paladinAt(t, 10), tavi()}, goblins(1))
		// Sol's Fear on Tavi: a failed save (3), and no fear.
		out, res, err := encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "fear", TargetID: "tavi"}, faces(t, 3))
		if err != nil {
			t.Fatal(err)
		}
		if tv := participant(t, out, "tavi"); tv.Combatant.Conditions.Has(rules.Frightened) || !strings.Contains(res.Summary(), "immune") {
			t.Fatalf("Tavi's conditions %v: %s", tv.Conditions, res.Summary())
		}
		// Charm Person: likewise (Tavi's Fey Ancestry rolls two dice).
		out, res, err = encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "charm-person", TargetID: "tavi"}, faces(t, 3, 3))
		if err != nil {
			t.Fatal(err)
		}
		if tv := participant(t, out, "tavi"); tv.Combatant.Conditions.Has(rules.Charmed) {
			t.Fatalf("Tavi charmed: %s", res.Summary())
		}
		// With Aldric down, the charm takes: Tavi's elven Fey Ancestry
		// gives her save advantage, and both dice fail (3, 3).
		e = edit(e, "aldric", dying)
		out, res, err = encounter.Act(e, "sol", encounter.Action{Kind: encounter.ActionCast, Spell: "charm-person", TargetID: "tavi"}, faces(t, 3, 3))
		if err != nil {
			t.Fatal(err)
		}
		if tv := participant(t, out, "tavi"); !tv.Combatant.Conditions.Has(rules.Charmed) {
			t.Fatalf("Tavi not charmed with the paladin down: %s", res.Summary())
		}
	})
}

// Purity of Spirit: undead attack the paladin with disadvantage.
func TestPurityOfSpirit(t *testing.T) {
	e := casterFirst(t, []campaign.Character{paladinAt(t, 15)}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}})
	e, _, err := encounter.Act(e, "aldric", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	_, res, err := encounter.MonsterTurn(e, faces(t, 19, 2))
	if err != nil {
		t.Fatal(err)
	}
	if a := res.Attacks[0]; a.Hit || !slices.Contains(a.Edge.Disadvantage, "Purity of Spirit") {
		t.Fatalf("the zombie's attack %+v", a)
	}
}

// Holy Nimbus: an action once a long rest; each foe takes 10 radiant as
// its turn starts, the paladin's allies none.
func TestHolyNimbus(t *testing.T) {
	e := casterFirst(t, []campaign.Character{paladinAt(t, 20), mira()}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}})
	e, _, err := encounter.Act(e, "aldric", encounter.Action{Kind: encounter.ActionFeature, Feature: "holy-nimbus", EndTurn: true}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, e, "mira"); m.HP != 28 {
		t.Fatalf("Mira burned: %d HP", m.HP)
	}
	// Mira's turn ends, and the zombie's begins in the light.
	out, res, err := encounter.Act(e, "mira", encounter.Action{Kind: encounter.ActionEndTurn}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if z := participant(t, out, "zombie-1"); z.HP != 12 || !strings.Contains(res.Summary(), "holy light sears Zombie 1") {
		t.Fatalf("zombie at %d HP: %s", z.HP, res.Summary())
	}
	if a := participant(t, e, "aldric"); a.Pools["holy-nimbus"] != (campaign.Pool{Max: 1, Used: 1}) {
		t.Errorf("pools %v", a.Pools)
	}
}

// Cleansing Touch: an action, Charisma modifier uses a long rest (2): a
// foe's Hold Person on Mira ends, and she can move again.
func TestCleansingTouch(t *testing.T) {
	e := casterFirst(t, []campaign.Character{paladinAt(t, 14), mira()}, goblins(1))
	e = edit(e, "mira", func(p *encounter.Participant) {
		p.Combatant.Conditions = p.Combatant.Conditions.With(rules.Paralyzed)
	})
	e.Effects = append(e.Effects, encounter.Effect{Effect: spell.Effect{ID: "paralyzed", Spell: "hold-person", CasterID: "goblin-1",
		TargetID: "mira", Condition: rules.Paralyzed, Ends: "1 minute"}})
	out, res, err := encounter.Act(e, "aldric", encounter.Action{Kind: encounter.ActionFeature, Feature: "cleansing-touch", TargetID: "mira"}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if m := participant(t, out, "mira"); m.Combatant.Conditions.Has(rules.Paralyzed) || len(out.Effects) != 0 {
		t.Fatalf("Mira %v, effects %+v: %s", m.Conditions, out.Effects, res.Summary())
	}
	if a := participant(t, out, "aldric"); a.Pools["cleansing-touch"] != (campaign.Pool{Max: 2, Used: 1}) {
		t.Errorf("pools %v", a.Pools)
	}
	if _, _, err := encounter.Act(e, "aldric", encounter.Action{Kind: encounter.ActionFeature, Feature: "cleansing-touch", TargetID: "goblin-1"}, faces(t)); fault.ReasonOf(err) != encounter.NotAllowed {
		t.Errorf("cleansing a goblin: %v", err)
	}
}

// A level 1 paladin's fight: Aldric cuts down a goblin with his
// longsword, takes a scimitar and lays hands on himself.
func TestLevel1PaladinFight(t *testing.T) {
	e := casterFirst(t, []campaign.Character{aldric()}, goblins(2))
	e, _, err := encounter.Act(e, "aldric", encounter.Action{Kind: encounter.ActionAttack, TargetID: "goblin-1", EndTurn: true}, faces(t, 14, 6))
	if err != nil {
		t.Fatal(err)
	}
	if g := participant(t, e, "goblin-1"); !g.Defeated {
		t.Fatalf("goblin 1 at %d HP", g.HP)
	}
	e, _, err = encounter.MonsterTurn(e, faces(t, 20, 3, 3)) // a critical scimitar: 2d6+2
	if err != nil {
		t.Fatal(err)
	}
	if a := participant(t, e, "aldric"); a.HP != 4 {
		t.Fatalf("Aldric at %d HP", a.HP)
	}
	e, _, err = encounter.Act(e, "aldric", encounter.Action{Kind: encounter.ActionFeature, Feature: "lay-on-hands"}, faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if a := participant(t, e, "aldric"); a.HP != 9 || a.Pools["lay-on-hands"].Used != 5 {
		t.Fatalf("Aldric at %d HP, pool %+v", a.HP, a.Pools["lay-on-hands"])
	}
}
