package encounter_test

import (
	"slices"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// caster is a level-n character of class with few hit points, so the
// goblin's policy (the weakest first) picks it, and AC 12.
func caster(id, class string, level, hp int) campaign.Character {
	return campaign.Character{
		ID: id, PlayerID: "p-" + id, Name: id, Race: "human", Class: class, Level: level,
		Abilities: campaign.Abilities{Str: 8, Dex: 12, Con: 12, Int: 16, Wis: 10, Cha: 16},
		HP:        hp, MaxHP: hp, AC: 12, Speed: 30, Conditions: []string{},
		SpellSlots: map[string]campaign.Slot{"1": {Max: 2}}, HitDice: campaign.Pool{Max: level},
		Inventory: []campaign.Item{{Item: "dagger", Qty: 1}},
	}
}

// goblinFirst starts a fight of chars against one goblin that acts first
// (initiative faces: 1, 2, ... for the characters, 20 for the goblin).
func goblinFirst(t *testing.T, chars ...campaign.Character) encounter.Encounter {
	t.Helper()
	init := make([]int, 0, len(chars)+1)
	for i := range chars {
		init = append(init, i+1)
	}
	e, _, err := encounter.Start("enc-r", chars, goblins(1), nil, faces(t, append(init, 20)...), nil)
	if err != nil {
		t.Fatal(err)
	}
	if e.Current != "goblin-1" {
		t.Fatalf("current %q, want the goblin", e.Current)
	}
	return e
}

func offerOf(o encounter.Opening, by, name string) (encounter.Offer, bool) {
	i := slices.IndexFunc(o.Offers, func(f encounter.Offer) bool { return f.ParticipantID == by && f.Name == name })
	if i < 0 {
		return encounter.Offer{}, false
	}
	return o.Offers[i], true
}

func TestShieldTurnsAHitIntoAMiss(t *testing.T) {
	e := goblinFirst(t, caster("ilsa", "wizard", 1, 6), mira())
	// The goblin's scimitar (+4) rolls 10: 14 hits AC 12; the 1d6 rolls 3.
	_, res, err := encounter.MonsterTurnWith(e, faces(t, 10, 3), encounter.Reactions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Openings) != 1 {
		t.Fatalf("openings = %+v, want one", res.Openings)
	}
	o := res.Openings[0]
	if o.Attack != 0 || o.Roll != 0 || o.TargetID != "ilsa" || o.AttackerID != "goblin-1" {
		t.Errorf("opening = %+v", o)
	}
	if f, ok := offerOf(o, "ilsa", encounter.Shield); !ok || f.Changes != encounter.ChangesYes || f.CharacterID != "ilsa" {
		t.Errorf("offers = %+v, want Shield for Ilsa that changes the outcome", o.Offers)
	}
	if _, ok := offerOf(o, "mira", encounter.Shield); ok {
		t.Error("Mira, a fighter, was offered Shield")
	}

	taken := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "ilsa", Name: encounter.Shield}}}
	out, res2, err := encounter.MonsterTurnWith(e, faces(t, 10), taken)
	if err != nil {
		t.Fatal(err)
	}
	if res2.Rolls[0].Natural != 10 || res2.Attacks[0].Hit || res2.Attacks[0].AC != 17 {
		t.Errorf("attack with Shield = %+v, want the same 10 missing AC 17", res2.Attacks[0])
	}
	ilsa := participant(t, out, "ilsa")
	if ilsa.HP != 6 || ilsa.AC != 17 || !ilsa.ReactionUsed || !ilsa.Shielded || ilsa.Combatant.SpellSlots[0].Used != 1 {
		t.Errorf("Ilsa after Shield: HP %d AC %d reaction %v shielded %v slots %+v", ilsa.HP, ilsa.AC, ilsa.ReactionUsed, ilsa.Shielded, ilsa.Combatant.SpellSlots[0])
	}
	if len(res2.Applied) != 1 || res2.Applied[0].Reaction != encounter.Shield || res2.Openings != nil {
		t.Errorf("applied %+v, openings %+v", res2.Applied, res2.Openings)
	}
	// Shield lasts until the start of Ilsa's next turn.
	for out.Current != "ilsa" {
		out = encounter.Next(out)
	}
	if ilsa := participant(t, out, "ilsa"); ilsa.AC != 12 || ilsa.Shielded || ilsa.ReactionUsed {
		t.Errorf("Ilsa's turn: AC %d shielded %v reaction used %v", ilsa.AC, ilsa.Shielded, ilsa.ReactionUsed)
	}
}

