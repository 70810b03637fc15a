package encounter

import (
	"encoding/json"

	"chronicler/shared/campaign"
	"chronicler/shared/fault"
)

// Record is the encounter as the store keeps it, at the version read.
func Record(e Encounter, version int64) (campaign.EncounterRecord, error) {
	data, err := json.Marshal(e)
	if err != nil {
		return campaign.EncounterRecord{}, fault.Wrap(fault.Internal, "encode encounter", err)
	}
	return campaign.EncounterRecord{ID: e.ID, Status: e.Status, Data: data, Version: version}, nil
}

// FromRecord is the encounter a stored record holds. A record that does
// not decode is an Internal error: the store keeps only what Record made.
func FromRecord(rec campaign.EncounterRecord) (Encounter, error) {
	var e Encounter
	if err := json.Unmarshal(rec.Data, &e); err != nil {
		return e, fault.Wrap(fault.Internal, "read encounter", err)
	}
	for i := range e.Participants {
		e.Participants[i].legacyPools()
	}
	return e, nil
}
