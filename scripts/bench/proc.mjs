// What the kernel counts for a process (Linux /proc): CPU time and peak memory of the server under test,
// and the CPU time of the PostgreSQL backends serving one database. Read before and after each measured
// run, so the figures are the work done for that run's requests and nothing else the machine does.
import { cpus, loadavg, totalmem } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

let ticksPerSecond;
/** USER_HZ: /proc counts CPU time in these ticks (100 on every Linux we know, but ask). */
function clockTicks() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** User + system CPU milliseconds a live process has used, or null once it is gone. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    return (ticks * 1000) / clockTicks();
  } catch {
    return null;
  }
}

/** Peak resident memory (VmHWM) and current resident memory (VmRSS) in MB. */
export function memoryMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
    return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
  } catch {
    return { peakMb: NaN, rssMb: NaN };
  }
}

/**
 * The PostgreSQL backends connected to `database`, with their CPU so far. A backend names its database in
 * its process title ("postgres: 15/main: postgres crm_bench 127.0.0.1(40412) idle"), so no query is needed
 * and the backends of other databases (a test run on the same server) are left out.
 */
export function postgresBackends(database) {
  const found = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let title;
    try {
      title = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
    } catch {
      continue;
    }
    if (!title.startsWith('postgres: ')) continue;
    const words = title.split(/\s+/);
    // "postgres:", cluster, user, database, client …
    if (words[3] !== database) continue;
    const ms = cpuMs(entry);
    if (ms !== null) found.set(entry, ms);
  }
  return found;
}

/**
 * CPU the backends used between two snapshots. A backend that ended between them loses its last share
 * (the pool keeps its connections open while requests keep coming, so that is rare during a run).
 */
export function backendCpuBetween(before, after) {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

export function machine() {
  const list = cpus();
  return {
    cores: list.length,
    cpuModel: list[0]?.model?.trim() ?? 'unknown',
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    loadAverageAtStart: loadavg().map((v) => Number(v.toFixed(2))),
    node: process.version,
  };
}
