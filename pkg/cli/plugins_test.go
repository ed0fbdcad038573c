package cli

// The entry point (cmd/commsplan) registers the plugins; the tests of the
// commands register the same ones.
import (
	_ "github.com/commsplan/commsplan/plugins/compose/openai"
	_ "github.com/commsplan/commsplan/plugins/storage/postgres"
	_ "github.com/commsplan/commsplan/plugins/storage/sqlite"
)
