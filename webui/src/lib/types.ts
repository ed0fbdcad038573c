// Entity shapes as the Go API sends them (see pkg/domain). Ids are UUID
// strings, instants RFC 3339, calendar dates YYYY-MM-DD.

export interface Theme {
  id: string;
  name: string;
  description: string;
  icon: string;
  color: string;
  createdAt: string;
  questionCount: number;
  contentCount: number;
}

export interface Question {
  id: string;
  themeId: string;
  question: string;
  description: string;
  sortOrder: number | string | null;
  createdAt: string;
  contentCount: number;
}

export type ContentType = 'text' | 'image' | 'video' | 'document';

export interface Content {
  id: string;
  title: string;
  description: string;
  content: string;
  type: ContentType;
  url: string;
  vehicleType?: string;
  questionIds?: string[] | null;
  /** sourceData says where a generated piece came from, and its format. */
  sourceData?: { communicationId?: string; format?: string } | null;
  createdAt: string;
}

export interface Audience {
  id: string;
  name: string;
  description: string;
  contactCount: number | string;
  roles: string[] | null;
  orgLevels: string[] | null;
  divisions: string[] | null;
  targetingScope: string;
  departments: string[] | null;
  locations: string[] | null;
  employeeTypes: string[] | null;
  audienceType: string;
  /** greeting is whom a generated piece greets ("Worcester crew"); empty: a division's team, else the engine's greeting. */
  greeting?: string;
  includeEmployeeIds?: string[] | null;
  excludeEmployeeIds?: string[] | null;
  createdAt: string;
  /** Set while an employee directory is loaded: contactCount is then its live member count, as of this import. */
  contactCountAsOf?: string;
}

/** Employee is one entry of the employee directory (pkg/domain.Employee); without directory.read the contact details are left out. */
export interface Employee {
  id: string;
  employeeId: string;
  name: string;
  email?: string;
  phone?: string;
  division: string;
  location: string;
  department: string;
  jobTitle: string;
  level: string;
  employeeType: string;
  roleGroup: string;
  managerId: string;
  language: string;
  timezone: string;
  active: boolean;
  startDate: string;
  endDate: string;
  attributes: Record<string, string>;
  source: 'csv' | 'scim' | 'seed';
}

/** DirectoryImport is what an import did or, dry or refused, would do (plan.DirectoryImport). */
export interface DirectoryImport {
  created: number;
  updated: number;
  deactivated: number;
  unchanged: number;
  written: boolean;
  dryRun: boolean;
  columns: string[];
  mapping: Record<string, string>;
  separator: string;
  /** fields are the fields a column may map to; "-" ignores a column. */
  fields: string[];
  errors: { line: number; field: string; message: string }[];
}

export type CommunicationStatus = 'draft' | 'scheduled' | 'sent';

export interface Ref {
  id: string;
  name: string;
}

export interface Communication {
  id: string;
  title: string;
  themeId: string;
  selectedQuestions?: string[] | null;
  audienceId?: string;
  vehicleId?: string;
  rawContent?: string;
  generatedContent?: string;
  finalContentId?: string;
  status: CommunicationStatus | string;
  /** scheduledDate is '' (none), a calendar date 'YYYY-MM-DD' (all day) or an RFC 3339 UTC instant. */
  scheduledDate: string;
  /** sourceCampaignId and sourceActivityId name the campaign activity it was imported from. */
  sourceCampaignId?: string;
  sourceActivityId?: string;
  /** confidentiality is its label ("Board Confidential"), '' for none; a label makes it confidential. */
  confidentiality?: string;
  /** confidential: only its insiders (its campaign's, or its own) and admins see it (docs/security.md, "Need to know"). */
  confidential?: boolean;
  createdAt: string;
  theme?: Ref | null;
  vehicle?: (Ref & { type: string }) | null;
  audience?: Ref | null;
  /** review is its review state; older servers leave it out. */
  review?: Review;
}

/** ReviewState is a review's state, beside the status (docs/review.md). */
export type ReviewState = 'none' | 'requested' | 'approved' | 'changes_requested';

