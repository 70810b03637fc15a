package main

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
	"unicode/utf8"

	awsevents "github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/sfn"

	"chronicler/events"
	"chronicler/infra/local/gateway"
	"chronicler/infra/local/statemachine"
	"chronicler/shared/assemble"
	"chronicler/shared/dynamo"
	"chronicler/shared/game"
	"chronicler/shared/headers"
	"chronicler/shared/httpapi"
	"chronicler/shared/sqlite"
	"chronicler/shared/stepfunctions"
	"chronicler/shared/throttle"
	"chronicler/shared/workflow"
	"chronicler/shared/wsapi"
	"chronicler/web"
)

// maxAPIBody bounds what the local front reads of an HTTP body, as API
// Gateway's payload limit does; the API refuses more than its own limit
// with a clear error.
const maxAPIBody = 10 << 20

type server struct {
	cfg     config
	log     *slog.Logger
	ln      net.Listener
	store   game.Store
	closeDB func() error
	// limits is the DynamoDB client when the store is a table: the
	// per-address buckets are kept there.
	limits *dynamodb.Client
	svc    *game.Service
	gw     *gateway.Gateway
	http   *http.Server
	// flows runs held turns' orchestration: the reaction window's state
	// machine, on its own loopback listener so nobody outside this machine
	// can answer a task or start a flow.
	flows     *statemachine.Service
	flowsLn   net.Listener
	flowsHTTP *http.Server
	// mgmtKey is the access key id this process signs its own calls to
	// the management endpoints with (@connections, the state machine);
	// nobody else knows it, so nobody else gets through.
	mgmtKey string
}

func newServer(ctx context.Context, cfg config) (*server, error) {
	log := cfg.log
	if log == nil {
		log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))
	}
	tuneGC()
	if err := os.MkdirAll(cfg.dataDir, 0o700); err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	keys, err := cfg.signingKeys()
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return nil, fmt.Errorf("listen: %w", err)
	}
	s := &server{cfg: cfg, log: log, ln: ln, mgmtKey: "local-" + rand.Text()}
	creds := credentials.NewStaticCredentialsProvider(s.mgmtKey, rand.Text(), "")
	if err := s.openStore(ctx); err != nil {
		ln.Close()
		return nil, err
	}
	pusher := &gatewayPusher{}
	flows, fights, err := s.startFlows(creds)
	if err != nil {
		s.close()
		return nil, err
	}
	addresses := s.addressLimiters()
	s.svc, err = assemble.Service(ctx, assemble.Config{
		TokenKey: keys.Current, PreviousTokenKeys: keys.Previous, Store: s.store, Pusher: pusher, Workflow: flows, Fights: fights, Narrations: fights,
		Identity: cfg.identity, OIDCIssuer: cfg.issuer, OIDCAudience: cfg.audience,
		Getenv: cfg.getenv, Pace: cfg.pace, Log: log, Addresses: &addresses,
	})
	if err != nil {
		s.close()
		return nil, err
	}
	s.svc.LostGrace = cfg.lostGrace
	if cfg.limits != "" {
		// Over what CHRONICLER_LIMITS said: the flag is the nearer word.
		if s.svc.Limits, err = s.svc.Limits.With(cfg.limits); err != nil {
			s.close()
			return nil, err
		}
	}
	s.svc.TurnLimit, s.svc.APILimit = nil, nil
	if cfg.turnRate > 0 {
		s.svc.TurnLimit = throttle.New(cfg.turnRate, 5, time.Now)
	}
	if cfg.apiRate > 0 {
		s.svc.APILimit = throttle.New(cfg.apiRate, 60, time.Now)
	}
	// No connection survives a restart: forget them, and let their
	// sessions' grace period start now.
	if err := s.svc.Restarted(ctx); err != nil {
		s.close()
		return nil, err
	}
	// Nor does an execution: held turns (dice out, a window open) resume
	// where the store says they stand, with the same dice, and turns that
	// were being resolved are played to the end under their own ids
	// before anyone can send a request again.
	if n, err := s.svc.Recover(ctx); err != nil {
		s.close()
		return nil, err
	} else if n > 0 {
		log.Info("resumed turns left in flight", "count", n)
	}
	ws := &wsapi.Handler{Svc: s.svc, Log: log}
	routes := map[string]gateway.Handler{}
	for _, r := range events.Routes() {
		routes[r.Key] = ws.Route(r.Key)
	}
	s.gw = gateway.New(gateway.Config{Routes: routes, Stage: "local", MaxMessageBytes: 32 * 1024, Logger: log,
		IdleTimeout: never(cfg.wsIdle), MaxAge: never(cfg.wsMaxAge), StallTimeout: cfg.wsStall, IntegrationTimeout: never(cfg.wsIntegration)})
	pusher.gw.Store(s.gw)
	static, err := fs.Sub(web.Files, "static")
	if err != nil {
		s.close()
		return nil, err
	}
	api := httpapi.New(s.svc, cfg.store, log)
	mux := http.NewServeMux()
	mux.HandleFunc("/ws", s.gw.ServeWS)
	mux.Handle("/@connections/", s.management(http.HandlerFunc(s.gw.ServeConnections)))
	mux.Handle("/api/", apiFront(api, log))
	mux.HandleFunc("GET /"+web.ConfigFile, s.webConfig)
	mux.Handle("/", http.FileServerFS(static))
	s.http = &http.Server{Handler: s.secured(mux), ReadHeaderTimeout: 10 * time.Second}
	return s, nil
}

