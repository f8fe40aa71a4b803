// Writes api-lock.json: the public API of the built package (dist/) at its current version. Run by
// `pnpm version-packages` after `changeset version`, so the lock is the API of the last release.
import { readFileSync, writeFileSync } from 'node:fs'

const root = new URL('..', import.meta.url)
const api = await import(new URL('dist/index.js', root).href)
const { slotNames } = await import(new URL('dist/slots.js', root).href)
const { version } = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'))
const lock = {
  version,
  exports: Object.keys(api).sort(),
  components: Object.fromEntries(
    Object.entries(api.manifest).map(([name, entry]) => [name, entry.stability]),
  ),
  slots: [...slotNames],
}
writeFileSync(new URL('api-lock.json', root), JSON.stringify(lock, null, 2) + '\n')
console.log(
  `api-lock.json: @ssg/theme-react@${version}, ${lock.exports.length} exports, ${Object.keys(lock.components).length} components, ${lock.slots.length} slots`,
)
