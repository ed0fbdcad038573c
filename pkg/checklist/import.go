package checklist

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// MaxImportSize is the largest HTML report Import reads (10 MiB).
const MaxImportSize = 10 << 20

// maxImportDepth bounds element nesting inside the report's root element;
// a report written by Render nests 6 deep.
const maxImportDepth = 64

// ErrTooLarge means the HTML is larger than MaxImportSize.
var ErrTooLarge = errors.New("checklist HTML is larger than 10 MiB")

// Names of the report's machine-readable parts (see docs/checklist.md).
const (
	attrRoot     = "data-commsplan-checklist"
	rootVersion  = "1"
	attrItemID   = "data-item-id"
	attrField    = "data-field"
	attrPosition = "data-position"
)

var itemFields = []string{"title", "description", "team", "responsibility", "notes"}

// Import reads an HTML report written by Render back into its items, in
// their original order, with their enabled flags. It reads at most
// MaxImportSize bytes; more is ErrTooLarge.
func Import(r io.Reader) ([]Item, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxImportSize+1))
	if err != nil {
		return nil, err
	}
	return ParseReport(data)
}

// ParseReport is Import over a byte slice. Anything that is not a report
// written by Render (another page, a truncated or tampered report, invalid
// items) is a *FormatError wrapping ErrInvalidFormat. Field text is read as
// plain text: markup inside a field is refused, never interpreted.
//
// It reads the document with the HTML tokenizer alone, in one linear pass
// with bounded nesting, so hostile input cannot make it build a deep tree
// or take quadratic time.
func ParseReport(data []byte) ([]Item, error) {
	if len(data) > MaxImportSize {
		return nil, ErrTooLarge
	}
	p := reportParser{z: html.NewTokenizer(bytes.NewReader(data))}
	items, err := p.run()
	if err != nil {
		return nil, err
	}
	return checkRead(items, ErrInvalidFormat)
}

type reportParser struct {
	z *html.Tokenizer
	// stack holds the elements open inside the root, the root first.
	stack    []string
	rootSeen bool
	rootDone bool
	// item is the item being read, itemDepth the stack length at its start.
	item      *pendingItem
	itemDepth int
	// field is the field being read, with its text so far.
	field     string
	fieldText strings.Builder
	items     []pendingItem
}

type pendingItem struct {
	Item
	position int
	fields   map[string]bool
}

func invalid(reason string, args ...any) error {
	return formatError(ErrInvalidFormat, reason, args...)
}

func (p *reportParser) run() ([]Item, error) {
	for {
		tt := p.z.Next()
		var err error
		switch tt {
		case html.ErrorToken:
			if !errors.Is(p.z.Err(), io.EOF) {
				return nil, invalid("%v", p.z.Err())
			}
			return p.finish()
		case html.StartTagToken, html.SelfClosingTagToken:
			err = p.startTag(tt == html.SelfClosingTagToken)
		case html.EndTagToken:
			err = p.endTag()
		case html.TextToken:
			if p.field != "" {
				p.fieldText.Write(p.z.Text())
			}
		case html.CommentToken:
			if p.field != "" {
				err = invalid("comment inside the %s field", p.field)
			}
		}
		if err != nil {
			return nil, err
		}
	}
}

func (p *reportParser) startTag(selfClosing bool) error {
	name, hasAttr := p.z.TagName()
	if !hasAttr && !p.inRoot() {
		return nil // nothing to read outside the checklist but its root's attributes
	}
	tag := string(name)
	if p.field != "" {
		return invalid("markup <%s> inside the %s field", tag, p.field)
	}
	var attrs map[string]string // nil (no allocation) for tags without attributes
	if hasAttr {
		attrs = map[string]string{}
	}
	for hasAttr {
		var k, v []byte
		k, v, hasAttr = p.z.TagAttr()
		if _, dup := attrs[string(k)]; !dup { // the first of duplicate attributes wins, as in browsers
			attrs[string(k)] = string(v)
		}
	}
	void := isVoid(tag)
	opens := !void && !selfClosing
	_, isRoot := attrs[attrRoot]
	_, isItem := attrs[attrItemID]
	field, isField := attrs[attrField]

	if !p.inRoot() {
		switch {
		case isRoot && p.rootSeen:
			return invalid("more than one checklist in the document")
		case isRoot:
			if attrs[attrRoot] != rootVersion {
				return invalid("unsupported report version %q", attrs[attrRoot])
			}
			if !opens {
				return invalid("empty checklist root")
			}
			p.rootSeen = true
			p.stack = append(p.stack, tag)
			return nil
		case isItem || isField:
			return invalid("checklist data outside the checklist")
		}
		return nil
	}

	if selfClosing && !void {
		return invalid("self-closing <%s/>", tag)
	}
	switch {
	case isRoot:
		return invalid("nested checklist root")
	case isItem:
		if p.item != nil {
			return invalid("item inside an item")
		}
		if !opens {
			return invalid("empty item element")
		}
		it, err := parseItemAttrs(attrs)
		if err != nil {
			return err
		}
		p.item = &it
		p.itemDepth = len(p.stack)
	case isField:
		if p.item == nil {
			return invalid("field %q outside an item", field)
		}
		if !slices.Contains(itemFields, field) {
			return invalid("unknown field %q", field)
		}
		if p.item.fields[field] {
			return invalid("item %d has two %s fields", p.item.ID, field)
		}
		if !opens {
			return invalid("empty %s field element", field)
		}
		p.field = field
		p.fieldText.Reset()
	}
	if opens {
		if len(p.stack) >= maxImportDepth {
			return invalid("elements nested more than %d deep", maxImportDepth)
		}
		p.stack = append(p.stack, tag)
	}
	return nil
}

