package plan

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/schedule"
	"github.com/commsplan/commsplan/pkg/store"
)

// MsgNoThemes is the import's refusal when there is no theme to file the
// communications under (spec 02 §8).
const MsgNoThemes = "No themes available. Please create a theme first."

// CampaignImport is what to put on the Schedule from a saved campaign.
type CampaignImport struct {
	// ActivityIDs are the activities to import; nil means all of them.
	ActivityIDs []string
	// ThemeID is the communications' theme; empty means the first theme.
	ThemeID string
	// PhaseThemes name a theme per phase (by the activity's phase name),
	// and ActivityThemes one per activity id; an activity's own wins over
	// its phase's, which wins over ThemeID.
	PhaseThemes    map[string]string
	ActivityThemes map[string]string
	// AudienceMap maps an activity's audience label (case-insensitively) to
	// the stored audience ids it stands for, or to [""] for everyone. A
	// label mapped to several audiences makes one communication per
	// audience. It is asked only for labels no stored audience is named
	// after, but may also widen one that is.
	AudienceMap map[string]AudienceTargets
	// DryRun answers what an import would do without writing: the dialog
	// asks it which labels need mapping, how many are already there and
	// which Schedule warnings the import would cause.
	DryRun bool
	// Review, when not nil, asks for the review of every imported
	// communication its campaign's approval does not cover.
	Review *ImportReview
	// WarnLimit and Loc are the Schedule's cap and time zone, for the
	// warnings the import causes (the server's and the command's
	// schedule.max-per-audience-week; 0 and nil are 3 and UTC).
	WarnLimit int
	Loc       *time.Location
}

// AudienceTargets are the audience ids one label maps to ("" is everyone). In
// JSON it is a list of ids or, as before several were allowed, one id.
type AudienceTargets []string

// UnmarshalJSON reads a list of ids or a single id.
func (a *AudienceTargets) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*a = AudienceTargets{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		// A type error, so the decoder names the field it is in.
		return &json.UnmarshalTypeError{Value: "an audience id or a list of them", Type: reflect.TypeFor[AudienceTargets]()}
	}
	*a = many
	return nil
}

// ImportWarnings are the Schedule warnings that name an imported
// communication once the import is done (or would, for a dry run): how many, by kind, and the first
// few in the Schedule's words.
type ImportWarnings struct {
	Total  int            `json:"total"`
	ByKind map[string]int `json:"byKind"`
	First  []string       `json:"first"`
}

// importWarningsShown is how many warnings an import names.
const importWarningsShown = 3

// ImportResult is the answer of an import: the communications created,
// how many of the chosen activities already had one (and were skipped),
// and the audience labels that matched no stored audience and were not
// in the map (their activities were not imported).
type ImportResult struct {
	Created  []domain.Communication `json:"created"`
	Skipped  int                    `json:"skipped"`
	Unmapped []string               `json:"unmapped"`
	// Warnings are the Schedule warnings the import caused, or for a dry
	// run would cause.
	Warnings ImportWarnings `json:"warnings"`
}

