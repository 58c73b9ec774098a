// A saved service as the API returns it, for the services screens' unit tests.
import type { ServiceRecord } from '@crm/domain';

export const serviceRecord = (overrides: Partial<ServiceRecord> = {}): ServiceRecord => ({
  id: 's1',
  entityType: 'lead',
  entityId: 'l1',
  serviceName: 'Visa Application',
  serviceCategory: 'Visa Application',
  serviceDescription: null,
  serviceStatus: 'Active',
  paymentStatus: 'Partially Paid',
  serviceFee: '100.00',
  paidAmount: '40.00',
  invoicePaidAmount: '0.00',
  balanceDue: '60.00',
  currency: 'AUD',
  taxTreatment: 'government_charge',
  startDate: null,
  completionDate: null,
  notes: null,
  hasPaymentEvidence: false,
  tuitionTerms: [],
  transferredFrom: null,
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
  version: 1,
  ...overrides,
});