func TestReactionOffers(t *testing.T) {
	tests := []struct {
		name  string
		chars []campaign.Character
		edit  func(e encounter.Encounter) encounter.Encounter
		faces []int
		want  map[string]string // "participant/reaction" -> changes; nil: no opening
	}{
		{"ShieldCannotStopANatural20", []campaign.Character{caster("ilsa", "wizard", 1, 9)}, nil, []int{20, 1, 1},
			map[string]string{"ilsa/shield": "no"}},
		{"ShieldCannotStopAHighRoll", []campaign.Character{caster("ilsa", "wizard", 1, 9)}, nil, []int{14, 1},
			map[string]string{"ilsa/shield": "no"}}, // 18 vs 17
		{"NoShieldWithoutASlot", []campaign.Character{caster("ilsa", "wizard", 1, 9)}, func(e encounter.Encounter) encounter.Encounter {
			return edit(e, "ilsa", func(p *encounter.Participant) { p.Combatant.SpellSlots[0].Used = 2 })
		}, []int{10, 1}, nil},
		{"NoShieldOnAMiss", []campaign.Character{caster("ilsa", "wizard", 1, 9)}, nil, []int{2}, nil},
		{"NoReactionOnceUsed", []campaign.Character{caster("ilsa", "wizard", 1, 9)}, func(e encounter.Encounter) encounter.Encounter {
			return edit(e, "ilsa", func(p *encounter.Participant) { p.ReactionUsed = true })
		}, []int{10, 1}, nil},
		{"CuttingWordsFromAnAlly", []campaign.Character{caster("ilsa", "wizard", 1, 4), caster("bryn", "bard", 3, 20)}, nil, []int{10, 1},
			// 14 vs 12: a d6 of 3 or more turns it: unknown. Ilsa's Shield would.
			map[string]string{"ilsa/shield": "yes", "bryn/cutting-words": "unknown"}},
		{"CuttingWordsSurelyTurnsAnEdgeHit", []campaign.Character{caster("ilsa", "wizard", 1, 4), caster("bryn", "bard", 3, 20)}, nil, []int{8, 1},
			map[string]string{"ilsa/shield": "yes", "bryn/cutting-words": "yes"}}, // 12 vs 12
		{"CuttingWordsCannotTurnAHighHit", []campaign.Character{caster("ilsa", "wizard", 1, 4), caster("bryn", "bard", 3, 20)}, nil, []int{15, 1},
			map[string]string{"ilsa/shield": "no", "bryn/cutting-words": "no"}}, // 19 vs 12, d6
		{"NoCuttingWordsBelowThirdLevel", []campaign.Character{caster("ilsa", "fighter", 1, 4), caster("bryn", "bard", 2, 20)}, nil, []int{10, 1}, nil},
		{"UncannyDodgeAndHellishRebukeAfterDamage", []campaign.Character{caster("rook", "rogue", 5, 9), caster("vex", "warlock", 1, 30)}, nil, []int{10, 3},
			map[string]string{"rook/uncanny-dodge": "yes"}},
		{"HellishRebukeChangesNothing", []campaign.Character{caster("vex", "warlock", 1, 12)}, nil, []int{10, 3},
			map[string]string{"vex/hellish-rebuke": "no"}},
		{"NoRebukeFromTheFallen", []campaign.Character{caster("vex", "warlock", 1, 4)}, nil, []int{10, 6}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := goblinFirst(t, tt.chars...)
			if tt.edit != nil {
				e = tt.edit(e)
			}
			_, res, err := encounter.MonsterTurnWith(e, faces(t, tt.faces...), encounter.Reactions{})
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == nil {
				if len(res.Openings) != 0 {
					t.Errorf("openings = %+v, want none", res.Openings)
				}
				return
			}
			if len(res.Openings) != 1 {
				t.Fatalf("openings = %+v, want one", res.Openings)
			}
			got := map[string]string{}
			for _, f := range res.Openings[0].Offers {
				got[f.ParticipantID+"/"+f.Name] = f.Changes
			}
			if len(got) != len(tt.want) {
				t.Errorf("offers = %v, want %v", got, tt.want)
			}
			for k, v := range tt.want {
				if got[k] != v {
					t.Errorf("offer %s = %q, want %q (all: %v)", k, got[k], v, got)
				}
			}
		})
	}
}

