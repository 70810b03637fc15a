package stack

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfront"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscloudfrontorigins"
	"github.com/aws/aws-cdk-go/awscdk/v2/awscognito"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3"
	"github.com/aws/aws-cdk-go/awscdk/v2/awss3deployment"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"chronicler/shared/headers"
	"chronicler/web"
)

// WebStackID is the web client's nested stack, a child of the stack.
const WebStackID = "Web"

// webStaticDir is the built client (committed, so a synth needs no build
// step), relative to the repository root.
const webStaticDir = "web/static"

// webProps is what the web client's stack is given by its parent.
type webProps struct {
	httpAPIURL, webSocketURL *string
	pool                     awscognito.UserPool
	signInURL                *string // the pool's hosted sign-in pages
	identity                 string  // anonymous | oidc
	edge                     EdgeProps
}

// newWeb serves the web client: a private bucket that only CloudFront reads
// (origin access control), the files of web/static deployed into it with a
// config.json (web.Config) holding the HTTP API and WebSocket URLs, which
// exist only at deploy time, and how players sign in. Every deployment
// invalidates the distribution, since the client's file names do not change
// between builds.
//
// The user pool's client for the web client is here too: its callback is
// the distribution's URL, and config.json names the client, so in the
// parent either would make a dependency cycle.
//
// It is a nested stack, so the stack's own template (and what its tests
// count in it) stays the APIs and their functions; the deployment's
// function lives in the nested template. The stack outputs WebUrl. It
// returns the pool's client, whose id the functions check tokens against.
func newWeb(parent constructs.Construct, props webProps) awscognito.UserPoolClient {
	dir, err := repoPath(webStaticDir)
	if err != nil {
		panic(fmt.Sprintf("web client: %v", err))
	}
	scope := awscdk.NewNestedStack(parent, jsii.String(WebStackID), &awscdk.NestedStackProps{
		Description: jsii.String("Chronicler web client: S3 behind CloudFront"),
	})
	bucket := awss3.NewBucket(scope, jsii.String("WebBucket"), &awss3.BucketProps{
		BlockPublicAccess: awss3.BlockPublicAccess_BLOCK_ALL(),
		Encryption:        awss3.BucketEncryption_S3_MANAGED,
		EnforceSSL:        jsii.Bool(true),
		ObjectOwnership:   awss3.ObjectOwnership_BUCKET_OWNER_ENFORCED,
	})
	dist := awscloudfront.NewDistribution(scope, jsii.String("WebDistribution"), &awscloudfront.DistributionProps{
		Comment:           jsii.String("Chronicler web client"),
		DefaultRootObject: jsii.String("index.html"),
		PriceClass:        awscloudfront.PriceClass_PRICE_CLASS_100,
		WebAclId:          webACL(scope, props.edge),
		DefaultBehavior: &awscloudfront.BehaviorOptions{
			Origin:                awscloudfrontorigins.S3BucketOrigin_WithOriginAccessControl(bucket, nil),
			ViewerProtocolPolicy:  awscloudfront.ViewerProtocolPolicy_REDIRECT_TO_HTTPS,
			Compress:              jsii.Bool(true),
			CachePolicy:           awscloudfront.CachePolicy_CACHING_OPTIMIZED(),
			ResponseHeadersPolicy: securityHeaders(scope, props),
		},
	})
	webURL := fmt.Sprintf("https://%s", *dist.DistributionDomainName())
	client := awscognito.NewUserPoolClient(scope, jsii.String("WebClient"), &awscognito.UserPoolClientProps{
		UserPool:       props.pool,
		GenerateSecret: jsii.Bool(false), // a browser cannot keep a secret
		AuthFlows:      &awscognito.AuthFlow{UserSrp: jsii.Bool(true)},
		// The authorization code flow with PKCE, back to the client's
		// own page; ID tokens carry the player's name.
		OAuth: &awscognito.OAuthSettings{
			Flows:        &awscognito.OAuthFlows{AuthorizationCodeGrant: jsii.Bool(true)},
			Scopes:       &[]awscognito.OAuthScope{awscognito.OAuthScope_OPENID(), awscognito.OAuthScope_PROFILE(), awscognito.OAuthScope_EMAIL()},
			CallbackUrls: jsii.Strings(webURL+"/", webURL+"/index.html"),
			LogoutUrls:   jsii.Strings(webURL + "/"),
		},
		SupportedIdentityProviders: &[]awscognito.UserPoolClientIdentityProvider{awscognito.UserPoolClientIdentityProvider_COGNITO()},
		PreventUserExistenceErrors: jsii.Bool(true),
	})
	// web.Config, whose string tokens CDK fills in at deploy time.
	config := web.Config{APIURL: *props.httpAPIURL, WSURL: *props.webSocketURL, Identity: props.identity}
	if props.identity == "oidc" {
		config.OIDC = &web.OIDCClient{Issuer: *props.pool.UserPoolProviderUrl(), ClientID: *client.UserPoolClientId(),
			LogoutURL: *props.signInURL + "/logout"}
	}
	awss3deployment.NewBucketDeployment(scope, jsii.String("WebDeployment"), &awss3deployment.BucketDeploymentProps{
		DestinationBucket: bucket,
		Sources: &[]awss3deployment.ISource{
			awss3deployment.Source_Asset(jsii.String(dir), nil),
			awss3deployment.Source_JsonData(jsii.String(web.ConfigFile), jsonObject(config), nil),
		},
		Distribution:      dist,
		DistributionPaths: jsii.Strings("/*"),
	})
	awscdk.NewCfnOutput(parent, jsii.String("WebUrl"), &awscdk.CfnOutputProps{
		Description: jsii.String("The web client"),
		Value:       jsii.String(webURL),
	})
	return client
}

