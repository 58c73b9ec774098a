// The lead form (the record form of the leads and clients screen) in a real browser, on a lead the real
// test server saved: an edit is kept as typed, a required field left empty is refused at the field without
// asking the server, a save over someone else's newer version says so and Reload shows their change, and a
// read-only form offers no Save.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { LeadRecord } from '@crm/domain';
import { renderInApp, signInAs } from '../../../../test/render.tsx';
import { answer, server } from '../../../lib/api-client.ts';
import { LeadForm } from './lead-form.tsx';

let userId = '';
let supervisorId = '';
let serial = 0;

beforeAll(async () => {
  await signInAs('administrator');
  userId = (await answer(server.GET('/api/auth/session'))).user.id;
  const [supervisor] = await answer(
    server.GET('/api/users/assignable', { params: { query: { roles: ['supervisor'] } } }),
  );
  supervisorId = supervisor!.id;
});

/** A lead saved by the server, with a number and an email no other test uses. */
async function savedLead(): Promise<LeadRecord> {
  const n = ++serial;
  return answer(
    server.POST('/api/leads', {
      body: {
        firstName: 'Priya',
        lastName: `Formtest${String.fromCharCode(96 + n)}`,
        dateOfBirth: '1994-05-17',
        nationality: 'India',
        countryOfResidence: 'Australia',
        email: `lead.form.${Date.now()}.${n}@example.com`,
        contactNumber: `+61 412 ${String(100 + n).padStart(3, '0')} ${String(Date.now() % 1000).padStart(3, '0')}`,
        applicantLocation: 'Inside Australia',
        currentVisaSubclass: 'Student 500',
        visaExpiryDate: '2031-03-01',
        desiredVisa: 'Temporary Graduate 485',
        leadStatus: 'New Lead Received',
        leadSource: 'Website',
        managerUserId: supervisorId,
        assistantManagerUserId: supervisorId,
      },
    }),
  );
}

const readLead = (id: string) => answer(server.GET('/api/leads/{id}', { params: { path: { id } } }));

async function renderForm(lead: LeadRecord, readOnly = false) {
  const onSaved = vi.fn();
  const screen = await renderInApp(
    <LeadForm
      mode="edit"
      lead={lead}
      userId={userId}
      readOnly={readOnly}
      canDelete={false}
      onSaved={onSaved}
      onCancel={() => undefined}
      onAction={() => undefined}
      onReload={() => readLead(lead.id)}
    />,
  );
  return { screen, onSaved };
}

describe('LeadForm', () => {
  it('saves an edit as typed: the server keeps exactly the new name', async () => {
    const lead = await savedLead();
    const { screen, onSaved } = await renderForm(lead);
    const firstName = screen.getByRole('textbox', { name: 'First Name' });
    await userEvent.clear(firstName);
    await userEvent.type(firstName, 'Anneliese');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await expect.poll(() => onSaved.mock.calls.length).toBe(1);
    const saved = await readLead(lead.id);
    expect(saved).toMatchObject({ firstName: 'Anneliese', lastName: lead.lastName, version: lead.version + 1 });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: lead.id, firstName: 'Anneliese' }), 'edit');
  });

  it('refuses a required field left empty at the field, and the server is not asked', async () => {
    const lead = await savedLead();
    const { screen, onSaved } = await renderForm(lead);
    const lastName = screen.getByRole('textbox', { name: 'Last Name' });
    await userEvent.clear(lastName);
    await expect.element(screen.getByText('Last name is required')).toBeVisible();
    // Save looks disabled (aria-disabled) but still answers a click: the form then shows what is missing.
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }), { force: true });
    await expect.element(lastName).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();
    expect(await readLead(lead.id)).toMatchObject({ lastName: lead.lastName, version: lead.version });
  });

  it('says when someone else saved first, and Reload shows their change', async () => {
    const lead = await savedLead();
    const { screen, onSaved } = await renderForm(lead);
    // Another user saves the lead while this form is open on the version it read.
    await answer(
      server.PATCH('/api/leads/{id}', {
        params: { path: { id: lead.id } },
        body: { version: lead.version, firstName: 'Elsewhere' },
      }),
    );
    const lastName = screen.getByRole('textbox', { name: 'Last Name' });
    await userEvent.clear(lastName);
    await userEvent.type(lastName, 'Overwritten');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = screen.getByRole('alert').filter({ hasText: 'Failed to Save Lead' });
    await expect.element(alert).toBeVisible();
    expect(onSaved).not.toHaveBeenCalled();
    await userEvent.click(alert.getByRole('button', { name: 'Reload' }));
    await expect.element(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('Elsewhere');
    await expect.element(lastName).toHaveValue(lead.lastName);
    expect(await readLead(lead.id)).toMatchObject({ lastName: lead.lastName, version: lead.version + 1 });
  });

  it('offers no Save on a read-only form, and its fields cannot be changed', async () => {
    const lead = await savedLead();
    const { screen } = await renderForm(lead, true);
    await expect.element(screen.getByRole('textbox', { name: 'First Name' })).toBeDisabled();
    await expect.element(screen.getByRole('button', { name: 'Close' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Save Changes' }).query()).toBeNull();
  });
});
