package spell_test

import (
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules"
	"chronicler/shared/rules/spell"
)

// Simulacrum copies a beast or humanoid with half its hit point maximum
// (a veteran's 58: 29), kept on its caster; Planar Ally's celestial,
// elemental or fiend is kept too; neither calls another kind.
func TestSimulacrumAndPlanarAllyServe(t *testing.T) {
	for _, tt := range []struct {
		name, spell, pick, srdID string
		slot, hp                 int
	}{
		{"AVeteranCopyHasHalfItsHitPoints", "simulacrum", "veteran", "veteran", 7, 29},
		{"AWolfCopy", "simulacrum", "wolf", "wolf", 7, 5},
		{"AnAllyDeva", "planar-ally", "deva", "deva", 6, 136},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := spell.Cast(withSlot(mira(), tt.slot, 1), tt.spell, tt.slot, nil, spell.Options{Ability: rules.Int, Summon: tt.pick}, faces(t), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(r.Summons) != 1 || r.Summons[0].SRDID != tt.srdID || r.Summons[0].Count != 1 {
				t.Fatalf("summons %+v, want one %s", r.Summons, tt.srdID)
			}
			if m := r.Summons[0].Monster; tt.spell == "simulacrum" && (m == nil || m.HP != tt.hp) {
				t.Fatalf("stat block %+v, want %d HP", m, tt.hp)
			}
			if len(r.Effects) != 1 || r.Effects[0].ID != spell.ServantID || r.Effects[0].Summon != tt.pick {
				t.Fatalf("effects %+v, want the servant kept", r.Effects)
			}
			call, err := spell.Serving(tt.spell, r.Effects[0].Summon, 1)
			if err != nil || call.SRDID != tt.srdID {
				t.Fatalf("serving %+v, %v", call, err)
			}
			if tt.spell == "simulacrum" && (call.Monster == nil || call.Monster.HP != tt.hp) {
				t.Errorf("served again %+v, want %d HP", call.Monster, tt.hp)
			}
		})
	}
	for _, bad := range []struct{ spell, pick string }{{"simulacrum", "ogre"}, {"planar-ally", "veteran"}} {
		if _, err := spell.Cast(withSlot(mira(), 7, 1), bad.spell, 7, nil, spell.Options{Summon: bad.pick}, faces(t), nil); !fault.Is(err, fault.Invalid) {
			t.Errorf("%s calling %s: %v, want a refusal", bad.spell, bad.pick, err)
		}
	}
}

