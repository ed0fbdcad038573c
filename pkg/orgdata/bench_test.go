package orgdata_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/orgdata/internal/build"
)

func BenchmarkSearchJobTitles(b *testing.B) {
	d := orgdata.Load()
	for b.Loop() {
		_ = d.SearchJobTitles("technician", "florida")
	}
}

func BenchmarkRoleGroupsFor(b *testing.B) {
	d := orgdata.Load()
	for b.Loop() {
		_ = d.RoleGroupsFor([]string{"sfb", "laf", "wss"})
	}
}

func BenchmarkBuild(b *testing.B) {
	src, err := os.ReadFile("source.yaml")
	require.NoError(b, err)
	for b.Loop() {
		_, err := build.Build(src)
		require.NoError(b, err)
	}
}

func BenchmarkParse(b *testing.B) {
	raw := orgdata.JSON()
	for b.Loop() {
		var d orgdata.Dataset
		require.NoError(b, json.Unmarshal(raw, &d))
	}
}
