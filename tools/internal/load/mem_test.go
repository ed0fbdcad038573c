package load

import (
	"os"
	"testing"
)

func TestParseStatus(t *testing.T) {
	m, err := parseStatus([]byte("Name:\tcommsplan\nVmPeak:\t 2000 kB\nVmHWM:\t  153600 kB\nVmRSS:\t  102400 kB\nThreads:\t9\n"))
	if err != nil || m.RSS != 100<<20 || m.Peak != 150<<20 {
		t.Fatalf("got %+v, %v", m, err)
	}
	if _, err := parseStatus([]byte("Name:\tx\nVmRSS:\t12 MB\nVmHWM:\t1 kB\n")); err == nil {
		t.Fatal("a size not in kB was read")
	}
	if _, err := parseStatus([]byte("Name:\tkthread\n")); err == nil {
		t.Fatal("a status without the lines was read")
	}
	// Our own process has both lines.
	m, err = ProcessMemory(os.Getpid())
	if err != nil || m.RSS <= 0 || m.Peak < m.RSS {
		t.Fatalf("own process: %+v, %v", m, err)
	}
}
