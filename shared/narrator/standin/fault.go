package standin

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Fault is a way the stand-in misbehaves. Each applies to every kind of
// call where it means something: a streamed narration, a whole answer
// (summaries) and a tool call.
type Fault string

// The faults. "Pieces" are the text deltas of a stream; a mid-stream
// fault lets Config.ErrorAfter of them through first.
const (
	// Invent adds a sentence with a mechanical number the prompt does not
	// hold ("It deals 42 damage."), right after the first sentence. In a
	// tool call it names what was not offered: a suggestion with a number,
	// a target id or a term nobody asked about.
	Invent Fault = "invent"
	// Echo answers with the prompt itself, system part included, so
	// anything in it (a secret) comes back. In a tool call it answers with
	// that text and calls no tool.
	Echo Fault = "echo"
	// Stall waits Config.Stall before the first piece (after the response
	// headers of a stream; before anything of a whole answer), then
	// answers as usual, unless the caller gave up.
	Stall Fault = "stall"
	// StallMid waits Config.Stall after the first pieces of a stream,
	// then goes on; a whole answer stalls as with Stall.
	StallMid Fault = "stall_mid"
	// Cut drops the connection after the first pieces (a whole answer:
	// half-way through its body).
	Cut Fault = "cut"
	// StreamError fails the stream after the first pieces: OpenAI an error
	// event, Bedrock a modelStreamErrorException. A whole answer: OpenAI an
	// error object with status 200, Bedrock a 424 ModelErrorException.
	StreamError Fault = "stream_error"
	// StreamThrottle fails the stream after the first pieces with a rate
	// limit: OpenAI an error event of type rate_limit_error, Bedrock a
	// throttlingException. A whole answer: a 429 as with Throttle.
	StreamThrottle Fault = "stream_throttle"
	// Throttle, Unavailable and Internal refuse the call before anything
	// is streamed, with 429 (ThrottlingException), 503
	// (ServiceUnavailableException) and 500 (InternalServerException).
	Throttle    Fault = "throttle"
	Unavailable Fault = "unavailable"
	Internal    Fault = "internal"
	// Denied refuses with 403 (AccessDeniedException); Missing with 404
	// (ResourceNotFoundException: no such model).
	Denied  Fault = "denied"
	Missing Fault = "missing"
	// Malformed sends broken JSON: a stream's next event after the first
	// pieces, a whole answer's body cut short, a tool call's arguments
	// (OpenAI; Bedrock has no separate arguments, so its body is cut).
	Malformed Fault = "malformed"
	// Markup writes the prose with Markdown and HTML; a tool call answers
	// with its arguments in a Markdown code block instead of calling it.
	Markup Fault = "markup"
	// Refuse answers "I can't help with that." and calls no tool.
	Refuse Fault = "refuse"
)

// Faults are all the faults, in the order the command's help lists them.
func Faults() []Fault {
	return []Fault{Invent, Echo, Stall, StallMid, Cut, StreamError, StreamThrottle,
		Throttle, Unavailable, Internal, Denied, Missing, Malformed, Markup, Refuse}
}

// Rule plays a fault on a share of the calls: Rate 0.3 is 30% of them.
type Rule struct {
	Fault Fault   `json:"fault"`
	Rate  float64 `json:"rate"`
}

// ParseFaults reads a fault list as the command's -faults flag and the
// control endpoint take it: "invent=0.3,stall=0.1". A fault without a
// rate plays on every call. Rates are between 0 and 1 and add up to at
// most 1, since one call plays at most one fault; the empty list is no
// fault.
func ParseFaults(spec string) ([]Rule, error) {
	var rules []Rule
	for part := range strings.SplitSeq(spec, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, rate, hasRate := strings.Cut(part, "=")
		r := Rule{Fault: Fault(strings.TrimSpace(name)), Rate: 1}
		if hasRate {
			v, err := strconv.ParseFloat(strings.TrimSpace(rate), 64)
			if err != nil {
				return nil, fmt.Errorf("fault %q: rate %q is not a number", name, rate)
			}
			r.Rate = v
		}
		rules = append(rules, r)
	}
	if err := checkRules(rules); err != nil {
		return nil, err
	}
	return rules, nil
}

// FormatFaults writes rules as ParseFaults reads them.
func FormatFaults(rules []Rule) string {
	parts := make([]string, len(rules))
	for i, r := range rules {
		parts[i] = string(r.Fault) + "=" + strconv.FormatFloat(r.Rate, 'g', -1, 64)
	}
	return strings.Join(parts, ",")
}

func checkRules(rules []Rule) error {
	total := 0.0
	seen := map[Fault]bool{}
	for _, r := range rules {
		if !slices.Contains(Faults(), r.Fault) {
			return fmt.Errorf("unknown fault %q (known: %s)", r.Fault, faultNames())
		}
		if seen[r.Fault] {
			return fmt.Errorf("fault %q given twice", r.Fault)
		}
		seen[r.Fault] = true
		if math.IsNaN(r.Rate) || r.Rate < 0 || r.Rate > 1 {
			return fmt.Errorf("fault %q: rate %v is not between 0 and 1", r.Fault, r.Rate)
		}
		total += r.Rate
	}
	if total > 1+1e-9 {
		return fmt.Errorf("the rates add up to %v, more than 1: a call plays one fault at most", total)
	}
	return nil
}

func faultNames() string {
	names := make([]string, 0, len(Faults()))
	for _, f := range Faults() {
		names = append(names, string(f))
	}
	return strings.Join(names, ", ")
}

// pick chooses the fault a call plays: the rules lay their rates end to
// end on [0, 1) and the draw falls in one of them or past them all.
func pick(rules []Rule, draw float64) Fault {
	at := 0.0
	for _, r := range rules {
		at += r.Rate
		if draw < at {
			return r.Fault
		}
	}
	return ""
}

// draw is a number in [0, 1) that depends only on the seed, the request's
// body and how many identical bodies came before it: the same session
// replays the same faults whatever the order in which concurrent calls
// arrive, and a retry of a failed call (the same body) draws anew.
func draw(seed uint64, body []byte, nth int) float64 {
	h := sha256.New()
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], seed)
	h.Write(b[:])
	binary.BigEndian.PutUint64(b[:], uint64(nth))
	h.Write(b[:])
	h.Write(body)
	sum := h.Sum(nil)
	return float64(binary.BigEndian.Uint64(sum[:8])>>11) / (1 << 53)
}

// bodyKey identifies a request body, to count its repeats.
func bodyKey(body []byte) [32]byte { return sha256.Sum256(body) }
