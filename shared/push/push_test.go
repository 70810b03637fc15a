package push_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi/types"

	"chronicler/shared/fault"
	"chronicler/shared/push"
)

// client builds the real SDK client against url, as the wiring code does
// for the local gateway. Retries are off so that each case sees exactly the
// one answer the server gives.
func client(url string) *apigatewaymanagementapi.Client {
	return apigatewaymanagementapi.New(apigatewaymanagementapi.Options{
		Region:       "us-east-1",
		Credentials:  credentials.NewStaticCredentialsProvider("local", "local", ""),
		BaseEndpoint: aws.String(url),
		Retryer:      aws.NopRetryer{},
	})
}

// answer is a management endpoint that records the request and gives one
// fixed answer, in API Gateway's wire format.
type answer struct {
	status    int
	errorType string
	got       chan *http.Request
	body      chan []byte
}

func (a *answer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	b, _ := io.ReadAll(r.Body)
	a.got <- r
	a.body <- b
	if a.errorType != "" {
		w.Header().Set("X-Amzn-Errortype", a.errorType)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(a.status)
		io.WriteString(w, `{"message":"`+a.errorType+`"}`)
		return
	}
	w.WriteHeader(a.status)
}

func serve(t *testing.T, status int, errorType string) (*push.Pusher, *answer) {
	t.Helper()
	a := &answer{status: status, errorType: errorType, got: make(chan *http.Request, 1), body: make(chan []byte, 1)}
	srv := httptest.NewServer(a)
	t.Cleanup(srv.Close)
	return push.New(client(srv.URL)), a
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return c
}

func TestSendPostsToTheConnection(t *testing.T) {
	p, a := serve(t, http.StatusOK, "")
	const id = "R1k/mxc2+VNjMCFIA="
	if err := p.Send(ctx(t), id, []byte(`{"type":"recap"}`)); err != nil {
		t.Fatalf("Send: %v", err)
	}
	r := <-a.got
	if r.Method != http.MethodPost {
		t.Errorf("method = %s, want POST", r.Method)
	}
	// The id travels escaped as one path segment ('/' as %2F).
	seg, ok := strings.CutPrefix(r.URL.EscapedPath(), "/@connections/")
	got, err := url.PathUnescape(seg)
	if !ok || strings.Contains(seg, "/") || err != nil || got != id {
		t.Errorf("path = %s, want /@connections/ and %q escaped as one segment", r.URL.EscapedPath(), id)
	}
	if got := <-a.body; string(got) != `{"type":"recap"}` {
		t.Errorf("body = %q", got)
	}
}

func TestCloseDeletesTheConnection(t *testing.T) {
	p, a := serve(t, http.StatusNoContent, "")
	if err := p.Close(ctx(t), "abc="); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if r := <-a.got; r.Method != http.MethodDelete || r.URL.Path != "/@connections/abc=" {
		t.Errorf("request = %s %s, want DELETE /@connections/abc=", r.Method, r.URL.Path)
	}
}

func TestFailureKinds(t *testing.T) {
	for _, tc := range []struct {
		name      string
		status    int
		errorType string
		want      fault.Kind
	}{
		{"GoneIsNotFound", http.StatusGone, "GoneException", fault.NotFound},
		{"PayloadTooLargeIsTooLarge", http.StatusRequestEntityTooLarge, "PayloadTooLargeException", fault.TooLarge},
		{"LimitExceededIsRateLimited", http.StatusTooManyRequests, "LimitExceededException", fault.RateLimited},
		{"ForbiddenIsInternal", http.StatusForbidden, "ForbiddenException", fault.Internal},
		{"ServerFailureIsUnavailable", http.StatusServiceUnavailable, "ServiceUnavailableException", fault.Unavailable},
		{"BareServerErrorIsUnavailable", http.StatusBadGateway, "", fault.Unavailable},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, call := range []struct {
				name string
				do   func(*push.Pusher) error
			}{
				{"Send", func(p *push.Pusher) error { return p.Send(ctx(t), "abc=", []byte("x")) }},
				{"Close", func(p *push.Pusher) error { return p.Close(ctx(t), "abc=") }},
			} {
				p, _ := serve(t, tc.status, tc.errorType)
				err := call.do(p)
				if !fault.Is(err, tc.want) {
					t.Errorf("%s = %v (kind %s), want kind %s", call.name, err, fault.KindOf(err), tc.want)
				}
				if code, msg := fault.Public(err); tc.want == fault.Internal && (code != fault.Internal || msg != "internal error") {
					t.Errorf("%s leaks detail to players: %s %q", call.name, code, msg)
				}
			}
		})
	}
}

func TestGoneKeepsTheSDKErrorAsCause(t *testing.T) {
	p, _ := serve(t, http.StatusGone, "GoneException")
	err := p.Send(ctx(t), "abc=", []byte("x"))
	if _, ok := errors.AsType[*types.GoneException](err); !ok {
		t.Fatalf("Send = %v, want it to wrap *types.GoneException", err)
	}
	if code, msg := fault.Public(err); code != fault.NotFound || msg != "connection gone" {
		t.Errorf("Public = %s %q", code, msg)
	}
}

func TestUnreachableEndpointIsUnavailable(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	addr := srv.URL
	srv.Close() // nothing listens there any more
	err := push.New(client(addr)).Send(ctx(t), "abc=", []byte("x"))
	if !fault.Is(err, fault.Unavailable) {
		t.Errorf("Send = %v (kind %s), want unavailable", err, fault.KindOf(err))
	}
}

func TestEmptyConnectionIDIsInvalid(t *testing.T) {
	p, _ := serve(t, http.StatusOK, "")
	if err := p.Send(ctx(t), "", []byte("x")); !fault.Is(err, fault.Invalid) {
		t.Errorf("Send = %v, want invalid", err)
	}
	if err := p.Close(ctx(t), ""); !fault.Is(err, fault.Invalid) {
		t.Errorf("Close = %v, want invalid", err)
	}
}

func TestAlive(t *testing.T) {
	t.Run("LiveConnection", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method != http.MethodGet || r.URL.Path != "/@connections/abc=" {
				t.Errorf("request = %s %s", r.Method, r.URL.Path)
			}
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"connectedAt":"2026-11-22T05:00:00Z","identity":{"sourceIp":"127.0.0.1"},"lastActiveAt":"2026-11-22T05:01:00Z"}`)
		}))
		t.Cleanup(srv.Close)
		if alive, err := push.New(client(srv.URL)).Alive(ctx(t), "abc="); !alive || err != nil {
			t.Fatalf("Alive = %v, %v", alive, err)
		}
	})
	t.Run("GoneConnection", func(t *testing.T) {
		p, _ := serve(t, http.StatusGone, "GoneException")
		if alive, err := p.Alive(ctx(t), "abc="); alive || err != nil {
			t.Fatalf("Alive = %v, %v; want false, nil", alive, err)
		}
	})
	t.Run("EndpointFailing", func(t *testing.T) {
		p, _ := serve(t, http.StatusInternalServerError, "InternalServerErrorException")
		if alive, err := p.Alive(ctx(t), "abc="); alive || err == nil {
			t.Fatalf("Alive = %v, %v; want an error", alive, err)
		}
	})
}
