// The rule registry, the error reference (ERRORS.md) and the code that emits messages are held
// together here: a rule added later cannot go undocumented, and every documented example really
// triggers its rule.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { describe, expect, test } from 'vitest'
import { build, type BuildReport } from '../pipeline/build.js'
import { BuildFailedError } from '../util/errors.js'
import { makeSite, fixtureTheme } from '../../test/helpers.js'
import { referenceUrl } from './reference.js'
import { RULE_IDS, RULES, type Rule } from './rules.js'

const packageDir = fileURLToPath(new URL('../../', import.meta.url))
const reference = readFileSync(path.join(packageDir, 'ERRORS.md'), 'utf8')

/** The sections of ERRORS.md named like a rule id (`## missing-page`), with their text. */
function ruleSections(): Map<string, string> {
  const sections = new Map<string, string>()
  let current: string[] | null = null
  let fence = ''
  for (const line of reference.split('\n')) {
    const opening = /^(`{3,})/.exec(line)?.[1]
    if (fence) {
      if (line === fence) fence = ''
    } else if (opening) fence = opening
    else if (line.startsWith('## ')) {
      const heading = line.slice(3).trim()
      current = /^[a-z][a-z-]*$/.test(heading) ? [] : null
      if (current) sections.set(heading, '')
      continue
    }
    if (current) {
      current.push(line)
      sections.set([...sections.keys()].at(-1)!, current.join('\n'))
    }
  }
  return sections
}

/**
 * Every string literal the sources give or compare a `ruleId` (`ruleId: 'x'`, `ruleId: c ? 'x' :
 * 'y'`, `ruleId ?? 'x'`, `ruleId === 'x'`), up to the end of that expression.
 */
function emittedRuleIds(): Map<string, string> {
  const found = new Map<string, string>()
  const srcDir = path.join(packageDir, 'src')
  for (const file of readdirSync(srcDir, { recursive: true }) as string[]) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue
    const lines = readFileSync(path.join(srcDir, file), 'utf8').split('\n')
    lines.forEach((line, i) => {
      for (const [, expression] of line.matchAll(/\bruleId\s*(?::|===|!==|\?\?)([^,;)]*)/g))
        for (const [, id] of expression!.matchAll(/'([a-z][a-z0-9-]*)'/g))
          found.set(id!, `src/${file}:${i + 1}`)
    })
  }
  return found
}

// Not rule ids: the overlay's last entry when its list was cut ("and 12 more").
const NOT_RULES = new Set(['more'])

test('the printed links point to this package’s ERRORS.md, at the rule’s section', () => {
  const url = referenceUrl('missing-page')
  expect(url).toBe(pathToFileURL(path.join(packageDir, 'ERRORS.md')).href + '#missing-page')
  expect(ruleSections().has(url.split('#')[1]!)).toBe(true)
})

describe('the rule registry', () => {
  test('every rule id in the sources is registered', () => {
    const emitted = emittedRuleIds()
    // The scan sees the emitters (a scan that found nothing would prove nothing).
    expect(emitted.has('missing-page') && emitted.has('unknown-language')).toBe(true)
    const unregistered = [...emitted]
      .filter(([id]) => !NOT_RULES.has(id) && !Object.hasOwn(RULES, id))
      .map(([id, where]) => `${id} (${where})`)
    expect(unregistered, 'add each to src/report/rules.ts and a section to ERRORS.md').toEqual([])
  })

  test('every registered rule has a section in ERRORS.md, and every rule section a rule', () => {
    const sections = ruleSections()
    expect([...sections.keys()].sort()).toEqual([...RULE_IDS].sort())
  })

  test.each(RULE_IDS)('the section of %s states its severity, an example and the fix', (id) => {
    const rule: Rule = RULES[id]
    const text = ruleSections().get(id)!
    const lead = text.trim().split('\n')[0]!
    if (rule.fixed) expect(lead).toMatch(/^\*\*Always an error\b/)
    else if (rule.severity === 'error') expect(lead).toMatch(/^\*\*Error\*\* by default/)
    else expect(lead).toMatch(/^\*\*Warning\.\*\*/)
    if (rule.serveOnly) expect(lead).toContain('`ssg serve` only')
    expect(text).toMatch(/^Fix: /m)
    expect(text).toMatch(/^(Example|```+\w+ file=)/m)
  })
})

/** The example files of a section: fenced blocks whose info string names a `file=`. */
function examples(section: string): Record<string, string> {
  const files: Record<string, string> = {}
  for (const match of section.matchAll(/^(`{3,})\w+ file=(\S+)\n([\s\S]*?)^\1$/gm))
    files[match[2]!] = match[3]!
  return files
}

const withExamples = RULE_IDS.filter((id) => Object.keys(examples(ruleSections().get(id)!)).length)

describe('each example of ERRORS.md triggers its rule, and only it', () => {
  test('the content rules have an example', () => {
    const without = RULE_IDS.filter(
      (id) =>
        !withExamples.includes(id) &&
        !(RULES[id] as Rule).serveOnly &&
        // Not made by a file: a bug, a third-party plugin, a file the build cannot read.
        ![
          'compile-failed',
          'highlight-failed',
          'markdown-plugin',
          'markdown-twin',
          'unreadable-file',
        ].includes(id),
    )
    expect(without).toEqual([])
  })

  test.each(withExamples)('%s', async (id) => {
    const { 'ssg.config.ts': config, ...files } = examples(ruleSections().get(id)!)
    const root = await makeSite({
      files,
      ...(config
        ? {
            // The example's own config, with the fixture theme (the real one may not be built).
            config: config.replace(
              /^import \{ defineConfig \} from '@ssg\/core\/config'$/m,
              `const defineConfig = (c) => ({ ...c, theme: { package: ${JSON.stringify(fixtureTheme)} } })`,
            ),
          }
        : {}),
    })
    let report: BuildReport
    try {
      report = await build({ root, cache: false, workers: 0 })
    } catch (error) {
      if (!(error instanceof BuildFailedError)) throw error
      report = (error as BuildFailedError & { report: BuildReport }).report
    }
    const rules = report.messages.map((m) => m.ruleId)
    expect(rules.length).toBeGreaterThan(0)
    expect(new Set(rules)).toEqual(new Set([id]))
    expect(report.messages[0]!.severity).toBe(RULES[id].severity)
  })
})
