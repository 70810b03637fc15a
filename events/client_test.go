package events

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	awsevents "github.com/aws/aws-lambda-go/events"

	"chronicler/shared/fault"
)

func TestDecodeClientAccepts(t *testing.T) {
	ok := map[string]string{
		"Resume":     `{"action":"resume","request_id":"r1"}`,
		"EndSession": `{"action":"end_session","request_id":"r1"}`,
		"SyncZero":   `{"action":"sync","after_seq":0}`,
		"SyncLimit":  `{"action":"sync","after_seq":7,"limit":1}`,
		"SyncMax":    `{"action":"sync","after_seq":7,"limit":200}`,
		"TurnText":   `{"action":"turn","request_id":"r1","character_id":"c1","text":"I open the door"}`,
		"TurnIntent": `{"action":"turn","request_id":"r1","character_id":"c1","intent":{"kind":"attack","target_id":"g1","weapon":"longsword"}}`,
		"TurnSay":    `{"action":"turn","request_id":"r1","character_id":"c1","intent":{"kind":"say","text":"Hello"}}`,
		"TurnBonus":  `{"action":"turn","request_id":"r1","character_id":"c1","intent":{"kind":"hide","bonus":true,"keep_turn":true}}`,
		"SecondWind": `{"action":"turn","request_id":"r1","character_id":"c1","intent":{"kind":"second_wind"}}`,
		"Prepare":    `{"action":"turn","request_id":"r1","character_id":"c1","intent":{"kind":"prepare","spells":["bless","aid"]}}`,
		"Roll":       `{"action":"roll","request_id":"r1","turn_id":"t1","roll_id":"x1"}`,
		"React":      `{"action":"react","request_id":"r1","turn_id":"t1","character_id":"c1","reaction":"pass"}`,
		"CampaignID": `{"action":"resume","request_id":"r1","campaign_id":"c9"}`,
		"MaxText":    `{"action":"turn","request_id":"r1","character_id":"c1","text":"` + strings.Repeat("é", MaxActionRunes) + `"}`,
	}
	for name, in := range ok {
		t.Run(name, func(t *testing.T) {
			if _, err := DecodeClient([]byte(in)); err != nil {
				t.Fatalf("DecodeClient = %v", err)
			}
		})
	}
}

