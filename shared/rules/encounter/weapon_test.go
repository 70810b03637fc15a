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

// The weapon properties as the SRD plays them for characters: versatile,
// two-handed, ammunition, loading, heavy, thrown and finesse. Each test
// fights an ogre (AC 11, 59 HP: no blow ends the fight) with the
// character first.

// armed is a character of the class, race and level (Str 16, Dex 14,
// Con 14) carrying inv.
func armed(id, race, class string, level int, inv ...campaign.Item) campaign.Character {
	return campaign.Character{
		ID: id, PlayerID: "p-" + id, Name: strings.ToUpper(id[:1]) + id[1:], Race: race, Class: class, Level: level,
		Abilities: campaign.Abilities{Str: 16, Dex: 14, Con: 14, Int: 10, Wis: 12, Cha: 8},
		HP:        40, MaxHP: 40, AC: 15, Speed: 30, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{}, HitDice: campaign.Pool{Max: level},
		Inventory: inv,
	}
}

func item(id string, qty int) campaign.Item { return campaign.Item{Item: id, Qty: qty} }

func wielded(id string, qty int) campaign.Item {
	return campaign.Item{Item: id, Qty: qty, Equipped: true}
}

// versusOgre starts a fight of ch against an ogre, ch first.
func versusOgre(t *testing.T, ch campaign.Character) encounter.Encounter {
	t.Helper()
	e := casterFirst(t, []campaign.Character{ch}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}})
	if e.Current != ch.ID {
		t.Fatalf("%s is not first: %q", ch.ID, e.Current)
	}
	return e
}

// attackOgre has the current character attack the ogre.
func attackOgre(t *testing.T, e encounter.Encounter, in encounter.Action, f ...int) (encounter.Encounter, encounter.Result) {
	t.Helper()
	in.Kind, in.TargetID = encounter.ActionAttack, "ogre-1"
	out, res, err := encounter.Act(e, e.Current, in, faces(t, f...))
	if err != nil {
		t.Fatal(err)
	}
	return out, res
}

// damageDice is the dice of each damage roll the action made.
func damageDice(res encounter.Result) []string {
	var out []string
	for _, r := range res.Rolls {
		if r.Reason == "damage" {
			out = append(out, r.Result.Expr)
		}
	}
	return out
}

// refused checks that the attack is refused for reason, saying want.
func refused(t *testing.T, e encounter.Encounter, in encounter.Action, reason fault.Reason, want string) {
	t.Helper()
	in.Kind, in.TargetID = encounter.ActionAttack, "ogre-1"
	_, _, err := encounter.Act(e, e.Current, in, faces(t))
	if fault.ReasonOf(err) != reason || !strings.Contains(err.Error(), want) {
		t.Fatalf("err = %v (reason %q), want %s saying %q", err, fault.ReasonOf(err), reason, want)
	}
}