// ImportCampaign puts a saved campaign's activities on the Schedule, in one
// transaction. Each activity becomes a scheduled communication on its date,
// titled after it, its description as raw content, of the chosen theme;
// its audience is the stored audience of the same name (case-insensitive)
// or the map's choice; its vehicle is the first stored vehicle of the
// activity's channel type (none when there is none). An activity that
// already has a communication (same campaign and activity ids) is skipped,
// so importing twice creates nothing the second time. Activities whose
// audience label is unmapped are left out and their labels listed.
func (p *Plan) ImportCampaign(ctx context.Context, campaignID string, in CampaignImport) (ImportResult, error) {
	res := ImportResult{Created: []domain.Communication{}, Unmapped: []string{}, Warnings: noWarnings()}
	if _, err := acting(ctx); err != nil {
		return res, err
	}
	for label, ids := range in.AudienceMap {
		if audienceKey(label) == "" {
			return res, Invalid("audienceMap", "has a blank audience label")
		}
		if len(ids) == 0 {
			return res, Invalid("audienceMap."+label, "must name at least one audience, or \"\" for everyone")
		}
	}
	err := p.st.InTx(ctx, func(tx store.Store) error {
		c, err := tx.GetCampaign(ctx, campaignID)
		if err != nil {
			return err
		}
		var sched campaign.Schedule
		if err := json.Unmarshal(c.Schedule, &sched); err != nil {
			return fmt.Errorf("campaign %s: stored schedule: %w", c.ID, err)
		}
		chosen, err := chooseActivities(sched.Activities, in.ActivityIDs)
		if err != nil {
			return err
		}
		themeID, err := importTheme(ctx, tx, in.ThemeID)
		if err != nil {
			return err
		}
		themeOf, err := importThemes(ctx, tx, themeID, in)
		if err != nil {
			return err
		}
		audiences, err := audienceIndex(ctx, tx, in.AudienceMap)
		if err != nil {
			return err
		}
		vehicles, err := vehicleByType(ctx, tx)
		if err != nil {
			return err
		}
		imported, err := importedActivities(ctx, tx, []string{c.ID})
		if err != nil {
			return err
		}
		var recs []*domain.Communication
		unmapped := map[string]bool{}
		for _, a := range chosen {
			if imported[[2]string{c.ID, a.ID}] {
				res.Skipped++
				continue
			}
			audienceIDs, ok := audiences[audienceKey(a.Audience)]
			if !ok {
				if !unmapped[audienceKey(a.Audience)] {
					unmapped[audienceKey(a.Audience)] = true
					res.Unmapped = append(res.Unmapped, strings.TrimSpace(a.Audience))
				}
				continue
			}
			imported[[2]string{c.ID, a.ID}] = true
			for _, audienceID := range audienceIDs {
				recs = append(recs, &domain.Communication{
					Title: a.Title, ThemeID: themeOf(a), AudienceID: audienceID, VehicleID: vehicles[a.Channel],
					RawContent: a.Description, Status: domain.StatusScheduled, ScheduledDate: a.Date,
					SourceCampaignID: c.ID, SourceActivityID: a.ID,
					// The label stays with what it labels; the store makes the
					// communication confidential with the campaign's insiders.
					Confidentiality: a.Confidentiality, Confidential: c.Confidential,
				})
			}
		}
		for i, r := range recs {
			if err := r.Validate(); err != nil {
				return prefixed(err, fmt.Sprintf("activities[%d].", i))
			}
		}
		if len(recs) > 0 {
			if err := p.newReviews(ctx, tx, recs, in.Review, func(i int) string { return fmt.Sprintf("activities[%d].status", i) }); err != nil {
				return err
			}
		}
		if in.DryRun || len(recs) == 0 {
			for _, r := range recs {
				res.Created = append(res.Created, *r)
			}
			return nil
		}
		if err := createBatch(ctx, tx, recs); err != nil {
			return err
		}
		if err := p.createdReviews(ctx, tx, recs); err != nil {
			return err
		}
		for _, r := range recs {
			res.Created = append(res.Created, *r)
		}
		return nil
	})
	if err != nil {
		return ImportResult{Created: []domain.Communication{}, Unmapped: []string{}, Warnings: noWarnings()}, err
	}
	slices.Sort(res.Unmapped)
	if len(res.Created) > 0 {
		if res.Warnings, err = p.importWarnings(ctx, in, res.Created); err != nil {
			return res, err
		}
	}
	return res, nil
}

// dryRunID marks the i-th communication a dry run would create, so its
// warnings can be told from the Schedule's own.
func dryRunID(i int) string { return fmt.Sprintf("dry-run:%d", i) }

func noWarnings() ImportWarnings { return ImportWarnings{ByKind: map[string]int{}, First: []string{}} }