func TestReactionsApplied(t *testing.T) {
	t.Run("CuttingWordsTakesTheDieOffTheRoll", func(t *testing.T) {
		e := goblinFirst(t, caster("ilsa", "wizard", 1, 4), caster("bryn", "bard", 3, 20))
		// The reaction's die comes from its own seed; whatever it rolls,
		// the attack roll is the same 10 and the total drops by it.
		rs := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "bryn", Name: encounter.CuttingWords}}, Seed: 7}
		out, res, err := encounter.MonsterTurnWith(e, scriptAfter(t, 10, 1), rs)
		if err != nil {
			t.Fatal(err)
		}
		cw := res.Rolls[1]
		if res.Rolls[0].Natural != 10 || cw.Reason != "cutting words" || cw.RollerID != "bryn" || cw.Total < 1 || cw.Total > 6 {
			t.Fatalf("rolls = %+v, want the attack roll then the cutting words d6", res.Rolls)
		}
		if a := res.Attacks[0]; a.Total != 14-cw.Total || a.Hit != (14-cw.Total >= 12) {
			t.Errorf("attack total %d hit %v after a cutting words %d", a.Total, a.Hit, cw.Total)
		}
		bryn := participant(t, out, "bryn")
		if pool := bryn.Pools[campaign.ResourceBardicInspiration]; pool.Max-pool.Used != encounter.InspirationUses(16)-1 || len(res.Applied) != 1 {
			t.Errorf("Bryn: inspiration %+v, applied %+v", pool, res.Applied)
		}
	})
	t.Run("UncannyDodgeHalvesTheDamage", func(t *testing.T) {
		e := goblinFirst(t, caster("rook", "rogue", 5, 9))
		rs := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "rook", Name: encounter.UncannyDodge}}}
		out, res, err := encounter.MonsterTurnWith(e, faces(t, 10, 4), rs) // 4+2 = 6, halved to 3
		if err != nil {
			t.Fatal(err)
		}
		if got := participant(t, out, "rook").HP; got != 6 || res.Attacks[0].Damage.Taken != 3 {
			t.Errorf("Rook at %d HP after taking %d, want 6 after 3", got, res.Attacks[0].Damage.Taken)
		}
	})
	t.Run("HellishRebukeBurnsTheAttacker", func(t *testing.T) {
		e := goblinFirst(t, caster("vex", "warlock", 1, 12))
		// A tough goblin: the rebuke's fire does not end the fight.
		e = edit(e, "goblin-1", func(p *encounter.Participant) { p.Combatant.HP, p.Combatant.MaxHP, p.HP, p.MaxHP = 30, 30, 30, 30 })
		rs := encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "vex", Name: encounter.HellishRebuke}}, Seed: 3}
		out, res, err := encounter.MonsterTurnWith(e, faces(t, 10, 3), rs)
		if err != nil {
			t.Fatal(err)
		}
		g := participant(t, out, "goblin-1")
		vex := participant(t, out, "vex")
		// The goblin's turn ends and Vex's begins, so her reaction is back.
		if g.HP >= 30 || vex.Combatant.SpellSlots[0].Used != 1 || vex.Stats.DamageDealt == 0 || out.Current != "vex" {
			t.Errorf("goblin at %d HP; Vex slots %+v dealt %d; current %q", g.HP, vex.Combatant.SpellSlots[0], vex.Stats.DamageDealt, out.Current)
		}
		if len(res.Applied) != 1 || res.Applied[0].CharacterID != "vex" || res.Applied[0].Text == "" {
			t.Errorf("applied = %+v", res.Applied)
		}
	})
	t.Run("ARefusedReactionIsInvalid", func(t *testing.T) {
		for _, r := range []campaign.Reaction{
			{Attack: 0, By: "mira", Name: encounter.Shield},       // not a caster
			{Attack: 0, By: "ilsa", Name: "counterspell"},         // not an answer to an attack
			{Attack: 0, By: "nobody", Name: encounter.Shield},     // not in the fight
			{Attack: 0, By: "mira", Name: encounter.UncannyDodge}, // not a rogue
		} {
			e := goblinFirst(t, caster("ilsa", "wizard", 1, 4), mira())
			_, _, err := encounter.MonsterTurnWith(e, scriptAfter(t, 10, 1), encounter.Reactions{Taken: []campaign.Reaction{r}})
			if !fault.Is(err, fault.Invalid) {
				t.Errorf("%+v: err = %v, want invalid", r, err)
			}
		}
	})
}

