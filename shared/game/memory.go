package game

import (
	"context"
	"encoding/json"
	"fmt"

	"chronicler/shared/fault"
	"chronicler/shared/gz"
	"chronicler/shared/memory"
)

// maxMemoryBytes bounds the memory once decompressed, so a damaged record
// cannot exhaust a function's memory.
const maxMemoryBytes = 32 << 20

// loadMemory reads the campaign's narrative memory; a campaign that has
// none yet starts empty.
func (s *Service) loadMemory(ctx context.Context, campaignID string) (memory.Memory, error) {
	m, _, err := s.loadMemoryJSON(ctx, campaignID)
	return m, err
}

// loadMemoryJSON is loadMemory with the JSON it was decoded from (nil for
// none): what a turn keeps of the memory it replaced, inflated once.
func (s *Service) loadMemoryJSON(ctx context.Context, campaignID string) (memory.Memory, []byte, error) {
	var m memory.Memory
	data, err := s.Store.Memory(ctx, campaignID)
	if fault.Is(err, fault.NotFound) || (err == nil && len(data) == 0) {
		return m, nil, nil
	}
	if err != nil {
		return m, nil, err
	}
	raw, err := memoryJSON(data)
	if err != nil {
		return m, nil, err
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return m, nil, fault.Wrap(fault.Internal, "read memory", err)
	}
	return m, raw, nil
}

// memoryJSON is the memory stored as data, as JSON (none: an empty one).
func memoryJSON(data []byte) ([]byte, error) {
	if len(data) == 0 {
		return json.Marshal(memory.Memory{})
	}
	raw, err := gz.Decompress(data, maxMemoryBytes)
	if err != nil {
		return nil, fault.Wrap(fault.Internal, "read memory", err)
	}
	return raw, nil
}

// saveMemory is the memory as stored: gzipped JSON, so a long campaign's
// index stays far below DynamoDB's 400 KB item limit.
func saveMemory(m memory.Memory) ([]byte, error) {
	_, z, err := encodeMemory(m)
	return z, err
}

// encodeMemory is the memory as JSON and as stored (saveMemory).
func encodeMemory(m memory.Memory) (raw, z []byte, err error) {
	raw, err = json.Marshal(m)
	if err != nil {
		return nil, nil, fmt.Errorf("encode memory: %w", err)
	}
	z, err = gz.Compress(raw)
	if err != nil {
		return nil, nil, fmt.Errorf("compress memory: %w", err)
	}
	return raw, z, nil
}
