package turn_test

import (
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/dice/dicetest"
	"chronicler/shared/intent"
	"chronicler/shared/rules/spell"
	"chronicler/shared/rules/turn"
	"chronicler/shared/world"
)

// ofClass is a character of the class at the level, every slot unspent,
// in the starter area.
func ofClass(t *testing.T, id, class string, level int) campaign.Character {
	t.Helper()
	ch, err := campaign.NewCharacter{Name: strings.ToUpper(id[:1]) + id[1:], Race: "human", Class: class, Level: level}.Build(id, "p-"+id)
	if err != nil {
		t.Fatal(err)
	}
	ch.AreaID = world.StarterArea
	return ch
}

// Contact Other Plane's madness holds its caster incapacitated past the
// spell's minute, and the long rest ends it.
func TestContactOtherPlaneMadnessLastsUntilALongRest(t *testing.T) {
	v, _, _ := table(t)
	wiz := ofClass(t, "wren", "wizard", 9)
	v.Characters = append(v.Characters, wiz)
	// A d20 of 1 fails DC 15; 6d6 of ones, 6 psychic.
	d, err := turn.Decide(v, wiz, act(intent.Intent{Kind: "cast", Spell: "contact-other-plane", SlotLevel: 5}), dicetest.Faces(t, 1, 1, 1, 1, 1, 1, 1))
	if err != nil {
		t.Fatal(err)
	}
	w := sheet(t, d, "wren")
	i := slices.IndexFunc(w.Effects, func(fx campaign.Effect) bool { return fx.ID == spell.InsaneID })
	if w.HP != wiz.MaxHP-6 || !slices.Contains(w.Conditions, "incapacitated") || i < 0 || w.Effects[i].Until != 0 {
		t.Fatalf("wren after the spell: %d of %d HP, conditions %v, effects %+v", w.HP, w.MaxHP, w.Conditions, w.Effects)
	}
	v.Clock = d.Clock + 2*campaign.Hour
	d, err = turn.Decide(v, w, act(intent.Intent{Kind: "rest", Rest: "long"}), dicetest.Faces(t))
	if err != nil {
		t.Fatal(err)
	}
	if r := sheet(t, d, "wren"); slices.Contains(r.Conditions, "incapacitated") || len(r.Effects) != 0 {
		t.Errorf("wren after the long rest: conditions %v, effects %+v", r.Conditions, r.Effects)
	}
}

// Glibness on the sheet makes a Charisma check's d20 of 3 count as 15.
func TestGlibnessFloorsACharismaCheckOutOfAFight(t *testing.T) {
	v, _, _ := table(t)
	bard := ofClass(t, "lyra", "bard", 15)
	v.Characters = append(v.Characters, bard)
	d, err := turn.Decide(v, bard, act(intent.Intent{Kind: "cast", Spell: "glibness", SlotLevel: 8}), dicetest.Faces(t))
	if err != nil {
		t.Fatal(err)
	}
	glib := sheet(t, d, "lyra")
	d, err = turn.Decide(v, glib, act(intent.Intent{Kind: "check", Ability: "cha", Skill: "persuasion"}), dicetest.Faces(t, 3))
	if err != nil {
		t.Fatal(err)
	}
	// Whatever the bard's bonus, the d20 of 3 counts as 15.
	plain, err := turn.Decide(v, bard, act(intent.Intent{Kind: "check", Ability: "cha", Skill: "persuasion"}), dicetest.Faces(t, 3))
	if err != nil {
		t.Fatal(err)
	}
	if got, was := d.Rolls[0].Total, plain.Rolls[0].Total; got-was != 12 {
		t.Errorf("persuasion with Glibness %d, without %d: want 12 more (3 counted as 15)", got, was)
	}
}

// Reincarnate brings a dead human back as the race the d100 gives, with
// that race's increases in place of a human's.
func TestReincarnateChangesTheRaceOnTheSheet(t *testing.T) {
	v, mira, _ := table(t)
	mira.HP, mira.Dead, mira.DeathSaves = 0, true, campaign.DeathSaves{Failures: 3}
	v.Characters[0] = mira
	druid := ofClass(t, "fen", "druid", 9)
	v.Characters = append(v.Characters, druid)
	// 50 on the d100: a rock gnome (Intelligence +2, Constitution +1;
	// speed 25).
	d, err := turn.Decide(v, druid, act(intent.Intent{Kind: "cast", Spell: "reincarnate", SlotLevel: 5, TargetIDs: []string{"mira"}}), dicetest.Faces(t, 50))
	if err != nil {
		t.Fatal(err)
	}
	m := sheet(t, d, "mira")
	// A human's +1 to every score comes off; a gnome's +2 Int, +1 Con go on.
	want := campaign.Abilities{Str: mira.Abilities.Str - 1, Dex: mira.Abilities.Dex - 1, Con: mira.Abilities.Con,
		Int: mira.Abilities.Int + 1, Wis: mira.Abilities.Wis - 1, Cha: mira.Abilities.Cha - 1}
	if m.IsDead() || m.Race != "gnome" || m.Abilities != want || m.Speed != mira.Speed-5 || m.HP != m.MaxHP {
		t.Errorf("mira reincarnated: dead %v, race %s, abilities %+v (want %+v), speed %d, %d/%d HP",
			m.IsDead(), m.Race, m.Abilities, want, m.Speed, m.HP, m.MaxHP)
	}
}
