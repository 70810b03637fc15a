package metrics_test

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"chronicler/shared/metrics"
)

func TestEMFLine(t *testing.T) {
	var buf bytes.Buffer
	e := &metrics.EMF{Namespace: "Chronicler/Test", W: &buf, Now: func() time.Time { return time.UnixMilli(1700000000123) }}
	e.Put(context.Background(), metrics.Record{Name: metrics.CostUSD, Value: 0.25, Dims: map[string]string{metrics.DimModel: "m1"},
		Props: map[string]string{"campaign": "c1"}})
	e.Put(context.Background(), metrics.Record{Name: metrics.Narrations, Value: 1, Unit: metrics.Count})
	e.Put(context.Background(), metrics.Record{}) // no name: dropped
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2:\n%s", len(lines), buf.String())
	}
	var doc struct {
		AWS struct {
			Timestamp         int64
			CloudWatchMetrics []struct {
				Namespace  string
				Dimensions [][]string
				Metrics    []struct{ Name, Unit string }
			}
		} `json:"_aws"`
		Model    string
		CostUSD  float64
		Campaign string `json:"campaign"`
	}
	if err := json.Unmarshal([]byte(lines[0]), &doc); err != nil {
		t.Fatal(err)
	}
	d := doc.AWS.CloudWatchMetrics[0]
	if doc.AWS.Timestamp != 1700000000123 || d.Namespace != "Chronicler/Test" || len(d.Dimensions) != 1 || len(d.Dimensions[0]) != 1 ||
		d.Dimensions[0][0] != "Model" || d.Metrics[0].Name != "CostUSD" || d.Metrics[0].Unit != "None" {
		t.Errorf("directive %+v at %d, want CostUSD by Model in Chronicler/Test", d, doc.AWS.Timestamp)
	}
	if doc.Model != "m1" || doc.CostUSD != 0.25 || doc.Campaign != "c1" {
		t.Errorf("members %+v, want the dimension, the value and the property", doc)
	}
	if !strings.Contains(lines[1], `"Dimensions":[[]]`) || !strings.Contains(lines[1], `"Unit":"Count"`) {
		t.Errorf("a metric with no dimension: %s", lines[1])
	}
}

// A record with Total is one line with two dimension sets: by its
// dimensions, and none (the sum across them, which an alarm reads).
func TestEMFTotalAddsTheUndimensionedSet(t *testing.T) {
	var buf bytes.Buffer
	e := &metrics.EMF{Namespace: "N", W: &buf}
	e.Put(context.Background(), metrics.Record{Name: metrics.CostUSD, Value: 0.5, Dims: map[string]string{metrics.DimModel: "m1"}, Total: true})
	e.Put(context.Background(), metrics.Record{Name: metrics.PushFailures, Value: 1, Total: true})
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2:\n%s", len(lines), buf.String())
	}
	if !strings.Contains(lines[0], `"Dimensions":[["Model"],[]]`) || !strings.Contains(lines[0], `"CostUSD":0.5`) {
		t.Errorf("a total by model: %s, want the value once under [Model] and []", lines[0])
	}
	// With no dimensions the one set already is the total.
	if !strings.Contains(lines[1], `"Dimensions":[[]]`) {
		t.Errorf("a total without dimensions: %s, want the one empty set", lines[1])
	}
}

// Lines written at once stay whole.
func TestEMFConcurrent(t *testing.T) {
	var buf bytes.Buffer
	e := &metrics.EMF{Namespace: "N", W: &buf}
	var wg sync.WaitGroup
	for range 50 {
		wg.Go(func() { e.Put(context.Background(), metrics.Record{Name: "X", Value: 1}) })
	}
	wg.Wait()
	for _, l := range strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n") {
		if !json.Valid([]byte(l)) {
			t.Fatalf("line %q is not JSON", l)
		}
	}
}