// addressLimiters are the per-address limiters of -rates, with
// -invite-rate's for invite codes (a rate a second in bursts of 20; 0
// lifts it). Servers sharing a DynamoDB table share their buckets too,
// kept in it, as the functions of the stack do.
func (s *server) addressLimiters() assemble.AddressLimiters {
	rates := s.cfg.rates
	rates.Invites = game.Rate{}
	if s.cfg.inviteRate > 0 {
		rates.Invites = game.Rate{Burst: 20, Per: time.Duration(20 / s.cfg.inviteRate * float64(time.Second))}
	}
	if s.limits == nil {
		return assemble.MemoryLimiters(rates)
	}
	return assemble.TableLimiters(s.limits, s.cfg.table, s.log, rates)
}

// secured puts the security headers on every answer: the page's policy
// lets it call only this origin (its API and WebSocket) and the identity
// provider; the API's answers allow nothing at all.
func (s *server) secured(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		csp := headers.APIPolicy
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			csp = headers.ContentSecurityPolicy("ws://"+r.Host, s.cfg.issuer)
		}
		headers.Set(w.Header(), csp)
		h.ServeHTTP(w, r)
	})
}

// never turns a flag's 0 ("never") into the gateway's negative setting
// (its 0 is "the default").
func never(d time.Duration) time.Duration {
	if d <= 0 {
		return -1
	}
	return d
}

