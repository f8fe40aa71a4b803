// Generates a synthetic documentation corpus: N pages with headings, prose, tables, code in ten
// languages, internal links and (every 25th page) a diagram. Deterministic for a given N.
// Pages go 50 to a folder, or the first `bigFolder` of them into one folder (`section-big`), to
// weigh a page of a 5,000-page folder. The prose draws its words as real docs do (the search
// indexer's calibration: 30% function words, content words by Zipf's law over 30,000 words, the
// domain words below first), so that search figures on the corpus mean something.
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

const FUNCTION_WORDS =
  'the of and to a in is that for it as with on be by this are or at from an which but not'.split(
    ' ',
  )
const SYLLABLES =
  'ka to ri ne mo sa lu vi de po an el or un ix ta be co fi ga he ju ly me nu'.split(' ')

/** 30,000 content words, the domain words first, and their cumulative Zipf-Mandelbrot weights. */
function vocabulary() {
  const r = rng(7)
  const words = new Set(WORDS)
  while (words.size < 30_000) {
    let word = ''
    for (let n = 2 + Math.floor(r() * 3); n > 0; n--)
      word += SYLLABLES[Math.floor(r() * SYLLABLES.length)]
    words.add(word)
  }
  let total = 0
  const cumulative = [...words].map((_, rank) => (total += 1 / (rank + 8)))
  return { words: [...words], cumulative, total }
}
const VOCABULARY = vocabulary()

function word(r) {
  if (r() < 0.3) return FUNCTION_WORDS[Math.floor(r() * r() * FUNCTION_WORDS.length)]
  const { words, cumulative, total } = VOCABULARY
  const x = r() * total
  let lo = 0
  let hi = cumulative.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (cumulative[mid] < x) lo = mid + 1
    else hi = mid
  }
  return words[lo]
}

function sentence(r, words = 12) {
  const out = []
  for (let i = 0; i < words; i++) out.push(word(r))
  const s = out.join(' ')
  return s[0].toUpperCase() + s.slice(1) + '.'
}

function page(n, total, r, folderOf) {
  const folder = folderOf(n)
  const link = (k) => `/docs/${folderOf(k)}/page-${k}`
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

/**
 * Writes a site with `count` pages into `dir` (replacing it); with `bigFolder`, that many of them
 * in one folder.
 */
export async function generateCorpus(dir, count, { bigFolder = 0 } = {}) {
  await rm(dir, { recursive: true, force: true })
  const r = rng(42)
  const folderOf = (n) =>
    n < bigFolder ? 'section-big' : `section-${Math.floor((n - bigFolder) / 50)}`
  const folders = [...new Set(Array.from({ length: count }, (_, n) => folderOf(n)))]
  const files = [
    {
      file: 'content/docs/index.md',
      text: `---\ntitle: Synthetic docs\n---\n${sentence(r, 40)}\n`,
    },
  ]
  folders.forEach((folder, s) =>
    files.push({
      file: `content/docs/${folder}/index.md`,
      text: `---\ntitle: Section ${folder.slice(8)}\nsidebar_position: ${s}\n---\n${sentence(r, 30)}\n`,
    }),
  )
  for (let n = 0; n < count; n++) files.push(page(n, count, r, folderOf))
  for (const folder of new Set(files.map((f) => path.dirname(path.join(dir, f.file)))))
    await mkdir(folder, { recursive: true })
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

/**
 * Search queries a reader of the corpus might type: one to three content words drawn as the prose
 * draws them (frequent words more often), some with a page's title. Deterministic.
 */
export function corpusQueries(count = 20, pages = 1000) {
  const r = rng(99)
  const content = () => {
    for (;;) {
      const w = word(r)
      if (!FUNCTION_WORDS.includes(w)) return w
    }
  }
  return Array.from({ length: count }, (_, k) => {
    if (k % 5 === 4) {
      const n = Math.floor(r() * pages)
      return `page ${n} ${WORDS[n % WORDS.length]}`
    }
    return Array.from({ length: 1 + (k % 3) }, content).join(' ')
  })
}
