package bedrock

import (
	"bytes"
	"io"
	"net/http"
	"testing"
)

type record struct{ body io.ReadCloser }

func (r *record) Do(req *http.Request) (*http.Response, error) {
	r.body = req.Body
	return &http.Response{StatusCode: http.StatusOK, Body: http.NoBody}, nil
}

// TestPlainBodyHidesWriteTo: the body net/http sees has no WriteTo, so a
// body closed under it reads as a clean end of file (see plainBody).
func TestPlainBodyHidesWriteTo(t *testing.T) {
	next := &record{}
	req, err := http.NewRequest(http.MethodPost, "http://bedrock.invalid/", io.NopCloser(bytes.NewReader([]byte("{}"))))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := req.Body.(io.WriterTo); !ok {
		t.Fatal("the test body should offer WriteTo, as smithy-go's does")
	}
	if _, err := (plainBody{next}).Do(req); err != nil {
		t.Fatal(err)
	}
	if _, ok := next.body.(io.WriterTo); ok {
		t.Fatal("the body passed on still offers WriteTo")
	}
	if b, _ := io.ReadAll(next.body); string(b) != "{}" {
		t.Fatalf("body %q", b)
	}
}
