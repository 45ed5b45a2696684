#!/usr/bin/env node
// Makes sure the system packages the project needs are present on a fresh Debian machine:
//   java   (Java 17+, for DynamoDB Local)      -> apt-get install openjdk-17-jre-headless
//   chromium (Debian's, for Playwright tests)  -> apt-get install chromium
// Usage: node scripts/ensure-system.mjs [java] [chromium]   (default: java)
// Browsers are never downloaded by a test tool: Playwright drives /usr/bin/chromium.
import { execSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const wanted = process.argv.slice(2).length ? process.argv.slice(2) : ['java'];
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.warn(
    `[ensure-system] running on Node ${process.versions.node}; the project scripts use the Node 24 from node_modules (npm ci installs it).`,
  );
}

function javaMajor() {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return 0;
  const m = /version "(\d+)/.exec(`${r.stderr}${r.stdout}`);
  return m ? Number(m[1]) : 0;
}

let updated = false;
function aptInstall(pkgs) {
  const sudo = process.getuid && process.getuid() === 0 ? '' : 'sudo ';
  if (!updated) {
    console.log('[ensure-system] apt-get update');
    execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
    updated = true;
  }
  console.log(`[ensure-system] apt-get install ${pkgs.join(' ')}`);
  execSync(
    `${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${pkgs.join(' ')}`,
    { stdio: 'inherit' },
  );
}

if (wanted.includes('java') && javaMajor() < 17) aptInstall(['openjdk-17-jre-headless']);
if (wanted.includes('chromium') && !fs.existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium'))
  aptInstall(['chromium', 'fonts-dejavu-core']);
