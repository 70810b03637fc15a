package narrator

import (
	"math"
	"testing"
)

const (
	sonnet = "global.anthropic.claude-sonnet-4-5-20250929-v1:0"
	haiku  = "global.anthropic.claude-haiku-4-5-20251001-v1:0"
)

// The expected costs are worked out by hand from docs/prices.md, in
// dollars per million tokens.
func TestCost(t *testing.T) {
	cases := []struct {
		name  string
		model string
		u     Usage
		want  float64
	}{
		// 1,200 uncached x 3 + 1,200 cached x 0.30 + 350 out x 15 = 9,210
		{"SonnetHalfCached", sonnet, Usage{Input: 1200, CacheRead: 1200, Output: 350}, 0.009210},
		// 1,200 x 3 + 1,200 written at the 1 h price x 6 + 350 x 15 = 16,050
		{"SonnetCacheWriteAtOneHourPrice", sonnet, Usage{Input: 1200, CacheWrite: 1200, CacheWriteHour: 1200, Output: 350}, 0.016050},
		// 1,200 x 3 + 400 written for an hour x 6 + 800 for five minutes x 3.75 + 350 x 15 = 14,250
		{"SonnetCacheWriteSplitByTTL", sonnet, Usage{Input: 1200, CacheWrite: 1200, CacheWriteHour: 400, Output: 350}, 0.014250},
		// 800 x 1 + 150 x 5 = 1,550
		{"HaikuSummary", haiku, Usage{Input: 800, Output: 150}, 0.001550},
		// 4,096 written x 2 + 100 read x 0.10 + 10 x 1 + 20 x 5 = 8,312
		{"HaikuCache", haiku, Usage{Input: 10, CacheWrite: 4096, CacheWriteHour: 4096, CacheRead: 100, Output: 20}, 0.008312},
		// regional is 10% dearer: 1,200 x 3.30 + 1,200 x 0.33 + 350 x 16.50 = 10,131
		{"SonnetRegional", "us.anthropic.claude-sonnet-4-5-20250929-v1:0", Usage{Input: 1200, CacheRead: 1200, Output: 350}, 0.010131},
		// 1M x 0.035 + 1M x 0.14
		{"NovaMicroMillion", "amazon.nova-micro-v1:0", Usage{Input: 1_000_000, Output: 1_000_000}, 0.175},
		// 2,000 x 0.06 + 500 x 0.24 = 240
		{"NovaLite", "amazon.nova-lite-v1:0", Usage{Input: 2000, Output: 500}, 0.000240},
		// 2,000 x 0.80 + 500 x 3.20 = 3,200
		{"NovaPro", "us.amazon.nova-pro-v1:0", Usage{Input: 2000, Output: 500}, 0.003200},
		// (2,400 + 350) x 0.72 = 1,980
		{"Llama", "us.meta.llama3-3-70b-instruct-v1:0", Usage{Input: 2400, Output: 350}, 0.001980},
		// no cache price: 1,000 cache tokens charged as input, 1,000 x 0.035 = 35
		{"CacheWithoutCachePriceIsInput", "amazon.nova-micro-v1:0", Usage{CacheRead: 600, CacheWrite: 400}, 0.000035},
		{"Nothing", sonnet, Usage{}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := Cost(c.model, c.u)
			if !ok {
				t.Fatalf("Cost(%q) not ok", c.model)
			}
			if math.Abs(got-c.want) > 1e-12 {
				t.Fatalf("Cost = %.9f, want %.9f", got, c.want)
			}
		})
	}
}

// TestCostNaiveTurn checks the per-turn figure of docs/prices.md: one
// narration of 2,400 input tokens (1,200 cached) and 350 output on Sonnet,
// one summary of 800 in and 150 out on Haiku: 9,210 + 1,550 = 10,760
// millionths, "about $0.0108".
func TestCostNaiveTurn(t *testing.T) {
	narrate, _ := Cost(sonnet, Usage{Input: 1200, CacheRead: 1200, Output: 350})
	summary, _ := Cost(haiku, Usage{Input: 800, Output: 150})
	if got := narrate + summary; math.Abs(got-0.01076) > 1e-12 {
		t.Fatalf("turn = %.9f, want 0.01076", got)
	}
}

func TestCostUnknownModel(t *testing.T) {
	if usd, ok := Cost("gpt-oss-120b", Usage{Input: 10}); ok || usd != 0 {
		t.Fatalf("Cost(unknown) = %v, %v; want 0, false", usd, ok)
	}
}

func TestCostOverride(t *testing.T) {
	table := DefaultPrices()
	table["local"] = Price{Input: 0, Output: 0}
	if usd, ok := table.Cost("local", Usage{Input: 5000, Output: 500}); !ok || usd != 0 {
		t.Fatalf("local = %v, %v; want 0, true", usd, ok)
	}
	if _, ok := Cost("local", Usage{}); ok {
		t.Fatal("an override leaked into the default table")
	}
}

func TestUsageAdd(t *testing.T) {
	got := Usage{1, 2, 3, 4, 5}.Add(Usage{10, 20, 30, 40, 50})
	if got != (Usage{11, 22, 33, 44, 55}) {
		t.Fatalf("Add = %+v", got)
	}
}

func TestParsePrices(t *testing.T) {
	table, err := ParsePrices(`{"llama3.3:70b": {"input": 0.2, "output": 0.6},
		"global.anthropic.claude-haiku-4-5-20251001-v1:0": {"input": 0.8, "output": 4, "cache_write": 1.6, "cache_read": 0.08}}`, DefaultPrices())
	if err != nil {
		t.Fatal(err)
	}
	if usd, ok := table.Cost("llama3.3:70b", Usage{Input: 1_000_000, Output: 1_000_000}); !ok || math.Abs(usd-0.8) > 1e-9 {
		t.Fatalf("a configured model costs %f, %v", usd, ok)
	}
	if table["global.anthropic.claude-haiku-4-5-20251001-v1:0"].Input != 0.8 || table["global.anthropic.claude-sonnet-4-5-20250929-v1:0"].Input != 3 {
		t.Fatal("configured prices must override their models and leave the others")
	}
	for name, bad := range map[string]string{
		"Negative":     `{"m": {"input": -1, "output": 1}}`,
		"NoPrice":      `{"m": {"cache_read": 1}}`,
		"UnknownField": `{"m": {"input": 1, "output": 1, "per_request": 1}}`,
		"EmptyModel":   `{" ": {"input": 1, "output": 1}}`,
		"NotAnObject":  `[1]`,
		"Trailing":     `{} {}`,
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := ParsePrices(bad, DefaultPrices()); err == nil {
				t.Fatalf("%s was accepted", bad)
			}
		})
	}
}

func FuzzParsePrices(f *testing.F) {
	f.Add(`{"m": {"input": 1, "output": 2, "cache_write": 3, "cache_read": 0.1}}`)
	f.Add(`{"m": {"input": 1e308, "output": 1e308}}`)
	f.Fuzz(func(t *testing.T, data string) {
		table, err := ParsePrices(data, PriceTable{})
		if err != nil {
			return
		}
		for model, p := range table {
			if usd, ok := table.Cost(model, Usage{Input: 1, Output: 1, CacheRead: 1, CacheWrite: 1}); !ok || usd < 0 || math.IsNaN(usd) {
				t.Fatalf("%s %+v costs %f", model, p, usd)
			}
		}
	})
}
