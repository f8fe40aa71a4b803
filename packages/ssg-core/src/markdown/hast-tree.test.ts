import { expect, test } from 'vitest'
import { createHighlighter } from 'shiki'
import { fromHtml } from 'hast-util-from-html'
import { withHastTree } from './hast-tree.js'

const SAMPLES: Array<[string, string]> = [
  [
    'typescript',
    "import { Veilbox } from '@veilbox/node'\n// create a token\nconst client = new Veilbox({ apiKey: process.env.VB_API_KEY })\nexport async function run(): Promise<string> {\n  const token = await client.tokens.create({ type: 'card', data: { number: '4242' } })\n  return token.id\n}",
  ],
  [
    'python',
    'import veilbox\n\n# a comment\nclient = veilbox.Client(api_key="vb_priv_test_1")\ndef run(value: str) -> str:\n    return client.tokens.create(type="token", data=value).id',
  ],
  [
    'csharp',
    'public class Example\n{\n    // comment\n    public async Task<string> RunAsync() => (await _client.Tokens.CreateAsync(new TokenRequest { Type = "card" })).Id;\n}',
  ],
  [
    'kotlin',
    'class Example(private val client: VeilboxClient) {\n    suspend fun run(): String = client.tokens.create(type = "card").id\n}',
  ],
  [
    'swift',
    'struct Example {\n    let client: VeilboxClient\n    func run() async throws -> String { try await client.tokens.create(type: "card").id }\n}',
  ],
  [
    'hcl',
    'resource "veilbox_application" "app" {\n  name = "Example" # comment\n  permissions = ["token:create"]\n}',
  ],
  [
    'java',
    'public class Example {\n  /** Javadoc */\n  public static void main(String[] args) { System.out.println("token " + 42); }\n}',
  ],
  ['go', 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("token", 42) // comment\n}'],
  [
    'json',
    '{ "id": "7b2f0a5c", "type": "card", "data": { "number": "4242424242424242" }, "count": 3, "ok": true }',
  ],
  [
    'bash',
    'curl -X POST https://api.veilbox.example/tokens \\\n  -H "VB-API-KEY: $VB_API_KEY" # comment',
  ],
]

test('single-theme calls pass through untouched', async () => {
  const shiki = await createHighlighter({
    themes: ['github-light', 'github-dark'],
    langs: ['json'],
  })
  const fast = withHastTree(shiki)
  expect(fast.codeToHtml('{"a": 1}', { lang: 'json', theme: 'github-dark' })).toBe(
    shiki.codeToHtml('{"a": 1}', { lang: 'json', theme: 'github-dark' }),
  )
})

test('codeToHastTree is the tree rehype-parse makes of the HTML, without the round trip', async () => {
  const themes = { light: 'github-light', dark: 'github-dark' }
  const shiki = await createHighlighter({
    themes: [themes.light, themes.dark],
    langs: SAMPLES.map(([lang]) => lang),
  })
  const fast = withHastTree(shiki)
  const withoutPositions = (tree: unknown) =>
    JSON.parse(JSON.stringify(tree, (key, value) => (key === 'position' ? undefined : value)))
  for (const options of [
    (lang: string) => ({ lang, themes, defaultColor: false as const }),
    (lang: string) => ({ lang, theme: themes.dark }),
  ])
    for (const [lang, code] of SAMPLES) {
      const parsed = fromHtml(fast.codeToHtml(code, options(lang)), { fragment: true })
      const tree = fast.codeToHastTree(code, options(lang))
      // The root's own data (parse5's quirks mode) is not used: rehype-pretty-code takes its children.
      expect(withoutPositions(tree!.children)).toEqual(withoutPositions(parsed.children))
    }
})

test('codeToHastTree declines a tree with properties it does not know (a transformer added them)', async () => {
  const shiki = await createHighlighter({
    themes: ['github-light', 'github-dark'],
    langs: ['json'],
  })
  const fast = withHastTree(shiki)
  const tree = fast.codeToHastTree('{"a": 1}', {
    lang: 'json',
    theme: 'github-dark',
    transformers: [{ pre: (pre) => void (pre.properties['data-extra'] = 'x') }],
  })
  expect(tree).toBeUndefined()
})
