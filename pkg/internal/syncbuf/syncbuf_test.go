package syncbuf

import (
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestConcurrentWritesAndReads is meant for -race: writers and a reader at
// once, and every write kept whole.
func TestConcurrentWritesAndReads(t *testing.T) {
	var b Buffer
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 100 {
				_, _ = b.Write([]byte("line\n"))
				_ = b.String()
			}
		})
	}
	wg.Wait()
	assert.Equal(t, 800, strings.Count(b.String(), "line\n"))
}
