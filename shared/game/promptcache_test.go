package game_test

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"chronicler/shared/narrator"
	"chronicler/shared/narrator/standin"
)

// This file prices model calls from outside the game: from the request
// bodies the Bedrock adapter sent (as the stand-in kept them), counted
// with cl100k (narrator.EstimateTokens; Claude's own tokenizer is not
// public), at the list prices of docs/prices.md, with Anthropic's prompt
// caching simulated as its documentation states it:
//   - a cache point caches the prompt before it (tools, then system, then
//     messages) when that prefix has at least the model's minimum
//     (1,024 tokens for Sonnet 4.5, 4,096 for Haiku 4.5);
//   - a later request reads the longest prefix, ending at one of its
//     cache points or at one of the 20 block boundaries before each, that
//     is byte for byte one written earlier and not yet expired;
//   - an entry lives for its cache point's TTL (5 minutes, or 1 hour for
//     "ttl":"1h") and each read starts that again;
//   - the tokens from the read prefix up to the last cacheable cache point
//     are written, at 1.25 times the input price (5 minutes) or twice it
//     (1 hour); a read costs a tenth of the input price.

// lookBack is how many block boundaries before a cache point Anthropic
// checks for an earlier entry.
const lookBack = 20

// toolUseSystem is the system prompt Anthropic adds when a tool must be
// called (tool_choice "tool" or "any"): 313 tokens for the Claude 4.5
// models, as its tool-use documentation gives them.
const toolUseSystem = 313

// minPrefix is the shortest prefix model caches.
func minPrefix(model string) int {
	if strings.Contains(model, "haiku") {
		return 4096
	}
	return 1024
}

// piece is a block of a prompt in the order the model reads it, or a
// cache point (point) with its TTL.
type piece struct {
	kind   string // "tool", "system", a message's role, or "overhead"
	text   string
	tokens int
	point  bool
	ttl    time.Duration
}

// bedrockBody is the part of a Converse request the pricing reads.
type bedrockBody struct {
	System   []json.RawMessage `json:"system"`
	Messages []struct {
		Role    string            `json:"role"`
		Content []json.RawMessage `json:"content"`
	} `json:"messages"`
	ToolConfig *struct {
		Tools      []json.RawMessage `json:"tools"`
		ToolChoice json.RawMessage   `json:"toolChoice"`
	} `json:"toolConfig"`
}

