package sqlstore

import (
	"context"

	"github.com/commsplan/commsplan/pkg/domain"
)

// themeColumns are a theme's own columns, before its two counts.
const themeColumns = `SELECT t.id, t.name, t.description, t.icon, t.color, t.created_at, `

// themeSelect lists themes with their counts in one statement, aggregated
// set-wise, so a list costs one query however many themes there are.
const themeSelect = themeColumns + `COALESCE(qn.n, 0), COALESCE(cn.n, 0)
FROM themes t
LEFT JOIN (SELECT theme_id, COUNT(*) AS n FROM questions GROUP BY theme_id) qn ON qn.theme_id = t.id
LEFT JOIN (SELECT q.theme_id, COUNT(DISTINCT l.content_id) AS n
           FROM question_content l JOIN questions q ON q.id = l.question_id
           GROUP BY q.theme_id) cn ON cn.theme_id = t.id`

// themeByID reads one theme with the same counts as correlated subqueries
// on indexed columns: the set-wise form aggregates every question and link
// first, 8 ms for one theme of 1,000 on SQLite against 0.05 ms this way.
// TestConformance/Themes holds both forms to the same counts.
const themeByID = themeColumns + `(SELECT COUNT(*) FROM questions q WHERE q.theme_id = t.id),
  (SELECT COUNT(DISTINCT l.content_id) FROM questions q JOIN question_content l ON l.question_id = q.id
   WHERE q.theme_id = t.id)
FROM themes t WHERE t.id = $1`

func scanTheme(r rowScanner) (domain.Theme, error) {
	var t domain.Theme
	err := r.Scan(&t.ID, &t.Name, &t.Description, &t.Icon, &t.Color, &t.CreatedAt, &t.QuestionCount, &t.ContentCount)
	return t, err
}

// ListThemes implements store.Store.
func (s *Store) ListThemes(ctx context.Context) ([]domain.Theme, error) {
	return queryAll(ctx, s, scanTheme, themeSelect+` ORDER BY t.created_at, t.id`)
}

// GetTheme implements store.Store.
func (s *Store) GetTheme(ctx context.Context, id string) (domain.Theme, error) {
	return queryOne(ctx, s, scanTheme, themeByID, id)
}

// CreateTheme implements store.Store.
func (s *Store) CreateTheme(ctx context.Context, t *domain.Theme) error {
	t.ID, t.CreatedAt = newID(), now()
	return s.inTx(ctx, func(tx *Store) error {
		return tx.insertRecorded(ctx, "theme", t.ID, t.Name,
			`INSERT INTO themes (id, name, description, icon, color, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			t.ID, t.Name, t.Description, t.Icon, t.Color, t.CreatedAt)
	})
}

// UpdateTheme implements store.Store.
func (s *Store) UpdateTheme(ctx context.Context, t *domain.Theme) error {
	return s.inTx(ctx, func(tx *Store) error {
		err := tx.updateRecorded(ctx, "theme", t.ID, t.Name,
			`UPDATE themes SET name = $2, description = $3, icon = $4, color = $5 WHERE id = $1`,
			t.ID, t.Name, t.Description, t.Icon, t.Color)
		if err != nil {
			return err
		}
		return reread(ctx, tx.GetTheme, t.ID, t)
	})
}

// DeleteTheme implements store.Store. The schema cascades to questions and
// their links and clears the theme of communications.
func (s *Store) DeleteTheme(ctx context.Context, id string) error {
	return s.inTx(ctx, func(tx *Store) error {
		tx.inThemes(id)
		return tx.deleteRecorded(ctx, "themes", "name", "theme", id)
	})
}
