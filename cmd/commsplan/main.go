// Command commsplan plans the communications around a large organisational
// change. See pkg/cli for its commands.
package main

import (
	"os"
	// Browsers send IANA zone names (tz=...); embed the zone database so
	// they resolve on hosts and images without /usr/share/zoneinfo.
	_ "time/tzdata"

	"github.com/commsplan/commsplan/pkg/cli"
	// The plugins: storage backends by DSN scheme, content generators by
	// compose.generator. The entry point chooses them; pkg/cli knows only
	// the registries.
	_ "github.com/commsplan/commsplan/plugins/compose/openai"
	_ "github.com/commsplan/commsplan/plugins/storage/postgres"
	_ "github.com/commsplan/commsplan/plugins/storage/sqlite"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	os.Exit(cli.Execute(version, os.Args[1:]))
}
