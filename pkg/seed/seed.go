// Package seed loads the organisation dataset, and optionally a demo plan,
// into a store. It backs `commsplan seed`.
//
// By default it loads every division of pkg/orgdata as an audience and one
// default delivery vehicle of each of the 16 types. With Demo it also loads a
// sample plan: themes with questions, content linked to the questions, and
// communications around the next eight weeks in all three statuses.
//
// Seeding runs in one transaction and is idempotent: each record is
// identified by a natural key (audience, vehicle, theme and communication
// name or title; question text within its theme; content title) and skipped
// when a record with that key already exists, so a second run inserts
// nothing and never overwrites what users changed.
package seed

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/store"
)

// Kinds of seeded records, in the order Run loads them.
const (
	KindAudiences      = "audiences"
	KindVehicles       = "vehicles"
	KindThemes         = "themes"
	KindQuestions      = "questions"
	KindContent        = "content"
	KindCommunications = "communications"
)

// Options configure a seed run.
type Options struct {
	// Demo also loads the sample plan.
	Demo bool
	// Now anchors the demo schedule; the zero value means time.Now(). Dates
	// are taken in Now's location.
	Now time.Time
	// Dataset is the organisation dataset; nil means orgdata.Load().
	Dataset *orgdata.Dataset
	// Progress, when set, is called after each record is inserted or
	// skipped. It runs inside the transaction, so it should be quick.
	Progress func(Step)
}

// Step reports progress: Done of Total records of Kind are handled.
type Step struct {
	Kind  string
	Done  int
	Total int
}

// Count is the outcome of one kind of record.
type Count struct {
	Kind     string `json:"kind"`
	Inserted int    `json:"inserted"`
	Skipped  int    `json:"skipped"`
}

// Report is the outcome of a seed run, one Count per kind handled.
type Report struct {
	Demo   bool    `json:"demo"`
	Counts []Count `json:"counts"`
}

// Inserted is the number of records inserted, over all kinds.
func (r Report) Inserted() int {
	n := 0
	for _, c := range r.Counts {
		n += c.Inserted
	}
	return n
}

// Skipped is the number of records skipped because they existed.
func (r Report) Skipped() int {
	n := 0
	for _, c := range r.Counts {
		n += c.Skipped
	}
	return n
}

// Count returns the count of one kind (zero when the kind was not handled).
func (r Report) Count(kind string) Count {
	for _, c := range r.Counts {
		if c.Kind == kind {
			return c
		}
	}
	return Count{Kind: kind}
}

// Run seeds s in one transaction and reports what it inserted and skipped.
// On error nothing is stored.
func Run(ctx context.Context, s store.Store, opts Options) (Report, error) {
	if opts.Dataset == nil {
		opts.Dataset = orgdata.Load()
	}
	if opts.Now.IsZero() {
		opts.Now = time.Now()
	}
	var report Report
	err := s.InTx(ctx, func(tx store.Store) error {
		r := &run{ctx: ctx, s: tx, opts: opts, report: Report{Demo: opts.Demo}}
		if err := r.seed(); err != nil {
			return err
		}
		report = r.report
		return nil
	})
	if err != nil {
		return Report{}, err
	}
	return report, nil
}

// run is the state of one seed run: the records by natural key, existing or
// inserted, that later kinds refer to.
type run struct {
	ctx    context.Context
	s      store.Store
	opts   Options
	report Report

	audiences map[string]string // name → id
	vehicles  map[string]string // name → id
	themes    map[string]string // name → id
	questions map[string]string // questionKey(theme name, text) → id
	content   map[string]string // title → id
}

