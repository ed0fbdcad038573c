// Package smtpsink is an SMTP server that records every message it
// accepts, for tests and benchmarks of delivery: it runs in the test's
// process (go-smtp) on a loopback port, and can answer chosen recipients
// with an error or be slow.
package smtpsink

import (
	"bytes"
	"io"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-smtp"
)

// Message is one accepted message.
type Message struct {
	From string
	To   []string
	Data []byte
}

// Sink is a running server.
type Sink struct {
	// Addr is host:port to send to.
	Addr string
	Host string
	Port int

	srv  *smtp.Server
	mu   sync.Mutex
	msgs []Message
	// Reject, when set, answers RCPT TO for an address with its error
	// (nil accepts).
	reject func(rcpt string) *smtp.SMTPError
	delay  time.Duration
}

// Start listens on a free loopback port.
func Start() (*Sink, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	s := &Sink{Addr: l.Addr().String()}
	s.Host, s.Port = "127.0.0.1", l.Addr().(*net.TCPAddr).Port
	s.srv = smtp.NewServer(backend{s})
	s.srv.Domain = "sink.test"
	s.srv.AllowInsecureAuth = true
	s.srv.MaxMessageBytes = 10 << 20
	s.srv.MaxRecipients = 50
	go func() { _ = s.srv.Serve(l) }()
	return s, nil
}

// Close stops the server.
func (s *Sink) Close() error { return s.srv.Close() }

// Reject makes RCPT TO answer fn's error for the addresses it returns one
// for.
func (s *Sink) Reject(fn func(rcpt string) *smtp.SMTPError) {
	s.mu.Lock()
	s.reject = fn
	s.mu.Unlock()
}

// Delay makes every reply to DATA wait d.
func (s *Sink) Delay(d time.Duration) {
	s.mu.Lock()
	s.delay = d
	s.mu.Unlock()
}

// Messages are the accepted messages so far.
func (s *Sink) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Message(nil), s.msgs...)
}

// Count is the number of accepted messages.
func (s *Sink) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.msgs)
}

// ByRecipient counts the accepted messages per recipient (lower case).
func (s *Sink) ByRecipient() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]int{}
	for _, m := range s.msgs {
		for _, to := range m.To {
			out[strings.ToLower(to)]++
		}
	}
	return out
}

// Temporary is a 4xx reply; Permanent a 5xx one.
var (
	Temporary = &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
	Permanent = &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
)

type backend struct{ s *Sink }

func (b backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{s: b.s}, nil }

type session struct {
	s    *Sink
	from string
	to   []string
}

func (x *session) AuthMechanisms() []string { return nil }
func (x *session) Reset()                   { x.from, x.to = "", nil }
func (x *session) Logout() error            { return nil }

func (x *session) Mail(from string, _ *smtp.MailOptions) error {
	x.from = from
	return nil
}

func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.s.mu.Lock()
	reject := x.s.reject
	x.s.mu.Unlock()
	if reject != nil {
		if err := reject(to); err != nil {
			return err
		}
	}
	x.to = append(x.to, to)
	return nil
}

func (x *session) Data(r io.Reader) error {
	var buf bytes.Buffer
	if _, err := io.Copy(&buf, r); err != nil {
		return err
	}
	x.s.mu.Lock()
	delay := x.s.delay
	x.s.mu.Unlock()
	if delay > 0 {
		time.Sleep(delay)
	}
	x.s.mu.Lock()
	x.s.msgs = append(x.s.msgs, Message{From: x.from, To: append([]string(nil), x.to...), Data: buf.Bytes()})
	x.s.mu.Unlock()
	return nil
}
