package events

import (
	"encoding/json"
	"strings"
	"testing"

	"chronicler/shared/fault"
)

const validExport = `{"format":"chronicler.campaign","version":1,"exported_at":"2026-11-22T05:00:00Z",
"campaign":{"id":"c1","name":"The Sunken Crown","status":"paused","settings":{"dice_mode":"automatic"},"owner_id":"p1",
 "created_at":"2026-11-01T00:00:00Z","last_played_at":"2026-11-20T00:00:00Z"},
"state":{"campaign_id":"c1","summary":"","scene":{"location":"the inn"},"turn_count":1,"updated_at":"2026-11-20T00:00:00Z"},
"characters":[{"id":"ch1","player_id":"p1","name":"Mira","race":"elf","class":"wizard","level":1,"xp":0,
 "abilities":{"str":8,"dex":16,"con":13,"int":15,"wis":12,"cha":10},"hp":7,"max_hp":7,"temp_hp":0,"ac":13,"speed":30,
 "conditions":[],"concentration":null,"spell_slots":{},"hit_dice":{"max":1,"used":0},"death_saves":{"successes":0,"failures":0},
 "inventory":[],"area_id":"start","presence":"offline"}],
"members":[],"sessions":[{"session_id":"s1","campaign_id":"c1","started_at":"2026-11-20T00:00:00Z","ended_at":"2026-11-20T01:00:00Z","end_reason":"player_ended"}],
"turns":[{"turn_id":"t1","campaign_id":"c1","sequence":1,"session_id":"s1","actor_id":"ch1","actor_name":"Mira","player_id":"p1",
 "request_id":"r1","action":"I wait","rolls":[],"narration":"Mira waits.","created_at":"2026-11-20T00:10:00Z"}],
"encounters":[],"ledger":[]}`