// bedrockPieces reads a Converse or ConverseStream request body into the
// pieces the model reads, in order: the tool-use system prompt when a
// tool is required, the tools, the system blocks, then each message's
// blocks; each cachePoint where the body puts it.
func bedrockPieces(body []byte) ([]piece, error) {
	var b bedrockBody
	if err := json.Unmarshal(body, &b); err != nil {
		return nil, fmt.Errorf("request body: %w", err)
	}
	var out []piece
	add := func(kind string, raw json.RawMessage) error {
		var blk map[string]json.RawMessage
		if err := json.Unmarshal(raw, &blk); err != nil {
			return fmt.Errorf("%s block: %w", kind, err)
		}
		if cp, ok := blk["cachePoint"]; ok {
			var c struct {
				TTL string `json:"ttl"`
			}
			if err := json.Unmarshal(cp, &c); err != nil {
				return fmt.Errorf("cache point: %w", err)
			}
			ttl := 5 * time.Minute
			if c.TTL == "1h" {
				ttl = time.Hour
			}
			out = append(out, piece{kind: kind, point: true, ttl: ttl})
			return nil
		}
		text := string(raw)
		if t, ok := blk["text"]; ok {
			if err := json.Unmarshal(t, &text); err != nil {
				return fmt.Errorf("text block: %w", err)
			}
		}
		out = append(out, piece{kind: kind, text: text, tokens: narrator.EstimateTokens(text)})
		return nil
	}
	if tc := b.ToolConfig; tc != nil {
		if len(tc.ToolChoice) > 0 && !strings.Contains(string(tc.ToolChoice), `"auto"`) {
			out = append(out, piece{kind: "overhead", text: "tool use system prompt", tokens: toolUseSystem})
		}
		for _, t := range tc.Tools {
			if err := add("tool", t); err != nil {
				return nil, err
			}
		}
	}
	for _, s := range b.System {
		if err := add("system", s); err != nil {
			return nil, err
		}
	}
	for _, m := range b.Messages {
		for _, c := range m.Content {
			if err := add(m.Role, c); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// cacheUse is what one request read from and wrote to the cache, in
// tokens, beside its whole input.
type cacheUse struct {
	input   int // every input token, cached or not
	read    int
	write5m int
	write1h int
}

// uncached are the input tokens neither read nor written.
func (u cacheUse) uncached() int { return u.input - u.read - u.write5m - u.write1h }

type cacheEntry struct {
	until time.Time
	ttl   time.Duration
}

// promptCache is one provider's prompt cache, across models (an entry's
// key holds its model).
type promptCache struct {
	entries map[[32]byte]cacheEntry
}

func newPromptCache() *promptCache { return &promptCache{entries: map[[32]byte]cacheEntry{}} }

// use plays one request of model at time at against the cache.
func (c *promptCache) use(model string, at time.Time, ps []piece) cacheUse {
	// hashes[j] names the prefix of the first j blocks; cum[j] is its tokens.
	h := sha256.Sum256([]byte(model))
	hashes, cum := [][32]byte{h}, []int{0}
	type point struct {
		at  int // the blocks before the cache point
		ttl time.Duration
	}
	var points []point
	for _, p := range ps {
		if p.point {
			points = append(points, point{at: len(cum) - 1, ttl: p.ttl})
			continue
		}
		h = sha256.Sum256(fmt.Appendf(h[:], "\x00%s\x00%d\x00%s", p.kind, len(p.text), p.text))
		hashes = append(hashes, h)
		cum = append(cum, cum[len(cum)-1]+p.tokens)
	}
	u := cacheUse{input: cum[len(cum)-1]}
	hit := 0
	for _, p := range points {
		for j := p.at; j >= max(1, p.at-lookBack); j-- {
			if e, ok := c.entries[hashes[j]]; ok && at.Before(e.until) {
				hit = max(hit, j)
				break
			}
		}
	}
	if hit > 0 {
		e := c.entries[hashes[hit]]
		e.until = at.Add(e.ttl)
		c.entries[hashes[hit]] = e
		u.read = cum[hit]
	}
	from := hit
	for _, p := range points {
		if p.at <= from || cum[p.at] < minPrefix(model) {
			continue
		}
		if p.ttl == time.Hour {
			u.write1h += cum[p.at] - cum[from]
		} else {
			u.write5m += cum[p.at] - cum[from]
		}
		c.entries[hashes[p.at]] = cacheEntry{until: at.Add(p.ttl), ttl: p.ttl}
		from = p.at
	}
	return u
}

// listPrice is a model's price per million tokens (docs/prices.md).
func listPrice(model string) narrator.Price {
	return narrator.DefaultPrices()[model]
}

// dollars is what a call costs with the cache as used, and without any
// cache (every input token at the input price).
func dollars(model string, u cacheUse, output int) (cached, uncached float64) {
	p := listPrice(model)
	const m = 1e6
	cached = (float64(u.uncached())*p.Input + float64(u.read)*p.Input*0.1 +
		float64(u.write5m)*p.Input*1.25 + float64(u.write1h)*p.Input*2 + float64(output)*p.Output) / m
	uncached = (float64(u.input)*p.Input + float64(output)*p.Output) / m
	return cached, uncached
}

// outputTokens are the tokens a call answered: its prose, or its
// structured answer's text after the prefill the request gave it.
func outputTokens(r standin.Request) int {
	return narrator.EstimateTokens(r.Text)
}

func TestPromptCacheFollowsAnthropicsRules(t *testing.T) {
	const sonnetID, haikuID = "global.anthropic.claude-sonnet-4-5-20250929-v1:0", "global.anthropic.claude-haiku-4-5-20251001-v1:0"
	block := func(kind string, tokens int, salt string) piece {
		return piece{kind: kind, text: salt, tokens: tokens}
	}
	cp := func(ttl time.Duration) piece { return piece{point: true, ttl: ttl} }
	t0 := time.Date(2026, 1, 1, 18, 0, 0, 0, time.UTC)

	t.Run("PrefixBelowTheMinimumIsNeverCached", func(t *testing.T) {
		c := newPromptCache()
		req := []piece{block("system", 1000, "contract"), cp(time.Hour), block("user", 300, "turn")}
		for i := range 3 {
			if u := c.use(sonnetID, t0.Add(time.Duration(i)*time.Minute), req); u.read+u.write1h+u.write5m != 0 || u.input != 1300 {
				t.Fatalf("call %d: %+v, want 1,300 tokens all uncached", i, u)
			}
		}
		big := []piece{block("system", 3000, "contract"), cp(time.Hour), block("user", 300, "turn")}
		if u := c.use(haikuID, t0, big); u.write1h != 0 {
			t.Fatalf("Haiku cached a 3,000-token prefix: %+v", u)
		}
		if u := c.use(sonnetID, t0, big); u.write1h != 3000 {
			t.Fatalf("Sonnet did not cache a 3,000-token prefix: %+v", u)
		}
	})

	t.Run("SamePrefixWithinItsTTLIsReadAndRefreshed", func(t *testing.T) {
		c := newPromptCache()
		req := func(turn string) []piece {
			return []piece{block("system", 2000, "contract"), cp(5 * time.Minute), block("user", 300, turn)}
		}
		if u := c.use(sonnetID, t0, req("a")); u.write5m != 2000 || u.read != 0 {
			t.Fatalf("first call: %+v, want the prefix written", u)
		}
		at := t0
		for i := range 5 { // four minutes apart: each read keeps it alive
			at = at.Add(4 * time.Minute)
			if u := c.use(sonnetID, at, req(fmt.Sprint("b", i))); u.read != 2000 || u.write5m != 0 || u.uncached() != 300 {
				t.Fatalf("read %d: %+v, want the prefix read", i, u)
			}
		}
		if u := c.use(sonnetID, at.Add(6*time.Minute), req("late")); u.read != 0 || u.write5m != 2000 {
			t.Fatalf("after six quiet minutes: %+v, want the prefix written again", u)
		}
	})

	t.Run("AChangedBlockEndsThePrefixAndTheLookBackFindsAnEarlierPoint", func(t *testing.T) {
		c := newPromptCache()
		first := []piece{block("system", 1500, "contract"), cp(time.Hour), block("system", 400, "party at full health"), cp(time.Hour), block("user", 200, "t1")}
		if u := c.use(sonnetID, t0, first); u.write1h != 1900 {
			t.Fatalf("first: %+v, want both points written", u)
		}
		changed := []piece{block("system", 1500, "contract"), block("system", 400, "the wizard is hurt"), cp(time.Hour), block("user", 200, "t2")}
		u := c.use(sonnetID, t0.Add(time.Minute), changed)
		if u.read != 1500 || u.write1h != 400 {
			t.Fatalf("changed party: %+v, want the contract read through the look-back and the party written", u)
		}
		other := []piece{block("system", 1500, "another contract"), cp(time.Hour), block("user", 200, "t3")}
		if u := c.use(sonnetID, t0.Add(2*time.Minute), other); u.read != 0 {
			t.Fatalf("a different prefix read the cache: %+v", u)
		}
	})

	t.Run("WritesCostTheirPremium", func(t *testing.T) {
		c5, _ := dollars(sonnetID, cacheUse{input: 1e6, write5m: 1e6}, 0)
		c1, _ := dollars(sonnetID, cacheUse{input: 1e6, write1h: 1e6}, 0)
		r, plain := dollars(sonnetID, cacheUse{input: 1e6, read: 1e6}, 0)
		if !near(c5, 3.75) || !near(c1, 6) || !near(r, 0.3) || !near(plain, 3) {
			t.Fatalf("a million Sonnet tokens: written 5 min $%v, 1 h $%v, read $%v, uncached $%v", c5, c1, r, plain)
		}
	})
}

func TestBedrockPiecesReadTheCachePointsWhereTheAdapterPutThem(t *testing.T) {
	body := []byte(`{"system":[{"text":"You are the narrator."},{"text":"The party."},{"cachePoint":{"type":"default","ttl":"1h"}}],` +
		`"messages":[{"role":"user","content":[{"text":"Narrate."},{"cachePoint":{"type":"default"}}]}],` +
		`"toolConfig":{"tools":[{"toolSpec":{"name":"record_fold","inputSchema":{"json":{}}}}],"toolChoice":{"tool":{"name":"record_fold"}}}}`)
	ps, err := bedrockPieces(body)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range ps {
		switch {
		case p.point:
			got = append(got, fmt.Sprint("point ", p.ttl))
		default:
			got = append(got, p.kind)
		}
	}
	want := "overhead tool system system point 1h0m0s user point 5m0s"
	if strings.Join(got, " ") != want {
		t.Fatalf("pieces %q, want %q", strings.Join(got, " "), want)
	}
	if _, err := bedrockPieces([]byte(`{"system":[7]}`)); err == nil {
		t.Fatal("a system block that is not an object was read")
	}
}
