package standin

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Config sets a stand-in up. Zero values take the defaults.
type Config struct {
	// Seed makes the faults' draws and the prose's wording repeatable.
	Seed uint64
	// Faults are played on a share of the calls each (see ParseFaults);
	// SetFaults changes them while the server runs.
	Faults []Rule
	// Stall is how long Stall and StallMid wait before going on;
	// default 90 s, longer than either adapter's whole-call timeout.
	Stall time.Duration
	// Pace is the pause before each piece of a stream; default none.
	Pace time.Duration
	// ErrorAfter is how many pieces a mid-stream fault (StallMid, Cut,
	// StreamError, StreamThrottle, Malformed) lets through first; 0 is the
	// default, 1, and a negative value lets none through.
	ErrorAfter int
	// MinCacheTokens is the shortest prefix the prompt cache keeps, as
	// the stand-in counts tokens; 0 is Bedrock's minimum for the model
	// (4,096 for Haiku 4.5, 1,024 otherwise, also for OpenAI's automatic
	// caching), negative caches any prefix.
	MinCacheTokens int
	// Now times the request log and the cache's lifetime; default
	// time.Now.
	Now func() time.Time
	// Words, when set, makes a narration run Words.Min to Words.Max
	// words (drawn for each call), as a model told to write two to five
	// sentences often does: sentences of the place's colour come between
	// the rules result and the closing. Acknowledgements, answers out of
	// character and continuations stay one or two sentences. Zero: two or
	// three sentences, about 30 words.
	Words Words
	// MaxLog is how many requests the log keeps, dropping the oldest;
	// default 5,000 (a 160-turn session makes about 700 calls).
	MaxLog int
}

// Server is a model stand-in: an http.Handler for the OpenAI and Bedrock
// APIs and its own control endpoint (see ServeHTTP). It is safe for
// concurrent use.
type Server struct {
	// URL is the base URL of a server made by Start ("http://127.0.0.1:port"):
	// the Bedrock endpoint as it is, OpenAI's base with "/v1" added.
	URL string

	cfg        Config
	mux        *http.ServeMux
	httpServer *httptest.Server
	done       chan struct{}
	closeOnce  sync.Once

	mu    sync.Mutex
	rules []Rule
	seed  uint64
	seen  map[[32]byte]int
	log   []Request
	seq   int
	cache map[[32]byte]cached
	// swept is when the cache was last rid of its expired entries.
	swept time.Time
}

