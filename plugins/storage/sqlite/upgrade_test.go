package sqlite

import (
	"database/sql"
	"io/fs"
	"testing"
	"time"

	"github.com/pressly/goose/v3"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/store/storetest"
)

func TestUpgrade(t *testing.T) {
	path := storetest.SQLiteDSN(t)
	db, err := sql.Open("sqlite", connString(path, false, time.Second))
	require.NoError(t, err)
	sub, err := fs.Sub(migrations, "migrations")
	require.NoError(t, err)
	storetest.Upgrade(t, db, goose.DialectSQLite3, sub, path)
}
