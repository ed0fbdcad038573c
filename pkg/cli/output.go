package cli

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"
)

// addOutputFlag registers --output (-o) limited to formats, with shell
// completion; def is the default. The value is case-insensitive (JSON is
// json), and a format outside formats is refused while the flags are
// parsed, as bad input.
func addOutputFlag(cmd *cobra.Command, target *string, def string, formats ...string) {
	*target = def
	cmd.Flags().VarP(&choiceValue{target: target, choices: formats}, "output", "o", "output format: "+orList(formats))
	_ = cmd.RegisterFlagCompletionFunc("output", cobra.FixedCompletions(formats, cobra.ShellCompDirectiveNoFileComp))
}

// choiceValue is a string flag that takes one of choices, in any case.
type choiceValue struct {
	target  *string
	choices []string
}

func (v *choiceValue) String() string { return *v.target }
func (v *choiceValue) Type() string   { return "string" }

// Set stores the lower-cased value, or refuses one outside the choices.
func (v *choiceValue) Set(s string) error {
	s = strings.ToLower(strings.TrimSpace(s))
	if !slices.Contains(v.choices, s) {
		return fmt.Errorf("must be %s", orList(v.choices))
	}
	*v.target = s
	return nil
}

// checkOutput refuses a format outside formats as bad input (exit code 2),
// for callers that fill the options without parsing flags.
func checkOutput(value string, formats ...string) error {
	if !slices.Contains(formats, value) {
		return UsageError("--output must be %s, not %q", orList(formats), value)
	}
	return nil
}

// orList writes "a, b or c".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// jsonIndent is the indentation of every command's JSON.
const jsonIndent = "  "

// writeIndentedJSON prints v as JSON indented by jsonIndent, the one JSON
// layout of every command.
func writeIndentedJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", jsonIndent)
	return enc.Encode(v)
}

// newTable starts a table of aligned columns on w, the one table layout of
// every command (two spaces between columns); header, unless empty, is its
// first row, the column names separated by tabs. The caller flushes it.
func newTable(w io.Writer, header string) *tabwriter.Writer {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	if header != "" {
		fmt.Fprintln(tw, header)
	}
	return tw
}

// oneLine keeps an edited, multi-line text on its table row.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// maxProblems is how many field problems one error message lists.
const maxProblems = 5

// fieldProblems lists field errors as "name message; ..." in natural
// order (items[2] before items[10]), at most maxProblems of them, then
// "and N more". name turns a field into what the user typed (a flag).
func fieldProblems(fields map[string]string, name func(string) string) string {
	keys := slices.SortedFunc(maps.Keys(fields), naturalCompare)
	parts := make([]string, 0, maxProblems+1)
	for i, k := range keys {
		if i == maxProblems {
			parts = append(parts, fmt.Sprintf("and %d more", len(keys)-maxProblems))
			break
		}
		parts = append(parts, name(k)+" "+fields[k])
	}
	return strings.Join(parts, "; ")
}

// naturalCompare orders strings with their digit runs compared as numbers.
func naturalCompare(a, b string) int {
	for a != "" && b != "" {
		da, db := digitPrefix(a), digitPrefix(b)
		if da != "" && db != "" {
			na, nb := strings.TrimLeft(da, "0"), strings.TrimLeft(db, "0")
			if c := cmp.Compare(len(na), len(nb)); c != 0 {
				return c
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			a, b = a[len(da):], b[len(db):]
			continue
		}
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

func digitPrefix(s string) string {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i]
}