// New returns a stand-in to serve with any http.Server. Errors are an
// invalid fault list.
func New(cfg Config) (*Server, error) {
	if err := checkRules(cfg.Faults); err != nil {
		return nil, err
	}
	if cfg.Stall <= 0 {
		cfg.Stall = 90 * time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.MaxLog <= 0 {
		cfg.MaxLog = 5000
	}
	switch {
	case cfg.ErrorAfter == 0:
		cfg.ErrorAfter = 1
	case cfg.ErrorAfter < 0:
		cfg.ErrorAfter = 0
	}
	s := &Server{cfg: cfg, done: make(chan struct{}),
		rules: append([]Rule(nil), cfg.Faults...), seed: cfg.Seed,
		seen: map[[32]byte]int{}, cache: map[[32]byte]cached{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", s.openAI)
	mux.HandleFunc("POST /chat/completions", s.openAI)
	mux.HandleFunc("GET /v1/models", s.models)
	mux.HandleFunc("POST /model/{model}/converse", s.bedrock)
	mux.HandleFunc("POST /model/{model}/converse-stream", s.bedrock)
	mux.HandleFunc("GET /standin/faults", s.getFaults)
	mux.HandleFunc("PUT /standin/faults", s.putFaults)
	mux.HandleFunc("POST /standin/faults", s.putFaults)
	mux.HandleFunc("GET /standin/requests", s.getRequests)
	mux.HandleFunc("DELETE /standin/requests", s.deleteRequests)
	s.mux = mux
	return s, nil
}

// Start returns a stand-in serving on a free loopback port, at s.URL.
// Close stops it.
func Start(cfg Config) (*Server, error) {
	s, err := New(cfg)
	if err != nil {
		return nil, err
	}
	s.httpServer = httptest.NewServer(s)
	s.URL = s.httpServer.URL
	return s, nil
}

// Close ends every stall at once, so calls in flight finish, and stops a
// server made by Start.
func (s *Server) Close() {
	s.closeOnce.Do(func() { close(s.done) })
	if s.httpServer != nil {
		s.httpServer.Close()
	}
}

// ServeHTTP answers:
//
//	POST /v1/chat/completions          OpenAI chat completions (also without /v1)
//	GET  /v1/models                    the one model it claims to be
//	POST /model/{id}/converse          Bedrock Converse
//	POST /model/{id}/converse-stream   Bedrock ConverseStream
//	GET  /standin/faults               the faults and the seed, as JSON
//	PUT  /standin/faults[?seed=N]      set them: the body is a fault list ("invent=0.3,stall=0.1"; empty for none)
//	GET  /standin/requests[?after=N]   the request log, as JSON (requests after sequence number N)
//	DELETE /standin/requests           forget the log, the repeat counts and the cache
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// SetFaults replaces the faults; calls already under way keep theirs.
// Errors are an invalid fault list, which changes nothing.
func (s *Server) SetFaults(rules ...Rule) error {
	if err := checkRules(rules); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.rules = append([]Rule(nil), rules...)
	return nil
}

// Faults are the faults now played.
func (s *Server) Faults() []Rule {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Rule(nil), s.rules...)
}

// SetSeed changes the seed and forgets which requests were seen, so that
// the calls that follow draw as a fresh server with this seed would.
func (s *Server) SetSeed(seed uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seed = seed
	clear(s.seen)
}

// Seed is the seed now in use.
func (s *Server) Seed() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seed
}

// Requests are the requests received, oldest first, each with what the
// stand-in did about it so far (a call under way has Status 0).
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Request, len(s.log))
	for i, r := range s.log {
		out[i] = r.clone()
	}
	return out
}

// Reset forgets the request log, the repeat counts behind the draws and
// the prompt cache.
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.log = nil
	clear(s.seen)
	clear(s.cache)
}

// Message is one message of a request: its role (system, user,
// assistant) and its text.
type Message struct {
	Role string `json:"role"`
	Text string `json:"text"`
}

// Tool is a tool a request offered.
type Tool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Schema      json.RawMessage `json:"schema,omitempty"`
}

// Usage is the tokens the stand-in reported for a call, as Bedrock counts
// them: Input excludes what was read from or written to the cache.
// OpenAI's prompt_tokens is Input plus CacheRead.
type Usage struct {
	Input      int `json:"input"`
	Output     int `json:"output"`
	CacheRead  int `json:"cache_read,omitempty"`
	CacheWrite int `json:"cache_write,omitempty"`
	// CacheWriteHour is the part of CacheWrite written behind a cache
	// point with a one-hour TTL (Bedrock's cacheDetails); the rest was
	// written for five minutes.
	CacheWriteHour int `json:"cache_write_1h,omitempty"`
}

