// The demo firm's public enquiry form (issue 16 item 5): on, asking for the visa of interest, new leads to
// the demo supervisor. Seeded once: a firm that saved its own settings (or turned the form off) keeps them.
import { eq } from 'drizzle-orm';
import { DEFAULT_ENQUIRY_FORM_SETTINGS, ENQUIRY_FORM_SETTING_KEY, type EnquiryFormSettings } from '@crm/domain';
import type { Database } from '../db/database.ts';
import { systemSettings, users } from '../db/schema/index.ts';
import { writeSetting } from '../platform/settings/settings.repository.ts';
import { demoEmail } from './demo-users.ts';

export async function seedDemoEnquiryForm(db: Database): Promise<boolean> {
  const [existing] = await db
    .select({ key: systemSettings.settingKey })
    .from(systemSettings)
    .where(eq(systemSettings.settingKey, ENQUIRY_FORM_SETTING_KEY))
    .limit(1);
  if (existing) return false;
  const [supervisor] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmail('supervisor')))
    .limit(1);
  const settings: EnquiryFormSettings = {
    ...DEFAULT_ENQUIRY_FORM_SETTINGS,
    enabled: true,
    title: 'Book a visa consultation',
    intro:
      'Tell us about yourself and the visa you are interested in. A registered migration agent will contact you ' +
      'within one business day.',
    fields: ['gender', 'currentVisaSubclass', 'visaExpiryDate', 'desiredVisa'],
    assigneeUserId: supervisor?.id ?? null,
  };
  await writeSetting(db, ENQUIRY_FORM_SETTING_KEY, settings, null);
  return true;
}
