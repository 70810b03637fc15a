package gz

import (
	"bytes"
	"errors"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	for _, data := range [][]byte{nil, []byte("x"), bytes.Repeat([]byte("the goblin falls. "), 5000)} {
		z, err := Compress(data)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Decompress(z, len(data))
		if err != nil || !bytes.Equal(got, data) {
			t.Fatalf("round trip of %d bytes: %d bytes, %v", len(data), len(got), err)
		}
	}
}

func TestDecompressBounds(t *testing.T) {
	z, err := Compress(bytes.Repeat([]byte("a"), 1000))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Decompress(z, 999); !errors.Is(err, ErrTooLarge) {
		t.Errorf("1000 bytes under a bound of 999: %v, want ErrTooLarge", err)
	}
	if _, err := Decompress([]byte("not gzip"), 10); err == nil {
		t.Error("garbage decompressed")
	}
	if _, err := Decompress(z[:len(z)/2], 1000); err == nil {
		t.Error("truncated data decompressed")
	}
}

func FuzzDecompress(f *testing.F) {
	z, _ := Compress([]byte("seed"))
	f.Add(z)
	f.Add([]byte{0x1f, 0x8b})
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := Decompress(data, 1<<16)
		if err == nil && len(out) > 1<<16 {
			t.Fatalf("%d bytes past the bound", len(out))
		}
	})
}