// Request is one request the stand-in received, and what it did about it.
type Request struct {
	Seq  int       `json:"seq"` // 1 for the first request the server received
	Time time.Time `json:"time"`
	API  string    `json:"api"` // openai or bedrock
	Path string    `json:"path"`
	// Model is the model asked for: the body's model (OpenAI) or the
	// path's model id (Bedrock).
	Model  string `json:"model"`
	Stream bool   `json:"stream"`
	// System is the system prompt: Bedrock's system text blocks, or the
	// contents of OpenAI's system messages. Messages are the others.
	System     []string  `json:"system,omitempty"`
	Messages   []Message `json:"messages,omitempty"`
	Tools      []Tool    `json:"tools,omitempty"`
	ToolChoice string    `json:"tool_choice,omitempty"` // the tool the request requires
	MaxTokens  int       `json:"max_tokens,omitempty"`
	// Form is the structured answer the prompt asks for as one JSON
	// object (read_intent, record_fold, define_terms), empty for prose.
	// Prefill is the start of the answer a Bedrock request wrote for the
	// model (a last assistant message), which the answer goes on from;
	// JSONMode is an OpenAI request's response_format json_object.
	Form     string `json:"form,omitempty"`
	Prefill  string `json:"prefill,omitempty"`
	JSONMode bool   `json:"json_mode,omitempty"`
	// CachePoint: a Bedrock request put a cache point among its system
	// blocks; CacheTTL is the first one's ("1h"; empty for the default
	// five minutes), CachePoints how many it put.
	CachePoint  bool   `json:"cache_point,omitempty"`
	CacheTTL    string `json:"cache_ttl,omitempty"`
	CachePoints int    `json:"cache_points,omitempty"`
	// Body is the request's body as received.
	Body []byte `json:"-"`

	// Fault is the fault played on the call, empty for none.
	Fault Fault `json:"fault,omitempty"`
	// Status is the HTTP status answered, 0 while the answer has not
	// begun.
	Status int `json:"status,omitempty"`
	// Text is what was answered: prose, or a structured answer's text
	// (after the prefill, when there was one). Usage is what the answer
	// reported.
	Text  string `json:"text,omitempty"`
	Usage Usage  `json:"usage"`
}

// Prompt is the request's whole prompt: the system part, then every
// message, separated by blank lines.
func (r Request) Prompt() string {
	return prompt{system: r.System, messages: r.Messages}.text()
}

func (r Request) clone() Request {
	r.System = append([]string(nil), r.System...)
	r.Messages = append([]Message(nil), r.Messages...)
	r.Tools = append([]Tool(nil), r.Tools...)
	return r
}

// begin logs a request and draws its fault.
func (s *Server) begin(r *http.Request, body []byte, p prompt) (seq int, fault Fault, seed uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	key := bodyKey(body)
	nth := s.seen[key]
	s.seen[key]++
	fault = pick(s.rules, callsOf(p), draw(s.seed, body, nth))
	s.seq++
	if len(s.log) >= s.cfg.MaxLog {
		s.log = append(s.log[:0], s.log[len(s.log)-s.cfg.MaxLog+1:]...)
	}
	s.log = append(s.log, Request{Seq: s.seq, Time: s.cfg.Now(), API: p.api, Path: r.URL.Path, Model: p.model, Stream: p.stream,
		System: p.system, Messages: p.messages, Tools: p.tools, ToolChoice: p.toolChoice, MaxTokens: p.maxTokens,
		Form: p.form(), Prefill: p.prefill(), JSONMode: p.jsonMode,
		CachePoint: len(p.points) > 0, CacheTTL: firstTTL(p.points), CachePoints: len(p.points), Body: body, Fault: fault})
	return s.seq, fault, s.seed
}

// record updates the logged request seq with what was answered.
func (s *Server) record(seq int, update func(*Request)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := len(s.log) - 1; i >= 0; i-- {
		if s.log[i].Seq == seq {
			update(&s.log[i])
			return
		}
	}
}

// answered records the reply and its usage.
func (s *Server) answered(seq, status int, rep reply, u Usage) {
	s.record(seq, func(r *Request) {
		r.Status, r.Text, r.Usage = status, rep.text, u
	})
}

// failed records an answer that carried no reply.
func (s *Server) failed(seq, status int) {
	s.record(seq, func(r *Request) { r.Status = status })
}

