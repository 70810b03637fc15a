package turn_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/fault"
	"chronicler/shared/intent"
	"chronicler/shared/rules"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/rules/turn"
	"chronicler/shared/world"
)

// recruit is one member of the party: its class, name and standard
// array (before the human's +1 to every score), its skills, and the
// choices its player makes at each level the party is made at.
type recruit struct {
	class, id, name string
	scores          campaign.Abilities
	skills          []string
	choices         map[int]map[string][]string
}

var recruits = []recruit{
	{class: "barbarian", id: "urga", name: "Urga", scores: campaign.Abilities{Str: 15, Dex: 14, Con: 13, Int: 8, Wis: 12, Cha: 10}},
	{class: "bard", id: "lyra", name: "Lyra", scores: campaign.Abilities{Str: 8, Dex: 14, Con: 13, Int: 12, Wis: 10, Cha: 15}},
	{class: "cleric", id: "bram", name: "Bram", scores: campaign.Abilities{Str: 14, Dex: 8, Con: 13, Int: 10, Wis: 15, Cha: 12},
		choices: map[int]map[string][]string{1: {"cantrips": {"sacred-flame", "guidance", "light"}}}},
	{class: "druid", id: "fen", name: "Fen", scores: campaign.Abilities{Str: 8, Dex: 14, Con: 13, Int: 12, Wis: 15, Cha: 10},
		choices: map[int]map[string][]string{1: {"cantrips": {"produce-flame", "guidance"}}, 5: {"land": {"circle-of-the-land-forest"}}}},
	{class: "fighter", id: "mira", name: "Mira", scores: campaign.Abilities{Str: 15, Dex: 13, Con: 14, Int: 8, Wis: 12, Cha: 10},
		choices: map[int]map[string][]string{
			1: {"fighting-style": {"fighter-fighting-style-dueling"}},
			5: {"fighting-style": {"fighter-fighting-style-great-weapon-fighting"}}}},
	{class: "monk", id: "kai", name: "Kai", scores: campaign.Abilities{Str: 10, Dex: 15, Con: 13, Int: 8, Wis: 14, Cha: 12}},
	{class: "paladin", id: "ser", name: "Ser", scores: campaign.Abilities{Str: 15, Dex: 8, Con: 13, Int: 10, Wis: 12, Cha: 14},
		choices: map[int]map[string][]string{5: {"fighting-style": {"fighting-style-defense"}}}},
	{class: "ranger", id: "tam", name: "Tam", scores: campaign.Abilities{Str: 12, Dex: 15, Con: 13, Int: 8, Wis: 14, Cha: 10},
		choices: map[int]map[string][]string{
			1: {"favored-enemy": {"undead"}, "favored-terrain": {"forest"}},
			5: {"favored-enemy": {"giant"}, "favored-terrain": {"forest"}, "fighting-style": {"ranger-fighting-style-archery"},
				"hunters-prey": {"hunters-prey-colossus-slayer"}, "spells": {"hunters-mark", "cure-wounds", "goodberry", "pass-without-trace"}}}},
	{class: "rogue", id: "tavi", name: "Tavi", scores: campaign.Abilities{Str: 8, Dex: 15, Con: 13, Int: 14, Wis: 12, Cha: 10},
		skills:  []string{"stealth", "perception", "acrobatics", "sleight-of-hand"},
		choices: map[int]map[string][]string{1: {"expertise": {"stealth", "perception"}}, 5: {"expertise": {"stealth", "perception"}}}},
	{class: "sorcerer", id: "ember", name: "Ember", scores: campaign.Abilities{Str: 8, Dex: 14, Con: 13, Int: 10, Wis: 12, Cha: 15},
		choices: map[int]map[string][]string{
			1: {"dragon-ancestor": {"dragon-ancestor-red---fire-damage"}},
			5: {"dragon-ancestor": {"dragon-ancestor-red---fire-damage"}, "metamagic": {"metamagic-quickened-spell", "metamagic-twinned-spell"}}}},
	{class: "warlock", id: "vex", name: "Vex", scores: campaign.Abilities{Str: 8, Dex: 14, Con: 13, Int: 12, Wis: 10, Cha: 15},
		choices: map[int]map[string][]string{
			1: {"cantrips": {"eldritch-blast", "chill-touch"}},
			5: {"cantrips": {"eldritch-blast", "chill-touch", "mage-hand"}, "pact-boon": {"pact-of-the-blade"},
				"eldritch-invocations": {"eldritch-invocation-agonizing-blast", "eldritch-invocation-eldritch-spear", "eldritch-invocation-armor-of-shadows"}}}},
	{class: "wizard", id: "orla", name: "Orla", scores: campaign.Abilities{Str: 8, Dex: 14, Con: 13, Int: 15, Wis: 12, Cha: 10},
		choices: map[int]map[string][]string{
			1: {"cantrips": {"fire-bolt", "ray-of-frost", "light"}, "spellbook": {"magic-missile", "shield", "mage-armor", "burning-hands", "sleep", "thunderwave"}},
			5: {"cantrips": {"fire-bolt", "ray-of-frost", "light", "mage-hand"}, "spellbook": {"magic-missile", "shield", "mage-armor", "burning-hands",
				"sleep", "thunderwave", "misty-step", "scorching-ray", "hold-person", "web", "fireball", "lightning-bolt", "counterspell", "fly"}}}},
}

// partyAt is the twelve at level, by id, each in the starter inn's
// common room.
func partyAt(t *testing.T, level int) map[string]campaign.Character {
	t.Helper()
	out := map[string]campaign.Character{}
	for _, r := range recruits {
		ab := r.scores
		sub := campaign.Subclasses[r.class]
		if level < sub.Level {
			sub.ID = ""
		}
		ch, err := campaign.NewCharacter{Name: r.name, Race: "human", Class: r.class, Level: level, Abilities: &ab,
			Skills: r.skills, Subclass: sub.ID, Choices: r.choices[level]}.Build(r.id, "p-"+r.id)
		if err != nil || ch.Subclass != sub.ID {
			t.Fatalf("making the level %d %s: %v, subclass %q", level, r.class, err, ch.Subclass)
		}
		for id, want := range r.choices[level] {
			if got := ch.Choices[id]; !slices.Equal(got, want) {
				t.Fatalf("the level %d %s chose %s %v, has %v", level, r.class, id, want, got)
			}
		}
		ch.AreaID = world.StarterArea
		out[r.id] = ch
	}
	return out
}

// battle is a fight in the common room of the members named against
// monsters, its initiative rolled with the faces given (the members in
// order, then each monster), as the campaign would stage it.
func battle(t *testing.T, p map[string]campaign.Character, members []string, monsters []encounter.MonsterSpec, initiative ...int) turn.View {
	t.Helper()
	var chars []campaign.Character
	for _, id := range members {
		chars = append(chars, p[id])
	}
	e, _, err := encounter.Start("enc-party", chars, monsters, nil, dicetest.Faces(t, initiative...), nil)
	if err != nil {
		t.Fatal(err)
	}
	e.AreaID = world.StarterArea
	rec, err := encounter.Record(e, 1)
	if err != nil {
		t.Fatal(err)
	}
	return turn.View{Map: world.Starter("camp-party"), Characters: chars, Encounter: &rec}
}

// play is the actor's turn through the front door with the faces given,
// and the view it leaves.
func play(t *testing.T, v turn.View, actor string, in intent.Intent, faces ...int) (turn.View, turn.Decision) {
	t.Helper()
	return playWith(t, v, actor, in, encounter.Reactions{}, dicetest.Faces(t, faces...))
}

