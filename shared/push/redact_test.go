package push

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
)

// unreachable fails every call as the SDK does when the endpoint cannot
// be reached: its error names the URL, and the URL holds the id.
type unreachable struct{ PostClient }

func refused(id string) error {
	return &url.Error{Op: "Post", URL: "http://127.0.0.1:1/@connections/" + url.PathEscape(id), Err: errors.New("connection refused")}
}

func (unreachable) PostToConnection(_ context.Context, in *apigatewaymanagementapi.PostToConnectionInput, _ ...func(*apigatewaymanagementapi.Options)) (*apigatewaymanagementapi.PostToConnectionOutput, error) {
	return nil, refused(*in.ConnectionId)
}

func (unreachable) GetConnection(_ context.Context, in *apigatewaymanagementapi.GetConnectionInput, _ ...func(*apigatewaymanagementapi.Options)) (*apigatewaymanagementapi.GetConnectionOutput, error) {
	return nil, refused(*in.ConnectionId)
}

func (unreachable) DeleteConnection(_ context.Context, in *apigatewaymanagementapi.DeleteConnectionInput, _ ...func(*apigatewaymanagementapi.Options)) (*apigatewaymanagementapi.DeleteConnectionOutput, error) {
	return nil, refused(*in.ConnectionId)
}

// A push's error is logged by its caller: it must not carry the id whole.
func TestErrorsDoNotCarryTheWholeID(t *testing.T) {
	const id = "L0SM9cOFvHcCIhw="
	p := New(unreachable{})
	_, alive := p.Alive(context.Background(), id)
	for name, err := range map[string]error{
		"send":  p.Send(context.Background(), id, []byte("{}")),
		"close": p.Close(context.Background(), id),
		"alive": alive,
	} {
		if err == nil || strings.Contains(err.Error(), "9cOFvHcCIhw") {
			t.Errorf("%s: error %v carries the connection id", name, err)
		}
	}
}