// importWarnings reads the Schedule's warnings over the imported days and
// keeps those that name an imported communication. For a dry run the
// communications are not stored: they join the Schedule's for the reading
// under stand-in ids.
func (p *Plan) importWarnings(ctx context.Context, in CampaignImport, created []domain.Communication) (ImportWarnings, error) {
	out := noWarnings()
	loc := in.Loc
	if loc == nil {
		loc = time.UTC
	}
	if in.DryRun {
		created = slices.Clone(created)
		for i := range created {
			created[i].ID = dryRunID(i)
		}
	}
	ids := map[string]bool{}
	var from, to time.Time
	for _, c := range created {
		ids[c.ID] = true
		d, err := time.ParseInLocation(time.DateOnly, c.ScheduledDate, loc)
		if err != nil {
			continue
		}
		if from.IsZero() || d.Before(from) {
			from = d
		}
		if d.After(to) {
			to = d
		}
	}
	if from.IsZero() {
		return out, nil
	}
	input, err := p.scheduleInput(ctx, in.WarnLimit, loc, from, to, true)
	if err != nil {
		return out, err
	}
	if in.DryRun {
		input.Communications = append(input.Communications, created...)
	}
	for _, w := range schedule.Warnings(input) {
		if !slices.ContainsFunc(w.CommunicationIDs, func(id string) bool { return ids[id] }) {
			continue
		}
		out.Total++
		out.ByKind[w.Kind]++
		if len(out.First) < importWarningsShown {
			out.First = append(out.First, w.Message)
		}
	}
	return out, nil
}

// ImportSummary is the import's one sentence, the dialog's toast and the
// command's last line: "Successfully added N communications to schedule",
// and "M were already in the schedule" when M > 0.
func ImportSummary(r ImportResult) string {
	s := fmt.Sprintf("Successfully added %d communications to schedule", len(r.Created))
	if r.Skipped > 0 {
		s += fmt.Sprintf("; %d were already in the schedule", r.Skipped)
	}
	if w := r.Warnings; w.Total > 0 {
		kinds := make([]string, 0, len(w.ByKind))
		for k := range w.ByKind {
			kinds = append(kinds, k)
		}
		slices.Sort(kinds)
		parts := make([]string, len(kinds))
		for i, k := range kinds {
			parts[i] = fmt.Sprintf("%d %s", w.ByKind[k], k)
		}
		s += fmt.Sprintf(". The Schedule now shows %d warnings for them (%s)", w.Total, strings.Join(parts, ", "))
	}
	return s
}

