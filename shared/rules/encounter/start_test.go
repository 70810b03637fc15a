package encounter_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
	"chronicler/shared/srd"
)

func TestStartOrdersByInitiative(t *testing.T) {
	tests := []struct {
		name     string
		monsters []encounter.MonsterSpec
		faces    []int // Mira, Tavi, the monsters, then any roll-offs
		order    []string
		rolls    int // initiative rolls plus roll-offs recorded
	}{
		// Mira 10+1, Tavi 5+3, goblin 15+2.
		{"HighestFirst", goblins(1), []int{10, 5, 15}, []string{"goblin-1", "mira", "tavi"}, 3},
		// Mira 10+1 = 11 ties Tavi 8+3 = 11: Tavi's Dex 16 beats Mira's 12.
		{"TieGoesToHigherDexterity", goblins(1), []int{10, 8, 1}, []string{"tavi", "mira", "goblin-1"}, 3},
		// Both goblins 12 with Dex 14: a roll-off, 3 against 17.
		{"SameDexterityRollsOff", goblins(2), []int{1, 1, 10, 10, 3, 17}, []string{"goblin-2", "goblin-1", "tavi", "mira"}, 6},
		// Three tied roll-offs, then the given order.
		{"EndlessTiesKeepTheGivenOrder", goblins(2), []int{1, 1, 10, 10, 5, 5, 6, 6, 7, 7}, []string{"goblin-1", "goblin-2", "tavi", "mira"}, 10},
		// A three-way roll-off whose top two tie again.
		{"RollOffTiesRollAgain", goblins(3), []int{1, 1, 10, 10, 10, 9, 9, 2, 4, 11}, []string{"goblin-2", "goblin-1", "goblin-3", "tavi", "mira"}, 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e, log, err := encounter.Start("enc-1", []campaign.Character{mira(), tavi()}, tt.monsters, nil, faces(t, tt.faces...), nil)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(e.Order, tt.order) {
				t.Errorf("order = %v, want %v", e.Order, tt.order)
			}
			if e.Current != tt.order[0] || e.Round != 1 || e.Status != encounter.Active {
				t.Errorf("current %q round %d status %q, want %q round 1 active", e.Current, e.Round, e.Status, tt.order[0])
			}
			if len(log.Rolls) != tt.rolls {
				t.Errorf("%d rolls recorded, want %d: %+v", len(log.Rolls), tt.rolls, log.Rolls)
			}
			for _, r := range log.Rolls {
				if r.Reason != "initiative" && r.Reason != "initiative tie-break" {
					t.Errorf("roll reason %q", r.Reason)
				}
			}
		})
	}
}

func TestStartBuildsParticipants(t *testing.T) {
	e := begin(t, []encounter.MonsterSpec{{SRDID: "goblin", Count: 2}, {SRDID: "brown-bear", Count: 1}, {SRDID: "goblin", Count: 1}}, nil, 1, 1, 1, 1, 1, 1, 2, 3, 4)
	var ids, names []string
	for _, p := range e.Participants {
		ids, names = append(ids, p.ID), append(names, p.Name)
	}
	if want := []string{"mira", "tavi", "goblin-1", "goblin-2", "brown-bear-1", "goblin-3"}; !slices.Equal(ids, want) {
		t.Errorf("ids = %v, want %v", ids, want)
	}
	if want := []string{"Mira", "Tavi", "Goblin 1", "Goblin 2", "Brown Bear 1", "Goblin 3"}; !slices.Equal(names, want) {
		t.Errorf("names = %v, want %v", names, want)
	}
	g := participant(t, e, "goblin-1")
	if g.Kind != encounter.KindMonster || g.SRDID != "goblin" || g.CharacterID != "" || g.HP != 7 || g.MaxHP != 7 || g.AC != 15 || !g.Combatant.Monster {
		t.Errorf("goblin-1 = %+v", g)
	}
	m := participant(t, e, "mira")
	if m.Kind != encounter.KindCharacter || m.CharacterID != "mira" || m.HP != 28 || m.AC != 16 || !slices.Equal(m.Weapons, []string{"longsword"}) {
		t.Errorf("mira = %+v", m)
	}
	if tv := participant(t, e, "tavi"); !slices.Equal(tv.Weapons, []string{"rapier", "shortbow"}) {
		t.Errorf("tavi's weapons = %v", tv.Weapons)
	}
}