func TestDecodeClientRefuses(t *testing.T) {
	bad := map[string]struct {
		in    string
		kind  fault.Kind
		field string
	}{
		"NotJSON":        {`hello`, fault.Invalid, ""},
		"Array":          {`[]`, fault.Invalid, ""},
		"Trailing":       {`{"action":"resume","request_id":"r"} {}`, fault.Invalid, ""},
		"UnknownField":   {`{"action":"resume","request_id":"r","x":1}`, fault.Invalid, ""},
		"NoAction":       {`{"request_id":"r"}`, fault.Invalid, "action"},
		"UnknownAction":  {`{"action":"fly","request_id":"r"}`, fault.Invalid, "action"},
		"NoRequestID":    {`{"action":"resume"}`, fault.Invalid, "request_id"},
		"SpaceInID":      {`{"action":"resume","request_id":"a b"}`, fault.Invalid, "request_id"},
		"LongID":         {`{"action":"resume","request_id":"` + strings.Repeat("a", 129) + `"}`, fault.Invalid, "request_id"},
		"SyncNoSeq":      {`{"action":"sync"}`, fault.Invalid, "after_seq"},
		"SyncNegative":   {`{"action":"sync","after_seq":-1}`, fault.Invalid, "after_seq"},
		"SyncLimitZero":  {`{"action":"sync","after_seq":1,"limit":0}`, fault.Invalid, "limit"},
		"SyncLimitOver":  {`{"action":"sync","after_seq":1,"limit":201}`, fault.Invalid, "limit"},
		"SyncLimitFloat": {`{"action":"sync","after_seq":1,"limit":1.5}`, fault.Invalid, ""},
		"SyncLimitText":  {`{"action":"sync","after_seq":1,"limit":"10"}`, fault.Invalid, ""},
		"TurnNoChar":     {`{"action":"turn","request_id":"r","text":"x"}`, fault.Invalid, "character_id"},
		"TurnEmpty":      {`{"action":"turn","request_id":"r","character_id":"c"}`, fault.Invalid, "text"},
		"TurnBoth":       {`{"action":"turn","request_id":"r","character_id":"c","text":"x","intent":{"kind":"dodge"}}`, fault.Invalid, "text"},
		"TurnBlank":      {`{"action":"turn","request_id":"r","character_id":"c","text":"   "}`, fault.Invalid, "text"},
		"TurnTooLong":    {`{"action":"turn","request_id":"r","character_id":"c","text":"` + strings.Repeat("a", MaxActionRunes+1) + `"}`, fault.Invalid, "text"},
		"IntentKind":     {`{"action":"turn","request_id":"r","character_id":"c","intent":{"kind":"teleport"}}`, fault.Invalid, "intent.kind"},
		"AttackNoTarget": {`{"action":"turn","request_id":"r","character_id":"c","intent":{"kind":"attack"}}`, fault.Invalid, "intent.target_id"},
		"CheckAbility":   {`{"action":"turn","request_id":"r","character_id":"c","intent":{"kind":"check","ability":"luck"}}`, fault.Invalid, "intent.ability"},
		"RestKind":       {`{"action":"turn","request_id":"r","character_id":"c","intent":{"kind":"rest","rest":"nap"}}`, fault.Invalid, "intent.rest"},
		"SlotLevel":      {`{"action":"turn","request_id":"r","character_id":"c","intent":{"kind":"cast","spell":"shield","slot_level":10}}`, fault.Invalid, "intent.slot_level"},
		"OngoingAttack":  {`{"action":"turn","request_id":"r","character_id":"c","intent":{"kind":"attack","target_id":"g","ongoing":true}}`, fault.Invalid, "intent.ongoing"},
		"ChoiceAttack":   {`{"action":"turn","request_id":"r","character_id":"c","intent":{"kind":"attack","target_id":"g","choice":"fire"}}`, fault.Invalid, "intent.choice"},
		"BonusSay":       {`{"action":"turn","request_id":"r","character_id":"c","intent":{"kind":"say","text":"x","bonus":true}}`, fault.Invalid, "intent.bonus"},
		"RollNoIDs":      {`{"action":"roll","request_id":"r"}`, fault.Invalid, "turn_id"},
		"ReactNoName":    {`{"action":"react","request_id":"r","turn_id":"t","character_id":"c"}`, fault.Invalid, "reaction"},
		"NotUTF8":        {"{\"action\":\"resume\",\"request_id\":\"\xff\"}", fault.Invalid, ""},
		"Oversize":       {`{"action":"turn","request_id":"r","character_id":"c","text":"` + strings.Repeat("a", MaxFrameBytes) + `"}`, fault.TooLarge, ""},
	}
	for name, c := range bad {
		t.Run(name, func(t *testing.T) {
			_, err := DecodeClient([]byte(c.in))
			if fault.KindOf(err) != c.kind {
				t.Fatalf("DecodeClient = %v, want %s", err, c.kind)
			}
			var fe *fault.Error
			if c.field != "" && (!asFault(err, &fe) || fe.Field != c.field) {
				t.Fatalf("DecodeClient = %v, want field %s", err, c.field)
			}
		})
	}
}

func asFault(err error, fe **fault.Error) bool {
	e, ok := err.(*fault.Error)
	*fe = e
	return ok
}

// The samples in testdata are API Gateway's own payloads: the handlers'
// input must decode from them, and the message in a MESSAGE event must be a
// valid client message.
func TestAPIGatewaySamples(t *testing.T) {
	var connect, turn, disconnect awsevents.APIGatewayWebsocketProxyRequest
	load(t, "websocket-connect.json", &connect)
	load(t, "websocket-turn.json", &turn)
	load(t, "websocket-disconnect.json", &disconnect)
	if connect.RequestContext.RouteKey != "$connect" || connect.RequestContext.EventType != "CONNECT" ||
		connect.QueryStringParameters["campaign"] == "" || connect.RequestContext.ConnectionID == "" {
		t.Fatalf("connect sample = %+v", connect.RequestContext)
	}
	if disconnect.RequestContext.EventType != "DISCONNECT" || disconnect.RequestContext.ConnectionID != connect.RequestContext.ConnectionID {
		t.Fatalf("disconnect sample = %+v", disconnect.RequestContext)
	}
	m, err := DecodeClient([]byte(turn.Body))
	if err != nil || m.Action != turn.RequestContext.RouteKey || m.Text == "" {
		t.Fatalf("turn sample: %+v, %v", m, err)
	}
	var http awsevents.APIGatewayV2HTTPRequest
	load(t, "http-create-campaign.json", &http)
	b, err := DecodeCreateCampaign([]byte(http.Body))
	if err != nil || b.Name != "The Sunken Crown" || http.RequestContext.HTTP.Method != "POST" {
		t.Fatalf("http sample: %+v, %v", b, err)
	}
}

