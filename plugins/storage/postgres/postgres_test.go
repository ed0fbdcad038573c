package postgres_test

import (
	"testing"

	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
	_ "github.com/commsplan/commsplan/plugins/storage/postgres"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return storetest.Open(t, storetest.PostgresDSN(t)) })
}