func (p *reportParser) endTag() error {
	name, _ := p.z.TagName()
	tag := string(name)
	if !p.inRoot() {
		return nil
	}
	if isVoid(tag) {
		return invalid("end tag </%s> of a void element", tag)
	}
	if top := p.stack[len(p.stack)-1]; top != tag {
		return invalid("</%s> closes <%s>", tag, top)
	}
	p.stack = p.stack[:len(p.stack)-1]
	if p.field != "" {
		p.setField(p.field, p.fieldText.String())
		p.field = ""
	}
	if p.item != nil && len(p.stack) == p.itemDepth {
		for _, f := range itemFields {
			if !p.item.fields[f] {
				return invalid("item %d has no %s field", p.item.ID, f)
			}
		}
		p.items = append(p.items, *p.item)
		p.item = nil
	}
	if len(p.stack) == 0 {
		p.rootDone = true
	}
	return nil
}

func (p *reportParser) inRoot() bool { return p.rootSeen && !p.rootDone }

func (p *reportParser) setField(field, text string) {
	switch field {
	case "title":
		p.item.Title = text
	case "description":
		p.item.Description = text
	case "team":
		p.item.Team = text
	case "responsibility":
		p.item.Responsibility = text
	case "notes":
		p.item.Notes = text
	}
	p.item.fields[field] = true
}

func (p *reportParser) finish() ([]Item, error) {
	switch {
	case !p.rootSeen:
		return nil, invalid("not a commsplan checklist report")
	case !p.rootDone:
		return nil, invalid("the report is truncated")
	}
	// Positions must number the items 0..n-1, each once.
	byPos := make([]*pendingItem, len(p.items))
	for i := range p.items {
		it := &p.items[i]
		if it.position < 0 || it.position >= len(p.items) || byPos[it.position] != nil {
			return nil, invalid("item %d has a bad position %d", it.ID, it.position)
		}
		byPos[it.position] = it
	}
	items := make([]Item, len(byPos))
	for i, it := range byPos {
		items[i] = it.Item
	}
	return items, nil
}

func parseItemAttrs(attrs map[string]string) (pendingItem, error) {
	it := pendingItem{fields: map[string]bool{}}
	ints := []struct {
		attr string
		dst  *int
	}{
		{attrItemID, &it.ID},
		{attrPosition, &it.position},
		{"data-weight-code", &it.WeightCode},
		{"data-weight", &it.Weight},
		{"data-actual-score", &it.ActualScore},
		{"data-max-score", &it.MaxScore},
		{"data-heat-map", &it.HeatMap},
	}
	for _, a := range ints {
		v, ok := attrs[a.attr]
		if !ok {
			return it, invalid("item without %s", a.attr)
		}
		n, err := parseAttrInt(v)
		if err != nil {
			return it, invalid("%s=%q is not a number", a.attr, v)
		}
		*a.dst = n
	}
	switch attrs["data-enabled"] {
	case "true":
		it.Enabled = true
	case "false":
		it.Enabled = false
	default:
		return it, invalid("item %d has no valid data-enabled", it.ID)
	}
	return it, nil
}

// parseAttrInt accepts the digits Render writes, with an optional minus, and
// nothing else; it bounds the length so no value overflows.
func parseAttrInt(s string) (int, error) {
	digits := strings.TrimPrefix(s, "-")
	if digits == "" || len(digits) > 9 || strings.Trim(digits, "0123456789") != "" {
		return 0, fmt.Errorf("not an integer")
	}
	return strconv.Atoi(s)
}

func isVoid(tag string) bool {
	switch atom.Lookup([]byte(tag)) {
	case atom.Area, atom.Base, atom.Br, atom.Col, atom.Embed, atom.Hr, atom.Img, atom.Input,
		atom.Keygen, atom.Link, atom.Meta, atom.Param, atom.Source, atom.Track, atom.Wbr:
		return true
	}
	return false
}