/** ReviewDecision is one approver's decision. */
export interface ReviewDecision {
  round: number;
  by: Ref;
  decision: 'approved' | 'changes_requested';
  comment: string;
  at: string;
}

/** Review is the review of a communication or saved campaign. */
export interface Review {
  state: ReviewState;
  /** approvers asked; empty means any approver. */
  approvers: Ref[];
  dueDate: string;
  decisions: ReviewDecision[];
  requestedBy?: Ref;
  requestedAt?: string;
  round?: number;
  resetAt?: string;
  /** editors changed what the approval covers in this round: none of them may approve it. */
  editors?: Ref[];
}

/** ReviewItem is one entry of GET /api/reviews. */
export interface ReviewItem {
  entity: 'communication' | 'campaign';
  id: string;
  title: string;
  review: Review;
}

/** CommunicationInput is the create and update payload of a communication. */
export interface CommunicationInput {
  title: string;
  themeId: string;
  selectedQuestions?: string[];
  audienceId?: string | null;
  vehicleId?: string | null;
  rawContent?: string;
  generatedContent?: string;
  status: CommunicationStatus;
  scheduledDate?: string | null;
  sourceCampaignId?: string;
  sourceActivityId?: string;
  /** confidentiality labels it confidential ('' clears it); left out, the stored label stays. */
  confidentiality?: string;
}

export type VehicleFormat = 'text' | 'html' | 'markdown';
export type CommunicationStrategy = 'traditional' | 'digital' | 'universal';

export interface VehicleSettings {
  template: string;
  maxLength: number;
  format: VehicleFormat | string;
}

export interface Vehicle {
  id: string;
  name: string;
  type: string;
  description: string;
  settings: VehicleSettings;
  generationalTargeting: string[] | null;
  communicationStrategy: CommunicationStrategy | string;
  preferredGenerations: string[] | null;
  generationalEffectiveness: Record<string, number> | null;
  /** communicationCount is how many communications use the vehicle (read only). */
  communicationCount: number;
  createdAt: string;
}

/** VehicleInput is the create and update payload of a vehicle. */
export type VehicleInput = Omit<Vehicle, 'id' | 'createdAt' | 'communicationCount'>;

/** Blackout is a period in which communications should not go out; no audienceIds means everyone. */
export interface Blackout {
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  audienceIds: string[];
  createdAt: string;
}

export type BlackoutInput = Omit<Blackout, 'id' | 'createdAt'>;

/** WarningCommunication is a communication a warning names (GET /api/schedule/warnings gives them; the preview does not). */
export interface WarningCommunication {
  id: string;
  title: string;
  scheduledDate: string;
}

/** ScheduleWarning is one answer of GET /api/schedule/warnings; message is the server's sentence, with dates. */
export type ScheduleWarning = (
  | {
      kind: 'overload';
      message: string;
      audienceId: string;
      audienceName: string;
      week: string;
      weekOf: string;
      count: number;
      limit: number;
      communicationIds: string[];
    }
  | { kind: 'blackout'; message: string; blackoutId: string; blackoutName: string; communicationIds: string[] }
) & { communications?: WarningCommunication[] };

/** CalendarFeed is a subscribable ICS feed; url is only in the create answer. */
export interface CalendarFeed {
  id: string;
  name: string;
  includeCampaignActivities: boolean;
  includeConfidential?: boolean;
  createdAt: string;
  url?: string;
  /** ownerId is who created the feed (a person's id, "shared", "terminal"; "" before people existed). */
  ownerId?: string;
  ownerName?: string;
}

export interface ActivityEntry {
  id: string;
  action: 'created' | 'updated' | 'deleted' | string;
  entityType: string;
  entityId: string;
  label: string;
  at: string;
  /** actorName is who made the change, as named then ("" for entries older than the audit trail). */
  actorName?: string;
}

export interface SearchHit {
  kind: 'theme' | 'question' | 'content' | 'communication';
  id: string;
  title: string;
  snippet: string;
  parentId?: string;
}

