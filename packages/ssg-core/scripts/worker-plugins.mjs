// esbuild plugins that change a dependency's code as the compile worker's bundle takes it in
// (see scripts/build.mjs). Each checks the shape it rewrites and fails the build when an update of
// the dependency changed it, rather than bundling the code unchanged without a word.
import { readFile } from 'node:fs/promises'

/**
 * Rewrites the files `filter` matches: each edit's pattern (a regular expression whose matches
 * are all replaced) must match as many times as the edit says.
 */
function rewrite(name, filter, ...edits) {
  return {
    name,
    setup(build) {
      build.onLoad({ filter }, async (args) => {
        let text = await readFile(args.path, 'utf8')
        for (const { pattern, replace, count } of edits) {
          const all = new RegExp(pattern.source, pattern.flags.replace('g', '') + 'g')
          const found = text.match(all)?.length ?? 0
          if (found !== count)
            throw new Error(`${args.path}: ${name} expected ${count} of ${pattern}, found ${found}`)
          text = text.replace(all, replace)
        }
        return { contents: text, loader: 'js' }
      })
    },
  }
}

/**
 * The oniguruma engine's WebAssembly is base64 in a JS string, decoded with `atob` and a
 * callback per byte (60 ms of a worker's start): decoded by Buffer instead (1 ms).
 */
export const fastWasmDecode = rewrite(
  'fast-wasm-decode',
  /engine-oniguruma[\\/]dist[\\/]wasm-inlined\.mjs$/,
  {
    pattern: /Uint8Array\.from\(atob\(("[A-Za-z0-9+/=]*")\), c => c\.charCodeAt\(0\)\)/,
    replace: (_, b64) => `new Uint8Array(Buffer.from(${b64}, 'base64'))`,
    count: 1,
  },
)

/**
 * mdast-util-from-markdown calls each token's handler with a new copy of its context (9 fields)
 * plus the token's `sliceSerialize`: an object per enter and exit of a token. One context per document takes each token's `sliceSerialize` instead; no handler of
 * the extensions in use sets a field of `this` (they keep state in `this.data`, shared by the
 * copies too), so the trees are the same. Parsing 600 corpus pages twice (gfm): CPU 10.6-12.2 s
 * -> 8.7-10.4 s, three alternating pairs; trees equal on the corpus and the docs site (2,145
 * files).
 */
export const sharedCompileContext = rewrite(
  'shared-compile-context',
  /mdast-util-from-markdown[\\/]lib[\\/]index\.js$/,
  {
    pattern: /^(\s*)events = prepared;$/m,
    replace: '$1events = prepared;$1const shared = { ...context, sliceSerialize: undefined };',
    count: 1,
  },
  {
    pattern:
      /handler\[events\[index\]\[1\]\.type\]\.call\(\{\s*\.\.\.context,\s*sliceSerialize: events\[index\]\[2\]\.sliceSerialize\s*\}, events\[index\]\[1\]\);/,
    replace:
      'shared.sliceSerialize = events[index][2].sliceSerialize;\n' +
      'handler[events[index][1].type].call(shared, events[index][1]);',
    count: 1,
  },
)
