/**
 * `npm run admin:create -- --email E --password P --first-name F --last-name L`
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { migrateDatabase } from '../db/migrate.ts';
import { createAdmin } from '../src/api/admins/create-admin.ts';
import { newPassword } from '../src/lib/schemas/account.ts';
import { emailField } from '../src/lib/schemas/fields.ts';
import { runScript, withDatabase } from './cli-database.ts';

const ArgsSchema = z.object({
  email: emailField('--email must be an e-mail address'),
  password: newPassword,
  'first-name': z.string().trim().min(1).default('Site'),
  'last-name': z.string().trim().min(1).default('Administrator'),
});

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
  },
});
const parsed = ArgsSchema.safeParse(values);
if (!parsed.success) {
  console.error(parsed.error.issues.map((i) => i.message).join('\n'));
  process.exit(1);
}
const args = parsed.data;

runScript(() =>
  withDatabase(async (handle) => {
    await migrateDatabase(handle);
    const created = await createAdmin(handle.db, {
      email: args.email,
      password: args.password,
      firstName: args['first-name'],
      lastName: args['last-name'],
    });
    console.log(
      created
        ? `Admin ${args.email} created.`
        : `An admin with e-mail ${args.email} exists already; nothing changed.`,
    );
  }),
);