// audienceKey is how audience labels and names are compared: trimmed,
// case-insensitive.
func audienceKey(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// chooseActivities answers the activities named by ids (all when ids is
// nil), each once, in the schedule's order; an unknown id is bad input.
func chooseActivities(all []campaign.Activity, ids []string) ([]campaign.Activity, error) {
	seen := map[string]bool{}
	var out []campaign.Activity
	if ids == nil {
		for _, a := range all {
			if !seen[a.ID] {
				seen[a.ID] = true
				out = append(out, a)
			}
		}
		return out, nil
	}
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	for _, a := range all {
		if want[a.ID] && !seen[a.ID] {
			seen[a.ID] = true
			out = append(out, a)
		}
	}
	for _, id := range ids {
		if !seen[id] {
			return nil, Invalid("activityIds", fmt.Sprintf("names an activity the campaign does not have: %q", id))
		}
	}
	if len(out) == 0 {
		return nil, Invalid("activityIds", "must name at least one activity")
	}
	return out, nil
}

// importTheme answers the theme id to import under: the given one, which
// must exist, or the first theme.
func importTheme(ctx context.Context, tx store.Store, id string) (string, error) {
	if id != "" {
		if _, err := tx.GetTheme(ctx, id); err != nil {
			return "", refError(err, "themeId")
		}
		return id, nil
	}
	themes, err := tx.ListThemes(ctx)
	if err != nil {
		return "", err
	}
	if len(themes) == 0 {
		return "", &InputError{Message: MsgNoThemes, Fields: map[string]string{"themeId": "no theme exists"}}
	}
	return themes[0].ID, nil
}

// importThemes answers each activity's theme: its own (ActivityThemes),
// its phase's (PhaseThemes), or fallback. Every theme named must exist.
func importThemes(ctx context.Context, tx store.Store, fallback string, in CampaignImport) (func(campaign.Activity) string, error) {
	known := map[string]bool{fallback: true}
	for field, m := range map[string]map[string]string{"phaseThemes": in.PhaseThemes, "activityThemes": in.ActivityThemes} {
		for key, id := range m {
			if known[id] {
				continue
			}
			if _, err := tx.GetTheme(ctx, id); err != nil {
				return nil, refError(err, field+"."+key)
			}
			known[id] = true
		}
	}
	return func(a campaign.Activity) string {
		if id := in.ActivityThemes[a.ID]; id != "" {
			return id
		}
		if id := in.PhaseThemes[a.Phase]; id != "" {
			return id
		}
		return fallback
	}, nil
}

// audienceIndex maps each audience key to its audience ids: the stored
// audience of that name, unless the map chooses, whose choices must be
// stored audiences or "" (everyone), each once.
func audienceIndex(ctx context.Context, tx store.Store, mapped map[string]AudienceTargets) (map[string][]string, error) {
	list, err := tx.ListAudiences(ctx)
	if err != nil {
		return nil, err
	}
	ids := map[string]bool{}
	out := map[string][]string{}
	for _, a := range list {
		ids[a.ID] = true
		if k := audienceKey(a.Name); out[k] == nil {
			out[k] = []string{a.ID}
		}
	}
	for label, chosen := range mapped {
		var targets []string
		for _, id := range chosen {
			if id = strings.TrimSpace(id); id != "" && !ids[id] {
				return nil, &store.ReferenceError{Field: "audienceMap." + label}
			}
			if !slices.Contains(targets, id) {
				targets = append(targets, id)
			}
		}
		out[audienceKey(label)] = targets
	}
	return out, nil
}

// vehicleByType maps each vehicle type to the first stored vehicle of it.
func vehicleByType(ctx context.Context, tx store.Store) (map[string]string, error) {
	list, err := tx.ListVehicles(ctx)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, v := range list {
		if _, ok := out[v.Type]; !ok {
			out[v.Type] = v.ID
		}
	}
	return out, nil
}

// importedActivities locks the given campaigns (sorted, so two imports
// cannot deadlock) and returns the (campaign, activity) pairs already on
// the schedule: the one idempotency rule of the import and the batch. With
// no campaign it reads nothing.
func importedActivities(ctx context.Context, tx store.Store, campaignIDs []string) (map[[2]string]bool, error) {
	out := map[[2]string]bool{}
	if len(campaignIDs) == 0 {
		return out, nil
	}
	ids := slices.Compact(slices.Sorted(slices.Values(campaignIDs)))
	for _, id := range ids {
		if err := tx.LockCampaign(ctx, id); err != nil {
			return nil, err
		}
	}
	list, err := tx.ListCommunications(ctx)
	if err != nil {
		return nil, err
	}
	for _, c := range list {
		if c.SourceActivityID != "" && slices.Contains(ids, c.SourceCampaignID) {
			out[[2]string{c.SourceCampaignID, c.SourceActivityID}] = true
		}
	}
	return out, nil
}

// prefixed names a record's field errors after the item they belong to.
func prefixed(err error, prefix string) error {
	fields, ok := err.(domain.FieldErrors)
	if !ok {
		return err
	}
	out := domain.FieldErrors{}
	for k, v := range fields {
		out[prefix+k] = v
	}
	return out
}
