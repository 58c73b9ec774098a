// The load benchmark's figures as a printed table and as BENCHMARKS.md's load section (between its
// markers; the text around them is written by hand). The ratios and verdicts are computed here once, so the
// console and the file always say the same thing.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as prettier from 'prettier';

export const SECTION_START = '<!-- load:start (written by scripts/bench/load.mjs) -->';
export const SECTION_END = '<!-- load:end -->';

/** Issue 10's targets; never asserted by a test, only reported. */
export const TARGETS = {
  timesDetail: 3,
  lastOverFirst: 1.5,
  growth: 1.3,
  appOverCeiling: 0.8,
  listP95Ms: 50,
  searchP95Ms: 100,
  /** Issue 11 item 8: the whole services export. */
  exportSeconds: 10,
  exportGrowthMb: 100,
  /** Issue 13 item 8: an invoice PDF of one page, and of 200 items. */
  pdfOnePageMs: 200,
  pdf200ItemsMs: 2000,
};
const GROWTH_TARGETED = ['leads.page1', 'leads.last'];
const HELD_TO_DETAIL = ['list', 'deep', 'search', 'stats'];

const ROLE_NAMES = { admin: 'administrator', consultant: 'consultant', owner: 'account administrator' };
const DB_NAMES = { postgres: 'PostgreSQL', pglite: 'PGlite' };

/** CPU milliseconds one request cost: the server process, plus the PostgreSQL backends where measured. */
export const totalCpu = (e) => (e.cpuMsPerRequest ?? NaN) + (e.postgresCpuMsPerRequest ?? 0);

/** Ratios and verdicts of one size of one database. */
export function analyse(size) {
  const ok = size.endpoints.filter((e) => !e.failed);
  const find = (key, role = 'admin') => ok.find((e) => e.key === key && e.role === role);
  // The account administrator (audit log) sees every record, as the administrator: the same reference.
  const detail = {
    admin: find('leads.detail')?.p50,
    consultant: find('leads.detail', 'consultant')?.p50,
    owner: find('leads.detail')?.p50,
  };
  const rows = size.endpoints.map((e) => {
    if (e.failed) return { ...e };
    const reference = detail[e.role];
    const timesDetail = HELD_TO_DETAIL.includes(e.kind) && reference ? e.p50 / reference : null;
    const detailEntry = find('leads.detail', e.role === 'owner' ? 'admin' : e.role);
    const cpuTimesDetail = HELD_TO_DETAIL.includes(e.kind) && detailEntry ? totalCpu(e) / totalCpu(detailEntry) : null;
    const ceiling = size.ceilings?.find((c) => c.of === e.key && e.role === 'admin' && !c.failed);
    const appOverCeiling = ceiling ? e.rps / ceiling.rps : null;
    // The same comparison in CPU per request (server + database), which other work on the machine moves less.
    const appOverCeilingCpu = ceiling ? totalCpu(ceiling) / totalCpu(e) : null;
    const aim = e.kind === 'search' ? TARGETS.searchP95Ms : HELD_TO_DETAIL.includes(e.kind) ? TARGETS.listP95Ms : null;
    return { ...e, timesDetail, cpuTimesDetail, appOverCeiling, appOverCeilingCpu, ceiling, aimP95: aim };
  });
  const lastOverFirst = Object.fromEntries(
    ['admin', 'consultant'].flatMap((role) => {
      const first = find('leads.page1', role);
      const last = find('leads.last', role);
      return first && last ? [[role, { p50: last.p50 / first.p50, p95: last.p95 / first.p95 }]] : [];
    }),
  );
  const missedDetail = rows.filter((r) => r.timesDetail !== null && r.timesDetail > TARGETS.timesDetail);
  const heldRows = rows.filter((r) => r.timesDetail !== null && r.timesDetail !== undefined);
  const failed = rows.filter((r) => r.failed);
  return { rows, detail, lastOverFirst, missedDetail, heldRows, failed };
}

