package dice

import (
	crand "crypto/rand"
	"encoding/binary"
	"math/bits"
	"math/rand/v2"
)

// Source is where faces come from. Intn returns a uniformly distributed int
// in [0, n) for n > 0.
type Source interface {
	Intn(n int) int
}

// pcgStream is the PCG stream NewSeeded uses. Changing it, or how Intn
// reduces the generator's output, changes every seeded roll and breaks the
// replay of every stored one.
const pcgStream = 0x6368726f6e69636c // "chronicl"

// NewSeeded returns a deterministic Source for tests and replays: the same
// seed always yields the same faces. It is math/rand/v2's PCG, whose output
// is specified, with our own unbiased reduction to [0, n) so that replays do
// not depend on math/rand's helpers. It is not safe for concurrent use.
func NewSeeded(seed uint64) Source {
	s := &seeded{}
	s.pcg.Seed(seed, pcgStream)
	return s
}

type seeded struct{ pcg rand.PCG }

func (s *seeded) Intn(n int) int { return bounded(&s.pcg, n) }

// Crypto returns a Source for play, drawing from crypto/rand without modulo
// bias. It is safe for concurrent use.
func Crypto() Source { return cryptoSource{} }

type cryptoSource struct{}

func (cryptoSource) Intn(n int) int { return bounded(cryptoSource{}, n) }

// Uint64 reads 8 bytes from crypto/rand, which never fails (Go 1.24+ crashes
// the program rather than return an error).
func (cryptoSource) Uint64() uint64 {
	var b [8]byte
	_, _ = crand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// bounded maps uniform 64-bit values to a uniform int in [0, n) with
// Lemire's multiply-and-reject method ("Fast Random Integer Generation in an
// Interval", 2019): no modulo bias, and almost never a second draw.
func bounded[G interface{ Uint64() uint64 }](g G, n int) int {
	if n <= 0 {
		panic("dice: Intn called with n <= 0")
	}
	un := uint64(n)
	hi, lo := bits.Mul64(g.Uint64(), un)
	if lo < un {
		threshold := -un % un
		for lo < threshold {
			hi, lo = bits.Mul64(g.Uint64(), un)
		}
	}
	return int(hi)
}
