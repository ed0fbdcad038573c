// The import dialog's column mapping: remembered per file layout (the same
// columns in the same order), and sent as overrides of the server's
// suggestion only.

/** MappingStore is where mappings are remembered (window.localStorage). */
export interface MappingStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** mappingKey names a file layout: its columns, in order. */
export function mappingKey(columns: string[]): string {
  return `commsplan.directory-mapping:${JSON.stringify(columns)}`;
}

/** rememberedMapping is the mapping last used for these columns, else the suggestion; a remembered entry for a column the file lacks is dropped. */
export function rememberedMapping(columns: string[], suggested: Record<string, string>, store: MappingStore): Record<string, string> {
  let saved: Record<string, string>;
  try {
    saved = JSON.parse(store.getItem(mappingKey(columns)) ?? '{}') ?? {};
  } catch {
    saved = {};
  }
  const out: Record<string, string> = {};
  for (const c of columns) {
    const v = Object.hasOwn(saved, c) ? saved[c] : suggested[c];
    if (v) out[c] = v;
  }
  return out;
}

/** rememberMapping keeps the mapping used for these columns. */
export function rememberMapping(columns: string[], mapping: Record<string, string>, store: MappingStore): void {
  const kept: Record<string, string> = {};
  for (const c of columns) kept[c] = mapping[c] ?? '';
  store.setItem(mappingKey(columns), JSON.stringify(kept));
}

/** ATTRIBUTE is the dialog's choice for a column kept in the entry's attributes (no field). */
export const ATTRIBUTE = '';

/**
 * mapOverrides is what the import sends as map=COLUMN=FIELD: every column
 * whose choice differs from the server's suggestion. A column the server
 * mapped that the user set to "attribute" cannot be said with map (the
 * server has no such target), so it is ignored ("-") instead.
 */
export function mapOverrides(columns: string[], chosen: Record<string, string>, suggested: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of columns) {
    const want = chosen[c] ?? ATTRIBUTE;
    const had = suggested[c] ?? ATTRIBUTE;
    if (want === had) continue;
    out[c] = want === ATTRIBUTE ? '-' : want;
  }
  return out;
}
