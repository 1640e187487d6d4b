import { describe, expect, it } from 'vitest';
import { apiQuery, filterChips, searchFromState, stateFromSearch, EMPTY_FILTERS } from './filters';

describe('feed state and the URL', () => {
  it('reads the spec parameters; search fills the title; jobType wins over type; all means none', () => {
    const state = stateFromSearch(
      '?search=React&type=Full%20Time&jobType=Contract&location=All%20Europe&experienceLevel=Senior&industry=all&isRemote=TRUE',
    );
    expect(state.filters).toEqual({
      ...EMPTY_FILTERS,
      title: 'React',
      type: 'Contract',
      location: 'All Europe',
      experienceLevel: 'Senior',
      isRemote: 'true',
    });
    expect(state.sort).toBe('datePosted:desc');
    expect(stateFromSearch('?isRemote=maybe&sortBy=title&sortOrder=sideways').filters.isRemote).toBe('');
    expect(stateFromSearch('?sortBy=title&sortOrder=sideways').sort).toBe('datePosted:desc');
  });

  it('writes only filters with a value, and the sort when it is not the default', () => {
    const state = stateFromSearch('?title=data%20engineer&salary=150k%2B&sortBy=company&sortOrder=asc');
    expect(searchFromState(state)).toBe('?title=data%20engineer&salary=150k%2B&sortBy=company&sortOrder=asc');
    expect(searchFromState({ filters: EMPTY_FILTERS, sort: 'datePosted:desc' })).toBe('');
    expect(stateFromSearch(searchFromState(state))).toEqual(state);
  });

  it('the API query omits empty values and always names the sort', () => {
    expect(apiQuery(stateFromSearch('?title=%20go%20&isRemote=false'))).toEqual({
      title: 'go',
      isRemote: 'false',
      sortBy: 'datePosted',
      sortOrder: 'desc',
    });
  });

  it('chips read the active filters', () => {
    expect(
      filterChips({ ...EMPTY_FILTERS, experienceLevel: 'Senior', isRemote: 'true', salary: '50k-80k' }),
    ).toEqual([
      { name: 'experienceLevel', label: 'Experience: Senior' },
      { name: 'salary', label: 'Salary: 50k-80k' },
      { name: 'isRemote', label: 'Work Type: Remote & Hybrid' },
    ]);
  });
});

describe('where I can work from and my time zone', () => {
  it('reads workFrom, tz and tzHours from the URL and sends them; tzHours waits for tz', () => {
    const state = stateFromSearch('?workFrom=Germany&tz=UTC%2B2&tzHours=3');
    expect(state.filters).toMatchObject({ workFrom: 'Germany', tz: 'UTC+2', tzHours: '3' });
    expect(apiQuery(state)).toMatchObject({ workFrom: 'Germany', tz: 'UTC+2', tzHours: '3' });
    expect(searchFromState(state)).toBe('?workFrom=Germany&tz=UTC%2B2&tzHours=3');
    const orphan = stateFromSearch('?tzHours=3');
    expect(apiQuery(orphan).tzHours).toBeUndefined();
    expect(filterChips(state.filters).map((c) => c.label)).toEqual([
      'I can work from: Germany',
      'My time zone: UTC+2',
      'Hours either way: 3',
    ]);
  });
});
