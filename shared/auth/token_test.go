package auth

import (
	"bytes"
	"encoding/base64"
	"errors"
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

// The keys of a rotation: old signed before it, new signs after.
var (
	oldKey = []byte("the key before the rotation, 32+ bytes")
	newKey = []byte("the key after the rotation, also 32+ bytes")
)

func TestRotation(t *testing.T) {
	t0 := time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)
	before, _ := NewSigner(oldKey, 24*time.Hour, clock(t0))
	oldTok, _ := before.Issue("p1", "Aria")
	oldCode := before.RecoveryCode("01JD5S7Q0G8Y6M3K2V1T9R4BCE")
	rotated, err := NewRotatingSigner(Keys{Current: newKey, Previous: [][]byte{oldKey}}, 24*time.Hour, clock(t0.Add(time.Hour)))
	if err != nil {
		t.Fatal(err)
	}
	dropped, _ := NewSigner(newKey, 24*time.Hour, clock(t0.Add(time.Hour)))

	t.Run("TokensNameTheirKey", func(t *testing.T) {
		tok, _ := rotated.Issue("p2", "Bram")
		raw, _ := base64.RawURLEncoding.DecodeString(strings.Split(tok, ".")[0])
		if want := `"kid":"` + KeyID(newKey) + `"`; !strings.Contains(string(raw), want) {
			t.Fatalf("header %s does not name the current key (%s)", raw, want)
		}
		if KeyID(newKey) == KeyID(oldKey) || strings.Contains(string(raw), string(newKey)) {
			t.Fatalf("kid %s does not tell the keys apart, or shows the key", KeyID(newKey))
		}
	})
	t.Run("OldTokenVerifiesWhileTheOldKeyIsKept", func(t *testing.T) {
		if c, err := rotated.Verify(oldTok); err != nil || c.PlayerID != "p1" {
			t.Fatalf("Verify = %+v, %v", c, err)
		}
	})
	t.Run("NewTokensAreSignedWithTheNewKeyOnly", func(t *testing.T) {
		tok, _ := rotated.Issue("p2", "Bram")
		if c, err := dropped.Verify(tok); err != nil || c.PlayerID != "p2" {
			t.Fatalf("the new key alone: Verify = %+v, %v", c, err)
		}
		if _, err := before.Verify(tok); !fault.Is(err, fault.Unauthorized) {
			t.Fatalf("the old key alone: Verify = %v, want unauthorized", err)
		}
	})
	t.Run("OldTokenRefusedOnceTheOldKeyIsDropped", func(t *testing.T) {
		_, err := dropped.Verify(oldTok)
		if !fault.Is(err, fault.Unauthorized) || !errors.Is(err, ErrKeyRetired) {
			t.Fatalf("Verify = %v, want unauthorized for a retired key", err)
		}
		if _, msg := fault.Public(err); !strings.Contains(msg, "no longer accepts") {
			t.Fatalf("message %q does not say the key was retired", msg)
		}
	})
	t.Run("RecoveryCodeOutlivesTheRotation", func(t *testing.T) {
		if id, err := rotated.Recover(oldCode); err != nil || id != "01JD5S7Q0G8Y6M3K2V1T9R4BCE" {
			t.Fatalf("Recover = %q, %v", id, err)
		}
		if code := rotated.RecoveryCode("01JD5S7Q0G8Y6M3K2V1T9R4BCE"); code == oldCode {
			t.Fatal("the rotated signer still gives codes of the old key")
		} else if id, err := dropped.Recover(code); err != nil || id != "01JD5S7Q0G8Y6M3K2V1T9R4BCE" {
			t.Fatalf("the code given after the rotation: Recover = %q, %v", id, err)
		}
	})
	t.Run("TokenOfBeforeKeyIDsVerifiesUnderAnyKeyHeld", func(t *testing.T) {
		// A token issued before tokens named their key.
		body := base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"p3","name":"Cy","iat":0,"exp":99999999999,"iss":"chronicler"}`))
		legacy := legacyHeader + "." + body + "." + mac(oldKey, legacyHeader+"."+body)
		if c, err := rotated.Verify(legacy); err != nil || c.PlayerID != "p3" {
			t.Fatalf("Verify = %+v, %v", c, err)
		}
		if _, err := dropped.Verify(legacy); !fault.Is(err, fault.Unauthorized) {
			t.Fatalf("with its key dropped: Verify = %v, want unauthorized", err)
		}
	})
	t.Run("DiceKeyStaysThroughTheRotation", func(t *testing.T) {
		if !bytes.Equal(before.DeriveLasting("dice"), rotated.DeriveLasting("dice")) {
			t.Fatal("adding a key changed the dice key")
		}
		if bytes.Equal(before.Derive("connect ticket"), rotated.Derive("connect ticket")) {
			t.Fatal("what is signed after the rotation is still keyed by the old key")
		}
	})
}

func TestParseKeys(t *testing.T) {
	if k, err := ParseKeys(string(newKey)); err != nil || !bytes.Equal(k.Current, newKey) || k.Previous != nil {
		t.Fatalf("a bare key: %+v, %v", k, err)
	}
	k, err := ParseKeys(`{"current": "` + string(newKey) + `", "previous": ["` + string(oldKey) + `"]}`)
	if err != nil || !bytes.Equal(k.Current, newKey) || len(k.Previous) != 1 || !bytes.Equal(k.Previous[0], oldKey) {
		t.Fatalf("a rotation: %+v, %v", k, err)
	}
	for name, in := range map[string]string{
		"ShortKey":         "short",
		"ShortPrevious":    `{"current": "` + string(newKey) + `", "previous": ["short"]}`,
		"NoCurrent":        `{"previous": ["` + string(oldKey) + `"]}`,
		"KeyTwice":         `{"current": "` + string(newKey) + `", "previous": ["` + string(newKey) + `"]}`,
		"UnknownField":     `{"current": "` + string(newKey) + `", "next": "x"}`,
		"NotJSON":          `{"current": `,
		"TrailingData":     `{"current": "` + string(newKey) + `"} {}`,
		"TooManyPrevious":  `{"current": "` + string(newKey) + `", "previous": [` + strings.TrimSuffix(strings.Repeat(`"`+string(oldKey)+`",`, MaxPreviousKeys+1), ",") + `]}`,
		"PreviousNotAList": `{"current": "` + string(newKey) + `", "previous": "` + string(oldKey) + `"}`,
	} {
		t.Run("Refuses"+name, func(t *testing.T) {
			if _, err := ParseKeys(in); !fault.Is(err, fault.Invalid) {
				t.Fatalf("ParseKeys = %v, want invalid", err)
			}
		})
	}
}

// FuzzParseKeys: no configuration panics the parser, and every set of
// keys it accepts makes a signer whose tokens verify.
func FuzzParseKeys(f *testing.F) {
	f.Add(string(newKey))
	f.Add(`{"current": "` + string(newKey) + `", "previous": ["` + string(oldKey) + `"]}`)
	f.Add(`{"current": "x"}`)
	f.Add(`{`)
	f.Fuzz(func(t *testing.T, in string) {
		k, err := ParseKeys(in)
		if err != nil {
			return
		}
		s, err := NewRotatingSigner(k, time.Hour, clock(time.Unix(1e9, 0)))
		if err != nil {
			t.Fatalf("accepted keys make no signer: %v", err)
		}
		tok, _ := s.Issue("p", "n")
		if _, err := s.Verify(tok); err != nil {
			t.Fatalf("a token of accepted keys does not verify: %v", err)
		}
	})
}

// FuzzRotatingVerify: nothing but the two tokens genuinely signed verifies
// under a signer holding two keys, and no input panics it.
func FuzzRotatingVerify(f *testing.F) {
	now := clock(time.Unix(1e9, 0))
	old, _ := NewSigner(oldKey, time.Hour, now)
	s, _ := NewRotatingSigner(Keys{Current: newKey, Previous: [][]byte{oldKey}}, time.Hour, now)
	oldTok, _ := old.Issue("p", "n")
	newTok, _ := s.Issue("p", "n")
	f.Add(oldTok)
	f.Add(newTok)
	f.Add(strings.Replace(newTok, "eyJ", "eyK", 1))
	f.Add("a.b.c")
	f.Fuzz(func(t *testing.T, in string) {
		c, err := s.Verify(in)
		if err == nil && in != oldTok && in != newTok {
			t.Fatalf("forged token accepted: %q -> %+v", in, c)
		}
		if err != nil && !fault.Is(err, fault.Unauthorized) {
			t.Fatalf("Verify = %v, want unauthorized", err)
		}
	})
}
