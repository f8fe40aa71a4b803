// Generates a synthetic documentation corpus: N pages with headings, prose, tables, code in ten
// languages, internal links and (every 25th page) a diagram. Deterministic for a given N.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

const WORDS =
  'token vault proxy reactor tenant session element container alias mask fingerprint search index request response header payload card bank secret rotate encrypt detokenize policy permission audit log field value network latency retry idempotent cursor page limit webhook event schema'.split(
    ' ',
  )

function rng(seed) {
  let s = seed >>> 0
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32
}

const CODE = [
  [
    'ts',
    (r, n) =>
      `import { Veilbox } from '@veilbox/node'\n\nconst client${n} = new Veilbox({ apiKey: process.env.VB_API_KEY })\nexport async function create${n}(value: string) {\n  const token = await client${n}.tokens.create({ type: 'token', data: value })\n  return token.id\n}`,
  ],
  [
    'js',
    (r, n) =>
      `const items${n} = [${Array.from({ length: 5 }, (_, i) => i * n).join(', ')}]\nfor (const item of items${n}) {\n  console.log('item', item)\n}`,
  ],
  [
    'python',
    (r, n) =>
      `import veilbox\n\nclient = veilbox.Client(api_key="vb_priv_test_${n}")\n\ndef tokenize_${n}(value):\n    return client.tokens.create(type="token", data=value)`,
  ],
  [
    'go',
    (r, n) =>
      `package main\n\nimport "fmt"\n\nfunc handler${n}(id string) error {\n\tfmt.Println("token", id)\n\treturn nil\n}`,
  ],
  [
    'java',
    (r, n) =>
      `public class Example${n} {\n  public static void main(String[] args) {\n    System.out.println("token " + ${n});\n  }\n}`,
  ],
  [
    'csharp',
    (r, n) =>
      `public class Example${n}\n{\n    public async Task<string> RunAsync()\n    {\n        var token = await _client.Tokens.CreateAsync(new TokenRequest { Type = "card" });\n        return token.Id;\n    }\n}`,
  ],
  [
    'kotlin',
    (r, n) =>
      `class Example${n}(private val client: VeilboxClient) {\n    suspend fun run(): String {\n        val token = client.tokens.create(type = "card")\n        return token.id\n    }\n}`,
  ],
  [
    'swift',
    (r, n) =>
      `struct Example${n} {\n    let client: VeilboxClient\n    func run() async throws -> String {\n        let token = try await client.tokens.create(type: "card")\n        return token.id\n    }\n}`,
  ],
  [
    'hcl',
    (r, n) =>
      `resource "veilbox_application" "app_${n}" {\n  name        = "Example ${n}"\n  type        = "private"\n  permissions = ["token:create", "token:read"]\n}`,
  ],
  [
    'bash',
    (r, n) =>
      `curl -X POST https://api.veilbox.example/tokens \\\n  -H "VB-API-KEY: $VB_API_KEY" \\\n  -d '{"type":"token","data":"value-${n}"}'`,
  ],
]

function sentence(r, words = 12) {
  const out = []
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(r() * WORDS.length)])
  const s = out.join(' ')
  return s[0].toUpperCase() + s.slice(1) + '.'
}

function page(n, total, r) {
  const folder = `section-${Math.floor(n / 50)}`
  const link = (k) => `/docs/section-${Math.floor(k / 50)}/page-${k}`
  const parts = [
    `---\ntitle: Page ${n} ${WORDS[n % WORDS.length]}\ndescription: ${sentence(r, 10)}\nsidebar_position: ${n % 50}\n---\n`,
  ]
  parts.push(
    `${sentence(r, 30)} See [page ${(n + 1) % total}](${link((n + 1) % total)}) and [page ${(n * 7) % total}](${link((n * 7) % total)}).\n`,
  )
  for (let h = 0; h < 4; h++) {
    parts.push(`## Section ${h} of page ${n}\n\n${sentence(r, 40)} ${sentence(r, 25)}\n`)
    parts.push(`### Details ${h}\n\n${sentence(r, 30)}\n`)
    const [lang, gen] = CODE[(n + h) % CODE.length]
    parts.push('```' + lang + '\n' + gen(r, n * 10 + h) + '\n```\n')
  }
  parts.push(
    `| Field | Type | Description |\n| --- | --- | --- |\n${Array.from({ length: 5 }, (_, i) => `| \`field_${i}\` | string | ${sentence(r, 8)} |`).join('\n')}\n`,
  )
  if (n % 25 === 0)
    parts.push(
      '```mermaid\nflowchart LR\n  A[Client] --> B(Proxy) --> C{Veilbox}\n  C --> D[Vault]\n```\n',
    )
  return { file: `content/docs/${folder}/page-${n}.md`, text: parts.join('\n') }
}

/** Writes a site with `count` pages into `dir` (replacing it). */
export async function generateCorpus(dir, count) {
  await rm(dir, { recursive: true, force: true })
  const r = rng(42)
  const sections = Math.ceil(count / 50)
  const files = [
    {
      file: 'content/docs/index.md',
      text: `---\ntitle: Synthetic docs\n---\n${sentence(r, 40)}\n`,
    },
  ]
  for (let s = 0; s < sections; s++)
    files.push({
      file: `content/docs/section-${s}/index.md`,
      text: `---\ntitle: Section ${s}\nsidebar_position: ${s}\n---\n${sentence(r, 30)}\n`,
    })
  for (let n = 0; n < count; n++) files.push(page(n, count, r))
  const folders = new Set(files.map((f) => path.dirname(path.join(dir, f.file))))
  for (const folder of folders) await mkdir(folder, { recursive: true })
  for (let i = 0; i < files.length; i += 200)
    await Promise.all(files.slice(i, i + 200).map((f) => writeFile(path.join(dir, f.file), f.text)))
  await writeFile(
    path.join(dir, 'ssg.config.ts'),
    `export default {\n  title: 'Synthetic',\n  url: 'https://bench.example',\n  code: { extraLanguages: ['csharp', 'hcl', 'kotlin', 'swift', 'java'] },\n  sidebars: { docs: [{ type: 'autogenerated', dirName: '.' }] },\n}\n`,
  )
  await writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'bench-site', version: '1.0.0', private: true }),
  )
  return files.length
}