/** 500,000 ÷ 100,000 (the second size over the first) for the endpoints measured at both. */
export function growthOf(database) {
  const [small, large] = database.sizes;
  if (!small || !large) return null;
  return large.endpoints
    .filter((e) => !e.failed)
    .flatMap((e) => {
      const before = small.endpoints.find((b) => b.key === e.key && b.role === e.role && !b.failed);
      if (!before) return [];
      return [
        {
          key: e.key,
          label: e.label,
          before,
          after: e,
          p50: e.p50 / before.p50,
          p95: e.p95 / before.p95,
          cpu: totalCpu(e) / totalCpu(before),
          targeted: GROWTH_TARGETED.includes(e.key),
        },
      ];
    });
}

// ---------------------------------------------------------------------------------------------------------

const ms = (v) =>
  typeof v === 'number' && Number.isFinite(v) ? (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0)) : '–';
const ratio = (v) => (typeof v !== 'number' || !Number.isFinite(v) ? '' : `${v.toFixed(2)}`);
const thousands = (n) => (typeof n === 'number' && Number.isFinite(n) ? Math.round(n).toLocaleString('en-AU') : '–');
// Figures read back from JSON have lost NaN (it becomes null): format anything.
const fixed = (v, digits = 2) => (typeof v === 'number' && Number.isFinite(v) ? v.toFixed(digits) : '–');
const cpu = (e) =>
  e.failed
    ? ''
    : `${fixed(e.cpuMsPerRequest)}${e.postgresCpuMsPerRequest === null || e.postgresCpuMsPerRequest === undefined ? '' : ` + ${fixed(e.postgresCpuMsPerRequest)}`}`;
const countsLine = (c) =>
  `${thousands(c.leads)} leads, ${thousands(c.clients)} clients, ${thousands(c.contacts)} contacts, ${thousands(c.services)} services`;

function padTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    cells.map((c, i) => (i < 2 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function printResults(run) {
  for (const db of run.databases) {
    for (const size of db.sizes) {
      const a = analyse(size);
      console.log(`\n${db.label}: ${countsLine(size.counts)}`);
      console.log(
        `server peak memory ${thousands(size.server.peakMb)} MB; loaded in ${size.loadSeconds.toFixed(0)} s` +
          (size.ceilingServer ? `; ceiling process peak ${thousands(size.ceilingServer.peakMb)} MB` : ''),
      );
      const header = [
        'endpoint',
        'role',
        '1 user p50',
        'p95',
        '20 conn p50',
        'p95',
        'p99',
        'req/s',
        '×detail',
        'cpu×detail',
        'app÷ceil',
        'cpu ms/req',
        'non-2xx',
      ];
      const rows = [
        ...a.rows.map((e) =>
          e.failed
            ? [e.label, e.role, 'FAILED', e.failed.status, '', '', '', '', '', '', '', '', '']
            : [
                e.label,
                e.role,
                ms(e.alone?.p50),
                ms(e.alone?.p95),
                ms(e.p50),
                ms(e.p95),
                ms(e.p99),
                thousands(e.rps),
                ratio(e.timesDetail),
                ratio(e.cpuTimesDetail),
                ratio(e.appOverCeiling),
                cpu(e),
                e.non2xx + e.errors,
              ],
        ),
        ...(size.ceilings ?? []).map((c) =>
          c.failed
            ? [c.label, '', 'FAILED', c.failed.status, '', '', '', '', '', '', '', '', '']
            : [
                c.label,
                '',
                ms(c.alone?.p50),
                ms(c.alone?.p95),
                ms(c.p50),
                ms(c.p95),
                ms(c.p99),
                thousands(c.rps),
                '',
                '',
                '',
                cpu(c),
                c.non2xx + c.errors,
              ],
        ),
      ];
      console.log(padTable(header, rows));
      for (const [role, r] of Object.entries(a.lastOverFirst))
        console.log(
          `last page ÷ page 1 (${role}): p50 ${ratio(r.p50)}, p95 ${ratio(r.p95)} (target ≤ ${TARGETS.lastOverFirst})`,
        );
      console.log(
        `within ${TARGETS.timesDetail}× the lead detail's p50: ${a.heldRows.length - a.missedDetail.length} of ${a.heldRows.length}` +
          (a.failed.length ? `; ${a.failed.length} endpoint(s) FAILED` : ''),
      );
      for (const line of exportLines(size)) console.log(line);
      for (const line of pdfLines(size)) console.log(line);
    }
    const growth = growthOf(db);
    if (growth) {
      console.log(
        `\n${DB_NAMES[db.kind]} growth, ${thousands(db.sizes[1].counts.leads)} ÷ ${thousands(db.sizes[0].counts.leads)} leads:`,
      );
      console.log(
        padTable(
          ['endpoint', 'role', 'p50 before', 'p50 after', 'p50 ratio', 'p95 ratio', 'cpu ratio', 'target'],
          growth.map((g) => [
            g.label,
            g.after.role,
            ms(g.before.p50),
            ms(g.after.p50),
            ratio(g.p50),
            ratio(g.p95),
            ratio(g.cpu),
            g.targeted ? `≤ ${TARGETS.growth}` : 'reported',
          ]),
        ),
      );
    }
  }
}

/** The services export of every row, per format, against its two targets (time, memory growth). */
function exportLines(size) {
  return (size.exports ?? []).map((e) => {
    const name = e.format === 'csv' ? 'CSV' : 'Excel';
    if (e.failed) return `Export of all services to ${name}: **failed**: ${e.failed}`;
    const rows = e.rows === null ? '' : `${thousands(e.rows)} rows, `;
    return (
      `Export of all services to ${name}: ${rows}${fixed(e.bytes / 1e6, 1)} MB in ${fixed(e.seconds, 1)} s ` +
      `(first byte ${ms(e.firstByteMs)} ms) — target < ${TARGETS.exportSeconds} s: ${verdict(e.seconds < TARGETS.exportSeconds)}; ` +
      `server memory ${thousands(e.rssBeforeMb)} → ${thousands(e.rssHighestMb)} MB, +${thousands(e.growthMb)} MB — ` +
      `target < ${TARGETS.exportGrowthMb} MB: ${verdict(e.growthMb < TARGETS.exportGrowthMb)}`
    );
  });
}

/** The invoice PDFs (one line; 200 lines), p50 of sequential requests, against their targets. */
function pdfLines(size) {
  return (size.pdfs ?? []).map((p) => {
    if (p.failed) return `Invoice PDF of ${p.items} item(s): **failed**: ${p.failed}`;
    const target = p.items === 1 ? TARGETS.pdfOnePageMs : TARGETS.pdf200ItemsMs;
    return (
      `Invoice PDF of ${p.items} item(s): ${p.pages} page(s), ${thousands(Math.round(p.bytes / 1000))} KB, p50 ${ms(p.p50Ms)} ms ` +
      `(max ${ms(p.maxMs)} ms over ${p.runs} requests) — target < ${thousands(target)} ms: ${verdict(p.p50Ms < target)}; ` +
      `server memory +${thousands(p.growthMb)} MB`
    );
  });
}

// ---------------------------------------------------------------------------------------------------------

const verdict = (met) => (met ? 'met' : '**missed**');

function markdownFor(runs) {
  const out = [SECTION_START, ''];
  for (const run of runs) out.push(...runMarkdown(run));
  out.push(SECTION_END);
  return out.join('\n');
}

function runMarkdown(run) {
  const m = run.machine;
  const o = run.options;
  const out = [
    `Measured ${run.measuredAt.slice(0, 10)} by \`npm run bench\` in ${Math.round(run.seconds / 60)} minutes, on ${m.cores} cores ` +
      `(${m.cpuModel}), ${m.memoryGb} GB of memory, Node ${m.node}; load average (1, 5, 15 min) ${m.loadAverageAtStart.join(', ')} at the start and ${(m.loadAverageAtEnd ?? []).join(', ')} at the end. ` +
      `${o.connections} connections for ${o.duration} s per endpoint after a ${o.warmup} s warm-up, over loopback with autocannon in the ` +
      `benchmark's own process; Accept-Encoding \`${o.acceptEncoding}\`. The server in production mode (built web app, ` +
      `\`LOG_LEVEL=info\` to a file), signed in as \`administrator@example.com\` and \`consultant@example.com\`. ` +
      `Latencies in ms: "1 user" is one connection asking ${o.aloneRequests ?? 40} times in a row, the others are the 20 connections'; "× detail" is the 20-connection p50 over the same role's lead-detail p50 and "CPU × detail" the same in CPU per request (steadier when other work shares the machine); "app ÷ ceiling" is requests/s of the ` +
      `app over the bare route running the same service function; CPU is the server process's user + system time per ` +
      `request${run.databases.some((d) => d.kind === 'postgres') ? ' (+ the PostgreSQL backends of the benchmark database, on PostgreSQL)' : ''}.`,
    '',
  ];
  for (const db of run.databases) {
    for (const [i, size] of db.sizes.entries()) {
      const a = analyse(size);
      out.push(
        `#### ${db.label.replace(/ \(\/tmp.*\)$/, '')}${i > 0 ? ' — growth step' : ''}: ${countsLine(size.counts)}`,
        '',
        `Loaded in ${size.loadSeconds.toFixed(0)} s${i > 0 ? ' (the rows added to the first size)' : ''}; ` +
          `${thousands(size.visibleLeads)} leads in the administrator's leads list; the deep page is page ${size.deepDepth}, ` +
          `reached by following \`nextCursor\`; phone search '${size.phone}'. Server peak memory (VmHWM) ` +
          `${thousands(size.server.peakMb)} MB${size.ceilingServer ? `, ceiling process ${thousands(size.ceilingServer.peakMb)} MB` : ''}.`,
        '',
        '| Endpoint | Role | 1 user p50 | 1 user p95 | p50 | p95 | p99 | req/s | × detail | CPU × detail | app ÷ ceiling | CPU ms/req | Non-2xx |',
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
        ...a.rows.map((e) =>
          e.failed
            ? `| ${e.label} | ${ROLE_NAMES[e.role]} | **failed: ${e.failed.status}** | | | | | | | | | | |`
            : `| ${e.label} | ${ROLE_NAMES[e.role]} | ${ms(e.alone?.p50)} | ${ms(e.alone?.p95)} | ${ms(e.p50)} | ${ms(e.p95)} | ${ms(e.p99)} | ${thousands(e.rps)} | ` +
              `${e.timesDetail === null ? '' : e.timesDetail > TARGETS.timesDetail ? `**${ratio(e.timesDetail)}**` : ratio(e.timesDetail)} | ` +
              `${ratio(e.cpuTimesDetail)} | ` +
              `${e.appOverCeiling === null ? '' : e.appOverCeiling < TARGETS.appOverCeiling ? `**${ratio(e.appOverCeiling)}**` : ratio(e.appOverCeiling)} | ` +
              `${cpu(e)} | ${e.non2xx + e.errors || ''} |`,
        ),
        ...(size.ceilings ?? []).map((c) =>
          c.failed
            ? `| ${c.label} | | **failed: ${c.failed.status}** | | | | | | | | | | |`
            : `| ${c.label} | | ${ms(c.alone?.p50)} | ${ms(c.alone?.p95)} | ${ms(c.p50)} | ${ms(c.p95)} | ${ms(c.p99)} | ${thousands(c.rps)} | | | | ${cpu(c)} | ${c.non2xx + c.errors || ''} |`,
        ),
        '',
      );
      const notes = [];
      if (a.heldRows.length)
        notes.push(
          `Lists, deep page, searches and statistics within ${TARGETS.timesDetail}× the lead detail's p50: ` +
            `${a.heldRows.length - a.missedDetail.length} of ${a.heldRows.length}` +
            (a.missedDetail.length
              ? ` (${verdict(false)}: ${a.missedDetail.map((r) => `${r.label}, ${ROLE_NAMES[r.role]} ${ratio(r.timesDetail)}×`).join('; ')})`
              : ` (${verdict(true)})`),
        );
      for (const [role, r] of Object.entries(a.lastOverFirst))
        notes.push(
          `Last page ÷ page 1 (${ROLE_NAMES[role]}): p50 ${ratio(r.p50)}, p95 ${ratio(r.p95)} — target ≤ ${TARGETS.lastOverFirst}: ${verdict(r.p50 <= TARGETS.lastOverFirst)}`,
        );
      for (const r of a.rows.filter((x) => x.appOverCeiling !== null && x.appOverCeiling !== undefined))
        notes.push(
          `App ÷ ceiling, ${r.label}: ${ratio(r.appOverCeiling)} in requests/s, ${ratio(r.appOverCeilingCpu)} in CPU per request (bare route ${ms(r.ceiling.p50)} ms p50, ${thousands(r.ceiling.rps)} req/s) — ` +
            `target ≥ ${TARGETS.appOverCeiling}: ${verdict(r.appOverCeiling >= TARGETS.appOverCeiling)}`,
        );
      // The aims are about one person's wait: held against the one-user p95 where it was measured.
      const aloneP95 = (r) => r.alone?.p95 ?? r.p95;
      const overAim = a.rows.filter((r) => r.aimP95 && !r.failed && aloneP95(r) > r.aimP95);
      const withAim = a.rows.filter((r) => r.aimP95 && !r.failed);
      if (withAim.length)
        notes.push(
          `Aim for one user (p95 of one connection: lists < ${TARGETS.listP95Ms} ms, searches < ${TARGETS.searchP95Ms} ms): ` +
            `${withAim.length - overAim.length} of ${withAim.length}` +
            (overAim.length
              ? ` (over: ${overAim.map((r) => `${r.label}, ${ROLE_NAMES[r.role]} ${ms(aloneP95(r))} ms`).join('; ')})`
              : ''),
        );
      if (a.failed.length)
        notes.push(
          `Failed: ${a.failed.map((r) => `${r.label} (${ROLE_NAMES[r.role]}): ${r.failed.status}`).join('; ')}`,
        );
      notes.push(...exportLines(size));
      notes.push(...pdfLines(size));
      out.push(...notes.map((n) => `- ${n}`), '');
    }
    const growth = growthOf(db);
    if (growth) {
      out.push(
        `#### ${DB_NAMES[db.kind]}: growth ${thousands(db.sizes[1].counts.leads)} ÷ ${thousands(db.sizes[0].counts.leads)} leads`,
        '',
        '| Endpoint (administrator) | p50 before | p50 after | p50 ratio | p95 ratio | CPU/request ratio | Target |',
        '| --- | --- | --- | --- | --- | --- | --- |',
        ...growth.map(
          (g) =>
            `| ${g.label} | ${ms(g.before.p50)} | ${ms(g.after.p50)} | ${g.targeted && g.p50 > TARGETS.growth ? `**${ratio(g.p50)}**` : ratio(g.p50)} | ${ratio(g.p95)} | ${ratio(g.cpu)} | ` +
            `${g.targeted ? `≤ ${TARGETS.growth}: ${verdict(g.p50 <= TARGETS.growth)}` : 'reported'} |`,
        ),
        '',
      );
    } else if (db.sizes.length === 1) {
      out.push(`No growth step on ${DB_NAMES[db.kind]} in this run.`, '');
    }
  }
  return out;
}

/**
 * Rewrites the section from these runs (this run, and the last full run of a database this run did not
 * measure, so that `--db pglite` does not drop PostgreSQL's figures).
 */
export async function writeBenchmarksSection(path, runs) {
  const section = markdownFor(runs);
  let text = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n';
  const start = text.indexOf(SECTION_START);
  const end = text.indexOf(SECTION_END);
  if (start >= 0 && end > start) text = text.slice(0, start) + section + text.slice(end + SECTION_END.length);
  else text = `${text.trimEnd()}\n\n## Load\n\n${section}\n`;
  const options = (await prettier.resolveConfig(path)) ?? {};
  writeFileSync(path, await prettier.format(text, { ...options, filepath: path }));
  console.log(`Wrote the load section of ${path}`);
}
