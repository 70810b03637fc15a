package auth

import (
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"chronicler/shared/fault"
)

var key = []byte("0123456789abcdef0123456789abcdef")

func clock(t time.Time) func() time.Time { return func() time.Time { return t } }

func TestTokens(t *testing.T) {
	t0 := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	s, err := NewSigner(key, time.Hour, clock(t0))
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.Issue("p1", "Aria")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("ValidTokenVerifies", func(t *testing.T) {
		c, err := s.Verify(tok)
		if err != nil || c.PlayerID != "p1" || c.Name != "Aria" {
			t.Fatalf("Verify = %+v, %v", c, err)
		}
	})
	other, _ := NewSigner([]byte("another key that is long enough!!"), time.Hour, clock(t0))
	later, _ := NewSigner(key, time.Hour, clock(t0.Add(time.Hour)))
	parts := strings.Split(tok, ".")
	none := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`))
	tamperedBody := base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"p2","name":"X","iat":0,"exp":99999999999,"iss":"chronicler"}`))
	refused := map[string]struct {
		s   *Signer
		tok string
	}{
		"Expired":        {later, tok},
		"OtherKey":       {other, tok},
		"AlgNone":        {s, none + "." + parts[1] + "."},
		"TamperedClaims": {s, parts[0] + "." + tamperedBody + "." + parts[2]},
		"TamperedSig":    {s, parts[0] + "." + parts[1] + "." + strings.Repeat("A", len(parts[2]))},
		"Empty":          {s, ""},
		"TwoParts":       {s, parts[0] + "." + parts[1]},
		"GarbageBody":    {s, parts[0] + ".!!!." + parts[2]},
		"Oversize":       {s, strings.Repeat("a", 5000)},
	}
	for name, c := range refused {
		t.Run("Refuses"+name, func(t *testing.T) {
			if _, err := c.s.Verify(c.tok); !fault.Is(err, fault.Unauthorized) {
				t.Fatalf("Verify = %v, want unauthorized", err)
			}
		})
	}
	t.Run("ShortKeyRefused", func(t *testing.T) {
		if _, err := NewSigner([]byte("short"), time.Hour, time.Now); !fault.Is(err, fault.Invalid) {
			t.Fatalf("NewSigner = %v", err)
		}
	})
}

func TestBearer(t *testing.T) {
	if tok, err := Bearer("Bearer abc"); err != nil || tok != "abc" {
		t.Fatalf("Bearer = %q, %v", tok, err)
	}
	for _, h := range []string{"", "Bearer ", "Basic abc", "abc"} {
		if _, err := Bearer(h); !fault.Is(err, fault.Unauthorized) {
			t.Errorf("Bearer(%q) = %v", h, err)
		}
	}
}

func FuzzVerify(f *testing.F) {
	s, _ := NewSigner(key, time.Hour, clock(time.Unix(1e9, 0)))
	tok, _ := s.Issue("p", "n")
	f.Add(tok)
	f.Add("a.b.c")
	f.Add("")
	f.Fuzz(func(t *testing.T, in string) {
		c, err := s.Verify(in)
		if err == nil && in != tok {
			t.Fatalf("forged token accepted: %q -> %+v", in, c)
		}
	})
}

func TestRecoveryCode(t *testing.T) {
	s, _ := NewSigner(key, time.Hour, time.Now)
	other, _ := NewSigner([]byte("another key that is long enough!!"), time.Hour, time.Now)
	code := s.RecoveryCode("01JD5S7Q0G8Y6M3K2V1T9R4BCE")
	if id, err := s.Recover(code); err != nil || id != "01JD5S7Q0G8Y6M3K2V1T9R4BCE" {
		t.Fatalf("Recover = %q, %v", id, err)
	}
	if id, err := s.Recover("  " + strings.ToLower(code) + "\n"); err != nil || id != "01JD5S7Q0G8Y6M3K2V1T9R4BCE" {
		t.Fatalf("Recover of a retyped code = %q, %v", id, err)
	}
	for name, bad := range map[string]string{
		"OtherKey":     other.RecoveryCode("01JD5S7Q0G8Y6M3K2V1T9R4BCE"),
		"OtherPlayer":  "01JD5S7Q0G8Y6M3K2V1T9R4BCF" + code[strings.LastIndexByte(code, '-'):],
		"NoMAC":        "01JD5S7Q0G8Y6M3K2V1T9R4BCE-",
		"NoSeparator":  "01JD5S7Q0G8Y6M3K2V1T9R4BCE",
		"Empty":        "",
		"NotBase32MAC": "01JD5S7Q0G8Y6M3K2V1T9R4BCE-!!!!",
	} {
		t.Run("Refuses"+name, func(t *testing.T) {
			if _, err := s.Recover(bad); !fault.Is(err, fault.Unauthorized) {
				t.Fatalf("Recover(%q) = %v", bad, err)
			}
		})
	}
}