func TestDecodeExport(t *testing.T) {
	e, err := DecodeExport([]byte(validExport))
	if err != nil || e.Campaign.Name != "The Sunken Crown" || len(e.Turns) != 1 || len(e.Characters) != 1 {
		t.Fatalf("DecodeExport = %+v, %v", e, err)
	}
	edit := func(from, to string) string {
		if !strings.Contains(validExport, from) {
			t.Fatalf("fixture lacks %q", from)
		}
		return strings.Replace(validExport, from, to, 1)
	}
	refused := map[string]struct {
		in    string
		field string
	}{
		"NewerVersion":       {edit(`"version":1`, `"version":3`), "version"},
		"WrongFormat":        {edit(`"chronicler.campaign"`, `"something.else"`), "format"},
		"NoName":             {edit(`"name":"The Sunken Crown"`, `"name":""`), "campaign.name"},
		"BadStatus":          {edit(`"status":"paused"`, `"status":"deleted"`), "campaign.status"},
		"BadSettings":        {edit(`"dice_mode":"automatic"`, `"dice_mode":"loaded"`), "settings.dice_mode"},
		"TurnCountOff":       {edit(`"turn_count":1`, `"turn_count":2`), "state.turn_count"},
		"SequenceGap":        {edit(`"sequence":1`, `"sequence":2`), "turns[0].sequence"},
		"HPAboveMax":         {edit(`"hp":7`, `"hp":70`), "characters[0].hp"},
		"DeadWithHP":         {edit(`"hp":7`, `"hp":7,"dead":true`), "characters[0].dead"},
		"LevelOutOfRange":    {edit(`"level":1`, `"level":0`), "characters[0].level"},
		"ClockBeforeStart":   {edit(`"turn_count":1`, `"turn_count":1,"clock":-6`), "state.clock"},
		"EffectWithoutSpell": {edit(`"inventory":[]`, `"inventory":[],"effects":[{"id":"x","caster_id":"ch1","ac":3}]`), "characters[0].effects"},
		"EffectAC":           {edit(`"inventory":[]`, `"inventory":[],"effects":[{"id":"mage-armor","spell":"mage-armor","caster_id":"ch1","ac":300}]`), "characters[0].effects"},
		"EffectUntil":        {edit(`"inventory":[]`, `"inventory":[],"effects":[{"id":"aid","spell":"aid","caster_id":"ch1","until":-1}]`), "characters[0].effects"},
		"AfflictionKind":     {edit(`"inventory":[]`, `"inventory":[],"afflictions":[{"name":"mummy rot","kind":"hex"}]`), "characters[0].afflictions"},
		"AfflictionReduced":  {edit(`"inventory":[]`, `"inventory":[],"afflictions":[{"name":"x","kind":"reduction","reduced":-4}]`), "characters[0].afflictions"},
		// 14 + 5 is 19, and a d20 with advantage that kept the 14 dropped the 3.
		"ForgedTotal": {edit(`"rolls":[]`, `"rolls":[{"roll_id":"r1","dice":"1d20+5","rolls":[3,14],"total":24,"advantage":true,
			"terms":[{"dice":"2d20kh1","rolls":[3,14],"kept":[14],"dropped":[3],"subtotal":14},{"dice":"5","modifier":5,"subtotal":5}]}]`), "turns[0].rolls[0]"},
		"ForgedKeep": {edit(`"rolls":[]`, `"rolls":[{"roll_id":"r1","dice":"1d20+5","rolls":[3,14],"total":8,"advantage":true,
			"terms":[{"dice":"2d20kh1","rolls":[3,14],"kept":[3],"dropped":[14],"subtotal":3},{"dice":"5","modifier":5,"subtotal":5}]}]`), "turns[0].rolls[0]"},
		// Dexterity +3 and proficiency +2 make the 5; a working that says
		// 4 does not explain the roll.
		"WorkingThatDoesNotAddUp": {edit(`"rolls":[]`, `"rolls":[{"roll_id":"r1","dice":"1d20+5","rolls":[14],"total":19,
			"terms":[{"dice":"1d20","rolls":[14],"kept":[14],"subtotal":14},{"dice":"5","modifier":5,"subtotal":5}],
			"working":{"rule":"Attack Rolls","terms":[{"value":2,"source":"Dexterity","kind":"ability"},{"value":2,"source":"proficiency","kind":"proficiency"}]}}]`), "turns[0].rolls[0].working"},
		"WorkingOfUnknownKind": {edit(`"rolls":[]`, `"rolls":[{"roll_id":"r1","dice":"1d20+5","rolls":[14],"total":19,
			"working":{"rule":"Attack Rolls","terms":[{"value":5,"source":"Dexterity","kind":"luck"}]}}]`), "turns[0].rolls[0].working"},
		"DuplicateSession": {edit(`"sessions":[{"session_id":"s1"`, `"sessions":[{"session_id":"s1"},{"session_id":"s1"`), "sessions[1].session_id"},
	}
	for name, c := range refused {
		t.Run("Refuses"+name, func(t *testing.T) {
			_, err := DecodeExport([]byte(c.in))
			var fe *fault.Error
			if !asFault(err, &fe) || fe.Kind != fault.Invalid || fe.Field != c.field {
				t.Fatalf("DecodeExport = %v, want invalid %s", err, c.field)
			}
		})
	}
	t.Run("TakesRollsTheDiceMade", func(t *testing.T) {
		in := edit(`"rolls":[]`, `"rolls":[{"roll_id":"r1","dice":"1d20+5","rolls":[3,14],"total":19,"advantage":true,
			"terms":[{"dice":"2d20kh1","rolls":[3,14],"kept":[14],"dropped":[3],"subtotal":14},{"dice":"5","modifier":5,"subtotal":5}]},
			{"roll_id":"r2","dice":"1d8+3","rolls":[5],"total":8}]`)
		if _, err := DecodeExport([]byte(in)); err != nil {
			t.Fatalf("a true roll, and one stored without its terms: %v", err)
		}
	})
	t.Run("TakesARollsWorking", func(t *testing.T) {
		in := edit(`"rolls":[]`, `"rolls":[{"roll_id":"r1","dice":"1d20+5","rolls":[14],"total":21,
			"terms":[{"dice":"1d20","rolls":[14],"kept":[14],"subtotal":14},{"dice":"5","modifier":5,"subtotal":5}],
			"working":{"rule":"Attack Rolls","terms":[{"value":3,"source":"Dexterity","kind":"ability"},{"value":2,"source":"proficiency","kind":"proficiency"},
			{"value":2,"source":"Bless","kind":"spell","after":true}],"advantage":["target prone within 5 ft"],"disadvantage":["attacker poisoned"],
			"dc":{"value":17,"source":"the goblin's armor class","terms":[{"value":15,"source":"armor class","kind":"base"},{"value":2,"source":"half cover","kind":"cover"}]}}}]`)
		e, err := DecodeExport([]byte(in))
		if err != nil {
			t.Fatalf("a working that makes its roll: %v", err)
		}
		if w := e.Turns[0].Rolls[0].Working; w == nil || w.DC == nil || w.DC.Source != "the goblin's armor class" || len(w.Terms) != 3 {
			t.Fatalf("working %+v, want it kept whole", w)
		}
	})
	t.Run("TakesTheClockAndLastingEffects", func(t *testing.T) {
		in := edit(`"inventory":[]`, `"inventory":[],"wakes_at":7200,"effects":[{"id":"mage-armor","spell":"mage-armor","caster_id":"ch1","ac":3,"until":28800}]`)
		in = strings.Replace(in, `"turn_count":1`, `"turn_count":1,"clock":3600`, 1)
		e, err := DecodeExport([]byte(in))
		if err != nil || e.State.Clock != 3600 || len(e.Characters[0].Effects) != 1 || e.Characters[0].Effects[0].Until != 28800 {
			t.Fatalf("DecodeExport = %+v, %v", e, err)
		}
	})
	t.Run("RefusesUnknownField", func(t *testing.T) {
		if _, err := DecodeExport([]byte(edit(`"ledger":[]`, `"ledger":[],"deleted":true`))); !fault.Is(err, fault.Invalid) {
			t.Fatalf("DecodeExport = %v", err)
		}
	})
	t.Run("RefusesOversize", func(t *testing.T) {
		if _, err := DecodeExport(make([]byte, MaxExportBytes+1)); !fault.Is(err, fault.TooLarge) {
			t.Fatalf("DecodeExport = %v", err)
		}
	})
}