// Contingency holds a spell of 5th level or lower, cast in an action,
// that can target its caster; both slots are spent, and the effect
// names the spell and when it goes off.
func TestContingencyHoldsASpellOnItsCaster(t *testing.T) {
	caster := withSlot(withSlot(mira(), 6, 1), 4, 1)
	r, err := spell.Cast(caster, "contingency", 6, nil, spell.Options{Ability: rules.Int, Choice: "stoneskin when a fight starts"}, faces(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	wantChanges(t, r.Changes, slot("mira", 6, 0, 1), slot("mira", 4, 0, 1))
	if len(r.Effects) != 1 || r.Effects[0].Held != "stoneskin" || r.Effects[0].Ends != spell.ContingencyFight || r.Effects[0].TargetID != "mira" {
		t.Fatalf("effects %+v, want stoneskin held for a fight's start", r.Effects)
	}
	r, err = spell.Cast(withSlot(mira(), 6, 1), "contingency", 6, nil, spell.Options{Ability: rules.Int, Choice: "cure wounds"}, faces(t), nil)
	if err != nil || len(r.Effects) != 1 || r.Effects[0].Held != "cure-wounds" || r.Effects[0].Ends != spell.ContingencyDropped {
		t.Fatalf("%+v, %v: want cure wounds held for 0 hit points", r.Effects, err)
	}
	for _, bad := range []string{"fireball", "teleport", "shield", "fire-bolt", "nothing"} {
		if _, err := spell.Cast(withSlot(mira(), 6, 1), "contingency", 6, nil, spell.Options{Ability: rules.Int, Choice: bad}, faces(t), nil); !fault.Is(err, fault.Invalid) {
			t.Errorf("holding %s: %v, want a refusal", bad, err)
		}
	}
	noFourth := withSlot(mira(), 6, 1)
	if _, err := spell.Cast(noFourth, "contingency", 6, nil, spell.Options{Ability: rules.Int, Choice: "stoneskin"}, faces(t), nil); fault.ReasonOf(err) != spell.ReasonNoSlot {
		t.Errorf("no 4th-level slot for stoneskin: %v, want no slot", err)
	}
}

// A held spell goes off on a caster that has just fallen unconscious,
// with no slot.
func TestAContingentSpellGoesOffOnAFallenCaster(t *testing.T) {
	down := with(hp(mira(), 0), rules.Unconscious)
	r, err := spell.Cast(down, "cure-wounds", 1, []rules.Combatant{down}, spell.Options{Ability: rules.Int, Contingent: true}, faces(t, 5), nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.SlotSpent || len(r.Targets) != 1 || r.Targets[0].Heal == nil || r.Targets[0].Heal.HPAfter != 7 {
		t.Fatalf("slot %v, %+v: want 5+2 hit points and no slot", r.SlotSpent, r.Targets)
	}
	if _, err := spell.Cast(down, "cure-wounds", 1, []rules.Combatant{down}, spell.Options{Ability: rules.Int}, faces(t), nil); !fault.Is(err, fault.Invalid) {
		t.Errorf("an unconscious caster casting as ever: %v, want a refusal", err)
	}
}

// Clone leaves its effect on its target; a dead character with it wakes
// whole, its clone used and the old body's ills left behind.
func TestCloneWakesTheDead(t *testing.T) {
	r, err := spell.Cast(withSlot(mira(), 8, 1), "clone", 8, []rules.Combatant{mira()}, spell.Options{Ability: rules.Int}, faces(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Effects) != 1 || r.Effects[0].ID != spell.CloneID || r.Effects[0].TargetID != "mira" {
		t.Fatalf("effects %+v, want Mira's clone", r.Effects)
	}
	ch := campaign.Character{ID: "mira", Name: "Mira", HP: 0, MaxHP: 27, Dead: true, Exhaustion: 2, Conditions: []string{"unconscious", "prone"},
		DeathSaves: campaign.DeathSaves{Failures: 3}}
	if _, ok := spell.Cloned(ch); ok {
		t.Fatal("woke without a clone")
	}
	ch.Effects = []campaign.Effect{{ID: spell.CloneID, Spell: "clone"}, {ID: "blessed", Spell: "bless"}}
	woke, ok := spell.Cloned(ch)
	if !ok || woke.IsDead() || woke.HP != 27 || woke.Exhaustion != 0 || len(woke.Conditions) != 0 || len(woke.Effects) != 0 {
		t.Errorf("%+v, %v: want Mira alive at 27 HP, no exhaustion, conditions or effects", woke, ok)
	}
}

// Nondetection hides its target from Detect Thoughts and from Detect
// Magic's sight.
func TestNondetectionHidesFromDivination(t *testing.T) {
	caster := withSlot(mira(), 3, 1)
	r, err := spell.Cast(caster, "nondetection", 3, []rules.Combatant{bandit()}, spell.Options{}, faces(t), nil)
	if err != nil || len(r.Effects) != 1 || r.Effects[0].ID != spell.NondetectionID || r.Effects[0].Ends != "8 hours" {
		t.Fatalf("%+v, %v: want 8 hours of nondetection", r.Effects, err)
	}
	hidden := spell.Options{Ability: rules.Int, Lasting: []spell.Lasting{{Effect: r.Effects[0]}}}
	r, err = spell.Cast(mira(), "detect-thoughts", 2, []rules.Combatant{bandit()}, hidden, faces(t), nil)
	if err != nil || r.Targets[0].Affected || !strings.Contains(r.Targets[0].Note, "hidden from divination") {
		t.Errorf("%+v, %v: want the bandit's mind not found", r.Targets, err)
	}
	r, err = spell.Cast(mira(), "detect-thoughts", 2, []rules.Combatant{bandit()}, spell.Options{Ability: rules.Int}, faces(t), nil)
	if err != nil || !r.Targets[0].Affected {
		t.Errorf("%+v, %v: want the bandit's thoughts read without Nondetection", r.Targets, err)
	}
	ch := campaign.Character{ID: "bram", Name: "Bram", Inventory: []campaign.Item{{Item: "ring-of-protection", Qty: 1}},
		Effects: []campaign.Effect{{ID: "mage-armor", Spell: "mage-armor"}}}
	if a := spell.AuraOf(ch); strings.Join(a.Magic, ", ") != "Ring of Protection, Mage Armor (abjuration)" {
		t.Errorf("aura %+v, want the ring and Mage Armor's abjuration", a)
	}
	ch.Effects = append(ch.Effects, campaign.Effect{ID: spell.NondetectionID, Spell: "nondetection"})
	if a := spell.AuraOf(ch); len(a.Magic) != 0 {
		t.Errorf("aura %+v under Nondetection, want none seen", a)
	}
}

// Detect Magic names each creature's magic it is given.
func TestDetectMagicNamesTheAuras(t *testing.T) {
	opts := spell.Options{Ritual: true, Auras: []spell.Aura{{ID: "bram", Name: "Bram", Magic: []string{"Ring of Protection"}}, {ID: "cleo", Name: "Cleo"}}}
	r, err := spell.Cast(mira(), "detect-magic", 1, nil, opts, faces(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Summary(), "Auras of magic: Bram: Ring of Protection.") || strings.Contains(r.Summary(), "Cleo") {
		t.Errorf("summary %q, want Bram's ring alone", r.Summary())
	}
}

// Dream's nightmare: the caster's DC and 3d6 psychic kept for the
// target's next long rest, which then saves on Wisdom; an elf, who
// doesn't sleep, is out of reach.
func TestDreamsNightmareWaitsForSleep(t *testing.T) {
	caster := withSlot(mira(), 5, 1)
	r, err := spell.Cast(caster, "dream", 5, []rules.Combatant{bandit()}, spell.Options{Ability: rules.Int, Choice: "nightmare"}, faces(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Effects) != 1 || r.Effects[0].ID != spell.NightmareID || r.Effects[0].DC != 13 || r.Effects[0].Dice != "3d6" {
		t.Fatalf("effects %+v, want a DC 13 nightmare of 3d6", r.Effects)
	}
	r2, err := spell.Cast(caster, "dream", 5, []rules.Combatant{bandit()}, spell.Options{Ability: rules.Int}, faces(t), nil)
	if err != nil || len(r2.Effects) != 0 {
		t.Errorf("a gentle messenger: %+v, %v, want no effect", r2.Effects, err)
	}
	elf := bandit()
	elf.Features = append(elf.Features, "trance")
	if _, err := spell.Cast(caster, "dream", 5, []rules.Combatant{elf}, spell.Options{Ability: rules.Int, Choice: "nightmare"}, faces(t), nil); !fault.Is(err, fault.Invalid) {
		t.Errorf("an elf: %v, want a refusal", err)
	}
	// Bandit: Wisdom 10. A 5 fails DC 13; 3d6 of 4, 4, 4 is 12 psychic.
	rested, log, err := spell.Nightmare(hp(bandit(), 20), r.Effects[0], faces(t, 5, 4, 4, 4))
	if err != nil || rested || len(log.Changes) == 0 {
		t.Fatalf("rested %v, %+v, %v: want the rest lost and damage", rested, log, err)
	}
	after, _ := hp(bandit(), 20).Apply(log.Changes)
	if after.HP != 8 {
		t.Errorf("HP %d, want 20-12", after.HP)
	}
	if rested, _, _ := spell.Nightmare(bandit(), r.Effects[0], faces(t, 15)); !rested {
		t.Error("a save of 15 against 13 still lost the rest")
	}
}
