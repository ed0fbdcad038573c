package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMain lets the test binary be the ceiling process too: startCeiling
// starts os.Executable() with -serve-ceiling, which under `go test` is this
// binary.
func TestMain(m *testing.M) {
	if len(os.Args) == 3 && os.Args[1] == "-serve-ceiling" {
		if err := serveCeiling(os.Args[2]); err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// The ceiling is only fair if it sends exactly the bytes and headers our
// server sent, in whichever process it runs.
func TestCeilingSendsTheRecordedAnswers(t *testing.T) {
	plain := []byte(`[{"id":"a","name":"Payroll"}]` + "\n")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write(plain)
	require.NoError(t, zw.Close())
	sent := map[string]variant{
		"/api/themes identity": {Header: http.Header{"Content-Type": {"application/json"}, "Etag": {`W/"themes-1"`},
			"Date": {"Mon, 01 Jan 2001 00:00:00 GMT"}}, Body: plain},
		"/api/themes gzip": {Header: http.Header{"Content-Type": {"application/json"}, "Etag": {`W/"themes-1"`},
			"Content-Encoding": {"gzip"}, "Vary": {"Accept-Encoding"}}, Body: gz.Bytes()},
	}
	// The client must not undo the gzip: the test compares the bytes sent.
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	get := func(t *testing.T, url, encoding string) (*http.Response, []byte) {
		req, err := http.NewRequest(http.MethodGet, url, nil)
		require.NoError(t, err)
		if encoding != "" {
			req.Header.Set("Accept-Encoding", encoding)
		}
		resp, err := client.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp, body
	}

	for _, where := range []string{"process", "inprocess"} {
		t.Run(where, func(t *testing.T) {
			c, err := startCeiling(where, sent, t.TempDir())
			require.NoError(t, err)

			resp, body := get(t, c.url+"/api/themes", "")
			assert.Equal(t, http.StatusOK, resp.StatusCode)
			assert.Equal(t, plain, body)
			assert.Equal(t, `W/"themes-1"`, resp.Header.Get("ETag"))
			assert.Empty(t, resp.Header.Get("Content-Encoding"))
			assert.NotEqual(t, "Mon, 01 Jan 2001 00:00:00 GMT", resp.Header.Get("Date"), "the date is the ceiling's own")

			resp, body = get(t, c.url+"/api/themes", "gzip, deflate, br")
			assert.Equal(t, gz.Bytes(), body)
			assert.Equal(t, "gzip", resp.Header.Get("Content-Encoding"))
			assert.Equal(t, "Accept-Encoding", resp.Header.Get("Vary"))
			assert.Equal(t, strconv.Itoa(gz.Len()), resp.Header.Get("Content-Length"))

			resp, _ = get(t, c.url+"/api/vehicles", "")
			assert.Equal(t, http.StatusNotFound, resp.StatusCode, "a path it did not record")

			if where == "process" {
				require.NotNil(t, c.cpu, "a ceiling process reports its CPU")
				_, err := c.cpu()
				require.NoError(t, err)
			} else {
				assert.Nil(t, c.cpu, "in this process the CPU is mostly the load generator's")
			}

			c.close()
			client.CloseIdleConnections()
			_, err = client.Get(c.url + "/api/themes")
			assert.Error(t, err, "closed, the ceiling answers no more")
		})
	}
}
