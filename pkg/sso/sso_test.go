package sso

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/commsplan/commsplan/pkg/actor"
)

func TestParseRoles(t *testing.T) {
	roles, err := ParseRoles([]string{"comms-admins=admin", " comms = Planner "})
	require.NoError(t, err)
	assert.Equal(t, map[string]actor.Role{"comms-admins": actor.RoleAdmin, "comms": actor.RolePlanner}, roles)
	for _, bad := range []string{"comms", "=admin", "comms=boss"} {
		_, err := ParseRoles([]string{bad})
		assert.Error(t, err, bad)
	}
}

func TestAdmit(t *testing.T) {
	p := New(Config{AllowedDomains: []string{"example.com"}, RoleClaim: "groups",
		Roles: map[string]actor.Role{"a": actor.RoleApprover, "v": actor.RoleViewer}}, nil)
	role, err := p.Admit(Claims{Email: "x@Example.com", Values: []string{"v", "a", "other"}})
	require.NoError(t, err)
	assert.Equal(t, actor.RoleApprover, role, "the strongest mapped role")

	role, err = p.Admit(Claims{Email: "x@example.com", Values: []string{"other"}})
	require.NoError(t, err)
	assert.Empty(t, role, "no mapping and no default role: a new person is refused")

	for _, email := range []string{"x@example.org", "x@sub.example.com", "example.com", ""} {
		_, err = p.Admit(Claims{Email: email, Values: []string{"a"}})
		var r *Refusal
		require.ErrorAs(t, err, &r, email)
		assert.Equal(t, Domain, r.Reason, email)
	}

	p = New(Config{DefaultRole: actor.RoleViewer}, nil)
	role, err = p.Admit(Claims{})
	require.NoError(t, err)
	assert.Equal(t, actor.RoleViewer, role, "any domain, the default role")
}

func TestClaimValues(t *testing.T) {
	assert.Equal(t, []string{"a"}, claimValues("a"))
	assert.Equal(t, []string{"a", "b"}, claimValues([]any{"a", 3, "b"}))
	assert.Nil(t, claimValues(nil))
	assert.Nil(t, claimValues(map[string]any{"a": 1}))
}