// webConfig tells the web client how players sign in; its APIs are on
// this server's own origin.
func (s *server) webConfig(w http.ResponseWriter, _ *http.Request) {
	c := web.Config{Identity: "anonymous"}
	if s.cfg.identity == "oidc" {
		c.Identity, c.OIDC = "oidc", &web.OIDCClient{Issuer: s.cfg.issuer, ClientID: s.cfg.audience}
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(c)
}

func (s *server) openStore(ctx context.Context) error {
	switch s.cfg.store {
	case "dynamodb":
		opts := func(o *dynamodb.Options) {
			if s.cfg.endpoint != "" {
				o.BaseEndpoint = aws.String(s.cfg.endpoint)
			}
		}
		client := dynamodb.NewFromConfig(aws.Config{Region: "us-east-1",
			Credentials: credentials.NewStaticCredentialsProvider("local", "local", "")}, opts)
		if err := dynamo.EnsureTable(ctx, client, s.cfg.table); err != nil {
			return fmt.Errorf("dynamodb table: %w", err)
		}
		s.store, s.closeDB = dynamo.New(client, s.cfg.table), func() error { return nil }
		s.limits = client
	default:
		db, err := sqlite.Open(s.cfg.dataDir + "/chronicler.db")
		if err != nil {
			return fmt.Errorf("open store: %w", err)
		}
		s.store, s.closeDB = db, db.Close
	}
	return nil
}

// serve runs until ctx ends, then shuts down in order: stop taking
// requests, close the sockets (each runs $disconnect), close the store.
func (s *server) serve(ctx context.Context, stdout io.Writer) error {
	fmt.Fprintf(stdout, "Chronicler is running at http://%s (store: %s, narrator: %s, data: %s)\n",
		s.ln.Addr(), s.cfg.store, s.svc.Narrator.Name(), s.cfg.dataDir)
	if host, _, _ := net.SplitHostPort(s.cfg.addr); !loopback(host) {
		fmt.Fprintln(stdout, "Other machines can reach it (-public): anyone who can reach this address can sign up and play.")
	}
	errc := make(chan error, 1)
	go func() { errc <- s.http.Serve(s.ln) }()
	tick := time.NewTicker(s.cfg.sweep)
	defer tick.Stop()
	sweep := assemble.Sweep(s.svc)
	for {
		select {
		case <-tick.C:
			_, _ = sweep(ctx) // it logs what it did
		case err := <-errc:
			s.close()
			return err
		case <-ctx.Done():
			shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			s.svc.Draining.Store(true)
			s.gw.Close()
			if err := s.http.Shutdown(shut); err != nil && !errors.Is(err, http.ErrServerClosed) {
				// Requests still running after the grace period are cut:
				// every turn is all or nothing, so none is half saved.
				s.log.Warn("shutdown: closing requests still running", "err", err)
				s.http.Close()
			}
			s.close()
			return nil
		}
	}
}

// stepFunction is the ARN the definition's Task states invoke: the held
// turn's step handler, run in process.
const stepFunction = "arn:aws:lambda:us-east-1:000000000000:function:chronicler-step"

// startFlows runs the reaction window's and the fight's definitions, the
// same ones the cloud runs, on the local interpreter behind a loopback
// Step Functions endpoint, and returns the real sfn client's adapters
// pointed at them. The
// interpreter runs nothing before the game starts a flow, so its step
// function may reach the service built after.
func (s *server) startFlows(creds aws.CredentialsProvider) (*stepfunctions.Client, *stepfunctions.Fights, error) {
	s.flows = statemachine.New(statemachine.Options{Clock: s.cfg.flowClock, Invoker: s.invokeStep, OnEvent: s.cfg.flowEvents})
	arns := map[string]string{}
	for name, d := range map[string]struct {
		def  string
		subs map[string]string
	}{
		"chronicler-reaction": {workflow.Definition(), map[string]string{workflow.RollFunctionArn: stepFunction, workflow.WindowFunctionArn: stepFunction}},
		"chronicler-fight":    {workflow.FightDefinition(), map[string]string{workflow.FightFunctionArn: stepFunction}},
	} {
		def, err := workflow.Substitute(d.def, d.subs)
		if err != nil {
			return nil, nil, err
		}
		m, err := statemachine.Load(def)
		if err != nil {
			return nil, nil, err
		}
		if arns[name], err = s.flows.Register(name, m); err != nil {
			return nil, nil, err
		}
	}
	var err error
	if s.flowsLn, err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
		return nil, nil, fmt.Errorf("listen for the local state machine: %w", err)
	}
	s.flowsHTTP = &http.Server{Handler: s.management(s.flows), ReadHeaderTimeout: 10 * time.Second}
	go s.flowsHTTP.Serve(s.flowsLn)
	client := sfn.New(sfn.Options{
		Region:       "us-east-1",
		Credentials:  creds,
		BaseEndpoint: aws.String("http://" + s.flowsLn.Addr().String()),
	})
	return stepfunctions.NewClient(client, arns["chronicler-reaction"]), stepfunctions.NewFights(client, arns["chronicler-fight"]), nil
}

