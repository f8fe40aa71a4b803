// What `ssg serve`'s server thread imports at its start: the static import graph of the CLI and
// of the dev server (dynamic imports load later, when asked for). The compile stack belongs to
// the compile threads; a static import of it (one helper in the wrong file is enough) makes every
// start load and compile dozens of modules on the thread the first page waits for.
import { fileURLToPath } from 'node:url'
import { build, type Metafile } from 'esbuild'
import { describe, expect, test } from 'vitest'

const packageDir = fileURLToPath(new URL('..', import.meta.url))

/** Packages the server thread must not import at its start (the compile stack, the watcher). */
const LATER =
  /^(unified|remark-|rehype-|micromark|mdast-util-|hast-util-|unist-util-|vfile|shiki$|shiki\/(?!langs$)|beautiful-mermaid|ajv|@apidevtools\/|yaml|js-yaml|react|react-dom|chokidar)/

/** Each package imported statically from `entries`, with the chain of files that reaches it. */
function staticPackages(metafile: Metafile, entries: string[]): Map<string, string[]> {
  const chains = new Map<string, string[]>(entries.map((e) => [e, [e]]))
  const queue = [...entries]
  const packages = new Map<string, string[]>()
  while (queue.length) {
    const file = queue.shift()!
    for (const imported of metafile.inputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue
      if (imported.external) {
        if (!imported.path.startsWith('node:') && !packages.has(imported.path))
          packages.set(imported.path, chains.get(file)!)
        continue
      }
      if (chains.has(imported.path)) continue
      chains.set(imported.path, [...chains.get(file)!, imported.path])
      queue.push(imported.path)
    }
  }
  return packages
}

/** esbuild's metafile of `entries`, packages left out. */
async function graphOf(entries: string[]): Promise<Metafile> {
  const { metafile } = await build({
    absWorkingDir: packageDir,
    entryPoints: entries,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: 'out',
    logLevel: 'silent',
  })
  return metafile
}

describe("ssg serve's server thread at its start", () => {
  test('imports none of the compile stack', async () => {
    const entries = ['src/cli/main.ts', 'src/serve/dev-server.ts']
    const packages = staticPackages(await graphOf(entries), entries)
    // The check sees the graph: the dev server's own imports are there.
    expect([...packages.keys()]).toContain('esbuild')
    const found = [...packages]
      .filter(([name]) => LATER.test(name))
      .map(([name, chain]) => `${name} <- ${[...chain].reverse().join(' <- ')}`)
    expect(found).toEqual([])
  })
})

describe('ssg build at its start', () => {
  // esbuild took 70-130 ms to load: an edit build whose config and client bundle are cached
  // runs none of it (issue #17).
  test('imports no esbuild', async () => {
    const entries = ['src/cli/main.ts', 'src/cli/build-command.ts']
    const packages = staticPackages(await graphOf(entries), entries)
    expect([...packages.keys()]).toContain('@ssg/search-indexer')
    expect(packages.get('esbuild')).toBeUndefined()
  })
})