// playWith is play with the choices the actor made at its hits (a
// Divine Smite, a Stunning Strike), as the use case plays the turn again
// once they are made: with the same dice, and more after them.
func playWith(t *testing.T, v turn.View, actor string, in intent.Intent, choices encounter.Reactions, src dice.Source) (turn.View, turn.Decision) {
	t.Helper()
	ch := v.Characters[slices.IndexFunc(v.Characters, func(c campaign.Character) bool { return c.ID == actor })]
	d, err := turn.Decide(v, ch, turn.Action{Intent: &in, Choices: choices}, src)
	if err != nil {
		t.Fatalf("%s: %+v: %v", actor, in, err)
	}
	return after(v, d), d
}

// refusedTurn asserts the rules refuse the actor's intent for reason,
// in words that say why.
func refusedTurn(t *testing.T, v turn.View, actor string, in intent.Intent, reason fault.Reason, why string) {
	t.Helper()
	ch := v.Characters[slices.IndexFunc(v.Characters, func(c campaign.Character) bool { return c.ID == actor })]
	_, err := turn.Decide(v, ch, act(in), dicetest.Faces(t))
	if fault.ReasonOf(err) != reason || !strings.Contains(fmt.Sprint(err), why) {
		t.Fatalf("%s: %+v: %v, want a %s refusal saying %q", actor, in, err, reason, why)
	}
}

// monsterPlays is the turn of the monster whose turn it is, with the
// faces given, as the use case plays it.
func monsterPlays(t *testing.T, v turn.View, faces ...int) (turn.View, encounter.Result) {
	t.Helper()
	return monsterReacted(t, v, encounter.Reactions{}, dicetest.Faces(t, faces...))
}

// monsterReacted is the monster's turn played with the characters'
// reactions rs, as the use case plays it again once they are taken.
func monsterReacted(t *testing.T, v turn.View, rs encounter.Reactions, src dice.Source) (turn.View, encounter.Result) {
	t.Helper()
	e, err := encounter.FromRecord(*v.Encounter)
	if err != nil {
		t.Fatal(err)
	}
	next, res, err := encounter.MonsterTurnWith(e, src, rs)
	if err != nil {
		t.Fatalf("%s's turn: %v", e.Current, err)
	}
	d, err := turn.Played(v.Characters, *v.Encounter, next, res)
	if err != nil {
		t.Fatal(err)
	}
	return after(v, d), res
}

// after is the view a decision leaves: its sheets, its encounter (none
// once ended, as the campaign keeps it), its clock.
func after(v turn.View, d turn.Decision) turn.View {
	v = with(v, d)
	if d.Encounter != nil {
		rec := *d.Encounter
		v.Encounter = &rec
		if e, err := encounter.FromRecord(rec); err == nil && e.Status == encounter.Ended {
			v.Encounter = nil
		}
	}
	return v
}

// fighter is participant id of the view's encounter.
func fighter(t *testing.T, v turn.View, id string) encounter.Participant {
	t.Helper()
	e, err := encounter.FromRecord(*v.Encounter)
	if err != nil {
		t.Fatal(err)
	}
	p, ok := e.Participant(id)
	if !ok {
		t.Fatalf("no participant %s", id)
	}
	return p
}

// member is the view's sheet of character id.
func member(t *testing.T, v turn.View, id string) campaign.Character {
	t.Helper()
	i := slices.IndexFunc(v.Characters, func(c campaign.Character) bool { return c.ID == id })
	if i < 0 {
		t.Fatalf("no character %s", id)
	}
	return v.Characters[i]
}

// hurt is the party with member id at hp hit points.
func hurt(p map[string]campaign.Character, id string, hp int) map[string]campaign.Character {
	out := map[string]campaign.Character{}
	for k, ch := range p {
		out[k] = ch
	}
	ch := out[id]
	ch.HP = hp
	out[id] = ch
	return out
}

// rolled is the first roll of the decision made for reason.
func rolled(t *testing.T, rolls []rules.Roll, reason string) rules.Roll {
	t.Helper()
	for _, r := range rolls {
		if r.Reason == reason {
			return r
		}
	}
	t.Fatalf("no %q roll among %+v", reason, rolls)
	return rules.Roll{}
}

func attackAt(target string) intent.Intent { return intent.Intent{Kind: "attack", TargetID: target} }

func useOf(feature string) intent.Intent { return intent.Intent{Kind: "feature", Feature: feature} }

func castAt(spell string, targets ...string) intent.Intent {
	return intent.Intent{Kind: "cast", Spell: spell, TargetIDs: targets}
}

func pool(p encounter.Participant, id string) campaign.Pool { return p.Pools[id] }

// signature is one class's signature features at one level, played.
type signature struct {
	level int
	class string
	play  func(t *testing.T, p map[string]campaign.Character)
}

// The party: one character of each class, made as a player makes one
// (campaign.NewCharacter: a standard array, human, the subclass and the
// choices its level brings), at level 1 and at level 5. Each plays its
// class's signature features against SRD monsters through turn.Decide,
// with the intents a player's buttons send; the monsters' turns are the
// engine's (encounter.MonsterTurnWith, then turn.Played, as the use case
// plays them). Every number is checked against the SRD's rule, told in
// the comment of its case; the dice are the faces each case gives.
func TestThePartyPlaysItsSignatureFeatures(t *testing.T) {
	parties := map[int]map[string]campaign.Character{1: partyAt(t, 1), 5: partyAt(t, 5)}
	for _, s := range signatures {
		t.Run(fmt.Sprintf("Level%d/%s", s.level, s.class), func(t *testing.T) {
			s.play(t, parties[s.level])
		})
	}
}

var signatures = []signature{
	{1, "barbarian", barbarian1},
	{1, "bard", bard1},
	{1, "cleric", cleric1},
	{1, "druid", druid1},
	{1, "fighter", fighter1},
	{1, "monk", monk1},
	{1, "paladin", paladin1},
	{1, "ranger", ranger1},
	{1, "rogue", rogue1},
	{1, "sorcerer", sorcerer1},
	{1, "warlock", warlock1},
	{1, "wizard", wizard1},
	{5, "barbarian", barbarian5},
	{5, "bard", bard5},
	{5, "cleric", cleric5},
	{5, "druid", druid5},
	{5, "fighter", fighter5},
	{5, "monk", monk5},
	{5, "paladin", paladin5},
	{5, "ranger", ranger5},
	{5, "rogue", rogue5},
	{5, "sorcerer", sorcerer5},
	{5, "warlock", warlock5},
	{5, "wizard", wizard5},
}

// Rage at 1st level (SRD Barbarian, Rage): a bonus action from two uses;
// while it lasts, +2 to the damage of Strength melee weapon attacks, and
// bludgeoning, piercing and slashing damage is halved. Reckless Attack
// comes at 2nd level, not yet.
func barbarian1(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"urga"}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}}, 20, 1)
	refusedTurn(t, v, "urga", useOf("reckless-attack"), fault.NotAllowed, "does not have Reckless Attack")
	v, d := play(t, v, "urga", useOf("rage"))
	u := fighter(t, v, "urga")
	if pool(u, "rage") != (campaign.Pool{Max: 2, Used: 1}) || !u.Turn.BonusActionUsed || !u.Combatant.Resistances.Has(rules.Slashing) {
		t.Fatalf("after raging: rage %+v, turn %+v, resistances %v: %s", pool(u, "rage"), u.Turn, u.Combatant.Resistances, d.Summary)
	}
	// The greataxe: 12 + 5 hits the orc's AC 13; 1d12 (7) + Str 3 + rage 2.
	v, d = play(t, v, "urga", attackAt("orc-1"), 12, 7)
	a := d.Fight.Attacks[0]
	if !a.Hit || a.Damage.Taken != 7+3+2 || d.Fight.Rolls[1].Expr != "1d12+3+2" || fighter(t, v, "orc-1").HP != 15-12 {
		t.Fatalf("a raging greataxe: %+v, rolls %+v", a, d.Fight.Rolls)
	}
	// The orc's greataxe: 1d12 (9) + 3 slashing, halved to 6.
	v, res := monsterPlays(t, v, 15, 9)
	if u := fighter(t, v, "urga"); u.HP != 14-6 || res.Attacks[0].Damage.Taken != 6 {
		t.Fatalf("Urga at %d, want 14 - (9+3)/2: %s", u.HP, res.Summary())
	}
}

