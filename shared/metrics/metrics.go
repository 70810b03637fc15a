// Package metrics names Chronicler's application metrics and writes them
// in CloudWatch's Embedded Metric Format (EMF): one JSON line a record on
// the function's log, which CloudWatch Logs turns into metrics with no API
// call and no permission. The stack's alarms and dashboard read the same
// names. Standard library only: the use cases may import it.
package metrics

import (
	"context"
	"encoding/json"
	"io"
	"slices"
	"sync"
	"time"
)

// The metrics. Latencies are in milliseconds; counts are per event.
const (
	// TurnLatency is a turn from its message to its commit.
	TurnLatency = "TurnLatency"
	// NarrationLatency is one narration from the call to its last text;
	// TimeToFirstText to its first.
	NarrationLatency = "NarrationLatency"
	TimeToFirstText  = "TimeToFirstText"
	// Narrations counts narrations; DegradedNarrations those the offline
	// narrator told because the model could not; ModelAccessDenied those
	// among them whose model the account may not call (access not
	// granted, or no such model in the region).
	Narrations         = "Narrations"
	DegradedNarrations = "DegradedNarrations"
	ModelAccessDenied  = "ModelAccessDenied"
	// InputTokens, OutputTokens and CostUSD are by model (DimModel).
	InputTokens  = "InputTokens"
	OutputTokens = "OutputTokens"
	CostUSD      = "CostUSD"
	// GuardBreaches counts narrations that broke the output contract.
	GuardBreaches = "GuardBreaches"
	// PushFailures counts messages a connection could not be sent.
	PushFailures = "PushFailures"
	// The sweep's counts, one record each per run; SweepFailures counts
	// the campaigns it failed on, and runs that failed as a whole.
	SweepExamined           = "SweepExamined"
	SweepClosed             = "SweepClosed"
	SweepAbandoned          = "SweepAbandoned"
	SweepConnectionsRemoved = "SweepConnectionsRemoved"
	SweepFailures           = "SweepFailures"
)

// DimModel is the dimension of the per-model metrics.
const DimModel = "Model"

// Unit is a CloudWatch unit.
type Unit string

// The units the metrics use.
const (
	Milliseconds Unit = "Milliseconds"
	Count        Unit = "Count"
	None         Unit = "None"
)

// Record is one value of one metric. Dims become CloudWatch dimensions
// (keep them few and low in cardinality); Props are kept on the log line
// only, searchable in Logs Insights (campaign, turn and request ids).
// Total publishes the value under no dimension as well, so the metric
// exists summed across every value of Dims: an alarm cannot SEARCH across
// dimension values, and must not list them (a model the stack did not
// name would go unwatched).
type Record struct {
	Name  string
	Value float64
	Unit  Unit
	Dims  map[string]string
	Props map[string]string
	Total bool
}

// Sink takes metric records. A nil Sink is valid where the use cases hold
// one: they record nothing.
type Sink interface {
	Put(ctx context.Context, r Record)
}

// EMF writes each record as one EMF line to W under Namespace. It is safe
// for concurrent use; each line goes out in one Write.
type EMF struct {
	Namespace string
	W         io.Writer
	Now       func() time.Time

	mu sync.Mutex
}

// Put writes r. A record without a name is dropped.
func (e *EMF) Put(_ context.Context, r Record) {
	if r.Name == "" {
		return
	}
	line, err := e.Line(r)
	if err != nil {
		return
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	_, _ = e.W.Write(line)
}

// Line is r as one EMF line, newline included.
func (e *EMF) Line(r Record) ([]byte, error) {
	now := time.Now
	if e.Now != nil {
		now = e.Now
	}
	unit := r.Unit
	if unit == "" {
		unit = None
	}
	doc := make(map[string]any, 2+len(r.Dims)+len(r.Props))
	for k, v := range r.Props {
		doc[k] = v
	}
	dims := make([]string, 0, len(r.Dims))
	for k, v := range r.Dims {
		doc[k] = v
		dims = append(dims, k)
	}
	doc[r.Name] = r.Value
	sets := [][]string{sorted(dims)}
	if r.Total && len(dims) > 0 {
		sets = append(sets, []string{})
	}
	doc["_aws"] = map[string]any{
		"Timestamp": now().UnixMilli(),
		"CloudWatchMetrics": []any{map[string]any{
			"Namespace":  e.Namespace,
			"Dimensions": sets,
			"Metrics":    []any{map[string]any{"Name": r.Name, "Unit": string(unit)}},
		}},
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func sorted(s []string) []string {
	slices.Sort(s)
	return s
}

// Memory keeps records in memory, for tests and the local server.
type Memory struct {
	mu      sync.Mutex
	records []Record
}

// Put keeps r.
func (m *Memory) Put(_ context.Context, r Record) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.records = append(m.records, r)
}

// Records returns the records kept so far, oldest first.
func (m *Memory) Records() []Record {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Record(nil), m.records...)
}

// Sum adds the values recorded under name.
func (m *Memory) Sum(name string) float64 {
	var s float64
	for _, r := range m.Records() {
		if r.Name == name {
			s += r.Value
		}
	}
	return s
}
