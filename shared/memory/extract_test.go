package memory

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"chronicler/shared/campaign"
)

func narrated(seq int, actor, action, narration string) campaign.Turn {
	return campaign.Turn{Sequence: seq, ActorID: "c1", ActorName: actor, Action: action, Narration: narration}
}

// want is one expected fact: its kind and subject.
type want struct {
	kind    Kind
	subject string
}

func kinds(fs []Fact) []want {
	out := []want{}
	for _, f := range fs {
		out = append(out, want{f.Kind, f.Subject})
	}
	return out
}

func TestExtractCues(t *testing.T) {
	tests := []struct {
		name      string
		action    string
		narration string
		rules     string
		want      []want
	}{
		{"InnkeeperNamed", "", "An innkeeper named Marta sets out bowls of stew.", "", []want{{KindNPC, "Marta"}}},
		{"NameCommaRole", "", "Marta, the innkeeper, pours two mugs of ale.", "", []want{{KindNPC, "Marta"}}},
		{"RoleOfPlace", "", "Verrin, the harbourmaster of the docks, scowls.", "", []want{{KindNPC, "Verrin"}}},
		{"ManCalled", "", "A man called Oswin Thorne tips his hat.", "", []want{{KindNPC, "Oswin Thorne"}}},
		{"IntroducesHerself", "", `The woman introduces herself as Ilsabet and bows.`, "", []want{{KindNPC, "Ilsabet"}}},
		{"SentenceStartIsNoName", "", "Then Marta, the innkeeper, waves.", "", []want{{KindNPC, "Marta"}}},
		{"PlayerCharacterByClassIsNoNPC", "", "Aldric, the fighter, raises his shield.", "", nil},
		{"DoorIsNoRole", "", "Kira, the door is locked.", "", nil},
		{"InnByName", "", "Rain lashes the windows of the Gilded Goose Inn.", "", []want{{KindPlace, "Gilded Goose Inn"}}},
		{"VillageOf", "", "The road bends toward the village of Harrowmere.", "", []want{{KindPlace, "Harrowmere"}}},
		{"TakesItem", "", "Bram takes the Moonglass Key from the altar.", "", []want{{KindItem, "Moonglass Key"}}},
		{"FindsItem", "", "Kira finds a rusty iron key under the mat.", "", []want{{KindItem, "rusty iron key"}}},
		{"HandsItem", "", "Marta hands Kira a sealed letter.", "", []want{{KindItem, "sealed letter"}}},
		{"FindsTheDoorLockedIsNoItem", "", "Kira finds the door locked.", "", nil},
		{"TakesTheWatchIsNoItem", "", "Aldric takes the first watch.", "", nil},
		{"NPCPromises", "", "Oswin promises to return the amulet by midwinter.", "", []want{{KindPromise, "Oswin"}}},
		{"ActorPromises", "I promise Marta that we will find her son", "", "", []want{{KindPromise, "Kira"}}},
		{"PronounPromiseIsNoFact", "", "She promises to wait for you.", "", nil},
		{"Owes", "", "Oswin owes the party forty crowns.", "", []want{{KindDebt, "Oswin"}}},
		{"ActorOwes", "I owe Marta for the room", "", "", []want{{KindDebt, "Kira"}}},
		// A death the narration tells alone is no canon: the engine rules deaths.
		{"NarratedDeathIsNoFact", "", "Oswin dies in the fire.", "", nil},
		{"NarratedIsDeadIsNoFact", "", "By morning, Oswin is dead.", "", nil},
		{"EngineRuling", "", "", "Attack roll 19 vs AC 12: hit. 14 damage; Oswin dies.", []want{{KindDeath, "Oswin"}}},
		{"ConditionalDeathIsNoFact", "", "If Oswin dies, the deal is off.", "", nil},
		{"NotDeadIsNoFact", "", "Oswin is not dead, merely sleeping.", "", nil},
		{"MonsterInstanceIsNoDeath", "", "", "Goblin B dies.", nil},
		{"QuotedTerm", "", `The ferrymen swear by a pact known as the "Ashen Accord".`, "", []want{{KindTerm, "Ashen Accord"}}},
		{"TheyCallIt", "", `The ferrymen swear by a pact they call the "Moonglass Covenant", sealed in wax.`, "", []want{{KindTerm, "Moonglass Covenant"}}},
		{"CapitalisedTerm", "", "The scholars fear the Probability Engine above all.", "", []want{{KindTerm, "Probability Engine"}}},
		{"TitleIsNoTerm", "", "You bow before the Baron.", "", nil},
		{"PartyDecides", "", "The party agrees to escort the caravan north.", "", []want{{KindDecision, "the party"}}},
		{"WeDecide", "We decide to take the river road", "", "", []want{{KindDecision, "the party"}}},
		{"PlayerCannotPromiseForNPC", "Marta promises to pay us", "", "", nil},
		{"ActionIsNoNarration", "I look for an innkeeper named Marta", "", "", nil},
		{"NothingToSay", "", "Fog rolls in off the water.", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			turn := narrated(7, "Kira", tt.action, tt.narration)
			turn.RulesResult = tt.rules
			got := kinds(Extract(turn, []string{"c1"}, Ledger{}))
			w := tt.want
			if w == nil {
				w = []want{}
			}
			if !slices.Equal(got, w) {
				t.Errorf("Extract(%q) = %v, want %v", tt.narration+tt.action+tt.rules, got, w)
			}
		})
	}
}

