// Branding (issue 15 item 2): the colours and the logo under branding_settings; the company name is the
// general settings' one (one source: invoices, mails and the sidebar print the same name). The view
// carries the generated palette, so the page and every screen apply it without colour code of their own.
import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import {
  BRANDING_SETTINGS_KEY,
  type BrandingInput,
  type BrandingView,
  brandPalette,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  type LogoType,
  mutedTextColour,
  TEMPLATE_MESSAGES,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { type FileStorage, newFileKey } from '../../storage/file-storage.ts';
import type { RequestContext } from '../../platform/audit/record-change.ts';
import { readGeneralSettings, readSetting, writeSetting } from '../../platform/settings/settings.repository.ts';
import { saveSetting } from '../../platform/settings/save-setting.ts';
import { GENERAL_SETTINGS_KEY } from './settings.service.ts';

const storedSchema = z.object({
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  secondaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  logoKey: z.string().nullable(),
});
type StoredBranding = z.infer<typeof storedSchema>;
const DEFAULT_STORED: StoredBranding = {
  primaryColor: DEFAULT_PRIMARY_COLOR,
  secondaryColor: DEFAULT_SECONDARY_COLOR,
  logoKey: null,
};

const readStored = (db: Executor) => readSetting(db, BRANDING_SETTINGS_KEY, storedSchema, DEFAULT_STORED);

export function brandingView(companyName: string, stored: StoredBranding): BrandingView {
  return {
    companyName,
    primaryColor: stored.primaryColor.toUpperCase(),
    secondaryColor: stored.secondaryColor.toUpperCase(),
    // The key changes with every upload: the URL is a new one, so no cache shows the old logo.
    logoUrl: stored.logoKey
      ? `/api/settings/branding/logo?v=${stored.logoKey.slice(-40, -4).replace(/[^0-9a-f-]/g, '')}`
      : null,
    ...brandPalette(stored.primaryColor),
    mutedText: mutedTextColour(stored.secondaryColor),
  };
}

export async function readBranding(db: Executor): Promise<BrandingView> {
  const [general, stored] = await Promise.all([readGeneralSettings(db), readStored(db)]);
  return brandingView(general.companyName || 'Visa CRM', stored);
}

export async function saveBranding(db: Database, ctx: RequestContext, input: BrandingInput): Promise<BrandingView> {
  const [before, general] = await Promise.all([readStored(db), readGeneralSettings(db)]);
  const next: StoredBranding = { ...before, primaryColor: input.primaryColor, secondaryColor: input.secondaryColor };
  await saveSetting(
    db,
    ctx,
    {
      key: BRANDING_SETTINGS_KEY,
      action: 'UPDATE_BRANDING_SETTINGS',
      before: {
        companyName: general.companyName,
        primaryColor: before.primaryColor,
        secondaryColor: before.secondaryColor,
      },
      next: input,
      stored: next,
    },
    async (tx) => {
      if (input.companyName !== general.companyName)
        await writeSetting(tx, GENERAL_SETTINGS_KEY, { ...general, companyName: input.companyName }, ctx.actorId);
      return {};
    },
  );
  return readBranding(db);
}

const refuse = (message: string) => new AppError('VALIDATION_FAILED', message, { file: [message] });
export const brandingLogoMessages = {
  missing: () => refuse(TEMPLATE_MESSAGES.logoMissing),
  tooLarge: () => refuse(TEMPLATE_MESSAGES.logoSize),
  unreadable: () => refuse(TEMPLATE_MESSAGES.logoUnreadable),
};

/** Stores a new logo (PNG or JPG by its content, at most 1 MB), or removes it when `bytes` is null. */
export async function saveBrandingLogo(
  db: Database,
  storage: FileStorage,
  ctx: RequestContext,
  bytes: Uint8Array | null,
): Promise<BrandingView> {
  let key: string | null = null;
  let type: LogoType | null = null;
  if (bytes) {
    if (bytes.byteLength > LOGO_MAX_BYTES) throw refuse(TEMPLATE_MESSAGES.logoSize);
    const found = await fileTypeFromBuffer(bytes);
    if (!found || !(found.mime in LOGO_TYPES)) throw refuse(TEMPLATE_MESSAGES.logoType);
    type = found.mime as LogoType;
    key = newFileKey('branding', randomUUID(), LOGO_TYPES[type]);
    await storage.put(key, bytes);
  }
  const before = await readStored(db);
  // Removing a logo there is not changes nothing (and records nothing).
  if (!bytes && !before.logoKey) return readBranding(db);
  try {
    await saveSetting(db, ctx, {
      key: BRANDING_SETTINGS_KEY,
      action: bytes ? 'UPLOAD_BRANDING_LOGO' : 'REMOVE_BRANDING_LOGO',
      before: { logo: before.logoKey ? 'uploaded' : 'none' },
      next: { logo: bytes ? `${type}, ${bytes.byteLength} bytes` : 'none' },
      stored: { ...before, logoKey: key },
    });
  } catch (error) {
    if (key) await storage.remove(key).catch(() => {});
    throw error;
  }
  if (before.logoKey) await storage.remove(before.logoKey).catch(() => {});
  return readBranding(db);
}

/** The logo's bytes and type; 404 without one. Public: the sign-in page shows it. */
export async function readBrandingLogo(db: Executor, storage: FileStorage) {
  const { logoKey } = await readStored(db);
  const file = logoKey ? await storage.get(logoKey) : undefined;
  if (!logoKey || !file) throw new AppError('NOT_FOUND', 'No logo has been uploaded');
  const contentType = logoKey.endsWith('.png') ? 'image/png' : 'image/jpeg';
  return { ...file, contentType, filename: `logo.${logoKey.slice(logoKey.lastIndexOf('.') + 1)}` };
}

/**
 * The branding each page is sent with (index.html carries it, so the first paint has the firm's colours),
 * held per process and read again on every settings change event.
 */
export function createBrandingCache(db: Executor) {
  let current: BrandingView | null = null;
  return {
    current: () => current,
    refresh: async () => {
      current = await readBranding(db);
    },
  };
}
export type BrandingCache = ReturnType<typeof createBrandingCache>;

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The meta element the web app reads its branding from before it renders (apps/web/src/app/branding.ts). */
export const brandingMeta = (view: BrandingView | null) =>
  view ? `<meta name="crm-branding" content="${escapeAttribute(JSON.stringify(view))}">` : '';

/** The firm's logo's storage key, or null: what an invoice or receipt prints when its template has none. */
export const brandingLogoKey = async (db: Executor) => (await readStored(db)).logoKey;
