package httpapi_test

import (
	"context"

	"chronicler/events"
	"chronicler/shared/auth"
)

func (f *fake) Safety(_ context.Context, p auth.Player, id string) (events.Safety, error) {
	f.record("Safety", p, id)
	return events.Safety{Lines: []events.LimitView{}, Veils: []events.LimitView{}}, nil
}

func (f *fake) AddLimit(_ context.Context, p auth.Player, id string, req events.NewLimit) (events.LimitView, error) {
	f.record("AddLimit", p, id, req)
	return events.LimitView{ID: "l1", Kind: req.Kind, Text: req.Text, Mine: true}, nil
}

func (f *fake) RemoveLimit(_ context.Context, p auth.Player, id, lid string) error {
	f.record("RemoveLimit", p, id, lid)
	return nil
}
