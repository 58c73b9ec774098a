// Branding (issue 15 item 2): public to read (the sign-in page shows it), the account administrator's to
// change; the company name is the general settings' one; the palette reads in both themes; the logo is a
// PNG or JPG by content; every page is sent with the branding, and another process follows the change.
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrandingView,
  contrastRatio,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  TEMPLATE_MESSAGES,
  INVOICE_EXAMPLE,
} from '@crm/domain';
import { apiClient } from '../../../test/api-client.ts';
import { demoEmail } from '../../seed/demo-users.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

const webDist = mkdtempSync(join(tmpdir(), 'crm-web-dist-'));
copyFileSync(resolve(import.meta.dirname, '../../../../web/index.html'), join(webDist, 'index.html'));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ webDistDir: webDist });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const as = async (role: Parameters<TestApp['signIn']>[0]) => apiClient(t.app, await t.signIn(role));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function uploadLogo(bytes: Buffer, role: Parameters<TestApp['signIn']>[0] = 'account_administrator') {
  return (await as(role)).POST('/api/settings/branding/logo', {
    body: { file: new File([bytes], 'logo.png', { type: 'image/png' }) },
    bodySerializer: (body) => {
      const form = new FormData();
      if (body?.file) form.append('file', body.file);
      return form;
    },
  });
}

const metaOf = (html: string): BrandingView => {
  const content = /<meta name="crm-branding" content="([^"]*)">/.exec(html)?.[1] ?? '';
  return JSON.parse(
    content
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
};

describe('branding', () => {
  it('is public, with the spec defaults, and every page carries it', async () => {
    const anonymous = await apiClient(t.app).GET('/api/settings/branding');
    expect(anonymous.response.status).toBe(200);
    expect(anonymous.data).toMatchObject({
      primaryColor: DEFAULT_PRIMARY_COLOR,
      secondaryColor: DEFAULT_SECONDARY_COLOR,
      logoUrl: null,
      primaryShade: { light: 9, dark: 3 },
    });
    const page = await t.app.inject({ method: 'GET', url: '/auth' });
    expect(metaOf(page.body).primaryColor).toBe(DEFAULT_PRIMARY_COLOR);
  });

  it("changes the company name everywhere (one source with the general settings) and the page's colours at once", async () => {
    const owner = await as('account_administrator');
    const saved = await owner.PUT('/api/settings/branding', {
      body: { companyName: 'Harbour <Migration> & Co', primaryColor: '#0E7C66', secondaryColor: '#D4D4D8' },
    });
    expect(saved.response.status).toBe(200);
    const view = saved.data!;
    expect(contrastRatio(view.palette[view.primaryShade.light]!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(view.palette[view.primaryShade.dark]!, '#2e2e2e')).toBeGreaterThanOrEqual(4.5);
    // A secondary too pale for text on white is darkened until it reads.
    expect(contrastRatio(view.mutedText, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect((await owner.GET('/api/settings/general', {})).data?.companyName).toBe('Harbour <Migration> & Co');

    const page = await t.app.inject({ method: 'GET', url: '/leads' });
    expect(page.body).not.toContain('<Migration>');
    expect(metaOf(page.body)).toMatchObject({ companyName: 'Harbour <Migration> & Co', primaryColor: '#0E7C66' });
    // The tab shows the firm's name from the first paint, escaped.
    expect(page.body).toContain('<title>Harbour &lt;Migration&gt; &amp; Co</title>');

    // Another server process hears of it on the settings event and sends its pages the new branding too.
    const other = await t.secondInstance();
    try {
      await owner.PUT('/api/settings/branding', {
        body: { companyName: 'Harbour Migration', primaryColor: '#1D4ED8', secondaryColor: DEFAULT_SECONDARY_COLOR },
      });
      await expect
        .poll(async () => metaOf((await other.app.inject({ method: 'GET', url: '/leads' })).body).primaryColor, {
          timeout: 60_000,
        })
        .toBe('#1D4ED8');
    } finally {
      await other.close();
    }

    // Mails go out under the company's name.
    await apiClient(t.app).POST('/api/auth/password-reset/request', {
      body: { email: demoEmail('account_administrator') },
    });
    expect((await t.mailsTo(demoEmail('account_administrator'), 'Reset your')).at(-1)?.content).toMatch(
      /^From: "?Harbour Migration"? </m,
    );
  });

  it('refuses others and bad values in their own words', async () => {
    const administrator = await as('administrator');
    const refused = await administrator.PUT('/api/settings/branding', {
      body: { companyName: 'X', primaryColor: '#000000', secondaryColor: '#000000' },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.message).toBe('Only account administrators can change system settings');
    const owner = await as('account_administrator');
    const bad = await owner.PUT('/api/settings/branding', {
      body: { companyName: ' ', primaryColor: 'blue', secondaryColor: '#12345' },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.fieldErrors).toMatchObject({
      companyName: ['Company name is required'],
      primaryColor: ['Enter a colour as #RRGGBB'],
      secondaryColor: ['Enter a colour as #RRGGBB'],
    });
  });

  it('takes a PNG or JPG logo by its content, serves it to anyone, and removes it', async () => {
    expect((await uploadLogo(PNG, 'administrator')).response.status).toBe(403);
    const notAnImage = await uploadLogo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'));
    expect(notAnImage.response.status).toBe(400);
    expect(notAnImage.error?.message).toBe(TEMPLATE_MESSAGES.logoType);
    const tooBig = await uploadLogo(Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
    expect(tooBig.response.status).toBe(400);

    const uploaded = await uploadLogo(PNG);
    expect(uploaded.response.status, JSON.stringify(uploaded.error)).toBe(200);
    const logoUrl = uploaded.data!.logoUrl!;
    expect(logoUrl).toMatch(/^\/api\/settings\/branding\/logo\?v=/);
    const logo = await t.app.inject({ method: 'GET', url: logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(PNG)).toBe(true);

    // An invoice whose template has no logo prints the firm's.
    const preview = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/invoices/preview',
        headers: { cookie: adminCookie },
        payload: INVOICE_EXAMPLE,
      });
    const adminCookie = await t.signIn('administrator');
    const withLogo = await preview();
    expect(withLogo.statusCode, withLogo.body.slice(0, 200)).toBe(200);
    expect(withLogo.rawPayload.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);

    const removed = await (await as('account_administrator')).DELETE('/api/settings/branding/logo', {});
    expect(removed.data?.logoUrl).toBeNull();
    expect((await apiClient(t.app).GET('/api/settings/branding/logo')).response.status).toBe(404);
    expect((await preview()).rawPayload.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
  });
});
