package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

const contentSelect = `SELECT id, title, description, content, type, url, vehicle_type, source_data, created_at FROM content`

func scanContent(r rowScanner) (domain.Content, error) {
	var c domain.Content
	err := r.Scan(&c.ID, &c.Title, &c.Description, &c.Content, &c.Type, &c.URL, &c.VehicleType, rawScan{&c.SourceData}, &c.CreatedAt)
	c.QuestionIDs = []string{}
	return c, err
}

// ListContent implements store.Store: two queries (pieces, then all links),
// however many pieces there are.
func (s *Store) ListContent(ctx context.Context) ([]domain.Content, error) {
	return s.FilterContent(ctx, store.ContentFilter{})
}

// FilterContent implements store.Store: ListContent's two queries, the
// pieces' one narrowed by f.
func (s *Store) FilterContent(ctx context.Context, f store.ContentFilter) ([]domain.Content, error) {
	var where []string
	var args []any
	if f.Q != "" {
		args = append(args, likePattern(f.Q))
		where = append(where, s.likeAny("$1", "title", "description"))
	}
	if f.Type != "" {
		args = append(args, f.Type)
		where = append(where, fmt.Sprintf("type = $%d", len(args)))
	}
	query := contentSelect
	if len(where) > 0 {
		query += ` WHERE ` + strings.Join(where, " AND ")
	}
	pieces, err := queryAll(ctx, s, scanContent, query+` ORDER BY created_at DESC, id`, args...)
	if err != nil || len(pieces) == 0 {
		return pieces, err
	}
	err = attachLinks(ctx, s, `SELECT content_id, question_id FROM question_content ORDER BY content_id, question_id`, pieces,
		func(c *domain.Content) string { return c.ID },
		func(c *domain.Content, qid string) { c.QuestionIDs = append(c.QuestionIDs, qid) })
	if err != nil {
		return nil, err
	}
	return pieces, nil
}

// ListContentPage implements store.Store: keysetPage's statement, then the
// links of the page's pieces only.
func (s *Store) ListContentPage(ctx context.Context, after string, limit int) (store.Page[domain.Content], error) {
	page, err := keysetPage(ctx, s, "content", `id, title, description, content, type, url, vehicle_type, source_data, created_at`,
		after, limit, func(r *sql.Rows, total *int) (domain.Content, error) {
			var c domain.Content
			err := r.Scan(total, &c.ID, &c.Title, &c.Description, &c.Content, &c.Type, &c.URL, &c.VehicleType,
				rawScan{&c.SourceData}, &c.CreatedAt)
			c.QuestionIDs = []string{}
			return c, err
		})
	if err != nil || len(page.Rows) == 0 {
		return page, err
	}
	ids := make([]any, len(page.Rows))
	marks := make([]string, len(page.Rows))
	for i, c := range page.Rows {
		ids[i], marks[i] = c.ID, fmt.Sprintf("$%d", i+1)
	}
	err = attachLinks(ctx, s, `SELECT content_id, question_id FROM question_content WHERE content_id IN (`+strings.Join(marks, ", ")+
		`) ORDER BY content_id, question_id`, page.Rows,
		func(c *domain.Content) string { return c.ID },
		func(c *domain.Content, qid string) { c.QuestionIDs = append(c.QuestionIDs, qid) }, ids...)
	return page, err
}

// GetContent implements store.Store.
func (s *Store) GetContent(ctx context.Context, id string) (domain.Content, error) {
	c, err := scanContent(s.q().QueryRowContext(ctx, contentSelect+` WHERE id = $1`, id))
	if err != nil {
		return c, notFound(err)
	}
	c.QuestionIDs, err = s.collectIDs(ctx, `SELECT question_id FROM question_content WHERE content_id = $1 ORDER BY question_id`, id)
	return c, err
}

