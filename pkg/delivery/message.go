package delivery

import (
	"html"
	"regexp"
	"strings"

	xhtml "golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/commsplan/commsplan/pkg/domain"
)

// Message is what one recipient gets: a subject, and one piece as HTML
// and as plain text.
type Message struct {
	// ID is the stable Message-ID (MessageID).
	ID string
	// To is the address (email) or the channel's name.
	To, Name      string
	Subject       string
	HTML, Text    string
	Communication string
}

// Body is the content a communication sends: its generated content, else
// what the planner wrote.
func Body(c domain.Communication) string {
	if strings.TrimSpace(c.GeneratedContent) != "" {
		return c.GeneratedContent
	}
	return c.RawContent
}

var looksHTML = regexp.MustCompile(`(?i)<(p|div|h[1-6]|ul|ol|li|br|table|a|strong|em|b|i|span|section|article)[\s>/]`)

// Piece is c's content as HTML and as plain text, both from the one piece:
// HTML content gives its text; plain text is escaped into paragraphs.
func Piece(c domain.Communication) (htmlBody, text string) {
	body := Body(c)
	if looksHTML.MatchString(body) {
		return body, Text(body)
	}
	var b strings.Builder
	for _, para := range strings.Split(strings.ReplaceAll(body, "\r\n", "\n"), "\n\n") {
		if p := strings.TrimSpace(para); p != "" {
			b.WriteString("<p>" + strings.ReplaceAll(html.EscapeString(p), "\n", "<br>") + "</p>\n")
		}
	}
	return b.String(), strings.TrimSpace(body)
}

// blocks are the elements that start a new line in the text version.
var blocks = map[atom.Atom]bool{atom.P: true, atom.Div: true, atom.Br: true, atom.Li: true, atom.Tr: true,
	atom.H1: true, atom.H2: true, atom.H3: true, atom.H4: true, atom.H5: true, atom.H6: true, atom.Ul: true,
	atom.Ol: true, atom.Table: true, atom.Section: true, atom.Article: true, atom.Blockquote: true}

// Text is the plain-text version of an HTML piece: its words, a line per
// block, list items bulleted, links followed by their address.
func Text(h string) string {
	doc, err := xhtml.Parse(strings.NewReader(h))
	if err != nil {
		return h
	}
	var b strings.Builder
	var walk func(n *xhtml.Node)
	walk = func(n *xhtml.Node) {
		switch n.Type {
		case xhtml.TextNode:
			if strings.TrimSpace(n.Data) == "" {
				b.WriteString(" ")
				return
			}
			if n.Data[0] == ' ' || n.Data[0] == '\n' || n.Data[0] == '\t' {
				b.WriteString(" ")
			}
			b.WriteString(strings.Join(strings.Fields(n.Data), " "))
			if last := n.Data[len(n.Data)-1]; last == ' ' || last == '\n' || last == '\t' {
				b.WriteString(" ")
			}
			return
		case xhtml.ElementNode:
			switch n.DataAtom {
			case atom.Script, atom.Style, atom.Head:
				return
			}
			if blocks[n.DataAtom] {
				b.WriteString("\n")
			}
			if n.DataAtom == atom.Li {
				b.WriteString("- ")
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n.Type == xhtml.ElementNode && n.DataAtom == atom.A {
			for _, a := range n.Attr {
				if a.Key == "href" && strings.HasPrefix(a.Val, "http") {
					b.WriteString(" (" + a.Val + ")")
				}
			}
		}
		if n.Type == xhtml.ElementNode && blocks[n.DataAtom] {
			b.WriteString("\n")
		}
	}
	walk(doc)
	var lines []string
	blank := false
	for _, l := range strings.Split(b.String(), "\n") {
		l = strings.Join(strings.Fields(l), " ")
		if l == "" {
			if !blank && len(lines) > 0 {
				lines = append(lines, "")
			}
			blank = true
			continue
		}
		blank = false
		lines = append(lines, l)
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
