/**
 * The theme's public API as a release sees it: the export names of the package, the component
 * manifest (name -> stability) and the slot names. `api-lock.json` holds the API of the last
 * release; `checkApi` decides whether the current API may differ from it given the pending
 * changesets (`.changeset/*.md`) and the package version.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

export type StabilityLevel = 'stable' | 'unstable' | 'internal'

export interface ApiSnapshot {
  /** Package version the snapshot was taken at. */
  version: string
  exports: string[]
  components: Record<string, StabilityLevel>
  slots: string[]
}

export type Bump = 'major' | 'minor' | 'patch'

export const PACKAGE_NAME = '@ssg/theme-react'

const RANK: Record<StabilityLevel, number> = { internal: 0, unstable: 1, stable: 2 }
const BUMP_RANK: Record<Bump, number> = { patch: 0, minor: 1, major: 2 }

/** The bumps pending for `packageName` in the changeset files of `dir` (file name -> bump). */
export function pendingBumps(dir: string, packageName = PACKAGE_NAME): Map<string, Bump> {
  const bumps = new Map<string, Bump>()
  let names: string[]
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.md') && n !== 'README.md')
  } catch {
    return bumps
  }
  for (const name of names) {
    const text = readFileSync(path.join(dir, name), 'utf8')
    const header = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? ''
    for (const line of header.split(/\r?\n/)) {
      const match = /^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch)\s*$/.exec(line)
      if (match && match[1] === packageName) bumps.set(name, match[2] as Bump)
    }
  }
  return bumps
}

/** The kind of bump from one version to the next (0.x: a minor bump may break, as in semver). */
export function releasedBump(from: string, to: string): Bump | null {
  const parse = (v: string) => v.split(/[.+-]/).slice(0, 3).map(Number)
  const [a0 = 0, a1 = 0, a2 = 0] = parse(from)
  const [b0 = 0, b1 = 0, b2 = 0] = parse(to)
  if (b0 !== a0) return b0 > a0 ? 'major' : null
  if (b1 !== a1) return b1 > a1 ? (a0 === 0 ? 'major' : 'minor') : null
  if (b2 !== a2) return b2 > a2 ? (a0 === 0 ? 'minor' : 'patch') : null
  return null
}

export interface ApiCheck {
  /** Removed or renamed exports, components, slots; stability lowered. */
  breaking: string[]
  /** New exports, components, slots; stability raised. */
  additions: string[]
  /** The bump the difference needs, or null when there is none. */
  needs: Bump | null
  /** The bump recorded: the largest pending changeset, or the release made since the lock. */
  recorded: Bump | null
  ok: boolean
  /** What is wrong and how to fix it (empty when ok). */
  message: string
}

export function checkApi(options: {
  lock: ApiSnapshot
  current: ApiSnapshot
  pending: Map<string, Bump>
}): ApiCheck {
  const { lock, current, pending } = options
  const breaking: string[] = []
  const additions: string[] = []
  const compare = (kind: string, before: string[], after: string[]) => {
    for (const name of before)
      if (!after.includes(name)) breaking.push(`${kind} \`${name}\` removed`)
    for (const name of after)
      if (!before.includes(name)) additions.push(`${kind} \`${name}\` added`)
  }
  compare('export', lock.exports, current.exports)
  compare('component', Object.keys(lock.components), Object.keys(current.components))
  compare('slot', lock.slots, current.slots)
  for (const [name, before] of Object.entries(lock.components)) {
    const after = current.components[name]
    if (!after || after === before) continue
    if (RANK[after] < RANK[before])
      breaking.push(`component \`${name}\` lowered from ${before} to ${after}`)
    else additions.push(`component \`${name}\` raised from ${before} to ${after}`)
  }
  const needs: Bump | null = breaking.length ? 'major' : additions.length ? 'minor' : null
  const bumps = [...pending.values(), releasedBump(lock.version, current.version)].filter(
    (b): b is Bump => b !== null,
  )
  const recorded = bumps.reduce<Bump | null>(
    (max, b) => (max === null || BUMP_RANK[b] > BUMP_RANK[max] ? b : max),
    null,
  )
  const ok = needs === null || (recorded !== null && BUMP_RANK[recorded] >= BUMP_RANK[needs])
  const message = ok
    ? ''
    : [
        `The public API of ${PACKAGE_NAME} changed since ${lock.version} (api-lock.json):`,
        ...[...breaking, ...additions].map((line) => `  - ${line}`),
        `This needs a ${needs} release, but ${recorded ? `only a ${recorded} one is recorded` : 'no changeset records it'}.`,
        `Record it: \`pnpm changeset\`, choose ${PACKAGE_NAME} and "${needs}", and describe the change` +
          (breaking.length ? ' and how to migrate.' : '.'),
      ].join('\n')
  return { breaking, additions, needs, recorded, ok, message }
}