// securityHeaders is the page's response headers policy, the one the local
// server sends (headers.Set): the page's own scripts and styles only,
// network calls to the HTTP API, the WebSocket and, when players sign in
// with the pool, its issuer (discovery) and hosted sign-in domain (the
// token endpoint); no framing, no sniffing, no referrer; HTTPS only.
func securityHeaders(scope constructs.Construct, props webProps) awscloudfront.ResponseHeadersPolicy {
	origins := []string{origin("https", props.httpAPIURL), origin("wss", props.webSocketURL)}
	if props.identity == "oidc" {
		origins = append(origins, "https://cognito-idp."+*awscdk.Aws_REGION()+"."+*awscdk.Aws_URL_SUFFIX(), origin("https", props.signInURL))
	}
	return awscloudfront.NewResponseHeadersPolicy(scope, jsii.String("SecurityHeaders"), &awscloudfront.ResponseHeadersPolicyProps{
		Comment: jsii.String("Chronicler web client: its own scripts, its APIs, no framing"),
		SecurityHeadersBehavior: &awscloudfront.ResponseSecurityHeadersBehavior{
			ContentSecurityPolicy: &awscloudfront.ResponseHeadersContentSecurityPolicy{
				ContentSecurityPolicy: jsii.String(headers.PolicyOf(origins...)), Override: jsii.Bool(true),
			},
			ContentTypeOptions: &awscloudfront.ResponseHeadersContentTypeOptions{Override: jsii.Bool(true)},
			FrameOptions: &awscloudfront.ResponseHeadersFrameOptions{
				FrameOption: awscloudfront.HeadersFrameOption_DENY, Override: jsii.Bool(true),
			},
			ReferrerPolicy: &awscloudfront.ResponseHeadersReferrerPolicy{
				ReferrerPolicy: awscloudfront.HeadersReferrerPolicy_NO_REFERRER, Override: jsii.Bool(true),
			},
			StrictTransportSecurity: &awscloudfront.ResponseHeadersStrictTransportSecurity{
				AccessControlMaxAge: awscdk.Duration_Days(jsii.Number(365)), IncludeSubdomains: jsii.Bool(true), Override: jsii.Bool(true),
			},
		},
	})
}

// origin is scheme://host of a URL known only at deploy time: its host is
// the third part of the URL split at "/" (scheme:, "", host, path...).
func origin(scheme string, url *string) string {
	return scheme + "://" + *awscdk.Fn_Select(jsii.Number(2), awscdk.Fn_Split(jsii.String("/"), url, nil))
}

// jsonObject is v as the JSON object it encodes to, for CDK, which takes
// maps rather than Go structs.
func jsonObject(v any) map[string]any {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("web client config: %v", err))
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		panic(fmt.Sprintf("web client config: %v", err))
	}
	return m
}

// repoPath finds rel under the repository root (the directory holding
// go.mod), whether the app runs from the root (cdk synth) or from a package
// directory (go test).
func repoPath(rel string) (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			p := filepath.Join(dir, filepath.FromSlash(rel))
			if _, err := os.Stat(filepath.Join(p, "index.html")); err != nil {
				return "", fmt.Errorf("%s has no index.html: %w", p, err)
			}
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above the working directory, so no %s", rel)
		}
		dir = parent
	}
}
