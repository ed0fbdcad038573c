package cli

import (
	"encoding/json"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"
)

// addOutputFlag registers --output (-o) limited to formats, with shell
// completion; def is the default.
func addOutputFlag(cmd *cobra.Command, target *string, def string, formats ...string) {
	cmd.Flags().StringVarP(target, "output", "o", def, "output format: "+orList(formats))
	_ = cmd.RegisterFlagCompletionFunc("output", cobra.FixedCompletions(formats, cobra.ShellCompDirectiveNoFileComp))
}

// checkOutput refuses a format outside formats as bad input (exit code 2).
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

// writeIndentedJSON prints v as indented JSON.
func writeIndentedJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// oneLine keeps an edited, multi-line text on its table row.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
