package build

import (
	"fmt"
	"strings"
)

// costScale turns the quadratic cost x²/w into integers large enough that
// rounding never makes two different weights look equal.
const costScale = 1 << 30

// allocate places totals[i] units of every title on divisions so that
// division j receives exactly targets[j], title i only uses divisions where
// allowed[i][j] holds, and the sum over titles and divisions of x²/w[i][j] is
// minimal (which spreads each title in proportion to w).
//
// It runs successive shortest paths, one unit at a time, on the residual
// graph source → title → division → sink; the marginal cost of the (x+1)th
// unit of a title in a division is (2x+1)/w, which is increasing, so the
// greedy augmentation reaches the optimum of this convex problem. Shortest
// paths use Bellman-Ford with a FIFO queue (edges have negative costs on
// their reverse side); everything is integer and visited in a fixed order,
// so the result is deterministic.
func allocate(totals, targets []int, allowed [][]bool, w [][]int64) ([][]int, error) {
	nt, nd := len(totals), len(targets)
	sum := 0
	for _, t := range totals {
		sum += t
	}
	want := 0
	for _, t := range targets {
		want += t
	}
	if sum != want {
		return nil, fmt.Errorf("titles hold %d employees but divisions %d", sum, want)
	}

	x := make([][]int, nt)
	for i := range x {
		x[i] = make([]int, nd)
	}
	placed := make([]int, nt) // units of title i placed so far
	filled := make([]int, nd) // units division j holds so far

	marginal := func(i, j, k int) int64 { return int64(2*k+1) * costScale / w[i][j] }

	// Node numbering: titles 0..nt-1, divisions nt..nt+nd-1; the source and
	// the sink are implicit.
	const inf = int64(1) << 62
	dist := make([]int64, nt+nd)
	prev := make([]int, nt+nd) // predecessor node; -1 for the source
	inQueue := make([]bool, nt+nd)
	queue := make([]int, 0, nt+nd)

	for unit := 0; unit < sum; unit++ {
		for n := range dist {
			dist[n] = inf
			prev[n] = -1
		}
		queue = queue[:0]
		for i := 0; i < nt; i++ {
			if placed[i] < totals[i] {
				dist[i] = 0
				queue = append(queue, i)
				inQueue[i] = true
			}
		}
		for len(queue) > 0 {
			n := queue[0]
			queue = queue[1:]
			inQueue[n] = false
			relax := func(to int, c int64) {
				if dist[n]+c < dist[to] {
					dist[to] = dist[n] + c
					prev[to] = n
					if !inQueue[to] {
						queue = append(queue, to)
						inQueue[to] = true
					}
				}
			}
			if n < nt {
				for j := 0; j < nd; j++ {
					if allowed[n][j] {
						relax(nt+j, marginal(n, j, x[n][j]))
					}
				}
				continue
			}
			j := n - nt
			for i := 0; i < nt; i++ {
				if x[i][j] > 0 {
					relax(i, -marginal(i, j, x[i][j]-1))
				}
			}
		}

		best := -1
		for j := 0; j < nd; j++ {
			if filled[j] < targets[j] && dist[nt+j] < inf && (best < 0 || dist[nt+j] < dist[nt+best]) {
				best = j
			}
		}
		if best < 0 {
			return nil, infeasible(totals, targets, placed, filled)
		}
		filled[best]++
		n := nt + best
		for steps := 0; ; steps++ {
			if steps > nt+nd {
				return nil, fmt.Errorf("internal error: cycle in the shortest-path tree at unit %d", unit)
			}
			p := prev[n]
			if p < 0 {
				placed[n]++ // n is a title fed straight from the source
				break
			}
			if p < nt {
				x[p][n-nt]++ // forward: title p → division n
			} else {
				x[n][p-nt]-- // backward: division p gives a unit back to title n
			}
			n = p
		}
	}
	return x, nil
}

func infeasible(totals, targets, placed, filled []int) error {
	var open []string
	for i := range totals {
		if placed[i] < totals[i] {
			open = append(open, fmt.Sprintf("title #%d: %d of %d placed", i, placed[i], totals[i]))
		}
	}
	for j := range targets {
		if filled[j] < targets[j] {
			open = append(open, fmt.Sprintf("division #%d: %d of %d filled", j, filled[j], targets[j]))
		}
	}
	return fmt.Errorf("the titles cannot fill the divisions with the allowed placements: %s", strings.Join(open, "; "))
}
