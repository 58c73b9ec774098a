// The document library's pure rules: the download name of an uploaded file, the form's defaults and
// messages, and the two documents generated from the permission matrix following a change to it.
import { describe, expect, it } from 'vitest';
import { DEFAULT_MODULE_ACCESS, type ModuleAccess } from '../access/permissions.ts';
import { DOCUMENT_MESSAGES, documentFileName, documentInputSchema } from './document.ts';
import { accessMatrixContent, moduleAccessCell, roleComparisonContent } from './permission-documents.ts';

describe('documentFileName', () => {
  it('keeps the uploaded name without folders or odd characters, with the extension the content showed', () => {
    expect(documentFileName('Service agreement.pdf', 'pdf')).toBe('Service agreement.pdf');
    expect(documentFileName('../../etc/passwd', 'txt')).toBe('passwd.txt');
    expect(documentFileName('C:\\Users\\x\\notes.exe', 'pdf')).toBe('notes.pdf');
    expect(documentFileName('"quoted"; name=<b>.docx', 'docx')).toBe('quoted nameb.docx');
    expect(documentFileName('Résumé.pdf', 'pdf')).toBe('Resume.pdf');
    expect(documentFileName('.hidden', 'txt')).toBe('document.txt');
    expect(documentFileName(undefined, 'png')).toBe('document.png');
    expect(documentFileName(`${'a'.repeat(300)}.pdf`, 'pdf')).toBe(`${'a'.repeat(100)}.pdf`);
  });
});

describe('documentInputSchema', () => {
  it('needs a title, gives a new document version 1.0 and leaves the rest optional', () => {
    const missing = documentInputSchema.safeParse({ title: '  ' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe(DOCUMENT_MESSAGES.titleRequired);
    expect(documentInputSchema.parse({ title: 'Policy', category: '', description: null })).toEqual({
      title: 'Policy',
      documentVersion: '1.0',
    });
  });
});

describe('the generated documents', () => {
  it('name what each role may do in each module, as the matrix in force says', () => {
    expect(moduleAccessCell('account_administrator', 'admin', DEFAULT_MODULE_ACCESS)).toBe('Full');
    expect(moduleAccessCell('supervisor', 'admin', DEFAULT_MODULE_ACCESS)).toBe('No access');
    expect(moduleAccessCell('guest', 'leads', DEFAULT_MODULE_ACCESS)).toBe('View');
    expect(moduleAccessCell('team_lead', 'leads', DEFAULT_MODULE_ACCESS)).toBe('View, Edit, Export, Reports, Assign');

    const changed: ModuleAccess = { ...DEFAULT_MODULE_ACCESS, guest: ['dashboard', 'profile'] };
    const before = accessMatrixContent(DEFAULT_MODULE_ACCESS);
    const after = accessMatrixContent(changed);
    const leadsRow = (content: string) => content.split('\n').find((line) => line.startsWith('| Leads |'))!;
    expect(leadsRow(before).trim().endsWith('| View |')).toBe(true);
    expect(leadsRow(after).trim().endsWith('| No access |')).toBe(true);

    const guestSection = (content: string) => content.split('## Guest')[1]!;
    expect(guestSection(roleComparisonContent(DEFAULT_MODULE_ACCESS))).toContain('Leads');
    expect(guestSection(roleComparisonContent(changed))).toContain('- Modules: Dashboard, Profile');
  });
});
