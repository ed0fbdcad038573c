package sqlstore

import (
	"context"

	"github.com/commsplan/commsplan/pkg/domain"
)

const newsletterSelect = `SELECT id, name, description, template, created_at, updated_at FROM newsletter_templates`

func scanNewsletter(r rowScanner) (domain.NewsletterTemplate, error) {
	var t domain.NewsletterTemplate
	err := r.Scan(&t.ID, &t.Name, &t.Description, rawScan{&t.Template}, &t.CreatedAt, &t.UpdatedAt)
	return t, err
}

// ListNewsletterTemplates implements store.Store.
func (s *Store) ListNewsletterTemplates(ctx context.Context) ([]domain.NewsletterTemplate, error) {
	return queryAll(ctx, s, scanNewsletter, newsletterSelect+` ORDER BY lower(name), created_at, id`)
}

// GetNewsletterTemplate implements store.Store.
func (s *Store) GetNewsletterTemplate(ctx context.Context, id string) (domain.NewsletterTemplate, error) {
	return queryOne(ctx, s, scanNewsletter, newsletterSelect+` WHERE id = $1`, id)
}

// CreateNewsletterTemplate implements store.Store.
func (s *Store) CreateNewsletterTemplate(ctx context.Context, t *domain.NewsletterTemplate) error {
	t.ID, t.CreatedAt = newID(), now()
	t.UpdatedAt = t.CreatedAt
	return s.inTx(ctx, func(tx *Store) error {
		return tx.insertRecorded(ctx, "newsletter_template", t.ID, t.Name,
			`INSERT INTO newsletter_templates (id, name, description, template, created_at, updated_at)
			 VALUES ($1, $2, $3, $4, $5, $6)`,
			t.ID, t.Name, t.Description, string(t.Template), t.CreatedAt, t.UpdatedAt)
	})
}

// UpdateNewsletterTemplate implements store.Store.
func (s *Store) UpdateNewsletterTemplate(ctx context.Context, t *domain.NewsletterTemplate) error {
	return s.inTx(ctx, func(tx *Store) error {
		err := tx.updateRecorded(ctx, "newsletter_template", t.ID, t.Name,
			`UPDATE newsletter_templates SET name = $2, description = $3, template = $4, updated_at = $5 WHERE id = $1`,
			t.ID, t.Name, t.Description, string(t.Template), now())
		if err != nil {
			return err
		}
		return reread(ctx, tx.GetNewsletterTemplate, t.ID, t)
	})
}

// DeleteNewsletterTemplate implements store.Store.
func (s *Store) DeleteNewsletterTemplate(ctx context.Context, id string) error {
	return s.deleteRecorded(ctx, "newsletter_templates", "name", "newsletter_template", id)
}