func TestStartRejects(t *testing.T) {
	many := []campaign.Character{mira(), tavi()}
	dup := []campaign.Character{mira(), mira()}
	clash := mira()
	clash.ID = "goblin-1"
	tests := []struct {
		name     string
		id       string
		chars    []campaign.Character
		monsters []encounter.MonsterSpec
		surprise []string
		field    string
	}{
		{"MissingID", "", many, goblins(1), nil, "id"},
		{"NoCharacters", "enc", nil, goblins(1), nil, "characters"},
		{"NoMonsters", "enc", many, nil, nil, "monsters"},
		{"UnknownSRDMonster", "enc", many, []encounter.MonsterSpec{{SRDID: "goblin", Count: 1}, {SRDID: "tarrasque-jr", Count: 1}}, nil, "monsters[1].srd_id"},
		{"CountZero", "enc", many, []encounter.MonsterSpec{{SRDID: "goblin", Count: 0}}, nil, "monsters[0].count"},
		{"CountOverTwenty", "enc", many, []encounter.MonsterSpec{{SRDID: "goblin", Count: 21}}, nil, "monsters[0].count"},
		{"OverFortyParticipants", "enc", many, []encounter.MonsterSpec{{SRDID: "goblin", Count: 20}, {SRDID: "wolf", Count: 19}}, nil, "monsters"},
		{"DuplicateCharacter", "enc", dup, goblins(1), nil, "characters[1].id"},
		{"CharacterTakesAMonsterID", "enc", []campaign.Character{clash}, goblins(1), nil, "monsters[0].srd_id"},
		{"UnknownSurprise", "enc", many, goblins(1), []string{"goblin-9"}, "surprise"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := encounter.Start(tt.id, tt.chars, tt.monsters, tt.surprise, seeded(1), nil)
			var fe *fault.Error
			if !fault.Is(err, fault.Invalid) || !asFault(err, &fe) || fe.Field != tt.field {
				t.Fatalf("err = %v, want invalid on field %q", err, tt.field)
			}
		})
	}
	t.Run("ExactlyFortyParticipants", func(t *testing.T) {
		if _, _, err := encounter.Start("enc", many, []encounter.MonsterSpec{{SRDID: "goblin", Count: 20}, {SRDID: "wolf", Count: 18}}, nil, seeded(1), nil); err != nil {
			t.Fatal(err)
		}
	})
}

func TestStartUsesTheBook(t *testing.T) {
	book, err := srd.NewBook(srd.Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	custom := func(id string) (srd.Monster, bool) {
		if id == "goblin-boss-of-the-cellar" {
			m, _ := book.Monster("goblin")
			m.ID, m.Name, m.HP = id, "Cellar Boss", 30
			return m, true
		}
		return book.Monster(id)
	}
	e, _, err := encounter.Start("enc", []campaign.Character{mira()}, []encounter.MonsterSpec{{SRDID: "goblin-boss-of-the-cellar", Count: 1}}, nil, seeded(1), custom)
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, e, "goblin-boss-of-the-cellar-1"); p.Name != "Cellar Boss 1" || p.HP != 30 {
		t.Errorf("boss = %s with %d HP", p.Name, p.HP)
	}
}