// scriptAfter is a seeded source whose first faces the test chose: the
// rest of the turn draws what it needs.
func scriptAfter(t *testing.T, first ...int) *prefixed {
	t.Helper()
	return &prefixed{faces: first, rest: seeded(1)}
}

type prefixed struct {
	faces []int
	rest  interface{ Intn(int) int }
}

func (p *prefixed) Intn(n int) int {
	if len(p.faces) > 0 {
		f := p.faces[0]
		p.faces = p.faces[1:]
		return f - 1
	}
	return p.rest.Intn(n)
}

func TestReplayKeepsTheRollsBeforeAReaction(t *testing.T) {
	// Whatever the dice and whichever reaction is taken, every roll up to
	// and including the attack roll it answers is made again the same.
	for seed := uint64(1); seed <= 200; seed++ {
		e := goblinFirst(t, caster("ilsa", "wizard", 1, 30), caster("bryn", "bard", 3, 40))
		_, res, err := encounter.MonsterTurnWith(e, seeded(seed), encounter.Reactions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range res.Openings {
			for _, f := range o.Offers {
				rs := encounter.Reactions{Taken: []campaign.Reaction{{Attack: o.Attack, By: f.ParticipantID, Name: f.Name}}, Seed: seed}
				_, again, err := encounter.MonsterTurnWith(e, seeded(seed), rs)
				if err != nil {
					t.Fatalf("seed %d, %+v: %v", seed, f, err)
				}
				for i := 0; i <= o.Roll; i++ {
					if again.Rolls[i].Natural != res.Rolls[i].Natural || again.Rolls[i].Expr != res.Rolls[i].Expr {
						t.Fatalf("seed %d, %s: roll %d was %+v, is %+v after the reaction", seed, f.Name, i, res.Rolls[i], again.Rolls[i])
					}
				}
			}
		}
	}
}

// A hit that would drop the wizard still lets her Shield against it: she
// reacts when hit, before the damage.
func TestShieldAgainstTheHitThatWouldDropHer(t *testing.T) {
	e := goblinFirst(t, caster("ilsa", "wizard", 1, 4))
	_, res, err := encounter.MonsterTurnWith(e, faces(t, 10, 6), encounter.Reactions{}) // 14 hits AC 12; 6+2 drops her
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Openings) != 1 {
		t.Fatalf("openings = %+v, want Shield offered", res.Openings)
	}
	if f, ok := offerOf(res.Openings[0], "ilsa", encounter.Shield); !ok || f.Changes != encounter.ChangesYes {
		t.Errorf("offers = %+v", res.Openings[0].Offers)
	}
	out, _, err := encounter.MonsterTurnWith(e, faces(t, 10), encounter.Reactions{Taken: []campaign.Reaction{{Attack: 0, By: "ilsa", Name: encounter.Shield}}})
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, out, "ilsa"); p.HP != 4 {
		t.Errorf("Ilsa at %d HP after her Shield turned the hit", p.HP)
	}
}
