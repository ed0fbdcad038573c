package plan

import (
	"context"
	"sync"

	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/store"
)

// orgCache keeps the organisation derived at one data version of the
// audiences (which every directory write moves), so reads between writes
// cost one version read.
type orgCache struct {
	mu      sync.Mutex
	version int64
	d       *orgdata.Dataset
}

// Organisation is the organisation the plan targets: derived from the
// directory while one is loaded (orgdata.Derive: its divisions, locations,
// levels, role groups and job titles with their head counts), else the
// embedded dataset. version moves whenever the answer may change, for
// caches and ETags. The value is shared and must be treated as read-only.
func (p *Plan) Organisation(ctx context.Context) (d *orgdata.Dataset, version int64, err error) {
	if p.st == nil {
		return orgdata.Load(), 0, nil
	}
	v, err := p.st.DataVersion(ctx, store.AudiencesList)
	if err != nil {
		return nil, 0, err
	}
	c := p.org
	if c == nil {
		c = &orgCache{}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.d != nil && c.version == v {
		return c.d, v, nil
	}
	st, err := p.st.DirectoryStatus(ctx)
	if err != nil {
		return nil, 0, err
	}
	d = orgdata.Load()
	if st.Loaded() {
		heads, err := p.st.DirectoryHeadCounts(ctx)
		if err != nil {
			return nil, 0, err
		}
		d = orgdata.Derive(d, heads)
	}
	c.version, c.d = v, d
	return d, v, nil
}
