package sqlstore

import (
	"context"

	"github.com/commsplan/commsplan/pkg/domain"
)

// vehicleColumns are a vehicle's own columns, before its communication count.
const vehicleColumns = `SELECT v.id, v.name, v.type, v.description, v.settings, v.generational_targeting,
  v.communication_strategy, v.preferred_generations, v.generational_effectiveness, v.created_at, `

// vehicleSelect counts each vehicle's communications set-wise in the same
// statement, so a list costs one query however many vehicles there are.
const vehicleSelect = vehicleColumns + `COALESCE(cn.n, 0)
FROM vehicles v
LEFT JOIN (SELECT vehicle_id, COUNT(*) AS n FROM communications WHERE vehicle_id IS NOT NULL GROUP BY vehicle_id) cn
  ON cn.vehicle_id = v.id`

// vehicleByID counts one vehicle's communications on their vehicle index
// rather than aggregating every communication first.
const vehicleByID = vehicleColumns + `(SELECT COUNT(*) FROM communications c WHERE c.vehicle_id = v.id)
FROM vehicles v WHERE v.id = $1`

func scanVehicle(r rowScanner) (domain.Vehicle, error) {
	var v domain.Vehicle
	err := r.Scan(&v.ID, &v.Name, &v.Type, &v.Description, jsonScan{&v.Settings}, jsonScan{&v.GenerationalTargeting},
		&v.CommunicationStrategy, jsonScan{&v.PreferredGenerations}, jsonScan{&v.GenerationalEffectiveness}, &v.CreatedAt,
		&v.CommunicationCount)
	return v, err
}

// storedSettings are a vehicle's settings as the store keeps them: the
// webhook whole (domain.Secret marshals to its scheme and host only).
type storedSettings struct {
	Template  string `json:"template"`
	MaxLength int    `json:"maxLength"`
	Format    string `json:"format"`
	Webhook   string `json:"webhook,omitempty"`
	Private   bool   `json:"private,omitempty"`
}

func settingsValue(st domain.VehicleSettings) jsonValue {
	return jsonValue{storedSettings{Template: st.Template, MaxLength: st.MaxLength, Format: st.Format,
		Webhook: string(st.Webhook), Private: st.Private}}
}

func effectiveness(m map[string]float64) jsonValue {
	if m == nil {
		m = map[string]float64{}
	}
	return jsonValue{m}
}

// ListVehicles implements store.Store.
func (s *Store) ListVehicles(ctx context.Context) ([]domain.Vehicle, error) {
	return queryAll(ctx, s, scanVehicle, vehicleSelect+` ORDER BY v.created_at, v.id`)
}

// GetVehicle implements store.Store.
func (s *Store) GetVehicle(ctx context.Context, id string) (domain.Vehicle, error) {
	return queryOne(ctx, s, scanVehicle, vehicleByID, id)
}

// CreateVehicle implements store.Store.
func (s *Store) CreateVehicle(ctx context.Context, v *domain.Vehicle) error {
	v.ID, v.CreatedAt = newID(), now()
	return s.inTx(ctx, func(tx *Store) error {
		err := tx.insertRecorded(ctx, "vehicle", v.ID, v.Name,
			`INSERT INTO vehicles (id, name, type, description, settings, generational_targeting, communication_strategy,
			   preferred_generations, generational_effectiveness, created_at)
			 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
			v.ID, v.Name, v.Type, v.Description, settingsValue(v.Settings), list(v.GenerationalTargeting),
			v.CommunicationStrategy, list(v.PreferredGenerations), effectiveness(v.GenerationalEffectiveness), v.CreatedAt)
		if err != nil {
			return err
		}
		return reread(ctx, tx.GetVehicle, v.ID, v)
	})
}

// UpdateVehicle implements store.Store.
func (s *Store) UpdateVehicle(ctx context.Context, v *domain.Vehicle) error {
	return s.inTx(ctx, func(tx *Store) error {
		err := tx.updateRecorded(ctx, "vehicle", v.ID, v.Name,
			`UPDATE vehicles SET name = $2, type = $3, description = $4, settings = $5, generational_targeting = $6,
			   communication_strategy = $7, preferred_generations = $8, generational_effectiveness = $9 WHERE id = $1`,
			v.ID, v.Name, v.Type, v.Description, settingsValue(v.Settings), list(v.GenerationalTargeting),
			v.CommunicationStrategy, list(v.PreferredGenerations), effectiveness(v.GenerationalEffectiveness))
		if err != nil {
			return err
		}
		return reread(ctx, tx.GetVehicle, v.ID, v)
	})
}

// DeleteVehicle implements store.Store; communications keep going without it.
func (s *Store) DeleteVehicle(ctx context.Context, id string) error {
	return s.deleteRecorded(ctx, "vehicles", "name", "vehicle", id)
}
