package load

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"time"
)

// clockTick is the unit of /proc's CPU times, USER_HZ: 100 per second on
// every Linux architecture's user-space ABI.
const clockTick = 10 * time.Millisecond

// ProcessCPU is the CPU time, user and system, that process pid has used so
// far, from /proc/<pid>/stat (Linux only). Unlike a rate it barely moves
// with other load on the machine, so it compares two versions of a server
// where throughput is lost in the noise.
func ProcessCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	return parseStatCPU(b)
}

// parseStatCPU reads utime and stime, fields 14 and 15 of a stat line. The
// command name, field 2, is in parentheses and may hold spaces and
// parentheses itself, so the fields are counted from its last ')'.
func parseStatCPU(line []byte) (time.Duration, error) {
	end := bytes.LastIndexByte(line, ')')
	if end < 0 {
		return 0, fmt.Errorf("stat line without a command name: %.80q", line)
	}
	fields := bytes.Fields(line[end+1:]) // field 3 onwards
	if len(fields) < 13 {
		return 0, fmt.Errorf("stat line with %d fields after the command name", len(fields))
	}
	var ticks int64
	for _, f := range fields[11:13] {
		n, err := strconv.ParseInt(string(f), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("stat CPU time %q: %w", f, err)
		}
		ticks += n
	}
	return time.Duration(ticks) * clockTick, nil
}
