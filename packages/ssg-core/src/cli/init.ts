import { existsSync, readdirSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { SsgError } from '../util/errors.js'
import { siteTemplate } from './init-template.js'

export interface InitOptions {
  /** The folder to create the site in (created when missing). */
  dir: string
  /** @default from the folder name */
  title?: string
  /** Write into a folder that is not empty. @default false */
  force?: boolean
}

/** Folders a new site may be created in even though they hold these. */
const IGNORED = new Set(['.git', '.DS_Store'])

/**
 * `ssg init`: writes a site that builds with no warnings and serves with one command. Refuses a
 * folder that is not empty unless `force` (then files of the same names are replaced). Resolves
 * with the files written, relative to `dir`.
 */
export async function initSite(options: InitOptions): Promise<string[]> {
  const dir = path.resolve(options.dir)
  const shown = path.relative(process.cwd(), dir) || '.'
  if (existsSync(dir)) {
    let entries: string[]
    try {
      entries = readdirSync(dir).filter((e) => !IGNORED.has(e))
    } catch (error) {
      throw new SsgError(`Cannot create a site in \`${shown}\`: it is not a readable folder`, {
        cause: error,
      })
    }
    if (entries.length && !options.force)
      throw new SsgError(
        `\`${shown}\` is not empty (it holds ${list(entries)}); choose an empty or new folder, or pass --force to write the site's files into it (files of the same names are replaced)`,
      )
  }
  const name = path.basename(dir)
  const files = siteTemplate({
    title: options.title ?? titleOf(name),
    name: packageName(name),
    ssg: ssgCommand(dir),
  })
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true })
    await writeFile(path.join(dir, file), content)
  }
  return Object.keys(files)
}

/**
 * How the new site's scripts run ssg: `ssg` when the folder resolves this package (installed
 * there or in a parent's node_modules), else this very copy by its path (a checkout of the
 * toolkit, or a global install), which works with no install step.
 */
function ssgCommand(dir: string): string {
  const bin = fileURLToPath(new URL('bin/ssg.js', packageRoot()))
  try {
    const found = createRequire(path.join(dir, 'package.json')).resolve('@ssg/core/package.json')
    if (path.dirname(found) === fileURLToPath(packageRoot()).replace(/\/$/, '')) return 'ssg'
  } catch {
    // Not resolvable from there: use this copy.
  }
  return `node ${JSON.stringify(bin)}`
}

/** This package's folder as a URL ending in a slash (from src/cli/, dist/ or dist/chunks/). */
function packageRoot(): URL {
  for (const up of ['../../', '../', '../../../']) {
    const url = new URL(up, import.meta.url)
    if (existsSync(new URL('bin/ssg.js', url)) && existsSync(new URL('package.json', url)))
      return url
  }
  throw new SsgError('Cannot find the @ssg/core package folder (its bin/ssg.js)')
}

function titleOf(name: string): string {
  const words = name.replace(/[-_.]+/g, ' ').trim() || 'Docs'
  return words[0]!.toUpperCase() + words.slice(1)
}

function packageName(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[._-]+|-+$/g, '') || 'docs'
  )
}

function list(entries: string[]): string {
  const shown = entries.slice(0, 3).map((e) => `\`${e}\``)
  return entries.length > 3
    ? `${shown.join(', ')} and ${entries.length - 3} more`
    : shown.join(', ')
}