// A versatile weapon deals its two-handed damage in a melee attack made
// with two hands: when the attack asks for them, or else when the other
// hand is free (no shield, no other weapon wielded). A shield forbids two
// hands; a thrown versatile weapon deals its one-handed damage. The
// summary says the grip.
func TestVersatileGrip(t *testing.T) {
	tests := []struct {
		name  string
		inv   []campaign.Item
		in    encounter.Action
		dice  string
		grip  string
		faces []int
	}{
		{"TwoFreeHandsDealTheTwoHandedDamage", []campaign.Item{item("longsword", 1)},
			encounter.Action{Weapon: "longsword"}, "1d10+3", "a longsword in two hands", []int{15, 6}},
		{"AShieldLeavesOneHand", []campaign.Item{wielded("longsword", 1), wielded("shield", 1)},
			encounter.Action{Weapon: "longsword"}, "1d8+3", "a longsword in one hand", []int{15, 6}},
		{"AnotherWeaponWieldedLeavesOneHand", []campaign.Item{wielded("quarterstaff", 1), wielded("dagger", 1)},
			encounter.Action{Weapon: "quarterstaff"}, "1d6+3", "a quarterstaff in one hand", []int{15, 6}},
		{"APairWieldedLeavesOneHand", []campaign.Item{wielded("spear", 2)},
			encounter.Action{Weapon: "spear"}, "1d6+3", "a spear in one hand", []int{15, 6}},
		{"OneHandAsAsked", []campaign.Item{item("warhammer", 1)},
			encounter.Action{Weapon: "warhammer", Choice: encounter.OneHanded}, "1d8+3", "a warhammer in one hand", []int{15, 6}},
		{"TwoHandsAsAskedLetTheOtherWeaponGo", []campaign.Item{wielded("battleaxe", 1), wielded("dagger", 1)},
			encounter.Action{Weapon: "battleaxe", Choice: encounter.TwoHanded}, "1d10+3", "a battleaxe in two hands", []int{15, 6}},
		{"AThrownSpearDealsItsOneHandedDamage", []campaign.Item{item("spear", 1)},
			encounter.Action{Weapon: "spear", Distance: 20}, "1d6+3", "a spear (", []int{15, 6}},
		{"AGripMeansNothingToALongbow", []campaign.Item{item("longbow", 1), item("arrow", 5)},
			encounter.Action{Weapon: "longbow", Choice: encounter.TwoHanded}, "1d8+2", "a longbow (", []int{15, 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := versusOgre(t, armed("vala", "human", "fighter", 3, tt.inv...))
			_, res := attackOgre(t, e, tt.in, tt.faces...)
			if got := damageDice(res); !slices.Equal(got, []string{tt.dice}) {
				t.Errorf("damage dice %v, want %s", got, tt.dice)
			}
			if !strings.Contains(res.Summary(), "with "+tt.grip) {
				t.Errorf("summary %q does not say %q", res.Summary(), tt.grip)
			}
		})
	}
	t.Run("TwoHandsAskedWithAShieldAreRefused", func(t *testing.T) {
		e := versusOgre(t, armed("vala", "human", "fighter", 3, wielded("longsword", 1), wielded("shield", 1)))
		refused(t, e, encounter.Action{Weapon: "longsword", Choice: encounter.TwoHanded}, encounter.NotAllowed, "Vala has a shield on one arm, and so only one hand for a longsword")
	})
	t.Run("AGripAskedOfAOneHandedWeaponChangesNothing", func(t *testing.T) {
		e := versusOgre(t, armed("vala", "human", "fighter", 3, wielded("mace", 1), wielded("shield", 1)))
		_, res := attackOgre(t, e, encounter.Action{Weapon: "mace", Choice: encounter.TwoHanded}, 15, 4)
		if got := damageDice(res); !slices.Equal(got, []string{"1d6+3"}) || !strings.Contains(res.Summary(), "with a mace (") {
			t.Errorf("damage %v: %s", got, res.Summary())
		}
	})
	t.Run("AnUnknownGripIsRefused", func(t *testing.T) {
		e := versusOgre(t, armed("vala", "human", "fighter", 3, item("longsword", 1)))
		refused(t, e, encounter.Action{Weapon: "longsword", Choice: "three-handed"}, encounter.InvalidArgs, "one-handed or two-handed")
	})
	t.Run("TheChoiceDecodes", func(t *testing.T) {
		a, err := encounter.DecodeAction([]byte(`{"kind":"attack","target_id":"ogre-1","weapon":"longsword","choice":"one-handed"}`))
		if err != nil || a.Choice != encounter.OneHanded {
			t.Fatalf("decoded %+v, %v", a, err)
		}
	})
}

