import { describe, expect, it } from 'vitest';
import { filterServices, pendingServiceCount } from './service-list.ts';
import { serviceRecord } from './service-record.test-fixture.ts';

const record = serviceRecord;

describe('the services panel', () => {
  const services = [
    record({ id: 'a', serviceName: 'Tuition Fee', serviceStatus: 'Completed', balanceDue: '0.00' }),
    record({ id: 'b', serviceName: 'Visa Application', notes: 'Lodged in March', balanceDue: '60.00' }),
    record({ id: 'c', serviceName: 'Other', serviceStatus: 'Pending', serviceFee: null, balanceDue: '0.00' }),
  ];

  it('counts as pending the services that still owe money', () => {
    expect(pendingServiceCount(services)).toBe(1);
  });

  it('filters by every word of the search, the status and the service', () => {
    const ids = (filters: Parameters<typeof filterServices>[1]) => filterServices(services, filters).map((s) => s.id);
    expect(ids({ search: 'lodged MARCH', status: null, name: null })).toEqual(['b']);
    expect(ids({ search: '', status: 'Pending', name: null })).toEqual(['c']);
    expect(ids({ search: '', status: null, name: 'Tuition Fee' })).toEqual(['a']);
    expect(ids({ search: '  ', status: null, name: null })).toEqual(['a', 'b', 'c']);
  });
});
