// Vite plugins of the web build: Brotli and gzip copies of the built files, and a check that every
// Mantine component in the bundle has its styles imported (the app imports them per component).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What browsers fetch as text. Not maps (only developer tools read them) nor index.html (sent with a nonce). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each compressible file of the build,
 * which @fastify/static serves with `preCompressed` (apps/server/src/app.ts): the best compression,
 * paid once at build time instead of on every request.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'crm:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await listFiles(outDir);
      const written = await Promise.all(
        files
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const content = await readFile(file);
            if (content.length < MIN_BYTES) return 0;
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: 9 }),
            ]);
            // A copy that is not smaller is not worth serving (the server falls back to the file).
            if (br.length < content.length) await writeFile(`${file}.br`, br);
            if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
            return 1;
          }),
      );
      this.info(`compressed ${written.reduce<number>((n, w) => n + w, 0)} files (.br, .gz)`);
    },
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/** `@mantine/<package>/esm/…/<Name>.module.mjs`: the class names of a component with its own styles. */
const MANTINE_CSS_MODULE = /[\\/]@mantine[\\/]([a-z]+)[\\/]esm[\\/](?:.*[\\/])?([A-Za-z-]+)\.module\.mjs$/;
const MANTINE_STYLES = /[\\/]@mantine[\\/]([a-z]+)[\\/]styles(?:[\\/]([A-Za-z-]+))?(?:\.layer)?\.css$/;

/**
 * Fails the build when a Mantine component is bundled without its styles: the app imports
 * @mantine/core's styles per component (src/app/mantine-styles.ts), so a newly used component would
 * otherwise render unstyled. Other Mantine packages need their one styles.css.
 */
export function mantineStylesGuard(): Plugin {
  return {
    name: 'crm:mantine-styles-guard',
    apply: 'build',
    generateBundle(_options, bundle) {
      // Components that made it into the output (the package index imports every one of them).
      const used = new Map<string, Set<string>>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const [id, module] of Object.entries(chunk.modules)) {
          const component = MANTINE_CSS_MODULE.exec(id);
          if (!component || module.renderedLength === 0) continue;
          const [, pkg = '', name = ''] = component;
          if (!used.has(pkg)) used.set(pkg, new Set());
          used.get(pkg)!.add(name);
        }
      }
      // Stylesheets render no code of their own: an import anywhere in the graph counts.
      const imported = new Set<string>();
      for (const id of this.getModuleIds()) {
        const styles = MANTINE_STYLES.exec(id.split('?')[0]!);
        if (styles) imported.add(styles[2] ? `${styles[1]}/${styles[2]}` : `${styles[1]}`);
      }
      const missing: string[] = [];
      for (const [pkg, names] of used) {
        if (imported.has(pkg)) continue; // the package's whole styles.css
        if (pkg !== 'core') {
          missing.push(`@mantine/${pkg}/styles.css`);
          continue;
        }
        for (const name of names) if (!imported.has(`core/${name}`)) missing.push(`@mantine/core/styles/${name}.css`);
      }
      if (missing.length > 0) {
        this.error(
          `Mantine components are used without their styles. Import ${missing.join(', ')} ` +
            '(core components: in apps/web/src/app/mantine-styles.ts, in the order of @mantine/core/styles.css; ' +
            "another package's styles.css: beside the code that uses it).",
        );
      }
    },
  };
}
