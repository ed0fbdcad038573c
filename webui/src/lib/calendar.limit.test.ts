import { describe, expect, it } from 'vitest';
import { campaignColors, campaignMilestones, CAMPAIGN_COLORS, isDayMore, limitDays, withoutCampaignName, type CalendarEvent } from './calendar';

const ev = (id: string, day: string, hour?: number): CalendarEvent<string> => {
  const start = hour === undefined ? new Date(`${day}T00:00:00`) : new Date(`${day}T${String(hour).padStart(2, '0')}:00:00`);
  return { id, title: id, start, end: start, allDay: hour === undefined, resource: id };
};

describe('limitDays', () => {
  it('keeps a day that fits whole', () => {
    const list = [ev('a', '2031-03-03'), ev('b', '2031-03-03'), ev('c', '2031-03-03')];
    expect(limitDays(list, 3)).toEqual(list);
  });
  it('keeps rows - 1 of a full day, all-day first, and puts the rest in "+N more" last', () => {
    const list = [ev('late', '2031-03-03', 15), ev('a', '2031-03-03'), ev('early', '2031-03-03', 9), ev('b', '2031-03-03'), ev('other', '2031-03-04')];
    const out = limitDays(list, 3);
    const day = out.filter((e) => e.id !== 'other');
    expect(day.map((e) => e.id)).toEqual(['a', 'b', 'more:2031-03-03']);
    const more = day[2];
    expect(more.title).toBe('+2 more');
    expect(isDayMore(more.resource) && more.resource.items).toEqual(['early', 'late']);
    expect(more.start.getDate()).toBe(3);
    expect(more.allDay).toBe(false);
    expect(out.some((e) => e.id === 'other')).toBe(true);
  });
});

describe('campaign marks', () => {
  it('gives campaigns their colours in order, and again after the palette', () => {
    const ids = Array.from({ length: CAMPAIGN_COLORS.length + 1 }, (_, i) => `c${i}`);
    const m = campaignColors(ids);
    expect(m.get('c0')).toBe(CAMPAIGN_COLORS[0]);
    expect(m.get('c1')).not.toBe(m.get('c0'));
    expect(m.get(`c${CAMPAIGN_COLORS.length}`)).toBe(CAMPAIGN_COLORS[0]);
  });
  it("drops the campaign's name in front of a title", () => {
    expect(withoutCampaignName('ERP Go-Live Newsletter for Employees, Issue 2', 'ERP Go-Live')).toBe('Newsletter for Employees, Issue 2');
    expect(withoutCampaignName('erp go-live - Kick-off', 'ERP Go-Live')).toBe('Kick-off');
    expect(withoutCampaignName('ERP Go-Live', 'ERP Go-Live')).toBe('ERP Go-Live');
    expect(withoutCampaignName('Town hall', 'ERP Go-Live')).toBe('Town hall');
    expect(withoutCampaignName('Town hall', undefined)).toBe('Town hall');
  });
  it("lists a plan's milestones by day", () => {
    expect(campaignMilestones({ id: 'c', title: 'ERP', schedule: { milestones: { goLive: '2031-09-15', announcement: '' } } })).toEqual([
      { day: '2031-09-15', label: 'Go-live', campaignId: 'c', campaign: 'ERP' },
    ]);
    expect(campaignMilestones({ id: 'c', title: 'ERP', schedule: {} })).toEqual([]);
  });
});
