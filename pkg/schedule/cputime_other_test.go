//go:build !unix

package schedule_test

import "time"

// processCPU is not measured here: BenchmarkExport's cpu-ms/op reads 0.
func processCPU() time.Duration { return 0 }
