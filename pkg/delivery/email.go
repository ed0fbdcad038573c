package delivery

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
	"github.com/wneessen/go-mail/smtp"
)

// The values of smtp.tls.
const (
	TLSNone     = "none"
	TLSStartTLS = "starttls"
	TLSImplicit = "tls"
)

// SMTPSettings are the smtp.* settings. Password is a secret: it is never
// logged, printed or returned by the API (String leaves it out).
type SMTPSettings struct {
	Host     string
	Port     int
	Username string
	Password string
	// From is the sender, "Name <address>" or an address.
	From string
	// TLS is none, starttls or tls.
	TLS string
	// Timeout bounds connecting and each SMTP exchange.
	Timeout time.Duration
	// ListUnsubscribe, when set, is the https address of a one-click
	// unsubscribe endpoint: messages then carry RFC 8058's
	// List-Unsubscribe and List-Unsubscribe-Post headers. Off by default:
	// internal communications are mandatory.
	ListUnsubscribe string
}

// String describes the settings without the password.
func (s SMTPSettings) String() string {
	auth := "no auth"
	if s.Username != "" {
		auth = "user " + s.Username
	}
	return fmt.Sprintf("smtp %s:%d tls=%s %s from %s", s.Host, s.Port, s.TLS, auth, s.From)
}

// Validate names the first bad setting.
func (s SMTPSettings) Validate() error {
	switch {
	case s.Host == "":
		return errors.New("smtp.host is required to send email")
	case s.Port <= 0 || s.Port > 65535:
		return errors.New("smtp.port must be a port number")
	case s.TLS != TLSNone && s.TLS != TLSStartTLS && s.TLS != TLSImplicit:
		return errors.New("smtp.tls must be one of none, starttls, tls")
	}
	if _, err := mail.ParseAddress(s.From); err != nil {
		return errors.New("smtp.from must be an email address")
	}
	if s.ListUnsubscribe != "" && !strings.HasPrefix(s.ListUnsubscribe, "https://") {
		return errors.New("delivery.list-unsubscribe must be an https URL")
	}
	return nil
}

// Mailer sends email over SMTP with go-mail. It keeps up to idleConns
// connections open between messages (a new connection per message cost
// more than the message: TCP, EHLO, STARTTLS, AUTH); each is checked with
// NOOP before reuse, and one the server closed is replaced at once.
type Mailer struct {
	s      SMTPSettings
	host   string
	client *gomail.Client
	idle   chan *smtp.Client
}

// idleConns is how many open connections a Mailer keeps.
const idleConns = 32

// NewMailer returns a Mailer over s, which must be valid.
func NewMailer(s SMTPSettings) (*Mailer, error) {
	if err := s.Validate(); err != nil {
		return nil, err
	}
	if s.Timeout <= 0 {
		s.Timeout = 30 * time.Second
	}
	from, _ := mail.ParseAddress(s.From)
	host := from.Address[strings.LastIndex(from.Address, "@")+1:]
	opts := []gomail.Option{gomail.WithPort(s.Port), gomail.WithTimeout(s.Timeout)}
	switch s.TLS {
	case TLSNone:
		opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
	case TLSStartTLS:
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
	case TLSImplicit:
		opts = append(opts, gomail.WithSSL())
	}
	if s.Username != "" {
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover), gomail.WithUsername(s.Username),
			gomail.WithPassword(s.Password))
	}
	c, err := gomail.NewClient(s.Host, opts...)
	if err != nil {
		return nil, fmt.Errorf("smtp: %w", err)
	}
	return &Mailer{s: s, host: host, client: c, idle: make(chan *smtp.Client, idleConns)}, nil
}

// Close closes the idle connections.
func (m *Mailer) Close() {
	for {
		select {
		case c := <-m.idle:
			_ = m.client.CloseWithSMTPClient(c)
		default:
			return
		}
	}
}

// Host is the domain of the sender's address: the right side of every
// Message-ID.
func (m *Mailer) Host() string { return m.host }

// Build is the message m sends for msg: multipart/alternative with the
// plain text first and the HTML last, the stable Message-ID, and the
// unsubscribe headers when configured.
func (m *Mailer) Build(msg Message) (*gomail.Msg, error) {
	out := gomail.NewMsg()
	if err := out.From(m.s.From); err != nil {
		return nil, permanent("smtp.from: %w", err)
	}
	to := msg.To
	if msg.Name != "" {
		to = (&mail.Address{Name: msg.Name, Address: msg.To}).String()
	}
	if err := out.To(to); err != nil {
		return nil, permanent("recipient %s: %w", msg.To, err)
	}
	out.Subject(msg.Subject)
	out.SetMessageIDWithValue(strings.Trim(msg.ID, "<>"))
	out.SetDate()
	out.SetBodyString(gomail.TypeTextPlain, msg.Text)
	out.AddAlternativeString(gomail.TypeTextHTML, msg.HTML)
	if m.s.ListUnsubscribe != "" {
		if err := out.SetListUnsubscribeOneClick(m.s.ListUnsubscribe, "mailto:"+fromAddress(m.s.From)+"?subject=unsubscribe"); err != nil {
			return nil, permanent("delivery.list-unsubscribe: %w", err)
		}
	}
	return out, nil
}

func fromAddress(s string) string {
	if a, err := mail.ParseAddress(s); err == nil {
		return a.Address
	}
	return s
}

// Send implements Sender: an SMTP 4xx reply, a refused connection or a
// timeout may be retried, a 5xx reply fails for good.
func (m *Mailer) Send(ctx context.Context, msg Message) error {
	out, err := m.Build(msg)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, m.s.Timeout)
	defer cancel()
	var conn *smtp.Client
	select {
	case conn = <-m.idle:
	default:
	}
	if conn != nil {
		err = m.client.SendWithSMTPClient(conn, out)
		if err == nil {
			m.release(conn)
			return nil
		}
		_ = m.client.CloseWithSMTPClient(conn)
		if replied(err) {
			return classifySMTP(err)
		}
		// The server closed an idle connection: try a new one.
	}
	if conn, err = m.client.DialToSMTPClientWithContext(ctx); err != nil {
		return classifySMTP(err)
	}
	if err := m.client.SendWithSMTPClient(conn, out); err != nil {
		_ = m.client.CloseWithSMTPClient(conn)
		return classifySMTP(err)
	}
	m.release(conn)
	return nil
}

// release keeps conn for the next message, or closes it when enough are
// kept.
func (m *Mailer) release(conn *smtp.Client) {
	select {
	case m.idle <- conn:
	default:
		_ = m.client.CloseWithSMTPClient(conn)
	}
}

// replied says the server answered err with a reply code: the connection
// was fine, the message was not.
func replied(err error) bool {
	var se *gomail.SendError
	return errors.As(err, &se) && se.ErrorCode() >= 400
}

// classifySMTP marks a 5xx reply permanent; everything else is retried.
func classifySMTP(err error) error {
	var se *gomail.SendError
	if errors.As(err, &se) {
		code := se.ErrorCode()
		if code >= 500 && code < 600 {
			return &SendError{Permanent: true, Err: fmt.Errorf("smtp %d: %w", code, err)}
		}
		if code >= 400 && code < 500 {
			return &SendError{Err: fmt.Errorf("smtp %d: %w", code, err)}
		}
	}
	return &SendError{Err: fmt.Errorf("smtp: %w", err)}
}
