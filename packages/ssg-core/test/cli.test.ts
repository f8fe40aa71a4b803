// `ssg` as a user runs it: bin/ssg.js (which loads dist/, built by `pnpm build` before the tests)
// in a child process, its two output streams and its exit code.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, test } from 'vitest'
import { COMMANDS } from '../src/cli/commands.js'
import type { JsonReport } from '../src/report/json-report.js'
import { makeSite } from './helpers.js'

const packageDir = fileURLToPath(new URL('..', import.meta.url))
const bin = path.join(packageDir, 'bin/ssg.js')

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs `ssg <args>` to its end (not on a terminal: stdout and stderr are pipes). */
function ssg(args: string[], options: { cwd?: string } = {}) {
  // No colour settings of the test runner's: plain text, as in a CI log.
  const { NO_COLOR: _no, FORCE_COLOR: _force, ...env } = process.env
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: options.cwd ?? packageDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

/** The output with this machine's path of ERRORS.md replaced, for snapshots. */
function portable(text: string): string {
  return text.replaceAll(new URL('../ERRORS.md', import.meta.url).href, 'ERRORS.md')
}

beforeAll(() => {
  // dist/ older than a source file would test yesterday's CLI.
  const dist = path.join(packageDir, 'dist/cli.js')
  if (!existsSync(dist)) throw new Error('dist/cli.js is missing: run `pnpm build` first')
  const newest = Math.max(
    ...(readdirSync(path.join(packageDir, 'src'), { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => statSync(path.join(packageDir, 'src', f)).mtimeMs),
  )
  if (statSync(dist).mtimeMs < newest)
    throw new Error('dist/ is older than src/: run `pnpm build` (or `node scripts/build.mjs`)')
})

describe('help', () => {
  test('ssg --help names every command; ssg <command> --help documents every flag', async () => {
    const main = await ssg(['--help'])
    expect(main.code).toBe(0)
    for (const command of COMMANDS) {
      expect(main.stdout).toContain(`  ${command.name} `)
      const help = await ssg([command.name, '--help'])
      expect(help.code).toBe(0)
      expect(help.stdout).toContain(`Usage: ssg ${command.name}`)
      for (const flag of command.flags) expect(help.stdout).toContain(`--${flag.name}`)
    }
    expect((await ssg(['help', 'build'])).stdout).toContain('--strict')
  })

  test('--version', async () => {
    expect((await ssg(['--version'])).stdout.trim()).toMatch(/^\d+\.\d+\.\d+/)
  })
})

describe('a wrong command line names what is wrong and exits 2', () => {
  test.each([
    [['build', '--stirct'], 'ssg build: unknown flag `--stirct`; did you mean `--strict`?'],
    [['build', '--verbos'], 'ssg build: unknown flag `--verbos`; did you mean `--verbose`?'],
    [
      ['build', '--port', '3000'],
      'ssg build: `--port` is a flag of `ssg serve`, not of `ssg build`',
    ],
    [
      ['build', '--workers', 'many'],
      'ssg build: `--workers`: expected a number of worker threads from 0 to 64, received `many`',
    ],
    [['build', '--workers'], 'ssg build: `--workers` needs a value: `--workers <n>`'],
    [['build', '--strict=yes'], 'ssg build: `--strict` takes no value (received `yes`)'],
    [['build', 'a', 'b'], 'ssg build: expected one siteDir, received `a` and `b`'],
    [
      ['build', '--quiet', '--verbose'],
      'ssg build: `--quiet` and `--verbose` ask for opposite things: pick one',
    ],
    [
      ['serve', '--port', '70000'],
      'ssg serve: `--port`: expected a port number from 0 to 65535, received `70000`',
    ],
    [
      ['serve', '--port', '-1'],
      'ssg serve: `--port`: expected a port number from 0 to 65535, received `-1`',
    ],
    [['biuld'], 'ssg: unknown command `biuld`; did you mean `build`?'],
    [['--strict', 'build'], 'ssg: `--strict` goes after the command: `ssg build --strict`'],
  ])('ssg %j', async (args, message) => {
    const run = await ssg(args)
    expect(run.code).toBe(2)
    expect(run.stdout).toBe('')
    const [first, second] = run.stderr.trim().split('\n')
    expect(first).toBe(message)
    expect(second).toMatch(/^Run `ssg( \w+)? --help` for the usage\.$/)
  })
})

/**
 * A folder with hundreds of warnings and two errors: 240 pages, each with a code block in a
 * language nobody knows and a link to a heading that does not exist, and two broken links.
 */
async function noisySite(): Promise<string> {
  const files: Record<string, string> = {
    'content/docs/index.md': '# Home\n\nStart at [page 1](/docs/page-001).\n',
    'content/docs/zz-last.md':
      '# Last\n\nSee [the guide](/docs/guide) and [page 1](/docs/page-1).\n',
  }
  for (let i = 1; i <= 240; i++) {
    const n = String(i).padStart(3, '0')
    files[`content/docs/page-${n}.md`] =
      `# Page ${n}\n\nSome text.\n\n\`\`\`foolang\nlet x = ${i}\n\`\`\`\n\n[Up](#top)\n`
  }
  return makeSite({ files })
}

describe('ssg build on a folder with hundreds of warnings', () => {
  let root: string
  beforeAll(async () => {
    root = await noisySite()
  })

  test('prints under 60 lines, errors first, warnings by rule, one summary line', async () => {
    const run = await ssg(['build', root, '--workers', '0'], { cwd: root })
    expect(run.code).toBe(1)
    const lines = (run.stdout + run.stderr).trimEnd().split('\n')
    expect(lines.length).toBeLessThan(60)
    const out = run.stdout.split('\n')
    const firstWarning = out.findIndex((l) => l.startsWith('warning  '))
    expect(out.findLastIndex((l) => l.startsWith('error  '))).toBeLessThan(firstWarning)
    expect(out.filter((l) => l.startsWith('ssg: '))).toHaveLength(1)
    // Not a terminal: progress is one line per stage, on stderr.
    expect(run.stderr).toMatch(/^ssg: load config \(\d+\.\d+ s\)$/m)
    expect(run.stderr).toMatch(/^ssg: parse \+ transform: 242 pages \(\d+\.\d+ s\)$/m)
    expect(portable(run.stdout)).toMatchInlineSnapshot(`
      "error  content/docs/zz-last.md:3:5  Cannot find page \`/docs/guide\`; did you mean \`/docs/\`?  [missing-page]
          2 | 
        > 3 | See [the guide](/docs/guide) and [page 1](/docs/page-1).
            |     ^
          4 | 
      error  content/docs/zz-last.md:3:34  Cannot find page \`/docs/page-1\`; did you mean \`/docs/page-001\`?  [missing-page]
          2 | 
        > 3 | See [the guide](/docs/guide) and [page 1](/docs/page-1).
            |                                  ^
          4 | 
        fix: link to an existing route (the message suggests the closest), or add a redirect
        see ERRORS.md#missing-page

      warning  unknown-language ×240  a code block names a language the highlighter does not know; shown without highlighting
        content/docs/page-001.md:5:1  Unknown code language \`foolang\`; the block is shown without highlighting (map it to a known language with \`markdown.languageAliases\` in the config)  (×240 in 240 files)
        fix: use a language name shiki knows (or \`text\`), or map the name with \`markdown.languageAliases\`
        silence: messages: { 'unknown-language': 'off' } in ssg.config.ts
        see ERRORS.md#unknown-language

      warning  missing-anchor ×240  a \`#fragment\` names no heading or id of the linked page
        content/docs/page-001.md:9:1  Cannot find heading \`#top\` on this page  (×240 in 240 files)
        fix: link to a heading id that exists (the message suggests the closest), or add an id
        silence: messages: { 'missing-anchor': 'off' } in ssg.config.ts
        see ERRORS.md#missing-anchor

      ssg: build failed: 2 errors (missing-page 2), 480 warnings (unknown-language 240, missing-anchor 240); nothing written
      "
    `)
  })

  test('--json: one report on stdout and nothing else', async () => {
    const run = await ssg(['build', root, '--json', '--workers', '0'], { cwd: root })
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('')
    const report = JSON.parse(run.stdout) as JsonReport
    expect(report).toMatchObject({
      format: 1,
      ok: false,
      strict: false,
      root,
      outDir: path.join(root, 'build'),
      pages: 242,
      counts: {
        errors: 2,
        warnings: 480,
        byRule: {
          'missing-page': { errors: 2, warnings: 0 },
          'unknown-language': { errors: 0, warnings: 240 },
          'missing-anchor': { errors: 0, warnings: 240 },
        },
      },
    })
    expect(report.messages).toHaveLength(482)
    expect(report.messages[0]).toEqual({
      severity: 'error',
      ruleId: 'missing-page',
      file: 'content/docs/zz-last.md',
      line: 3,
      column: 5,
      message: 'Cannot find page `/docs/guide`; did you mean `/docs/`?',
      help: new URL('../ERRORS.md#missing-page', import.meta.url).href,
    })
    expect(report.timings.map((t) => t.stage)).toContain('parse + transform')
    expect(report.timings.every((t) => t.ms >= 0)).toBe(true)
  })

  test('--quiet: only the errors and the summary', async () => {
    const run = await ssg(['build', root, '--quiet', '--workers', '0'], { cwd: root })
    expect(run.code).toBe(1)
    expect(run.stderr).toBe('')
    expect(run.stdout).not.toContain('warning  ')
    expect(run.stdout).toContain('error  content/docs/zz-last.md:3:5')
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(/^ssg: build failed: 2 errors/)
  })

  test('--verbose: every message', async () => {
    const run = await ssg(['build', root, '--verbose', '--workers', '0'], { cwd: root })
    expect(run.stdout.split('\n').filter((l) => l.includes('Unknown code language'))).toHaveLength(
      240,
    )
    expect(run.stdout).toMatch(/^ssg: stages: load config \d+ ms, /m)
  })
})

describe('severities', () => {
  test('config `messages` silences a rule; --strict fails on the warnings left', async () => {
    const root = await makeSite({
      files: {
        'content/docs/index.md': '# Home\n\n```foolang\nx\n```\n\n[Up](#top)\n',
      },
      config: { messages: { 'unknown-language': 'off' } },
    })
    const run = await ssg(['build', root, '--workers', '0'], { cwd: root })
    expect(run.code).toBe(0)
    expect(run.stdout).not.toContain('unknown-language')
    expect(run.stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^ssg: built 1 pages in \d+\.\d\d s -> build: 0 errors, 1 warning \(missing-anchor 1\)$/,
    )
    await writeFile(path.join(root, 'content/docs/index.md'), '# Home\n\n[Up](#nowhere)\n')
    const before = await readdir(path.join(root, 'build/docs'))
    const strict = await ssg(['build', root, '--strict', '--workers', '0'], { cwd: root })
    expect(strict.code).toBe(1)
    expect(strict.stdout).toContain('error  content/docs/index.md:3:1  Cannot find heading')
    expect(strict.stdout.trimEnd().split('\n').at(-1)).toBe(
      'ssg: build failed (--strict: warnings count as errors): 1 error (missing-anchor 1), 0 warnings; nothing written, build is as it was',
    )
    expect(await readdir(path.join(root, 'build/docs'))).toEqual(before)
  })

  test('an unknown rule in the config names the key and the closest rule', async () => {
    const root = await makeSite({
      files: { 'content/docs/index.md': '# Home\n' },
      config: { messages: { 'unknown-lang': 'off' } },
    })
    const run = await ssg(['build', root], { cwd: root })
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(
      'messages.unknown-lang: no rule `unknown-lang`; did you mean `unknown-language`?',
    )
  })
})

describe('ssg init', () => {
  test('writes the site into a new folder and says what to run', async () => {
    const dir = path.join(await mkdtemp(path.join(tmpdir(), 'ssg-init-')), 'my-docs')
    const run = await ssg(['init', dir])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('npm start')
    expect((await readdir(dir, { recursive: true })).sort()).toEqual([
      '.gitignore',
      'content',
      'content/docs',
      'content/docs/index.md',
      'content/docs/writing-pages.md',
      'content/pages',
      'content/pages/index.md',
      'package.json',
      'ssg.config.ts',
    ])
  })

  test('refuses a folder that is not empty, naming it, unless --force', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ssg-init-'))
    await mkdir(path.join(dir, 'notes'))
    await writeFile(path.join(dir, 'README.md'), 'mine\n')
    const run = await ssg(['init', '.'], { cwd: dir })
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe(
      "ssg: `.` is not empty (it holds `README.md`, `notes`); choose an empty or new folder, or pass --force to write the site's files into it (files of the same names are replaced)",
    )
    expect(existsSync(path.join(dir, 'ssg.config.ts'))).toBe(false)
    const forced = await ssg(['init', '.', '--force', '--title', 'Acme: Docs'], { cwd: dir })
    expect(forced.code).toBe(0)
    expect(existsSync(path.join(dir, 'README.md'))).toBe(true)
    expect(existsSync(path.join(dir, 'ssg.config.ts'))).toBe(true)
  })
})
