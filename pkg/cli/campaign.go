package cli

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"gopkg.in/yaml.v3"

	"github.com/commsplan/commsplan/pkg/campaign"
	"github.com/commsplan/commsplan/pkg/domain"
	"github.com/commsplan/commsplan/pkg/plan"
	"github.com/commsplan/commsplan/pkg/store"
)

func newCampaignCmd(f *Factory) *cobra.Command {
	return newGroupCmd("campaign", "Generate, save and export phased campaign schedules",
		`Generate phased campaign schedules with the same generator the Campaign
Scheduler uses, save them to the campaign inventory, and list, show and
export saved campaigns.`,
		newCampaignGenerateCmd(f, nil), newCampaignListCmd(f, nil), newCampaignShowCmd(f, nil), newCampaignExportCmd(f, nil),
		newCampaignImportCmd(f, nil), newCampaignCheckCmd(f, nil))
}

// CampaignGenerateOptions are the inputs of "campaign generate".
type CampaignGenerateOptions struct {
	// File is a JSON or YAML scheduler configuration; "-" is stdin.
	File string
	// Overrides holds the values of the configuration flags that were set;
	// each replaces the file's value.
	Overrides   campaign.Config
	Changed     map[string]bool
	Output      string
	OutFile     string
	Save        bool
	Replace     bool
	Title       string
	Description string
	// Day rules: --weekends, --holiday, --holidays, --holiday-calendar,
	// --max-per-audience-week.
	Weekends        bool
	Holidays        []string
	HolidaysFile    string
	HolidayCalendar string
	MaxPerWeek      int
}

// configFlags maps each configuration flag to the field it sets; key is
// the field's name in a configuration file, when a validation message may
// name it.
var configFlags = []struct {
	name, usage string
	list        bool
	field       func(*campaign.Config) any
	key         string
}{
	{"name", "campaign name", false, func(c *campaign.Config) any { return &c.CampaignName }, "campaignName"},
	{"start", "start date, YYYY-MM-DD", false, func(c *campaign.Config) any { return &c.StartDate }, "startDate"},
	{"end", "end date, YYYY-MM-DD", false, func(c *campaign.Config) any { return &c.EndDate }, "endDate"},
	{"type", "campaign type (repeatable): " + strings.Join(campaignTypeIDs(), ", "), true, func(c *campaign.Config) any { return &c.CampaignTypes }, "campaignTypes"},
	{"urgency", "urgency: low, medium or high (default medium)", false, func(c *campaign.Config) any { return &c.Urgency }, ""},
	{"go-live", "technology go-live date, YYYY-MM-DD", false, func(c *campaign.Config) any { return &c.GoLiveDate }, ""},
	{"acquisition", "acquisition date, YYYY-MM-DD", false, func(c *campaign.Config) any { return &c.AcquisitionDate }, ""},
	{"audience-mode", "general or organizational (default general)", false, func(c *campaign.Config) any { return &c.AudienceMode }, ""},
	{"audience-type", "direct-affected, indirect-divisions, internal, external or mixed", false, func(c *campaign.Config) any { return &c.AudienceType }, ""},
	{"audience", "audience group (repeatable), general mode", true, func(c *campaign.Config) any { return &c.Audiences }, ""},
	{"maturity", "M&A maturity phase (repeatable)", true, func(c *campaign.Config) any { return &c.MaturityPhases }, ""},
	{"pre-acquisition", "pre-acquisition phase (repeatable)", true, func(c *campaign.Config) any { return &c.PreAcquisitionPhases }, ""},
	{"location", "location id (repeatable), organizational mode", true, func(c *campaign.Config) any { return &c.Locations }, ""},
	{"division", "division id (repeatable), organizational mode", true, func(c *campaign.Config) any { return &c.Divisions }, ""},
	{"level", "organizational level id (repeatable), organizational mode", true, func(c *campaign.Config) any { return &c.OrgLevels }, ""},
	{"role", "role category id (repeatable), organizational mode", true, func(c *campaign.Config) any { return &c.RoleCategories }, ""},
}