// usage counts a call's tokens, reading and writing the prompt cache as
// Anthropic's models on Bedrock do: each cache point caches the system
// blocks before it, for its TTL, when they make the model's shortest
// cacheable prefix; a call reads the longest prefix cached before, found
// at a cache point or at one of the 20 block boundaries before it, and
// writes what its cacheable points add past that. OpenAI caches the
// system message by itself, for five minutes, and reports only reads.
func (s *Server) usage(p prompt, out string) Usage {
	in := p.text()
	for _, t := range p.tools {
		in += t.Name + t.Description + string(t.Schema)
	}
	u := Usage{Input: tokens(in), Output: max(tokens(out), 1)}
	if len(p.system) == 0 {
		return u
	}
	points := p.points
	if p.api == "openai" {
		points = []cachePoint{{after: len(p.system)}}
	}
	least := s.cfg.MinCacheTokens
	if least == 0 {
		least = 1024
		if strings.Contains(p.model, "haiku") {
			least = 4096
		}
	}
	prefix := func(n int) string { return strings.Join(p.system[:n], "\n\n") }
	key := func(n int) [32]byte { return sha256.Sum256([]byte(p.api + "\x00" + p.model + "\x00" + prefix(n))) }
	now := s.cfg.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sweep(now)
	read := 0 // the blocks read from the cache
	for i := len(points) - 1; i >= 0 && read == 0; i-- {
		for n := points[i].after; n > max(points[i].after-20, 0); n-- {
			if k := key(n); now.Before(s.cache[k].until) {
				read = n
				c := s.cache[k]
				s.cache[k] = cached{until: now.Add(c.ttl), ttl: c.ttl}
				break
			}
		}
	}
	written, hour := read, 0
	for _, pt := range points {
		if pt.after <= read || tokens(prefix(pt.after)) < least {
			continue
		}
		ttl := 5 * time.Minute
		if pt.ttl == "1h" {
			ttl = time.Hour
			// The blocks since the last point written are written for
			// this point's hour.
			hour += tokens(prefix(pt.after)) - tokens(prefix(written))
		}
		s.cache[key(pt.after)] = cached{until: now.Add(ttl), ttl: ttl}
		written = pt.after
	}
	if read > 0 {
		u.CacheRead = tokens(prefix(read))
	}
	if p.api == "bedrock" && written > read {
		u.CacheWrite = tokens(prefix(written)) - u.CacheRead
		u.CacheWriteHour = min(hour, u.CacheWrite)
	}
	u.Input -= u.CacheRead + u.CacheWrite
	return u
}

// cached is a prefix in the prompt cache: kept until, each read keeping
// it ttl longer.
type cached struct {
	until time.Time
	ttl   time.Duration
}

// sweepEvery is how often, on the stand-in's clock, the cache is rid of
// the entries no call read before they expired: the shortest TTL, so a
// long run holds no more than the prefixes of its last hour or so.
const sweepEvery = 5 * time.Minute

// sweep drops the cache's expired entries, when sweepEvery has passed
// since the last sweep. s.mu is held.
func (s *Server) sweep(now time.Time) {
	if now.Sub(s.swept) < sweepEvery {
		return
	}
	s.swept = now
	for k, c := range s.cache {
		if !now.Before(c.until) {
			delete(s.cache, k)
		}
	}
}

// firstTTL is the first cache point's lifetime, "" for none.
func firstTTL(points []cachePoint) string {
	if len(points) == 0 {
		return ""
	}
	return points[0].ttl
}

// wait pauses for d, the pace or a stall; false when the caller left or
// the server is closing.
func (s *Server) wait(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
	case <-s.done:
	}
	return false
}

// maxBody bounds a request body.
const maxBody = 8 << 20

func readBody(r *http.Request) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxBody {
		return nil, fmt.Errorf("body longer than %d bytes", maxBody)
	}
	return b, nil
}

var wordRE = regexp.MustCompile(`\S+\s*`)

// Pieces cuts text into the deltas a stream sends it in: a few words each,
// white space kept, so the pieces join back into the text.
func Pieces(text string) []string {
	lead := text[:len(text)-len(strings.TrimLeft(text, " \t\n"))]
	words := wordRE.FindAllString(text, -1)
	var out []string
	for i := 0; i < len(words); i += 4 {
		out = append(out, strings.Join(words[i:min(i+4, len(words))], ""))
	}
	if len(out) > 0 {
		out[0] = lead + out[0]
	}
	return out
}