// A two-handed weapon needs both hands: with a shield on its arm a
// character cannot attack with it (the SRD's shield takes an action to
// doff), nor in one hand; a weapon is picked for it among those it can
// use.
func TestTwoHandedWeapon(t *testing.T) {
	t.Run("HitsWithoutAShield", func(t *testing.T) {
		e := versusOgre(t, armed("vala", "human", "fighter", 3, wielded("greataxe", 1)))
		_, res := attackOgre(t, e, encounter.Action{Weapon: "greataxe"}, 15, 7)
		if got := damageDice(res); !slices.Equal(got, []string{"1d12+3"}) || !strings.Contains(res.Summary(), "with a greataxe (") {
			t.Errorf("damage %v: %s", got, res.Summary())
		}
	})
	t.Run("RefusedWithAShield", func(t *testing.T) {
		e := versusOgre(t, armed("vala", "human", "cleric", 3, wielded("mace", 1), wielded("shield", 1), item("crossbow-light", 1), item("crossbow-bolt", 10)))
		refused(t, e, encounter.Action{Weapon: "crossbow-light"}, encounter.NotAllowed, "Vala needs both hands to attack with a light crossbow, and has a shield on one arm")
	})
	t.Run("RefusedInOneHand", func(t *testing.T) {
		e := versusOgre(t, armed("vala", "human", "fighter", 3, item("greatsword", 1)))
		refused(t, e, encounter.Action{Weapon: "greatsword", Choice: encounter.OneHanded}, encounter.NotAllowed, "a greatsword needs both hands")
	})
	t.Run("NoneNamedTheBestUsableIsTaken", func(t *testing.T) {
		// The maul deals more, but the shield leaves one hand: the mace.
		e := versusOgre(t, armed("vala", "human", "fighter", 3, item("maul", 1), item("mace", 1), wielded("shield", 1)))
		_, res := attackOgre(t, e, encounter.Action{}, 15, 4)
		if !strings.Contains(res.Summary(), "with a mace (") {
			t.Errorf("summary %q", res.Summary())
		}
	})
}

// A weapon with the ammunition property spends a piece of its ammunition
// (arrows for bows, bolts for crossbows, bullets for slings, needles for
// blowguns) from the inventory with every attack; with none left there
// is no attack.
func TestAmmunition(t *testing.T) {
	for _, tt := range []struct {
		name, weapon, ammo string
	}{
		{"AShortbowShootsArrows", "shortbow", "arrow"},
		{"ALongbowShootsArrows", "longbow", "arrow"},
		{"AHandCrossbowShootsBolts", "crossbow-hand", "crossbow-bolt"},
		{"AHeavyCrossbowShootsBolts", "crossbow-heavy", "crossbow-bolt"},
		{"ASlingShootsBullets", "sling", "sling-bullet"},
		{"ABlowgunShootsNeedles", "blowgun", "blowgun-needle"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := versusOgre(t, armed("vala", "human", "fighter", 3, item(tt.weapon, 1), item(tt.ammo, 10)))
			if p := participant(t, e, "vala"); p.Ammo[tt.ammo] != 10 || p.Start.Ammo[tt.ammo] != 10 {
				t.Fatalf("ammunition at the start %v", p.Ammo)
			}
			out, _ := attackOgre(t, e, encounter.Action{Weapon: tt.weapon}, 2) // a miss spends one too
			if p := participant(t, out, "vala"); p.Ammo[tt.ammo] != 9 {
				t.Errorf("%s left: %v", tt.ammo, p.Ammo)
			}
		})
	}
	t.Run("ExtraAttackShootsTwoArrows", func(t *testing.T) {
		e := versusOgre(t, armed("rue", "human", "ranger", 5, item("longbow", 1), item("arrow", 20)))
		out, res := attackOgre(t, e, encounter.Action{Weapon: "longbow"}, 15, 3, 15, 3)
		if p := participant(t, out, "rue"); len(res.Attacks) != 2 || p.Ammo["arrow"] != 18 {
			t.Errorf("%d attacks, %d arrows left", len(res.Attacks), p.Ammo["arrow"])
		}
	})
	t.Run("NoArrowsNoShot", func(t *testing.T) {
		e := versusOgre(t, armed("rue", "human", "ranger", 3, item("longbow", 1)))
		refused(t, e, encounter.Action{Weapon: "longbow"}, encounter.NotAllowed, "Rue has no arrows left to shoot from a longbow")
	})
	t.Run("TheLastArrowEndsTheVolley", func(t *testing.T) {
		e := versusOgre(t, armed("rue", "human", "ranger", 5, item("longbow", 1), item("arrow", 1)))
		out, res := attackOgre(t, e, encounter.Action{Weapon: "longbow"}, 15, 3)
		if p := participant(t, out, "rue"); len(res.Attacks) != 1 || p.Ammo["arrow"] != 0 || !strings.HasSuffix(res.Summary(), "Rue has no arrows left.") {
			t.Errorf("%d attacks, %d arrows left: %s", len(res.Attacks), p.Ammo["arrow"], res.Summary())
		}
	})
	t.Run("ArrowsNamedAsTheSheetWritesThem", func(t *testing.T) {
		e := versusOgre(t, armed("rue", "human", "ranger", 3, item("shortbow", 1), item("Arrows", 12), item("Arrow", 3)))
		if p := participant(t, e, "rue"); p.Ammo["arrow"] != 15 {
			t.Errorf("arrows counted %v", p.Ammo)
		}
	})
	t.Run("AtRangeABowWithoutArrowsGivesWayToAThrownWeapon", func(t *testing.T) {
		e := versusOgre(t, armed("rue", "human", "ranger", 3, item("longbow", 1), item("javelin", 2)))
		_, res := attackOgre(t, e, encounter.Action{Distance: 30}, 15, 3)
		if !strings.Contains(res.Summary(), "with a javelin (") {
			t.Errorf("summary %q", res.Summary())
		}
	})
	t.Run("AtRangeWithNothingElseTheRefusalSaysWhy", func(t *testing.T) {
		e := versusOgre(t, armed("rue", "human", "ranger", 3, item("longbow", 1), item("shortsword", 1)))
		refused(t, e, encounter.Action{Distance: 60}, encounter.NotAllowed, "no arrows left")
	})
	t.Run("AThrownWeaponSpendsNoAmmunition", func(t *testing.T) {
		e := versusOgre(t, armed("rue", "human", "ranger", 3, item("dagger", 1)))
		out, _ := attackOgre(t, e, encounter.Action{Weapon: "dagger", Distance: 20}, 15, 3)
		if p := participant(t, out, "rue"); p.Ammo != nil {
			t.Errorf("ammunition %v", p.Ammo)
		}
	})
}

