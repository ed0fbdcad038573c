package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/seed"
	"github.com/commsplan/commsplan/pkg/store"
	"github.com/commsplan/commsplan/pkg/store/storetest"
)

func TestSeedFlags(t *testing.T) {
	tests := []struct {
		args    []string
		want    SeedOptions
		wantErr string
	}{
		{nil, SeedOptions{Output: "table"}, ""},
		{[]string{"--demo"}, SeedOptions{Demo: true, Output: "table"}, ""},
		{[]string{"--output", "json"}, SeedOptions{Output: "json"}, ""},
		{[]string{"-o", "json", "--demo"}, SeedOptions{Demo: true, Output: "json"}, ""},
		{[]string{"--output", "csv"}, SeedOptions{}, `invalid argument "csv" for "-o, --output" flag: must be table or json`},
		{[]string{"extra"}, SeedOptions{}, "unknown command"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			var got *SeedOptions
			cmd := newSeedCmdWith(&Factory{}, func(_ context.Context, o *SeedOptions) error { got = o; return nil })
			cmd.SetArgs(tc.args)
			cmd.SetOut(&bytes.Buffer{})
			cmd.SetErr(&bytes.Buffer{})
			err := cmd.Execute()
			if tc.wantErr != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.NotNil(t, got)
			assert.Equal(t, tc.want, *got)
		})
	}
}

func TestSeedCommand(t *testing.T) {
	for _, b := range storetest.Backends {
		t.Run(b.Name, func(t *testing.T) {
			cleanDir(t)
			dsn := b.DSN(t)

			code, out, errOut := runCLI(t, "seed", "--db", dsn)
			require.Equal(t, 0, code, errOut)
			assert.Empty(t, errOut, "no progress when stderr is not a terminal")
			lines := strings.Split(strings.TrimSpace(out), "\n")
			require.Len(t, lines, 4, out)
			assert.Equal(t, []string{"KIND", "INSERTED", "SKIPPED"}, strings.Fields(lines[0]))
			assert.Equal(t, []string{"audiences", "30", "0"}, strings.Fields(lines[1]))
			assert.Equal(t, []string{"vehicles", "17", "0"}, strings.Fields(lines[2]))
			assert.Equal(t, []string{"total", "47", "0"}, strings.Fields(lines[3]))

			code, out, errOut = runCLI(t, "seed", "--db", dsn, "--demo", "--output", "json")
			require.Equal(t, 0, code, errOut)
			var res struct {
				Demo     bool         `json:"demo"`
				Counts   []seed.Count `json:"counts"`
				Inserted int          `json:"inserted"`
				Skipped  int          `json:"skipped"`
			}
			require.NoError(t, json.Unmarshal([]byte(out), &res), out)
			assert.True(t, res.Demo)
			require.Len(t, res.Counts, 7)
			assert.Equal(t, seed.Count{Kind: "directory", Inserted: 1933, Skipped: 0}, res.Counts[6])
			assert.Equal(t, seed.Count{Kind: "audiences", Inserted: 0, Skipped: 30}, res.Counts[0])
			assert.Equal(t, 47, res.Skipped)
			assert.Positive(t, res.Inserted)

			code, out, errOut = runCLI(t, "seed", "--db", dsn, "--demo", "-o", "json")
			require.Equal(t, 0, code, errOut)
			require.NoError(t, json.Unmarshal([]byte(out), &res), out)
			assert.Zero(t, res.Inserted, "seeding twice changes nothing")

			st, err := store.Open(context.Background(), dsn)
			require.NoError(t, err)
			defer st.Close()
			audiences, err := st.ListAudiences(context.Background())
			require.NoError(t, err)
			sum := 0
			for _, a := range audiences {
				sum += a.ContactCount
			}
			assert.Equal(t, 1933, sum)
		})
	}
}

func TestSeedUsesTheDataDirByDefault(t *testing.T) {
	dir := cleanDir(t)
	code, _, errOut := runCLI(t, "seed", "--data-dir", dir)
	require.Equal(t, 0, code, errOut)
	assert.FileExists(t, filepath.Join(dir, "commsplan.db"))
}

func TestSeedErrors(t *testing.T) {
	cleanDir(t)
	code, _, errOut := runCLI(t, "seed", "--output", "yaml")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `invalid argument "yaml" for "-o, --output" flag: must be table or json`)

	code, _, errOut = runCLI(t, "seed", "--db", "mysql://x")
	assert.Equal(t, 2, code, "an unknown DSN scheme is bad input")
	assert.Equal(t, "Error: --db: no storage backend for DSN scheme \"mysql\" (known: (file path), postgres, sqlite)\n"+
		"Run 'commsplan seed --help' for usage.\n", errOut)
}

func TestProgressLine(t *testing.T) {
	var buf bytes.Buffer
	p := &statusLine{w: &buf}
	p.seedStep(seed.Step{Kind: "audiences", Done: 1, Total: 30})
	p.seedStep(seed.Step{Kind: "audiences", Done: 30, Total: 30})
	p.done()
	assert.Equal(t, "\r\x1b[Kseeding audiences: 1/30\r\x1b[Kseeding audiences: 30/30\r\x1b[K", buf.String())

	var nilProgress *statusLine
	assert.NotPanics(t, nilProgress.done)
	assert.False(t, isTerminal(&buf))
}
