package assemble

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/bedrockruntime"

	"chronicler/shared/bedrock"
	"chronicler/shared/narrator"
	"chronicler/shared/openai"
)

// Environment variables that choose and configure the narrator.
const (
	EnvNarrator      = "CHRONICLER_NARRATOR" // offline | bedrock | openai
	EnvModelHigh     = "CHRONICLER_MODEL_HIGH"
	EnvModelLow      = "CHRONICLER_MODEL_LOW"
	EnvOpenAIBaseURL = "OPENAI_BASE_URL"
	EnvOpenAIKey     = "OPENAI_API_KEY"
	EnvBedrockURL    = "BEDROCK_ENDPOINT" // a Bedrock-compatible endpoint, for tests
	// EnvPrices adds or overrides model prices: a JSON object of model id
	// to {input, output, cache_write, cache_read} in dollars per million
	// tokens (see narrator.ParsePrices).
	EnvPrices = "CHRONICLER_PRICES"
	// EnvFirstText and EnvStall are how long a narration may wait for its
	// first text, and for more once it has begun, before the table is told
	// the narrator is slow and the turn goes on without that call (Go
	// durations: "5s"; see narrator.Teller).
	EnvFirstText = "CHRONICLER_NARRATOR_FIRST_TEXT"
	EnvStall     = "CHRONICLER_NARRATOR_STALL"
)

// Teller is how turns are told: the timeouts the environment sets, the
// defaults otherwise. A duration must be between 100 ms and 60 s.
func Teller(getenv func(string) string) (narrator.Teller, error) {
	var t narrator.Teller
	for _, s := range []struct {
		env string
		to  *time.Duration
	}{{EnvFirstText, &t.FirstText}, {EnvStall, &t.Stall}} {
		v := strings.TrimSpace(getenv(s.env))
		if v == "" {
			continue
		}
		d, err := time.ParseDuration(v)
		if err != nil || d < 100*time.Millisecond || d > time.Minute {
			return t, fmt.Errorf("%s: %q is not a duration between 100ms and 60s", s.env, v)
		}
		*s.to = d
	}
	return t, nil
}

// Prices is the price table: the defaults, with what the environment
// adds or overrides.
func Prices(getenv func(string) string) (narrator.PriceTable, error) {
	if v := strings.TrimSpace(getenv(EnvPrices)); v != "" {
		t, err := narrator.ParsePrices(v, narrator.DefaultPrices())
		if err != nil {
			return nil, fmt.Errorf("%s: %w", EnvPrices, err)
		}
		return t, nil
	}
	return narrator.DefaultPrices(), nil
}

// Narrator builds the narrator the environment asks for. Unset, it is
// Bedrock when AWS credentials are present and the offline narrator
// otherwise, so a machine with no account still plays. pace slows the
// offline narrator's stream (one machine only).
func Narrator(ctx context.Context, getenv func(string) string, pace time.Duration) (narrator.Narrator, error) {
	kind := strings.ToLower(getenv(EnvNarrator))
	if kind == "" {
		kind = "offline"
		if hasAWSCredentials(getenv) {
			kind = "bedrock"
		}
	}
	high, low := getenv(EnvModelHigh), getenv(EnvModelLow)
	switch kind {
	case "offline":
		return narrator.Offline{Pace: pace}, nil
	case "bedrock":
		cfg, err := config.LoadDefaultConfig(ctx)
		if err != nil {
			return nil, fmt.Errorf("bedrock narrator: aws config: %w", err)
		}
		client := bedrockruntime.NewFromConfig(cfg, func(o *bedrockruntime.Options) {
			if u := getenv(EnvBedrockURL); u != "" {
				o.BaseEndpoint = aws.String(u)
			}
		})
		return bedrock.New(client, bedrock.Config{HighModel: high, LowModel: low}), nil
	case "openai":
		base := getenv(EnvOpenAIBaseURL)
		if base == "" {
			return nil, fmt.Errorf("openai narrator: set %s (e.g. http://127.0.0.1:11434 for Ollama)", EnvOpenAIBaseURL)
		}
		return openai.New(base, getenv(EnvOpenAIKey), openai.Config{HighModel: high, LowModel: low}, nil), nil
	}
	return nil, fmt.Errorf("%s must be offline, bedrock or openai, not %q", EnvNarrator, kind)
}

// hasAWSCredentials looks for credentials the way the SDK's default chain
// starts (environment, shared files, a Lambda's role), without calling the
// instance metadata service, which only times out off AWS.
func hasAWSCredentials(getenv func(string) string) bool {
	if getenv("AWS_ACCESS_KEY_ID") != "" || getenv("AWS_PROFILE") != "" || getenv("AWS_CONTAINER_CREDENTIALS_FULL_URI") != "" ||
		getenv("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI") != "" || getenv("AWS_WEB_IDENTITY_TOKEN_FILE") != "" {
		return true
	}
	file := getenv("AWS_SHARED_CREDENTIALS_FILE")
	if file == "" {
		if home, err := os.UserHomeDir(); err == nil {
			file = filepath.Join(home, ".aws", "credentials")
		}
	}
	_, err := os.Stat(file)
	return file != "" && err == nil
}
