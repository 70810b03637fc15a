package campaign

import "testing"

func TestCharge(t *testing.T) {
	var s State
	s.Charge("s1", 0.5)
	s.Cost.Turns = 3
	s.Charge("s1", 0.25)
	if s.Cost.USD != 0.75 || s.Cost.CampaignUSD != 0.75 || len(s.PastCosts) != 0 {
		t.Fatalf("one session: %+v, past %+v", s.Cost, s.PastCosts)
	}
	s.Charge("s2", 1)
	if s.Cost.SessionID != "s2" || s.Cost.USD != 1 || s.Cost.CampaignUSD != 1.75 ||
		len(s.PastCosts) != 1 || s.PastCosts[0] != (SessionCost{SessionID: "s1", USD: 0.75, Turns: 3}) {
		t.Fatalf("a new session: %+v, past %+v", s.Cost, s.PastCosts)
	}
	s.Charge("s3", 0) // s2 played no turn but cost something: kept
	s.Charge("s4", 0) // s3 neither played nor cost: not kept
	if len(s.PastCosts) != 2 || s.PastCosts[1].SessionID != "s2" {
		t.Fatalf("past = %+v", s.PastCosts)
	}
	for i := range MaxPastCosts + 10 {
		s.Charge(string(rune('a'+i%26))+string(rune('A'+i/26)), 0.01)
	}
	if len(s.PastCosts) != MaxPastCosts {
		t.Fatalf("%d past costs kept, want at most %d", len(s.PastCosts), MaxPastCosts)
	}
}