// Bardic Inspiration at 1st level (SRD Bard): a bonus action gives
// another creature a d6 for one attack roll, ability check or save; the
// bard has as many uses as its Charisma modifier (3). Mira's attack that
// misses by 2 takes the die, and it is spent.
func bard1(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"lyra", "mira"}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}}, 20, 10, 1)
	refusedTurn(t, v, "lyra", intent.Intent{Kind: "feature", Feature: "bardic-inspiration-d6", TargetID: "lyra"}, fault.NotAllowed, "not itself")
	v, d := play(t, v, "lyra", intent.Intent{Kind: "feature", Feature: "bardic-inspiration-d6", TargetID: "mira"})
	if l := fighter(t, v, "lyra"); pool(l, "bardic-inspiration") != (campaign.Pool{Max: 3, Used: 1}) || !strings.Contains(d.Summary, "(1d6)") {
		t.Fatalf("after inspiring: %+v: %s", l.Pools, d.Summary)
	}
	v, _ = play(t, v, "lyra", intent.Intent{Kind: "end_turn"})
	// Mira's longsword in one hand (+5): 6 is 11 against AC 13; the d6's
	// 4 makes 15. Dueling's +2 on the damage: 1d8 (5) + 3 + 2.
	v, d = play(t, v, "mira", intent.Intent{Kind: "attack", TargetID: "orc-1", Choice: "one-handed"}, 6, 4, 5)
	a := d.Fight.Attacks[0]
	if !a.Hit || a.Total != 6+5+4 || !slices.Equal(a.Reserved, []string{"bardic-inspiration"}) || a.Damage.Taken != 10 {
		t.Fatalf("an inspired attack: %+v", a)
	}
	e, _ := encounter.FromRecord(*v.Encounter)
	if slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.TargetID == "mira" }) {
		t.Fatalf("the die is still held: %+v", e.Effects)
	}
}

// Disciple of Life (SRD Life Domain, 1st level): a healing spell of 1st
// level or higher restores 2 + the spell's level more: Cure Wounds is
// 1d8 + Wisdom (3) + 3. Turn Undead comes at 2nd level, not yet.
func cleric1(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, hurt(p, "urga", 2), []string{"bram", "urga"}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 1}}, 20, 10, 1)
	refusedTurn(t, v, "bram", useOf("channel-divinity-turn-undead"), fault.NotAllowed, "does not have Channel Divinity: Turn Undead")
	v, d := play(t, v, "bram", castAt("cure-wounds", "urga"), 5)
	if r := rolled(t, d.Fight.Rolls, "healing"); r.Expr != "1d8+3+3" || fighter(t, v, "urga").HP != 2+5+3+3 {
		t.Fatalf("cure wounds: %+v, Urga at %d: %s", r, fighter(t, v, "urga").HP, d.Summary)
	}
	if b := fighter(t, v, "bram"); b.Combatant.SpellSlots[0].Used != 1 {
		t.Fatalf("slots %+v", b.Combatant.SpellSlots)
	}
}

// A 1st-level druid has no Wild Shape (SRD Druid: it comes at 2nd
// level): its fight is its spells. Produce Flame hurled is a ranged spell
// attack (Wisdom 3 + proficiency 2) for 1d8 fire.
func druid1(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"fen"}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}}, 20, 1)
	refusedTurn(t, v, "fen", intent.Intent{Kind: "feature", Feature: encounter.WildShape, Choice: "wolf"}, fault.NotAllowed, "does not have Wild Shape")
	_, d := play(t, v, "fen", castAt("produce-flame", "goblin-1"), 10, 6)
	a := d.Fight.Cast.Targets[0].Attacks[0]
	if !a.Hit || a.Total != 15 || a.Damage.Taken != 6 {
		t.Fatalf("produce flame: %+v", a)
	}
}

// Second Wind (SRD Fighter, 1st level): a bonus action, once a rest,
// 1d10 + fighter level hit points; Dueling (a fighting style): +2 damage
// with a one-handed melee weapon and no other. Action Surge comes at 2nd.
func fighter1(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, hurt(p, "mira", 3), []string{"mira"}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}}, 20, 1)
	refusedTurn(t, v, "mira", useOf("action-surge-1-use"), fault.NotAllowed, "does not have Action Surge")
	v, d := play(t, v, "mira", useOf("second-wind"), 6)
	if r := rolled(t, d.Fight.Rolls, "second wind"); r.Expr != "1d10+1" || fighter(t, v, "mira").HP != 3+6+1 {
		t.Fatalf("second wind: %+v: %s", r, d.Summary)
	}
	if m := fighter(t, v, "mira"); pool(m, "second-wind") != (campaign.Pool{Max: 1, Used: 1}) {
		t.Fatalf("second wind's use: %+v", m.Pools)
	}
	// 14 + 5 hits the goblin's AC 15; 1d8 (3) + 3 + 2 fells it, and the
	// fight, won, writes the used Second Wind back to Mira's sheet.
	v, d = play(t, v, "mira", intent.Intent{Kind: "attack", TargetID: "goblin-1", Choice: "one-handed"}, 14, 3)
	if r := d.Fight.Rolls[1]; r.Expr != "1d8+3+2" || r.Total != 8 || v.Encounter != nil {
		t.Fatalf("dueling: %+v: %s", d.Fight.Rolls, d.Summary)
	}
	if m := member(t, v, "mira"); m.Resources["second-wind"].Used != 1 || m.HP != 10 {
		t.Fatalf("Mira's sheet after the fight: HP %d, resources %+v", m.HP, m.Resources)
	}
}

// Martial Arts at 1st level (SRD Monk): unarmoured, an unarmed strike
// uses Dexterity (+3, +2 proficiency) and deals the martial arts die, a
// d4, + 3; after the Attack action, one more unarmed strike as a bonus
// action. Ki and Flurry of Blows come at 2nd level.
func monk1(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"kai"}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 2}}, 20, 1, 2)
	if k := fighter(t, v, "kai"); k.AC != 10+3+2 || len(k.Pools) != 0 {
		t.Fatalf("Kai: AC %d (Unarmored Defense: 10 + Dex + Wis), pools %+v", k.AC, k.Pools)
	}
	refusedTurn(t, v, "kai", intent.Intent{Kind: "feature", Feature: "flurry-of-blows", TargetID: "goblin-1"}, fault.NotAllowed, "does not have Flurry of Blows")
	v, d := play(t, v, "kai", intent.Intent{Kind: "attack", TargetID: "goblin-1", Weapon: "unarmed", KeepTurn: true}, 12, 2)
	if a := d.Fight.Attacks[0]; !a.Hit || a.Total != 17 || d.Fight.Rolls[1].Expr != "1d4+3" || a.Damage.Taken != 5 {
		t.Fatalf("unarmed strike: %+v, rolls %+v", a, d.Fight.Rolls)
	}
	v, d = play(t, v, "kai", intent.Intent{Kind: "feature", Feature: "martial-arts", TargetID: "goblin-1"}, 10, 1)
	if a := d.Fight.Attacks[0]; !a.Hit || a.Damage.Taken != 4 || !fighter(t, v, "goblin-1").Defeated {
		t.Fatalf("the bonus strike: %+v: %s", a, d.Summary)
	}
}

