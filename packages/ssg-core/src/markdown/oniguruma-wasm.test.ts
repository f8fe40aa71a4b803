import { createHighlighter, createOnigurumaEngine } from 'shiki'
import { expect, test } from 'vitest'
import { compileOniguruma, onigurumaFrom } from './oniguruma-wasm.js'

// Each test file runs in a fresh module context: shiki's oniguruma is not loaded yet here (it is
// loaded once per context, by the first engine made).
test('shiki highlights with the oniguruma compiled once for the workers', async () => {
  const module = await compileOniguruma()
  expect(module).toBeDefined()
  expect(await compileOniguruma()).toBe(module)
  const load = onigurumaFrom(module!) as { instantiator: (imports: unknown) => Promise<unknown> }
  let instantiated = 0
  const engine = await createOnigurumaEngine({
    instantiator: (imports) => (instantiated++, load.instantiator(imports)) as never,
  })
  const shiki = await createHighlighter({ themes: ['github-light'], langs: ['ts'], engine })
  const html = shiki.codeToHtml('const a: number = 1', {
    lang: 'ts',
    theme: 'github-light',
    tokenizeTimeLimit: 0,
  })
  expect(instantiated).toBe(1)
  expect(html).toContain('<span style="color:#D73A49">const</span>')
})