func (r *run) seed() error {
	steps := []func() error{r.seedAudiences, r.seedVehicles}
	if r.opts.Demo {
		steps = append(steps, r.seedThemes, r.seedQuestions, r.seedContent, r.seedCommunications, r.seedDirectory)
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// tally runs insert for each of n records whose natural key is key(i),
// skipping those already in existing (which it updates with the new ids).
func (r *run) tally(kind string, n int, key func(i int) string, existing map[string]string, insert func(i int) (string, error)) error {
	c := Count{Kind: kind}
	for i := range n {
		k := key(i)
		if _, ok := existing[k]; ok {
			c.Skipped++
		} else {
			id, err := insert(i)
			if err != nil {
				return fmt.Errorf("seed %s %q: %w", kind, k, err)
			}
			existing[k] = id
			c.Inserted++
		}
		if r.opts.Progress != nil {
			r.opts.Progress(Step{Kind: kind, Done: i + 1, Total: n})
		}
	}
	r.report.Counts = append(r.report.Counts, c)
	return nil
}

func (r *run) seedAudiences() error {
	list, err := r.s.ListAudiences(r.ctx)
	if err != nil {
		return err
	}
	r.audiences = map[string]string{}
	for _, a := range list {
		r.audiences[a.Name] = a.ID
	}
	d := r.opts.Dataset
	divs := d.Divisions
	return r.tally(KindAudiences, len(divs), func(i int) string { return divs[i].Label }, r.audiences, func(i int) (string, error) {
		a := DivisionAudience(d, divs[i])
		if err := a.Validate(); err != nil {
			return "", err
		}
		err := r.s.CreateAudience(r.ctx, &a)
		return a.ID, err
	})
}

// DivisionAudience is the audience seeded for a division: named by its
// label, counting its head count, with the division and its location id.
func DivisionAudience(d *orgdata.Dataset, div orgdata.Division) domain.Audience {
	line := div.BusinessLine
	for _, l := range d.BusinessLines {
		if l.ID == div.BusinessLine {
			line = l.Label
		}
	}
	place := div.Location
	if l, ok := d.Location(div.Location); ok {
		place = l.Label
	}
	return domain.Audience{
		Name:           div.Label,
		Description:    fmt.Sprintf("%s division in %s (%d employees)", line, place, div.Count),
		ContactCount:   div.Count,
		Roles:          []string{},
		OrgLevels:      []string{},
		Divisions:      []string{div.Label},
		TargetingScope: "organization",
		Departments:    []string{},
		Locations:      []string{div.Location},
		EmployeeTypes:  []string{},
		AudienceType:   "general",
	}
}

// seedDirectory loads DemoDirectory, skipping the entries whose
// employeeId is taken (an imported directory is never overwritten).
func (r *run) seedDirectory() error {
	taken := map[string]string{}
	err := r.s.EachEmployee(r.ctx, func(e domain.Employee) error {
		taken[e.EmployeeID] = e.ID
		return nil
	})
	if err != nil {
		return err
	}
	all := DemoDirectory(r.opts.Dataset)
	var fresh []domain.Employee
	err = r.tally(KindDirectory, len(all), func(i int) string { return all[i].EmployeeID }, taken, func(i int) (string, error) {
		fresh = append(fresh, all[i])
		return all[i].EmployeeID, nil
	})
	if err != nil || len(fresh) == 0 {
		return err
	}
	return r.s.ApplyDirectory(r.ctx, store.DirectoryChange{Create: fresh, Action: store.ActionDirectoryImported,
		Label: fmt.Sprintf("demo directory: %d created", len(fresh))})
}

func (r *run) seedVehicles() error {
	list, err := r.s.ListVehicles(r.ctx)
	if err != nil {
		return err
	}
	r.vehicles = map[string]string{}
	for _, v := range list {
		r.vehicles[v.Name] = v.ID
	}
	types := domain.VehicleTypes
	return r.tally(KindVehicles, len(types), func(i int) string { return types[i].Label }, r.vehicles, func(i int) (string, error) {
		v, ok := domain.DefaultVehicle(types[i].Type)
		if !ok {
			return "", errors.New("no defaults for vehicle type " + types[i].Type)
		}
		if err := v.Validate(); err != nil {
			return "", err
		}
		err := r.s.CreateVehicle(r.ctx, &v)
		return v.ID, err
	})
}
