package delivery

import (
	"bytes"
	"context"
	"io"
	"mime"
	"mime/multipart"
	"net/mail"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/delivery/smtpsink"
)

func startSink(t *testing.T) *smtpsink.Sink {
	t.Helper()
	s, err := smtpsink.Start()
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

func mailerFor(t *testing.T, s *smtpsink.Sink, edit func(*SMTPSettings)) *Mailer {
	t.Helper()
	set := SMTPSettings{Host: s.Host, Port: s.Port, From: "Comms Team <comms@example.com>", TLS: TLSNone, Timeout: 5 * time.Second}
	if edit != nil {
		edit(&set)
	}
	m, err := NewMailer(set)
	require.NoError(t, err)
	return m
}

// parts reads a multipart/alternative message's parts by content type.
func parts(t *testing.T, data []byte) (*mail.Message, map[string]string) {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(data))
	require.NoError(t, err)
	mt, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	require.NoError(t, err)
	require.Equal(t, "multipart/alternative", mt)
	out := map[string]string{}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		body, err := io.ReadAll(p)
		require.NoError(t, err)
		ct, _, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		if p.Header.Get("Content-Transfer-Encoding") == "quoted-printable" {
			// multipart.Reader decodes quoted-printable itself.
			_ = ct
		}
		out[ct] = string(body)
	}
	return msg, out
}

func TestEmailOneMessagePerRecipientWithBothParts(t *testing.T) {
	s := startSink(t)
	m := mailerFor(t, s, nil)
	for _, to := range []string{"ann@example.com", "bob@example.com"} {
		require.NoError(t, m.Send(context.Background(), Message{ID: MessageID("c1", to, m.Host()), To: to, Name: "Ann Abbott",
			Subject: "New tools on Monday", HTML: "<p>From <strong>Monday</strong></p>", Text: "From Monday", Communication: "c1"}))
	}
	got := s.Messages()
	require.Len(t, got, 2)
	assert.Equal(t, []string{"ann@example.com"}, got[0].To)
	assert.Equal(t, "comms@example.com", got[0].From)
	msg, ps := parts(t, got[0].Data)
	assert.Equal(t, "New tools on Monday", msg.Header.Get("Subject"))
	assert.Equal(t, MessageID("c1", "ann@example.com", "example.com"), msg.Header.Get("Message-Id"))
	assert.Contains(t, msg.Header.Get("From"), "comms@example.com")
	assert.Contains(t, msg.Header.Get("To"), "<ann@example.com>")
	assert.Empty(t, msg.Header.Get("List-Unsubscribe"), "no unsubscribe header by default")
	assert.Equal(t, "From Monday", strings.TrimSpace(ps["text/plain"]))
	assert.Contains(t, ps["text/html"], "<strong>Monday</strong>")
	other, _ := parts(t, got[1].Data)
	assert.NotEqual(t, msg.Header.Get("Message-Id"), other.Header.Get("Message-Id"))
}

func TestEmailListUnsubscribe(t *testing.T) {
	s := startSink(t)
	m := mailerFor(t, s, func(x *SMTPSettings) { x.ListUnsubscribe = "https://hr.example.com/unsubscribe" })
	require.NoError(t, m.Send(context.Background(), Message{ID: "<a@b>", To: "ann@example.com", Subject: "S", HTML: "<p>x</p>", Text: "x"}))
	msg, _ := parts(t, s.Messages()[0].Data)
	assert.Equal(t, "<https://hr.example.com/unsubscribe>, <mailto:comms@example.com?subject=unsubscribe>", msg.Header.Get("List-Unsubscribe"))
	assert.Equal(t, "List-Unsubscribe=One-Click", msg.Header.Get("List-Unsubscribe-Post"))
	_, err := NewMailer(SMTPSettings{Host: "h", Port: 25, From: "a@b.c", TLS: TLSNone, ListUnsubscribe: "http://x"})
	assert.ErrorContains(t, err, "delivery.list-unsubscribe")
}

func TestEmailTemporaryAndPermanentReplies(t *testing.T) {
	s := startSink(t)
	s.Reject(func(rcpt string) *smtp.SMTPError {
		switch rcpt {
		case "later@example.com":
			return smtpsink.Temporary
		case "gone@example.com":
			return smtpsink.Permanent
		}
		return nil
	})
	m := mailerFor(t, s, nil)
	send := func(to string) error {
		return m.Send(context.Background(), Message{ID: "<x@y>", To: to, Subject: "S", HTML: "<p>x</p>", Text: "x"})
	}
	err := send("later@example.com")
	require.Error(t, err)
	assert.False(t, IsPermanent(err), "a 4xx reply is retried: %v", err)
	err = send("gone@example.com")
	require.Error(t, err)
	assert.True(t, IsPermanent(err), "a 5xx reply fails for good: %v", err)
	assert.Equal(t, 0, s.Count())
}

func TestEmailSlowServerHitsTheTimeout(t *testing.T) {
	s := startSink(t)
	s.Delay(3 * time.Second)
	m := mailerFor(t, s, func(x *SMTPSettings) { x.Timeout = 300 * time.Millisecond })
	start := time.Now()
	err := m.Send(context.Background(), Message{ID: "<x@y>", To: "ann@example.com", Subject: "S", HTML: "<p>x</p>", Text: "x"})
	require.Error(t, err)
	assert.False(t, IsPermanent(err), "a timeout is retried")
	assert.Less(t, time.Since(start), 2*time.Second)
}

func TestSMTPSettingsNeverShowThePassword(t *testing.T) {
	s := SMTPSettings{Host: "smtp.example.com", Port: 587, Username: "u", Password: "hunter2-secret", From: "a@example.com", TLS: TLSStartTLS}
	assert.NotContains(t, s.String(), "hunter2")
	assert.NotContains(t, strings.ToLower(s.String()), "password")
}