// Lay on Hands (SRD Paladin, 1st level): an action, hit points from a
// pool of 5 × paladin level: Mira lacks 7 and gets the pool's 5, and the
// pool is empty. Divine Smite comes at 2nd level: a hit offers none.
func paladin1(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, hurt(p, "mira", 5), []string{"ser", "mira"}, []encounter.MonsterSpec{{SRDID: "skeleton", Count: 1}}, 20, 1, 10)
	// The longsword in two hands (+5): 15 hits AC 13, 1d10 (4) + 3.
	v, d := play(t, v, "ser", attackAt("skeleton-1"), 15, 4)
	if a := d.Fight.Attacks[0]; !a.Hit || fighter(t, v, "skeleton-1").HP != 13-7 || len(d.Fight.Openings) != 0 {
		t.Fatalf("a hit at 1st level: %+v, openings %+v", a, d.Fight.Openings)
	}
	v, _ = monsterPlays(t, v, 1)
	v, _ = play(t, v, "mira", intent.Intent{Kind: "end_turn"})
	v, d = play(t, v, "ser", intent.Intent{Kind: "feature", Feature: "lay-on-hands", TargetID: "mira"})
	if s := fighter(t, v, "ser"); fighter(t, v, "mira").HP != 10 || pool(s, "lay-on-hands") != (campaign.Pool{Max: 5, Used: 5}) {
		t.Fatalf("lay on hands: Mira at %d, pool %+v: %s", fighter(t, v, "mira").HP, pool(s, "lay-on-hands"), d.Summary)
	}
	v, _ = monsterPlays(t, v, 1)
	v, _ = play(t, v, "mira", intent.Intent{Kind: "end_turn"})
	refusedTurn(t, v, "ser", intent.Intent{Kind: "feature", Feature: "lay-on-hands", TargetID: "mira"}, fault.NotAllowed, "Ser has 0 left")
}

// Favored Enemy (SRD Ranger, 1st level): advantage on Intelligence
// checks to recall what it knows of its chosen kind (undead): a check at
// the skeleton rolls two d20s and keeps the higher. Spellcasting comes
// at 2nd level: no Hunter's Mark yet.
func ranger1(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"tam"}, []encounter.MonsterSpec{{SRDID: "skeleton", Count: 1}}, 20, 1)
	refusedTurn(t, v, "tam", intent.Intent{Kind: "cast", Spell: "hunters-mark", TargetIDs: []string{"skeleton-1"}, Bonus: true}, fault.NotAllowed, "no ranger spells before level 2")
	v, d := play(t, v, "tam", intent.Intent{Kind: "check", Ability: "int", TargetID: "skeleton-1"}, 3, 17)
	if r := d.Rolls[0]; !slices.Equal(r.Rolls, []int{3, 17}) || r.Total != 17-1 || !strings.Contains(d.Summary, "advantage") {
		t.Fatalf("a check about undead: %+v: %s", r, d.Summary)
	}
	// The longbow: Dex 3 + 2; 12 hits AC 13, 1d8 (5) + 3.
	_, d = play(t, v, "tam", intent.Intent{Kind: "attack", TargetID: "skeleton-1", Weapon: "longbow"}, 12, 5)
	if a := d.Fight.Attacks[0]; !a.Hit || a.Total != 17 || a.Damage.Taken != 8 {
		t.Fatalf("the longbow: %+v", a)
	}
}

// Sneak Attack (SRD Rogue, 1st level): once a turn, 1d6 more on a finesse
// or ranged weapon hit when another foe of the target is beside it (Mira,
// who has closed with the orc). Cunning Action comes at 2nd level.
func rogue1(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"mira", "tavi"}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}}, 20, 15, 1)
	v, _ = play(t, v, "mira", attackAt("orc-1"), 1)
	refusedTurn(t, v, "tavi", intent.Intent{Kind: "feature", Feature: "cunning-action", Choice: "hide"}, fault.NotAllowed, "does not have Cunning Action")
	// The rapier with Dexterity (+5): 14 hits AC 13; 1d8 (4) + 3, and the
	// d6 (5).
	v, d := play(t, v, "tavi", intent.Intent{Kind: "attack", TargetID: "orc-1", Weapon: "rapier"}, 14, 4, 5)
	if a := d.Fight.Attacks[0]; !a.Hit || !a.Sneak || rolled(t, d.Fight.Rolls, "sneak attack").Expr != "1d6" || a.Damage.Taken != 4+3+5 || fighter(t, v, "orc-1").HP != 15-12 {
		t.Fatalf("a sneak attack: %+v, rolls %+v", a, d.Fight.Rolls)
	}
}

// Draconic Resilience (SRD Draconic Bloodline, 1st level): unarmoured AC
// 13 + Dexterity (15), and 1 more hit point a sorcerer level (6 + Con 2
// + 1). A goblin's 10 + 4 misses. Font of Magic comes at 2nd level.
func sorcerer1(t *testing.T, p map[string]campaign.Character) {
	if e := p["ember"]; e.AC != 15 || e.MaxHP != 9 {
		t.Fatalf("Ember: AC %d, HP %d", e.AC, e.MaxHP)
	}
	v := battle(t, p, []string{"ember"}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}}, 20, 1)
	refusedTurn(t, v, "ember", intent.Intent{Kind: "feature", Feature: "flexible-casting-creating-spell-slots", Choice: "1"}, fault.NotAllowed, "does not have Flexible Casting")
	// Fire Bolt (Cha 3 + 2): 12 hits AC 15 with 17; 1d10 (3) fire.
	v, d := play(t, v, "ember", castAt("fire-bolt", "goblin-1"), 12, 3)
	if fighter(t, v, "goblin-1").HP != 4 {
		t.Fatalf("fire bolt: %s", d.Summary)
	}
	_, res := monsterPlays(t, v, 10)
	if a := res.Attacks[0]; a.Hit || a.Total != 14 || a.AC != 15 {
		t.Fatalf("the goblin's scimitar: %+v", a)
	}
}

// Eldritch Blast at 1st level (SRD Warlock): a ranged spell attack (Cha 3
// + 2) for 1d10 force, no Charisma on it before Agonizing Blast (an
// invocation, from 2nd level). Dark One's Blessing (SRD Fiend, 1st):
// reducing a hostile creature to 0 hit points gives Cha + warlock level
// temporary hit points (4). Hex is no SRD spell: the rules know none.
func warlock1(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"vex"}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 2}}, 20, 1, 2)
	refusedTurn(t, v, "vex", castAt("hex", "goblin-1"), fault.InvalidArgs, `no spell "hex"`)
	v, d := play(t, v, "vex", castAt("eldritch-blast", "goblin-1"), 16, 7)
	if r := rolled(t, d.Fight.Rolls, "damage"); r.Expr != "1d10" || !fighter(t, v, "goblin-1").Defeated || fighter(t, v, "vex").TempHP != 3+1 {
		t.Fatalf("eldritch blast: %+v, temp HP %d: %s", r, fighter(t, v, "vex").TempHP, d.Summary)
	}
}

