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

// Fault is a way the stand-in misbehaves. Each means something for every
// kind of call (Calls): a streamed narration, a whole answer (summaries)
// and a structured answer (one JSON object); a Rule may keep it to one
// kind.
type Fault string

// The faults. "Pieces" are the text deltas of a stream; a mid-stream
// fault lets Config.ErrorAfter of them through first.
const (
	// Invent adds a sentence with a mechanical number the prompt does not
	// hold ("It deals 42 damage."), right after the first sentence. In a
	// structured answer it names what was not offered: a fact no turn
	// states, a target id or a term nobody asked about.
	Invent Fault = "invent"
	// Echo answers with the prompt itself, system part included, so
	// anything in it (a secret) comes back, also where a JSON object was
	// asked for.
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
	// pieces, a whole answer's body cut short, a structured answer's
	// object cut off half-way (in a well-formed body).
	Malformed Fault = "malformed"
	// Markup writes the prose with Markdown and HTML; a structured answer
	// comes in a Markdown code block between sentences (after a prefill,
	// with a sentence after the object), as chatty models write it.
	Markup Fault = "markup"
	// Refuse answers "I can't help with that.", also where a JSON
	// object was asked for.
	Refuse Fault = "refuse"
	// Cross writes the table's limits on purpose: right after the first
	// sentence of a narration, a sentence naming each line and one
	// telling each veiled subject in detail, as the prompt lists them.
	Cross Fault = "cross"
)

// Faults are all the faults, in the order the command's help lists them.
func Faults() []Fault {
	return []Fault{Invent, Echo, Stall, StallMid, Cut, StreamError, StreamThrottle,
		Throttle, Unavailable, Internal, Denied, Missing, Malformed, Markup, Refuse, Cross}
}

// Rule plays a fault on a share of the calls: Rate 0.3 is 30% of them,
// of every kind or, with Calls, of one kind only.
type Rule struct {
	Fault Fault   `json:"fault"`
	Rate  float64 `json:"rate"`
	Calls Calls   `json:"calls,omitempty"`
}

// Calls is a kind of call, as a Rule may single it out.
type Calls string

// The kinds of call.
const (
	// Streams are streamed prose answers: narrations.
	Streams Calls = "stream"
	// Texts are whole prose answers: summaries and recaps.
	Texts Calls = "text"
	// JSON are calls whose prompt asks for one JSON object: record_fold,
	// read_intent, define_terms.
	JSON Calls = "json"
)

// callsOf is the kind of a call.
func callsOf(p prompt) Calls {
	if p.form() != "" {
		return JSON
	}
	if p.stream {
		return Streams
	}
	return Texts
}

// ParseFaults reads a fault list as the command's -faults flag and the
// control endpoint take it: "invent=0.3,stall=0.1", or "invent@stream=0.3"
// for narrations only (see Calls). A fault without a rate plays on every
// call. Rates are between 0 and 1 and, over the rules a kind of call
// meets, add up to at most 1, since one call plays at most one fault; the
// empty list is no fault.
func ParseFaults(spec string) ([]Rule, error) {
	var rules []Rule
	for part := range strings.SplitSeq(spec, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		name, rate, hasRate := strings.Cut(part, "=")
		name, calls, _ := strings.Cut(strings.TrimSpace(name), "@")
		r := Rule{Fault: Fault(name), Rate: 1, Calls: Calls(calls)}
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
		parts[i] = string(r.Fault)
		if r.Calls != "" {
			parts[i] += "@" + string(r.Calls)
		}
		parts[i] += "=" + strconv.FormatFloat(r.Rate, 'g', -1, 64)
	}
	return strings.Join(parts, ",")
}

func checkRules(rules []Rule) error {
	seen := map[Rule]bool{}
	total := map[Calls]float64{}
	for _, r := range rules {
		if !slices.Contains(Faults(), r.Fault) {
			return fmt.Errorf("unknown fault %q (known: %s)", r.Fault, faultNames())
		}
		switch r.Calls {
		case "", Streams, Texts, JSON:
		default:
			return fmt.Errorf("fault %q: calls %q is not %s, %s or %s", r.Fault, r.Calls, Streams, Texts, JSON)
		}
		key := Rule{Fault: r.Fault, Calls: r.Calls}
		if seen[key] {
			return fmt.Errorf("fault %q given twice", FormatFaults([]Rule{r}))
		}
		seen[key] = true
		if math.IsNaN(r.Rate) || r.Rate < 0 || r.Rate > 1 {
			return fmt.Errorf("fault %q: rate %v is not between 0 and 1", r.Fault, r.Rate)
		}
		for _, c := range []Calls{Streams, Texts, JSON} {
			if r.Calls == "" || r.Calls == c {
				total[c] += r.Rate
			}
		}
	}
	for _, c := range []Calls{Streams, Texts, JSON} {
		if total[c] > 1+1e-9 {
			return fmt.Errorf("the rates on %s calls add up to %v, more than 1: a call plays one fault at most", c, total[c])
		}
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

// pick chooses the fault a call of a kind plays: the rules for the kind
// lay their rates end to end on [0, 1) and the draw falls in one of them
// or past them all.
func pick(rules []Rule, calls Calls, draw float64) Fault {
	at := 0.0
	for _, r := range rules {
		if r.Calls != "" && r.Calls != calls {
			continue
		}
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
