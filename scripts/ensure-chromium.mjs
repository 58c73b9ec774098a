// Browser tests run in Debian's Chromium (`npx playwright install` cannot download here).
// Installs it when missing; needs root (as on CI and the development machines).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM)) process.exit(0);
console.log(`${CHROMIUM} not found: installing Debian's chromium package...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
try {
  execSync('apt-get update -qq', { stdio: 'inherit', env });
  execSync('apt-get install -y -qq chromium fonts-liberation', { stdio: 'inherit', env });
} catch {
  console.error('Could not install chromium. Install it yourself (apt-get install chromium) or set CHROMIUM_PATH.');
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`chromium was installed but ${CHROMIUM} is still missing; set CHROMIUM_PATH.`);
  process.exit(1);
}
