package stack_test

import (
	"strings"
	"testing"

	"chronicler/infra/stack"
	"chronicler/shared/headers"

	"github.com/aws/jsii-runtime-go"
)

// The web client is served by CloudFront from a bucket nobody else can
// read, with the APIs' URLs written into config.json at deploy time.
func TestWebClient(t *testing.T) {
	s := defaultStack(t)
	doc, parent, pdoc := s.web, s.tmpl, s.doc
	one := func(typ string) (string, map[string]any) {
		t.Helper()
		var ids []string
		var props map[string]any
		for id, r := range doc.Resources {
			if r.Type == typ {
				ids, props = append(ids, id), r.Properties
			}
		}
		if len(ids) != 1 {
			t.Fatalf("want one %s, have %v", typ, ids)
		}
		return ids[0], props
	}
	bucket, bp := one("AWS::S3::Bucket")
	dist, dp := one("AWS::CloudFront::Distribution")
	oac, op := one("AWS::CloudFront::OriginAccessControl")
	_, pp := one("AWS::S3::BucketPolicy")
	_, deploy := one("Custom::CDKBucketDeployment")

	t.Run("BucketIsPrivate", func(t *testing.T) {
		block, _ := bp["PublicAccessBlockConfiguration"].(map[string]any)
		for _, k := range []string{"BlockPublicAcls", "BlockPublicPolicy", "IgnorePublicAcls", "RestrictPublicBuckets"} {
			if block[k] != true {
				t.Errorf("PublicAccessBlockConfiguration.%s = %v, want true", k, block[k])
			}
		}
	})

	t.Run("OnlyThisDistributionReads", func(t *testing.T) {
		var allows []map[string]any
		for _, st := range statements(pp["PolicyDocument"]) {
			if st["Effect"] == "Allow" {
				allows = append(allows, st)
			}
		}
		if len(allows) != 1 {
			t.Fatalf("bucket policy allows %d statements, want 1: %s", len(allows), flat(allows))
		}
		st := allows[0]
		if flat(st["Action"]) != `"s3:GetObject"` || flat(dig(st, "Principal", "Service")) != `"cloudfront.amazonaws.com"` {
			t.Errorf("bucket policy allows %s to %s, want s3:GetObject to CloudFront", flat(st["Principal"]), flat(st["Action"]))
		}
		if c := flat(dig(st, "Condition", "StringEquals", "AWS:SourceArn")); !strings.Contains(c, dist) {
			t.Errorf("bucket policy is not bound to the distribution %s: %s", dist, c)
		}
	})

	t.Run("DistributionUsesOriginAccessControl", func(t *testing.T) {
		if dig(op, "OriginAccessControlConfig", "SigningBehavior") != "always" {
			t.Errorf("origin access control does not always sign: %s", flat(op))
		}
		cfg, _ := dp["DistributionConfig"].(map[string]any)
		origins, _ := cfg["Origins"].([]any)
		if len(origins) != 1 || getAttIn(dig(origins[0], "OriginAccessControlId")) != oac || getAttIn(dig(origins[0], "DomainName")) != bucket {
			t.Errorf("origin is not the bucket through %s: %s", oac, flat(origins))
		}
		if cfg["DefaultRootObject"] != "index.html" || dig(cfg, "DefaultCacheBehavior", "ViewerProtocolPolicy") != "redirect-to-https" {
			t.Errorf("distribution: root %v, viewer policy %v", cfg["DefaultRootObject"], dig(cfg, "DefaultCacheBehavior", "ViewerProtocolPolicy"))
		}
	})

	t.Run("DeploysTheClientWithTheAPIsURLs", func(t *testing.T) {
		if refIn(deploy["DestinationBucketName"]) != bucket || refIn(deploy["DistributionId"]) != dist {
			t.Errorf("deployment goes to %s via %s, want %s via %s", flat(deploy["DestinationBucketName"]), flat(deploy["DistributionId"]), bucket, dist)
		}
		if flat(deploy["DistributionPaths"]) != `["/*"]` {
			t.Errorf("DistributionPaths = %s, want every path invalidated", flat(deploy["DistributionPaths"]))
		}
		// The URLs come from the parent stack as parameters of the nested one.
		markers := flat(deploy["SourceMarkers"])
		var params string
		for _, r := range pdoc.Resources {
			if r.Type == "AWS::CloudFormation::Stack" {
				params += flat(r.Properties["Parameters"])
			}
		}
		for _, want := range []string{idOf(t, pdoc, "AWS::ApiGatewayV2::Api", "HTTP"), idOf(t, pdoc, "AWS::ApiGatewayV2::Api", "WEBSOCKET")} {
			if !strings.Contains(params, want) {
				t.Errorf("the web stack is not given %s: %s", want, params)
			}
		}
		for _, want := range []string{`"https://`, `"wss://`, `/live`} {
			if !strings.Contains(markers, want) {
				t.Errorf("config.json does not hold %s: %s", want, markers)
			}
		}
	})

	t.Run("SignInComesBackToTheClient", func(t *testing.T) {
		_, cp := one("AWS::Cognito::UserPoolClient")
		if cp["GenerateSecret"] != false {
			t.Errorf("GenerateSecret = %v, want false: a browser cannot keep a secret", cp["GenerateSecret"])
		}
		if flat(cp["AllowedOAuthFlows"]) != `["code"]` || cp["AllowedOAuthFlowsUserPoolClient"] != true {
			t.Errorf("OAuth flows %s, want only the authorization code flow", flat(cp["AllowedOAuthFlows"]))
		}
		if scopes := flat(cp["AllowedOAuthScopes"]); !strings.Contains(scopes, `"openid"`) {
			t.Errorf("scopes %s lack openid", scopes)
		}
		// The callback is the distribution's own URL, with the path the
		// client's page has.
		cb := flat(cp["CallbackURLs"])
		if !strings.Contains(cb, dist) || !strings.HasPrefix(cb, `[{"Fn::Join":["",["https://",`) || !strings.Contains(cb, `"/"]]}`) {
			t.Errorf("CallbackURLs = %s, want https://<%s's domain>/", cb, dist)
		}
		// Anonymous by default: config.json names no provider. (Its
		// literal values are in the asset; the markers are what is
		// filled in at deploy time.)
		if markers := flat(deploy["SourceMarkers"]); strings.Contains(markers, "ProviderURL") || strings.Contains(markers, "WebClient") {
			t.Errorf("config.json of an anonymous stack names the user pool: %s", markers)
		}
	})

	t.Run("SecurityHeaders", func(t *testing.T) {
		rp, _ := one("AWS::CloudFront::ResponseHeadersPolicy")
		if got := refIn(dig(dp, "DistributionConfig", "DefaultCacheBehavior", "ResponseHeadersPolicyId")); got != rp {
			t.Errorf("the distribution's response headers policy is %q, want %s", got, rp)
		}
		sec := securityHeaders(t, doc)
		// The same policy as the local server's, with the APIs' origins
		// filled in at deploy time.
		csp := dig(sec, "ContentSecurityPolicy", "ContentSecurityPolicy")
		if got, want := joined(csp), headers.PolicyOf("https://X", "wss://X"); got != want {
			t.Errorf("Content-Security-Policy = %s\nwant %s", got, want)
		}
		// Each X of the two is the host of an API, given by the parent
		// as a parameter of the nested stack.
		params := map[string]any{}
		for _, r := range pdoc.Resources {
			if r.Type == "AWS::CloudFormation::Stack" {
				params, _ = r.Properties["Parameters"].(map[string]any)
			}
		}
		for _, api := range []string{idOf(t, pdoc, "AWS::ApiGatewayV2::Api", "HTTP"), idOf(t, pdoc, "AWS::ApiGatewayV2::Api", "WEBSOCKET")} {
			named := false
			for name, v := range params {
				named = named || refIn(v) == api && strings.Contains(flat(csp), `{"Ref":"`+name+`"}`)
			}
			if !named {
				t.Errorf("Content-Security-Policy does not name %s's origin: %s", api, flat(csp))
			}
		}
		for k, want := range map[string]any{
			"ContentTypeOptions.Override":    true,
			"FrameOptions.FrameOption":       "DENY",
			"ReferrerPolicy.ReferrerPolicy":  "no-referrer",
			"ContentSecurityPolicy.Override": true,
		} {
			if got := dig(sec, strings.Split(k, ".")...); got != want {
				t.Errorf("%s = %v, want %v", k, got, want)
			}
		}
	})

	t.Run("NamesTheWebURL", func(t *testing.T) {
		match(t, "WebUrl output", func() { parent.HasOutput(jsii.String("WebUrl"), map[string]any{}) })
	})

	t.Run("LeastPrivilege", func(t *testing.T) {
		if v := doc.violations(); len(v) > 0 {
			t.Errorf("IAM violations:\n%s", strings.Join(v, "\n"))
		}
	})
}