// management lets through only this process's own calls, from this
// machine: the management endpoints push to any socket, close it, and
// answer a held turn's tasks, with no player's token. In the cloud IAM
// guards them; here the access key id of the signature does (the
// signature itself is not checked: the key id is the secret).
func (s *server) management(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !fromLoopback(r.RemoteAddr) || !strings.Contains(r.Header.Get("Authorization"), "Credential="+s.mgmtKey+"/") {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusForbidden)
			io.WriteString(w, `{"message":"Forbidden"}`)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// managementAuthorization is an Authorization header the management
// endpoints let through (what this process's own SDK clients send).
func (s *server) managementAuthorization() string {
	return "AWS4-HMAC-SHA256 Credential=" + s.mgmtKey + "/local/us-east-1/execute-api/aws4_request"
}

func fromLoopback(remoteAddr string) bool {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		return false
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// invokeStep is the step Lambda, in process.
func (s *server) invokeStep(ctx context.Context, resource string, payload []byte) ([]byte, error) {
	if resource != stepFunction {
		return nil, &statemachine.TaskError{Name: "Lambda.ResourceNotFoundException", Cause: "no function " + resource}
	}
	out, err := assemble.Step(s.svc)(ctx, payload)
	if err != nil {
		return nil, &statemachine.TaskError{Name: "Chronicler.StepFailed", Cause: err.Error()}
	}
	return json.Marshal(out)
}

func (s *server) close() {
	if s.flowsHTTP != nil {
		s.flowsHTTP.Close()
	}
	if s.flows != nil {
		s.flows.Close()
	}
	if s.closeDB != nil {
		if err := s.closeDB(); err != nil {
			s.log.Warn("close store", "err", err)
		}
	}
	s.ln.Close()
}

// apiFront turns an HTTP request into the API Gateway HTTP API event the
// api Lambda receives, and its response back.
func apiFront(api *httpapi.Handler, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, err := io.ReadAll(io.LimitReader(r.Body, maxAPIBody+1))
		if err != nil || len(body) > maxAPIBody {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusRequestEntityTooLarge)
			io.WriteString(w, `{"error":{"code":"too_large","message":"request body is too large"}}`)
			return
		}
		resp, err := api.Handle(r.Context(), toEvent(r, body))
		if err != nil {
			log.Error("api handler", "err", err)
			http.Error(w, `{"error":{"code":"internal","message":"internal error"}}`, http.StatusInternalServerError)
			return
		}
		for k, v := range resp.Headers {
			w.Header().Set(k, v)
		}
		w.WriteHeader(resp.StatusCode)
		io.WriteString(w, resp.Body)
	})
}

// sourceIP is the address without its port, as API Gateway gives it.
func sourceIP(remoteAddr string) string {
	if host, _, err := net.SplitHostPort(remoteAddr); err == nil {
		return host
	}
	return remoteAddr
}

func toEvent(r *http.Request, body []byte) awsevents.APIGatewayV2HTTPRequest {
	headers := map[string]string{}
	for k, v := range r.Header {
		headers[strings.ToLower(k)] = strings.Join(v, ",")
	}
	ev := awsevents.APIGatewayV2HTTPRequest{
		Version: "2.0", RouteKey: "ANY /api/{proxy+}", RawPath: r.URL.Path, RawQueryString: r.URL.RawQuery,
		Headers: headers,
		RequestContext: awsevents.APIGatewayV2HTTPRequestContext{
			Stage: "$default", TimeEpoch: time.Now().UnixMilli(),
			HTTP: awsevents.APIGatewayV2HTTPRequestContextHTTPDescription{
				Method: r.Method, Path: r.URL.Path, Protocol: r.Proto, SourceIP: sourceIP(r.RemoteAddr), UserAgent: r.UserAgent(),
			},
		},
	}
	if utf8.Valid(body) {
		ev.Body = string(body)
	} else {
		ev.Body, ev.IsBase64Encoded = base64.StdEncoding.EncodeToString(body), true
	}
	return ev
}
