import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
const require = createRequire(import.meta.url)
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000 }
const src = readFileSync('/work/wt/lead/sites/docs/openapi/veilbox.yaml', 'utf8')
const which = process.argv[2]
let t = cpu()
if (which === 'yaml') { const Y = await import('yaml'); const a = cpu(); Y.parse(src); console.log('yaml import', (a - t).toFixed(0), 'parse', (cpu() - a).toFixed(0)); const b = cpu(); Y.parse(src); console.log(' again', (cpu() - b).toFixed(0)) }
if (which === 'js') { const J = require('/work/wt/lead/node_modules/.pnpm/js-yaml@4.3.2/node_modules/js-yaml'); const a = cpu(); J.load(src, { schema: J.CORE_SCHEMA }); console.log('js-yaml import', (a - t).toFixed(0), 'parse', (cpu() - a).toFixed(0)); const b = cpu(); J.load(src, { schema: J.CORE_SCHEMA }); console.log(' again', (cpu() - b).toFixed(0)) }
