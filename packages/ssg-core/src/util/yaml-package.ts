import { createRequire } from 'node:module'

type Yaml = typeof import('yaml')
let yaml: Yaml | undefined

/**
 * The `yaml` package, loaded on first use: nearly every page's front matter is read without it
 * (`simple-yaml.ts`), and its import cost `ssg serve`'s server thread 0.1-0.25 s at every start.
 * Synchronous (the package ships CommonJS), so its callers stay synchronous.
 */
export function yamlPackage(): Yaml {
  return (yaml ??= createRequire(import.meta.url)('yaml') as Yaml)
}
