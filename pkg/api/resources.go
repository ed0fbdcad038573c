package api

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/gorilla/mux"

	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
)

// opt is a request field that remembers whether it was sent. An absent field
// keeps the stored value on update; null sets the zero value.
type opt[T any] struct {
	set bool
	v   T
}

func (o *opt[T]) UnmarshalJSON(b []byte) error {
	o.set = true
	if string(b) == "null" {
		var zero T
		o.v = zero
		return nil
	}
	return json.Unmarshal(b, &o.v)
}

func (o opt[T]) or(base T) T {
	if o.set {
		return o.v
	}
	return base
}

// ptr is the value when it was sent, nil when absent: the shape of the use
// cases' changes (pkg/plan).
func (o opt[T]) ptr() *T {
	if !o.set {
		return nil
	}
	v := o.v
	return &v
}

// The four beats of every resource handler: decode, validate (apply), store,
// respond. apply merges a request into a base record (zero for create, the
// stored record for update) and validates the result.

func list[T any](s *Server, load func(context.Context) ([]T, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		rows, err := load(r.Context())
		s.answer(w, r, http.StatusOK, rows, err)
	}
}

func get[T any](s *Server, load func(context.Context, string) (T, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		rec, err := load(r.Context(), mux.Vars(r)["id"])
		s.answer(w, r, http.StatusOK, rec, err)
	}
}

// create, update and remove call the generic use cases of pkg/plan for a
// kind of record (plan.Themes, ...): apply merges the request into the
// record the use case hands it.
func create[T, I any, P interface {
	*T
	Validate() error
}](s *Server, k plan.Kind[T], apply func(I, T) (T, error)) http.HandlerFunc {
	return withBody(s, http.StatusCreated, func(r *http.Request, in I) (T, error) {
		return plan.Create[T, P](r.Context(), s.plan, k, func(base T) (T, error) { return apply(in, base) })
	})
}

func update[T, I any, P interface {
	*T
	Validate() error
}](s *Server, k plan.Kind[T], apply func(I, T) (T, error)) http.HandlerFunc {
	return withBody(s, http.StatusOK, func(r *http.Request, in I) (T, error) {
		return plan.Update[T, P](r.Context(), s.plan, k, mux.Vars(r)["id"], func(base T) (T, error) { return apply(in, base) })
	})
}

// withBody is a handler that decodes a JSON body into I, calls the use
// case with it and answers the result with status.
func withBody[I, O any](s *Server, status int, call func(*http.Request, I) (O, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in I
		if err := decode(w, r, &in, MaxJSONBody); err != nil {
			s.fail(w, r, err)
			return
		}
		out, err := call(r, in)
		s.answer(w, r, status, out, err)
	}
}

func remove[T any](s *Server, k plan.Kind[T]) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := plan.Delete(r.Context(), s.plan, k, mux.Vars(r)["id"]); err != nil {
			s.fail(w, r, err)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}
}

type themeInput struct {
	Name        opt[string] `json:"name"`
	Description opt[string] `json:"description"`
	Icon        opt[string] `json:"icon"`
	Color       opt[string] `json:"color"`
}

func (in themeInput) apply(t domain.Theme) (domain.Theme, error) {
	t.Name, t.Description = in.Name.or(t.Name), in.Description.or(t.Description)
	t.Icon, t.Color = in.Icon.or(t.Icon), in.Color.or(t.Color)
	return t, t.Validate()
}

type questionInput struct {
	ThemeID     opt[string]     `json:"themeId"`
	Question    opt[string]     `json:"question"`
	Description opt[string]     `json:"description"`
	SortOrder   opt[domain.Int] `json:"sortOrder"`
}

func (in questionInput) apply(q domain.Question) (domain.Question, error) {
	q.ThemeID, q.Question, q.Description = in.ThemeID.or(q.ThemeID), in.Question.or(q.Question), in.Description.or(q.Description)
	q.SortOrder = int(in.SortOrder.or(domain.Int(q.SortOrder)))
	return q, q.Validate()
}

type contentInput struct {
	Title       opt[string]          `json:"title"`
	Type        opt[string]          `json:"type"`
	Description opt[string]          `json:"description"`
	Content     opt[string]          `json:"content"`
	URL         opt[string]          `json:"url"`
	VehicleType opt[string]          `json:"vehicleType"`
	SourceData  opt[json.RawMessage] `json:"sourceData"`
	QuestionIDs opt[[]string]        `json:"questionIds"`
}

func (in contentInput) apply(c domain.Content) (domain.Content, error) {
	c.Title, c.Type, c.Description = in.Title.or(c.Title), in.Type.or(c.Type), in.Description.or(c.Description)
	c.Content, c.URL, c.VehicleType = in.Content.or(c.Content), in.URL.or(c.URL), in.VehicleType.or(c.VehicleType)
	c.SourceData = in.SourceData.or(c.SourceData)
	if in.QuestionIDs.set {
		c.QuestionIDs = in.QuestionIDs.v
		if c.QuestionIDs == nil {
			c.QuestionIDs = []string{}
		}
	} else {
		c.QuestionIDs = nil
	}
	return c, c.Validate()
}

type audienceInput struct {
	Name           opt[string]     `json:"name"`
	Description    opt[string]     `json:"description"`
	ContactCount   opt[domain.Int] `json:"contactCount"`
	Roles          opt[[]string]   `json:"roles"`
	OrgLevels      opt[[]string]   `json:"orgLevels"`
	Divisions      opt[[]string]   `json:"divisions"`
	TargetingScope opt[string]     `json:"targetingScope"`
	Departments    opt[[]string]   `json:"departments"`
	Locations      opt[[]string]   `json:"locations"`
	EmployeeTypes  opt[[]string]   `json:"employeeTypes"`
	AudienceType   opt[string]     `json:"audienceType"`
	IncludeIDs     opt[[]string]   `json:"includeEmployeeIds"`
	ExcludeIDs     opt[[]string]   `json:"excludeEmployeeIds"`
	Greeting       opt[string]     `json:"greeting"`
}