export interface JobTitle {
  jobTitle: string;
  totalEmployees: number;
  divisionsCount: number;
  divisions: string[];
  divisionBreakdown: Record<string, number>;
}

export interface ReferenceItem {
  id: string;
  label: string;
  count: number;
}

export interface Generation {
  id: string;
  label: string;
  bornFrom: number;
  bornTo: number;
  cohort: string;
}

export interface VehicleType {
  type: string;
  label: string;
  description: string;
  defaultStrategy: string;
  preferredGenerations: string[];
  defaultSettings: VehicleSettings;
  defaultEffectiveness: Record<string, number>;
}

export interface Reference {
  totalEmployees: number;
  /** review is the team's review settings. */
  review?: { required: boolean; approvals: number; allowSelfApproval: boolean };
  generations?: Generation[];
  generationalSplit?: { traditional: number; digitalNative: number; unknown: number; byGeneration?: Record<string, number> };
  vehicleTypes?: VehicleType[];
  companyName?: string;
  locations?: ReferenceItem[];
  divisions?: (ReferenceItem & { location: string; businessLine?: string })[];
  /** newsletterTemplate is the default newsletter template. */
  newsletterTemplate?: NewsletterTemplate;
  /** limits are the server's input limits, which the forms apply too. */
  limits?: Limits;
}

/** Limits are the input limits the server enforces (GET /api/reference); lengths in characters. */
export interface Limits {
  name: number;
  description: number;
  body: number;
  newsletterSubSections: number;
  checklist: ChecklistLimits;
}

/** ChecklistLimits are the readiness checklist's limits (pkg/checklist). */
export interface ChecklistLimits {
  items: number;
  title: number;
  description: number;
  team: number;
  notes: number;
  minMaxScore: number;
  maxMaxScore: number;
  defaultMaxScore: number;
}

/** NewsletterSubSection is an optional part of a newsletter section. */
export interface NewsletterSubSection {
  id: string;
  title: string;
  content: string;
}

/** NewsletterSection is one of the 15 numbered sections of the newsletter template (docs/compose.md). */
export interface NewsletterSection {
  number: number;
  title: string;
  purpose: string;
  required: boolean;
  enabled: boolean;
  content: string;
  guidelines: string;
  defaultText: string;
  subSections: NewsletterSubSection[] | null;
}

/** NewsletterTemplate is a newsletter layout: GET /api/reference's default, or the customTemplate of a generation. */
export interface NewsletterTemplate {
  title: string;
  campaignTheme: string;
  sections: NewsletterSection[];
}

/** SavedNewsletterTemplate is a named, reusable layout (/api/newsletter-templates). */
export interface SavedNewsletterTemplate {
  id: string;
  name: string;
  description: string;
  template: NewsletterTemplate;
  createdAt: string;
  updatedAt: string;
}

/** GeneratedContent is the answer of POST /api/communications/{id}/generate-content. */
export interface GeneratedContent {
  generatedContent: string;
  format: VehicleFormat | string;
  /** length is in characters (Unicode code points); maxLength 0 means no limit. */
  length: number;
  maxLength: number;
  truncated: boolean;
  /** withheld are the internal lines of the notes kept out of the piece. */
  withheld?: string[];
  /** segments is the SMS segment count of a text SMS. */
  segments?: number;
}

/** DashboardStats are the four summary cards' figures. */
export interface DashboardStats {
  activeThemes: number;
  themesTrend: number | null;
  scheduled: number;
  scheduledTrend: number | null;
  dueThisWeek: number;
  contacts: number;
  contactsTrend: number | null;
  contentPieces: number;
  contentTrend: number | null;
}

/** DashboardSummary is GET /api/dashboard: the cards' figures (as DashboardStats), the next communications and the recent activity. */
export interface DashboardSummary extends DashboardStats {
  /** sentThisWeek counts the messages delivered since Sunday (docs/delivery.md). */
  sentThisWeek?: number;
  upcoming: Communication[];
  activity: ActivityEntry[];
}
