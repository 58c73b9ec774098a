import { describe, expect, it } from 'vitest';
import { reassignMessage, staffingQuerySchema, workList, workloadOf } from './staffing.ts';

describe('staffing rules', () => {
  it('lists the work that moves in words, leaving out kinds with none', () => {
    expect(workList({ leads: 3, clients: 1, tasks: 4 })).toBe('3 leads, 1 client and 4 tasks');
    expect(workList({ leads: 2, clients: 0, tasks: 1 })).toBe('2 leads and 1 task');
    expect(workList({ leads: 0, clients: 0, tasks: 0 })).toBe('');
    expect(reassignMessage({ leads: 0, clients: 2, tasks: 0 }, 'Sam Lee')).toBe('Moved 2 clients to Sam Lee');
    expect(reassignMessage({ leads: 0, clients: 0, tasks: 0 }, 'Sam Lee')).toBe('Nothing to move to Sam Lee');
  });

  it('counts a workload as open records plus open tasks', () => {
    expect(workloadOf({ openLeads: 2, openClients: 1, openTasks: 5 })).toBe(8);
  });

  it('sorts by name ascending unless told otherwise, and refuses an unknown column in words', () => {
    expect(staffingQuerySchema.parse({})).toEqual({ sort: 'name', direction: 'asc' });
    expect(staffingQuerySchema.parse({ role: 'consultant|supervisor' }).role).toEqual(['consultant', 'supervisor']);
    const bad = staffingQuerySchema.safeParse({ sort: 'salary' });
    expect(bad.error?.issues[0]?.message).toBe('Choose a column to sort by');
  });
});
