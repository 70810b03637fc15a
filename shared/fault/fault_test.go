package fault_test

import (
	"errors"
	"fmt"
	"testing"

	"chronicler/shared/fault"
)

func TestToWire(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want fault.Wire
	}{
		{"ARefusalCarriesItsReason", fault.Refuse("rules", "intent", fault.OutOfRange, "the road is two rooms away"),
			fault.Wire{Code: fault.Invalid, Message: "intent: out_of_range: the road is two rooms away", Reason: "out_of_range"}},
		{"AWrappedRefusalKeepsIt", fmt.Errorf("turn: %w", fault.Wrap(fault.Internal, "act", fault.Refuse("rules", "intent", fault.NotYourTurn, "it is Bram's turn"))),
			fault.Wire{Code: fault.Invalid, Message: "intent: not_your_turn: it is Bram's turn", Reason: "not_your_turn"}},
		{"AnInvalidInputHasNone", fault.Field("create", "name", "must be 1 to 60 characters"),
			fault.Wire{Code: fault.Invalid, Message: "name: must be 1 to 60 characters"}},
		{"AMessageThatReadsLikeAReasonIsNone", fault.Field("x", "intent", "not_allowed: here"),
			fault.Wire{Code: fault.Invalid, Message: "intent: not_allowed: here"}},
		{"ARefusalWithoutAFieldReadsReasonFirst", fault.Refuse("cast spell", "", fault.NoSlot, "no 3rd-level slot left"),
			fault.Wire{Code: fault.Invalid, Message: "no_slot: no 3rd-level slot left", Reason: "no_slot"}},
		{"OtherKindsHaveNone", fault.E(fault.Conflict, "react", "not_allowed: no window"),
			fault.Wire{Code: fault.Conflict, Message: "not_allowed: no window"}},
		{"InternalSaysNothing", errors.New("not_allowed: disk on fire"),
			fault.Wire{Code: fault.Internal, Message: "internal error"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := fault.ToWire(tt.err); got != tt.want {
				t.Errorf("ToWire = %+v, want %+v", got, tt.want)
			}
		})
	}
}
