import { build } from '@ssg/core'
const t = performance.now()
const r = await build({ root: process.argv[2] })
console.log((performance.now()-t).toFixed(0), r.timings.map(s=>s.name+' '+Math.round(s.ms)).join(', '))
