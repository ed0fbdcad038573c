package redact

import (
	"errors"
	"fmt"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestURL(t *testing.T) {
	for in, want := range map[string]string{
		"https://hooks.example.com/services/T000/B000/XXXXsecret?x=1": "https://hooks.example.com",
		"http://127.0.0.1:9000/hook?token=abc":                        "http://127.0.0.1:9000",
		"https://user:pw@idp.example.com/realms/x":                    "https://idp.example.com",
		"not a url": "the URL",
		"":          "the URL",
	} {
		assert.Equal(t, want, URL(in), in)
	}
}

// TestError: no form of the secret survives in an error's text, whether
// net/http quotes the URL, the error wraps it, or the text holds it bare.
func TestError(t *testing.T) {
	const secret = "https://hooks.example.com/services/T0/B0/s3cr3tPath?sig=s3cr3tQuery"
	errs := []error{
		&url.Error{Op: "Post", URL: secret, Err: errors.New("dial tcp: connection refused")},
		fmt.Errorf("delivering: %w", &url.Error{Op: "Post", URL: secret, Err: errors.New("EOF")}),
		fmt.Errorf("discovering %s: 404 Not Found", secret),
		errors.New("bad path /services/T0/B0/s3cr3tPath and query sig=s3cr3tQuery"),
	}
	for _, err := range errs {
		got := Error(err, secret)
		assert.NotContains(t, got, "s3cr3t", err.Error())
		assert.NotContains(t, got, "services", err.Error())
	}
	assert.Equal(t, `Post "https://hooks.example.com": dial tcp: connection refused`, Error(errs[0]))
	assert.Equal(t, "see https://a.example, then http://b.example:8080.", Text("see https://a.example/x?y=1, then http://b.example:8080/p."))
}