// abort drops the connection under a response, as a network cut does.
// cut logs call seq failed, sends the first half of the whole answer b
// and breaks the connection: a body cut short.
func (s *Server) cut(w http.ResponseWriter, seq int, b []byte) {
	s.failed(seq, http.StatusOK)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusOK)
	w.Write(b[:len(b)/2])
	abort(w)
}

func abort(w http.ResponseWriter) {
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
	panic(http.ErrAbortHandler)
}

func flush(w http.ResponseWriter) {
	if f, ok := w.(http.Flusher); ok {
		f.Flush()
	}
}

func (s *Server) getFaults(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.faultState())
}

func (s *Server) faultState() map[string]any {
	rules := s.Faults()
	if rules == nil {
		rules = []Rule{}
	}
	return map[string]any{"seed": s.Seed(), "faults": FormatFaults(rules), "rules": rules}
}

func (s *Server) putFaults(w http.ResponseWriter, r *http.Request) {
	body, err := readBody(r)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	rules, err := ParseFaults(string(body))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var seed uint64
	hasSeed := r.URL.Query().Has("seed")
	if hasSeed {
		if seed, err = strconv.ParseUint(r.URL.Query().Get("seed"), 10, 64); err != nil {
			http.Error(w, "seed must be a whole number", http.StatusBadRequest)
			return
		}
	}
	if err := s.SetFaults(rules...); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if hasSeed {
		s.SetSeed(seed)
	}
	writeJSON(w, http.StatusOK, s.faultState())
}

func (s *Server) getRequests(w http.ResponseWriter, r *http.Request) {
	after := 0
	if v := r.URL.Query().Get("after"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			http.Error(w, "after must be a whole number", http.StatusBadRequest)
			return
		}
		after = n
	}
	out := []Request{}
	for _, req := range s.Requests() {
		if req.Seq > after {
			out = append(out, req)
		}
	}
	writeJSON(w, http.StatusOK, out)
}

func (s *Server) deleteRequests(w http.ResponseWriter, r *http.Request) {
	s.Reset()
	w.WriteHeader(http.StatusNoContent)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(b)
}

// streamLog is the log of a streamed answer: the pieces sent, and the
// usage once reported. write logs it once, whether the stream ends whole
// or is given up.
type streamLog struct {
	s     *Server
	seq   int
	sent  strings.Builder
	usage Usage
	done  bool
}

func (l *streamLog) write() {
	if !l.done {
		l.done = true
		l.s.answered(l.seq, http.StatusOK, reply{text: l.sent.String()}, l.usage)
	}
}

// streamFrames are the frames a wire sends for the faults that end a
// streamed answer early: a stream error, a throttle, a broken frame.
type streamFrames struct {
	streamError, throttle, malformed func()
}

// streamText sends the pieces ps through piece at the configured pace,
// playing fault once Config.ErrorAfter pieces have gone, in the frames of the
// wire. It reports whether the stream may go on to its end: false when
// the fault ended it, the caller went away, or piece failed.
func (s *Server) streamText(ctx context.Context, w http.ResponseWriter, fault Fault, ps []string, f streamFrames, piece func(string) bool) bool {
	for i := 0; i <= len(ps); i++ {
		if i == min(s.cfg.ErrorAfter, len(ps)) {
			switch fault {
			case StallMid:
				if !s.wait(ctx, s.cfg.Stall) {
					return false
				}
			case Cut:
				abort(w)
			case StreamError:
				f.streamError()
				return false
			case StreamThrottle:
				f.throttle()
				return false
			case Malformed:
				f.malformed()
			}
		}
		if i == len(ps) {
			break
		}
		if !s.wait(ctx, s.cfg.Pace) || !piece(ps[i]) {
			return false
		}
	}
	return true
}