func (in audienceInput) apply(a domain.Audience) (domain.Audience, error) {
	a.Name, a.Description = in.Name.or(a.Name), in.Description.or(a.Description)
	a.ContactCount = int(in.ContactCount.or(domain.Int(a.ContactCount)))
	a.Roles, a.OrgLevels, a.Divisions = in.Roles.or(a.Roles), in.OrgLevels.or(a.OrgLevels), in.Divisions.or(a.Divisions)
	a.TargetingScope, a.AudienceType = in.TargetingScope.or(a.TargetingScope), in.AudienceType.or(a.AudienceType)
	a.Departments, a.Locations, a.EmployeeTypes = in.Departments.or(a.Departments), in.Locations.or(a.Locations), in.EmployeeTypes.or(a.EmployeeTypes)
	a.IncludeIDs, a.ExcludeIDs = in.IncludeIDs.or(a.IncludeIDs), in.ExcludeIDs.or(a.ExcludeIDs)
	a.Greeting = in.Greeting.or(a.Greeting)
	return a, a.Validate()
}

type settingsInput struct {
	Template  opt[string]     `json:"template"`
	MaxLength opt[domain.Int] `json:"maxLength"`
	Format    opt[string]     `json:"format"`
	// Webhook replaces the channel's webhook URL ("" removes it); left
	// out, or sent back as shown (scheme and host), it keeps it.
	Webhook opt[string] `json:"webhook"`
	Private opt[bool]   `json:"private"`
}

type vehicleInput struct {
	Name                      opt[string]             `json:"name"`
	Type                      opt[string]             `json:"type"`
	Description               opt[string]             `json:"description"`
	Settings                  opt[settingsInput]      `json:"settings"`
	GenerationalTargeting     opt[[]string]           `json:"generationalTargeting"`
	CommunicationStrategy     opt[string]             `json:"communicationStrategy"`
	PreferredGenerations      opt[[]string]           `json:"preferredGenerations"`
	GenerationalEffectiveness opt[map[string]float64] `json:"generationalEffectiveness"`
}

func (in vehicleInput) apply(v domain.Vehicle) (domain.Vehicle, error) {
	v.Name, v.Type, v.Description = in.Name.or(v.Name), in.Type.or(v.Type), in.Description.or(v.Description)
	if in.Settings.set {
		st := in.Settings.v
		v.Settings.Template = st.Template.or(v.Settings.Template)
		v.Settings.MaxLength = int(st.MaxLength.or(domain.Int(v.Settings.MaxLength)))
		v.Settings.Format = st.Format.or(v.Settings.Format)
		if w := st.Webhook.or(string(v.Settings.Webhook)); w != v.Settings.Webhook.Shown() {
			v.Settings.Webhook = domain.Secret(strings.TrimSpace(w))
		}
		v.Settings.Private = st.Private.or(v.Settings.Private)
	}
	v.GenerationalTargeting = in.GenerationalTargeting.or(v.GenerationalTargeting)
	v.CommunicationStrategy = in.CommunicationStrategy.or(v.CommunicationStrategy)
	v.PreferredGenerations = in.PreferredGenerations.or(v.PreferredGenerations)
	v.GenerationalEffectiveness = in.GenerationalEffectiveness.or(v.GenerationalEffectiveness)
	return v, v.Validate()
}

type communicationInput struct {
	Title             opt[string]   `json:"title"`
	ThemeID           opt[string]   `json:"themeId"`
	SelectedQuestions opt[[]string] `json:"selectedQuestions"`
	AudienceID        opt[string]   `json:"audienceId"`
	VehicleID         opt[string]   `json:"vehicleId"`
	RawContent        opt[string]   `json:"rawContent"`
	GeneratedContent  opt[string]   `json:"generatedContent"`
	FinalContentID    opt[string]   `json:"finalContentId"`
	Status            opt[string]   `json:"status"`
	ScheduledDate     opt[string]   `json:"scheduledDate"`
	SourceCampaignID  opt[string]   `json:"sourceCampaignId"`
	SourceActivityID  opt[string]   `json:"sourceActivityId"`
	// Confidentiality labels the communication: only its insiders see it.
	Confidentiality opt[string] `json:"confidentiality"`
}

func (in communicationInput) apply(c domain.Communication) (domain.Communication, error) {
	c = in.merge(c)
	return c, c.Validate()
}

// merge is apply without the rules: the batch's use case fills an absent
// status before it validates.
func (in communicationInput) merge(c domain.Communication) domain.Communication {
	c.Title, c.ThemeID, c.SelectedQuestions = in.Title.or(c.Title), in.ThemeID.or(c.ThemeID), in.SelectedQuestions.or(c.SelectedQuestions)
	c.AudienceID, c.VehicleID = in.AudienceID.or(c.AudienceID), in.VehicleID.or(c.VehicleID)
	c.RawContent, c.GeneratedContent = in.RawContent.or(c.RawContent), in.GeneratedContent.or(c.GeneratedContent)
	c.FinalContentID, c.Status, c.ScheduledDate = in.FinalContentID.or(c.FinalContentID), in.Status.or(c.Status), in.ScheduledDate.or(c.ScheduledDate)
	c.SourceCampaignID, c.SourceActivityID = in.SourceCampaignID.or(c.SourceCampaignID), in.SourceActivityID.or(c.SourceActivityID)
	c.Confidentiality = in.Confidentiality.or(c.Confidentiality)
	return c
}