// campaignTypeIDs are the catalogue's campaign types, in its order.
func campaignTypeIDs() []string {
	var ids []string
	for _, t := range campaign.Reference().CampaignTypes {
		ids = append(ids, t.ID)
	}
	return ids
}

func newCampaignGenerateCmd(f *Factory, runF func(*CampaignGenerateOptions) error) *cobra.Command {
	opts := &CampaignGenerateOptions{}
	cmd := &cobra.Command{
		Use:   "generate",
		Short: "Generate a campaign schedule",
		Long: `Generate a phased campaign schedule from a scheduler configuration: a JSON
or YAML file with the API's field names (campaignName, startDate, endDate,
campaignTypes, urgency, goLiveDate, acquisitionDate, maturityPhases,
preAcquisitionPhases, audienceMode, audiences, locations, divisions,
orgLevels, roleCategories ...), flags, or both; a flag wins over the file.

Bad input exits with code 2 and the scheduler's validation message. A
technology implementation ends 90 days after its go-live date (spec 02); when
that moves the end date asked for, a warning says so on stderr.

With --save the schedule goes to the campaign inventory and the new
campaign's id is printed (with -o json, the saved campaign). A title that is
already saved is refused unless --replace is given, which updates that
campaign instead.`,
		Example: `  commsplan campaign generate --name "ERP Go-Live" --start 2025-06-02 --end 2025-10-31 \
      --type technology-implementation --go-live 2025-09-15
  commsplan campaign generate --file lighthouse.yaml --output html --out lighthouse.html
  commsplan campaign generate -f wave1.json --urgency high --save --title "Wave 1" --replace`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Changed = map[string]bool{}
			for _, fl := range configFlags {
				opts.Changed[fl.name] = cmd.Flags().Changed(fl.name)
			}
			for _, name := range []string{"weekends", "holiday-calendar", "max-per-audience-week"} {
				opts.Changed[name] = cmd.Flags().Changed(name)
			}
			if !cmd.Flags().Changed("output") && opts.Save {
				opts.Output = ""
			}
			if runF != nil {
				return runF(opts)
			}
			return campaignGenerateRun(cmd, f, opts)
		},
	}
	fl := cmd.Flags()
	fl.StringVarP(&opts.File, "file", "f", "", "scheduler configuration file (JSON or YAML; - reads stdin)")
	for _, c := range configFlags {
		switch p := c.field(&opts.Overrides).(type) {
		case *string:
			fl.StringVar(p, c.name, "", c.usage)
		case *[]string:
			fl.StringSliceVar(p, c.name, nil, c.usage)
		}
	}
	addOutputFlag(cmd, &opts.Output, "table", campaignGenerateFormats...)
	fl.StringVar(&opts.OutFile, "out", "", "write the output to this file instead of stdout")
	fl.BoolVar(&opts.Save, "save", false, "save the schedule to the campaign inventory and print its id")
	fl.BoolVar(&opts.Replace, "replace", false, "with --save: update the saved campaign of the same title instead of refusing")
	fl.StringVar(&opts.Title, "title", "", "title of the saved campaign (default: the campaign name)")
	fl.StringVar(&opts.Description, "description", "", "description of the saved campaign")
	fl.BoolVar(&opts.Weekends, "weekends", false, "allow activities on Saturdays and Sundays (default: business days only)")
	fl.StringSliceVar(&opts.Holidays, "holiday", nil, "a date (YYYY-MM-DD) no activity may fall on (repeatable)")
	fl.StringVar(&opts.HolidaysFile, "holidays", "", "file of holidays: one YYYY-MM-DD per line, or an iCalendar (.ics) file")
	fl.StringVar(&opts.HolidayCalendar, "holiday-calendar", "", "country code (us, gb, de ...) whose public holidays are avoided, or none (default: the campaign.holiday-calendar setting)")
	fl.IntVar(&opts.MaxPerWeek, "max-per-audience-week", 0, "most activities one audience gets in one ISO week (default: the schedule.max-per-audience-week setting, 3)")
	_ = cmd.RegisterFlagCompletionFunc("urgency", cobra.FixedCompletions([]string{"low", "medium", "high"}, cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("type", func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		var ids []string
		for _, t := range campaign.Reference().CampaignTypes {
			ids = append(ids, t.ID)
		}
		return ids, cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// campaignGenerateFormats are the formats of "campaign generate".
var campaignGenerateFormats = []string{"table", "json", "html"}

// loadCampaignConfig reads a configuration file. A ".json" file is JSON,
// ".yaml" or ".yml" YAML; otherwise a leading "{" means JSON. Unknown
// fields are refused, so a misspelt field does not vanish quietly.
func loadCampaignConfig(path string, stdin io.Reader) (campaign.Config, error) {
	var (
		cfg campaign.Config
		raw []byte
		err error
	)
	if path == "-" {
		raw, err = io.ReadAll(stdin)
	} else {
		raw, err = os.ReadFile(path)
	}
	if err != nil {
		return cfg, err
	}
	ext := strings.ToLower(filepath.Ext(path))
	isJSON := ext == ".json" || (ext != ".yaml" && ext != ".yml" && bytes.HasPrefix(bytes.TrimSpace(raw), []byte("{")))
	if isJSON {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&cfg); err != nil {
			return cfg, fmt.Errorf("%s: %w", path, err)
		}
		return cfg, nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(raw))
	dec.KnownFields(true)
	if err := dec.Decode(&cfg); err != nil && !errors.Is(err, io.EOF) {
		return cfg, fmt.Errorf("%s: %w", path, err)
	}
	return cfg, nil
}

// config merges the file and the flags that were set.
func (o *CampaignGenerateOptions) config(stdin io.Reader) (campaign.Config, error) {
	var cfg campaign.Config
	if o.File != "" {
		var err error
		if cfg, err = loadCampaignConfig(o.File, stdin); err != nil {
			return cfg, err
		}
	}
	for _, fl := range configFlags {
		if !o.Changed[fl.name] {
			continue
		}
		switch dst := fl.field(&cfg).(type) {
		case *string:
			*dst = *fl.field(&o.Overrides).(*string)
		case *[]string:
			*dst = *fl.field(&o.Overrides).(*[]string)
		}
	}
	return cfg, nil
}

func campaignGenerateRun(cmd *cobra.Command, f *Factory, opts *CampaignGenerateOptions) error {
	if opts.Output != "" {
		if err := checkOutput(opts.Output, campaignGenerateFormats...); err != nil {
			return err
		}
	}
	if opts.Replace && !opts.Save {
		return UsageError("--replace needs --save")
	}
	cfg, err := opts.config(f.In)
	if err != nil {
		return UsageError("%s", oneLine(err.Error()))
	}
	if opts.Changed["weekends"] {
		cfg.BusinessDaysOnly = new(!opts.Weekends)
	}
	if opts.Changed["holiday-calendar"] {
		cfg.HolidayCalendar = opts.HolidayCalendar
	}
	if opts.Changed["max-per-audience-week"] {
		if opts.MaxPerWeek < 1 {
			return UsageError("--max-per-audience-week must be a whole number of 1 or more, not %d", opts.MaxPerWeek)
		}
		cfg.MaxPerAudienceWeek = new(opts.MaxPerWeek)
	}
	cfg.Holidays = append(cfg.Holidays, opts.Holidays...)
	if opts.HolidaysFile != "" {
		days, warning, err := readHolidays(opts.HolidaysFile)
		if err != nil {
			return err
		}
		if warning != "" {
			fmt.Fprintf(f.Err, "Warning: %s\n", warning)
		}
		cfg.Holidays = append(cfg.Holidays, days...)
	}
	st, err := generationStore(cmd.Context(), f)
	if err != nil {
		return err
	}
	if st != nil {
		defer st.Close()
	}
	sched, err := f.Plan(st).GenerateCampaign(cmd.Context(), cfg,
		plan.CampaignDefaults{MaxPerAudienceWeek: f.Config.MaxPerAudienceWeek, HolidayCalendar: f.Config.HolidayCalendar})
	var ve *campaign.ValidationError
	var bad *plan.InputError
	switch {
	case errors.As(err, &ve):
		return UsageError("%s", campaignMessage(ve))
	case errors.As(err, &bad):
		return UsageError("%s", fieldProblems(bad.Fields, configFlagName))
	case err != nil:
		return err
	}
	if end := strings.TrimSpace(cfg.EndDate); sched.EndDate != end {
		fmt.Fprintf(f.Err, "Warning: the end date is %s, not %s: a technology implementation ends 90 days after its go-live date (%s)\n",
			sched.EndDate, end, strings.TrimSpace(cfg.GoLiveDate))
	}
	for _, w := range sched.Warnings {
		fmt.Fprintf(f.Err, "Warning: %s\n", w)
	}
	html, err := campaign.RenderHTML(sched)
	if err != nil {
		return err
	}

	var out bytes.Buffer
	switch opts.Output {
	case "json":
		if err := writeIndentedJSON(&out, sched); err != nil {
			return err
		}
	case "html":
		out.WriteString(html)
	case "table":
		writeScheduleTable(&out, sched)
	}
	if !opts.Save {
		return emit(f, opts.OutFile, out.Bytes())
	}

	title := strings.TrimSpace(opts.Title)
	if !cmd.Flags().Changed("title") {
		title = sched.CampaignName
	}
	if title == "" {
		return UsageError("Please enter a title for the campaign.")
	}
	saved, err := saveCampaign(cmd, f, cfg, sched, title, opts)
	if err != nil {
		return err
	}
	if opts.Output == "json" {
		// The saved record, as "campaign show -o json" prints it.
		out.Reset()
		if err := writeIndentedJSON(&out, saved); err != nil {
			return err
		}
		if opts.OutFile == "" {
			return emit(f, "", out.Bytes())
		}
	}
	if opts.OutFile != "" && opts.Output != "" {
		if err := os.WriteFile(opts.OutFile, out.Bytes(), 0o644); err != nil {
			return err
		}
	}
	_, err = fmt.Fprintln(f.Out, saved.ID)
	return err
}

// campaignMessage is the scheduler's message, and for "Please fill in all
// required fields" the flags (or file fields) that are missing.
func campaignMessage(ve *campaign.ValidationError) string {
	if ve.Message != campaign.MsgRequired || len(ve.Fields) == 0 {
		return ve.Message
	}
	var missing []string
	for _, fl := range configFlags {
		if _, ok := ve.Fields[fl.key]; ok && fl.key != "" {
			missing = append(missing, fmt.Sprintf("--%s (%s)", fl.name, fl.key))
		}
	}
	return ve.Message + ": missing " + strings.Join(missing, ", ")
}

// configFlagName names a configuration key with its flag: "--name
// (campaignName)".
func configFlagName(key string) string {
	for _, fl := range configFlags {
		if fl.key == key {
			return fmt.Sprintf("--%s (%s)", fl.name, key)
		}
	}
	return key
}

// saveCampaign stores the schedule in the inventory the way the scheduler's
// save form does (plan.SaveCampaignByTitle) and returns the saved record. A
// title that is already saved is refused, unless opts.Replace updates that
// campaign.
func saveCampaign(cmd *cobra.Command, f *Factory, cfg campaign.Config, s *campaign.Schedule, title string,
	opts *CampaignGenerateOptions) (domain.Campaign, error) {
	ctx := cmd.Context()
	sched, err := json.Marshal(s)
	if err != nil {
		return domain.Campaign{}, err
	}
	filters, geo := campaign.Filters(cfg, s)
	audience, err := json.Marshal(filters)
	if err != nil {
		return domain.Campaign{}, err
	}
	raw := json.RawMessage(sched)
	aud := json.RawMessage(audience)
	ch := plan.CampaignChange{Title: &title, Description: &opts.Description, Schedule: &raw,
		AudienceFilters: &aud, GeographicFilters: &geo}
	st, err := f.OpenStore(ctx)
	if err != nil {
		return domain.Campaign{}, err
	}
	defer st.Close()
	c, err := f.Plan(st).SaveCampaignByTitle(ctx, ch, opts.Replace)
	var taken *plan.TitleTaken
	switch {
	case errors.As(err, &taken) && taken.Replace:
		return c, UsageError("%d campaigns are titled %q; --replace needs exactly one (delete the others in the inventory)", len(taken.IDs), title)
	case errors.As(err, &taken):
		return c, UsageError("a campaign titled %q is already saved (id %s); pass --replace to update it, or choose another --title",
			title, taken.IDs[0])
	}
	return c, exitError(err, nil)
}

// emit writes b to the file, or to stdout when file is empty.
func emit(f *Factory, file string, b []byte) error {
	if file == "" {
		_, err := f.Out.Write(b)
		return err
	}
	return os.WriteFile(file, b, 0o644)
}

// emitTo streams what write writes to the file, or to the output when file
// is empty. A failed write leaves no file behind.
func emitTo(f *Factory, file string, write func(io.Writer) error) error {
	if file == "" {
		return write(f.Out)
	}
	out, err := os.Create(file)
	if err != nil {
		return err
	}
	if err = write(out); err == nil {
		err = out.Close()
	} else {
		_ = out.Close()
	}
	if err != nil {
		_ = os.Remove(file)
	}
	return err
}

// writeScheduleTable prints a schedule for people: its header, the
// timeline, and one line per activity.
func writeScheduleTable(w io.Writer, s *campaign.Schedule) {
	tw := newTable(w, "")
	fmt.Fprintf(tw, "Campaign:\t%s\n", s.CampaignName)
	fmt.Fprintf(tw, "Type:\t%s\n", s.Type)
	fmt.Fprintf(tw, "Period:\t%s to %s\n", s.StartDate, s.EndDate)
	fmt.Fprintf(tw, "Status:\t%s\n", s.Status)
	fmt.Fprintf(tw, "Activities:\t%d\n", s.TotalActivities)
	if s.Targeting != nil {
		fmt.Fprintf(tw, "Target:\t%s\n", s.Targeting.EmployeeTarget)
	}
	if s.ConfidentialityNote != "" {
		fmt.Fprintf(tw, "Note:\t%s\n", s.ConfidentialityNote)
	}
	tw.Flush()
	if s.Summary != "" {
		fmt.Fprintf(w, "\n%s\n", s.Summary)
	}
	fmt.Fprintln(w)
	tw = newTable(w, "PHASE\tTIMING\tACTIVITIES")
	for _, t := range s.Timeline {
		fmt.Fprintf(tw, "%s\t%s\t%d\n", t.Phase, t.Timing, t.Activities)
	}
	tw.Flush()
	fmt.Fprintln(w)
	tw = newTable(w, "DATE\tPHASE\tPRIORITY\tCHANNEL\tAUDIENCE\tTITLE")
	for _, a := range s.Activities {
		title := a.Title
		if a.Confidentiality != "" {
			title += " [" + a.Confidentiality + "]"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", a.Date, a.Phase, a.Priority, campaign.ChannelLabel(a.Channel), a.Audience, oneLine(title))
	}
	tw.Flush()
}

// CampaignListOptions are the inputs of "campaign list".
type CampaignListOptions struct {
	Output string
	// Full keeps each campaign's schedule and HTML in the JSON output.
	Full bool
}

// campaignListFormats are the formats of "campaign list".
var campaignListFormats = []string{"table", "json", "csv"}

func newCampaignListCmd(f *Factory, runF func(*CampaignListOptions) error) *cobra.Command {
	opts := &CampaignListOptions{}
	cmd := &cobra.Command{
		Use:   "list",
		Short: "List saved campaigns",
		Long: `List the saved campaigns, newest first, as the inventory shows them. The JSON
output has each campaign's fields without its htmlContent and schedule, but
with totalActivities; --full keeps them. A data dir without a database is
bad input (exit code 2) and nothing is created.`,
		Example: `  commsplan campaign list
  commsplan campaign list --output csv > campaigns.csv
  commsplan campaign list --output json --full --db postgres://commsplan@db/commsplan`,
		Args: cobra.NoArgs,
		RunE: runE(opts, nil, runF, func(cmd *cobra.Command) error { return campaignListRun(cmd, f, opts) }),
	}
	addOutputFlag(cmd, &opts.Output, "table", campaignListFormats...)
	cmd.Flags().BoolVar(&opts.Full, "full", false, "JSON: keep each campaign's htmlContent and full schedule")
	return cmd
}

// campaignSummary is a campaign in "campaign list -o json": its record
// without the HTML and the schedule (the empty shadowing fields win over the
// embedded ones and are left out), plus the schedule's activity count.
type campaignSummary struct {
	domain.Campaign
	Schedule        json.RawMessage `json:"schedule,omitempty"`
	HTMLContent     string          `json:"htmlContent,omitempty"`
	TotalActivities int             `json:"totalActivities"`
}

func summarize(c domain.Campaign) campaignSummary {
	return campaignSummary{Campaign: c, TotalActivities: totalActivities(c)}
}

// totalActivities reads the activity count of a saved schedule.
func totalActivities(c domain.Campaign) int {
	var s struct {
		TotalActivities int `json:"totalActivities"`
	}
	_ = json.Unmarshal(c.Schedule, &s)
	return s.TotalActivities
}

func campaignListRun(cmd *cobra.Command, f *Factory, opts *CampaignListOptions) error {
	if err := checkOutput(opts.Output, campaignListFormats...); err != nil {
		return err
	}
	if opts.Full && opts.Output != "json" {
		return UsageError("--full needs --output json")
	}
	list, err := readStored(cmd.Context(), f, store.Store.ListCampaigns)
	if err != nil {
		return err
	}
	switch opts.Output {
	case "json":
		if opts.Full {
			return writeIndentedJSON(f.Out, list)
		}
		out := make([]campaignSummary, len(list))
		for i, c := range list {
			out[i] = summarize(c)
		}
		return writeIndentedJSON(f.Out, out)
	case "csv":
		cw := csv.NewWriter(f.Out)
		_ = cw.Write([]string{"id", "title", "description", "created", "updated", "activities", "people", "locations"})
		for _, c := range list {
			_ = cw.Write([]string{c.ID, c.Title, c.Description, c.CreatedAt.UTC().Format(time.RFC3339), c.UpdatedAt.UTC().Format(time.RFC3339),
				strconv.Itoa(totalActivities(c)), peopleCount(c), strings.Join(c.GeographicFilters, "; ")})
		}
		cw.Flush()
		return cw.Error()
	}
	if len(list) == 0 {
		fmt.Fprintln(f.Out, "No campaigns saved yet")
		return nil
	}
	tw := newTable(f.Out, "ID\tTITLE\tCREATED\tACTIVITIES\tPEOPLE\tLOCATIONS")
	for _, c := range list {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%d\n", c.ID, oneLine(c.Title), c.CreatedAt.UTC().Format("2006-01-02"),
			totalActivities(c), peopleCount(c), len(c.GeographicFilters))
	}
	return tw.Flush()
}

// peopleCount is the inventory's people column: the saved target count, or
// Unknown.
func peopleCount(c domain.Campaign) string {
	var f campaign.AudienceFilters
	if err := json.Unmarshal(c.AudienceFilters, &f); err != nil || f.TargetCount == nil {
		return "Unknown"
	}
	return strconv.Itoa(int(*f.TargetCount))
}

// CampaignShowOptions are the inputs of "campaign show".
type CampaignShowOptions struct {
	ID     string
	Output string
}

func newCampaignShowCmd(f *Factory, runF func(*CampaignShowOptions) error) *cobra.Command {
	opts := &CampaignShowOptions{}
	cmd := &cobra.Command{
		Use:   "show ID",
		Short: "Show a saved campaign",
		Example: `  commsplan campaign show 0b9e1c64-...
  commsplan campaign show 0b9e1c64-... --output json`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeCampaignIDs(f),
		RunE:              runE(opts, &opts.ID, runF, func(cmd *cobra.Command) error { return campaignShowRun(cmd, f, opts) }),
	}
	addOutputFlag(cmd, &opts.Output, "table", "table", "json")
	return cmd
}

func campaignShowRun(cmd *cobra.Command, f *Factory, opts *CampaignShowOptions) error {
	if err := checkOutput(opts.Output, "table", "json"); err != nil {
		return err
	}
	c, err := readCampaign(cmd.Context(), f, opts.ID)
	if err != nil {
		return err
	}
	if opts.Output == "json" {
		return writeIndentedJSON(f.Out, c)
	}
	tw := newTable(f.Out, "")
	fmt.Fprintf(tw, "ID:\t%s\n", c.ID)
	fmt.Fprintf(tw, "Title:\t%s\n", oneLine(c.Title))
	desc := oneLine(c.Description)
	if desc == "" {
		desc = "No description provided"
	}
	fmt.Fprintf(tw, "Description:\t%s\n", desc)
	fmt.Fprintf(tw, "Created:\t%s\n", c.CreatedAt.UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(tw, "Updated:\t%s\n", c.UpdatedAt.UTC().Format("2006-01-02 15:04 MST"))
	fmt.Fprintf(tw, "People:\t%s\n", peopleCount(c))
	fmt.Fprintf(tw, "Locations:\t%s\n", strings.Join(c.GeographicFilters, ", "))
	tw.Flush()
	var s campaign.Schedule
	if err := json.Unmarshal(c.Schedule, &s); err != nil {
		return fmt.Errorf("campaign %s: stored schedule: %w", c.ID, err)
	}
	fmt.Fprintln(f.Out)
	writeScheduleTable(f.Out, &s)
	return nil
}

// readCampaign reads the saved campaign id; an unknown id is bad input.
func readCampaign(ctx context.Context, f *Factory, id string) (domain.Campaign, error) {
	return readStored(ctx, f, func(st store.Store, ctx context.Context) (domain.Campaign, error) {
		c, err := st.GetCampaign(ctx, id)
		return c, notFound(err, "campaign", id)
	})
}

// CampaignExportOptions are the inputs of "campaign export".
type CampaignExportOptions struct {
	ID      string
	Output  string
	OutFile string
}

func newCampaignExportCmd(f *Factory, runF func(*CampaignExportOptions) error) *cobra.Command {
	opts := &CampaignExportOptions{}
	cmd := &cobra.Command{
		Use:   "export ID",
		Short: "Export a saved campaign as HTML, JSON, CSV or iCalendar",
		Long: `Export a saved campaign: html is the saved HTML document, json its schedule,
csv one row per activity, ics one all-day calendar event per activity (for
Outlook, Google Calendar or any RFC 5545 client).`,
		Example: `  commsplan campaign export 0b9e1c64-... --output ics --out wave1.ics
  commsplan campaign export 0b9e1c64-... --output csv > wave1.csv`,
		Args:              cobra.ExactArgs(1),
		ValidArgsFunction: completeCampaignIDs(f),
		RunE:              runE(opts, &opts.ID, runF, func(cmd *cobra.Command) error { return campaignExportRun(cmd, f, opts) }),
	}
	addOutputFlag(cmd, &opts.Output, "html", campaign.ExportFormats...)
	cmd.Flags().StringVar(&opts.OutFile, "out", "", "write the export to this file instead of stdout")
	return cmd
}

func campaignExportRun(cmd *cobra.Command, f *Factory, opts *CampaignExportOptions) error {
	format := strings.ToLower(opts.Output)
	if err := checkOutput(format, campaign.ExportFormats...); err != nil {
		return err
	}
	c, err := readCampaign(cmd.Context(), f, opts.ID)
	if err != nil {
		return err
	}
	e, err := campaign.ExportCampaign(c, format)
	if err != nil {
		return err
	}
	body := e.Body
	if format == "json" {
		// The stored document is compact; print it in the one JSON layout.
		var b bytes.Buffer
		if err := json.Indent(&b, body, "", jsonIndent); err != nil {
			return err
		}
		body = append(b.Bytes(), '\n')
	}
	return emit(f, opts.OutFile, body)
}

// generationStore opens the database so generation avoids its saved
// blackouts; without a database (no SQLite file yet) it returns nil and
// generation goes on without them.
func generationStore(ctx context.Context, f *Factory) (store.Store, error) {
	st, err := f.OpenExistingStore(ctx)
	var ee *ExitError
	if errors.As(err, &ee) && ee.Code == codeUsage {
		return nil, nil
	}
	return st, err
}