// FuzzDecodeExport: no file panics the decoder, refusals have a kind, and
// an accepted file re-encodes to one that is accepted again.
func FuzzDecodeExport(f *testing.F) {
	f.Add([]byte(validExport))
	f.Add([]byte(`{"format":"chronicler.campaign","version":1}`))
	f.Add([]byte(`{}`))
	f.Add([]byte(strings.Replace(validExport, `"inventory":[]`, `"inventory":[],"effects":[{"id":"aid","spell":"aid","caster_id":"ch1","max_hp":5,"until":28800}]`, 1)))
	f.Add([]byte(strings.Replace(validExport, `"inventory":[]`, `"inventory":[],"afflictions":[{"name":"mummy rot","kind":"curse","from":"mummy","no_healing":"all","daily":"3d6","reduced":7}]`, 1)))
	f.Add([]byte(strings.Replace(validExport, `"rolls":[]`, `"rolls":[{"roll_id":"r1","dice":"1d20+5","rolls":[14],"total":19,
		"terms":[{"dice":"1d20","rolls":[14],"kept":[14],"subtotal":14},{"dice":"5","modifier":5,"subtotal":5}],
		"working":{"rule":"Saving Throws","terms":[{"value":5,"source":"Wisdom","kind":"ability"}],"dc":{"value":13,"source":"Bram's spell save DC"}}}]`, 1)))
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := DecodeExport(data)
		if err != nil {
			if k := fault.KindOf(err); k != fault.Invalid && k != fault.TooLarge {
				t.Fatalf("error kind %s: %v", k, err)
			}
			return
		}
		again, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := DecodeExport(again); err != nil {
			t.Fatalf("an accepted export does not re-decode: %v", err)
		}
	})
}
