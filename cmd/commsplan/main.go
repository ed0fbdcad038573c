// Command commsplan plans the communications around a large organisational
// change. See pkg/cli for its commands.
package main

import (
	"os"
	// Browsers send IANA zone names (tz=...); embed the zone database so
	// they resolve on hosts and images without /usr/share/zoneinfo.
	_ "time/tzdata"

	"github.com/commsplan/commsplan/pkg/cli"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	os.Exit(cli.Execute(version, os.Args[1:]))
}
