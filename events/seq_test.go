package events

import (
	"strings"
	"testing"
)

// A message stored without its seq and stamped on the way out is byte for
// byte the message Encode makes with the seq: clients see no difference.
func TestWithSeqIsEncodeWithSeq(t *testing.T) {
	for name, tc := range map[string]struct {
		typ  string
		body any
	}{
		"Body":            {TypeRecap, Recap{Text: `Previously, "quoted" and \ escaped`}},
		"EmptyBody":       {TypeRecap, struct{}{}},
		"NestedCampaign":  {TypeNarrationDone, NarrationDone{TurnID: "t1", Text: `{"campaign_id":"x"}`, Suggestions: []string{}}},
		"UnicodeCampaign": {TypeSession, Session{SessionID: "s", Presence: nil}},
	} {
		t.Run(name, func(t *testing.T) {
			for _, id := range []string{"c1", `odd "id" <&>`, "kämpagne"} {
				bare, err := Encode(Header{Type: tc.typ, CampaignID: id}, tc.body)
				if err != nil {
					t.Fatal(err)
				}
				want, err := Encode(Header{Type: tc.typ, CampaignID: id, Seq: 12345}, tc.body)
				if err != nil {
					t.Fatal(err)
				}
				got, err := WithSeq(bare, 12345)
				if err != nil || string(got) != string(want) {
					t.Fatalf("WithSeq = %s, %v; want %s", got, err, want)
				}
			}
		})
	}
}

func TestWithSeqKeepsAStoredSeq(t *testing.T) {
	old, _ := Encode(Header{Type: TypeRecap, CampaignID: "c1", Seq: 7}, Recap{Text: "x"})
	got, err := WithSeq(old, 7)
	if err != nil || string(got) != string(old) {
		t.Fatalf("WithSeq of a message with its seq = %s, %v", got, err)
	}
}

func TestWithSeqRefuses(t *testing.T) {
	bare, _ := Encode(Header{Type: TypeRecap, CampaignID: "c1"}, Recap{Text: "x"})
	for name, tc := range map[string]struct {
		msg string
		seq int64
	}{
		"NoSeq":        {string(bare), 0},
		"NotJSON":      {"nope", 1},
		"OtherLayout":  {`{"campaign_id":"c1","type":"recap"}`, 1},
		"NotAnObject":  {`[1]`, 1},
		"SpacedHeader": {strings.Replace(string(bare), ",", ", ", 1), 1},
	} {
		t.Run(name, func(t *testing.T) {
			if got, err := WithSeq([]byte(tc.msg), tc.seq); err == nil {
				t.Fatalf("WithSeq(%s, %d) = %s, want an error", tc.msg, tc.seq, got)
			}
		})
	}
}
