package sqlite_test

import (
	"testing"
	"time"

	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
	_ "github.com/commsplan/commsplan/plugins/storage/sqlite"
)

func TestConformance(t *testing.T) {
	// The suite checks behaviour, not speed: under -race on a loaded two-core
	// machine, eight concurrent writers can queue past the 10 s default.
	opt := store.Options{QueryTimeout: time.Minute}
	storetest.Run(t, func(t *testing.T) store.Store { return storetest.OpenWith(t, storetest.SQLiteDSN(t), opt) })
}

func TestSQLiteScheme(t *testing.T) {
	storetest.Open(t, "sqlite://"+storetest.SQLiteDSN(t))
}