func load(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func TestHTTPBodies(t *testing.T) {
	if b, err := DecodeCreatePlayer([]byte(`{"name":"  Aria "}`)); err != nil || b.Name != "Aria" {
		t.Fatalf("DecodeCreatePlayer = %+v, %v", b, err)
	}
	refused := map[string]func() error{
		"PlayerNoName": func() error { _, err := DecodeCreatePlayer([]byte(`{}`)); return err },
		"PlayerLongName": func() error {
			_, err := DecodeCreatePlayer([]byte(`{"name":"` + strings.Repeat("a", 41) + `"}`))
			return err
		},
		"PlayerControlChar": func() error { _, err := DecodeCreatePlayer([]byte(`{"name":"a\u0007"}`)); return err },
		"CampaignNoName":    func() error { _, err := DecodeCreateCampaign([]byte(`{"world_seed":"x"}`)); return err },
		"CampaignUnknown":   func() error { _, err := DecodeCreateCampaign([]byte(`{"name":"x","owner":"me"}`)); return err },
		"JoinNoCode":        func() error { _, err := DecodeJoinCampaign([]byte(`{}`)); return err },
		"CharacterNotJSON":  func() error { _, err := DecodeNewCharacter([]byte(`name=x`)); return err },
	}
	for name, f := range refused {
		t.Run(name, func(t *testing.T) {
			if err := f(); !fault.Is(err, fault.Invalid) {
				t.Fatalf("err = %v, want invalid", err)
			}
		})
	}
	if _, err := DecodeCreatePlayer([]byte(`{"name":"` + strings.Repeat("a", MaxBodyBytes) + `"}`)); !fault.Is(err, fault.TooLarge) {
		t.Fatalf("oversize body = %v, want too_large", err)
	}
}

func TestEncode(t *testing.T) {
	b, err := Encode(Header{Type: TypeRecap, CampaignID: "c1", Seq: 7}, Recap{Text: "Previously..."})
	if err != nil || string(b) != `{"type":"recap","campaign_id":"c1","seq":7,"text":"Previously..."}` {
		t.Fatalf("Encode = %s, %v", b, err)
	}
	b, err = Encode(Header{Type: TypeError, CampaignID: "c1"}, Error{Code: "invalid", Message: "m"})
	if err != nil || strings.Contains(string(b), `"seq"`) {
		t.Fatalf("a personal message carries no seq: %s, %v", b, err)
	}
	if _, err := Encode(Header{Type: "x"}, []int{1}); err == nil {
		t.Fatal("Encode of a non-object body succeeded")
	}
}

// FuzzDecodeClient: no input panics, and whatever is accepted re-encodes to
// a message that decodes to the same thing.
func FuzzDecodeClient(f *testing.F) {
	for _, s := range []string{
		`{"action":"turn","request_id":"r1","character_id":"c1","text":"I open the door"}`,
		`{"action":"turn","request_id":"r1","character_id":"c1","intent":{"kind":"cast","spell":"shield","slot_level":1}}`,
		`{"action":"sync","after_seq":3}`, `{"action":"sync","after_seq":3,"limit":50}`, `{"action":"react","request_id":"r","turn_id":"t","character_id":"c","reaction":"shield"}`,
		`{"action":"undo","request_id":"r","turn_id":"t"}`, `{"action":"ask_undo","request_id":"r","turn_id":"t"}`, `{"action":"xcard","request_id":"r","turn_id":"t"}`,
		`{}`, `null`, `[`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeClient(data)
		if err != nil {
			if k := fault.KindOf(err); k != fault.Invalid && k != fault.TooLarge {
				t.Fatalf("error kind %s: %v", k, err)
			}
			return
		}
		again, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		m2, err := DecodeClient(again)
		if err != nil || m2.Action != m.Action || m2.RequestID != m.RequestID || m2.Text != m.Text {
			t.Fatalf("round trip: %+v -> %s -> %+v, %v", m, again, m2, err)
		}
		if (m.Action == ActionUndo || m.Action == ActionAskUndo || m.Action == ActionXCard) && m.TurnID == "" {
			// Taking a turn back always names the turn it means.
			t.Fatalf("%s accepted without a turn id: %s", m.Action, data)
		}
		if m.Action == ActionSync {
			// What the sync use case reads must be what it may trust.
			if *m.AfterSeq < 0 || (m.Limit != nil && (*m.Limit < 1 || *m.Limit > MaxSyncPage)) {
				t.Fatalf("sync accepted out of bounds: %s", data)
			}
			if (m.Limit == nil) != (m2.Limit == nil) || (m.Limit != nil && *m.Limit != *m2.Limit) {
				t.Fatalf("round trip lost the limit: %s -> %s", data, again)
			}
		}
	})
}

