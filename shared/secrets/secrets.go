// Package secrets reads a secret's value from AWS Secrets Manager
// (GetSecretValue), signed with the SDK's credentials and signer: the one
// call the functions make to it, at cold start, not worth a client module.
package secrets

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
)

// maxBody bounds an answer: a secret holds at most 64 KiB.
const maxBody = 1 << 20

// Reader reads secrets with one AWS configuration.
type Reader struct {
	Config aws.Config
	// Endpoint overrides https://secretsmanager.{region}.{domain} (tests).
	Endpoint string
	// Now is the signing clock; nil is time.Now.
	Now func() time.Time
}

// String returns the SecretString of the secret named by arn (its
// current version). The region is the ARN's. An answer that is no secret
// string, or an error from the service, is an error naming the service's
// error type (AccessDeniedException, ResourceNotFoundException, ...).
func (r Reader) String(ctx context.Context, arn string) (string, error) {
	region, domain, err := regionOf(arn)
	if err != nil {
		return "", err
	}
	endpoint := r.Endpoint
	if endpoint == "" {
		endpoint = "https://secretsmanager." + region + "." + domain
	}
	body, _ := json.Marshal(map[string]string{"SecretId": arn})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, strings.TrimRight(endpoint, "/")+"/", bytes.NewReader(body))
	if err != nil {
		return "", fmt.Errorf("secret %s: %w", arn, err)
	}
	req.Header.Set("Content-Type", "application/x-amz-json-1.1")
	req.Header.Set("X-Amz-Target", "secretsmanager.GetSecretValue")
	if r.Config.Credentials == nil {
		return "", fmt.Errorf("secret %s: no AWS credentials", arn)
	}
	creds, err := r.Config.Credentials.Retrieve(ctx)
	if err != nil {
		return "", fmt.Errorf("secret %s: credentials: %w", arn, err)
	}
	now := time.Now
	if r.Now != nil {
		now = r.Now
	}
	sum := sha256.Sum256(body)
	if err := v4.NewSigner().SignHTTP(ctx, creds, req, hex.EncodeToString(sum[:]), "secretsmanager", region, now()); err != nil {
		return "", fmt.Errorf("secret %s: sign: %w", arn, err)
	}
	var client interface {
		Do(*http.Request) (*http.Response, error)
	} = http.DefaultClient
	if r.Config.HTTPClient != nil {
		client = r.Config.HTTPClient
	}
	resp, err := client.Do(req)
	if err != nil {
		return "", fmt.Errorf("secret %s: %w", arn, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	if err != nil {
		return "", fmt.Errorf("secret %s: %w", arn, err)
	}
	return decode(arn, resp.StatusCode, data)
}

// decode reads GetSecretValue's answer.
func decode(arn string, status int, data []byte) (string, error) {
	var out struct {
		SecretString *string
		Type         string `json:"__type"`
		Message      string `json:"message"`
		MessageCap   string `json:"Message"`
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return "", fmt.Errorf("secret %s: HTTP %d, answer is not JSON", arn, status)
	}
	if status != http.StatusOK {
		kind := out.Type
		if i := strings.LastIndexByte(kind, '#'); i >= 0 {
			kind = kind[i+1:]
		}
		msg := out.Message
		if msg == "" {
			msg = out.MessageCap
		}
		return "", fmt.Errorf("secret %s: HTTP %d %s: %s", arn, status, kind, msg)
	}
	if out.SecretString == nil || *out.SecretString == "" {
		return "", fmt.Errorf("secret %s has no string value", arn)
	}
	return *out.SecretString, nil
}

// regionOf is the region of arn:{partition}:secretsmanager:{region}:... and
// its partition's domain.
func regionOf(arn string) (region, domain string, err error) {
	parts := strings.SplitN(arn, ":", 6)
	if len(parts) < 6 || parts[0] != "arn" || parts[2] != "secretsmanager" || parts[3] == "" {
		return "", "", fmt.Errorf("%q is not the ARN of a secret", arn)
	}
	domain = "amazonaws.com"
	if parts[1] == "aws-cn" {
		domain = "amazonaws.com.cn"
	}
	return parts[3], domain, nil
}
