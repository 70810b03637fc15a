package narrator

import (
	"errors"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// maxSentence bounds how much text the gate holds waiting for a sentence
// to end: past it, the text up to its last space counts as a sentence.
const maxSentence = 600

// errBreach stops a stream at a sentence that broke the contract;
// errClosed refuses pieces of a call that was given up.
var (
	errBreach = errors.New("a sentence broke the output contract")
	errClosed = errors.New("the narration was given up")
)

// gate stands between a stream and the table: it holds each sentence
// until it is whole, checks it, and shows it only if it passes. What was
// shown is the narration, across every call of a turn.
type gate struct {
	check *Checker
	table Table

	mu     sync.Mutex
	shown  strings.Builder
	notify chan struct{} // a sentence was shown
}

func newGate(check *Checker, table Table) *gate {
	return &gate{check: check, table: table, notify: make(chan struct{}, 1)}
}

// text is what was shown so far.
func (g *gate) text() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.shown.String()
}

// slow tells the table the narrator is slow, between sentences.
func (g *gate) slow(reason string) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.table.Slow(reason)
}

// call is one call's stream through the gate. In cut mode a sentence that
// breaks the contract is dropped and the stream goes on; otherwise the
// stream stops there (errBreach) so the turn can be retried.
type call struct {
	g          *gate
	cut        bool
	buf        strings.Builder
	closed     bool
	violations []Violation // in the order found, each once
	broken     bool        // stopped at a breach
	err        error       // the table's error, which ends the turn
	received   int         // tokens of the pieces received, estimated
}

func (g *gate) call(cut bool) *call { return &call{g: g, cut: cut} }

// add takes a piece of the stream and shows the sentences it completes.
func (c *call) add(piece string) error {
	c.g.mu.Lock()
	defer c.g.mu.Unlock()
	if c.closed {
		return errClosed
	}
	c.received += EstimateTokens(piece)
	c.buf.WriteString(piece)
	done, rest := sentences(c.buf.String(), false)
	c.buf.Reset()
	c.buf.WriteString(rest)
	return c.pass(done)
}

// end shows what is left once the stream has finished, and closes the
// call.
func (c *call) end() error {
	c.g.mu.Lock()
	defer c.g.mu.Unlock()
	if c.closed {
		return errClosed
	}
	done, _ := sentences(c.buf.String(), true)
	c.buf.Reset()
	err := c.pass(done)
	c.closed = true
	return err
}

// close gives the call up: what it holds is dropped, and later pieces are
// refused. It waits for a sentence being shown.
func (c *call) close() {
	c.g.mu.Lock()
	defer c.g.mu.Unlock()
	c.closed = true
	c.buf.Reset()
}

// pass checks each sentence and shows those that pass, in one push. Its
// caller holds the lock.
func (c *call) pass(done []string) error {
	var out strings.Builder
	stop := false
	for _, s := range done {
		if strings.TrimSpace(s) == "" {
			out.WriteString(s)
			continue
		}
		before := c.g.shown.String() + out.String()
		vs := c.g.check.check(s, before != "" && !strings.HasSuffix(before, "\n"))
		if i := slices.Index(vs, Veil); i >= 0 {
			// A veiled subject is never told: the scene fades, once a
			// narration, and the story goes on past it.
			if !containsViolation(c.violations, Veil) {
				c.violations = append(c.violations, Veil)
			}
			vs = slices.Delete(vs, i, i+1)
			if len(vs) == 0 {
				if strings.Contains(before, Faded) {
					continue
				}
				s = Faded + s[len(strings.TrimRightFunc(s, unicode.IsSpace)):]
			}
		}
		if len(vs) > 0 {
			for _, v := range vs {
				if !containsViolation(c.violations, v) {
					c.violations = append(c.violations, v)
				}
			}
			if !c.cut {
				stop = true
				break
			}
			continue
		}
		if before != "" && !endsSpace(before) && !startsSpace(s) {
			s = " " + s
		}
		out.WriteString(s)
	}
	if strings.TrimSpace(out.String()) != "" {
		if err := c.g.table.Show(out.String()); err != nil {
			c.err, c.closed = err, true
			return err
		}
		c.g.shown.WriteString(out.String())
		select {
		case c.g.notify <- struct{}{}:
		default:
		}
	}
	if stop {
		c.broken, c.closed = true, true
		c.buf.Reset()
		return errBreach
	}
	return nil
}

func containsViolation(vs []Violation, v Violation) bool {
	for _, x := range vs {
		if x == v {
			return true
		}
	}
	return false
}

func endsSpace(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return unicode.IsSpace(r)
}

func startsSpace(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsSpace(r)
}

// sentences cuts the whole sentences off the front of text: each ends
// with its closing punctuation (. ! ? …, then any closing quotes or
// brackets) and the white space after it, or with a line break. The
// punctuation alone does not end one until the next character shows it
// is not "4.2" or "...": the rest is held, unless final, when it is a
// sentence too. Text longer than maxSentence without an end is cut at its
// last space.
func sentences(text string, final bool) (done []string, rest string) {
	start := 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch {
		case r == '\n':
			j := i + size
			for j < len(text) && (text[j] == '\n' || text[j] == '\r') {
				j++
			}
			done = append(done, text[start:j])
			start, i = j, j
			continue
		case r == '.' || r == '!' || r == '?' || r == '…':
			j := i + size
			for j < len(text) {
				r2, s2 := utf8.DecodeRuneInString(text[j:])
				if !strings.ContainsRune(".!?…\"'”’»)]", r2) {
					break
				}
				j += s2
			}
			if j == len(text) {
				i = j
				continue // the next piece says whether the sentence ended
			}
			r2, _ := utf8.DecodeRuneInString(text[j:])
			if r2 == ' ' || r2 == '\t' {
				k := j
				for k < len(text) && (text[k] == ' ' || text[k] == '\t') {
					k++
				}
				done = append(done, text[start:k])
				start, i = k, k
				continue
			}
			i = j
			continue
		}
		i += size
	}
	rest = text[start:]
	if final {
		if rest != "" {
			done = append(done, rest)
		}
		return done, ""
	}
	for len(rest) > maxSentence {
		cut := strings.LastIndexAny(rest[:maxSentence], " \t")
		if cut <= 0 {
			cut = maxSentence
			for cut > 0 && !utf8.RuneStart(rest[cut]) {
				cut--
			}
		} else {
			cut++
		}
		done = append(done, rest[:cut])
		rest = rest[cut:]
	}
	return done, rest
}