func TestSurpriseSkipsRoundOne(t *testing.T) {
	// Goblins roll highest, but they are surprised.
	e := begin(t, goblins(2), []string{"monsters"}, 8, 3, 18, 17)
	if want := []string{"goblin-1", "goblin-2", "mira", "tavi"}; !slices.Equal(e.Order, want) {
		t.Fatalf("order = %v", e.Order)
	}
	if e.Current != "mira" || e.Round != 1 {
		t.Fatalf("round 1 opens with %q in round %d, want mira", e.Current, e.Round)
	}
	g := participant(t, e, "goblin-1")
	if !g.Surprised || g.ReactionUsed {
		t.Errorf("goblin-1 surprised %v, reaction used %v: its skipped turn has passed, so it may react", g.Surprised, g.ReactionUsed)
	}
	e = encounter.Next(e) // tavi
	if e.Current != "tavi" || e.Round != 1 {
		t.Fatalf("then %q in round %d", e.Current, e.Round)
	}
	e = encounter.Next(e) // wraps to round 2: the goblins act
	if e.Current != "goblin-1" || e.Round != 2 {
		t.Fatalf("after the wrap %q in round %d, want goblin-1 in round 2", e.Current, e.Round)
	}
	for _, p := range e.Participants {
		if p.Surprised {
			t.Errorf("%s still surprised in round 2", p.ID)
		}
	}

	t.Run("ASurprisedParticipantCannotReactBeforeItsTurn", func(t *testing.T) {
		e := begin(t, goblins(1), []string{"tavi"}, 18, 5, 1)
		if e.Current != "mira" {
			t.Fatalf("current %q", e.Current)
		}
		if tv := participant(t, e, "tavi"); !tv.ReactionUsed || !tv.Surprised {
			t.Errorf("tavi = reaction used %v, surprised %v; want both before the skipped turn", tv.ReactionUsed, tv.Surprised)
		}
		e = encounter.Next(e) // skips tavi, goblin-1
		if e.Current != "goblin-1" || participant(t, e, "tavi").ReactionUsed {
			t.Errorf("current %q, tavi's reaction used %v", e.Current, participant(t, e, "tavi").ReactionUsed)
		}
	})
	t.Run("EveryoneSurprisedStartsInRoundTwo", func(t *testing.T) {
		e := begin(t, goblins(1), []string{"monsters", "characters"}, 18, 5, 1)
		if e.Current != "mira" || e.Round != 2 {
			t.Errorf("current %q round %d, want mira in round 2", e.Current, e.Round)
		}
	})
}

func TestEncounterJSONIsTheProtocolShape(t *testing.T) {
	e := begin(t, []encounter.MonsterSpec{{SRDID: "brown-bear", Count: 1}}, nil, 10, 5, 15)
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var wire map[string]any
	if err := json.Unmarshal(b, &wire); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"id", "status", "round", "order", "current", "participants"} {
		if _, ok := wire[k]; !ok {
			t.Errorf("encounter has no %q", k)
		}
	}
	for _, p := range wire["participants"].([]any) {
		p := p.(map[string]any)
		for _, k := range []string{"id", "name", "kind", "hp", "max_hp", "ac", "conditions", "initiative", "reaction_used"} {
			if _, ok := p[k]; !ok {
				t.Errorf("participant %v has no %q", p["id"], k)
			}
		}
		if _, ok := p["conditions"].([]any); !ok {
			t.Errorf("participant %v conditions = %v, want a list", p["id"], p["conditions"])
		}
		_, char := p["character_id"]
		_, mon := p["srd_id"]
		if char == mon {
			t.Errorf("participant %v: character_id %v, srd_id %v; want exactly one", p["id"], char, mon)
		}
	}
	var back encounter.Encounter
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, e) {
		t.Errorf("the encounter does not round-trip through JSON:\n got %+v\nwant %+v", back, e)
	}
}

func asFault(err error, fe **fault.Error) bool { return errors.As(err, fe) }

func TestInitiativeSummary(t *testing.T) {
	e := begin(t, goblins(1), []string{"goblin-1"}, 10, 5, 15)
	if got, want := e.InitiativeSummary(), "Initiative: Goblin 1 17 (surprised), Mira 11, Tavi 8."; got != want {
		t.Errorf("summary = %q, want %q", got, want)
	}
	if !strings.HasPrefix(e.Current, "mira") {
		t.Errorf("current = %q", e.Current)
	}
}

func TestHeavyLoadIsDragged(t *testing.T) {
	heavy := mira() // Str 16: 240 lb carried, 480 dragged
	heavy.Inventory = append(heavy.Inventory, campaign.Item{Item: "chain-mail", Qty: 5})
	e, _, err := encounter.Start("enc", []campaign.Character{heavy}, goblins(1), nil, faces(t, 18, 1), nil)
	if err != nil {
		t.Fatal(err)
	}
	if p := participant(t, e, "mira"); p.Combatant.Speed != 5 || p.Turn.Movement != 5 {
		t.Errorf("Mira with 278 lb: speed %d, movement %d; want 5 (dragging)", p.Combatant.Speed, p.Turn.Movement)
	}
}
