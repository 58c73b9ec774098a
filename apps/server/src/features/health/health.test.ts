// Health and the connectivity ping, signed out, through the typed client.
import { describe, expect, it } from 'vitest';
import { apiClient } from '../../../test/api-client.ts';
import { appForFile } from '../../../test/build-test-app.ts';

const t = appForFile();

describe('health', () => {
  it('answers GET /api/health with the database kind and HEAD /api/ping with 204, signed out', async () => {
    const api = apiClient(t.app);
    const health = await api.GET('/api/health');
    expect(health.response.status).toBe(200);
    expect(health.data).toEqual({ status: 'ok', database: t.database.kind });
    const ping = await api.HEAD('/api/ping');
    expect(ping.response.status).toBe(204);
  });
});
