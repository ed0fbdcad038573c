import { describe, expect, it } from 'vitest';
import { mapOverrides, mappingKey, rememberedMapping, rememberMapping, type MappingStore } from './directoryMapping';

function memory(): MappingStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}

describe('directory mapping', () => {
  const columns = ['Emp No', 'Full Name', 'Dept', 'Notes'];
  const suggested = { 'Full Name': 'name', Dept: 'department' };

  it('starts from the suggestion and remembers what was used for the same layout', () => {
    const store = memory();
    expect(rememberedMapping(columns, suggested, store)).toEqual(suggested);
    rememberMapping(columns, { 'Emp No': 'employeeId', 'Full Name': 'name', Notes: '-' }, store);
    expect(rememberedMapping(columns, suggested, store)).toEqual({ 'Emp No': 'employeeId', 'Full Name': 'name', Notes: '-' });
    // Another layout is another mapping.
    expect(rememberedMapping(['Full Name'], suggested, store)).toEqual({ 'Full Name': 'name' });
    expect(mappingKey(columns)).not.toEqual(mappingKey([...columns].reverse()));
  });

  it('survives a damaged store', () => {
    const store = memory();
    store.setItem(mappingKey(columns), '{not json');
    expect(rememberedMapping(columns, suggested, store)).toEqual(suggested);
  });

  it('sends only what differs from the suggestion', () => {
    expect(mapOverrides(columns, { 'Emp No': 'employeeId', 'Full Name': 'name', Dept: '' }, suggested)).toEqual({ 'Emp No': 'employeeId', Dept: '-' });
    expect(mapOverrides(columns, suggested, suggested)).toEqual({});
  });
});
