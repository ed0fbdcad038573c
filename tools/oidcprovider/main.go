// Command oidcprovider runs pkg/sso/oidctest's OpenID provider as a process:
// for the browser test of single sign-on (webui/e2e/sso.test.mjs) and for
// trying single sign-on locally without a real provider. It registers one
// client with the redirect URL it is given, prints the settings serve needs
// as environment lines on stdout, and serves a login form offering its
// users until interrupted. It is a test provider: nobody has a password.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/commsplan/commsplan/pkg/sso/oidctest"
)

// users is the repeatable --user flag.
type users []oidctest.User

func (u *users) String() string { return fmt.Sprint(len(*u), " users") }

// Set reads NAME;EMAIL[;GROUP,GROUP...]. The subject is the email, and the
// email is verified.
func (u *users) Set(v string) error {
	parts := strings.Split(v, ";")
	if len(parts) < 2 || len(parts) > 3 || strings.TrimSpace(parts[0]) == "" || !strings.Contains(parts[1], "@") {
		return errors.New("takes NAME;EMAIL[;GROUP,GROUP...]")
	}
	email := strings.TrimSpace(parts[1])
	user := oidctest.User{Subject: email, Name: strings.TrimSpace(parts[0]), Email: email, EmailVerified: true}
	if len(parts) == 3 {
		for _, g := range strings.Split(parts[2], ",") {
			if g = strings.TrimSpace(g); g != "" {
				user.Groups = append(user.Groups, g)
			}
		}
	}
	*u = append(*u, user)
	return nil
}

// defaultUsers are offered when no --user is given: one in a group, one
// of another domain.
var defaultUsers = users{
	{Subject: "dana@example.com", Name: "Dana Reyes", Email: "dana@example.com", EmailVerified: true, Groups: []string{"comms-approvers"}},
	{Subject: "sam@elsewhere.test", Name: "Sam Outsider", Email: "sam@elsewhere.test", EmailVerified: true},
}

func main() {
	var us users
	fs := flag.NewFlagSet("oidcprovider", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:0", "address to listen on (default: a free loopback port)")
	redirect := fs.String("redirect-url", "", "the client's callback, e.g. http://127.0.0.1:8080/api/auth/oidc/callback (required)")
	clientID := fs.String("client-id", "commsplan-local", "the client's id")
	fs.Var(&us, "user", "a user the login form offers, NAME;EMAIL[;GROUP,GROUP...] (repeatable; default: Dana Reyes in comms-approvers, and Sam Outsider of elsewhere.test)")
	if err := fs.Parse(os.Args[1:]); err != nil {
		os.Exit(2)
	}
	if *redirect == "" {
		fmt.Fprintln(os.Stderr, "oidcprovider: --redirect-url is required")
		os.Exit(2)
	}
	if len(us) == 0 {
		us = defaultUsers
	}
	// The secret is random per run and printed: the provider lives only as
	// long as the process, and so does the client.
	p, err := oidctest.Start(oidctest.Options{Addr: *addr, RedirectURI: *redirect, ClientID: *clientID, Users: us})
	if err != nil {
		fmt.Fprintln(os.Stderr, "oidcprovider:", err)
		os.Exit(1)
	}
	defer p.Close()
	fmt.Printf("COMMSPLAN_AUTH_OIDC_ISSUER=%s\nCOMMSPLAN_AUTH_OIDC_CLIENT_ID=%s\nCOMMSPLAN_AUTH_OIDC_CLIENT_SECRET=%s\nCOMMSPLAN_AUTH_OIDC_REDIRECT_URL=%s\n",
		p.Issuer, p.ClientID, p.ClientSecret, p.RedirectURI)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
}
