// Builds the playground, perceptron-wasm/playground, into dist/playground/ (scripts/build.mjs
// calls it once dist/ holds the package): web/shell/element.js and every view it imports bundled
// by esbuild into one module, index.js, which defines <perceptron-playground>. What the source
// finds at the dev server's mounts becomes a path inside the package, so the module finds
// everything from its own URL, on any host and in any bundler:
//
//   ../pkg/index.js, ../pkg/worker-client.js   ->  ../index.js, ../worker-client.js (the package's
//                                                   entry, its Worker and .wasm found from theirs)
//   ../pkg/course/index.js                     ->  ../course/index.js (perceptron-wasm/course: the
//                                                   quiz's New exercise imports it when pressed)
//   import sheet from './x.css' with { type: 'css' }  ->  a CSSStyleSheet built from the file's
//                                                   text (minified) in the bundle: no URL at run time
//
// The types are web/shell/element.d.ts, copied as index.d.ts.
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

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
      build.onResolve({ filter: /\/pkg\/(index|worker-client|course\/index)\.js$/ }, (args) => ({
        path: `../${args.path.split('/pkg/').pop()}`,
        external: true,
      }));
      build.onResolve({ filter: /\.css$/ }, (args) => {
        if (args.with?.type !== 'css') return { errors: [{ text: `${args.path}: import CSS with { type: 'css' }` }] };
        return { path: resolve(dirname(args.importer), args.path), namespace: 'css-sheet' };
      });
      build.onLoad({ filter: /.*/, namespace: 'css-sheet' }, (args) => {
        const css = transformSync(readFileSync(args.path, 'utf8'), { loader: 'css', minify: true }).code;
        return { contents: sheetModule(css.trim()), loader: 'js', resolveDir: dirname(args.path) };
      });
    },
  };
}

/** dist/playground/: index.js (the bundle) and index.d.ts. */
export async function buildPlayground({ dist = join(root, 'dist') } = {}) {
  const { build, transformSync } = await import('esbuild');
  const out = join(dist, 'playground');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
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
}
