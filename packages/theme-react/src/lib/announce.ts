/** Writes a message into the page's polite live region (`#ssg-announcer`). */
export function announce(message: string): void {
  const region = document.getElementById('ssg-announcer')
  if (!region) return
  region.textContent = ''
  // Set in a later frame, so screen readers also repeat a message identical to the last one.
  requestAnimationFrame(() => (region.textContent = message))
}
