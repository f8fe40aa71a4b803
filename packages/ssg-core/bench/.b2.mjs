import { build } from '@ssg/core'
const t = performance.now()
const r = await build({ root: process.argv[2], workers: 0, cache: false })
console.log(Math.round(performance.now() - t), 'ms', r.pages, 'pages')
console.log(r.timings.map((s) => `${s.name} ${Math.round(s.ms)}`).join(' | '))