// Arcane Recovery (SRD Wizard, 1st level): once a day, at the end of a
// short rest, spell slots of combined level up to half the wizard level,
// rounded up (1), come back. Magic Missile's three darts (1d4 + 1 each)
// spend a 1st-level slot and end the fight; the rest after it brings the
// slot back.
func wizard1(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"orla"}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}}, 20, 1)
	v, d := play(t, v, "orla", castAt("magic-missile", "goblin-1"), 2, 2, 1)
	if len(d.Fight.Rolls) != 3 || d.Fight.Rolls[2].Expr != "1d4+1" || v.Encounter != nil || member(t, v, "orla").SpellSlots["1"].Used != 1 {
		t.Fatalf("after the fight: %+v: %s", member(t, v, "orla").SpellSlots, d.Summary)
	}
	_, d = play(t, v, "orla", intent.Intent{Kind: "rest", Rest: "short"})
	o := sheet(t, d, "orla")
	if o.SpellSlots["1"].Used != 0 || o.Resources["arcane-recovery"].Used != 1 {
		t.Fatalf("after the rest: slots %+v, resources %+v: %s", o.SpellSlots, o.Resources, d.Summary)
	}
}

// chose is the choice name taken by participant by at attack k of the
// action, with seed for its own dice.
func chose(k int, by, name string, seed uint64) encounter.Reactions {
	return encounter.Reactions{Taken: []campaign.Reaction{{Attack: k, By: by, Name: name}}, Seed: seed}
}

// Rage and Reckless Attack at 5th level (SRD Barbarian): three rages, the
// bonus still +2; Reckless Attack gives advantage on Strength melee
// attacks this turn, and attacks on the barbarian advantage until its
// next turn; Extra Attack, two attacks with the Attack action. The
// ogre's greatclub (2d8 + 4, bludgeoning) is halved by the rage.
func barbarian5(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"urga"}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}}, 20, 1)
	v, _ = play(t, v, "urga", useOf("rage"))
	v, _ = play(t, v, "urga", useOf("reckless-attack"))
	// Greataxe +7 (Str 4, proficiency 3), each with two d20s: 3 and 15,
	// then 14 and 2; 1d12 + 4 + 2 of 6 and 10.
	v, d := play(t, v, "urga", attackAt("ogre-1"), 3, 15, 6, 14, 2, 10)
	as := d.Fight.Attacks
	if len(as) != 2 || as[0].Total != 15+7 || as[1].Total != 14+7 || !d.Rolls[0].Advantage || !d.Rolls[2].Advantage {
		t.Fatalf("two reckless attacks: %+v, rolls %+v", as, d.Rolls)
	}
	if r := d.Fight.Rolls[1]; r.Expr != "1d12+4+2" || fighter(t, v, "ogre-1").HP != 59-(6+6)-(10+6) {
		t.Fatalf("raging damage: %+v, ogre at %d", d.Fight.Rolls, fighter(t, v, "ogre-1").HP)
	}
	if u := fighter(t, v, "urga"); pool(u, "rage") != (campaign.Pool{Max: 3, Used: 1}) {
		t.Fatalf("rages: %+v", u.Pools)
	}
	// The ogre swings at the reckless barbarian with advantage: 4 and 12,
	// + 6 hits AC 14; 2d8 (5, 5) + 4 = 14 bludgeoning, halved.
	v, res := monsterPlays(t, v, 4, 12, 5, 5)
	if a := res.Attacks[0]; !a.Hit || !res.Rolls[0].Advantage || a.Damage.Taken != 7 || fighter(t, v, "urga").HP != 50-7 {
		t.Fatalf("the ogre on a reckless barbarian: %+v, rolls %+v", a, res.Rolls)
	}
}

// Bardic Inspiration at 5th level (SRD Bard): the die is a d8, the uses
// still the Charisma modifier (4). Cutting Words (SRD College of Lore,
// 3rd level): as a reaction, a Bardic Inspiration die taken off a
// creature's attack roll.
func bard5(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"lyra", "mira"}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}}, 20, 10, 1)
	v, d := play(t, v, "lyra", intent.Intent{Kind: "feature", Feature: "bardic-inspiration-d6", TargetID: "mira"})
	if !strings.Contains(d.Summary, "(1d8)") || pool(fighter(t, v, "lyra"), "bardic-inspiration") != (campaign.Pool{Max: 4, Used: 1}) {
		t.Fatalf("a 5th-level inspiration: %+v: %s", fighter(t, v, "lyra").Pools, d.Summary)
	}
	v, _ = play(t, v, "lyra", intent.Intent{Kind: "end_turn"})
	// Mira's first swing (+7): 2 is 9 against AC 11; the d8's 3 makes 12.
	// Her longsword in two hands: 1d10 + 4 (6). Her second: a natural 1.
	v, d = play(t, v, "mira", attackAt("ogre-1"), 2, 3, 6, 1)
	if a := d.Fight.Attacks[0]; !a.Hit || a.Total != 2+7+3 || !slices.Equal(a.Reserved, []string{"bardic-inspiration"}) {
		t.Fatalf("an inspired attack: %+v", a)
	}
	// The ogre leaves Mira (who may strike as it goes, and lets it) for
	// Lyra, the weaker: its greatclub (+6), 10, is 16 against AC 13, a hit
	// Cutting Words may undo.
	held := *v.Encounter
	_, res := monsterPlays(t, v, 10, 4, 4)
	k := slices.IndexFunc(res.Openings, func(o encounter.Opening) bool {
		return slices.ContainsFunc(o.Offers, func(f encounter.Offer) bool { return f.Name == encounter.CuttingWords })
	})
	if k < 0 {
		t.Fatalf("no Cutting Words offered: %+v", res.Openings)
	}
	// Played again with Lyra's reaction, its die from the reaction's own
	// seed (7: a 4 or more, so the blow misses and no damage is rolled).
	v.Encounter = &held
	v, res = monsterReacted(t, v, chose(res.Openings[k].Attack, "lyra", encounter.CuttingWords, 7), dicetest.Faces(t, 10))
	cut := rolled(t, res.Rolls, "cutting words")
	a := res.Attacks[0]
	if cut.Expr != "1d8" || a.Total != 16-cut.Total || a.Total >= 13 || a.Hit {
		t.Fatalf("cutting words of %+v: %+v", cut, a)
	}
	if l := fighter(t, v, "lyra"); pool(l, "bardic-inspiration") != (campaign.Pool{Max: 4, Used: 2}) || len(res.Applied) != 1 || res.Applied[0].Reaction != encounter.CuttingWords {
		t.Fatalf("Lyra after cutting words: %+v, applied %+v", l.Pools, res.Applied)
	}
}

