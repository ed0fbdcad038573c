package load

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
)

// Memory is a process's resident memory, from /proc/<pid>/status.
type Memory struct {
	// RSS is the resident set now (VmRSS); Peak the most it has been since
	// the process started (VmHWM, the kernel's high-water mark, so no
	// sampling can miss a peak).
	RSS, Peak int64 // bytes
}

// ProcessMemory reads process pid's VmRSS and VmHWM (Linux only).
func ProcessMemory(pid int) (Memory, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return Memory{}, err
	}
	return parseStatus(b)
}

// parseStatus reads the "VmRSS:   1234 kB" and "VmHWM:" lines of a status
// file.
func parseStatus(b []byte) (Memory, error) {
	var m Memory
	found := 0
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		name, rest, ok := bytes.Cut(sc.Bytes(), []byte(":"))
		if !ok {
			continue
		}
		var into *int64
		switch string(name) {
		case "VmRSS":
			into = &m.RSS
		case "VmHWM":
			into = &m.Peak
		default:
			continue
		}
		f := bytes.Fields(rest)
		if len(f) != 2 || string(f[1]) != "kB" {
			return m, fmt.Errorf("status line %q: want a size in kB", sc.Text())
		}
		kb, err := strconv.ParseInt(string(f[0]), 10, 64)
		if err != nil {
			return m, fmt.Errorf("status line %q: %w", sc.Text(), err)
		}
		*into = kb << 10
		found++
	}
	if found != 2 {
		return m, fmt.Errorf("status without VmRSS and VmHWM")
	}
	return m, nil
}
