package domain

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Length limits of every stored text field, in characters (Unicode code
// points). Each Validate uses them through FieldErrors.text, so the rule is
// written once.
const (
	// MaxName bounds names and titles.
	MaxName = 500
	// MaxDescription bounds descriptions, questions and other prose.
	MaxDescription = 10_000
	// MaxBody bounds content bodies (a content piece, a communication's raw
	// and generated content): the API's 1 MiB JSON body limit, so anything
	// the API accepts fits, and the CLI is held to the same bound.
	MaxBody = 1 << 20
	// MaxDocument bounds a saved campaign's HTML, which comes with the
	// 16 MiB campaign body.
	MaxDocument = 16 << 20
)

// Messages of the text and integer rules.
const (
	MsgNUL      = "must not contain NUL characters"
	MsgUTF8     = "must be valid UTF-8"
	MsgIntRange = "must be a whole number from -2147483648 to 2147483647"
)

// TextProblem says what is wrong with a stored text value, or "": it must be
// valid UTF-8, hold no NUL (PostgreSQL's text cannot, and SQLite must answer
// the same) and have at most max characters (no limit when max <= 0).
func TextProblem(value string, max int) string {
	switch {
	case !utf8.ValidString(value):
		return MsgUTF8
	case strings.IndexByte(value, 0) >= 0:
		return MsgNUL
	case max > 0 && utf8.RuneCountInString(value) > max:
		return fmt.Sprintf("must be at most %d characters", max)
	}
	return ""
}

// text checks one text field with TextProblem.
func (f FieldErrors) text(field, value string, max int) {
	if msg := TextProblem(value, max); msg != "" {
		f[field] = msg
	}
}

// texts checks each entry of a list field, naming it field[i].
func (f FieldErrors) texts(field string, values []string, max int) {
	for i, v := range values {
		f.text(fmt.Sprintf("%s[%d]", field, i), v, max)
	}
}

// InInt32 reports whether n fits the 32-bit integer columns of both backends.
func InInt32(n int64) bool { return n >= math.MinInt32 && n <= math.MaxInt32 }

// CheckInput walks a decoded request (structs, pointers, slices, maps and
// json.RawMessage documents) and reports, under each value's JSON path
// (settings.maxLength, items[3].title), every string that is not valid
// UTF-8 or holds a NUL, and every integer outside 32 bits. It is the one
// guard the API runs on every body and the CLI on its input files, so
// neither backend ever sees such a value. Lengths are each Validate's job.
func CheckInput(v any) FieldErrors {
	f := FieldErrors{}
	checkValue(f, "", reflect.ValueOf(v))
	return f
}

var (
	rawMessageType = reflect.TypeFor[json.RawMessage]()
	numberType     = reflect.TypeFor[json.Number]()
)

func checkValue(f FieldErrors, path string, v reflect.Value) {
	if !v.IsValid() {
		return
	}
	switch v.Type() {
	case rawMessageType:
		checkRaw(f, path, v.Bytes())
		return
	case numberType:
		checkNumber(f, path, json.Number(v.String()))
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			checkValue(f, path, v.Elem())
		}
	case reflect.String:
		if msg := TextProblem(v.String(), 0); msg != "" {
			f[fieldPath(path)] = msg
		}
	case reflect.Int, reflect.Int64, reflect.Int32:
		if !InInt32(v.Int()) {
			f[fieldPath(path)] = MsgIntRange
		}
	case reflect.Uint, reflect.Uint64, reflect.Uint32:
		if v.Uint() > math.MaxInt32 {
			f[fieldPath(path)] = MsgIntRange
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return // bytes are not text
		}
		for i := range v.Len() {
			checkValue(f, path+"["+strconv.Itoa(i)+"]", v.Index(i))
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			key := iter.Key()
			if key.Kind() == reflect.String {
				if msg := TextProblem(key.String(), 0); msg != "" {
					f[fieldPath(path)] = "has a key that " + msg
					continue
				}
				checkValue(f, joinPath(path, key.String()), iter.Value())
				continue
			}
			checkValue(f, path, iter.Value())
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			sf := t.Field(i)
			name, skip := jsonName(sf)
			if skip {
				continue
			}
			checkValue(f, joinPath(path, name), v.Field(i))
		}
	}
}

// jsonName is a struct field's JSON name: its tag's, its own for an exported
// field without one, and "" (the parent's path) for an embedded struct or an
// unexported field such as the value inside a request's optional wrapper.
func jsonName(sf reflect.StructField) (name string, skip bool) {
	tag := sf.Tag.Get("json")
	if tag == "-" {
		return "", true
	}
	if n, _, _ := strings.Cut(tag, ","); n != "" {
		return n, false
	}
	if sf.Anonymous || !sf.IsExported() {
		return "", false
	}
	return sf.Name, false
}

func joinPath(path, name string) string {
	switch {
	case name == "":
		return path
	case path == "":
		return name
	}
	return path + "." + name
}

// fieldPath names the whole body when path is empty.
func fieldPath(path string) string {
	if path == "" {
		return "body"
	}
	return path
}

// checkRaw checks a JSON document kept as it was sent: stored as text, it
// must be valid UTF-8, no string in it may decode to a NUL, and no whole
// number in it may pass 32 bits, as for the typed fields.
func checkRaw(f FieldErrors, path string, raw []byte) {
	if len(raw) == 0 {
		return
	}
	if !utf8.Valid(raw) {
		f[fieldPath(path)] = MsgUTF8
		return
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return // not JSON: the field's own validation says so
	}
	checkValue(f, path, reflect.ValueOf(doc))
}

// checkNumber reports a JSON number that is a whole number beyond 32 bits.
func checkNumber(f FieldErrors, path string, n json.Number) {
	if i, err := n.Int64(); err == nil {
		if !InInt32(i) {
			f[fieldPath(path)] = MsgIntRange
		}
		return
	}
	if x, err := n.Float64(); err != nil || (x == math.Trunc(x) && (x < math.MinInt32 || x > math.MaxInt32)) {
		f[fieldPath(path)] = MsgIntRange
	}
}