// Turn Undead (SRD Cleric, 2nd level): each undead saves (Wisdom) against
// the spell save DC, 8 + proficiency 3 + Wisdom 4 = 15, or is turned;
// Destroy Undead (5th level): one of CR 1/2 or lower that fails is
// destroyed: the zombie (CR 1/4) and the warhorse skeleton (CR 1/2) are,
// the ghoul (CR 1) is turned, and loses its turns. Disciple of Life:
// Healing Word from a 2nd-level slot heals 2d4 + 4 + (2 + 2).
func cleric5(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, hurt(p, "urga", 10), []string{"bram", "urga"},
		[]encounter.MonsterSpec{{SRDID: "zombie", Count: 1}, {SRDID: "warhorse-skeleton", Count: 1}, {SRDID: "ghoul", Count: 1}}, 20, 10, 1, 3, 5)
	// The saves fail: the zombie's (proficient: +0) 10, the warhorse
	// skeleton's (Wis -1) 10 - 1, the ghoul's (+0) 12.
	in := useOf("channel-divinity-turn-undead")
	in.KeepTurn = true
	v, d := play(t, v, "bram", in, 10, 10, 12)
	var totals []int
	for _, sv := range d.Fight.Saves {
		if sv.DC != 15 {
			t.Fatalf("a save against DC %d", sv.DC)
		}
		totals = append(totals, sv.Total)
	}
	if !strings.Contains(d.Summary, "(DC 15)") || !slices.Equal(totals, []int{10, 9, 12}) {
		t.Fatalf("turn undead: %+v: %s", d.Fight.Saves, d.Summary)
	}
	z, w, g := fighter(t, v, "zombie-1"), fighter(t, v, "warhorse-skeleton-1"), fighter(t, v, "ghoul-1")
	e, _ := encounter.FromRecord(*v.Encounter)
	turned := slices.ContainsFunc(e.Effects, func(fx encounter.Effect) bool { return fx.TargetID == "ghoul-1" && fx.ID == "turned" })
	if !z.Defeated || z.HP != 0 || !w.Defeated || g.Defeated || !turned {
		t.Fatalf("the zombie %+v, the warhorse skeleton %+v, the ghoul %+v, effects %+v", z, w, g, e.Effects)
	}
	if b := fighter(t, v, "bram"); pool(b, "cleric-channel-divinity") != (campaign.Pool{Max: 1, Used: 1}) {
		t.Fatalf("channel divinity: %+v", b.Pools)
	}
	v, d = play(t, v, "bram", intent.Intent{Kind: "cast", Spell: "healing-word", TargetIDs: []string{"urga"}, SlotLevel: 2}, 2, 3)
	if r := rolled(t, d.Fight.Rolls, "healing"); r.Expr != "2d4+4+4" || fighter(t, v, "urga").HP != 10+2+3+4+4 {
		t.Fatalf("healing word: %+v: %s", r, d.Summary)
	}
	// The turned ghoul flees on its turn: no attack.
	v, _ = play(t, v, "urga", intent.Intent{Kind: "end_turn"})
	if _, res := monsterPlays(t, v); res.ActorID != "ghoul-1" || len(res.Attacks) != 0 {
		t.Fatalf("the turned ghoul's turn: %s", res.Summary())
	}
}

// Wild Shape (SRD Druid, 2nd level): an action and one of two uses; the
// wolf's stat block (AC 13, 11 HP, bite +4 for 2d4 + 2) replaces the
// druid's; a bonus action ends it. At 4th level the beasts reach CR 1/2
// (a black bear: AC 11, 19 HP), not CR 1 (a brown bear).
func druid5(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"fen"}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 2}}, 20, 1, 2)
	shape := func(beast string) intent.Intent {
		return intent.Intent{Kind: "feature", Feature: encounter.WildShape, Choice: beast}
	}
	refusedTurn(t, v, "fen", shape("brown-bear"), fault.NotAllowed, "CR 1")
	v, _ = play(t, v, "fen", shape("wolf"))
	if f := fighter(t, v, "fen"); f.Form == nil || f.HP != 11 || f.MaxHP != 11 || f.AC != 13 || pool(f, "wild-shape") != (campaign.Pool{Max: 2, Used: 1}) {
		t.Fatalf("Fen as a wolf: HP %d/%d AC %d pools %+v", f.HP, f.MaxHP, f.AC, f.Pools)
	}
	v, _ = monsterPlays(t, v, 1)
	v, _ = monsterPlays(t, v, 1)
	// The bite: 15 + 4; 2d4 (3, 3) + 2 fells a goblin.
	in := attackAt("goblin-1")
	in.KeepTurn = true
	v, d := play(t, v, "fen", in, 15, 3, 3)
	if a := d.Fight.Attacks[0]; !a.Hit || a.Total != 19 || d.Fight.Rolls[1].Expr != "2d4+2" || a.Damage.Taken != 8 {
		t.Fatalf("the wolf's bite: %+v, rolls %+v", a, d.Fight.Rolls)
	}
	v, _ = play(t, v, "fen", shape(encounter.ChoiceEnd))
	if f := fighter(t, v, "fen"); f.Form != nil || f.HP != 38 || f.AC != 15 {
		t.Fatalf("Fen back in her form: %+v", f)
	}
	v, _ = monsterPlays(t, v, 1)
	v, _ = play(t, v, "fen", shape("black-bear"))
	if f := fighter(t, v, "fen"); f.HP != 19 || f.AC != 11 || pool(f, "wild-shape") != (campaign.Pool{Max: 2, Used: 2}) {
		t.Fatalf("Fen as a black bear: HP %d AC %d pools %+v", f.HP, f.AC, f.Pools)
	}
}

// Second Wind at 5th level: 1d10 + 5. Extra Attack (SRD Fighter, 5th):
// two attacks with the Attack action; Action Surge (2nd): one more action
// on the turn, once a rest. Great Weapon Fighting (a fighting style): a 1
// or 2 on a damage die of a two-handed melee attack is rolled again.
func fighter5(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, hurt(p, "mira", 20), []string{"mira"}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}}, 20, 1)
	v, d := play(t, v, "mira", useOf("second-wind"), 6)
	if r := rolled(t, d.Fight.Rolls, "second wind"); r.Expr != "1d10+5" || fighter(t, v, "mira").HP != 20+6+5 {
		t.Fatalf("second wind: %+v", r)
	}
	// Longsword in two hands (+7, 1d10 + 4): 10 hits, a 1 rolled again
	// as 7; 12 hits for 8.
	in := attackAt("ogre-1")
	in.KeepTurn = true
	v, d = play(t, v, "mira", in, 10, 1, 7, 12, 8)
	if len(d.Fight.Attacks) != 2 || d.Fight.Rolls[1].RerollBelow != 3 || d.Fight.Attacks[0].Damage.Taken != 7+4 || d.Fight.Attacks[1].Damage.Taken != 8+4 {
		t.Fatalf("extra attack: %+v, rolls %+v", d.Fight.Attacks, d.Fight.Rolls)
	}
	refusedTurn(t, v, "mira", attackAt("ogre-1"), fault.NotAllowed, "already taken an action")
	v, _ = play(t, v, "mira", useOf("action-surge-1-use"))
	if m := fighter(t, v, "mira"); pool(m, "action-surge") != (campaign.Pool{Max: 1, Used: 1}) || m.Turn.ActionUsed {
		t.Fatalf("action surge: %+v %+v", m.Pools, m.Turn)
	}
	refusedTurn(t, v, "mira", useOf("action-surge-1-use"), fault.NotAllowed, "Mira has 0 left")
	// The surge's action: 9 hits for a 2 rolled again as 6; a natural 1.
	v, d = play(t, v, "mira", attackAt("ogre-1"), 9, 2, 6, 1)
	if len(d.Fight.Attacks) != 2 || fighter(t, v, "ogre-1").HP != 59-11-12-10 {
		t.Fatalf("the surged attacks: %+v, ogre at %d", d.Fight.Attacks, fighter(t, v, "ogre-1").HP)
	}
}

