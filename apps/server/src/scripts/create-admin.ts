// npm run create-admin -- --email you@firm.com.au --first-name Ada --last-name Lovelace --password '...'
// Makes the first account_administrator on a server database (which gets no demo users).
import { parseArgs } from 'node:util';
import { passwordPolicyErrors } from '@crm/domain';
import { readConfig } from '../config.ts';
import { configuredDatabase, openDatabase } from '../db/database.ts';
import { hashPassword } from '../platform/credentials/password-hash.ts';
import { findUserByEmail, insertUser } from '../features/users/users.repository.ts';
import { recordChange } from '../platform/audit/record-change.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    'first-name': { type: 'string', default: 'Account' },
    'last-name': { type: 'string', default: 'Administrator' },
    password: { type: 'string' },
  },
});
const email = values.email ?? process.env.ADMIN_EMAIL;
const password = values.password ?? process.env.ADMIN_PASSWORD;
if (!email || !password) {
  console.error('Usage: npm run create-admin -- --email <email> --password <password> [--first-name X --last-name Y]');
  process.exit(2);
}
const problems = passwordPolicyErrors(password);
if (problems.length > 0) {
  console.error(`Password rejected:\n- ${problems.join('\n- ')}`);
  process.exit(2);
}

const config = readConfig();
const database = await openDatabase(configuredDatabase(config));
try {
  if (await findUserByEmail(database.db, email)) {
    console.error(`A user with the email ${email} already exists.`);
    process.exitCode = 1;
  } else {
    const passwordHash = await hashPassword(password);
    await database.db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        email,
        firstName: values['first-name']!,
        lastName: values['last-name']!,
        role: 'account_administrator',
        passwordHash,
      });
      await recordChange(
        tx,
        { actorId: null, ipAddress: null, userAgent: 'create-admin script' },
        {
          action: 'CREATE_USER',
          resourceType: 'USER',
          resourceId: user.id,
          newValues: { email: user.email, role: user.role },
          event: 'user',
        },
      );
    });
    console.log(`Created account_administrator ${email}. Sign in at /auth.`);
  }
} finally {
  await database.close();
}
