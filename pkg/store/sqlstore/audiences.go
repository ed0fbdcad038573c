package sqlstore

import (
	"context"

	"github.com/commsplan/commsplan/pkg/domain"
)

const audienceSelect = `SELECT id, name, description, contact_count, roles, org_levels, divisions, targeting_scope,
  departments, locations, employee_types, audience_type, include_ids, exclude_ids, created_at, greeting FROM audiences`

func scanAudience(r rowScanner) (domain.Audience, error) {
	var a domain.Audience
	err := r.Scan(&a.ID, &a.Name, &a.Description, &a.ContactCount, jsonScan{&a.Roles}, jsonScan{&a.OrgLevels},
		jsonScan{&a.Divisions}, &a.TargetingScope, jsonScan{&a.Departments}, jsonScan{&a.Locations},
		jsonScan{&a.EmployeeTypes}, &a.AudienceType, jsonScan{&a.IncludeIDs}, jsonScan{&a.ExcludeIDs}, &a.CreatedAt, &a.Greeting)
	return a, err
}

// ListAudiences implements store.Store.
func (s *Store) ListAudiences(ctx context.Context) ([]domain.Audience, error) {
	return queryAll(ctx, s, scanAudience, audienceSelect+` ORDER BY name, id`)
}

// GetAudience implements store.Store.
func (s *Store) GetAudience(ctx context.Context, id string) (domain.Audience, error) {
	return queryOne(ctx, s, scanAudience, audienceSelect+` WHERE id = $1`, id)
}

// CreateAudience implements store.Store.
func (s *Store) CreateAudience(ctx context.Context, a *domain.Audience) error {
	a.ID, a.CreatedAt = newID(), now()
	return s.inTx(ctx, func(tx *Store) error {
		err := tx.insertRecorded(ctx, "audience", a.ID, a.Name,
			`INSERT INTO audiences (id, name, description, contact_count, roles, org_levels, divisions, targeting_scope,
			   departments, locations, employee_types, audience_type, include_ids, exclude_ids, created_at, greeting)
			 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`,
			a.ID, a.Name, a.Description, a.ContactCount, list(a.Roles), list(a.OrgLevels), list(a.Divisions),
			a.TargetingScope, list(a.Departments), list(a.Locations), list(a.EmployeeTypes), a.AudienceType,
			list(a.IncludeIDs), list(a.ExcludeIDs), a.CreatedAt, a.Greeting)
		if err != nil {
			return err
		}
		return reread(ctx, tx.GetAudience, a.ID, a)
	})
}

// UpdateAudience implements store.Store.
func (s *Store) UpdateAudience(ctx context.Context, a *domain.Audience) error {
	return s.inTx(ctx, func(tx *Store) error {
		err := tx.updateRecorded(ctx, "audience", a.ID, a.Name,
			`UPDATE audiences SET name = $2, description = $3, contact_count = $4, roles = $5, org_levels = $6,
			   divisions = $7, targeting_scope = $8, departments = $9, locations = $10, employee_types = $11,
			   audience_type = $12, include_ids = $13, exclude_ids = $14, greeting = $15 WHERE id = $1`,
			a.ID, a.Name, a.Description, a.ContactCount, list(a.Roles), list(a.OrgLevels), list(a.Divisions),
			a.TargetingScope, list(a.Departments), list(a.Locations), list(a.EmployeeTypes), a.AudienceType,
			list(a.IncludeIDs), list(a.ExcludeIDs), a.Greeting)
		if err != nil {
			return err
		}
		return reread(ctx, tx.GetAudience, a.ID, a)
	})
}

// DeleteAudience implements store.Store; communications keep going without
// it, and blackouts without it (see dropAudienceFromBlackouts).
func (s *Store) DeleteAudience(ctx context.Context, id string) error {
	return s.inTx(ctx, func(tx *Store) error {
		blackouts, err := tx.collectIDs(ctx, `SELECT blackout_id FROM blackout_audiences WHERE audience_id = $1`, id)
		if err != nil {
			return err
		}
		if err := tx.deleteRecorded(ctx, "audiences", "name", "audience", id); err != nil {
			return err
		}
		return tx.dropAudienceFromBlackouts(ctx, blackouts)
	})
}
