import v8 from 'node:v8'; if (process.env.SETF) v8.setFlagsFromString(process.env.SETF)
import { build } from '@ssg/core'
const t = performance.now()
const w = process.env.W === undefined ? undefined : Number(process.env.W)
const r = await build({ root: process.argv[2], ...(w !== undefined ? { workers: w } : {}) })
console.log(Math.round(performance.now() - t), r.timings.filter(s => s.ms > 200).map((s) => s.name + ' ' + Math.round(s.ms)).join(', '))
