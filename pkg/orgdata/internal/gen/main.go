// Command gen regenerates pkg/orgdata/data/dataset.json from
// pkg/orgdata/source.yaml. Run it through `go generate ./pkg/orgdata`.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/commsplan/commsplan/pkg/orgdata/internal/build"
)

func main() {
	src := flag.String("src", "source.yaml", "dataset source (YAML)")
	out := flag.String("o", "data/dataset.json", "output file (JSON)")
	flag.Parse()
	if err := run(*src, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(src, out string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	d, err := build.Build(b)
	if err != nil {
		return fmt.Errorf("%s: %w", src, err)
	}
	j, err := build.JSON(d)
	if err != nil {
		return err
	}
	return os.WriteFile(out, j, 0o644)
}
