/**
 * `npm run make-admin -- <email>`: gives the account of this address the first admin role
 * (`plugins.admin.adminRoles`), with the same configuration as `npm start` (environment and
 * config file), so the operator's first admin needs no SQL. Audited as `user.role_changed`.
 * The person signs in again (or waits for their cache cookie to expire) to see the console.
 */
import { resolve } from 'node:path';
import { createAuth } from '../app.ts';
import { loadSettings } from '../core/config/load.ts';
import { AuthError } from '../core/errors.ts';
import { createLogger } from '../core/logger.ts';

const email = process.argv[2];
if (!email) {
  process.stderr.write('usage: npm run make-admin -- <email of an existing account>\n');
  process.exit(2);
}
let settings: ReturnType<typeof loadSettings>;
try {
  settings = loadSettings();
} catch (err) {
  process.stderr.write(`make-admin: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
const auth = createAuth(settings.options, {
  logger: createLogger('warn'),
  outboxDir: resolve(settings.dataDir, 'outbox'),
  env: { production: settings.production, test: settings.test },
});
try {
  await auth.migrate();
  const result = await auth.api.makeAdmin({ email });
  process.stdout.write(
    result.changed
      ? `${email} is now an admin (role ${result.role}); they see the admin console at their next sign-in\n`
      : `${email} is already an admin\n`,
  );
} catch (err) {
  const message =
    err instanceof AuthError && err.code === 'USER_NOT_FOUND'
      ? `no account has the address ${email}: sign up first, then run this again`
      : err instanceof Error
        ? err.message
        : String(err);
  process.stderr.write(`make-admin: ${message}\n`);
  process.exitCode = 1;
} finally {
  await auth.close();
}
