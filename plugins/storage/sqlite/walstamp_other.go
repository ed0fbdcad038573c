//go:build !unix

package sqlite

import "github.com/commsplan/commsplan/pkg/store/sqlstore"

// newWALStamp has no stamp here: every list request reads the versions.
func newWALStamp(string) sqlstore.Stamper { return nil }