// FuzzHTTPBodies: every HTTP body decoder refuses bad input with a kind,
// never a panic.
func FuzzHTTPBodies(f *testing.F) {
	f.Add([]byte(`{"name":"Aria"}`))
	f.Add([]byte(`{"name":"x","world_seed":"y","settings":{"dice_mode":"automatic"}}`))
	f.Add([]byte(`{"invite_code":"ABC"}`))
	f.Add([]byte(`{"name":"Bo","race":"elf","class":"wizard","abilities":{"str":8}}`))
	f.Add([]byte(homebrewBogHag))
	f.Add([]byte(`{"subject":"Marta","text":"Marta poisons travellers."}`))
	f.Add([]byte(`{"item":"potion-of-healing","qty":2,"coins":{"gp":10,"sp":5}}`))
	f.Add([]byte(`{"session_usd":0.5,"campaign_usd":20}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, err := range []error{
			second(DecodeCreatePlayer(data)), second(DecodeCreateCampaign(data)),
			second(DecodeJoinCampaign(data)), second(DecodeNewCharacter(data)),
			second(DecodeStartEncounter(data)), second(DecodeEndEncounter(data)), second(DecodeRecoverPlayer(data)),
			second(DecodeHomebrew(data)), second(DecodeSecret(data)), second(DecodeGift(data)), second(DecodeBudget(data)),
		} {
			if k := fault.KindOf(err); err != nil && k != fault.Invalid && k != fault.TooLarge {
				t.Fatalf("error kind %s: %v", k, err)
			}
		}
	})
}

func second[T any](_ T, err error) error { return err }

// FuzzDecodeIntent: no intent panics the decoder, and whatever it accepts
// re-encodes to an intent that decodes to the same thing.
func FuzzDecodeIntent(f *testing.F) {
	for _, s := range []string{
		`{"kind":"attack","target_id":"goblin-1","weapon":"dagger","bonus":true}`,
		`{"kind":"attack","target_id":"goblin-1","weapon":"shortsword","keep_turn":true}`,
		`{"kind":"cast","spell":"healing-word","target_ids":["c1"],"bonus":true}`,
		`{"kind":"cast","spell":"fireball","slot_level":3,"target_ids":["goblin-1","goblin-2"]}`,
		`{"kind":"dash","bonus":true}`, `{"kind":"hide","bonus":true,"keep_turn":true}`, `{"kind":"second_wind"}`,
		`{"kind":"cast","spell":"spiritual-weapon","target_ids":["goblin-1"],"ongoing":true}`, `{"kind":"dodge","ongoing":true}`,
		`{"kind":"say","text":"hi","bonus":true}`, `{"kind":"check","ability":"dex","skill":"stealth"}`,
		`{}`, `null`, `{"kind":"hide","bonus":1}`,
		`{"kind":"level_up","hp":"roll","increases":{"str":1,"con":1}}`, `{"kind":"level_up","increases":{"dex":2}}`,
		`{"kind":"level_up","increases":{"luck":-1}}`, `{"kind":"check","ability":"str","increases":{"str":2}}`,
		`{"kind":"prepare","spells":["bless","aid"]}`, `{"kind":"prepare","spells":[]}`, `{"kind":"cast","spell":"bless","spells":["bless"]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := DecodeIntent(data)
		if err != nil {
			if k := fault.KindOf(err); k != fault.Invalid {
				t.Fatalf("error kind %s: %v", k, err)
			}
			return
		}
		again, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		in2, err := DecodeIntent(again)
		if err != nil || !reflect.DeepEqual(in, in2) {
			t.Fatalf("round trip: %+v -> %s -> %+v, %v", in, again, in2, err)
		}
	})
}