// idOf is the logical id of the one API of a protocol.
func idOf(t *testing.T, doc template, typ, protocol string) string {
	t.Helper()
	for id, r := range doc.Resources {
		if r.Type == typ && r.Properties["ProtocolType"] == protocol {
			return id
		}
	}
	t.Fatalf("no %s %s", protocol, typ)
	return ""
}

// A stack whose players sign in with the user pool tells the web client the
// issuer and the client id in config.json, and its functions accept them.
func TestWebClientSignsInWithThePool(t *testing.T) {
	s := synth(t, stack.ChroniclerStackProps{Identity: "oidc"})
	doc := s.web
	var client, markers string
	for id, r := range doc.Resources {
		switch r.Type {
		case "AWS::Cognito::UserPoolClient":
			client = id
		case "Custom::CDKBucketDeployment":
			markers = flat(r.Properties["SourceMarkers"])
		}
	}
	for _, want := range []string{"ProviderURL", client, ".auth.", "amazoncognito.com/logout"} {
		if !strings.Contains(markers, want) {
			t.Errorf("config.json does not hold %s: %s", want, markers)
		}
	}
	// The page may fetch the issuer's discovery document and the hosted
	// sign-in domain's token endpoint.
	csp := joined(dig(securityHeaders(t, doc), "ContentSecurityPolicy", "ContentSecurityPolicy"))
	// (The hosted domain's X is not the API's, though both read X here.)
	want := strings.Replace(headers.PolicyOf("https://X", "wss://X", "https://cognito-idp.X.X"), "cognito-idp.X.X", "cognito-idp.X.X https://X", 1)
	if csp != want {
		t.Errorf("Content-Security-Policy = %s\nwant %s", csp, want)
	}
	for id, r := range s.doc.Resources {
		if r.Type != "AWS::Lambda::Function" {
			continue
		}
		env, _ := dig(r.Properties, "Environment", "Variables").(map[string]any)
		if flat(env["CHRONICLER_IDENTITY"]) != `"oidc"` || !strings.Contains(flat(env["OIDC_AUDIENCE"]), "WebClient") {
			t.Errorf("%s: CHRONICLER_IDENTITY = %s, OIDC_AUDIENCE = %s", id, flat(env["CHRONICLER_IDENTITY"]), flat(env["OIDC_AUDIENCE"]))
		}
	}
}

// securityHeaders is the SecurityHeadersConfig of the one response headers
// policy in doc.
func securityHeaders(t *testing.T, doc template) map[string]any {
	t.Helper()
	for _, r := range doc.Resources {
		if r.Type == "AWS::CloudFront::ResponseHeadersPolicy" {
			sec, _ := dig(r.Properties, "ResponseHeadersPolicyConfig", "SecurityHeadersConfig").(map[string]any)
			return sec
		}
	}
	t.Fatal("no response headers policy")
	return nil
}

// joined is v as the string CloudFormation makes of it, with every value
// known only at deploy time written X.
func joined(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case map[string]any:
		if j, ok := v["Fn::Join"].([]any); ok && len(j) == 2 {
			sep, _ := j[0].(string)
			parts, _ := j[1].([]any)
			var out []string
			for _, p := range parts {
				out = append(out, joined(p))
			}
			return strings.Join(out, sep)
		}
	}
	return "X"
}