// At the end of the battle half the ammunition spent is recovered
// (rounded down) by a party that holds the field; the rest is gone from
// the sheet. A party that fled or lost recovers none.
func TestAmmunitionRecovered(t *testing.T) {
	// Rue shoots three arrows over two turns: Extra Attack's two, then one.
	shot := func(t *testing.T) encounter.Encounter {
		e := versusOgre(t, armed("rue", "human", "ranger", 5, item("longbow", 1), item("arrow", 20), item("rations", 2)))
		e = edit(e, "rue", func(p *encounter.Participant) { p.Ammo = map[string]int{"arrow": 17} })
		return e
	}
	for _, tt := range []struct {
		name, outcome string
		recovered     int
	}{
		{"VictoryRecoversHalfRoundedDown", "victory", 1},
		{"NegotiatingRecoversHalf", "negotiated", 1},
		{"FleeingRecoversNone", "fled", 0},
		{"DefeatRecoversNone", "defeat", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			ended, ds, err := encounter.End(shot(t), tt.outcome, encounter.EndOptions{})
			if err != nil {
				t.Fatal(err)
			}
			want := []encounter.AmmoDiff{{ID: "arrow", Before: 20, Spent: 3, Recovered: tt.recovered, After: 17 + tt.recovered}}
			if !slices.Equal(ds[0].Ammunition, want) || !slices.Equal(ended.Diffs()[0].Ammunition, want) {
				t.Errorf("ammunition %+v, then %+v, want %+v", ds[0].Ammunition, ended.Diffs()[0].Ammunition, want)
			}
			ups := ds.CharacterUpdates([]campaign.Character{armed("rue", "human", "ranger", 5, item("longbow", 1), item("arrow", 20), item("rations", 2))})
			if len(ups) != 1 || campaign.Pieces(ups[0].Inventory, "arrow") != 17+tt.recovered || campaign.Pieces(ups[0].Inventory, "rations") != 2 {
				t.Errorf("inventory after the fight %+v", ups[0].Inventory)
			}
		})
	}
	t.Run("TheFightEndingByItselfWritesTheArrowsBack", func(t *testing.T) {
		// Two arrows, the second killing the ogre left at 1 HP: one
		// recovered, 19 left.
		e := versusOgre(t, armed("rue", "human", "ranger", 5, item("longbow", 1), item("arrow", 20)))
		e = edit(e, "ogre-1", hp(1))
		out, res := attackOgre(t, e, encounter.Action{Weapon: "longbow"}, 2, 16, 3)
		if res.Outcome != "victory" {
			t.Fatalf("outcome %q: %s", res.Outcome, res.Summary())
		}
		ups := out.Diffs().CharacterUpdates([]campaign.Character{armed("rue", "human", "ranger", 5, item("longbow", 1), item("arrow", 20))})
		if len(ups) != 1 || campaign.Pieces(ups[0].Inventory, "arrow") != 19 {
			t.Errorf("sheets after the fight %+v", ups)
		}
	})
	t.Run("AllSpentAndNoneRecoveredLeavesNoStack", func(t *testing.T) {
		e := versusOgre(t, armed("rue", "human", "ranger", 3, item("longbow", 1), item("arrow", 1)))
		out, _ := attackOgre(t, e, encounter.Action{Weapon: "longbow"}, 15, 3)
		_, ds, err := encounter.End(out, "fled", encounter.EndOptions{})
		if err != nil {
			t.Fatal(err)
		}
		ups := ds.CharacterUpdates([]campaign.Character{armed("rue", "human", "ranger", 3, item("longbow", 1), item("arrow", 1))})
		if len(ups[0].Inventory) != 1 || ups[0].Inventory[0].Item != "longbow" {
			t.Errorf("inventory %+v", ups[0].Inventory)
		}
	})
}

