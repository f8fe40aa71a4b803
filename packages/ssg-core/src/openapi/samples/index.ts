import type { RenderContext, ResolvedOperation } from '../model.js'
import { csharpSample } from './csharp.js'
import { curlSample } from './curl.js'
import { goSample } from './go.js'
import { sampleInput, type SampleInput } from './input.js'
import { javaSample } from './java.js'
import { nodeSample } from './node.js'
import { pythonSample } from './python.js'

/** One tab of code samples. */
export interface Sample {
  /** `curl`, an `x-sdks` key, or the `lang` of an `x-codeSamples` entry. */
  lang: string
  label: string
  /** Language of the code fence (highlighting). */
  fence: string
  source: string
}

const GENERATORS: Record<string, (input: SampleInput) => string | null> = {
  curl: curlSample,
  node: nodeSample,
  python: pythonSample,
  csharp: csharpSample,
  java: javaSample,
  go: goSample,
}

const LABELS: Record<string, string> = {
  curl: 'curl',
  node: 'Node',
  python: 'Python',
  csharp: 'C#',
  java: 'Java',
  go: 'Go',
}

const FENCES: Record<string, string> = {
  curl: 'bash',
  shell: 'bash',
  node: 'ts',
  javascript: 'js',
  typescript: 'ts',
  python: 'python',
  csharp: 'csharp',
  java: 'java',
  go: 'go',
}

/** The default tabs of a spec: `curl`, then each SDK of `x-sdks` in order. */
export function defaultLanguages(sdks: Record<string, unknown> | undefined): string[] {
  return ['curl', ...Object.keys(sdks ?? {})]
}

/**
 * The code samples of an operation, one per language of the page's tabs: the operation's own
 * `x-codeSamples` entry for a language when it has one (where generated code could not be
 * idiomatic), else code generated from the spec's examples and the SDK names of `x-sdk`
 * (a language is left out when the operation has no `x-sdk`). Hand-written samples in other
 * languages follow.
 */
export function codeSamples(resolved: ResolvedOperation, context: RenderContext): Sample[] {
  const overrides = resolved.operation['x-codeSamples'] ?? []
  const sdks = context.model.document['x-sdks'] ?? {}
  const label = (lang: string) =>
    (sdks as Record<string, { label?: string }>)[lang]?.label ?? LABELS[lang] ?? lang
  let input: SampleInput | undefined
  const out: Sample[] = []
  for (const lang of context.languages) {
    const own = overrides.find((s) => s.lang === lang)
    const source = own
      ? own.source.replace(/\n+$/, '')
      : GENERATORS[lang]?.((input ??= sampleInput(resolved, context.model)))
    if (source)
      out.push({ lang, label: own?.label ?? label(lang), fence: FENCES[lang] ?? lang, source })
  }
  for (const own of overrides)
    if (!context.languages.includes(own.lang) && !(own.lang in GENERATORS))
      out.push({
        lang: own.lang,
        label: own.label ?? label(own.lang),
        fence: FENCES[own.lang] ?? own.lang,
        source: own.source.replace(/\n+$/, ''),
      })
  return out
}
