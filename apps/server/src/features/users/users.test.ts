// GET /api/users/assignable: the people the user pickers offer, through the typed client.
import { describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.ts';
import { appForFile } from '../../../test/build-test-app.ts';

const t = appForFile();

describe('GET /api/users/assignable', () => {
  it('lists the active users of the roles asked for; emails only for supervisor and above', async () => {
    const query = { roles: ['consultant', 'team_lead'] as ('consultant' | 'team_lead')[] };
    const asAdministrator = apiClient(t.app, await t.signIn('administrator'));
    const listed = await asAdministrator.GET('/api/users/assignable', { params: { query } });
    expect(listed.response.status).toBe(200);
    expect(listed.data?.map((u) => u.role).sort()).toEqual(['consultant', 'team_lead']);
    expect(listed.data?.every((u) => u.email !== null && u.fullName.length > 0)).toBe(true);

    const asConsultant = apiClient(t.app, await t.signIn('consultant'));
    const named = await asConsultant.GET('/api/users/assignable', { params: { query } });
    expect(named.response.status).toBe(200);
    expect(named.data?.map((u) => u.email)).toEqual([null, null]);

    const signedOut = await apiClient(t.app).GET('/api/users/assignable', { params: { query } });
    expect(signedOut.response.status).toBe(401);
    expect(signedOut.error?.code).toBe('UNAUTHENTICATED');
  });
});