// A loading weapon fires once an action, bonus action or reaction,
// whatever Extra Attack gives.
func TestLoading(t *testing.T) {
	t.Run("ExtraAttackFiresACrossbowOnce", func(t *testing.T) {
		e := versusOgre(t, armed("vala", "human", "fighter", 5, item("crossbow-light", 1), item("crossbow-bolt", 20)))
		out, res := attackOgre(t, e, encounter.Action{Weapon: "crossbow-light"}, 15, 3)
		if p := participant(t, out, "vala"); len(res.Attacks) != 1 || p.Ammo["crossbow-bolt"] != 19 ||
			!strings.Contains(res.Summary(), "Vala's light crossbow is loaded after each shot: one attack with it this action.") {
			t.Errorf("%d attacks, %v: %s", len(res.Attacks), p.Ammo, res.Summary())
		}
	})
	t.Run("OneAttackAnywayGoesUnsaid", func(t *testing.T) {
		e := versusOgre(t, armed("vala", "human", "fighter", 1, item("crossbow-hand", 1), item("crossbow-bolt", 20)))
		_, res := attackOgre(t, e, encounter.Action{Weapon: "crossbow-hand"}, 15, 3)
		if len(res.Attacks) != 1 || strings.Contains(res.Summary(), "loaded") {
			t.Errorf("%d attacks: %s", len(res.Attacks), res.Summary())
		}
	})
	t.Run("ExtraAttackStillSwingsTwice", func(t *testing.T) {
		e := versusOgre(t, armed("vala", "human", "fighter", 5, item("longsword", 1)))
		_, res := attackOgre(t, e, encounter.Action{Weapon: "longsword"}, 15, 3, 15, 3)
		if len(res.Attacks) != 2 {
			t.Errorf("%d attacks", len(res.Attacks))
		}
	})
}

