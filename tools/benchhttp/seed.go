package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/orgdata"
	"github.com/commsplan/commsplan/pkg/seed"
	"github.com/commsplan/commsplan/pkg/store"
	_ "github.com/commsplan/commsplan/plugins/storage/postgres" // postgres:// DSNs
	_ "github.com/commsplan/commsplan/plugins/storage/sqlite"   // file DSNs
)

// plan is the size of the seeded plan.
type plan struct {
	themes, questionsPer, contents, audiences, vehicles, communications, campaigns int
}

// seedScale opens dsn (migrating it) and writes what `commsplan seed --demo
// --scale` writes.
func seedScale(ctx context.Context, dsn string) error {
	st, err := store.OpenWith(ctx, dsn, store.Options{QueryTimeout: 10 * time.Minute})
	if err != nil {
		return err
	}
	defer st.Close()
	if _, err := seed.Run(ctx, st, seed.Options{Demo: true}); err != nil {
		return err
	}
	_, err = seed.Scale(ctx, st, seed.ScaleOptions{})
	return err
}

// seedPlan opens dsn (migrating it) and fills the plan in one transaction,
// each record validated as the API would, so the defaults are filled.
func seedPlan(ctx context.Context, dsn string, p plan) error {
	// One transaction of some 20,000 statements: more than the default
	// 10 s query timeout over PostgreSQL on a busy machine.
	st, err := store.OpenWith(ctx, dsn, store.Options{QueryTimeout: 10 * time.Minute})
	if err != nil {
		return err
	}
	defer st.Close()
	sched, html, err := sampleCampaign()
	if err != nil {
		return err
	}
	return st.InTx(ctx, func(tx store.Store) error {
		var themeIDs, qids, audIDs, vehIDs []string
		for i := range p.themes {
			th := domain.Theme{Name: fmt.Sprintf("Theme %d", i), Description: fmt.Sprintf("What theme %d covers", i)}
			if err := create(ctx, &th, tx.CreateTheme); err != nil {
				return err
			}
			themeIDs = append(themeIDs, th.ID)
			for j := range p.questionsPer {
				q := domain.Question{ThemeID: th.ID, Question: fmt.Sprintf("Question %d.%d?", i, j), SortOrder: j + 1}
				if err := create(ctx, &q, tx.CreateQuestion); err != nil {
					return err
				}
				qids = append(qids, q.ID)
			}
		}
		for k := range p.contents {
			c := domain.Content{Title: fmt.Sprintf("Content %d", k), Content: "An answer a few sentences long, as a library piece is.",
				QuestionIDs: []string{qids[k%len(qids)]}}
			if err := create(ctx, &c, tx.CreateContent); err != nil {
				return err
			}
		}
		for i := range p.audiences {
			a := domain.Audience{Name: fmt.Sprintf("Audience %d", i), Description: "A group of employees", ContactCount: 10 * i}
			if err := create(ctx, &a, tx.CreateAudience); err != nil {
				return err
			}
			audIDs = append(audIDs, a.ID)
		}
		types := domain.VehicleTypeNames
		for i := range p.vehicles {
			v := domain.Vehicle{Name: fmt.Sprintf("Vehicle %d", i), Type: types[i%len(types)]}
			if err := create(ctx, &v, tx.CreateVehicle); err != nil {
				return err
			}
			vehIDs = append(vehIDs, v.ID)
		}
		cs := make([]*domain.Communication, p.communications)
		for i := range cs {
			cs[i] = &domain.Communication{Title: fmt.Sprintf("Communication %d", i), ThemeID: themeIDs[i%len(themeIDs)],
				AudienceID: audIDs[i%len(audIDs)], VehicleID: vehIDs[i%len(vehIDs)]}
			if err := cs[i].Validate(); err != nil {
				return err
			}
		}
		if err := tx.CreateCommunications(ctx, cs); err != nil {
			return err
		}
		for i := range p.campaigns {
			c := domain.Campaign{Title: fmt.Sprintf("Campaign %d", i), Description: "A wave", Schedule: sched, HTMLContent: html}
			if err := tx.CreateCampaign(ctx, &c); err != nil {
				return err
			}
		}
		return nil
	})
}

// create validates rec (filling its defaults) and stores it.
func create[T any, P interface {
	*T
	Validate() error
}](ctx context.Context, rec P, save func(context.Context, *T) error) error {
	if err := rec.Validate(); err != nil {
		return err
	}
	return save(ctx, rec)
}

// sampleCampaign is a generated campaign schedule and its HTML.
func sampleCampaign() (json.RawMessage, string, error) {
	cfg := campaign.Config{CampaignName: "Go-Live", StartDate: "2025-01-01", EndDate: "2025-03-01",
		CampaignTypes: []string{"change-management"}}
	s, err := campaign.Generate(cfg, orgdata.Load())
	if err != nil {
		return nil, "", err
	}
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, "", err
	}
	html, err := campaign.RenderHTML(s)
	return raw, html, err
}