func TestExtractProvenance(t *testing.T) {
	turn := narrated(42, "Kira", "", "Marta, the innkeeper, smiles. Oswin owes the party forty crowns.")
	fs := Extract(turn, []string{"c2", "c1", "c2"}, Ledger{})
	if len(fs) != 2 {
		t.Fatalf("got %d facts, want 2: %+v", len(fs), fs)
	}
	f := fs[1]
	if f.ID != "t42-2" || f.Turn != 42 || f.Text != "Oswin owes the party forty crowns." {
		t.Errorf("fact = %+v, want id t42-2, turn 42 and the sentence verbatim", f)
	}
	if !slices.Equal(f.Visibility.CharacterIDs, []string{"c1", "c2"}) || f.Visibility.All || f.Visibility.GMOnly {
		t.Errorf("visibility = %+v, want the witnesses c1, c2 only", f.Visibility)
	}
	if !slices.Contains(f.Terms, "oswin") {
		t.Errorf("terms = %v, want the subject's", f.Terms)
	}
	if again := Extract(turn, []string{"c1", "c2"}, Ledger{}); !slices.EqualFunc(again, fs, func(a, b Fact) bool { return a.ID == b.ID && a.Text == b.Text }) {
		t.Errorf("a second extraction differs: %+v", again)
	}
}

func TestExtractSkipsWhatIsKnown(t *testing.T) {
	var l Ledger
	l.Add(Extract(narrated(1, "Kira", "", "An innkeeper named Marta waves. Bram takes the silver key."), []string{"c1"}, l)...)
	later := Extract(narrated(9, "Kira", "", "Marta, the innkeeper, frowns. Bram takes the silver key. Later, Bram takes the silver key again."), []string{"c1"}, l)
	if got := kinds(later); !slices.Equal(got, []want{{KindItem, "silver key"}}) {
		t.Errorf("later facts = %v, want only the new sentence's item (Marta and the first sentence are known)", got)
	}
}

func TestWitnesses(t *testing.T) {
	var m Memory
	m.Observe(narrated(3, "Kira", "", "A cartographer named Ysolde shows Kira the hidden ford."), []string{"c1", "c2"})
	m.Ledger.Add(Fact{ID: "gm-1", Turn: 3, Kind: KindNPC, Subject: "Ysolde",
		Text: "Ysolde is the smugglers' spy.", Visibility: Visibility{GMOnly: true, CharacterIDs: []string{"c1"}}})
	m.Ledger.Add(Fact{ID: "all-1", Turn: 0, Kind: KindPlace, Subject: "Velmar",
		Text: "Velmar is a river kingdom.", Visibility: Visibility{All: true}})

	tests := []struct {
		name, character string
		want            []string
	}{
		{"PresentCharacterLearns", "c1", []string{"t3-1", "all-1"}},
		{"OtherWitnessLearns", "c2", []string{"t3-1", "all-1"}},
		{"AbsentCharacterLearnsNothing", "c3", []string{"all-1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			for _, f := range m.Ledger.KnownBy(tt.character) {
				got = append(got, f.ID)
				if f.Visibility.GMOnly {
					t.Errorf("KnownBy(%s) holds the GM-only fact %s", tt.character, f.ID)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("KnownBy(%s) = %v, want %v", tt.character, got, tt.want)
			}
		})
	}
	t.Run("GMOnlyIsTheNarrators", func(t *testing.T) {
		if got := m.Ledger.About("Ysolde"); len(got) != 2 {
			t.Errorf("About(Ysolde) = %d facts, want 2 (the narrator sees the GM-only one)", len(got))
		}
	})
}

func TestMemoryRoundTrip(t *testing.T) {
	var m Memory
	m.Observe(narrated(1, "Kira", "", "An innkeeper named Marta, a stout human with a grey braid, waves."), []string{"c1"})
	m.Observe(narrated(2, "Kira", "", "Bram takes the Moonglass Key from the altar of the Lantern Shrine."), []string{"c1"})
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var back Memory
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"Marta", "the key", "Lantern Shrine"} {
		a, z := Recall(m.Index, q, 500), Recall(back.Index, q, 500)
		if len(a) == 0 || len(a) != len(z) || a[0].Text != z[0].Text {
			t.Errorf("Recall(%q) before and after a JSON round trip: %v / %v", q, a, z)
		}
	}
	if !strings.Contains(string(b), `"postings"`) {
		t.Errorf("the index is not stored as data: %s", b)
	}
}

func TestObserveTwiceAddsNothing(t *testing.T) {
	s := newScript(3, 40, 5, 30)
	var m Memory
	for i, turn := range s.Turns {
		m.Observe(turn, s.Present[i])
	}
	before, _ := json.Marshal(m)
	for i, turn := range s.Turns {
		if added := m.Observe(turn, s.Present[i]); len(added) != 0 {
			t.Errorf("turn %d observed again added %d facts", turn.Sequence, len(added))
		}
	}
	if after, _ := json.Marshal(m); string(after) != string(before) {
		t.Error("observing the same turns again changed the memory")
	}
}

// FuzzExtract feeds narration the extractor has never seen: it must never
// panic, and every fact must be well formed and quote its turn.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{
		"An innkeeper named Marta, a stout human with a grey braid, waves.",
		`The "Ashen Accord" binds the clans, a pact known as the "Ashen Accord".`,
		"Oswin owes the party forty crowns. Oswin dies. Bram takes the key of Souls.",
		"Ÿsolde, the élf sage — named É — finds the ...",
		"the the the , , named named called",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, narration string) {
		turn := narrated(5, "Kira", narration, narration)
		turn.RulesResult = narration
		for _, fact := range Extract(turn, []string{"c1"}, Ledger{}) {
			if fact.Subject == "" || fact.Turn != 5 || fact.Kind == "" {
				t.Errorf("malformed fact %+v", fact)
			}
			if !strings.Contains(oneLine(narration), fact.Text) {
				t.Errorf("fact text %q is not from the turn", fact.Text)
			}
		}
	})
}
