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
	m, _, err := s.loadMemoryAsStored(ctx, campaignID)
	return m, err
}

// loadMemoryAsStored is loadMemory with the bytes it was read from (nil
// for none): what a turn keeps of the memory it replaced.
func (s *Service) loadMemoryAsStored(ctx context.Context, campaignID string) (memory.Memory, []byte, error) {
	data, err := s.Store.Memory(ctx, campaignID)
	if fault.Is(err, fault.NotFound) {
		return memory.Memory{}, nil, nil
	}
	if err != nil {
		return memory.Memory{}, nil, err
	}
	m, err := decodeMemory(data)
	return m, data, err
}

// decodeMemory reads the memory as stored.
func decodeMemory(data []byte) (memory.Memory, error) {
	var m memory.Memory
	if len(data) == 0 {
		return m, nil
	}
	raw, err := gz.Decompress(data, maxMemoryBytes)
	if err != nil {
		return m, fault.Wrap(fault.Internal, "read memory", err)
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return m, fault.Wrap(fault.Internal, "read memory", err)
	}
	return m, nil
}

// saveMemory is the memory as stored: gzipped JSON, so a long campaign's
// index stays far below DynamoDB's 400 KB item limit.
func saveMemory(m memory.Memory) ([]byte, error) {
	raw, err := json.Marshal(m)
	if err != nil {
		return nil, fmt.Errorf("encode memory: %w", err)
	}
	z, err := gz.Compress(raw)
	if err != nil {
		return nil, fmt.Errorf("compress memory: %w", err)
	}
	return z, nil
}
