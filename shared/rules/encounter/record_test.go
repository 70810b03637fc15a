package encounter_test

import (
	"reflect"
	"testing"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
	"chronicler/shared/rules/encounter"
)

func TestRecordRoundTrips(t *testing.T) {
	e := begin(t, goblins(1), nil, 10, 12, 3)
	rec, err := encounter.Record(e, 4)
	if err != nil || rec.ID != e.ID || rec.Status != encounter.Active || rec.Version != 4 {
		t.Fatalf("Record = %+v, %v", rec, err)
	}
	back, err := encounter.FromRecord(rec)
	if err != nil || !reflect.DeepEqual(back, e) {
		t.Fatalf("FromRecord = %+v, %v; want %+v", back, err, e)
	}
	if _, err := encounter.FromRecord(campaign.EncounterRecord{Data: []byte("{")}); !fault.Is(err, fault.Internal) {
		t.Fatalf("a broken record: %v, want internal", err)
	}
}
