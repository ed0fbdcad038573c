package campaign

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/campaign")

const testdataDir = "../../testdata/campaign"

// LoadConfigFile reads a scheduler configuration from testdata.
func loadConfigFile(t testing.TB, path string) Config {
	t.Helper()
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	var cfg Config
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields() // a typo in a fixture must not pass unnoticed
	require.NoError(t, dec.Decode(&cfg), path)
	return cfg
}

func goldenConfigs(t testing.TB) map[string]Config {
	paths, err := filepath.Glob(filepath.Join(testdataDir, "configs", "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	out := map[string]Config{}
	for _, p := range paths {
		out[strings.TrimSuffix(filepath.Base(p), ".json")] = loadConfigFile(t, p)
	}
	return out
}

func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join(testdataDir, "golden", name)
	if *update {
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, got, 0o644))
		return
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./pkg/campaign -update to create it")
	assert.Equal(t, string(want), string(got), "golden %s differs; if the change is intended, run with -update", name)
}

// MarshalSchedule is the JSON the golden files hold: indented, with a
// trailing newline.
func marshalSchedule(t testing.TB, s *Schedule) []byte {
	b, err := json.MarshalIndent(s, "", "  ")
	require.NoError(t, err)
	return append(b, '\n')
}

func TestGoldenSchedules(t *testing.T) {
	configs := goldenConfigs(t)
	covered := map[string]bool{}
	urgencies := map[string]bool{}
	for name, cfg := range configs {
		t.Run(name, func(t *testing.T) {
			s := mustGenerate(t, cfg)
			checkGolden(t, name+".json", marshalSchedule(t, s))
		})
		for _, typ := range cfg.CampaignTypes {
			covered[typ] = true
		}
		urgencies[cfg.Normalize().Urgency] = true
	}
	for _, ct := range campaignTypes {
		assert.True(t, covered[ct.ID], "no golden configuration covers %s", ct.ID)
	}
	assert.Len(t, urgencies, 3, "every urgency has a golden file")
}

func TestGoldenExports(t *testing.T) {
	configs := goldenConfigs(t)
	for _, name := range []string{"ma-integration-pre-acquisition", "change-management-organizational"} {
		t.Run(name, func(t *testing.T) {
			cfg, ok := configs[name]
			require.True(t, ok)
			s := mustGenerate(t, cfg)

			h, err := RenderHTML(s)
			require.NoError(t, err)
			checkGolden(t, name+".html", []byte(h))

			var c bytes.Buffer
			require.NoError(t, WriteCSV(&c, s))
			checkGolden(t, name+".csv", c.Bytes())

			var i bytes.Buffer
			require.NoError(t, WriteICS(&i, s, ICSOptions{}))
			checkGolden(t, name+".ics", i.Bytes())
		})
	}
}
