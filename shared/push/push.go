package push

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi"
	"github.com/aws/aws-sdk-go-v2/service/apigatewaymanagementapi/types"

	"chronicler/shared/fault"
	"chronicler/shared/redact"
)

// PostClient is the part of *apigatewaymanagementapi.Client that Pusher uses,
// so tests and wiring can hand in anything that speaks the management API.
type PostClient interface {
	// PostToConnection sends Data to one connection as one text frame.
	PostToConnection(ctx context.Context, in *apigatewaymanagementapi.PostToConnectionInput, optFns ...func(*apigatewaymanagementapi.Options)) (*apigatewaymanagementapi.PostToConnectionOutput, error)
	// DeleteConnection closes one connection.
	DeleteConnection(ctx context.Context, in *apigatewaymanagementapi.DeleteConnectionInput, optFns ...func(*apigatewaymanagementapi.Options)) (*apigatewaymanagementapi.DeleteConnectionOutput, error)
	// GetConnection describes one connection; GoneException when it is not live.
	GetConnection(ctx context.Context, in *apigatewaymanagementapi.GetConnectionInput, optFns ...func(*apigatewaymanagementapi.Options)) (*apigatewaymanagementapi.GetConnectionOutput, error)
}

// Pusher sends messages to WebSocket connections. It is safe for concurrent
// use when its client is (the SDK client is).
type Pusher struct {
	client PostClient
}

// New returns a Pusher that posts through client. The caller builds the
// client once (at init, with the endpoint of its stage) and owns it.
func New(client PostClient) *Pusher {
	return &Pusher{client: client}
}

const op = "push"

// Send delivers data to the connection as one message.
//
// It returns an error of kind NotFound when the connection is gone (closed,
// or never existed): callers treat that as "the player left" and forget the
// connection. TooLarge when data exceeds the management API's limit,
// RateLimited when API Gateway throttles, Unavailable when the endpoint
// cannot be reached or fails on its side, Invalid for an empty connection id,
// Internal otherwise (for example a missing IAM permission).
func (p *Pusher) Send(ctx context.Context, connectionID string, data []byte) error {
	if connectionID == "" {
		return fault.Field(op, "connection_id", "is empty")
	}
	_, err := p.client.PostToConnection(ctx, &apigatewaymanagementapi.PostToConnectionInput{
		ConnectionId: aws.String(connectionID),
		Data:         data,
	})
	if err != nil {
		return classify(redact.Error(fmt.Errorf("post to connection %s: %w", connectionID, err), connectionID))
	}
	return nil
}

// Alive reports whether the connection is still open. A connection whose
// $disconnect never ran (it happens) is found gone this way, so its record
// can be removed.
func (p *Pusher) Alive(ctx context.Context, connectionID string) (bool, error) {
	_, err := p.client.GetConnection(ctx, &apigatewaymanagementapi.GetConnectionInput{ConnectionId: aws.String(connectionID)})
	if err == nil {
		return true, nil
	}
	err = classify(redact.Error(fmt.Errorf("get connection %s: %w", connectionID, err), connectionID))
	if fault.Is(err, fault.NotFound) {
		return false, nil
	}
	return false, err
}

// Close closes the connection; API Gateway then runs its $disconnect route.
//
// It returns an error of kind NotFound when the connection is already gone
// (most callers ignore that: the goal is reached), Invalid for an empty
// connection id, and otherwise the kinds Send returns.
func (p *Pusher) Close(ctx context.Context, connectionID string) error {
	if connectionID == "" {
		return fault.Field(op, "connection_id", "is empty")
	}
	_, err := p.client.DeleteConnection(ctx, &apigatewaymanagementapi.DeleteConnectionInput{
		ConnectionId: aws.String(connectionID),
	})
	if err != nil {
		return classify(redact.Error(fmt.Errorf("delete connection %s: %w", connectionID, err), connectionID))
	}
	return nil
}

// classify gives an SDK error the kind its callers act on, keeping it as the
// cause for logs.
func classify(err error) error {
	var (
		gone     *types.GoneException
		tooLarge *types.PayloadTooLargeException
		limited  *types.LimitExceededException
		status   interface{ HTTPStatusCode() int }
		conn     interface{ ConnectionError() bool }
	)
	kind, msg := fault.Internal, "internal error"
	switch {
	case errors.As(err, &gone):
		kind, msg = fault.NotFound, "connection gone"
	case errors.As(err, &tooLarge):
		kind, msg = fault.TooLarge, "message too large"
	case errors.As(err, &limited):
		kind, msg = fault.RateLimited, "too many messages"
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		kind, msg = fault.Unavailable, "push timed out"
	case errors.As(err, &conn) && conn.ConnectionError():
		// No answer at all: the endpoint could not be reached.
		kind, msg = fault.Unavailable, "push endpoint unreachable"
	case errors.As(err, &status):
		// An answer we have no exception type for: the server's failures
		// are worth retrying, our own (4xx: bad request, no permission)
		// are not.
		switch code := status.HTTPStatusCode(); {
		case code == 429:
			kind, msg = fault.RateLimited, "too many messages"
		case code >= 500:
			kind, msg = fault.Unavailable, "push endpoint failed"
		}
	}
	e := fault.E(kind, op, "%s", msg)
	e.Err = err
	return e
}
