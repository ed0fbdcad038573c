package plan

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/commsplan/commsplan/pkg/actor"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/store"
)

// RotateSCIMToken makes a new SCIM token, stores its hash (the old one
// stops working at once) and returns the token, which is never shown
// again. It needs directory.manage.
func (p *Plan) RotateSCIMToken(ctx context.Context) (string, error) {
	if _, err := actor.Require(ctx, actor.DirectoryManage); err != nil {
		return "", err
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	token := "scim_" + base64.RawURLEncoding.EncodeToString(b)
	if err := p.st.SetSCIMTokenHash(ctx, scimHash(token)); err != nil {
		return "", err
	}
	return token, nil
}

func scimHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// SCIMTokenValid reports whether token is the SCIM token; false while
// none was made.
func (p *Plan) SCIMTokenValid(ctx context.Context, token string) (bool, error) {
	stored, err := p.st.SCIMTokenHash(ctx)
	if err != nil || stored == "" || token == "" {
		return false, err
	}
	return subtle.ConstantTimeCompare([]byte(stored), []byte(scimHash(token))) == 1, nil
}

// requireSCIM lets the SCIM client, or an actor with directory.manage, provision.
func requireSCIM(ctx context.Context) error {
	a, err := actor.From(ctx)
	if err != nil {
		return err
	}
	if a.ID == actor.SCIMClient.ID || a.Can(actor.DirectoryManage) {
		return nil
	}
	return &actor.DeniedError{Permission: actor.DirectoryManage, Role: a.Role}
}

// ProvisionEmployee creates e (ID empty) or replaces it (ID set) for a
// provisioning client, validated, with its audit entry as the actor of
// ctx, and returns it as stored.
func (p *Plan) ProvisionEmployee(ctx context.Context, e domain.Employee) (domain.Employee, error) {
	if err := requireSCIM(ctx); err != nil {
		return e, err
	}
	e.Source = domain.SourceSCIM
	if e.RoleGroup == "" {
		e.RoleGroup = roleGroupOf(orgdataLoad(), e.JobTitle)
	}
	if err := e.Validate(); err != nil {
		return e, err
	}
	ch := store.DirectoryChange{Action: store.ActionDirectoryProvisioned}
	verb := "updated"
	if e.ID == "" {
		ch.Create, verb = []domain.Employee{e}, "created"
	} else {
		old, err := p.st.GetEmployee(ctx, e.ID)
		if err != nil {
			return e, err
		}
		e.CreatedAt = old.CreatedAt
		ch.Update, ch.EntityID = []domain.Employee{e}, e.ID
	}
	ch.Label = fmt.Sprintf("SCIM %s %s", verb, e.EmployeeID)
	if err := p.st.ApplyDirectory(ctx, ch); err != nil {
		return e, err
	}
	if len(ch.Create) == 1 {
		e = ch.Create[0]
	}
	return p.st.GetEmployee(ctx, e.EmployeeID)
}

// DeprovisionEmployee deactivates the entry (endDate today), never deleting
// it, for a provisioning client's DELETE; marked so the client no longer
// finds it (domain.AttrDeprovisioned).
func (p *Plan) DeprovisionEmployee(ctx context.Context, id string) error {
	if err := requireSCIM(ctx); err != nil {
		return err
	}
	e, err := p.st.GetEmployee(ctx, id)
	if err != nil {
		return err
	}
	e.Active = false
	if e.EndDate == "" {
		e.EndDate = p.now().Format(time.DateOnly)
	}
	e.Attributes[domain.AttrDeprovisioned] = "true"
	return p.st.ApplyDirectory(ctx, store.DirectoryChange{Update: []domain.Employee{e}, Action: store.ActionDirectoryProvisioned,
		EntityID: e.ID, Label: "SCIM deleted " + e.EmployeeID + " (kept inactive)"})
}