// A Small creature (a halfling, a gnome) has disadvantage on attack rolls
// with a heavy weapon, melee or ranged.
func TestHeavyWeapon(t *testing.T) {
	for _, tt := range []struct {
		name, race string
		inv        []campaign.Item
		weapon     string
		faces      []int
		natural    int
		hindered   bool
	}{
		{"AGnomeSwingsAGreataxeWithDisadvantage", "gnome", []campaign.Item{item("greataxe", 1)}, "greataxe", []int{15, 12, 6}, 12, true},
		{"AGnomeDrawsALongbowWithDisadvantage", "gnome", []campaign.Item{item("longbow", 1), item("arrow", 5)}, "longbow", []int{15, 12, 6}, 12, true},
		{"AHumanSwingsAGreataxeStraight", "human", []campaign.Item{item("greataxe", 1)}, "greataxe", []int{15, 6}, 15, false},
		{"AGnomeSwingsALightWeaponStraight", "gnome", []campaign.Item{item("shortsword", 1)}, "shortsword", []int{15, 6}, 15, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := versusOgre(t, armed("pip", tt.race, "fighter", 3, tt.inv...))
			_, res := attackOgre(t, e, encounter.Action{Weapon: tt.weapon}, tt.faces...)
			a := res.Attacks[0]
			if a.Natural != tt.natural || slices.Contains(a.Edge.Disadvantage, "a heavy weapon in Small hands") != tt.hindered {
				t.Errorf("natural %d, edge %+v", a.Natural, a.Edge)
			}
			if tt.hindered && !strings.Contains(res.Summary(), "with disadvantage") {
				t.Errorf("summary %q", res.Summary())
			}
		})
	}
}

// A thrown weapon makes a ranged attack beyond its reach, with the
// ability of its melee attack (Strength, or the better of the two for a
// finesse weapon), within its thrown range; a finesse ranged weapon (a
// dart) takes the better of the two as well.
func TestThrownAndFinesse(t *testing.T) {
	strong := func(inv ...campaign.Item) campaign.Character {
		c := armed("vala", "human", "fighter", 3, inv...)
		c.Abilities.Str, c.Abilities.Dex = 16, 10
		return c
	}
	nimble := func(inv ...campaign.Item) campaign.Character {
		c := armed("vala", "human", "fighter", 3, inv...)
		c.Abilities.Str, c.Abilities.Dex = 8, 16
		return c
	}
	for _, tt := range []struct {
		name  string
		ch    campaign.Character
		in    encounter.Action
		bonus int
		dice  string
		kind  rules.AttackKind
		// second is the second d20 of an attack with disadvantage.
		second []int
	}{
		{"AThrownHandaxeUsesStrength", strong(item("handaxe", 1)), encounter.Action{Weapon: "handaxe", Distance: 20}, 5, "1d6+3", rules.RangedWeapon, nil},
		{"AJavelinBeyondItsNormalRangeHasDisadvantage", strong(item("javelin", 1)), encounter.Action{Weapon: "javelin", Distance: 90}, 5, "1d6+3", rules.RangedWeapon, []int{14}},
		{"AThrownDaggerTakesTheBetterOfFinesse", nimble(item("dagger", 1)), encounter.Action{Weapon: "dagger", Distance: 20}, 5, "1d4+3", rules.RangedWeapon, nil},
		{"ADaggerAtHandIsAMeleeAttack", strong(item("dagger", 1)), encounter.Action{Weapon: "dagger"}, 5, "1d4+3", rules.MeleeWeapon, nil},
		{"AStrongDartThrowerUsesStrength", strong(item("dart", 5)), encounter.Action{Weapon: "dart", Distance: 20}, 5, "1d4+3", rules.RangedWeapon, nil},
		{"ANimbleDartThrowerUsesDexterity", nimble(item("dart", 5)), encounter.Action{Weapon: "dart", Distance: 20}, 5, "1d4+3", rules.RangedWeapon, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := versusOgre(t, tt.ch)
			_, res := attackOgre(t, e, tt.in, append(append([]int{12}, tt.second...), 3)...)
			a := res.Attacks[0]
			if a.Bonus != tt.bonus || a.Kind != tt.kind || !slices.Equal(damageDice(res), []string{tt.dice}) || (len(a.Edge.Disadvantage) > 0) != (tt.second != nil) {
				t.Errorf("bonus %d kind %s damage %v edge %+v", a.Bonus, a.Kind, damageDice(res), a.Edge)
			}
		})
	}
	t.Run("BeyondItsLongRangeNothingIsThrown", func(t *testing.T) {
		e := versusOgre(t, strong(item("handaxe", 1)))
		refused(t, e, encounter.Action{Weapon: "handaxe", Distance: 65}, encounter.OutOfRange, "beyond a handaxe's 60 ft range")
	})
}
