package statemachine

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"
)

// Machine is a loaded, validated state machine definition. It is immutable
// and may be shared by any number of executions.
type Machine struct {
	startAt string
	timeout time.Duration // top-level TimeoutSeconds; 0 means none
	states  map[string]*state
}

// States lists the machine's state names, sorted.
func (m *Machine) States() []string {
	names := make([]string, 0, len(m.states))
	for n := range m.states {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// The task resources the interpreter runs.
const (
	resourceLambdaInvoke = "arn:aws:states:::lambda:invoke"
	resourceLambdaWait   = "arn:aws:states:::lambda:invoke.waitForTaskToken"
)

var lambdaARN = regexp.MustCompile(`^arn:aws[a-z-]*:lambda:[a-z0-9-]+:\d{12}:function:[A-Za-z0-9_-]+(:[A-Za-z0-9_$-]+)?$`)

type resourceKind int

const (
	lambdaDirect resourceKind = iota + 1 // "arn:aws:lambda:...": the payload is the effective input, the result the function's answer
	lambdaInvoke                         // lambda:invoke: Parameters name FunctionName and Payload, the result wraps the answer
	lambdaWait                           // lambda:invoke.waitForTaskToken: the result is what SendTaskSuccess sends
)

type state struct {
	name, typ string
	next      string
	end       bool

	inputPath, outputPath, resultPath *path
	parameters, resultSelector        *template
	result                            any
	hasResult                         bool

	// Task
	resource                   string
	kind                       resourceKind
	timeout, heartbeat         time.Duration // 0 means none
	timeoutPath, heartbeatPath *path
	retry                      []retrier
	catch                      []catcher

	// Choice
	choices []*rule
	def     string

	// Wait
	seconds       time.Duration
	hasSeconds    bool
	secondsPath   *path
	timestamp     time.Time
	hasTimestamp  bool
	timestampPath *path

	// Fail
	errName, cause     string
	errPath, causePath *path
}

type retrier struct {
	errorEquals []string
	interval    float64 // seconds
	maxAttempts int
	backoff     float64
	maxDelay    float64 // seconds; 0 means no cap
}

// delay is the wait before retry number attempt (0-based) of this retrier.
func (r retrier) delay(attempt int) time.Duration {
	d := r.interval * math.Pow(r.backoff, float64(attempt))
	if r.maxDelay > 0 && d > r.maxDelay {
		d = r.maxDelay
	}
	return time.Duration(d * float64(time.Second))
}

type catcher struct {
	errorEquals []string
	resultPath  *path
	next        string
}

// Fields each state type may have. Anything else is refused by name.
var stateFields = map[string][]string{
	"Pass":    {"Type", "Comment", "QueryLanguage", "Next", "End", "InputPath", "OutputPath", "Parameters", "Result", "ResultPath"},
	"Task":    {"Type", "Comment", "QueryLanguage", "Next", "End", "InputPath", "OutputPath", "Parameters", "ResultSelector", "ResultPath", "Resource", "TimeoutSeconds", "TimeoutSecondsPath", "HeartbeatSeconds", "HeartbeatSecondsPath", "Retry", "Catch"},
	"Choice":  {"Type", "Comment", "QueryLanguage", "InputPath", "OutputPath", "Choices", "Default"},
	"Wait":    {"Type", "Comment", "QueryLanguage", "Next", "End", "InputPath", "OutputPath", "Seconds", "SecondsPath", "Timestamp", "TimestampPath"},
	"Succeed": {"Type", "Comment", "QueryLanguage", "InputPath", "OutputPath"},
	"Fail":    {"Type", "Comment", "QueryLanguage", "Error", "ErrorPath", "Cause", "CausePath"},
}

var topFields = []string{"Comment", "StartAt", "States", "TimeoutSeconds", "Version", "QueryLanguage"}

var placeholder = regexp.MustCompile(`\$\{[A-Za-z0-9_:.-]+\}`)

// Load parses and validates an ASL definition (JSONPath query language). It
// refuses, with a *LoadError naming the state and the field, every state
// type and field the interpreter does not run (Parallel, Map, JSONata,
// Assign, Credentials, intrinsic functions, ...), every placeholder left
// unsubstituted, transitions to missing states and unreachable states. All
// problems found are returned together (errors.Join).
func Load(definition string) (*Machine, error) {
	if ph := placeholder.FindAllString(definition, -1); len(ph) > 0 {
		slices.Sort(ph)
		return nil, &LoadError{Message: fmt.Sprintf("placeholders %s were not substituted (DefinitionSubstitutions)", strings.Join(slices.Compact(ph), ", "))}
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal([]byte(definition), &top); err != nil {
		return nil, &LoadError{Message: "not a JSON object: " + err.Error()}
	}
	l := &loader{}
	m := &Machine{states: map[string]*state{}}
	for _, k := range sortedKeys(top) {
		if !slices.Contains(topFields, k) {
			l.fail("", k, "is not supported at the top level (supported: %s)", strings.Join(topFields, ", "))
		}
	}
	l.queryLanguage("", top["QueryLanguage"])
	if v, ok := top["Version"]; ok {
		var s string
		if json.Unmarshal(v, &s) != nil || s != "1.0" {
			l.fail("", "Version", "must be \"1.0\"")
		}
	}
	if err := json.Unmarshal(top["StartAt"], &m.startAt); err != nil || m.startAt == "" {
		l.fail("", "StartAt", "is required and must name a state")
	}
	if v, ok := top["TimeoutSeconds"]; ok {
		m.timeout = l.seconds("", "TimeoutSeconds", v)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(top["States"], &raw); err != nil || len(raw) == 0 {
		l.fail("", "States", "is required and must be a non-empty object")
	}
	for _, name := range sortedKeys(raw) {
		if st := l.state(name, raw[name]); st != nil {
			m.states[name] = st
		}
	}
	if len(l.errs) == 0 {
		l.transitions(m)
	}
	if len(l.errs) > 0 {
		return nil, errors.Join(l.errs...)
	}
	return m, nil
}

type loader struct{ errs []error }

func (l *loader) fail(st, field, format string, args ...any) {
	l.errs = append(l.errs, &LoadError{State: st, Field: field, Message: fmt.Sprintf(format, args...)})
}

func (l *loader) queryLanguage(st string, v json.RawMessage) {
	if v == nil {
		return
	}
	var s string
	if json.Unmarshal(v, &s) != nil || s != "JSONPath" {
		l.fail(st, "QueryLanguage", "only \"JSONPath\" is supported (JSONata is not)")
	}
}

func (l *loader) state(name string, rawState json.RawMessage) *state {
	if len(name) > 80 {
		l.fail(name, "", "state names are at most 80 characters")
	}
	var f map[string]json.RawMessage
	if err := json.Unmarshal(rawState, &f); err != nil {
		l.fail(name, "", "must be a JSON object")
		return nil
	}
	st := &state{name: name}
	if json.Unmarshal(f["Type"], &st.typ) != nil {
		l.fail(name, "Type", "is required")
		return nil
	}
	allowed, ok := stateFields[st.typ]
	if !ok {
		l.fail(name, "Type", "%q is not supported by the local interpreter (supported: Task, Pass, Choice, Wait, Succeed, Fail)", st.typ)
		return nil
	}
	before := len(l.errs)
	for _, k := range sortedKeys(f) {
		if !slices.Contains(allowed, k) {
			l.fail(name, k, "is not supported in a %s state by the local interpreter (supported: %s)", st.typ, strings.Join(allowed, ", "))
		}
	}
	if len(l.errs) > before {
		return nil
	}
	l.queryLanguage(name, f["QueryLanguage"])
	st.inputPath = l.path(name, "InputPath", f["InputPath"], false)
	st.outputPath = l.path(name, "OutputPath", f["OutputPath"], false)
	st.resultPath = l.path(name, "ResultPath", f["ResultPath"], true)
	if v, ok := f["Parameters"]; ok {
		st.parameters = l.template(name, "Parameters", v)
	}
	if v, ok := f["ResultSelector"]; ok {
		st.resultSelector = l.template(name, "ResultSelector", v)
	}
	if v, ok := f["Result"]; ok {
		r, err := decodeJSON(v)
		if err != nil {
			l.fail(name, "Result", "%v", err)
		}
		st.result, st.hasResult = r, true
	}
	switch st.typ {
	case "Pass", "Task", "Wait":
		l.nextOrEnd(st, f)
	}
	switch st.typ {
	case "Task":
		l.task(st, f)
	case "Choice":
		l.choice(st, f)
	case "Wait":
		l.wait(st, f)
	case "Fail":
		l.failState(st, f)
	}
	if st.typ != "Task" {
		for _, p := range st.parameters.contextPaths() {
			if strings.HasPrefix(p, "$$.Task") {
				l.fail(name, "Parameters", "%s exists only in a .waitForTaskToken Task state", p)
			}
		}
	}
	return st
}

func (l *loader) nextOrEnd(st *state, f map[string]json.RawMessage) {
	next, hasNext := f["Next"]
	end, hasEnd := f["End"]
	if hasNext {
		if json.Unmarshal(next, &st.next) != nil || st.next == "" {
			l.fail(st.name, "Next", "must name a state")
		}
	}
	if hasEnd {
		if json.Unmarshal(end, &st.end) != nil || !st.end {
			l.fail(st.name, "End", "must be true when present")
		}
	}
	if hasNext == hasEnd {
		l.fail(st.name, "", "a %s state needs exactly one of Next or End", st.typ)
	}
}

func (l *loader) path(st, field string, v json.RawMessage, reference bool) *path {
	if v == nil {
		return nil
	}
	if string(v) == "null" {
		return &path{src: "null", null: true}
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		l.fail(st, field, "must be a path string or null")
		return nil
	}
	p, err := parsePath(s, false, reference)
	if err != nil {
		l.fail(st, field, "%v", err)
		return nil
	}
	return p
}

func (l *loader) template(st, field string, v json.RawMessage) *template {
	d, err := decodeJSON(v)
	if err != nil {
		l.fail(st, field, "%v", err)
		return nil
	}
	if _, ok := d.(map[string]any); !ok {
		l.fail(st, field, "must be a JSON object")
		return nil
	}
	t, err := parseTemplate(d, true)
	if err != nil {
		l.fail(st, field, "%v", err)
		return nil
	}
	return t
}

// seconds reads a positive whole number of seconds (at most 99999999).
func (l *loader) seconds(st, field string, v json.RawMessage) time.Duration {
	var n int64
	if json.Unmarshal(v, &n) != nil || n < 1 || n > 99999999 {
		l.fail(st, field, "must be a whole number of seconds from 1 to 99999999")
		return 0
	}
	return time.Duration(n) * time.Second
}

func (l *loader) task(st *state, f map[string]json.RawMessage) {
	if json.Unmarshal(f["Resource"], &st.resource) != nil || st.resource == "" {
		l.fail(st.name, "Resource", "is required")
		return
	}
	switch {
	case st.resource == resourceLambdaInvoke:
		st.kind = lambdaInvoke
	case st.resource == resourceLambdaWait:
		st.kind = lambdaWait
	case lambdaARN.MatchString(st.resource):
		st.kind = lambdaDirect
	default:
		l.fail(st.name, "Resource", "%q is not supported: the local interpreter runs %s, %s and Lambda function ARNs", st.resource, resourceLambdaInvoke, resourceLambdaWait)
	}
	if st.kind == lambdaInvoke || st.kind == lambdaWait {
		l.lambdaParameters(st)
	}
	if st.kind == lambdaWait {
		if !st.parameters.usesPath("$$.Task.Token") {
			l.fail(st.name, "Parameters", "a .waitForTaskToken task must pass \"$$.Task.Token\" (in a field ending in .$) so that a worker can answer it")
		}
	} else {
		for _, p := range append(st.parameters.contextPaths(), st.resultSelector.contextPaths()...) {
			if strings.HasPrefix(p, "$$.Task") {
				l.fail(st.name, "Parameters", "%s exists only in a .waitForTaskToken Task state", p)
			}
		}
	}
	if v, ok := f["TimeoutSeconds"]; ok {
		st.timeout = l.seconds(st.name, "TimeoutSeconds", v)
	}
	if v, ok := f["HeartbeatSeconds"]; ok {
		st.heartbeat = l.seconds(st.name, "HeartbeatSeconds", v)
	}
	st.timeoutPath = l.path(st.name, "TimeoutSecondsPath", f["TimeoutSecondsPath"], true)
	st.heartbeatPath = l.path(st.name, "HeartbeatSecondsPath", f["HeartbeatSecondsPath"], true)
	if f["TimeoutSeconds"] != nil && f["TimeoutSecondsPath"] != nil {
		l.fail(st.name, "TimeoutSecondsPath", "cannot be used with TimeoutSeconds")
	}
	if f["HeartbeatSeconds"] != nil && f["HeartbeatSecondsPath"] != nil {
		l.fail(st.name, "HeartbeatSecondsPath", "cannot be used with HeartbeatSeconds")
	}
	if st.timeout > 0 && st.heartbeat > 0 && st.heartbeat >= st.timeout {
		l.fail(st.name, "HeartbeatSeconds", "must be smaller than TimeoutSeconds")
	}
	if (st.heartbeat > 0 || st.heartbeatPath != nil) && st.kind != lambdaWait {
		l.fail(st.name, "HeartbeatSeconds", "only a .waitForTaskToken task can receive heartbeats here")
	}
	if v, ok := f["Retry"]; ok {
		l.retry(st, v)
	}
	if v, ok := f["Catch"]; ok {
		l.catch(st, v)
	}
}

// lambdaParameters checks the Parameters of a lambda:invoke integration:
// FunctionName and Payload, nothing the interpreter would have to ignore.
func (l *loader) lambdaParameters(st *state) {
	if st.parameters == nil {
		l.fail(st.name, "Parameters", "%s needs Parameters with FunctionName and Payload", st.resource)
		return
	}
	obj := st.parameters.value.(compiledObject)
	names := map[string]bool{}
	for k := range obj.plain {
		names[k] = true
	}
	for _, pf := range obj.fields {
		names[pf.name] = true
	}
	for _, k := range sortedKeys(names) {
		if k != "FunctionName" && k != "Payload" {
			l.fail(st.name, "Parameters."+k, "is not supported by the local interpreter (supported: FunctionName, Payload)")
		}
	}
	if !names["FunctionName"] {
		l.fail(st.name, "Parameters.FunctionName", "is required")
	}
	if !names["Payload"] {
		l.fail(st.name, "Parameters.Payload", "is required (the interpreter does not guess a default payload)")
	}
}

func (l *loader) errorEquals(st, field string, v any, last bool) []string {
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		l.fail(st, field, "ErrorEquals must be a non-empty array of error names")
		return nil
	}
	var names []string
	for _, x := range list {
		s, ok := x.(string)
		if !ok || s == "" {
			l.fail(st, field, "ErrorEquals must hold error names")
			return nil
		}
		names = append(names, s)
	}
	if slices.Contains(names, errAll) && (len(names) > 1 || !last) {
		l.fail(st, field, "States.ALL must appear alone, in the last entry")
	}
	return names
}

func (l *loader) retry(st *state, v json.RawMessage) {
	d, err := decodeJSON(v)
	list, ok := d.([]any)
	if err != nil || !ok {
		l.fail(st.name, "Retry", "must be an array of retriers")
		return
	}
	for i, x := range list {
		field := fmt.Sprintf("Retry[%d]", i)
		obj, ok := x.(map[string]any)
		if !ok {
			l.fail(st.name, field, "must be an object")
			continue
		}
		r := retrier{interval: 1, maxAttempts: 3, backoff: 2}
		for _, k := range sortedKeys(obj) {
			val := obj[k]
			switch k {
			case "ErrorEquals":
				r.errorEquals = l.errorEquals(st.name, field, val, i == len(list)-1)
			case "Comment":
			case "IntervalSeconds":
				n, ok := val.(int64)
				if !ok || n < 1 || n > 99999999 {
					l.fail(st.name, field+".IntervalSeconds", "must be a whole number from 1 to 99999999")
				}
				r.interval = float64(n)
			case "MaxAttempts":
				n, ok := val.(int64)
				if !ok || n < 0 || n > 99999999 {
					l.fail(st.name, field+".MaxAttempts", "must be a whole number from 0 to 99999999")
				}
				r.maxAttempts = int(n)
			case "BackoffRate":
				n, ok := number(val)
				if !ok || n.f < 1 {
					l.fail(st.name, field+".BackoffRate", "must be a number of at least 1.0")
				}
				r.backoff = n.f
			case "MaxDelaySeconds":
				n, ok := val.(int64)
				if !ok || n < 1 || n > 31622400 {
					l.fail(st.name, field+".MaxDelaySeconds", "must be a whole number from 1 to 31622400")
				}
				r.maxDelay = float64(n)
			case "JitterStrategy":
				if val != "NONE" {
					l.fail(st.name, field+".JitterStrategy", "only \"NONE\" is supported (FULL jitter would make retries unrepeatable)")
				}
			default:
				l.fail(st.name, field+"."+k, "is not a supported retrier field (supported: ErrorEquals, IntervalSeconds, MaxAttempts, BackoffRate, MaxDelaySeconds, JitterStrategy)")
			}
		}
		if r.errorEquals == nil && obj["ErrorEquals"] == nil {
			l.fail(st.name, field, "ErrorEquals is required")
		}
		st.retry = append(st.retry, r)
	}
}

func (l *loader) catch(st *state, v json.RawMessage) {
	d, err := decodeJSON(v)
	list, ok := d.([]any)
	if err != nil || !ok {
		l.fail(st.name, "Catch", "must be an array of catchers")
		return
	}
	for i, x := range list {
		field := fmt.Sprintf("Catch[%d]", i)
		obj, ok := x.(map[string]any)
		if !ok {
			l.fail(st.name, field, "must be an object")
			continue
		}
		var c catcher
		for _, k := range sortedKeys(obj) {
			val := obj[k]
			switch k {
			case "ErrorEquals":
				c.errorEquals = l.errorEquals(st.name, field, val, i == len(list)-1)
			case "Comment":
			case "Next":
				s, ok := val.(string)
				if !ok || s == "" {
					l.fail(st.name, field+".Next", "must name a state")
				}
				c.next = s
			case "ResultPath":
				raw, _ := json.Marshal(val)
				c.resultPath = l.path(st.name, field+".ResultPath", raw, true)
			default:
				l.fail(st.name, field+"."+k, "is not a supported catcher field (supported: ErrorEquals, Next, ResultPath)")
			}
		}
		if obj["ErrorEquals"] == nil {
			l.fail(st.name, field, "ErrorEquals is required")
		}
		if c.next == "" && obj["Next"] == nil {
			l.fail(st.name, field, "Next is required")
		}
		st.catch = append(st.catch, c)
	}
}

func (l *loader) choice(st *state, f map[string]json.RawMessage) {
	d, err := decodeJSON(f["Choices"])
	list, ok := d.([]any)
	if f["Choices"] == nil || err != nil || !ok || len(list) == 0 {
		l.fail(st.name, "Choices", "is required and must be a non-empty array of Choice Rules")
		return
	}
	for i, x := range list {
		r, err := parseRule(x, true)
		if err != nil {
			l.fail(st.name, fmt.Sprintf("Choices[%d]", i), "%v", err)
			continue
		}
		st.choices = append(st.choices, r)
	}
	if v, ok := f["Default"]; ok {
		if json.Unmarshal(v, &st.def) != nil || st.def == "" {
			l.fail(st.name, "Default", "must name a state")
		}
	}
}

func (l *loader) wait(st *state, f map[string]json.RawMessage) {
	n := 0
	if v, ok := f["Seconds"]; ok {
		n++
		var s int64
		if json.Unmarshal(v, &s) != nil || s < 0 || s > 99999999 {
			l.fail(st.name, "Seconds", "must be a whole number from 0 to 99999999")
		}
		st.seconds, st.hasSeconds = time.Duration(s)*time.Second, true
	}
	if v, ok := f["Timestamp"]; ok {
		n++
		var s string
		_ = json.Unmarshal(v, &s)
		t, ok := timestamp(s)
		if !ok {
			l.fail(st.name, "Timestamp", "must be an RFC 3339 timestamp with an uppercase T and Z, e.g. 2026-03-14T01:59:00Z")
		}
		st.timestamp, st.hasTimestamp = t, true
	}
	if v, ok := f["SecondsPath"]; ok {
		n++
		st.secondsPath = l.path(st.name, "SecondsPath", v, true)
	}
	if v, ok := f["TimestampPath"]; ok {
		n++
		st.timestampPath = l.path(st.name, "TimestampPath", v, true)
	}
	if n != 1 {
		l.fail(st.name, "", "a Wait state needs exactly one of Seconds, SecondsPath, Timestamp or TimestampPath")
	}
}

func (l *loader) failState(st *state, f map[string]json.RawMessage) {
	if v, ok := f["Error"]; ok && json.Unmarshal(v, &st.errName) != nil {
		l.fail(st.name, "Error", "must be a string")
	}
	if v, ok := f["Cause"]; ok && json.Unmarshal(v, &st.cause) != nil {
		l.fail(st.name, "Cause", "must be a string")
	}
	st.errPath = l.path(st.name, "ErrorPath", f["ErrorPath"], true)
	st.causePath = l.path(st.name, "CausePath", f["CausePath"], true)
	if f["Error"] != nil && f["ErrorPath"] != nil {
		l.fail(st.name, "ErrorPath", "cannot be used with Error")
	}
	if f["Cause"] != nil && f["CausePath"] != nil {
		l.fail(st.name, "CausePath", "cannot be used with Cause")
	}
}

// transitions checks that every transition names a state and that every
// state can be reached from StartAt.
func (l *loader) transitions(m *Machine) {
	if _, ok := m.states[m.startAt]; !ok {
		l.fail("", "StartAt", "names %q, which is not a state", m.startAt)
		return
	}
	targets := func(st *state) map[string]string { // target -> field
		t := map[string]string{}
		add := func(to, field string) {
			if to != "" {
				t[to] = field
			}
		}
		add(st.next, "Next")
		add(st.def, "Default")
		for i, r := range st.choices {
			add(r.next, fmt.Sprintf("Choices[%d].Next", i))
		}
		for i, c := range st.catch {
			add(c.next, fmt.Sprintf("Catch[%d].Next", i))
		}
		return t
	}
	for _, name := range m.States() {
		for to, field := range targets(m.states[name]) {
			if _, ok := m.states[to]; !ok {
				l.fail(name, field, "names %q, which is not a state", to)
			}
		}
	}
	seen := map[string]bool{m.startAt: true}
	queue := []string{m.startAt}
	for len(queue) > 0 {
		st := m.states[queue[0]]
		queue = queue[1:]
		for to := range targets(st) {
			if _, ok := m.states[to]; ok && !seen[to] {
				seen[to] = true
				queue = append(queue, to)
			}
		}
	}
	for _, name := range m.States() {
		if !seen[name] {
			l.fail(name, "", "is not reachable from StartAt %q", m.startAt)
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
