/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`,
  )
}

/** JSON safe to embed inside a `<script>` element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

export function attributesToString(attributes: Record<string, string | boolean>): string {
  let out = ''
  for (const [name, value] of Object.entries(attributes)) {
    if (value === false) continue
    out += value === true ? ` ${name}` : ` ${name}="${escapeHtml(value)}"`
  }
  return out
}
