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
  createdAt: string;
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
  status: CommunicationStatus | string;
  scheduledDate: string;
  createdAt: string;
  theme?: Ref | null;
  vehicle?: (Ref & { type: string }) | null;
  audience?: Ref | null;
}

export interface ActivityEntry {
  id: string;
  action: 'created' | 'updated' | 'deleted' | string;
  entityType: string;
  entityId: string;
  label: string;
  at: string;
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

export interface Reference {
  totalEmployees: number;
  companyName?: string;
  locations?: ReferenceItem[];
  divisions?: (ReferenceItem & { location: string; businessLine?: string })[];
}
