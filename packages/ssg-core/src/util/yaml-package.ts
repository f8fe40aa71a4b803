import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { runCachedScript } from './code-cache.js'

type Yaml = typeof import('yaml')
let yaml: Yaml | undefined

/**
 * The `yaml` package, loaded on first use: nearly every page's front matter is read without it
 * (`simple-yaml.ts`), and its import cost `ssg serve`'s server thread 0.1-0.25 s at every start.
 * Synchronous (the package ships CommonJS), so its callers stay synchronous.
 *
 * From the core's build, the one file `pnpm build` makes of it (`dist/yaml.cjs`, with V8's code
 * cache, see `scripts/build.mjs`): a site's landing page (a `hero:` map) needs it at every start,
 * and the package's 60 modules cost more to find and compile than to run.
 */
export function yamlPackage(): Yaml {
  return (yaml ??= loadYaml())
}

function loadYaml(): Yaml {
  // dist/ holds it; this module may sit in dist/, dist/chunks/ or dist/worker/.
  const bundled = ['./yaml.cjs', '../yaml.cjs']
    .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
    .find((file) => existsSync(file))
  if (bundled)
    return runCachedScript<Yaml>(bundled, bundled.replace(/\.cjs$/, '.code-cache')).exports
  return createRequire(import.meta.url)('yaml') as Yaml
}
