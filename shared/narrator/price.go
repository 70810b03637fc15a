package narrator

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"strings"
)

// Usage is the tokens one model call used, as the provider reported them.
// Input counts only the input tokens that were neither read from nor
// written to the prompt cache (Bedrock's inputTokens); CacheRead and
// CacheWrite count those that were.
type Usage struct {
	Input      int `json:"input"`
	Output     int `json:"output"`
	CacheRead  int `json:"cache_read,omitempty"`
	CacheWrite int `json:"cache_write,omitempty"`
	// CacheWriteHour is the part of CacheWrite written for an hour; the
	// rest was written for five minutes, at the lower price. A provider
	// that does not say (Bedrock without cacheDetails) has it all counted
	// an hour's, so that the cost is overstated rather than hidden.
	CacheWriteHour int `json:"cache_write_1h,omitempty"`
}

// Add is the sum of two usages.
func (u Usage) Add(v Usage) Usage {
	return Usage{Input: u.Input + v.Input, Output: u.Output + v.Output,
		CacheRead: u.CacheRead + v.CacheRead, CacheWrite: u.CacheWrite + v.CacheWrite, CacheWriteHour: u.CacheWriteHour + v.CacheWriteHour}
}

// Price is what a model costs, in US dollars per million tokens.
type Price struct {
	Input  float64 `json:"input"`
	Output float64 `json:"output"`
	// CacheWrite is the price of writing the cache with a one-hour TTL
	// (the stable blocks' cache point), CacheWriteShort with the default
	// five minutes (the recent turns'): 6.00 and 3.75 for Sonnet 4.5. A
	// table without the short price charges every write the hour's.
	CacheWrite      float64 `json:"cache_write,omitempty"`
	CacheWriteShort float64 `json:"cache_write_5m,omitempty"`
	CacheRead       float64 `json:"cache_read,omitempty"`
}

// PriceTable maps model ids, as sent to the provider, to prices.
type PriceTable map[string]Price

// DefaultPrices are the us-east-1 on-demand prices of docs/prices.md
// (2026). Deployers override them in configuration. Regional "us."
// profiles of the Claude 4.5 models cost 10% more than "global." ones.
// Nova and Llama have no cache prices; their "us." profiles are assumed to
// cost what the bare model ids do.
func DefaultPrices() PriceTable {
	sonnet := Price{Input: 3.00, Output: 15.00, CacheWrite: 6.00, CacheWriteShort: 3.75, CacheRead: 0.30}
	haiku := Price{Input: 1.00, Output: 5.00, CacheWrite: 2.00, CacheWriteShort: 1.25, CacheRead: 0.10}
	microP := Price{Input: 0.035, Output: 0.14}
	liteP := Price{Input: 0.06, Output: 0.24}
	proP := Price{Input: 0.80, Output: 3.20}
	llama := Price{Input: 0.72, Output: 0.72}
	return PriceTable{
		"global.anthropic.claude-sonnet-4-5-20250929-v1:0": sonnet,
		"global.anthropic.claude-haiku-4-5-20251001-v1:0":  haiku,
		"us.anthropic.claude-sonnet-4-5-20250929-v1:0":     {Input: 3.30, Output: 16.50, CacheWrite: 6.60, CacheWriteShort: 4.125, CacheRead: 0.33},
		"us.anthropic.claude-haiku-4-5-20251001-v1:0":      {Input: 1.10, Output: 5.50, CacheWrite: 2.20, CacheWriteShort: 1.375, CacheRead: 0.11},
		"amazon.nova-micro-v1:0":                           microP,
		"us.amazon.nova-micro-v1:0":                        microP,
		"amazon.nova-lite-v1:0":                            liteP,
		"us.amazon.nova-lite-v1:0":                         liteP,
		"amazon.nova-pro-v1:0":                             proP,
		"us.amazon.nova-pro-v1:0":                          proP,
		"meta.llama3-3-70b-instruct-v1:0":                  llama,
		"us.meta.llama3-3-70b-instruct-v1:0":               llama,
	}
}

var defaultPrices = DefaultPrices()

// Cost is what usage u of model costs in US dollars at the default prices;
// ok is false for a model the table does not know.
func Cost(model string, u Usage) (usd float64, ok bool) {
	return defaultPrices.Cost(model, u)
}

// Cost is what usage u of model costs in US dollars; ok is false for a
// model the table does not know. Cache writes are charged at the
// one-hour price, those written for five minutes at the short one when
// the table has it. Cache tokens of a model without a cache price are
// charged as plain input, so that a missing price overstates a cost
// rather than hiding it.
func (t PriceTable) Cost(model string, u Usage) (usd float64, ok bool) {
	p, ok := t[model]
	if !ok {
		return 0, false
	}
	read, write := p.CacheRead, p.CacheWrite
	if read == 0 {
		read = p.Input
	}
	if write == 0 {
		write = p.Input
	}
	short := p.CacheWriteShort
	if short == 0 {
		short = write
	}
	hour := min(u.CacheWriteHour, u.CacheWrite)
	perMillion := float64(u.Input)*p.Input + float64(u.Output)*p.Output +
		float64(u.CacheRead)*read + float64(hour)*write + float64(u.CacheWrite-hour)*short
	return perMillion / 1e6, true
}

// ParsePrices reads a price table from configuration, a JSON object of
// model id to prices in US dollars per million tokens:
// {"my-model": {"input": 0.5, "output": 1.5, "cache_write": 0.6, "cache_write_5m": 0.4, "cache_read": 0.05}}.
// The models it names are added to base, or replace base's prices; the
// others keep base's. It refuses unknown fields, empty model ids and
// prices that are negative, not finite or all zero for input and output.
func ParsePrices(data string, base PriceTable) (PriceTable, error) {
	var in map[string]Price
	dec := json.NewDecoder(strings.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&in); err != nil {
		return nil, fmt.Errorf("prices: %w", err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("prices: data after the object")
	}
	out := make(PriceTable, len(base)+len(in))
	maps.Copy(out, base)
	for model, p := range in {
		if strings.TrimSpace(model) == "" {
			return nil, errors.New("prices: an empty model id")
		}
		for _, v := range []float64{p.Input, p.Output, p.CacheWrite, p.CacheWriteShort, p.CacheRead} {
			if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("prices: %s: a price must be a number of dollars, zero or more", model)
			}
		}
		if p.Input == 0 && p.Output == 0 {
			return nil, fmt.Errorf("prices: %s: no input or output price", model)
		}
		out[model] = p
	}
	return out, nil
}
