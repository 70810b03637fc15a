package secrets

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
)

const arn = "arn:aws:secretsmanager:eu-west-1:123456789012:secret:TokenKey-AbCdEf"

func reader(url string) Reader {
	return Reader{
		Config:   aws.Config{Credentials: credentials.NewStaticCredentialsProvider("AKID", "SECRET", "")},
		Endpoint: url,
	}
}

func TestString(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var in map[string]string
		_ = json.Unmarshal(body, &in)
		switch {
		case r.Header.Get("X-Amz-Target") != "secretsmanager.GetSecretValue":
			http.Error(w, `{"__type":"UnknownOperationException"}`, http.StatusBadRequest)
		case !strings.HasPrefix(r.Header.Get("Authorization"), "AWS4-HMAC-SHA256 Credential=AKID/") ||
			!strings.Contains(r.Header.Get("Authorization"), "/eu-west-1/secretsmanager/aws4_request"):
			http.Error(w, `{"__type":"UnrecognizedClientException","message":"unsigned"}`, http.StatusForbidden)
		case in["SecretId"] == arn:
			_, _ = w.Write([]byte(`{"ARN":"` + arn + `","SecretString":"0123456789abcdef0123456789abcdef"}`))
		default:
			w.WriteHeader(http.StatusBadRequest)
			_, _ = w.Write([]byte(`{"__type":"com.amazonaws.secretsmanager#AccessDeniedException","Message":"not allowed"}`))
		}
	}))
	defer srv.Close()

	got, err := reader(srv.URL).String(context.Background(), arn)
	if err != nil || got != "0123456789abcdef0123456789abcdef" {
		t.Fatalf("String = %q, %v; want the secret string", got, err)
	}
	_, err = reader(srv.URL).String(context.Background(), strings.Replace(arn, "TokenKey", "Other", 1))
	if err == nil || !strings.Contains(err.Error(), "AccessDeniedException: not allowed") {
		t.Errorf("String(other) = %v, want the service's AccessDeniedException", err)
	}
	if _, err := reader(srv.URL).String(context.Background(), "arn:aws:s3:::bucket"); err == nil {
		t.Error("String(an S3 ARN) = nil error, want a refusal")
	}
	if _, err := (Reader{Endpoint: srv.URL}).String(context.Background(), arn); err == nil {
		t.Error("String without credentials = nil error")
	}
}

func TestRegionOf(t *testing.T) {
	for in, want := range map[string]string{
		arn: "eu-west-1 amazonaws.com",
		"arn:aws-cn:secretsmanager:cn-north-1:1:secret:x": "cn-north-1 amazonaws.com.cn",
	} {
		r, d, err := regionOf(in)
		if err != nil || r+" "+d != want {
			t.Errorf("regionOf(%q) = %q %q, %v; want %s", in, r, d, err, want)
		}
	}
	for _, bad := range []string{"", "arn:aws:secretsmanager::1:secret:x", "secret:x", "arn:aws:kms:eu-west-1:1:key/x"} {
		if _, _, err := regionOf(bad); err == nil {
			t.Errorf("regionOf(%q) = nil error", bad)
		}
	}
}

// FuzzDecode: whatever the service answers, decode returns a value or an
// error, never both, and never panics.
func FuzzDecode(f *testing.F) {
	f.Add(200, []byte(`{"SecretString":"k"}`))
	f.Add(400, []byte(`{"__type":"a#B","message":"m"}`))
	f.Add(200, []byte(`{"SecretBinary":"AAAA"}`))
	f.Add(500, []byte(`<html>`))
	f.Fuzz(func(t *testing.T, status int, data []byte) {
		v, err := decode(arn, status, data)
		if (v == "") == (err == nil) {
			t.Fatalf("decode = %q, %v: want a value or an error", v, err)
		}
	})
}
