// Builds the playground, perceptron-wasm/playground, into dist/playground/ (scripts/build.mjs
// calls it once dist/ holds the package): web/shell/element.js and every view it imports bundled
// by esbuild into one module, index.js, which defines <perceptron-playground>. What the source
// finds at the dev server's mounts becomes a path inside the package, so the module finds
// everything from its own URL, on any host and in any bundler:
//
//   ../pkg/index.js, ../pkg/worker-client.js   ->  ../index.js, ../worker-client.js (the package's
//                                                   entry, its Worker and .wasm found from theirs)
//   ../vendor/uplot/uPlot.esm.js               ->  ./vendor/uplot/uPlot.esm.js, uPlot's ESM build
//                                                   from node_modules/uplot, minified, with its LICENSE
//   import sheet from './x.css' with { type: 'css' }  ->  a CSSStyleSheet built from the file's
//                                                   text (minified) in the bundle: no URL at run time
//
// The types are web/shell/element.d.ts, copied as index.d.ts.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const UPLOT = join(root, 'node_modules/uplot');

// A CSS file as a module whose default export is its constructable style sheet (outside a
// browser, where there is no CSSStyleSheet, its text: importing the module never throws).
const sheetModule = (css) => `const text = ${JSON.stringify(css)};
let sheet = text;
if (typeof CSSStyleSheet === 'function') {
  sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
}
export default sheet;
`;

function playgroundPlugin(transformSync) {
  return {
    name: 'perceptron-playground',
    setup(build) {
      build.onResolve({ filter: /\/pkg\/(index|worker-client)\.js$/ }, (args) => ({
        path: `../${args.path.split('/').pop()}`,
        external: true,
      }));
      build.onResolve({ filter: /\/vendor\/uplot\/uPlot\.esm\.js$/ }, () => ({
        path: './vendor/uplot/uPlot.esm.js',
        external: true,
      }));
      build.onResolve({ filter: /\.css$/ }, (args) => {
        if (args.with?.type !== 'css') return { errors: [{ text: `${args.path}: import CSS with { type: 'css' }` }] };
        const path = /\/vendor\/uplot\//.test(args.path)
          ? join(UPLOT, 'dist', args.path.split('/').pop())
          : resolve(dirname(args.importer), args.path);
        return { path, namespace: 'css-sheet' };
      });
      build.onLoad({ filter: /.*/, namespace: 'css-sheet' }, (args) => {
        const css = transformSync(readFileSync(args.path, 'utf8'), { loader: 'css', minify: true }).code;
        return { contents: sheetModule(css.trim()), loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

/** dist/playground/: index.js (the bundle), index.d.ts, vendor/uplot/{uPlot.esm.js, LICENSE}. */
export async function buildPlayground({ dist = join(root, 'dist') } = {}) {
  const { build, transformSync } = await import('esbuild');
  const out = join(dist, 'playground');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(out, 'vendor/uplot'), { recursive: true });
  await build({
    entryPoints: [join(root, 'web/shell/element.js')],
    outfile: join(out, 'index.js'),
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    keepNames: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [playgroundPlugin(transformSync)],
  });
  copyFileSync(join(root, 'web/shell/element.d.ts'), join(out, 'index.d.ts'));
  // uPlot's ESM build minified (its copyright header kept: esbuild keeps /** … */ comments that
  // say so only with legalComments), and its licence beside it.
  const uplot = readFileSync(join(UPLOT, 'dist/uPlot.esm.js'), 'utf8');
  const header = uplot.match(/^\/\*\*[\s\S]*?\*\//)?.[0] ?? '';
  const minified = transformSync(uplot, {
    format: 'esm',
    minify: true,
    legalComments: 'none',
    sourcefile: 'uPlot.esm.js',
  });
  writeFileSync(join(out, 'vendor/uplot/uPlot.esm.js'), `${header}\n${minified.code}`);
  copyFileSync(join(UPLOT, 'LICENSE'), join(out, 'vendor/uplot/LICENSE'));
}
