// Package gz compresses what the stores keep gzipped: the narrative
// memory, and the event messages too large for an item as they are. One
// place, with its writers kept between calls: a new gzip.Writer allocates
// its tables afresh, a quarter of a turn's garbage under load.
package gz

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"sync"
)

var writers = sync.Pool{New: func() any { return gzip.NewWriter(nil) }}

// Compress is data gzipped.
func Compress(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw := writers.Get().(*gzip.Writer)
	defer func() {
		zw.Reset(io.Discard) // the pool keeps the writer, not this call's output
		writers.Put(zw)
	}()
	zw.Reset(&buf)
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ErrTooLarge is Decompress's answer for data that inflates past its bound.
var ErrTooLarge = errors.New("gzip: decompressed data exceeds its bound")

// Decompress is gzipped data inflated, at most max bytes of it: damaged or
// hostile data cannot take more memory than that.
func Decompress(data []byte, max int) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	out, err := io.ReadAll(io.LimitReader(zr, int64(max)+1))
	if err != nil {
		return nil, err
	}
	if len(out) > max {
		return nil, ErrTooLarge
	}
	return out, nil
}