// CreateContent implements store.Store.
func (s *Store) CreateContent(ctx context.Context, c *domain.Content) error {
	c.ID, c.CreatedAt = newID(), now()
	return s.inTx(ctx, func(tx *Store) error {
		_, err := tx.q().ExecContext(ctx,
			`INSERT INTO content (id, title, description, content, type, url, vehicle_type, source_data, created_at)
			 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
			c.ID, c.Title, c.Description, c.Content, c.Type, c.URL, c.VehicleType, rawDoc(c.SourceData), c.CreatedAt)
		if err != nil {
			return err
		}
		if err := tx.setLinks(ctx, c.ID, c.QuestionIDs); err != nil {
			return err
		}
		if err := tx.record(ctx, domain.ActionCreated, "content", c.ID, c.Title); err != nil {
			return err
		}
		return reread(ctx, tx.GetContent, c.ID, c)
	})
}

// UpdateContent implements store.Store.
func (s *Store) UpdateContent(ctx context.Context, c *domain.Content) error {
	return s.inTx(ctx, func(tx *Store) error {
		err := mustAffect(tx.q().ExecContext(ctx,
			`UPDATE content SET title = $2, description = $3, content = $4, type = $5, url = $6, vehicle_type = $7, source_data = $8 WHERE id = $1`,
			c.ID, c.Title, c.Description, c.Content, c.Type, c.URL, c.VehicleType, rawDoc(c.SourceData)))
		if err != nil {
			return err
		}
		if c.QuestionIDs != nil {
			if err := tx.setLinks(ctx, c.ID, c.QuestionIDs); err != nil {
				return err
			}
		}
		if err := tx.record(ctx, domain.ActionUpdated, "content", c.ID, c.Title); err != nil {
			return err
		}
		return reread(ctx, tx.GetContent, c.ID, c)
	})
}

// setLinks replaces a content piece's question links; callers are in a
// transaction. Duplicate ids count once. When the links change, the next
// record also touches the themes and questions, whose content counts
// change, in the themes of the questions linked or unlinked.
func (s *Store) setLinks(ctx context.Context, contentID string, questionIDs []string) error {
	old, err := s.linkedThemes(ctx, contentID)
	if err != nil {
		return err
	}
	if _, err := s.q().ExecContext(ctx, `DELETE FROM question_content WHERE content_id = $1`, contentID); err != nil {
		return err
	}
	linked := map[string]string{} // question id: its theme
	for _, qid := range questionIDs {
		if _, seen := linked[qid]; seen {
			continue
		}
		var themeID string
		if err := s.q().QueryRowContext(ctx, `SELECT theme_id FROM questions WHERE id = $1`, qid).Scan(&themeID); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return &store.ReferenceError{Field: "questionIds"}
			}
			return err
		}
		linked[qid] = themeID
		if _, err := s.q().ExecContext(ctx,
			`INSERT INTO question_content (id, question_id, content_id) VALUES ($1, $2, $3)`, newID(), qid, contentID); err != nil {
			return err
		}
	}
	var themes []string
	for qid, themeID := range old {
		if _, kept := linked[qid]; !kept {
			themes = append(themes, themeID)
		}
	}
	for qid, themeID := range linked {
		if _, had := old[qid]; !had {
			themes = append(themes, themeID)
		}
	}
	s.touchLinks(themes)
	return nil
}

// linkedThemes are the questions a content piece links to, with their
// themes.
func (s *Store) linkedThemes(ctx context.Context, contentID string) (map[string]string, error) {
	rows, err := s.q().QueryContext(ctx,
		`SELECT q.id, q.theme_id FROM question_content l JOIN questions q ON q.id = l.question_id WHERE l.content_id = $1`, contentID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var qid, themeID string
		if err := rows.Scan(&qid, &themeID); err != nil {
			return nil, err
		}
		out[qid] = themeID
	}
	return out, rows.Err()
}

// touchLinks has the next record touch the themes and questions when
// links of questions in themes changed (none: nothing changed).
func (s *Store) touchLinks(themes []string) {
	if len(themes) > 0 {
		s.inThemes(themes...)
		s.also(store.ThemesList, store.QuestionsList)
	}
}

// DeleteContent implements store.Store; its links go with it.
func (s *Store) DeleteContent(ctx context.Context, id string) error {
	return s.inTx(ctx, func(tx *Store) error {
		linked, err := tx.linkedThemes(ctx, id)
		if err != nil {
			return err
		}
		tx.touchLinks(slices.Collect(maps.Values(linked)))
		return tx.deleteRecorded(ctx, "content", "title", "content", id)
	})
}