// The monk at 5th level (SRD Monk): ki points = monk level (5); the
// martial arts die a d6; Extra Attack; Stunning Strike, 1 ki on a melee
// hit: a Constitution save against 8 + proficiency 3 + Wisdom 2 = 13, or
// stunned; Flurry of Blows, 1 ki after the Attack action: two unarmed
// strikes as a bonus action (at the stunned orc, with advantage).
func monk5(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"kai"}, []encounter.MonsterSpec{{SRDID: "orc", Count: 1}}, 20, 1)
	if k := fighter(t, v, "kai"); pool(k, "ki") != (campaign.Pool{Max: 5}) {
		t.Fatalf("ki: %+v", k.Pools)
	}
	// Two unarmed strikes (+7, 1d6 + 4): 12 hits AC 13 for 3 + 4, 11 for
	// 2 + 4; each hit offers Stunning Strike.
	in := intent.Intent{Kind: "attack", TargetID: "orc-1", Weapon: "unarmed", KeepTurn: true}
	held := *v.Encounter
	_, d := play(t, v, "kai", in, 12, 3, 11, 2)
	if len(d.Fight.Attacks) != 2 || d.Fight.Rolls[1].Expr != "1d6+4" || len(d.Fight.Openings) == 0 {
		t.Fatalf("two unarmed strikes: %+v, openings %+v", d.Fight.Rolls, d.Fight.Openings)
	}
	// Played again with Stunning Strike on the first hit: the orc's save
	// comes from the choice's own seed (3: a failure); the second strike,
	// at a stunned orc, rolls two d20s (11 and 4).
	v.Encounter = &held
	v, d = playWith(t, v, "kai", in, chose(0, "kai", "stunning-strike", 3), dicetest.Faces(t, 12, 3, 11, 4, 2))
	sv := rolled(t, d.Fight.Rolls, "Constitution saving throw against stunning strike")
	if !strings.Contains(d.Summary, "DC 13") || sv.Total >= 13 || !slices.Contains(fighter(t, v, "orc-1").Conditions, "stunned") {
		t.Fatalf("stunning strike: save %+v: %s", sv, d.Summary)
	}
	// The flurry's first strike (5 and 14, with advantage) for 1 + 4 fells
	// the orc; the second is not made, and the ki spent goes back to the
	// sheet with the fight won.
	v, d = play(t, v, "kai", intent.Intent{Kind: "feature", Feature: "flurry-of-blows", TargetID: "orc-1"}, 5, 14, 1)
	if a := d.Fight.Attacks[0]; !a.Hit || !d.Rolls[0].Advantage || v.Encounter != nil {
		t.Fatalf("flurry at a stunned orc: %+v: %s", d.Fight.Attacks, d.Summary)
	}
	if k := member(t, v, "kai"); k.Resources["ki"].Used != 2 {
		t.Fatalf("ki spent: %+v", k.Resources)
	}
}

// Divine Smite (SRD Paladin, 2nd level): on a melee weapon hit, a spell
// slot for 2d8 radiant (1st level), 1d8 more against an undead: 3d8 on a
// zombie. Extra Attack at 5th; Lay on Hands' pool is 5 × 5 = 25. The
// Defense style: +1 AC in armour (chain mail's 16).
func paladin5(t *testing.T, p map[string]campaign.Character) {
	if s := p["ser"]; s.AC != 17 {
		t.Fatalf("Ser's AC %d, want 16 + 1", s.AC)
	}
	v := battle(t, hurt(p, "mira", 20), []string{"ser", "mira"}, []encounter.MonsterSpec{{SRDID: "zombie", Count: 2}}, 20, 10, 1, 2)
	held := *v.Encounter
	// Longsword in two hands (+7, 1d10 + 4): 10 hits AC 8 for 5 + 4; the
	// second swing is a natural 1.
	_, d := play(t, v, "ser", attackAt("zombie-1"), 10, 5, 1)
	if len(d.Fight.Attacks) != 2 || len(d.Fight.Openings) != 1 {
		t.Fatalf("extra attack: %+v, openings %+v", d.Fight.Attacks, d.Fight.Openings)
	}
	var offered []string
	for _, o := range d.Fight.Openings[0].Offers {
		offered = append(offered, o.Name)
	}
	if !slices.Equal(offered, []string{"divine-smite:1", "divine-smite:2"}) {
		t.Fatalf("smites offered %v, want one per slot level Ser has", offered)
	}
	// Played again with a 1st-level smite on the hit: its 3d8 (2, 3, 4)
	// ride on the longsword's damage.
	v.Encounter = &held
	v, d = playWith(t, v, "ser", attackAt("zombie-1"), chose(0, "ser", "divine-smite:1", 1), dicetest.Faces(t, 10, 5, 2, 3, 4, 1))
	radiant := 0
	for _, part := range d.Fight.Attacks[0].Damage.Parts {
		if part.Type == rules.Radiant {
			radiant += part.Dealt
		}
	}
	if radiant != 2+3+4 || fighter(t, v, "zombie-1").HP != 22-9-9 || fighter(t, v, "ser").Combatant.SpellSlots[0].Used != 1 {
		t.Fatalf("a smite on a zombie: %+v: %s", d.Fight.Attacks[0].Damage, d.Summary)
	}
	v, _ = play(t, v, "mira", intent.Intent{Kind: "end_turn"})
	v, _ = monsterPlays(t, v, 1)
	v, _ = monsterPlays(t, v, 1)
	v, d = play(t, v, "ser", intent.Intent{Kind: "feature", Feature: "lay-on-hands", TargetID: "mira", Choice: "10"})
	if s := fighter(t, v, "ser"); fighter(t, v, "mira").HP != 30 || pool(s, "lay-on-hands") != (campaign.Pool{Max: 25, Used: 10}) {
		t.Fatalf("lay on hands: %+v: %s", s.Pools, d.Summary)
	}
}

// The hunter at 5th level (SRD Ranger): Hunter's Mark, a bonus action,
// 1d6 more on each weapon hit on the quarry; Colossus Slayer (Hunter's
// Prey, 3rd level), once a turn 1d8 more on a weapon hit on a creature
// below its hit point maximum; Extra Attack; Archery, +2 to ranged
// attack rolls; Favored Enemy (giants): advantage on the check.
func ranger5(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"tam"}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}}, 20, 1)
	v, d := play(t, v, "tam", intent.Intent{Kind: "check", Ability: "int", TargetID: "ogre-1"}, 4, 15)
	if r := d.Rolls[0]; !slices.Equal(r.Rolls, []int{4, 15}) || r.Total != 15-1 {
		t.Fatalf("a check about a giant: %+v: %s", r, d.Summary)
	}
	v, _ = play(t, v, "tam", intent.Intent{Kind: "cast", Spell: "hunters-mark", TargetIDs: []string{"ogre-1"}})
	// Longbow +9 (Dex 4, proficiency 3, Archery 2): 10 and 12 hit AC 11.
	// The first arrow: 1d8 + 4 (4) and the mark's 1d6 (3); the ogre is
	// hurt, so the second: 1d8 + 4 (5), Colossus Slayer's 1d8 (7) and the
	// mark's 1d6 (2).
	v, d = play(t, v, "tam", intent.Intent{Kind: "attack", TargetID: "ogre-1", Weapon: "longbow"}, 10, 4, 3, 12, 5, 7, 2)
	as := d.Fight.Attacks
	if len(as) != 2 || as[0].Total != 19 || as[1].Total != 21 {
		t.Fatalf("two arrows: %+v", as)
	}
	var dmg []string
	for _, r := range d.Fight.Rolls {
		if r.Reason == "damage" {
			dmg = append(dmg, r.Expr)
		}
	}
	slices.Sort(dmg)
	if !slices.Equal(dmg, []string{"1d6", "1d6", "1d8", "1d8+4", "1d8+4"}) {
		t.Fatalf("the arrows' damage dice %v", dmg)
	}
	if as[0].Damage.Taken != 4+4+3 || as[1].Damage.Taken != 5+4+7+2 || fighter(t, v, "ogre-1").HP != 59-11-18 {
		t.Fatalf("marked, then slain: %+v, rolls %+v", as, d.Fight.Rolls)
	}
}

