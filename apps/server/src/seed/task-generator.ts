// One generated task or note for the demo and large data sets: a task of spec 2 §9's types, due around
// the firm's today (some overdue, some due today, some later), assigned to one of the staff, or a note.
import { addDays, TASK_TYPES, DAY_MS } from '@crm/domain';
import type { taskNotes } from '../db/schema/index.ts';
import type { Random } from './lead-generator.ts';

const TASK_NAMES: Record<string, readonly string[]> = {
  'Document Collection': ['Collect certified passport copies', 'Request birth certificate', 'Collect bank statements'],
  'Application Preparation': ['Prepare visa application forms', 'Draft statement of purpose'],
  'Visa Application Submission': ['Lodge visa application in ImmiAccount', 'Pay visa application charge'],
  'Interview Scheduling': ['Book pre-lodgement interview', 'Schedule consultation follow-up'],
  'Medical Examination': ['Book panel physician appointment', 'Follow up medical results'],
  'Police Clearance': ['Request NBI clearance', 'Request AFP national police check'],
  'Skills Assessment': ['Submit skills assessment to VETASSESS', 'Gather employment references'],
  'English Test Preparation': ['Book IELTS test date', 'Send PTE practice materials'],
  'Partner Visa Documentation': ['Collect relationship evidence', 'Prepare Form 888 declarations'],
  'Student Visa Requirements': ['Obtain CoE from provider', 'Arrange OSHC cover'],
  'Work Visa Processing': ['Confirm employer nomination', 'Check LMT evidence'],
  'Citizenship Application': ['Check residence calculator', 'Prepare citizenship test booking'],
  'Appeal Preparation': ['Prepare ART submissions', 'Collect new evidence for review'],
  'Client Communication': ['Call client about next steps', 'Email checklist to client'],
  'File Review': ['Review file before lodgement', 'Check expiry dates on file'],
};

const NOTES = [
  'Client confirmed availability for the consultation next week.',
  'Spoke with the client; documents will be couriered from Manila.',
  'Employer has agreed to sponsor; awaiting the nomination paperwork.',
  'Client asked about bringing a dependent child; advised on Form 1229.',
  'English test result received and saved to the file.',
];

type TaskValues = typeof taskNotes.$inferInsert;

/** A task (about 70%) or a note for a record, written by its creator and mostly assigned to one of `staff`. */
export function generateTask(
  random: Random,
  owner: { leadId?: string; clientId?: string; createdBy: string | null },
  staff: readonly string[],
  today: string,
  now: Date,
  spreadDays: number,
): TaskValues {
  const createdAt = new Date(now.getTime() - random.int(0, spreadDays) * DAY_MS - random.int(0, 86_399) * 1000);
  const base = { ...owner, createdAt, updatedAt: createdAt, updatedBy: owner.createdBy };
  if (random.chance(0.3)) {
    return { ...base, kind: 'note', taskType: 'Notes', content: `<p>${random.pick(NOTES)}</p>` };
  }
  const taskType = random.pick(TASK_TYPES.filter((t) => t !== 'Notes'));
  const name = random.pick(TASK_NAMES[taskType] ?? ['Follow up']);
  // Due from two weeks ago to five weeks ahead: some overdue, some today, most later.
  const dueDate = addDays(today, random.int(-14, 35));
  const done = dueDate < today ? random.chance(0.5) : random.chance(0.1);
  return {
    ...base,
    kind: 'task',
    taskType,
    taskName: name,
    content: `<p>${name}.</p>`,
    status: done ? 'completed' : random.chance(0.3) ? 'in_progress' : 'pending',
    priority: random.weighted([
      ['high', 2],
      ['medium', 5],
      ['low', 3],
    ]),
    startDate: addDays(dueDate, -random.int(1, 14)),
    dueDate,
    assignedTo: random.chance(0.9) ? random.pick(staff) : null,
  };
}
