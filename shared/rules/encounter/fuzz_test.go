package encounter_test

import (
	"encoding/json"
	"testing"

	"chronicler/shared/campaign"

	"chronicler/shared/dice"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

// FuzzAct feeds arbitrary action JSON to DecodeAction and then to Act, and
// the leniently decoded object (which DecodeAction might refuse) straight
// to Act, on a character's turn and on a monster's: nothing panics, every
// error is a refusal with a reason, and a resolved action leaves hit
// points within bounds and the encounter serializable.
func FuzzAct(f *testing.F) {
	for _, s := range []string{
		`{"kind":"attack","target_id":"goblin-1","weapon":"longsword"}`,
		`{"kind":"attack","target_id":"goblin-1","weapon":"dagger","distance":20}`,
		`{"kind":"attack","target_id":"mira","weapon":"Multiattack"}`,
		`{"kind":"attack","target_id":"tavi","weapon":"claws","distance":5,"end_turn":true}`,
		`{"kind":"attack","target_id":"goblin-1","distance":-5}`,
		`{"kind":"attack","target_id":"goblin-1","weapon":"shortbow","distance":5280}`,
		`{"kind":"dodge","end_turn":true}`, `{"kind":"dash"}`, `{"kind":"disengage"}`,
		`{"kind":"death_save"}`, `{"kind":"end_turn"}`, `{"kind":"cast"}`, `{}`, `null`, `[]`, `{"kind":1}`,
		`{"kind":"cast","spell":"burning-hands","slot_level":2,"target_ids":["goblin-1","goblin-2","wren"]}`,
		`{"kind":"cast","spell":"Magic Missile","target_ids":["goblin-1"],"slot_level":9}`,
		`{"kind":"cast","spell":"sleep","target_ids":["goblin-1","goblin-1"],"distance":90}`,
		`{"kind":"cast","spell":"hold-person","target_id":"goblin-2","bonus":true,"end_turn":true}`,
		`{"kind":"dash","bonus":true}`, `{"kind":"hide","bonus":true}`, `{"kind":"hide"}`, `{"kind":"second_wind"}`,
		`{"kind":"attack","target_id":"goblin-1","weapon":"dagger","bonus":true}`,
	} {
		f.Add([]byte(s), uint64(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, seed uint64) {
		fixtures := fuzzFixtures(t)
		if a, err := encounter.DecodeAction(data); err == nil {
			for _, e := range fixtures {
				checkAct(t, e, a, seed)
			}
		} else if !fault.Is(err, fault.Invalid) {
			t.Fatalf("DecodeAction error %v is not invalid", err)
		}
		var loose encounter.Action
		if json.Unmarshal(data, &loose) == nil {
			for _, e := range fixtures {
				checkAct(t, e, loose, seed)
			}
		}
	})
}

// fuzzFixtures are an encounter on Mira's turn (Tavi dying), one on a
// brown bear's and one on Wren's, a wizard's.
func fuzzFixtures(t *testing.T) []encounter.Encounter {
	mine, _, err := encounter.Start("enc", []campaign.Character{mira(), tavi()}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 2}}, nil, dice.NewSeeded(3), nil)
	if err != nil {
		t.Fatal(err)
	}
	for mine.Current != "mira" {
		mine = encounter.Next(mine)
	}
	mine = edit(mine, "tavi", dying)
	bear, _, err := encounter.Start("enc", []campaign.Character{mira(), tavi()}, []encounter.MonsterSpec{{SRDID: "brown-bear", Count: 1}}, nil, dice.NewSeeded(3), nil)
	if err != nil {
		t.Fatal(err)
	}
	for bear.Current != "brown-bear-1" {
		bear = encounter.Next(bear)
	}
	caster, _, err := encounter.Start("enc", []campaign.Character{wren(), mira()}, []encounter.MonsterSpec{{SRDID: "goblin", Count: 2}}, nil, dice.NewSeeded(3), nil)
	if err != nil {
		t.Fatal(err)
	}
	for caster.Current != "wren" {
		caster = encounter.Next(caster)
	}
	return []encounter.Encounter{mine, bear, caster}
}

func checkAct(t *testing.T, e encounter.Encounter, a encounter.Action, seed uint64) {
	t.Helper()
	out, res, err := encounter.Act(e, e.Current, a, dice.NewSeeded(seed))
	if err != nil {
		if fault.ReasonOf(err) == "" {
			t.Fatalf("Act(%+v) = %v: not a refusal", a, err)
		}
		return
	}
	if res.Summary() == "" {
		t.Errorf("Act(%+v) resolved with no summary", a)
	}
	for _, p := range out.Participants {
		if p.HP < 0 || p.HP > p.MaxHP || p.HP != p.Combatant.HP {
			t.Errorf("after %+v: %s at %d/%d HP (combatant %d)", a, p.ID, p.HP, p.MaxHP, p.Combatant.HP)
		}
	}
	if _, err := json.Marshal(out); err != nil {
		t.Errorf("after %+v the encounter does not marshal: %v", a, err)
	}
}