// The rogue at 5th level (SRD Rogue): Cunning Action hides as a bonus
// action (Stealth, Dex 4 + expertise 6, against the ogre's passive
// Perception 8); the hidden rogue's shot has advantage, so Sneak Attack,
// 3d6 at 5th level; Uncanny Dodge halves the ogre's blow.
func rogue5(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"tavi"}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}}, 20, 1)
	v, d := play(t, v, "tavi", intent.Intent{Kind: "feature", Feature: "cunning-action", Choice: "hide"}, 5)
	if r := d.Rolls[0]; r.Total != 5+10 || !fighter(t, v, "tavi").Hidden {
		t.Fatalf("hiding: %+v: %s", r, d.Summary)
	}
	// The shortbow (+7) with advantage: 3 and 15; 1d6 + 4 (4), 3d6 (2, 3, 4).
	v, d = play(t, v, "tavi", intent.Intent{Kind: "attack", TargetID: "ogre-1", Weapon: "shortbow"}, 3, 15, 4, 2, 3, 4)
	if a := d.Fight.Attacks[0]; !a.Hit || !d.Rolls[0].Advantage || !a.Sneak || rolled(t, d.Fight.Rolls, "sneak attack").Expr != "3d6" || a.Damage.Taken != 8+9 {
		t.Fatalf("a hidden shot: %+v, rolls %+v", a, d.Fight.Rolls)
	}
	// The greatclub: 12 + 6 hits AC 15; 2d8 (5, 5) + 4 = 14, halved.
	held := *v.Encounter
	_, res := monsterPlays(t, v, 12, 5, 5)
	if len(res.Openings) == 0 {
		t.Fatalf("no uncanny dodge offered: %s", res.Summary())
	}
	// Played again with Tavi's reaction: the same dice, the damage halved.
	v.Encounter = &held
	v, res = monsterReacted(t, v, chose(0, "tavi", encounter.UncannyDodge, 1), dicetest.Faces(t, 12, 5, 5))
	if a := res.Attacks[0]; !a.Hit || a.Damage.Taken != 7 || fighter(t, v, "tavi").HP != 38-7 {
		t.Fatalf("uncanny dodge: %+v: %s", a, res.Summary())
	}
}

// Font of Magic (SRD Sorcerer, 2nd level): sorcery points = sorcerer
// level (5); Twinned Spell (Metamagic, 3rd): a cantrip aimed at a second
// creature for 1 point. Fire Bolt at 5th level is 2d10. Draconic
// Resilience: 13 + Dex unarmoured, and 5 more hit points.
func sorcerer5(t *testing.T, p map[string]campaign.Character) {
	if e := p["ember"]; e.AC != 15 || e.MaxHP != 6+2+4*(4+2)+5 {
		t.Fatalf("Ember: AC %d, HP %d", e.AC, e.MaxHP)
	}
	v := battle(t, p, []string{"ember"}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 2}}, 20, 1, 2)
	if e := fighter(t, v, "ember"); pool(e, "sorcery-points") != (campaign.Pool{Max: 5}) {
		t.Fatalf("sorcery points: %+v", e.Pools)
	}
	in := castAt("fire-bolt", "goblin-1", "goblin-2")
	in.With = []string{"metamagic-twinned-spell"}
	v, d := play(t, v, "ember", in, 15, 3, 4, 15, 1, 1)
	if e := fighter(t, v, "ember"); pool(e, "sorcery-points") != (campaign.Pool{Max: 5, Used: 1}) {
		t.Fatalf("twinned: %+v: %s", e.Pools, d.Summary)
	}
	if !fighter(t, v, "goblin-1").Defeated || fighter(t, v, "goblin-2").HP != 5 || rolled(t, d.Fight.Rolls, "damage").Expr != "2d10" {
		t.Fatalf("two fire bolts: %+v: %s", d.Fight.Rolls, d.Summary)
	}
}

// Eldritch Blast at 5th level (SRD): two beams, each its own attack roll;
// Agonizing Blast (an invocation) adds Charisma (4) to each beam's
// 1d10. Dark One's Blessing: Cha + level (9) temporary hit points for the
// goblin the second beam fells.
func warlock5(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"vex"}, []encounter.MonsterSpec{{SRDID: "ogre", Count: 1}, {SRDID: "goblin", Count: 1}}, 20, 1, 2)
	v, d := play(t, v, "vex", castAt("eldritch-blast", "ogre-1", "goblin-1"), 15, 5, 15, 6)
	var exprs []string
	for _, r := range d.Fight.Rolls {
		if r.Reason == "damage" {
			exprs = append(exprs, r.Expr)
		}
	}
	if !slices.Equal(exprs, []string{"1d10+4", "1d10+4"}) || fighter(t, v, "ogre-1").HP != 59-9 || !fighter(t, v, "goblin-1").Defeated {
		t.Fatalf("two agonizing beams: %v: %s", exprs, d.Summary)
	}
	if vx := fighter(t, v, "vex"); vx.TempHP != 4+5 {
		t.Fatalf("Dark One's Blessing: %d temporary hit points", vx.TempHP)
	}
}

// Fireball (SRD): 8d6 fire in the area, a Dexterity save (8 +
// proficiency 3 + Int 4 = 15) for half. Sculpt Spells (SRD School of
// Evocation, 2nd level): Mira, in the blast, is spared: no save, no
// damage. Arcane Recovery at 5th level brings back 3 levels of slots:
// the 3rd-level slot the fireball spent.
func wizard5(t *testing.T, p map[string]campaign.Character) {
	v := battle(t, p, []string{"orla", "mira"}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 2}}, 20, 10, 1, 2)
	in := castAt("fireball", "goblin-1", "goblin-2", "mira")
	in.Spare = []string{"mira"}
	// 8d6 of 3s is 24; goblin 1 saves 3 + 2, goblin 2 20 + 2.
	v, d := play(t, v, "orla", in, 3, 3, 3, 3, 3, 3, 3, 3, 3, 20)
	if r := rolled(t, d.Fight.Rolls, "damage"); r.Expr != "8d6" || r.Total != 24 {
		t.Fatalf("fireball: %+v", d.Fight.Rolls)
	}
	hit := map[string]int{}
	for _, o := range d.Fight.Cast.Targets {
		for _, dr := range o.Damage {
			hit[o.TargetID] += dr.Taken
		}
		if saved := o.Save != nil && o.Save.Success; saved != (o.TargetID != "goblin-1") || o.Spared != (o.TargetID == "mira") {
			t.Fatalf("%s's save %+v, spared %v", o.TargetID, o.Save, o.Spared)
		}
	}
	if hit["goblin-1"] != 24 || hit["goblin-2"] != 12 || hit["mira"] != 0 || v.Encounter != nil || member(t, v, "mira").HP != member(t, v, "mira").MaxHP {
		t.Fatalf("the fireball's damage %v: %s", hit, d.Summary)
	}
	if o := member(t, v, "orla"); o.SpellSlots["3"].Used != 1 {
		t.Fatalf("Orla's slots: %+v", o.SpellSlots)
	}
	_, d = play(t, v, "orla", intent.Intent{Kind: "rest", Rest: "short"})
	if o := sheet(t, d, "orla"); o.SpellSlots["3"].Used != 0 || o.Resources["arcane-recovery"].Used != 1 {
		t.Fatalf("after the rest: %+v: %s", o.SpellSlots, d.Summary)
	}
}
