package statemachine

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"
)

const (
	targetPrefix = "AWSStepFunctions."
	contentType  = "application/x-amz-json-1.0"
)

// ServeHTTP answers the Step Functions JSON protocol (POST / with
// X-Amz-Target: AWSStepFunctions.<Operation>, awsJson1_0) for
// StartExecution, SendTaskSuccess, SendTaskFailure, SendTaskHeartbeat,
// DescribeExecution and StopExecution, so the AWS SDK's sfn client works
// against it with only BaseEndpoint changed. Requests are not
// authenticated: listen on loopback only.
func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		writeError(w, http.StatusMethodNotAllowed, &APIError{Type: "UnknownOperationException", Message: "only POST is supported"})
		return
	}
	op, ok := strings.CutPrefix(r.Header.Get("X-Amz-Target"), targetPrefix)
	if !ok {
		writeError(w, http.StatusBadRequest, &APIError{Type: "UnknownOperationException", Message: "missing or unknown X-Amz-Target"})
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	if err != nil {
		writeError(w, http.StatusRequestEntityTooLarge, &APIError{Type: ErrValidation, Message: "request body is larger than 1 MiB"})
		return
	}
	decode := func(v any) bool {
		if len(body) == 0 {
			body = []byte("{}")
		}
		if err := json.Unmarshal(body, v); err != nil {
			writeError(w, http.StatusBadRequest, &APIError{Type: "SerializationException", Message: err.Error()})
			return false
		}
		return true
	}
	var out any
	switch op {
	case "StartExecution":
		var in struct {
			StateMachineArn string `json:"stateMachineArn"`
			Name            string `json:"name"`
			Input           string `json:"input"`
		}
		if !decode(&in) {
			return
		}
		var e Execution
		if e, err = s.StartExecution(in.StateMachineArn, in.Name, in.Input); err == nil {
			out = map[string]any{"executionArn": e.ARN, "startDate": epoch(e.StartDate)}
		}
	case "SendTaskSuccess":
		var in struct {
			TaskToken string `json:"taskToken"`
			Output    string `json:"output"`
		}
		if !decode(&in) {
			return
		}
		err, out = s.SendTaskSuccess(in.TaskToken, in.Output), struct{}{}
	case "SendTaskFailure":
		var in struct {
			TaskToken string `json:"taskToken"`
			Error     string `json:"error"`
			Cause     string `json:"cause"`
		}
		if !decode(&in) {
			return
		}
		err, out = s.SendTaskFailure(in.TaskToken, in.Error, in.Cause), struct{}{}
	case "SendTaskHeartbeat":
		var in struct {
			TaskToken string `json:"taskToken"`
		}
		if !decode(&in) {
			return
		}
		err, out = s.SendTaskHeartbeat(in.TaskToken), struct{}{}
	case "DescribeExecution":
		var in struct {
			ExecutionArn string `json:"executionArn"`
		}
		if !decode(&in) {
			return
		}
		var e Execution
		if e, err = s.DescribeExecution(in.ExecutionArn); err == nil {
			out = describeOutput(e)
		}
	case "StopExecution":
		var in struct {
			ExecutionArn string `json:"executionArn"`
			Error        string `json:"error"`
			Cause        string `json:"cause"`
		}
		if !decode(&in) {
			return
		}
		var e Execution
		if e, err = s.StopExecution(in.ExecutionArn, in.Error, in.Cause); err == nil {
			out = map[string]any{"stopDate": epoch(e.StopDate)}
		}
	default:
		writeError(w, http.StatusBadRequest, &APIError{Type: "UnknownOperationException", Message: "operation " + op + " is not supported by the local Step Functions endpoint"})
		return
	}
	if err != nil {
		var ae *APIError
		if !errors.As(err, &ae) {
			ae = &APIError{Type: "InternalFailure", Message: err.Error()}
		}
		status := http.StatusBadRequest
		switch ae.Type {
		case "InternalFailure":
			status = http.StatusInternalServerError
		case ErrServiceClosed:
			status = http.StatusServiceUnavailable
		}
		writeError(w, status, ae)
		return
	}
	w.Header().Set("Content-Type", contentType)
	_ = json.NewEncoder(w).Encode(out)
}

func describeOutput(e Execution) map[string]any {
	out := map[string]any{
		"executionArn":    e.ARN,
		"stateMachineArn": e.StateMachineARN,
		"name":            e.Name,
		"status":          string(e.Status),
		"startDate":       epoch(e.StartDate),
		"input":           e.Input,
		"inputDetails":    map[string]any{"included": true},
	}
	if !e.StopDate.IsZero() {
		out["stopDate"] = epoch(e.StopDate)
	}
	if e.Status == Succeeded {
		out["output"] = e.Output
		out["outputDetails"] = map[string]any{"included": true}
	}
	if e.Error != "" {
		out["error"] = e.Error
	}
	if e.Cause != "" {
		out["cause"] = e.Cause
	}
	return out
}

// epoch is the awsJson1_0 timestamp: seconds since 1970 as a JSON number.
func epoch(t time.Time) float64 {
	return float64(t.UnixMilli()) / 1000
}

func writeError(w http.ResponseWriter, status int, e *APIError) {
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("X-Amzn-Errortype", e.Type)
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]string{"__type": e.Type, "message": e.Message})
}
