import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { LoadWasmOptions, WebAssemblyInstance } from 'shiki'

/** The part of the WebAssembly API used here (the global is not in this package's typings). */
interface Wasm {
  compile(bytes: Uint8Array): Promise<WebAssembly.Module>
  instantiate(module: WebAssembly.Module, imports: unknown): Promise<WebAssemblyInstance>
}
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly

let compiled: Promise<WebAssembly.Module | undefined> | undefined

/**
 * Shiki's oniguruma (WebAssembly) compiled by the thread that starts the compile workers, to be
 * handed to each of them (`CompileWorkerData.oniguruma`): a compiled module goes to a worker as
 * it is, and the machine code V8 makes for it is shared. A worker that loads its own decodes it
 * from the base64 inlined in shiki (90 ms of CPU) and optimises the regex compiler's and
 * matcher's functions again on the first patterns it compiles (about 0.2 s). Compiled once per
 * process; undefined when shiki's file cannot be read (each worker then loads its own).
 */
export function compileOniguruma(): Promise<WebAssembly.Module | undefined> {
  compiled ??= (async () => {
    try {
      const file = createRequire(import.meta.url).resolve('shiki/onig.wasm')
      return await wasm.compile(await readFile(file))
    } catch {
      return undefined
    }
  })()
  return compiled
}

/** What shiki's `createOnigurumaEngine` takes to run a module compiled before. */
export function onigurumaFrom(module: WebAssembly.Module): LoadWasmOptions {
  return { instantiator: (imports) => wasm.instantiate(module, imports) }
}
