// A site whose search index is split into parts, and its output compared with a cold build's:
// search files by content, their names mapped, `builtAt` left out (see `comparable`).
import { cp, readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { partNames } from '@ssg/search-indexer'
import { build } from '../src/pipeline/build.js'
import { makeSite } from './helpers.js'

export const at = (ms: number) => () => new Date(ms)

/** 110 pages of 10 sections of words from a large vocabulary: an index over the split threshold. */
export function siteFiles(): Record<string, string> {
  let seed = 11
  const word = () => {
    seed = (seed * 48271) % 2147483647
    return 'w' + (seed % 400000).toString(36)
  }
  const files: Record<string, string> = {
    'content/docs/index.md': '# Home\n\nSee [page 1](/docs/page-1).\n',
  }
  for (let p = 0; p < 110; p++) {
    const sections = Array.from(
      { length: 10 },
      (_, s) => `## Part ${p}-${s}\n\n${Array.from({ length: 400 }, word).join(' ')}\n`,
    )
    files[`content/docs/page-${p}.md`] = `# Page ${p}\n\n${sections.join('\n')}`
  }
  return files
}

/** Every file of a build folder: relative path -> bytes. */
export async function outputOf(root: string): Promise<Map<string, Buffer>> {
  const dir = path.join(root, 'build')
  const out = new Map<string, Buffer>()
  for (const file of (await readdir(dir, { recursive: true })).sort()) {
    const full = path.join(dir, file)
    if ((await stat(full)).isFile()) out.set(file.split(path.sep).join('/'), await readFile(full))
  }
  return out
}

/**
 * The output with the search files in a form independent of their names: the part files by the
 * position the main files list them at, each without `builtAt`.
 */
export function comparable(files: Map<string, Buffer>): Map<string, string> {
  const out = new Map<string, string>()
  const json = (name: string) => JSON.parse(files.get(name)!.toString('utf8'))
  const docName = [...files.keys()].find((f) => /^search-doc-\d+\.json$/.test(f))!
  const indexName = [...files.keys()].find((f) => /^search-index-\d+\.json$/.test(f))!
  const doc = json(docName)
  const index = json(indexName)
  const parts: Array<[string, string]> = [
    // A small site's index is one file (no parts).
    ...partNames('index', index.parts?.files ?? []).map((f, k): [string, string] => [
      f,
      `index part ${k}`,
    ]),
    ...partNames('prefix', index.parts?.prefixes ?? []).map((f, k): [string, string] => [
      f,
      `prefix part ${k}`,
    ]),
    ...partNames('doc', doc.parts?.files ?? []).map((f, k): [string, string] => [
      f,
      `doc part ${k}`,
    ]),
  ]
  const stripped = (value: Record<string, unknown>) => JSON.stringify({ ...value, builtAt: null })
  for (const [file, label] of parts) out.set(label, stripped(json(file)))
  out.set('search doc', stripped({ ...doc, parts: { ...doc.parts, files: null } }))
  out.set(
    'search index',
    stripped({ ...index, parts: { ...index.parts, files: null, prefixes: null } }),
  )
  // The main files' names are this build's in both (the build file, `_ssg/build.json`, names them).
  const named = new Set([...parts.map(([file]) => file)])
  for (const [file, bytes] of files) {
    if (!named.has(file) && file !== docName && file !== indexName)
      out.set(file, bytes.toString('latin1'))
  }
  out.set('main search files', `${docName} ${indexName}`)
  return out
}

/** The files of a cold build of the site's content (its files' times kept: pages show them). */
export async function coldBuild(site: string, now: () => Date): Promise<Map<string, string>> {
  const root = await makeSite({ files: {} })
  await cp(path.join(site, 'content'), path.join(root, 'content'), {
    recursive: true,
    preserveTimestamps: true,
  })
  await build({ root, workers: 0, now })
  return comparable(await outputOf(root))
}

/** The files that differ between two outputs (by name, see `comparable`). */
export function differences(a: Map<string, string>, b: Map<string, string>): string[] {
  return [...new Set([...a.keys(), ...b.keys()])].filter((file) => a.get(file) !== b.get(file))
}
