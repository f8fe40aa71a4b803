import { mkdtemp, mkdir, readFile, readdir, writeFile, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import rehypeStringify from 'rehype-stringify'
import remarkParse from 'remark-parse'
import remarkRehype from 'remark-rehype'
import { unified, type PluggableList } from 'unified'
import { VFile } from 'vfile'

export const fixtureTheme = fileURLToPath(new URL('./fixture-theme', import.meta.url))

/** Writes a site into a fresh temporary folder. `config` is merged into a minimal valid config. */
export async function makeSite(options: {
  files: Record<string, string>
  config?: Record<string, unknown> | string
  symlinks?: Record<string, string>
}): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'ssg-site-'))
  const config =
    typeof options.config === 'string'
      ? options.config
      : `export default ${JSON.stringify({ title: 'Fixture', url: 'https://example.com', theme: { package: fixtureTheme }, ...options.config }, null, 2)}\n`
  await writeFile(path.join(root, 'ssg.config.ts'), config)
  for (const [file, content] of Object.entries(options.files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await writeFile(path.join(root, file), content)
  }
  for (const [file, target] of Object.entries(options.symlinks ?? {})) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true })
    await symlink(target, path.join(root, file))
  }
  return root
}

/** Every file under `dir` with its text, keyed by its path relative to `dir`. */
export async function readTree(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {}
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name)
      files[path.relative(dir, full)] = await readFile(full, 'utf8')
    }
  return files
}

/**
 * Markdown through remark-parse, `plugins`, remark-rehype and rehype-stringify: the HTML, and the
 * messages as `line:column ruleId reason` (a remark plugin's unit test).
 */
export async function runRemark(
  plugins: PluggableList,
  markdown: string,
): Promise<{ html: string; messages: string[] }> {
  const file = new VFile({ path: 'a.md', value: markdown })
  const html = String(
    await unified()
      .use(remarkParse)
      .use(plugins)
      .use(remarkRehype)
      .use(rehypeStringify)
      .process(file),
  )
  return {
    html,
    messages: file.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.reason}`),
  }
}
