package sqlite_test

import (
	"testing"

	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
	_ "github.com/commsplan/commsplan/plugins/storage/sqlite"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return storetest.Open(t, storetest.SQLiteDSN(t)) })
}

func TestSQLiteScheme(t *testing.T) {
	storetest.Open(t, "sqlite://"+storetest.SQLiteDSN(t))
}
