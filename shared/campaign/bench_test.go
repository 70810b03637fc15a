package campaign

import (
	"encoding/json"
	"testing"
)

// BenchmarkSheetJSON is a sheet as the wire carries it: with the features
// its class, subclass and race give, their uses left and its resources.
func BenchmarkSheetJSON(b *testing.B) {
	for _, class := range []string{"fighter", "warlock"} {
		ch, err := NewCharacter{Name: "Vex", Race: "tiefling", Class: class, Level: 10}.Build("c", "p")
		if err != nil {
			b.Fatal(err)
		}
		b.Run(class, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := json.Marshal(ch); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
