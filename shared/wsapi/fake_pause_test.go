package wsapi_test

import "context"

func (f *fake) Pause(_ context.Context, conn, requestID string) error {
	f.record("Pause", conn, requestID)
	return nil
}

func (f *fake) Unpause(_ context.Context, conn, requestID string) error {
	f.record("Unpause", conn, requestID)
	return nil
}
