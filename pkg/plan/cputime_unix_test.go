//go:build unix

package plan

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (user and system): on a
// shared machine it says what an import costs better than the wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
